import Foundation
import QuartzCore

/// An existing video under the layer tree: Lamina's counterpart of AVFoundation's
/// `AVVideoCompositionCoreAnimationTool(postProcessingAsVideoLayer:in:)`.
///
/// Before each frame `n` of an export, `videoLayer`'s `contents` becomes the input video's frame
/// at time `n / framesPerSecond` (the video is resampled to the export's frame rate, and scaled to
/// the export's pixel size; the layer then places it by its `contentsGravity`, `.resize` by
/// default, so a layer covering the frame shows the video as it is). After the video's last
/// frame the layer keeps showing it. The layer is usually the bottom sublayer of the exported
/// tree, with the animation layers above it, as in AVFoundation.
///
/// The input's sound is kept (`keepsAudio`): in MP4 and WebM exports its first audio stream plays
/// in step with its pictures, from frame 0 until the sound ends, mixed with
/// `ExportOptions.soundtracks` (ruling X16). Formats without sound leave it out.
///
///     let videoLayer = CALayer()
///     videoLayer.frame = root.bounds
///     root.insertSublayer(videoLayer, at: 0)
///     exporter.videoComposition = VideoComposition(
///         video: URL(fileURLWithPath: "input.mp4"), videoLayer: videoLayer)
public struct VideoComposition {
    /// The video file read (any format ffmpeg decodes).
    public var video: URL
    /// The layer that shows the video's frames.
    public var videoLayer: CALayer
    /// Whether the input's sound plays in the export (default `true`; an input without sound
    /// gives none). `false` drops it, as when replacing it with a soundtrack.
    public var keepsAudio = true

    /// A composition of `video` into `videoLayer`.
    public init(video: URL, videoLayer: CALayer) {
        self.video = video
        self.videoLayer = videoLayer
    }
}

extension VideoComposition {
    /// The input's sound as a soundtrack aligned with its pictures (the export's frame 0 shows
    /// the input's first picture, so sound from before it is cut and sound starting after it is
    /// delayed), or `nil` when it has none or is not kept.
    ///
    /// - Throws: `.videoInput` for a missing or unreadable file, or a sound ffmpeg cannot
    ///   decode.
    func audioInput() throws -> AudioMix.Input? {
        guard keepsAudio else { return nil }
        guard FileManager.default.isReadableFile(atPath: video.path) else {
            throw ExportError.videoInput(
                path: video.path, reason: "the file does not exist or cannot be read")
        }
        let found: AudioProbe?
        do {
            found = try AudioProbe.probe(video)
        } catch ExportError.audioInput(let path, let reason) {
            throw ExportError.videoInput(path: path, reason: reason)
        }
        guard let probe = found else { return nil }
        var soundtrack = Soundtrack(url: video)
        let offset = (probe.audioStart ?? 0) - (probe.videoStart ?? probe.audioStart ?? 0)
        soundtrack.startTime = max(0, offset)
        soundtrack.sourceStart = max(0, -offset)
        return AudioMix.Input(soundtrack: soundtrack, probe: probe)
    }
}

/// Decodes the input video frame by frame, at the export's rate and pixel size, into the video
/// layer's contents.
final class VideoFrameSource {
    private let decoder: RawVideoDecoder
    private let composition: VideoComposition
    private var framesRead = 0
    private var ended = false

    init(_ composition: VideoComposition, width: Int, height: Int, framesPerSecond: Double) throws {
        guard FileManager.default.isReadableFile(atPath: composition.video.path) else {
            throw ExportError.videoInput(
                path: composition.video.path, reason: "the file does not exist or cannot be read")
        }
        self.composition = composition
        decoder = try RawVideoDecoder(
            input: composition.video,
            filters: "fps=\(EncoderArguments.rateString(framesPerSecond)),"
                + "scale=\(width):\(height):flags=bicubic",
            width: width, height: height)
    }

    /// Brings the video layer to frame `index` (frames are read in order; earlier ones skipped).
    ///
    /// - Throws: `ExportError.videoInput` when the video has no frame at all.
    func show(frame index: Int) throws {
        var image: CGImage?
        while !ended, framesRead <= index {
            if let frame = decoder.nextFrame() {
                framesRead += 1
                image = frame
            } else {
                ended = true
            }
        }
        if ended, framesRead == 0 {
            throw ExportError.videoInput(
                path: composition.video.path,
                reason: decoder.errorMessage.isEmpty ? "it has no video frames" : decoder.errorMessage)
        }
        guard let image else { return }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        composition.videoLayer.contents = image
        CATransaction.commit()
    }
}
