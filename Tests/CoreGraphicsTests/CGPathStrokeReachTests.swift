import CoreGraphics
import Testing

// Ruling G18 (docs/DECISIONS.md): how far from its path a stroke can paint, and the trimmed
// stroke's cut ends kept off vertices.

/// Closed-form reaches hold up to the fixed-point slack of segments tens of pixels long: well
/// under 1e-3 half widths at gentle corners.
private let reachTolerance: CGFloat = 1e-3

/// At a sharp corner the miter grows fast with the turn (d ratio / d turn = ratio · tan(turn / 2)
/// / 2, about 65 at a 10° apex), so the same slack moves it by up to a hundredth of a half width.
private let sharpReachTolerance: CGFloat = 0.05

private func reach(
    _ path: CGPath, width: CGFloat = 6, cap: CGLineCap = .butt, join: CGLineJoin = .miter,
    miterLimit: CGFloat = 10, dashed: Bool = false, polylineTolerance: CGFloat? = nil,
    shortestCut: CGFloat = 0, scale: CGFloat = 1
) -> CGFloat {
    path.strokeReach(
        StrokeReachRequest(
            lineWidth: width, cap: cap, join: join, miterLimit: miterLimit, dashed: dashed,
            polylineTolerance: polylineTolerance, shortestCut: shortestCut, pixelsPerUnit: scale))
}

private func polyline(_ points: [CGPoint], closed: Bool = false) -> CGPath {
    let path = CGMutablePath()
    path.addLines(between: points)
    if closed { path.closeSubpath() }
    return path
}

/// An isosceles triangle with its apex (angle `apex` radians) at the origin, pointing left,
/// starting at the apex.
private func triangle(apex: CGFloat, closed: Bool) -> CGPath {
    let side: CGFloat = 100
    return polyline(
        [
            .zero, CGPoint(x: side * cos(apex / 2), y: side * sin(apex / 2)),
            CGPoint(x: side * cos(apex / 2), y: -side * sin(apex / 2)),
        ], closed: closed)
}

@Suite("Stroke reach (ruling G18)")
struct CGPathStrokeReachTests {
    @Test func aCircleReachesHalfTheWidthWhateverTheJoin() {
        let circle = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 86.4, height: 86.4), transform: nil)
        for scale: CGFloat in [0.5, 1, 2] {
            #expect(abs(reach(circle, scale: scale) - 3) < reachTolerance)
        }
        #expect(reach(circle, join: .round) == 3)
        #expect(reach(circle, join: .bevel) == 3)
    }

    @Test func squareCapsReachTheirCorners() {
        let circle = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 50, height: 50), transform: nil)
        #expect(abs(reach(circle, cap: .square, join: .round) - 3 * 2.0.squareRoot()) < 1e-12)
        #expect(reach(circle, cap: .round, join: .round) == 3)
    }

    @Test func rightAnglesReachTheirMiters() {
        let square = CGPath(rect: CGRect(x: 0, y: 0, width: 40, height: 40), transform: nil)
        #expect(abs(reach(square) - 3 * 2.0.squareRoot()) < reachTolerance)
        // A limit below √2 bevels them.
        #expect(reach(square, miterLimit: 1.4) == 3)
    }

    @Test func aCornerPastTheLimitIsBevelled() {
        // An apex of 10°: its miter is 1 / sin(5°) ≈ 11.47 half widths; the base corners' are
        // 1 / sin(42.5°) ≈ 1.48.
        let apex = 10 * CGFloat.pi / 180
        let spike = 1 / sin(apex / 2)
        let base = 1 / sin((CGFloat.pi - apex) / 4)
        let closed = triangle(apex: apex, closed: true)
        #expect(abs(reach(closed, miterLimit: 10) - 3 * base) < reachTolerance)
        #expect(reach(closed, miterLimit: 12) >= 3 * spike)
        #expect(abs(reach(closed, miterLimit: 12) - 3 * spike) < sharpReachTolerance)
        #expect(reach(closed, miterLimit: 12, dashed: true) == 36)
    }

    @Test func aClosedSubpathJoinsAtItsStart() {
        // The apex is the start: joined only when the subpath is closed.
        let apex = 40 * CGFloat.pi / 180
        let atApex = 1 / sin(apex / 2)
        let base = 1 / sin((CGFloat.pi - apex) / 4)
        #expect(reach(triangle(apex: apex, closed: true)) >= 3 * atApex)
        #expect(abs(reach(triangle(apex: apex, closed: true)) - 3 * atApex) < sharpReachTolerance)
        #expect(abs(reach(triangle(apex: apex, closed: false)) - 3 * base) < reachTolerance)
    }

    @Test func aCornerRightAtTheLimitCountsAsMitered() {
        // A turn whose miter is exactly the limit: Cairo may draw it either way.
        let turn: CGFloat = 2 * acos(0.1)
        let path = polyline([
            .zero, CGPoint(x: 100, y: 0), CGPoint(x: 100 + 100 * cos(turn), y: 100 * sin(turn)),
        ])
        #expect(reach(path) == 30)
    }

    @Test func aSegmentTooShortForADirectionReachesTheLimit() {
        // A thousandth of a pixel: Cairo's fixed point may point it anywhere.
        let path = polyline([
            .zero, CGPoint(x: 50, y: 0), CGPoint(x: 50.0007, y: 0.0007), CGPoint(x: 100, y: 0),
        ])
        #expect(reach(path) == 30)
        // Drawn ten thousand times larger it is seven pixels long: a gentle bend.
        #expect(abs(reach(path, scale: 10_000) - 3 / cos(CGFloat.pi / 8)) < reachTolerance)
    }

    @Test func curvesJoinRoundInsideButMiterAtTheirCorners() {
        // Two curves meeting smoothly at the top, then two meeting at a right angle (an arch).
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 100))
        path.addQuadCurve(to: CGPoint(x: 50, y: 0), control: CGPoint(x: 0, y: 0))
        path.addQuadCurve(to: CGPoint(x: 100, y: 100), control: CGPoint(x: 100, y: 0))
        // Tangent at the top: (1, 0) both sides.
        #expect(abs(reach(path) - 3) < reachTolerance)
        let arch = CGMutablePath()
        arch.move(to: CGPoint(x: 0, y: 100))
        arch.addQuadCurve(to: CGPoint(x: 50, y: 0), control: CGPoint(x: 0, y: 50))
        arch.addQuadCurve(to: CGPoint(x: 100, y: 100), control: CGPoint(x: 100, y: 50))
        // The tangents at the top are (1, −1) and (1, 1): a right angle.
        #expect(abs(reach(arch) - 3 * 2.0.squareRoot()) < reachTolerance)
    }

    @Test func aTrimmedCircleReachesJustPastHalfTheWidth() {
        // Drawn as chords within a tenth of a pixel, whose joins are mitered a hair past the
        // half width, with cut ends at least a sixteenth of a pixel from a vertex.
        let circle = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 86.4, height: 86.4), transform: nil)
        let trimmed = reach(circle, polylineTolerance: 0.1, shortestCut: 1.0 / 16)
        #expect(trimmed > 3 && trimmed < 3.05)
        // Without a shortest cut, a cut end could leave a segment of any length beside a join.
        #expect(reach(circle, polylineTolerance: 0.1) == 30)
    }

    @Test func badInputReachesNothing() {
        let square = CGPath(rect: CGRect(x: 0, y: 0, width: 40, height: 40), transform: nil)
        #expect(reach(square, width: .nan) == 0)
        #expect(reach(square, width: -1) == 0)
        #expect(reach(square, scale: .infinity) == 0)
        #expect(reach(square, scale: 0) == 0)
        // A NaN miter limit is Apple's default, 10.
        #expect(abs(reach(square, miterLimit: .nan) - 3 * 2.0.squareRoot()) < reachTolerance)
    }

    @Test func trimmingKeepsCutsOffVertices() {
        let path = polyline([.zero, CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 100), CGPoint(x: 0, y: 100)])
        // A cut a thousandth past the second vertex, at the start and at the end.
        let start = (200 - 0.001) / 300
        let end = (100 + 0.001) / 300
        let late = path.trimmed(from: start, to: 1, tolerance: 0.1, snap: 0.01)
        #expect(late.pieces[0].points == [CGPoint(x: 100, y: 100), CGPoint(x: 0, y: 100)])
        #expect(abs(late.firstPieceOffset - 200) < 1e-9)
        let early = path.trimmed(from: 0, to: end, tolerance: 0.1, snap: 0.01)
        #expect(early.pieces[0].points == [.zero, CGPoint(x: 100, y: 0)])
        // Without a snap, and past it, the cuts stay.
        #expect(path.trimmed(from: 0, to: end, tolerance: 0.1).pieces[0].points.count == 3)
        #expect(
            path.trimmed(from: 0, to: (100 + 0.1) / 300, tolerance: 0.1, snap: 0.01).pieces[0].points.count
                == 3)
        // A piece that would lose its only segment keeps it.
        let short = path.trimmed(from: (100 - 0.001) / 300, to: end, tolerance: 0.1, snap: 0.01)
        #expect(short.pieces[0].points.count >= 2)
    }
}
