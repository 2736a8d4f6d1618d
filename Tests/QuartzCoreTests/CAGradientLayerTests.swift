import QuartzCore
import Testing

/// Tolerance for presented values computed through timing functions.
private let presentationTolerance: CGFloat = 1e-6

/// One 8-bit step, for pixels read back from a rasterised gradient.
private let pixelTolerance = 1.5

@Suite("CAGradientLayer")
struct CAGradientLayerTests {
    private static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    private static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

    /// The premultiplied RGBA of the pixel at (x, y), top row first.
    private static func pixel(_ image: CGImage, _ x: Int, _ y: Int) throws -> [Double] {
        let context = try #require(
            CGContext(
                data: nil, width: image.width, height: image.height, bitsPerComponent: 8, bytesPerRow: 0,
                space: CGColorSpace(name: CGColorSpace.sRGB)!,
                bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        context.draw(image, in: CGRect(x: 0, y: 0, width: image.width, height: image.height))
        let bytes = try #require(context.data).assumingMemoryBound(to: UInt8.self)
        let offset = y * context.bytesPerRow + x * 4
        return (0..<4).map { Double(bytes[offset + $0]) }
    }

    @Test func defaultsAreApples() {
        let layer = CAGradientLayer()
        #expect(layer.colors == nil)
        #expect(layer.locations == nil)
        #expect(layer.startPoint == CGPoint(x: 0.5, y: 0))
        #expect(layer.endPoint == CGPoint(x: 0.5, y: 1))
        #expect(layer.type == .axial)
        #expect(CAGradientLayer.defaultValue(forKey: "endPoint") as? CGPoint == CGPoint(x: 0.5, y: 1))
        #expect(CAGradientLayerType.conic.rawValue == "conic")
    }

    @Test func keyValueCoding() {
        let layer = CAGradientLayer()
        layer.setValue([Self.red, Self.blue], forKey: "colors")
        layer.setValue([0.2, 0.8], forKey: "locations")
        layer.setValue(NSValue(cgPoint: CGPoint(x: 0, y: 0.5)), forKey: "startPoint")
        layer.setValue("radial", forKey: "type")
        #expect(layer.colors?.count == 2)
        #expect(layer.locations?.map(\.doubleValue) == [0.2, 0.8])
        #expect(layer.startPoint == CGPoint(x: 0, y: 0.5))
        #expect(layer.type == .radial)
        let copy = CAGradientLayer(layer: layer)
        #expect(copy.colors?.count == 2 && copy.type == .radial && copy.startPoint == layer.startPoint)
    }

    @Test func axialGradientRunsFromStartToEndAndExtends() throws {
        let layer = CAGradientLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 10)
        layer.colors = [Self.red, Self.blue]
        layer.startPoint = CGPoint(x: 0.25, y: 0.5)
        layer.endPoint = CGPoint(x: 0.75, y: 0.5)
        let (image, rect) = try #require(layer.kindContents(scale: 1))
        #expect(rect == layer.bounds)
        #expect(try Self.pixel(image, 5, 5) == [255, 0, 0, 255])
        #expect(try Self.pixel(image, 95, 5) == [0, 0, 255, 255])
        let middle = try Self.pixel(image, 50, 5)
        #expect(abs(middle[0] - 127.5) <= pixelTolerance + 2 && abs(middle[2] - 127.5) <= pixelTolerance + 2)
    }

    @Test func singleColourFillsAndNoColourDrawsNothing() throws {
        let layer = CAGradientLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 8, height: 8)
        #expect(layer.kindContents(scale: 1) == nil)
        layer.colors = []
        #expect(layer.kindContents(scale: 1) == nil)
        layer.colors = [Self.red]
        layer.startPoint = CGPoint(x: 0.5, y: 0.5)
        layer.endPoint = CGPoint(x: 1, y: 1)
        for type in [CAGradientLayerType.axial, .radial, .conic] {
            layer.type = type
            let (image, _) = try #require(layer.kindContents(scale: 1))
            #expect(try Self.pixel(image, 0, 0) == [255, 0, 0, 255])
            #expect(try Self.pixel(image, 7, 7) == [255, 0, 0, 255])
        }
    }

    @Test func conicAngleGrowsClockwiseFromTheEndPoint() throws {
        let layer = CAGradientLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
        layer.type = .conic
        layer.colors = [Self.red, Self.blue]
        layer.startPoint = CGPoint(x: 0.5, y: 0.5)
        layer.endPoint = CGPoint(x: 1, y: 0.5)
        let (image, _) = try #require(layer.kindContents(scale: 1))
        // A quarter turn clockwise (below the centre on screen): a quarter of the way to blue.
        let below = try Self.pixel(image, 20, 36)
        #expect(abs(below[0] - 0.75 * 255) <= 4 && abs(below[2] - 0.25 * 255) <= 4)
        let above = try Self.pixel(image, 20, 3)
        #expect(abs(above[0] - 0.25 * 255) <= 4 && abs(above[2] - 0.75 * 255) <= 4)
    }

    @Test func degenerateGeometryDrawsNothing() {
        let layer = CAGradientLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 8, height: 8)
        layer.colors = [Self.red, Self.blue]
        layer.endPoint = layer.startPoint
        #expect(layer.kindContents(scale: 1) == nil)
        layer.endPoint = CGPoint(x: CGFloat.nan, y: 1)
        #expect(layer.kindContents(scale: 1) == nil)
        layer.type = .radial
        layer.startPoint = CGPoint(x: 0.5, y: 0.5)
        layer.endPoint = CGPoint(x: 0.5, y: 1)  // zero width
        #expect(layer.kindContents(scale: 1) == nil)
        layer.endPoint = CGPoint(x: 1, y: 1)
        layer.bounds = .zero
        #expect(layer.kindContents(scale: 1) == nil)
    }
}

extension ManualClockTests {
    @Suite("CAGradientLayer animations")
    struct CAGradientLayerAnimationTests {
        @Test func coloursLocationsAndPointsAnimate() throws {
            try withManualClock {
                let root = makeLayer("root", frame: CGRect(x: 0, y: 0, width: 100, height: 100))
                let layer = CAGradientLayer()
                layer.colors = [
                    CGColor(red: 0, green: 0, blue: 0, alpha: 1),
                    CGColor(red: 1, green: 1, blue: 1, alpha: 1),
                ]
                layer.locations = [0, 1]
                root.addSublayer(layer)
                CATransaction.flush()
                CATransaction.begin()
                CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
                CATransaction.setAnimationDuration(1)
                layer.colors = [
                    CGColor(red: 1, green: 0, blue: 0, alpha: 1),
                    CGColor(red: 0, green: 0, blue: 1, alpha: 1),
                ]
                layer.locations = [0.2, 0.6]
                layer.startPoint = CGPoint(x: 0, y: 0)
                CATransaction.commit()
                CAMediaClock.advance(by: 0.5)
                let presented = try #require(layer.presentation())
                let colors = try #require(presented.colors as? [CGColor])
                let first = try #require(colors[0].components)
                let second = try #require(colors[1].components)
                #expect(
                    isClose(first[0], 0.5, presentationTolerance)
                        && isClose(first[2], 0, presentationTolerance))
                #expect(
                    isClose(second[0], 0.5, presentationTolerance)
                        && isClose(second[2], 1, presentationTolerance))
                let locations = try #require(presented.locations).map { CGFloat($0.doubleValue) }
                #expect(isClose(locations[0], 0.1, presentationTolerance))
                #expect(isClose(locations[1], 0.8, presentationTolerance))
                #expect(isClose(presented.startPoint, CGPoint(x: 0.25, y: 0), presentationTolerance))
            }
        }

        @Test func colourArraysOfDifferentCountsJump() throws {
            try withManualClock {
                let layer = CAGradientLayer()
                let two: [Any] = [
                    CGColor(red: 0, green: 0, blue: 0, alpha: 1),
                    CGColor(red: 1, green: 1, blue: 1, alpha: 1),
                ]
                let three: [Any] = two + [CGColor(red: 1, green: 0, blue: 0, alpha: 1)]
                CATransaction.flush()
                let animation = CABasicAnimation(keyPath: "colors")
                animation.fromValue = two
                animation.toValue = three
                animation.duration = 1
                layer.add(animation, forKey: nil)
                CATransaction.flush()
                CAMediaClock.advance(by: 0.3)
                #expect(layer.presentation()?.colors?.count == 2)
                CAMediaClock.advance(by: 0.5)
                #expect(layer.presentation()?.colors?.count == 3)
            }
        }
    }
}
