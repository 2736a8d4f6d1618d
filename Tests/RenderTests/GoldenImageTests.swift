import Foundation
import GoldenTesting
import QuartzCore
import Testing

/// The side of the harness checkerboard, in pixels.
private let checkerSize = 16

/// The side of one checkerboard square, in pixels.
private let checkerSquare = 4

/// A `size`×`size` checkerboard of `square`-pixel squares drawn with `CGContext`: opaque red in
/// the top-left square, alternating with half-transparent blue (premultiplied RGBA8, sRGB).
private func checkerboard(size: Int = checkerSize, square: Int = checkerSquare) -> CGImage {
    let context = CGContext(
        data: nil, width: size, height: size, bitsPerComponent: 8, bytesPerRow: 0,
        space: CGColorSpace(name: CGColorSpace.sRGB)!,
        bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
    let squares = size / square
    for row in 0..<squares {
        for column in 0..<squares {
            if (row + column) % 2 == 0 {
                context.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
            } else {
                context.setFillColor(red: 0, green: 0, blue: 1, alpha: 0.5)
            }
            // Device space is y up: row 0 (the top of the image) is at the largest y.
            let top = CGFloat(size - (row + 1) * square)
            context.fill(
                CGRect(x: CGFloat(column * square), y: top, width: CGFloat(square), height: CGFloat(square)))
        }
    }
    return context.makeImage()!
}

/// `image` with `delta` added to (or subtracted from, where that would overflow) channel `channel`
/// (0 red … 3 alpha) of the pixels at `indices` (row-major), or of every pixel when `indices` is
/// `nil`. Works on premultiplied RGBA8; colour channels stay at or below alpha where they can.
private func altered(
    _ image: CGImage,
    channel: Int,
    by delta: Int,
    pixels indices: [Int]? = nil
) -> CGImage {
    var pixels = image.premultipliedRGBA8Pixels()!
    for index in indices ?? Array(0..<image.width * image.height) {
        let offset = index * 4 + channel
        let value = Int(pixels[offset])
        pixels[offset] = UInt8(value + delta <= 255 ? value + delta : value - delta)
    }
    return makeRGBA8Image(width: image.width, height: image.height, pixels: pixels)!
}

/// A fresh, empty directory for one test's failure images.
private func temporaryFailureDirectory() -> URL {
    FileManager.default.temporaryDirectory
        .appendingPathComponent("lamina-golden-selftest-\(UUID().uuidString)", isDirectory: true)
}

@Suite("Golden-image harness")
struct GoldenImageTests {
    @Test("The shared llvmpipe tolerance has the documented limits and no override reason")
    func llvmpipeTolerance() {
        let tolerance = GoldenTolerance.llvmpipe
        #expect(tolerance.maxChannelDifference == 2)
        #expect(tolerance.maxOutlierFraction == 0.001)
        #expect(tolerance.maxOutlierDifference == 8)
        #expect(tolerance.overrideReason == nil)
        #expect(tolerance.problem == nil)
        #expect(tolerance.allowedOutliers(pixelCount: 64 * 64) == 4)
        #expect(tolerance.allowedOutliers(pixelCount: 16 * 16) == 0)
    }

    @Test("Identical images match, with no worst pixel")
    func identicalImagesPass() {
        let comparison = compareImages(checkerboard(), with: checkerboard())
        #expect(comparison.passed)
        #expect(comparison.worstPixel == nil)
        #expect(comparison.outlierCount == 0)
        #expect(comparison.diffPixels?.allSatisfy { $0 == 0 || $0 == 255 } == true)
    }

    @Test(
        "A difference within 2/255 in one channel passes, everywhere",
        arguments: [
            (channel: 0, delta: 1), (channel: 1, delta: 1), (channel: 3, delta: 1), (channel: 2, delta: 2),
        ])
    func smallDifferencePasses(channel: Int, delta: Int) {
        let expected = checkerboard()
        let actual = altered(expected, channel: channel, by: delta)
        let comparison = compareImages(actual, with: expected)
        #expect(comparison.passed, "\(comparison.failure ?? "")")
        #expect(comparison.worstPixel?.difference == delta)
        #expect(comparison.outlierCount == 0)
    }

    @Test(
        "Outliers up to 8/255 pass within 0.1% of the pixels; one more, or one beyond 8/255, fails",
        arguments: [
            (count: 4, delta: 8, passes: true),
            (count: 5, delta: 3, passes: false),
            (count: 1, delta: 9, passes: false),
        ])
    func outlierBudget(count: Int, delta: Int, passes: Bool) {
        let expected = checkerboard(size: 64, square: 8)
        let actual = altered(expected, channel: 1, by: delta, pixels: (0..<count).map { $0 * 97 })
        let comparison = compareImages(actual, with: expected)
        #expect(comparison.passed == passes, "\(comparison.failure ?? "")")
        #expect(comparison.outlierCount == count)
    }

    @Test("A 20/255 difference fails, names the worst pixel and writes actual, expected and diff PNGs")
    func largeDifferenceFailsAndWritesImages() throws {
        let expected = checkerboard()
        let actual = altered(expected, channel: 1, by: 20, pixels: [5 * checkerSize + 6])
        let directory = temporaryFailureDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }

        let (comparison, message) = checkGolden(
            actual, against: expected, named: "selftest-large", tolerance: .llvmpipe,
            failureDirectory: directory)

        #expect(!comparison.passed)
        #expect(comparison.outlierCount == 1)
        #expect(comparison.beyondLimitCount == 1)
        let worst = try #require(comparison.worstPixel)
        #expect(worst.x == 6 && worst.y == 5 && worst.difference == 20)
        let text = try #require(message)
        #expect(text.contains("(6, 5)"))
        #expect(text.contains(directory.path))

        let files = goldenFailureFileNames(for: "selftest-large").map { directory.appendingPathComponent($0) }
        #expect(
            files.map(\.lastPathComponent) == [
                "selftest-large.actual.png", "selftest-large.expected.png", "selftest-large.diff.png",
            ])
        for file in files {
            #expect(FileManager.default.fileExists(atPath: file.path), "missing \(file.lastPathComponent)")
        }
        // The written images read back as the compared ones, and the diff shows 20 × 8 in green.
        let writtenActual = try CGImage.load(contentsOf: files[0])
        #expect(writtenActual.premultipliedRGBA8Pixels() == actual.premultipliedRGBA8Pixels())
        let writtenExpected = try CGImage.load(contentsOf: files[1])
        #expect(writtenExpected.premultipliedRGBA8Pixels() == expected.premultipliedRGBA8Pixels())
        let diff = try #require(try CGImage.load(contentsOf: files[2]).premultipliedRGBA8Pixels())
        let changed = (5 * checkerSize + 6) * 4
        #expect(Array(diff[changed..<changed + 4]) == [0, 160, 0, 255])
        #expect(Array(diff[0..<4]) == [0, 0, 0, 255])
    }

    @Test("A size mismatch fails before any pixel is compared")
    func sizeMismatchFails() {
        let expected = checkerboard()
        let actual = checkerboard().cropping(to: CGRect(x: 0, y: 0, width: 16, height: 8))!
        let comparison = compareImages(actual, with: expected)
        #expect(!comparison.passed)
        #expect(comparison.failure?.contains("expected 16×16") == true)
        #expect(comparison.failure?.contains("actual 16×8") == true)
        #expect(comparison.worstPixel == nil)
        #expect(comparison.diffPixels == nil)
    }

    @Test("An override states its reason: a blank reason makes the comparison fail")
    func overrideRequiresAReason() {
        let expected = checkerboard()
        let actual = altered(expected, channel: 0, by: 20)

        let reasoned = GoldenTolerance.llvmpipe.overridden(
            maxChannelDifference: 20, reason: "self-test: a deliberately loose tolerance")
        #expect(reasoned.overrideReason == "self-test: a deliberately loose tolerance")
        #expect(reasoned.maxOutlierDifference == 20)
        #expect(reasoned.maxOutlierFraction == GoldenTolerance.llvmpipe.maxOutlierFraction)
        #expect(compareImages(actual, with: expected, tolerance: reasoned).passed)

        for reason in ["", "  \n"] {
            let unreasoned = GoldenTolerance.llvmpipe.overridden(maxChannelDifference: 20, reason: reason)
            #expect(unreasoned.problem != nil)
            let comparison = compareImages(expected, with: expected, tolerance: unreasoned)
            #expect(!comparison.passed)
            #expect(comparison.failure?.contains("reason") == true)
        }
    }

    @Test("Golden names may not hold '/', '.' or whitespace")
    func goldenNames() {
        #expect(goldenNameProblem("harness-checker") == nil)
        for name in ["", "a/b", "a.actual", "a b"] {
            #expect(goldenNameProblem(name) != nil, "\(name)")
        }
    }

    @Test("The harness's own golden: a 16×16 checkerboard drawn by CGContext")
    func harnessChecker() {
        expectMatchesGolden(checkerboard(), named: "harness-checker")
    }
}
