import CoreGraphics

@_implementationOnly import CEGL

/// The program that composites a layer's group (a framebuffer-sized texture) onto the current
/// target with a blend mode (ruling V18). Each fragment reads the group at its own pixel; the
/// `fixed` variant writes it out for the fixed-function blending `CGBlendMode.fixedFunctionPasses`
/// sets up, and one variant per remaining mode also reads the backdrop (a copy of the target) and
/// writes the finished composite: W3C Compositing and Blending Level 1 on premultiplied colours,
///
///     co = cs·(1 − αb) + cb·(1 − αs) + αs·αb·B(Cb, Cs),   αo = αs + αb·(1 − αs),
///
/// with C = c / α the unpremultiplied colours and B the mode's blend function (separable, or
/// hue/saturation/color/luminosity through Lum, Sat, SetLum, SetSat and ClipColor). One program
/// per mode rather than a branch on a uniform: llvmpipe runs every side of a branch.
final class BlendProgram {
    private struct Variant {
        let program: GLuint
        let uMatrix, uQuad, uSource, uBackdrop: GLint
    }

    /// Compiled on first use: key -1 the fixed-function variant, else the mode's raw value.
    private var variants: [Int32: Variant] = [:]
    private let vertexArray: GLuint
    private let vertexBuffer: GLuint

    init() {
        (vertexArray, vertexBuffer) = LayerProgram.makeUnitSquare()
    }

    deinit {
        for variant in variants.values { glDeleteProgram(variant.program) }
        var vbo = vertexBuffer
        glDeleteBuffers(1, &vbo)
        var vao = vertexArray
        glDeleteVertexArrays(1, &vao)
    }

    /// Draws `quad` (in the coordinates `matrix` maps to clip space) reading `source` — and,
    /// for a mode without fixed-function passes, `backdrop` — at each fragment's pixel, with
    /// the caller's blend and stencil state. `mode` `nil`: the fixed-function variant. `false`
    /// when the program could not be compiled (reported once).
    @discardableResult
    func draw(
        mode: CGBlendMode?, source: GLuint, backdrop: GLuint, matrix: CATransform3D, quad: CGRect
    ) -> Bool {
        guard let variant = variant(mode) else { return false }
        glUseProgram(variant.program)
        LayerProgram.setMatrix(variant.uMatrix, matrix)
        glUniform4f(
            variant.uQuad, Float(quad.minX), Float(quad.minY), Float(quad.width), Float(quad.height))
        glUniform1i(variant.uSource, 0)
        glUniform1i(variant.uBackdrop, 1)
        if backdrop != 0 {
            glActiveTexture(GLenum(GL_TEXTURE1))
            glBindTexture(GLenum(GL_TEXTURE_2D), backdrop)
        }
        glActiveTexture(GLenum(GL_TEXTURE0))
        glBindTexture(GLenum(GL_TEXTURE_2D), source)
        glBindVertexArray(vertexArray)
        glDrawArrays(GLenum(GL_TRIANGLE_STRIP), 0, 4)
        return true
    }

    private func variant(_ mode: CGBlendMode?) -> Variant? {
        let key = mode?.rawValue ?? -1
        if let variant = variants[key] { return variant }
        let defines = mode.map { "#define MODE \($0.rawValue)\n" } ?? "#define FIXED 1\n"
        do {
            let vertex = try LayerProgram.compile(GLenum(GL_VERTEX_SHADER), Self.vertexSource)
            let fragment: GLuint
            do {
                fragment = try LayerProgram.compile(
                    GLenum(GL_FRAGMENT_SHADER), "#version 300 es\n" + defines + Self.fragmentSource)
            } catch {
                glDeleteShader(vertex)
                throw error
            }
            let program = try LayerProgram.link(vertex, fragment)
            func location(_ name: String) -> GLint { glGetUniformLocation(program, name) }
            let variant = Variant(
                program: program, uMatrix: location("u_matrix"), uQuad: location("u_quad"),
                uSource: location("u_source"), uBackdrop: location("u_backdrop"))
            variants[key] = variant
            return variant
        } catch {
            CompatibilityWarnings.report("CARenderer: the blend-mode program failed: \(error)")
            return nil
        }
    }

    private static let vertexSource = """
        #version 300 es
        layout(location = 0) in vec2 a_unit;
        uniform mat4 u_matrix;
        uniform vec4 u_quad;         // the quad drawn: x, y, width, height
        void main() {
            gl_Position = u_matrix * vec4(u_quad.xy + a_unit * u_quad.zw, 0.0, 1.0);
        }
        """

    /// `MODE` is the `CGBlendMode` raw value; `FIXED` the pass-through for fixed-function modes.
    private static let fragmentSource = """
        precision highp float;
        uniform sampler2D u_source;     // the layer's group, premultiplied
        uniform sampler2D u_backdrop;   // the backdrop under it, premultiplied
        out vec4 fragColor;

        #ifndef FIXED
        float lum(vec3 c) { return dot(c, vec3(0.3, 0.59, 0.11)); }

        vec3 clipColor(vec3 c) {
            float l = lum(c);
            float n = min(c.r, min(c.g, c.b));
            float x = max(c.r, max(c.g, c.b));
            if (n < 0.0) { c = l + (c - l) * l / max(l - n, 1e-6); }
            if (x > 1.0) { c = l + (c - l) * (1.0 - l) / max(x - l, 1e-6); }
            return c;
        }

        vec3 setLum(vec3 c, float l) { return clipColor(c + (l - lum(c))); }

        float sat(vec3 c) { return max(c.r, max(c.g, c.b)) - min(c.r, min(c.g, c.b)); }

        // The colour with its largest component at s, its smallest at 0, the middle one scaled
        // in proportion; black when all three are equal.
        vec3 setSat(vec3 c, float s) {
            float n = min(c.r, min(c.g, c.b));
            float range = max(c.r, max(c.g, c.b)) - n;
            return range > 0.0 ? (c - n) * (s / range) : vec3(0.0);
        }

        float colorDodge(float cb, float cs) {
            return cb == 0.0 ? 0.0 : cs == 1.0 ? 1.0 : min(1.0, cb / (1.0 - cs));
        }

        float colorBurn(float cb, float cs) {
            return cb == 1.0 ? 1.0 : cs == 0.0 ? 0.0 : 1.0 - min(1.0, (1.0 - cb) / cs);
        }

        float hardLight(float cb, float cs) {
            return cs <= 0.5 ? cb * 2.0 * cs : cb + (2.0 * cs - 1.0) - cb * (2.0 * cs - 1.0);
        }

        float softLight(float cb, float cs) {
            if (cs <= 0.5) { return cb - (1.0 - 2.0 * cs) * cb * (1.0 - cb); }
            float d = cb <= 0.25 ? ((16.0 * cb - 12.0) * cb + 4.0) * cb : sqrt(cb);
            return cb + (2.0 * cs - 1.0) * (d - cb);
        }

        #define PER_COMPONENT(f, X, Y) vec3(f(X.r, Y.r), f(X.g, Y.g), f(X.b, Y.b))

        // B(Cb, Cs), the blend function of `MODE`, on unpremultiplied colours.
        vec3 blend(vec3 cb, vec3 cs) {
        #if MODE == 1
            return cb * cs;
        #elif MODE == 2
            return cb + cs - cb * cs;
        #elif MODE == 3
            return PER_COMPONENT(hardLight, cs, cb);
        #elif MODE == 4
            return min(cb, cs);
        #elif MODE == 5
            return max(cb, cs);
        #elif MODE == 6
            return PER_COMPONENT(colorDodge, cb, cs);
        #elif MODE == 7
            return PER_COMPONENT(colorBurn, cb, cs);
        #elif MODE == 8
            return PER_COMPONENT(softLight, cb, cs);
        #elif MODE == 9
            return PER_COMPONENT(hardLight, cb, cs);
        #elif MODE == 10
            return abs(cb - cs);
        #elif MODE == 11
            return cb + cs - 2.0 * cb * cs;
        #elif MODE == 12
            return setLum(setSat(cs, sat(cb)), lum(cb));
        #elif MODE == 13
            return setLum(setSat(cb, sat(cs)), lum(cb));
        #elif MODE == 14
            return setLum(cs, lum(cb));
        #elif MODE == 15
            return setLum(cb, lum(cs));
        #else
            return cs;
        #endif
        }
        #endif

        void main() {
            ivec2 pixel = ivec2(gl_FragCoord.xy);
            vec4 s = texelFetch(u_source, pixel, 0);
        #ifdef FIXED
            fragColor = s;
        #else
            vec4 b = texelFetch(u_backdrop, pixel, 0);
        #if MODE == 26
            // plusDarker: plusLighter of the colours' complements within their alphas,
            // complemented: max(0, αo − (αs − cs) − (αb − cb)) with αo = min(1, αs + αb); both
            // opaque, Apple's max(0, 1 − ((1 − D) + (1 − S))).
            float ao = min(1.0, s.a + b.a);
            fragColor = vec4(max(vec3(0.0), ao - (s.a - s.rgb) - (b.a - b.rgb)), ao);
        #else
            vec3 cs = s.a > 0.0 ? clamp(s.rgb / s.a, 0.0, 1.0) : vec3(0.0);
            vec3 cb = b.a > 0.0 ? clamp(b.rgb / b.a, 0.0, 1.0) : vec3(0.0);
            vec3 mixed = clamp(blend(cb, cs), 0.0, 1.0);
            fragColor = vec4(s.rgb * (1.0 - b.a) + b.rgb * (1.0 - s.a) + (s.a * b.a) * mixed,
                             s.a + b.a * (1.0 - s.a));
        #endif
        #endif
        }
        """
}
