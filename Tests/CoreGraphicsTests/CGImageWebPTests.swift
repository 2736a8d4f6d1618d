import CWebP
import CoreGraphics
import Foundation
import Testing

/// WebP bytes of `width × height` pixels of straight-alpha RGBA `pixels`, made by libwebp's simple
/// encoder: lossless, or lossy at `quality` (0–100).
private func encodeWebP(width: Int, height: Int, pixels: [UInt8], lossless: Bool, quality: Float = 90)
    -> Data
{
    var output: UnsafeMutablePointer<UInt8>?
    let count = pixels.withUnsafeBufferPointer { buffer in
        lossless
            ? WebPEncodeLosslessRGBA(
                buffer.baseAddress, Int32(width), Int32(height), Int32(width * 4), &output)
            : WebPEncodeRGBA(
                buffer.baseAddress, Int32(width), Int32(height), Int32(width * 4), quality, &output)
    }
    defer { WebPFree(output) }
    guard let output, count > 0 else { return Data() }
    return Data(bytes: output, count: count)
}

/// The native-endian 32-bit word of pixel `(x, row)` (row 0 at the top) in the image's own data,
/// as Cairo stores it: `0xAARRGGBB`.
private func word(_ image: CGImage, x: Int, row: Int) -> UInt32? {
    guard let data = image.dataProvider?.data else { return nil }
    return data.withUnsafeBytes { raw in
        raw.load(fromByteOffset: row * image.bytesPerRow + x * 4, as: UInt32.self)
    }
}

/// `component × alpha / 255`, rounded: the premultiplied value of a straight component.
private func premultiplied(_ component: UInt8, _ alpha: UInt8) -> Int {
    (Int(component) * Int(alpha) + 127) / 255
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

/// A little-endian 32-bit length.
private func le32(_ value: Int) -> [UInt8] {
    [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24 & 0xFF)]
}

/// A little-endian 24-bit field.
private func le24(_ value: Int) -> [UInt8] {
    [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF)]
}

/// A RIFF chunk: its tag, length and payload, padded to an even length.
private func chunk(_ tag: String, _ payload: [UInt8]) -> [UInt8] {
    Array(tag.utf8) + le32(payload.count) + payload + (payload.count % 2 == 1 ? [0] : [])
}

/// An animated WebP file (VP8X with the animation flag, ANIM, then one ANMF frame per entry of
/// `frames`) on a canvas of `width × height`; each frame is the image chunks of a still WebP file
/// (its bytes after the RIFF and WEBP headers) at an offset (even, as the format stores half).
private func animatedWebP(width: Int, height: Int, alpha: Bool, frames: [(still: Data, x: Int, y: Int)])
    -> Data
{
    var body = Array("WEBP".utf8)
    body += chunk("VP8X", [alpha ? 0x12 : 0x02, 0, 0, 0] + le24(width - 1) + le24(height - 1))
    body += chunk("ANIM", [0, 0, 0, 0, 0, 0])
    for frame in frames {
        let features = try! CGImage.pixelSize(ofImageData: frame.still)
        body += chunk(
            "ANMF",
            le24(frame.x / 2) + le24(frame.y / 2) + le24(features.width - 1) + le24(features.height - 1)
                + le24(100) + [0] + Array(frame.still.dropFirst(12)))
    }
    return Data(Array("RIFF".utf8) + le32(body.count) + body)
}

@Suite("CGImage WebP decoding")
struct CGImageWebPTests {
    /// 4 × 2 straight-alpha RGBA: opaque red, green, blue and white on top; below, half-transparent
    /// orange, a faint blue, opaque gray and an opaque dark teal.
    let pixels: [UInt8] = [
        255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255,
        255, 128, 0, 128, 40, 80, 200, 30, 128, 128, 128, 255, 10, 90, 100, 255,
    ]

    /// `pixels` with every alpha set to 255.
    var opaquePixels: [UInt8] {
        pixels.enumerated().map { $0.offset % 4 == 3 ? 255 : $0.element }
    }

    @Test func losslessWithAlphaIsPremultipliedFirstWithLibwebpsPremultipliedPixels() throws {
        let data = encodeWebP(width: 4, height: 2, pixels: pixels, lossless: true)
        #expect(data.count > 12)
        let image = try CGImage.load(data: data)
        #expect(image.width == 4 && image.height == 2)
        #expect(image.bitsPerComponent == 8 && image.bitsPerPixel == 32 && image.bytesPerRow == 16)
        #expect(image.alphaInfo == .premultipliedFirst)
        #expect(image.bitmapInfo.contains(.byteOrder32Host))
        for index in 0..<8 {
            let (x, row) = (index % 4, index / 4)
            let source = Array(pixels[index * 4..<index * 4 + 4])
            let value = try #require(word(image, x: x, row: row))
            let alpha = UInt8(value >> 24)
            let decoded = [Int(value >> 16 & 0xFF), Int(value >> 8 & 0xFF), Int(value & 0xFF)]
            #expect(alpha == source[3], "alpha of pixel (\(x), \(row))")
            for channel in 0..<3 {
                // Lossless keeps the straight colour; libwebp's premultiplication rounds within one
                // level of the exact product.
                let expected = premultiplied(source[channel], source[3])
                #expect(abs(decoded[channel] - expected) <= 1, "channel \(channel) of pixel (\(x), \(row))")
            }
        }
        // The half-transparent orange: (255, 128, 0) at alpha 128 is stored as (128, 64, 0).
        let orange = try #require(word(image, x: 0, row: 1))
        #expect(orange >> 24 == 128 && orange >> 16 & 0xFF == 128)
        #expect(abs(Int(orange >> 8 & 0xFF) - 64) <= 1 && orange & 0xFF == 0)
    }

    @Test func losslessOpaqueIsNoneSkipFirstAndExact() throws {
        let data = encodeWebP(width: 4, height: 2, pixels: opaquePixels, lossless: true)
        let image = try CGImage.load(data: data)
        #expect(image.alphaInfo == .noneSkipFirst)
        #expect(image.bitmapInfo.contains(.byteOrder32Host))
        for index in 0..<8 {
            let source = opaquePixels[index * 4..<index * 4 + 4].map(UInt32.init)
            let expected = 0xFF00_0000 | source[0] << 16 | source[1] << 8 | source[2]
            #expect(word(image, x: index % 4, row: index / 4) == expected, "pixel \(index)")
        }
    }

    @Test func lossyDecodesWithinATolerance() throws {
        // 16 × 16 in 8 × 8 quadrants: red, green / blue, white; compared away from the edges,
        // where chroma subsampling blends neighbours.
        let colours: [[UInt8]] = [[255, 0, 0], [0, 255, 0], [0, 0, 255], [255, 255, 255]]
        var quadrants: [UInt8] = []
        for row in 0..<16 {
            for x in 0..<16 { quadrants += colours[(row / 8) * 2 + x / 8] + [255] }
        }
        let data = encodeWebP(width: 16, height: 16, pixels: quadrants, lossless: false, quality: 95)
        let image = try CGImage.load(data: data)
        #expect(image.width == 16 && image.height == 16)
        #expect(image.alphaInfo == .noneSkipFirst)
        for (x, row, quadrant) in [(3, 3, 0), (12, 3, 1), (3, 12, 2), (12, 12, 3)] {
            let value = try #require(word(image, x: x, row: row))
            #expect(value >> 24 == 0xFF)
            let decoded = [Int(value >> 16 & 0xFF), Int(value >> 8 & 0xFF), Int(value & 0xFF)]
            for channel in 0..<3 {
                #expect(
                    abs(decoded[channel] - Int(colours[quadrant][channel])) <= 12,
                    "channel \(channel) at (\(x), \(row)): \(decoded)")
            }
        }
    }

    @Test func lossyWithAlphaKeepsTheAlphaAndPremultiplies() throws {
        var translucent: [UInt8] = []
        for _ in 0..<64 { translucent += [255, 255, 255, 128] }
        let data = encodeWebP(width: 8, height: 8, pixels: translucent, lossless: false)
        let image = try CGImage.load(data: data)
        #expect(image.alphaInfo == .premultipliedFirst)
        let value = try #require(word(image, x: 4, row: 4))
        // The alpha plane is compressed losslessly by default; the colour within a few levels.
        #expect(value >> 24 == 128)
        for shift in [16, 8, 0] as [UInt32] {
            #expect(abs(Int(value >> shift & 0xFF) - 128) <= 3, "component at shift \(shift)")
        }
    }

    @Test func pixelSizeAndReducedDecodingReadWebP() throws {
        let data = encodeWebP(width: 4, height: 2, pixels: opaquePixels, lossless: true)
        let size = try CGImage.pixelSize(ofImageData: data)
        #expect(size.width == 4 && size.height == 2)
        let full = try CGImage.load(data: data)
        let half = try CGImage.load(data: data, options: CGImageDecodingOptions(subsampleFactor: 2))
        #expect(half.width == 2 && half.height == 1)
        let region = try CGImage.load(
            data: data, options: CGImageDecodingOptions(region: CGRect(x: 1, y: 1, width: 2, height: 1)))
        #expect(region.width == 2 && region.height == 1)
        #expect(word(region, x: 0, row: 0) == word(full, x: 1, row: 1))
        #expect(word(region, x: 1, row: 0) == word(full, x: 2, row: 1))
    }

    @Test func truncatedWebPIsCorruptData() throws {
        for lossless in [true, false] {
            let data = encodeWebP(width: 4, height: 2, pixels: pixels, lossless: lossless)
            for length in [12, 20, 30, data.count / 2, data.count - 2] {
                guard
                    case .corruptData(let format, let message) = codingError({
                        _ = try CGImage.load(data: data.prefix(length))
                    })
                else {
                    Issue.record(
                        "no corruptData error for \(length) of \(data.count) bytes (lossless \(lossless))")
                    continue
                }
                #expect(format == "WebP")
                #expect(!message.isEmpty)
            }
        }
        // A WebP header followed by noise.
        let noise = (0..<200).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        let garbage = Data(Array("RIFF".utf8) + le32(204) + Array("WEBP".utf8) + noise)
        guard case .corruptData(format: "WebP", _) = codingError({ _ = try CGImage.load(data: garbage) })
        else {
            Issue.record("WebP header followed by noise was accepted")
            return
        }
        #expect(codingError { _ = try CGImage.pixelSize(ofImageData: garbage) } != nil)
    }

    @Test func animatedWebPDecodesToItsFirstFrameOnItsCanvas() throws {
        let first = encodeWebP(width: 4, height: 2, pixels: pixels, lossless: true)
        let second = encodeWebP(width: 4, height: 2, pixels: opaquePixels, lossless: true)
        let still = try CGImage.load(data: first)
        // A 6 × 4 canvas, the first frame at (2, 2): the rest of the canvas is transparent.
        let animated = animatedWebP(
            width: 6, height: 4, alpha: true, frames: [(first, 2, 2), (second, 0, 0)])
        let canvas = try CGImage.pixelSize(ofImageData: animated)
        #expect(canvas.width == 6 && canvas.height == 4)
        let image = try CGImage.load(data: animated)
        #expect(image.width == 6 && image.height == 4)
        #expect(image.alphaInfo == .premultipliedFirst)
        for (x, row) in [(0, 0), (5, 1), (1, 3), (0, 2)] {
            #expect(word(image, x: x, row: row) == 0, "pixel (\(x), \(row)) outside the frame")
        }
        for index in 0..<8 {
            let (x, row) = (index % 4, index / 4)
            #expect(
                word(image, x: x + 2, row: row + 2) == word(still, x: x, row: row), "frame pixel \(index)")
        }
        // An opaque first frame covering the canvas is opaque.
        let covering = try CGImage.load(
            data: animatedWebP(width: 4, height: 2, alpha: false, frames: [(second, 0, 0), (first, 0, 0)]))
        #expect(covering.alphaInfo == .noneSkipFirst)
        #expect(word(covering, x: 1, row: 1) == word(try CGImage.load(data: second), x: 1, row: 1))
        // Truncated inside the first frame (after the headers, VP8X, ANIM and the ANMF header):
        // corrupt.
        let firstFrameStart = 12 + 18 + 14 + 24
        let truncated = animated.prefix(firstFrameStart + (first.count - 12) / 2)
        guard case .corruptData(format: "WebP", _) = codingError({ _ = try CGImage.load(data: truncated) })
        else {
            Issue.record("a truncated animated WebP was accepted")
            return
        }
    }

    @Test func unknownFormatNamesWebP() {
        #expect(CGImageCodingError.unknownFormat.description.contains("WebP"))
        // RIFF that is not WebP (a WAVE file's header).
        let wave = Data(Array("RIFF".utf8) + le32(4) + Array("WAVE".utf8))
        #expect(codingError { _ = try CGImage.load(data: wave) } == .unknownFormat)
    }
}
