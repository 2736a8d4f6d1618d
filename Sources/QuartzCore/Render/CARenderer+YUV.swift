import CEGL
import CoreGraphics

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
        try? gl.makeCurrent()
        if yuvConverter == nil {
            yuvConverter = try? YUVConverter(width: pixelWidth, height: pixelHeight)
        }
        guard let converter = yuvConverter else { return false }
        converter.convert(colorTexture)
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        glReadPixels(
            0, 0, GLsizei(pixelWidth / 4), GLsizei(pixelHeight * 3 / 2), GLenum(GL_RGBA),
            GLenum(GL_UNSIGNED_BYTE),
            base)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        return true
    }
}

/// The pass that packs a frame into I420: a target `width / 4` texels wide and `height × 3 / 2`
/// rows high whose RGBA bytes, read bottom row first, are exactly the Y, U and V planes in order
/// (each texel holds four consecutive samples; a chroma plane's rows are half as long, so two of
/// them share a texel row).
final class YUVConverter {
    private let program: GLuint
    private let target: GLuint
    private let framebuffer: GLuint
    private let vertexArray: GLuint
    private let width: Int
    private let height: Int
    private let uFrame: GLint

    private static let vertexSource = """
        #version 300 es
        void main() {
            vec2 corner = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));
            gl_Position = vec4(corner * 2.0 - 1.0, 0.0, 1.0);
        }
        """

    private static let fragmentSource = """
        #version 300 es
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
        float luma(vec3 c) { return (16.0 + 219.0 * dot(c, vec3(0.2126, 0.7152, 0.0722))) / 255.0; }
        float cb(vec3 c) { return (128.0 + 224.0 * dot(c, vec3(-0.114572, -0.385428, 0.5))) / 255.0; }
        float cr(vec3 c) { return (128.0 + 224.0 * dot(c, vec3(0.5, -0.454153, -0.045847))) / 255.0; }

        void main() {
            ivec2 t = ivec2(gl_FragCoord.xy);
            if (t.y < u_height) {
                int x = t.x * 4;
                result = vec4(
                    luma(pixel(x, t.y)), luma(pixel(x + 1, t.y)), luma(pixel(x + 2, t.y)),
                    luma(pixel(x + 3, t.y)));
                return;
            }
            int r = t.y - u_height;
            bool isCr = r >= u_height / 4;
            if (isCr) { r -= u_height / 4; }
            int eighth = u_width / 8;
            int row = 2 * r + (t.x >= eighth ? 1 : 0);
            int column = (t.x - (t.x >= eighth ? eighth : 0)) * 4;
            vec4 samples;
            for (int k = 0; k < 4; k++) {
                int x = 2 * (column + k);
                int y = 2 * row;
                vec3 mean = 0.25 * (pixel(x, y) + pixel(x + 1, y) + pixel(x, y + 1) + pixel(x + 1, y + 1));
                samples[k] = isCr ? cr(mean) : cb(mean);
            }
            result = samples;
        }
        """

    init(width: Int, height: Int) throws {
        self.width = width
        self.height = height
        let vertex = try LayerProgram.compile(GLenum(GL_VERTEX_SHADER), Self.vertexSource)
        let fragment = try LayerProgram.compile(GLenum(GL_FRAGMENT_SHADER), Self.fragmentSource)
        let program = try LayerProgram.link(vertex, fragment)
        self.program = program
        uFrame = glGetUniformLocation(program, "u_frame")
        glUseProgram(program)
        glUniform1i(glGetUniformLocation(program, "u_width"), GLint(width))
        glUniform1i(glGetUniformLocation(program, "u_height"), GLint(height))
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
        glDeleteProgram(program)
    }

    /// Draws the packed planes of `frame` into the target, which stays bound for reading.
    func convert(_ frame: GLuint) {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glViewport(0, 0, GLsizei(width / 4), GLsizei(height * 3 / 2))
        glDisable(GLenum(GL_BLEND))
        glDisable(GLenum(GL_STENCIL_TEST))
        glDisable(GLenum(GL_SCISSOR_TEST))
        glUseProgram(program)
        glActiveTexture(GLenum(GL_TEXTURE0))
        glBindTexture(GLenum(GL_TEXTURE_2D), frame)
        glUniform1i(uFrame, 0)
        glBindVertexArray(vertexArray)
        glDrawArrays(GLenum(GL_TRIANGLES), 0, 3)
        glBindVertexArray(0)
        glBindTexture(GLenum(GL_TEXTURE_2D), 0)
    }
}
