import CoreGraphics

@_implementationOnly import CEGL

/// One EGL display connection and OpenGL ES 3 context with no window surface (Mesa's surfaceless
/// platform, or the device platform of a GPU driver): the compositor draws into framebuffer
/// objects it owns.
final class GLContext {
    let display: EGLDisplay
    let context: EGLContext
    /// The window surfaces of an adopted context (`init(adoptingCurrent:)`); `nil` when
    /// surfaceless.
    private var drawSurface: EGLSurface?
    private var readSurface: EGLSurface?
    /// Whether this object created the context (and destroys it).
    private var ownsContext = true

    /// Adopts the EGL context current on the calling thread with its surfaces (a window's
    /// context): the renderer draws with it and never destroys it.
    init(adoptingCurrent: ()) throws {
        guard let context = eglGetCurrentContext(), context != EGLContext(bitPattern: 0),
            let display = eglGetCurrentDisplay(), display != EGLDisplay(bitPattern: 0)
        else {
            throw CARendererError.contextCreation("no EGL context is current on this thread")
        }
        self.display = display
        self.context = context
        drawSurface = eglGetCurrentSurface(EGLint(EGL_DRAW))
        readSurface = eglGetCurrentSurface(EGLint(EGL_READ))
        ownsContext = false
    }

    init() throws {
        let display = try Self.openDisplay()
        var major: EGLint = 0
        var minor: EGLint = 0
        guard eglInitialize(display, &major, &minor) == EGLBoolean(EGL_TRUE) else {
            throw CARendererError.noDisplay("eglInitialize failed (0x\(String(eglGetError(), radix: 16)))")
        }
        guard eglBindAPI(EGLenum(EGL_OPENGL_ES_API)) == EGLBoolean(EGL_TRUE) else {
            throw CARendererError.contextCreation("eglBindAPI(EGL_OPENGL_ES_API) failed")
        }
        var configAttributes: [EGLint] = [EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT, EGL_NONE]
        var config: EGLConfig?
        var count: EGLint = 0
        eglChooseConfig(display, &configAttributes, &config, 1, &count)
        var contextAttributes: [EGLint] = [EGL_CONTEXT_MAJOR_VERSION, 3, EGL_NONE]
        // Without a config, EGL_KHR_no_config_context lets a surfaceless context exist.
        let context = eglCreateContext(display, count > 0 ? config : nil, nil, &contextAttributes)
        guard let context, context != EGLContext(bitPattern: 0) else {
            throw CARendererError.contextCreation(
                "eglCreateContext failed (0x\(String(eglGetError(), radix: 16)))")
        }
        self.display = display
        self.context = context
        try makeCurrent()
    }

    /// Binds the context to the calling thread.
    func makeCurrent() throws {
        if !ownsContext, eglGetCurrentContext() == context { return }
        guard eglMakeCurrent(display, drawSurface, readSurface, context) == EGLBoolean(EGL_TRUE) else {
            throw CARendererError.contextCreation(
                "eglMakeCurrent failed (0x\(String(eglGetError(), radix: 16)))")
        }
    }

    /// Unbinds the context from the calling thread, if it is bound there, so that another thread
    /// may bind it (EGL binds a context to one thread at a time). A context the renderer does
    /// not own (a window's) stays bound.
    func release() {
        guard ownsContext, eglGetCurrentContext() == context else { return }
        eglMakeCurrent(display, nil, nil, nil)
    }

    deinit {
        guard ownsContext else { return }
        eglMakeCurrent(display, nil, nil, nil)
        eglDestroyContext(display, context)
    }

    /// The surfaceless Mesa platform first, then the default display.
    private static func openDisplay() throws -> EGLDisplay {
        if let getPlatformDisplay = eglGetProcAddress("eglGetPlatformDisplayEXT") {
            typealias Function =
                @convention(c) (EGLenum, UnsafeMutableRawPointer?, UnsafePointer<EGLint>?) -> EGLDisplay?
            let function = unsafeBitCast(getPlatformDisplay, to: Function.self)
            if let display = function(EGLenum(EGL_PLATFORM_SURFACELESS_MESA), nil, nil) {
                return display
            }
        }
        if let display = eglGetDisplay(nil) { return display }
        throw CARendererError.noDisplay("neither the surfaceless platform nor a default display is available")
    }
}
