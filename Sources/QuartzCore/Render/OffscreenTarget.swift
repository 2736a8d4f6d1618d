import CoreGraphics

@_implementationOnly import CEGL

/// An offscreen colour texture and stencil buffer the size of the renderer's framebuffer, for
/// drawing a subtree as one group (group opacity) before compositing it.
final class OffscreenTarget {
    let framebuffer: GLuint
    let texture: GLuint
    let stencil: GLuint

    init(width: Int, height: Int) throws {
        var texture: GLuint = 0
        glGenTextures(1, &texture)
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glTexImage2D(
            GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(width), GLsizei(height), 0, GLenum(GL_RGBA),
            GLenum(GL_UNSIGNED_BYTE), nil)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        var stencil: GLuint = 0
        glGenRenderbuffers(1, &stencil)
        glBindRenderbuffer(GLenum(GL_RENDERBUFFER), stencil)
        glRenderbufferStorage(
            GLenum(GL_RENDERBUFFER), GLenum(GL_DEPTH24_STENCIL8), GLsizei(width), GLsizei(height))
        var framebuffer: GLuint = 0
        glGenFramebuffers(1, &framebuffer)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glFramebufferTexture2D(
            GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), texture, 0)
        glFramebufferRenderbuffer(
            GLenum(GL_FRAMEBUFFER), GLenum(GL_DEPTH_STENCIL_ATTACHMENT), GLenum(GL_RENDERBUFFER), stencil)
        let status = glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
        self.framebuffer = framebuffer
        self.texture = texture
        self.stencil = stencil
        guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
            throw CARendererError.framebuffer("offscreen status 0x\(String(status, radix: 16))")
        }
    }

    deinit {
        var framebuffer = framebuffer
        glDeleteFramebuffers(1, &framebuffer)
        var texture = texture
        glDeleteTextures(1, &texture)
        var stencil = stencil
        glDeleteRenderbuffers(1, &stencil)
    }
}
