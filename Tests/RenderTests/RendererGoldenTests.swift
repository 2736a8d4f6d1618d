import QuartzCore
import Testing

/// Golden scenes of the compositor: each scene is built here and compared with its reviewed PNG
/// in `Goldens/` (see `Goldens/README.md` for recording).
@Suite struct RendererGoldenTests {
    private static func color(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat, _ a: CGFloat = 1) -> CGColor {
        CGColor(red: r, green: g, blue: b, alpha: a)
    }

    private static func layer(_ frame: CGRect, _ color: CGColor?) -> CALayer {
        let layer = CALayer()
        layer.frame = frame
        layer.backgroundColor = color
        return layer
    }

    private static func render(_ root: CALayer, size: CGSize = CGSize(width: 96, height: 96)) throws
        -> CGImage
    {
        let renderer = try CARenderer(layer: root, size: size, scale: 1)
        return try #require(renderer.image(atTime: 0))
    }

    private static func background() -> CALayer {
        layer(CGRect(x: 0, y: 0, width: 96, height: 96), color(0.92, 0.92, 0.92))
    }

    @Test func cardWithRoundedCornersAndBorder() throws {
        let root = Self.background()
        let card = Self.layer(CGRect(x: 12, y: 20, width: 72, height: 56), Self.color(0.2, 0.4, 0.9))
        card.cornerRadius = 14
        card.borderWidth = 4
        card.borderColor = Self.color(1, 0.6, 0)
        root.addSublayer(card)
        expectMatchesGolden(try Self.render(root), named: "card-rounded-border")
    }

    /// Rounded clipping under rotation: a striped sublayer clipped to a rotated rounded rect.
    @Test func roundedClipUnderRotation() throws {
        let root = Self.background()
        let clip = Self.layer(CGRect(x: 18, y: 18, width: 60, height: 60), nil)
        clip.cornerRadius = 18
        clip.masksToBounds = true
        clip.transform = CATransform3DMakeRotation(.pi / 7, 0, 0, 1)
        for i in 0..<6 {
            let stripe = Self.layer(
                CGRect(x: CGFloat(i) * 12 - 6, y: -10, width: 12, height: 80),
                i.isMultiple(of: 2) ? Self.color(0.9, 0.1, 0.2) : Self.color(0.1, 0.6, 0.3))
            clip.addSublayer(stripe)
        }
        root.addSublayer(clip)
        expectMatchesGolden(try Self.render(root), named: "clip-rounded-rotated")
    }

    /// Chapter 9's door, hinged on its left edge, at three angles under perspective.
    @Test(arguments: [0, 45, 80])
    func perspectiveDoor(degrees: Int) throws {
        let root = Self.background()
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 200
        root.sublayerTransform = perspective
        let door = Self.layer(CGRect(x: 0, y: 0, width: 48, height: 72), Self.color(0.55, 0.3, 0.15))
        door.anchorPoint = CGPoint(x: 0, y: 0.5)
        door.position = CGPoint(x: 24, y: 48)
        door.borderWidth = 3
        door.borderColor = Self.color(0.3, 0.15, 0.05)
        door.transform = CATransform3DMakeRotation(-CGFloat(degrees) * .pi / 180, 0, 1, 0)
        root.addSublayer(door)
        expectMatchesGolden(try Self.render(root), named: "door-perspective-\(degrees)")
    }

    /// Nested opacity: a translucent group inside a translucent group, with overlapping children.
    @Test func nestedOpacityGroups() throws {
        let root = Self.background()
        let outer = Self.layer(CGRect(x: 8, y: 8, width: 80, height: 80), Self.color(1, 1, 1))
        outer.opacity = 0.8
        let inner = Self.layer(CGRect(x: 8, y: 8, width: 64, height: 64), nil)
        inner.opacity = 0.5
        inner.addSublayer(Self.layer(CGRect(x: 0, y: 0, width: 40, height: 40), Self.color(1, 0, 0)))
        inner.addSublayer(Self.layer(CGRect(x: 24, y: 24, width: 40, height: 40), Self.color(0, 0, 1)))
        outer.addSublayer(inner)
        root.addSublayer(outer)
        expectMatchesGolden(try Self.render(root), named: "opacity-nested-groups")
    }

    /// The twelve contents gravities, each drawing the same 12×8 image in a 24×24 cell.
    @Test func contentsGravities() throws {
        let context = try makeImageContext(width: 12, height: 8)
        context.setFillColor(Self.color(0.1, 0.5, 0.9))
        context.fill(CGRect(x: 0, y: 0, width: 12, height: 8))
        context.setFillColor(Self.color(1, 0.8, 0))
        context.fill(CGRect(x: 0, y: 4, width: 6, height: 4))  // the top-left quarter (Quartz y up)
        let image = try #require(context.makeImage())
        let gravities: [CALayerContentsGravity] = [
            .center, .top, .bottom, .left, .right, .topLeft, .topRight, .bottomLeft, .bottomRight, .resize,
            .resizeAspect, .resizeAspectFill,
        ]
        let root = Self.background()
        for (index, gravity) in gravities.enumerated() {
            let cell = Self.layer(
                CGRect(
                    x: 2 + CGFloat(index % 4) * 24, y: 14 + CGFloat(index / 4) * 24, width: 20, height: 20),
                Self.color(1, 1, 1))
            cell.contents = image
            cell.contentsGravity = gravity
            cell.masksToBounds = true
            cell.magnificationFilter = .nearest
            root.addSublayer(cell)
        }
        expectMatchesGolden(try Self.render(root), named: "contents-gravity-grid")
    }

    @Test func blurredShadowOfARoundedCard() throws {
        let root = Self.background()
        let card = Self.layer(CGRect(x: 18, y: 18, width: 56, height: 48), Self.color(1, 1, 1))
        card.cornerRadius = 10
        card.shadowOpacity = 0.6
        card.shadowRadius = 6
        card.shadowOffset = CGSize(width: 0, height: 5)
        root.addSublayer(card)
        expectMatchesGolden(try Self.render(root), named: "shadow-rounded-blurred")
    }

    /// The shadow of a masked layer: the mask clips the layer and its shadow, as on Apple's.
    @Test func shadowOfAMaskedLayer() throws {
        let root = Self.background()
        let layer = Self.layer(CGRect(x: 16, y: 16, width: 56, height: 56), Self.color(0.2, 0.5, 0.9))
        layer.shadowOpacity = 0.8
        layer.shadowRadius = 4
        layer.shadowOffset = CGSize(width: 6, height: 6)
        let mask = Self.layer(CGRect(x: 0, y: 0, width: 62, height: 62), Self.color(0, 0, 0))
        mask.cornerRadius = 31
        layer.mask = mask
        root.addSublayer(layer)
        expectMatchesGolden(try Self.render(root), named: "shadow-of-masked-layer")
    }
}
