import QuartzCore
import Testing

/// The analytic shadow of plain rounded rectangles against the general path (shape, two blur
/// passes, tint) that every other shadow takes: the same picture within a few steps of 1/255.
@Suite struct AnalyticShadowTests {
    struct Case: Sendable, CustomStringConvertible {
        var description: String
        var cornerRadius: CGFloat
        var shadowRadius: CGFloat
        var offset: CGSize
        var transform: CATransform3D
        var color: CGColor
        var background = CGColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 1)
        var borderWidth: CGFloat = 0
    }

    static let cases: [Case] = {
        var perspective = CATransform3DMakeRotation(0.7, 0, 1, 0)
        perspective.m34 = -1 / 300
        return [
            Case(
                description: "card", cornerRadius: 12, shadowRadius: 6, offset: CGSize(width: 0, height: 5),
                transform: CATransform3DIdentity, color: CGColor(gray: 0, alpha: 1)),
            Case(
                description: "rotated", cornerRadius: 8, shadowRadius: 10,
                offset: CGSize(width: 4, height: 4),
                transform: CATransform3DMakeRotation(0.5, 0, 0, 1), color: CGColor(gray: 0, alpha: 1)),
            Case(
                description: "square corners, red", cornerRadius: 0, shadowRadius: 4, offset: .zero,
                transform: CATransform3DMakeScale(1.5, 1.5, 1),
                color: CGColor(red: 1, green: 0, blue: 0, alpha: 0.8)),
            Case(
                description: "perspective", cornerRadius: 20, shadowRadius: 8,
                offset: CGSize(width: 0, height: -3),
                transform: perspective, color: CGColor(gray: 0, alpha: 1)),
            Case(
                description: "translucent, bordered", cornerRadius: 12, shadowRadius: 6,
                offset: CGSize(width: 0, height: 4), transform: CATransform3DIdentity,
                color: CGColor(gray: 0, alpha: 1),
                background: CGColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 0.3), borderWidth: 4),
            Case(
                description: "border only", cornerRadius: 10, shadowRadius: 4, offset: .zero,
                transform: CATransform3DIdentity, color: CGColor(gray: 0, alpha: 1),
                background: CGColor(gray: 0, alpha: 0), borderWidth: 6),
        ]
    }()

    static func render(
        _ test: Case, analytic: Bool, contents: CGImage? = nil, configure: (CALayer) -> Void = { _ in }
    ) throws -> [UInt8] {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 160, height: 120)
        root.backgroundColor = CGColor(gray: 0.95, alpha: 1)
        let card = CALayer()
        card.frame = CGRect(x: 45, y: 30, width: 70, height: 56)
        card.backgroundColor = test.background
        card.borderWidth = test.borderWidth
        card.cornerRadius = test.cornerRadius
        card.shadowOpacity = 0.7
        card.shadowRadius = test.shadowRadius
        card.shadowOffset = test.offset
        card.shadowColor = test.color
        card.transform = test.transform
        card.contents = contents
        configure(card)
        root.addSublayer(card)
        let renderer = try CARenderer(layer: root, size: root.bounds.size)
        renderer.usesAnalyticShadows = analytic
        renderer.beginFrame(atTime: 0)
        renderer.render()
        renderer.endFrame()
        var pixels = [UInt8](repeating: 0, count: 160 * 120 * 4)
        _ = pixels.withUnsafeMutableBytes { renderer.readPixels(into: $0, bytesPerRow: 160 * 4) }
        return pixels
    }

    @Test("analytic and blurred shadows agree", arguments: cases)
    func agree(_ test: Case) throws {
        let analytic = try Self.render(test, analytic: true)
        let blurred = try Self.render(test, analytic: false)
        let differences = zip(analytic, blurred).map { abs(Int($0) - Int($1)) }
        let worst = differences.max() ?? 0
        let mean = Double(differences.reduce(0, +)) / Double(differences.count)
        // The general path blurs a hard-edged shape in screen space; the analytic one integrates
        // the exact shape in the layer's space: a few steps apart at most, well under one on
        // average (a wrong σ or offset is tens of steps out).
        #expect(worst <= 10, "\(test): worst difference \(worst)/255")
        #expect(mean < 0.5, "\(test): mean difference \(mean)/255")
        // The shadow is really there: the pixels below the card are darker than the background.
        #expect(
            analytic
                != (try Self.render(
                    Case(
                        description: "none", cornerRadius: test.cornerRadius, shadowRadius: test.shadowRadius,
                        offset: test.offset, transform: test.transform, color: CGColor(gray: 0, alpha: 0)),
                    analytic: true)))
    }

    @Test("a layer with contents keeps the general path")
    func contentsTakeTheGeneralPath() throws {
        let context = try makeImageContext(width: 8, height: 8)
        context.setFillColor(CGColor(red: 1, green: 1, blue: 0, alpha: 1))
        context.fill(CGRect(x: 0, y: 0, width: 4, height: 8))
        let image = try #require(context.makeImage())
        let test = Self.cases[0]
        #expect(
            try Self.render(test, analytic: true, contents: image)
                == Self.render(test, analytic: false, contents: image))
    }

    /// The properties that make a layer's shape something other than the rounded rectangle of
    /// its background and border: the table flags them, and each sends the shadow down the
    /// general path (the same pixels with analytic shadows on or off).
    @Test("each property that shapes a shadow keeps the general path")
    func shapingPropertiesTakeTheGeneralPath() throws {
        let flagged = CALayerProperty.table.values.filter { $0.keepsShadowPlain != nil }.map(\.key).sorted()
        #expect(flagged == ["contents", "cornerCurve", "maskedCorners", "shadowPath"])
        let changes: [(CALayer) -> Void] = [
            { $0.shadowPath = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 70, height: 56), transform: nil) },
            { $0.cornerCurve = .continuous },
            { $0.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMaxYCorner] },
        ]
        let test = Self.cases[0]
        for change in changes {
            var state = CALayer().state
            #expect(CALayerProperty.plainShadowChecks.allSatisfy { $0(state) })
            let layer = CALayer()
            change(layer)
            state = layer.state
            #expect(!CALayerProperty.plainShadowChecks.allSatisfy { $0(state) })
            #expect(
                try Self.render(test, analytic: true, configure: change)
                    == Self.render(test, analytic: false, configure: change))
        }
    }
}
