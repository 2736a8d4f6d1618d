import QuartzCore
import Testing

/// Ruling G2 (docs/DECISIONS.md): the usual ways of spelling a full circle as an arc draw one when
/// a shape layer is rendered — filled (a dot) and stroked (a ring).
@Suite struct FullCircleShapeRenderTests {
    /// The arcs iOS code hands to CG for a circle: `UIBezierPath(arcCenter:…, startAngle: 0,
    /// endAngle: 2π, clockwise: false)` becomes CG's `clockwise: true`, `clockwise: true` becomes
    /// `false`, and a progress ring starts at the top.
    static let spellings: [(start: CGFloat, end: CGFloat, clockwise: Bool)] = [
        (0, 2 * .pi, true), (0, 2 * .pi, false), (-.pi / 2, 1.5 * .pi, true), (2 * .pi, 0, true),
    ]

    private func render(_ shape: CAShapeLayer) throws -> CGImage {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
        root.addSublayer(shape)
        let renderer = try CARenderer(layer: root, size: CGSize(width: 64, height: 64))
        return try #require(renderer.image(atTime: CACurrentMediaTime()))
    }

    @Test(arguments: spellings.indices)
    func aFullCircleArcFillsADot(index: Int) throws {
        let spelling = Self.spellings[index]
        let shape = CAShapeLayer()
        shape.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
        let path = CGMutablePath()
        path.addArc(
            center: CGPoint(x: 32, y: 32), radius: 20, startAngle: spelling.start,
            endAngle: spelling.end, clockwise: spelling.clockwise)
        shape.path = path
        shape.fillColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        let image = try render(shape)
        #expect(CARendererTests.pixel(image, 32, 32) == [0, 0, 255, 255], "\(spelling)")
        #expect(CARendererTests.pixel(image, 32, 14) == [0, 0, 255, 255], "\(spelling)")
        #expect(CARendererTests.pixel(image, 32, 4) == [0, 0, 0, 0], "\(spelling)")
    }

    @Test(arguments: spellings.indices)
    func aFullCircleArcStrokesARing(index: Int) throws {
        let spelling = Self.spellings[index]
        let shape = CAShapeLayer()
        shape.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
        let path = CGMutablePath()
        path.addArc(
            center: CGPoint(x: 32, y: 32), radius: 20, startAngle: spelling.start,
            endAngle: spelling.end, clockwise: spelling.clockwise)
        shape.path = path
        shape.fillColor = nil
        shape.strokeColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        shape.lineWidth = 6
        let image = try render(shape)
        // Every compass point of the ring has ink; the centre has none.
        for (x, y) in [(52, 32), (12, 32), (32, 12), (32, 52)] {
            #expect(CARendererTests.pixel(image, x, y) == [255, 0, 0, 255], "\(spelling) at \(x), \(y)")
        }
        #expect(CARendererTests.pixel(image, 32, 32) == [0, 0, 0, 0])
    }
}
