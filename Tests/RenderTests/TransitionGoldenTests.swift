import QuartzCore
import Testing

/// Golden scenes of `CATransition` effects: for each type, one row per subtype (`fromLeft`,
/// `fromRight`, `fromTop`, `fromBottom`; fade has one row) and one column per progress (0.2, 0.4,
/// 0.6, 0.8), plus listing 8.11's crossfade half way.
///
/// Each tile is a committed 32×24 layer, blue with a white square at its top-left corner
/// ("before"), changed in one transaction to orange with a dark square at its bottom-right corner
/// ("after") while its transition is added. The transitions begin in the system clock's future, so
/// no commit finds them over before the frame renders.
@Suite struct TransitionGoldenTests {
    static let now: CFTimeInterval = CACurrentMediaTime() + 86_400
    static let progresses: [Double] = [0.2, 0.4, 0.6, 0.8]
    static let subtypes: [CATransitionSubtype] = [.fromLeft, .fromRight, .fromTop, .fromBottom]
    static let tile = CGSize(width: 32, height: 24)
    static let gap: CGFloat = 8

    static func color(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat) -> CGColor {
        CGColor(red: r, green: g, blue: b, alpha: 1)
    }

    /// Renders `type` for each of `subtypes` (rows) at each progress (columns).
    static func strip(_ type: CATransitionType, subtypes: [CATransitionSubtype?]) throws -> CGImage {
        let size = CGSize(
            width: CGFloat(progresses.count) * (tile.width + gap) + gap,
            height: CGFloat(subtypes.count) * (tile.height + gap) + gap)
        let root = CALayer()
        root.frame = CGRect(origin: .zero, size: size)
        root.backgroundColor = color(0.92, 0.92, 0.92)
        var tiles: [(layer: CALayer, mark: CALayer, subtype: CATransitionSubtype?, progress: Double)] = []
        for (row, subtype) in subtypes.enumerated() {
            for (column, progress) in progresses.enumerated() {
                let layer = CALayer()
                layer.frame = CGRect(
                    x: gap + CGFloat(column) * (tile.width + gap),
                    y: gap + CGFloat(row) * (tile.height + gap),
                    width: tile.width, height: tile.height)
                layer.backgroundColor = color(0.15, 0.35, 0.85)
                let mark = CALayer()
                mark.frame = CGRect(x: 3, y: 3, width: 8, height: 8)
                mark.backgroundColor = color(1, 1, 1)
                layer.addSublayer(mark)
                root.addSublayer(layer)
                tiles.append((layer, mark, subtype, progress))
            }
        }
        CATransaction.flush()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for tile in tiles {
            let transition = CATransition()
            transition.type = type
            transition.subtype = tile.subtype
            transition.duration = 1
            transition.beginTime = now - tile.progress
            tile.layer.add(transition, forKey: nil)
            tile.layer.backgroundColor = color(0.95, 0.55, 0.1)
            tile.mark.position = CGPoint(x: Self.tile.width - 7, y: Self.tile.height - 7)
            tile.mark.backgroundColor = color(0.2, 0.1, 0.05)
        }
        CATransaction.commit()
        let renderer = try CARenderer(layer: root, size: size)
        return try #require(renderer.image(atTime: now))
    }

    @Test func fadeCrossfades() throws {
        expectMatchesGolden(try Self.strip(.fade, subtypes: [nil]), named: "transition-fade")
    }

    @Test(arguments: [
        (CATransitionType.push, "push"), (.moveIn, "move-in"), (.reveal, "reveal"), (.cube, "cube"),
        (.oglFlip, "ogl-flip"),
    ])
    func directionalEffect(type: CATransitionType, name: String) throws {
        expectMatchesGolden(try Self.strip(type, subtypes: Self.subtypes), named: "transition-\(name)")
    }

    /// Listing 8.11: a fade transition added to the image view's layer, then its image changed in
    /// the same transaction; half way, the two images are mixed half and half.
    @Test func listing8_11_crossfadeHalfWay() throws {
        func image(_ draw: (CGContext) -> Void) throws -> CGImage {
            let context = try makeImageContext(width: 48, height: 32)
            context.setFillColor(Self.color(1, 1, 1))
            context.fill(CGRect(x: 0, y: 0, width: 48, height: 32))
            draw(context)
            return try #require(context.makeImage())
        }
        let anchor = try image { context in
            context.setFillColor(Self.color(0.85, 0.1, 0.1))
            context.fillEllipse(in: CGRect(x: 4, y: 4, width: 24, height: 24))
        }
        let cone = try image { context in
            context.setFillColor(Self.color(0.1, 0.6, 0.2))
            context.fill(CGRect(x: 22, y: 6, width: 20, height: 20))
        }
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 64, height: 48)
        root.backgroundColor = Self.color(0.92, 0.92, 0.92)
        let imageView = CALayer()
        imageView.frame = CGRect(x: 8, y: 8, width: 48, height: 32)
        imageView.contents = anchor
        root.addSublayer(imageView)
        CATransaction.flush()
        // switchImage, in a view's layer (no implicit animation)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        let transition = CATransition()
        transition.type = .fade
        transition.beginTime = Self.now - 0.125  // the default duration, 0.25 s, half gone
        imageView.add(transition, forKey: nil)
        imageView.contents = cone
        CATransaction.commit()
        let renderer = try CARenderer(layer: root, size: CGSize(width: 64, height: 48))
        expectMatchesGolden(try #require(renderer.image(atTime: Self.now)), named: "transition-listing-8-11")
    }
}
