import CEGL
import CoreGraphics

/// The one shader program that draws every part of a layer: a quad in the layer's bounds
/// coordinates, projected by a 4×4 matrix (perspective-correct), shaded by mode — a solid fill,
/// the contents texture, the border ring, or a clip shape written to the stencil buffer — with
/// rounded corners and edges anti-aliased analytically from a signed distance in layer space.
final class LayerProgram {
    enum Mode: Int32 {
        case fill = 0
        case texture = 1
        case border = 2
        case clip = 3
        /// One pass of a separable Gaussian blur of a texture (shadows).
        case blur = 4
        /// A texture's alpha painted in `color` (shadows).
        case tint = 5
        /// A transition's two pictures (`texture` new, `maskTexture` old, both the framebuffer's
        /// size, sampled at the fragment's pixel) each within its rect (`destRect` new,
        /// `insideRect` old; empty: absent), combined per `transition`, clipped to `bounds`.
        case transition = 6
    }

    let program: GLuint
    let vertexBuffer: GLuint
    let vertexArray: GLuint
    private let uMatrix: GLint
    private let uMode: GLint
    private let uRect: GLint
    private let uRadii: GLint
    private let uColor: GLint
    private let uBorderWidth: GLint
    private let uDestRect: GLint
    private let uUVRect: GLint
    private let uOpacity: GLint
    private let uClipToShape: GLint
    private let uTexture: GLint
    private let uMaskTexture: GLint
    private let uUseMask: GLint
    private let uInsideRect: GLint
    private let uBlurStep: GLint
    private let uSigma: GLint
    private let uLodBias: GLint
    private let uTransition: GLint
    private let uMultiplier: GLint
    /// The premultiplied colour every fragment is multiplied by (a replicator instance's colour,
    /// RenderPass+Replicator.swift); (1, 1, 1, 1) draws unchanged.
    var multiplier: (Float, Float, Float, Float) = (1, 1, 1, 1)

    private static let vertexSource = """
        #version 300 es
        layout(location = 0) in vec2 a_local;
        uniform mat4 u_matrix;
        out vec2 v_local;
        void main() {
            v_local = a_local;
            gl_Position = u_matrix * vec4(a_local, 0.0, 1.0);
        }
        """

    private static let fragmentSource = """
        #version 300 es
        precision highp float;
        in vec2 v_local;
        uniform int u_mode;
        uniform vec4 u_rect;         // the layer's bounds: x, y, width, height
        uniform vec4 u_radii;        // corner radii: minX-minY, maxX-minY, maxX-maxY, minX-maxY
        uniform vec4 u_color;        // premultiplied
        uniform float u_borderWidth;
        uniform vec4 u_destRect;     // where the contents image is drawn
        uniform vec4 u_uvRect;       // the texture rect drawn there (contentsRect)
        uniform float u_opacity;
        uniform bool u_clipToShape;  // clip the contents to the rounded bounds
        uniform sampler2D u_texture;
        uniform sampler2D u_maskTexture; // a mask's rendering, sampled at the same coordinates
        uniform bool u_useMask;
        uniform vec4 u_insideRect;   // the rect whose edges are anti-aliased (the whole image)
        uniform vec2 u_blurStep;     // one texel along the blur's direction, in texture coordinates
        uniform float u_sigma;       // the blur's standard deviation, in texels
        uniform float u_lodBias;     // minificationFilterBias, for the trilinear filter
        uniform vec2 u_transition;   // how a transition combines: 0 mix, 1 new over old, 2 old over
                                     // new, 3 side by side (added); the mix's weight of the new one
        uniform vec4 u_multiplier;   // premultiplied colour multiplying the result (replicators)
        out vec4 fragColor;

        float roundedRectDistance(vec2 p, vec4 rect, vec4 radii) {
            vec2 halfSize = rect.zw * 0.5;
            vec2 q = p - (rect.xy + halfSize);
            float r = q.x < 0.0 ? (q.y < 0.0 ? radii.x : radii.w) : (q.y < 0.0 ? radii.y : radii.z);
            r = min(r, min(halfSize.x, halfSize.y));
            vec2 d = abs(q) - halfSize + r;
            return min(max(d.x, d.y), 0.0) + length(max(d, 0.0)) - r;
        }

        float coverage(float distance) {
            float width = max(length(vec2(dFdx(v_local.x), dFdy(v_local.x))),
                              length(vec2(dFdx(v_local.y), dFdy(v_local.y))));
            return clamp(0.5 - distance / max(width, 1e-6), 0.0, 1.0);
        }

        void main() {
        #ifdef EFFECTS
            // The effects variant: full-screen passes over a texture (blur, tint).
            vec2 t = (v_local - u_destRect.xy) / u_destRect.zw;
            vec2 uv = u_uvRect.xy + t * u_uvRect.zw;
            if (u_mode == 4) {
                int reach = int(ceil(3.0 * u_sigma));
                vec4 sum = vec4(0.0);
                float total = 0.0;
                for (int i = -reach; i <= reach; i++) {
                    float w = exp(-0.5 * float(i * i) / (u_sigma * u_sigma));
                    sum += texture(u_texture, uv + float(i) * u_blurStep) * w;
                    total += w;
                }
                fragColor = sum / total;
            } else if (u_mode == 6) {
                vec2 pixel = gl_FragCoord.xy / vec2(textureSize(u_texture, 0));
                float window = coverage(roundedRectDistance(v_local, u_rect, vec4(0.0)));
                // The pictures carry their own anti-aliased edges: their rects only cut what lies
                // beyond them, one pixel out, so that an edge is not attenuated twice.
                float onePixel = max(length(vec2(dFdx(v_local.x), dFdy(v_local.x))),
                                     length(vec2(dFdx(v_local.y), dFdy(v_local.y))));
                float inNew = u_destRect.z > 0.0 && u_destRect.w > 0.0
                    ? coverage(roundedRectDistance(v_local, u_destRect, vec4(0.0)) - onePixel) : 0.0;
                float inOld = u_insideRect.z > 0.0 && u_insideRect.w > 0.0
                    ? coverage(roundedRectDistance(v_local, u_insideRect, vec4(0.0)) - onePixel) : 0.0;
                vec4 newer = texture(u_texture, pixel) * inNew;
                vec4 older = texture(u_maskTexture, pixel) * inOld;
                vec4 combined = u_transition.x < 0.5 ? mix(older, newer, u_transition.y)
                    : u_transition.x < 1.5 ? newer + older * (1.0 - newer.a)
                    : u_transition.x < 2.5 ? older + newer * (1.0 - older.a)
                    : min(newer + older, vec4(1.0));
                fragColor = combined * (window * u_opacity);
            } else {
                fragColor = u_color * (texture(u_texture, uv).a * u_opacity);
            }
        #else
            float shape = coverage(roundedRectDistance(v_local, u_rect, u_radii));
            if (u_mode == 0) {
                fragColor = u_color * (shape * u_opacity);
            } else if (u_mode == 1) {
                vec2 t = (v_local - u_destRect.xy) / u_destRect.zw;
                vec2 uv = u_uvRect.xy + t * u_uvRect.zw;
                float inside = coverage(roundedRectDistance(v_local, u_insideRect, vec4(0.0)));
                float clip = u_clipToShape ? shape : 1.0;
                float mask = u_useMask ? texture(u_maskTexture, uv).a : 1.0;
                fragColor = texture(u_texture, uv, u_lodBias) * (inside * clip * mask * u_opacity);
            } else if (u_mode == 2) {
                vec4 inner = vec4(u_rect.xy + u_borderWidth, u_rect.zw - 2.0 * u_borderWidth);
                float innerShape = (inner.z > 0.0 && inner.w > 0.0)
                    ? coverage(roundedRectDistance(v_local, inner, max(u_radii - u_borderWidth, 0.0)))
                    : 0.0;
                fragColor = u_color * (max(shape - innerShape, 0.0) * u_opacity);
            } else {
                if (shape < 0.5) { discard; }
                fragColor = vec4(0.0);
            }
        #endif
            fragColor *= u_multiplier;
        }
        """

    /// Creates the program for layer parts (fill, texture, border, clip), or with `effects` the
    /// variant for full-screen effect passes (blur, tint): kept apart so that the layer shader
    /// carries no blur loop, which would slow every fragment.
    init(effects: Bool = false) throws {
        let vertex = try Self.compile(GLenum(GL_VERTEX_SHADER), Self.vertexSource)
        var source = Self.fragmentSource
        if effects {
            source = source.replacingOccurrences(
                of: "#version 300 es\n", with: "#version 300 es\n#define EFFECTS 1\n")
        }
        let fragment = try Self.compile(GLenum(GL_FRAGMENT_SHADER), source)
        let program = try Self.link(vertex, fragment)
        self.program = program
        func location(_ name: String) -> GLint { glGetUniformLocation(program, name) }
        uMatrix = location("u_matrix")
        uMode = location("u_mode")
        uRect = location("u_rect")
        uRadii = location("u_radii")
        uColor = location("u_color")
        uBorderWidth = location("u_borderWidth")
        uDestRect = location("u_destRect")
        uUVRect = location("u_uvRect")
        uOpacity = location("u_opacity")
        uClipToShape = location("u_clipToShape")
        uTexture = location("u_texture")
        uMaskTexture = location("u_maskTexture")
        uUseMask = location("u_useMask")
        uInsideRect = location("u_insideRect")
        uBlurStep = location("u_blurStep")
        uSigma = location("u_sigma")
        uLodBias = location("u_lodBias")
        uTransition = location("u_transition")
        uMultiplier = location("u_multiplier")
        var vao: GLuint = 0
        glGenVertexArrays(1, &vao)
        vertexArray = vao
        var vbo: GLuint = 0
        glGenBuffers(1, &vbo)
        vertexBuffer = vbo
        glBindVertexArray(vao)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), vbo)
        glBufferData(GLenum(GL_ARRAY_BUFFER), 8 * MemoryLayout<Float>.size, nil, GLenum(GL_DYNAMIC_DRAW))
        glEnableVertexAttribArray(0)
        glVertexAttribPointer(0, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 0, nil)
    }

    deinit {
        var vbo = vertexBuffer
        glDeleteBuffers(1, &vbo)
        var vao = vertexArray
        glDeleteVertexArrays(1, &vao)
        glDeleteProgram(program)
    }

    /// What one quad draws.
    struct Quad {
        var matrix: CATransform3D
        var mode: Mode
        var quad: CGRect
        var bounds: CGRect
        var radii: (CGFloat, CGFloat, CGFloat, CGFloat)
        var color: (Float, Float, Float, Float) = (0, 0, 0, 0)
        var borderWidth: CGFloat = 0
        var destRect = CGRect.zero
        var uvRect = CGRect(x: 0, y: 0, width: 1, height: 1)
        var opacity: Float = 1
        var clipToShape = false
        var texture: GLuint = 0
        /// A second texture whose alpha multiplies the first (a mask), 0 for none.
        var maskTexture: GLuint = 0
        /// The rect whose edges are anti-aliased when drawing a texture; `nil`: `destRect`.
        var insideRect: CGRect?
        /// For `.blur`: one texel along the pass's direction, and the standard deviation in texels.
        var blurStep = (Float(0), Float(0))
        var sigma: Float = 1
        /// The mipmap level bias of a texture lookup (`minificationFilterBias`).
        var lodBias: Float = 0
        /// For `.transition`: the composite (0 mix, 1 new over old, 2 old over new, 3 side by
        /// side) and the mix's weight of the new picture.
        var transition = (Float(0), Float(0))
    }

    /// Draws `quad` with the program bound and the caller's blend and stencil state.
    func draw(_ quad: Quad) {
        glUseProgram(program)
        let m = quad.matrix
        var entries: [Float] = [
            m.m11, m.m12, m.m13, m.m14, m.m21, m.m22, m.m23, m.m24,
            m.m31, m.m32, m.m33, m.m34, m.m41, m.m42, m.m43, m.m44,
        ].map { Float($0) }
        // Row-vector p·M uploaded row by row is the column-major Mᵀ, so `u_matrix * p` is (p·M)ᵀ.
        glUniformMatrix4fv(uMatrix, 1, GLboolean(GL_FALSE), &entries)
        glUniform1i(uMode, quad.mode.rawValue)
        glUniform4f(
            uRect, Float(quad.bounds.minX), Float(quad.bounds.minY), Float(quad.bounds.width),
            Float(quad.bounds.height))
        glUniform4f(
            uRadii, Float(quad.radii.0), Float(quad.radii.1), Float(quad.radii.2), Float(quad.radii.3))
        glUniform4f(uColor, quad.color.0, quad.color.1, quad.color.2, quad.color.3)
        glUniform1f(uBorderWidth, Float(quad.borderWidth))
        let d = quad.destRect
        glUniform4f(uDestRect, Float(d.minX), Float(d.minY), Float(d.width), Float(d.height))
        let uv = quad.uvRect
        glUniform4f(uUVRect, Float(uv.minX), Float(uv.minY), Float(uv.width), Float(uv.height))
        glUniform1f(uOpacity, quad.opacity)
        glUniform1i(uClipToShape, quad.clipToShape ? 1 : 0)
        let inside = quad.insideRect ?? d
        glUniform4f(
            uInsideRect, Float(inside.minX), Float(inside.minY), Float(inside.width), Float(inside.height))
        glUniform1i(uTexture, 0)
        glUniform1i(uMaskTexture, 1)
        glUniform1i(uUseMask, quad.maskTexture != 0 ? 1 : 0)
        glUniform2f(uBlurStep, quad.blurStep.0, quad.blurStep.1)
        glUniform1f(uSigma, max(quad.sigma, 0.01))
        glUniform1f(uLodBias, quad.lodBias.isFinite ? min(max(quad.lodBias, -16), 16) : 0)
        glUniform2f(uTransition, quad.transition.0, quad.transition.1)
        glUniform4f(uMultiplier, multiplier.0, multiplier.1, multiplier.2, multiplier.3)
        if quad.mode != .fill && quad.mode != .border && quad.mode != .clip {
            if quad.maskTexture != 0 {
                glActiveTexture(GLenum(GL_TEXTURE1))
                glBindTexture(GLenum(GL_TEXTURE_2D), quad.maskTexture)
            }
            glActiveTexture(GLenum(GL_TEXTURE0))
            glBindTexture(GLenum(GL_TEXTURE_2D), quad.texture)
        }
        let r = quad.quad
        var vertices: [Float] = [
            Float(r.minX), Float(r.minY), Float(r.maxX), Float(r.minY),
            Float(r.minX), Float(r.maxY), Float(r.maxX), Float(r.maxY),
        ]
        glBindVertexArray(vertexArray)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), vertexBuffer)
        glBufferSubData(GLenum(GL_ARRAY_BUFFER), 0, vertices.count * MemoryLayout<Float>.size, &vertices)
        glDrawArrays(GLenum(GL_TRIANGLE_STRIP), 0, 4)
    }

    /// Links a program from two compiled shaders, which it deletes.
    ///
    /// - Throws: `CARendererError.shader` with the driver's log when linking fails.
    static func link(_ vertex: GLuint, _ fragment: GLuint) throws -> GLuint {
        let program = glCreateProgram()
        glAttachShader(program, vertex)
        glAttachShader(program, fragment)
        glLinkProgram(program)
        glDeleteShader(vertex)
        glDeleteShader(fragment)
        var linked: GLint = 0
        glGetProgramiv(program, GLenum(GL_LINK_STATUS), &linked)
        guard linked == GL_TRUE else {
            let log = Self.log { glGetProgramInfoLog(program, $0, nil, $1) }
            glDeleteProgram(program)
            throw CARendererError.shader(log)
        }
        return program
    }

    static func compile(_ type: GLenum, _ source: String) throws -> GLuint {
        let shader = glCreateShader(type)
        source.withCString { pointer in
            var string: UnsafePointer<GLchar>? = pointer
            glShaderSource(shader, 1, &string, nil)
        }
        glCompileShader(shader)
        var compiled: GLint = 0
        glGetShaderiv(shader, GLenum(GL_COMPILE_STATUS), &compiled)
        guard compiled == GL_TRUE else {
            let log = Self.log { glGetShaderInfoLog(shader, $0, nil, $1) }
            glDeleteShader(shader)
            throw CARendererError.shader(log)
        }
        return shader
    }

    static func log(_ read: (GLsizei, UnsafeMutablePointer<GLchar>) -> Void) -> String {
        var buffer = [GLchar](repeating: 0, count: 4096)
        read(GLsizei(buffer.count), &buffer)
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
