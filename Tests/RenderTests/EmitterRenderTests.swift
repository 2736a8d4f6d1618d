import QuartzCore
import Testing

/// `CAEmitterLayer` in the compositor: reproducibility of frames whatever was rendered before,
/// seeds, clipping, animated cell values, and golden scenes (a fountain, snow from a line, a
/// circle's outline, additive fire), each at two times. The layers' local time is the frame's
/// media time (no `beginTime`), so the simulation time is the time rendered.
@Suite struct EmitterRenderTests {
    static let size = CGSize(width: 160, height: 160)

    /// A soft round particle: white, alpha falling from 1 at the centre to 0 at the rim, `side`
    /// pixels square.
    static func dot(side: Int = 16) throws -> CGImage {
        let context = try makeImageContext(width: side, height: side)
        let half = CGFloat(side) / 2
        let gradient = try #require(
            CGGradient(
                colorsSpace: CGColorSpace(name: CGColorSpace.sRGB),
                colors: [CGColor(gray: 1, alpha: 1), CGColor(gray: 1, alpha: 0)], locations: nil))
        context.drawRadialGradient(
            gradient, startCenter: CGPoint(x: half, y: half), startRadius: 0,
            endCenter: CGPoint(x: half, y: half), endRadius: half, options: [])
        return try #require(context.makeImage())
    }

    /// A white square with a dark border, so that rotation shows.
    static func flake(side: Int = 12) throws -> CGImage {
        let context = try makeImageContext(width: side, height: side)
        context.setFillColor(CGColor(gray: 1, alpha: 1))
        context.fill(CGRect(x: 0, y: 0, width: side, height: side))
        context.setFillColor(CGColor(gray: 0.6, alpha: 1))
        context.fill(CGRect(x: 0, y: 0, width: side, height: 3))
        return try #require(context.makeImage())
    }

    static func scene(_ background: CGColor, _ emitter: CAEmitterLayer) -> CALayer {
        let root = CALayer()
        root.frame = CGRect(origin: .zero, size: size)
        root.backgroundColor = background
        emitter.frame = root.bounds
        root.addSublayer(emitter)
        return root
    }

    static func render(_ root: CALayer, at time: CFTimeInterval) throws -> CGImage {
        let renderer = try CARenderer(layer: root, size: size)
        return try #require(renderer.image(atTime: time))
    }

    static func pixels(_ image: CGImage) throws -> [UInt8] {
        try #require(image.premultipliedRGBA8Pixels())
    }

    /// A point fountain: thrown upwards in a 30° cone, falling under gravity, fading.
    static func fountain(seed: UInt32 = 0) throws -> CAEmitterLayer {
        let cell = CAEmitterCell()
        cell.name = "drop"
        cell.contents = try dot()
        cell.birthRate = 60
        cell.lifetime = 2.2
        cell.velocity = 150
        cell.velocityRange = 30
        cell.emissionLongitude = -.pi / 2
        cell.emissionRange = .pi / 6
        cell.yAcceleration = 140
        cell.scale = 0.6
        cell.color = CGColor(red: 0.4, green: 0.7, blue: 1, alpha: 1)
        cell.alphaSpeed = -0.35
        let emitter = CAEmitterLayer()
        emitter.emitterPosition = CGPoint(x: 80, y: 150)
        emitter.seed = seed
        emitter.emitterCells = [cell]
        return emitter
    }

    static let night = CGColor(red: 0.05, green: 0.07, blue: 0.15, alpha: 1)

    @Test func aFrameIsTheSameWhateverWasRenderedBefore() throws {
        let root = Self.scene(Self.night, try Self.fountain(seed: 3))
        let fresh = try Self.pixels(Self.render(root, at: 2.5))
        let renderer = try CARenderer(layer: root, size: Self.size)
        for t in [0.5, 1.0, 1.7, 4.0] { _ = renderer.image(atTime: t) }
        let after = try Self.pixels(try #require(renderer.image(atTime: 2.5)))
        #expect(fresh.elementsEqual(after))
        let other = try Self.pixels(Self.render(Self.scene(Self.night, try Self.fountain(seed: 4)), at: 2.5))
        #expect(!fresh.elementsEqual(other))
        // Particles are drawn: some pixels are lighter than the background.
        #expect(stride(from: 2, to: fresh.count, by: 4).contains { fresh[$0] > 100 })
    }

    @Test func anEmitterKeepsFramesComing() throws {
        let emitter = CAEmitterLayer()
        let renderer = try CARenderer(layer: Self.scene(Self.night, emitter), size: Self.size)
        #expect(renderer.nextFrameTime() == .infinity)
        emitter.emitterCells = [CAEmitterCell()]
        #expect(renderer.nextFrameTime().isFinite)
    }

    @Test func particlesAreClippedWithMasksToBounds() throws {
        let emitter = try Self.fountain()
        let root = Self.scene(Self.night, emitter)
        emitter.frame = CGRect(x: 0, y: 80, width: 160, height: 80)
        emitter.emitterPosition = CGPoint(x: 80, y: 70)
        let unclipped = try Self.render(root, at: 2)
        emitter.masksToBounds = true
        let clipped = try Self.render(root, at: 2)
        func lit(_ image: CGImage, rows: Range<Int>) throws -> Int {
            let p = try Self.pixels(image)
            return rows.flatMap { y in (0..<160).map { (y * 160 + $0) * 4 + 2 } }.filter { p[$0] > 60 }.count
        }
        #expect(try lit(unclipped, rows: 0..<78) > 20)
        #expect(try lit(clipped, rows: 0..<79) == 0)
        #expect(try lit(clipped, rows: 80..<160) > 20)
    }

    @Test func animatedCellValuesAreDrawn() throws {
        let emitter = try Self.fountain()
        emitter.setValue(0, forKeyPath: "emitterCells.drop.birthRate")
        let root = Self.scene(Self.night, emitter)
        let still = try Self.pixels(Self.render(root, at: 2))
        #expect(Set(still).count <= 4)  // only the background
        let animation = CABasicAnimation(keyPath: "emitterCells.drop.birthRate")
        animation.fromValue = 60
        animation.toValue = 60
        animation.beginTime = 0.001
        animation.duration = 1000
        emitter.add(animation, forKey: "rate")
        let animated = try Self.pixels(Self.render(root, at: 3))
        let reference = try Self.pixels(Self.render(Self.scene(Self.night, try Self.fountain()), at: 3))
        // Every particle alive at 3 s was born under the animation, at the model fountain's rate:
        // the same particles.
        #expect(animated.elementsEqual(reference))
    }

    // MARK: Goldens

    @Test(arguments: [0.8, 2.5]) func fountainGolden(time: Double) throws {
        let root = Self.scene(Self.night, try Self.fountain())
        expectMatchesGolden(
            try Self.render(root, at: time), named: "emitter-fountain-\(time == 0.8 ? "early" : "late")")
    }

    @Test(arguments: [1.5, 6.0]) func snowFromALineGolden(time: Double) throws {
        let cell = CAEmitterCell()
        cell.contents = try Self.flake()
        cell.birthRate = 12
        cell.lifetime = 8
        cell.velocity = 24
        cell.velocityRange = 8
        cell.emissionLongitude = .pi / 2
        cell.emissionRange = .pi / 6
        cell.xAcceleration = 3
        cell.spin = 0.8
        cell.spinRange = 1.6
        cell.scale = 0.6
        cell.scaleRange = 0.3
        let emitter = CAEmitterLayer()
        emitter.emitterShape = .line
        emitter.emitterPosition = CGPoint(x: 80, y: 0)
        emitter.emitterSize = CGSize(width: 160, height: 0)
        emitter.emitterCells = [cell]
        let root = Self.scene(CGColor(red: 0.1, green: 0.15, blue: 0.3, alpha: 1), emitter)
        expectMatchesGolden(
            try Self.render(root, at: time), named: "emitter-snow-\(time == 1.5 ? "early" : "late")")
    }

    @Test(arguments: [0.6, 3.0]) func circleOutlineGolden(time: Double) throws {
        let cell = CAEmitterCell()
        cell.contents = try Self.dot(side: 12)
        cell.birthRate = 90
        cell.lifetime = 1.2
        cell.velocity = 35
        cell.scale = 0.7
        cell.color = CGColor(red: 1, green: 0.75, blue: 0.2, alpha: 1)
        cell.greenSpeed = -0.5
        cell.alphaSpeed = -0.7
        let emitter = CAEmitterLayer()
        emitter.emitterShape = .circle
        emitter.emitterMode = .outline
        emitter.emitterPosition = CGPoint(x: 80, y: 80)
        emitter.emitterSize = CGSize(width: 60, height: 60)
        emitter.emitterCells = [cell]
        let root = Self.scene(Self.night, emitter)
        expectMatchesGolden(
            try Self.render(root, at: time), named: "emitter-circle-outline-\(time == 0.6 ? "early" : "late")"
        )
    }

    @Test(arguments: [0.5, 3.0]) func additiveFireGolden(time: Double) throws {
        let cell = CAEmitterCell()
        cell.contents = try Self.dot(side: 24)
        cell.birthRate = 160
        cell.lifetime = 1.1
        cell.lifetimeRange = 0.4
        cell.velocity = 55
        cell.velocityRange = 20
        cell.emissionLongitude = -.pi / 2
        cell.emissionRange = .pi / 5
        cell.yAcceleration = -20
        cell.scale = 0.9
        cell.scaleSpeed = -0.5
        cell.color = CGColor(red: 1, green: 0.35, blue: 0.08, alpha: 0.3)
        cell.greenSpeed = 0.2
        cell.alphaSpeed = -0.2
        let emitter = CAEmitterLayer()
        emitter.renderMode = .additive
        emitter.emitterShape = .line
        emitter.emitterPosition = CGPoint(x: 80, y: 140)
        emitter.emitterSize = CGSize(width: 40, height: 0)
        emitter.emitterCells = [cell]
        let root = Self.scene(CGColor(gray: 0, alpha: 1), emitter)
        expectMatchesGolden(
            try Self.render(root, at: time), named: "emitter-fire-additive-\(time == 0.5 ? "early" : "late")")
    }
}
