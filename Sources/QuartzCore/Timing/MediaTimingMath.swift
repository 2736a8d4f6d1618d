import CoreGraphics

// The timing model of `CAMediaTiming` (Apple's header; ruling E20) as pure arithmetic on plain
// values: no layers, animations or transactions. The engine copies an object's timing properties
// into a `MediaTiming` and asks it where the object is at a parent time.
//
// One animation in its parent's time: d = 1, repeatCount 2 (AD = 2), timeOffset 0.25, speed 1.
// `|` marks where the sample s crosses a cycle boundary.
//
//   parent t:    beginTime              beginTime + AD / speed
//                    v                          v
//   phase:  BEFORE   |<---------- ACTIVE ------>|   AFTER
//   e:        < 0    0       0.75        1.75   2   >= 2          e = (t − beginTime) × speed
//   s:               0.25 --> 1 | 1 -----> 2 | 2 --> 2.25         s = e + timeOffset
//   basicTime:       0.25 --> 1 | 0 -----> 1 | 0 --> 0.25         r = s mod cycle
//   iteration:       0          | 1          | 2
//   backwards fill:  the start sample, s = timeOffset        -> basicTime 0.25, iteration 0
//   forwards fill:   the end sample, s = timeOffset + AD     -> basicTime 0.25, iteration 2
//
// With autoreverses a cycle is a forward leg, then the same leg mirrored (isReversing):
//
//   r:          0 --------> d --------> 2d
//   basicTime:  0 --------> d --------> 0
//
// Rules (rulings E20, R1 and R4; fill modes as Apple's `CAMediaTimingFillMode` documentation):
// - e decides the phase: e < 0 BEFORE, 0 ≤ e ≤ AD ACTIVE, e > AD AFTER. timeOffset never moves
//   the phase (R1): the object plays for AD and loops around its cycle. The closing instant
//   e = AD is the active duration's last moment and shows the end sample, fill mode or not
//   (ruling E27).
// - Speed 0 makes e = 0 for every parent time, so s = timeOffset (QA1673's pause). A negative
//   speed only reverses the parent-time axis: the object is active before beginTime.
// - A position on a boundary (s a multiple of the cycle, or r = d with autoreverses) belongs to
//   the leg that follows it in e: the start of the next cycle, the start of the backward leg.
//   The end sample is the exception: it belongs to the leg that ends there, so a whole number of
//   cycles freezes at the end of the last one (basicTime d, or 0 after a backward leg), and a
//   fractional count freezes mid-cycle (d = 2, repeatCount 2.5: basicTime 1).

/// The timing of one timed object (a layer, an animation, a group's child) as plain values, and
/// the arithmetic of Apple's `CAMediaTiming` on them (ruling E20).
///
/// All times are seconds. The caller resolves Apple's defaults before building one: an
/// animation's `duration` of 0 becomes the transaction's duration or 0.25 s (Apple's
/// `add(_:forKey:)` documentation); a layer uses
/// `.infinity`.
package struct MediaTiming: Equatable, Sendable {
    /// When the object begins, in its parent's time. Default 0.
    package var beginTime: Double
    /// The basic duration `d`: one forward play. Default 0 (Apple's), which is never in effect;
    /// `sample(atParentTime:)` needs a finite `d > 0`.
    package var duration: Double
    /// The rate of local time relative to the parent's; 0 pauses, negative plays backwards.
    /// Default 1.
    package var speed: Double
    /// An offset in active local time, not scaled by `speed`. Default 0.
    package var timeOffset: Double
    /// The number of cycles; 0 (the default), negative and NaN mean one cycle; fractional counts
    /// are allowed; `.infinity` or at least `Float.greatestFiniteMagnitude` repeats forever.
    package var repeatCount: Double
    /// The whole active duration in seconds of local time; 0 (the default), negative and NaN mean
    /// not set. Takes priority over `repeatCount` when both are set, and is not doubled by
    /// `autoreverses` (R4).
    package var repeatDuration: Double
    /// Whether each cycle plays forwards then backwards. Default `false`.
    package var autoreverses: Bool
    /// Whether the object shows its start sample before it begins (fill mode `backwards` or
    /// `both`). Default `false`.
    package var fillsBackwards: Bool
    /// Whether the object shows its end sample after its active duration (fill mode `forwards` or
    /// `both`). Default `false`.
    package var fillsForwards: Bool

    /// Creates a timing; every argument defaults to Apple's `CAMediaTiming` default (fill mode
    /// `removed`).
    package init(
        beginTime: Double = 0, duration: Double = 0, speed: Double = 1, timeOffset: Double = 0,
        repeatCount: Double = 0, repeatDuration: Double = 0, autoreverses: Bool = false,
        fillsBackwards: Bool = false, fillsForwards: Bool = false
    ) {
        self.beginTime = beginTime
        self.duration = duration
        self.speed = speed
        self.timeOffset = timeOffset
        self.repeatCount = repeatCount
        self.repeatDuration = repeatDuration
        self.autoreverses = autoreverses
        self.fillsBackwards = fillsBackwards
        self.fillsForwards = fillsForwards
    }

    /// Whether `duration` is a basic duration that can be sampled: finite and greater than 0.
    package var hasValidDuration: Bool {
        duration > 0 && duration.isFinite
    }

    /// One cycle in seconds of local time: `d`, or `2d` with `autoreverses`. 0 when `duration` is
    /// not finite and positive.
    package var cycleDuration: Double {
        guard hasValidDuration else { return 0 }
        return autoreverses ? 2 * duration : duration
    }

    /// The active duration AD in seconds of local time (ruling E20): `repeatDuration`
    /// when set (R4: not doubled by `autoreverses`), else `repeatCount` cycles when set, else one
    /// cycle. `.infinity` for an infinite `repeatCount` or `repeatDuration`; 0 when `duration` is
    /// not finite and positive. Never NaN.
    package var activeDuration: Double {
        guard hasValidDuration else { return 0 }
        if repeatDuration > 0 { return repeatDuration }
        if repeatCount > 0 {
            if repeatCount >= Double(Float.greatestFiniteMagnitude) { return .infinity }
            return repeatCount * cycleDuration
        }
        return cycleDuration
    }

    /// Apple's `CAMediaTiming` header formula, `(t − beginTime) × speed + timeOffset`, with no
    /// clipping, repeat or fill: a layer's local time from its parent's. With `speed == 0` the
    /// result is `timeOffset` for every `t` (QA1673's pause). NaN in gives NaN out otherwise.
    package func localTime(fromParent t: Double) -> Double {
        if speed == 0 { return timeOffset }
        return (t - beginTime) * speed + timeOffset
    }

    /// The inverse of ``localTime(fromParent:)``: `(t − timeOffset) / speed + beginTime`. `nil`
    /// when `speed` is 0 (every parent time maps to `timeOffset`) or not finite.
    package func parentTime(fromLocal t: Double) -> Double? {
        guard speed != 0, speed.isFinite else { return nil }
        return (t - timeOffset) / speed + beginTime
    }

    /// Evaluates the object at parent time `t` (rulings E20, R1, R4).
    ///
    /// See the timeline at the top of this file. Everything is a function of the elapsed time
    /// `e = (t − beginTime) × speed` (0 for every `t` when `speed` is 0), so a negative speed
    /// only reverses the parent-time axis: the object is active for parent times in
    /// `(beginTime − AD / |speed|, beginTime]`, playing backwards as `t` grows, and is BEFORE for
    /// every parent time after `beginTime` (ruling E15). With `speed −1, timeOffset d` (or 0, the
    /// same point of the loop under R1) the basic time runs from `d` down to 0 over that interval.
    ///
    /// Not in effect, with a finite sample of 0: a NaN time, begin time or speed (or an
    /// infinite `t − beginTime` times an infinite speed); a `duration` that is not finite and
    /// positive; a non-finite `timeOffset`; the end sample of an object that repeats forever.
    /// - Complexity: O(1).
    package func sample(atParentTime t: Double) -> MediaTimingSample {
        ResolvedTiming(self).sample(atParentTime: t)
    }
}

/// A `MediaTiming` resolved for sampling many times: the active and cycle durations and whether
/// the timing can be sampled at all are computed once. ``MediaTiming/sample(atParentTime:)`` is
/// this type's ``sample(atParentTime:)``, so both follow the same rules (ruling E20); a render
/// node stores its animations' timing in this form (`ResolvedAnimations`).
package struct ResolvedTiming: Sendable {
    /// `MediaTiming.beginTime`.
    let beginTime: Double
    /// `MediaTiming.duration`, the basic duration `d`.
    let duration: Double
    /// `MediaTiming.speed`.
    let speed: Double
    /// `MediaTiming.timeOffset`.
    let timeOffset: Double
    /// `MediaTiming.activeDuration`.
    let activeDuration: Double
    /// `MediaTiming.cycleDuration`.
    let cycleDuration: Double
    /// `MediaTiming.hasValidDuration` and a finite `timeOffset`: whether a sample can be in effect.
    let isSamplable: Bool
    let autoreverses: Bool
    let fillsBackwards: Bool
    let fillsForwards: Bool
    /// Whether samples count their `iteration`; when `false` it is 0 (for a caller that never
    /// reads it, which saves a division and a rounding per sample).
    let countsIterations: Bool

    /// `timing` resolved; `countsIterations: false` leaves every sample's `iteration` 0.
    package init(_ timing: MediaTiming, countsIterations: Bool = true) {
        beginTime = timing.beginTime
        duration = timing.duration
        speed = timing.speed
        timeOffset = timing.timeOffset
        activeDuration = timing.activeDuration
        cycleDuration = timing.cycleDuration
        isSamplable = timing.hasValidDuration && timing.timeOffset.isFinite
        autoreverses = timing.autoreverses
        fillsBackwards = timing.fillsBackwards
        fillsForwards = timing.fillsForwards
        self.countsIterations = countsIterations
    }

    /// The object at parent time `t`: ``MediaTiming/sample(atParentTime:)``, whose documentation
    /// gives the rules.
    /// - Complexity: O(1).
    @inline(__always)
    package func sample(atParentTime t: Double) -> MediaTimingSample {
        let elapsed = speed == 0 ? 0 : (t - beginTime) * speed
        guard !elapsed.isNaN else { return .notInEffect(.before) }
        let phase: MediaTimingSample.Phase =
            elapsed < 0 ? .before : elapsed <= activeDuration ? .active : .after
        guard isSamplable else { return .notInEffect(phase) }
        switch phase {
        case .before:
            guard fillsBackwards else { return .notInEffect(phase) }
            return position(timeOffset, phase: phase, endInclusive: false)
        case .active:
            // Ruling E27: the closing instant shows the end sample, as a forwards fill does.
            guard elapsed == activeDuration else {
                return position(timeOffset + elapsed, phase: phase, endInclusive: false)
            }
            var closing = position(timeOffset + elapsed, phase: phase, endInclusive: true)
            closing.isClosing = closing.isInEffect
            return closing
        case .after:
            guard fillsForwards, activeDuration.isFinite else { return .notInEffect(phase) }
            return position(timeOffset + activeDuration, phase: phase, endInclusive: true)
        }
    }

    /// Places the unwrapped sample `s` in its cycle, as r in `0 ... cycle`. `endInclusive` says
    /// where a boundary belongs: `true` takes r in `(0, cycle]` (a cycle boundary is the end of
    /// the cycle below it) and r = d as the end of the forward leg; `false` takes r in
    /// `[0, cycle)` and r = d as the start of the backward leg. `s = iteration × cycle + r`.
    @inline(__always)
    private func position(
        _ s: Double, phase: MediaTimingSample.Phase, endInclusive: Bool
    ) -> MediaTimingSample {
        let cycle = cycleDuration
        guard s.isFinite else { return .notInEffect(phase) }
        var r = s.truncatingRemainder(dividingBy: cycle)  // exact; |r| < cycle, sign of s
        if r < 0 { r += cycle }  // may round up to exactly `cycle`
        var k = countsIterations ? ((s - r) / cycle).rounded() : 0
        if endInclusive, r == 0 {
            r = cycle
            k -= 1
        } else if !endInclusive, r >= cycle {
            r = 0
            k += 1
        }
        let reversing = autoreverses && (endInclusive ? r > duration : r >= duration)
        let basic = reversing ? cycle - r : r
        return MediaTimingSample(
            phase: phase, isInEffect: true, basicTime: min(max(basic, 0), duration),
            iteration: countsIterations ? cycleIndex(k) : 0, isReversing: reversing)
    }
}

/// Where a timed object is at one parent time: the result of
/// ``MediaTiming/sample(atParentTime:)``.
package struct MediaTimingSample: Equatable, Sendable {
    /// Where the parent time lies relative to the object's active duration.
    package enum Phase: Sendable {
        /// The object has not begun: the elapsed time is negative. A NaN time also reports
        /// `before`, with `isInEffect` false.
        case before
        /// The object is playing: the elapsed time is in `0 ... activeDuration`, the closing
        /// instant showing the end sample (ruling E27).
        case active
        /// The active duration has passed: the elapsed time is more than `activeDuration`.
        case after
    }

    /// Where the parent time lies relative to the active duration.
    package var phase: Phase
    /// Whether the object applies: active, or filled (before with `fillsBackwards`, after with
    /// `fillsForwards`). When `false`, the other fields are 0 / `false` and mean nothing.
    package var isInEffect: Bool
    /// The time within one forward basic duration, in `0 ... d`, after autoreverse mirroring; the
    /// progress the timing function receives is `basicTime / d`. Always finite.
    package var basicTime: Double
    /// The cycle (one forward leg plus, with autoreverses, one backward leg) that `basicTime`
    /// belongs to, counted from local time 0 (so a `timeOffset` of whole cycles starts at a later
    /// iteration): 0 for the first. Negative only for positions before local time 0, which a
    /// negative `timeOffset` gives; clamped to ±2⁶². This is what `cumulative` multiplies.
    package var iteration: Int
    /// Whether the object is in the backward leg of an autoreversing cycle.
    package var isReversing: Bool
    /// Whether the sample is the closing instant of the active duration (`active`, showing the
    /// end sample; ruling E27).
    package var isClosing = false

    /// Whether the active duration is over: after it, or at its closing instant. An animation
    /// removed on completion has no effect from then on, even before its removal is delivered
    /// (ruling E27).
    package var hasEnded: Bool { phase == .after || isClosing }

    /// Whether an animation sampled here changes the presentation: in effect, and — when it is
    /// removed on completion — not ended (even before its removal is delivered; ruling E27). The
    /// one rule for property animations, groups and transitions.
    @inline(__always)
    package func appliesEffect(removedOnCompletion: Bool) -> Bool {
        isInEffect && !(removedOnCompletion && hasEnded)
    }

    /// Creates a sample from its fields.
    package init(phase: Phase, isInEffect: Bool, basicTime: Double, iteration: Int, isReversing: Bool) {
        self.phase = phase
        self.isInEffect = isInEffect
        self.basicTime = basicTime
        self.iteration = iteration
        self.isReversing = isReversing
    }

    /// A sample that does not apply, in `phase`.
    static func notInEffect(_ phase: Phase) -> MediaTimingSample {
        MediaTimingSample(phase: phase, isInEffect: false, basicTime: 0, iteration: 0, isReversing: false)
    }
}

/// A whole-valued cycle index as an `Int`, clamped to ±2⁶² so that no double traps.
private func cycleIndex(_ k: Double) -> Int {
    let limit = 4.611_686_018_427_387_904e18  // 2^62, exactly representable
    return Int(min(max(k, -limit), limit))
}
