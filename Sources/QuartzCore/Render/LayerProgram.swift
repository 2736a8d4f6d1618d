import CoreGraphics

@_implementationOnly import CEGL

/// The one shader program that draws every part of a layer: a quad in the layer's bounds
/// coordinates, projected by a 4×4 matrix (perspective-correct), shaded by mode — a solid fill,
/// the contents texture, the border ring, or a clip shape written to the stencil buffer — with
/// rounded corners and edges anti-aliased analytically from a signed distance in layer space.
final class LayerProgram {
    typealias Mode = DrawQuad.Mode

    /// One compiled program and its uniform locations.
    final class Variant {
        let program: GLuint
        let uMatrix, uQuad, uRect, uRadii, uColor, uBorderWidth, uDestRect, uUVRect, uOpacity: GLint
        let uClipToShape, uTexture, uMaskTexture, uUseMask, uInsideRect, uBlurStep, uSigma: GLint
        let uLodBias, uTransition, uMode, uAAEdges, uExtent, uPlanes, uMultiplier, uWarpAxis: GLint

        init(program: GLuint) {
            self.program = program
            func location(_ name: String) -> GLint { glGetUniformLocation(program, name) }
            uMatrix = location("u_matrix")
            uQuad = location("u_quad")
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
            uAAEdges = location("u_aaEdges")
            uExtent = location("u_extent")
            uPlanes = location("u_planes")
            uMultiplier = location("u_multiplier")
            uWarpAxis = location("u_warpAxis")
        }

        deinit { glDeleteProgram(program) }
    }

    /// The effects program (blur, tint, transition), or `nil` for the layer programs.
    private let effects: Variant?
    /// The layer programs, compiled on first use, by `variantKey`.
    private var variants: [Int: Variant] = [:]
    /// The effects program's transition warps (`TransitionWarp`), compiled on first use.
    private var warps: [TransitionWarp: Variant] = [:]
    let vertexBuffer: GLuint
    let vertexArray: GLuint

    private static let vertexSource = """
        #version 300 es
        layout(location = 0) in vec2 a_unit;
        uniform mat4 u_matrix;
        uniform vec4 u_quad;         // the quad drawn, in layer coordinates: x, y, width, height
        uniform vec4 u_destRect;     // where the texture's rect is drawn, in layer coordinates
        uniform vec4 u_uvRect;       // the texture's rect drawn there
        out vec2 v_local;
        out vec2 v_uv;
        void main() {
            v_local = u_quad.xy + a_unit * u_quad.zw;
            // The texture coordinate is affine in the layer's coordinates, so it is computed here
            // (and interpolated, perspective-correct) rather than per fragment: a fragment shader
            // that only samples at a varying, times a constant, takes llvmpipe's linear fast path.
            v_uv = u_uvRect.xy + (v_local - u_destRect.xy) / u_destRect.zw * u_uvRect.zw;
            gl_Position = u_matrix * vec4(v_local, 0.0, 1.0);
        }
        """

    /// The number of straight segments that stand for one continuous corner's curve.
    static let cornerSegments = 18

    /// The fragment shader. Compiled as the effects program (`EFFECTS`), or as one layer program
    /// per mode (`MODE` 0 fill, 1 texture, 2 border, 3 clip), each either `PLAIN` (the quad
    /// covers whole pixels and nothing is rounded: no coverage at all) or with coverage, circular
    /// or `CONTINUOUS` corners. Separate programs rather than branches on uniforms: llvmpipe runs
    /// every side of a branch, so each fragment would pay for every mode.
    private static let fragmentSource = """
        precision highp float;
        in vec2 v_local;
        in vec2 v_uv;
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
        uniform float u_lodBias;     // minificationFilterBias, for the trilinear filter
        uniform int u_aaEdges;       // edges anti-aliased: 1 minX, 2 maxX, 4 minY, 8 maxY
        uniform float u_extent;      // a continuous corner's extent along each edge, in radii
        uniform vec3 u_planes[\(cornerSegments)]; // its segments' outward lines, in radii
        uniform vec4 u_multiplier;   // premultiplied colour multiplying the result (replicators)
        out vec4 fragColor;
        #ifdef EFFECTS
        uniform int u_mode;
        uniform vec2 u_blurStep;     // one texel along the blur's direction, in texture coordinates
        uniform float u_sigma;       // the blur's standard deviation, in texels
        uniform vec2 u_transition;   // how a transition combines: 0 mix, 1 new over old, 2 old over
                                     // new, 3 side by side (added); the mix's weight of the new one
        #endif

        // The circular rounded rectangle's signed distance (negative inside), in layer units.
        float roundedRectDistance(vec2 p, vec4 rect, vec4 radii) {
            vec2 halfSize = rect.zw * 0.5;
            vec2 q = p - (rect.xy + halfSize);
            float r = q.x < 0.0 ? (q.y < 0.0 ? radii.x : radii.w) : (q.y < 0.0 ? radii.y : radii.z);
            r = min(r, min(halfSize.x, halfSize.y));
            vec2 d = abs(q) - halfSize + r;
            return min(max(d.x, d.y), 0.0) + length(max(d, 0.0)) - r;
        }

        // The texture at `uv` with its own filters (`bias` for mipmaps). In the SHARP variant (a
        // layer's contents image), where it is enlarged (less than a texel per pixel), between
        // texels along a smoothstep of the fraction rather than linearly, which keeps an enlarged
        // image's edges as sharp as Apple draws them (ruling V22).
        vec4 sampleContents(vec2 uv, float bias) {
        #ifndef SHARP
            return texture(u_texture, uv, bias);
        #else
            vec2 size = vec2(textureSize(u_texture, 0));
            vec2 texel = uv * size;
            vec2 footprint = fwidth(texel);
            if (max(footprint.x, footprint.y) >= 0.999) return texture(u_texture, uv, bias);
            vec2 p = texel - 0.5;
            vec2 i = floor(p);
            vec2 f = p - i;
            f = f * f * (3.0 - 2.0 * f);
            return texture(u_texture, (i + f + 0.5) / size);
        #endif
        }

        float pixelWidth() {
            return max(length(vec2(dFdx(v_local.x), dFdy(v_local.x))),
                       length(vec2(dFdx(v_local.y), dFdy(v_local.y))));
        }

        float coverage(float distance) {
            return clamp(0.5 - distance / max(pixelWidth(), 1e-6), 0.0, 1.0);
        }

        #ifdef WARP
        \(TransitionWarp.glsl)
        #endif

        #ifndef EFFECTS
        // The coverage of the layer's shape with `radii` in `rect`: anti-aliased along a rounded
        // corner and along the edges `u_aaEdges` names; elsewhere 1 where the pixel's centre is
        // inside, as a quad drawn without anti-aliasing.
        float shapeCoverage(vec2 p, vec4 rect, vec4 radii) {
            vec2 halfSize = rect.zw * 0.5;
            vec2 q = p - (rect.xy + halfSize);
            vec2 aq = abs(q);
            float r = q.x < 0.0 ? (q.y < 0.0 ? radii.x : radii.w) : (q.y < 0.0 ? radii.y : radii.z);
        #ifdef CONTINUOUS
            // A continuous corner: the outward lines of the curve's segments (in radii, from
            // where the curve leaves the edges), the shape their intersection with the box.
            float d = max(aq.x - halfSize.x, aq.y - halfSize.y);
            vec2 a = aq - (halfSize - r * u_extent);
            bool corner = r > 0.0 && a.x > 0.0 && a.y > 0.0;
            if (corner) {
                vec2 n = a / r;
                for (int i = 0; i < \(cornerSegments); i++) {
                    d = max(d, (dot(u_planes[i].xy, n) - u_planes[i].z) * r);
                }
            }
        #else
            r = min(r, min(halfSize.x, halfSize.y));
            vec2 e = aq - halfSize + r;
            float d = min(max(e.x, e.y), 0.0) + length(max(e, 0.0)) - r;
            bool corner = r > 0.0 && e.x > 0.0 && e.y > 0.0;
        #endif
            if (u_aaEdges == 15 || corner) { return coverage(d); }
            vec2 out_ = aq - halfSize;
            int edge = out_.x > out_.y ? (q.x < 0.0 ? 1 : 2) : (q.y < 0.0 ? 4 : 8);
            return (u_aaEdges & edge) != 0 ? coverage(d) : (d < 0.0 ? 1.0 : 0.0);
        }
        #endif

        void main() {
        #ifdef EFFECTS
            // The effects variant: full-screen passes over a texture (blur, tint, transition).
            vec2 uv = v_uv;
        #ifdef WARP
            fragColor = warpedTransition();
        #else
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
                float onePixel = pixelWidth();
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
        #endif
        #elif defined(PLAIN) && MODE == 0
            fragColor = u_color * u_opacity;
        #elif defined(PLAIN)
            fragColor = sampleContents(v_uv, 0.0) * u_opacity;
        #elif MODE == 0
            fragColor = u_color * (shapeCoverage(v_local, u_rect, u_radii) * u_opacity);
        #elif MODE == 1
            vec2 uv = v_uv;
            float inside = shapeCoverage(v_local, u_insideRect, vec4(0.0));
            float clip = u_clipToShape ? shapeCoverage(v_local, u_rect, u_radii) : 1.0;
            float mask = u_useMask ? texture(u_maskTexture, uv).a : 1.0;
            fragColor = sampleContents(uv, u_lodBias) * (inside * clip * mask * u_opacity);
        #elif MODE == 2
            float shape = shapeCoverage(v_local, u_rect, u_radii);
            vec4 inner = vec4(u_rect.xy + u_borderWidth, u_rect.zw - 2.0 * u_borderWidth);
            float innerShape = (inner.z > 0.0 && inner.w > 0.0)
                ? shapeCoverage(v_local, inner, max(u_radii - u_borderWidth, 0.0))
                : 0.0;
            fragColor = u_color * (max(shape - innerShape, 0.0) * u_opacity);
        #else
            if (shapeCoverage(v_local, u_rect, u_radii) < 0.5) { discard; }
            fragColor = vec4(0.0);
        #endif
        #ifdef MULTIPLIED
            fragColor *= u_multiplier;
        #endif
        }
        """

    /// Creates the layer programs (fill, texture, border, clip; compiled on first use), or with
    /// `effects` the program for full-screen effect passes (blur, tint, transition): kept apart
    /// so that the layer shaders carry no blur loop, which would slow every fragment.
    init(effects: Bool = false) throws {
        self.effects = effects ? Variant(program: try Self.link(defines: "#define EFFECTS 1\n")) : nil
        // One unit square for every quad, placed by `u_quad`: a uniform rather than new vertices
        // per draw, since rewriting a buffer the pending draws read makes llvmpipe flush them
        // (each draw would then load and store every tile it touches once more).
        (vertexArray, vertexBuffer) = Self.makeUnitSquare()
        if !effects {
            // The common variants up front, so that a shader error surfaces here.
            _ = try variant(mode: .fill, plain: false, continuous: false, multiplied: false)
            _ = try variant(mode: .texture, plain: true, continuous: false, multiplied: false)
        }
    }

    deinit {
        var vbo = vertexBuffer
        glDeleteBuffers(1, &vbo)
        var vao = vertexArray
        glDeleteVertexArrays(1, &vao)
    }

    private static func link(defines: String) throws -> GLuint {
        let vertex = try compile(GLenum(GL_VERTEX_SHADER), vertexSource)
        let source = "#version 300 es\n" + defines + fragmentSource
        let fragment: GLuint
        do {
            fragment = try compile(GLenum(GL_FRAGMENT_SHADER), source)
        } catch {
            glDeleteShader(vertex)
            throw error
        }
        return try link(vertex, fragment)
    }

    /// A vertex array holding the unit square (0, 0)–(1, 1) as a four-vertex triangle strip in
    /// attribute 0, and its buffer; the array is left bound.
    static func makeUnitSquare() -> (vertexArray: GLuint, vertexBuffer: GLuint) {
        var vao: GLuint = 0
        glGenVertexArrays(1, &vao)
        var vbo: GLuint = 0
        glGenBuffers(1, &vbo)
        glBindVertexArray(vao)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), vbo)
        var unit: (Float, Float, Float, Float, Float, Float, Float, Float) = (0, 0, 1, 0, 0, 1, 1, 1)
        glBufferData(GLenum(GL_ARRAY_BUFFER), 8 * MemoryLayout<Float>.size, &unit, GLenum(GL_STATIC_DRAW))
        glEnableVertexAttribArray(0)
        glVertexAttribPointer(0, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 0, nil)
        return (vao, vbo)
    }

    /// Sets the `mat4` uniform at `location` of the current program to `m`. Lamina's transforms
    /// are row-vector (p·M); uploaded row by row they are the column-major Mᵀ, so a shader's
    /// `u_matrix * p` is (p·M)ᵀ.
    static func setMatrix(_ location: GLint, _ m: CATransform3D) {
        var entries = (
            Float(m.m11), Float(m.m12), Float(m.m13), Float(m.m14), Float(m.m21), Float(m.m22),
            Float(m.m23), Float(m.m24), Float(m.m31), Float(m.m32), Float(m.m33), Float(m.m34),
            Float(m.m41), Float(m.m42), Float(m.m43), Float(m.m44)
        )
        withUnsafePointer(to: &entries) { pointer in
            pointer.withMemoryRebound(to: Float.self, capacity: 16) {
                glUniformMatrix4fv(location, 1, GLboolean(GL_FALSE), $0)
            }
        }
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

    /// The layer program for `mode`, compiled on first use.
    private func variant(
        mode: Mode, plain: Bool, continuous: Bool, multiplied: Bool, sharp: Bool = false
    ) throws -> Variant {
        let key =
            Int(mode.rawValue) | (plain ? 16 : 0) | (continuous ? 32 : 0) | (multiplied ? 64 : 0)
            | (sharp ? 128 : 0)
        if let variant = variants[key] { return variant }
        var defines = "#define MODE \(mode.rawValue)\n"
        if plain { defines += "#define PLAIN 1\n" }
        if continuous { defines += "#define CONTINUOUS 1\n" }
        if multiplied { defines += "#define MULTIPLIED 1\n" }
        if sharp { defines += "#define SHARP 1\n" }
        let variant = Variant(program: try Self.link(defines: defines))
        variants[key] = variant
        return variant
    }

    /// The effects program drawing `warp`, compiled on first use.
    private func warpVariant(_ warp: TransitionWarp) throws -> Variant {
        if let variant = warps[warp] { return variant }
        let variant = Variant(
            program: try Self.link(defines: "#define EFFECTS 1\n#define WARP \(warp.rawValue)\n"))
        warps[warp] = variant
        return variant
    }

    /// What one quad draws.
    /// Makes the layer program `key` current, compiling it on first use, with the batch's
    /// textures (units 0 and 1) and `multiplier`.
    func use(
        _ key: LayerVariant, texture: GLuint, mask: GLuint, multiplier: (Float, Float, Float, Float)
    ) throws -> Variant {
        let variant = try self.variant(
            mode: Mode(rawValue: key.mode) ?? .fill, plain: key.plain, continuous: key.continuous,
            multiplied: key.multiplied, sharp: key.sharp)
        bind(variant, texture: texture, mask: mask)
        if variant.uMultiplier >= 0 {
            glUniform4f(variant.uMultiplier, multiplier.0, multiplier.1, multiplier.2, multiplier.3)
        }
        return variant
    }

    /// Makes the effects program (or its transition `warp` variant) current, with the batch's
    /// textures.
    func useEffects(warp: TransitionWarp?, texture: GLuint, mask: GLuint) throws -> Variant {
        let variant: Variant
        if let warp {
            variant = try warpVariant(warp)
        } else if let effects {
            variant = effects
        } else {
            throw CARendererError.shader("the effects program was asked of a layer program")
        }
        bind(variant, texture: texture, mask: mask)
        return variant
    }

    private func bind(_ variant: Variant, texture: GLuint, mask: GLuint) {
        glUseProgram(variant.program)
        glUniform1i(variant.uTexture, 0)
        glUniform1i(variant.uMaskTexture, 1)
        glUniform1i(variant.uUseMask, mask != 0 ? 1 : 0)
        if mask != 0 {
            glActiveTexture(GLenum(GL_TEXTURE1))
            glBindTexture(GLenum(GL_TEXTURE_2D), mask)
        }
        glActiveTexture(GLenum(GL_TEXTURE0))
        if texture != 0 { glBindTexture(GLenum(GL_TEXTURE_2D), texture) }
        glBindVertexArray(vertexArray)
    }

    /// Draws `quad` with `variant`, made current by `use` or `useEffects` with the quad's
    /// textures: sets the quad's own uniforms and draws its two triangles.
    func draw(_ quad: DrawQuad, with variant: Variant) {
        Self.setMatrix(variant.uMatrix, quad.matrix)
        glUniform1i(variant.uMode, quad.mode.rawValue)
        glUniform4f(
            variant.uRect, Float(quad.bounds.minX), Float(quad.bounds.minY), Float(quad.bounds.width),
            Float(quad.bounds.height))
        glUniform4f(
            variant.uRadii, Float(quad.radii.0), Float(quad.radii.1), Float(quad.radii.2),
            Float(quad.radii.3))
        glUniform4f(variant.uColor, quad.color.0, quad.color.1, quad.color.2, quad.color.3)
        glUniform1f(variant.uBorderWidth, Float(quad.borderWidth))
        let d = quad.destRect
        glUniform4f(variant.uDestRect, Float(d.minX), Float(d.minY), Float(d.width), Float(d.height))
        let uv = quad.uvRect
        glUniform4f(variant.uUVRect, Float(uv.minX), Float(uv.minY), Float(uv.width), Float(uv.height))
        glUniform1f(variant.uOpacity, quad.opacity)
        glUniform1i(variant.uClipToShape, quad.clipToShape ? 1 : 0)
        let inside = quad.insideRect ?? d
        glUniform4f(
            variant.uInsideRect, Float(inside.minX), Float(inside.minY), Float(inside.width),
            Float(inside.height))
        glUniform2f(variant.uBlurStep, quad.blurStep.0, quad.blurStep.1)
        glUniform1f(variant.uSigma, max(quad.sigma, 0.01))
        glUniform1f(variant.uLodBias, quad.lodBias.isFinite ? min(max(quad.lodBias, -16), 16) : 0)
        glUniform2f(variant.uTransition, quad.transition.0, quad.transition.1)
        glUniform1i(variant.uAAEdges, quad.antialiasedEdges)
        if variant.uWarpAxis >= 0 { glUniform2f(variant.uWarpAxis, quad.warpAxis.0, quad.warpAxis.1) }
        if let corner = quad.continuous, variant.uPlanes >= 0 {
            glUniform1f(variant.uExtent, corner.extent)
            corner.withPlanes { glUniform3fv(variant.uPlanes, GLsizei(Self.cornerSegments), $0) }
        }
        let r = quad.quad
        glUniform4f(variant.uQuad, Float(r.minX), Float(r.minY), Float(r.width), Float(r.height))
        glDrawArrays(GLenum(GL_TRIANGLE_STRIP), 0, 4)
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
