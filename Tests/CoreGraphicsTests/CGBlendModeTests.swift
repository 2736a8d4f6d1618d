import CoreGraphics
import Foundation
import Testing

/// Sets the fill colour from 8-bit components.
private func setFill(_ context: CGContext, _ red: Int, _ green: Int, _ blue: Int, _ alpha: Int = 255) {
    context.setFillColor(
        red: CGFloat(red) / 255, green: CGFloat(green) / 255, blue: CGFloat(blue) / 255,
        alpha: CGFloat(alpha) / 255)
}

/// The pixel left by filling a 1×1 context with `destination` (normal mode), then with `source` in
/// `mode`.
private func blended(_ mode: CGBlendMode, source: [Int], destination: [Int]) -> [UInt8] {
    let context = rgbaContext(width: 1, height: 1)
    let whole = CGRect(x: 0, y: 0, width: 1, height: 1)
    setFill(context, destination[0], destination[1], destination[2], destination[3])
    context.fill(whole)
    context.setBlendMode(mode)
    setFill(context, source[0], source[1], source[2], source[3])
    context.fill(whole)
    return pixel(context, x: 0, row: 0)
}

@Suite("CGBlendMode")
struct CGBlendModeTests {
    @Test func rawValuesAreApples() {
        let expected: [(CGBlendMode, Int32)] = [
            (.normal, 0), (.multiply, 1), (.screen, 2), (.overlay, 3), (.darken, 4), (.lighten, 5),
            (.colorDodge, 6), (.colorBurn, 7), (.softLight, 8), (.hardLight, 9), (.difference, 10),
            (.exclusion, 11), (.hue, 12), (.saturation, 13), (.color, 14), (.luminosity, 15), (.clear, 16),
            (.copy, 17), (.sourceIn, 18), (.sourceOut, 19), (.sourceAtop, 20), (.destinationOver, 21),
            (.destinationIn, 22), (.destinationOut, 23), (.destinationAtop, 24), (.xor, 25),
            (.plusDarker, 26), (.plusLighter, 27),
        ]
        #expect(CGBlendMode.allCases.count == expected.count)
        for (mode, raw) in expected {
            #expect(mode.rawValue == raw, "\(mode)")
            #expect(CGBlendMode(rawValue: raw) == mode)
        }
    }

    @Test func multiplyAndScreenOfOpaqueColours() {
        // S × D per component: 128 × 255 / 255, 255 × 128 / 255, 255 × 0.
        #expect(
            blended(.multiply, source: [128, 255, 255, 255], destination: [255, 128, 0, 255]) == [
                128, 128, 0, 255,
            ])
        // S + D − S × D: 128 + 255 − 128 = 255, 0 + 128 − 0, 255 + 0 − 0.
        #expect(
            blended(.screen, source: [128, 0, 255, 255], destination: [255, 128, 0, 255]) == [
                255, 128, 255, 255,
            ])
        #expect(
            blended(.normal, source: [128, 0, 255, 255], destination: [255, 128, 0, 255]) == [
                128, 0, 255, 255,
            ])
    }

    @Test func darkenLightenDifferenceAndPlusLighter() {
        let source = [100, 200, 50, 255]
        let destination = [150, 100, 50, 255]
        #expect(blended(.darken, source: source, destination: destination) == [100, 100, 50, 255])
        #expect(blended(.lighten, source: source, destination: destination) == [150, 200, 50, 255])
        #expect(blended(.difference, source: source, destination: destination) == [50, 100, 0, 255])
        #expect(blended(.plusLighter, source: source, destination: destination) == [250, 255, 100, 255])
    }

    @Test func porterDuffModes() {
        let halfRed = [255, 0, 0, 128]
        let blue = [0, 0, 255, 255]
        // Copy replaces with the premultiplied source: 255 × 128 / 255 = 128.
        #expect(blended(.copy, source: halfRed, destination: blue) == [128, 0, 0, 128])
        #expect(blended(.clear, source: halfRed, destination: blue) == [0, 0, 0, 0])
        // Destination over an opaque destination changes nothing.
        #expect(blended(.destinationOver, source: halfRed, destination: blue) == [0, 0, 255, 255])
        // Destination out: D × (1 − Sa) = 255 × 127 / 255.
        #expect(blended(.destinationOut, source: halfRed, destination: blue) == [0, 0, 127, 127])
        // Source in over a transparent destination leaves nothing.
        #expect(blended(.sourceIn, source: halfRed, destination: [0, 0, 0, 0]) == [0, 0, 0, 0])
    }

    @Test func plusDarkerIsDrawnAsMultiply() {
        let source = [128, 255, 64, 255]
        let destination = [255, 128, 255, 255]
        #expect(
            blended(.plusDarker, source: source, destination: destination)
                == blended(.multiply, source: source, destination: destination))
    }

    @Test func blendModeIsPartOfTheGraphicsState() {
        let context = rgbaContext(width: 1, height: 1)
        #expect(context.blendMode == .normal)
        context.saveGState()
        context.setBlendMode(.multiply)
        #expect(context.blendMode == .multiply)
        context.restoreGState()
        #expect(context.blendMode == .normal)
        // After the restore a fill replaces the colour instead of multiplying it.
        setFill(context, 255, 128, 0)
        context.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        setFill(context, 128, 255, 255)
        context.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(pixel(context, x: 0, row: 0) == [128, 255, 255, 255])
    }

    @Test func blendModeAppliesToStrokesImagesAndGradients() {
        let context = rgbaContext(width: 3, height: 1)
        setFill(context, 255, 128, 0)
        context.fill(CGRect(x: 0, y: 0, width: 3, height: 1))
        context.setBlendMode(.multiply)
        let cyan = CGImage(
            width: 1, height: 1, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 4,
            space: CGColorSpaceCreateDeviceRGB(),
            bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedLast.rawValue),
            provider: CGDataProvider(data: Data([128, 255, 255, 255]))!, decode: nil, shouldInterpolate: true,
            intent: .defaultIntent)!
        context.draw(cyan, in: CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(pixel(context, x: 0, row: 0) == [128, 128, 0, 255])

        let gradient = CGGradient(
            colorsSpace: nil, colors: [CGColor(red: 128.0 / 255, green: 1, blue: 1, alpha: 1)], locations: nil
        )!
        context.drawLinearGradient(
            gradient, start: CGPoint(x: 1, y: 0), end: CGPoint(x: 2, y: 0), options: [])
        #expect(pixel(context, x: 1, row: 0) == [128, 128, 0, 255])

        context.setStrokeColor(red: 128.0 / 255, green: 1, blue: 1, alpha: 1)
        context.setLineWidth(1)
        context.strokeLineSegments(between: [CGPoint(x: 2.5, y: 0), CGPoint(x: 2.5, y: 1)])
        #expect(pixel(context, x: 2, row: 0) == [128, 128, 0, 255])
    }
}
