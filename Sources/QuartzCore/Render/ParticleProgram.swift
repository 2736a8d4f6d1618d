import CoreGraphics

@_implementationOnly import CEGL

/// The shader program that draws an emitter layer's particles in batches: every particle is two
/// triangles whose vertices carry their position in the layer's bounds coordinates (with z),
/// texture coordinates and premultiplied tint, so that all the particles that share an image are
/// one draw call. Compiled and linked with `LayerProgram`'s helpers; clips to the layer's rounded
/// bounds (for `masksToBounds`) the way `LayerProgram` does.
final class ParticleProgram {
    /// Floats per vertex: x, y, z, u, v, and premultiplied r, g, b, a.
    static let floatsPerVertex = ParticleDraw.floatsPerVertex

    let program: GLuint
    private let vertexArray: GLuint
    private let vertexBuffer: GLuint
    private let uMatrix: GLint
    private let uOpacity: GLint
    private let uClip: GLint
    private let uRect: GLint
    private let uRadii: GLint
    private let uLodBias: GLint

    private static let vertexSource = """
        #version 300 es
        layout(location = 0) in vec3 a_position;
        layout(location = 1) in vec2 a_uv;
        layout(location = 2) in vec4 a_color;
        uniform mat4 u_matrix;
        out vec2 v_local;
        out vec2 v_uv;
        out vec4 v_color;
        void main() {
            v_local = a_position.xy;
            v_uv = a_uv;
            v_color = a_color;
            gl_Position = u_matrix * vec4(a_position, 1.0);
        }
        """

    private static let fragmentSource = """
        #version 300 es
        precision highp float;
        in vec2 v_local;
        in vec2 v_uv;
        in vec4 v_color;
        uniform sampler2D u_texture;
        uniform float u_opacity;
        uniform bool u_clip;
        uniform vec4 u_rect;
        uniform vec4 u_radii;
        uniform float u_lodBias;
        out vec4 fragColor;

        float roundedRectDistance(vec2 p, vec4 rect, vec4 radii) {
            vec2 halfSize = rect.zw * 0.5;
            vec2 q = p - (rect.xy + halfSize);
            float r = q.x < 0.0 ? (q.y < 0.0 ? radii.x : radii.w) : (q.y < 0.0 ? radii.y : radii.z);
            r = min(r, min(halfSize.x, halfSize.y));
            vec2 d = abs(q) - halfSize + r;
            return min(max(d.x, d.y), 0.0) + length(max(d, 0.0)) - r;
        }

        void main() {
            float clip = 1.0;
            if (u_clip) {
                float width = max(length(vec2(dFdx(v_local.x), dFdy(v_local.x))),
                                  length(vec2(dFdx(v_local.y), dFdy(v_local.y))));
                float distance = roundedRectDistance(v_local, u_rect, u_radii);
                clip = clamp(0.5 - distance / max(width, 1e-6), 0.0, 1.0);
            }
            fragColor = texture(u_texture, v_uv, u_lodBias) * v_color * (clip * u_opacity);
        }
        """

    init() throws {
        let vertex = try LayerProgram.compile(GLenum(GL_VERTEX_SHADER), Self.vertexSource)
        let fragment = try LayerProgram.compile(GLenum(GL_FRAGMENT_SHADER), Self.fragmentSource)
        let program = try LayerProgram.link(vertex, fragment)
        self.program = program
        uMatrix = glGetUniformLocation(program, "u_matrix")
        uOpacity = glGetUniformLocation(program, "u_opacity")
        uClip = glGetUniformLocation(program, "u_clip")
        uRect = glGetUniformLocation(program, "u_rect")
        uRadii = glGetUniformLocation(program, "u_radii")
        uLodBias = glGetUniformLocation(program, "u_lodBias")
        var vao: GLuint = 0
        glGenVertexArrays(1, &vao)
        vertexArray = vao
        var vbo: GLuint = 0
        glGenBuffers(1, &vbo)
        vertexBuffer = vbo
        glBindVertexArray(vao)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), vbo)
        let stride = GLsizei(Self.floatsPerVertex * MemoryLayout<Float>.size)
        for (index, (size, offset)) in [(3, 0), (2, 3), (4, 5)].enumerated() {
            glEnableVertexAttribArray(GLuint(index))
            glVertexAttribPointer(
                GLuint(index), GLint(size), GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride,
                UnsafeRawPointer(bitPattern: offset * MemoryLayout<Float>.size))
        }
        glBindVertexArray(0)
    }

    deinit {
        var vbo = vertexBuffer
        glDeleteBuffers(1, &vbo)
        var vao = vertexArray
        glDeleteVertexArrays(1, &vao)
        glDeleteProgram(program)
    }

    /// Uploads `vertices` once and draws each run with its texture, through `matrix` (the layer's
    /// bounds coordinates to clip space), times `opacity`, clipped to `clip` (the rounded bounds)
    /// when given, with the caller's blend and stencil state.
    func draw(
        _ vertices: [Float], runs: [(run: ParticleDraw.Run, texture: GLuint)], matrix m: CATransform3D,
        opacity: Float,
        clip: (rect: CGRect, radii: (CGFloat, CGFloat, CGFloat, CGFloat))?
    ) {
        guard !vertices.isEmpty, !runs.isEmpty else { return }
        glUseProgram(program)
        LayerProgram.setMatrix(uMatrix, m)
        glUniform1f(uOpacity, opacity)
        glUniform1i(uClip, clip == nil ? 0 : 1)
        if let (r, radii) = clip {
            glUniform4f(uRect, Float(r.minX), Float(r.minY), Float(r.width), Float(r.height))
            glUniform4f(uRadii, Float(radii.0), Float(radii.1), Float(radii.2), Float(radii.3))
        }
        glBindVertexArray(vertexArray)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), vertexBuffer)
        vertices.withUnsafeBytes { bytes in
            glBufferData(GLenum(GL_ARRAY_BUFFER), bytes.count, bytes.baseAddress, GLenum(GL_STREAM_DRAW))
        }
        glActiveTexture(GLenum(GL_TEXTURE0))
        for (run, texture) in runs where run.vertexCount > 0 {
            glUniform1f(uLodBias, run.lodBias.isFinite ? min(max(run.lodBias, -16), 16) : 0)
            glBindTexture(GLenum(GL_TEXTURE_2D), texture)
            glDrawArrays(GLenum(GL_TRIANGLES), GLint(run.firstVertex), GLsizei(run.vertexCount))
        }
        glBindVertexArray(0)
    }
}
