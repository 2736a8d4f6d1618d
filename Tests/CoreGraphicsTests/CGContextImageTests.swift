import CoreGraphics
import Foundation
import Testing

/// An opaque RGBA image whose pixels are `colors`, row by row from the top.
private func image(width: Int, height: Int, colors: [[UInt8]], interpolate: Bool = true) -> CGImage {
    CGImage(
        width: width, height: height, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: width * 4,
        space: CGColorSpaceCreateDeviceRGB(),
        bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedLast.rawValue),
        provider: CGDataProvider(data: Data(colors.flatMap { $0 }))!, decode: nil,
        shouldInterpolate: interpolate, intent: .defaultIntent)!
}

private let red: [UInt8] = [255, 0, 0, 255]
private let green: [UInt8] = [0, 255, 0, 255]
private let blue: [UInt8] = [0, 0, 255, 255]
private let white: [UInt8] = [255, 255, 255, 255]
private let clear: [UInt8] = [0, 0, 0, 0]

/// 2×2: red top left, green top right, blue bottom left, white bottom right.
private let corners = image(width: 2, height: 2, colors: [red, green, blue, white])

/// One 8-bit level: the most a bilinear sample may differ from the value computed by hand.
private let oneLevel = 1

@Suite("CGContext images")
struct CGContextImageTests {
    @Test func imageFillsTheRectUprightWithItsTopRowAtMaxY() {
        let context = rgbaContext(width: 8, height: 8)
        context.interpolationQuality = .none
        // Device rows y 2..<6 are memory rows 2..<6; columns 2..<6.
        context.draw(corners, in: CGRect(x: 2, y: 2, width: 4, height: 4))
        for row in 0..<8 {
            for x in 0..<8 {
                let expected: [UInt8]
                switch (row, x) {
                case (2..<4, 2..<4): expected = red
                case (2..<4, 4..<6): expected = green
                case (4..<6, 2..<4): expected = blue
                case (4..<6, 4..<6): expected = white
                default: expected = clear
                }
                #expect(pixel(context, x: x, row: row) == expected, "pixel (\(x), \(row))")
            }
        }
    }

    @Test func unscaledDrawIsExactWithTheDefaultQuality() {
        let context = rgbaContext(width: 4, height: 4)
        #expect(context.interpolationQuality == .default)
        context.draw(corners, in: CGRect(x: 1, y: 0, width: 2, height: 2))
        #expect(pixel(context, x: 1, row: 2) == red)
        #expect(pixel(context, x: 2, row: 2) == green)
        #expect(pixel(context, x: 1, row: 3) == blue)
        #expect(pixel(context, x: 2, row: 3) == white)
        #expect(pixel(context, x: 0, row: 3) == clear)
        #expect(pixel(context, x: 1, row: 1) == clear)
    }

    @Test func aFlippedCTMShowsTheImageUpsideDown() {
        let context = rgbaContext(width: 2, height: 2)
        context.translateBy(x: 0, y: 2)
        context.scaleBy(x: 1, y: -1)
        context.draw(corners, in: CGRect(x: 0, y: 0, width: 2, height: 2))
        #expect(pixel(context, x: 0, row: 0) == blue)
        #expect(pixel(context, x: 1, row: 0) == white)
        #expect(pixel(context, x: 0, row: 1) == red)
        #expect(pixel(context, x: 1, row: 1) == green)
    }

    @Test func interpolationFollowsTheQualityAndTheImage() {
        let black: [UInt8] = [0, 0, 0, 255]
        let stripe = image(width: 2, height: 1, colors: [black, white])
        let smooth = rgbaContext(width: 8, height: 1)
        smooth.interpolationQuality = .low
        smooth.draw(stripe, in: CGRect(x: 0, y: 0, width: 8, height: 1))
        // Column 3's centre (3.5) is image x 0.875, 0.375 of the way from pixel 0's centre to
        // pixel 1's: 0.375 × 255 = 95.6. The edges repeat the edge pixels (pad), no fade.
        #expect(abs(Int(pixel(smooth, x: 3, row: 0)[0]) - 96) <= oneLevel)
        #expect(pixel(smooth, x: 0, row: 0) == black)
        #expect(pixel(smooth, x: 7, row: 0) == white)

        let nearest = rgbaContext(width: 8, height: 1)
        nearest.interpolationQuality = .none
        nearest.draw(stripe, in: CGRect(x: 0, y: 0, width: 8, height: 1))
        #expect(pixel(nearest, x: 3, row: 0) == black)
        #expect(pixel(nearest, x: 4, row: 0) == white)

        let unsmoothed = rgbaContext(width: 8, height: 1)
        unsmoothed.interpolationQuality = .high
        unsmoothed.draw(
            image(width: 2, height: 1, colors: [black, white], interpolate: false),
            in: CGRect(x: 0, y: 0, width: 8, height: 1))
        #expect(pixel(unsmoothed, x: 3, row: 0) == black)
        #expect(pixel(unsmoothed, x: 4, row: 0) == white)
    }

    @Test func interpolationQualityHasApplesRawValuesAndIsSavedWithTheState() {
        #expect(
            [CGInterpolationQuality.default, .none, .low, .medium, .high].map(\.rawValue) == [0, 1, 2, 4, 3])
        let context = rgbaContext(width: 1, height: 1)
        context.saveGState()
        context.interpolationQuality = .high
        #expect(context.interpolationQuality == .high)
        context.restoreGState()
        #expect(context.interpolationQuality == .default)
    }

    @Test func globalAlphaAndClipApply() {
        let context = rgbaContext(width: 4, height: 1)
        context.clip(to: CGRect(x: 0, y: 0, width: 2, height: 1))
        context.setAlpha(0.5)
        context.draw(image(width: 1, height: 1, colors: [white]), in: CGRect(x: 0, y: 0, width: 4, height: 1))
        // 0.5 becomes Cairo's 8-bit alpha 128; white × 128/255 = 128.
        #expect(pixel(context, x: 1, row: 0) == [128, 128, 128, 128])
        #expect(pixel(context, x: 2, row: 0) == clear)
    }

    @Test func tilingRepeatsTheImageFromTheRectOrigin() {
        let context = rgbaContext(width: 6, height: 6)
        context.interpolationQuality = .none
        context.draw(corners, in: CGRect(x: 0, y: 0, width: 2, height: 2), byTiling: true)
        for x in 0..<6 {
            #expect(pixel(context, x: x, row: 0) == (x % 2 == 0 ? red : green))
            #expect(pixel(context, x: x, row: 3) == (x % 2 == 0 ? blue : white))
            #expect(pixel(context, x: x, row: 4) == (x % 2 == 0 ? red : green))
        }
    }

    @Test func badRectsDrawNothing() {
        let context = rgbaContext(width: 4, height: 4)
        for rect in [
            CGRect.null, CGRect(x: 0, y: 0, width: 0, height: 4),
            CGRect(x: CGFloat.nan, y: 0, width: 4, height: 4),
            CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 4),
        ] {
            context.draw(corners, in: rect)
        }
        context.scaleBy(x: 0, y: 1)
        context.draw(corners, in: CGRect(x: 0, y: 0, width: 4, height: 4))
        let bytes = UnsafeRawBufferPointer(start: context.data, count: context.bytesPerRow * 4)
        #expect(bytes.allSatisfy { $0 == 0 })
    }

    @Test func aNegativeSizeRectIsStandardized() {
        let context = rgbaContext(width: 2, height: 2)
        context.interpolationQuality = .none
        context.draw(corners, in: CGRect(x: 2, y: 2, width: -2, height: -2))
        #expect(pixel(context, x: 0, row: 0) == red)
        #expect(pixel(context, x: 1, row: 1) == white)
    }

    @Test func decodedImagesDrawLikeTheirPixels() throws {
        let source = rgbaContext(width: 2, height: 2)
        source.interpolationQuality = .none
        source.draw(corners, in: CGRect(x: 0, y: 0, width: 2, height: 2))
        let decoded = try CGImage.load(data: try source.makeImage()!.pngData())
        let context = rgbaContext(width: 2, height: 2)
        context.draw(decoded, in: CGRect(x: 0, y: 0, width: 2, height: 2))
        #expect(pixel(context, x: 0, row: 0) == red)
        #expect(pixel(context, x: 1, row: 0) == green)
        #expect(pixel(context, x: 0, row: 1) == blue)
    }
}
