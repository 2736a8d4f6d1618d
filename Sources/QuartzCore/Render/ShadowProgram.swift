import CoreGraphics

@_implementationOnly import CEGL

/// The analytic shadow of a rounded rectangle: the Gaussian blur of its coverage, computed per
/// fragment in the layer's own space, so that the most common shadow — a rounded, bordered card
/// with no sublayers or contents — costs one quad instead of offscreen shape, blur and tint
/// passes.
///
/// The shadow's alpha at a point is the integral of the rectangle's coverage weighted by a 2D
/// Gaussian of standard deviation σ. Along x the Gaussian integral over a row of the rounded
/// rectangle is exact (a difference of error functions, each approximated to within 5 × 10⁻⁴);
/// along y it is summed at eight points over the ±3σ band that meets the rectangle.
final class ShadowProgram {
    private let program: GLuint
    private let vertexArray: GLuint
    private let vertexBuffer: GLuint
    private let uMatrix, uQuad, uRect, uRadius, uInner, uInnerRadius, uWeights, uSigma, uColor: GLint

    private static let vertexSource = """
        #version 300 es
        layout(location = 0) in vec2 a_unit;
        uniform mat4 u_matrix;
        uniform vec4 u_quad;
        out vec2 v_local;
        void main() {
            v_local = u_quad.xy + a_unit * u_quad.zw;
            gl_Position = u_matrix * vec4(v_local, 0.0, 1.0);
        }
        """

    private static let fragmentSource = """
        #version 300 es
        precision highp float;
        in vec2 v_local;
        uniform vec4 u_rect;     // the shadow's rectangle (the layer's bounds, offset): x, y, w, h
        uniform float u_radius;  // its corner radius
        uniform vec4 u_inner;    // the border's inner rectangle (empty: none) and its radius
        uniform float u_innerRadius;
        uniform vec2 u_weights;  // alpha = x · blur(rect) − y · blur(inner)
        uniform float u_sigma;   // the blur's standard deviation, in the same units
        uniform vec4 u_color;    // premultiplied, times the shadow's opacity
        out vec4 fragColor;

        // erf, Abramowitz and Stegun 7.1.26's rational form (|error| < 5e-4), for a vector.
        vec2 erf2(vec2 x) {
            vec2 s = sign(x);
            vec2 a = abs(x);
            vec2 t = 1.0 + a * (0.278393 + a * (0.230389 + a * (0.000972 + a * 0.078108)));
            t *= t;
            return s * (1.0 - 1.0 / (t * t));
        }

        // The Gaussian-weighted share of the row at height y (from the centre) covered by the
        // rounded rectangle of half-size h and radius r, seen from x.
        float row(float x, float y, vec2 h, float r) {
            float into = abs(y) - (h.y - r);
            float reach = h.x - r + sqrt(max(r * r - max(into, 0.0) * max(into, 0.0), 0.0));
            vec2 e = erf2((vec2(x) + vec2(reach, -reach)) * (0.70710678 / u_sigma));
            return 0.5 * (e.x - e.y);
        }

        // The blurred coverage of the rounded rectangle `rect` with corner `radius` at v_local.
        float blurred(vec4 rect, float radius) {
            vec2 h = rect.zw * 0.5;
            vec2 p = v_local - (rect.xy + h);
            float r = min(radius, min(h.x, h.y));
            // Rows from p.y − 3σ to p.y + 3σ that meet the rectangle, at eight midpoints.
            float low = max(-3.0 * u_sigma, p.y - h.y);
            float high = min(3.0 * u_sigma, p.y + h.y);
            float alpha = 0.0;
            if (high > low) {
                float step = (high - low) / 8.0;
                for (int i = 0; i < 8; i++) {
                    float t = low + (float(i) + 0.5) * step;
                    float weight = exp(-0.5 * t * t / (u_sigma * u_sigma)) * step / (2.5066283 * u_sigma);
                    alpha += weight * row(p.x, p.y - t, h, r);
                }
            }
            return alpha;
        }

        void main() {
            float alpha = u_weights.x * blurred(u_rect, u_radius);
            if (u_weights.y > 0.0 && u_inner.z > 0.0 && u_inner.w > 0.0) {
                alpha -= u_weights.y * blurred(u_inner, u_innerRadius);
            }
            fragColor = u_color * clamp(alpha, 0.0, 1.0);
        }
        """

    init() throws {
        let vertex = try LayerProgram.compile(GLenum(GL_VERTEX_SHADER), Self.vertexSource)
        let fragment = try LayerProgram.compile(GLenum(GL_FRAGMENT_SHADER), Self.fragmentSource)
        let program = try LayerProgram.link(vertex, fragment)
        self.program = program
        func location(_ name: String) -> GLint { glGetUniformLocation(program, name) }
        uMatrix = location("u_matrix")
        uQuad = location("u_quad")
        uRect = location("u_rect")
        uRadius = location("u_radius")
        uInner = location("u_inner")
        uInnerRadius = location("u_innerRadius")
        uWeights = location("u_weights")
        uSigma = location("u_sigma")
        uColor = location("u_color")
        (vertexArray, vertexBuffer) = LayerProgram.makeUnitSquare()
        glBindVertexArray(0)
    }

    deinit {
        var vbo = vertexBuffer
        glDeleteBuffers(1, &vbo)
        var vao = vertexArray
        glDeleteVertexArrays(1, &vao)
        glDeleteProgram(program)
    }

    /// Draws the shadow of a layer's rounded rectangle `rect` (layer coordinates, already offset)
    /// with corner `radius`, blurred by `sigma` (same units, > 0), in premultiplied `color`,
    /// through `matrix`, with the caller's blend and stencil state. The shape's alpha is
    /// `outerWeight` over the rectangle less `innerWeight` over `inner` (a border's inside, with
    /// corner `innerRadius`): a translucent background under a border.
    func draw(
        rect: CGRect, radius: CGFloat, inner: CGRect, innerRadius: CGFloat, outerWeight: Float,
        innerWeight: Float,
        sigma: CGFloat, color: (Float, Float, Float, Float), matrix: CATransform3D
    ) {
        glUseProgram(program)
        LayerProgram.setMatrix(uMatrix, matrix)
        let quad = rect.insetBy(dx: -3 * sigma - 1, dy: -3 * sigma - 1)
        glUniform4f(uQuad, Float(quad.minX), Float(quad.minY), Float(quad.width), Float(quad.height))
        glUniform4f(uRect, Float(rect.minX), Float(rect.minY), Float(rect.width), Float(rect.height))
        glUniform1f(uRadius, Float(radius))
        let i = inner.isNull || inner.isEmpty ? CGRect.zero : inner
        glUniform4f(uInner, Float(i.minX), Float(i.minY), Float(i.width), Float(i.height))
        glUniform1f(uInnerRadius, Float(innerRadius))
        glUniform2f(uWeights, outerWeight, innerWeight)
        glUniform1f(uSigma, Float(sigma))
        glUniform4f(uColor, color.0, color.1, color.2, color.3)
        glBindVertexArray(vertexArray)
        glDrawArrays(GLenum(GL_TRIANGLE_STRIP), 0, 4)
        glBindVertexArray(0)
    }
}
