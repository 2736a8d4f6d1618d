/// The rule deciding which regions a path encloses, Apple's `CGPathFillRule`.
public enum CGPathFillRule: Int, Sendable {
    /// Non-zero winding: a point is inside when the path winds round it a non-zero number of times
    /// (edges crossing a ray from the point count +1 one way and −1 the other).
    case winding = 0
    /// Even-odd: a point is inside when a ray from it crosses the path an odd number of times.
    case evenOdd = 1
}

extension PathSegment {
    /// The signed number of times the segment crosses the ray going from `point` towards +x:
    /// +1 for each crossing going towards +y, −1 for each going towards −y.
    ///
    /// A crossing at height `y` counts when `min(y0, y1) <= point.y < max(y0, y1)` for the
    /// y-monotonic piece holding it, so pieces that meet end to end never count a shared end twice.
    func winding(around point: CGPoint) -> Int {
        switch self {
        case .line(let a, let b):
            return pathLineWinding(a, b, point)
        case .quad(let p0, let p1, let p2):
            return curveWinding(around: point, ys: [p0.y, p1.y, p2.y], xs: [p0.x, p1.x, p2.x])
        case .cubic(let p0, let p1, let p2, let p3):
            return curveWinding(
                around: point, ys: [p0.y, p1.y, p2.y, p3.y], xs: [p0.x, p1.x, p2.x, p3.x])
        }
    }

    private func curveWinding(around point: CGPoint, ys: [CGFloat], xs: [CGFloat]) -> Int {
        // The curve lies in the hull of its points: outside its y range, or wholly at or left of
        // the point, it cannot cross the ray.
        guard let minY = ys.min(), let maxY = ys.max(), point.y >= minY, point.y < maxY,
            let maxX = xs.max(), point.x < maxX
        else { return 0 }
        let y0 = ys[0]
        let yEnd = ys[ys.count - 1]
        // Wholly right of the point: every crossing counts, and the count telescopes over the
        // monotonic pieces to the one of the chord.
        if let minX = xs.min(), point.x < minX {
            return (y0 <= point.y ? 1 : 0) - (yEnd <= point.y ? 1 : 0)
        }
        let breaks = [0] + extremaParameters(axis: 1) + [1]
        var winding = 0
        for i in 0..<(breaks.count - 1) {
            let ta = breaks[i]
            let tb = breaks[i + 1]
            let ya = self.point(at: ta).y
            let yb = self.point(at: tb).y
            let direction: Int
            if ya <= point.y && point.y < yb {
                direction = 1
            } else if yb <= point.y && point.y < ya {
                direction = -1
            } else {
                continue
            }
            // Bisect for the parameter where y reaches point.y on this monotonic piece.
            var lo = ta
            var hi = tb
            for _ in 0..<64 {
                let mid = (lo + hi) / 2
                let y = self.point(at: mid).y
                if (y <= point.y) == (direction > 0) {
                    lo = mid
                } else {
                    hi = mid
                }
                if hi - lo <= 1e-15 { break }
            }
            if self.point(at: (lo + hi) / 2).x > point.x {
                winding += direction
            }
        }
        return winding
    }
}

/// The signed crossing of the ray from `p` towards +x by the line from `a` to `b`.
private func pathLineWinding(_ a: CGPoint, _ b: CGPoint, _ p: CGPoint) -> Int {
    let side = (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y)
    if a.y <= p.y {
        if b.y > p.y && side > 0 { return 1 }
    } else if b.y <= p.y && side < 0 {
        return -1
    }
    return 0
}

extension CGPath {
    /// Whether `point` lies inside the area the path encloses under `rule`.
    ///
    /// Open subpaths are closed implicitly with a straight line back to their start, as for
    /// filling. Curves are tested exactly (each is cut at its y extrema and the crossing found by
    /// bisection), not through a polyline. Whether a point exactly on the outline is inside is not
    /// specified. A non-finite point, after the transform, is never inside; an empty path contains
    /// nothing.
    ///
    /// - Parameters:
    ///   - point: The point to test, in the space the path's points are given in after
    ///     `transform`.
    ///   - rule: The fill rule; `.winding` (non-zero) by default.
    ///   - transform: A transform applied to `point` before testing, as Apple's documentation says;
    ///     identity by default.
    /// - Returns: `true` when the point is inside.
    public func contains(
        _ point: CGPoint, using rule: CGPathFillRule = .winding, transform: CGAffineTransform = .identity
    ) -> Bool {
        let p = point.applying(transform)
        guard p.x.isFinite, p.y.isFinite else { return false }
        var winding = 0
        for subpath in data.subpaths() {
            for segment in subpath.segments {
                winding += segment.winding(around: p)
            }
            if !subpath.isClosed {
                winding += pathLineWinding(subpath.lastPoint, subpath.start, p)
            }
        }
        switch rule {
        case .winding: return winding != 0
        case .evenOdd: return winding % 2 != 0
        }
    }
}
