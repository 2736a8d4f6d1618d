import CEGL
import CoreGraphics

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
/// build, change and commit layer trees (the threading contract is in the README).
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
    /// The rectangle of the root's parent coordinate space that is rendered, in points. Default
    /// `(0, 0, size)`.
    public var bounds: CGRect
    /// Pixels per point of the framebuffer.
    public let scale: CGFloat
    /// The framebuffer's size in pixels.
    public let pixelWidth: Int
    /// The framebuffer's size in pixels.
    public let pixelHeight: Int

    let gl: GLContext
    let program: LayerProgram
    /// The full-screen effect passes' program (shadow blur and tint).
    let effectsProgram: LayerProgram
    let textures = TextureCache()
    /// The analytic shadow program, created on first use (RenderPass+AnalyticShadow.swift).
    var shadowProgram: ShadowProgram?
    /// Whether plain rounded rectangles cast analytic shadows (tests turn it off to compare with
    /// the general path).
    package var usesAnalyticShadows = true
    /// The emitter layers' particle program, created on first use (RenderPass+Emitter.swift).
    var particleProgram: ParticleProgram?
    /// The blend-mode compositing program, created on first use (RenderPass+Blending.swift).
    var blendProgram: BlendProgram?
    /// The layer being drawn into its own group by `RenderPass.drawIfBlended`, which draws it
    /// there as if it had no `compositingFilter` (kept here rather than in the pass, whose copies
    /// the recursive drawing functions hold per tree level).
    var unblendedLayer: LayerID?
    private(set) var framebuffer: GLuint = 0
    /// The OpenGL name of the framebuffer the frame is drawn into (for a window to blit from).
    package var framebufferName: UInt32 { framebuffer }
    /// The framebuffer's colour attachment, a texture so that conversion passes can read it.
    private(set) var colorTexture: GLuint = 0
    /// The YUV conversion pass, created on first use (CARenderer+YUV.swift).
    var yuvConverter: YUVConverter?
    private var stencilBuffer: GLuint = 0
    private var frameTime: CFTimeInterval?
    /// The tree the frame begun draws, when it was given (`.some(nil)`: nothing).
    private var frameTree: RenderLayer??
    /// Offscreen targets for group opacity, one per nesting depth, created on first need.
    var offscreenTargets: [OffscreenTarget] = []
    /// The framebuffer being drawn into (the main one, or an offscreen group's).
    var currentFramebuffer: GLuint = 0
    /// Draw the model values, ignoring animations (`render(in:)`).
    var usesModelValues = false
    /// A root drawn in its own bounds coordinates rather than placed by its position and
    /// transform (`render(in:)`).
    var ownSpaceRootID: LayerID?
    /// The tree `render(in:)` draws instead of a published one: the model as it is.
    var modelSnapshot: RenderLayer?
    /// How many quads this renderer has drawn with the plain programs (no coverage: the quad is
    /// pixel-aligned and nothing is rounded), for tests of the fast path.
    package var plainQuadCount: Int { program.plainDraws }
    /// Whether the stencil buffer may hold anything but zeros: set by every clip drawn, cleared
    /// with the stencil at the start of the next frame.
    var stencilUsed = true
    /// The bitmaps of layers drawn with `shouldRasterize`, by layer; dropped when a layer has
    /// not been drawn for a few frames.
    var rasterCaches: [LayerID: RasterCache] = [:]
    /// Whether a rasterized layer's bitmap of at least `TextureCache.largePixels` was made this
    /// frame.
    var madeLargeRasterization = false
    /// Frames rendered so far.
    private(set) var frameCount = 0
    /// How many times a rasterized layer's bitmap has been drawn (not reused), for tests of the
    /// cache.
    package internal(set) var rasterizationCount = 0
    /// Per-layer presentation buffers kept across frames, by layer identity (never by address:
    /// a freed layer's address is reused, its identity never).
    var buffers: [LayerID: PresentationBuffer] = [:]
    /// Per-layer caches of layer kinds' content images (shape, gradient, text), kept across frames.
    var contentCaches: [LayerID: ContentCache] = [:]
    /// The longest side of a texture this renderer makes: the driver's `GL_MAX_TEXTURE_SIZE`,
    /// within 2048…16384 (ruling V19).
    package private(set) var maximumTextureSide = 2048

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
        gl = usingCurrentContext ? try GLContext(adoptingCurrent: ()) : try GLContext()
        program = try LayerProgram()
        effectsProgram = try LayerProgram(effects: true)
        var textureLimit: GLint = 0
        glGetIntegerv(GLenum(GL_MAX_TEXTURE_SIZE), &textureLimit)
        maximumTextureSide = min(max(Int(textureLimit), 2048), 16384)
        try makeFramebuffer()
        program.viewportSize = (pixelWidth, pixelHeight)
    }

    deinit {
        try? gl.makeCurrent()
        textures.removeAll()
        rasterCaches = [:]
        glDeleteFramebuffers(1, &framebuffer)
        yuvConverter = nil
        glDeleteTextures(1, &colorTexture)
        glDeleteRenderbuffers(1, &stencilBuffer)
    }

    /// Starts a frame showing the tree at absolute media time `t` (as `CACurrentMediaTime()`).
    public func beginFrame(atTime t: CFTimeInterval) {
        frameTime = t
    }

    /// Unbinds the renderer's GL context from the calling thread, so that its next frame may be
    /// drawn on another thread (each call binds it again where it runs).
    package func releaseContext() {
        gl.release()
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
        try? gl.makeCurrent()
        let time = frameTime ?? CACurrentMediaTime()
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        currentFramebuffer = framebuffer
        glViewport(0, 0, GLsizei(pixelWidth), GLsizei(pixelHeight))
        glDisable(GLenum(GL_DEPTH_TEST))
        glDisable(GLenum(GL_SCISSOR_TEST))
        glClearColor(0, 0, 0, 0)
        glClearStencil(0)
        glStencilMask(0xFF)
        // Clips leave the stencil as they found it (each is undone where it was made), so it
        // needs clearing only after a frame that used one (or a first frame).
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT) | (stencilUsed ? GLbitfield(GL_STENCIL_BUFFER_BIT) : 0))
        stencilUsed = false
        glEnable(GLenum(GL_BLEND))
        glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        RenderPass.useStencilLevel(0)
        glStencilOp(GLenum(GL_KEEP), GLenum(GL_KEEP), GLenum(GL_KEEP))
        defer { endFrameBookkeeping() }
        let tree: RenderLayer?
        if let snapshot = modelSnapshot {
            tree = snapshot
        } else if let given = frameTree {
            tree = given
        } else {
            tree = layer?.renderNode
        }
        guard let root = tree else { return }
        var pass = RenderPass(renderer: self, time: time, worldToClip: worldToClip)
        pass.draw(root, parentMatrix: worldToClip, parentState: nil, opacity: 1, stencilLevel: 0)
    }

    /// Ends the frame: the pixels are complete and `makeImage()` reads them.
    public func endFrame() {
        glFinish()
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
        try? gl.makeCurrent()
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        glPixelStorei(GLenum(GL_PACK_ROW_LENGTH), GLint(bytesPerRow / 4))
        defer { glPixelStorei(GLenum(GL_PACK_ROW_LENGTH), 0) }
        glReadPixels(
            0, 0, GLsizei(pixelWidth), GLsizei(pixelHeight), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), base)
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

    /// Maps the root's parent space (points) to clip space: `bounds` onto the framebuffer, y
    /// down, and every depth onto the plane z = 0 (the root flattens into the screen).
    private var worldToClip: CATransform3D {
        var m = CATransform3DMakeTranslation(-bounds.minX, -bounds.minY, 0)
        m = CATransform3DConcat(m, CATransform3DMakeScale(2 / bounds.width, -2 / bounds.height, 0))
        return CATransform3DConcat(m, CATransform3DMakeTranslation(-1, 1, 0))
    }

    /// Ends a frame's bookkeeping: textures, raster and content caches and presentation buffers
    /// of layers no longer drawn are released (the buffers and content caches every 30 frames,
    /// those unused for 30).
    private func endFrameBookkeeping() {
        // A frame that made large bitmaps (a window of a huge layer, an image re-rasterised every
        // frame) dropped others as large. glibc keeps freed memory in its heap, and the pattern of
        // these sizes can grow it by megabytes a frame; once 64 MiB lie free there they are handed
        // back to the system (ruling V19). Not every frame: memory handed back is faulted in
        // again when next used.
        let madeLarge = textures.madeLargeTexture || madeLargeRasterization
        textures.madeLargeTexture = false
        madeLargeRasterization = false
        defer { if madeLarge, mallinfo2().fordblks > 64 << 20 { malloc_trim(0) } }
        textures.endFrame()
        rasterCaches = rasterCaches.filter { frameCount - $0.value.lastUsedFrame <= 3 }
        if frameCount % 30 == 0 {
            buffers = buffers.filter { frameCount - $0.value.lastUsedFrame <= 30 }
            contentCaches = contentCaches.filter { frameCount - $0.value.lastUsedFrame <= 30 }
        }
        frameCount += 1
    }

    /// A layer kind's content image as presented with `state`, as much of it as `request`
    /// plans, from the layer's content cache.
    func ownContents(of id: LayerID, _ kind: any LayerKindValues, state: LayerState, request: RasterRequest)
        -> (image: CGImage, rect: CGRect)?
    {
        var entry = contentCaches.removeValue(forKey: id) ?? ContentCache()
        defer {
            entry.lastUsedFrame = frameCount
            contentCaches[id] = entry
        }
        let contents = kind.ownContents(state: state, request: request, cache: &entry.cache)
        // An image replaced by another is never drawn again: its texture goes at once.
        if let image = contents?.image, let last = entry.image, last !== image { textures.release(last) }
        if let image = contents?.image { entry.image = image }
        return contents
    }

    /// Rasterised `shadowPath`s, by path, reused while the path is drawn at about the same scale
    /// and the image covers what is visible.
    private var shadowPathImages:
        [ObjectIdentifier: (path: CGPath, plan: RasterPlan, image: CGImage, rect: CGRect)] =
            [:]

    /// `path` filled in opaque black at about `request.scale` pixels per point, as much of it as
    /// the request plans (the whole path within 2048 × 2048 pixels, stretched over its bounding
    /// box, else the visible window; ruling V19), and the rectangle of layer coordinates the image
    /// covers; cached per path object.
    func shadowPathImage(_ path: CGPath, request: RasterRequest) -> (image: CGImage, rect: CGRect)? {
        let id = ObjectIdentifier(path)
        let box = path.boundingBoxOfPath
        let covered = { (_: CGFloat) in box }
        if let cached = shadowPathImages[id], cached.path === path,
            abs(cached.plan.requestedScale - request.scale) < 0.01,
            request.at(scale: cached.plan.requestedScale).reuses(cached.plan, covered: covered)
        {
            return (cached.image, cached.rect)
        }
        guard let plan = request.plan(grid: box.origin, covered: covered) else { return nil }
        let (width, height) = plan.pixelSize
        guard let context = CGContext.topDownBitmap(width: width, height: height) else { return nil }
        // Layer coordinates (y down) onto the bitmap: a whole image fills it with the box, a
        // window maps pixel for pixel.
        let rect = plan.isWhole ? box : plan.rect
        context.scaleBy(x: CGFloat(width) / rect.width, y: CGFloat(height) / rect.height)
        context.translateBy(x: -rect.minX, y: -rect.minY)
        context.addPath(path)
        context.setFillColor(CGColor(gray: 0, alpha: 1))
        context.fillPath()
        guard let image = context.makeImageTakingMemory() else { return nil }
        shadowPathImages[id] = (path, plan, image, rect)
        return (image, rect)
    }

    /// The most offscreen targets one frame nests (groups, masks, shadows, transitions): each is a
    /// framebuffer-sized texture, so a chain of thousands of masks would otherwise take all memory
    /// (and the stack, each level drawing the next).
    static let maximumGroupDepth = 16

    /// The offscreen target for group depth `depth`, created on first need; `nil` (and reported)
    /// when the driver cannot create one, in which case the group is drawn without grouping.
    func offscreenTarget(depth: Int) -> OffscreenTarget? {
        guard depth < Self.maximumGroupDepth else {
            CompatibilityWarnings.report(
                "CARenderer: groups, masks and shadows nested deeper than \(Self.maximumGroupDepth) "
                    + "levels are drawn ungrouped and unmasked")
            return nil
        }
        while offscreenTargets.count <= depth {
            guard let target = try? OffscreenTarget(width: pixelWidth, height: pixelHeight) else {
                CompatibilityWarnings.report(
                    "CARenderer: no offscreen target for group opacity; drawn ungrouped")
                return nil
            }
            offscreenTargets.append(target)
        }
        return offscreenTargets[depth]
    }

    private func makeFramebuffer() throws {
        glGenFramebuffers(1, &framebuffer)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glGenTextures(1, &colorTexture)
        glBindTexture(GLenum(GL_TEXTURE_2D), colorTexture)
        glTexStorage2D(GLenum(GL_TEXTURE_2D), 1, GLenum(GL_RGBA8), GLsizei(pixelWidth), GLsizei(pixelHeight))
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
        glBindTexture(GLenum(GL_TEXTURE_2D), 0)
        glFramebufferTexture2D(
            GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), colorTexture, 0)
        glGenRenderbuffers(1, &stencilBuffer)
        glBindRenderbuffer(GLenum(GL_RENDERBUFFER), stencilBuffer)
        glRenderbufferStorage(
            GLenum(GL_RENDERBUFFER), GLenum(GL_DEPTH24_STENCIL8), GLsizei(pixelWidth), GLsizei(pixelHeight))
        glFramebufferRenderbuffer(
            GLenum(GL_FRAMEBUFFER), GLenum(GL_DEPTH_STENCIL_ATTACHMENT), GLenum(GL_RENDERBUFFER),
            stencilBuffer)
        let status = glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
        guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
            throw CARendererError.framebuffer("status 0x\(String(status, radix: 16))")
        }
    }
}

/// A layer's presented values kept from frame to frame, with the node they were synchronised
/// from.
struct PresentationBuffer {
    var values: PresentedValues
    var serial: UInt64
    var lastUsedFrame: Int
}

/// A layer kind's last content image (the kind's own cache value) and when it was last drawn.
struct ContentCache {
    var cache: Any?
    /// The image last drawn from it.
    var image: CGImage?
    var lastUsedFrame = 0
}
