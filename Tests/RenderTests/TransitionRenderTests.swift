import QuartzCore
import Testing

/// `CATransition` in the compositor: pixel checks of the chapters' transitions (listings 7.6,
/// 8.11, 8.12) at known progress, the "before" picture's capture, timing and fallbacks.
///
/// Transitions here are given an explicit `beginTime` (the layers' local time is absolute time)
/// far in the future of the system clock, and frames are rendered at fixed times around it, so no
/// manual clock is needed and no commit finds them over (and removes them) before they render.
@Suite struct TransitionRenderTests {
    typealias Support = CARendererTests
    static let red = Support.color(1, 0, 0)
    static let blue = Support.color(0, 0, 1)
    static let green = Support.color(0, 1, 0)
    /// The time frames are rendered at: a day after the suite first asks.
    static let now: CFTimeInterval = CACurrentMediaTime() + 86_400

    /// A transition of `type` lasting 1 s that has run for `progress` s at `now`.
    static func transition(
        _ type: CATransitionType = .fade, _ subtype: CATransitionSubtype? = nil, progress: Double
    ) -> CATransition {
        let transition = CATransition()
        transition.type = type
        transition.subtype = subtype
        transition.duration = 1
        transition.beginTime = now - progress
        return transition
    }

    /// A root of `size` with one committed 40×20 sublayer at (10, 10) in `before`.
    static func committedScene(_ before: CGColor) -> (root: CALayer, layer: CALayer) {
        let root = Support.layer(CGRect(x: 0, y: 0, width: 60, height: 40), nil)
        let layer = Support.layer(CGRect(x: 10, y: 10, width: 40, height: 20), before)
        root.addSublayer(layer)
        CATransaction.flush()
        return (root, layer)
    }

    static func render(_ root: CALayer, at time: CFTimeInterval = now) throws -> CGImage {
        let renderer = try CARenderer(layer: root, size: CGSize(width: 60, height: 40))
        return try #require(renderer.image(atTime: time))
    }

    /// Listing 7.6: a push from the left as the layer's action for `backgroundColor`: half way,
    /// the new colour fills the left half of the layer and the old one the right half.
    @Test func listing7_6_pushFromLeftHalfWay() throws {
        let scene = Self.committedScene(Self.red)
        scene.layer.actions = ["backgroundColor": Self.transition(.push, .fromLeft, progress: 0.5)]
        CATransaction.flush()
        scene.layer.backgroundColor = Self.blue  // the action adds the transition
        CATransaction.flush()
        let image = try Self.render(scene.root)
        #expect(Support.pixel(image, 12, 20) == [0, 0, 255, 255])  // new, entering from the left
        #expect(Support.pixel(image, 29, 15) == [0, 0, 255, 255])
        #expect(Support.pixel(image, 30, 15) == [255, 0, 0, 255])  // old, leaving to the right
        #expect(Support.pixel(image, 49, 29) == [255, 0, 0, 255])
        #expect(Support.pixel(image, 50, 20) == [0, 0, 0, 0])  // clipped to the bounds
        #expect(Support.pixel(image, 9, 20) == [0, 0, 0, 0])
        // At a quarter, the new colour covers the first quarter.
        let quarter = try Self.render(scene.root, at: Self.now - 0.25)
        #expect(Support.pixel(quarter, 19, 20) == [0, 0, 255, 255])
        #expect(Support.pixel(quarter, 20, 20) == [255, 0, 0, 255])
        // Once over, the model: blue everywhere.
        let after = try Self.render(scene.root, at: Self.now + 0.5)
        #expect(Support.pixel(after, 45, 20) == [0, 0, 255, 255])
    }

    /// Listing 8.11: the transition is added first, then the image changes in the same
    /// transaction; half way the two images are mixed half and half.
    @Test func listing8_11_crossfadeOfContentsHalfWay() throws {
        let images = try [Self.red, Self.green].map { colour in
            let context = try makeImageContext(width: 4, height: 4)
            context.setFillColor(colour)
            context.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
            return try #require(context.makeImage())
        }
        let scene = Self.committedScene(Self.blue)
        scene.layer.backgroundColor = nil
        scene.layer.contents = images[0]
        CATransaction.flush()
        CATransaction.begin()
        CATransaction.setDisableActions(true)  // a view's layer: no implicit animation
        scene.layer.add(Self.transition(.fade, progress: 0.5), forKey: nil)
        scene.layer.contents = images[1]
        CATransaction.commit()
        let image = try Self.render(scene.root)
        #expect(Support.close(Support.pixel(image, 30, 20), [128, 128, 0, 255]))
        #expect(Support.close(Support.pixel(image, 10, 10), [128, 128, 0, 255]))
        #expect(Support.pixel(image, 5, 5) == [0, 0, 0, 0])
        let early = try Self.render(scene.root, at: Self.now - 0.25)  // a quarter in
        #expect(Support.close(Support.pixel(early, 30, 20), [191, 64, 0, 255]))
    }

    /// Listing 8.12: the sublayer is replaced first, then the fade is added to the parent; the
    /// parent's "before" picture is its committed subtree, the old sublayer.
    @Test func listing8_12_fadeOfAReplacedSubtree() throws {
        let scene = Self.committedScene(Self.red)
        let tabView = scene.layer
        tabView.backgroundColor = nil
        let first = Support.layer(tabView.bounds, Self.red)
        let second = Support.layer(tabView.bounds, Self.blue)
        tabView.addSublayer(first)
        CATransaction.flush()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        tabView.replaceSublayer(first, with: second)
        tabView.add(Self.transition(.fade, progress: 0.5), forKey: nil)
        CATransaction.commit()
        let image = try Self.render(scene.root)
        #expect(Support.close(Support.pixel(image, 30, 20), [128, 0, 128, 255]))
        let later = try Self.render(scene.root, at: Self.now + 0.25)
        #expect(Support.close(Support.pixel(later, 30, 20), [64, 0, 191, 255]))
    }

    /// Changes made after the transition was added in the same transaction, changes before it,
    /// and changes of sublayers all count as "after"; the "before" is the committed tree.
    @Test func beforePictureIsTheCommittedTree() throws {
        let scene = Self.committedScene(Self.red)
        let mark = Support.layer(CGRect(x: 0, y: 0, width: 10, height: 20), Self.green)
        scene.layer.addSublayer(mark)
        CATransaction.flush()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        mark.position = CGPoint(x: 35, y: 10)  // before the add: the mark moves to the right end
        scene.layer.add(Self.transition(.moveIn, .fromRight, progress: 0.5), forKey: nil)
        scene.layer.backgroundColor = Self.blue  // after the add
        mark.backgroundColor = Self.red
        CATransaction.commit()
        scene.layer.backgroundColor = Self.green  // a later transaction does not change "before"
        CATransaction.flush()
        let image = try Self.render(scene.root)
        // Old picture (left half, staying): red with the green mark at its left end.
        #expect(Support.pixel(image, 12, 20) == [0, 255, 0, 255])
        #expect(Support.pixel(image, 25, 20) == [255, 0, 0, 255])
        // New picture (moving in from the right, its left half showing): green, the mark beyond.
        #expect(Support.pixel(image, 31, 20) == [0, 255, 0, 255])
        #expect(Support.pixel(image, 49, 20) == [0, 255, 0, 255])
    }

    /// `replaceSublayer(_:with:)` runs the new layer's `kCATransition` action; a transition
    /// found there starts from the picture of the layer it replaced.
    @Test func replacementTransitionActionStartsFromTheReplacedLayer() throws {
        let scene = Self.committedScene(Self.red)
        let newLayer = Support.layer(scene.layer.frame, Self.blue)
        newLayer.actions = [kCATransition: Self.transition(.reveal, .fromRight, progress: 0.25)]
        scene.root.replaceSublayer(scene.layer, with: newLayer)
        CATransaction.flush()
        #expect(newLayer.animationKeys() == [kCATransition])
        let image = try Self.render(scene.root)
        // The old red picture slides leftwards, a quarter gone: blue shows in the right quarter.
        #expect(Support.pixel(image, 39, 20) == [255, 0, 0, 255])
        #expect(Support.pixel(image, 40, 20) == [0, 0, 255, 255])
        #expect(Support.pixel(image, 10, 20) == [255, 0, 0, 255])
    }

    /// A layer not yet committed has no previous rendering: it fades in from nothing.
    @Test func uncommittedLayerFadesInFromNothing() throws {
        let root = Support.layer(CGRect(x: 0, y: 0, width: 60, height: 40), nil)
        let layer = Support.layer(CGRect(x: 10, y: 10, width: 40, height: 20), Self.blue)
        root.addSublayer(layer)
        layer.add(Self.transition(.fade, progress: 0.25), forKey: nil)
        CATransaction.flush()
        let image = try Self.render(root)
        #expect(Support.close(Support.pixel(image, 30, 20), [0, 0, 64, 64]))
    }

    /// Hiding a layer under a transition fades its old picture out rather than cutting it.
    @Test func hidingUnderAFadeFadesOut() throws {
        let scene = Self.committedScene(Self.red)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        scene.layer.isHidden = true
        scene.layer.add(Self.transition(.fade, progress: 0.75), forKey: nil)
        CATransaction.commit()
        let image = try Self.render(scene.root)
        #expect(Support.close(Support.pixel(image, 30, 20), [64, 0, 0, 64]))
    }

    /// `startProgress`/`endProgress` bound the effect, the timing function paces it, opacity
    /// applies once to the composite, and an unknown type fades (reported).
    @Test func progressRangeOpacityAndFallback() throws {
        let scene = Self.committedScene(Self.red)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        let transition = Self.transition(CATransitionType("noSuchEffect"), progress: 0.5)
        transition.startProgress = 0.5
        transition.endProgress = 1
        scene.layer.add(transition, forKey: nil)
        scene.layer.backgroundColor = Self.blue
        scene.layer.opacity = 0.5
        CATransaction.commit()
        let image = try Self.render(scene.root)
        // 0.5 + 0.5 × 0.5 = 0.75 of blue, at half opacity.
        #expect(Support.close(Support.pixel(image, 30, 20), [32, 0, 96, 128]))
        #expect(CompatibilityWarnings.messages.contains { $0.contains("noSuchEffect") })
    }

    /// `render(in:)` draws the model values: no transition.
    @Test func renderInContextIgnoresTransitions() throws {
        let scene = Self.committedScene(Self.red)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        scene.layer.add(Self.transition(.push, progress: 0.5), forKey: nil)
        scene.layer.backgroundColor = Self.blue
        CATransaction.commit()
        let context = try makeImageContext(width: 60, height: 40)
        scene.root.render(in: context)
        let image = try #require(context.makeImage())
        let pixels = try #require(image.premultipliedRGBA8Pixels())
        let i = (20 * 60 + 45) * 4
        #expect(Array(pixels[i..<(i + 4)]) == [0, 0, 255, 255])
    }
}
