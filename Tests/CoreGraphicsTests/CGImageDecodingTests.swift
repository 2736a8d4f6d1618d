import CoreGraphics
import Foundation
import Testing

/// A PNG file made of `chunks` (type, data) after the signature, with real CRCs.
private func png(_ chunks: [(String, [UInt8])]) -> Data {
    var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    for (type, data) in chunks {
        let length = UInt32(data.count)
        bytes += [
            UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF),
        ]
        bytes += Array(type.utf8) + data + [0, 0, 0, 0]
    }
    return Data(bytes)
}

/// An IHDR chunk's data: 8-bit RGBA, not interlaced.
private func ihdr(width: UInt32, height: UInt32) -> [UInt8] {
    let be = { (v: UInt32) in [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
    return be(width) + be(height) + [8, 6, 0, 0, 0]
}

/// A `width × height` opaque image with red, green, blue and white quadrants.
private func quadrants(width: Int, height: Int) throws -> CGImage {
    let context = try #require(
        CGContext(
            data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: width * 4,
            space: CGColorSpace(name: CGColorSpace.sRGB)!, bitmapInfo: CGImageAlphaInfo.noneSkipLast.rawValue)
    )
    let colours = [(1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0), (1.0, 1.0, 1.0)]
    for (index, colour) in colours.enumerated() {
        context.setFillColor(CGColor(red: colour.0, green: colour.1, blue: colour.2, alpha: 1))
        // Quartz's origin is bottom-left: quadrant 0 is the top left.
        let x = CGFloat(index % 2) * CGFloat(width) / 2
        let y = CGFloat(1 - index / 2) * CGFloat(height) / 2
        context.fill(CGRect(x: x, y: y, width: CGFloat(width) / 2, height: CGFloat(height) / 2))
    }
    return try #require(context.makeImage())
}

/// `image` as a JPEG file (ffmpeg, best quality, 4:4:4), or `nil` without ffmpeg.
private func jpegData(of image: CGImage) throws -> Data? {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-decode-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = folder.appendingPathComponent("in.png")
    let target = folder.appendingPathComponent("out.jpg")
    try image.writePNG(to: source)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
        "ffmpeg", "-v", "error", "-y", "-i", source.path, "-q:v", "1", "-pix_fmt", "yuvj444p", target.path,
    ]
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return nil }
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    return try Data(contentsOf: target)
}

/// The premultiplied RGBA bytes of pixel (x, row), row 0 at the top.
private func pixel(_ image: CGImage, _ x: Int, _ row: Int) -> [Int] {
    let pixels = image.premultipliedRGBA8Pixels()!
    let start = (row * image.width + x) * 4
    return pixels[start..<start + 4].map(Int.init)
}

private func close(_ a: [Int], _ b: [Int], within tolerance: Int) -> Bool {
    zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
}

@Suite("CGImage decoding: hostile files are refused before allocating, large ones decoded reduced")
struct CGImageDecodingTests {
    @Test("a chunk claiming 2 GiB in a 241-byte file is refused at once")
    func lyingChunkLength() throws {
        var data = png([("IHDR", ihdr(width: 100, height: 100))])
        data += Data([0x7F, 0xFF, 0xFF, 0xFF] + Array("tEXt".utf8) + [UInt8](repeating: 0x61, count: 200))
        #expect(data.count == 241)
        let started = Date()
        #expect {
            _ = try CGImage.load(data: data)
        } throws: { error in
            "\(error)".contains("the tEXt chunk claims 2147483647 bytes but only 196 remain")
        }
        // Before the check, libpng filled a 2 GiB buffer first: seconds, not milliseconds.
        #expect(Date().timeIntervalSince(started) < 0.5)
    }

    @Test("a 16384×16384 header over 23 bytes of image data is refused before the surface is allocated")
    func lyingHeader() throws {
        let idat: [UInt8] = [
            0x78, 0x9C, 0x63, 0x60, 0x18, 0x05, 0xA3, 0x60, 0x14, 0x0C, 0x77, 0x00, 0x00, 0x07, 0xD0, 0x00,
            0x01,
        ]
        let data = png([("IHDR", ihdr(width: 16384, height: 16384)), ("IDAT", idat), ("IEND", [])])
        #expect {
            _ = try CGImage.load(data: data)
        } throws: { error in
            "\(error)".contains("17 bytes of image data cannot hold a 16384×16384 image")
        }
        #expect(try CGImage.pixelSize(ofImageData: data) == (16384, 16384))
    }

    @Test("PNG: subsampled by 2 and cropped, from one decode")
    func pngReduced() throws {
        let data = try quadrants(width: 40, height: 30).pngData()
        let half = try CGImage.load(data: data, options: CGImageDecodingOptions(subsampleFactor: 2))
        #expect((half.width, half.height) == (20, 15))
        #expect(close(pixel(half, 4, 3), [255, 0, 0, 255], within: 1))
        #expect(close(pixel(half, 16, 12), [255, 255, 255, 255], within: 1))
        let crop = try CGImage.load(
            data: data, options: CGImageDecodingOptions(region: CGRect(x: 15, y: 10, width: 10, height: 100)))
        #expect((crop.width, crop.height) == (10, 20))
        #expect(pixel(crop, 0, 0) == [255, 0, 0, 255])
        #expect(pixel(crop, 9, 0) == [0, 255, 0, 255])
        #expect(pixel(crop, 0, 19) == [0, 0, 255, 255])
        // A factor other than 2, 4 or 8 decodes at full size.
        #expect(try CGImage.load(data: data, options: CGImageDecodingOptions(subsampleFactor: 3)).width == 40)
    }

    @Test("JPEG: DCT-scaled by 2, 4 and 8, and a cropped region equal to the same pixels of a full decode")
    func jpegReduced() throws {
        guard let data = try jpegData(of: try quadrants(width: 128, height: 96)) else {
            print("skipped: ffmpeg is not installed to make a JPEG")
            return
        }
        #expect(try CGImage.pixelSize(ofImageData: data) == (128, 96))
        for factor in [2, 4, 8] {
            let image = try CGImage.load(data: data, options: CGImageDecodingOptions(subsampleFactor: factor))
            #expect((image.width, image.height) == (128 / factor, 96 / factor))
            #expect(close(pixel(image, 1, 1), [255, 0, 0, 255], within: 6), "factor \(factor)")
            #expect(close(pixel(image, image.width - 2, image.height - 2), [255, 255, 255, 255], within: 6))
        }
        let full = try CGImage.load(data: data)
        let region = CGRect(x: 37, y: 20, width: 50, height: 30)
        let crop = try CGImage.load(data: data, options: CGImageDecodingOptions(region: region))
        #expect((crop.width, crop.height) == (50, 30))
        var largest = 0
        for row in 0..<30 {
            for x in 0..<50 {
                let difference = zip(pixel(crop, x, row), pixel(full, x + 37, row + 20)).map { abs($0 - $1) }
                    .max()!
                largest = max(largest, difference)
            }
        }
        #expect(largest <= 2, "the crop differs from the full decode by \(largest) levels")
        let factor = CGImageDecodingOptions.subsampleFactor(
            width: 12000, height: 12000, minimumWidth: 1280, minimumHeight: 1280)
        #expect(factor == 8)
        #expect(
            CGImageDecodingOptions.subsampleFactor(
                width: 4000, height: 3000, minimumWidth: 1280, minimumHeight: 960) == 2)
    }
}
