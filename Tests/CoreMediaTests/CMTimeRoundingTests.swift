import CoreMedia
import Testing

@Suite struct CMTimeRoundingTests {
    /// Tenths converted to timescale 1: the fraction is the last digit.
    static let tenths: [Int64] = [25, 24, 26, -25, -24, -26, 20, 4, -4]

    /// Expected whole seconds per method, in the order of `tenths`.
    static let expected: [(CMTimeRoundingMethod, [Int64])] = [
        (.roundHalfAwayFromZero, [3, 2, 3, -3, -2, -3, 2, 0, 0]),
        (.roundTowardZero, [2, 2, 2, -2, -2, -2, 2, 0, 0]),
        (.roundAwayFromZero, [3, 3, 3, -3, -3, -3, 2, 1, -1]),
        // 10 → 1 is toward less precision: truncate, but a negative time never becomes 0.
        (.quickTime, [2, 2, 2, -2, -2, -2, 2, 0, -1]),
        (.roundTowardPositiveInfinity, [3, 3, 3, -2, -2, -2, 2, 1, 0]),
        (.roundTowardNegativeInfinity, [2, 2, 2, -3, -3, -3, 2, 0, -1]),
        (.default, [3, 2, 3, -3, -2, -3, 2, 0, 0]),
    ]

    @Test(arguments: 0..<7) func eachMethodOnPositiveAndNegativeFractions(_ row: Int) {
        let (method, values) = Self.expected[row]
        for (tenth, expected) in zip(Self.tenths, values) {
            let converted = CMTimeConvertScale(time(tenth, 10), timescale: 1, method: method)
            #expect(
                fields(converted) == Fields(expected, 1, rounded: tenth % 10 != 0), "\(method) \(tenth)/10")
            #expect(fields(time(tenth, 10).convertScale(1, method: method)) == fields(converted))
        }
    }

    @Test func quickTimeRoundsAwayFromZeroTowardMorePrecision() {
        // 1/3 → timescale 10 is 3.33 ticks: more precision, so away from zero.
        #expect(
            fields(CMTimeConvertScale(time(1, 3), timescale: 10, method: .quickTime))
                == Fields(4, 10, rounded: true))
        #expect(
            fields(CMTimeConvertScale(time(-1, 3), timescale: 10, method: .quickTime))
                == Fields(-4, 10, rounded: true))
        // The same conversion by default rounding.
        #expect(
            fields(CMTimeConvertScale(time(1, 3), timescale: 10, method: .default))
                == Fields(3, 10, rounded: true))
        // −1/90000 at timescale 600 is −0.0067 ticks: −1/600, never zero.
        #expect(
            fields(CMTimeConvertScale(time(-1, 90000), timescale: 600, method: .quickTime))
                == Fields(-1, 600, rounded: true))
        #expect(
            fields(CMTimeConvertScale(time(1, 90000), timescale: 600, method: .quickTime))
                == Fields(0, 600, rounded: true))
    }

    @Test func exactConversionsAreNotRounded() {
        #expect(
            fields(CMTimeConvertScale(time(1, 2), timescale: 600, method: .roundTowardZero))
                == Fields(300, 600))
        #expect(fields(CMTimeConvertScale(time(1200, 600), timescale: 1, method: .quickTime)) == Fields(2, 1))
        #expect(
            fields(CMTimeConvertScale(time(3, 5, epoch: 7), timescale: 10, method: .default))
                == Fields(6, 10, epoch: 7))
        // A rounded time stays marked.
        let rounded = CMTimeMakeWithSeconds(0.5, preferredTimescale: 3)
        #expect(CMTimeConvertScale(rounded, timescale: 6, method: .default).hasBeenRounded)
    }

    @Test func halfwayCasesAtLargeValues() {
        // (2⁶² + 1)/2 ticks of 1/2 → timescale 1: exactly half way.
        let half = time((1 << 62) + 1, 2)
        #expect(CMTimeConvertScale(half, timescale: 1, method: .default).value == (1 << 61) + 1)
        #expect(CMTimeConvertScale(half, timescale: 1, method: .roundTowardZero).value == 1 << 61)
        let negative = time(-(1 << 62) - 1, 2)
        #expect(CMTimeConvertScale(negative, timescale: 1, method: .default).value == -(1 << 61) - 1)
        #expect(
            CMTimeConvertScale(negative, timescale: 1, method: .roundTowardPositiveInfinity).value
                == -(1 << 61))
    }

    @Test func nonNumericAndOutOfRangeConversions() {
        #expect(CMTimeConvertScale(.positiveInfinity, timescale: 600, method: .default).isPositiveInfinity)
        #expect(CMTimeConvertScale(.indefinite, timescale: 600, method: .default).isIndefinite)
        #expect(!CMTimeConvertScale(.invalid, timescale: 600, method: .default).isValid)
        #expect(!CMTimeConvertScale(time(1, 2), timescale: 0, method: .default).isValid)
        // A value that does not fit at the new timescale is ±∞ (ruling M5).
        #expect(CMTimeConvertScale(time(.max, 1), timescale: 2, method: .default).isPositiveInfinity)
        #expect(CMTimeConvertScale(time(.min, 1), timescale: 2, method: .default).isNegativeInfinity)
    }
}
