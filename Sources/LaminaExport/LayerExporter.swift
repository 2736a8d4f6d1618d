import Foundation
import QuartzCore

#if canImport(Glibc)
    import Glibc
#endif

/// Renders an animated layer tree into a video, an animated image or a PNG sequence: Lamina's
/// counterpart of AVFoundation's `AVVideoCompositionCoreAnimationTool` export.
///
/// Frames are rendered by `CARenderer` under the manual clock (`CAMediaClock`), so frame `n` is
/// exactly the tree at `startTime + n / framesPerSecond`, and animation callbacks, completion
/// blocks and the `timeline` hook run between frames, in time order, as a live app would see
/// them. The raw frames are piped into the `ffmpeg` program (found on `PATH`), which writes a
/// temporary file beside the target; the target appears, by rename, only when the export has
/// succeeded. An export that fails or is cancelled leaves no output behind.
///
/// MP4 and WebM exports carry sound: `ExportOptions.soundtracks` and a `videoComposition`'s own
/// sound, mixed by ffmpeg before the first frame is drawn (see `Soundtrack`, docs/audio.md).
///
///     let options = ExportOptions(size: CGSize(width: 1280, height: 720), duration: 30)
///     let exporter = LayerExporter(layer: root, options: options)
///     exporter.progress = { print("\($0.framesDone)/\($0.framesTotal)") }
///     try exporter.export(to: URL(fileURLWithPath: "slideshow.mp4"))
///
/// Used from one thread at a time (the thread that owns the layer tree). Frame n is drawn and
/// encoded on a queue of the exporter's while that thread moves on to frame n + 1, so the model
/// work of one frame overlaps the drawing of the previous one; the timeline, callbacks and
/// `progress` all run on the calling thread.
public final class LayerExporter {
    /// The root of the tree rendered.
    public let layer: CALayer
    /// What to render.
    public var options: ExportOptions
    /// Absolute media time of frame 0. Default: the clock's time when the exporter is created.
    public var startTime: CFTimeInterval
    /// Moves time to `startTime + seconds` before each frame (and through the frames before a
    /// shard). The default advances the manual clock with `CAMediaClock.advance(by:)`, which
    /// delivers animation events; replace it to also replay scripted interactions.
    public var timeline: (_ seconds: CFTimeInterval) -> Void
    /// An existing video shown in a layer of the tree, frame by frame (`nil`: none).
    public var videoComposition: VideoComposition?
    /// Called once per frame written, in order, on the exporting thread (while a later frame is
    /// being prepared, so a call may come one frame late).
    public var progress: ((ExportProgress) -> Void)?
    /// Called on the exporting thread for each frame rendered, with its index, after time has
    /// moved to the frame and before the tree is committed and drawn: package code (AVFoundation's
    /// export session) sets the layers' contents for that frame here. An error it throws ends the
    /// export with that error, leaving no file.
    package var prepareFrame: ((_ index: Int) throws -> Void)?

    /// A video ffmpeg draws under the rendered frames (ruling X19; `nil`: none, the default): the
    /// tree then holds only what is drawn over the video, and the frames are read back with their
    /// alpha. Set by package code (AVFoundation's export session) that has checked that the
    /// video lies under everything else, covers the frame and is shown as it is. MP4 and WebM
    /// only; other formats ignore it.
    package var underlay: VideoUnderlay?

    /// Whether frame n is drawn and encoded on a queue of its own while frame n + 1 is moved to
    /// and committed (default `true`); `false` does each frame's steps in turn on the calling
    /// thread (for comparison in benchmarks).
    package var overlapsFrames = true

    /// Whether the export times each stage of each frame into `ExportReport.stages` (default
    /// `false`, when nothing is timed): for benchmarks, at the cost of a `glFinish` between the
    /// YUV pass and the read.
    package var measuresStages = false

    /// Whether the renderer draws the frames it can in memory (`CARenderer.drawsSimpleFramesInMemory`,
    /// ruling V26; default `true`, where the renderer decides): `false` has OpenGL draw every frame,
    /// for comparison in benchmarks.
    package var drawsSimpleFramesInMemory = true

    private let cancellation = NSLock()
    private var cancelRequested = false

    /// An exporter of `layer` with `options`. If the manual clock is not in use, it is switched on
    /// at the current time (time then moves only as frames are rendered).
    public init(layer: CALayer, options: ExportOptions) {
        if !CAMediaClock.isUsingManualTime { CAMediaClock.useManualTime(CACurrentMediaTime()) }
        self.layer = layer
        self.options = options
        let start = CACurrentMediaTime()
        startTime = start
        timeline = { seconds in
            let target = start + seconds
            CAMediaClock.advance(by: max(0, target - CACurrentMediaTime()))
        }
    }

    /// Asks a running export to stop after the current frame; it then throws
    /// `ExportError.cancelled` and leaves no file. Callable from any thread.
    public func cancel() {
        cancellation.withLock { cancelRequested = true }
    }

    private var isCancelled: Bool { cancellation.withLock { cancelRequested } }

    /// Renders the frames and writes them to `url`, in the format of `options.format` or of the
    /// path's extension.
    ///
    /// - Returns: what was written and where the time went.
    /// - Throws: `ExportError`: an unknown format, invalid size or timing (a size past the
    ///   format's limits, `ExportFormat.checkPixelSize(width:height:)`), frames outside the
    ///   render, a soundtrack that cannot be used (`.audioInput`, `.audioNotSupported`; checked
    ///   before any frame is drawn), no renderer, ffmpeg missing or failing (with its message, also when it exits 0
    ///   after printing an error), a write failure (a full disk; a file holding fewer frames than
    ///   rendered), cancellation, or interruption by a signal once
    ///   `removeTemporaryOutputsOnSignals()` is installed. Nothing is left at `url` (an existing
    ///   file there is kept) or beside it.
    @discardableResult
    public func export(to url: URL) throws -> ExportReport {
        let began = Date()
        guard let format = options.format ?? ExportFormat(url: url) else {
            throw ExportError.unknownFormat(path: url.path)
        }
        let range = try options.validated()
        try format.checkPixelSize(width: options.pixelWidth, height: options.pixelHeight)
        // Every sound file is checked and mixed before the first frame is drawn.
        let sound = try mixSound(format: format, frames: range)
        defer { sound?.discard() }
        let renderer: CARenderer
        do {
            renderer = try CARenderer(layer: layer, size: options.size, scale: options.scale)
            if !drawsSimpleFramesInMemory { renderer.drawsSimpleFramesInMemory = false }
        } catch {
            throw ExportError.renderer("\(error)")
        }
        if let bounds = options.bounds {
            guard bounds.width > 0, bounds.height > 0, bounds.width.isFinite, bounds.height.isFinite,
                bounds.minX.isFinite, bounds.minY.isFinite
            else { throw ExportError.invalidSize("the rendered rectangle \(bounds) is empty or not finite") }
            renderer.bounds = bounds
        }
        let output = try OutputTarget(url: url, format: format)
        defer { output.discard() }
        let width = renderer.pixelWidth
        let height = renderer.pixelHeight
        // Video formats take frames converted to YUV by the renderer when the size allows: a
        // third of the bytes to read back and pipe, and no conversion in ffmpeg.
        let underlay = format == .mp4 || format == .webm ? self.underlay : nil
        // Over an underlay they keep their alpha for ffmpeg's overlay (ruling X19): read as RGBA
        // and converted here to YUV with an alpha plane where the size is even.
        let straight =
            underlay != nil && StraightYUVAFrame.supports(width: width, height: height)
            ? StraightYUVAFrame(width: width, height: height) : nil
        let renderedYUV = underlay == nil && !format.hasAlpha && renderer.supportsYUV420Readback
        let encoder = try FFmpegProcess(
            arguments: EncoderArguments.make(
                format: format, width: width, height: height, options: options, firstFrame: range.lowerBound,
                output: output.temporaryPath, yuvInput: renderedYUV || straight != nil, audio: sound?.path,
                shard: ShardRange(frames: range, total: options.frameCount), underlay: underlay))
        let video = try videoComposition.map {
            try VideoFrameSource($0, width: width, height: height, framesPerSecond: options.framesPerSecond)
        }
        var report = ExportReport(
            output: output.finalURL, format: format, frames: 0, pixelWidth: width, pixelHeight: height,
            total: 0,
            update: 0, render: 0, readback: 0, encode: 0)
        let drawer = FrameDrawer(
            renderer: renderer, encoder: encoder, yuv: renderedYUV, straight: straight,
            measuresStages: measuresStages)
        var stages = ExportStageTimes()
        renderer.releaseContext()
        // Frame n is drawn, read back and piped on the drawing queue while this thread moves time
        // and commits frame n + 1 (ruling X13): at most one frame waits to be drawn.
        let drawing = DispatchQueue(label: "LaminaExport.drawing")
        let slot = DispatchSemaphore(value: 1)
        var reported = 0
        func reportProgress(upTo done: Int) {
            while reported < done {
                reported += 1
                progress?(
                    ExportProgress(
                        framesDone: reported, framesTotal: range.count,
                        elapsed: Date().timeIntervalSince(began)))
            }
        }
        do {
            for index in 0..<range.upperBound {
                let mark = Date()
                try Interruption.check()
                timeline(Double(index) / options.framesPerSecond)
                guard index >= range.lowerBound else {
                    report.update += Date().timeIntervalSince(mark)
                    continue
                }
                if isCancelled { throw ExportError.cancelled }
                let decoding = Date()
                try video?.show(frame: index)
                try prepareFrame?(index)
                report.decode += Date().timeIntervalSince(decoding)
                // The frame is the tree as published now: commit what the timeline changed.
                CATransaction.flush()
                let tree = layer.renderNode
                report.update += Date().timeIntervalSince(mark)
                let waiting = measuresStages ? RenderStageTimes.now() : 0
                slot.wait()
                if measuresStages { stages.drawerWait += RenderStageTimes.now() - waiting }
                reportProgress(upTo: drawer.framesDone)
                if let failure = drawer.failure {
                    slot.signal()
                    throw failure
                }
                let time = startTime + Double(index) / options.framesPerSecond
                if overlapsFrames {
                    drawing.async {
                        drawer.draw(tree, atTime: time)
                        slot.signal()
                    }
                } else {
                    drawer.draw(tree, atTime: time)
                    slot.signal()
                }
            }
            drawing.sync {}
            reportProgress(upTo: drawer.framesDone)
            if let failure = drawer.failure { throw failure }
            let mark = Date()
            try encoder.finish()
            report.encode += Date().timeIntervalSince(mark)
            stages.encoderFinish = Date().timeIntervalSince(mark)
        } catch {
            drawing.sync {}
            encoder.cancel()
            // ffmpeg stopped by the same signal (a terminal's Ctrl-C reaches the whole group).
            try Interruption.check()
            throw ExportError.naming(output.finalURL.path, in: error)
        }
        report.frames = drawer.framesDone
        report.render = drawer.times.render
        report.readback = drawer.times.readback
        report.encode += drawer.times.encode
        if measuresStages {
            // The drawing queue's stages, with what the calling thread timed itself.
            var all = drawer.times.stages
            all.update = report.update
            all.drawerWait = stages.drawerWait
            all.encoderFinish = stages.encoderFinish
            report.stages = all
        }
        try output.commit(frames: range, audio: sound != nil)
        report.total = Date().timeIntervalSince(began)
        return report
    }
}

/// The drawing stage of an export: draws a published render tree, reads the pixels back and pipes
/// them to ffmpeg, one frame at a time on whichever thread calls it (one at a time), keeping the
/// first failure and the time spent.
private final class FrameDrawer: @unchecked Sendable {
    struct Times {
        var render: TimeInterval = 0
        var readback: TimeInterval = 0
        var encode: TimeInterval = 0
        /// Filled only when measuring (`update`, `drawerWait` and `encoderFinish` stay 0 here).
        var stages = ExportStageTimes()
    }

    private let renderer: CARenderer
    private let encoder: FFmpegProcess
    private let yuv: Bool
    /// The conversion of frames read as RGBA for an underlay (`nil`: none).
    private let straight: StraightYUVAFrame?
    /// Where converted frames are written.
    private let converted: UnsafeMutableRawBufferPointer?
    private let measuresStages: Bool
    private let bytesPerRow: Int
    private let frame: UnsafeMutableRawBufferPointer
    private let lock = NSLock()
    private var doneCount = 0
    private var firstFailure: (any Error)?
    private var spent = Times()

    init(
        renderer: CARenderer, encoder: FFmpegProcess, yuv: Bool, straight: StraightYUVAFrame?,
        measuresStages: Bool
    ) {
        self.renderer = renderer
        self.encoder = encoder
        self.yuv = yuv
        self.straight = straight
        converted = straight.map {
            UnsafeMutableRawBufferPointer.allocate(byteCount: $0.byteCount, alignment: 64)
        }
        self.measuresStages = measuresStages
        renderer.measuresStages = measuresStages
        bytesPerRow = renderer.pixelWidth * 4
        frame = UnsafeMutableRawBufferPointer.allocate(
            byteCount: yuv ? renderer.yuv420FrameByteCount : bytesPerRow * renderer.pixelHeight, alignment: 64
        )
    }

    deinit {
        frame.deallocate()
        converted?.deallocate()
    }

    /// Frames written so far.
    var framesDone: Int { lock.withLock { doneCount } }
    /// The first failure, after which frames are no longer drawn.
    var failure: (any Error)? { lock.withLock { firstFailure } }
    /// Where the drawing stage's time went.
    var times: Times { lock.withLock { spent } }

    /// Draws `tree` at media time `time` and writes the frame; does nothing after a failure.
    func draw(_ tree: RenderLayer?, atTime time: CFTimeInterval) {
        guard failure == nil else { return }
        var mark = Date()
        var stages = ExportStageTimes()
        renderer.beginFrame(atTime: time, tree: tree)
        renderer.render()
        let finishing = measuresStages ? RenderStageTimes.now() : 0
        renderer.endFrame()
        if measuresStages { stages.finish = RenderStageTimes.now() - finishing }
        let render = Date().timeIntervalSince(mark)
        mark = Date()
        if yuv {
            renderer.readYUV420(into: frame)
        } else {
            renderer.readPixels(into: frame, bytesPerRow: bytesPerRow, bottomRowFirst: true)
        }
        renderer.releaseContext()  // the next frame may be drawn on another thread
        var written = UnsafeRawBufferPointer(frame)
        if let straight, let converted, let rgba = frame.baseAddress, let yuva = converted.baseAddress {
            let converting = RenderStageTimes.now()
            straight.convert(rgba, into: yuva)
            stages.conversion = RenderStageTimes.now() - converting
            written = UnsafeRawBufferPointer(converted)
        }
        // With the conversion for an underlay: the report's "readback" is the read and the YUV step.
        let readback = Date().timeIntervalSince(mark)
        if measuresStages {
            let measured = renderer.lastStageTimes
            stages.build = measured.build
            stages.batch = measured.batch
            stages.submit = measured.submit
            stages.drawingInMemory = measured.drawingInMemory
            if yuv { stages.conversion = measured.conversion }
            stages.readback = yuv ? measured.readback : readback - stages.conversion
        }
        mark = Date()
        do {
            if measuresStages {
                try encoder.write(written, stages: &stages)
            } else {
                try encoder.write(written)
            }
        } catch {
            lock.withLock { firstFailure = firstFailure ?? error }
            return
        }
        let encode = Date().timeIntervalSince(mark)
        lock.withLock {
            spent.render += render
            spent.readback += readback
            spent.encode += encode
            if measuresStages { spent.stages.add(stages) }
            doneCount += 1
        }
    }
}
