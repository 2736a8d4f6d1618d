import CoreGraphics
import Testing

/// Arc end points go through sin/cos; they agree with the exact values to this much.
private let endpointTolerance: CGFloat = 1e-9

/// A cubic quarter circle strays from the true circle by at most about 2.7e-4 of the radius.
private let circleApproximationTolerance: CGFloat = 3e-4

private func near(_ a: CGPoint?, _ b: CGPoint, _ tolerance: CGFloat = endpointTolerance) -> Bool {
    guard let a else { return false }
    return abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
}

private func curves(_ path: CGPath) -> [(CGPoint, CGPoint, CGPoint)] {
    path.elements.compactMap {
        if case .cubic(let c1, let c2, let p) = $0 { return (c1, c2, p) }
        return nil
    }
}

/// Every cubic's points at t = 0.25, 0.5, 0.75, which must lie on the circle.
private func samples(_ path: CGPath) -> [CGPoint] {
    var result: [CGPoint] = []
    var current = CGPoint.zero
    for element in path.elements {
        switch element {
        case .cubic(let c1, let c2, let p):
            for t in [0.25, 0.5, 0.75] as [CGFloat] {
                let s = 1 - t
                let (a, b, c, d) = (s * s * s, 3 * s * s * t, 3 * s * t * t, t * t * t)
                result.append(
                    CGPoint(
                        x: a * current.x + b * c1.x + c * c2.x + d * p.x,
                        y: a * current.y + b * c1.y + c * c2.y + d * p.y))
            }
            current = p
        default:
            current = element.endPoint ?? current
        }
    }
    return result
}

@Test func counterClockwiseQuarterIsOneCurveWithIncreasingAngle() {
    let path = CGMutablePath()
    let center = CGPoint(x: 10, y: 20)
    path.addArc(center: center, radius: 5, startAngle: 0, endAngle: .pi / 2, clockwise: false)
    #expect(path.elements.first == .move(CGPoint(x: 15, y: 20)))
    let arcs = curves(path)
    #expect(arcs.count == 1)
    #expect(near(arcs.last?.2, CGPoint(x: 10, y: 25)))
    // The handles leave along the tangents: +y at the start, −x into the end.
    let handle = 5 * 4 / 3 * tan(CGFloat.pi / 8)
    #expect(near(arcs.first?.0, CGPoint(x: 15, y: 20 + handle)))
    #expect(near(arcs.first?.1, CGPoint(x: 10 + handle, y: 25)))
}

@Test func clockwiseQuarterEndpointsGoTheLongWayRound() {
    let path = CGMutablePath()
    path.addArc(center: .zero, radius: 1, startAngle: 0, endAngle: .pi / 2, clockwise: true)
    let arcs = curves(path)
    // Decreasing angle from 0 to π/2 − 2π: three quarters, through −π/2 and −π.
    #expect(arcs.count == 3)
    #expect(near(arcs[0].2, CGPoint(x: 0, y: -1)))
    #expect(near(arcs[1].2, CGPoint(x: -1, y: 0)))
    #expect(near(arcs[2].2, CGPoint(x: 0, y: 1)))
    #expect(near(path.currentPoint, CGPoint(x: 0, y: 1)))
}

@Test func clockwiseShortArcDecreasesAngle() {
    let path = CGMutablePath()
    path.addArc(center: .zero, radius: 2, startAngle: .pi / 2, endAngle: 0, clockwise: true)
    let arcs = curves(path)
    #expect(arcs.count == 1)
    #expect(near(path.elements.first?.endPoint, CGPoint(x: 0, y: 2)))
    #expect(near(arcs[0].2, CGPoint(x: 2, y: 0)))
    // Leaving (0, 2) with decreasing angle heads towards +x.
    #expect(arcs[0].0.x > 0)
}

@Test func fullCircleIsFourQuarterCurves() {
    for clockwise in [false, true] {
        let path = CGMutablePath()
        let end: CGFloat = clockwise ? -2 * .pi : 2 * .pi
        path.addArc(center: .zero, radius: 3, startAngle: 0, endAngle: end, clockwise: clockwise)
        #expect(curves(path).count == 4)
        #expect(near(path.currentPoint, CGPoint(x: 3, y: 0)))
        #expect(near(curves(path)[0].2, CGPoint(x: 0, y: clockwise ? -3 : 3)))
    }
}

@Test func sweepsBeyondAFullTurnKeepEveryTurn() {
    let path = CGMutablePath()
    path.addArc(center: .zero, radius: 1, startAngle: 0, endAngle: 5 * .pi, clockwise: false)
    // Two and a half turns: ten quarter curves, ending at angle π.
    #expect(curves(path).count == 10)
    #expect(near(path.currentPoint, CGPoint(x: -1, y: 0)))
    let relative = CGMutablePath()
    relative.addRelativeArc(center: .zero, radius: 1, startAngle: 0, delta: -7)
    // 7 rad is 4.46 quarter turns: five equal pieces, the first ending at −1.4 rad.
    #expect(curves(relative).count == 5)
    #expect(near(curves(relative)[0].2, CGPoint(x: cos(CGFloat(-1.4)), y: sin(CGFloat(-1.4)))))
    #expect(near(relative.currentPoint, CGPoint(x: cos(CGFloat(-7)), y: sin(CGFloat(-7)))))
}

@Test func equalAnglesAddOnlyTheStartPoint() {
    let path = CGMutablePath()
    path.addArc(center: .zero, radius: 1, startAngle: 1, endAngle: 1, clockwise: false)
    #expect(path.elements.count == 1)
    #expect(near(path.currentPoint, CGPoint(x: cos(CGFloat(1)), y: sin(CGFloat(1)))))
}

@Test func quarterCountGrowsPastNinetyDegrees() {
    let angles: [(CGFloat, Int)] = [
        (0.1, 1), (.pi / 2, 1), (.pi / 2 + 0.01, 2), (.pi, 2), (3 * .pi / 2 + 0.01, 4),
    ]
    for (sweep, expected) in angles {
        let path = CGMutablePath()
        path.addArc(center: .zero, radius: 1, startAngle: 0, endAngle: sweep, clockwise: false)
        #expect(curves(path).count == expected, "sweep \(sweep)")
        #expect(near(path.currentPoint, CGPoint(x: cos(sweep), y: sin(sweep))))
    }
}

@Test func arcCurvesStayOnTheCircle() {
    let path = CGMutablePath()
    path.addArc(center: CGPoint(x: 3, y: -2), radius: 50, startAngle: 0.3, endAngle: 4, clockwise: false)
    for point in samples(path) {
        let distance = hypot(point.x - 3, point.y + 2)
        #expect(abs(distance - 50) <= 50 * circleApproximationTolerance)
    }
}

@Test func arcAfterExistingPointAddsALine() {
    let path = CGMutablePath()
    path.move(to: .zero)
    path.addArc(center: CGPoint(x: 10, y: 0), radius: 2, startAngle: .pi, endAngle: 0, clockwise: true)
    #expect(path.elements[1] == .line(CGPoint(x: 8, y: path.elements[1].endPoint!.y)))
    #expect(near(path.elements[1].endPoint, CGPoint(x: 8, y: 0)))
    #expect(curves(path).count == 2)
    // Decreasing from π to 0 passes through π/2: the top.
    #expect(near(curves(path)[0].2, CGPoint(x: 10, y: 2)))
}

@Test func relativeArcSignGivesDirection() {
    let positive = CGMutablePath()
    positive.addRelativeArc(center: .zero, radius: 1, startAngle: 0, delta: .pi / 2)
    #expect(near(positive.currentPoint, CGPoint(x: 0, y: 1)))
    let negative = CGMutablePath()
    negative.addRelativeArc(center: .zero, radius: 1, startAngle: 0, delta: -.pi / 2)
    #expect(near(negative.currentPoint, CGPoint(x: 0, y: -1)))
    #expect(curves(negative).count == 1)
}

@Test func negativeRadiusIsIgnored() {
    let path = CGMutablePath()
    path.addArc(center: .zero, radius: -1, startAngle: 0, endAngle: 1, clockwise: false)
    path.addRelativeArc(center: .zero, radius: -1, startAngle: 0, delta: 1)
    #expect(path.isEmpty)
}

@Test func zeroRadiusArcKeepsItsCurvesCollapsedOnTheCenter() {
    let path = CGMutablePath()
    let center = CGPoint(x: 4, y: 5)
    path.addArc(center: center, radius: 0, startAngle: 0, endAngle: .pi, clockwise: false)
    #expect(path.elements.first == .move(center))
    #expect(curves(path).count == 2)
    #expect(curves(path).allSatisfy { $0.0 == center && $0.1 == center && $0.2 == center })
}

@Test func arcTransformScalesIntoAnEllipse() {
    let path = CGMutablePath()
    let scale = CGAffineTransform(a: 2, b: 0, c: 0, d: 1, tx: 0, ty: 0)
    path.addArc(
        center: .zero, radius: 1, startAngle: 0, endAngle: .pi / 2, clockwise: false, transform: scale)
    #expect(near(path.elements.first?.endPoint, CGPoint(x: 2, y: 0)))
    #expect(near(path.currentPoint, CGPoint(x: 0, y: 1)))
}

@Test func tangentArcRoundsTheCorner() {
    let path = CGMutablePath()
    path.move(to: .zero)
    path.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 10, y: 10), radius: 2)
    #expect(path.elements[1] == .line(CGPoint(x: 8, y: 0)))
    let arcs = curves(path)
    #expect(arcs.count == 1)
    #expect(near(arcs[0].2, CGPoint(x: 10, y: 2)))
    for point in samples(path) {
        #expect(abs(hypot(point.x - 8, point.y - 2) - 2) <= 2 * circleApproximationTolerance)
    }
}

@Test func tangentArcTurningRightSweepsClockwise() {
    let path = CGMutablePath()
    path.move(to: CGPoint(x: 0, y: 10))
    path.addArc(tangent1End: CGPoint(x: 10, y: 10), tangent2End: CGPoint(x: 10, y: 0), radius: 3)
    #expect(near(path.elements[1].endPoint, CGPoint(x: 7, y: 10)))
    #expect(near(path.currentPoint, CGPoint(x: 10, y: 7)))
    for point in samples(path) {
        #expect(abs(hypot(point.x - 7, point.y - 7) - 3) <= 3 * circleApproximationTolerance)
    }
}

@Test func tangentArcStartingAtTheTangentPointAddsNoLine() {
    let path = CGMutablePath()
    path.move(to: CGPoint(x: 8, y: 0))
    path.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 10, y: 10), radius: 2)
    #expect(path.elements.count == 2)
    #expect(path.elements[1].type == .addCurveToPoint)
}

@Test func collinearTangentPointsGiveALine() {
    let path = CGMutablePath()
    path.move(to: .zero)
    path.addArc(tangent1End: CGPoint(x: 5, y: 0), tangent2End: CGPoint(x: 9, y: 0), radius: 2)
    path.addArc(tangent1End: CGPoint(x: 7, y: 0), tangent2End: CGPoint(x: 1, y: 0), radius: 2)
    path.addArc(tangent1End: CGPoint(x: 7, y: 3), tangent2End: CGPoint(x: 9, y: 3), radius: 0)
    #expect(
        path.elements == [
            .move(.zero), .line(CGPoint(x: 5, y: 0)), .line(CGPoint(x: 7, y: 0)), .line(CGPoint(x: 7, y: 3)),
        ])
}

@Test func ellipseDirectionMatchesCounterClockwiseArc() {
    let ellipse = CGPath(ellipseIn: CGRect(x: -1, y: -1, width: 2, height: 2), transform: nil)
    let arc = CGMutablePath()
    arc.addArc(center: .zero, radius: 1, startAngle: 0, endAngle: 2 * .pi, clockwise: false)
    arc.closeSubpath()
    #expect(ellipse.elements.count == arc.elements.count)
    for (a, b) in zip(ellipse.elements, arc.elements) {
        #expect(a.type == b.type)
        if let p = a.endPoint {
            #expect(near(b.endPoint, p))
        }
    }
}
