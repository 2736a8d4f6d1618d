import CoreMedia
import Testing

@Suite struct CMTimeRangeTests {
    /// `[start, start + duration)` in whole seconds.
    func range(_ start: Int64, _ duration: Int64) -> CMTimeRange {
        CMTimeRange(start: time(start, 1), duration: time(duration, 1))
    }

    @Test func constructionAndEnd() {
        let r = CMTimeRangeMake(start: time(1, 2), duration: time(3, 4))
        #expect(r.start == time(1, 2) && r.duration == time(3, 4))
        #expect(fields(r.end) == Fields(5, 4) && fields(CMTimeRangeGetEnd(r)) == Fields(5, 4))
        let fromTo = CMTimeRange(start: time(1, 1), end: time(5, 2))
        #expect(fields(fromTo.duration) == Fields(3, 2))
        #expect(CMTimeRangeFromTimeToTime(start: time(1, 1), end: time(5, 2)) == fromTo)
        #expect(CMTimeRange() == .zero && CMTimeRange.zero.isEmpty && CMTimeRange.zero.isValid)
        #expect(!CMTimeRange.invalid.isValid && !CMTimeRange.invalid.end.isValid)
        // A start in epoch 2 keeps it at the end.
        #expect(
            fields(CMTimeRange(start: time(1, 1, epoch: 2), duration: time(1, 1)).end)
                == Fields(2, 1, epoch: 2))
    }

    @Test func validityFollowsApplesMacro() {
        #expect(range(0, 2).isValid && CMTIMERANGE_IS_VALID(range(0, 2)))
        #expect(!range(0, -1).isValid && CMTIMERANGE_IS_INVALID(range(0, -1)))  // negative duration
        #expect(!CMTimeRange(start: .zero, duration: time(1, 1, epoch: 1)).isValid)  // duration epoch
        #expect(!CMTimeRange(start: .invalid, duration: time(1, 1)).isValid)
        #expect(!CMTimeRange(start: time(2, 1), end: time(1, 1)).isValid)  // end before start
        let forever = CMTimeRange(start: .zero, duration: .positiveInfinity)
        #expect(forever.isValid && !forever.isIndefinite && forever.end.isPositiveInfinity)
        let live = CMTimeRange(start: time(5, 1), duration: .indefinite)
        #expect(live.isIndefinite && CMTIMERANGE_IS_INDEFINITE(live) && live.end.isIndefinite)
        #expect(range(3, 0).isEmpty && CMTIMERANGE_IS_EMPTY(range(3, 0)) && !range(3, 1).isEmpty)
        #expect(CMTimeRange(start: time(1, 1), duration: time(0, 600)).isEmpty)
    }

    @Test func containmentIsHalfOpen() {
        let r = range(1, 2)  // [1, 3)
        #expect(r.containsTime(time(1, 1)) && CMTimeRangeContainsTime(r, time: time(1, 1)))
        #expect(r.containsTime(time(2999, 1000)))
        #expect(!r.containsTime(time(3, 1)))  // the end is outside
        #expect(!r.containsTime(time(999, 1000)))
        #expect(!r.containsTime(.invalid) && !r.containsTime(.positiveInfinity))
        #expect(!range(1, 0).containsTime(time(1, 1)))  // an empty range holds nothing
        #expect(!CMTimeRange.invalid.containsTime(.zero))
        #expect(CMTimeRange(start: .zero, duration: .positiveInfinity).containsTime(time(.max, 1)))
    }

    @Test func rangeContainment() {
        let r = range(0, 10)
        #expect(r.containsTimeRange(range(0, 10)) && CMTimeRangeContainsTimeRange(r, otherRange: range(2, 3)))
        #expect(!r.containsTimeRange(range(5, 6)) && !r.containsTimeRange(range(-1, 2)))
        // An empty range is inside when its start is within start…end, the end included (ruling M7).
        #expect(r.containsTimeRange(range(10, 0)) && !r.containsTimeRange(range(11, 0)))
        #expect(!r.containsTimeRange(.invalid) && !CMTimeRange.invalid.containsTimeRange(r))
    }

    @Test func intersection() {
        #expect(range(0, 2).intersection(range(1, 2)) == range(1, 1))
        #expect(CMTimeRangeGetIntersection(range(0, 10), otherRange: range(2, 3)) == range(2, 3))
        // Exact across timescales: [1/3, 1) ∩ [1/2, 2) = [1/2, 1).
        let mixed = CMTimeRange(start: time(1, 3), end: time(1, 1)).intersection(
            CMTimeRange(start: time(1, 2), end: time(2, 1)))
        #expect(mixed.start == time(1, 2) && mixed.duration == time(1, 2))
        // Disjoint or touching ranges give kCMTimeRangeZero (ruling M7).
        let disjoint = range(0, 1).intersection(range(2, 1))
        #expect(
            disjoint == .zero && fields(disjoint.start) == Fields(0, 1)
                && fields(disjoint.duration) == Fields(0, 1))
        #expect(range(0, 1).intersection(range(1, 1)) == .zero)
        #expect(!range(0, 1).intersection(.invalid).isValid)
        #expect(range(5, 0).intersection(range(0, 10)) == .zero)
    }

    @Test func union() {
        #expect(range(0, 2).union(range(1, 2)) == range(0, 3))
        #expect(CMTimeRangeGetUnion(range(0, 1), otherRange: range(2, 1)) == range(0, 3))  // gap included
        #expect(range(4, 1).union(range(0, 1)) == range(0, 5))
        #expect(!range(0, 1).union(.invalid).isValid)
        let open = range(3, 1).union(CMTimeRange(start: .zero, duration: .positiveInfinity))
        #expect(open.start == .zero && open.duration.isPositiveInfinity)
    }

    @Test func equalityAndHashing() {
        let a = CMTimeRange(start: time(1, 2), duration: time(1, 1))
        let b = CMTimeRange(start: time(2, 4), duration: time(2, 2))
        #expect(a == b && CMTimeRangeEqual(a, b) && a.hashValue == b.hashValue)
        #expect(a != CMTimeRange(start: time(1, 2), duration: time(2, 1)))
        #expect(CMTimeRange.invalid == CMTimeRange(start: .invalid, duration: .invalid))
    }

    @Test func clamping() {
        let r = range(1, 2)
        #expect(fields(CMTimeClampToRange(time(2, 1), range: r)) == Fields(2, 1))
        #expect(fields(CMTimeClampToRange(time(0, 1), range: r)) == Fields(1, 1))
        #expect(fields(CMTimeClampToRange(time(7, 1), range: r)) == Fields(3, 1))  // the end, as Apple says
        // Equal to the end: returned unchanged.
        #expect(fields(CMTimeClampToRange(time(6, 2), range: r)) == Fields(6, 2))
        #expect(CMTimeClampToRange(.positiveInfinity, range: r) == time(3, 1))
        #expect(CMTimeClampToRange(.negativeInfinity, range: r) == time(1, 1))
        #expect(!CMTimeClampToRange(time(2, 1), range: range(1, 0)).isValid)  // empty range
        #expect(!CMTimeClampToRange(.invalid, range: r).isValid)
    }

    @Test func mappingTimesBetweenRanges() {
        let from = range(1, 2)  // [1, 3)
        let to = range(10, 4)  // [10, 14)
        // The offset keeps t's timescale: (3/2 − 1) × 4/2 = 2/2, plus 10 = 22/2.
        #expect(
            fields(CMTimeMapTimeFromRangeToRange(time(3, 2), fromRange: from, toRange: to)) == Fields(22, 2))
        #expect(CMTimeMapTimeFromRangeToRange(time(1, 1), fromRange: from, toRange: to) == time(10, 1))
        #expect(CMTimeMapTimeFromRangeToRange(time(3, 1), fromRange: from, toRange: to) == time(14, 1))
        // Linear outside the range as well.
        #expect(CMTimeMapTimeFromRangeToRange(time(0, 1), fromRange: from, toRange: to) == time(8, 1))
        // Source frames at 1/30 into a 600 timescale composition slowed to half speed.
        let clip = CMTimeRange(start: .zero, duration: time(30, 30))
        let slow = CMTimeRange(start: time(600, 600), duration: time(1200, 600))
        #expect(
            fields(CMTimeMapTimeFromRangeToRange(time(1, 30), fromRange: clip, toRange: slow))
                == Fields(640, 600))
        // Exact at the timescale the result needs: 1/3 of [0, 1) onto [0, 1/7) is 1/21.
        let thirds = CMTimeMapTimeFromRangeToRange(
            time(1, 3), fromRange: range(0, 1), toRange: CMTimeRange(start: .zero, duration: time(1, 7)))
        #expect(thirds == time(1, 21) && !thirds.hasBeenRounded)
        // Empty ranges, other epochs and invalid input give invalid.
        #expect(!CMTimeMapTimeFromRangeToRange(time(1, 1), fromRange: range(1, 0), toRange: to).isValid)
        #expect(!CMTimeMapTimeFromRangeToRange(time(1, 1), fromRange: from, toRange: range(1, 0)).isValid)
        #expect(!CMTimeMapTimeFromRangeToRange(time(1, 1, epoch: 1), fromRange: from, toRange: to).isValid)
        #expect(!CMTimeMapTimeFromRangeToRange(.invalid, fromRange: from, toRange: to).isValid)
        // Two infinite durations: offset, not scaled.
        let a = CMTimeRange(start: time(1, 1), duration: .positiveInfinity)
        let b = CMTimeRange(start: time(5, 1), duration: .positiveInfinity)
        #expect(CMTimeMapTimeFromRangeToRange(time(3, 1), fromRange: a, toRange: b) == time(7, 1))
        #expect(!CMTimeMapTimeFromRangeToRange(time(3, 1), fromRange: a, toRange: to).isValid)
        #expect(
            CMTimeMapTimeFromRangeToRange(.positiveInfinity, fromRange: from, toRange: to).isPositiveInfinity)
    }

    @Test func mappingDurations() {
        #expect(
            CMTimeMapDurationFromRangeToRange(time(1, 1), fromRange: range(0, 2), toRange: range(7, 4))
                == time(2, 1))
        #expect(
            fields(
                CMTimeMapDurationFromRangeToRange(time(1, 3), fromRange: range(0, 2), toRange: range(0, 1)))
                == Fields(1, 6))
        // Past kCMTimeMaxTimescale: rounded at the least common multiple.
        let fine = CMTimeMapDurationFromRangeToRange(
            time(1, 1_000_000_007), fromRange: range(0, 3), toRange: range(0, 1))
        #expect(fields(fine) == Fields(0, 1_000_000_007, rounded: true))
        let infinite = CMTimeRange(start: .zero, duration: .positiveInfinity)
        #expect(
            fields(CMTimeMapDurationFromRangeToRange(time(5, 3), fromRange: infinite, toRange: infinite))
                == Fields(5, 3))
        #expect(
            !CMTimeMapDurationFromRangeToRange(
                time(1, 1, epoch: 1), fromRange: range(0, 1), toRange: range(0, 2)
            ).isValid)
        #expect(
            !CMTimeMapDurationFromRangeToRange(time(1, 1), fromRange: range(0, 0), toRange: range(0, 2))
                .isValid)
        #expect(
            CMTimeMapDurationFromRangeToRange(time(1, 1), fromRange: range(0, 1), toRange: range(0, 0))
                == .zero)
    }

    @Test func mappingsAndEmptyEdits() {
        let target = range(0, 5)
        let mapping = CMTimeMappingMake(source: range(10, 5), target: target)
        #expect(mapping.isValid && !mapping.isEmpty && CMTIMEMAPPING_IS_VALID(mapping))
        let empty = CMTimeMappingMakeEmpty(target: target)
        #expect(
            empty.isValid && empty.isEmpty && CMTIMEMAPPING_IS_EMPTY(empty) && !empty.source.start.isValid)
        #expect(!CMTimeMapping.invalid.isValid)
        #expect(CMTimeMapping() == CMTimeMapping(source: .zero, target: .zero))
    }

    @Test func foldingIntoALoop() {
        let loop = range(2, 3)  // [2, 5)
        #expect(CMTimeFoldIntoRange(time(3, 1), foldRange: loop) == time(3, 1))
        #expect(CMTimeFoldIntoRange(time(5, 1), foldRange: loop) == time(2, 1))  // the end wraps
        #expect(CMTimeFoldIntoRange(time(13, 2), foldRange: loop) == time(7, 2))
        #expect(CMTimeFoldIntoRange(time(1, 1), foldRange: loop) == time(4, 1))  // before: from the end
        #expect(CMTimeFoldIntoRange(time(-10, 1), foldRange: loop) == time(2, 1))
        // Exact across timescales: 7/3 s in a loop of 1/2 s from 0 is 1/3.
        let folded = CMTimeFoldIntoRange(
            time(7, 3), foldRange: CMTimeRange(start: .zero, duration: time(1, 2)))
        #expect(fields(folded) == Fields(2, 6))
        #expect(!CMTimeFoldIntoRange(time(1, 1), foldRange: range(2, 0)).isValid)
        #expect(!CMTimeFoldIntoRange(.positiveInfinity, foldRange: loop).isValid)
        #expect(
            !CMTimeFoldIntoRange(
                time(1, 1), foldRange: CMTimeRange(start: .zero, duration: .positiveInfinity)
            ).isValid)
    }
}
