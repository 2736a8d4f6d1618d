/// A span of time from `start` for `duration`, Apple's `CMTimeRange`.
///
/// The range is half-open: it contains `start` but not `start + duration` (its ``end``). It is
/// valid when both times are valid and the duration is in epoch 0 with a value ≥ 0 (Apple's
/// `CMTIMERANGE_IS_VALID`). Equality compares start and duration numerically
/// (``CMTimeRangeEqual(_:_:)``).
public struct CMTimeRange: Sendable {
    /// The first time in the range.
    public var start: CMTime
    /// The length of the range; epoch 0 and not negative in a valid range.
    public var duration: CMTime

    /// A range from `start` lasting `duration`, as ``CMTimeRangeMake(start:duration:)``. Nothing is
    /// checked: a duration in a non-zero epoch, or negative, makes an invalid range.
    public init(start: CMTime, duration: CMTime) {
        self.start = start
        self.duration = duration
    }

    /// The empty range at time zero (``zero``), as `CMTimeRange()` is on Apple's platforms.
    public init() {
        self.init(start: .zero, duration: .zero)
    }

    /// The range from `start` up to (not including) `end`, as
    /// ``CMTimeRangeFromTimeToTime(start:end:)``; its duration is `end − start`, so an `end`
    /// before `start` makes an invalid range.
    public init(start: CMTime, end: CMTime) {
        self = CMTimeRangeFromTimeToTime(start: start, end: end)
    }

    /// The empty range at time zero (Apple's `kCMTimeRangeZero`).
    public static let zero = CMTimeRange(start: .zero, duration: .zero)
    /// An invalid range, both times invalid (Apple's `kCMTimeRangeInvalid`).
    public static let invalid = CMTimeRange(start: .invalid, duration: .invalid)
}

extension CMTimeRange {
    /// Whether both times are valid and the duration is in epoch 0 with a value ≥ 0
    /// (Apple's `CMTIMERANGE_IS_VALID`, field for field).
    public var isValid: Bool {
        start.isValid && duration.isValid && duration.epoch == 0 && duration.value >= 0
    }

    /// Whether the range is valid and its start or duration is indefinite
    /// (Apple's `CMTIMERANGE_IS_INDEFINITE`).
    public var isIndefinite: Bool { isValid && (start.isIndefinite || duration.isIndefinite) }

    /// Whether the range is valid and its duration equals zero (Apple's `CMTIMERANGE_IS_EMPTY`).
    public var isEmpty: Bool { isValid && duration == .zero }

    /// `start + duration`, the first time after the range (Apple's `CMTimeRangeGetEnd`);
    /// invalid for an invalid range.
    public var end: CMTime { CMTimeRangeGetEnd(self) }

    /// Whether `start ≤ time < end` (``CMTimeRangeContainsTime(_:time:)``).
    public func containsTime(_ time: CMTime) -> Bool { CMTimeRangeContainsTime(self, time: time) }

    /// Whether `range` lies inside this range (``CMTimeRangeContainsTimeRange(_:otherRange:)``).
    public func containsTimeRange(_ range: CMTimeRange) -> Bool {
        CMTimeRangeContainsTimeRange(self, otherRange: range)
    }

    /// The times in both ranges (``CMTimeRangeGetIntersection(_:otherRange:)``).
    public func intersection(_ otherRange: CMTimeRange) -> CMTimeRange {
        CMTimeRangeGetIntersection(self, otherRange: otherRange)
    }

    /// The smallest range holding both ranges (``CMTimeRangeGetUnion(_:otherRange:)``).
    public func union(_ otherRange: CMTimeRange) -> CMTimeRange {
        CMTimeRangeGetUnion(self, otherRange: otherRange)
    }
}

extension CMTimeRange: Hashable {
    /// Whether start and duration are equal numerically (``CMTimeRangeEqual(_:_:)``).
    public static func == (range1: CMTimeRange, range2: CMTimeRange) -> Bool {
        CMTimeRangeEqual(range1, range2)
    }

    /// Hashes what `==` compares: the start and the duration, as `CMTime` hashes them.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(start)
        hasher.combine(duration)
    }
}

/// A range from `start` lasting `duration` (Apple's `CMTimeRangeMake`). The duration must be in
/// epoch 0 and not negative, or the range is invalid.
public func CMTimeRangeMake(start: CMTime, duration: CMTime) -> CMTimeRange {
    CMTimeRange(start: start, duration: duration)
}

/// The range from `start` up to (not including) `end` (Apple's `CMTimeRangeFromTimeToTime`):
/// its duration is ``CMTimeSubtract(_:_:)`` of the two, in epoch 0 when they share an epoch.
public func CMTimeRangeFromTimeToTime(start: CMTime, end: CMTime) -> CMTimeRange {
    CMTimeRange(start: start, duration: CMTimeSubtract(end, start))
}

/// `range.start + range.duration` (Apple's `CMTimeRangeGetEnd`), or invalid when the range is.
public func CMTimeRangeGetEnd(_ range: CMTimeRange) -> CMTime {
    range.isValid ? CMTimeAdd(range.start, range.duration) : .invalid
}

/// Whether two ranges have equal starts and equal durations by ``CMTimeCompare(_:_:)``
/// (Apple's `CMTimeRangeEqual`): `{1/2, 1/1}` equals `{2/4, 2/2}`.
public func CMTimeRangeEqual(_ range1: CMTimeRange, _ range2: CMTimeRange) -> Bool {
    CMTimeCompare(range1.start, range2.start) == 0 && CMTimeCompare(range1.duration, range2.duration) == 0
}

/// Whether the range is valid and `start ≤ time < end` (Apple's `CMTimeRangeContainsTime`):
/// the end is outside, and an empty range contains nothing.
public func CMTimeRangeContainsTime(_ range: CMTimeRange, time: CMTime) -> Bool {
    guard range.isValid, time.isValid else { return false }
    return CMTimeCompare(range.start, time) <= 0 && CMTimeCompare(time, range.end) < 0
}

/// Whether both ranges are valid and `otherRange` lies inside `range`: its start is not before
/// `range`'s, and its end not after (Apple's `CMTimeRangeContainsTimeRange`). An empty range is
/// inside when its start is in `start…end`, the end included (ruling M7).
public func CMTimeRangeContainsTimeRange(_ range: CMTimeRange, otherRange: CMTimeRange) -> Bool {
    guard range.isValid, otherRange.isValid else { return false }
    return CMTimeCompare(range.start, otherRange.start) <= 0
        && CMTimeCompare(otherRange.end, range.end) <= 0
}

/// The largest range inside both (Apple's `CMTimeRangeGetIntersection`): from the later start to
/// the earlier end. Ranges that do not overlap (touching ends included) give ``CMTimeRange/zero``;
/// an invalid range gives ``CMTimeRange/invalid`` (ruling M7).
public func CMTimeRangeGetIntersection(_ range: CMTimeRange, otherRange: CMTimeRange) -> CMTimeRange {
    guard range.isValid, otherRange.isValid else { return .invalid }
    let start = CMTimeMaximum(range.start, otherRange.start)
    let end = CMTimeMinimum(range.end, otherRange.end)
    guard CMTimeCompare(start, end) < 0 else { return .zero }
    return CMTimeRangeFromTimeToTime(start: start, end: end)
}

/// The smallest range holding every time of both (Apple's `CMTimeRangeGetUnion`): from the
/// earlier start to the later end, the gap between disjoint ranges included. An invalid range
/// gives ``CMTimeRange/invalid`` (ruling M7).
public func CMTimeRangeGetUnion(_ range: CMTimeRange, otherRange: CMTimeRange) -> CMTimeRange {
    guard range.isValid, otherRange.isValid else { return .invalid }
    let start = CMTimeMinimum(range.start, otherRange.start)
    let end = CMTimeMaximum(range.end, otherRange.end)
    return CMTimeRangeFromTimeToTime(start: start, end: end)
}

/// Whether `range` is valid (Apple's `CMTIMERANGE_IS_VALID`); see ``CMTimeRange/isValid``.
public func CMTIMERANGE_IS_VALID(_ range: CMTimeRange) -> Bool { range.isValid }

/// Whether `range` is invalid (Apple's `CMTIMERANGE_IS_INVALID`).
public func CMTIMERANGE_IS_INVALID(_ range: CMTimeRange) -> Bool { !range.isValid }

/// Whether `range` is indefinite (Apple's `CMTIMERANGE_IS_INDEFINITE`).
public func CMTIMERANGE_IS_INDEFINITE(_ range: CMTimeRange) -> Bool { range.isIndefinite }

/// Whether `range` is empty (Apple's `CMTIMERANGE_IS_EMPTY`).
public func CMTIMERANGE_IS_EMPTY(_ range: CMTimeRange) -> Bool { range.isEmpty }
