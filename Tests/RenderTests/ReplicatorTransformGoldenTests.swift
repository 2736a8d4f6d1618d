import QuartzCore
import Testing

/// Golden scenes of replicator and transform layers: the classic spinner, a reflection, an
/// equaliser of delayed bars at three times, a carousel of cards preserving depth, a rotating cube
/// at three angles and nested transform layers.
@Suite struct ReplicatorTransformGoldenTests {
    /// The time animated scenes begin: a day after the suite first asks.
    static let now: CFTimeInterval = CACurrentMediaTime() + 86_400
    static let size = CGSize(width: 96, height: 96)

    private static func color(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat, _ a: CGFloat = 1) -> CGColor {
        CGColor(red: r, green: g, blue: b, alpha: a)
    }

    private static func render(_ root: CALayer, at time: Double? = nil) throws -> CGImage {
        let renderer = try CARenderer(layer: root, size: size, scale: 1)
        return try #require(renderer.image(atTime: time ?? CACurrentMediaTime()))
    }

    private static func background() -> CALayer {
        let layer = CALayer()
        layer.frame = CGRect(origin: .zero, size: size)
        layer.backgroundColor = color(0.92, 0.92, 0.92)
        return layer
    }

    private static func perspective(_ distance: CGFloat) -> CATransform3D {
        var m = CATransform3DIdentity
        m.m34 = -1 / distance
        return m
    }

    /// Twelve dots round the centre, each one twelfth more transparent than the one before it
    /// (clockwise from the top).
    @Test func spinner() throws {
        let root = Self.background()
        let replicator = CAReplicatorLayer()
        replicator.frame = root.bounds
        let dot = CALayer()
        dot.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        dot.position = CGPoint(x: 48, y: 14)
        dot.cornerRadius = 5
        dot.backgroundColor = Self.color(0.1, 0.2, 0.6)
        replicator.addSublayer(dot)
        replicator.instanceCount = 12
        replicator.instanceTransform = CATransform3DMakeRotation(2 * .pi / 12, 0, 0, 1)
        replicator.instanceAlphaOffset = -1 / 12
        root.addSublayer(replicator)
        expectMatchesGolden(try Self.render(root), named: "replicator-spinner")
    }

    /// A card (orange, a yellow band at its top, a blue disc) and its reflection below it:
    /// flipped, 2 points down, at 35% alpha and darker.
    @Test func reflection() throws {
        let root = Self.background()
        let replicator = CAReplicatorLayer()
        replicator.frame = CGRect(x: 24, y: 6, width: 48, height: 40)
        let card = CALayer()
        card.frame = replicator.bounds
        card.backgroundColor = Self.color(1, 0.55, 0.1)
        let band = CALayer()
        band.frame = CGRect(x: 0, y: 0, width: 48, height: 8)
        band.backgroundColor = Self.color(1, 0.9, 0.2)
        card.addSublayer(band)
        let disc = CALayer()
        disc.frame = CGRect(x: 8, y: 16, width: 16, height: 16)
        disc.cornerRadius = 8
        disc.backgroundColor = Self.color(0.1, 0.3, 0.9)
        card.addSublayer(disc)
        replicator.addSublayer(card)
        replicator.instanceCount = 2
        replicator.instanceTransform = CATransform3DConcat(
            CATransform3DMakeScale(1, -1, 1), CATransform3DMakeTranslation(0, 42, 0))
        replicator.instanceRedOffset = -0.3
        replicator.instanceGreenOffset = -0.3
        replicator.instanceBlueOffset = -0.3
        replicator.instanceAlphaOffset = -0.65
        root.addSublayer(replicator)
        expectMatchesGolden(try Self.render(root), named: "replicator-reflection")
    }

    /// Six bars whose height (scale.y about their bottoms) pulses between 100% and 20%, each
    /// 0.12 s behind the one on its left and a little less red, at 0.1 s, 0.45 s and 0.9 s.
    @Test func equaliser() throws {
        let root = Self.background()
        let replicator = CAReplicatorLayer()
        replicator.frame = root.bounds
        let bar = CALayer()
        bar.bounds = CGRect(x: 0, y: 0, width: 8, height: 60)
        bar.anchorPoint = CGPoint(x: 0.5, y: 1)
        bar.position = CGPoint(x: 13, y: 82)
        bar.cornerRadius = 2
        bar.backgroundColor = Self.color(0.9, 0.2, 0.3)
        let pulse = CABasicAnimation(keyPath: "transform.scale.y")
        pulse.fromValue = 1
        pulse.toValue = 0.2
        pulse.duration = 0.6
        pulse.autoreverses = true
        pulse.repeatCount = .infinity
        pulse.beginTime = Self.now
        pulse.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        bar.add(pulse, forKey: "pulse")
        replicator.addSublayer(bar)
        replicator.instanceCount = 6
        replicator.instanceTransform = CATransform3DMakeTranslation(14, 0, 0)
        replicator.instanceDelay = 0.12
        replicator.instanceRedOffset = -0.12
        root.addSublayer(replicator)
        for (time, name) in [
            (0.1, "replicator-equaliser-t010"), (0.45, "replicator-equaliser-t045"),
            (0.9, "replicator-equaliser-t090"),
        ] {
            expectMatchesGolden(try Self.render(root, at: Self.now + time), named: name)
        }
    }

    /// Eight cards round a vertical axis in perspective (`preservesDepth`): the near ones cover
    /// the far ones, the ring turned a little so that no two are at the same depth.
    @Test func carouselPreservingDepth() throws {
        let root = Self.background()
        root.sublayerTransform = Self.perspective(220)
        let replicator = CAReplicatorLayer()
        replicator.frame = root.bounds
        replicator.preservesDepth = true
        replicator.transform = CATransform3DMakeRotation(0.25, 0, 1, 0)
        let card = CALayer()
        card.bounds = CGRect(x: 0, y: 0, width: 22, height: 34)
        card.position = CGPoint(x: 48, y: 48)
        card.transform = CATransform3DMakeTranslation(0, 0, 30)
        card.backgroundColor = Self.color(0.2, 0.5, 1)
        card.borderWidth = 1.5
        card.borderColor = Self.color(0.05, 0.1, 0.3)
        replicator.addSublayer(card)
        replicator.instanceCount = 8
        replicator.instanceTransform = CATransform3DMakeRotation(2 * .pi / 8, 0, 1, 0)
        replicator.instanceColor = Self.color(1, 0.3, 0.3)
        replicator.instanceRedOffset = -0.1
        replicator.instanceGreenOffset = 0.1
        root.addSublayer(replicator)
        expectMatchesGolden(try Self.render(root), named: "replicator-carousel-depth")
    }

    /// A cube of six 40-point faces (a transform layer spinning about y inside one tilted about
    /// x), each face a colour with a white border, under perspective, at three points of its turn.
    @Test func rotatingCube() throws {
        let root = Self.background()
        root.sublayerTransform = Self.perspective(250)
        let tilt = CATransformLayer()
        tilt.frame = root.bounds
        tilt.transform = CATransform3DMakeRotation(-0.45, 1, 0, 0)
        let cube = CATransformLayer()
        cube.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
        cube.position = CGPoint(x: 48, y: 48)
        let faces: [(CGColor, CATransform3D)] = [
            (Self.color(0.9, 0.2, 0.2), CATransform3DIdentity),
            (Self.color(0.2, 0.7, 0.3), CATransform3DMakeRotation(.pi / 2, 0, 1, 0)),
            (Self.color(0.2, 0.4, 0.9), CATransform3DMakeRotation(.pi, 0, 1, 0)),
            (Self.color(0.95, 0.8, 0.1), CATransform3DMakeRotation(-.pi / 2, 0, 1, 0)),
            (Self.color(0.6, 0.3, 0.8), CATransform3DMakeRotation(.pi / 2, 1, 0, 0)),
            (Self.color(0.1, 0.75, 0.8), CATransform3DMakeRotation(-.pi / 2, 1, 0, 0)),
        ]
        for (color, turn) in faces {
            let face = CALayer()
            face.bounds = cube.bounds
            face.position = CGPoint(x: 20, y: 20)
            face.backgroundColor = color
            face.borderWidth = 2
            face.borderColor = Self.color(1, 1, 1)
            face.transform = CATransform3DConcat(CATransform3DMakeTranslation(0, 0, 20), turn)
            cube.addSublayer(face)
        }
        let spin = CABasicAnimation(keyPath: "transform.rotation.y")
        spin.fromValue = 0
        spin.toValue = 2 * CGFloat.pi
        spin.duration = 4
        spin.beginTime = Self.now
        spin.timingFunction = CAMediaTimingFunction(name: .linear)
        cube.add(spin, forKey: "spin")
        tilt.addSublayer(cube)
        root.addSublayer(tilt)
        for (time, name) in [
            (0.25, "transform-cube-22deg"), (1.1, "transform-cube-99deg"), (2.6, "transform-cube-234deg"),
        ] {
            expectMatchesGolden(try Self.render(root, at: Self.now + time), named: name)
        }
    }

    /// Nested transform layers share one depth order: a translucent green wall at z = +20 drawn
    /// first in the tree still covers the two cards of an inner transform layer at z = −20
    /// behind it (an orange one, and a purple one turned about y), all turned about y.
    @Test func nestedTransformLayers() throws {
        let root = Self.background()
        root.sublayerTransform = Self.perspective(200)
        let outer = CATransformLayer()
        outer.frame = root.bounds
        outer.transform = CATransform3DMakeRotation(0.5, 0, 1, 0)
        let wall = CALayer()
        wall.frame = CGRect(x: 28, y: 20, width: 40, height: 56)
        wall.transform = CATransform3DMakeTranslation(0, 0, 20)
        wall.backgroundColor = Self.color(0.1, 0.7, 0.3, 0.8)
        outer.addSublayer(wall)
        let inner = CATransformLayer()
        inner.frame = root.bounds
        inner.transform = CATransform3DMakeTranslation(0, 0, -20)
        let orange = CALayer()
        orange.frame = CGRect(x: 14, y: 30, width: 30, height: 30)
        orange.backgroundColor = Self.color(1, 0.5, 0.1)
        let purple = CALayer()
        purple.frame = CGRect(x: 50, y: 36, width: 30, height: 30)
        purple.transform = CATransform3DMakeRotation(-0.7, 0, 1, 0)
        purple.backgroundColor = Self.color(0.5, 0.2, 0.8)
        inner.sublayers = [orange, purple]
        // Later in the tree than the wall, at the same zPosition: only the depth sort puts it behind.
        outer.addSublayer(inner)
        root.addSublayer(outer)
        expectMatchesGolden(try Self.render(root), named: "transform-nested")
    }
}
