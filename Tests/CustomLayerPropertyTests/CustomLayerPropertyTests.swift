import QuartzCore
import Testing

// A layer property declared as an app declares one — a `CALayer` subclass with one
// `@LayerProperty` and `needsDisplay(forKey:)`, nothing else — reached only through Lamina's
// public API (this target uses no `package` symbol): key-value coding, a basic and a keyframe
// animation, `presentation()`, a rasterized ancestor and `CARenderer`'s pixels all follow it.

/// A 100×10 gauge filled red from the left over `level` of its width.
final class GaugeLayer: CALayer {
    @LayerProperty var level: CGFloat = 0

    override class func needsDisplay(forKey key: String) -> Bool {
        key == "level" || super.needsDisplay(forKey: key)
    }

    override func draw(in ctx: CGContext) {
        ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: bounds.width * level, height: bounds.height))
    }
}

@Suite(.serialized) struct CustomLayerPropertyTests {
    /// A root holding a gauge (in a container that may be rasterized), and a renderer for it.
    static func scene(rasterized: Bool = false) throws -> (gauge: GaugeLayer, renderer: CARenderer) {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 10)
        let container = CALayer()
        container.frame = root.bounds
        container.shouldRasterize = rasterized
        let gauge = GaugeLayer()
        gauge.frame = root.bounds
        gauge.setNeedsDisplay()
        container.addSublayer(gauge)
        root.addSublayer(container)
        return (gauge, try CARenderer(layer: root, size: CGSize(width: 100, height: 10)))
    }

    /// The red pixels along the middle row of `image`, read back through a bitmap context.
    static func filled(_ image: CGImage) -> Int {
        let context = CGContext(
            data: nil, width: 100, height: 10, bitsPerComponent: 8, bytesPerRow: 400,
            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        context.draw(image, in: CGRect(x: 0, y: 0, width: 100, height: 10))
        let bytes = context.data!.assumingMemoryBound(to: UInt8.self)
        return (0..<100).filter { x in
            let i = 5 * 400 + x * 4
            return bytes[i] > 200 && bytes[i + 1] < 50 && bytes[i + 2] < 50
        }.count
    }

    @Test func keyValueCodingReadsAndWritesTheProperty() {
        let gauge = GaugeLayer()
        #expect(gauge.value(forKey: "level") as? CGFloat == 0)
        gauge.setValue(0.5, forKey: "level")
        #expect(gauge.level == 0.5)
        gauge.setValue(NSNumber(value: 0.25), forKey: "level")
        #expect(gauge.value(forKey: "level") as? CGFloat == 0.25)
        #expect(GaugeLayer.needsDisplay(forKey: "level"))
    }

    @Test(arguments: [false, true])
    func aBasicAnimationDrivesPresentationAndPixels(rasterized: Bool) throws {
        try CAMediaClock.withManualTime(at: 100) {
            let (gauge, renderer) = try Self.scene(rasterized: rasterized)
            _ = renderer.image(atTime: 100)
            let fill = CABasicAnimation(keyPath: "level")
            fill.fromValue = 0
            fill.toValue = 1
            fill.duration = 2
            fill.beginTime = 100
            gauge.add(fill, forKey: "fill")
            CATransaction.flush()
            var counts: [Int] = []
            var presented: [CGFloat] = []
            for step in [0.5, 1, 1.5] {
                CAMediaClock.useManualTime(100 + step)
                presented.append(try #require(gauge.presentation()).level)
                counts.append(Self.filled(try #require(renderer.image(atTime: 100 + step))))
            }
            #expect(presented == [0.25, 0.5, 0.75])
            #expect(counts == [25, 50, 75])
            // After the animation, the model's level (0) is drawn again.
            #expect(Self.filled(try #require(renderer.image(atTime: 103))) == 0)
        }
    }

    @Test func aKeyframeAnimationDrivesPresentationAndPixels() throws {
        try CAMediaClock.withManualTime(at: 100) {
            let (gauge, renderer) = try Self.scene()
            gauge.level = 0.1
            let steps = CAKeyframeAnimation(keyPath: "level")
            steps.values = [0, 1, 0.5]
            steps.duration = 2
            steps.beginTime = 100
            gauge.add(steps, forKey: "steps")
            CATransaction.flush()
            var counts: [Int] = []
            var presented: [CGFloat] = []
            for step in [0.5, 1.5] {
                CAMediaClock.useManualTime(100 + step)
                presented.append(try #require(gauge.presentation()).level)
                counts.append(Self.filled(try #require(renderer.image(atTime: 100 + step))))
            }
            #expect(presented == [0.5, 0.75])
            #expect(counts == [50, 75])
            #expect(Self.filled(try #require(renderer.image(atTime: 103))) == 10)
        }
    }
}
