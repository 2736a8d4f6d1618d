import CoreGraphics
import Foundation
import QuartzCore
import Testing

// Keyframe timing (Apple's `CAKeyframeAnimation` documentation; rulings E13, E19) and the
// Kochanek–Bartels spline of the cubic modes.

/// Rounding error of key-time arithmetic on values of order 1.
private let timeTolerance = 1e-12
/// Step of the one-sided difference quotients that estimate a derivative in time.
private let derivativeStep = 1e-7
/// How far two one-sided difference quotients of a C¹ curve may differ at that step.
private let derivativeTolerance = 1e-3

private func near(_ a: [Double], _ b: [Double], _ tolerance: Double = timeTolerance) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
}

private func scalar(_ v: AnimatableValue) -> Double {
    if case .scalar(let x) = v { return x }
    Issue.record("not a scalar: \(v)")
    return .nan
}

/// The cubic-mode value at progress `p`.
private func cubicValue(
    _ values: [AnimatableValue], _ timeline: KeyframeTimeline, at p: Double,
    tension: [Double] = [], continuity: [Double] = [], bias: [Double] = []
) -> AnimatableValue {
    let (i, u) = timeline.segment(at: p)
    return kochanekBartels(
        values, keyTimes: timeline.keyTimes, segment: i, fraction: u, tension: tension,
        continuity: continuity, bias: bias)
}

@Suite("KeyframeTimeline")
struct KeyframeTimelineTests {
    @Test func evenSpacingWithoutKeyTimes() {
        let linear = KeyframeTimeline(count: 5, keyTimes: nil, mode: .linear, segmentLengths: nil)
        #expect(linear.keyTimes == [0, 0.25, 0.5, 0.75, 1])
        #expect(!linear.ignoredGivenKeyTimes)
        let (i, u) = linear.segment(at: 0.6)
        #expect(i == 2 && abs(u - 0.4) < timeTolerance)
        #expect(linear.segment(at: 0) == (0, 0))
        #expect(linear.segment(at: 0.5) == (2, 0))
        #expect(linear.segment(at: 1) == (3, 1))
    }

    @Test func givenKeyTimesPlaceTheKeyframes() {
        let t = KeyframeTimeline(count: 3, keyTimes: [0, 0.1, 1], mode: .cubic, segmentLengths: nil)
        #expect(t.keyTimes == [0, 0.1, 1])
        let (i0, u0) = t.segment(at: 0.05)
        #expect(i0 == 0 && abs(u0 - 0.5) < timeTolerance)
        let (i1, u1) = t.segment(at: 0.55)
        #expect(i1 == 1 && abs(u1 - 0.5) < timeTolerance)
    }

    @Test func applesDiscreteExample() {
        // CAAnimationCalculationMode.discrete: position.y holds 60 from 0.75 until the end.
        let values = [310.0, 60, 120, 60]
        let t = KeyframeTimeline(
            count: 4, keyTimes: [0, 0.25, 0.5, 0.75, 1], mode: .discrete, segmentLengths: nil)
        let expected: [(Double, Double)] = [
            (0, 310), (0.2, 310), (0.25, 60), (0.4, 60), (0.5, 120), (0.7, 120), (0.75, 60), (0.9, 60),
            (1, 60),
        ]
        for (p, value) in expected {
            let (i, u) = t.segment(at: p)
            #expect(values[i] == value && u == 0, "progress \(p)")
        }
    }

    @Test func discreteWithoutKeyTimesSplitsIntoEqualIntervals() {
        let t = KeyframeTimeline(count: 4, keyTimes: nil, mode: .discrete, segmentLengths: nil)
        #expect(t.keyTimes == [0, 0.25, 0.5, 0.75, 1])
        #expect(t.segment(at: 0.24).index == 0)
        #expect(t.segment(at: 0.26).index == 1)
        #expect(t.segment(at: 0.99).index == 3)
        #expect(t.segment(at: 1).index == 3)
        #expect(t.segment(at: 7).index == 3)
    }

    @Test func discreteAcceptsOneKeyTimePerValue() {
        let t = KeyframeTimeline(count: 2, keyTimes: [0, 0.5], mode: .discrete, segmentLengths: nil)
        #expect(t.keyTimes == [0, 0.5, 1])
        #expect(t.segment(at: 0.49).index == 0)
        #expect(t.segment(at: 0.5).index == 1)
    }

    @Test func unusableKeyTimesAreIgnored() {
        let unusable: [[Double]] = [
            [0, 1],  // wrong count
            [0, .nan, 1],  // not a number
            [0, .infinity, 1],  // not finite
        ]
        for keyTimes in unusable {
            let t = KeyframeTimeline(count: 3, keyTimes: keyTimes, mode: .linear, segmentLengths: nil)
            #expect(t.keyTimes == [0, 0.5, 1], "\(keyTimes)")
            #expect(t.ignoredGivenKeyTimes, "\(keyTimes)")
        }
        let discrete = KeyframeTimeline(
            count: 2, keyTimes: [0, 0.5, 0.4, 1], mode: .discrete, segmentLengths: nil)
        #expect(discrete.keyTimes == [0, 0.5, 1])
        #expect(discrete.ignoredGivenKeyTimes)
        // Ends within the tolerance are accepted and made exact.
        let nearly = KeyframeTimeline(
            count: 2, keyTimes: [1e-12, 1 - 1e-12], mode: .linear, segmentLengths: nil)
        #expect(nearly.keyTimes == [0, 1])
        #expect(!nearly.ignoredGivenKeyTimes)
    }

    /// Key times that decrease or leave [0, 1] are used as given: the segment at a progress is
    /// the first one that holds it (ruling E24).
    @Test func keyTimesOutOfOrderAreSearchedAsGiven() {
        // values [0, 0, 1, 1] at key times [0, −0.5, 0.5, 1]: 0.25 lies in the second segment,
        // three quarters of the way from −0.5 to 0.5.
        let t = KeyframeTimeline(count: 4, keyTimes: [0, -0.5, 0.5, 1], mode: .linear, segmentLengths: nil)
        #expect(t.keyTimes == [0, -0.5, 0.5, 1] && !t.ignoredGivenKeyTimes && !t.keyTimesAreOrdered)
        #expect(t.segment(at: 0.25) == (1, 0.75))
        #expect(t.segment(at: 0.75) == (2, 0.5))
        // Past the last key time the last value holds; before every segment the first.
        #expect(t.segment(at: 1) == (2, 1))
        #expect(t.segment(at: -0.75) == (0, 0))
        // Ordered key times beyond [0, 1] keep the bisection and its extrapolation rules.
        let wide = KeyframeTimeline(count: 3, keyTimes: [-0.5, 0.5, 1.5], mode: .linear, segmentLengths: nil)
        #expect(wide.keyTimesAreOrdered && wide.keyTimes == [-0.5, 0.5, 1.5])
        #expect(wide.segment(at: 0) == (0, 0.5))
        #expect(wide.segment(at: 1) == (1, 0.5))
        // Discrete mode: the first key time interval that holds the progress shows its value.
        let steps = KeyframeTimeline(
            count: 3, keyTimes: [0, 0.6, 0.3, 1], mode: .discrete, segmentLengths: nil)
        #expect(!steps.keyTimesAreOrdered)
        #expect(steps.segment(at: 0.4).index == 0)
        #expect(steps.segment(at: 0.2).index == 0)
        #expect(steps.segment(at: 0.7).index == 2)
    }

    /// Key times that start after 0 or end before 1 are used; the end values hold outside them
    /// (ruling E19).
    @Test func keyTimesShortOfTheEndsHoldTheEndValues() {
        let late = KeyframeTimeline(count: 2, keyTimes: [0, 0.7], mode: .linear, segmentLengths: nil)
        #expect(late.keyTimes == [0, 0.7] && !late.ignoredGivenKeyTimes)
        #expect(abs(late.segment(at: 0.35).fraction - 0.5) < timeTolerance)
        #expect(late.segment(at: 0.7) == (0, 1))
        #expect(late.segment(at: 0.9) == (0, 1))
        #expect(late.segment(at: 1.2) == (0, 1))  // an overshooting curve: held, not extrapolated
        #expect(late.segment(at: -0.2).fraction < 0)  // the start is reached: extrapolated
        let early = KeyframeTimeline(count: 3, keyTimes: [0.2, 0.6, 0.8], mode: .cubic, segmentLengths: nil)
        #expect(early.keyTimes == [0.2, 0.6, 0.8])
        #expect(early.segment(at: 0.1) == (0, 0))
        #expect(early.segment(at: -0.5) == (0, 0))
        #expect(
            early.segment(at: 0.4).index == 0 && abs(early.segment(at: 0.4).fraction - 0.5) < timeTolerance)
        #expect(
            early.segment(at: 0.7).index == 1 && abs(early.segment(at: 0.7).fraction - 0.5) < timeTolerance)
        #expect(early.segment(at: 0.95) == (1, 1))
        let discrete = KeyframeTimeline(
            count: 3, keyTimes: [0, 0.8, 0.9], mode: .discrete, segmentLengths: nil)
        #expect(discrete.keyTimes == [0, 0.8, 0.9, 1])
        #expect(discrete.segment(at: 0.85).index == 1 && discrete.segment(at: 0.95).index == 2)
    }

    @Test func pacedKeyTimesAreProportionalToLengths() {
        let t = KeyframeTimeline(
            count: 4, keyTimes: [0, 0.9, 0.95, 1], mode: .paced, segmentLengths: [1, 3, 4])
        #expect(near(t.keyTimes, [0, 0.125, 0.5, 1]))
        #expect(t.keyTimes.last == 1)
        #expect(t.ignoredGivenKeyTimes)
        let (i, u) = t.segment(at: 0.75)
        #expect(i == 2 && abs(u - 0.5) < timeTolerance)
        // Non-finite and negative lengths count 0; no length at all gives even spacing.
        let odd = KeyframeTimeline(count: 4, keyTimes: nil, mode: .cubicPaced, segmentLengths: [.nan, 2, -1])
        #expect(odd.keyTimes == [0, 0, 1, 1])
        let flat = KeyframeTimeline(count: 3, keyTimes: nil, mode: .paced, segmentLengths: [0, 0])
        #expect(flat.keyTimes == [0, 0.5, 1])
        let missing = KeyframeTimeline(count: 3, keyTimes: nil, mode: .paced, segmentLengths: [1])
        #expect(missing.keyTimes == [0, 0.5, 1])
        let huge = KeyframeTimeline(count: 3, keyTimes: nil, mode: .paced, segmentLengths: [1e308, 1e308])
        #expect(huge.keyTimes == [0, 0.5, 1])
    }

    @Test func zeroLengthSegmentsJump() {
        let t = KeyframeTimeline(count: 4, keyTimes: [0, 0.5, 0.5, 1], mode: .linear, segmentLengths: nil)
        #expect(t.segment(at: 0.4999).index == 0)
        #expect(t.segment(at: 0.5) == (2, 0))
        let end = KeyframeTimeline(count: 3, keyTimes: [0, 1, 1], mode: .linear, segmentLengths: nil)
        #expect(end.segment(at: 1) == (1, 1))
    }

    @Test func progressOutsideTheUnitIntervalExtendsTheEndSegments() {
        let t = KeyframeTimeline(count: 3, keyTimes: [0, 0.5, 1], mode: .linear, segmentLengths: nil)
        let (i, u) = t.segment(at: 1.1)
        #expect(i == 1 && abs(u - 1.2) < timeTolerance)
        let (j, v) = t.segment(at: -0.1)
        #expect(j == 0 && abs(v + 0.2) < timeTolerance)
        #expect(t.segment(at: .nan) == (0, 0))
        #expect(t.segment(at: .infinity) == (1, 1))
        #expect(
            KeyframeTimeline(count: 1, keyTimes: nil, mode: .linear, segmentLengths: nil).segment(at: 0.7)
                == (0, 0))
        #expect(
            KeyframeTimeline(count: 0, keyTimes: nil, mode: .discrete, segmentLengths: nil).segment(at: 0.7)
                == (0, 0))
    }
}

@Suite("Kochanek–Bartels spline")
struct KeyframeTimelineSplineTests {
    private let values: [AnimatableValue] = [.scalar(0), .scalar(10), .scalar(5), .scalar(20)]

    @Test func catmullRomPassesThroughTheKeyframes() {
        let t = KeyframeTimeline(count: 4, keyTimes: [0, 0.1, 0.6, 1], mode: .cubic, segmentLengths: nil)
        for (k, p) in t.keyTimes.enumerated() {
            #expect(scalar(cubicValue(values, t, at: p)) == scalar(values[k]), "keyframe \(k)")
        }
    }

    @Test func uniformCatmullRomMatchesTheTextbookFormula() {
        // ½(2P1 + (P2 − P0)u + (2P0 − 5P1 + 4P2 − P3)u² + (3P1 − P0 − 3P2 + P3)u³) at u = ½, with
        // P = 0, 10, 5, 20: ½(20 + 2.5 − 12.5 + 4.375) = 7.1875.
        let v = kochanekBartels(
            values, keyTimes: [0, 1.0 / 3, 2.0 / 3, 1], segment: 1, fraction: 0.5, tension: [],
            continuity: [], bias: [])
        #expect(abs(scalar(v) - 7.1875) < timeTolerance)
    }

    @Test func catmullRomIsC1AtInteriorKeyframesInTime() {
        let t = KeyframeTimeline(count: 4, keyTimes: [0, 0.1, 0.6, 1], mode: .cubic, segmentLengths: nil)
        func slopes(at p: Double, continuity: [Double] = []) -> (left: Double, right: Double) {
            let here = scalar(cubicValue(values, t, at: p, continuity: continuity))
            let before = scalar(cubicValue(values, t, at: p - derivativeStep, continuity: continuity))
            let after = scalar(cubicValue(values, t, at: p + derivativeStep, continuity: continuity))
            return ((here - before) / derivativeStep, (after - here) / derivativeStep)
        }
        for p in [0.1, 0.6] {
            let s = slopes(at: p)
            #expect(abs(s.left - s.right) < derivativeTolerance, "at \(p): \(s)")
        }
        // The check can fail: continuity makes a corner.
        let corner = slopes(at: 0.6, continuity: [0, 0, 1, 0])
        #expect(abs(corner.left - corner.right) > 1)
    }

    @Test func twoKeyframesGiveTheStraightLine() {
        let v = kochanekBartels(
            [.scalar(2), .scalar(6)], keyTimes: [0, 1], segment: 0, fraction: 0.3, tension: [],
            continuity: [], bias: [])
        #expect(abs(scalar(v) - 3.2) < timeTolerance)
    }

    @Test func fullTensionFlattensTheTangents() {
        // T = 1 zeroes both tangents: at u = ½ the Hermite basis gives the plain average.
        let v = kochanekBartels(
            values, keyTimes: [0, 1.0 / 3, 2.0 / 3, 1], segment: 1, fraction: 0.5, tension: [1, 1, 1, 1],
            continuity: [], bias: [])
        #expect(abs(scalar(v) - 7.5) < timeTolerance)
        // Out-of-range parameters are clamped to [−1, 1].
        let clamped = kochanekBartels(
            values, keyTimes: [0, 1.0 / 3, 2.0 / 3, 1], segment: 1, fraction: 0.5, tension: [5, 5, 5, 5],
            continuity: [], bias: [])
        #expect(scalar(clamped) == scalar(v))
    }

    @Test func pointsAndTransformsFollowTheSpline() throws {
        let points: [AnimatableValue] = [
            .point(.zero), .point(CGPoint(x: 10, y: 10)), .point(CGPoint(x: 20, y: 0)),
        ]
        guard
            case .point(let p) = kochanekBartels(
                points, keyTimes: [0, 0.5, 1], segment: 0, fraction: 0.5, tension: [], continuity: [],
                bias: [])
        else {
            Issue.record("not a point")
            return
        }
        // x is linear data (reproduced exactly); y bulges above the chord's 5 towards the peak.
        #expect(abs(p.x - 5) < 1e-12 && p.y > 5)

        // Rotations about z by 0, ½π, π, 1½π are linear in angle: the spline turns on past π.
        let turns = (0..<4).map {
            AnimatableValue.transform(CATransform3DMakeRotation(CGFloat($0) * .pi / 2, 0, 0, 1))
        }
        guard
            case .transform(let t) = kochanekBartels(
                turns, keyTimes: [0, 1.0 / 3, 2.0 / 3, 1], segment: 2, fraction: 0.5, tension: [],
                continuity: [], bias: [])
        else {
            Issue.record("not a transform")
            return
        }
        let expected = CATransform3DMakeRotation(1.25 * .pi, 0, 0, 1)
        #expect(abs(t.m11 - expected.m11) < 1e-9 && abs(t.m12 - expected.m12) < 1e-9)
    }

    @Test func discreteValuesFallBackToSwitching() {
        let words: [AnimatableValue] = [AnimatableValue("a"), AnimatableValue("b"), AnimatableValue("c")]
        let early = kochanekBartels(
            words, keyTimes: [0, 0.5, 1], segment: 0, fraction: 0.4, tension: [], continuity: [], bias: [])
        let late = kochanekBartels(
            words, keyTimes: [0, 0.5, 1], segment: 0, fraction: 0.6, tension: [], continuity: [], bias: [])
        #expect(early.boxed(like: nil) as? String == "a")
        #expect(late.boxed(like: nil) as? String == "b")
    }

    @Test func nonFiniteKeyframesGiveFiniteValues() {
        let broken: [AnimatableValue] = [.scalar(.nan), .scalar(1), .scalar(2), .scalar(.infinity)]
        for i in 0..<3 {
            for u in stride(from: 0.0, through: 1, by: 0.125) {
                let v = kochanekBartels(
                    broken, keyTimes: [0, 0.3, 0.6, 1], segment: i, fraction: u, tension: [], continuity: [],
                    bias: [])
                #expect(scalar(v).isFinite, "segment \(i) u \(u)")
            }
        }
    }
}
