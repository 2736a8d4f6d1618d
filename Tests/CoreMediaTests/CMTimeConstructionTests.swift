import CoreMedia
import Testing

@Suite struct CMTimeConstructionTests {
    @Test func constantsHaveApplesFields() {
        #expect(CMTime.zero.value == 0 && CMTime.zero.timescale == 1 && CMTime.zero.flags == .valid)
        #expect(CMTime.invalid.flags.isEmpty && CMTime.invalid.timescale == 0)
        #expect(CMTime().flags.isEmpty && !CMTime().isValid)
        #expect(CMTime.indefinite.flags == [.valid, .indefinite])
        #expect(CMTime.positiveInfinity.flags == [.valid, .positiveInfinity])
        #expect(CMTime.negativeInfinity.flags == [.valid, .negativeInfinity])
        #expect(CMTimeFlags.impliedValueFlagsMask.rawValue == 0b11100)
        #expect(kCMTimeMaxTimescale == 2_147_483_647)
        #expect(CMTimeRoundingMethod.default == .roundHalfAwayFromZero)
        #expect(CMTimeRoundingMethod.quickTime.rawValue == 4)
    }

    @Test func predicatesFollowApplesMacros() {
        let rows: [(CMTime, valid: Bool, numeric: Bool, indefinite: Bool, plus: Bool, minus: Bool)] = [
            (.zero, true, true, false, false, false),
            (.invalid, false, false, false, false, false),
            (.indefinite, true, false, true, false, false),
            (.positiveInfinity, true, false, false, true, false),
            (.negativeInfinity, true, false, false, false, true),
            // Implied-value flags without `.valid` mean nothing.
            (
                CMTime(value: 0, timescale: 0, flags: .positiveInfinity, epoch: 0), false, false, false,
                false, false
            ),
        ]
        for row in rows {
            #expect(row.0.isValid == row.valid && CMTIME_IS_VALID(row.0) == row.valid)
            #expect(CMTIME_IS_INVALID(row.0) == !row.valid)
            #expect(row.0.isNumeric == row.numeric && CMTIME_IS_NUMERIC(row.0) == row.numeric)
            #expect(row.0.isIndefinite == row.indefinite && CMTIME_IS_INDEFINITE(row.0) == row.indefinite)
            #expect(row.0.isPositiveInfinity == row.plus && CMTIME_IS_POSITIVEINFINITY(row.0) == row.plus)
            #expect(row.0.isNegativeInfinity == row.minus && CMTIME_IS_NEGATIVEINFINITY(row.0) == row.minus)
        }
        let rounded = CMTime(value: 1, timescale: 3, flags: [.valid, .hasBeenRounded], epoch: 0)
        #expect(rounded.hasBeenRounded && CMTIME_HAS_BEEN_ROUNDED(rounded))
        // hasBeenRounded only counts on numeric times.
        #expect(
            !CMTime(value: 0, timescale: 0, flags: [.valid, .hasBeenRounded, .indefinite], epoch: 0)
                .hasBeenRounded)
    }

    @Test func makeKeepsValueTimescaleAndEpoch() {
        #expect(fields(CMTimeMake(value: 3, timescale: 30)) == Fields(3, 30))
        #expect(fields(CMTime(value: -7, timescale: 600)) == Fields(-7, 600))
        #expect(fields(CMTimeMakeWithEpoch(value: 1, timescale: 2, epoch: 5)) == Fields(1, 2, epoch: 5))
        // A timescale that is not positive makes an invalid time (ruling M2).
        #expect(!CMTimeMake(value: 1, timescale: 0).isValid)
        #expect(!CMTime(value: 1, timescale: -30).isValid)
        // A hand-made "valid" time with timescale 0 is treated as invalid by arithmetic.
        let broken = CMTime(value: 1, timescale: 0, flags: .valid, epoch: 0)
        #expect(!(broken + .zero).isValid)
        #expect(broken == .invalid)
    }

    @Test func secondsOfEachKind() {
        #expect(CMTimeGetSeconds(time(1, 4)) == 0.25)
        #expect(time(-3, 2).seconds == -1.5)
        #expect(time(7, 2, epoch: 9).seconds == 3.5)  // epoch ignored
        #expect(CMTime.invalid.seconds.isNaN && CMTime.indefinite.seconds.isNaN)
        #expect(CMTime.positiveInfinity.seconds == .infinity)
        #expect(CMTime.negativeInfinity.seconds == -.infinity)
    }

    @Test func makeWithSecondsReferenceTable() {
        // (seconds, preferred timescale) → (value, timescale, rounded)
        let rows: [(Double, Int32, Fields)] = [
            (0.1, 600, Fields(60, 600)),  // 60/600 reads back as exactly 0.1: not rounded
            (1.0 / 3.0, 600, Fields(200, 600)),  // likewise 200/600 == 1/3 in Double
            (0.5, 3, Fields(2, 3, rounded: true)),  // 1.5 ticks, half away from zero
            (-0.5, 3, Fields(-2, 3, rounded: true)),
            (0.4, 3, Fields(1, 3, rounded: true)),  // 1.2 ticks
            (2.5, 1, Fields(3, 1, rounded: true)),
            (-2.5, 1, Fields(-3, 1, rounded: true)),
            (0, 90000, Fields(0, 90000)),
            (-0.0, 30, Fields(0, 30)),
            (1.5, 1000, Fields(1500, 1000)),
        ]
        for (seconds, scale, expected) in rows {
            #expect(
                fields(CMTimeMakeWithSeconds(seconds, preferredTimescale: scale)) == expected,
                "\(seconds) @ \(scale)")
            #expect(fields(CMTime(seconds: seconds, preferredTimescale: scale)) == expected)
        }
    }

    @Test func makeWithSecondsOverflowAndSpecialInput() {
        // 5e9 s × (2³¹ − 1) overflows 64 bits; the timescale is halved once.
        let big = CMTimeMakeWithSeconds(5e9, preferredTimescale: Int32.max)
        #expect(big.timescale == Int32.max / 2 && big.value == 5_000_000_000 * Int64(Int32.max / 2))
        // Past timescale 1: infinity of the sign of the seconds.
        #expect(CMTimeMakeWithSeconds(1e300, preferredTimescale: 600).isPositiveInfinity)
        #expect(CMTimeMakeWithSeconds(-1e19, preferredTimescale: 1).isNegativeInfinity)
        #expect(CMTimeMakeWithSeconds(9e18, preferredTimescale: 1).value == 9_000_000_000_000_000_000)
        #expect(CMTimeMakeWithSeconds(.infinity, preferredTimescale: 600).isPositiveInfinity)
        #expect(CMTimeMakeWithSeconds(-.infinity, preferredTimescale: 600).isNegativeInfinity)
        #expect(!CMTimeMakeWithSeconds(.nan, preferredTimescale: 600).isValid)
        #expect(!CMTimeMakeWithSeconds(1, preferredTimescale: 0).isValid)
        // The smallest subnormal rounds to zero, marked rounded.
        #expect(
            fields(CMTimeMakeWithSeconds(.leastNonzeroMagnitude, preferredTimescale: 600))
                == Fields(0, 600, rounded: true))
    }

    @Test func secondsRoundTripAtMicrosecondTimescale() {
        // Round trip: every whole microsecond comes back exactly, unrounded.
        for micros in stride(from: -2_000_000, through: 2_000_000, by: 12_345) {
            let seconds = Double(micros) / 1e6
            let t = CMTimeMakeWithSeconds(seconds, preferredTimescale: 1_000_000)
            #expect(t.value == Int64(micros) && !t.hasBeenRounded && t.seconds == seconds)
        }
    }
}
