// Paths with points far outside the bitmap (ruling G17). Cairo keeps device coordinates in 24.8
// fixed point, exact only within ±2²³ pixels; beyond, they wrap or clamp and move the visible
// edges of a slanted line. A path with a point past `DevicePathClipping.limit` is therefore cut
// to a rectangle around the bitmap before Cairo sees it, so that what is drawn inside stays
// exact: fills keep their winding numbers inside the rectangle (each subpath is clipped as a
// polygon, Sutherland–Hodgman, with the curves inside kept as curves), strokes are cut into the
// runs that cross it, each with its distance from its subpath's start so that dashes keep their
// phase; the rectangle reaches far enough past the bitmap that cut ends and joins are not seen.

/// Cuts device-space paths to a rectangle.
enum DevicePathClipping {
    /// Paths with every point within ±2²¹ pixels are left alone: Cairo draws them exactly, and
    /// strokes as wide again stay in its range.
    static let limit: Double = 2_097_152

    /// Whether `elements` has a point (curve control points included) farther out than `limit`.
    static func needsClipping(_ elements: [PathElement]) -> Bool {
        for element in elements {
            for point in element.points where abs(point.x) > limit || abs(point.y) > limit {
                return true
            }
        }
        return false
    }

    /// A run of a stroke after cutting: its elements (a move, then lines and curves), and the
    /// length along its subpath before it starts, for the dash phase.
    struct Piece {
        var elements: [PathElement]
        var offset: Double
    }

    /// The fill of `elements` within `rect`: every subpath closed and clipped as a polygon, with
    /// the same winding number as the path at every point of `rect`.
    static func clipFill(_ elements: [PathElement], to rect: CGRect) -> [PathElement] {
        var result: [PathElement] = []
        for subpath in subpaths(of: elements) {
            var edges = self.edges(of: subpath, in: rect).map { edge -> Edge in
                // A curve outside is its chord: between the two lies no point of the rectangle.
                edge.isOutside ? Edge(to: edge.to) : edge
            }
            // Fills close open subpaths with a straight line.
            if edges.last?.to != subpath.start { edges.append(Edge(to: subpath.start)) }
            for plane in planes(of: rect) {
                edges = clip(edges, plane)
                if edges.isEmpty { break }
            }
            guard let last = edges.last else { continue }
            result.append(.move(last.to))
            for edge in edges {
                if let (c1, c2) = edge.controls {
                    result.append(.cubic(c1, c2, edge.to))
                } else {
                    result.append(.line(edge.to))
                }
            }
            result.append(.close)
        }
        return result
    }

    /// The stroke of `elements` cut to `rect`: the runs of each subpath inside it, each an open
    /// piece with its distance from the subpath's start measured by `length` (a device vector's
    /// length in the units dashes are measured in). An undashed closed subpath is walked from a
    /// vertex outside `rect`, so that no join inside is lost.
    static func clipStroke(
        _ elements: [PathElement], to rect: CGRect, dashed: Bool, length: (CGPoint) -> Double
    ) -> [Piece] {
        var pieces: [Piece] = []
        for subpath in subpaths(of: elements) {
            var edges = self.edges(of: subpath, in: rect)
            if subpath.closed, edges.last?.to != subpath.start { edges.append(Edge(to: subpath.start)) }
            var from = subpath.start
            var distance = 0.0
            if subpath.closed, !dashed, let outside = edges.firstIndex(where: { !rect.contains($0.to) }) {
                from = edges[outside].to
                edges = Array(edges[(outside + 1)...] + edges[...outside])
            }
            var current: Piece?
            func finish() {
                if let piece = current, piece.elements.count > 1 { pieces.append(piece) }
                current = nil
            }
            for edge in edges {
                let edgeLength = self.length(from: from, edge, length)
                defer {
                    distance += edgeLength
                    from = edge.to
                }
                if edge.isOutside {
                    finish()
                } else if let (c1, c2) = edge.controls {
                    if current == nil { current = Piece(elements: [.move(from)], offset: distance) }
                    current?.elements.append(.cubic(c1, c2, edge.to))
                } else if let cut = liangBarsky(from, edge.to, rect) {
                    if current == nil || cut.t0 > 0 {
                        finish()
                        current = Piece(elements: [.move(cut.a)], offset: distance + edgeLength * cut.t0)
                    }
                    current?.elements.append(.line(cut.b))
                    if cut.t1 < 1 { finish() }
                } else {
                    finish()
                }
            }
            finish()
        }
        return pieces
    }

    // MARK: - Subpaths and edges

    /// A subpath: its start, its drawing elements, whether it was closed.
    private struct Subpath {
        var start: CGPoint
        var elements: [PathElement] = []
        var closed = false
    }

    /// An edge from the previous edge's end (or the subpath's start): a line, or a cubic with its
    /// control points — inside the rectangle, or wholly outside one of its sides (`isOutside`).
    struct Edge {
        var to: CGPoint
        var controls: (CGPoint, CGPoint)?
        var isOutside = false
    }

    private static func subpaths(of elements: [PathElement]) -> [Subpath] {
        var result: [Subpath] = []
        var current: Subpath?
        for element in elements {
            switch element {
            case .move(let point):
                if let subpath = current { result.append(subpath) }
                current = Subpath(start: point)
            case .close:
                current?.closed = true
                if let subpath = current { result.append(subpath) }
                current = current.map { Subpath(start: $0.start) }
            default:
                current?.elements.append(element)
            }
        }
        if let subpath = current, !subpath.elements.isEmpty { result.append(subpath) }
        return result
    }

    /// The subpath's elements as edges: lines as they are, quadratic curves made cubic, cubics
    /// halved until each piece lies inside `rect` or wholly beyond one of its sides (or is a
    /// hundred-thousandth of a pixel, then a line).
    private static func edges(of subpath: Subpath, in rect: CGRect) -> [Edge] {
        var edges: [Edge] = []
        var current = subpath.start
        for element in subpath.elements {
            switch element {
            case .line(let point):
                edges.append(Edge(to: point))
                current = point
            case .quad(let control, let end):
                let c1 = mix(current, control, 2.0 / 3)
                let c2 = mix(end, control, 2.0 / 3)
                split([current, c1, c2, end], rect, depth: 0, into: &edges)
                current = end
            case .cubic(let c1, let c2, let end):
                split([current, c1, c2, end], rect, depth: 0, into: &edges)
                current = end
            case .move, .close:
                break
            }
        }
        return edges
    }

    /// Appends the cubic `p` (4 points) as edges, halving it where it crosses `rect`'s sides.
    private static func split(_ p: [CGPoint], _ rect: CGRect, depth: Int, into edges: inout [Edge]) {
        if p.allSatisfy({ rect.contains($0) }) {
            edges.append(Edge(to: p[3], controls: (p[1], p[2])))
            return
        }
        if p.allSatisfy({ $0.x < rect.minX }) || p.allSatisfy({ $0.x > rect.maxX })
            || p.allSatisfy({ $0.y < rect.minY }) || p.allSatisfy({ $0.y > rect.maxY })
        {
            edges.append(Edge(to: p[3], controls: (p[1], p[2]), isOutside: true))
            return
        }
        let extent = max(
            abs(p[3].x - p[0].x), abs(p[3].y - p[0].y), abs(p[1].x - p[0].x), abs(p[2].y - p[0].y))
        if depth >= 48 || extent < 1e-5 {
            edges.append(Edge(to: p[3]))
            return
        }
        let (first, second) = halves(p)
        split(first, rect, depth: depth + 1, into: &edges)
        split(second, rect, depth: depth + 1, into: &edges)
    }

    /// The cubic with control points `p` cut at t = ½ (de Casteljau, halving before adding so
    /// that nothing overflows): the two halves' control points.
    private static func halves(_ p: [CGPoint]) -> ([CGPoint], [CGPoint]) {
        let ab = mix(p[0], p[1], 0.5)
        let bc = mix(p[1], p[2], 0.5)
        let cd = mix(p[2], p[3], 0.5)
        let abc = mix(ab, bc, 0.5)
        let bcd = mix(bc, cd, 0.5)
        let middle = mix(abc, bcd, 0.5)
        return ([p[0], ab, abc, middle], [middle, bcd, cd, p[3]])
    }

    /// The length of `edge` from `from`, measured by `length` (a curve by its control polygon
    /// and chord, halved eight times).
    private static func length(from: CGPoint, _ edge: Edge, _ length: (CGPoint) -> Double) -> Double {
        guard let (c1, c2) = edge.controls else { return length(difference(edge.to, from)) }
        func curve(_ p: [CGPoint], _ depth: Int) -> Double {
            let chord = length(difference(p[3], p[0]))
            let net =
                length(difference(p[1], p[0])) + length(difference(p[2], p[1]))
                + length(difference(p[3], p[2]))
            if depth >= 8 || net - chord <= 1e-3 * net { return (chord + net) / 2 }
            let (first, second) = halves(p)
            return curve(first, depth + 1) + curve(second, depth + 1)
        }
        return curve([from, c1, c2, edge.to], 0)
    }

    // MARK: - Clipping

    /// One side of the rectangle: the half-plane `x ≥ value` (`.minX`), `x ≤ value` (`.maxX`),
    /// and the same for y.
    private enum Plane {
        case minX(Double)
        case maxX(Double)
        case minY(Double)
        case maxY(Double)

        /// Positive inside, negative outside (halved, so that far points do not overflow).
        func inside(_ p: CGPoint) -> Double {
            switch self {
            case .minX(let c): return p.x / 2 - c / 2
            case .maxX(let c): return c / 2 - p.x / 2
            case .minY(let c): return p.y / 2 - c / 2
            case .maxY(let c): return c / 2 - p.y / 2
            }
        }

        /// The point of the segment p → q on the side's line: that coordinate exactly, the other
        /// interpolated (and kept exactly when the segment runs along that axis).
        func crossing(_ p: CGPoint, _ q: CGPoint) -> CGPoint {
            let a = inside(p)
            let t = a / (a - inside(q))
            func along(_ u: Double, _ v: Double) -> Double { u == v ? u : u * (1 - t) + v * t }
            switch self {
            case .minX(let c), .maxX(let c): return CGPoint(x: c, y: along(p.y, q.y))
            case .minY(let c), .maxY(let c): return CGPoint(x: along(p.x, q.x), y: c)
            }
        }
    }

    /// The four sides of `rect`.
    private static func planes(of rect: CGRect) -> [Plane] {
        [.minX(rect.minX), .maxX(rect.maxX), .minY(rect.minY), .maxY(rect.maxY)]
    }

    /// One Sutherland–Hodgman step: the closed polygon of `edges` (each from the previous one's
    /// end, cyclically) cut by `plane`. Curves are inside every plane.
    private static func clip(_ edges: [Edge], _ plane: Plane) -> [Edge] {
        var result: [Edge] = []
        result.reserveCapacity(edges.count + 2)
        for (index, edge) in edges.enumerated() {
            let from = edges[(index + edges.count - 1) % edges.count].to
            if edge.controls != nil {
                result.append(edge)
                continue
            }
            let a = plane.inside(from) >= 0
            let b = plane.inside(edge.to) >= 0
            if a, b {
                result.append(edge)
            } else if a {
                result.append(Edge(to: plane.crossing(from, edge.to)))
            } else if b {
                result.append(Edge(to: plane.crossing(from, edge.to)))
                result.append(edge)
            }
        }
        return result
    }

    /// The part of the segment p → q inside `rect` — its parameters t0 ≤ t1 in [0, 1] and end
    /// points (on the sides they cross, exactly) — or `nil` when none is (Liang–Barsky).
    private static func liangBarsky(_ p: CGPoint, _ q: CGPoint, _ rect: CGRect) -> (
        t0: Double, t1: Double, a: CGPoint, b: CGPoint
    )? {
        var t0 = 0.0
        var t1 = 1.0
        var a = p
        var b = q
        for plane in planes(of: rect) {
            let n = plane.inside(p)
            let m = plane.inside(q)
            if n < 0, m < 0 { return nil }
            if n >= 0, m >= 0 { continue }
            let t = n / (n - m)
            if n < 0, t > t0 {
                t0 = t
                a = plane.crossing(p, q)
            } else if m < 0, t < t1 {
                t1 = t
                b = plane.crossing(p, q)
            }
        }
        return t0 <= t1 ? (t0, t1, a, b) : nil
    }

    /// p + t·(q − p), as p·(1 − t) + q·t so that far points do not overflow.
    private static func mix(_ p: CGPoint, _ q: CGPoint, _ t: Double) -> CGPoint {
        CGPoint(x: p.x * (1 - t) + q.x * t, y: p.y * (1 - t) + q.y * t)
    }

    private static func difference(_ a: CGPoint, _ b: CGPoint) -> CGPoint {
        CGPoint(x: a.x - b.x, y: a.y - b.y)
    }
}
