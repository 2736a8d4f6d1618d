import CoreGraphics

// A property animation's lane form (Lanes.swift's lanes), compiled once when the animation is
// prepared: its values as plain lanes, its progress and keyframe tables. A render node resolves
// its committed animations' lane forms into lane records against its committed values
// (ResolvedAnimations.swift), which are what is evaluated.

/// A property animation's lane form, as plain values (see the top of this file). Immutable once
/// made; a class so that an animation's copies share it.
package final class LaneForm: Sendable {
    /// How linear progress through a cycle becomes the interpolation fraction.
    package enum Progress: Sendable {
        case linear
        /// A timing function's curve.
        case curve(UnitBezier)
        /// A spring's motion at the cycle's basic time (duration ignored; it may overshoot).
        case spring(SpringMotion)

        /// The interpolation fraction at basic time `t` of a cycle of `duration` seconds: linear
        /// progress `t / duration` (clamped; 1 for a zero duration) through the curve, or the
        /// spring's motion at `t`. The rule of basic and spring animations, lane or boxed.
        package func fraction(atBasicTime t: Double, duration: Double) -> Double {
            switch self {
            case .linear: return Self.linear(t, duration)
            case .curve(let curve): return curve.solve(Self.linear(t, duration))
            case .spring(let motion): return motion.fraction(at: t)
            }
        }

        /// The timing function's curve, if any.
        var curve: UnitBezier? {
            if case .curve(let curve) = self { return curve }
            return nil
        }

        /// Linear progress through a cycle: `t / duration` clamped into [0, 1], 1 for a zero
        /// duration.
        static func linear(_ t: Double, _ duration: Double) -> Double {
            duration > 0 ? min(max(t / duration, 0), 1) : 1
        }
    }

    package let field: CALayerProperty.Field
    package let additive: Bool
    package let cumulative: Bool
    package let progress: Progress
    // A basic animation: its from, to and by values (`nil` where not given) and the start
    // captured for an animation with none (R2).
    let from: SIMD4<Double>?
    let to: SIMD4<Double>?
    let by: SIMD4<Double>?
    let captured: SIMD4<Double>?
    // A keyframe animation (`timeline` not `nil`): its values, mode and per-segment curves.
    let frames: [SIMD4<Double>]
    let timeline: KeyframeTimeline?
    let paced: Bool
    let discrete: Bool
    let segmentCurves: [UnitBezier]?

    /// A basic animation's program.
    package init(
        field: CALayerProperty.Field, additive: Bool, cumulative: Bool, progress: Progress,
        from: SIMD4<Double>?,
        to: SIMD4<Double>?, by: SIMD4<Double>?, captured: SIMD4<Double>?
    ) {
        (self.field, self.additive, self.cumulative, self.progress) = (field, additive, cumulative, progress)
        (self.from, self.to, self.by, self.captured) = (from, to, by, captured)
        (frames, timeline, paced, discrete, segmentCurves) = ([], nil, false, false, nil)
    }

    /// A keyframe animation's program.
    package init(
        field: CALayerProperty.Field, additive: Bool, cumulative: Bool, progress: Progress,
        frames: [SIMD4<Double>],
        timeline: KeyframeTimeline, paced: Bool, discrete: Bool, segmentCurves: [UnitBezier]?
    ) {
        (self.field, self.additive, self.cumulative, self.progress) = (field, additive, cumulative, progress)
        (from, to, by, captured) = (nil, nil, nil, nil)
        (self.frames, self.timeline, self.paced, self.discrete) = (frames, timeline, paced, discrete)
        self.segmentCurves = segmentCurves
    }

    /// A basic animation's start and end values of one cycle, from the model's value `m` where
    /// needed (R2).
    @inline(__always)
    func endpoints(model m: SIMD4<Double>) -> (SIMD4<Double>, SIMD4<Double>) {
        CABasicAnimation.endpoints(
            from: from, to: to, by: by, captured: captured, model: { m }, plus: Lanes.add,
            minus: Lanes.subtract)
    }
}

extension KeyframeTimeline {
    /// The keyframe segment and the fraction within it at linear progress `linear` through a
    /// cycle: the animation's timing curve (not in paced modes, as Apple's calculationMode
    /// documentation says), the timeline, then the segment's own curve (not in paced or discrete
    /// modes). The rule of keyframe animations, lane or boxed.
    func segment(
        atLinear linear: Double, curve: UnitBezier?, paced: Bool, discrete: Bool,
        segmentCurve: (Int) -> UnitBezier?
    ) -> (index: Int, fraction: Double) {
        keyTimes.withUnsafeBufferPointer {
            Self.segment(
                atLinear: linear, keyTimes: $0, count: count, discreteKeyTimes: mode == .discrete,
                orderedKeyTimes: keyTimesAreOrdered,
                curve: curve,
                paced: paced, discrete: discrete, segmentCurve: segmentCurve)
        }
    }

    /// `segment(atLinear:curve:paced:discrete:segmentCurve:)` for `count` keyframes with the
    /// effective key times `keyTimes` (of a timeline in discrete mode when `discreteKeyTimes`,
    /// never decreasing when `orderedKeyTimes`):
    /// the form a render node evaluates from its own table (`ResolvedAnimations`).
    @inline(__always)
    static func segment(
        atLinear linear: Double, keyTimes: UnsafeBufferPointer<Double>, count: Int, discreteKeyTimes: Bool,
        orderedKeyTimes: Bool,
        curve: UnitBezier?, paced: Bool, discrete: Bool,
        segmentCurve: (Int) -> UnitBezier?
    ) -> (index: Int, fraction: Double) {
        var position = linear
        if !paced, let curve { position = curve.solve(linear) }
        var (index, u) = segment(
            at: position, keyTimes: keyTimes, count: count, discrete: discreteKeyTimes,
            ordered: orderedKeyTimes)
        if !paced, !discrete, let curve = segmentCurve(index) { u = curve.solve(u) }
        return (index, u)
    }
}
