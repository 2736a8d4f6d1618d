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
        defer { if let times { times.pointee.readback = RenderStageTimes.now() - converted } }
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        glReadPixels(
            0, 0, GLsizei(pixelWidth / 4), GLsizei(pixelHeight * 3 / 2), GLenum(GL_RGBA),
            GLenum(GL_UNSIGNED_BYTE), base)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        return true
    }
}

/// The pass that packs a frame into I420: a target `width / 4` texels wide and `height × 3 / 2`
/// rows high whose RGBA bytes, read bottom row first, are exactly the Y, U and V planes in order
/// (each texel holds four consecutive samples; a chroma plane's rows are half as long, so two of
/// them share a texel row).
final class YUVConverter {
    /// The Y, Cb and Cr programs.
    private let programs: [GLuint]
    private let target: GLuint
    private let framebuffer: GLuint
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

    /// The fragment shader, compiled once per plane (`PLANE` 0: Y, 1: Cb, 2: Cr), each drawn over
    /// its own rows of the target: separate programs rather than branches, which llvmpipe would
    /// run on both sides for every fragment.
    private static let fragmentSource = """
        precision highp float;
        precision highp int;
        uniform sampler2D u_frame;
        uniform int u_width;
        uniform int u_height;
        out vec4 result;

        // The frame is stored bottom row first; p is (column, row from the top).
        vec3 pixel(int x, int y) {
            return texelFetch(u_frame, ivec2(x, u_height - 1 - y), 0).rgb;
        }

        void main() {
            ivec2 t = ivec2(gl_FragCoord.xy);
        #if PLANE == 0
            const vec3 weights = vec3(0.2126, 0.7152, 0.0722);
            int x = t.x * 4;
            vec4 luma = vec4(
                dot(pixel(x, t.y), weights), dot(pixel(x + 1, t.y), weights), dot(pixel(x + 2, t.y), weights),
                dot(pixel(x + 3, t.y), weights));
            result = (16.0 + 219.0 * luma) / 255.0;
        #else
        #if PLANE == 1
            const vec3 weights = vec3(-0.114572, -0.385428, 0.5);
            int r = t.y - u_height;
        #else
            const vec3 weights = vec3(0.5, -0.454153, -0.045847);
            int r = t.y - u_height - u_height / 4;
        #endif
            int eighth = u_width / 8;
            int second = t.x >= eighth ? 1 : 0;
            int y = 2 * (2 * r + second);
            int x = 2 * (t.x - second * eighth) * 4;
            vec4 chroma;
            for (int k = 0; k < 4; k++) {
                vec3 sum = pixel(x + 2 * k, y) + pixel(x + 2 * k + 1, y) + pixel(x + 2 * k, y + 1)
                    + pixel(x + 2 * k + 1, y + 1);
                chroma[k] = dot(0.25 * sum, weights);
            }
            result = (128.0 + 224.0 * chroma) / 255.0;
        #endif
        }
        """

    init(width: Int, height: Int) throws {
        self.width = width
        self.height = height
        var programs: [GLuint] = []
        do {
            for plane in 0..<3 {
                let vertex = try LayerProgram.compile(GLenum(GL_VERTEX_SHADER), Self.vertexSource)
                let fragment = try LayerProgram.compile(
                    GLenum(GL_FRAGMENT_SHADER),
                    "#version 300 es\n#define PLANE \(plane)\n" + Self.fragmentSource)
                let program = try LayerProgram.link(vertex, fragment)
                programs.append(program)
                glUseProgram(program)
                glUniform1i(glGetUniformLocation(program, "u_frame"), 0)
                glUniform1i(glGetUniformLocation(program, "u_width"), GLint(width))
                glUniform1i(glGetUniformLocation(program, "u_height"), GLint(height))
            }
        } catch {
            for program in programs { glDeleteProgram(program) }
            throw error
        }
        self.programs = programs
        var texture: GLuint = 0
        glGenTextures(1, &texture)
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glTexStorage2D(
            GLenum(GL_TEXTURE_2D), 1, GLenum(GL_RGBA8), GLsizei(width / 4), GLsizei(height * 3 / 2))
        glBindTexture(GLenum(GL_TEXTURE_2D), 0)
        target = texture
        var framebuffer: GLuint = 0
        glGenFramebuffers(1, &framebuffer)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glFramebufferTexture2D(
            GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), texture, 0)
        self.framebuffer = framebuffer
        var vao: GLuint = 0
        glGenVertexArrays(1, &vao)
        vertexArray = vao
        let status = glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
        guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
            throw CARendererError.framebuffer("YUV target status 0x\(String(status, radix: 16))")
        }
    }

    deinit {
        var framebuffer = self.framebuffer
        glDeleteFramebuffers(1, &framebuffer)
        var texture = target
        glDeleteTextures(1, &texture)
        var vao = vertexArray
        glDeleteVertexArrays(1, &vao)
        for program in programs { glDeleteProgram(program) }
    }

    /// Draws the packed planes of `frame` into the target, which stays bound for reading.
    func convert(_ frame: GLuint) {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glDisable(GLenum(GL_BLEND))
        glDisable(GLenum(GL_STENCIL_TEST))
        glDisable(GLenum(GL_SCISSOR_TEST))
        glActiveTexture(GLenum(GL_TEXTURE0))
        glBindTexture(GLenum(GL_TEXTURE_2D), frame)
        glBindVertexArray(vertexArray)
        // Y over the first `height` rows, then Cb and Cr over `height / 4` rows each.
        let rows = [(0, height), (height, height / 4), (height + height / 4, height / 4)]
        for (program, (first, count)) in zip(programs, rows) {
            glViewport(0, GLint(first), GLsizei(width / 4), GLsizei(count))
            glUseProgram(program)
            glDrawArrays(GLenum(GL_TRIANGLES), 0, 3)
        }
        glBindVertexArray(0)
        glBindTexture(GLenum(GL_TEXTURE_2D), 0)
    }
}
