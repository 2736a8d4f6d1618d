import CoreGraphics
import Foundation
import Testing

/// A 16×16 baseline JPEG made with libjpeg-turbo's `cjpeg -quality 100 -sample 1x1 -baseline
/// -optimize` from a PPM whose 8×8 quadrants are red (top left), green (top right), blue (bottom
/// left) and white (bottom right). `djpeg` decodes the quadrants to (254, 0, 0), (0, 255, 1),
/// (0, 0, 254) and (255, 255, 255): each within one level of the source, as expected at quality 100.
private let quadrantJPEG = Data(
    base64Encoded:
        "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQH/2wBDAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQH/wAARCAAQABADAREAAhEBAxEB/8QAFgABAQEAAAAAAAAAAAAAAAAACgkL/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/EABcBAAMBAAAAAAAAAAAAAAAAAAkKCwj/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCL4U5/glALdCvA3WmDWDcQIDtUP//Z"
)!

/// An 8×8 grayscale JPEG of uniform gray 128 (`cjpeg -quality 100 -baseline -optimize`), which
/// `djpeg` decodes to 128 everywhere.
private let grayJPEG = Data(
    base64Encoded:
        "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQH/wAALCAAIAAgBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAAAP/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AP//Z"
)!

/// An 8-bit premultiplied RGBA image (`.premultipliedLast`, big-endian) from `bytes`.
private func rgbaImage(width: Int, height: Int, bytes: [UInt8], alpha: CGImageAlphaInfo = .premultipliedLast)
    -> CGImage
{
    CGImage(
        width: width, height: height, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: width * 4,
        space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(rawValue: alpha.rawValue),
        provider: CGDataProvider(data: Data(bytes))!, decode: nil, shouldInterpolate: true,
        intent: .defaultIntent)!
}

/// The RGBA bytes of pixel `(x, row)` of `image` (row 0 at the top), premultiplied.
private func rgba(_ image: CGImage, x: Int, row: Int) -> [UInt8] {
    let pixels = image.premultipliedRGBA8Pixels()!
    let start = (row * image.width + x) * 4
    return Array(pixels[start..<start + 4])
}

/// The error `body` throws, or `nil` if it throws none or another type.
private func codingError(_ body: () throws -> Void) -> CGImageCodingError? {
    do {
        try body()
        return nil
    } catch {
        return error as? CGImageCodingError
    }
}

/// The start of a PNG file declaring a `width × height` RGBA image: the signature and an IHDR chunk
/// (whose CRC is not checked before the size is).
private func pngHeader(width: UInt32, height: UInt32) -> Data {
    var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
    bytes += Array("IHDR".utf8)
    for value in [width, height] {
        bytes += [
            UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF),
        ]
    }
    bytes += [8, 6, 0, 0, 0, 0, 0, 0, 0]
    return Data(bytes)
}

/// A fresh empty directory for one test.
private func scratchDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
        "lamina-coding-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

@Suite("CGImage coding")
struct CGImageCodingTests {
    /// Premultiplied pixels with partial alpha: each colour component is at most its alpha.
    let translucent: [UInt8] = [
        255, 0, 0, 255, 0, 128, 0, 128, 10, 20, 30, 40,
        0, 0, 0, 0, 3, 2, 1, 7, 200, 100, 50, 255,
    ]

    @Test func pngRoundTripIsExactForPremultipliedPixels() throws {
        let image = rgbaImage(width: 3, height: 2, bytes: translucent)
        let decoded = try CGImage.load(data: try image.pngData())
        #expect(decoded.width == 3)
        #expect(decoded.height == 2)
        #expect(decoded.premultipliedRGBA8Pixels() == translucent)
        #expect(decoded.alphaInfo == .premultipliedFirst)
        #expect(decoded.byteOrderInfo == (UInt32(1).littleEndian == 1 ? .order32Little : .order32Big))
        #expect(decoded.bytesPerRow == 12)
        #expect(decoded.colorSpace?.name == CGColorSpace.sRGB)
    }

    @Test func pngOfAnImageWithAlphaIsRGBAAndOfAnOpaqueImageIsRGB() throws {
        let withAlpha = try rgbaImage(width: 3, height: 2, bytes: translucent).pngData()
        #expect(Array(withAlpha.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        // IHDR: width 3, height 2, bit depth 8, colour type 6 (RGBA).
        #expect(Array(withAlpha[16..<26]) == [0, 0, 0, 3, 0, 0, 0, 2, 8, 6])
        let opaqueBytes: [UInt8] = [9, 8, 7, 0, 250, 128, 1, 0]
        let opaque = try rgbaImage(width: 2, height: 1, bytes: opaqueBytes, alpha: .noneSkipLast).pngData()
        // Colour type 2 (RGB).
        #expect(Array(opaque[16..<26]) == [0, 0, 0, 2, 0, 0, 0, 1, 8, 2])
        let decoded = try CGImage.load(data: opaque)
        #expect(decoded.alphaInfo == .noneSkipFirst)
        #expect(decoded.premultipliedRGBA8Pixels() == [9, 8, 7, 255, 250, 128, 1, 255])
    }

    @Test func pngDrawnByAContextDecodesToTheSamePixels() throws {
        let context = try #require(
            CGContext(
                data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0,
                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
        )
        context.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        context.fill(CGRect(x: 0, y: 2, width: 2, height: 2))  // top-left quarter
        let decoded = try CGImage.load(data: try context.makeImage()!.pngData())
        #expect(rgba(decoded, x: 0, row: 0) == [255, 0, 0, 255])
        #expect(rgba(decoded, x: 1, row: 1) == [255, 0, 0, 255])
        #expect(rgba(decoded, x: 2, row: 0) == [0, 0, 0, 0])
        #expect(rgba(decoded, x: 0, row: 2) == [0, 0, 0, 0])
    }

    @Test func jpegDecodesToLibjpegsPixels() throws {
        let image = try CGImage.load(data: quadrantJPEG)
        #expect(image.width == 16)
        #expect(image.height == 16)
        #expect(image.alphaInfo == .noneSkipFirst)
        for (x, row, expected) in [
            (0, 0, [254, 0, 0, 255]), (7, 7, [254, 0, 0, 255]), (8, 0, [0, 255, 1, 255]),
            (0, 8, [0, 0, 254, 255]), (15, 15, [255, 255, 255, 255]),
        ] as [(Int, Int, [UInt8])] {
            #expect(rgba(image, x: x, row: row) == expected, "pixel (\(x), \(row))")
        }
    }

    @Test func grayJPEGIsExpandedToRGB() throws {
        let image = try CGImage.load(data: grayJPEG)
        #expect(image.width == 8)
        #expect(image.height == 8)
        #expect(Set(image.premultipliedRGBA8Pixels()!) == [128, 255])
        #expect(rgba(image, x: 3, row: 5) == [128, 128, 128, 255])
    }

    @Test func truncatedPNGIsCorruptData() throws {
        let png = try rgbaImage(width: 3, height: 2, bytes: translucent).pngData()
        for length in [10, 30, png.count / 2, png.count - 4] {
            guard
                case .corruptData(let format, let message) = codingError({
                    _ = try CGImage.load(data: png.prefix(length))
                })
            else {
                Issue.record("no corruptData error for \(length) bytes")
                continue
            }
            #expect(format == "PNG")
            #expect(!message.isEmpty)
        }
    }

    @Test func truncatedJPEGIsCorruptDataWithLibjpegsMessage() {
        for length in [3, 100, quadrantJPEG.count - 30] {
            guard
                case .corruptData(let format, let message) = codingError({
                    _ = try CGImage.load(data: quadrantJPEG.prefix(length))
                })
            else {
                Issue.record("no corruptData error for \(length) bytes")
                continue
            }
            #expect(format == "JPEG")
            #expect(!message.isEmpty)
        }
    }

    @Test func garbageIsUnknownFormatOrCorrupt() {
        #expect(codingError { _ = try CGImage.load(data: Data()) } == .unknownFormat)
        #expect(codingError { _ = try CGImage.load(data: Data("GIF89a....".utf8)) } == .unknownFormat)
        // A fixed, patternless-looking byte sequence (a multiplicative sequence mod 256).
        let noise = Data((0..<200).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) })
        var pngNoise = pngHeader(width: 4, height: 4)
        pngNoise.append(noise)
        guard case .corruptData(format: "PNG", _) = codingError({ _ = try CGImage.load(data: pngNoise) })
        else {
            Issue.record("PNG header followed by noise was accepted")
            return
        }
        let jpegNoise = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x02, 0x01]) + noise
        guard case .corruptData(format: "JPEG", _) = codingError({ _ = try CGImage.load(data: jpegNoise) })
        else {
            Issue.record("JPEG SOI followed by noise was accepted")
            return
        }
    }

    @Test func oversizeImagesAreRefusedFromTheHeader() {
        #expect(
            codingError { _ = try CGImage.load(data: pngHeader(width: 40_000, height: 1)) }
                == .sizeTooLarge(width: 40_000, height: 1))
        // Within the side limit but over 2^28 pixels.
        #expect(
            codingError { _ = try CGImage.load(data: pngHeader(width: 20_000, height: 20_000)) }
                == .sizeTooLarge(width: 20_000, height: 20_000))
        // The JPEG's SOF0 marker (FF C0) holds precision, then height and width, big-endian.
        var jpeg = [UInt8](quadrantJPEG)
        let marker = (0..<jpeg.count - 1).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 }!
        jpeg.replaceSubrange(marker + 5..<marker + 9, with: [0x4E, 0x20, 0x4E, 0x20])  // 20000 × 20000
        #expect(
            codingError { _ = try CGImage.load(data: Data(jpeg)) }
                == .sizeTooLarge(width: 20_000, height: 20_000))
    }

    @Test func missingFilesAndDirectoriesAreUnreadableWithTheOSReason() throws {
        let directory = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = directory.appendingPathComponent("missing.png")
        let error = codingError { _ = try CGImage.load(contentsOf: missing) }
        #expect(error == .unreadableFile(path: missing.path, reason: "No such file or directory"))
        #expect(error?.description.contains(missing.path) == true)
        #expect(
            codingError { _ = try CGImage.load(contentsOf: directory) }
                == .unreadableFile(path: directory.path, reason: "Is a directory"))
        #expect(
            codingError { _ = try CGImage.load(contentsOf: URL(string: "https://example.com/a.png")!) }
                == .unreadableFile(path: "https://example.com/a.png", reason: "not a file URL"))
    }

    @Test func writePNGWritesTheFileAndLeavesNothingElse() throws {
        let directory = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("out.png")
        try Data("old contents".utf8).write(to: target)
        let image = rgbaImage(width: 3, height: 2, bytes: translucent)
        try image.writePNG(to: target)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["out.png"])
        #expect(try CGImage.load(contentsOf: target).premultipliedRGBA8Pixels() == translucent)
    }

    @Test func writePNGIntoAMissingDirectoryFailsWithThePath() throws {
        let directory = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("absent/out.png")
        let error = codingError {
            try rgbaImage(width: 1, height: 1, bytes: [1, 2, 3, 4]).writePNG(to: target)
        }
        guard case .writeFailed(let path, let reason) = error else {
            Issue.record("expected writeFailed, got \(String(describing: error))")
            return
        }
        #expect(path == target.path)
        #expect(!reason.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test func pngDataRefusesLayoutsItCannotRead() {
        let image = CGImage(
            width: 1, height: 1, bitsPerComponent: 16, bitsPerPixel: 64, bytesPerRow: 8,
            space: CGColorSpaceCreateDeviceRGB(),
            bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedLast.rawValue),
            provider: CGDataProvider(data: Data(count: 8))!, decode: nil, shouldInterpolate: true,
            intent: .defaultIntent)!
        guard case .unsupportedLayout = codingError({ _ = try image.pngData() }) else {
            Issue.record("a 16-bit image was encoded")
            return
        }
    }

    @Test func descriptionsSayWhy() {
        #expect(
            CGImageCodingError.unreadableFile(path: "/a.png", reason: "Permission denied").description
                == "cannot read image file /a.png: Permission denied")
        #expect(CGImageCodingError.corruptData(format: "JPEG", message: "bad").description.contains("bad"))
        #expect(
            CGImageCodingError.writeFailed(path: "/b.png", reason: "No space").description.contains("/b.png"))
    }
}
