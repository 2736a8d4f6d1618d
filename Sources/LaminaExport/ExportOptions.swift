import Foundation
import QuartzCore

/// What to render: the frame size, pixel density, frame rate and time range of an export.
public struct ExportOptions: Sendable {
    /// The size of each frame in points; the root layer's parent space `(0, 0, size)` is
    /// rendered (as `CARenderer.bounds`).
    public var size: CGSize
    /// The rectangle of the root's parent space shown, in points, stretched over the frame
    /// (`CARenderer.bounds`). Default `nil`: `(0, 0, size)`. A rectangle larger than the scene
    /// letterboxes it.
    public var bounds: CGRect?
    /// Pixels per point. Default 1. The output is `size × scale` pixels, rounded up; MP4 and
    /// WebM need even sizes, so an odd width or height gains one black column or row.
    public var scale: CGFloat = 1
    /// Frames per second. Default 30. Frame `n` shows the tree at `start + n / framesPerSecond`.
    public var framesPerSecond: Double = 30
    /// The length of the whole render in seconds; it has `⌈duration × framesPerSecond⌉` frames.
    public var duration: CFTimeInterval
    /// The frames to render, a shard of the whole (`nil`: all). Frames before the shard are not
    /// rendered, but time still passes through them in order, so that callbacks and scripted
    /// events happen exactly as in a full render.
    public var frames: Range<Int>?
    /// The format; `nil` chooses it from the output path's extension.
    public var format: ExportFormat?
    /// H.264's constant rate factor (lower is better and larger). Default 20.
    public var videoQuality: Int = 20
    /// x264's speed preset. Default `veryfast`.
    public var encoderPreset: String = "veryfast"
    /// The sounds played, mixed at their levels (default none: a silent export, unless a
    /// `VideoComposition` brings its own sound). MP4 and MOV get AAC, WebM Opus; a shard's sound
    /// is exactly its frames' slice of the whole render's (ruling X15). GIF, APNG and PNG
    /// sequences have no sound: soundtracks with them are an error
    /// (`ExportError.audioNotSupported`). Each file is checked before any frame is drawn.
    public var soundtracks: [Soundtrack] = []
    /// The container of an `.mp4` export: `"mp4"` (the default) or `"mov"` (QuickTime), ffmpeg's
    /// muxer names; the streams are the same. Used by AVFoundation's export session.
    package var movieContainer = "mp4"
    /// Whether an `.mp4` export moves its index to the front of the file, so that playback can
    /// begin before the download ends (`-movflags +faststart`; default `true`).
    package var fastStart = true

    /// Options for `size` points over `duration` seconds.
    public init(size: CGSize, duration: CFTimeInterval) {
        self.size = size
        self.duration = duration
    }

    /// The number of frames of the whole render, `⌈duration × framesPerSecond⌉` (a frame
    /// whose time falls within a microsecond of the end is not counted).
    public var frameCount: Int {
        let exact = duration * framesPerSecond
        guard exact.isFinite, exact > 0, exact < Double(Int32.max) else { return 0 }
        return max(1, Int((exact - 1e-6).rounded(.up)))
    }

    /// Checks the options, returning the frame range to render.
    func validated() throws -> Range<Int> {
        guard framesPerSecond.isFinite, framesPerSecond > 0, framesPerSecond <= 1000 else {
            throw ExportError.invalidTiming("frame rate \(framesPerSecond) must be between 0 and 1000")
        }
        guard duration.isFinite, duration > 0 else {
            throw ExportError.invalidTiming("duration \(duration) s must be positive")
        }
        let pixelWidth = size.width * scale
        let pixelHeight = size.height * scale
        guard pixelWidth.isFinite, pixelHeight.isFinite, scale > 0, pixelWidth >= 1, pixelHeight >= 1 else {
            throw ExportError.invalidSize(
                "\(size.width)×\(size.height) points at scale \(scale) has no pixels; "
                    + "use a positive size such as 1280x720")
        }
        let count = frameCount
        let range = frames ?? 0..<count
        guard !range.isEmpty, range.lowerBound >= 0, range.upperBound <= count else {
            throw ExportError.framesOutOfRange(requested: range, frameCount: count)
        }
        return range
    }
}

/// How far an export has come, reported after each frame.
public struct ExportProgress: Sendable {
    /// Frames written so far.
    public var framesDone: Int
    /// Frames this export writes.
    public var framesTotal: Int
    /// Seconds since the export began.
    public var elapsed: TimeInterval
    /// Seconds still to go at the rate so far (`nil` before the first frame).
    public var estimatedRemaining: TimeInterval? {
        guard framesDone > 0, framesTotal >= framesDone else { return nil }
        return elapsed / Double(framesDone) * Double(framesTotal - framesDone)
    }
    /// The fraction done, 0 to 1.
    public var fraction: Double { framesTotal > 0 ? Double(framesDone) / Double(framesTotal) : 1 }
}

/// What an export did and where its time went, in seconds.
public struct ExportReport: Sendable {
    /// The file (or, for a PNG sequence, the first frame's file) written.
    public var output: URL
    /// The format written.
    public var format: ExportFormat
    /// Frames written.
    public var frames: Int
    /// The frame size in pixels.
    public var pixelWidth: Int
    /// The frame size in pixels.
    public var pixelHeight: Int
    /// Wall-clock seconds from start to the renamed file.
    public var total: TimeInterval
    /// Seconds moving time and updating the tree (scripted events, callbacks).
    public var update: TimeInterval
    /// Seconds, included in `update`, bringing each frame's input video in: decoding a
    /// `VideoComposition`'s frame (waiting for ffmpeg) and setting it as the layer's contents.
    /// Default 0 (no input video).
    public var decode: TimeInterval = 0
    /// Seconds drawing frames.
    public var render: TimeInterval
    /// Seconds reading pixels back from the renderer.
    public var readback: TimeInterval
    /// Seconds handing frames to ffmpeg (waiting while it converts and encodes) and letting it
    /// finish.
    public var encode: TimeInterval
    /// Each stage's time, when the exporter was asked to measure them
    /// (`LayerExporter.measuresStages`); `nil` otherwise.
    package var stages: ExportStageTimes? = nil
}
