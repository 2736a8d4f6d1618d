import QuartzCore
import Testing

/// Pixel checks of replicator and transform layers: instance placement about the anchor point,
/// colour multiplication and offsets (once, also through an opacity group), the instance delay's
/// time shift, depth sorting in transform layers and replicators preserving depth, a transform
/// layer's ignored parts and per-sublayer opacity, and bad input.
@Suite struct ReplicatorTransformRenderTests {
    typealias Support = CARendererTests
    /// The time animated frames are rendered at: a day after the suite first asks, so that no
    /// commit of the system clock's time finds the animations over.
    static let now: CFTimeInterval = CACurrentMediaTime() + 86_400

    static func render(_ root: CALayer, size: CGSize = CGSize(width: 80, height: 60), at time: Double? = nil)
        throws -> CGImage
    {
        let renderer = try CARenderer(layer: root, size: size)
        return try #require(renderer.image(atTime: time ?? settledFrameTime()))
    }

    /// A replicator filling an 80×60 root with one 10×10 `color` sublayer at (5, 5).
    static func replicatorScene(_ color: CGColor = Support.color(1, 0, 0)) -> (
        root: CALayer, replicator: CAReplicatorLayer, dot: CALayer
    ) {
        let root = Support.layer(CGRect(x: 0, y: 0, width: 80, height: 60), nil)
        let replicator = CAReplicatorLayer()
        replicator.frame = root.bounds
        let dot = Support.layer(CGRect(x: 5, y: 5, width: 10, height: 10), color)
        replicator.addSublayer(dot)
        root.addSublayer(replicator)
        return (root, replicator, dot)
    }

    @Test func instancesRepeatTheTransform() throws {
        let scene = Self.replicatorScene()
        scene.replicator.instanceCount = 3
        scene.replicator.instanceTransform = CATransform3DMakeTranslation(20, 5, 0)
        let image = try Self.render(scene.root)
        #expect(Support.pixel(image, 10, 10) == [255, 0, 0, 255])
        #expect(Support.pixel(image, 30, 15) == [255, 0, 0, 255])
        #expect(Support.pixel(image, 50, 20) == [255, 0, 0, 255])
        #expect(Support.pixel(image, 70, 25) == [0, 0, 0, 0])
        #expect(Support.pixel(image, 30, 8) == [0, 0, 0, 0])
    }

    @Test func theTransformTurnsAboutTheAnchorPoint() throws {
        let scene = Self.replicatorScene()
        scene.replicator.frame = CGRect(x: 0, y: 0, width: 60, height: 60)
        scene.replicator.instanceCount = 4
        scene.replicator.instanceTransform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        let image = try Self.render(scene.root)
        // The dot's centre (10, 10) turns about (30, 30) by quarter turns.
        for (x, y) in [(10, 10), (50, 10), (50, 50), (10, 50)] {
            #expect(Support.pixel(image, x, y) == [255, 0, 0, 255], "instance at (\(x), \(y))")
        }
        #expect(Support.pixel(image, 30, 30) == [0, 0, 0, 0])
        // With the anchor at the top-left corner the turns are about (0, 0): only instance 0 shows.
        scene.replicator.anchorPoint = .zero
        scene.replicator.position = .zero
        let corner = try Self.render(scene.root)
        #expect(Support.pixel(corner, 10, 10) == [255, 0, 0, 255])
        #expect(Support.pixel(corner, 50, 10) == [0, 0, 0, 0])
    }

    @Test func theSublayerTransformAppliesToEveryInstance() throws {
        let scene = Self.replicatorScene()
        scene.replicator.instanceCount = 2
        scene.replicator.instanceTransform = CATransform3DMakeTranslation(20, 0, 0)
        scene.replicator.sublayerTransform = CATransform3DMakeTranslation(0, 30, 0)
        let image = try Self.render(scene.root)
        #expect(Support.pixel(image, 10, 40) == [255, 0, 0, 255])
        #expect(Support.pixel(image, 30, 40) == [255, 0, 0, 255])
        #expect(Support.pixel(image, 10, 10) == [0, 0, 0, 0])
    }

    @Test func coloursMultiplyAndOffsetsAccumulate() throws {
        let scene = Self.replicatorScene(Support.color(1, 1, 1))
        // A half-grey child inside the white dot.
        scene.dot.addSublayer(
            Support.layer(CGRect(x: 0, y: 0, width: 5, height: 10), Support.color(0.5, 0.5, 0.5)))
        scene.replicator.instanceCount = 4
        scene.replicator.instanceTransform = CATransform3DMakeTranslation(20, 0, 0)
        scene.replicator.instanceColor = Support.color(1, 0.5, 0, 1)
        scene.replicator.instanceRedOffset = -0.25
        scene.replicator.instanceBlueOffset = 0.5
        scene.replicator.instanceAlphaOffset = -0.25
        let image = try Self.render(scene.root)
        // Instance k: (1 − k/4, 0.5, min(k/2, 1), 1 − k/4), premultiplied.
        #expect(Support.close(Support.pixel(image, 12, 10), [255, 128, 0, 255]))
        #expect(Support.close(Support.pixel(image, 7, 10), [128, 64, 0, 255]))
        #expect(Support.close(Support.pixel(image, 32, 10), [144, 96, 96, 191]))
        #expect(Support.close(Support.pixel(image, 52, 10), [64, 64, 128, 128]))
        #expect(Support.close(Support.pixel(image, 72, 10), [16, 32, 64, 64]))
        // A nil colour counts as white.
        scene.replicator.instanceColor = nil
        scene.replicator.instanceRedOffset = 0
        scene.replicator.instanceBlueOffset = 0
        scene.replicator.instanceAlphaOffset = 0
        let white = try Self.render(scene.root)
        #expect(Support.pixel(white, 52, 10) == [255, 255, 255, 255])
    }

    @Test func theColourAppliesOnceToAnOpacityGroup() throws {
        let scene = Self.replicatorScene()
        // A translucent dot with a sublayer is drawn as a group.
        scene.dot.opacity = 0.5
        scene.dot.addSublayer(Support.layer(CGRect(x: 0, y: 0, width: 10, height: 5), Support.color(1, 0, 0)))
        scene.replicator.instanceColor = Support.color(1, 1, 1, 0.5)
        let image = try Self.render(scene.root)
        #expect(Support.close(Support.pixel(image, 10, 7), [64, 0, 0, 64]))
        #expect(Support.close(Support.pixel(image, 10, 12), [64, 0, 0, 64]))
    }

    @Test func instanceDelayShiftsTheSublayersTime() throws {
        // Bars 10 wide, every 15 points, whose height grows from 0 to 40 in 1 s from `now`; the
        // bars' bottoms are at y = 50 and instance k runs 0.25 s behind instance k − 1.
        let root = Support.layer(CGRect(x: 0, y: 0, width: 80, height: 60), nil)
        let replicator = CAReplicatorLayer()
        replicator.frame = root.bounds
        replicator.instanceCount = 4
        replicator.instanceTransform = CATransform3DMakeTranslation(15, 0, 0)
        replicator.instanceDelay = 0.25
        let bar = Support.layer(CGRect(x: 5, y: 10, width: 10, height: 40), Support.color(0, 0.5, 1))
        bar.anchorPoint = CGPoint(x: 0.5, y: 1)
        bar.position = CGPoint(x: 10, y: 50)
        let grow = CABasicAnimation(keyPath: "bounds.size.height")
        grow.fromValue = 0
        grow.toValue = 40
        grow.duration = 1
        grow.beginTime = Self.now
        grow.timingFunction = CAMediaTimingFunction(name: .linear)
        bar.add(grow, forKey: "grow")
        replicator.addSublayer(bar)
        root.addSublayer(replicator)
        let image = try Self.render(root, at: Self.now + 0.6)
        // Instance k shows time 0.6 − 0.25k: heights 24, 14, 4, and the model's 40 for instance 3
        // (its time is before the animation began).
        for (k, height) in [(0, 24), (1, 14), (2, 4), (3, 40)] {
            let x = 10 + 15 * k
            #expect(
                Support.close(Support.pixel(image, x, 50 - height), [0, 128, 255, 255]), "inside bar \(k)")
            #expect(Support.pixel(image, x, 50 - height - 2) == [0, 0, 0, 0], "above bar \(k)")
        }
    }

    @Test func transformLayerDrawsOnlyItsSublayersEachAtItsOpacity() throws {
        let root = Support.layer(CGRect(x: 0, y: 0, width: 80, height: 60), nil)
        let container = CATransformLayer()
        container.frame = CGRect(x: 0, y: 0, width: 50, height: 60)
        container.backgroundColor = Support.color(0, 1, 0)
        container.borderWidth = 4
        container.masksToBounds = true
        container.opacity = 0.5
        container.addSublayer(
            Support.layer(CGRect(x: 10, y: 10, width: 30, height: 30), Support.color(1, 0, 0)))
        container.addSublayer(
            Support.layer(CGRect(x: 30, y: 20, width: 60, height: 30), Support.color(0, 0, 1)))
        root.addSublayer(container)
        let image = try Self.render(root)
        #expect(Support.pixel(image, 2, 2) == [0, 0, 0, 0])  // no border, no background
        #expect(Support.close(Support.pixel(image, 15, 15), [128, 0, 0, 128]))
        // Blue at half over red at half: no compositing group.
        #expect(Support.close(Support.pixel(image, 35, 30), [64, 0, 128, 191]))
        // Not clipped to the 50-point-wide bounds (masksToBounds is ignored).
        #expect(Support.close(Support.pixel(image, 78, 45), [0, 0, 128, 128]))
    }

    @Test func aTransitionOnATransformLayerDrawsOnlyItsSublayers() throws {
        let root = Support.layer(CGRect(x: 0, y: 0, width: 80, height: 60), nil)
        let container = CATransformLayer()
        container.frame = root.bounds
        container.backgroundColor = Support.color(0, 1, 0)
        let square = Support.layer(CGRect(x: 10, y: 10, width: 30, height: 30), Support.color(1, 0, 0))
        container.addSublayer(square)
        root.addSublayer(container)
        CATransaction.flush()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        square.backgroundColor = Support.color(0, 0, 1)
        let fade = CATransition()
        fade.duration = 1
        fade.beginTime = Self.now - 0.5
        fade.timingFunction = CAMediaTimingFunction(name: .linear)
        container.add(fade, forKey: nil)
        CATransaction.commit()
        let image = try Self.render(root, at: Self.now)
        #expect(Support.close(Support.pixel(image, 25, 25), [128, 0, 128, 255], 2))
        #expect(Support.pixel(image, 60, 50) == [0, 0, 0, 0])
    }

    /// Two 30×30 squares under perspective, red at z = 0 and blue at z = −20 shifted right by 10:
    /// blue is behind red whatever their order.
    @Test func transformLayerSortsByDepth() throws {
        for blueFirst in [false, true] {
            let root = Support.layer(CGRect(x: 0, y: 0, width: 80, height: 60), nil)
            var perspective = CATransform3DIdentity
            perspective.m34 = -1 / 200
            root.sublayerTransform = perspective
            let container = CATransformLayer()
            container.frame = root.bounds
            let red = Support.layer(CGRect(x: 20, y: 15, width: 30, height: 30), Support.color(1, 0, 0))
            let blue = Support.layer(CGRect(x: 30, y: 15, width: 30, height: 30), Support.color(0, 0, 1))
            blue.zPosition = -20
            container.sublayers = blueFirst ? [blue, red] : [red, blue]
            root.addSublayer(container)
            let image = try Self.render(root)
            #expect(
                Support.pixel(image, 45, 30) == [255, 0, 0, 255], "red in front, blue first: \(blueFirst)")
            // The blue one recedes towards the centre (40, 30): its right edge moves to x ≈ 58.2.
            #expect(Support.pixel(image, 59, 30) == [0, 0, 0, 0])
            #expect(Support.pixel(image, 55, 30) == [0, 0, 255, 255])
        }
        // A plain layer flattens: the later sublayer is on top, whatever its depth.
        let root = Support.layer(CGRect(x: 0, y: 0, width: 80, height: 60), nil)
        let flat = CALayer()
        flat.frame = root.bounds
        let red = Support.layer(CGRect(x: 20, y: 15, width: 30, height: 30), Support.color(1, 0, 0))
        let blue = Support.layer(CGRect(x: 30, y: 15, width: 30, height: 30), Support.color(0, 0, 1))
        blue.transform = CATransform3DMakeTranslation(0, 0, -20)
        flat.sublayers = [red, blue]
        root.addSublayer(flat)
        #expect(Support.pixel(try Self.render(root), 45, 30) == [0, 0, 255, 255])
    }

    /// A replicator whose instance 1 lies 20 points deeper: drawn behind instance 0 only with
    /// `preservesDepth`.
    @Test func preservesDepthSortsInstances() throws {
        for preserves in [false, true] {
            let scene = Self.replicatorScene()
            scene.dot.frame = CGRect(x: 20, y: 15, width: 30, height: 30)
            var perspective = CATransform3DIdentity
            perspective.m34 = -1 / 200
            scene.replicator.sublayerTransform = perspective
            scene.replicator.instanceCount = 2
            scene.replicator.instanceTransform = CATransform3DMakeTranslation(10, 0, -20)
            scene.replicator.instanceColor = Support.color(1, 1, 1)
            scene.replicator.instanceRedOffset = -1
            scene.replicator.instanceBlueOffset = 1
            scene.replicator.preservesDepth = preserves
            scene.replicator.backgroundColor = Support.color(0, 1, 0)
            let image = try Self.render(scene.root)
            let expected: [UInt8] = preserves ? [255, 0, 0, 255] : [0, 0, 0, 255]
            #expect(Support.pixel(image, 45, 30) == expected, "preservesDepth \(preserves)")
            // Preserving depth, the replicator's own background is not drawn.
            #expect(Support.pixel(image, 2, 2) == (preserves ? [0, 0, 0, 0] : [0, 255, 0, 255]))
        }
    }

    @Test func badInputDrawsNothingAndNeverCrashes() throws {
        let scene = Self.replicatorScene()
        scene.replicator.instanceCount = 0
        #expect(Support.pixel(try Self.render(scene.root), 10, 10) == [0, 0, 0, 0])
        scene.replicator.instanceCount = -5
        #expect(Support.pixel(try Self.render(scene.root), 10, 10) == [0, 0, 0, 0])
        scene.replicator.instanceCount = 3
        var broken = CATransform3DIdentity
        broken.m41 = .nan
        scene.replicator.instanceTransform = broken
        scene.replicator.instanceDelay = .infinity
        scene.replicator.instanceRedOffset = .nan
        scene.replicator.instanceAlphaOffset = -.infinity
        let image = try Self.render(scene.root)
        // Instance 0 is untouched by the transform; the others are skipped.
        #expect(Support.pixel(image, 10, 10) == [255, 0, 0, 255])
        scene.replicator.instanceCount = Int.max
        scene.replicator.instanceTransform = CATransform3DIdentity
        scene.replicator.instanceAlphaOffset = 0
        scene.dot.frame = CGRect(x: 5, y: 5, width: 1, height: 1)
        let capped = try Self.render(scene.root)
        #expect(Support.pixel(capped, 5, 5) == [255, 0, 0, 255])
        #expect(CompatibilityWarnings.messages.contains { $0.contains("instanceCount above") })
    }
}
