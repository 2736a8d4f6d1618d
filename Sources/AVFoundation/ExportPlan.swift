import CoreGraphics
import CoreMedia
import Foundation
import LaminaExport

/// What an export session will do, checked before anything is rendered (rulings AV15–AV19): the
/// output, the span of the asset, the frame timing and size, where each video track's frames
/// come from, and the sound.
struct ExportPlan {
    /// The file written.
    var output: URL
    /// The span of the asset exported, inside `[0, duration)`.
    var range: CMTimeRange
    /// The video composition rendered (the session's, or the asset's own).
    var videoComposition: AVVideoComposition
    /// One frame's duration, numeric and positive.
    var frameDuration: CMTime
    /// LaminaExport's options: size, scale, rate, duration, sound, encoder.
    var options: ExportOptions
    /// The media segments of every enabled video track, by composition track ID.
    var videoTracks: [CMPersistentTrackID: [SourceSegment]]
    /// The source video ffmpeg draws under the rendered layers (ruling AV23), or `nil` when the
    /// layer tree composites the video itself.
    var underlay: VideoUnderlay?

    /// How the video's pictures reach the output, as ``underlay`` decides.
    var compositing: VideoCompositingPath { underlay == nil ? .layerTree : .sourceOverlay }

    /// The composition time of export frame `index`.
    func time(ofFrame index: Int) -> CMTime {
        range.start + CMTimeMultiply(frameDuration, multiplier: Int32(clamping: index))
    }
}

/// One media segment of a video track, as the frames of the export it covers.
struct SourceSegment {
    /// The source file.
    var url: URL
    /// ffmpeg's index of the source stream.
    var stream: Int
    /// The stream's stored size in pixels.
    var width: Int
    var height: Int
    /// What ffprobe read of the stream's pictures: pixel format, colour matrix and range (`nil`
    /// where untagged), and whether it carries a display matrix (a rotation).
    var pixelFormat: String?
    var colorSpace: String?
    var colorRange: String?
    var hasDisplayMatrix = false
    /// The source range and the composition range it plays over.
    var mapping: CMTimeMapping
    /// The export frames whose time falls inside the composition range.
    var frames: Range<Int>
}

extension ExportPlan {
    /// Checks the session's configuration and its asset and plans the export.
    ///
    /// - Throws: ``AVError`` (``AVError/Code/exportFailed`` for a missing output URL or file
    ///   type, ``AVError/Code/fileAlreadyExists``, ``AVError/Code/operationNotSupportedForAsset``
    ///   without a video track, ``AVError/Code/invalidVideoComposition``), `URLError` for a
    ///   source file that cannot be read, or what reading the asset throws.
    init(session: AVAssetExportSession) throws {
        let (output, container) = try Self.output(of: session)
        let asset = session.asset
        let tracks = try asset.loadedContents().tracks.filter(\.isEnabled)
        let videoTracks = tracks.filter { $0.mediaType == .video }
        guard !videoTracks.isEmpty else {
            throw AVError(
                .operationNotSupportedForAsset,
                reason: "the asset has no video track; Lamina exports movies with video")
        }
        let range = try Self.resolve(session.timeRange, duration: asset.duration)
        let videoComposition = session.videoComposition ?? AVVideoComposition(propertiesOf: asset)
        try Self.check(videoComposition, asset: asset, range: range)
        var options = ExportOptions(size: videoComposition.renderSize, duration: range.duration.seconds)
        options.framesPerSecond = 1 / videoComposition.frameDuration.seconds
        options.scale = session.preset.scale(for: videoComposition.renderSize)
        options.format = container == "webm" ? .webm : .mp4
        if container != "webm" { options.movieContainer = container }
        options.fastStart = session.shouldOptimizeForNetworkUse
        options.videoQuality = session.preset.quality
        self.output = output
        self.range = range
        self.videoComposition = videoComposition
        self.frameDuration = videoComposition.frameDuration
        self.options = options
        self.videoTracks = [:]
        var probes = SourceProbes()
        for track in videoTracks {
            self.videoTracks[track.trackID] = try Self.segments(of: track, in: asset).compactMap {
                try plan($0, probes: &probes)
            }
        }
        self.options.soundtracks = try Self.soundtracks(
            of: tracks.filter { $0.mediaType == .audio }, in: asset, range: range, mix: session.audioMix,
            probes: &probes)
        if !session.forcesLayerTreeCompositing { underlay = sourceOverlay() }
    }

    /// The output file and ffmpeg's muxer for it.
    ///
    /// - Throws: ``AVError/Code/exportFailed`` without a file URL or a supported file type,
    ///   ``AVError/Code/fileAlreadyExists`` when a file is there.
    static func output(of session: AVAssetExportSession) throws -> (URL, String) {
        guard let output = session.outputURL else {
            throw AVError(.exportFailed, reason: "outputURL is not set; set it before exporting")
        }
        guard let fileType = session.outputFileType else {
            throw AVError(.exportFailed, reason: "outputFileType is not set; use one of supportedFileTypes")
        }
        guard session.supportedFileTypes.contains(fileType), let container = fileType.muxer else {
            throw AVError(
                .exportFailed,
                reason:
                    "the output file type \(fileType.rawValue) is not supported; use .mov, .mp4, .m4v or .webm"
            )
        }
        guard output.isFileURL else {
            throw AVError(.exportFailed, reason: "the output URL \(output) is not a file URL")
        }
        if FileManager.default.fileExists(atPath: output.path) {
            throw AVError(
                .fileAlreadyExists,
                reason: "a file exists at \(output.path); remove it or choose another outputURL")
        }
        return (output, container)
    }

    /// The session's time range inside the asset: a start that is numeric and inside
    /// `[0, duration)`, an end cut at the asset's end (a duration of `+∞` reaches it).
    static func resolve(_ requested: CMTimeRange, duration: CMTime) throws -> CMTimeRange {
        guard requested.start.isNumeric, requested.start >= .zero, requested.start < duration,
            requested.duration.isNumeric || requested.duration == .positiveInfinity,
            requested.duration > .zero
        else {
            throw AVError(
                .exportFailed,
                reason:
                    "the time range \(requested.start.seconds) s + \(requested.duration.seconds) s is not "
                    + "inside the asset's \(duration.seconds) s")
        }
        let end = requested.duration == .positiveInfinity ? duration : min(requested.end, duration)
        return CMTimeRange(start: requested.start, end: end)
    }

    /// Throws ``AVError/Code/invalidVideoComposition`` for what Apple's export rejects.
    static func check(_ composition: AVVideoComposition, asset: AVAsset, range: CMTimeRange) throws {
        func fail(_ reason: String) -> AVError { AVError(.invalidVideoComposition, reason: reason) }
        let size = composition.renderSize
        guard size.width.isFinite, size.height.isFinite, size.width >= 1, size.height >= 1 else {
            throw fail("renderSize \(size.width)×\(size.height) must be at least 1×1")
        }
        guard composition.frameDuration.isNumeric, composition.frameDuration > .zero,
            composition.frameDuration.seconds >= 0.001
        else { throw fail("frameDuration must be a positive time of at least 1 ms") }
        guard composition.renderScale == 1 else {
            throw fail("renderScale \(composition.renderScale) is not 1, the only scale an export renders")
        }
        for instruction in composition.instructions where !(instruction is AVVideoCompositionInstruction) {
            throw fail(
                "instruction \(type(of: instruction)) needs a custom video compositor, which Lamina does not have"
            )
        }
        guard composition.isValid(for: asset, timeRange: range, validationDelegate: nil) else {
            throw fail(
                "its instructions must cover the exported time range without gaps or overlaps and name "
                    + "the asset's tracks (isValid(for:timeRange:validationDelegate:) is false)")
        }
    }

    /// A track's segments: a composition track's own; a file's track is one segment mapping its
    /// time range onto itself.
    static func segments(of track: AVAssetTrack, in asset: AVAsset) -> [AVCompositionTrackSegment] {
        if let track = track as? AVCompositionTrack { return track.segments }
        guard let url = (asset as? AVURLAsset)?.url else { return [] }
        return [
            AVCompositionTrackSegment(
                url: url, trackID: track.trackID, sourceTimeRange: track.timeRange,
                targetTimeRange: track.timeRange)
        ]
    }

    /// The export frames whose composition time falls inside `target`.
    func frames(in target: CMTimeRange) -> Range<Int> {
        let count = options.frameCount
        let step = frameDuration.seconds
        func first(atOrAfter time: CMTime) -> Int {
            let exact = (time - range.start).seconds / step
            return min(count, max(0, Int((exact - 1e-9).rounded(.up))))
        }
        let lower = first(atOrAfter: target.start)
        return lower..<max(lower, first(atOrAfter: target.end))
    }

    /// A media segment's source stream and frames, or `nil` for an empty segment or one the
    /// export does not reach.
    func plan(_ segment: AVCompositionTrackSegment, probes: inout SourceProbes) throws -> SourceSegment? {
        guard let url = segment.sourceURL else { return nil }
        let frames = frames(in: segment.timeMapping.target)
        guard !frames.isEmpty else { return nil }
        let stream = try probes.stream(of: segment.sourceTrackID, in: url, mediaType: .video)
        guard let width = stream.width, let height = stream.height, width > 0, height > 0 else {
            throw AVError(
                .decodeFailed, reason: "\(url.path): its video track \(segment.sourceTrackID) has no size")
        }
        return SourceSegment(
            url: url, stream: stream.index, width: width, height: height, pixelFormat: stream.pixFmt,
            colorSpace: stream.colorSpace, colorRange: stream.colorRange,
            hasDisplayMatrix: stream.sideDataList?.contains { $0.displaymatrix != nil } ?? false,
            mapping: segment.timeMapping, frames: frames)
    }
}

/// What ffprobe read of each source file, read once per export.
struct SourceProbes {
    private var probed: [URL: ProbedMedia] = [:]

    /// The stream of track `trackID` in `url`.
    ///
    /// - Throws: `URLError(.fileDoesNotExist)` (or another reading error, ruling AV3) for a file
    ///   that cannot be read; ``AVError/Code/invalidSourceMedia`` when it has no such track.
    mutating func stream(of trackID: CMPersistentTrackID, in url: URL, mediaType: AVMediaType) throws
        -> ProbedStream
    {
        let media = try probed[url] ?? MediaProbe.probe(url)
        probed[url] = media
        guard let stream = media.streams?.first(where: { $0.mediaType == mediaType && $0.trackID == trackID })
        else {
            throw AVError(
                .invalidSourceMedia,
                reason: "\(url.path) has no \(mediaType.rawValue) track with ID \(trackID)")
        }
        return stream
    }

    /// The first stream of `mediaType` in `url`.
    mutating func firstStream(in url: URL, mediaType: AVMediaType) throws -> ProbedStream? {
        let media = try probed[url] ?? MediaProbe.probe(url)
        probed[url] = media
        return media.streams?.first { $0.mediaType == mediaType }
    }
}

extension AVError {
    /// An error with `code` and the failure reason `reason`.
    init(_ code: Code, reason: String) {
        self.init(code, userInfo: [NSLocalizedFailureReasonErrorKey: reason])
    }
}
