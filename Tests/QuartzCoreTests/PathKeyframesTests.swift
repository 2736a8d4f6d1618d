import CoreGraphics
import Foundation
import QuartzCore
import Testing

// Keyframes along a path (Apple's `CAKeyframeAnimation` `path` documentation): one per drawing
// element, positions on the curves.

/// Rounding error of Bézier evaluation on coordinates of order 100.
private let pointTolerance: CGFloat = 1e-9
/// How far a cubic arc of ≤ 90° strays from its circle: about 2.7e-4 of the radius.
private let arcApproximationTolerance: CGFloat = 0.03
/// Rounding error of a unit tangent.
private let tangentTolerance: CGFloat = 1e-9

private func near(_ a: CGPoint, _ b: CGPoint, _ tolerance: CGFloat) -> Bool {
    abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
}

/// A quarter circle of radius 100 about the origin, from (100, 0) to (0, 100).
private func quarterCircle() -> CGPath {
    let path = CGMutablePath()
    path.addArc(center: .zero, radius: 100, startAngle: 0, endAngle: .pi / 2, clockwise: false)
    return path
}

@Suite("PathKeyframes")
struct PathKeyframesTests {
    @Test func aQuarterCircleIsFollowedNotCut() {
        let keyframes = PathKeyframes(path: quarterCircle())
        #expect(keyframes.count == 2)
        #expect(near(keyframes.keyframePoints[0], CGPoint(x: 100, y: 0), pointTolerance))
        #expect(near(keyframes.keyframePoints[1], CGPoint(x: 0, y: 100), pointTolerance))
        let mid = keyframes.point(segment: 0, fraction: 0.5)
        // On the circle, at 45°, not on the chord (whose midpoint is 70.7 from the centre).
        #expect(abs(hypot(mid.x, mid.y) - 100) < arcApproximationTolerance)
        #expect(
            near(
                mid, CGPoint(x: 100 / 2.0.squareRoot(), y: 100 / 2.0.squareRoot()), arcApproximationTolerance)
        )
        let tangent = keyframes.tangent(segment: 0, fraction: 0.5)
        let expected = CGVector(dx: -1 / 2.0.squareRoot(), dy: 1 / 2.0.squareRoot())
        #expect(
            abs(tangent.dx - expected.dx) < tangentTolerance
                && abs(tangent.dy - expected.dy) < tangentTolerance)
        #expect(abs(keyframes.segmentLengths[0] - 50 * .pi) < arcApproximationTolerance)
    }

    @Test func pacedFractionsAreFractionsOfArcLength() {
        // x = 90·t³: by parameter, t = ½ is at 11.25; by arc length, half way is at 45.
        let elements: [PathElement] = [.move(.zero), .cubic(.zero, .zero, CGPoint(x: 90, y: 0))]
        let byParameter = PathKeyframes(elements)
        let paced = PathKeyframes(elements, paced: true)
        #expect(abs(byParameter.point(segment: 0, fraction: 0.5).x - 11.25) < pointTolerance)
        #expect(abs(paced.point(segment: 0, fraction: 0.5).x - 45) < pointTolerance)
        #expect(abs(paced.point(segment: 0, fraction: 0.1).x - 9) < pointTolerance)
        #expect(abs(paced.segmentLengths[0] - 90) < pointTolerance)
        // At t = 0 the derivative vanishes; the tangent still points along the curve.
        #expect(byParameter.tangent(segment: 0, fraction: 0) == CGVector(dx: 1, dy: 0))

        // On the quarter circle, a quarter of the arc is at 22.5°.
        let arc = PathKeyframes(path: quarterCircle(), paced: true)
        let p = arc.point(segment: 0, fraction: 0.25)
        #expect(abs(atan2(p.y, p.x) - .pi / 8) < 1e-3)
    }

    @Test func quadraticCurvesEvaluateExactly() {
        let keyframes = PathKeyframes([.move(.zero), .quad(CGPoint(x: 50, y: 100), CGPoint(x: 100, y: 0))])
        #expect(keyframes.point(segment: 0, fraction: 0.5) == CGPoint(x: 50, y: 50))
        #expect(keyframes.tangent(segment: 0, fraction: 0.5) == CGVector(dx: 1, dy: 0))
    }

    /// A close has no point, so it is no keyframe (ruling E25): a rectangle's path has the four
    /// corners as keyframes and three sides as segments.
    @Test func aCloseIsNoKeyframe() {
        let keyframes = PathKeyframes(
            path: CGPath(rect: CGRect(x: 0, y: 0, width: 30, height: 10), transform: nil))
        #expect(keyframes.count == 4)
        #expect(keyframes.segmentLengths == [30, 10, 30])
        #expect(keyframes.keyframePoints.last == CGPoint(x: 0, y: 10))
        // A segment after a close starts from the subpath's start.
        let after = PathKeyframes([
            .move(.zero), .line(CGPoint(x: 10, y: 0)), .close, .line(CGPoint(x: 0, y: 20)),
        ])
        #expect(after.count == 3)
        #expect(after.segmentLengths == [10, 20])
        #expect(after.point(segment: 1, fraction: 0) == .zero)
    }

    @Test func aCloseAlreadyAtTheStartIsNoSegment() {
        let ellipse = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 100, height: 100), transform: nil)
        let keyframes = PathKeyframes(path: ellipse)
        #expect(keyframes.count == 5)
        #expect(keyframes.segmentLengths.count == 4)
        #expect(keyframes.segmentLengths.allSatisfy { abs($0 - 25 * .pi) < arcApproximationTolerance })
    }

    @Test func movesStartSubpathsWithoutBeingKeyframes() {
        let keyframes = PathKeyframes([
            .move(.zero), .line(CGPoint(x: 10, y: 0)), .move(CGPoint(x: 50, y: 50)),
            .line(CGPoint(x: 50, y: 60)),
        ])
        #expect(keyframes.count == 3)
        #expect(keyframes.keyframePoints == [.zero, CGPoint(x: 10, y: 0), CGPoint(x: 50, y: 60)])
        #expect(keyframes.point(segment: 1, fraction: 0) == CGPoint(x: 50, y: 50))
        #expect(keyframes.segmentLengths == [10, 10])
    }

    @Test func degenerateInput() {
        let empty = PathKeyframes([])
        #expect(empty.count == 0)
        #expect(empty.point(segment: 0, fraction: 0.5) == .zero)
        #expect(empty.tangent(segment: 0, fraction: 0.5) == .zero)
        let lone = PathKeyframes([.move(CGPoint(x: 3, y: 4))])
        #expect(lone.count == 1)
        #expect(lone.point(segment: 2, fraction: 0.5) == CGPoint(x: 3, y: 4))
        // Non-finite segments are skipped; indices and fractions are clamped, NaN is 0.
        let skipped = PathKeyframes([
            .move(.zero), .line(CGPoint(x: CGFloat.nan, y: 0)), .line(CGPoint(x: 10, y: 0)),
        ])
        #expect(skipped.count == 2)
        let line = PathKeyframes([.move(.zero), .line(CGPoint(x: 10, y: 0))], paced: true)
        #expect(line.point(segment: 5, fraction: 2) == CGPoint(x: 10, y: 0))
        #expect(line.point(segment: -1, fraction: .nan) == .zero)
        // A segment of no length has no direction.
        let still = PathKeyframes([.move(.zero), .line(.zero)])
        #expect(still.tangent(segment: 0, fraction: 0.5) == .zero)
    }

    @Test func pathKeyframesDriveATimeline() {
        // Paced timing along a rect's three sides (the close is no segment): the long sides take
        // three times as long as the short one.
        let keyframes = PathKeyframes(
            path: CGPath(rect: CGRect(x: 0, y: 0, width: 30, height: 10), transform: nil), paced: true)
        let timeline = KeyframeTimeline(
            count: keyframes.count, keyTimes: nil, mode: .paced, segmentLengths: keyframes.segmentLengths)
        let expected: [Double] = [0, 30.0 / 70, 40.0 / 70, 1]
        #expect(timeline.keyTimes == expected)
        let (i, u) = timeline.segment(at: 35.0 / 70)
        #expect(i == 1 && abs(u - 0.5) < 1e-12)
        #expect(isClose(keyframes.point(segment: i, fraction: u), CGPoint(x: 30, y: 5), 1e-9))
    }
}
