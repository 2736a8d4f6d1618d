import QuartzCore
import Testing

/// Tolerance for timing arithmetic that is not exact in binary (seconds).
private let timingTolerance = 1e-12

/// Tolerance for seeded property checks, whose times go through a few more roundings (seconds).
private let propertyTolerance = 1e-9

/// Whether two times agree within `tolerance`.
private func isClose(_ a: Double, _ b: Double, _ tolerance: Double = timingTolerance) -> Bool {
    abs(a - b) <= tolerance
}

/// A timing that begins at parent time 0 with speed 1, so that the parent time is the elapsed e.
private func timing(
    duration: Double = 1, timeOffset: Double = 0, repeatCount: Double = 0, repeatDuration: Double = 0,
    autoreverses: Bool = false, backwards: Bool = false, forwards: Bool = false
) -> MediaTiming {
    MediaTiming(
        duration: duration, timeOffset: timeOffset, repeatCount: repeatCount,
        repeatDuration: repeatDuration, autoreverses: autoreverses, fillsBackwards: backwards,
        fillsForwards: forwards)
}

/// The media timing math, rulings E20, R1 and R4, with exact expected values.
@Suite struct MediaTimingMathTests {
    // MARK: Defaults and durations

    @Test func defaultsAreApples() {
        let defaults = MediaTiming()
        #expect(defaults.beginTime == 0)
        #expect(defaults.duration == 0)
        #expect(defaults.speed == 1)
        #expect(defaults.timeOffset == 0)
        #expect(defaults.repeatCount == 0)
        #expect(defaults.repeatDuration == 0)
        #expect(!defaults.autoreverses && !defaults.fillsBackwards && !defaults.fillsForwards)
        // Apple's default duration 0 is resolved by the caller; unresolved it is never in effect.
        #expect(defaults.activeDuration == 0)
        #expect(!defaults.sample(atParentTime: 0).isInEffect)
    }

    @Test func cycleDurationDoublesWithAutoreverse() {
        #expect(timing(duration: 1.5).cycleDuration == 1.5)
        #expect(timing(duration: 1.5, autoreverses: true).cycleDuration == 3)
    }

    @Test func activeDurationFollowsRepeatRules() {
        #expect(timing(duration: 2).activeDuration == 2)
        // LOCK ch. 9: d = 2 and repeatCount 3.5 animate for 7 seconds.
        #expect(timing(duration: 2, repeatCount: 3.5).activeDuration == 7)
        // Autoreverse doubles each cycle: 1.5 cycles of 2 × 1 s.
        #expect(timing(duration: 1, repeatCount: 1.5, autoreverses: true).activeDuration == 3)
        // R4: repeatDuration is the whole active duration, not doubled by autoreverse.
        #expect(timing(duration: 1, repeatDuration: 1.5, autoreverses: true).activeDuration == 1.5)
        // repeatDuration wins when both are set.
        #expect(timing(duration: 1, repeatCount: 5, repeatDuration: 2.5).activeDuration == 2.5)
        // 0, negative and NaN counts mean one cycle; a negative or NaN repeatDuration is unset.
        for count in [0, -3, Double.nan] {
            #expect(timing(duration: 2, repeatCount: count, autoreverses: true).activeDuration == 4)
        }
        for repeatDuration in [-1, Double.nan] {
            #expect(timing(duration: 2, repeatCount: 2, repeatDuration: repeatDuration).activeDuration == 4)
        }
    }

    @Test func infiniteRepeatHasInfiniteActiveDuration() {
        #expect(timing(repeatCount: .infinity).activeDuration == .infinity)
        #expect(timing(repeatCount: Double(Float.greatestFiniteMagnitude)).activeDuration == .infinity)
        #expect(timing(repeatDuration: .infinity).activeDuration == .infinity)
        // Just below the magic value is finite.
        let large = Double(Float.greatestFiniteMagnitude.nextDown)
        #expect(timing(repeatCount: large).activeDuration == large)
    }

    @Test func invalidDurationHasNoActiveDuration() {
        for duration in [0, -1, Double.nan, .infinity, -.infinity] {
            let t = timing(
                duration: duration, repeatCount: 2, autoreverses: true, backwards: true, forwards: true)
            #expect(t.cycleDuration == 0)
            #expect(t.activeDuration == 0)
            for time in [-1.0, 0, 0.5, 10] {
                let s = t.sample(atParentTime: time)
                #expect(!s.isInEffect)
                #expect(s.basicTime == 0)
            }
        }
    }

    // MARK: Fill modes (Apple's `CAMediaTimingFillMode` documentation)

    /// Every fill mode: d = 1, begun at parent time 10, sampled 1 s before and 1 s after.
    @Test(arguments: [
        ("removed", false, false), ("forwards", false, true), ("backwards", true, false),
        ("both", true, true),
    ])
    func fillModeTableRow(name: String, backwards: Bool, forwards: Bool) {
        let t = MediaTiming(beginTime: 10, duration: 1, fillsBackwards: backwards, fillsForwards: forwards)
        let before = t.sample(atParentTime: 9)
        #expect(before.phase == .before)
        #expect(before.isInEffect == backwards, "\(name) before the begin")
        if backwards { #expect(before.basicTime == 0, "the start sample is the first frame") }
        let after = t.sample(atParentTime: 12)
        #expect(after.phase == .after)
        #expect(after.isInEffect == forwards, "\(name) after the end")
        if forwards { #expect(after.basicTime == 1, "the end sample is the final state") }
        let active = t.sample(atParentTime: 10.25)
        #expect(active.phase == .active && active.isInEffect && active.basicTime == 0.25)
    }

    /// Ruling E27: the active interval is closed; its closing instant shows the end sample even
    /// with fill mode `removed`, and only later times are after.
    @Test func phaseBoundariesAreClosed() {
        let t = MediaTiming(beginTime: 10, duration: 1)
        #expect(t.sample(atParentTime: 10).phase == .active)
        #expect(t.sample(atParentTime: 10).basicTime == 0)
        #expect(t.sample(atParentTime: 10.0.nextDown).phase == .before)
        #expect(t.sample(atParentTime: 11.0.nextDown).phase == .active)
        let closing = t.sample(atParentTime: 11)
        #expect(closing.phase == .active && closing.isInEffect && closing.basicTime == 1)
        #expect(closing.iteration == 0 && !closing.isReversing)
        #expect(t.sample(atParentTime: 11.0.nextUp).phase == .after)
        #expect(!t.sample(atParentTime: 11.0.nextUp).isInEffect)
        // Repeated and reversed: the closing instant is the end of the last leg.
        let twice = MediaTiming(duration: 1, repeatCount: 2, autoreverses: true).sample(atParentTime: 4)
        #expect(twice.isInEffect && twice.basicTime == 0 && twice.isReversing && twice.iteration == 1)
    }

    @Test func lockwoodThreeAndAHalfRepeatsLastSevenSeconds() {
        let t = timing(duration: 2, repeatCount: 3.5, forwards: true)
        #expect(t.sample(atParentTime: 6.9).phase == .active)
        #expect(isClose(t.sample(atParentTime: 6.9).basicTime, 0.9))
        #expect(t.sample(atParentTime: 6.9).iteration == 3)
        let end = t.sample(atParentTime: 7.5)
        #expect(end.phase == .after)
        #expect(end.basicTime == 1)  // half of the fourth cycle
        #expect(end.iteration == 3)
    }

    @Test func fractionalRepeatFreezesMidCycle() {
        let end = timing(duration: 2, repeatCount: 2.5, forwards: true).sample(atParentTime: 100)
        #expect(end.basicTime == 1)
        #expect(end.iteration == 2)
    }

    @Test func wholeRepeatFreezesAtTheEndOfTheLastCycle() {
        let end = timing(duration: 2, repeatCount: 2, forwards: true).sample(atParentTime: 4)
        #expect(end.basicTime == 2)  // the end of cycle 1, not the start of cycle 2
        #expect(end.iteration == 1)
        let reversed = timing(duration: 1, repeatCount: 1, autoreverses: true, forwards: true)
            .sample(atParentTime: 2)
        #expect(reversed.basicTime == 0)  // back at the start after the reverse leg
        #expect(reversed.isReversing)
        #expect(reversed.iteration == 0)
    }

    // MARK: Autoreverse and repeatDuration

    @Test func autoreverseWithOneAndAHalfRepeats() {
        let t = timing(duration: 1, repeatCount: 1.5, autoreverses: true, forwards: true)
        let expectations: [(e: Double, basic: Double, reversing: Bool, iteration: Int)] = [
            (0, 0, false, 0), (0.5, 0.5, false, 0), (1, 1, true, 0), (1.25, 0.75, true, 0),
            (2, 0, false, 1), (2.25, 0.25, false, 1), (2.75, 0.75, false, 1),
        ]
        for row in expectations {
            let s = t.sample(atParentTime: row.e)
            #expect(s.phase == .active)
            #expect(s.basicTime == row.basic, "e = \(row.e)")
            #expect(s.isReversing == row.reversing, "e = \(row.e)")
            #expect(s.iteration == row.iteration, "e = \(row.e)")
        }
        // Ends on the new value: "add 0.5 to the repeat count … to end on the new value".
        let end = t.sample(atParentTime: 3.5)
        #expect(end.phase == .after)
        #expect(end.basicTime == 1 && !end.isReversing && end.iteration == 1)
    }

    @Test func repeatDurationWithAutoreverseIsNotDoubled() {
        let t = timing(duration: 1, repeatDuration: 1.5, autoreverses: true, forwards: true)
        #expect(t.sample(atParentTime: 1.25).basicTime == 0.75)
        #expect(t.sample(atParentTime: 1.25).isReversing)
        #expect(t.sample(atParentTime: 1.5.nextUp).phase == .after)
        let end = t.sample(atParentTime: 1.5.nextUp)
        #expect(end.basicTime == 0.5 && end.isReversing)
    }

    // MARK: timeOffset (R1)

    @Test func timeOffsetWrapsAroundAndKeepsTheFullDuration() {
        let t = timing(duration: 1, timeOffset: 0.5, backwards: true, forwards: true)
        #expect(t.sample(atParentTime: 0).basicTime == 0.5)
        #expect(t.sample(atParentTime: 0.25).basicTime == 0.75)
        #expect(t.sample(atParentTime: 0.75).basicTime == 0.25)
        #expect(t.sample(atParentTime: 0.75).iteration == 1)
        #expect(t.sample(atParentTime: 0.999).phase == .active)
        #expect(t.sample(atParentTime: 1.0.nextUp).phase == .after)
        // Filled: before the begin the start sample, after the end "up until the point where it
        // originally started".
        #expect(t.sample(atParentTime: -5).basicTime == 0.5)
        #expect(t.sample(atParentTime: 5).basicTime == 0.5)
    }

    @Test func timeOffsetOfWholeCyclesStartsAtTheBeginning() {
        let t = timing(duration: 1, timeOffset: 3)
        let start = t.sample(atParentTime: 0)
        #expect(start.basicTime == 0)
        #expect(start.iteration == 3)
        #expect(t.sample(atParentTime: 0.5).basicTime == 0.5)
    }

    @Test func negativeTimeOffsetWrapsBackIntoTheCycle() {
        let t = timing(duration: 1, timeOffset: -0.25)
        #expect(t.sample(atParentTime: 0).basicTime == 0.75)
        #expect(t.sample(atParentTime: 0).iteration == -1)
        #expect(t.sample(atParentTime: 0.5).basicTime == 0.25)
        #expect(t.sample(atParentTime: 0.5).iteration == 0)
    }

    // MARK: Speed

    @Test func speedScalesParentTime() {
        let fast = MediaTiming(duration: 1, speed: 2)
        #expect(fast.sample(atParentTime: 0.25).basicTime == 0.5)
        #expect(fast.sample(atParentTime: 0.5.nextUp).phase == .after)
        let slow = MediaTiming(duration: 1, speed: 0.5)
        #expect(slow.sample(atParentTime: 1).basicTime == 0.5)
        #expect(slow.sample(atParentTime: 1.999).phase == .active)
        #expect(slow.sample(atParentTime: 2.0.nextUp).phase == .after)
    }

    @Test func beginTimeIsInParentTimeAndTimeOffsetIsNotScaled() {
        // LOCK p. 221: timeOffset is unaffected by speed; beginTime is in the parent's time.
        let t = MediaTiming(beginTime: 4, duration: 1, speed: 2, timeOffset: 0.25)
        #expect(t.sample(atParentTime: 4).basicTime == 0.25)
        #expect(t.sample(atParentTime: 4.125).basicTime == 0.5)
        #expect(t.sample(atParentTime: 4.5.nextUp).phase == .after)
    }

    @Test func speedZeroHoldsTheTimeOffset() {
        let t = MediaTiming(beginTime: 5, duration: 1, speed: 0, timeOffset: 0.25)
        for parent in [-1e9, 0, 5, 6, 1e9, .infinity, -.infinity] {
            let s = t.sample(atParentTime: parent)
            #expect(s.phase == .active && s.isInEffect, "t = \(parent)")
            #expect(s.basicTime == 0.25, "t = \(parent)")
            #expect(t.localTime(fromParent: parent) == 0.25)
        }
        // The offset still loops around the cycle (R1).
        #expect(MediaTiming(duration: 1, speed: 0, timeOffset: 1.5).sample(atParentTime: 3).basicTime == 0.5)
    }

    @Test func negativeSpeedPlaysBackwardsBeforeBeginTime() {
        // e = (t − beginTime) × speed is ≥ 0 only before beginTime: the object plays d → 0 over
        // (beginTime − d, beginTime] and is BEFORE afterwards (ruling E15).
        let t = MediaTiming(
            beginTime: 10, duration: 1, speed: -1, timeOffset: 1, fillsBackwards: true, fillsForwards: true)
        #expect(t.sample(atParentTime: 9.25).basicTime == 0.75)
        #expect(t.sample(atParentTime: 9.5).basicTime == 0.5)
        #expect(t.sample(atParentTime: 9.75).basicTime == 0.25)
        #expect(t.sample(atParentTime: 9.75).phase == .active)
        #expect(t.sample(atParentTime: 10).phase == .active)
        #expect(t.sample(atParentTime: 10).basicTime == 0)
        let later = t.sample(atParentTime: 10.5)
        #expect(later.phase == .before && later.basicTime == 0)
        let earlier = t.sample(atParentTime: 8.5)
        #expect(earlier.phase == .after && earlier.basicTime == 1)
        // Under R1 timeOffset 0 is the same point of the loop as timeOffset d.
        var noOffset = t
        noOffset.timeOffset = 0
        for parent in stride(from: 8.0, through: 11.0, by: 0.125) {
            let a = t.sample(atParentTime: parent)
            let b = noOffset.sample(atParentTime: parent)
            #expect(a.phase == b.phase && a.basicTime == b.basicTime, "t = \(parent)")
        }
    }

    // MARK: localTime and parentTime (Apple's `CAMediaTiming` header, QA1673)

    @Test func localTimeIsFormulaOne() {
        let t = MediaTiming(beginTime: 3, duration: .infinity, speed: 2, timeOffset: 0.5)
        #expect(t.localTime(fromParent: 5) == 4.5)
        #expect(t.parentTime(fromLocal: 4.5) == 5)
        #expect(MediaTiming(speed: 0, timeOffset: 7).parentTime(fromLocal: 7) == nil)
        #expect(MediaTiming(speed: .infinity).parentTime(fromLocal: 1) == nil)
        #expect(MediaTiming(speed: .nan).parentTime(fromLocal: 1) == nil)
    }

    @Test func localAndParentTimeRoundTrip() {
        var generator = SeededGenerator(seed: 0x7131_4E00)
        for iteration in 0..<500 {
            let speed =
                Double.random(in: 0.1...8, using: &generator) * (Bool.random(using: &generator) ? 1 : -1)
            let t = MediaTiming(
                beginTime: Double.random(in: -100...100, using: &generator), duration: .infinity,
                speed: speed,
                timeOffset: Double.random(in: -100...100, using: &generator))
            let parent = Double.random(in: -1000...1000, using: &generator)
            let back = t.parentTime(fromLocal: t.localTime(fromParent: parent))
            #expect(
                back.map { isClose($0, parent, propertyTolerance) } == true, "seed 0x71314E00 #\(iteration)")
        }
    }

    @Test func pauseAndResumeAreContinuous() {
        // QA1673 on a root layer whose parent time is absolute time.
        var layer = MediaTiming(duration: .infinity)
        let animation = MediaTiming(beginTime: 95, duration: 10)
        // Pause at absolute time 100.
        let pausedTime = layer.localTime(fromParent: 100)
        layer.speed = 0
        layer.timeOffset = pausedTime
        for now in [100.0, 110, 129.5] {
            #expect(layer.localTime(fromParent: now) == 100)
            #expect(animation.sample(atParentTime: layer.localTime(fromParent: now)).basicTime == 5)
        }
        // Resume at absolute time 130.
        let resumeTime = layer.timeOffset
        layer.speed = 1
        layer.timeOffset = 0
        layer.beginTime = 0
        let timeSincePause = layer.localTime(fromParent: 130) - resumeTime
        layer.beginTime = timeSincePause
        #expect(layer.localTime(fromParent: 130) == 100)  // continuous at the resume instant
        #expect(layer.localTime(fromParent: 131) == 101)
        #expect(animation.sample(atParentTime: layer.localTime(fromParent: 132)).basicTime == 7)
        #expect(layer.parentTime(fromLocal: 100) == 130)
    }

    // MARK: Seeded properties

    @Test func seededSamplesStayInRangeAndReconstructTheirPosition() {
        let seed: UInt64 = 0xCA11_AB1E
        var generator = SeededGenerator(seed: seed)
        for index in 0..<400 {
            let t = randomTiming(using: &generator)
            let cycle = t.cycleDuration
            for _ in 0..<20 {
                let parent = Double.random(in: -20...40, using: &generator)
                let s = t.sample(atParentTime: parent)
                guard s.isInEffect else { continue }
                #expect((0...t.duration).contains(s.basicTime), "seed \(seed) timing #\(index) t = \(parent)")
                // iteration × cycle + r is the unwrapped sample position.
                let r = s.isReversing ? cycle - s.basicTime : s.basicTime
                let position = Double(s.iteration) * cycle + r
                let e = (parent - t.beginTime) * t.speed
                let expected =
                    switch s.phase {
                    case .before: t.timeOffset
                    case .active: t.timeOffset + e
                    case .after: t.timeOffset + t.activeDuration
                    }
                #expect(
                    isClose(position, expected, propertyTolerance),
                    "seed \(seed) timing #\(index) t = \(parent)")
            }
        }
    }

    @Test func seededBasicTimeIsContinuousAndMonotonicWithinALeg() {
        let seed: UInt64 = 0x5EED_0001
        var generator = SeededGenerator(seed: seed)
        let step = 1e-4
        for index in 0..<400 {
            let t = randomTiming(using: &generator)
            for _ in 0..<20 {
                let e = Double.random(in: 0...max(0, min(t.activeDuration, 30) - step), using: &generator)
                // Parent times whose elapsed times are e and e + step.
                let a = t.sample(atParentTime: t.beginTime + e / t.speed)
                let b = t.sample(atParentTime: t.beginTime + (e + step) / t.speed)
                guard a.phase == .active, b.phase == .active else { continue }
                let message = Comment(rawValue: "seed \(seed) timing #\(index) e = \(e)")
                if a.iteration == b.iteration, a.isReversing == b.isReversing {
                    // Within one leg basicTime moves by exactly the elapsed step, forwards or back.
                    let change = b.basicTime - a.basicTime
                    #expect(isClose(abs(change), step, 1e-7), message)
                    #expect(a.isReversing ? change < 0 : change > 0, message)
                } else if t.autoreverses {
                    // Crossing a leg or cycle boundary of an autoreversing object is continuous.
                    #expect(abs(b.basicTime - a.basicTime) <= step + 1e-7, message)
                } else {
                    // Without autoreverse a cycle boundary jumps from near d back to near 0.
                    #expect(b.iteration == a.iteration + 1, message)
                    #expect(a.basicTime >= t.duration - step - 1e-7 && b.basicTime <= step + 1e-7, message)
                }
            }
        }
    }

    private func randomTiming(using generator: inout SeededGenerator) -> MediaTiming {
        let counts: [Double] = [0, 1, 2.5, 3, 0.3, .infinity]
        let speeds: [Double] = [1, 2, 0.5, -1, -3, 0.75]
        return MediaTiming(
            beginTime: Double.random(in: -5...5, using: &generator),
            duration: Double.random(in: 0.1...4, using: &generator),
            speed: speeds.randomElement(using: &generator)!,
            timeOffset: Double.random(in: -6...6, using: &generator),
            repeatCount: counts.randomElement(using: &generator)!,
            repeatDuration: Bool.random(using: &generator)
                ? 0 : Double.random(in: 0.5...9, using: &generator),
            autoreverses: Bool.random(using: &generator), fillsBackwards: Bool.random(using: &generator),
            fillsForwards: Bool.random(using: &generator))
    }

    // MARK: Extreme input

    @Test func nanTimesAreNeverInEffect() {
        let t = MediaTiming(duration: 1, fillsBackwards: true, fillsForwards: true)
        for bad in [MediaTiming(beginTime: .nan, duration: 1), MediaTiming(duration: 1, speed: .nan)] {
            let s = bad.sample(atParentTime: 0.5)
            #expect(!s.isInEffect && s.basicTime == 0)
        }
        let s = t.sample(atParentTime: .nan)
        #expect(!s.isInEffect && s.basicTime == 0 && s.iteration == 0)
        #expect(!MediaTiming(duration: 1, timeOffset: .nan).sample(atParentTime: 0.5).isInEffect)
        #expect(!MediaTiming(duration: 1, timeOffset: .infinity).sample(atParentTime: 0.5).isInEffect)
    }

    @Test func infiniteTimesSampleTheEnds() {
        let t = MediaTiming(duration: 2, repeatCount: 1.25, fillsBackwards: true, fillsForwards: true)
        let early = t.sample(atParentTime: -.infinity)
        #expect(early.phase == .before && early.basicTime == 0)
        let late = t.sample(atParentTime: .infinity)
        #expect(late.phase == .after && late.basicTime == 0.5)
        // A forever-repeating object has no final state.
        let forever = MediaTiming(duration: 2, repeatCount: .infinity, fillsForwards: true)
        let never = forever.sample(atParentTime: .infinity)
        #expect(!never.isInEffect && never.basicTime == 0)
        // Infinite speed: the elapsed time is ±∞ (in effect at the ends) or NaN at t = beginTime.
        let instant = MediaTiming(duration: 2, speed: .infinity, fillsBackwards: true, fillsForwards: true)
        #expect(instant.sample(atParentTime: 1).basicTime == 2)
        #expect(instant.sample(atParentTime: -1).basicTime == 0)
        #expect(!instant.sample(atParentTime: 0).isInEffect)
    }

    @Test func hugeTimesStayFiniteAndInRange() {
        let t = MediaTiming(duration: 0.3, repeatCount: .infinity, autoreverses: true)
        for parent in [1e15, 1e100, 1e300, Double.greatestFiniteMagnitude] {
            let s = t.sample(atParentTime: parent)
            #expect(s.isInEffect && s.basicTime.isFinite && (0...0.3).contains(s.basicTime), "t = \(parent)")
            #expect(s.iteration > 0)
        }
        // Overflowing timeOffset + e is not in effect rather than NaN.
        let overflow = MediaTiming(
            duration: 1, timeOffset: Double.greatestFiniteMagnitude, repeatCount: .infinity)
        let s = overflow.sample(atParentTime: Double.greatestFiniteMagnitude)
        #expect(!s.isInEffect && s.basicTime == 0)
    }

    @Test func extremeInputNeverProducesNaN() {
        let values: [Double] = [0, -0.0, 1, -1, 1e-300, 1e300, .infinity, -.infinity, .nan]
        var checked = 0
        for value in values {
            let variants = [
                MediaTiming(beginTime: value, duration: 1, fillsBackwards: true, fillsForwards: true),
                MediaTiming(duration: value, repeatCount: 2, fillsBackwards: true, fillsForwards: true),
                MediaTiming(duration: 1, speed: value, fillsBackwards: true, fillsForwards: true),
                MediaTiming(duration: 1, timeOffset: value, fillsBackwards: true, fillsForwards: true),
                MediaTiming(duration: 1, repeatCount: value, autoreverses: true, fillsForwards: true),
                MediaTiming(duration: 1, repeatDuration: value, autoreverses: true, fillsForwards: true),
            ]
            for t in variants {
                #expect(!t.activeDuration.isNaN && !t.cycleDuration.isNaN)
                for parent in values {
                    let s = t.sample(atParentTime: parent)
                    #expect(s.basicTime.isFinite && s.basicTime >= 0, "\(t) at \(parent)")
                    if s.isInEffect { #expect(s.basicTime <= t.duration) }
                    checked += 1
                }
            }
        }
        #expect(checked == 9 * 6 * 9)
    }
}
