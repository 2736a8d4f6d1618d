import CoreMedia

// Apple's headers declare `tracks` as `[AVAssetTrack]` on AVAsset, `[AVCompositionTrack]` on
// AVComposition and `[AVMutableCompositionTrack]` on AVMutableComposition, which Objective-C
// allows and a Swift override does not (an array property cannot be overridden with an array of
// a subclass). The track lists are therefore members of constrained extensions of one protocol,
// where Swift picks the most specific: `composition.tracks.first?.preferredTransform = t`
// compiles as on iOS, and `(composition as AVAsset).tracks` still lists the same tracks.

/// Lamina's carrier of ``tracks`` and its relatives, typed per class as Apple's SDK types them;
/// only ``AVAsset`` conforms. Use the members, not the protocol.
public protocol _AVAssetTrackContainer: AnyObject {}

extension _AVAssetTrackContainer where Self: AVAsset {
    /// The asset's tracks: a media file's in the file's order (`[]` when it cannot be read), a
    /// composition's in the order they were added.
    public var tracks: [AVAssetTrack] { allTracks }

    /// The tracks of one media type, such as `.video`.
    public func tracks(withMediaType mediaType: AVMediaType) -> [AVAssetTrack] {
        allTracks.filter { $0.mediaType == mediaType }
    }

    /// The tracks with a characteristic, such as `.audible` (ruling AV4).
    public func tracks(withMediaCharacteristic mediaCharacteristic: AVMediaCharacteristic) -> [AVAssetTrack] {
        allTracks.filter { $0.hasMediaCharacteristic(mediaCharacteristic) }
    }

    /// The tracks of one media type, once the asset is loaded.
    ///
    /// - Throws: as ``AVAsynchronousKeyValueLoading/load(_:)``.
    public func loadTracks(withMediaType mediaType: AVMediaType) async throws -> [AVAssetTrack] {
        try await loadInBackground()
        return try loadedContents().tracks.filter { $0.mediaType == mediaType }
    }

    /// The tracks with a characteristic, once the asset is loaded.
    ///
    /// - Throws: as ``AVAsynchronousKeyValueLoading/load(_:)``.
    public func loadTracks(withMediaCharacteristic mediaCharacteristic: AVMediaCharacteristic) async throws
        -> [AVAssetTrack]
    {
        try await loadInBackground()
        return try loadedContents().tracks.filter { $0.hasMediaCharacteristic(mediaCharacteristic) }
    }
}

extension _AVAssetTrackContainer where Self: AVAsset {
    /// The track with `trackID`, or `nil`, once the asset is loaded.
    ///
    /// - Throws: as ``AVAsynchronousKeyValueLoading/load(_:)``.
    public func loadTrack(withTrackID trackID: CMPersistentTrackID) async throws -> AVAssetTrack? {
        try await loadInBackground()
        return try loadedContents().tracks.first { $0.trackID == trackID }
    }
}

extension _AVAssetTrackContainer where Self: AVComposition {
    /// The composition's track with `trackID`, or `nil`; a composition is always loaded.
    public func loadTrack(withTrackID trackID: CMPersistentTrackID) async throws -> AVCompositionTrack? {
        compositionTracks.first { $0.trackID == trackID }
    }

    /// The composition's tracks, in the order they were added.
    public var tracks: [AVCompositionTrack] { compositionTracks }

    /// The composition's tracks of one media type, such as `.video`.
    public func tracks(withMediaType mediaType: AVMediaType) -> [AVCompositionTrack] {
        compositionTracks.filter { $0.mediaType == mediaType }
    }

    /// The composition's tracks with a characteristic, such as `.audible`.
    public func tracks(withMediaCharacteristic mediaCharacteristic: AVMediaCharacteristic)
        -> [AVCompositionTrack]
    {
        compositionTracks.filter { $0.hasMediaCharacteristic(mediaCharacteristic) }
    }

    /// The composition's tracks of one media type; a composition is always loaded.
    public func loadTracks(withMediaType mediaType: AVMediaType) async throws -> [AVCompositionTrack] {
        compositionTracks.filter { $0.mediaType == mediaType }
    }

    /// The composition's tracks with a characteristic; a composition is always loaded.
    public func loadTracks(withMediaCharacteristic mediaCharacteristic: AVMediaCharacteristic) async throws
        -> [AVCompositionTrack]
    {
        compositionTracks.filter { $0.hasMediaCharacteristic(mediaCharacteristic) }
    }
}

extension _AVAssetTrackContainer where Self: AVMutableComposition {
    /// The composition's track with `trackID`, or `nil`; a composition is always loaded.
    public func loadTrack(withTrackID trackID: CMPersistentTrackID) async throws -> AVMutableCompositionTrack?
    {
        mutableTracks.first { $0.trackID == trackID }
    }

    /// The composition's tracks, in the order they were added; each can be edited.
    public var tracks: [AVMutableCompositionTrack] { mutableTracks }

    /// The composition's tracks of one media type, such as `.video`.
    public func tracks(withMediaType mediaType: AVMediaType) -> [AVMutableCompositionTrack] {
        mutableTracks.filter { $0.mediaType == mediaType }
    }

    /// The composition's tracks with a characteristic, such as `.audible`.
    public func tracks(withMediaCharacteristic mediaCharacteristic: AVMediaCharacteristic)
        -> [AVMutableCompositionTrack]
    {
        mutableTracks.filter { $0.hasMediaCharacteristic(mediaCharacteristic) }
    }

    /// The composition's tracks of one media type; a composition is always loaded.
    public func loadTracks(withMediaType mediaType: AVMediaType) async throws -> [AVMutableCompositionTrack] {
        mutableTracks.filter { $0.mediaType == mediaType }
    }

    /// The composition's tracks with a characteristic; a composition is always loaded.
    public func loadTracks(withMediaCharacteristic mediaCharacteristic: AVMediaCharacteristic) async throws
        -> [AVMutableCompositionTrack]
    {
        mutableTracks.filter { $0.hasMediaCharacteristic(mediaCharacteristic) }
    }
}

extension AVPartialAsyncProperty where Root: AVComposition {
    /// The composition's tracks, for `try await composition.load(.tracks)`.
    public static var tracks: AVAsyncProperty<Root, [AVCompositionTrack]> {
        AVAsyncProperty(name: "tracks") { $0.compositionTracks }
    }
}

extension AVPartialAsyncProperty where Root: AVMutableComposition {
    /// The composition's tracks, typed as mutable tracks, for `try await composition.load(.tracks)`.
    public static var tracks: AVAsyncProperty<Root, [AVMutableCompositionTrack]> {
        AVAsyncProperty(name: "tracks") { $0.mutableTracks }
    }
}
