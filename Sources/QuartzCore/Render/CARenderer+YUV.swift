import CoreGraphics

@_implementationOnly import CEGL

extension CARenderer {
    /// Whether `readYUV420(into:)` can convert this renderer's frames: the width must be a
    /// multiple of 8 and the height a multiple of 4 (1280×720 and 1920×1080 are).
    public var supportsYUV420Readback: Bool {
        pixelWidth % 8 == 0 && pixelHeight % 4 == 0
    }

    /// The byte count of one frame read by `readYUV420(into:)`: `pixelWidth × pixelHeight × 3 / 2`.
    public var yuv420FrameByteCount: Int { pixelWidth * pixelHeight * 3 / 2 }

    /// Converts the last rendered frame to 8-bit YUV 4:2:0 on the GPU and reads it back, a third
    /// of the bytes of RGBA and ready for a video encoder with no conversion of its own. Lamina
    /// extension (Apple's renderer hands frames to VideoToolbox instead).
    ///
    /// The layout is planar I420 (ffmpeg's `yuv420p`): the Y plane, `pixelWidth` bytes by
    /// `pixelHeight` rows, top row first; then the U (Cb) and V (Cr) planes, each
    /// `pixelWidth / 2` by `pixelHeight / 2`. Colours use BT.709 coefficients and limited
    /// (video) range — Y 16–235, chroma 16–240 — as HD video expects; the frame's premultiplied
    /// colour is taken as is, which composites translucent pixels over black. Each chroma
    /// sample is the mean of its 2×2 block of pixels.
    ///
    /// - Returns: `false`, copying nothing, when the size is not supported
    ///   (`supportsYUV420Readback`), the buffer is smaller than `yuv420FrameByteCount`, or the
    ///   conversion pass cannot be created.
    @discardableResult
    public func readYUV420(into buffer: UnsafeMutableRawBufferPointer) -> Bool {
        guard supportsYUV420Readback, let base = buffer.baseAddress, buffer.count >= yuv420FrameByteCount
        else { return false }
        if lastFrameDrawnInMemory, let memory = memoryCompositor {
            let began = measuresStages ? RenderStageTimes.now() : 0
            memory.readYUV420(into: base)
            if measuresStages {
                lastStageTimes.conversion = RenderStageTimes.now() - began
                lastStageTimes.readback = 0
            }
            return true
        }
        guard measuresStages else { return device.readYUV420(into: base) }
        var times = lastStageTimes
        defer { lastStageTimes = times }
        return device.readYUV420(into: base, times: &times)
    }
}

extension GLDevice {
    /// Converts the framebuffer to I420 (`CARenderer.readYUV420`) and reads it into `base`, which
    /// holds `pixelWidth × pixelHeight × 3 / 2` bytes; `false` when the conversion pass cannot be
    /// created.
    ///
    /// With `times`, the pass is finished (`glFinish`) before the read so that its time and the
    /// read's are told apart.
    func readYUV420(into base: UnsafeMutableRawPointer, times: UnsafeMutablePointer<RenderStageTimes>? = nil)
        -> Bool
    {
        makeCurrent()
        if yuvConverter == nil {
            yuvConverter = try? YUVConverter(width: pixelWidth, height: pixelHeight)
        }
        guard let converter = yuvConverter else { return false }
        let began = times != nil ? RenderStageTimes.now() : 0
        converter.convert(colorTexture)
        let converted: Double
        if let times {
            glFinish()
            converted = RenderStageTimes.now()
            times.pointee.conversion = converted - began
        } else {
            converted = 0
        }
        converter.read(into: base)
        if let times { times.pointee.readback = RenderStageTimes.now() - converted }
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        return true
    }
}

/// The passes that pack a frame into I420, into targets whose RGBA bytes, read bottom row first,
/// are exactly the planes: the Y target, `width / 4` texels by `height` rows (each texel holds
/// four consecutive luma samples), and the Cb and Cr targets, each `width / 8` texels by
/// `height / 2` rows (four consecutive chroma samples a texel), drawn together by one pass with
/// two colour attachments, so that each 2×2 block of the frame is fetched once for both.
final class YUVConverter {
    /// The Y program, and the one that draws Cb and Cr.
    private let lumaProgram: GLuint
    private let chromaProgram: GLuint
    /// The Y, Cb and Cr targets.
    private let targets: [GLuint]
    /// The Y target's framebuffer, and the one with Cb and Cr as attachments 0 and 1.
    private let lumaFramebuffer: GLuint
    private let chromaFramebuffer: GLuint
    private let vertexArray: GLuint
    private let width: Int
    private let height: Int

    private static let vertexSource = """
        #version 300 es
        void main() {
            vec2 corner = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));
            gl_Position = vec4(corner * 2.0 - 1.0, 0.0, 1.0);
        }
        """

    /// The fragment shader, compiled once per pass (`CHROMA` 0: Y, 1: Cb and Cr): separate
    /// programs rather than branches, which llvmpipe would run on both sides for every fragment.
    /// Cb and Cr share each block's fetches and sum; each sample is still computed in one fixed
    /// order (four fetches summed left to right, scaled by a quarter, one dot product), so the
    /// bytes do not depend on how the planes are grouped into passes.
    private static let fragmentSource = """
        precision highp float;
        precision highp int;
        uniform sampler2D u_frame;
        uniform int u_height;
        #if CHROMA
        layout(location = 0) out vec4 cb;
        layout(location = 1) out vec4 cr;
        #else
        out vec4 result;
        #endif

        // The frame is stored bottom row first; p is (column, row from the top).
        vec3 pixel(int x, int y) {
            return texelFetch(u_frame, ivec2(x, u_height - 1 - y), 0).rgb;
        }

        void main() {
            ivec2 t = ivec2(gl_FragCoord.xy);
        #if CHROMA
            const vec3 cbWeights = vec3(-0.114572, -0.385428, 0.5);
            const vec3 crWeights = vec3(0.5, -0.454153, -0.045847);
            int y = 2 * t.y;
            int x = 2 * t.x * 4;
            vec4 cbChroma;
            vec4 crChroma;
            for (int k = 0; k < 4; k++) {
                vec3 sum = pixel(x + 2 * k, y) + pixel(x + 2 * k + 1, y) + pixel(x + 2 * k, y + 1)
                    + pixel(x + 2 * k + 1, y + 1);
                cbChroma[k] = dot(0.25 * sum, cbWeights);
                crChroma[k] = dot(0.25 * sum, crWeights);
            }
            cb = (128.0 + 224.0 * cbChroma) / 255.0;
            cr = (128.0 + 224.0 * crChroma) / 255.0;
        #else
            const vec3 weights = vec3(0.2126, 0.7152, 0.0722);
            int x = t.x * 4;
            vec4 luma = vec4(
                dot(pixel(x, t.y), weights), dot(pixel(x + 1, t.y), weights), dot(pixel(x + 2, t.y), weights),
                dot(pixel(x + 3, t.y), weights));
            result = (16.0 + 219.0 * luma) / 255.0;
        #endif
        }
        """

    init(width: Int, height: Int) throws {
        self.width = width
        self.height = height
        var programs: [GLuint] = []
        var targets: [GLuint] = []
        var framebuffers: [GLuint] = []
        var vao: GLuint = 0
        glGenVertexArrays(1, &vao)
        vertexArray = vao
        // Filled in as they are made, so that a failure deletes what exists.
        func cleanUp() {
            for program in programs { glDeleteProgram(program) }
            glDeleteTextures(GLsizei(targets.count), targets)
            glDeleteFramebuffers(GLsizei(framebuffers.count), framebuffers)
            glDeleteVertexArrays(1, &vao)
        }
        do {
            for chroma in 0..<2 {
                let vertex = try LayerProgram.compile(GLenum(GL_VERTEX_SHADER), Self.vertexSource)
                let fragment = try LayerProgram.compile(
                    GLenum(GL_FRAGMENT_SHADER),
                    "#version 300 es\n#define CHROMA \(chroma)\n" + Self.fragmentSource)
                let program = try LayerProgram.link(vertex, fragment)
                programs.append(program)
                glUseProgram(program)
                glUniform1i(glGetUniformLocation(program, "u_frame"), 0)
                glUniform1i(glGetUniformLocation(program, "u_height"), GLint(height))
            }
            for (columns, rows) in [(width / 4, height), (width / 8, height / 2), (width / 8, height / 2)] {
                var texture: GLuint = 0
                glGenTextures(1, &texture)
                targets.append(texture)
                glBindTexture(GLenum(GL_TEXTURE_2D), texture)
                glTexStorage2D(GLenum(GL_TEXTURE_2D), 1, GLenum(GL_RGBA8), GLsizei(columns), GLsizei(rows))
            }
            glBindTexture(GLenum(GL_TEXTURE_2D), 0)
            for attachments in [[targets[0]], [targets[1], targets[2]]] {
                var framebuffer: GLuint = 0
                glGenFramebuffers(1, &framebuffer)
                framebuffers.append(framebuffer)
                glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
                var buffers: [GLenum] = []
                for (index, texture) in attachments.enumerated() {
                    let attachment = GLenum(GL_COLOR_ATTACHMENT0) + GLenum(index)
                    glFramebufferTexture2D(
                        GLenum(GL_FRAMEBUFFER), attachment, GLenum(GL_TEXTURE_2D), texture, 0)
                    buffers.append(attachment)
                }
                glDrawBuffers(GLsizei(buffers.count), buffers)
                let status = glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
                guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
                    throw CARendererError.framebuffer("YUV target status 0x\(String(status, radix: 16))")
                }
            }
        } catch {
            cleanUp()
            throw error
        }
        lumaProgram = programs[0]
        chromaProgram = programs[1]
        self.targets = targets
        lumaFramebuffer = framebuffers[0]
        chromaFramebuffer = framebuffers[1]
    }

    deinit {
        let framebuffers = [lumaFramebuffer, chromaFramebuffer]
        glDeleteFramebuffers(2, framebuffers)
        glDeleteTextures(GLsizei(targets.count), targets)
        var vao = vertexArray
        glDeleteVertexArrays(1, &vao)
        glDeleteProgram(lumaProgram)
        glDeleteProgram(chromaProgram)
    }

    /// Draws the planes of `frame` into the targets.
    func convert(_ frame: GLuint) {
        glDisable(GLenum(GL_BLEND))
        glDisable(GLenum(GL_STENCIL_TEST))
        glDisable(GLenum(GL_SCISSOR_TEST))
        glActiveTexture(GLenum(GL_TEXTURE0))
        glBindTexture(GLenum(GL_TEXTURE_2D), frame)
        glBindVertexArray(vertexArray)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), lumaFramebuffer)
        glViewport(0, 0, GLsizei(width / 4), GLsizei(height))
        glUseProgram(lumaProgram)
        glDrawArrays(GLenum(GL_TRIANGLES), 0, 3)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), chromaFramebuffer)
        glViewport(0, 0, GLsizei(width / 8), GLsizei(height / 2))
        glUseProgram(chromaProgram)
        glDrawArrays(GLenum(GL_TRIANGLES), 0, 3)
        glBindVertexArray(0)
        glBindTexture(GLenum(GL_TEXTURE_2D), 0)
    }

    /// Reads the planes drawn by `convert(_:)` into `base` (`width × height × 3 / 2` bytes): Y,
    /// then Cb, then Cr.
    func read(into base: UnsafeMutableRawPointer) {
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), lumaFramebuffer)
        glReadBuffer(GLenum(GL_COLOR_ATTACHMENT0))
        glReadPixels(
            0, 0, GLsizei(width / 4), GLsizei(height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), base)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), chromaFramebuffer)
        let planeBytes = width / 2 * (height / 2)
        for index in 0..<2 {
            glReadBuffer(GLenum(GL_COLOR_ATTACHMENT0) + GLenum(index))
            glReadPixels(
                0, 0, GLsizei(width / 8), GLsizei(height / 2), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE),
                base.advanced(by: width * height + index * planeBytes))
        }
        glReadBuffer(GLenum(GL_COLOR_ATTACHMENT0))
    }
}
