import CoreGraphics
import Testing

/// Lengths of straight paths are sums of a few exact terms.
private let exactTolerance: CGFloat = 1e-9

/// The cubic circle plus its flattening (at a tolerance of 1e-4 of the radius; chords shorten an
/// arc by about tolerance / 3r of its length) are within this fraction of 2πr.
private let circleLengthRelativeTolerance: CGFloat = 2e-4

private func circle(radius: CGFloat, center: CGPoint = .zero) -> CGPath {
    CGPath(
        ellipseIn: CGRect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius),
        transform: nil)
}

private func near(_ a: CGPoint, _ b: CGPoint, _ tolerance: CGFloat) -> Bool {
    abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
}

@Test func circleLengthIsTwoPiR() {
    for radius in [1, 50, 400] as [CGFloat] {
        let length = circle(radius: radius).length(tolerance: radius * 1e-4)
        #expect(
            abs(length - 2 * .pi * radius) <= 2 * .pi * radius * circleLengthRelativeTolerance,
            "r = \(radius)")
    }
}

@Test func coarserToleranceGivesFewerPointsAndShorterLength() {
    let path = circle(radius: 100)
    let fine = path.flattened(tolerance: 0.01)[0]
    let coarse = path.flattened(tolerance: 5)[0]
    #expect(coarse.count < fine.count)
    #expect(path.length(tolerance: 5) < path.length(tolerance: 0.01))
}

@Test func flattenedCircleStaysWithinTolerance() {
    let radius: CGFloat = 100
    let tolerance: CGFloat = 0.25
    let polyline = circle(radius: radius).flattened(tolerance: tolerance)[0]
    // Chord midpoints are the farthest from the curve; the curve itself is within ~0.03 of the circle.
    let circleError = radius * 3e-4
    for (a, b) in zip(polyline, polyline.dropFirst()) {
        let mid = CGPoint(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
        #expect(radius - hypot(mid.x, mid.y) <= tolerance + circleError)
    }
    #expect(polyline.first == polyline.last)
}

@Test func flattenedSubpathsKeepClosureAndStarts() {
    let path = CGMutablePath()
    path.addRect(CGRect(x: 0, y: 0, width: 2, height: 2))
    path.move(to: CGPoint(x: 10, y: 10))
    path.addLine(to: CGPoint(x: 11, y: 10))
    path.move(to: CGPoint(x: 20, y: 20))
    let subpaths = path.flattenedSubpaths(tolerance: 0.1)
    #expect(
        subpaths == [
            CGPath.FlattenedSubpath(
                points: [CGPoint(x: 0, y: 0), CGPoint(x: 2, y: 0), CGPoint(x: 2, y: 2), CGPoint(x: 0, y: 2)],
                isClosed: true),
            CGPath.FlattenedSubpath(points: [CGPoint(x: 10, y: 10), CGPoint(x: 11, y: 10)], isClosed: false),
            CGPath.FlattenedSubpath(points: [CGPoint(x: 20, y: 20)], isClosed: false),
        ])
    #expect(path.flattened(tolerance: 0.1)[0].count == 5)
}

@Test func invalidToleranceFallsBackToTheDefault() {
    let path = circle(radius: 30)
    let reference = path.flattened(tolerance: PathMeasure.defaultTolerance)
    #expect(path.flattened(tolerance: 0) == reference)
    #expect(path.flattened(tolerance: -1) == reference)
    #expect(path.flattened(tolerance: .nan) == reference)
    #expect(PathMeasure(path: path, tolerance: .nan).tolerance == PathMeasure.defaultTolerance)
}

@Test func rectangleLengthIncludesTheClosingEdge() {
    let rect = CGPath(rect: CGRect(x: 0, y: 0, width: 30, height: 10), transform: nil)
    #expect(abs(rect.length() - 80) <= exactTolerance)
}

@Test func movesAddNoLength() {
    let path = CGMutablePath()
    path.move(to: .zero)
    path.addLine(to: CGPoint(x: 3, y: 4))
    path.move(to: CGPoint(x: 100, y: 100))
    path.addLine(to: CGPoint(x: 100, y: 110))
    let measure = PathMeasure(path: path)
    #expect(abs(measure.length - 15) <= exactTolerance)
    // 5 units in, the second subpath begins.
    #expect(near(measure.position(at: 5), CGPoint(x: 100, y: 100), exactTolerance))
    #expect(near(measure.position(at: 10), CGPoint(x: 100, y: 105), exactTolerance))
    #expect(measure.tangent(at: 10) == CGVector(dx: 0, dy: 1))
}

@Test func pointAtHalfLengthOfALine() throws {
    let path = CGMutablePath()
    path.move(to: CGPoint(x: 2, y: 2))
    path.addLine(to: CGPoint(x: 8, y: 10))
    let result = try #require(path.point(atLength: 5))
    #expect(near(result.point, CGPoint(x: 5, y: 6), exactTolerance))
    #expect(abs(result.tangent.dx - 0.6) <= exactTolerance)
    #expect(abs(result.tangent.dy - 0.8) <= exactTolerance)
}

@Test func pointAtHalfLengthOfACircle() {
    let radius: CGFloat = 50
    let measure = PathMeasure(path: circle(radius: radius), tolerance: 0.001)
    let half = measure.positionAndTangent(at: measure.length / 2)
    // Starting at (r, 0) with the angle increasing, half way round is (−r, 0), heading −y.
    let positionTolerance = radius * 1e-3
    #expect(near(half.position, CGPoint(x: -radius, y: 0), positionTolerance))
    let tangentTolerance: CGFloat = 1e-3
    #expect(abs(half.tangent.dx) <= tangentTolerance)
    #expect(abs(half.tangent.dy + 1) <= tangentTolerance)
    let quarter = measure.positionAndTangent(at: measure.length / 4)
    #expect(near(quarter.position, CGPoint(x: 0, y: radius), positionTolerance))
    #expect(abs(quarter.tangent.dx + 1) <= tangentTolerance)
}

@Test func tangentIsTheCurveDerivativeNotTheChord() {
    // A quarter arc flattened coarsely: the chord direction at the start would be off by about
    // half a chord's angle; the derivative is exactly +y.
    let path = CGMutablePath()
    path.addArc(center: .zero, radius: 100, startAngle: 0, endAngle: .pi / 2, clockwise: false)
    let measure = PathMeasure(path: path, tolerance: 10)
    let start = measure.tangent(at: 0)
    let tangentTolerance: CGFloat = 1e-12
    #expect(abs(start.dx) <= tangentTolerance)
    #expect(abs(start.dy - 1) <= tangentTolerance)
    let end = measure.tangent(at: measure.length)
    #expect(abs(end.dx + 1) <= tangentTolerance)
    #expect(abs(end.dy) <= tangentTolerance)
}

@Test func tangentFallsBackToChordWhereDerivativeVanishes() {
    // Control points on the ends: the derivative is zero at t = 0 and t = 1.
    let path = CGMutablePath()
    path.move(to: .zero)
    path.addCurve(to: CGPoint(x: 10, y: 0), control1: .zero, control2: CGPoint(x: 10, y: 0))
    let measure = PathMeasure(path: path)
    #expect(measure.tangent(at: 0) == CGVector(dx: 1, dy: 0))
    #expect(measure.tangent(at: measure.length) == CGVector(dx: 1, dy: 0))
}

@Test func distancesClampToTheEnds() {
    let path = CGMutablePath()
    path.move(to: CGPoint(x: 1, y: 1))
    path.addLine(to: CGPoint(x: 4, y: 5))
    let measure = PathMeasure(path: path)
    #expect(measure.position(at: -10) == CGPoint(x: 1, y: 1))
    #expect(measure.position(at: 1e9) == CGPoint(x: 4, y: 5))
    #expect(measure.position(at: .infinity) == CGPoint(x: 4, y: 5))
    #expect(measure.position(at: -.infinity) == CGPoint(x: 1, y: 1))
    #expect(measure.position(at: .nan) == CGPoint(x: 1, y: 1))
    #expect(measure.tangent(at: 1e9) == CGVector(dx: 0.6, dy: 0.8))
}

@Test func zeroLengthAndEmptyPaths() {
    let single = CGMutablePath()
    single.move(to: CGPoint(x: 7, y: 8))
    single.addLine(to: CGPoint(x: 7, y: 8))
    let measure = PathMeasure(path: single)
    #expect(measure.length == 0)
    #expect(measure.position(at: 3) == CGPoint(x: 7, y: 8))
    #expect(measure.tangent(at: 3) == .zero)
    #expect(single.point(atLength: 0)?.point == CGPoint(x: 7, y: 8))

    let empty = CGMutablePath()
    #expect(empty.point(atLength: 0) == nil)
    #expect(empty.length() == 0)
    #expect(empty.flattened(tolerance: 1).isEmpty)
    #expect(PathMeasure(path: empty).position(at: 1) == .zero)
}

@Test func measureIsASnapshotOfAMutablePath() {
    let path = CGMutablePath()
    path.move(to: .zero)
    path.addLine(to: CGPoint(x: 10, y: 0))
    let measure = PathMeasure(path: path)
    path.addLine(to: CGPoint(x: 10, y: 10))
    #expect(measure.length == 10)
    #expect(path.length() == 20)
}

@Test func positionsAlongACurveAreMonotonicInDistance() {
    let path = CGMutablePath()
    path.move(to: .zero)
    path.addCurve(
        to: CGPoint(x: 300, y: 0), control1: CGPoint(x: 100, y: 200), control2: CGPoint(x: 200, y: -200))
    let measure = PathMeasure(path: path, tolerance: 0.05)
    var previous = measure.position(at: 0)
    var travelled: CGFloat = 0
    for step in 1...200 {
        let point = measure.position(at: measure.length * CGFloat(step) / 200)
        travelled += hypot(point.x - previous.x, point.y - previous.y)
        previous = point
    }
    // Walking the measure in small steps covers (nearly) its whole length and ends at the end.
    let walkTolerance = measure.length * 1e-3
    #expect(abs(travelled - measure.length) <= walkTolerance)
    #expect(near(previous, CGPoint(x: 300, y: 0), exactTolerance))
}
