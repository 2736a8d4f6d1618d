import CCairo
import CEGL
import QuartzCore

/// The baseline: the bare minimum of EGL and OpenGL ES 3 calls that produce a scene's pixels,
/// with no Lamina — one surfaceless context, one framebuffer of the renderer's size, one textured
/// quad per layer (a static unit square placed by a 4×4 matrix), premultiplied blending
/// (`ONE, ONE_MINUS_SRC_ALPHA`) with the layer's opacity, `glFinish`, and `glReadPixels` with the
/// rows flipped top first into a reused buffer.
final class BareBaseline {
    let width: Int
    let height: Int
    private let display: EGLDisplay
    private let context: EGLContext
    private var framebuffer: GLuint = 0
    private var colorBuffer: GLuint = 0
    private var program: GLuint = 0
    private var vertexArray: GLuint = 0
    private var vertexBuffer: GLuint = 0
    private var uMatrix: GLint = 0
    private var uOpacity: GLint = 0
    private var textures: [GLuint] = []
    private var readback: [UInt8]
    /// The last frame read back, premultiplied RGBA8, top row first.
    private(set) var pixels: [UInt8]

    private static let vertexSource = """
        #version 300 es
        layout(location = 0) in vec2 a_unit;
        uniform mat4 u_matrix;
        out vec2 v_uv;
        void main() {
            v_uv = a_unit;
            gl_Position = u_matrix * vec4(a_unit, 0.0, 1.0);
        }
        """

    private static let fragmentSource = """
        #version 300 es
        precision highp float;
        in vec2 v_uv;
        uniform sampler2D u_texture;
        uniform float u_opacity;
        out vec4 fragColor;
        void main() {
            fragColor = texture(u_texture, v_uv) * u_opacity;
        }
        """

    init(width: Int, height: Int) throws {
        self.width = width
        self.height = height
        readback = [UInt8](repeating: 0, count: width * height * 4)
        pixels = readback
        (display, context) = try Self.makeContext()
        makeCurrent()
        makeFramebuffer()
        try makeProgram()
    }

    deinit {
        makeCurrent()
        glDeleteTextures(GLsizei(textures.count), textures)
        glDeleteFramebuffers(1, &framebuffer)
        glDeleteRenderbuffers(1, &colorBuffer)
        glDeleteBuffers(1, &vertexBuffer)
        glDeleteVertexArrays(1, &vertexArray)
        glDeleteProgram(program)
        eglMakeCurrent(display, nil, nil, nil)
        eglDestroyContext(display, context)
    }

    /// The driver's name, as `GL_RENDERER` gives it.
    var rendererName: String {
        makeCurrent()
        return glGetString(GLenum(GL_RENDERER)).map { String(cString: $0) } ?? "unknown"
    }

    /// Binds this baseline's context to the thread (the renderer binds its own in `render()`).
    func makeCurrent() {
        eglMakeCurrent(display, nil, nil, context)
    }

    /// Uploads `images` as the textures of quads 0, 1, … (replacing any earlier ones), from the
    /// same premultiplied RGBA8 bytes the renderer uploads.
    func upload(_ images: [CGImage]) {
        makeCurrent()
        glDeleteTextures(GLsizei(textures.count), textures)
        textures = [GLuint](repeating: 0, count: images.count)
        glGenTextures(GLsizei(images.count), &textures)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        for (image, texture) in zip(images, textures) {
            let bytes = image.premultipliedRGBA8Pixels()!
            glBindTexture(GLenum(GL_TEXTURE_2D), texture)
            glTexImage2D(
                GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(image.width), GLsizei(image.height), 0,
                GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), bytes)
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_LINEAR)
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_LINEAR)
        }
    }

    /// Draws the uploaded quads of `scene` at time `t`, back to front, and waits for the pixels.
    /// `GL_BGRA_EXT` (EXT_texture_format_BGRA8888, which Mesa and NVIDIA's drivers have).
    private static let bgra: Int32 = 0x80E1

    /// Uploads Cairo ARGB32 surfaces (premultiplied, BGRA in memory) as they are, one texture
    /// each, reusing the texture names: the least a frame of freshly rasterised bitmaps costs.
    func uploadCairoSurfaces(_ surfaces: [OpaquePointer]) {
        makeCurrent()
        if textures.count != surfaces.count {
            glDeleteTextures(GLsizei(textures.count), textures)
            textures = [GLuint](repeating: 0, count: surfaces.count)
            glGenTextures(GLsizei(surfaces.count), &textures)
        }
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 4)
        for (surface, texture) in zip(surfaces, textures) {
            cairo_surface_flush(surface)
            let width = cairo_image_surface_get_width(surface)
            let height = cairo_image_surface_get_height(surface)
            glBindTexture(GLenum(GL_TEXTURE_2D), texture)
            glTexImage2D(
                GLenum(GL_TEXTURE_2D), 0, GLint(Self.bgra), width, height, 0, GLenum(Self.bgra),
                GLenum(GL_UNSIGNED_BYTE), cairo_image_surface_get_data(surface))
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_LINEAR)
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_LINEAR)
        }
    }

    func render(_ scene: BareScene, atTime t: Double, clear: (Float, Float, Float, Float) = (0, 0, 0, 0)) {
        makeCurrent()
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glViewport(0, 0, GLsizei(width), GLsizei(height))
        glClearColor(clear.0, clear.1, clear.2, clear.3)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        glEnable(GLenum(GL_BLEND))
        glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        glUseProgram(program)
        glBindVertexArray(vertexArray)
        glActiveTexture(GLenum(GL_TEXTURE0))
        for index in textures.indices {
            let (m, opacity) = scene.placement(t, index)
            // Row-vector p·M uploaded row by row is the column-major Mᵀ, as in the renderer.
            var entries:
                (
                    Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float,
                    Float, Float, Float
                ) = (
                    Float(m.m11), Float(m.m12), Float(m.m13), Float(m.m14), Float(m.m21), Float(m.m22),
                    Float(m.m23), Float(m.m24), Float(m.m31), Float(m.m32), Float(m.m33), Float(m.m34),
                    Float(m.m41), Float(m.m42), Float(m.m43), Float(m.m44)
                )
            withUnsafePointer(to: &entries) { pointer in
                pointer.withMemoryRebound(to: Float.self, capacity: 16) {
                    glUniformMatrix4fv(uMatrix, 1, GLboolean(GL_FALSE), $0)
                }
            }
            glUniform1f(uOpacity, opacity)
            glBindTexture(GLenum(GL_TEXTURE_2D), textures[index])
            glDrawArrays(GLenum(GL_TRIANGLE_STRIP), 0, 4)
        }
        glFinish()
    }

    /// Reads the framebuffer back into `pixels`, top row first.
    func readPixels() {
        makeCurrent()
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        glReadPixels(
            0, 0, GLsizei(width), GLsizei(height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), &readback)
        let rowBytes = width * 4
        readback.withUnsafeBytes { source in
            pixels.withUnsafeMutableBytes { destination in
                for row in 0..<height {
                    destination.baseAddress!.advanced(by: row * rowBytes).copyMemory(
                        from: source.baseAddress!.advanced(by: (height - 1 - row) * rowBytes),
                        byteCount: rowBytes)
                }
            }
        }
    }

    // MARK: - Setup

    private static func makeContext() throws -> (EGLDisplay, EGLContext) {
        typealias GetPlatformDisplay =
            @convention(c) (EGLenum, UnsafeMutableRawPointer?, UnsafePointer<EGLint>?) -> EGLDisplay?
        guard let address = eglGetProcAddress("eglGetPlatformDisplayEXT"),
            let display = unsafeBitCast(address, to: GetPlatformDisplay.self)(
                EGLenum(EGL_PLATFORM_SURFACELESS_MESA), nil, nil),
            eglInitialize(display, nil, nil) == EGLBoolean(EGL_TRUE),
            eglBindAPI(EGLenum(EGL_OPENGL_ES_API)) == EGLBoolean(EGL_TRUE)
        else { throw BareBaselineError("no surfaceless EGL display") }
        var configAttributes: [EGLint] = [EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT, EGL_NONE]
        var config: EGLConfig?
        var count: EGLint = 0
        eglChooseConfig(display, &configAttributes, &config, 1, &count)
        var contextAttributes: [EGLint] = [EGL_CONTEXT_MAJOR_VERSION, 3, EGL_NONE]
        guard let context = eglCreateContext(display, count > 0 ? config : nil, nil, &contextAttributes)
        else { throw BareBaselineError("eglCreateContext failed") }
        return (display, context)
    }

    private func makeFramebuffer() {
        glGenFramebuffers(1, &framebuffer)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glGenRenderbuffers(1, &colorBuffer)
        glBindRenderbuffer(GLenum(GL_RENDERBUFFER), colorBuffer)
        glRenderbufferStorage(GLenum(GL_RENDERBUFFER), GLenum(GL_RGBA8), GLsizei(width), GLsizei(height))
        glFramebufferRenderbuffer(
            GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_RENDERBUFFER), colorBuffer)
    }

    private func makeProgram() throws {
        program = glCreateProgram()
        for (type, source) in [
            (GLenum(GL_VERTEX_SHADER), Self.vertexSource), (GLenum(GL_FRAGMENT_SHADER), Self.fragmentSource),
        ] {
            let shader = glCreateShader(type)
            source.withCString { text in
                var string: UnsafePointer<GLchar>? = text
                glShaderSource(shader, 1, &string, nil)
            }
            glCompileShader(shader)
            glAttachShader(program, shader)
            glDeleteShader(shader)
        }
        glLinkProgram(program)
        var linked: GLint = 0
        glGetProgramiv(program, GLenum(GL_LINK_STATUS), &linked)
        guard linked == GL_TRUE else { throw BareBaselineError("the shader program does not link") }
        uMatrix = glGetUniformLocation(program, "u_matrix")
        uOpacity = glGetUniformLocation(program, "u_opacity")
        glUseProgram(program)
        glUniform1i(glGetUniformLocation(program, "u_texture"), 0)
        // The unit square as a triangle strip; each quad's matrix places it.
        let unitSquare: [Float] = [0, 0, 1, 0, 0, 1, 1, 1]
        glGenVertexArrays(1, &vertexArray)
        glBindVertexArray(vertexArray)
        glGenBuffers(1, &vertexBuffer)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), vertexBuffer)
        glBufferData(
            GLenum(GL_ARRAY_BUFFER), unitSquare.count * MemoryLayout<Float>.size, unitSquare,
            GLenum(GL_STATIC_DRAW))
        glEnableVertexAttribArray(0)
        glVertexAttribPointer(0, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 0, nil)
    }
}

/// Why the bare baseline could not start.
struct BareBaselineError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
