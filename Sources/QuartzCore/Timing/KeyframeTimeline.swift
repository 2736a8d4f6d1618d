import CoreGraphics

// Keyframe timing (Apple's `CAKeyframeAnimation` documentation; rulings E13, E19): which segment a
// progress falls in, the Kochanek–Bartels spline of the cubic modes, and keyframes along a path.
// Pure math: no animations, layers or clocks.

/// How a keyframe animation computes the values between its keyframes, the model of Apple's
/// `CAAnimationCalculationMode` (as Apple documents each mode).
package enum KeyframeCalculationMode: Sendable {
    /// Straight interpolation between neighbouring keyframes (`"linear"`, Apple's default).
    case linear
    /// Each keyframe's value is held until the next key time, no interpolation (`"discrete"`).
    case discrete
    /// Linear, with key times generated for a constant velocity (`"paced"`).
    case paced
    /// A Kochanek–Bartels (by default Catmull–Rom) spline through the keyframes (`"cubic"`).
    case cubic
    /// The cubic spline with key times generated for a constant velocity (`"cubicPaced"`).
    case cubicPaced

    /// Whether key times are generated from segment lengths (`paced`, `cubicPaced`), so that given
    /// key times and timing functions are ignored.
    package var isPaced: Bool { self == .paced || self == .cubicPaced }

    /// Whether values between keyframes follow the spline (`cubic`, `cubicPaced`).
    package var isCubic: Bool { self == .cubic || self == .cubicPaced }
}

/// The timing of a keyframe animation: when each keyframe is reached, and which segment a
/// progress (the animation's basic time ÷ duration, after its timing function) falls in.
package struct KeyframeTimeline: Sendable {
    /// How far the first and last given key times may be from 0 and 1 and still count as 0 and 1
    /// (they are then set to exactly 0 and 1).
    package static let endpointTolerance = 1e-9

    /// The number of keyframes.
    package let count: Int
    /// The calculation mode the key times were chosen for.
    package let mode: KeyframeCalculationMode
    /// The effective key times: `count` entries (`count + 1` in discrete mode); `[0]` for one
    /// keyframe (`[0, 1]` in discrete mode) and empty for none. Generated ones run from exactly
    /// 0 to exactly 1; given ones are kept as given, in any order and range (ruling E24).
    package private(set) var keyTimes: [Double]
    /// Whether `keyTimes` never decreases, so that a segment is found by bisection; given key
    /// times that decrease are searched in order for the first segment holding the progress
    /// (ruling E24).
    package let keyTimesAreOrdered: Bool
    /// Whether key times were given for two or more keyframes and not used: their count was
    /// wrong for the mode, an entry was not finite, or the mode is paced (callers may report it).
    package let ignoredGivenKeyTimes: Bool

    /// `count` keyframes timed by `keyTimes` or `segmentLengths` (Apple's `keyTimes`
    /// documentation, ruling E19).
    ///
    /// - Linear and cubic modes use `keyTimes` when it has `count` entries, all finite, as given
    ///   (ruling E24): in any order and range, the segment at a progress being the first one that
    ///   holds it; the first value holds before the first key time and the last after the last
    ///   one when they do not reach 0 and 1 (ruling E19).
    /// - Discrete mode uses `keyTimes` with `count + 1` entries (Apple's documented form: value `i`
    ///   is shown from `keyTimes[i]` until `keyTimes[i + 1]`, the last entry 1), or with `count`
    ///   entries (value `i` from `keyTimes[i]`, the last one until the end: a common form Lamina
    ///   accepts and stores as the documented one with a final 1); same rules otherwise.
    /// - Paced modes ignore `keyTimes` and place keyframe `i` at the cumulative length of
    ///   `segmentLengths[0..<i]` over the total; a non-finite or negative length counts 0.
    /// - Otherwise — keyTimes `nil` or unusable ("ignored", as Apple documents), lengths `nil`, of
    ///   the wrong count or all zero — the keyframes are evenly spaced: `i / (count − 1)`, and
    ///   `i / count` for the `count + 1` discrete key times.
    package init(count: Int, keyTimes: [Double]?, mode: KeyframeCalculationMode, segmentLengths: [Double]?) {
        let n = max(count, 0)
        self.count = n
        self.mode = mode
        var chosen: [Double]?
        if n >= 2 {
            if mode.isPaced {
                chosen = Self.pacedKeyTimes(segmentLengths, count: n)
            } else if let keyTimes {
                chosen = Self.validated(keyTimes, count: n, discrete: mode == .discrete)
            }
        }
        self.ignoredGivenKeyTimes = n >= 2 && keyTimes != nil && (mode.isPaced || chosen == nil)
        let times = chosen ?? Self.evenKeyTimes(count: n, discrete: mode == .discrete)
        self.keyTimes = times
        self.keyTimesAreOrdered = zip(times, times.dropFirst()).allSatisfy { $0 <= $1 }
    }

    /// The keyframe segment at `progress`.
    ///
    /// - Interpolating modes: `index` is the segment from keyframe `index` to `index + 1`
    ///   (`0…count − 2`) and `fraction` the progress through it, in [0, 1]. At a key time exactly, the
    ///   segment that starts there is returned with fraction 0 (the last segment ends with fraction 1
    ///   at progress 1); a segment of zero duration is passed over, so the value jumps. Outside
    ///   [0, 1] the first or last segment of non-zero duration is extended (fraction below 0 or
    ///   above 1), so an overshooting timing function overshoots the end keyframes as it does in a
    ///   basic animation.
    /// - Discrete mode: `index` is the keyframe shown — the last `i` with `keyTimes[i] ≤ progress`,
    ///   at most `count − 1`, so the last value holds until the end — and `fraction` is 0. Progress
    ///   is clamped to [0, 1].
    ///
    /// NaN progress counts as 0 and an infinite one as 0 or 1. With fewer than two keyframes the
    /// result is `(0, 0)`.
    ///
    /// - Complexity: O(log `count`).
    package func segment(at progress: Double) -> (index: Int, fraction: Double) {
        keyTimes.withUnsafeBufferPointer {
            Self.segment(
                at: progress, keyTimes: $0, count: count, discrete: mode == .discrete,
                ordered: keyTimesAreOrdered)
        }
    }

    /// ``segment(at:)`` for `count` keyframes with the effective key times `t` (`keyTimes` as
    /// the initialiser chose them) in discrete mode or not, `ordered` when they never decrease:
    /// the form a render node evaluates from its own table.
    @inline(__always)
    static func segment(
        at progress: Double, keyTimes t: UnsafeBufferPointer<Double>, count: Int, discrete: Bool,
        ordered: Bool
    ) -> (index: Int, fraction: Double) {
        var p = progress.isNaN ? 0 : progress
        if p.isInfinite { p = p > 0 ? 1 : 0 }
        if discrete {
            guard count >= 1 else { return (0, 0) }
            let clamped = min(max(p, 0), 1)
            guard ordered else { return (firstSegment(in: t, holding: clamped, segments: count) ?? 0, 0) }
            return (lastIndex(in: t, atOrBefore: clamped, upTo: count - 1), 0)
        }
        guard count >= 2 else { return (0, 0) }
        guard ordered else {
            // Ruling E24: the first segment that holds the progress, as given; outside them all,
            // the last value from the last key time on and the first value before it.
            guard let i = firstSegment(in: t, holding: p, segments: count - 1) else {
                return p >= t[count - 1] ? (count - 2, 1) : (0, 0)
            }
            return (i, (p - t[i]) / (t[i + 1] - t[i]))
        }
        if (p < 0 && t[0] == 0) || (p > 1 && t[count - 1] == 1) {
            // The first or last segment with a duration, extended (only when the key times reach
            // that end: otherwise the end value holds there).
            let segments = 0..<(count - 1)
            let extended = p < 0 ? segments.first { t[$0 + 1] > t[$0] } : segments.last { t[$0 + 1] > t[$0] }
            let i = extended ?? 0
            let h = t[i + 1] - t[i]
            return (i, h > 0 ? (p - t[i]) / h : (p < 0 ? 0 : 1))
        }
        let i = lastIndex(in: t, atOrBefore: p, upTo: count - 2)
        let h = t[i + 1] - t[i]
        if p < t[i] { return (i, 0) }  // before the first key time
        return (i, h > 0 ? min(max((p - t[i]) / h, 0), 1) : 1)
    }

    /// The first `i < segments` with `keyTimes[i] ≤ p < keyTimes[i + 1]`, or `nil`.
    @inline(__always)
    private static func firstSegment(
        in keyTimes: UnsafeBufferPointer<Double>, holding p: Double, segments: Int
    ) -> Int? {
        for i in 0..<segments where keyTimes[i] <= p && p < keyTimes[i + 1] { return i }
        return nil
    }

    /// The last index `i ≤ upper` with `keyTimes[i] ≤ p`, or 0.
    @inline(__always)
    private static func lastIndex(
        in keyTimes: UnsafeBufferPointer<Double>, atOrBefore p: Double, upTo upper: Int
    ) -> Int {
        var lo = 0
        var hi = upper
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if keyTimes[mid] <= p {
                lo = mid
            } else {
                hi = mid - 1
            }
        }
        return lo
    }

    /// `given` with its entries within `endpointTolerance` of 0 or 1 made exact, or `nil` when it
    /// cannot time `count` keyframes: a wrong count or an entry that is not finite. Key times
    /// that start after 0 or end before 1 are kept (ruling E19), and so are key times that
    /// decrease or leave [0, 1] (ruling E24).
    private static func validated(_ given: [Double], count n: Int, discrete: Bool) -> [Double]? {
        let documentedCount = discrete ? n + 1 : n
        guard given.count == documentedCount || (discrete && given.count == n),
            given.allSatisfy({ $0.isFinite })
        else { return nil }
        let tolerance = endpointTolerance
        var times = given.map { time -> Double in
            if abs(time) <= tolerance { return 0 }
            if abs(time - 1) <= tolerance { return 1 }
            return time
        }
        if times.count != documentedCount { times.append(1) }
        return times
    }

    /// Cumulative length ÷ total, or `nil` when the lengths cannot time `count` keyframes.
    private static func pacedKeyTimes(_ lengths: [Double]?, count n: Int) -> [Double]? {
        guard let lengths, lengths.count == n - 1 else { return nil }
        var clean = lengths.map { $0.isFinite && $0 > 0 ? $0 : 0 }
        guard let largest = clean.max(), largest > 0 else { return nil }
        // Lengths whose sum would overflow are divided by the largest first.
        if !clean.reduce(0, +).isFinite { clean = clean.map { $0 / largest } }
        var times = [0.0]
        times.reserveCapacity(n)
        for length in clean { times.append(times[times.count - 1] + length) }
        let total = times[n - 1]
        times = times.map { $0 / total }
        times[n - 1] = 1
        return times
    }

    private static func evenKeyTimes(count n: Int, discrete: Bool) -> [Double] {
        if discrete { return n == 0 ? [] : (0...n).map { Double($0) / Double(n) } }
        if n <= 1 { return n == 1 ? [0] : [] }
        return (0..<n).map { Double($0) / Double(n - 1) }
    }
}

// MARK: - Kochanek–Bartels

/// The Kochanek–Bartels spline of the cubic modes (Apple's `cubic` documentation) between
/// `values[i]` and `values[i + 1]` at the fraction `u` of segment `i`.
///
/// Each segment is the cubic Hermite curve between its two keyframes. Keyframe `k`, with tension
/// T, continuity C and bias B (`tension[k]` …, missing or NaN entries 0, clamped to [−1, 1]; all
/// zero gives Catmull–Rom), leaves along
/// `(1−T)(1+B)(1+C)/2 · (P_k − P_{k−1}) + (1−T)(1−B)(1−C)/2 · (P_{k+1} − P_k)` and arrives along
/// `(1−T)(1+B)(1−C)/2 · (P_k − P_{k−1}) + (1−T)(1−B)(1+C)/2 · (P_{k+1} − P_k)`.
/// For non-uniform key times each tangent is scaled by `2h / (h_before + h_after)`, `h` the duration
/// of the segment it serves, which makes the curve C¹ in time at interior keyframes when C = 0.
///
/// **End tangents** (undocumented by Apple): the missing neighbour of the first and last keyframe
/// is the reflection of the one beside it (`P_{−1} = 2P_0 − P_1`, with a segment of the same
/// duration), so the spline leaves the first keyframe heading along the first chord, and a spline
/// through two keyframes is the straight line between them.
///
/// Values are combined as points of one space (see `AnimatableValue`): components for the linear
/// kinds, decomposed translation, scale, skew, perspective and rotation vector for transforms (a
/// rotation about one axis follows its angle). Only the keyframes `i − 1 … i + 2` take part. When
/// those cannot be combined (discrete values, mixed kinds or structures) or the result would not be
/// finite, the segment is interpolated as in linear mode instead.
///
/// - Parameters:
///   - values: The keyframe values (two or more; one gives that value, none `.discrete(nil)`).
///   - keyTimes: The effective key times, `values.count` of them; otherwise even spacing is used.
///   - i: The segment, clamped to `0…values.count − 2`.
///   - u: The fraction through it; at 0 and 1 the result is exactly what linear mode gives
///     (`values[i]` and `values[i + 1]` when finite); outside [0, 1] the cubic extrapolates. NaN
///     counts 0.
/// - Complexity: O(1) in `values.count`.
package func kochanekBartels(
    _ values: [AnimatableValue], keyTimes: [Double], segment i: Int, fraction u: Double,
    tension: [Double], continuity: [Double], bias: [Double]
) -> AnimatableValue {
    let n = values.count
    guard n >= 2 else { return values.first ?? .discrete(nil) }
    let i = min(max(i, 0), n - 2)
    let u = AnimatableValue.sanitizedFraction(u)
    // Exactly the keyframes at the segment's ends (with the non-finite fallbacks of linear mode).
    let linear = values[i].interpolated(to: values[i + 1], fraction: u)
    if u == 0 || u == 1 { return linear }
    let window = max(i - 1, 0)...min(i + 2, n - 1)
    guard let space = AnimatableValue.splineCoordinates(Array(values[window])) else { return linear }
    let spline = HermiteSegment(
        points: space.points, offset: window.lowerBound, count: n, keyTimes: keyTimes,
        tension: tension, continuity: continuity, bias: bias)
    let result = spline.evaluate(segment: i, fraction: u)
    guard result.allSatisfy(\.isFinite) else { return linear }
    return space.value(result)
}

/// The pieces of `kochanekBartels`: neighbouring keyframes as points, their times and parameters.
private struct HermiteSegment {
    /// Keyframes `offset ..< offset + points.count`, as points.
    let points: [[Double]]
    let offset: Int
    /// The total number of keyframes.
    let count: Int
    let keyTimes: [Double]
    let tension: [Double]
    let continuity: [Double]
    let bias: [Double]

    init(
        points: [[Double]], offset: Int, count: Int, keyTimes: [Double], tension: [Double],
        continuity: [Double], bias: [Double]
    ) {
        self.points = points
        self.offset = offset
        self.count = count
        let valid = keyTimes.count == count && keyTimes.allSatisfy(\.isFinite)
        self.keyTimes = valid ? keyTimes : (0..<count).map { Double($0) / Double(count - 1) }
        self.tension = tension
        self.continuity = continuity
        self.bias = bias
    }

    func evaluate(segment i: Int, fraction u: Double) -> [Double] {
        let h = duration(i)
        let outgoing = scale(tangent(at: i, leaving: true), by: timeScale(h, duration(i - 1)))
        let incoming = scale(tangent(at: i + 1, leaving: false), by: timeScale(h, duration(i + 1)))
        let (u2, u3) = (u * u, u * u * u)
        let h00 = 2 * u3 - 3 * u2 + 1
        let h10 = u3 - 2 * u2 + u
        let h01 = -2 * u3 + 3 * u2
        let h11 = u3 - u2
        let p0 = point(i)
        let p1 = point(i + 1)
        return p0.indices.map { c in h00 * p0[c] + h10 * outgoing[c] + h01 * p1[c] + h11 * incoming[c] }
    }

    private func point(_ k: Int) -> [Double] { points[k - offset] }

    /// `P_{k+1} − P_k`; before the first and after the last keyframe, the neighbouring chord
    /// (the reflected end point).
    private func chord(_ k: Int) -> [Double] {
        let k = min(max(k, 0), count - 2)
        return zip(point(k + 1), point(k)).map { $0 - $1 }
    }

    /// The duration of segment `k`, the neighbouring one's outside the keyframes.
    private func duration(_ k: Int) -> Double {
        let k = min(max(k, 0), count - 2)
        return keyTimes[k + 1] - keyTimes[k]
    }

    /// `2h / (h + neighbour)`: the tangent correction for a segment of duration `h`; 1 when the
    /// durations give no usable ratio.
    private func timeScale(_ h: Double, _ neighbour: Double) -> Double {
        let sum = h + neighbour
        let s = 2 * h / sum
        return sum > 0 && s.isFinite ? s : 1
    }

    /// Keyframe `k`'s tangent, leaving (for the segment starting there) or arriving.
    private func tangent(at k: Int, leaving: Bool) -> [Double] {
        let t = parameter(tension, k)
        let c = parameter(continuity, k)
        let b = parameter(bias, k)
        let before = (1 - t) * (1 + b) * (leaving ? 1 + c : 1 - c) / 2
        let after = (1 - t) * (1 - b) * (leaving ? 1 - c : 1 + c) / 2
        return zip(chord(k - 1), chord(k)).map { before * $0 + after * $1 }
    }

    private func parameter(_ values: [Double], _ k: Int) -> Double {
        guard k < values.count, !values[k].isNaN else { return 0 }
        return min(max(values[k], -1), 1)
    }

    private func scale(_ v: [Double], by k: Double) -> [Double] { v.map { $0 * k } }
}

// MARK: - Keyframes along a path

/// Keyframes along a `CGPath`, for a keyframe animation's `path` (Apple's header: "each point in
/// the path except for moveto points defines a single keyframe").
///
/// Every line, quadratic or cubic curve is one segment between two keyframes; the first keyframe
/// is the start of the first segment. The position follows each segment's own curve, not the
/// chord between its ends. A move starts a new subpath without being a keyframe: the position
/// jumps to it at the key time where the next segment starts. A close has no point, so it is no
/// keyframe and no segment (ruling E25): the motion ends at the subpath's last point, and a
/// segment after the close starts from the subpath's start, as after a move. Drawing elements
/// before any move are ignored; a segment with a non-finite point is skipped, the next one
/// starting at the skipped one's end (as after a move) when that is finite, else at the last
/// finite point.
package struct PathKeyframes: Sendable {
    /// Curves are measured in this many equal parameter steps, each by 5-point Gauss–Legendre
    /// quadrature.
    private static let arcSteps = 16

    /// The number of keyframes: segments + 1; 1 for a path with moves only, 0 for an empty one.
    package let count: Int
    /// The arc length of each segment, in path units (`count − 1` of them): what paced timing
    /// needs.
    package let segmentLengths: [Double]
    /// The keyframe positions: the start of the first segment, then the end of each.
    package let keyframePoints: [CGPoint]
    /// Whether `fraction` means a fraction of a segment's arc length (paced modes) rather than of
    /// its curve parameter.
    package let isPaced: Bool

    private let curves: [PathCurve]
    /// Per curve, the arc length from its start at each of `arcSteps + 1` equal parameter steps.
    private let arcTables: [[Double]]

    /// The keyframes of a path given by its elements.
    ///
    /// - Parameters:
    ///   - elements: The path's elements, as `CGPath.elements` lists them.
    ///   - paced: `true` for the paced calculation modes: `point(segment:fraction:)` and
    ///     `tangent(segment:fraction:)` then move at constant speed within each segment.
    package init(_ elements: [PathElement], paced: Bool = false) {
        let (curves, firstMove) = Self.curves(of: elements)
        self.curves = curves
        self.isPaced = paced
        self.arcTables = curves.map { $0.arcTable(steps: Self.arcSteps) }
        self.segmentLengths = arcTables.map { $0[$0.count - 1] }
        if let first = curves.first {
            keyframePoints = [first.start] + curves.map(\.end)
        } else {
            keyframePoints = firstMove.map { [$0] } ?? []
        }
        count = keyframePoints.count
    }

    /// The keyframes of `path`; see `init(_:paced:)`.
    package init(path: CGPath, paced: Bool = false) {
        self.init(path.elements, paced: paced)
    }

    /// The position at `fraction` of segment `segment` (the segment from keyframe `segment` to
    /// `segment + 1`), evaluated exactly on the segment's curve.
    ///
    /// `fraction` is the curve's own parameter, or, when `isPaced`, the fraction of the segment's
    /// arc length (found by Newton's method on the quadrature, within about 1e-12 of the length).
    /// A parameter outside [0, 1] (an overshooting timing function at the path's first or last
    /// segment) is evaluated on the curve's own polynomial beyond its ends, as Apple's snapshots
    /// show (ruling E29); when `isPaced` the fraction is clamped to [0, 1]; an infinite
    /// parameter counts as 0 or 1 and NaN as 0. `segment` is clamped to the segments there are. A path
    /// without segments gives its first keyframe, or `.zero`.
    package func point(segment: Int, fraction: Double) -> CGPoint {
        guard let (curve, t) = locate(segment, fraction) else { return keyframePoints.first ?? .zero }
        return curve.point(at: t)
    }

    /// The unit tangent (direction of travel) at the same place as `point(segment:fraction:)`.
    ///
    /// Where the curve's derivative vanishes (a control point on an end point, a cusp), the
    /// direction between points just before and after is used, then the segment's chord; a segment
    /// of no length, or a path without segments, gives a zero vector.
    package func tangent(segment: Int, fraction: Double) -> CGVector {
        guard let (curve, t) = locate(segment, fraction) else { return .zero }
        return curve.unitTangent(at: t)
    }

    /// The curve and its parameter for a segment and fraction, with both clamped.
    private func locate(_ segment: Int, _ fraction: Double) -> (PathCurve, Double)? {
        guard !curves.isEmpty else { return nil }
        let index = min(max(segment, 0), curves.count - 1)
        let curve = curves[index]
        // Ruling E29: the curve's own parameter is not clamped, so an overshooting timing
        // function carries the value past the segment's ends along the curve's polynomial.
        if !isPaced {
            return (curve, fraction.isNaN ? 0 : fraction.isFinite ? fraction : (fraction > 0 ? 1 : 0))
        }
        let f = fraction.isNaN ? 0 : min(max(fraction, 0), 1)
        guard !curve.isLine else { return (curve, f) }
        return (curve, curve.parameter(atArcFraction: f, table: arcTables[index]))
    }

    /// The drawing segments of `elements` and the first move's point.
    private static func curves(of elements: [PathElement]) -> ([PathCurve], CGPoint?) {
        var curves: [PathCurve] = []
        var current: CGPoint?
        var subpathStart = CGPoint.zero
        var firstMove: CGPoint?
        func add(_ points: [CGPoint]) {
            guard let start = current else { return }
            let curve = PathCurve(points: [start] + points)
            if curve.isFinite {
                curves.append(curve)
                current = curve.end
            } else if curve.end.x.isFinite && curve.end.y.isFinite {
                // Skipped, and the next segment starts at its end, as after a move.
                current = curve.end
            }
        }
        for element in elements {
            switch element {
            case .move(let p):
                current = p
                subpathStart = p
                if firstMove == nil { firstMove = p }
            case .line(let p):
                add([p])
            case .quad(let c, let p):
                add([c, p])
            case .cubic(let c1, let c2, let p):
                add([c1, c2, p])
            case .close:
                // Ruling E25: no keyframe; the current point returns to the subpath's start.
                if current != nil { current = subpathStart }
            }
        }
        return (curves, firstMove)
    }
}

/// A line (2 points), quadratic (3) or cubic (4) Bézier curve, evaluated in `Double`.
private struct PathCurve: Sendable {
    /// 5-point Gauss–Legendre nodes on [−1, 1] and their weights.
    static let gaussNodes: [Double] = [
        0, -0.538_469_310_105_683_1, 0.538_469_310_105_683_1, -0.906_179_845_938_664, 0.906_179_845_938_664,
    ]
    static let gaussWeights: [Double] = [
        0.568_888_888_888_888_9, 0.478_628_670_499_366_5, 0.478_628_670_499_366_5, 0.236_926_885_056_189_1,
        0.236_926_885_056_189_1,
    ]

    /// Start point, control points, end point.
    let points: [CGPoint]

    var start: CGPoint { points[0] }
    var end: CGPoint { points[points.count - 1] }
    var isLine: Bool { points.count == 2 }
    var isFinite: Bool { points.allSatisfy { $0.x.isFinite && $0.y.isFinite } }

    /// The point at parameter `t` (de Casteljau).
    func point(at t: Double) -> CGPoint {
        var p = points.map { (Double($0.x), Double($0.y)) }
        while p.count > 1 {
            p = zip(p, p.dropFirst()).map { a, b in (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t) }
        }
        return CGPoint(x: p[0].0, y: p[0].1)
    }

    /// The derivative with respect to the parameter at `t`.
    func derivative(at t: Double) -> (dx: Double, dy: Double) {
        // The derivative of a degree-d Bézier is d times the Bézier of the control point differences.
        let degree = Double(points.count - 1)
        var d = zip(points, points.dropFirst()).map { a, b in (Double(b.x - a.x), Double(b.y - a.y)) }
        while d.count > 1 {
            d = zip(d, d.dropFirst()).map { a, b in (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t) }
        }
        return (degree * d[0].0, degree * d[0].1)
    }

    func speed(at t: Double) -> Double {
        let d = derivative(at: t)
        return (d.dx * d.dx + d.dy * d.dy).squareRoot()
    }

    /// The arc length between parameters `a` and `b`, by 5-point Gauss–Legendre quadrature.
    func arcLength(from a: Double, to b: Double) -> Double {
        let half = (b - a) / 2
        let middle = (a + b) / 2
        var sum = 0.0
        for (x, w) in zip(Self.gaussNodes, Self.gaussWeights) { sum += w * speed(at: middle + half * x) }
        return sum * half
    }

    /// The arc length from the start at each of `steps + 1` equal parameter steps; for a line, its
    /// exact length at its two ends.
    func arcTable(steps: Int) -> [Double] {
        if isLine { return [0, Double(hypot(end.x - start.x, end.y - start.y))] }
        var table = [0.0]
        for j in 0..<steps {
            let a = Double(j) / Double(steps)
            let b = Double(j + 1) / Double(steps)
            table.append(table[j] + arcLength(from: a, to: b))
        }
        return table
    }

    /// The parameter at which the arc length from the start is `f` times the whole: the table
    /// brackets it, then Newton's method (bisection when a step leaves the bracket or the speed
    /// vanishes) solves `length(t) = f · total` to 1e-12 of the total.
    func parameter(atArcFraction f: Double, table: [Double]) -> Double {
        let steps = table.count - 1
        let total = table[steps]
        guard total > 0 else { return f }
        let target = f * total
        var j = 0
        while j < steps - 1 && table[j + 1] <= target { j += 1 }
        let base = Double(j) / Double(steps)
        var lo = base
        var hi = Double(j + 1) / Double(steps)
        let piece = table[j + 1] - table[j]
        var t = piece > 0 ? lo + (target - table[j]) / piece * (hi - lo) : lo
        for _ in 0..<16 {
            let error = table[j] + arcLength(from: base, to: t) - target
            if abs(error) <= 1e-12 * total { break }
            if error > 0 { hi = t } else { lo = t }
            let next = t - error / speed(at: t)
            t = next > lo && next < hi ? next : (lo + hi) / 2
        }
        return t
    }

    /// The unit tangent at `t`, with the fallbacks `PathKeyframes.tangent(segment:fraction:)`
    /// documents.
    func unitTangent(at t: Double) -> CGVector {
        let size = zip(points, points.dropFirst()).map { hypot(Double($1.x - $0.x), Double($1.y - $0.y)) }
            .reduce(0, +)
        guard size > 0 else { return .zero }
        /// The unit vector along `(dx, dy)`, or `nil` when it is negligible next to the curve.
        func direction(_ dx: Double, _ dy: Double) -> CGVector? {
            let length = (dx * dx + dy * dy).squareRoot()
            guard length > 1e-9 * size, length.isFinite else { return nil }
            return CGVector(dx: dx / length, dy: dy / length)
        }
        let d = derivative(at: t)
        if let v = direction(d.dx, d.dy) { return v }
        // The derivative vanishes (a control point on an end point, a cusp): the direction of
        // travel between points just before and just after.
        let before = point(at: max(t - 1e-4, 0))
        let after = point(at: min(t + 1e-4, 1))
        if let v = direction(Double(after.x - before.x), Double(after.y - before.y)) { return v }
        return direction(Double(end.x - start.x), Double(end.y - start.y)) ?? .zero
    }
}
