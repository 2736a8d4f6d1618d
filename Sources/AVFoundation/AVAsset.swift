import CoreMedia
import Foundation

/// Timed audiovisual media, Apple's `AVAsset`: its duration and tracks.
///
/// Properties read the media the first time one is asked for, once per asset, and return the
/// same values (and the same track objects) afterwards. The synchronous properties, deprecated on
/// Apple's platforms but still used, answer `.invalid` and `[]` when the media cannot be read;
/// the asynchronous `load(_:)` forms throw the reason instead.
open class AVAsset: AVAsynchronousKeyValueLoading, _AVAssetTrackContainer, @unchecked Sendable {
    private let lock = NSLock()
    private var contents: Result<AssetContents, any Error>?
    private var loadingStarted = false

    init() {}

    /// The media's streams and container; ``AVURLAsset`` reads its file.
    func readMedia() throws -> ProbedMedia {
        throw AVError(.operationNotSupportedForAsset)
    }

    /// The asset's duration and tracks, read once.
    func loadedContents() throws -> AssetContents {
        lock.lock()
        defer { lock.unlock() }
        if let contents { return try contents.get() }
        let result = Result { try AssetContents(media: readMedia(), asset: self) }
        contents = result
        return try result.get()
    }

    /// ``loadedContents()`` on a background queue, for the asynchronous forms.
    func loadInBackground() async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            DispatchQueue.global().async {
                do {
                    _ = try self.loadedContents()
                    continuation.resume()
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        }
    }

    /// What has been read so far, and whether reading has begun; a composition's contents are
    /// always there.
    func loadingState() -> (Result<AssetContents, any Error>?, Bool) {
        lock.lock()
        defer { lock.unlock() }
        return (contents, loadingStarted)
    }

    /// The keys ``statusOfValue(forKey:error:)`` reports on: the properties read from the media,
    /// by their Objective-C names (`"playable"`) and their Swift ones (`"isPlayable"`).
    static let loadedKeys: Set<String> = [
        "duration", "tracks", "readable", "isReadable", "playable", "isPlayable",
    ]

    /// `.loaded` for the asset's keys once its media has been read, `.failed` (with the reason in
    /// `outError`) when reading failed, `.loading` while it is being read, else `.unknown`
    /// (ruling AV5).
    public func statusOfValue(forKey key: String, error outError: UnsafeMutablePointer<NSError?>?)
        -> AVKeyValueStatus
    {
        let (contents, started) = loadingState()
        guard Self.loadedKeys.contains(key) else { return .unknown }
        switch contents {
        case .success: return .loaded
        case .failure(let error):
            outError?.pointee = error as NSError
            return .failed
        case nil: return started ? .loading : .unknown
        }
    }

    /// Reads the media on a background queue, then calls `handler` there (Apple's
    /// `loadValuesAsynchronously(forKeys:completionHandler:)`); every key is loaded at once.
    public func loadValuesAsynchronously(
        forKeys keys: [String], completionHandler handler: (@Sendable () -> Void)? = nil
    ) {
        lock.lock()
        loadingStarted = true
        lock.unlock()
        DispatchQueue.global().async {
            _ = try? self.loadedContents()
            handler?()
        }
    }

    /// Does nothing: a read that has begun runs to its end (Apple's `cancelLoading()`).
    open func cancelLoading() {}

    /// How long the asset plays: the latest end of its tracks' time ranges, in that track's
    /// timescale; `.invalid` when the media cannot be read (rulings AV2, AV3).
    open var duration: CMTime { (try? loadedContents().duration) ?? .invalid }

    /// The asset's tracks, in the file's order; `[]` when the media cannot be read. Subclasses
    /// answer their own tracks here; ``_AVAssetTrackContainer/tracks`` reads it with the type
    /// each class declares on Apple's platforms.
    var allTracks: [AVAssetTrack] { (try? loadedContents().tracks) ?? [] }

    /// Whether the media could be read and has at least one track (ruling AV4).
    open var isReadable: Bool { !allTracks.isEmpty }

    /// Whether the media could be read and has a video or audio track (ruling AV4).
    open var isPlayable: Bool { allTracks.contains { $0.mediaType == .video || $0.mediaType == .audio } }

    /// The track with `trackID`, or `nil`.
    open func track(withTrackID trackID: CMPersistentTrackID) -> AVAssetTrack? {
        allTracks.first { $0.trackID == trackID }
    }
}

/// The `AVURLAsset` option asking for precise durations and timing, Apple's
/// `AVURLAssetPreferPreciseDurationAndTimingKey`; accepted and ignored, as Lamina's times are
/// always precise (ruling AV2).
public let AVURLAssetPreferPreciseDurationAndTimingKey = "AVURLAssetPreferPreciseDurationAndTimingKey"

/// An asset read from a URL, Apple's `AVURLAsset`; Lamina reads local files with `ffprobe`.
open class AVURLAsset: AVAsset, @unchecked Sendable {
    /// The URL the asset was made with.
    public let url: URL

    /// An asset of the media at `URL`. Nothing is read until a property is asked for; `options`
    /// (Apple's `AVURLAssetPreferPreciseDurationAndTimingKey` and others) are accepted and
    /// ignored: durations are always precise (ruling AV2).
    public init(url URL: URL, options: [String: Any]? = nil) {
        self.url = URL
        super.init()
    }

    override func readMedia() throws -> ProbedMedia {
        try MediaProbe.probe(url)
    }
}

extension AVPartialAsyncProperty where Root: AVAsset {
    /// The asset's ``AVAsset/duration``, for `try await asset.load(.duration)`.
    public static var duration: AVAsyncProperty<Root, CMTime> {
        AVAsyncProperty(name: "duration") { try $0.loadedContents().duration }
    }

    /// The asset's ``AVAsset/tracks``, for `try await asset.load(.tracks)`.
    public static var tracks: AVAsyncProperty<Root, [AVAssetTrack]> {
        AVAsyncProperty(name: "tracks") { try $0.loadedContents().tracks }
    }

    /// ``AVAsset/isReadable``; throws, like the other properties, when the media cannot be read.
    public static var isReadable: AVAsyncProperty<Root, Bool> {
        AVAsyncProperty(name: "isReadable") { try !$0.loadedContents().tracks.isEmpty }
    }

    /// ``AVAsset/isPlayable``; throws, like the other properties, when the media cannot be read.
    public static var isPlayable: AVAsyncProperty<Root, Bool> {
        AVAsyncProperty(name: "isPlayable") {
            try $0.loadedContents().tracks.contains { $0.mediaType == .video || $0.mediaType == .audio }
        }
    }
}

/// What reading an asset's media found: its duration and tracks.
struct AssetContents {
    var duration: CMTime
    var tracks: [AVAssetTrack]

    init(duration: CMTime, tracks: [AVAssetTrack]) {
        self.duration = duration
        self.tracks = tracks
    }

    init(media: ProbedMedia, asset: AVAsset) {
        tracks = (media.streams ?? []).compactMap {
            AVAssetTrack(stream: $0, format: media.format, asset: asset)
        }
        let ends = tracks.map(\.timeRange).filter(\.isValid).map(\.end)
        if let latest = ends.max() {
            duration = latest
        } else if let seconds = media.format?.duration.flatMap(Double.init) {
            duration = CMTime(seconds: seconds, preferredTimescale: 1000)
        } else {
            duration = .zero
        }
    }
}
