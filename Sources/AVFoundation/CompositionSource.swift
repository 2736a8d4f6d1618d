import CoreMedia
import Foundation
import QuartzCore

/// The checks and source lookups shared by the edits of ``AVMutableCompositionTrack`` and
/// ``AVMutableComposition`` (ruling AV6).
enum CompositionSource {
    /// Throws unless `time` is a numeric time at or after zero.
    static func checkInsertionTime(_ time: CMTime) throws {
        guard time.isNumeric, time >= .zero else {
            throw invalid("insertion time \(describe(time)) is not a time at or after zero")
        }
    }

    /// Whether `range` can be edited: a valid range with a numeric start at or after zero and
    /// a numeric duration (or, where allowed, `.positiveInfinity`) at or above zero.
    static func isEditable(_ range: CMTimeRange, infiniteDurationAllowed: Bool = false) -> Bool {
        guard range.isValid, range.start.isNumeric, range.start >= .zero else { return false }
        if infiniteDurationAllowed && range.duration.isPositiveInfinity { return true }
        return range.duration.isNumeric && range.duration >= .zero
    }

    /// The segments that present `range` of `track`, their target ranges running from zero for
    /// `range.duration`: one segment naming a media file's track, or the part of a composition
    /// track's segments that plays over the range.
    ///
    /// - Throws: ``AVError/Code/invalidSourceMedia`` when `range` is not a numeric range of
    ///   length at or above zero, reaches before the source's start or past the later of its
    ///   end and its asset's duration, when `track` is not of `mediaType`, or has no file.
    static func pieces(of track: AVAssetTrack, in range: CMTimeRange, into mediaType: AVMediaType) throws
        -> [AVCompositionTrackSegment]
    {
        guard range.isValid, range.start.isNumeric, range.duration.isNumeric, range.duration >= .zero else {
            throw invalid("source time range \(describe(range)) is not a numeric range")
        }
        guard track.mediaType == mediaType else {
            throw invalid(
                "a \(track.mediaType.rawValue) track cannot be inserted into a \(mediaType.rawValue) track")
        }
        let extent = sourceExtent(of: track)
        guard range.start >= extent.start, range.end <= extent.end else {
            throw invalid("source time range \(describe(range)) is outside the source \(describe(extent))")
        }
        guard range.duration > .zero else { return [] }
        if let composed = track as? AVCompositionTrack {
            return composed.state.withLock { $0.timeline.excerpt(range) }
        }
        guard let url = (track.asset as? AVURLAsset)?.url else {
            throw invalid("track \(track.trackID) belongs to no media file")
        }
        return [
            AVCompositionTrackSegment(
                url: url, trackID: track.trackID, format: SegmentSourceFormat(track),
                timeMapping: CMTimeMapping(
                    source: range, target: CMTimeRange(start: .zero, duration: range.duration)))
        ]
    }

    /// The span a source range may take from `track`: from the earlier of zero and the track's
    /// start to the later of its end and its asset's duration.
    static func sourceExtent(of track: AVAssetTrack) -> CMTimeRange {
        let own = track.timeRange
        var start = CMTime.zero
        var end = CMTime.zero
        if own.isValid, own.start.isNumeric { start = min(start, own.start) }
        if own.isValid, own.end.isNumeric { end = max(end, own.end) }
        if let duration = track.asset?.duration, duration.isNumeric { end = max(end, duration) }
        return CMTimeRange(start: start, end: end)
    }

    /// Reports once, through `CompatibilityWarnings`, that an edit named `edit` was ignored for
    /// its arguments.
    static func reportIgnored(_ edit: String) {
        CompatibilityWarnings.report(
            "AVMutableCompositionTrack.\(edit): a range or duration that is not numeric, or starts before zero, is ignored"
        )
    }

    /// An ``AVError/Code/invalidSourceMedia`` error saying `reason`.
    static func invalid(_ reason: String) -> AVError {
        AVError(.invalidSourceMedia, userInfo: [NSLocalizedFailureReasonErrorKey: reason])
    }

    private static func describe(_ time: CMTime) -> String {
        CMTimeCopyDescription(allocator: nil, time: time) ?? "\(time.value)/\(time.timescale)"
    }

    private static func describe(_ range: CMTimeRange) -> String {
        CMTimeRangeCopyDescription(allocator: nil, range: range)
            ?? "[\(describe(range.start)), \(describe(range.end)))"
    }
}
