// How far from its path a stroke can paint (ruling G18): what a bitmap made for the stroke must
// cover. Half the line width everywhere; √2 times that at square caps; at a miter join, the
// miter's length (the half width over the cosine of half the turn), but only where the join is
// drawn mitered — a turn whose miter would pass the miter limit is bevelled and reaches no
// farther than the half width. Inside a curve Cairo joins its flattened pieces round, so only
// the corners between segments count. A path whose corners all turn gently (a circle, a rounded
// rectangle) reaches half the width, not the miter limit times it.
//
// Cairo holds coordinates in 24.8 fixed point, so the direction it sees of a short segment is
// not quite the one drawn: each end moves by up to √2/512 pixel, turning a segment L pixels long
// by up to asin(2·√2/512 / L). A corner's turn is taken over that whole range, so that a corner
// near the miter limit counts as mitered if it may be, and a segment too short to have a known
// direction makes its corners reach the miter limit.

/// How Cairo will be given a stroke whose reach is asked (`CGPath.strokeReach`).
package struct StrokeReachRequest: Sendable {
    /// The line width in user space units.
    package var lineWidth: CGFloat
    /// The line cap.
    package var cap: CGLineCap
    /// The line join.
    package var join: CGLineJoin
    /// The miter limit.
    package var miterLimit: CGFloat
    /// Whether the stroke is dashed: every dash end may fall anywhere, also a hair from a corner,
    /// so a dashed miter stroke reaches the miter limit.
    package var dashed: Bool
    /// `nil` when the path is stroked as it is; otherwise the stroke is drawn as polylines of the
    /// path flattened within this tolerance (user space units, as `CGPath.trimmed`), with joins
    /// at every vertex, and its cut ends at least `shortestCut` from any vertex (with no such
    /// guarantee, a cut may leave a segment of any length beside a join: the limit is reached).
    package var polylineTolerance: CGFloat?
    /// The least length of the segment between a polyline's cut end and the nearest vertex (user
    /// space units), as `CGPath.trimmed(from:to:tolerance:snap:)` guarantees.
    package var shortestCut: CGFloat = 0
    /// Device pixels per user space unit (the drawing's uniform scale).
    package var pixelsPerUnit: CGFloat

    /// A request with every part given.
    package init(
        lineWidth: CGFloat, cap: CGLineCap, join: CGLineJoin, miterLimit: CGFloat, dashed: Bool,
        polylineTolerance: CGFloat?, shortestCut: CGFloat = 0, pixelsPerUnit: CGFloat
    ) {
        self.lineWidth = lineWidth
        self.cap = cap
        self.join = join
        self.miterLimit = miterLimit
        self.dashed = dashed
        self.polylineTolerance = polylineTolerance
        self.shortestCut = shortestCut
        self.pixelsPerUnit = pixelsPerUnit
    }
}

extension CGPath {
    /// The farthest distance from the path, in user space units, that Cairo paints when it
    /// strokes it as `request` describes (ruling G18): a bitmap covering the path's
    /// `boundingBoxOfPath` grown by this much on every side (and a pixel for anti-aliasing) holds
    /// the whole stroke.
    ///
    /// Half the line width, times √2 with square caps, times the largest miter ratio
    /// (1 / cos(turn / 2)) among the corners that may be drawn mitered; the miter limit itself for
    /// a dashed miter stroke. Non-finite or non-positive widths and scales reach 0.
    ///
    /// - Complexity: O(n) in the path's elements, or in the vertices of its polylines.
    package func strokeReach(_ request: StrokeReachRequest) -> CGFloat {
        let half = request.lineWidth / 2
        guard half.isFinite, half > 0, request.pixelsPerUnit.isFinite, request.pixelsPerUnit > 0 else {
            return 0
        }
        let capFactor: CGFloat = request.cap == .square ? 2.0.squareRoot() : 1
        let limit = request.miterLimit.isFinite ? request.miterLimit : 10
        // A miter's ratio is at least 1: a limit of 1 or less bevels every corner.
        guard request.join == .miter, limit > 1 else { return half * capFactor }
        if request.dashed { return half * max(capFactor, limit) }
        var corners = MiterCorners(limit: limit)
        if let tolerance = request.polylineTolerance {
            let shortest = request.shortestCut * request.pixelsPerUnit
            for subpath in flattenedSubpaths(tolerance: tolerance) {
                var points = subpath.points
                if subpath.isClosed, let first = points.first { points.append(first) }
                let segments = zip(points, points.dropFirst()).map { p, q in
                    let length = hypot(q.x - p.x, q.y - p.y) * request.pixelsPerUnit
                    // A cut end may leave as little as `shortest` of any chord next to a vertex.
                    let tangent = Tangent(dx: q.x - p.x, dy: q.y - p.y, pixels: min(length, shortest))
                    return (start: tangent, end: tangent, pixels: length)
                }
                corners.add(segments, closed: subpath.isClosed)
            }
        } else {
            for subpath in data.subpaths() {
                let segments = subpath.segments.map { segment in
                    (
                        start: Self.startTangent(segment, request.pixelsPerUnit),
                        end: Self.endTangent(segment, request.pixelsPerUnit),
                        pixels: Self.extent(segment) * request.pixelsPerUnit
                    )
                }
                corners.add(segments, closed: subpath.isClosed)
            }
        }
        return half * max(capFactor, corners.largest)
    }

    /// A segment's direction at its start as Cairo takes it: towards the first control or end
    /// point apart from the start (a quadratic's control point as its cubic form has it, two
    /// thirds of the way).
    private static func startTangent(_ segment: PathSegment, _ scale: CGFloat) -> Tangent {
        switch segment {
        case .line(let p0, let p1): return Tangent(from: p0, to: [p1], scale: scale)
        case .quad(let p0, let c, let p1):
            return Tangent(from: p0, to: [twoThirds(p0, c), twoThirds(p1, c), p1], scale: scale)
        case .cubic(let p0, let c1, let c2, let p1): return Tangent(from: p0, to: [c1, c2, p1], scale: scale)
        }
    }

    /// A segment's direction at its end as Cairo takes it: from the last control or start point
    /// apart from the end.
    private static func endTangent(_ segment: PathSegment, _ scale: CGFloat) -> Tangent {
        switch segment {
        case .line(let p0, let p1): return Tangent(from: p1, to: [p0], scale: scale).reversed
        case .quad(let p0, let c, let p1):
            return Tangent(from: p1, to: [twoThirds(p1, c), twoThirds(p0, c), p0], scale: scale).reversed
        case .cubic(let p0, let c1, let c2, let p1):
            return Tangent(from: p1, to: [c2, c1, p0], scale: scale).reversed
        }
    }

    /// The point two thirds of the way from `end` to `control`: a quadratic's control point in
    /// the cubic form Lamina gives Cairo.
    private static func twoThirds(_ end: CGPoint, _ control: CGPoint) -> CGPoint {
        CGPoint(x: end.x + (control.x - end.x) * 2 / 3, y: end.y + (control.y - end.y) * 2 / 3)
    }

    /// The largest distance between a segment's points (zero: Cairo draws no such segment).
    private static func extent(_ segment: PathSegment) -> CGFloat {
        let points: [CGPoint]
        switch segment {
        case .line(let p0, let p1): points = [p0, p1]
        case .quad(let p0, let c, let p1): points = [p0, c, p1]
        case .cubic(let p0, let c1, let c2, let p1): points = [p0, c1, c2, p1]
        }
        var largest: CGFloat = 0
        for p in points.dropFirst() { largest = max(largest, hypot(p.x - points[0].x, p.y - points[0].y)) }
        return largest
    }
}

/// A direction along a path and the length in device pixels of the handle it was measured along
/// (the shorter the handle, the less Cairo's fixed point keeps of the direction).
private struct Tangent {
    var dx: CGFloat
    var dy: CGFloat
    var pixels: CGFloat

    init(dx: CGFloat, dy: CGFloat, pixels: CGFloat) {
        self.dx = dx
        self.dy = dy
        self.pixels = pixels
    }

    /// From `start` towards the first of `points` that differs from it.
    init(from start: CGPoint, to points: [CGPoint], scale: CGFloat) {
        let target = points.first { $0 != start } ?? start
        dx = target.x - start.x
        dy = target.y - start.y
        pixels = hypot(dx, dy) * scale
    }

    var reversed: Tangent { Tangent(dx: -dx, dy: -dy, pixels: pixels) }

    /// The largest angle by which Cairo's 24.8 fixed point may turn this direction: both ends of
    /// the handle move by up to √2/512 pixel.
    var uncertainty: CGFloat {
        let drift = 2 * 2.0.squareRoot() / 512
        return pixels > drift ? asin(drift / pixels) : .pi
    }
}

/// The largest miter ratio among the corners of a path that may be drawn mitered.
private struct MiterCorners {
    let limit: CGFloat
    /// 1 until a mitered corner is found.
    private(set) var largest: CGFloat = 1

    /// Segments shorter than this (device pixels) are taken as dropped, as Cairo drops a segment
    /// whose ends round to the same fixed-point position; its neighbours then meet.
    static let dropped: CGFloat = 1e-6

    init(limit: CGFloat) {
        self.limit = limit
    }

    /// Adds the corners between consecutive segments of one subpath (and between its last and
    /// first when it is closed); each segment gives its direction where it starts and ends.
    mutating func add(_ segments: [(start: Tangent, end: Tangent, pixels: CGFloat)], closed: Bool) {
        let drawn = segments.filter { $0.pixels >= Self.dropped }
        guard drawn.count > 1 || (closed && drawn.count == 1) else { return }
        for index in drawn.indices {
            let isLast = index == drawn.count - 1
            if isLast, !closed { break }
            let next = drawn[isLast ? 0 : index + 1]
            largest = max(largest, ratio(drawn[index].end, next.start))
            if largest >= limit { return }
        }
    }

    /// The miter ratio of the corner from `incoming` to `outgoing` if it may be drawn mitered
    /// (its turn widened by both directions' uncertainty), else 1.
    private func ratio(_ incoming: Tangent, _ outgoing: Tangent) -> CGFloat {
        let cross = incoming.dx * outgoing.dy - incoming.dy * outgoing.dx
        let dot = incoming.dx * outgoing.dx + incoming.dy * outgoing.dy
        let turn = atan2(abs(cross), dot)
        guard turn.isFinite else { return limit }
        let slack = incoming.uncertainty + outgoing.uncertainty
        func miter(_ angle: CGFloat) -> CGFloat {
            angle >= .pi ? .infinity : 1 / cos(angle / 2)
        }
        // Bevelled however Cairo rounds the directions.
        if miter(max(turn - slack, 0)) > limit { return 1 }
        return min(limit, miter(min(turn + slack, .pi)))
    }
}
