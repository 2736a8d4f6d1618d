import CoreGraphics
import Testing

/// Two squares, the inner one inside the outer, both drawn in the same direction by `addRect`.
private func nestedSquares() -> CGPath {
    let path = CGMutablePath()
    path.addRect(CGRect(x: 0, y: 0, width: 100, height: 100))
    path.addRect(CGRect(x: 25, y: 25, width: 50, height: 50))
    return path
}

/// A five-pointed star drawn by joining every second vertex of a regular pentagon: its centre is
/// wound round twice.
private func pentagram(radius: CGFloat) -> CGPath {
    let vertices = (0..<5).map { i -> CGPoint in
        let angle = CGFloat.pi / 2 + CGFloat(i) * 2 * .pi / 5
        return CGPoint(x: radius * cos(angle), y: radius * sin(angle))
    }
    let path = CGMutablePath()
    path.addLines(between: [0, 2, 4, 1, 3].map { vertices[$0] })
    path.closeSubpath()
    return path
}

@Test func rectangleContainsItsInteriorOnly() {
    let path = CGPath(rect: CGRect(x: 10, y: 10, width: 20, height: 20), transform: nil)
    #expect(path.contains(CGPoint(x: 15, y: 25)))
    #expect(!path.contains(CGPoint(x: 5, y: 25)))
    #expect(!path.contains(CGPoint(x: 15, y: 35)))
    #expect(path.contains(CGPoint(x: 15, y: 25), using: .evenOdd))
}

@Test func nestedSameDirectionSquaresDifferByRuleInTheHole() {
    let path = nestedSquares()
    let hole = CGPoint(x: 50, y: 50)
    let ring = CGPoint(x: 10, y: 50)
    #expect(path.contains(hole, using: .winding))
    #expect(!path.contains(hole, using: .evenOdd))
    #expect(path.contains(ring, using: .winding))
    #expect(path.contains(ring, using: .evenOdd))
    #expect(!path.contains(CGPoint(x: 150, y: 50), using: .winding))
    #expect(!path.contains(CGPoint(x: 150, y: 50), using: .evenOdd))
}

@Test func oppositeDirectionInnerSquareIsAHoleForBothRules() {
    let path = CGMutablePath()
    path.addRect(CGRect(x: 0, y: 0, width: 100, height: 100))
    path.addLines(between: [
        CGPoint(x: 25, y: 25), CGPoint(x: 25, y: 75), CGPoint(x: 75, y: 75), CGPoint(x: 75, y: 25),
    ])
    path.closeSubpath()
    #expect(!path.contains(CGPoint(x: 50, y: 50), using: .winding))
    #expect(!path.contains(CGPoint(x: 50, y: 50), using: .evenOdd))
    #expect(path.contains(CGPoint(x: 10, y: 10), using: .winding))
}

@Test func pentagramCentreDependsOnTheRule() {
    let star = pentagram(radius: 100)
    #expect(star.contains(.zero, using: .winding))
    #expect(!star.contains(.zero, using: .evenOdd))
    // Inside the top point, above the central pentagon: wound once.
    let tip = CGPoint(x: 0, y: 70)
    #expect(star.contains(tip, using: .winding))
    #expect(star.contains(tip, using: .evenOdd))
    // Between two points, outside the star.
    let notchAngle = CGFloat.pi / 2 + CGFloat.pi / 5
    let notch = CGPoint(x: 60 * cos(notchAngle), y: 60 * sin(notchAngle))
    #expect(!star.contains(notch, using: .winding))
}

@Test func defaultRuleIsWinding() {
    #expect(pentagram(radius: 10).contains(.zero))
    #expect(nestedSquares().contains(CGPoint(x: 50, y: 50)))
}

@Test func openSubpathsAreClosedImplicitly() {
    let path = CGMutablePath()
    path.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 0, y: 10)])
    #expect(path.contains(CGPoint(x: 2, y: 2)))
    #expect(!path.contains(CGPoint(x: 8, y: 8)))
}

@Test func circleContainmentIsAccurateNearTheCurve() {
    let radius: CGFloat = 100
    let circle = CGPath(
        ellipseIn: CGRect(x: -radius, y: -radius, width: 2 * radius, height: 2 * radius), transform: nil)
    // The cubic approximation strays at most ~0.03 from the circle; test 0.5 inside and outside.
    let margin: CGFloat = 0.5
    for step in 0..<36 {
        let angle = CGFloat(step) * .pi / 18 + 0.01
        let inside = CGPoint(x: (radius - margin) * cos(angle), y: (radius - margin) * sin(angle))
        let outside = CGPoint(x: (radius + margin) * cos(angle), y: (radius + margin) * sin(angle))
        #expect(circle.contains(inside), "angle \(angle)")
        #expect(!circle.contains(outside), "angle \(angle)")
    }
}

@Test func quadraticHumpContainsPointsUnderItOnly() {
    let path = CGMutablePath()
    path.move(to: .zero)
    path.addQuadCurve(to: CGPoint(x: 100, y: 0), control: CGPoint(x: 50, y: 100))
    path.closeSubpath()
    // The hump peaks at y = 50 at x = 50; at x = 25 it reaches y = 37.5.
    #expect(path.contains(CGPoint(x: 50, y: 49.5)))
    #expect(!path.contains(CGPoint(x: 50, y: 50.5)))
    #expect(path.contains(CGPoint(x: 25, y: 37)))
    #expect(!path.contains(CGPoint(x: 25, y: 38)))
}

@Test func sCurveEdgeIsTestedExactly() {
    // A closed shape whose right edge is a cubic S-curve from (100, 0) to (100, 100): it bulges
    // left to x ≈ 54 near y ≈ 19 and right to x ≈ 146 near y ≈ 81. Points are chosen where the
    // curve and the straight chord x = 100 disagree.
    let path = CGMutablePath()
    path.move(to: CGPoint(x: 0, y: 0))
    path.addLine(to: CGPoint(x: 100, y: 0))
    path.addCurve(
        to: CGPoint(x: 100, y: 100), control1: CGPoint(x: -60, y: 30), control2: CGPoint(x: 260, y: 70))
    path.addLine(to: CGPoint(x: 0, y: 100))
    path.closeSubpath()
    for rule in [CGPathFillRule.winding, .evenOdd] {
        // At y = 16 the curve is at x ≈ 55.4, at y = 50 at x = 100, at y = 70 at x ≈ 139.
        #expect(!path.contains(CGPoint(x: 90, y: 16), using: rule))
        #expect(path.contains(CGPoint(x: 50, y: 16), using: rule))
        #expect(path.contains(CGPoint(x: 130, y: 70), using: rule))
        #expect(!path.contains(CGPoint(x: 150, y: 70), using: rule))
        #expect(path.contains(CGPoint(x: 90, y: 50), using: rule))
    }
}

@Test func containsAppliesTransformToThePoint() {
    let path = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
    let shift = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 10, ty: 0)
    #expect(path.contains(CGPoint(x: -5, y: 5), transform: shift))
    #expect(!path.contains(CGPoint(x: 5, y: 5), transform: shift))
}

@Test func transformedCopyContainsTransformedPoints() {
    var rotate = CGAffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0)
    let path = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 2), transform: &rotate)
    // The 10 × 2 rectangle rotated by +90° covers x in −2...0, y in 0...10.
    #expect(path.contains(CGPoint(x: -1, y: 8)))
    #expect(!path.contains(CGPoint(x: 8, y: 1)))
}

@Test func emptyAndDegeneratePathsContainNothing() {
    #expect(!CGMutablePath().contains(.zero))
    let line = CGMutablePath()
    line.move(to: .zero)
    line.addLine(to: CGPoint(x: 10, y: 10))
    #expect(!line.contains(CGPoint(x: 5, y: 4)))
    #expect(!CGPath(rect: .zero, transform: nil).contains(.zero))
    #expect(
        !CGPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1), transform: nil).contains(
            CGPoint(x: CGFloat.infinity, y: 0.5)))
}
