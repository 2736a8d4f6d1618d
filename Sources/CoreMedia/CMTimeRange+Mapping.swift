import Foundation

// Clamping and mapping times between ranges (Apple's CMTimeRange.h utility functions), and
// CMTimeMapping, the edit-list segment built on them.

/// The time nearest `time` inside `range` (Apple's `CMTimeClampToRange`).
///
/// Times in the range come back unchanged; times before it give its start, and times after it
/// its end (Apple's rule, although the end itself is outside the half-open range). An invalid
/// time, or an empty or invalid range, gives invalid.
public func CMTimeClampToRange(_ time: CMTime, range: CMTimeRange) -> CMTime {
    guard time.isValid, range.isValid, !range.isEmpty else { return .invalid }
    if CMTimeCompare(time, range.start) < 0 { return range.start }
    let end = range.end
    return CMTimeCompare(time, end) > 0 ? end : time
}

/// `t` carried linearly from `fromRange` to `toRange` (Apple's `CMTimeMapTimeFromRangeToRange`):
/// `(t − fromRange.start) × toRange.duration / fromRange.duration + toRange.start`, so the
/// start and end of one map to the start and end of the other.
///
/// Invalid when either range is empty or invalid, or `t` is not in `fromRange.start`'s epoch.
/// When both durations are +∞, `t` is only offset by the difference of the starts. The scaled
/// offset's timescale is the least common multiple of the offset's and `toRange.duration`'s,
/// or the smallest multiple of it that holds the result exactly; past ``kCMTimeMaxTimescale`` it
/// is rounded (default method) at that least common multiple, capped. When one duration is
/// non-numeric and the other is not +∞ alike, the result is invalid (ruling M8).
public func CMTimeMapTimeFromRangeToRange(_ t: CMTime, fromRange: CMTimeRange, toRange: CMTimeRange) -> CMTime
{
    guard fromRange.isValid, toRange.isValid, !fromRange.isEmpty, !toRange.isEmpty else { return .invalid }
    guard t.isValid, !t.isNumeric || t.epoch == fromRange.start.epoch else { return .invalid }
    let offset = CMTimeSubtract(t, fromRange.start)
    return CMTimeAdd(scale(offset, from: fromRange.duration, to: toRange.duration), toRange.start)
}

/// `dur` scaled by `toRange.duration / fromRange.duration` (Apple's
/// `CMTimeMapDurationFromRangeToRange`).
///
/// Invalid when `dur` is not in epoch 0, or either range is invalid or `fromRange` empty; when
/// both durations are +∞, `dur` is returned unchanged. Rounding as
/// ``CMTimeMapTimeFromRangeToRange(_:fromRange:toRange:)`` (ruling M8).
public func CMTimeMapDurationFromRangeToRange(_ dur: CMTime, fromRange: CMTimeRange, toRange: CMTimeRange)
    -> CMTime
{
    guard dur.isValid, !dur.isNumeric || dur.epoch == 0 else { return .invalid }
    guard fromRange.isValid, toRange.isValid, !fromRange.isEmpty else { return .invalid }
    return scale(dur, from: fromRange.duration, to: toRange.duration)
}

/// `time × to / from` for durations `from` (non-zero) and `to`; see ruling M8.
private func scale(_ time: CMTime, from: CMTime, to: CMTime) -> CMTime {
    if from.isPositiveInfinity && to.isPositiveInfinity { return time }
    guard from.isNumeric, to.isNumeric else { return .invalid }
    guard time.isNumeric else { return time.kind == .invalid ? .invalid : time.kind.constant }
    let target = min(leastCommonMultiple(time.timescale, to.timescale), Int64(kCMTimeMaxTimescale))
    let terms = [
        Int128(time.value), Int128(to.value), Int128(from.timescale),
        Int128(time.timescale), Int128(to.timescale), Int128(from.value),
    ]
    let (numerator, overflowN) = terms[0].multipliedReportingOverflow(by: terms[1])
    let (fullNumerator, overflowF) = numerator.multipliedReportingOverflow(by: terms[2])
    let (denominator, overflowD) = (terms[3] * terms[4]).multipliedReportingOverflow(by: terms[5])
    let roundedIn = time.roundedBit || from.roundedBit || to.roundedBit
    if !overflowN && !overflowF && !overflowD,
        fullNumerator.multipliedReportingOverflow(by: Int128(target)).overflow == false
    {
        // Exact at the smallest multiple of `target` that holds the reduced fraction, if any.
        let common = Int128(greatestCommonDivisor(fullNumerator.magnitude, denominator.magnitude))
        let (numerator, denominator) = (fullNumerator / common, denominator / common)
        let exact = Int128(target) / Int128(greatestCommonDivisor(target, Int64(denominator))) * denominator
        let scale = exact <= Int128(kCMTimeMaxTimescale) ? Int64(exact) : target
        return .nearest(numerator, over: denominator, timescale: scale, epoch: time.epoch, rounded: roundedIn)
    }
    // Past 128 bits: computed in Double and marked rounded.
    let seconds = time.seconds * to.seconds / from.seconds
    var result = CMTimeMakeWithSeconds(seconds, preferredTimescale: Int32(target))
    if result.isNumeric {
        result.flags.insert(.hasBeenRounded)
        result.epoch = time.epoch
    }
    return result
}

/// `time` folded into `foldRange`, for looping timelines (Apple's `CMTimeFoldIntoRange`):
/// `start + ((time − start) mod duration)`, the remainder taken non-negative, so that times
/// before the range wrap from its end (ruling M9).
///
/// Exact: the result's timescale is the least common multiple of the offset's and the
/// duration's (rounded, default method, past ``kCMTimeMaxTimescale``), before `start` is added.
/// Invalid for a non-numeric time, and for a range that is invalid, empty or not numeric.
public func CMTimeFoldIntoRange(_ time: CMTime, foldRange: CMTimeRange) -> CMTime {
    guard time.isNumeric, foldRange.isValid, !foldRange.isEmpty, foldRange.start.isNumeric,
        foldRange.duration.isNumeric
    else { return .invalid }
    let offset = CMTimeSubtract(time, foldRange.start)
    guard offset.isNumeric else { return .invalid }
    let duration = foldRange.duration
    let scale = leastCommonMultiple(offset.timescale, duration.timescale)
    let ticks = Int128(offset.value) * Int128(scale / Int64(offset.timescale))
    let period = Int128(duration.value) * Int128(scale / Int64(duration.timescale))
    var remainder = ticks % period
    if remainder < 0 { remainder += period }
    let folded = CMTime.nearest(
        remainder, over: Int128(scale), timescale: scale, epoch: 0,
        rounded: offset.roundedBit || duration.roundedBit)
    return CMTimeAdd(folded, foldRange.start)
}

/// One segment of an edit list: `source` on the media's timeline played over `target` on the
/// track's (Apple's `CMTimeMapping`).
///
/// An empty edit has an invalid `source.start`; when the durations differ the source plays at
/// `source.duration / target.duration` of its speed.
public struct CMTimeMapping: Hashable, Sendable {
    /// The range on the source (media) timeline; its start is invalid in an empty edit.
    public var source: CMTimeRange
    /// The range on the target (track) timeline.
    public var target: CMTimeRange

    /// A mapping of `source` onto `target`, as ``CMTimeMappingMake(source:target:)``.
    public init(source: CMTimeRange, target: CMTimeRange) {
        self.source = source
        self.target = target
    }

    /// A mapping of two empty ranges at zero, as `CMTimeMapping()` is on Apple's platforms.
    public init() {
        self.init(source: .zero, target: .zero)
    }

    /// An invalid mapping, both ranges invalid (Apple's `kCMTimeMappingInvalid`).
    public static let invalid = CMTimeMapping(source: .invalid, target: .invalid)

    /// Whether the target range is valid (Apple's `CMTIMEMAPPING_IS_VALID`).
    public var isValid: Bool { target.isValid }

    /// Whether this is an empty edit: a valid target and a source whose start is not numeric
    /// (Apple's `CMTIMEMAPPING_IS_EMPTY`).
    public var isEmpty: Bool { !source.start.isNumeric && target.isValid }
}

/// A mapping of `source` onto `target` (Apple's `CMTimeMappingMake`).
public func CMTimeMappingMake(source: CMTimeRange, target: CMTimeRange) -> CMTimeMapping {
    CMTimeMapping(source: source, target: target)
}

/// An empty edit over `target`: the source is ``CMTimeRange/invalid`` (Apple's
/// `CMTimeMappingMakeEmpty`).
public func CMTimeMappingMakeEmpty(target: CMTimeRange) -> CMTimeMapping {
    CMTimeMapping(source: .invalid, target: target)
}

/// Whether `mapping` is valid (Apple's `CMTIMEMAPPING_IS_VALID`).
public func CMTIMEMAPPING_IS_VALID(_ mapping: CMTimeMapping) -> Bool { mapping.isValid }

/// Whether `mapping` is an empty edit (Apple's `CMTIMEMAPPING_IS_EMPTY`).
public func CMTIMEMAPPING_IS_EMPTY(_ mapping: CMTimeMapping) -> Bool { mapping.isEmpty }

/// A description of `range`, `{{0/1 = 0.000}, {600/600 = 1.000}}`: its start and duration as
/// ``CMTimeCopyDescription(allocator:time:)`` writes them (Apple's `CMTimeRangeCopyDescription`;
/// ruling M1). `allocator` is ignored. Never `nil`.
public func CMTimeRangeCopyDescription(allocator: Any?, range: CMTimeRange) -> String? {
    "{\(range.start.descriptionText), \(range.duration.descriptionText)}"
}

/// Writes ``CMTimeRangeCopyDescription(allocator:range:)``'s text and a line break to standard
/// error (Apple's `CMTimeRangeShow`).
public func CMTimeRangeShow(_ range: CMTimeRange) {
    let text = "{\(range.start.descriptionText), \(range.duration.descriptionText)}\n"
    FileHandle.standardError.write(Data(text.utf8))
}
