import QuartzCore
import Testing

/// Golden scenes of shape and gradient layers: fill rules, stroke caps, joins and dashes,
/// `strokeEnd`, a path morph half way, listing 8.6's track, and the three gradient kinds.
@Suite struct ShapeGradientGoldenTests {
    private static func color(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat, _ a: CGFloat = 1) -> CGColor {
        CGColor(red: r, green: g, blue: b, alpha: a)
    }

    private static func render(
        _ root: CALayer, size: CGSize = CGSize(width: 96, height: 96), time: Double = 0
    )
        throws -> CGImage
    {
        let renderer = try CARenderer(layer: root, size: size, scale: 1)
        return try #require(renderer.image(atTime: time))
    }

    private static func background(_ size: CGSize = CGSize(width: 96, height: 96)) -> CALayer {
        let layer = CALayer()
        layer.frame = CGRect(origin: .zero, size: size)
        layer.backgroundColor = color(0.92, 0.92, 0.92)
        return layer
    }

    /// A five-pointed star (a self-intersecting pentagram) inscribed in `rect`.
    private static func star(in rect: CGRect) -> CGPath {
        let path = CGMutablePath()
        for i in 0..<5 {
            let angle = -CGFloat.pi / 2 + CGFloat(i) * 4 * .pi / 5
            let point = CGPoint(
                x: rect.midX + rect.width / 2 * cos(angle), y: rect.midY + rect.height / 2 * sin(angle))
            if i == 0 { path.move(to: point) } else { path.addLine(to: point) }
        }
        path.closeSubpath()
        return path
    }

    /// Two pentagrams: non-zero fills the centre, even-odd leaves it empty.
    @Test func fillRules() throws {
        let root = Self.background()
        for (index, rule) in [CAShapeLayerFillRule.nonZero, .evenOdd].enumerated() {
            let shape = CAShapeLayer()
            shape.frame = CGRect(x: CGFloat(index) * 48, y: 24, width: 48, height: 48)
            shape.path = Self.star(in: CGRect(x: 4, y: 4, width: 40, height: 40))
            shape.fillColor = Self.color(0.2, 0.4, 0.9)
            shape.fillRule = rule
            root.addSublayer(shape)
        }
        expectMatchesGolden(try Self.render(root), named: "shape-fill-rules")
    }

    /// Three open zig-zags, 6 points wide: butt cap with miter join, round cap with round join,
    /// square cap with bevel join; then a dashed line (8 on, 4 off, phase 2).
    @Test func strokeCapsJoinsAndDashes() throws {
        let root = Self.background()
        let styles: [(CAShapeLayerLineCap, CAShapeLayerLineJoin)] = [
            (.butt, .miter), (.round, .round), (.square, .bevel),
        ]
        for (index, style) in styles.enumerated() {
            let shape = CAShapeLayer()
            shape.position = CGPoint(x: 0, y: CGFloat(index) * 24)
            let path = CGMutablePath()
            path.move(to: CGPoint(x: 14, y: 22))
            path.addLine(to: CGPoint(x: 34, y: 8))
            path.addLine(to: CGPoint(x: 54, y: 22))
            path.addLine(to: CGPoint(x: 82, y: 10))
            shape.path = path
            shape.fillColor = nil
            shape.strokeColor = Self.color(0.1, 0.5, 0.2)
            shape.lineWidth = 6
            shape.lineCap = style.0
            shape.lineJoin = style.1
            root.addSublayer(shape)
        }
        let dashed = CAShapeLayer()
        let line = CGMutablePath()
        line.move(to: CGPoint(x: 10, y: 84))
        line.addLine(to: CGPoint(x: 86, y: 84))
        dashed.path = line
        dashed.strokeColor = Self.color(0.8, 0.1, 0.1)
        dashed.lineWidth = 4
        dashed.lineDashPattern = [8, 4]
        dashed.lineDashPhase = 2
        root.addSublayer(dashed)
        expectMatchesGolden(try Self.render(root), named: "shape-stroke-caps-joins-dash")
    }

    /// Circles stroked to 25%, 50%, 75% and 100% (the circle path starts at 3 o'clock and turns
    /// clockwise on screen), each with a round cap, over a filled disc.
    @Test func strokeEndProgress() throws {
        let root = Self.background()
        for (index, end) in [0.25, 0.5, 0.75, 1].enumerated() {
            let shape = CAShapeLayer()
            shape.frame = CGRect(
                x: CGFloat(index % 2) * 48, y: CGFloat(index / 2) * 48, width: 48, height: 48)
            shape.path = CGPath(ellipseIn: CGRect(x: 8, y: 8, width: 32, height: 32), transform: nil)
            shape.fillColor = Self.color(0.85, 0.85, 1)
            shape.strokeColor = Self.color(0.3, 0.2, 0.8)
            shape.lineWidth = 5
            shape.lineCap = .round
            shape.strokeEnd = CGFloat(end)
            root.addSublayer(shape)
        }
        expectMatchesGolden(try Self.render(root), named: "shape-stroke-end")
    }

    /// A square morphing into a wide diamond (both four lines and a close), half way through a
    /// linear 2-second animation: the points are the averages.
    @Test func pathMorphMidway() throws {
        let root = Self.background()
        let shape = CAShapeLayer()
        let square = CGMutablePath()
        square.addLines(between: [
            CGPoint(x: 28, y: 28), CGPoint(x: 68, y: 28), CGPoint(x: 68, y: 68), CGPoint(x: 28, y: 68),
        ])
        square.closeSubpath()
        let diamond = CGMutablePath()
        diamond.addLines(between: [
            CGPoint(x: 48, y: 8), CGPoint(x: 92, y: 48), CGPoint(x: 48, y: 88), CGPoint(x: 4, y: 48),
        ])
        diamond.closeSubpath()
        shape.path = diamond
        shape.fillColor = Self.color(0.9, 0.5, 0.1)
        shape.strokeColor = Self.color(0.3, 0.1, 0)
        shape.lineWidth = 2
        root.addSublayer(shape)
        let morph = CABasicAnimation(keyPath: "path")
        morph.fromValue = square
        morph.toValue = diamond
        morph.beginTime = 10
        morph.duration = 2
        morph.timingFunction = CAMediaTimingFunction(name: .linear)
        shape.add(morph, forKey: "morph")
        expectMatchesGolden(try Self.render(root, time: 11), named: "shape-path-morph-midway")
    }

    /// Listing 8.6: the red Bézier track (lineWidth 3, clear fill) with the ship (a 64 × 64 layer)
    /// at the start of the curve, in the 300 × 300 container.
    @Test func listing8_6Track() throws {
        let size = CGSize(width: 300, height: 300)
        let root = Self.background(size)
        let bezierPath = CGMutablePath()
        bezierPath.move(to: CGPoint(x: 0, y: 150))
        bezierPath.addCurve(
            to: CGPoint(x: 300, y: 150), control1: CGPoint(x: 75, y: 0), control2: CGPoint(x: 225, y: 300))
        let pathLayer = CAShapeLayer()
        pathLayer.path = bezierPath
        pathLayer.fillColor = CGColor.clear
        pathLayer.strokeColor = Self.color(1, 0, 0)
        pathLayer.lineWidth = 3
        root.addSublayer(pathLayer)
        let shipLayer = CALayer()
        shipLayer.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
        shipLayer.position = CGPoint(x: 0, y: 150)
        shipLayer.backgroundColor = Self.color(0.2, 0.3, 0.5)
        shipLayer.cornerRadius = 12
        root.addSublayer(shipLayer)
        expectMatchesGolden(try Self.render(root, size: size), named: "shape-listing-8-6-track")
    }

    /// Axial (top to bottom, red to blue), radial (centred, to the edges, yellow to dark green)
    /// and conic (around the centre from 3 o'clock, red → green → blue → red).
    @Test func gradientKinds() throws {
        let root = Self.background(CGSize(width: 144, height: 48))
        let specs: [(CAGradientLayerType, [CGColor], CGPoint, CGPoint)] = [
            (
                .axial, [Self.color(1, 0, 0), Self.color(0, 0, 1)], CGPoint(x: 0.5, y: 0),
                CGPoint(x: 0.5, y: 1)
            ),
            (
                .radial, [Self.color(1, 0.9, 0), Self.color(0, 0.3, 0.1)], CGPoint(x: 0.5, y: 0.5),
                CGPoint(x: 1, y: 1)
            ),
            (
                .conic, [Self.color(1, 0, 0), Self.color(0, 1, 0), Self.color(0, 0, 1), Self.color(1, 0, 0)],
                CGPoint(x: 0.5, y: 0.5), CGPoint(x: 1, y: 0.5)
            ),
        ]
        for (index, spec) in specs.enumerated() {
            let gradient = CAGradientLayer()
            gradient.frame = CGRect(x: CGFloat(index) * 48 + 4, y: 4, width: 40, height: 40)
            gradient.type = spec.0
            gradient.colors = spec.1
            gradient.startPoint = spec.2
            gradient.endPoint = spec.3
            root.addSublayer(gradient)
        }
        expectMatchesGolden(
            try Self.render(root, size: CGSize(width: 144, height: 48)), named: "gradient-kinds")
    }

    /// A diagonal axial gradient with locations (white 0.4 → black 0.6, a sharp band) and a
    /// horizontal three-colour one with rounded corners masking to bounds.
    @Test func gradientLocationsAndRoundedMask() throws {
        let root = Self.background()
        let banded = CAGradientLayer()
        banded.frame = CGRect(x: 4, y: 4, width: 88, height: 40)
        banded.colors = [CGColor.white, CGColor.black]
        banded.locations = [0.4, 0.6]
        banded.startPoint = CGPoint(x: 0, y: 0)
        banded.endPoint = CGPoint(x: 1, y: 1)
        root.addSublayer(banded)
        let rounded = CAGradientLayer()
        rounded.frame = CGRect(x: 4, y: 52, width: 88, height: 40)
        rounded.colors = [Self.color(1, 0.5, 0), Self.color(1, 1, 1), Self.color(0, 0.6, 0.3)]
        rounded.startPoint = CGPoint(x: 0, y: 0.5)
        rounded.endPoint = CGPoint(x: 1, y: 0.5)
        rounded.cornerRadius = 14
        rounded.masksToBounds = true
        root.addSublayer(rounded)
        expectMatchesGolden(try Self.render(root), named: "gradient-locations-rounded")
    }
}
