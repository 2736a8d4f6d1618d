import QuartzCore
import Testing

/// `shouldRasterize`: the layer and its subtree drawn once into a bitmap at `rasterizationScale`,
/// reused while only the layer's placement or opacity changes.
@Suite struct RasterizationTests {
    private static func color(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat, _ a: CGFloat = 1) -> CGColor {
        CGColor(red: r, green: g, blue: b, alpha: a)
    }

    /// A 48×48 card: rounded, bordered, with a diagonal stripe sublayer and a small dot.
    private static func card(at origin: CGPoint) -> CALayer {
        let card = CALayer()
        card.frame = CGRect(origin: origin, size: CGSize(width: 48, height: 48))
        card.backgroundColor = color(0.2, 0.4, 0.9)
        card.cornerRadius = 10
        card.borderWidth = 3
        card.borderColor = color(1, 0.6, 0)
        let stripe = CALayer()
        stripe.frame = CGRect(x: 6, y: 20, width: 36, height: 8)
        stripe.backgroundColor = color(1, 1, 1)
        stripe.transform = CATransform3DMakeRotation(.pi / 4, 0, 0, 1)
        card.addSublayer(stripe)
        let dot = CALayer()
        dot.frame = CGRect(x: 30, y: 8, width: 8, height: 8)
        dot.backgroundColor = color(0.9, 0.1, 0.2)
        dot.cornerRadius = 4
        card.addSublayer(dot)
        return card
    }

    private static func pixels(_ renderer: CARenderer, at time: CFTimeInterval) throws -> [UInt8] {
        try #require(renderer.image(atTime: time)?.premultipliedRGBA8Pixels())
    }

    /// At `rasterizationScale` 1 on a pixel-aligned layer the bitmap is the layer as drawn.
    @Test func rasterizingAtScaleOneDrawsTheSamePixels() throws {
        let plain = CALayer()
        plain.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
        plain.addSublayer(Self.card(at: CGPoint(x: 8, y: 8)))
        let rasterized = CALayer()
        rasterized.frame = plain.frame
        let card = Self.card(at: CGPoint(x: 8, y: 8))
        card.shouldRasterize = true
        rasterized.addSublayer(card)
        let expected = try Self.pixels(
            try CARenderer(layer: plain, size: CGSize(width: 64, height: 64)), at: 0)
        let renderer = try CARenderer(layer: rasterized, size: CGSize(width: 64, height: 64))
        let actual = try Self.pixels(renderer, at: 0)
        #expect(renderer.rasterizationCount == 1)
        let worst = zip(expected, actual).map { abs(Int($0) - Int($1)) }.max() ?? 255
        #expect(worst <= 1)
    }

    /// Inside a translucent group, with a shadow and a mask, the bitmap at scale 1 shows what
    /// drawing the layer directly shows (its shadow and mask are part of the bitmap).
    @Test func shadowsAndMasksAreInTheBitmap() throws {
        func scene(rasterized: Bool) throws -> [UInt8] {
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 80, height: 80)
            let group = CALayer()
            group.frame = root.bounds
            group.opacity = 0.75
            group.addSublayer(CALayer())
            let card = Self.card(at: CGPoint(x: 16, y: 16))
            card.shadowOpacity = 0.8
            card.shadowRadius = 4
            card.shadowOffset = CGSize(width: 3, height: 5)
            let mask = CALayer()
            mask.frame = CGRect(x: 0, y: 0, width: 40, height: 48)
            mask.backgroundColor = Self.color(0, 0, 0)
            card.mask = mask
            card.shouldRasterize = rasterized
            group.addSublayer(card)
            root.addSublayer(group)
            let renderer = try CARenderer(layer: root, size: CGSize(width: 80, height: 80))
            let pixels = try Self.pixels(renderer, at: 0)
            #expect(renderer.rasterizationCount == (rasterized ? 1 : 0))
            return pixels
        }
        let direct = try scene(rasterized: false)
        let cached = try scene(rasterized: true)
        let worst = zip(direct, cached).map { abs(Int($0) - Int($1)) }.max() ?? 255
        #expect(worst <= 2)
        #expect(direct[(40 * 80 + 60) * 4 + 3] == 0)  // masked away (x 56…64 is outside the mask)
    }

    /// The bitmap is reused while only the layer's position and opacity animate, and drawn again
    /// when a sublayer changes or animates.
    @Test func theBitmapIsReusedUntilTheSubtreeChanges() throws {
        CATransaction.flush()
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 128, height: 64)
        let card = Self.card(at: CGPoint(x: 0, y: 8))
        card.shouldRasterize = true
        root.addSublayer(card)
        CATransaction.flush()
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 24
        move.toValue = 104
        move.duration = 1
        move.beginTime = 10
        move.fillMode = .both
        move.isRemovedOnCompletion = false
        card.add(move, forKey: "move")
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1
        fade.toValue = 0.5
        fade.duration = 1
        fade.beginTime = 10
        fade.fillMode = .both
        fade.isRemovedOnCompletion = false
        card.add(fade, forKey: "fade")
        CATransaction.flush()
        let renderer = try CARenderer(layer: root, size: CGSize(width: 128, height: 64))
        let start = try Self.pixels(renderer, at: 10)
        let end = try Self.pixels(renderer, at: 11)
        _ = try Self.pixels(renderer, at: 10.5)
        #expect(renderer.rasterizationCount == 1)
        // The card was composited where the animation put it, at its opacity.
        #expect(start[(32 * 128 + 24) * 4 + 3] == 255)
        #expect(end[(32 * 128 + 24) * 4 + 3] == 0)
        #expect(abs(Int(end[(32 * 128 + 104) * 4 + 3]) - 128) <= 2)

        // A model change of a sublayer: drawn again once.
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        card.sublayers?[1].backgroundColor = Self.color(0, 1, 0)
        CATransaction.commit()
        CATransaction.flush()
        let changed = try Self.pixels(renderer, at: 11)
        _ = try Self.pixels(renderer, at: 11)
        #expect(renderer.rasterizationCount == 2)
        let dot = ((8 + 12) * 128 + 104 - 24 + 34) * 4
        #expect(changed[dot + 1] > changed[dot])  // green now

        // A running animation in the subtree: drawn again every frame.
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.fromValue = 0
        spin.toValue = CGFloat.pi
        spin.duration = 1
        spin.beginTime = 10
        spin.fillMode = .both
        spin.isRemovedOnCompletion = false
        card.sublayers?[0].add(spin, forKey: "spin")
        CATransaction.flush()
        _ = try Self.pixels(renderer, at: 10.25)
        _ = try Self.pixels(renderer, at: 10.5)
        #expect(renderer.rasterizationCount == 4)
    }

    /// Scaled up 2× on screen, the same card unrasterized (left), rasterized at scale 1 (middle:
    /// a 48-pixel bitmap stretched, soft) and at 0.25 (right: a 12-pixel bitmap, blocky and
    /// blurred), as on Apple's platforms where the bitmap is made in the layer's own space.
    @Test func lowRasterizationScalePixelates() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 312, height: 112)
        root.backgroundColor = Self.color(0.92, 0.92, 0.92)
        for (column, scale) in [CGFloat(0), 1, 0.25].enumerated() {
            let card = Self.card(at: CGPoint(x: 32 + CGFloat(column) * 104, y: 32))
            card.transform = CATransform3DMakeScale(2, 2, 1)
            card.shouldRasterize = scale > 0
            card.rasterizationScale = scale > 0 ? scale : 1
            root.addSublayer(card)
        }
        let renderer = try CARenderer(layer: root, size: CGSize(width: 312, height: 112))
        expectMatchesGolden(try #require(renderer.image(atTime: 0)), named: "rasterize-scale-quarter")
        #expect(renderer.rasterizationCount == 2)
    }
}
