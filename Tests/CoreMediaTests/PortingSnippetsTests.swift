import CoreMedia
import Testing

// What iOS apps commonly declare for CMTime themselves, because Apple's SDK does not (ruling M1).
// These declarations must keep compiling, and be the ones used, with Lamina's CoreMedia.

extension CMTime {
    fileprivate static func += (lhs: inout CMTime, rhs: CMTime) {
        lhs = lhs + rhs
    }

    fileprivate static func -= (lhs: inout CMTime, rhs: CMTime) {
        lhs = lhs - rhs
    }
}

/// An app's global operator, the style of older CMTime helper files.
private func * (lhs: CMTime, rhs: Float64) -> CMTime {
    CMTimeMultiplyByFloat64(lhs, multiplier: rhs)
}

@Suite struct PortingSnippetsTests {
    @Test func appDeclaredOperatorsCompileAndApply() {
        var cursor = CMTime.zero
        for _ in 0..<3 { cursor += CMTime(value: 1, timescale: 30) }
        #expect(cursor == CMTime(value: 1, timescale: 10))
        cursor -= CMTime(seconds: 1.0 / 30.0, preferredTimescale: 600)
        #expect(cursor == CMTime(value: 1, timescale: 15))
        let half = CMTime(value: 1, timescale: 1) * 0.5
        #expect(half.seconds == 0.5)
    }

    @Test func loopingATrackToFillADuration() {
        // The shape of a common "repeat a clip" export helper: whole copies, then a fraction
        // converted back to the clip's timescale with QuickTime rounding.
        let clip = CMTimeRange(start: .zero, duration: CMTime(value: 1001, timescale: 600))
        let times = 2.5
        var cursor = CMTime.zero
        for _ in 0..<Int(times) { cursor = CMTimeAdd(cursor, clip.duration) }
        var rest = CMTimeMultiplyByFloat64(clip.duration, multiplier: times - Double(Int(times)))
        rest = CMTimeConvertScale(rest, timescale: clip.duration.timescale, method: .quickTime)
        let insertRange = CMTimeRangeMake(start: .zero, duration: rest)
        cursor = CMTimeAdd(cursor, rest)
        #expect(rest == CMTime(value: 500, timescale: 600) && rest.hasBeenRounded)  // 500.5 ticks, truncated
        #expect(cursor == CMTime(value: 2502, timescale: 600))
        #expect(insertRange.isValid && CMTimeGetSeconds(insertRange.end) == 500.0 / 600.0)
    }

    @Test func progressAndSeekingArithmetic() {
        // Seconds to a frame-accurate time and back, as players and exporters do.
        let duration = CMTime(seconds: 12.5, preferredTimescale: 600)
        let progress = Float(CMTimeGetSeconds(CMTime(value: 2500, timescale: 600)) / duration.seconds)
        #expect(progress == Float(1.0 / 3.0))
        let target = CMTimeMultiplyByRatio(duration, multiplier: 1, divisor: 4)
        #expect(target == CMTime(seconds: 3.125, preferredTimescale: 600) && target.timescale == 600)
        let clamped = CMTimeClampToRange(
            CMTime(seconds: 20, preferredTimescale: 600), range: CMTimeRange(start: .zero, duration: duration)
        )
        #expect(clamped == duration)
        #expect(CMTimeCompare(target, duration) < 0 && CMTimeMaximum(target, duration) == duration)
    }
}
