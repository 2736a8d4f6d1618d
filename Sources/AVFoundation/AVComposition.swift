import CoreGraphics
import CoreMedia
import Foundation
import Synchronization

/// An asset made of ranges of other assets, Apple's `AVComposition`: tracks whose segments
/// place ranges of media files' tracks on one timeline.
///
/// A composition is read like any asset (``AVAsset/duration``, `tracks`, `load(.duration)`);
/// it is always loaded, as it reads no file. Edit one as an ``AVMutableComposition``.
open class AVComposition: AVAsset, @unchecked Sendable {
    // `@unchecked`: the track list and natural size are behind a mutex and each track guards its
    // own segments, so reads from any thread are safe; an edit of several tracks is not atomic
    // to a reader on another thread (Apple's mutable compositions are not thread-safe at all).
    struct State {
        var tracks: [AVCompositionTrack] = []
        var naturalSize = CGSize.zero
    }

    let state = Mutex(State())

    override init() {
        super.init()
    }

    /// The tracks, typed as composition tracks.
    var compositionTracks: [AVCompositionTrack] { state.withLock { $0.tracks } }

    override var allTracks: [AVAssetTrack] { compositionTracks }

    override func loadedContents() throws -> AssetContents {
        AssetContents(duration: duration, tracks: allTracks)
    }

    override func loadInBackground() async throws {}

    override func loadingState() -> (Result<AssetContents, any Error>?, Bool) {
        (.success(AssetContents(duration: duration, tracks: allTracks)), true)
    }

    /// The end of the longest track; `.zero` for a composition with no media.
    open override var duration: CMTime {
        compositionTracks.map(\.timeRange.end).max() ?? .zero
    }

    /// The size the composition's visual media is authored at: the size set on an
    /// ``AVMutableComposition``, else the natural size of its first video track (without its
    /// preferred transform), else `.zero` (Apple's documented default).
    open var naturalSize: CGSize {
        let (tracks, size) = state.withLock { ($0.tracks, $0.naturalSize) }
        if size != .zero { return size }
        return tracks.first { $0.mediaType == .video }?.naturalSize ?? .zero
    }

    /// The track with `trackID`, or `nil`.
    open override func track(withTrackID trackID: CMPersistentTrackID) -> AVCompositionTrack? {
        compositionTracks.first { $0.trackID == trackID }
    }
}

/// A composition that can be edited, Apple's `AVMutableComposition`.
///
/// ```swift
/// let composition = AVMutableComposition()
/// try composition.insertTimeRange(CMTimeRange(start: .zero, duration: first.duration), of: first, at: .zero)
/// try composition.insertTimeRange(clipRange, of: second, at: composition.duration)
/// ```
///
/// Edits of the whole composition apply to every track, so the tracks stay in step; a track's
/// own edits (``AVMutableCompositionTrack``) move only that track's media (rulings AV6–AV9).
open class AVMutableComposition: AVComposition, @unchecked Sendable {
    /// An empty composition, with no tracks.
    public override init() {
        super.init()
    }

    /// An empty composition; `urlAssetInitializationOptions` (the options for the assets its
    /// segments' files are opened as) are accepted and ignored, as for ``AVURLAsset``.
    public convenience init(urlAssetInitializationOptions: [String: Any]? = nil) {
        self.init()
    }

    /// The tracks, typed as mutable tracks: a mutable composition only ever holds those.
    var mutableTracks: [AVMutableCompositionTrack] {
        compositionTracks.compactMap { $0 as? AVMutableCompositionTrack }
    }

    /// The size the composition's visual media is authored at: the value set, else the natural
    /// size of its first video track, else `.zero`; setting `.zero` returns to that default.
    open override var naturalSize: CGSize {
        get { super.naturalSize }
        set { state.withLock { $0.naturalSize = newValue } }
    }

    /// The track with `trackID`, or `nil`.
    open override func track(withTrackID trackID: CMPersistentTrackID) -> AVMutableCompositionTrack? {
        mutableTracks.first { $0.trackID == trackID }
    }

    /// Adds an empty track of `mediaType` and returns it. Its ID is `preferredTrackID` when that
    /// is positive and not in use; otherwise (`kCMPersistentTrackID_Invalid`) one more than the
    /// greatest ID in use, so IDs are 1, 2, 3… (ruling AV8).
    open func addMutableTrack(withMediaType mediaType: AVMediaType, preferredTrackID: CMPersistentTrackID)
        -> AVMutableCompositionTrack?
    {
        state.withLock { state in
            let used = Set(state.tracks.map(\.trackID))
            let trackID =
                preferredTrackID > 0 && !used.contains(preferredTrackID)
                ? preferredTrackID : (used.max() ?? 0) + 1
            let track = AVMutableCompositionTrack(
                trackID: trackID, mediaType: mediaType, state: CompositionTrackState(), asset: self)
            state.tracks.append(track)
            return track
        }
    }

    /// Removes `track` from the composition; a track it does not hold is ignored. The removed
    /// track keeps its segments and no longer names an asset.
    open func removeTrack(_ track: AVCompositionTrack) {
        let removed = state.withLock { state -> Bool in
            guard let index = state.tracks.firstIndex(where: { $0 === track }) else { return false }
            state.tracks.remove(at: index)
            return true
        }
        if removed { track.asset = nil }
    }

    /// The first track of the same media type as `track`, into which its media can be inserted,
    /// or `nil` (ruling AV8).
    open func mutableTrack(compatibleWith track: AVAssetTrack) -> AVMutableCompositionTrack? {
        mutableTracks.first { $0.mediaType == track.mediaType }
    }

    /// Inserts `timeRange` of every track of `asset` at `startTime`, as each track's
    /// ``AVMutableCompositionTrack/insertTimeRange(_:of:at:)`` does; tracks that receive no media
    /// get an empty span instead, so later media in every track moves by the same duration.
    ///
    /// Each source track goes into the first track of its media type not already given one in
    /// this call; a track is added when there is none, taking the source track's preferred
    /// transform (ruling AV8). A range may reach up to the asset's duration in every track.
    ///
    /// - Throws: what reading `asset` throws (`URLError(.fileDoesNotExist)` for a missing file,
    ///   ``AVError/Code/fileFormatNotRecognized``…), or as
    ///   ``AVMutableCompositionTrack/insertTimeRange(_:of:at:)``; nothing is changed when it throws.
    open func insertTimeRange(_ timeRange: CMTimeRange, of asset: AVAsset, at startTime: CMTime) throws {
        try CompositionSource.checkInsertionTime(startTime)
        let sources = try asset.loadedContents().tracks
        let pieces = try sources.map { source in
            try CompositionSource.pieces(of: source, in: timeRange, into: source.mediaType)
        }
        guard timeRange.duration > .zero else { return }
        var remaining = mutableTracks
        var destinations: [AVMutableCompositionTrack] = []
        for source in sources {
            if let index = remaining.firstIndex(where: { $0.mediaType == source.mediaType }) {
                destinations.append(remaining.remove(at: index))
            } else if let added = addMutableTrack(
                withMediaType: source.mediaType, preferredTrackID: kCMPersistentTrackID_Invalid)
            {
                added.preferredTransform = source.preferredTransform
                destinations.append(added)
            }
        }
        for (destination, piece) in zip(destinations, pieces) {
            destination.state.withLock {
                $0.timeline.insert(piece, duration: timeRange.duration, at: startTime)
            }
        }
        for track in remaining {
            track.insertEmptyTimeRange(CMTimeRange(start: startTime, duration: timeRange.duration))
        }
    }

    /// Inserts an empty span over `timeRange` in every track (see
    /// ``AVMutableCompositionTrack/insertEmptyTimeRange(_:)``).
    open func insertEmptyTimeRange(_ timeRange: CMTimeRange) {
        for track in mutableTracks { track.insertEmptyTimeRange(timeRange) }
    }

    /// Removes `timeRange` from every track, closing the gap (see
    /// ``AVMutableCompositionTrack/removeTimeRange(_:)``); the tracks stay, even when empty.
    open func removeTimeRange(_ timeRange: CMTimeRange) {
        for track in mutableTracks { track.removeTimeRange(timeRange) }
    }

    /// Plays `timeRange` of every track over `duration` (see
    /// ``AVMutableCompositionTrack/scaleTimeRange(_:toDuration:)``).
    open func scaleTimeRange(_ timeRange: CMTimeRange, toDuration duration: CMTime) {
        for track in mutableTracks { track.scaleTimeRange(timeRange, toDuration: duration) }
    }
}
