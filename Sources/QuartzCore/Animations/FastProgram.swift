import CoreGraphics

// A property animation's per-frame fast path as plain values (FastPath.swift's lanes), compiled
// once when the animation is prepared: evaluating it reads no animation property and makes no
// dynamic dispatch. The animation classes' own fast paths run the program; a render node
// resolves its committed animations' programs further, into one block of plain records against
// its committed values (ResolvedAnimations.swift), built from the same rules.

/// What a fast-path property animation computes, as plain values. Immutable once made; a class
/// so that evaluating it through its animation copies nothing.
package final class FastProgram: Sendable {
    /// How linear progress through a cycle becomes the interpolation fraction.
    package enum Progress: Sendable {
        case linear
        /// A timing function's curve.
        case curve(UnitBezier)
        /// A spring's motion at the cycle's basic time (duration ignored; it may overshoot).
        case spring(SpringMotion)

        /// The interpolation fraction at basic time `t` of a cycle of `duration` seconds: linear
        /// progress `t / duration` (clamped; 1 for a zero duration) through the curve, or the
        /// spring's motion at `t`. The rule of basic and spring animations, fast path or not.
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

    package let field: LayerField
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
        field: LayerField, additive: Bool, cumulative: Bool, progress: Progress, from: SIMD4<Double>?,
        to: SIMD4<Double>?, by: SIMD4<Double>?, captured: SIMD4<Double>?
    ) {
        (self.field, self.additive, self.cumulative, self.progress) = (field, additive, cumulative, progress)
        (self.from, self.to, self.by, self.captured) = (from, to, by, captured)
        (frames, timeline, paced, discrete, segmentCurves) = ([], nil, false, false, nil)
    }

    /// A keyframe animation's program.
    package init(
        field: LayerField, additive: Bool, cumulative: Bool, progress: Progress, frames: [SIMD4<Double>],
        timeline: KeyframeTimeline, paced: Bool, discrete: Bool, segmentCurves: [UnitBezier]?
    ) {
        (self.field, self.additive, self.cumulative, self.progress) = (field, additive, cumulative, progress)
        (from, to, by, captured) = (nil, nil, nil, nil)
        (self.frames, self.timeline, self.paced, self.discrete) = (frames, timeline, paced, discrete)
        self.segmentCurves = segmentCurves
    }

    /// Writes the animation's value at `sample` (a cycle of `duration` seconds) into `state`,
    /// reading the model's value of the field from `model` only where the animation needs it
    /// (R2).
    package func apply(
        sample: MediaTimingSample, duration: Double, model: borrowing LayerState, to state: inout LayerState
    ) {
        apply(sample: sample, duration: duration, modelLanes: field.lanes(model), to: &state)
    }

    /// `apply(sample:duration:model:to:)` with the model's value of the field given as lanes.
    package func apply(
        sample: MediaTimingSample, duration: Double, modelLanes: SIMD4<Double>, to state: inout LayerState
    ) {
        var value: SIMD4<Double>
        let cycleEnd: SIMD4<Double>?
        if let timeline {
            let (index, u) = timeline.segment(
                atLinear: Progress.linear(sample.basicTime, duration), curve: progress.curve, paced: paced,
                discrete: discrete
            ) { index in segmentCurves.flatMap { index < $0.count ? $0[index] : nil } }
            let i = min(index, frames.count - 1)
            value =
                discrete || i + 1 >= frames.count ? frames[i] : Lanes.interpolate(frames[i], frames[i + 1], u)
            cycleEnd = frames.last
        } else {
            let (start, end) = endpoints(model: modelLanes)
            value = Lanes.interpolate(
                start, end, progress.fraction(atBasicTime: sample.basicTime, duration: duration))
            cycleEnd = end
        }
        if cumulative, sample.iteration > 0, let end = cycleEnd {
            value = Lanes.add(Lanes.scale(end, Double(sample.iteration)), value)
        }
        if additive {
            value = Lanes.add(field.lanes(state), value)
        }
        field.write(lanes: value, into: &state)
    }

    /// A basic animation's start and end values of one cycle, from the model's value `m` where
    /// needed (R2).
    @inline(__always)
    func endpoints(model m: SIMD4<Double>) -> (SIMD4<Double>, SIMD4<Double>) {
        switch (from, to, by) {
        case (let f?, let t?, _): return (f, t)
        case (let f?, nil, let b?): return (f, Lanes.add(f, b))
        case (nil, let t?, let b?): return (Lanes.subtract(t, b), t)
        case (let f?, nil, nil): return (f, m)
        case (nil, let t?, nil): return (m, t)
        case (nil, nil, let b?): return (m, Lanes.add(m, b))
        case (nil, nil, nil): return (captured ?? m, m)
        }
    }
}

extension KeyframeTimeline {
    /// The keyframe segment and the fraction within it at linear progress `linear` through a
    /// cycle: the animation's timing curve (not in paced modes, as Apple's calculationMode
    /// documentation says), the timeline, then the segment's own curve (not in paced or discrete
    /// modes). The rule of keyframe animations, fast path or not.
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
