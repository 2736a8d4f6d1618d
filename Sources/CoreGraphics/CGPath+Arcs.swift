/// The distance of a cubic Bézier's control points from its ends that best approximates a quarter
/// circle of radius 1: `4/3 · tan(π/8)`.
private let quarterArcHandle: CGFloat = 0.552_284_749_830_793_4

/// `(cos, sin)` of 0, π/2, π and 3π/2, exactly.
private let quarterTurns: [(cos: CGFloat, sin: CGFloat)] = [(1, 0), (0, 1), (-1, 0), (0, -1)]

/// The most whole turns one arc keeps; see `arcSweep(startAngle:endAngle:clockwise:)`.
let maximumArcTurns: CGFloat = 1_000

/// The signed sweep, in radians, of the arc that `addArc(center:radius:startAngle:endAngle:
/// clockwise:)` (path and context alike) draws: positive with the angle increasing.
///
/// The travel is `endAngle - startAngle` with `clockwise == false`, `startAngle - endAngle` with
/// `true`. A positive travel is drawn as it is, every whole turn kept (0 → 4π is two laps). A
/// negative travel (the end lies behind the start in the drawing direction) becomes the way round
/// from the start point to the end point in the drawing direction: `2π − (−travel mod 2π)`, a full
/// circle when the travel is a whole number of turns (0 → 2π with `clockwise == true`). A zero
/// travel draws no curve. Differences within a few ulps of zero count as zero, and remainders
/// within a few ulps of a whole turn as a whole turn, so `2 * .pi` and sums such as
/// `-.pi / 2 + 2 * .pi` behave as the exact values would. Sweeps beyond `maximumArcTurns` turns
/// drop whole turns (the end point is unchanged).
func arcSweep(startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) -> CGFloat {
    let fullTurn = 2 * CGFloat.pi
    let travel = clockwise ? startAngle - endAngle : endAngle - startAngle
    let tolerance = 16 * Swift.max(abs(startAngle), abs(endAngle), fullTurn).ulp
    var magnitude: CGFloat
    if abs(travel) <= tolerance {
        magnitude = 0
    } else if travel > 0 {
        magnitude = travel
    } else {
        let remainder = (-travel).truncatingRemainder(dividingBy: fullTurn)
        let wholeTurns = remainder <= tolerance || fullTurn - remainder <= tolerance
        magnitude = wholeTurns ? fullTurn : fullTurn - remainder
    }
    magnitude = limitedArcMagnitude(magnitude)
    return clockwise ? -magnitude : magnitude
}

/// `magnitude` with whole turns dropped until at most `maximumArcTurns` turns and a fraction
/// remain.
func limitedArcMagnitude(_ magnitude: CGFloat) -> CGFloat {
    let fullTurn = 2 * CGFloat.pi
    guard magnitude > maximumArcTurns * fullTurn else { return magnitude }
    return maximumArcTurns * fullTurn + magnitude.truncatingRemainder(dividingBy: fullTurn)
}

extension PathData {
    /// Appends the cubic Béziers of a circular arc, assuming the current point is the arc's start.
    ///
    /// The sweep is cut into the fewest equal pieces of at most 90° each; each piece is a cubic
    /// whose handles have length `4/3 · tan(θ/4) · radius`. Points are computed in user space and
    /// then mapped through `transform`.
    mutating func appendArcCurves(
        center: CGPoint, radius: CGFloat, startAngle: CGFloat, sweep: CGFloat,
        transform: CGAffineTransform
    ) {
        guard sweep != 0, sweep.isFinite else { return }
        let quarters = (abs(sweep) / (CGFloat.pi / 2) - 1e-9).rounded(.up)
        let count = Swift.max(1, Int(quarters))
        let step = sweep / CGFloat(count)
        let handle = 4 / 3 * tan(step / 4) * radius
        let f = { (p: CGPoint) in p.applying(transform) }
        var a0 = startAngle
        for i in 0..<count {
            let a1 = i == count - 1 ? startAngle + sweep : startAngle + step * CGFloat(i + 1)
            let (s0, c0) = (sin(a0), cos(a0))
            let (s1, c1) = (sin(a1), cos(a1))
            let p0 = CGPoint(x: center.x + radius * c0, y: center.y + radius * s0)
            let p3 = CGPoint(x: center.x + radius * c1, y: center.y + radius * s1)
            let control1 = CGPoint(x: p0.x - handle * s0, y: p0.y + handle * c0)
            let control2 = CGPoint(x: p3.x + handle * s1, y: p3.y - handle * c1)
            addCurve(control1: f(control1), control2: f(control2), to: f(p3))
            a0 = a1
        }
    }

    /// Appends a line to the arc's start (a move on an empty path), then the arc.
    mutating func appendArc(
        center: CGPoint, radius: CGFloat, startAngle: CGFloat, sweep: CGFloat,
        transform: CGAffineTransform
    ) {
        let start = CGPoint(
            x: center.x + radius * cos(startAngle), y: center.y + radius * sin(startAngle))
        let mapped = start.applying(transform)
        if hasCurrentPoint {
            addLine(to: mapped)
        } else {
            move(to: mapped)
        }
        appendArcCurves(
            center: center, radius: radius, startAngle: startAngle, sweep: sweep, transform: transform)
    }

    /// Appends a closed ellipse fitting `rect`: a move to the rightmost point, four quarter cubics
    /// with the angle increasing (from +x towards +y), and a close.
    mutating func addEllipse(in rect: CGRect, transform: CGAffineTransform) {
        guard !rect.isNull else { return }
        let r = rect.standardized
        let center = CGPoint(x: r.midX, y: r.midY)
        let rx = r.width / 2
        let ry = r.height / 2
        let f = { (x: CGFloat, y: CGFloat) in CGPoint(x: x, y: y).applying(transform) }
        move(to: f(center.x + rx, center.y))
        for quarter in 0..<4 {
            let (c0, s0) = quarterTurns[quarter]
            let (c1, s1) = quarterTurns[(quarter + 1) % 4]
            let hx = quarterArcHandle * rx
            let hy = quarterArcHandle * ry
            addCurve(
                control1: f(center.x + rx * c0 - hx * s0, center.y + ry * s0 + hy * c0),
                control2: f(center.x + rx * c1 + hx * s1, center.y + ry * s1 - hy * c1),
                to: f(center.x + rx * c1, center.y + ry * s1))
        }
        closeSubpath()
    }

    /// Appends a closed rounded rectangle; see `CGMutablePath.addRoundedRect`.
    mutating func addRoundedRect(
        in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat, transform: CGAffineTransform
    ) {
        guard !rect.isNull else { return }
        let r = rect.standardized
        guard cornerWidth > 0, cornerHeight > 0 else {
            addRect(r, transform: transform)
            return
        }
        let cw = Swift.min(cornerWidth, r.width / 2)
        let ch = Swift.min(cornerHeight, r.height / 2)
        let f = { (x: CGFloat, y: CGFloat) in CGPoint(x: x, y: y).applying(transform) }
        // Corner centres, in the order the corners are visited: (maxX, maxY), (minX, maxY),
        // (minX, minY), (maxX, minY); the corner at quarter turn q sweeps from angle q·90°.
        let centers = [
            CGPoint(x: r.maxX - cw, y: r.maxY - ch), CGPoint(x: r.minX + cw, y: r.maxY - ch),
            CGPoint(x: r.minX + cw, y: r.minY + ch), CGPoint(x: r.maxX - cw, y: r.minY + ch),
        ]
        let hx = quarterArcHandle * cw
        let hy = quarterArcHandle * ch
        move(to: f(r.maxX, r.minY + ch))
        for quarter in 0..<4 {
            let o = centers[quarter]
            let (c0, s0) = quarterTurns[quarter]
            let (c1, s1) = quarterTurns[(quarter + 1) % 4]
            addLine(to: f(o.x + cw * c0, o.y + ch * s0))
            addCurve(
                control1: f(o.x + cw * c0 - hx * s0, o.y + ch * s0 + hy * c0),
                control2: f(o.x + cw * c1 + hx * s1, o.y + ch * s1 - hy * c1),
                to: f(o.x + cw * c1, o.y + ch * s1))
        }
        closeSubpath()
    }

    /// Appends a PostScript `arct`-style arc; see `CGMutablePath.addArc(tangent1End:tangent2End:radius:transform:)`.
    mutating func appendTangentArc(
        tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat, transform: CGAffineTransform
    ) {
        guard hasCurrentPoint, radius >= 0, radius.isFinite else { return }
        let p1 = tangent1End
        let p2 = tangent2End
        let mappedP1 = p1.applying(transform)
        guard transform.isInvertible else {
            addLine(to: mappedP1)
            return
        }
        let p0 = currentPoint.applying(transform.inverted())
        let v1 = CGPoint(x: p0.x - p1.x, y: p0.y - p1.y)
        let v2 = CGPoint(x: p2.x - p1.x, y: p2.y - p1.y)
        let len1 = hypot(v1.x, v1.y)
        let len2 = hypot(v2.x, v2.y)
        guard radius > 0, len1 > 0, len2 > 0, len1.isFinite, len2.isFinite else {
            addLine(to: mappedP1)
            return
        }
        let u1 = CGPoint(x: v1.x / len1, y: v1.y / len1)
        let u2 = CGPoint(x: v2.x / len2, y: v2.y / len2)
        let cross = u1.x * u2.y - u1.y * u2.x
        let dot = Swift.max(-1, Swift.min(1, u1.x * u2.x + u1.y * u2.y))
        // Collinear (straight on, or doubling back): no circle touches both lines.
        guard abs(cross) > 1e-12 else {
            addLine(to: mappedP1)
            return
        }
        let halfAngle = acos(dot) / 2
        let tangentDistance = radius / tan(halfAngle)
        let t1 = CGPoint(x: p1.x + u1.x * tangentDistance, y: p1.y + u1.y * tangentDistance)
        let bisector = CGPoint(x: u1.x + u2.x, y: u1.y + u2.y)
        let bisectorLength = hypot(bisector.x, bisector.y)
        let centerDistance = radius / sin(halfAngle)
        let center = CGPoint(
            x: p1.x + bisector.x / bisectorLength * centerDistance,
            y: p1.y + bisector.y / bisectorLength * centerDistance)
        // Travelling in along −u1 and out along u2: a left turn (−cross > 0) sweeps with the angle
        // increasing.
        let sweep = (CGFloat.pi - 2 * halfAngle) * (cross < 0 ? 1 : -1)
        let mappedT1 = t1.applying(transform)
        if !pathPointsNearlyEqual(mappedT1, currentPoint) {
            addLine(to: mappedT1)
        }
        let startAngle = atan2(t1.y - center.y, t1.x - center.x)
        appendArcCurves(
            center: center, radius: radius, startAngle: startAngle, sweep: sweep, transform: transform)
    }
}

/// Whether two points agree to about 1e-9 relative to their magnitude.
private func pathPointsNearlyEqual(_ a: CGPoint, _ b: CGPoint) -> Bool {
    func near(_ x: CGFloat, _ y: CGFloat) -> Bool {
        abs(x - y) <= 1e-9 * Swift.max(1, abs(x), abs(y))
    }
    return near(a.x, b.x) && near(a.y, b.y)
}

extension CGMutablePath {
    /// Appends a closed ellipse that fits `rect`: a move to the rightmost point, four cubic Béziers
    /// of a quarter ellipse each, going with the angle increasing (from +x towards +y, which is
    /// clockwise on a y-down screen), and a close.
    ///
    /// - Parameters:
    ///   - rect: The rectangle the ellipse fits, in user space; it is standardized first. A square
    ///     gives a circle. A null rectangle adds nothing.
    ///   - transform: A transform applied to every point; identity by default.
    public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        mutate { $0.addEllipse(in: rect, transform: transform) }
    }

    /// Appends a closed rectangle with quarter-ellipse corners.
    ///
    /// The subpath is a move to `(maxX, minY + cornerHeight)`, then for each corner in the order
    /// (maxX, maxY), (minX, maxY), (minX, minY), (maxX, minY) a line along the side and a cubic
    /// Bézier round the corner, and a close: ten elements, with the angle increasing like
    /// `addEllipse(in:transform:)`. Lines along sides fully taken by the corners have zero length
    /// but are kept, so the element count does not depend on the sizes.
    ///
    /// - Parameters:
    ///   - rect: The rectangle, in user space; it is standardized first. A null rectangle adds
    ///     nothing.
    ///   - cornerWidth: The horizontal radius of each corner, clamped to `rect.width / 2`.
    ///   - cornerHeight: The vertical radius of each corner, clamped to `rect.height / 2`. When
    ///     either corner size is not positive (or NaN), a plain rectangle is added as
    ///     `addRect(_:transform:)` adds it.
    ///   - transform: A transform applied to every point; identity by default.
    public func addRoundedRect(
        in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
        transform: CGAffineTransform = .identity
    ) {
        mutate {
            $0.addRoundedRect(
                in: rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight, transform: transform)
        }
    }

    /// Appends an arc of a circle, preceded by a line from the current point to the arc's start (a
    /// move when the path is empty). The line is added even when it has zero length.
    ///
    /// Angles are in radians, measured from +x towards +y. With `clockwise == false` the angle
    /// increases from `startAngle` to `endAngle`; with `clockwise == true` it decreases. (In a y-up
    /// space the first looks counter-clockwise; on a y-down screen it looks clockwise, which is why
    /// UIKit's `clockwise: true` arrives here as `false`.) The sweep follows Apple's rule:
    ///
    /// - When the end lies ahead of the start in the drawing direction, the arc sweeps the whole
    ///   difference, every turn kept: 0 → 2π draws one circle, 1.5π → 5.5π two laps.
    /// - When the end lies behind the start, the arc goes from the start point round to the end
    ///   point in the drawing direction (less than a turn), and when the two points coincide (the
    ///   angles differ by whole turns) a full circle: 0 → 2π with `clockwise == true` draws a
    ///   circle, as `UIBezierPath(arcCenter:radius:startAngle: 0, endAngle: 2π, clockwise: false)`
    ///   does on iOS.
    /// - Equal angles add no curve: only the line (or move) to the start point.
    ///
    /// Angles a few ulps from these cases count as exact (so `2 * .pi` and `-.pi / 2 + 2 * .pi`
    /// behave as the exact values). Sweeps beyond 1,000 turns drop whole turns. The arc is made of
    /// cubic Béziers of at most 90° each, cut into equal pieces.
    ///
    /// Non-finite arguments or a negative radius make the call do nothing. A zero radius adds the
    /// line (or move) to `center` and the arc's curves collapsed onto it, so the element count
    /// does not depend on the radius (paths animated from a zero radius interpolate element-wise).
    ///
    /// - Parameters:
    ///   - center: The circle's centre, in user space.
    ///   - radius: The circle's radius, in user space units.
    ///   - startAngle: The angle of the arc's start, in radians.
    ///   - endAngle: The angle of the arc's end, in radians.
    ///   - clockwise: `false` to sweep with the angle increasing, `true` with it decreasing.
    ///   - transform: A transform applied to the arc (making an ellipse under a scale); identity by
    ///     default.
    public func addArc(
        center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool,
        transform: CGAffineTransform = .identity
    ) {
        guard center.x.isFinite, center.y.isFinite, radius.isFinite, radius >= 0,
            startAngle.isFinite, endAngle.isFinite
        else { return }
        let sweep = arcSweep(startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
        mutate {
            $0.appendArc(
                center: center, radius: radius, startAngle: startAngle, sweep: sweep,
                transform: transform)
        }
    }

    /// Appends an arc of a circle given by its start angle and signed sweep, preceded by a line from
    /// the current point to the arc's start (a move when the path is empty).
    ///
    /// A positive `delta` sweeps with the angle increasing (from +x towards +y), a negative one with
    /// it decreasing, through exactly `delta` radians: every whole turn is kept (±4π draws two
    /// laps), and a zero `delta` adds no curve. Sweeps beyond 1,000 turns drop whole turns. The arc
    /// is made of cubic Béziers of at most 90° each. Non-finite arguments or a negative radius make
    /// the call do nothing.
    ///
    /// - Parameters:
    ///   - center: The circle's centre, in user space.
    ///   - radius: The circle's radius, in user space units.
    ///   - startAngle: The angle of the arc's start, in radians from +x towards +y.
    ///   - delta: The signed sweep, in radians.
    ///   - transform: A transform applied to the arc; identity by default.
    public func addRelativeArc(
        center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat,
        transform: CGAffineTransform = .identity
    ) {
        guard center.x.isFinite, center.y.isFinite, radius.isFinite, radius >= 0,
            startAngle.isFinite, delta.isFinite
        else { return }
        let magnitude = limitedArcMagnitude(abs(delta))
        let sweep = delta < 0 ? -magnitude : magnitude
        mutate {
            $0.appendArc(
                center: center, radius: radius, startAngle: startAngle, sweep: sweep,
                transform: transform)
        }
    }

    /// Appends an arc of the given radius tangent to the line from the current point to
    /// `tangent1End` and to the line from `tangent1End` to `tangent2End` (PostScript's `arct`).
    ///
    /// A line goes from the current point to the arc's first tangent point unless they coincide;
    /// the arc then turns the short way to its second tangent point on the second line, which
    /// becomes the current point. When the three points are collinear, when the current point or
    /// `tangent2End` equals `tangent1End`, or when `radius` is zero, a line to `tangent1End` is
    /// added instead. The tangent geometry is worked out in user space (the current point is mapped
    /// back through the inverse of `transform`; a singular transform degrades to the line).
    ///
    /// Ignored on an empty path (Apple logs "no current point") and for a negative or non-finite
    /// radius.
    ///
    /// - Parameters:
    ///   - tangent1End: The corner where the two tangent lines meet, in user space.
    ///   - tangent2End: A point on the second tangent line, in user space.
    ///   - radius: The arc's radius, in user space units.
    ///   - transform: A transform applied to the lines and arc; identity by default.
    public func addArc(
        tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat,
        transform: CGAffineTransform = .identity
    ) {
        mutate {
            $0.appendTangentArc(
                tangent1End: tangent1End, tangent2End: tangent2End, radius: radius,
                transform: transform)
        }
    }
}
