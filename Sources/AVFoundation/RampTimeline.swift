import CoreGraphics
import CoreMedia
import QuartzCore

/// A value that ramps linearly: opacity and volume (`Float`), transforms, crop rectangles.
protocol RampValue: Equatable {
    /// `start` when `fraction` is 0, `end` when it is 1, the straight line between them elsewhere.
    static func interpolate(_ start: Self, _ end: Self, fraction: Double) -> Self
}

extension Float: RampValue {
    static func interpolate(_ start: Float, _ end: Float, fraction: Double) -> Float {
        start + (end - start) * Float(fraction)
    }
}

extension CGFloat {
    fileprivate static func lerp(_ start: CGFloat, _ end: CGFloat, _ fraction: Double) -> CGFloat {
        start + (end - start) * CGFloat(fraction)
    }
}

extension CGAffineTransform: RampValue {
    /// Each of the six matrix entries on its own line, as a ramp between two matrices is
    /// (ruling AV10): a ramp between two rotations passes through a scaled matrix.
    static func interpolate(_ start: CGAffineTransform, _ end: CGAffineTransform, fraction: Double)
        -> CGAffineTransform
    {
        CGAffineTransform(
            a: .lerp(start.a, end.a, fraction), b: .lerp(start.b, end.b, fraction),
            c: .lerp(start.c, end.c, fraction), d: .lerp(start.d, end.d, fraction),
            tx: .lerp(start.tx, end.tx, fraction), ty: .lerp(start.ty, end.ty, fraction))
    }
}

extension CGRect: RampValue {
    /// Origin and size each on their own line.
    static func interpolate(_ start: CGRect, _ end: CGRect, fraction: Double) -> CGRect {
        CGRect(
            x: .lerp(start.origin.x, end.origin.x, fraction),
            y: .lerp(start.origin.y, end.origin.y, fraction),
            width: .lerp(start.size.width, end.size.width, fraction),
            height: .lerp(start.size.height, end.size.height, fraction))
    }
}

/// The values set on one property of a layer instruction or audio mix input over time, and
/// the one evaluator of them (ruling AV10).
///
/// Each entry is a value set at a time (`setOpacity(_:at:)`) or a ramp over a time range
/// (`setOpacityRamp(…)`), kept in order of start time; a new entry replaces one with the same
/// start. At time `t` the entry with the latest start at or before `t` governs:
///
///     entries:   set 0.5 @1      ramp 0.5→0 over [3, 5)      set 1 @6
///     value:  1 |----0.5----------\_________0________________|----1--------
///             0   1               3        5                 6
///
/// Before the first entry the property has its default; a set value holds until the next
/// entry; inside a ramp the value is linear in time; after a ramp's end its end value holds.
struct RampTimeline<Value: RampValue> {
    struct Entry {
        var start: Value
        var end: Value
        /// Where the ramp runs; a value set at a time has a range of zero duration there.
        var timeRange: CMTimeRange
    }

    private(set) var entries: [Entry] = []

    /// Sets `value` from `time` on; ignored when `time` is not numeric, reported once through
    /// `CompatibilityWarnings` as `setter`.
    mutating func set(_ value: Value, at time: CMTime, setter: @autoclosure () -> String) {
        guard time.isNumeric else {
            CompatibilityWarnings.report("\(setter()): a time that is not numeric is ignored")
            return
        }
        add(Entry(start: value, end: value, timeRange: CMTimeRange(start: time, duration: .zero)))
    }

    /// Ramps from `start` to `end` over `timeRange`; ignored unless the range is numeric with a
    /// duration at or above zero (reported once as `setter`). A ramp of no duration sets `end`
    /// at its start.
    mutating func ramp(
        from start: Value, to end: Value, over timeRange: CMTimeRange, setter: @autoclosure () -> String
    ) {
        guard timeRange.isValid, timeRange.start.isNumeric, timeRange.duration.isNumeric,
            timeRange.duration >= .zero
        else {
            CompatibilityWarnings.report(
                "\(setter()): a time range that is not numeric and ≥ 0 long is ignored")
            return
        }
        let first = timeRange.duration == .zero ? end : start
        add(Entry(start: first, end: end, timeRange: timeRange))
    }

    private mutating func add(_ entry: Entry) {
        entries.removeAll { $0.timeRange.start == entry.timeRange.start }
        let index = entries.firstIndex { $0.timeRange.start > entry.timeRange.start } ?? entries.count
        entries.insert(entry, at: index)
    }

    /// The index of the entry governing `time`: the last one starting at or before it.
    ///
    /// - Complexity: O(log n).
    private func governing(_ time: CMTime) -> Int? {
        guard time.isNumeric else { return nil }
        var (low, high) = (0, entries.count)
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].timeRange.start <= time { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : low - 1
    }

    /// The value at `time`: `defaultValue` before the first entry (and for a time that is not
    /// numeric), else the governing entry's, interpolated inside a ramp.
    func value(at time: CMTime, default defaultValue: Value) -> Value {
        value(at: time) ?? defaultValue
    }

    /// The value at `time`, or `nil` before the first entry and for a time that is not numeric.
    func value(at time: CMTime) -> Value? {
        guard let index = governing(time) else { return nil }
        let entry = entries[index]
        let range = entry.timeRange
        guard range.duration > .zero, time < range.end else { return entry.end }
        let fraction = (time - range.start).seconds / range.duration.seconds
        return Value.interpolate(entry.start, entry.end, fraction: min(max(fraction, 0), 1))
    }

    /// The ramp that contains `time`, Apple's `get…Ramp(for:…)`: a ramp's start and end values
    /// and range; for a value set at a time, that value twice and the range from its time to the
    /// next entry's start (to `.positiveInfinity` for the last). `nil` before the first entry,
    /// after a ramp's end until the next entry, and for a time that is not numeric.
    func ramp(containing time: CMTime) -> Entry? {
        guard let index = governing(time) else { return nil }
        var entry = entries[index]
        if entry.timeRange.duration == .zero {
            let start = entry.timeRange.start
            entry.timeRange =
                index + 1 < entries.count
                ? CMTimeRange(start: start, end: entries[index + 1].timeRange.start)
                : CMTimeRange(start: start, duration: .positiveInfinity)
            return entry
        }
        return time < entry.timeRange.end ? entry : nil
    }

    /// Writes the ramp containing `time` through the pointers and answers whether there is one;
    /// the pointers are untouched when there is none.
    func get(
        _ time: CMTime, start: UnsafeMutablePointer<Value>?, end: UnsafeMutablePointer<Value>?,
        timeRange: UnsafeMutablePointer<CMTimeRange>?
    ) -> Bool {
        guard let entry = ramp(containing: time) else { return false }
        start?.pointee = entry.start
        end?.pointee = entry.end
        timeRange?.pointee = entry.timeRange
        return true
    }
}
