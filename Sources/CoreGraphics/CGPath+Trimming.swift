/// The part of a path between two fractions of its length, for stroking a shape layer between
/// `strokeStart` and `strokeEnd` (a Lamina extension, not Apple API).
package struct TrimmedPath: Sendable {
    /// The kept pieces, each a polyline with whether it is a whole closed subpath.
    package var pieces: [CGPath.FlattenedSubpath]
    /// How far into its subpath the first piece starts, in user space units (0 when the first
    /// kept subpath is kept from its start): what a dash pattern must skip so that dashes stay
    /// where the untrimmed stroke has them.
    package var firstPieceOffset: CGFloat
}

extension CGPath {
    /// The path between `start` and `end`, fractions of its length (moves excluded, closing lines
    /// included), as polylines within `tolerance` of the curves.
    ///
    /// Fractions are clamped to [0, 1] (NaN counts as 0 for `start` and 1 for `end`); nothing is
    /// kept when `start ≥ end` or the path has no length. A closed subpath kept whole stays
    /// closed; a subpath cut anywhere becomes an open polyline from the cut.
    ///
    /// A cut less than `snap` (user space units) short of the vertex after it, at the start, or
    /// past the vertex before it, at the end, moves to that vertex when the piece keeps a segment
    /// (ruling G18): a segment that short has no reliable direction once Cairo rounds its ends to
    /// its fixed point, so how far the join beside it reaches could not be bounded.
    package func trimmed(
        from start: CGFloat, to end: CGFloat, tolerance: CGFloat, snap: CGFloat = 0
    ) -> TrimmedPath {
        let s = start.isNaN ? 0 : min(max(start, 0), 1)
        let e = end.isNaN ? 1 : min(max(end, 0), 1)
        var result = TrimmedPath(pieces: [], firstPieceOffset: 0)
        guard s < e else { return result }
        let subpaths = flattenedSubpaths(tolerance: tolerance).map { subpath in
            subpath.isClosed && subpath.points.count > 1
                ? (subpath, subpath.points + [subpath.points[0]]) : (subpath, subpath.points)
        }
        let lengths = subpaths.map { Self.polylineLength($0.1) }
        let total = lengths.reduce(0, +)
        guard total > 0, total.isFinite else { return result }
        let from = s * total
        let to = e * total
        var offset: CGFloat = 0
        for (index, (subpath, points)) in subpaths.enumerated() {
            let length = lengths[index]
            defer { offset += length }
            let a = max(from - offset, 0)
            let b = min(to - offset, length)
            guard length > 0, a < b else { continue }
            if a == 0, b == length {
                result.pieces.append(subpath)
                continue
            }
            var piece = Self.polyline(points, from: a, to: b)
            let skipped = Self.snapEnds(&piece, within: snap)
            if result.pieces.isEmpty { result.firstPieceOffset = a + skipped }
            result.pieces.append(FlattenedSubpath(points: piece, isClosed: false))
        }
        return result
    }

    private static func polylineLength(_ points: [CGPoint]) -> CGFloat {
        guard points.count > 1 else { return 0 }
        var length: CGFloat = 0
        for i in 1..<points.count {
            length += hypot(points[i].x - points[i - 1].x, points[i].y - points[i - 1].y)
        }
        return length
    }

    /// Drops a cut end of `piece` closer than `snap` to the vertex next to it, when a segment
    /// remains; returns the length dropped at the start.
    private static func snapEnds(_ piece: inout [CGPoint], within snap: CGFloat) -> CGFloat {
        guard snap > 0, piece.count > 2 else { return 0 }
        var skipped: CGFloat = 0
        let first = hypot(piece[1].x - piece[0].x, piece[1].y - piece[0].y)
        if first < snap {
            piece.removeFirst()
            skipped = first
        }
        let n = piece.count
        if n > 2, hypot(piece[n - 1].x - piece[n - 2].x, piece[n - 1].y - piece[n - 2].y) < snap {
            piece.removeLast()
        }
        return skipped
    }

    /// The part of the polyline between arc lengths `a` and `b` (0 ≤ a < b ≤ its length).
    private static func polyline(_ points: [CGPoint], from a: CGFloat, to b: CGFloat) -> [CGPoint] {
        var result: [CGPoint] = []
        var walked: CGFloat = 0
        for i in 1..<points.count {
            let p = points[i - 1]
            let q = points[i]
            let step = hypot(q.x - p.x, q.y - p.y)
            let next = walked + step
            func at(_ d: CGFloat) -> CGPoint {
                let t = step > 0 ? (d - walked) / step : 0
                return CGPoint(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t)
            }
            if result.isEmpty, a <= next { result.append(at(max(a, walked))) }
            if !result.isEmpty {
                if b <= next {
                    result.append(at(b))
                    return result
                }
                result.append(q)
            }
            walked = next
        }
        return result
    }
}
