import CoreGraphics
import Foundation
import Testing

private let rgb = CGColorSpace(name: CGColorSpace.sRGB)!
private let gray = CGColorSpace(name: CGColorSpace.genericGrayGamma2_2)!

private func info(_ alpha: CGImageAlphaInfo, _ order: CGBitmapInfo = []) -> CGBitmapInfo {
    CGBitmapInfo(rawValue: alpha.rawValue).union(order)
}

/// An image over `bytes` with the given layout, or `nil` where `CGImage` rejects it.
private func makeImage(
    width: Int,
    height: Int,
    bitsPerComponent: Int = 8,
    bitsPerPixel: Int = 32,
    bytesPerRow: Int? = nil,
    space: CGColorSpace = rgb,
    bitmapInfo: CGBitmapInfo = info(.premultipliedLast),
    bytes: [UInt8]? = nil,
    decode: [CGFloat]? = nil
) -> CGImage? {
    let rowBytes = bytesPerRow ?? (width * bitsPerPixel + 7) / 8
    let data = Data(bytes ?? [UInt8](repeating: 0, count: max(rowBytes * height, 0)))
    guard let provider = CGDataProvider(data: data) else { return nil }
    let make = { (pointer: UnsafePointer<CGFloat>?) in
        CGImage(
            width: width,
            height: height,
            bitsPerComponent: bitsPerComponent,
            bitsPerPixel: bitsPerPixel,
            bytesPerRow: rowBytes,
            space: space,
            bitmapInfo: bitmapInfo,
            provider: provider,
            decode: pointer,
            shouldInterpolate: true,
            intent: .defaultIntent
        )
    }
    guard let decode else { return make(nil) }
    return decode.withUnsafeBufferPointer { make($0.baseAddress) }
}

/// A 4×4 RGBA image whose pixel (x, y) is (x, y, 10·y + x, 255).
private func numberedImage() -> CGImage? {
    var bytes = [UInt8]()
    for y in 0..<4 {
        for x in 0..<4 { bytes += [UInt8(x), UInt8(y), UInt8(10 * y + x), 255] }
    }
    return makeImage(width: 4, height: 4, bytes: bytes)
}

@Suite struct CGImageTests {
    @Test func enumRawValuesAreApples() {
        #expect(CGImageAlphaInfo.none.rawValue == 0)
        #expect(CGImageAlphaInfo.premultipliedLast.rawValue == 1)
        #expect(CGImageAlphaInfo.premultipliedFirst.rawValue == 2)
        #expect(CGImageAlphaInfo.last.rawValue == 3)
        #expect(CGImageAlphaInfo.first.rawValue == 4)
        #expect(CGImageAlphaInfo.noneSkipLast.rawValue == 5)
        #expect(CGImageAlphaInfo.noneSkipFirst.rawValue == 6)
        #expect(CGImageAlphaInfo.alphaOnly.rawValue == 7)
        #expect(CGBitmapInfo.alphaInfoMask.rawValue == 0x1F)
        #expect(CGBitmapInfo.floatComponents.rawValue == 0x100)
        #expect(CGBitmapInfo.byteOrderMask.rawValue == 0x7000)
        #expect(CGBitmapInfo.byteOrder16Little.rawValue == 0x1000)
        #expect(CGBitmapInfo.byteOrder32Little.rawValue == 0x2000)
        #expect(CGBitmapInfo.byteOrder16Big.rawValue == 0x3000)
        #expect(CGBitmapInfo.byteOrder32Big.rawValue == 0x4000)
        #expect(CGBitmapInfo.byteOrder32Host == .byteOrder32Little)
        #expect(CGImageByteOrderInfo.order32Little.rawValue == CGBitmapInfo.byteOrder32Little.rawValue)
    }

    @Test func validImageReportsItsDescription() throws {
        let flags = info(.premultipliedFirst, .byteOrder32Little)
        let image = try #require(makeImage(width: 3, height: 2, bytesPerRow: 16, bitmapInfo: flags))
        #expect(image.width == 3 && image.height == 2)
        #expect(image.bitsPerComponent == 8 && image.bitsPerPixel == 32 && image.bytesPerRow == 16)
        #expect(image.colorSpace == rgb)
        #expect(image.alphaInfo == .premultipliedFirst)
        #expect(image.byteOrderInfo == .order32Little)
        #expect(image.bitmapInfo == flags)
        #expect(image.dataProvider?.data?.count == 32)
        #expect(image.shouldInterpolate)
        #expect(image.renderingIntent == .defaultIntent)
        #expect(!image.isMask)
    }

    @Test func inconsistentDescriptionsAreRejected() {
        #expect(makeImage(width: 0, height: 2) == nil)
        #expect(makeImage(width: 2, height: -1, bytes: [0]) == nil)
        // bytesPerRow smaller than width × 4 bytes.
        #expect(
            makeImage(width: 4, height: 1, bytesPerRow: 15, bytes: [UInt8](repeating: 0, count: 64)) == nil)
        // Data shorter than bytesPerRow × height.
        #expect(makeImage(width: 2, height: 2, bytes: [UInt8](repeating: 0, count: 15)) == nil)
        // Unsupported component sizes, and 8-bit floats.
        #expect(makeImage(width: 1, height: 1, bitsPerComponent: 7) == nil)
        #expect(makeImage(width: 1, height: 1, bitmapInfo: info(.last, .floatComponents)) == nil)
        // Undefined alpha info and byte order values.
        #expect(makeImage(width: 1, height: 1, bitmapInfo: CGBitmapInfo(rawValue: 8)) == nil)
        #expect(makeImage(width: 1, height: 1, bitmapInfo: CGBitmapInfo(rawValue: 0x5001)) == nil)
        // 24 bits cannot hold RGB plus alpha at 8 bits each, nor RGB plus a skipped slot.
        #expect(makeImage(width: 1, height: 1, bitsPerPixel: 24) == nil)
        #expect(makeImage(width: 1, height: 1, bitsPerPixel: 24, bitmapInfo: info(.noneSkipLast)) == nil)
        #expect(
            makeImage(
                width: 2, height: 1, bitsPerComponent: 5, bitsPerPixel: 15, bitmapInfo: info(.noneSkipFirst))
                == nil)
        #expect(makeImage(width: 1, height: 1, bitsPerPixel: 24, bitmapInfo: info(.none)) != nil)
        // Sizes whose byte count overflows.
        #expect(makeImage(width: Int.max / 2, height: 1, bytesPerRow: Int.max, bytes: [0]) == nil)
        #expect(
            makeImage(
                width: Int.max / 8, height: 1, bitsPerPixel: 8, bytesPerRow: Int.max,
                bitmapInfo: info(.alphaOnly), bytes: [0]) == nil)
        #expect(makeImage(width: 1, height: Int.max, bytesPerRow: 4, bytes: [0, 0, 0, 0]) == nil)
    }

    @Test func otherValidLayoutsAreAccepted() {
        #expect(
            makeImage(
                width: 5, height: 1, bitsPerComponent: 8, bitsPerPixel: 8, space: gray,
                bitmapInfo: info(.none)) != nil)
        #expect(
            makeImage(
                width: 9, height: 2, bitsPerComponent: 1, bitsPerPixel: 1, space: gray,
                bitmapInfo: info(.none))?.bytesPerRow == 2)
        #expect(
            makeImage(
                width: 2, height: 2, bitsPerComponent: 5, bitsPerPixel: 16, bitmapInfo: info(.noneSkipFirst))
                != nil)
        #expect(
            makeImage(
                width: 2, height: 2, bitsPerComponent: 32, bitsPerPixel: 128,
                bitmapInfo: info(.last, .floatComponents)) != nil)
        #expect(
            makeImage(width: 1, height: 1, bitsPerPixel: 8, space: rgb, bitmapInfo: info(.alphaOnly)) != nil)
    }

    @Test func croppingSelectsTheIntegralIntersection() throws {
        let image = try #require(numberedImage())
        let crop = try #require(image.cropping(to: CGRect(x: 1, y: 2, width: 2, height: 2)))
        #expect(crop.width == 2 && crop.height == 2 && crop.bytesPerRow == 8)
        #expect(crop.bitmapInfo == image.bitmapInfo && crop.colorSpace == image.colorSpace)
        let bytes = [UInt8](crop.dataProvider!.data!)
        #expect(bytes == [1, 2, 21, 255, 2, 2, 22, 255, 1, 3, 31, 255, 2, 3, 32, 255])
        // (0.5, 0.5, 1, 1) becomes (0, 0, 2, 2).
        let fractional = try #require(image.cropping(to: CGRect(x: 0.5, y: 0.5, width: 1, height: 1)))
        #expect(fractional.width == 2 && fractional.height == 2)
        // Partly outside: clipped to the image.
        let clipped = try #require(image.cropping(to: CGRect(x: 3, y: -5, width: 10, height: 6)))
        #expect(clipped.width == 1 && clipped.height == 1)
        #expect([UInt8](clipped.dataProvider!.data!) == [3, 0, 3, 255])
        // A negative-size rectangle is standardized first.
        let flipped = try #require(image.cropping(to: CGRect(x: 4, y: 4, width: -1, height: -1)))
        #expect([UInt8](flipped.dataProvider!.data!) == [3, 3, 33, 255])
    }

    @Test func croppingToNothingReturnsNil() throws {
        let image = try #require(numberedImage())
        #expect(image.cropping(to: CGRect(x: 10, y: 10, width: 2, height: 2)) == nil)
        #expect(image.cropping(to: CGRect(x: 4, y: 0, width: 2, height: 2)) == nil)
        #expect(image.cropping(to: CGRect(x: 1, y: 1, width: 0, height: 2)) == nil)
        #expect(image.cropping(to: .null) == nil)
        #expect(image.cropping(to: CGRect(x: CGFloat.nan, y: 0, width: 2, height: 2)) == nil)
        #expect(image.cropping(to: CGRect(x: 0, y: 0, width: CGFloat.nan, height: 2)) == nil)
        #expect(image.cropping(to: .infinite)?.width == 4)
    }

    @Test func croppingSubBytePixelsShiftsBits() throws {
        let image = try #require(
            makeImage(
                width: 8, height: 1, bitsPerComponent: 1, bitsPerPixel: 1, space: gray,
                bitmapInfo: info(.none), bytes: [0b1011_0010]
            )
        )
        let crop = try #require(image.cropping(to: CGRect(x: 1, y: 0, width: 4, height: 1)))
        #expect(crop.width == 4 && crop.bytesPerRow == 1)
        #expect([UInt8](crop.dataProvider!.data!) == [0b0110_0000])
    }

    @Test func copiesAreDistinctObjectsWithTheSameDescription() throws {
        let image = try #require(numberedImage())
        let copy = try #require(image.copy())
        #expect(copy != image)
        #expect(copy == copy)
        #expect(copy.width == image.width && copy.bytesPerRow == image.bytesPerRow)
        #expect(copy.dataProvider == image.dataProvider)
        let linear = CGColorSpace(name: CGColorSpace.linearSRGB)!
        #expect(image.copy(colorSpace: linear)?.colorSpace == linear)
        #expect(image.copy(colorSpace: gray) == nil)
    }

    @Test func rgbaPixelsPremultiplyStraightAlpha() throws {
        let image = try #require(
            makeImage(width: 2, height: 1, bitmapInfo: info(.last), bytes: [255, 128, 0, 128, 10, 20, 30, 0]))
        #expect(image.premultipliedRGBA8Pixels() == [128, 64, 0, 128, 0, 0, 0, 0])
    }

    @Test func rgbaPixelsReadLittleEndianPremultipliedFirst() throws {
        // BGRA in memory, as Apple's common 32-bit little-endian premultiplied-first layout.
        let flags = info(.premultipliedFirst, .byteOrder32Little)
        let image = try #require(
            makeImage(width: 1, height: 2, bitmapInfo: flags, bytes: [30, 20, 10, 200, 0, 0, 250, 100]))
        // The second pixel's red exceeds its alpha and is clamped to it.
        #expect(image.premultipliedRGBA8Pixels() == [10, 20, 30, 200, 100, 0, 0, 100])
    }

    @Test func rgbaPixelsForOpaqueSkipAndPaddedRows() throws {
        let skipFirst = try #require(
            makeImage(width: 1, height: 1, bitmapInfo: info(.noneSkipFirst), bytes: [7, 1, 2, 3]))
        #expect(skipFirst.premultipliedRGBA8Pixels() == [1, 2, 3, 255])
        let rgb24 = try #require(
            makeImage(
                width: 1, height: 2, bitsPerPixel: 24, bytesPerRow: 4, bitmapInfo: info(.none),
                bytes: [1, 2, 3, 99, 4, 5, 6, 99])
        )
        #expect(rgb24.premultipliedRGBA8Pixels() == [1, 2, 3, 255, 4, 5, 6, 255])
    }

    @Test func grayAndAlphaOnlyPixels() throws {
        let grayImage = try #require(
            makeImage(
                width: 2, height: 1, bitsPerPixel: 8, space: gray, bitmapInfo: info(.none), bytes: [0, 200]))
        #expect(grayImage.premultipliedRGBA8Pixels() == [0, 0, 0, 255, 200, 200, 200, 255])
        let grayAlpha = try #require(
            makeImage(
                width: 1, height: 1, bitsPerPixel: 16, space: gray, bitmapInfo: info(.first),
                bytes: [51, 200]))
        #expect(grayAlpha.premultipliedRGBA8Pixels() == [40, 40, 40, 51])
        let mask = try #require(
            makeImage(width: 2, height: 1, bitsPerPixel: 8, bitmapInfo: info(.alphaOnly), bytes: [0, 77]))
        #expect(mask.premultipliedRGBA8Pixels() == [0, 0, 0, 0, 0, 0, 0, 77])
    }

    @Test func decodeArrayAndLinearSpaceAreApplied() throws {
        let inverted = try #require(
            makeImage(
                width: 2, height: 1, bitsPerPixel: 8, space: gray, bitmapInfo: info(.none), bytes: [0, 255],
                decode: [1, 0])
        )
        #expect(inverted.premultipliedRGBA8Pixels() == [255, 255, 255, 255, 0, 0, 0, 255])
        let linearGray = CGColorSpace(name: CGColorSpace.linearGray)!
        let linear = try #require(
            makeImage(
                width: 1, height: 1, bitsPerPixel: 8, space: linearGray, bitmapInfo: info(.none), bytes: [128]
            ))
        // sRGB encoding of 128/255 is 0.7379…, 188 in 8 bits.
        #expect(linear.premultipliedRGBA8Pixels() == [188, 188, 188, 255])
    }

    @Test func unsupportedPixelLayoutsGiveNil() throws {
        let wide = try #require(makeImage(width: 1, height: 1, bitsPerComponent: 16, bitsPerPixel: 64))
        #expect(wide.premultipliedRGBA8Pixels() == nil)
        let packed = try #require(
            makeImage(
                width: 2, height: 2, bitsPerComponent: 5, bitsPerPixel: 16, bitmapInfo: info(.noneSkipFirst))
        )
        #expect(packed.premultipliedRGBA8Pixels() == nil)
        let bits = try #require(
            makeImage(
                width: 8, height: 1, bitsPerComponent: 1, bitsPerPixel: 1, space: gray,
                bitmapInfo: info(.none)))
        #expect(bits.premultipliedRGBA8Pixels() == nil)
    }

    @Test func dataProviderKeepsItsBytes() throws {
        var bytes = Data([1, 2, 3])
        let provider = try #require(CGDataProvider(data: bytes))
        bytes[0] = 9
        #expect(provider.data == Data([1, 2, 3]))
        #expect(provider != CGDataProvider(data: Data([1, 2, 3])))
    }
}
