import CoreGraphics

@_implementationOnly import CEGL

/// The compositor's submit stage (ruling V21): the one object that owns a renderer's GL state —
/// its EGL context, framebuffer, programs, textures, offscreen targets and rasterized layers'
/// bitmaps — and executes batched frames. Every draw it cannot make (a texture that cannot be
/// uploaded, a target that cannot be created, a program that does not compile) is counted and
/// reported in the frame's `FrameReport`, never dropped silently.
///
/// Used from one thread at a time; each frame binds the context where it runs.
final class GLDevice {
    private let gl: GLContext
    let pixelWidth: Int
    let pixelHeight: Int
    /// Whether the driver draws on the CPU (Mesa's llvmpipe or softpipe, or another software
    /// rasterizer, by its `GL_RENDERER` string): frames it would draw are cheaper drawn in memory
    /// (ruling V26); a GPU draws them for nearly nothing.
    let rasterizesOnTheCPU: Bool
    /// Words in the `GL_RENDERER` strings of software rasterizers.
    private static let softwareRasterizers = ["llvmpipe", "softpipe", "swrast", "swiftshader", "software"]
    /// The longest side of a texture the device makes: the driver's `GL_MAX_TEXTURE_SIZE`,
    /// within 2048…16384 (ruling V19).
    let maximumTextureSide: Int
    private let layerProgram: LayerProgram
    /// The full-screen effect passes' program (shadow blur and tint, transitions).
    private let effectsProgram: LayerProgram
    let textures = TextureCache()
    /// Programs made on first use; a failure to make one is remembered and reported per draw.
    private var shadowProgram: Result<ShadowProgram, Error>?
    private var particleProgram: Result<ParticleProgram, Error>?
    private var blendProgram: BlendProgram?
    /// The framebuffer frames are drawn into, its colour attachment (a texture, so that the
    /// conversion passes can read it) and its stencil.
    private(set) var framebuffer: GLuint = 0
    private(set) var colorTexture: GLuint = 0
    private var stencilBuffer: GLuint = 0
    /// The YUV conversion pass, created on first use (CARenderer+YUV.swift).
    var yuvConverter: YUVConverter?
    /// Offscreen targets by group depth, created on first need (`nil`: creation failed).
    private var offscreenTargets: [Int: OffscreenTarget] = [:]
    /// Rasterized layers' bitmaps, by layer.
    private var rasters: [LayerID: (texture: GLuint, width: Int, height: Int)] = [:]
    /// The framebuffer bound for drawing.
    private var boundFramebuffer: GLuint = 0
    /// Whether the stencil buffer may hold anything but zeros: set by every clip drawn, cleared
    /// with the stencil at the start of the next frame.
    private var stencilUsed = true
    /// How many quads were drawn with the plain programs (no coverage), for tests of the fast path.
    private(set) var plainDraws = 0

    /// Creates the device with a surfaceless context of its own, or with the context current on
    /// the calling thread (a window's, `usingCurrentContext`), and a framebuffer of
    /// `pixelWidth × pixelHeight`.
    init(pixelWidth: Int, pixelHeight: Int, usingCurrentContext: Bool) throws {
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        gl = usingCurrentContext ? try GLContext(adoptingCurrent: ()) : try GLContext()
        layerProgram = try LayerProgram()
        effectsProgram = try LayerProgram(effects: true)
        var textureLimit: GLint = 0
        glGetIntegerv(GLenum(GL_MAX_TEXTURE_SIZE), &textureLimit)
        maximumTextureSide = min(max(Int(textureLimit), 2048), 16384)
        let renderer = glGetString(GLenum(GL_RENDERER)).map { String(cString: $0) } ?? ""
        rasterizesOnTheCPU = Self.softwareRasterizers.contains { renderer.lowercased().contains($0) }
        try makeFramebuffer()
    }

    deinit {
        try? gl.makeCurrent()
        textures.removeAll()
        for raster in rasters.values {
            var texture = raster.texture
            glDeleteTextures(1, &texture)
        }
        offscreenTargets = [:]
        glDeleteFramebuffers(1, &framebuffer)
        yuvConverter = nil
        glDeleteTextures(1, &colorTexture)
        glDeleteRenderbuffers(1, &stencilBuffer)
    }

    /// Binds the context on the calling thread.
    func makeCurrent() {
        try? gl.makeCurrent()
    }

    /// Unbinds the context from the calling thread, so that another thread may bind it.
    func releaseContext() {
        gl.release()
    }

    // MARK: Submitting

    /// Executes a frame's batches (`FrameBatcher`) after freeing what the frame says is gone,
    /// then ends the frame's texture bookkeeping.
    func submit(_ batches: [BatchedCommand], of frame: FrameDescription) -> FrameReport {
        makeCurrent()
        var report = FrameReport()
        for image in frame.releasedImages { textures.release(image) }
        for id in frame.droppedRasters {
            if var texture = rasters.removeValue(forKey: id)?.texture { glDeleteTextures(1, &texture) }
        }
        glViewport(0, 0, GLsizei(pixelWidth), GLsizei(pixelHeight))
        glDisable(GLenum(GL_DEPTH_TEST))
        glDisable(GLenum(GL_SCISSOR_TEST))
        glStencilMask(0xFF)
        glEnable(GLenum(GL_BLEND))
        var blend = BlendState.sourceOver
        Self.setBlend(blend)
        glStencilOp(GLenum(GL_KEEP), GLenum(GL_KEEP), GLenum(GL_KEEP))
        Self.useStencilLevel(0)
        var madeLargeRaster = false
        // Whether the bound target could be made; draws into one that could not are counted.
        var targetUsable = true
        for command in batches {
            switch command {
            case .draws(let batch):
                guard targetUsable else {
                    report.fail(batch.items.count, "CARenderer: an offscreen target could not be created")
                    continue
                }
                if batch.blend != blend {
                    blend = batch.blend
                    Self.setBlend(blend)
                }
                draw(batch, &report)
            case .bindClearing(let target, let color):
                targetUsable = bind(target, clear: true, color: color, &report)
            case .command(let command):
                switch command {
                case .bind(let target, let clear):
                    targetUsable = bind(target, clear: clear, &report)
                case .stencilLevel(let level):
                    Self.useStencilLevel(level)
                case .clip(let quad, let increment, let newLevel):
                    guard targetUsable else { continue }
                    stencilUsed = true
                    stepClip(quad, increment: increment, newLevel: newLevel, &report)
                case .scissor(let rect):
                    if let r = rect {
                        glEnable(GLenum(GL_SCISSOR_TEST))
                        glScissor(GLint(r.x), GLint(r.y), GLsizei(r.width), GLsizei(r.height))
                    } else {
                        glDisable(GLenum(GL_SCISSOR_TEST))
                    }
                case .copyToTarget(let r, let depth):
                    guard targetUsable, r.width > 0, r.height > 0 else { continue }
                    guard let target = offscreenTarget(depth: depth, &report) else { continue }
                    glBindTexture(GLenum(GL_TEXTURE_2D), target.texture)
                    glCopyTexSubImage2D(
                        GLenum(GL_TEXTURE_2D), 0, GLint(r.x), GLint(r.y), GLint(r.x), GLint(r.y),
                        GLsizei(r.width), GLsizei(r.height))
                case .storeRaster(let id, let width, let height):
                    guard targetUsable else {
                        report.fail(1, "CARenderer: an offscreen target could not be created")
                        continue
                    }
                    storeRaster(id, width: width, height: height)
                    if width * height >= TextureCache.largePixels { madeLargeRaster = true }
                case .draw:
                    // Draws come batched.
                    continue
                }
            }
        }
        endFrame(madeLargeRaster: madeLargeRaster)
        return report
    }

    /// Ends a frame drawn elsewhere (in memory, ruling V26): frees what the frame says is gone
    /// and ends the frame's texture bookkeeping, as `submit` does, drawing nothing.
    func submitNothing(of frame: FrameDescription) -> FrameReport {
        guard !frame.releasedImages.isEmpty || !frame.droppedRasters.isEmpty else {
            endFrame(madeLargeRaster: false)
            return FrameReport()
        }
        return submit([], of: frame)
    }

    /// Binds `target`, cleared to `color` (premultiplied) when `clear` (the output's stencil only
    /// when a clip may have written it); `false` when it could not be made.
    private func bind(
        _ target: FrameTarget, clear: Bool, color: (Float, Float, Float, Float) = (0, 0, 0, 0),
        _ report: inout FrameReport
    ) -> Bool {
        let name: GLuint
        var clearsStencil = true
        switch target {
        case .output:
            name = framebuffer
            // Clips leave the stencil as they found it (each is undone where it was made), so it
            // needs clearing only after a frame that used one (or a first frame).
            clearsStencil = stencilUsed
            if clear { stencilUsed = false }
        case .offscreen(let depth):
            guard let made = offscreenTarget(depth: depth, &report) else { return false }
            name = made.framebuffer
        }
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), name)
        boundFramebuffer = name
        if clear {
            glClearColor(color.0, color.1, color.2, color.3)
            glClearStencil(0)
            glClear(GLbitfield(GL_COLOR_BUFFER_BIT) | (clearsStencil ? GLbitfield(GL_STENCIL_BUFFER_BIT) : 0))
        }
        return true
    }

    /// The offscreen target for group depth `depth`, created on first need; `nil` (reported)
    /// when the driver cannot create one.
    private func offscreenTarget(depth: Int, _ report: inout FrameReport) -> OffscreenTarget? {
        if let target = offscreenTargets[depth] { return target }
        do {
            let target = try OffscreenTarget(width: pixelWidth, height: pixelHeight)
            offscreenTargets[depth] = target
            // Making it bound its framebuffer: the one drawn into is bound again.
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), boundFramebuffer)
            return target
        } catch {
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), boundFramebuffer)
            report.fail(0, "CARenderer: an offscreen target could not be created: \(error)")
            return nil
        }
    }

    /// The GL texture `source` names, made or uploaded as needed; `nil` (and the reason) when
    /// it cannot be.
    private func texture(_ source: TextureSource, _ report: inout FrameReport) -> GLuint? {
        switch source {
        case .none:
            return 0
        case .image(let image, let minification, let magnification):
            if let texture = textures.texture(
                for: image, minification: minification, magnification: magnification)
            {
                return texture
            }
            report.fail(
                0, "CARenderer: contents image with \(image.bitsPerComponent)-bit components is not drawn")
            return nil
        case .target(let depth):
            return offscreenTarget(depth: depth, &report)?.texture
        case .raster(let id):
            if let raster = rasters[id] { return raster.texture }
            report.fail(0, "CARenderer: a rasterized layer's bitmap is missing")
            return nil
        case .window(let plan):
            if let window = textures.windowTexture(for: plan) { return window.texture }
            report.fail(0, "CARenderer: a window of large contents could not be read; not drawn")
            return nil
        }
    }

    /// Draws a batch: its program and textures set once, then each item.
    private func draw(_ batch: DrawBatch, _ report: inout FrameReport) {
        let failure = "CARenderer: a draw's texture could not be made"
        guard let texture = self.texture(batch.texture, &report), let mask = self.texture(batch.mask, &report)
        else {
            report.fail(batch.items.count, failure)
            return
        }
        do {
            switch batch.program {
            case .layer(let key):
                let variant = try layerProgram.use(
                    key, texture: texture, mask: mask, multiplier: batch.multiplier)
                for case .layer(let quad) in batch.items { layerProgram.draw(quad, with: variant) }
                if key.plain { plainDraws += batch.items.count }
            case .effect(let warp):
                let variant = try effectsProgram.useEffects(warp: warp, texture: texture, mask: mask)
                for case .effect(let quad) in batch.items { effectsProgram.draw(quad, with: variant) }
            case .shadow:
                if shadowProgram == nil { shadowProgram = Result { try ShadowProgram() } }
                let program = try shadowProgram!.get()
                for case .shadow(let s) in batch.items {
                    program.draw(
                        rect: s.rect, radius: s.radius, inner: s.inner, innerRadius: s.innerRadius,
                        outerWeight: s.outerWeight, innerWeight: s.innerWeight, sigma: s.sigma,
                        color: s.color,
                        matrix: s.matrix)
                }
            case .blend(let mode):
                if blendProgram == nil { blendProgram = BlendProgram() }
                guard let blendProgram else { return }
                for case .blend(let b) in batch.items {
                    guard
                        blendProgram.draw(
                            mode: mode, source: texture, backdrop: mask, matrix: b.matrix, quad: b.quad)
                    else { throw CARendererError.shader("the blend program for \(String(describing: mode))") }
                }
            case .particles:
                if particleProgram == nil { particleProgram = Result { try ParticleProgram() } }
                let program = try particleProgram!.get()
                for case .particles(let particles) in batch.items {
                    var runs: [(run: ParticleDraw.Run, texture: GLuint)] = []
                    runs.reserveCapacity(particles.runs.count)
                    for run in particles.runs {
                        guard let texture = self.texture(run.texture, &report) else {
                            report.fail(1, failure)
                            continue
                        }
                        runs.append((run, texture))
                    }
                    program.draw(
                        particles.vertices, runs: runs, matrix: particles.matrix, opacity: particles.opacity,
                        clip: particles.clip)
                }
            }
        } catch {
            report.fail(batch.items.count, "CARenderer: a program could not be made: \(error)")
        }
    }

    /// Increments (or decrements) the stencil inside the quad's shape where it is at the current
    /// level, then draws at `newLevel`.
    private func stepClip(_ quad: DrawQuad, increment: Bool, newLevel: Int, _ report: inout FrameReport) {
        glEnable(GLenum(GL_STENCIL_TEST))
        glColorMask(GLboolean(GL_FALSE), GLboolean(GL_FALSE), GLboolean(GL_FALSE), GLboolean(GL_FALSE))
        glStencilOp(GLenum(GL_KEEP), GLenum(GL_KEEP), GLenum(increment ? GL_INCR : GL_DECR))
        let key = LayerVariant(
            mode: DrawQuad.Mode.clip.rawValue, plain: false, continuous: quad.continuous != nil,
            multiplied: false)
        do {
            let variant = try layerProgram.use(key, texture: 0, mask: 0, multiplier: (1, 1, 1, 1))
            layerProgram.draw(quad, with: variant)
        } catch {
            report.fail(1, "CARenderer: a program could not be made: \(error)")
        }
        glColorMask(GLboolean(GL_TRUE), GLboolean(GL_TRUE), GLboolean(GL_TRUE), GLboolean(GL_TRUE))
        glStencilOp(GLenum(GL_KEEP), GLenum(GL_KEEP), GLenum(GL_KEEP))
        Self.useStencilLevel(newLevel)
    }

    /// Copies the bound target's bottom-left `width × height` pixels into a new bitmap for `id`.
    private func storeRaster(_ id: LayerID, width: Int, height: Int) {
        if var old = rasters.removeValue(forKey: id)?.texture { glDeleteTextures(1, &old) }
        var texture: GLuint = 0
        glGenTextures(1, &texture)
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glTexStorage2D(GLenum(GL_TEXTURE_2D), 1, GLenum(GL_RGBA8), GLsizei(width), GLsizei(height))
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_LINEAR)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_LINEAR)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        glCopyTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, 0, 0, 0, 0, GLsizei(width), GLsizei(height))
        rasters[id] = (texture, width, height)
    }

    /// Draws from now on where the stencil is at `level`. The stencil test is on only inside a
    /// clip (level > 0): at level 0 every pixel passes it (targets are cleared to 0 and every
    /// clip is undone where it was made), and with the test off llvmpipe skips the stencil
    /// buffer.
    private static func useStencilLevel(_ level: Int) {
        glStencilFunc(GLenum(GL_EQUAL), GLint(level), 0xFF)
        if level > 0 {
            glEnable(GLenum(GL_STENCIL_TEST))
        } else {
            glDisable(GLenum(GL_STENCIL_TEST))
        }
    }

    private static func setBlend(_ blend: BlendState) {
        glBlendFunc(glFactor(blend.source), glFactor(blend.destination))
    }

    private static func glFactor(_ factor: BlendFactor) -> GLenum {
        switch factor {
        case .zero: return GLenum(GL_ZERO)
        case .one: return GLenum(GL_ONE)
        case .sourceColor: return GLenum(GL_SRC_COLOR)
        case .oneMinusSourceColor: return GLenum(GL_ONE_MINUS_SRC_COLOR)
        case .sourceAlpha: return GLenum(GL_SRC_ALPHA)
        case .oneMinusSourceAlpha: return GLenum(GL_ONE_MINUS_SRC_ALPHA)
        case .destinationColor: return GLenum(GL_DST_COLOR)
        case .oneMinusDestinationColor: return GLenum(GL_ONE_MINUS_DST_COLOR)
        case .destinationAlpha: return GLenum(GL_DST_ALPHA)
        case .oneMinusDestinationAlpha: return GLenum(GL_ONE_MINUS_DST_ALPHA)
        }
    }

    /// Ends a frame's texture bookkeeping: textures of images no longer drawn are released.
    private func endFrame(madeLargeRaster: Bool) {
        // A frame that made large bitmaps (a window of a huge layer, an image re-rasterised every
        // frame) dropped others as large. glibc keeps freed memory in its heap, and the pattern of
        // these sizes can grow it by megabytes a frame; once 64 MiB lie free there they are handed
        // back to the system (ruling V19). Not every frame: memory handed back is faulted in
        // again when next used.
        let madeLarge = textures.madeLargeTexture || madeLargeRaster
        textures.madeLargeTexture = false
        defer { if madeLarge, mallinfo2().fordblks > 64 << 20 { malloc_trim(0) } }
        textures.endFrame()
    }

    // MARK: Reading

    /// Waits until every command given so far has finished.
    func finish() {
        glFinish()
    }

    /// Reads the framebuffer into `base`: `pixelHeight` rows of `rowPixels` pixels (RGBA), bottom
    /// row first.
    func readPixels(into base: UnsafeMutableRawPointer, rowPixels: Int) {
        makeCurrent()
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        glPixelStorei(GLenum(GL_PACK_ROW_LENGTH), GLint(rowPixels))
        defer { glPixelStorei(GLenum(GL_PACK_ROW_LENGTH), 0) }
        glReadPixels(
            0, 0, GLsizei(pixelWidth), GLsizei(pixelHeight), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), base)
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

/// What a submitted frame could not draw: how many draw items failed, and why (each reason
/// once, in the order first met).
package struct FrameReport: Equatable {
    package private(set) var failedDraws = 0
    package private(set) var reasons: [String] = []

    /// Counts `draws` failed draws for `reason`.
    mutating func fail(_ draws: Int, _ reason: String) {
        failedDraws += draws
        if !reasons.contains(reason) { reasons.append(reason) }
    }
}
