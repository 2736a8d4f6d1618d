/// One drawn piece of a path, with its start point made explicit.
enum PathSegment: Sendable {
    /// A straight line from the first point to the second.
    case line(CGPoint, CGPoint)
    /// A quadratic Bézier: start, control, end.
    case quad(CGPoint, CGPoint, CGPoint)
    /// A cubic Bézier: start, control 1, control 2, end.
    case cubic(CGPoint, CGPoint, CGPoint, CGPoint)

    /// The segment's start point.
    var start: CGPoint {
        switch self {
        case .line(let p0, _), .quad(let p0, _, _), .cubic(let p0, _, _, _): return p0
        }
    }

    /// The segment's end point.
    var end: CGPoint {
        switch self {
        case .line(_, let p1), .quad(_, _, let p1), .cubic(_, _, _, let p1): return p1
        }
    }

    /// The point at parameter `t` in `0...1`.
    func point(at t: CGFloat) -> CGPoint {
        let s = 1 - t
        switch self {
        case .line(let p0, let p1):
            return CGPoint(x: p0.x + (p1.x - p0.x) * t, y: p0.y + (p1.y - p0.y) * t)
        case .quad(let p0, let p1, let p2):
            let (a, b, c) = (s * s, 2 * s * t, t * t)
            return CGPoint(x: a * p0.x + b * p1.x + c * p2.x, y: a * p0.y + b * p1.y + c * p2.y)
        case .cubic(let p0, let p1, let p2, let p3):
            let (a, b, c, d) = (s * s * s, 3 * s * s * t, 3 * s * t * t, t * t * t)
            return CGPoint(
                x: a * p0.x + b * p1.x + c * p2.x + d * p3.x,
                y: a * p0.y + b * p1.y + c * p2.y + d * p3.y)
        }
    }

    /// The derivative with respect to the parameter at `t`, as a vector stored in a `CGPoint`.
    func derivative(at t: CGFloat) -> CGPoint {
        let s = 1 - t
        switch self {
        case .line(let p0, let p1):
            return CGPoint(x: p1.x - p0.x, y: p1.y - p0.y)
        case .quad(let p0, let p1, let p2):
            return CGPoint(
                x: 2 * (s * (p1.x - p0.x) + t * (p2.x - p1.x)),
                y: 2 * (s * (p1.y - p0.y) + t * (p2.y - p1.y)))
        case .cubic(let p0, let p1, let p2, let p3):
            let (a, b, c) = (3 * s * s, 6 * s * t, 3 * t * t)
            return CGPoint(
                x: a * (p1.x - p0.x) + b * (p2.x - p1.x) + c * (p3.x - p2.x),
                y: a * (p1.y - p0.y) + b * (p2.y - p1.y) + c * (p3.y - p2.y))
        }
    }

    /// The parameters in the open interval `(0, 1)` where the x (`axis == 0`) or y (`axis == 1`)
    /// coordinate has a local extremum, ascending.
    func extremaParameters(axis: Int) -> [CGFloat] {
        func coordinate(_ p: CGPoint) -> CGFloat { axis == 0 ? p.x : p.y }
        switch self {
        case .line:
            return []
        case .quad(let p0, let p1, let p2):
            let (v0, v1, v2) = (coordinate(p0), coordinate(p1), coordinate(p2))
            let denominator = v0 - 2 * v1 + v2
            guard denominator != 0 else { return [] }
            let t = (v0 - v1) / denominator
            return t > 0 && t < 1 ? [t] : []
        case .cubic(let p0, let p1, let p2, let p3):
            let a = coordinate(p1) - coordinate(p0)
            let b = coordinate(p2) - coordinate(p1)
            let c = coordinate(p3) - coordinate(p2)
            // d/dt ∝ a(1-t)² + 2b(1-t)t + ct² = (a - 2b + c)t² + 2(b - a)t + a.
            return pathQuadraticRoots(a - 2 * b + c, 2 * (b - a), a).filter { $0 > 0 && $0 < 1 }.sorted()
        }
    }
}

/// The real roots of `a·t² + b·t + c`, computed stably; a degenerate equation gives its linear root
/// or none.
func pathQuadraticRoots(_ a: CGFloat, _ b: CGFloat, _ c: CGFloat) -> [CGFloat] {
    let scale = Swift.max(abs(a), abs(b), abs(c))
    guard scale > 0, scale.isFinite else { return [] }
    if abs(a) <= scale * 1e-12 {
        guard b != 0 else { return [] }
        return [-c / b]
    }
    let discriminant = b * b - 4 * a * c
    guard discriminant >= 0 else { return [] }
    let root = discriminant.squareRoot()
    let q = -0.5 * (b + (b < 0 ? -root : root))
    guard q != 0 else { return [0] }
    return [q / a, c / q]
}

/// A subpath as a start point and its drawn segments.
struct PathSubpath: Sendable {
    /// Where the subpath starts.
    var start: CGPoint
    /// The segments, in order; a closed subpath ends with its closing line (possibly of zero
    /// length).
    var segments: [PathSegment] = []
    /// Whether the subpath ended with a close element.
    var isClosed = false

    /// Where the subpath's last segment ends (its start when it has no segments).
    var lastPoint: CGPoint { segments.last?.end ?? start }
}

extension PathData {
    /// The path cut into subpaths. A move starts a new one; a close ends one with a line to its
    /// start; a line or curve after a close starts a new subpath at the closed one's start. A lone
    /// move gives a subpath without segments.
    func subpaths() -> [PathSubpath] {
        var result: [PathSubpath] = []
        var open: PathSubpath?
        var point = CGPoint.zero
        var start = CGPoint.zero
        func append(_ segment: PathSegment) {
            if open == nil { open = PathSubpath(start: start) }
            open?.segments.append(segment)
        }
        for element in elements {
            switch element {
            case .move(let p):
                if let finished = open { result.append(finished) }
                open = PathSubpath(start: p)
                point = p
                start = p
            case .line(let p):
                append(.line(point, p))
                point = p
            case .quad(let c, let p):
                append(.quad(point, c, p))
                point = p
            case .cubic(let c1, let c2, let p):
                append(.cubic(point, c1, c2, p))
                point = p
            case .close:
                guard var finished = open else { continue }
                finished.segments.append(.line(point, start))
                finished.isClosed = true
                result.append(finished)
                open = nil
                point = start
            }
        }
        if let finished = open { result.append(finished) }
        return result
    }
}

/// The smallest rectangle holding every point of `points`, or `.null` when there are none.
private func pathBounds(_ points: [CGPoint]) -> CGRect {
    guard let first = points.first else { return .null }
    var minX = first.x
    var maxX = first.x
    var minY = first.y
    var maxY = first.y
    for p in points.dropFirst() {
        minX = Swift.min(minX, p.x)
        maxX = Swift.max(maxX, p.x)
        minY = Swift.min(minY, p.y)
        maxY = Swift.max(maxY, p.y)
    }
    return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
}

extension CGPath {
    /// The smallest rectangle holding every point of the path's elements, control points of
    /// curves included, in user space.
    ///
    /// Points of moves count too, also a trailing one. `.null` for an empty path; a path holding a
    /// single point gives a zero-size rectangle at it.
    public var boundingBox: CGRect {
        pathBounds(data.elements.flatMap(\.points))
    }

    /// The smallest rectangle holding the path as drawn, without control points, in user space.
    ///
    /// Curves contribute their ends and their exact extrema (where the derivative of x or y
    /// vanishes), so the rectangle is tight. Points of moves count too, also a trailing one.
    /// `.null` for an empty path.
    public var boundingBoxOfPath: CGRect {
        // Every move point, segment end and curve extremum, read straight from the elements (a
        // path of a million lines is measured without building its subpaths).
        var minX = CGFloat.infinity
        var minY = CGFloat.infinity
        var maxX = -CGFloat.infinity
        var maxY = -CGFloat.infinity
        func include(_ p: CGPoint) {
            minX = Swift.min(minX, p.x)
            maxX = Swift.max(maxX, p.x)
            minY = Swift.min(minY, p.y)
            maxY = Swift.max(maxY, p.y)
        }
        func include(_ segment: PathSegment) {
            include(segment.end)
            for axis in 0..<2 {
                for t in segment.extremaParameters(axis: axis) { include(segment.point(at: t)) }
            }
        }
        var point = CGPoint.zero
        var start = CGPoint.zero
        for element in data.elements {
            switch element {
            case .move(let p):
                include(p)
                point = p
                start = p
            case .line(let p):
                include(p)
                point = p
            case .quad(let c, let p):
                include(.quad(point, c, p))
                point = p
            case .cubic(let c1, let c2, let p):
                include(.cubic(point, c1, c2, p))
                point = p
            case .close:
                point = start
            }
        }
        guard minX <= maxX, minY <= maxY else { return .null }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
