import CoreMedia
import Testing

@Suite struct CMTimeComparisonTests {
    @Test func equalityIsNumeric() {
        #expect(time(1, 2) == time(2, 4))
        #expect(CMTimeCompare(time(1, 2), time(2, 4)) == 0)
        #expect(time(1, 3) != time(333, 1000))
        #expect(time(0, 1) == time(0, 90000))
        #expect(CMTime.zero == CMTimeMake(value: 0, timescale: 600))
        // Rounding flags do not take part.
        let rounded = CMTime(value: 1, timescale: 3, flags: [.valid, .hasBeenRounded], epoch: 0)
        #expect(rounded == time(1, 3))
        // Every invalid time equals every other.
        #expect(CMTime.invalid == CMTime(value: 5, timescale: 3, flags: [], epoch: 2))
        #expect(
            CMTime.positiveInfinity
                == CMTime(value: 9, timescale: 1, flags: [.valid, .positiveInfinity], epoch: 0))
    }

    @Test func hashingAgreesWithEquality() {
        let equal: [CMTime] = [time(1, 2), time(2, 4), time(300, 600), time(45000, 90000)]
        #expect(Set(equal.map(\.hashValue)).count == 1)
        #expect(Set(equal).count == 1)
        #expect(Set([CMTime.invalid, CMTime(value: 1, timescale: 1, flags: [], epoch: 0)]).count == 1)
        #expect(Set([time(1, 2, epoch: 1), time(1, 2)]).count == 2)
        #expect(Set([time(.min, 1), time(.min, 2), time(.min / 2, 1)]).count == 2)
    }

    @Test func ordering() {
        // Apple's order: −∞ < numeric < indefinite < +∞ < invalid.
        let shuffled: [CMTime] = [
            .invalid, .positiveInfinity, .indefinite, time(1, 1), .negativeInfinity, time(1, 2), time(-7, 3),
        ]
        let sorted = shuffled.sorted()
        let kinds = sorted.map(special)
        #expect(
            kinds == [
                .negativeInfinity, .numeric, .numeric, .numeric, .indefinite, .positiveInfinity, .invalid,
            ])
        #expect(sorted[1] == time(-7, 3) && sorted[2] == time(1, 2) && sorted[3] == time(1, 1))
        #expect(CMTimeCompare(.indefinite, .positiveInfinity) == -1)
        #expect(CMTimeCompare(.positiveInfinity, .invalid) == -1)
        #expect(CMTimeCompare(.negativeInfinity, time(.min, 1)) == -1)
        #expect(CMTimeCompare(time(.max, 1), .indefinite) == -1)
        #expect(CMTimeCompare(.invalid, .invalid) == 0)
        #expect(time(1, 3) < time(1, 2) && time(2, 3) > time(1, 2) && time(1, 2) <= time(2, 4))
    }

    @Test func epochsOrderBeforeValues() {
        #expect(time(5, 1) < time(1, 1, epoch: 1))
        #expect(CMTimeCompare(time(1, 1, epoch: 2), time(100, 1, epoch: 1)) == 1)
        #expect(time(1, 2, epoch: 3) == time(2, 4, epoch: 3))
    }

    @Test func extremeValuesCompareExactly() {
        // Products of 64- and 32-bit fields are compared in 128 bits.
        #expect(time(.max, Int32.max) > time(.max - 1, Int32.max))
        #expect(time(.max, Int32.max) < time(.max, Int32.max - 1))
        #expect(time(.min, 1) < time(.min + 1, 1))
    }

    @Test func minimumAndMaximum() {
        #expect(CMTimeMinimum(time(1, 2), time(1, 3)) == time(1, 3))
        #expect(CMTimeMaximum(time(1, 2), time(1, 3)) == time(1, 2))
        // Equal times: the first is returned (ruling M6).
        #expect(CMTimeMinimum(time(1, 2), time(2, 4)).timescale == 2)
        #expect(CMTimeMaximum(time(2, 4), time(1, 2)).timescale == 4)
        // Invalid is the greatest time.
        #expect(CMTimeMinimum(.invalid, time(1, 1)) == time(1, 1))
        #expect(!CMTimeMaximum(.invalid, time(1, 1)).isValid)
        #expect(CMTimeMaximum(.indefinite, .positiveInfinity).isPositiveInfinity)
    }

    @Test func descriptions() {
        #expect(CMTimeCopyDescription(allocator: nil, time: time(1, 2)) == "{1/2 = 0.500}")
        #expect(
            CMTimeCopyDescription(allocator: nil, time: CMTimeMakeWithSeconds(0.5, preferredTimescale: 3))
                == "{2/3 = 0.667, rounded}")
        #expect(
            CMTimeCopyDescription(allocator: nil, time: time(-5, 1, epoch: 2)) == "{-5/1 = -5.000, epoch = 2}"
        )
        #expect(CMTimeCopyDescription(allocator: nil, time: .invalid) == "{INVALID}")
        #expect(CMTimeCopyDescription(allocator: nil, time: .indefinite) == "{INDEFINITE}")
        #expect(CMTimeCopyDescription(allocator: nil, time: .positiveInfinity) == "{+INFINITY}")
        #expect(CMTimeCopyDescription(allocator: nil, time: .negativeInfinity) == "{-INFINITY}")
        let range = CMTimeRange(start: .zero, duration: time(600, 600))
        #expect(
            CMTimeRangeCopyDescription(allocator: nil, range: range) == "{{0/1 = 0.000}, {600/600 = 1.000}}")
    }
}
