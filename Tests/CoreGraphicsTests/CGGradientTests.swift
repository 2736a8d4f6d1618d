import CoreGraphics
import Foundation
import Testing

/// An sRGB colour from 8-bit components.
private func color(_ red: Int, _ green: Int, _ blue: Int, _ alpha: Int = 255) -> CGColor {
    CGColor(
        red: CGFloat(red) / 255, green: CGFloat(green) / 255, blue: CGFloat(blue) / 255,
        alpha: CGFloat(alpha) / 255)
}

/// From (200, 0, 100) to (100, 200, 0): the midpoint (150, 100, 50) is exact in 8 bits.
private let warm = CGGradient(
    colorsSpace: CGColorSpaceCreateDeviceRGB(), colors: [color(200, 0, 100), color(100, 200, 0)],
    locations: [0, 1])!

private let start: [UInt8] = [200, 0, 100, 255]
private let middle: [UInt8] = [150, 100, 50, 255]
private let end: [UInt8] = [100, 200, 0, 255]
private let marker: [UInt8] = [0, 0, 255, 255]

/// A context pre-filled with opaque blue, so untouched pixels can be told from painted ones.
private func markedContext(width: Int, height: Int) -> CGContext {
    let context = rgbaContext(width: width, height: height)
    context.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
    context.fill(CGRect(x: 0, y: 0, width: width, height: height))
    return context
}

@Suite("CGGradient")
struct CGGradientTests {
    @Test func linearGradientEndpointsAndMidpoint() {
        // Pixel centres 0.5, 1.5, 2.5 sit at locations 0, 0.5 and 1.
        let context = markedContext(width: 3, height: 1)
        context.drawLinearGradient(
            warm, start: CGPoint(x: 0.5, y: 0), end: CGPoint(x: 2.5, y: 0), options: [])
        #expect(pixel(context, x: 0, row: 0) == start)
        #expect(pixel(context, x: 1, row: 0) == middle)
        #expect(pixel(context, x: 2, row: 0) == end)
    }

    @Test func grayRampMatchesTheLocationOfEachPixel() {
        var components: [CGFloat] = [0, 1, 1, 1]
        let ramp = CGGradient(
            colorSpace: CGColorSpaceCreateDeviceGray(), colorComponents: &components, locations: nil, count: 2
        )!
        let context = rgbaContext(width: 256, height: 1)
        context.drawLinearGradient(
            ramp, start: CGPoint(x: 0.5, y: 0), end: CGPoint(x: 255.5, y: 0), options: [])
        for x in [0, 51, 102, 204, 255] {
            let value = UInt8(x)
            #expect(pixel(context, x: x, row: 0) == [value, value, value, 255], "column \(x)")
        }
    }

    @Test func withoutOptionsOutsideTheBandIsUntouched() {
        let context = markedContext(width: 8, height: 1)
        context.drawLinearGradient(warm, start: CGPoint(x: 2, y: 0), end: CGPoint(x: 6, y: 0), options: [])
        #expect(pixel(context, x: 1, row: 0) == marker)
        #expect(pixel(context, x: 6, row: 0) == marker)
        #expect(pixel(context, x: 2, row: 0) != marker)
    }

    @Test func optionsExtendEachEndSeparately() {
        let before = markedContext(width: 8, height: 1)
        before.drawLinearGradient(
            warm, start: CGPoint(x: 2, y: 0), end: CGPoint(x: 6, y: 0), options: .drawsBeforeStartLocation)
        #expect(pixel(before, x: 0, row: 0) == start)
        #expect(pixel(before, x: 7, row: 0) == marker)

        let after = markedContext(width: 8, height: 1)
        after.drawLinearGradient(
            warm, start: CGPoint(x: 2, y: 0), end: CGPoint(x: 6, y: 0), options: .drawsAfterEndLocation)
        #expect(pixel(after, x: 0, row: 0) == marker)
        #expect(pixel(after, x: 7, row: 0) == end)

        let both = markedContext(width: 8, height: 1)
        both.drawLinearGradient(
            warm, start: CGPoint(x: 2, y: 0), end: CGPoint(x: 6, y: 0),
            options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        #expect(pixel(both, x: 0, row: 0) == start)
        #expect(pixel(both, x: 7, row: 0) == end)
        #expect(CGGradientDrawingOptions.drawsBeforeStartLocation.rawValue == 1)
        #expect(CGGradientDrawingOptions.drawsAfterEndLocation.rawValue == 2)
    }

    @Test func verticalGradientRunsUpInUserSpace() {
        // From y = 0.5 (bottom row) to y = 2.5 (top row): memory row 0 is the end colour.
        let context = markedContext(width: 1, height: 3)
        context.drawLinearGradient(
            warm, start: CGPoint(x: 0, y: 0.5), end: CGPoint(x: 0, y: 2.5), options: [])
        #expect(pixel(context, x: 0, row: 0) == end)
        #expect(pixel(context, x: 0, row: 1) == middle)
        #expect(pixel(context, x: 0, row: 2) == start)
    }

    @Test func radialGradientCentreEdgeAndOutside() {
        let center = CGPoint(x: 8.5, y: 8.5)  // the centre of pixel (8, row 8) in a 17×17 bitmap
        let plain = markedContext(width: 17, height: 17)
        plain.drawRadialGradient(
            warm, startCenter: center, startRadius: 0, endCenter: center, endRadius: 8, options: [])
        #expect(pixel(plain, x: 8, row: 8) == start)
        #expect(pixel(plain, x: 12, row: 8) == middle)  // distance 4: location 0.5
        #expect(pixel(plain, x: 8, row: 12) == middle)
        #expect(pixel(plain, x: 0, row: 0) == marker)  // distance 11.3 > 8
        #expect(pixel(plain, x: 16, row: 16) == marker)

        let extended = markedContext(width: 17, height: 17)
        extended.drawRadialGradient(
            warm, startCenter: center, startRadius: 0, endCenter: center, endRadius: 8,
            options: .drawsAfterEndLocation)
        #expect(pixel(extended, x: 0, row: 0) == end)
    }

    @Test func radialDrawsBeforeStartFillsTheStartCircle() {
        let center = CGPoint(x: 8.5, y: 8.5)
        let plain = markedContext(width: 17, height: 17)
        plain.drawRadialGradient(
            warm, startCenter: center, startRadius: 4, endCenter: center, endRadius: 8, options: [])
        #expect(pixel(plain, x: 8, row: 8) == marker)
        #expect(pixel(plain, x: 14, row: 8) == middle)  // distance 6: location 0.5

        let before = markedContext(width: 17, height: 17)
        before.drawRadialGradient(
            warm, startCenter: center, startRadius: 4, endCenter: center, endRadius: 8,
            options: .drawsBeforeStartLocation)
        #expect(pixel(before, x: 8, row: 8) == start)
    }

    @Test func locationsDefaultToEvenSpacing() {
        let threeStops = CGGradient(
            colorsSpace: nil, colors: [color(255, 255, 255), color(0, 0, 0), color(255, 255, 255)],
            locations: nil)!
        let context = rgbaContext(width: 5, height: 1)
        context.drawLinearGradient(
            threeStops, start: CGPoint(x: 0.5, y: 0), end: CGPoint(x: 4.5, y: 0), options: [])
        #expect(pixel(context, x: 2, row: 0) == [0, 0, 0, 255])
        #expect(pixel(context, x: 0, row: 0) == [255, 255, 255, 255])
        #expect(pixel(context, x: 4, row: 0) == [255, 255, 255, 255])
    }

    @Test func unorderedLocationsAreSortedAndMissingEndsUseTheNearestColour() {
        // Black at 0.75, white at 0.25: white below 0.25, black above 0.75.
        let gradient = CGGradient(
            colorsSpace: nil, colors: [color(0, 0, 0), color(255, 255, 255)], locations: [0.75, 0.25])!
        let context = rgbaContext(width: 4, height: 1)
        context.drawLinearGradient(
            gradient, start: CGPoint(x: 0, y: 0), end: CGPoint(x: 4, y: 0), options: [])
        #expect(pixel(context, x: 0, row: 0) == [255, 255, 255, 255])
        #expect(pixel(context, x: 3, row: 0) == [0, 0, 0, 255])
    }

    @Test func invalidInputGivesNil() {
        var components: [CGFloat] = [0, 1]
        #expect(CGGradient(colorsSpace: nil, colors: [], locations: nil) == nil)
        #expect(
            CGGradient(
                colorSpace: CGColorSpaceCreateDeviceGray(), colorComponents: &components, locations: nil,
                count: 0) == nil)
        #expect(CGGradient(colorsSpace: nil, colors: [color(0, 0, 0)], locations: [CGFloat.nan]) == nil)
    }

    @Test func badGeometryDrawsNothing() {
        let context = markedContext(width: 4, height: 4)
        context.drawLinearGradient(warm, start: .zero, end: .zero, options: [.drawsAfterEndLocation])
        context.drawLinearGradient(
            warm, start: CGPoint(x: CGFloat.nan, y: 0), end: CGPoint(x: 1, y: 0),
            options: [.drawsAfterEndLocation])
        context.drawRadialGradient(
            warm, startCenter: .zero, startRadius: -1, endCenter: .zero, endRadius: 4,
            options: [.drawsAfterEndLocation])
        context.drawRadialGradient(
            warm, startCenter: .zero, startRadius: 0, endCenter: .zero, endRadius: CGFloat.infinity,
            options: [])
        #expect((0..<4).allSatisfy { pixel(context, x: $0, row: $0) == marker })
    }

    @Test func clipGlobalAlphaAndCopyModeKeepOutsideUntouched() {
        let context = markedContext(width: 8, height: 1)
        context.clip(to: CGRect(x: 0, y: 0, width: 4, height: 1))
        context.setBlendMode(.copy)
        context.setAlpha(0.5)
        context.drawLinearGradient(
            warm, start: CGPoint(x: 2, y: 0), end: CGPoint(x: 8, y: 0), options: .drawsBeforeStartLocation)
        // Copy replaces with the start colour at alpha 0.5 (Cairo's 128): 200 × 128/255 = 100.4.
        #expect(pixel(context, x: 0, row: 0) == [100, 0, 50, 128])
        #expect(pixel(context, x: 5, row: 0) == marker)  // outside the clip
        let unextended = markedContext(width: 8, height: 1)
        unextended.setBlendMode(.copy)
        unextended.drawLinearGradient(warm, start: CGPoint(x: 2, y: 0), end: CGPoint(x: 6, y: 0), options: [])
        #expect(pixel(unextended, x: 0, row: 0) == marker)  // before the start: not cleared by copy
        #expect(pixel(unextended, x: 7, row: 0) == marker)
    }
}
