import CoreGraphics
import Foundation
import Testing

// Ruling G13 (docs/DECISIONS.md): `clip(to:mask:)`.

/// A DeviceGray image without alpha whose samples are `samples`, row by row from the top.
private func grayMask(width: Int, height: Int, _ samples: [UInt8]) -> CGImage {
    CGImage(
        width: width, height: height, bitsPerComponent: 8, bitsPerPixel: 8, bytesPerRow: width,
        space: CGColorSpaceCreateDeviceGray(),
        bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.none.rawValue),
        provider: CGDataProvider(data: Data(samples))!, decode: nil, shouldInterpolate: false,
        intent: .defaultIntent)!
}

/// A premultiplied RGBA image (bytes R, G, B, A) row by row from the top.
private func rgbaImage(width: Int, height: Int, _ pixels: [[UInt8]]) -> CGImage {
    CGImage(
        width: width, height: height, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: width * 4,
        space: CGColorSpaceCreateDeviceRGB(),
        bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedLast.rawValue),
        provider: CGDataProvider(data: Data(pixels.flatMap { $0 }))!, decode: nil, shouldInterpolate: false,
        intent: .defaultIntent)!
}

private let whole = CGRect(x: 0, y: 0, width: 20, height: 10)

private func redFill(_ context: CGContext) {
    context.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
    context.fill(whole)
}

@Test func graySamplesAreCoverage() {
    let context = rgbaContext(width: 20, height: 10)
    context.clip(to: whole, mask: grayMask(width: 2, height: 1, [255, 0]))
    redFill(context)
    #expect(pixel(context, x: 3, row: 5) == [255, 0, 0, 255])
    #expect(pixel(context, x: 16, row: 5) == [0, 0, 0, 0])
}

@Test func midGrayHalvesTheDrawing() {
    let context = rgbaContext(width: 20, height: 10)
    context.clip(to: whole, mask: grayMask(width: 1, height: 1, [128]))
    redFill(context)
    let p = pixel(context, x: 10, row: 5)
    #expect(abs(Int(p[0]) - 128) <= 1 && abs(Int(p[3]) - 128) <= 1 && p[1] == 0)
}

@Test func theMaskTopRowLiesAlongMaxY() {
    // y-up device space: the top row of the mask covers the top of the rect, memory row 0.
    let context = rgbaContext(width: 20, height: 10)
    context.clip(to: whole, mask: grayMask(width: 1, height: 2, [255, 0]))
    redFill(context)
    #expect(pixel(context, x: 10, row: 1) == [255, 0, 0, 255])
    #expect(pixel(context, x: 10, row: 8) == [0, 0, 0, 0])
}

@Test func imagesWithAlphaClipByTheirAlpha() {
    // Tinting a template icon: opaque black keeps the fill, transparent removes it. (Taken as
    // gray levels the black pixel would remove everything.)
    let context = rgbaContext(width: 20, height: 10)
    context.clip(to: whole, mask: rgbaImage(width: 2, height: 1, [[0, 0, 0, 255], [0, 0, 0, 0]]))
    redFill(context)
    #expect(pixel(context, x: 3, row: 5) == [255, 0, 0, 255])
    #expect(pixel(context, x: 16, row: 5) == [0, 0, 0, 0])
}

@Test func opaqueColorImagesClipByTheirGrayLevel() {
    let context = rgbaContext(width: 20, height: 10)
    // Pure green without alpha: 0.587 of full coverage.
    context.clip(to: whole, mask: rgbaImage(width: 1, height: 1, [[0, 255, 0, 255]]).copyAsOpaque())
    redFill(context)
    #expect(abs(Int(pixel(context, x: 10, row: 5)[3]) - 150) <= 1)
}

@Test func nothingIsDrawnOutsideTheRect() {
    let context = rgbaContext(width: 20, height: 10)
    context.clip(to: CGRect(x: 0, y: 0, width: 10, height: 10), mask: grayMask(width: 1, height: 1, [255]))
    redFill(context)
    #expect(pixel(context, x: 5, row: 5) == [255, 0, 0, 255])
    #expect(pixel(context, x: 15, row: 5) == [0, 0, 0, 0])
    #expect(context.boundingBoxOfClipPath == CGRect(x: 0, y: 0, width: 10, height: 10))
}

@Test func masksMultiplyAndAreSavedWithTheState() {
    let context = rgbaContext(width: 20, height: 10)
    context.saveGState()
    context.clip(to: whole, mask: grayMask(width: 1, height: 1, [128]))
    context.clip(to: whole, mask: grayMask(width: 1, height: 1, [128]))
    redFill(context)
    #expect(abs(Int(pixel(context, x: 10, row: 5)[3]) - 64) <= 1)
    context.restoreGState()
    context.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
    context.fill(whole)
    #expect(pixel(context, x: 10, row: 5) == [0, 0, 255, 255])
}

@Test func resetClipRemovesTheMask() {
    let context = rgbaContext(width: 20, height: 10)
    context.clip(to: whole, mask: grayMask(width: 1, height: 1, [0]))
    context.resetClip()
    redFill(context)
    #expect(pixel(context, x: 10, row: 5) == [255, 0, 0, 255])
}

@Test func clearingStrokesImagesAndGradientsGoThroughTheMask() throws {
    let mask = grayMask(width: 2, height: 1, [255, 0])
    // clear(_:)
    let cleared = rgbaContext(width: 20, height: 10)
    redFill(cleared)
    cleared.clip(to: whole, mask: mask)
    cleared.clear(whole)
    #expect(pixel(cleared, x: 3, row: 5) == [0, 0, 0, 0])
    #expect(pixel(cleared, x: 16, row: 5) == [255, 0, 0, 255])
    // A stroke.
    let stroked = rgbaContext(width: 20, height: 10)
    stroked.clip(to: whole, mask: mask)
    stroked.setStrokeColor(red: 0, green: 1, blue: 0, alpha: 1)
    stroked.setLineWidth(4)
    stroked.strokeLineSegments(between: [CGPoint(x: 0, y: 5), CGPoint(x: 20, y: 5)])
    #expect(pixel(stroked, x: 3, row: 4) == [0, 255, 0, 255])
    #expect(pixel(stroked, x: 16, row: 4) == [0, 0, 0, 0])
    // An image.
    let drawn = rgbaContext(width: 20, height: 10)
    drawn.clip(to: whole, mask: mask)
    drawn.draw(rgbaImage(width: 1, height: 1, [[0, 0, 255, 255]]), in: whole)
    #expect(pixel(drawn, x: 3, row: 5) == [0, 0, 255, 255])
    #expect(pixel(drawn, x: 16, row: 5) == [0, 0, 0, 0])
    // A gradient, its colours passed as iOS code passes them.
    let shaded = rgbaContext(width: 20, height: 10)
    shaded.clip(to: whole, mask: mask)
    let colors = [CGColor(red: 1, green: 1, blue: 0, alpha: 1), CGColor(red: 1, green: 1, blue: 0, alpha: 1)]
    let gradient = try #require(
        CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(), colors: colors as CFArray, locations: [0, 1]))
    shaded.drawLinearGradient(gradient, start: .zero, end: CGPoint(x: 20, y: 0), options: [])
    #expect(pixel(shaded, x: 3, row: 5) == [255, 255, 0, 255])
    #expect(pixel(shaded, x: 16, row: 5) == [0, 0, 0, 0])
}

@Test func badRectsLeaveTheClipAlone() {
    let context = rgbaContext(width: 20, height: 10)
    let black = grayMask(width: 1, height: 1, [0])
    for rect in [
        CGRect.null, CGRect(x: 0, y: 0, width: 0, height: 5),
        CGRect(x: CGFloat.nan, y: 0, width: 5, height: 5),
    ] {
        context.clip(to: rect, mask: black)
    }
    redFill(context)
    #expect(pixel(context, x: 10, row: 5) == [255, 0, 0, 255])
}

extension CGImage {
    /// The same pixels marked as having no alpha (`noneSkipLast`).
    fileprivate func copyAsOpaque() -> CGImage {
        CGImage(
            width: width, height: height, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: bytesPerRow,
            space: colorSpace!, bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.noneSkipLast.rawValue),
            provider: dataProvider!, decode: nil, shouldInterpolate: false, intent: .defaultIntent)!
    }
}

@Test func aFlippedCTMTurnsTheMaskUpsideDownAsItDoesImages() {
    // In a y-down user space (UIKit's) the mask's top row lands at the bottom of the bitmap, as
    // an image's does; that is why UIKit tinting code flips back to y-up before clipping.
    let context = rgbaContext(width: 20, height: 10)
    context.translateBy(x: 0, y: 10)
    context.scaleBy(x: 1, y: -1)
    context.clip(to: whole, mask: grayMask(width: 1, height: 2, [255, 0]))
    redFill(context)
    #expect(pixel(context, x: 10, row: 8) == [255, 0, 0, 255])
    #expect(pixel(context, x: 10, row: 1) == [0, 0, 0, 0])
}

@Test func textGoesThroughTheMask() {
    let context = rgbaContext(width: 40, height: 20)
    let font = TextFont(name: "Helvetica-Bold", size: 18)
    context.setFillColor(red: 0, green: 0, blue: 0, alpha: 1)
    context.clip(
        to: CGRect(x: 0, y: 0, width: 40, height: 20), mask: grayMask(width: 2, height: 1, [255, 0]))
    context.drawText("MMMMMM", font: font, in: CGRect(x: 0, y: 0, width: 40, height: 20), wraps: false)
    var left = 0
    var right = 0
    for row in 0..<20 {
        for x in 0..<40 where pixel(context, x: x, row: row)[3] > 0 {
            if x < 20 { left += 1 } else { right += 1 }
        }
    }
    #expect(left > 20)
    #expect(right == 0)
}
