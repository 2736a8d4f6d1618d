import QuartzCore
import Testing

/// A layer whose class redraws for an animated key is displayed anew every frame with the
/// frame's presented values (ruling RT6), as Apple displays the presentation layer.
@Suite struct RedisplayTests {
    typealias Support = CARendererTests

    /// A 100×10 bar filled red from the left over `progress` of its width.
    final class BarLayer: CALayer {
        @LayerProperty var progress: CGFloat = 0

        override class func needsDisplay(forKey key: String) -> Bool {
            key == "progress" || super.needsDisplay(forKey: key)
        }

        override func draw(in ctx: CGContext) {
            ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
            ctx.fill(CGRect(x: 0, y: 0, width: bounds.width * progress, height: bounds.height))
        }
    }

    /// The number of red pixels along the bar's middle row.
    static func filled(_ image: CGImage) -> Int {
        (0..<100).filter { Support.pixel(image, $0, 5) == [255, 0, 0, 255] }.count
    }

    static func makeBar() -> (root: CALayer, bar: BarLayer) {
        let root = Support.layer(CGRect(x: 0, y: 0, width: 100, height: 10), nil)
        let bar = BarLayer()
        bar.frame = root.bounds
        bar.setNeedsDisplay()
        root.addSublayer(bar)
        return (root, bar)
    }

    @Test(arguments: [false, true])
    func anAnimatedKeyThatNeedsDisplayIsRedrawnEachFrame(inGroup: Bool) throws {
        let (root, bar) = Self.makeBar()
        let renderer = try CARenderer(layer: root, size: CGSize(width: 100, height: 10))
        _ = renderer.image(atTime: 0)
        let fill = CABasicAnimation(keyPath: "progress")
        fill.fromValue = 0
        fill.toValue = 1
        fill.duration = 2
        if inGroup {
            let group = CAAnimationGroup()
            group.animations = [fill]
            group.duration = 2
            group.beginTime = 10
            bar.add(group, forKey: "fill")
        } else {
            fill.beginTime = 10
            bar.add(fill, forKey: "fill")
        }
        CATransaction.flush()
        var counts: [Int] = []
        for time in [10.5, 11, 11.5] {
            counts.append(Self.filled(try #require(renderer.image(atTime: time))))
        }
        #expect(counts == [25, 50, 75])
        // The model's own drawing (progress 0) before and after the animation.
        #expect(Self.filled(try #require(renderer.image(atTime: 12.5))) == 0)
        #expect(bar.contents != nil)
    }

    /// Built-in layers and keys the class does not redraw for make no copies (RenderTreeTests
    /// checks the built-in kinds); a key the class redraws for, not animated, draws the model.
    @Test func withoutAnAnimatedDisplayKeyTheModelsDrawingIsShown() throws {
        let (root, bar) = Self.makeBar()
        bar.progress = 0.3
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1
        fade.toValue = 1
        fade.duration = 10
        bar.add(fade, forKey: nil)
        let renderer = try CARenderer(layer: root, size: CGSize(width: 100, height: 10))
        CALayer.copyLog.withLock { $0 = [] }
        let image = try #require(renderer.image(atTime: CACurrentMediaTime() + 1))
        let copied = CALayer.copyLog.withLock { log in
            defer { log = nil }
            return log ?? []
        }
        #expect(Self.filled(image) == 30)
        #expect(!copied.contains(bar.layerID))
    }
}
