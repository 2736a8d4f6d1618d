import Foundation
import QuartzCore

/// Where an export's time went, stage by stage, in seconds of wall-clock time summed over the
/// frames (`LayerExporter.measuresStages`; `ExportReport.stages`). For benchmarks: measuring adds
/// a `glFinish` between the YUV pass and the read, and writes the pipe without blocking.
///
/// When frames overlap (`LayerExporter.overlapsFrames`), `update` runs on the calling thread
/// while the other stages of the previous frame run on the drawing queue, so the stages add up
/// to more than the export's time; one frame after another, they add up to about all of it.
package struct ExportStageTimes: Sendable {
    /// Moving the clock, callbacks and committing the tree (`CATransaction.flush`).
    package var update: Double = 0
    /// The calling thread waiting for the drawing queue to take the next frame.
    package var drawerWait: Double = 0
    /// `FrameBuilder`: describing the frame, Cairo rasterising backing stores.
    package var build: Double = 0
    /// `FrameBatcher`: grouping the draws.
    package var batch: Double = 0
    /// Issuing the GL calls.
    package var submit: Double = 0
    /// Drawing the frame in memory instead of with OpenGL (`MemoryCompositor`, ruling V26).
    package var drawingInMemory: Double = 0
    /// `glFinish` at the end of the frame: llvmpipe rasterising what was submitted.
    package var finish: Double = 0
    /// The renderer's RGBA → YUV pass (`CARenderer.readYUV420`), finished, or its conversion in
    /// memory of a frame drawn there.
    package var conversion: Double = 0
    /// `glReadPixels` of the frame (the YUV planes, or RGBA for formats with alpha).
    package var readback: Double = 0
    /// Copies between the readback and the pipe (none: the frame is read straight into the
    /// buffer the pipe is written from).
    package var copy: Double = 0
    /// `write` calls copying the frame into ffmpeg's pipe.
    package var pipe: Double = 0
    /// Waiting for ffmpeg to read (the pipe full): Lamina waiting on the encoder.
    package var encoderWait: Double = 0
    /// After the last frame: ffmpeg encoding what it still holds and writing the file.
    package var encoderFinish: Double = 0

    package init() {}

    /// Adds the drawing stages of `other` (one frame's) to these.
    mutating func add(_ other: ExportStageTimes) {
        build += other.build
        batch += other.batch
        submit += other.submit
        drawingInMemory += other.drawingInMemory
        finish += other.finish
        conversion += other.conversion
        readback += other.readback
        copy += other.copy
        pipe += other.pipe
        encoderWait += other.encoderWait
    }

    /// The stages in order, with their names, for printing.
    package var named: [(name: String, seconds: Double)] {
        [
            ("update (clock, commit)", update), ("waiting for the drawing queue", drawerWait),
            ("build", build), ("batch", batch), ("submit (GL calls)", submit),
            ("drawing in memory", drawingInMemory), ("finish (llvmpipe rasterising)", finish),
            ("YUV conversion", conversion),
            ("readback", readback), ("copies", copy), ("pipe writes", pipe),
            ("waiting on the encoder", encoderWait), ("encoder finishing", encoderFinish),
        ]
    }
}
