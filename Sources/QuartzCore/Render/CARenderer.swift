import CoreGraphics

#if canImport(Glibc)
    import Glibc
#endif

/// Renders a layer tree offscreen with OpenGL ES 3 (Apple's `CARenderer`, which on Apple's
/// platforms targets Metal; Lamina's renders into its own framebuffer and reads pixels back).
///
/// One renderer owns one EGL context (surfaceless: Mesa's llvmpipe without a GPU, the GPU's
/// driver with one) and a framebuffer of `size × scale` pixels. A frame is
/// `beginFrame(atTime:)`, `render()`, `endFrame()`; `makeImage()` then returns the pixels.
///
/// It draws render trees only: the tree `layer` was last published in by a commit (Apple's render
/// tree; see `CALayer.renderNode`), with its committed animations evaluated at the frame's time. It
/// never reads or changes model layers, so it may run on a thread of its own while other threads
/// build, change and commit layer trees (the threading contract is in docs/architecture.md, "Threads").
///
/// What it draws, per layer of the presentation tree at the frame's time, back to front
/// (siblings ordered by `zPosition`, a stable sort): `backgroundColor`, `contents` (a `CGImage`,
/// placed by `contentsGravity`, cropped by `contentsRect`, scaled per `contentsScale`, filtered
/// per `minificationFilter`/`magnificationFilter` linear or nearest, crossfading while
/// `contents` animates), the sublayers (clipped by `masksToBounds`, with rounded corners), then
/// the border; all with `cornerRadius`, `maskedCorners` and `cornerCurve` anti-aliased
/// analytically, straight edges anti-aliased per `allowsEdgeAntialiasing` and
/// `edgeAntialiasingMask` (hard by default, as on iOS), `opacity`
/// (a translucent layer with sublayers is composited as one group when `allowsGroupOpacity`,
/// the iOS default), `isHidden`, `isDoubleSided` (back faces culled) and full 4×4 transforms with
/// perspective, each layer flattened into its parent's plane; `mask` layers (their alpha),
/// nine-part `contentsCenter` stretching, shadows (the layer's alpha or `shadowPath`,
/// offset, blurred, tinted), and `CATransition`s: while one is in effect, the layer's subtree as
/// last committed gives way to the current one with the effect (`fade`, `push`, `moveIn`,
/// `reveal` in the subtype's direction; `cube` and `oglFlip` in perspective; other types fade) at
/// the transition's progress; `shouldRasterize` layers from a cached bitmap at
/// `rasterizationScale`; `compositingFilter` blend modes and Porter–Duff operators, each
/// blended layer drawn as a group and composited onto what was drawn before it (ruling V18).
/// Not drawn (see the README): `filters` and `backgroundFilters`.
///
/// A renderer is used from one thread at a time (any thread; see `render()`).
public final class CARenderer {
    /// The root of the tree rendered: the render tree it was last published in by a commit is
    /// drawn. `nil` renders a transparent frame.
    public var layer: CALayer?
    /// The rectangle of the root's parent coordinate space that is rendered, in points, mapped
    /// onto the framebuffer. Default `(0, 0, size)`. Where it is a fraction of a pixel short of
    /// the framebuffer at `scale` (a `size` that is not whole pixels, rounded up), a point stays
    /// exactly `scale` pixels and the last row or column shows a little beyond it (ruling V24).
    public var bounds: CGRect
    /// Pixels per point of the framebuffer.
    public let scale: CGFloat
    /// The framebuffer's size in pixels.
    public let pixelWidth: Int
    /// The framebuffer's size in pixels.
    public let pixelHeight: Int

    /// The build stage: what is kept from frame to frame to describe frames (ruling V21).
    let builder: FrameBuilder
    /// The submit stage: the one owner of the renderer's GL state.
    let device: GLDevice
    private var frameTime: CFTimeInterval?
    /// The tree the frame begun draws, when it was given (`.some(nil)`: nothing).
    private var frameTree: RenderLayer??
    /// The tree `render(in:)` draws instead of a published one: the model as it is.
    var modelSnapshot: RenderLayer?
    /// Draw the model values, ignoring animations (`render(in:)`).
    var usesModelValues: Bool {
        get { builder.usesModelValues }
        set { builder.usesModelValues = newValue }
    }
    /// A root drawn in its own bounds coordinates rather than placed by its position and
    /// transform (`render(in:)`).
    var ownSpaceRootID: LayerID? {
        get { builder.ownSpaceRootID }
        set { builder.ownSpaceRootID = newValue }
    }
    /// Whether plain rounded rectangles cast analytic shadows (tests turn it off to compare with
    /// the general path).
    package var usesAnalyticShadows: Bool {
        get { builder.usesAnalyticShadows }
        set { builder.usesAnalyticShadows = newValue }
    }
    /// The OpenGL name of the framebuffer the frame is drawn into (for a window to blit from).
    package var framebufferName: UInt32 { device.framebuffer }
    /// How many quads this renderer has drawn with the plain programs (no coverage: the quad is
    /// pixel-aligned and nothing is rounded), in OpenGL or in memory, for tests of the fast path.
    package var plainQuadCount: Int { device.plainDraws + (memory?.drawCount ?? 0) }
    /// Whether frames that need nothing but axis-aligned colour and image layers are drawn in
    /// memory rather than by OpenGL (ruling V26), with the same pixels: on for a renderer with a
    /// context of its own on a software rasterizer (llvmpipe), off on a GPU and for a renderer
    /// drawing with a window's context (the window shows the GL framebuffer); tests turn it off to
    /// compare pixels with OpenGL's.
    package var drawsSimpleFramesInMemory: Bool
    /// Whether the last frame was drawn in memory (`drawsSimpleFramesInMemory`).
    package private(set) var lastFrameDrawnInMemory = false
    /// The in-memory compositor, made for the first frame drawn in memory.
    private var memory: MemoryCompositor?
    var memoryCompositor: MemoryCompositor? { memory }
    /// How many times a rasterized layer's bitmap has been drawn (not reused), for tests of the
    /// cache.
    package var rasterizationCount: Int { builder.rasterizationCount }
    /// The longest side of a texture this renderer makes: the driver's `GL_MAX_TEXTURE_SIZE`,
    /// within 2048…16384 (ruling V19).
    package var maximumTextureSide: Int { device.maximumTextureSide }
    /// What the last frame could not draw (ruling V21): the number of draws the device could not
    /// make and why; each reason is also reported once through `CompatibilityWarnings`.
    package private(set) var lastFrameReport = FrameReport()
    /// How many batches the last frame was submitted in, and how many draw items they held.
    package private(set) var lastFrameBatches: (batches: Int, draws: Int) = (0, 0)
    /// Whether the batch stage drops or cuts the draws that later opaque draws hide (ruling V25):
    /// on by default; tests turn it off to compare pixels with the frame drawn whole.
    package var cullsOccludedDraws = true
    /// How many of the last frame's draws occlusion culling dropped and cut (zero when
    /// `cullsOccludedDraws` is off).
    package private(set) var lastFrameOcclusion = OcclusionCounts()
    /// Whether `render()` and `readYUV420(into:)` time their stages into `lastStageTimes`
    /// (benchmarks turn it on; off by default, when nothing is timed and no extra `glFinish` is
    /// made).
    package var measuresStages = false
    /// Where the last frame's time went, when `measuresStages` is on.
    package internal(set) var lastStageTimes = RenderStageTimes()

    /// Creates a renderer for `layer` drawing `size` points at `scale` pixels per point.
    ///
    /// - Throws: `CARendererError` when the size is invalid or no EGL/OpenGL ES 3 context can be
    ///   created (no display, no driver), with the reason.
    public convenience init(layer: CALayer? = nil, size: CGSize, scale: CGFloat = 1) throws {
        try self.init(layer: layer, size: size, scale: scale, usingCurrentContext: false)
    }

    /// Creates a renderer that draws with the EGL context current on the calling thread (a
    /// window's, `usingCurrentContext`) instead of a surfaceless context of its own; its
    /// framebuffer is still its own, for the window to blit from (`framebufferName`).
    package init(layer: CALayer?, size: CGSize, scale: CGFloat, usingCurrentContext: Bool) throws {
        let width = (size.width * scale).rounded(.up)
        let height = (size.height * scale).rounded(.up)
        let limit = 16384
        guard width.isFinite, height.isFinite, width >= 1, height >= 1, width <= CGFloat(limit),
            height <= CGFloat(limit), scale > 0
        else {
            let w = width.isFinite ? Int(max(min(width, 1e9), -1e9)) : -1
            let h = height.isFinite ? Int(max(min(height, 1e9), -1e9)) : -1
            throw CARendererError.invalidSize(width: w, height: h, limit: limit)
        }
        self.layer = layer
        self.scale = scale
        pixelWidth = Int(width)
        pixelHeight = Int(height)
        bounds = CGRect(origin: .zero, size: size)
        device = try GLDevice(
            pixelWidth: pixelWidth, pixelHeight: pixelHeight, usingCurrentContext: usingCurrentContext)
        drawsSimpleFramesInMemory = !usingCurrentContext && device.rasterizesOnTheCPU
        builder = FrameBuilder(
            pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: scale,
            maximumTextureSide: device.maximumTextureSide)
    }

    /// The rectangle of the root's parent space mapped onto the framebuffer: `bounds`, except that
    /// on an axis where `bounds` at `scale` is a fraction of a pixel short of the framebuffer (its
    /// size in pixels was rounded up), it is grown at its maximum edge to the whole pixels, so that
    /// a point is exactly `scale` pixels and the last pixel shows what lies just beyond `bounds`
    /// (ruling V24), as a bitmap context rounded up to whole pixels shows Apple's drawing.
    var mappedBounds: CGRect {
        var rect = bounds
        let width = bounds.width * scale
        let height = bounds.height * scale
        if width.isFinite, width > 0, width.rounded(.up) == CGFloat(pixelWidth) {
            rect.size.width = CGFloat(pixelWidth) / scale
        }
        if height.isFinite, height > 0, height.rounded(.up) == CGFloat(pixelHeight) {
            rect.size.height = CGFloat(pixelHeight) / scale
        }
        return rect
    }

    /// Starts a frame showing the tree at absolute media time `t` (as `CACurrentMediaTime()`).
    public func beginFrame(atTime t: CFTimeInterval) {
        frameTime = t
    }

    /// Unbinds the renderer's GL context from the calling thread, so that its next frame may be
    /// drawn on another thread (each call binds it again where it runs).
    package func releaseContext() {
        device.releaseContext()
    }

    /// Begins a frame at media time `t` that draws `tree`, a render tree published earlier (its
    /// root's node then), instead of the root's latest; `render()` then commits nothing. For
    /// pipelines that commit the next frame while this one is drawn (ruling X13).
    package func beginFrame(atTime t: CFTimeInterval, tree: RenderLayer?) {
        frameTime = t
        frameTree = .some(tree)
    }

    /// Draws the frame begun by `beginFrame(atTime:)` (at `CACurrentMediaTime()` when none was
    /// begun): the render tree `layer` was last published in.
    ///
    /// The calling thread's implicit transaction is committed first (ruling RT3), as a run loop
    /// would before drawing, so that on the thread that builds a tree the frame shows what was
    /// set; changes inside an explicit transaction still open show once it commits, and other
    /// threads' changes once they commit theirs.
    public func render() {
        if modelSnapshot == nil, frameTree == nil { CATransaction.flush() }
        let time = frameTime ?? CACurrentMediaTime()
        let tree: RenderLayer?
        if let snapshot = modelSnapshot {
            tree = snapshot
        } else if let given = frameTree {
            tree = given
        } else {
            tree = layer?.renderNode
        }
        // The three stages (ruling V21): describe, batch, submit.
        let began = measuresStages ? RenderStageTimes.now() : 0
        var frame = builder.build(tree, atTime: time, worldToClip: FrameBuilder.worldToClip(mappedBounds))
        let built = measuresStages ? RenderStageTimes.now() : 0
        lastFrameOcclusion =
            cullsOccludedDraws
            ? FrameBatcher.cullOccludedDraws(in: &frame, viewport: (pixelWidth, pixelHeight))
            : OcclusionCounts()
        let batches = FrameBatcher.batches(of: frame, viewport: (pixelWidth, pixelHeight))
        lastFrameBatches = FrameBatcher.counts(of: batches)
        let batched = measuresStages ? RenderStageTimes.now() : 0
        if drawsSimpleFramesInMemory, memory == nil {
            memory = MemoryCompositor(width: pixelWidth, height: pixelHeight)
        }
        if drawsSimpleFramesInMemory, let compositor = memory,
            let steps = compositor.plan(batches, viewport: (pixelWidth, pixelHeight))
        {
            compositor.draw(steps)
            lastFrameReport = device.submitNothing(of: frame)
            lastFrameDrawnInMemory = true
            if measuresStages { lastStageTimes.drawingInMemory = RenderStageTimes.now() - batched }
        } else {
            lastFrameReport = device.submit(batches, of: frame)
            lastFrameDrawnInMemory = false
            if measuresStages { lastStageTimes.drawingInMemory = 0 }
        }
        if measuresStages {
            let submitted = RenderStageTimes.now()
            lastStageTimes.build = built - began
            lastStageTimes.batch = batched - built
            lastStageTimes.submit = submitted - batched - lastStageTimes.drawingInMemory
        }
        for reason in lastFrameReport.reasons { CompatibilityWarnings.report(reason) }
    }

    /// Ends the frame: the pixels are complete and `makeImage()` reads them.
    public func endFrame() {
        if !lastFrameDrawnInMemory { device.finish() }
        frameTime = nil
        frameTree = nil
    }

    /// The earliest media time after the last frame at which the picture may change: now while
    /// any layer of the published tree has an animation or is an emitter layer with cells,
    /// `.infinity` otherwise. The calling thread's implicit transaction is committed first, as
    /// by `render()`.
    public func nextFrameTime() -> CFTimeInterval {
        if modelSnapshot == nil { CATransaction.flush() }
        guard let root = layer?.renderNode, root.isAnimating else { return .infinity }
        return CACurrentMediaTime()
    }

    /// The last rendered frame as an image: premultiplied RGBA, sRGB, `pixelWidth × pixelHeight`,
    /// top row first.
    public func makeImage() -> CGImage? {
        let rowBytes = pixelWidth * 4
        // Read straight into the image's storage: one allocation, one copy.
        var pixels = Data(count: rowBytes * pixelHeight)
        pixels.withUnsafeMutableBytes { _ = readPixels(into: $0, bytesPerRow: rowBytes) }
        guard let provider = CGDataProvider(data: pixels), let space = CGColorSpace(name: CGColorSpace.sRGB)
        else {
            return nil
        }
        return CGImage(
            width: pixelWidth, height: pixelHeight, bitsPerComponent: 8, bitsPerPixel: 32,
            bytesPerRow: rowBytes,
            space: space, bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedLast.rawValue),
            provider: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent)
    }

    /// Copies the last rendered frame into `buffer`: `pixelHeight` rows of `bytesPerRow` bytes,
    /// each row `pixelWidth` premultiplied RGBA pixels (sRGB), top row first, or bottom row
    /// first when `bottomRowFirst` (OpenGL's order, which saves a flip for consumers that can
    /// take it, such as a video encoder with a vertical-flip filter).
    ///
    /// - Returns: `false`, copying nothing, when `bytesPerRow` is less than `pixelWidth × 4` or
    ///   not a multiple of 4, or the buffer is smaller than `bytesPerRow × pixelHeight`.
    @discardableResult
    public func readPixels(
        into buffer: UnsafeMutableRawBufferPointer, bytesPerRow: Int, bottomRowFirst: Bool = false
    ) -> Bool {
        let rowBytes = pixelWidth * 4
        guard bytesPerRow >= rowBytes, bytesPerRow % 4 == 0, let base = buffer.baseAddress,
            buffer.count >= bytesPerRow * pixelHeight
        else { return false }
        if lastFrameDrawnInMemory, let memory {
            memory.readRGBA(into: base, rowPixels: bytesPerRow / 4)
        } else {
            device.readPixels(into: base, rowPixels: bytesPerRow / 4)
        }
        if !bottomRowFirst { Self.flipRows(base, rows: pixelHeight, bytesPerRow: bytesPerRow) }
        return true
    }

    /// Reverses the order of `rows` rows in place.
    private static func flipRows(_ base: UnsafeMutableRawPointer, rows: Int, bytesPerRow: Int) {
        let scratch = UnsafeMutableRawPointer.allocate(byteCount: bytesPerRow, alignment: 16)
        defer { scratch.deallocate() }
        var top = 0
        var bottom = rows - 1
        while top < bottom {
            let a = base.advanced(by: top * bytesPerRow)
            let b = base.advanced(by: bottom * bytesPerRow)
            scratch.copyMemory(from: a, byteCount: bytesPerRow)
            a.copyMemory(from: b, byteCount: bytesPerRow)
            b.copyMemory(from: scratch, byteCount: bytesPerRow)
            top += 1
            bottom -= 1
        }
    }

    /// Renders the tree at `time` and returns the image: `beginFrame`, `render`, `endFrame`,
    /// `makeImage` in one call.
    public func image(atTime time: CFTimeInterval) -> CGImage? {
        beginFrame(atTime: time)
        render()
        endFrame()
        return makeImage()
    }

}

/// Where one frame's time went in the renderer, in seconds of wall-clock time
/// (`CARenderer.measuresStages`).
package struct RenderStageTimes: Sendable {
    /// Describing the frame (`FrameBuilder`: evaluation, Cairo rasterisation of backing stores).
    package var build: Double = 0
    /// Grouping the draws into batches (`FrameBatcher`).
    package var batch: Double = 0
    /// Issuing the GL calls (`GLDevice.submit`); llvmpipe mostly defers drawing to `glFinish`.
    package var submit: Double = 0
    /// Drawing the frame in memory instead (`MemoryCompositor`, ruling V26).
    package var drawingInMemory: Double = 0
    /// The YUV pass of `readYUV420(into:)`, up to a `glFinish` after it (or the conversion in
    /// memory of a frame drawn there).
    package var conversion: Double = 0
    /// `glReadPixels` of the YUV planes.
    package var readback: Double = 0

    package init() {}

    /// Seconds on the monotonic clock (never the manual media clock).
    package static func now() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
