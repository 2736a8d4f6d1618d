import QuartzCore
import Testing

/// Golden scenes and pixel checks of Apple's private warping `CATransition` types (Lamina
/// extensions with Apple's raw strings, ruling V16): `rippleEffect`, `cameraIrisHollowOpen`,
/// `cameraIrisHollowClose`, `suckEffect`, `cameraIris`, `spewEffect` (one row each), `pageCurl`,
/// `pageUnCurl` and `genieEffect` (one row per subtype), each at progress 0.2, 0.4, 0.6 and 0.8.
///
/// Each tile is a committed 64×48 layer, blue with a white square at its top-left corner and a
/// white horizontal bar across its middle ("before"), changed in one transaction to orange with
/// a dark square at its bottom-right corner and a dark vertical bar ("after").
@Suite struct PrivateTransitionGoldenTests {
    typealias Support = CARendererTests
    static let now: CFTimeInterval = CACurrentMediaTime() + 86_400
    static let progresses: [Double] = [0.2, 0.4, 0.6, 0.8]
    static let tile = CGSize(width: 64, height: 48)
    static let gap: CGFloat = 8
    static let before = Support.color(0.15, 0.35, 0.85)
    static let after = Support.color(0.95, 0.55, 0.1)

    /// A layer in the "before" state with its square and bar.
    static func tileLayer(_ frame: CGRect) -> (layer: CALayer, mark: CALayer, bar: CALayer) {
        let layer = Support.layer(frame, before)
        let mark = Support.layer(CGRect(x: 4, y: 4, width: 14, height: 14), Support.color(1, 1, 1))
        let bar = Support.layer(
            CGRect(x: 0, y: tile.height / 2 - 2, width: tile.width, height: 4), Support.color(1, 1, 1))
        layer.addSublayer(mark)
        layer.addSublayer(bar)
        return (layer, mark, bar)
    }

    /// Changes a tile to its "after" state.
    static func change(_ tile: (layer: CALayer, mark: CALayer, bar: CALayer)) {
        tile.layer.backgroundColor = after
        tile.mark.position = CGPoint(x: Self.tile.width - 11, y: Self.tile.height - 11)
        tile.mark.backgroundColor = Support.color(0.2, 0.1, 0.05)
        tile.bar.frame = CGRect(x: Self.tile.width / 2 - 2, y: 0, width: 4, height: Self.tile.height)
        tile.bar.backgroundColor = Support.color(0.2, 0.1, 0.05)
    }

    /// A transition of `type` lasting 1 s that has run for `progress` s at `now`.
    static func transition(
        _ type: CATransitionType, _ subtype: CATransitionSubtype?, progress: Double
    ) -> CATransition {
        let transition = CATransition()
        transition.type = type
        transition.subtype = subtype
        transition.duration = 1
        transition.beginTime = now - progress
        return transition
    }

    /// Renders `type` for each of `subtypes` (rows) at each progress (columns).
    static func strip(_ type: CATransitionType, subtypes: [CATransitionSubtype?]) throws -> CGImage {
        let size = CGSize(
            width: CGFloat(progresses.count) * (tile.width + gap) + gap,
            height: CGFloat(subtypes.count) * (tile.height + gap) + gap)
        let root = Support.layer(CGRect(origin: .zero, size: size), Support.color(0.92, 0.92, 0.92))
        var tiles:
            [(
                tile: (layer: CALayer, mark: CALayer, bar: CALayer), subtype: CATransitionSubtype?,
                progress: Double
            )] = []
        for (row, subtype) in subtypes.enumerated() {
            for (column, progress) in progresses.enumerated() {
                let tile = tileLayer(
                    CGRect(
                        x: gap + CGFloat(column) * (Self.tile.width + gap),
                        y: gap + CGFloat(row) * (Self.tile.height + gap),
                        width: Self.tile.width, height: Self.tile.height))
                root.addSublayer(tile.layer)
                tiles.append((tile, subtype, progress))
            }
        }
        CATransaction.flush()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for entry in tiles {
            entry.tile.layer.add(transition(type, entry.subtype, progress: entry.progress), forKey: nil)
            change(entry.tile)
        }
        CATransaction.commit()
        let renderer = try CARenderer(layer: root, size: size)
        return try #require(renderer.image(atTime: now))
    }

    @Test(arguments: [
        (CATransitionType.rippleEffect, "ripple"), (.cameraIrisHollowOpen, "camera-iris-hollow-open"),
        (.cameraIrisHollowClose, "camera-iris-hollow-close"), (.suckEffect, "suck"),
        (.cameraIris, "camera-iris"), (.spewEffect, "spew"),
    ])
    func centredEffect(type: CATransitionType, name: String) throws {
        expectMatchesGolden(try Self.strip(type, subtypes: [nil]), named: "transition-\(name)")
    }

    @Test(arguments: [
        (CATransitionType.pageCurl, "page-curl"), (.pageUnCurl, "page-un-curl"), (.genieEffect, "genie"),
    ])
    func pageEffect(type: CATransitionType, name: String) throws {
        expectMatchesGolden(
            try Self.strip(type, subtypes: [.fromLeft, .fromRight, .fromTop, .fromBottom]),
            named: "transition-\(name)")
    }

    /// The iris half open shows the new picture at the centre and the old at the corners; the
    /// raw strings are Apple's; a NaN progress range draws a picture, never a NaN.
    @Test func irisPixelsRawStringsAndNaNProgress() throws {
        #expect(CATransitionType.cameraIrisHollowOpen.rawValue == "cameraIrisHollowOpen")
        #expect(CATransitionType.pageUnCurl.rawValue == "pageUnCurl")
        #expect(CATransitionType.rippleEffect.rawValue == "rippleEffect")
        #expect(CATransitionType.suckEffect.rawValue == "suckEffect")
        func render(_ transition: CATransition) throws -> CGImage {
            let root = Support.layer(CGRect(x: 0, y: 0, width: 60, height: 40), nil)
            let layer = Support.layer(CGRect(x: 10, y: 10, width: 40, height: 20), Support.color(1, 0, 0))
            root.addSublayer(layer)
            CATransaction.flush()
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layer.add(transition, forKey: nil)
            layer.backgroundColor = Support.color(0, 0, 1)
            CATransaction.commit()
            let renderer = try CARenderer(layer: root, size: CGSize(width: 60, height: 40))
            return try #require(renderer.image(atTime: Self.now))
        }
        let half = try render(Self.transition(.cameraIrisHollowOpen, nil, progress: 0.5))
        #expect(Support.pixel(half, 30, 20) == [0, 0, 255, 255])
        // The corner is in the blades: the old picture, perhaps darkened by a blade's seam.
        let corner = Support.pixel(half, 10, 10)
        #expect(corner[0] > 150 && corner[1] == 0 && corner[2] == 0 && corner[3] == 255)
        #expect(Support.pixel(half, 5, 5) == [0, 0, 0, 0])
        let closing = try render(Self.transition(.cameraIrisHollowClose, nil, progress: 0.5))
        #expect(Support.pixel(closing, 30, 20) == [255, 0, 0, 255])
        let closingCorner = Support.pixel(closing, 10, 10)
        #expect(closingCorner[0] == 0 && closingCorner[2] > 150 && closingCorner[3] == 255)
        for type in [CATransitionType.pageCurl, .rippleEffect, .suckEffect] {
            let transition = Self.transition(type, .fromRight, progress: 0.5)
            transition.startProgress = .nan
            transition.endProgress = .nan
            let pixel = Support.pixel(try render(transition), 30, 20)
            #expect(pixel == [255, 0, 0, 255] || pixel == [0, 0, 255, 255], "\(type.rawValue)")
        }
    }
}
