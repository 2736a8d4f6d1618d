import CoreMedia
import Foundation

/// A composition track's segments and the edits Apple's `AVMutableCompositionTrack` makes on
/// them, as pure operations on values (ruling AV6).
///
/// The invariant, checked by ``isValid``: the segments' target ranges are contiguous from zero
/// and each is longer than zero; no two empty segments are neighbours, and the last segment is
/// not empty (a track ends with its last media).
///
///     before insert at t:   |--A--|---B---|--C--|
///     split at t:           |--A--|-B1-|B2|--C--|
///     after (new N, d):     |--A--|-B1-|---N---|B2|--C--|     B2 and C moved later by d
struct SegmentTimeline {
    var segments: [AVCompositionTrackSegment] = []

    /// Where the track ends: the last segment's end, or zero.
    var end: CMTime { segments.last?.timeMapping.target.end ?? .zero }

    /// The index of the first segment that starts at or after `t`, splitting the segment that
    /// contains `t` in two when `t` falls inside it.
    ///
    /// - Complexity: O(n).
    mutating func split(at t: CMTime) -> Int {
        for (index, segment) in segments.enumerated() {
            let target = segment.timeMapping.target
            if target.start >= t { return index }
            if t < target.end {
                let head = segment.restricted(to: CMTimeRange(start: target.start, end: t))
                let tail = segment.restricted(to: CMTimeRange(start: t, end: target.end))
                segments.replaceSubrange(index...index, with: [head, tail])
                return index + 1
            }
        }
        return segments.count
    }

    /// Moves the segments from `index` on by `delta`.
    private mutating func shift(from index: Int, by delta: CMTime) {
        guard delta != .zero else { return }
        for i in index..<segments.count {
            let target = segments[i].timeMapping.target
            segments[i] = segments[i].moved(
                to: CMTimeRange(start: target.start + delta, duration: target.duration))
        }
    }

    /// Inserts `pieces`, whose target ranges run contiguously from zero for `duration`, at
    /// `time`: later media moves later by `duration`; a time past the end leaves an empty gap.
    mutating func insert(_ pieces: [AVCompositionTrackSegment], duration: CMTime, at time: CMTime) {
        guard duration > .zero else { return }
        let end = self.end
        if time > end {
            segments.append(AVCompositionTrackSegment(timeRange: CMTimeRange(start: end, end: time)))
        }
        let index = split(at: time)
        shift(from: index, by: duration)
        let placed = pieces.map { piece in
            let target = piece.timeMapping.target
            return piece.moved(to: CMTimeRange(start: target.start + time, duration: target.duration))
        }
        segments.insert(contentsOf: placed, at: index)
        normalize()
    }

    /// Inserts an empty span: later media moves later; nothing happens at or after the end.
    mutating func insertEmpty(_ range: CMTimeRange) {
        guard range.start < end else { return }
        let piece = AVCompositionTrackSegment(timeRange: CMTimeRange(start: .zero, duration: range.duration))
        insert([piece], duration: range.duration, at: range.start)
    }

    /// Removes `range` (its part before the end) and closes the gap: later media moves earlier.
    mutating func remove(_ range: CMTimeRange) {
        let stop = min(range.end, end)
        guard range.start < stop else { return }
        let first = split(at: range.start)
        let last = split(at: stop)
        segments.removeSubrange(first..<last)
        shift(from: first, by: CMTimeSubtract(.zero, stop - range.start))
        normalize()
    }

    /// Stretches or squeezes `range` to last `duration`: each boundary inside it is mapped with
    /// `CMTimeMapTimeFromRangeToRange`, so the segments stay contiguous; their sources do not
    /// change, so their media plays slower or faster. Later media moves by the change.
    mutating func scale(_ range: CMTimeRange, toDuration duration: CMTime) {
        let stop = min(range.end, end)
        guard range.start < stop, duration > CMTime.zero else { return }
        let first = split(at: range.start)
        let last = split(at: stop)
        let newRange = CMTimeRange(start: range.start, duration: duration)
        for i in first..<last {
            let target = segments[i].timeMapping.target
            let start = CMTimeMapTimeFromRangeToRange(target.start, fromRange: range, toRange: newRange)
            let end = CMTimeMapTimeFromRangeToRange(target.end, fromRange: range, toRange: newRange)
            let old = segments[i]
            segments[i] = AVCompositionTrackSegment(
                url: old.sourceURL, trackID: old.sourceTrackID, format: old.format,
                timeMapping: old.isEmpty
                    ? CMTimeMappingMakeEmpty(target: CMTimeRange(start: start, end: end))
                    : CMTimeMapping(
                        source: old.timeMapping.source, target: CMTimeRange(start: start, end: end)))
        }
        shift(from: last, by: duration - range.duration)
        normalize()
    }

    /// Merges neighbouring empty segments, drops segments of no duration and a trailing empty one.
    mutating func normalize() {
        var result: [AVCompositionTrackSegment] = []
        result.reserveCapacity(segments.count)
        for segment in segments where segment.timeMapping.target.duration > .zero {
            if segment.isEmpty, let previous = result.last, previous.isEmpty {
                let range = CMTimeRange(
                    start: previous.timeMapping.target.start, end: segment.timeMapping.target.end)
                result[result.count - 1] = AVCompositionTrackSegment(timeRange: range)
            } else {
                result.append(segment)
            }
        }
        while result.last?.isEmpty == true { result.removeLast() }
        segments = result
    }

    /// The segments that play over `range` of this timeline, cut to it and moved to start at
    /// zero; where `range` runs past the end, an empty segment fills the rest.
    func excerpt(_ range: CMTimeRange) -> [AVCompositionTrackSegment] {
        var pieces: [AVCompositionTrackSegment] = []
        for segment in segments {
            let part = segment.timeMapping.target.intersection(range)
            guard part.duration > .zero else { continue }
            let cut = segment.restricted(to: part)
            pieces.append(
                cut.moved(to: CMTimeRange(start: part.start - range.start, duration: part.duration)))
        }
        let covered = max(min(end, range.end) - range.start, .zero)
        if covered < range.duration {
            pieces.append(
                AVCompositionTrackSegment(timeRange: CMTimeRange(start: covered, end: range.duration)))
        }
        return pieces
    }

    /// The segment whose target range contains `t`, or `nil` outside `[0, end)`.
    ///
    /// - Complexity: O(log n).
    func segment(at t: CMTime) -> AVCompositionTrackSegment? {
        var (low, high) = (0, segments.count)
        while low < high {
            let middle = (low + high) / 2
            let target = segments[middle].timeMapping.target
            if t < target.start {
                high = middle
            } else if t >= target.end {
                low = middle + 1
            } else {
                return segments[middle]
            }
        }
        return nil
    }

    /// Apple's checks on a segment list (`validateSegments(_:)`), with the code of the first
    /// rule broken: target ranges valid, numeric, longer than zero and contiguous from zero
    /// (−11824); a non-empty segment's source start numeric and not negative (−11825) and its
    /// source duration numeric and longer than zero (−11826).
    static func validate(_ segments: [AVCompositionTrackSegment]) throws {
        var expected = CMTime.zero
        for (index, segment) in segments.enumerated() {
            let target = segment.timeMapping.target
            guard target.isValid, target.start.isNumeric, target.duration.isNumeric,
                target.duration > .zero, target.start == expected
            else {
                throw AVError(
                    .invalidCompositionTrackSegmentDuration,
                    userInfo: [
                        NSLocalizedFailureReasonErrorKey: "segment \(index): target range is not contiguous"
                    ])
            }
            expected = target.end
            guard !segment.isEmpty else { continue }
            let source = segment.timeMapping.source
            guard source.start.isNumeric, source.start >= .zero else {
                throw AVError(
                    .invalidCompositionTrackSegmentSourceStartTime,
                    userInfo: [NSLocalizedFailureReasonErrorKey: "segment \(index): invalid source start"])
            }
            guard source.duration.isNumeric, source.duration > .zero else {
                throw AVError(
                    .invalidCompositionTrackSegmentSourceDuration,
                    userInfo: [NSLocalizedFailureReasonErrorKey: "segment \(index): invalid source duration"])
            }
        }
    }
}
