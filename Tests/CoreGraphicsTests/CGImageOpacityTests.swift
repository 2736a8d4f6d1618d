import CoreGraphics
import Foundation
import Testing

/// `CGImage.isOpaqueInEveryPixel`: read from the pixels the compositor uploads, whatever the
/// layout says about alpha (ruling V25).
@Suite struct CGImageOpacityTests {
    private static let rgb = CGColorSpace(name: CGColorSpace.sRGB)!

    /// A 3 × 2 image of `bytes` (4 per pixel) in `alpha` layout, 8 bits per component.
    private static func image(
        _ bytes: [UInt8], alpha: CGImageAlphaInfo, order: CGBitmapInfo = [], bitsPerComponent: Int = 8
    ) throws -> CGImage {
        let bytesPerRow = 3 * 4 * bitsPerComponent / 8
        let provider = try #require(CGDataProvider(data: Data(bytes)))
        return try #require(
            CGImage(
                width: 3, height: 2, bitsPerComponent: bitsPerComponent, bitsPerPixel: 4 * bitsPerComponent,
                bytesPerRow: bytesPerRow, space: rgb,
                bitmapInfo: CGBitmapInfo(rawValue: alpha.rawValue).union(order),
                provider: provider, decode: nil,
                shouldInterpolate: true,
                intent: .defaultIntent))
    }

    @Test func anImageWithAnAlphaChannelIsOpaqueWhenEveryPixelIs() throws {
        var bytes = [UInt8](repeating: 0, count: 24)
        for pixel in 0..<6 { bytes[pixel * 4 + 3] = 255 }
        #expect(try Self.image(bytes, alpha: .premultipliedLast).isOpaqueInEveryPixel)
        #expect(try Self.image(bytes, alpha: .last).isOpaqueInEveryPixel)
        // The last pixel of the last row only is translucent.
        bytes[23] = 254
        #expect(try !Self.image(bytes, alpha: .premultipliedLast).isOpaqueInEveryPixel)
        // Without alpha, every pixel is opaque whatever the padding byte holds.
        #expect(try Self.image(bytes, alpha: .noneSkipLast).isOpaqueInEveryPixel)
    }

    @Test func cairosLayoutIsReadInPlace() throws {
        let context = try #require(
            CGContext(
                data: nil, width: 5, height: 3, bitsPerComponent: 8, bytesPerRow: 0, space: Self.rgb,
                bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue
                    | CGBitmapInfo.byteOrder32Little.rawValue))
        context.setFillColor(CGColor(red: 0.2, green: 0.5, blue: 0.7, alpha: 1))
        context.fill(CGRect(x: 0, y: 0, width: 5, height: 3))
        let opaque = try #require(context.makeImage())
        #expect(opaque.alphaInfo == .premultipliedFirst)
        #expect(opaque.isOpaqueInEveryPixel)
        // Asked again: the kept answer.
        #expect(opaque.isOpaqueInEveryPixel)
        context.clear(CGRect(x: 4, y: 0, width: 1, height: 1))
        #expect(try !#require(context.makeImage()).isOpaqueInEveryPixel)
        #expect(opaque.isOpaqueInEveryPixel)
    }

    /// A layout the compositor cannot upload is never counted opaque.
    @Test func anUnreadableLayoutIsNotOpaque() throws {
        let bytes = [UInt8](repeating: 0xFF, count: 48)
        #expect(try !Self.image(bytes, alpha: .premultipliedLast, bitsPerComponent: 16).isOpaqueInEveryPixel)
    }
}
