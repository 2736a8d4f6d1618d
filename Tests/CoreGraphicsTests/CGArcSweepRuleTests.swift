import CoreGraphics
import Testing

// Ruling G2 (docs/DECISIONS.md): the sweep of `addArc(center:radius:startAngle:endAngle:clockwise:)`
// for every case, on paths and contexts alike.

/// The arc's cubic curves.
private func cubicCount(_ path: CGPath) -> Int {
    path.elements.filter { $0.type == .addCurveToPoint }.count
}

/// The signed angle swept by the path's curves, summed curve by curve from the centre's view.
private func sweptAngle(_ path: CGPath, center: CGPoint = .zero) -> CGFloat {
    var total: CGFloat = 0
    var previous: CGPoint?
    for element in path.elements {
        guard let point = element.endPoint else { continue }
        if element.type == .addCurveToPoint, let from = previous {
            let a0 = atan2(from.y - center.y, from.x - center.x)
            let a1 = atan2(point.y - center.y, point.x - center.x)
            var step = a1 - a0
            // Each curve covers at most a quarter turn, so the short difference is the step.
            if step > .pi { step -= 2 * .pi }
            if step < -.pi { step += 2 * .pi }
            total += step
        }
        previous = point
    }
    return total
}

private func arc(_ start: CGFloat, _ end: CGFloat, clockwise: Bool) -> CGMutablePath {
    let path = CGMutablePath()
    path.addArc(center: .zero, radius: 1, startAngle: start, endAngle: end, clockwise: clockwise)
    return path
}

@Test func fullTurnInEitherDirectionDrawsACircle() {
    // 0 → 2π: ahead when the angle increases (one lap), behind when it decreases (the end point
    // coincides with the start: a full circle, as iOS draws `UIBezierPath(…, clockwise: false)`).
    #expect(abs(sweptAngle(arc(0, 2 * .pi, clockwise: false)) - 2 * .pi) < 1e-9)
    #expect(abs(sweptAngle(arc(0, 2 * .pi, clockwise: true)) + 2 * .pi) < 1e-9)
    // Apple's recommended spelling of a clockwise circle, and its mirror.
    #expect(abs(sweptAngle(arc(2 * .pi, 0, clockwise: true)) + 2 * .pi) < 1e-9)
    #expect(abs(sweptAngle(arc(2 * .pi, 0, clockwise: false)) - 2 * .pi) < 1e-9)
    for path in [arc(0, 2 * .pi, clockwise: true), arc(2 * .pi, 0, clockwise: false)] {
        #expect(cubicCount(path) == 4)
    }
}

@Test func progressRingSpellingsOfAFullTurnDrawACircle() {
    // −π/2 → 3π/2 (a ring starting at the top) in both directions; the sum is rounded, so the
    // difference is 2π only to within an ulp.
    let start = -CGFloat.pi / 2
    let end = start + 2 * .pi
    #expect(abs(sweptAngle(arc(start, end, clockwise: false)) - 2 * .pi) < 1e-9)
    #expect(abs(sweptAngle(arc(start, end, clockwise: true)) + 2 * .pi) < 1e-9)
    #expect(abs(sweptAngle(arc(start, 1.5 * .pi, clockwise: true)) + 2 * .pi) < 1e-9)
}

@Test func wholeTurnsAheadAreAllKept() {
    // 1.5π → 5.5π increasing: two laps (eight quarter curves), ending where it started.
    let twoLaps = arc(1.5 * .pi, 5.5 * .pi, clockwise: false)
    #expect(cubicCount(twoLaps) == 8)
    #expect(abs(sweptAngle(twoLaps) - 4 * .pi) < 1e-9)
    // The same decreasing: 5.5π → 1.5π clockwise.
    #expect(abs(sweptAngle(arc(5.5 * .pi, 1.5 * .pi, clockwise: true)) + 4 * .pi) < 1e-9)
    // Three and a quarter turns.
    #expect(abs(sweptAngle(arc(0, 6.5 * .pi, clockwise: false)) - 6.5 * .pi) < 1e-9)
}

@Test func wholeTurnsBehindDrawOneCircle() {
    // Going the other way from a point to itself is one full circle, however many turns apart.
    #expect(abs(sweptAngle(arc(0, 4 * .pi, clockwise: true)) + 2 * .pi) < 1e-9)
    #expect(abs(sweptAngle(arc(4 * .pi, 0, clockwise: false)) - 2 * .pi) < 1e-9)
    #expect(abs(sweptAngle(arc(0, -6 * .pi, clockwise: false)) - 2 * .pi) < 1e-9)
}

@Test func endBehindGoesRoundToTheEndPointInTheDrawingDirection() {
    // 0 → −π/2 increasing: three quarters, through π/2 and π.
    let path = arc(0, -.pi / 2, clockwise: false)
    #expect(abs(sweptAngle(path) - 1.5 * .pi) < 1e-9)
    // 0 → 2.5π decreasing: from 0 down to −1.5π (the same point as 2.5π).
    #expect(abs(sweptAngle(arc(0, 2.5 * .pi, clockwise: true)) + 1.5 * .pi) < 1e-9)
    // Apple's header example: ε → 2π − ε clockwise is a tiny arc, not a circle.
    let epsilon: CGFloat = 1e-3
    #expect(abs(sweptAngle(arc(epsilon, 2 * .pi - epsilon, clockwise: true)) + 2 * epsilon) < 1e-9)
}

@Test func zeroSweepAddsOnlyTheStartPointInEitherDirection() {
    for clockwise in [false, true] {
        let path = arc(0.7, 0.7, clockwise: clockwise)
        #expect(path.elements.count == 1)
        #expect(cubicCount(path) == 0)
    }
    // 0.1 + 0.2 is 0.30000000000000004: a few ulps from 0.3 count as no sweep, not a circle.
    #expect(cubicCount(arc(0.1 + 0.2, 0.3, clockwise: false)) == 0)
    let relative = CGMutablePath()
    relative.addRelativeArc(center: .zero, radius: 1, startAngle: 1, delta: 0)
    #expect(relative.elements.count == 1)
}

@Test func relativeArcKeepsEveryTurn() {
    let path = CGMutablePath()
    path.addRelativeArc(center: .zero, radius: 1, startAngle: 1.5 * .pi, delta: 4 * .pi)
    #expect(cubicCount(path) == 8)
    #expect(abs(sweptAngle(path) - 4 * .pi) < 1e-9)
    let backwards = CGMutablePath()
    backwards.addRelativeArc(center: .zero, radius: 1, startAngle: 0, delta: -2 * .pi)
    #expect(abs(sweptAngle(backwards) + 2 * .pi) < 1e-9)
}

@Test func hugeSweepsDropWholeTurnsBeyondTheLimit() {
    let path = arc(0, 1e9, clockwise: false)
    // At most 1,001 turns of quarter curves; the end point is the requested angle's.
    #expect(cubicCount(path) <= 4 * 1_001)
    #expect(cubicCount(path) >= 4 * 1_000)
    let end = path.currentPoint
    #expect(abs(end.x - cos(CGFloat(1e9))) < 1e-6 && abs(end.y - sin(CGFloat(1e9))) < 1e-6)
}

@Test func nonFiniteInputAndNegativeRadiusAddNothing() {
    let path = CGMutablePath()
    for value in [CGFloat.nan, .infinity, -.infinity] {
        path.addArc(center: .zero, radius: 1, startAngle: value, endAngle: 1, clockwise: false)
        path.addArc(center: .zero, radius: 1, startAngle: 0, endAngle: value, clockwise: true)
        path.addArc(center: .zero, radius: value, startAngle: 0, endAngle: 1, clockwise: false)
        path.addArc(center: CGPoint(x: value, y: 0), radius: 1, startAngle: 0, endAngle: 1, clockwise: false)
        path.addRelativeArc(center: .zero, radius: 1, startAngle: 0, delta: value)
        path.addArc(tangent1End: CGPoint(x: value, y: 0), tangent2End: .zero, radius: 1)
    }
    path.addArc(center: .zero, radius: -2, startAngle: 0, endAngle: 2 * .pi, clockwise: true)
    #expect(path.isEmpty)
}

@Test func tangentArcDegenerateCases() {
    // No current point: nothing.
    let empty = CGMutablePath()
    empty.addArc(tangent1End: CGPoint(x: 5, y: 0), tangent2End: CGPoint(x: 5, y: 5), radius: 1)
    #expect(empty.isEmpty)
    // The current point on the corner, or both tangent points the same: a line to the corner.
    let onCorner = CGMutablePath()
    onCorner.move(to: CGPoint(x: 5, y: 0))
    onCorner.addArc(tangent1End: CGPoint(x: 5, y: 0), tangent2End: CGPoint(x: 5, y: 5), radius: 1)
    #expect(onCorner.elements == [.move(CGPoint(x: 5, y: 0)), .line(CGPoint(x: 5, y: 0))])
    let sameEnds = CGMutablePath()
    sameEnds.move(to: .zero)
    sameEnds.addArc(tangent1End: CGPoint(x: 5, y: 0), tangent2End: CGPoint(x: 5, y: 0), radius: 1)
    #expect(sameEnds.elements == [.move(.zero), .line(CGPoint(x: 5, y: 0))])
    // A negative radius: nothing.
    let negative = CGMutablePath()
    negative.move(to: .zero)
    negative.addArc(tangent1End: CGPoint(x: 5, y: 0), tangent2End: CGPoint(x: 5, y: 5), radius: -1)
    #expect(negative.elements == [.move(.zero)])
}

@Test func contextArcFollowsThePathRule() throws {
    // The context's current path, read back in user space, matches the path engine for each case.
    let cases: [(CGFloat, CGFloat, Bool)] = [
        (0, 2 * .pi, true), (0, 2 * .pi, false), (1.5 * .pi, 5.5 * .pi, false), (0, -.pi / 2, false),
        (0.7, 0.7, true), (2 * .pi, 0, true),
    ]
    for (start, end, clockwise) in cases {
        let context = rgbaContext(width: 4, height: 4)
        context.addArc(center: .zero, radius: 1, startAngle: start, endAngle: end, clockwise: clockwise)
        let drawn = try #require(context.path)
        let expected = arc(start, end, clockwise: clockwise)
        #expect(cubicCount(drawn) == cubicCount(expected), "\(start) → \(end) \(clockwise)")
        #expect(abs(sweptAngle(drawn) - sweptAngle(expected)) < 1e-9)
    }
}

@Test func contextTangentArcMatchesThePath() throws {
    let context = rgbaContext(width: 4, height: 4)
    context.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 10, y: 10), radius: 2)
    #expect(context.isPathEmpty)
    context.move(to: .zero)
    context.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 10, y: 10), radius: 2)
    let path = try #require(context.path)
    #expect(path.elements.count == 3)
    #expect(abs(path.currentPoint.x - 10) < 1e-9 && abs(path.currentPoint.y - 2) < 1e-9)
}

@Test func fullCircleDotHasInkInABitmap() {
    // The classic `CGContextAddArc(c, x, y, r, 0, 2 * M_PI, 1)` dot, filled.
    for clockwise in [true, false] {
        let context = rgbaContext(width: 20, height: 20)
        context.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        context.addArc(
            center: CGPoint(x: 10, y: 10), radius: 6, startAngle: 0, endAngle: 2 * .pi, clockwise: clockwise)
        context.fillPath()
        #expect(pixel(context, x: 10, row: 10) == [255, 0, 0, 255], "clockwise \(clockwise)")
        #expect(pixel(context, x: 5, row: 10) == [255, 0, 0, 255])
        #expect(pixel(context, x: 1, row: 10) == [0, 0, 0, 0])
    }
}
