import CoreGraphics
import CoreMedia
import Foundation
import QuartzCore
import Synchronization

/// What a composition track holds: its segments and the properties an app can set.
struct CompositionTrackState {
    var timeline = SegmentTimeline()
    var preferredTransform = CGAffineTransform.identity
    var isEnabled = true
    /// The timescale the app set; 0 when none was set.
    var naturalTimeScale: CMTimeScale = 0

    /// The format of the first non-empty segment that was made from a track (ruling AV7).
    var firstFormat: SegmentSourceFormat? {
        timeline.segments.lazy.compactMap(\.format).first
    }
}

/// A track of a composition, Apple's `AVCompositionTrack`: a list of segments, each a range of a
/// media file's track placed on the composition's timeline, or empty.
///
/// The segments are contiguous and cover `[0, timeRange.duration)`. The track's natural size,
/// frame rate and data rate are its first media segment's source track's (ruling AV7).
open class AVCompositionTrack: AVAssetTrack, @unchecked Sendable {
    // `@unchecked`: every mutable value is in `state`, behind a mutex, so a track can be read
    // from any thread; Apple's mutable compositions are not thread-safe, and edits from two
    // threads at once still interleave at the granularity of one edit.
    let state: Mutex<CompositionTrackState>

    init(trackID: CMPersistentTrackID, mediaType: AVMediaType, state: CompositionTrackState, asset: AVAsset?)
    {
        self.state = Mutex(state)
        super.init(
            values: Values(
                trackID: trackID, mediaType: mediaType, naturalSize: .zero, preferredTransform: .identity,
                nominalFrameRate: 0, naturalTimeScale: 600, timeRange: .zero, estimatedDataRate: 0,
                isEnabled: true),
            asset: asset)
    }

    /// The track's segments in time order: contiguous from zero, no two empty ones adjacent,
    /// the last one not empty; `[]` for a track with no media.
    open var segments: [AVCompositionTrackSegment] { state.withLock { $0.timeline.segments } }

    /// The segment that plays at `trackTime`, or `nil` before zero and from the track's end on.
    ///
    /// - Complexity: O(log n) in the number of segments.
    open func segment(forTrackTime trackTime: CMTime) -> AVCompositionTrackSegment? {
        state.withLock { $0.timeline.segment(at: trackTime) }
    }

    /// `[0, end of the last segment)`; `CMTimeRange.zero` for a track with no media.
    open override var timeRange: CMTimeRange {
        CMTimeRange(start: .zero, duration: state.withLock { $0.timeline.end })
    }

    /// The stored size of the first media segment's source track; `.zero` with none (ruling AV7).
    open override var naturalSize: CGSize { state.withLock { $0.firstFormat?.naturalSize ?? .zero } }

    /// The transform to display the track's frames with; the identity unless set, or taken from
    /// the source track when ``AVMutableComposition`` made the track (ruling AV8).
    open override var preferredTransform: CGAffineTransform { state.withLock { $0.preferredTransform } }

    /// The first media segment's source track's frame rate; 0 with none (ruling AV7).
    open override var nominalFrameRate: Float { state.withLock { $0.firstFormat?.nominalFrameRate ?? 0 } }

    /// The timescale set by the app, else the first media segment's source track's, else 600,
    /// as Apple documents for `AVMutableCompositionTrack`.
    open override var naturalTimeScale: CMTimeScale {
        state.withLock { state in
            state.naturalTimeScale > 0 ? state.naturalTimeScale : state.firstFormat?.naturalTimeScale ?? 600
        }
    }

    /// The first media segment's source track's data rate; 0 with none (ruling AV7).
    open override var estimatedDataRate: Float { state.withLock { $0.firstFormat?.estimatedDataRate ?? 0 } }

    /// Whether the track takes part in playback and export; `true` unless set.
    open override var isEnabled: Bool { state.withLock { $0.isEnabled } }
}

/// A composition track that can be edited, Apple's `AVMutableCompositionTrack`.
///
/// Edits keep Apple's timeline rules: inserting at a time moves later media later; inserting
/// past the end leaves an empty segment before the new media; removing closes the gap; scaling
/// maps a range onto a new duration, so its segments' target ranges change and their sources
/// do not (rulings AV6–AV9).
open class AVMutableCompositionTrack: AVCompositionTrack, @unchecked Sendable {
    /// The track's segments; setting an array that ``validateSegments(_:)`` rejects leaves the
    /// segments as they were (ruling AV9). Neighbouring empty segments are merged and a trailing
    /// empty one dropped.
    open override var segments: [AVCompositionTrackSegment] {
        get { state.withLock { $0.timeline.segments } }
        set {
            do {
                try validateSegments(newValue)
            } catch {
                let code = (error as? AVError)?.code.rawValue ?? 0
                CompatibilityWarnings.report(
                    "AVMutableCompositionTrack.segments: segments that validateSegments rejects (\(code)) are ignored"
                )
                return
            }
            state.withLock { state in
                state.timeline.segments = newValue
                state.timeline.normalize()
            }
        }
    }

    /// The transform to display the track's frames with; the identity until set.
    open override var preferredTransform: CGAffineTransform {
        get { state.withLock { $0.preferredTransform } }
        set { state.withLock { $0.preferredTransform = newValue } }
    }

    /// Whether the track takes part in playback and export; `true` until set.
    open override var isEnabled: Bool {
        get { state.withLock { $0.isEnabled } }
        set { state.withLock { $0.isEnabled = newValue } }
    }

    /// The track's timescale; reads as Apple documents: the value set, else the first non-empty
    /// segment's source timescale, else 600. Setting 0 or less returns to that default.
    open override var naturalTimeScale: CMTimeScale {
        get { super.naturalTimeScale }
        set { state.withLock { $0.naturalTimeScale = max(newValue, 0) } }
    }

    /// Inserts `timeRange` of `track` at `startTime`: media at and after `startTime` moves later
    /// by the range's duration; a `startTime` past the track's end leaves an empty segment from
    /// the end to it. An empty range changes nothing.
    ///
    /// `track` is a media file's track (the segment names its file and track ID) or another
    /// composition's track (its segments within the range are copied). The range may run past
    /// the source track's end up to its asset's duration (ruling AV6).
    ///
    /// - Throws: ``AVError`` ``AVError/Code/invalidSourceMedia`` when the range is invalid, not
    ///   numeric or negative, or reaches outside the source; when `startTime` is not a numeric
    ///   time at or after zero; when `track` is of another media type or has no file.
    open func insertTimeRange(_ timeRange: CMTimeRange, of track: AVAssetTrack, at startTime: CMTime) throws {
        let pieces = try CompositionSource.pieces(of: track, in: timeRange, into: mediaType)
        try CompositionSource.checkInsertionTime(startTime)
        state.withLock { $0.timeline.insert(pieces, duration: timeRange.duration, at: startTime) }
    }

    /// Inserts each range of `timeRanges` of the matching track of `tracks`, one after another,
    /// from `startTime` (Apple's `insertTimeRanges(_:of:at:)`, with `CMTimeRange` values for
    /// Apple's `NSValue`s, which Linux's Foundation cannot hold). Nothing is inserted if one of
    /// them would throw.
    ///
    /// - Throws: as ``insertTimeRange(_:of:at:)``; also when the two arrays differ in length.
    open func insertTimeRanges(_ timeRanges: [CMTimeRange], of tracks: [AVAssetTrack], at startTime: CMTime)
        throws
    {
        guard timeRanges.count == tracks.count else {
            throw AVError(
                .invalidSourceMedia,
                userInfo: [
                    NSLocalizedFailureReasonErrorKey:
                        "\(timeRanges.count) time ranges for \(tracks.count) tracks"
                ])
        }
        try CompositionSource.checkInsertionTime(startTime)
        let all = try zip(timeRanges, tracks).map { range, track in
            (try CompositionSource.pieces(of: track, in: range, into: mediaType), range.duration)
        }
        state.withLock { state in
            var time = startTime
            for (pieces, duration) in all where duration > .zero {
                state.timeline.insert(pieces, duration: duration, at: time)
                time = time + duration
            }
        }
    }

    /// Inserts an empty span over `timeRange`: media from `timeRange.start` on moves later by its
    /// duration. An empty span at or after the track's end, or a range that is not numeric with
    /// a start at or after zero, changes nothing (ruling AV6).
    open func insertEmptyTimeRange(_ timeRange: CMTimeRange) {
        guard CompositionSource.isEditable(timeRange) else {
            CompositionSource.reportIgnored("insertEmptyTimeRange")
            return
        }
        state.withLock { $0.timeline.insertEmpty(timeRange) }
    }

    /// Removes `timeRange` from the track: media after it moves earlier by the part of it
    /// before the track's end. A range that is not numeric with a start at or after zero changes
    /// nothing; its duration may be `.positiveInfinity` to remove everything from its start.
    open func removeTimeRange(_ timeRange: CMTimeRange) {
        guard CompositionSource.isEditable(timeRange, infiniteDurationAllowed: true) else {
            CompositionSource.reportIgnored("removeTimeRange")
            return
        }
        state.withLock { $0.timeline.remove(timeRange) }
    }

    /// Plays `timeRange` of the track over `duration`: its segments' target ranges are mapped
    /// onto `[timeRange.start, timeRange.start + duration)` and their sources kept, so the media
    /// plays slower (longer) or faster (shorter); media after it moves by the change. A range or
    /// duration that is not numeric and longer than zero changes nothing.
    open func scaleTimeRange(_ timeRange: CMTimeRange, toDuration duration: CMTime) {
        guard CompositionSource.isEditable(timeRange), duration.isNumeric, duration > .zero else {
            CompositionSource.reportIgnored("scaleTimeRange")
            return
        }
        state.withLock { $0.timeline.scale(timeRange, toDuration: duration) }
    }

    /// Whether `trackSegments` may be the track's segments (Apple's `validateSegments(_:)`).
    ///
    /// - Throws: ``AVError`` ``AVError/Code/invalidCompositionTrackSegmentDuration`` when a
    ///   target range is not numeric, not longer than zero or does not start where the previous
    ///   one ends (the first at zero); ``AVError/Code/invalidCompositionTrackSegmentSourceStartTime``
    ///   or ``AVError/Code/invalidCompositionTrackSegmentSourceDuration`` when a non-empty
    ///   segment's source range is not numeric, starts before zero or is not longer than zero.
    open func validateSegments(_ trackSegments: [AVCompositionTrackSegment]) throws {
        try SegmentTimeline.validate(trackSegments)
    }
}
