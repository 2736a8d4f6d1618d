/// The most chords one curve is cut into when flattening, whatever the tolerance.
private let maximumChordsPerCurve = 1024

extension PathSegment {
    /// How many chords of equal parameter step keep the polyline within `tolerance` of the curve.
    ///
    /// Uses the bound `max |B''| / (8 n²)` on the distance between a curve and its chord over a
    /// parameter step of `1/n`. A line needs one chord; so does a curve with non-finite points.
    func chordCount(tolerance: CGFloat) -> Int {
        let secondDifference: CGFloat
        let factor: CGFloat
        switch self {
        case .line:
            return 1
        case .quad(let p0, let p1, let p2):
            secondDifference = hypot(p0.x - 2 * p1.x + p2.x, p0.y - 2 * p1.y + p2.y)
            factor = 1 / 4
        case .cubic(let p0, let p1, let p2, let p3):
            secondDifference = Swift.max(
                hypot(p0.x - 2 * p1.x + p2.x, p0.y - 2 * p1.y + p2.y),
                hypot(p1.x - 2 * p2.x + p3.x, p1.y - 2 * p2.y + p3.y))
            factor = 3 / 4
        }
        let n = (factor * secondDifference / tolerance).squareRoot().rounded(.up)
        guard !n.isNaN else { return 1 }
        guard n < CGFloat(maximumChordsPerCurve) else { return maximumChordsPerCurve }
        return Swift.max(1, Int(n))
    }
}

/// `tolerance` when it is positive, else `PathMeasure.defaultTolerance`.
private func pathSanitizedTolerance(_ tolerance: CGFloat) -> CGFloat {
    tolerance > 0 ? tolerance : PathMeasure.defaultTolerance
}

extension CGPath {
    /// One subpath of a flattened path (a Lamina extension, not Apple API).
    public struct FlattenedSubpath: Equatable, Sendable {
        /// The polyline's vertices in user space, starting with the subpath's start. For a closed
        /// subpath the closing edge back to the first point is implied, not repeated. A subpath
        /// made of a lone move has one point. Consecutive points may be equal.
        public var points: [CGPoint]
        /// Whether the subpath was closed with a close element.
        public var isClosed: Bool

        /// A flattened subpath with the given vertices and closure.
        public init(points: [CGPoint], isClosed: Bool) {
            self.points = points
            self.isClosed = isClosed
        }
    }

    /// The path as polylines, one per subpath (a Lamina extension, not Apple API).
    ///
    /// Every curve is replaced by chords of equal parameter step, enough that no point of the
    /// curve is farther than `tolerance` from the polyline (at most 1,024 chords per curve);
    /// lines are kept as they are. Subpaths are split as for drawing: a move starts one, and a
    /// line or curve after a close starts one at the closed subpath's start.
    ///
    /// - Parameter tolerance: The largest distance allowed between a curve and its chords, in user
    ///   space units; zero, negative or NaN values mean `PathMeasure.defaultTolerance`.
    /// - Returns: The subpaths, in order; empty for an empty path.
    public func flattenedSubpaths(tolerance: CGFloat) -> [FlattenedSubpath] {
        let tolerance = pathSanitizedTolerance(tolerance)
        return data.subpaths().map { subpath in
            var points = [subpath.start]
            // A closed subpath's last segment is its closing line, implied by `isClosed`.
            let drawn = subpath.isClosed ? subpath.segments.dropLast() : subpath.segments[...]
            for segment in drawn {
                let count = segment.chordCount(tolerance: tolerance)
                for i in 1..<count {
                    points.append(segment.point(at: CGFloat(i) / CGFloat(count)))
                }
                points.append(segment.end)
            }
            return FlattenedSubpath(points: points, isClosed: subpath.isClosed)
        }
    }

    /// The path as polylines, one array of vertices per subpath (a Lamina extension, not Apple API).
    ///
    /// As `flattenedSubpaths(tolerance:)`, except that a closed subpath's array ends with its first
    /// point again, so that walking each array traces everything the path draws.
    ///
    /// - Parameter tolerance: The largest distance allowed between a curve and its chords, in user
    ///   space units; zero, negative or NaN values mean `PathMeasure.defaultTolerance`.
    public func flattened(tolerance: CGFloat) -> [[CGPoint]] {
        flattenedSubpaths(tolerance: tolerance).map { subpath in
            subpath.isClosed ? subpath.points + [subpath.points[0]] : subpath.points
        }
    }

    /// The total length of the path's lines and curves, closing lines included and moves excluded,
    /// in user space units (a Lamina extension, not Apple API).
    ///
    /// Measured on the polyline of `flattenedSubpaths(tolerance:)`, so it slightly underestimates
    /// the length of curves; the error shrinks with the tolerance. Zero for an empty path.
    ///
    /// - Parameter tolerance: The flattening tolerance, in user space units;
    ///   `PathMeasure.defaultTolerance` by default.
    public func length(tolerance: CGFloat = PathMeasure.defaultTolerance) -> CGFloat {
        PathMeasure(path: self, tolerance: tolerance).length
    }

    /// The point at arc length `distance` from the path's start and the unit tangent there (a
    /// Lamina extension, not Apple API); see `PathMeasure` for the rules.
    ///
    /// For repeated lookups build a `PathMeasure` once instead: this flattens the path each call.
    ///
    /// - Parameters:
    ///   - distance: The arc length from the start, in user space units; clamped to the path's
    ///     length, NaN meaning 0.
    ///   - tolerance: The flattening tolerance; `PathMeasure.defaultTolerance` by default.
    /// - Returns: The point and the unit tangent, or `nil` for an empty path.
    public func point(
        atLength distance: CGFloat, tolerance: CGFloat = PathMeasure.defaultTolerance
    ) -> (point: CGPoint, tangent: CGVector)? {
        guard !isEmpty else { return nil }
        let measure = PathMeasure(path: self, tolerance: tolerance)
        let result = measure.positionAndTangent(at: distance)
        return (result.position, result.tangent)
    }
}

/// Arc-length measurement along a path, built once and queried in O(log n) (a Lamina extension, not
/// Apple API): what keyframe animation along a path needs for paced timing and for
/// `rotationMode` auto.
///
/// Distances run along the path's lines and curves in order, subpath after subpath; closing
/// lines count, moves jump without adding length. Positions are taken on the flattened polyline
/// (within `tolerance` of the true curve); tangents are the exact curve derivative at the matching
/// curve parameter, normalized, falling back to the chord direction where the derivative vanishes.
///
/// Edge cases: distances below 0 or above `length` clamp to the ends and NaN means 0. A path
/// whose drawn length is zero (a lone move, a degenerate line) gives its first point and a zero
/// tangent for every distance; an empty path gives `.zero` and a zero tangent. Segments with
/// non-finite coordinates are skipped.
public struct PathMeasure: Sendable {
    /// The flattening tolerance used when none is given, or when the given one is not positive:
    /// 0.01 user space units.
    public static let defaultTolerance: CGFloat = 0.01

    /// One chord of the flattened path.
    private struct Chord: Sendable {
        var start: CGPoint
        var end: CGPoint
        /// The arc length at `start`.
        var distance: CGFloat
        var length: CGFloat
        /// Index into `segments` of the curve the chord approximates.
        var segment: Int
        /// The curve parameters at `start` and `end`.
        var t0: CGFloat
        var t1: CGFloat
    }

    private let chords: [Chord]
    private let segments: [PathSegment]
    private let origin: CGPoint

    /// The tolerance the path was flattened with, in user space units.
    public let tolerance: CGFloat

    /// The total length of the path, in user space units; zero for an empty path.
    public let length: CGFloat

    /// Measures `path`, flattening its curves to within `tolerance`.
    ///
    /// - Parameters:
    ///   - path: The path to measure; later changes to a mutable path are not seen.
    ///   - tolerance: The largest distance allowed between a curve and its chords, in user space
    ///     units; zero, negative or NaN values mean `defaultTolerance`.
    public init(path: CGPath, tolerance: CGFloat = PathMeasure.defaultTolerance) {
        let tolerance = pathSanitizedTolerance(tolerance)
        let subpaths = path.data.subpaths()
        var segments: [PathSegment] = []
        var chords: [Chord] = []
        var total: CGFloat = 0
        for subpath in subpaths {
            for segment in subpath.segments {
                let index = segments.count
                segments.append(segment)
                let count = segment.chordCount(tolerance: tolerance)
                var previous = segment.start
                var previousT: CGFloat = 0
                for i in 1...count {
                    let t = i == count ? 1 : CGFloat(i) / CGFloat(count)
                    let next = i == count ? segment.end : segment.point(at: t)
                    let chordLength = hypot(next.x - previous.x, next.y - previous.y)
                    if chordLength > 0, chordLength.isFinite {
                        chords.append(
                            Chord(
                                start: previous, end: next, distance: total, length: chordLength,
                                segment: index, t0: previousT, t1: t))
                        total += chordLength
                    }
                    previous = next
                    previousT = t
                }
            }
        }
        self.chords = chords
        self.segments = segments
        self.origin = subpaths.first?.start ?? .zero
        self.tolerance = tolerance
        self.length = total
    }

    /// The chord holding `distance` and the fraction of the way along it, or `nil` when the path has
    /// no length.
    private func locate(_ distance: CGFloat) -> (chord: Chord, fraction: CGFloat)? {
        guard !chords.isEmpty else { return nil }
        let d = distance.isNaN ? 0 : Swift.min(Swift.max(distance, 0), length)
        // The last chord starting at or before d.
        var lo = 0
        var hi = chords.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if chords[mid].distance <= d {
                lo = mid
            } else {
                hi = mid - 1
            }
        }
        let chord = chords[lo]
        let fraction = Swift.min(Swift.max((d - chord.distance) / chord.length, 0), 1)
        return (chord, fraction.isNaN ? 0 : fraction)
    }

    /// The point at arc length `distance` from the path's start, in user space.
    ///
    /// - Parameter distance: The arc length, in user space units; clamped to `0...length`, NaN
    ///   meaning 0.
    public func position(at distance: CGFloat) -> CGPoint {
        positionAndTangent(at: distance).position
    }

    /// The unit tangent (direction of travel) at arc length `distance`, or a zero vector when the
    /// path has no length.
    ///
    /// - Parameter distance: The arc length, in user space units; clamped to `0...length`, NaN
    ///   meaning 0. At a corner exactly, the tangent of the segment leaving it is returned.
    public func tangent(at distance: CGFloat) -> CGVector {
        positionAndTangent(at: distance).tangent
    }

    /// The point and unit tangent at arc length `distance`; see `position(at:)` and `tangent(at:)`.
    public func positionAndTangent(at distance: CGFloat) -> (position: CGPoint, tangent: CGVector) {
        guard let (chord, fraction) = locate(distance) else { return (origin, .zero) }
        let position = CGPoint(
            x: chord.start.x + (chord.end.x - chord.start.x) * fraction,
            y: chord.start.y + (chord.end.y - chord.start.y) * fraction)
        let t = chord.t0 + (chord.t1 - chord.t0) * fraction
        var direction = segments[chord.segment].derivative(at: t)
        var magnitude = hypot(direction.x, direction.y)
        if !(magnitude > 1e-12 * Swift.max(1, chord.length)) || !magnitude.isFinite {
            direction = CGPoint(x: chord.end.x - chord.start.x, y: chord.end.y - chord.start.y)
            magnitude = chord.length
        }
        return (position, CGVector(dx: direction.x / magnitude, dy: direction.y / magnitude))
    }
}
