import CoreGraphics
import CoreMedia
import Foundation

/// One track of an asset, Apple's `AVAssetTrack`: its kind, identifier, size, orientation, frame
/// rate and time range, as `ffprobe` reads them from the file (ruling AV1).
open class AVAssetTrack: AVAsynchronousKeyValueLoading, @unchecked Sendable {
    /// The values read from the file.
    struct Values {
        var trackID: CMPersistentTrackID
        var mediaType: AVMediaType
        var naturalSize: CGSize
        var preferredTransform: CGAffineTransform
        var nominalFrameRate: Float
        var naturalTimeScale: CMTimeScale
        var timeRange: CMTimeRange
        var estimatedDataRate: Float
        var isEnabled: Bool
    }

    private let values: Values

    /// The asset the track belongs to; `nil` once that asset is gone (Apple's `weak` reference).
    public internal(set) weak var asset: AVAsset?

    init(values: Values, asset: AVAsset?) {
        self.values = values
        self.asset = asset
    }

    /// The container's identifier of the track (MP4's `track_ID`); the stream's position plus
    /// one in containers without identifiers.
    open var trackID: CMPersistentTrackID { values.trackID }

    /// The kind of media: `.video`, `.audio`, `.text`, `.subtitle`, `.closedCaption`,
    /// `.timecode` or `.metadata`.
    open var mediaType: AVMediaType { values.mediaType }

    /// A video track's frame size in pixels as stored, before ``preferredTransform``;
    /// `.zero` for other tracks.
    open var naturalSize: CGSize { values.naturalSize }

    /// The transform to apply to frames for display: the track's matrix (MP4's `tkhd`, with its
    /// translation) as ffprobe reports it in the display-matrix side data; the identity when the
    /// file has none. A phone video held upright is typically a 90° rotation.
    open var preferredTransform: CGAffineTransform { values.preferredTransform }

    /// A video track's frames per second (ffprobe's average frame rate); 0 for other tracks.
    open var nominalFrameRate: Float { values.nominalFrameRate }

    /// The track's own timescale (MP4's media timescale, such as 15360 or 44100).
    open var naturalTimeScale: CMTimeScale { values.naturalTimeScale }

    /// When the track plays, in ``naturalTimeScale`` where the container gives exact ticks.
    open var timeRange: CMTimeRange { values.timeRange }

    /// The track's data rate in bits per second, as the container or ffprobe estimates it; 0
    /// when unknown.
    open var estimatedDataRate: Float { values.estimatedDataRate }

    /// Whether the track is enabled; every track ffprobe reports is.
    open var isEnabled: Bool { values.isEnabled }

    /// The keys ``statusOfValue(forKey:error:)`` reports as loaded: the track's properties.
    static let loadedKeys: Set<String> = [
        "trackID", "mediaType", "naturalSize", "preferredTransform", "nominalFrameRate", "naturalTimeScale",
        "timeRange", "estimatedDataRate", "enabled", "isEnabled",
    ]

    /// `.loaded` for the track's properties, which are read with its asset; `.unknown` for other
    /// keys (ruling AV5).
    public func statusOfValue(forKey key: String, error outError: UnsafeMutablePointer<NSError?>?)
        -> AVKeyValueStatus
    {
        Self.loadedKeys.contains(key) ? .loaded : .unknown
    }

    /// Calls `handler` on a background queue: a track's values are already loaded.
    public func loadValuesAsynchronously(
        forKeys keys: [String], completionHandler handler: (@Sendable () -> Void)? = nil
    ) {
        DispatchQueue.global().async { handler?() }
    }

    /// Whether the track has `mediaCharacteristic`: video is `.visual`, audio `.audible`, text,
    /// subtitles and closed captions `.legible` (ruling AV4).
    open func hasMediaCharacteristic(_ mediaCharacteristic: AVMediaCharacteristic) -> Bool {
        mediaType.characteristics.contains(mediaCharacteristic)
    }
}

extension AVPartialAsyncProperty where Root: AVAssetTrack {
    /// ``AVAssetTrack/naturalSize``, for `try await track.load(.naturalSize)`.
    public static var naturalSize: AVAsyncProperty<Root, CGSize> {
        AVAsyncProperty(name: "naturalSize") { $0.naturalSize }
    }

    /// ``AVAssetTrack/preferredTransform``.
    public static var preferredTransform: AVAsyncProperty<Root, CGAffineTransform> {
        AVAsyncProperty(name: "preferredTransform") { $0.preferredTransform }
    }

    /// ``AVAssetTrack/nominalFrameRate``.
    public static var nominalFrameRate: AVAsyncProperty<Root, Float> {
        AVAsyncProperty(name: "nominalFrameRate") { $0.nominalFrameRate }
    }

    /// ``AVAssetTrack/naturalTimeScale``.
    public static var naturalTimeScale: AVAsyncProperty<Root, CMTimeScale> {
        AVAsyncProperty(name: "naturalTimeScale") { $0.naturalTimeScale }
    }

    /// ``AVAssetTrack/timeRange``.
    public static var timeRange: AVAsyncProperty<Root, CMTimeRange> {
        AVAsyncProperty(name: "timeRange") { $0.timeRange }
    }

    /// ``AVAssetTrack/estimatedDataRate``.
    public static var estimatedDataRate: AVAsyncProperty<Root, Float> {
        AVAsyncProperty(name: "estimatedDataRate") { $0.estimatedDataRate }
    }

    /// ``AVAssetTrack/isEnabled``.
    public static var isEnabled: AVAsyncProperty<Root, Bool> {
        AVAsyncProperty(name: "isEnabled") { $0.isEnabled }
    }
}
