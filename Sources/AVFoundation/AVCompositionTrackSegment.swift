import CoreGraphics
import CoreMedia
import Foundation

/// A span of a track's timeline and the media it presents, Apple's `AVAssetTrackSegment`.
///
/// Segments are values: a track's edits make new segments rather than changing these.
open class AVAssetTrackSegment: @unchecked Sendable {
    // `@unchecked` because the class is open; its stored properties are constants of Sendable
    // types, so an instance can be shared freely.

    /// How the segment's source range maps onto the track's timeline: `target` is where it plays
    /// in the track, `source` the media it plays; an empty segment has an invalid `source`.
    public let timeMapping: CMTimeMapping

    init(timeMapping: CMTimeMapping) {
        self.timeMapping = timeMapping
    }

    /// Whether the segment presents no media (an empty edit): nothing, or silence, plays there.
    open var isEmpty: Bool { timeMapping.isEmpty }
}

/// What a composition segment's source track was like when it was inserted, so that a composition
/// track can answer its natural size, frame rate and timescale (rulings AV7, AV8).
struct SegmentSourceFormat: Hashable, Sendable {
    var mediaType: AVMediaType
    var naturalSize: CGSize
    var nominalFrameRate: Float
    var naturalTimeScale: CMTimeScale
    var estimatedDataRate: Float

    init(_ track: AVAssetTrack) {
        mediaType = track.mediaType
        naturalSize = track.naturalSize
        nominalFrameRate = track.nominalFrameRate
        naturalTimeScale = track.naturalTimeScale
        estimatedDataRate = track.estimatedDataRate
    }
}

/// A segment of a composition track, Apple's `AVCompositionTrackSegment`: a range of one track of
/// a media file placed on the composition's timeline, or an empty span.
///
/// When the source and target durations differ (after ``AVMutableCompositionTrack/scaleTimeRange(_:toDuration:)``)
/// the media plays faster or slower: source time `s` plays at
/// `CMTimeMapTimeFromRangeToRange(s, fromRange: timeMapping.source, toRange: timeMapping.target)`.
open class AVCompositionTrackSegment: AVAssetTrackSegment, @unchecked Sendable {
    /// The file holding the media; `nil` for an empty segment.
    public let sourceURL: URL?
    /// The track of ``sourceURL`` that supplies the media; `kCMPersistentTrackID_Invalid` for an
    /// empty segment.
    public let sourceTrackID: CMPersistentTrackID
    /// The source track's format, when the segment was made from a track.
    let format: SegmentSourceFormat?

    /// A segment presenting `sourceTimeRange` of track `trackID` of the file at `URL` over
    /// `targetTimeRange` of the composition track.
    public init(
        url URL: URL, trackID: CMPersistentTrackID, sourceTimeRange: CMTimeRange, targetTimeRange: CMTimeRange
    ) {
        self.sourceURL = URL
        self.sourceTrackID = trackID
        self.format = nil
        super.init(timeMapping: CMTimeMapping(source: sourceTimeRange, target: targetTimeRange))
    }

    /// An empty segment over `timeRange` of the composition track.
    public init(timeRange: CMTimeRange) {
        self.sourceURL = nil
        self.sourceTrackID = kCMPersistentTrackID_Invalid
        self.format = nil
        super.init(timeMapping: CMTimeMappingMakeEmpty(target: timeRange))
    }

    init(
        url: URL?, trackID: CMPersistentTrackID, format: SegmentSourceFormat?, timeMapping: CMTimeMapping
    ) {
        self.sourceURL = url
        self.sourceTrackID = trackID
        self.format = format
        super.init(timeMapping: timeMapping)
    }

    /// Whether the segment presents no media: it has no ``sourceURL``.
    open override var isEmpty: Bool { sourceURL == nil }

    /// The same source over `target`, its source cut to match: the part of the source that
    /// plays over `target`, which must lie within this segment's target range.
    func restricted(to target: CMTimeRange) -> AVCompositionTrackSegment {
        guard !isEmpty else { return moved(to: target) }
        let start = sourceTime(at: target.start)
        let end = sourceTime(at: target.end)
        return AVCompositionTrackSegment(
            url: sourceURL, trackID: sourceTrackID, format: format,
            timeMapping: CMTimeMapping(source: CMTimeRange(start: start, end: end), target: target))
    }

    /// The source time that plays at track time `t`: exact offsets for an unscaled segment,
    /// `CMTimeMapTimeFromRangeToRange` for a scaled one.
    func sourceTime(at t: CMTime) -> CMTime {
        let (source, target) = (timeMapping.source, timeMapping.target)
        if t == target.start { return source.start }
        if t == target.end { return source.end }
        if source.duration == target.duration { return source.start + (t - target.start) }
        return CMTimeMapTimeFromRangeToRange(t, fromRange: target, toRange: source)
    }

    /// The same source (unchanged) shown over `target`; for an empty segment, just the new range.
    func moved(to target: CMTimeRange) -> AVCompositionTrackSegment {
        AVCompositionTrackSegment(
            url: sourceURL, trackID: sourceTrackID, format: format,
            timeMapping: isEmpty
                ? CMTimeMappingMakeEmpty(target: target)
                : CMTimeMapping(source: timeMapping.source, target: target))
    }
}
