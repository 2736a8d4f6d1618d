import Foundation
import QuartzCore
import Testing

// Golden-image testing: a rendered image is compared with a reviewed PNG in `Goldens/`, within a
// small, shared, named tolerance. See `Goldens/README.md` for recording and reviewing goldens.

// MARK: - Tolerance

/// How far a rendered image may stray from its golden, in steps of 1/255 per premultiplied RGBA8
/// channel.
///
/// A pixel's difference is the largest absolute difference of its four channels. A pixel whose
/// difference is at most ``maxChannelDifference`` matches. A pixel above that but at most
/// ``maxOutlierDifference`` is an *outlier*; at most ``maxOutlierFraction`` of the image's pixels
/// (rounded down) may be outliers. No pixel may differ by more than ``maxOutlierDifference``.
///
/// Tests use the shared ``llvmpipe`` tolerance. A test that needs another must say why:
///
///     let tolerance = GoldenTolerance.llvmpipe.overridden(
///         maxChannelDifference: 4, reason: "Bilinear sampling at a 0.5 px offset rounds both ways")
public struct GoldenTolerance: Sendable, Equatable, CustomStringConvertible {
    /// llvmpipe's per-channel allowance: 2/255 covers the rounding that differs between Mesa
    /// versions (blending and texture filtering in fixed point) without hiding a wrong colour.
    public static let llvmpipeMaxChannelDifference = 2

    /// llvmpipe's outlier budget: 0.1% of the pixels, for the few edge pixels whose coverage
    /// rounds differently between rasteriser versions.
    public static let llvmpipeMaxOutlierFraction = 0.001

    /// llvmpipe's hard limit: no channel of any pixel may be more than 8/255 off, which is still
    /// below a visibly different colour.
    public static let llvmpipeMaxOutlierDifference = 8

    /// The shared tolerance for images rendered by Mesa's llvmpipe (software OpenGL), which is
    /// what the render tests run on: ≤ 2/255 per channel, at most 0.1% of pixels beyond that, no
    /// pixel beyond 8/255.
    public static let llvmpipe = GoldenTolerance(
        maxChannelDifference: llvmpipeMaxChannelDifference,
        maxOutlierFraction: llvmpipeMaxOutlierFraction,
        maxOutlierDifference: llvmpipeMaxOutlierDifference,
        overrideReason: nil
    )

    /// The largest per-channel difference (in 1/255 steps) with which a pixel still matches.
    public let maxChannelDifference: Int

    /// The fraction of pixels, in `0...1`, that may differ by more than ``maxChannelDifference``.
    public let maxOutlierFraction: Double

    /// The largest per-channel difference (in 1/255 steps) any pixel may have at all.
    public let maxOutlierDifference: Int

    /// Why a test overrides the shared tolerance, or `nil` for the shared tolerance itself.
    public let overrideReason: String?

    /// Only ``llvmpipe`` and ``overridden(maxChannelDifference:maxOutlierFraction:maxOutlierDifference:reason:)``
    /// make tolerances, so that every tolerance other than the shared one carries its reason.
    private init(
        maxChannelDifference: Int,
        maxOutlierFraction: Double,
        maxOutlierDifference: Int,
        overrideReason: String?
    ) {
        self.maxChannelDifference = maxChannelDifference
        self.maxOutlierFraction = maxOutlierFraction
        self.maxOutlierDifference = maxOutlierDifference
        self.overrideReason = overrideReason
    }

    /// This tolerance with some limits replaced, for one test, with the reason written down.
    ///
    /// Limits left `nil` keep this tolerance's values. The hard limit is raised to at least the
    /// per-channel allowance. The reason must say why the shared tolerance is not enough; an empty
    /// (or blank) reason makes every comparison with the tolerance fail.
    ///
    /// - Parameters:
    ///   - maxChannelDifference: The new per-channel allowance, in 1/255 steps.
    ///   - maxOutlierFraction: The new fraction of pixels that may exceed the allowance.
    ///   - maxOutlierDifference: The new hard limit, in 1/255 steps.
    ///   - reason: Why this test needs the override; required and non-empty.
    public func overridden(
        maxChannelDifference: Int? = nil,
        maxOutlierFraction: Double? = nil,
        maxOutlierDifference: Int? = nil,
        reason: String
    ) -> GoldenTolerance {
        let channel = maxChannelDifference ?? self.maxChannelDifference
        return GoldenTolerance(
            maxChannelDifference: channel,
            maxOutlierFraction: maxOutlierFraction ?? self.maxOutlierFraction,
            maxOutlierDifference: max(maxOutlierDifference ?? self.maxOutlierDifference, channel),
            overrideReason: reason
        )
    }

    /// Why this tolerance cannot be used (an override without a reason, a negative limit, a
    /// fraction outside `0...1`), or `nil` when it can.
    public var problem: String? {
        if let overrideReason, overrideReason.allSatisfy(\.isWhitespace) {
            return "a tolerance override needs a non-empty reason"
        }
        if maxChannelDifference < 0 || maxOutlierDifference < 0 {
            return "tolerance limits must not be negative"
        }
        if !(0...1).contains(maxOutlierFraction) {
            return "the outlier fraction must be in 0...1, not \(maxOutlierFraction)"
        }
        return nil
    }

    /// How many of `pixelCount` pixels may be outliers: the fraction, rounded down.
    public func allowedOutliers(pixelCount: Int) -> Int {
        Int((Double(pixelCount) * maxOutlierFraction).rounded(.down))
    }

    /// The limits, and the override reason if there is one.
    public var description: String {
        let limits =
            "≤ \(maxChannelDifference)/255 per channel, at most \(maxOutlierFraction * 100)% of pixels "
            + "beyond, none beyond \(maxOutlierDifference)/255"
        guard let overrideReason else { return "llvmpipe tolerance (\(limits))" }
        return "overridden tolerance (\(limits)), because: \(overrideReason)"
    }
}

// MARK: - Comparison

/// The outcome of comparing an image with its golden, without recording anything.
public struct GoldenComparison: Sendable {
    /// One pixel's position and values in both images.
    public struct Pixel: Sendable, Equatable, CustomStringConvertible {
        /// The column, from the left.
        public let x: Int
        /// The row, from the top.
        public let y: Int
        /// The golden's premultiplied RGBA8 values.
        public let expected: [UInt8]
        /// The rendered image's premultiplied RGBA8 values.
        public let actual: [UInt8]

        /// The largest absolute difference of the four channels, in 1/255 steps.
        public var difference: Int {
            zip(expected, actual).map { abs(Int($0) - Int($1)) }.max() ?? 0
        }

        /// The position, both values and the difference.
        public var description: String {
            "(\(x), \(y)): expected RGBA \(expected), actual RGBA \(actual), \(difference)/255 apart"
        }
    }

    /// Why the images do not match, or `nil` when they match within the tolerance.
    public let failure: String?

    /// The pixel with the largest difference (the first such, in reading order), or `nil` when the
    /// images are identical or could not be compared pixel by pixel.
    public let worstPixel: Pixel?

    /// How many pixels differ by more than the tolerance's per-channel allowance.
    public let outlierCount: Int

    /// How many pixels differ by more than the tolerance's hard limit.
    public let beyondLimitCount: Int

    /// The absolute difference of each colour channel (or of alpha, where that is larger),
    /// amplified ×8 and clamped to 255, with alpha 255: RGBA8 of the images' size, or `nil` when
    /// the sizes differ or a layout could not be read.
    public let diffPixels: [UInt8]?

    /// Whether the images match within the tolerance.
    public var passed: Bool {
        failure == nil
    }
}

/// How much ``GoldenComparison/diffPixels`` amplifies each channel's difference.
public let goldenDiffAmplification = 8

/// Compares `actual` with `expected`: the sizes first, then each premultiplied RGBA8 pixel.
///
/// Records nothing and writes nothing: ``expectMatchesGolden(_:named:tolerance:sourceLocation:)``
/// turns the result into an issue.
public func compareImages(
    _ actual: CGImage,
    with expected: CGImage,
    tolerance: GoldenTolerance = .llvmpipe
) -> GoldenComparison {
    func failed(_ reason: String) -> GoldenComparison {
        GoldenComparison(
            failure: reason, worstPixel: nil, outlierCount: 0, beyondLimitCount: 0, diffPixels: nil)
    }
    if let problem = tolerance.problem {
        return failed("Unusable tolerance: \(problem).")
    }
    guard actual.width == expected.width, actual.height == expected.height else {
        return failed(
            "Size mismatch: expected \(expected.width)×\(expected.height) pixels, "
                + "actual \(actual.width)×\(actual.height).")
    }
    guard let actualPixels = actual.premultipliedRGBA8Pixels() else {
        return failed("The actual image's pixel layout cannot be read as RGBA8.")
    }
    guard let expectedPixels = expected.premultipliedRGBA8Pixels() else {
        return failed("The golden's pixel layout cannot be read as RGBA8.")
    }

    let pixelCount = actual.width * actual.height
    var diff = [UInt8](repeating: 255, count: pixelCount * 4)
    var worstIndex: Int?
    var worstDifference = 0
    var outliers = 0
    var beyondLimit = 0
    for index in 0..<pixelCount {
        let base = index * 4
        var deltas = (0..<4).map { abs(Int(actualPixels[base + $0]) - Int(expectedPixels[base + $0])) }
        let difference = deltas.max() ?? 0
        // The diff is opaque, so an alpha difference shows in every colour channel (as grey).
        deltas = deltas[0..<3].map { max($0, deltas[3]) }
        for channel in 0..<3 {
            diff[base + channel] = UInt8(min(deltas[channel] * goldenDiffAmplification, 255))
        }
        if difference > worstDifference {
            worstDifference = difference
            worstIndex = index
        }
        if difference > tolerance.maxChannelDifference { outliers += 1 }
        if difference > tolerance.maxOutlierDifference { beyondLimit += 1 }
    }

    let worst = worstIndex.map { index in
        GoldenComparison.Pixel(
            x: index % actual.width,
            y: index / actual.width,
            expected: Array(expectedPixels[index * 4..<index * 4 + 4]),
            actual: Array(actualPixels[index * 4..<index * 4 + 4])
        )
    }
    let allowed = tolerance.allowedOutliers(pixelCount: pixelCount)
    var failure: String?
    if beyondLimit > 0 || outliers > allowed {
        var text =
            "\(outliers) of \(pixelCount) pixels differ by more than "
            + "\(tolerance.maxChannelDifference)/255 (\(allowed) allowed), \(beyondLimit) by more than "
            + "\(tolerance.maxOutlierDifference)/255 (none allowed)."
        if let worst { text += " Worst pixel \(worst)." }
        text += " Tolerance: \(tolerance)."
        failure = text
    }
    return GoldenComparison(
        failure: failure,
        worstPixel: worst,
        outlierCount: outliers,
        beyondLimitCount: beyondLimit,
        diffPixels: diff
    )
}

/// Makes an opaque image from premultiplied RGBA8 pixels (row 0 at the top), as the diff image.
public func makeRGBA8Image(width: Int, height: Int, pixels: [UInt8]) -> CGImage? {
    guard pixels.count == width * height * 4, let provider = CGDataProvider(data: Data(pixels)) else {
        return nil
    }
    return CGImage(
        width: width,
        height: height,
        bitsPerComponent: 8,
        bitsPerPixel: 32,
        bytesPerRow: width * 4,
        space: CGColorSpace(name: CGColorSpace.sRGB)!,
        bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedLast.rawValue),
        provider: provider,
        decode: nil,
        shouldInterpolate: false,
        intent: .defaultIntent
    )
}

// MARK: - Files

/// Where golden failures write their images: `$LAMINA_GOLDEN_FAILURES` when set (and not empty),
/// otherwise `.build/golden-failures/` in the package root.
public var goldenFailureDirectory: URL {
    if let path = ProcessInfo.processInfo.environment["LAMINA_GOLDEN_FAILURES"], !path.isEmpty {
        return URL(fileURLWithPath: path, isDirectory: true)
    }
    return packageRootDirectory.appendingPathComponent(".build/golden-failures", isDirectory: true)
}

/// The package root in the source tree, found from this file's path.
public var packageRootDirectory: URL {
    URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Tests/GoldenTesting
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()
}

/// Whether this run records goldens: the environment variable `RECORD_GOLDENS` is `1`.
public var isRecordingGoldens: Bool {
    ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1"
}

/// The file names a failing comparison of golden `name` writes: actual, expected and diff.
public func goldenFailureFileNames(for name: String) -> [String] {
    ["\(name).actual.png", "\(name).expected.png", "\(name).diff.png"]
}

/// Writes the failure images of a comparison of golden `name` into `directory` (created if
/// needed): `<name>.actual.png`, `<name>.expected.png`, and `<name>.diff.png` when the
/// comparison has a diff. Returns the files written.
public func writeGoldenFailureImages(
    actual: CGImage,
    expected: CGImage,
    comparison: GoldenComparison,
    name: String,
    to directory: URL
) throws -> [URL] {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let names = goldenFailureFileNames(for: name)
    var written: [URL] = []
    for (image, fileName) in [(actual, names[0]), (expected, names[1])] {
        let url = directory.appendingPathComponent(fileName)
        try image.writePNG(to: url)
        written.append(url)
    }
    if let diffPixels = comparison.diffPixels,
        let diff = makeRGBA8Image(width: actual.width, height: actual.height, pixels: diffPixels)
    {
        let url = directory.appendingPathComponent(names[2])
        try diff.writePNG(to: url)
        written.append(url)
    }
    return written
}

/// Compares `actual` with `expected` as golden `name` and, on failure, writes the failure images
/// into `failureDirectory`; returns the comparison and the message an issue would carry (`nil`
/// when the images match). ``expectMatchesGolden(_:named:tolerance:sourceLocation:)`` records
/// that message; the harness's self-tests inspect it.
public func checkGolden(
    _ actual: CGImage,
    against expected: CGImage,
    named name: String,
    tolerance: GoldenTolerance,
    failureDirectory: URL
) -> (comparison: GoldenComparison, message: String?) {
    let comparison = compareImages(actual, with: expected, tolerance: tolerance)
    guard let failure = comparison.failure else { return (comparison, nil) }
    var message = "Image does not match golden '\(name)': \(failure)"
    do {
        let written = try writeGoldenFailureImages(
            actual: actual, expected: expected, comparison: comparison, name: name, to: failureDirectory)
        message +=
            " Wrote \(written.map(\.lastPathComponent).joined(separator: ", ")) to "
            + "\(failureDirectory.path)."
    } catch {
        message += " Could not write the failure images to \(failureDirectory.path): \(error)."
    }
    return (comparison, message)
}

/// Why `name` cannot name a golden (empty, or holding `/`, `.` or whitespace), or `nil`.
public func goldenNameProblem(_ name: String) -> String? {
    if name.isEmpty { return "it is empty" }
    if name.contains(where: { $0 == "/" || $0 == "." || $0.isWhitespace }) {
        return "it may hold neither '/', '.' nor whitespace"
    }
    return nil
}

// MARK: - A test target's goldens

/// The goldens of one test target: the reviewed PNGs in its `Goldens/` folder (copied into its
/// bundle as a resource), the catalog of names its tests use, and the expectation that compares a
/// rendered image with one of them.
///
/// Each target that has goldens makes one, with its own bundle and catalog:
///
///     let goldens = GoldenStore(
///         targetName: "RenderTests", bundle: .module, catalog: GoldenCatalog.names)
public struct GoldenStore: Sendable {
    /// The test target's name, for messages (`--filter` hints, paths).
    public let targetName: String
    /// The source tree's `Tests/<target>/Goldens/`, where recording writes and the catalog check
    /// looks (the test bundle holds the copy made by the last build).
    public let sourceDirectory: URL
    /// The test target's resource bundle, holding `Goldens/`.
    public let bundle: Bundle
    /// Every golden name the target's tests use.
    public let catalog: [String]

    /// The goldens of the test target `targetName`, whose `Goldens/` folder lies beside the file
    /// calling this (`testFile`).
    public init(targetName: String, bundle: Bundle, catalog: [String], testFile: String = #filePath) {
        self.targetName = targetName
        self.bundle = bundle
        self.catalog = catalog
        sourceDirectory = URL(fileURLWithPath: testFile).deletingLastPathComponent()
            .appendingPathComponent("Goldens", isDirectory: true)
    }

    /// Expects `image` to match the reviewed golden `Goldens/<name>.png` within `tolerance`.
    ///
    /// The golden is read from the test bundle and compared size first, then pixel by pixel as
    /// premultiplied RGBA8. On a mismatch this records an issue naming the worst pixel and the
    /// counts, and writes `<name>.actual.png`, `<name>.expected.png` and `<name>.diff.png` (the
    /// difference ×8, opaque) into `$LAMINA_GOLDEN_FAILURES`, or `.build/golden-failures/` in the
    /// package root; the issue says where.
    ///
    /// With `RECORD_GOLDENS=1` in the environment, the image is instead written to the source
    /// tree's `Goldens/<name>.png` and an issue is still recorded, so that a recording run never
    /// passes: review the PNG, then re-run without the variable.
    ///
    /// `name` must be listed in the catalog (the catalog check keeps goldens and tests in step),
    /// and may hold neither `/`, `.` nor whitespace.
    public func expectMatches(
        _ image: CGImage,
        named name: String,
        tolerance: GoldenTolerance = .llvmpipe,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        func fail(_ message: String) {
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
        }
        if let problem = goldenNameProblem(name) {
            fail("Golden name '\(name)' is not usable: \(problem).")
            return
        }
        if !catalog.contains(name) {
            fail(
                "Golden '\(name)' is not listed in GoldenCatalog.names (Tests/\(targetName)/GoldenCatalog.swift); "
                    + "add it there.")
        }
        let bundled = bundle.url(forResource: name, withExtension: "png", subdirectory: "Goldens")
        let golden: CGImage?
        var loadError: (any Error)?
        if let bundled {
            do {
                golden = try CGImage.load(contentsOf: bundled)
            } catch {
                golden = nil
                loadError = error
            }
        } else {
            golden = nil
        }

        if isRecordingGoldens {
            fail(record(image, named: name, previous: golden))
            return
        }
        guard let golden else {
            if let loadError {
                fail("Golden '\(name)' could not be read from \(bundled?.path ?? name): \(loadError).")
            } else {
                fail(
                    "No golden '\(name).png' in the test bundle. Record it with RECORD_GOLDENS=1 swift test "
                        + "--filter \(targetName), review it, and re-run.")
            }
            return
        }
        let failures = goldenFailureDirectory
        let (_, message) = checkGolden(
            image, against: golden, named: name, tolerance: tolerance, failureDirectory: failures)
        if let message {
            fail(message)
        } else {
            // Stale images of an earlier failure would only mislead.
            for fileName in goldenFailureFileNames(for: name) {
                try? FileManager.default.removeItem(at: failures.appendingPathComponent(fileName))
            }
        }
    }

    /// Writes `image` to the source tree as golden `name` and returns the (failing) issue
    /// message, saying whether the golden is new, unchanged or changed relative to `previous`.
    private func record(_ image: CGImage, named name: String, previous: CGImage?) -> String {
        let url = sourceDirectory.appendingPathComponent("\(name).png")
        let change: String
        if let previous {
            let exact = GoldenTolerance.llvmpipe.overridden(
                maxChannelDifference: 0, maxOutlierFraction: 0, maxOutlierDifference: 0,
                reason: "recording reports whether any pixel changed")
            let comparison = compareImages(image, with: previous, tolerance: exact)
            change = comparison.passed ? "pixels unchanged" : "changed: \(comparison.failure ?? "")"
        } else {
            change = "new golden"
        }
        do {
            try FileManager.default.createDirectory(at: sourceDirectory, withIntermediateDirectories: true)
            try image.writePNG(to: url)
        } catch {
            return "RECORD_GOLDENS=1: could not record golden '\(name)' at \(url.path): \(error)."
        }
        return
            "RECORD_GOLDENS=1: recorded golden '\(name)' at \(url.path) (\(change)). "
            + "A recording run never passes: review the PNG, then re-run without RECORD_GOLDENS."
    }

    /// The PNG names (without `.png`) in the source tree's `Goldens/` folder.
    public func filesInSourceTree() throws -> Set<String> {
        let files = try FileManager.default.contentsOfDirectory(
            at: sourceDirectory, includingPropertiesForKeys: nil)
        return Set(
            files.filter { $0.pathExtension.lowercased() == "png" }
                .map { $0.deletingPathExtension().lastPathComponent })
    }

    /// Records an issue for every PNG in `Goldens/` that the catalog does not list (a reference
    /// with no test), every catalogued name with no PNG (a test with no reference, except while
    /// recording), and every duplicate or unusable name.
    public func checkCatalog(sourceLocation: SourceLocation = #_sourceLocation) throws {
        let catalogued = Set(catalog)
        let files = try filesInSourceTree()
        func fail(_ message: String) {
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
        }
        var seen: Set<String> = []
        for name in catalog where !seen.insert(name).inserted {
            fail("GoldenCatalog.names lists '\(name)' more than once.")
        }
        for name in catalog {
            if let problem = goldenNameProblem(name) {
                fail("GoldenCatalog.names has an unusable name '\(name)': \(problem).")
            }
        }
        for name in files.subtracting(catalogued).sorted() {
            fail(
                "Goldens/\(name).png is used by no test: list it in GoldenCatalog.names with its test, "
                    + "or delete it.")
        }
        if !isRecordingGoldens {
            for name in catalogued.subtracting(files).sorted() {
                fail(
                    "GoldenCatalog.names lists '\(name)' but Goldens/\(name).png does not exist: record it "
                        + "with RECORD_GOLDENS=1, review it, and re-run.")
            }
        }
    }
}
