import CoreMedia
import Testing

@Suite struct CMTimeArithmeticTests {
    @Test func sumsTakeTheLeastCommonMultipleTimescale() {
        let rows: [(CMTime, CMTime, Fields)] = [
            (time(1, 2), time(1, 3), Fields(5, 6)),
            (time(1, 4), time(1, 6), Fields(5, 12)),
            (time(1, 600), time(1, 90000), Fields(151, 90000)),
            (time(1, 30), time(1, 30), Fields(2, 30)),  // a shared timescale is kept, not reduced
            (time(3, 30), time(-3, 30), Fields(0, 30)),
            (time(1001, 30000), time(1, 24), Fields(2251, 30000)),  // 24 divides 30000
            (time(1, 25), time(1, 24), Fields(49, 600)),
        ]
        for (a, b, expected) in rows {
            #expect(fields(CMTimeAdd(a, b)) == expected)
            #expect(fields(a + b) == expected)
        }
        #expect(fields(CMTimeSubtract(time(1, 2), time(1, 3))) == Fields(1, 6))
        #expect(fields(time(1, 600) - time(1, 90000)) == Fields(149, 90000))
        #expect(fields(time(.min + 5, 7) - time(5, 7)) == Fields(.min, 7))
    }

    @Test func timescalesPastTheMaximumRound() {
        // lcm(2³¹ − 1, 2³¹ − 2) is about 4.6e18: the result uses kCMTimeMaxTimescale and rounds.
        let sum = time(1, Int32.max) + time(1, Int32.max - 1)
        #expect(fields(sum) == Fields(2, Int32.max, rounded: true))
        // Exact at the maximum timescale: not rounded.
        #expect(fields(time(1, Int32.max) + time(2, 1)) == Fields(2 * Int64(Int32.max) + 1, Int32.max))
    }

    @Test func overflowingValuesHalveTheTimescaleThenBecomeInfinite() {
        // 2 × Int64.max ticks of 1/2 overflow; at timescale 1 the sum is exact.
        #expect(fields(time(.max, 2) + time(.max, 2)) == Fields(.max, 1))
        // At timescale 3 → 1 it is not: 2(2⁶³ − 1)/3 rounds half away from zero.
        #expect(fields(time(.max, 3) + time(.max, 3)) == Fields(6_148_914_691_236_517_205, 1, rounded: true))
        #expect((time(.max, 1) + time(1, 1)).isPositiveInfinity)
        #expect((time(.min, 1) - time(1, 1)).isNegativeInfinity)
        #expect(fields(time(.min, 1) + time(.max, 1)) == Fields(-1, 1))
    }

    @Test func roundedOperandsMarkTheResult() {
        let rounded = CMTimeMakeWithSeconds(0.5, preferredTimescale: 3)
        #expect(rounded.hasBeenRounded)
        #expect((rounded + time(1, 3)).hasBeenRounded)
        #expect((time(1, 3) - rounded).hasBeenRounded)
        #expect(!(time(1, 3) + time(1, 3)).hasBeenRounded)
    }

    @Test func specialValuesFollowApplesTables() {
        let one = time(1, 1)
        let plus = CMTime.positiveInfinity
        let minus = CMTime.negativeInfinity
        let sums: [(CMTime, CMTime, Special)] = [
            (.invalid, one, .invalid), (one, .invalid, .invalid), (.invalid, plus, .invalid),
            (plus, plus, .positiveInfinity), (minus, minus, .negativeInfinity),
            (plus, minus, .invalid), (minus, plus, .invalid),
            (plus, one, .positiveInfinity), (one, minus, .negativeInfinity),
            (plus, .indefinite, .positiveInfinity), (.indefinite, minus, .negativeInfinity),
            (.indefinite, one, .indefinite), (one, .indefinite, .indefinite),
            (.indefinite, .indefinite, .indefinite),
        ]
        for (a, b, expected) in sums { #expect(special(a + b) == expected) }
        let differences: [(CMTime, CMTime, Special)] = [
            (plus, plus, .invalid), (minus, minus, .invalid),
            (plus, minus, .positiveInfinity), (minus, plus, .negativeInfinity),
            (one, plus, .negativeInfinity), (one, minus, .positiveInfinity), (plus, one, .positiveInfinity),
            (.indefinite, one, .indefinite), (one, .invalid, .invalid),
        ]
        for (a, b, expected) in differences { #expect(special(a - b) == expected) }
    }

    @Test func epochs() {
        // Different non-zero epochs cannot be combined.
        #expect(!(time(1, 1, epoch: 2) + time(1, 1, epoch: 3)).isValid)
        #expect(!(time(1, 1, epoch: 2) - time(1, 1, epoch: 3)).isValid)
        // The same non-zero epoch gives epoch 0 (a duration), as Apple's header says (ruling M3).
        #expect(fields(time(5, 1, epoch: 2) - time(3, 1, epoch: 2)) == Fields(2, 1))
        #expect(fields(time(5, 1, epoch: 2) + time(3, 1, epoch: 2)) == Fields(8, 1))
        // A duration (epoch 0) added to a time keeps the time's epoch.
        #expect(fields(time(5, 1, epoch: 2) + time(1, 2)) == Fields(11, 2, epoch: 2))
        #expect(fields(time(1, 2) + time(5, 1, epoch: 2)) == Fields(11, 2, epoch: 2))
    }

    @Test func integerMultiplication() {
        #expect(fields(CMTimeMultiply(time(1, 30), multiplier: 3)) == Fields(3, 30))
        #expect(fields(CMTimeMultiply(time(7, 600), multiplier: -2)) == Fields(-14, 600))
        #expect(fields(CMTimeMultiply(time(5, 3, epoch: 4), multiplier: 0)) == Fields(0, 3, epoch: 4))
        // Overflow halves the timescale: exact at 1/1.
        #expect(fields(CMTimeMultiply(time(.max, 2), multiplier: 2)) == Fields(.max, 1))
        #expect(CMTimeMultiply(time(.max, 1), multiplier: 2).isPositiveInfinity)
        #expect(CMTimeMultiply(time(.max, 1), multiplier: -2).isNegativeInfinity)
        #expect(CMTimeMultiply(.positiveInfinity, multiplier: -1).isNegativeInfinity)
        #expect(CMTimeMultiply(.negativeInfinity, multiplier: -3).isPositiveInfinity)
        #expect(CMTimeMultiply(.negativeInfinity, multiplier: 0).isNegativeInfinity)
        #expect(CMTimeMultiply(.indefinite, multiplier: -1).isIndefinite)
        #expect(!CMTimeMultiply(.invalid, multiplier: 2).isValid)
    }

    @Test func ratiosStayExact() {
        let rows: [(CMTime, Int32, Int32, Fields)] = [
            (time(10, 30), 1, 2, Fields(5, 30)),  // divisible: the time's timescale is kept
            (time(1, 30), 1, 2, Fields(1, 60)),  // else the smallest multiple of it
            (time(1, 30), 2, 4, Fields(1, 60)),
            (time(1, 30), 1, -2, Fields(-1, 60)),
            (time(3, 7), 2, 3, Fields(2, 7)),
        ]
        for (t, m, d, expected) in rows {
            #expect(
                fields(CMTimeMultiplyByRatio(t, multiplier: m, divisor: d)) == expected,
                "\(t.value)/\(t.timescale) × \(m)/\(d)")
        }
        // 1/10⁹ × 1/7: 7·10⁹ is past Int32; rounded at kCMTimeMaxTimescale (2147483647/7e9 ≈ 0.307 → 0).
        #expect(
            fields(CMTimeMultiplyByRatio(time(1, 1_000_000_000), multiplier: 1, divisor: 7))
                == Fields(0, Int32.max, rounded: true))
        // The reduced fraction when the stretched timescale does not fit: 2/(2³¹−2) × 1/2 = 1/(2³¹−2).
        #expect(
            fields(CMTimeMultiplyByRatio(time(2, Int32.max - 1), multiplier: 1, divisor: 2))
                == Fields(1, Int32.max - 1))
        #expect(fields(CMTimeMultiplyByRatio(time(.max, 1), multiplier: 2, divisor: 2)) == Fields(.max, 1))
        #expect(CMTimeMultiplyByRatio(time(.max, 1), multiplier: 4, divisor: 2).isPositiveInfinity)
        #expect(!CMTimeMultiplyByRatio(time(1, 1), multiplier: 1, divisor: 0).isValid)
        #expect(CMTimeMultiplyByRatio(.positiveInfinity, multiplier: -1, divisor: 2).isNegativeInfinity)
        #expect(CMTimeMultiplyByRatio(.positiveInfinity, multiplier: -1, divisor: -2).isPositiveInfinity)
    }

    @Test func floatMultiplicationDoublesSmallTimescales() {
        // Timescales under 65536 are doubled until they reach it: 30 → 122880, 600 → 76800.
        #expect(fields(CMTimeMultiplyByFloat64(time(1, 30), multiplier: 0.5)) == Fields(2048, 122_880))
        #expect(fields(CMTimeMultiplyByFloat64(time(1, 600), multiplier: 2)) == Fields(256, 76800))
        #expect(fields(CMTimeMultiplyByFloat64(time(2, 90000), multiplier: 1.5)) == Fields(3, 90000))
        #expect(
            fields(CMTimeMultiplyByFloat64(time(1, 30), multiplier: 0.1))
                == Fields(410, 122_880, rounded: true))
        #expect(
            fields(CMTimeMultiplyByFloat64(time(-1, 30), multiplier: 0.1))
                == Fields(-410, 122_880, rounded: true))
        #expect(
            fields(CMTimeMultiplyByFloat64(time(3, 1, epoch: 2), multiplier: 0)) == Fields(0, 65536, epoch: 2)
        )
        // Overflow: halved from 65536 to 32768, where (2⁶³ − 1) × 0.75 rounds.
        #expect(
            fields(CMTimeMultiplyByFloat64(time(.max, 65536), multiplier: 1.5))
                == Fields(6_917_529_027_641_081_855, 32768, rounded: true))
        #expect(CMTimeMultiplyByFloat64(time(.max, 1), multiplier: 2).isPositiveInfinity)
        #expect(CMTimeMultiplyByFloat64(time(.max, 1), multiplier: -2).isNegativeInfinity)
        // Odd timescales past 65536 halve in Double: 90001 → 45000.
        let odd = CMTimeMultiplyByFloat64(time(.max / 2, 90001), multiplier: 3)
        #expect(odd.timescale == 45000 && odd.hasBeenRounded)
        #expect(abs(odd.seconds - Double(Int64.max / 2) * 3 / 90001) / odd.seconds < 1e-12)
    }

    @Test func floatMultiplicationSpecialValues() {
        #expect(!CMTimeMultiplyByFloat64(time(1, 1), multiplier: .nan).isValid)
        #expect(CMTimeMultiplyByFloat64(time(1, 1), multiplier: .infinity).isPositiveInfinity)
        #expect(CMTimeMultiplyByFloat64(time(-1, 1), multiplier: .infinity).isNegativeInfinity)
        #expect(!CMTimeMultiplyByFloat64(time(0, 1), multiplier: .infinity).isValid)
        #expect(CMTimeMultiplyByFloat64(.positiveInfinity, multiplier: -0.5).isNegativeInfinity)
        #expect(CMTimeMultiplyByFloat64(.indefinite, multiplier: 2).isIndefinite)
        #expect(!CMTimeMultiplyByFloat64(.invalid, multiplier: 2).isValid)
        #expect(!CMTimeMultiplyByFloat64(.positiveInfinity, multiplier: .nan).isValid)
    }

    @Test func absoluteValue() {
        #expect(fields(CMTimeAbsoluteValue(time(-3, 7, epoch: 1))) == Fields(3, 7, epoch: 1))
        #expect(fields(CMTimeAbsoluteValue(time(3, 7))) == Fields(3, 7))
        #expect(fields(CMTimeAbsoluteValue(time(.min, 2))) == Fields(1 << 62, 1))
        #expect(CMTimeAbsoluteValue(.negativeInfinity).isPositiveInfinity)
        #expect(CMTimeAbsoluteValue(.positiveInfinity).isPositiveInfinity)
        #expect(CMTimeAbsoluteValue(.indefinite).isIndefinite)
        #expect(!CMTimeAbsoluteValue(.invalid).isValid)
    }
}
