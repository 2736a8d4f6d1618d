import CEGL
import CSDL2
import Foundation
import QuartzCore

/// A live window on the desktop (X11 or Wayland, through SDL2) whose content is a layer tree,
/// drawn by Lamina's compositor (`CARenderer`) with the window's own OpenGL ES 3 context: each
/// frame is rendered into the renderer's framebuffer, blitted to the window's and presented with
/// vsync.
///
/// The root layer, `rootLayer`, always fills the window: its bounds follow the window's size in
/// points and its `contentsScale` the display's pixels per point. Input arrives as `Event`s in
/// the root layer's coordinates; `TapRecognizer` and `PanRecognizer` turn them into gestures.
///
///     let window = try LaminaWindow(title: "Demo", size: CGSize(width: 640, height: 480))
///     window.rootLayer.addSublayer(layer)
///     window.run(onFrame: { link in … }, onEvent: { event in … })
///
/// Use a window from one thread, the one that created it — the main thread in an app (SDL
/// requires it on some platforms); `run` returns when the window is closed.
public final class LaminaWindow {
    /// An input or window event. Points are in `rootLayer`'s coordinate space, in points.
    public enum Event: Sendable, Equatable {
        /// The primary pointer (left mouse button, or a touch) went down.
        case pointerDown(CGPoint)
        /// The pointer moved (pressed or not).
        case pointerMoved(CGPoint)
        /// The primary pointer went up.
        case pointerUp(CGPoint)
        /// A key was pressed: SDL's name of the key ("A", "Space", "Escape", "Left", …).
        case key(String)
        /// The window's size changed; the new size in points (the root layer already has it).
        case resized(CGSize)
        /// The user asked to close the window; after this event the window closes and `run`
        /// returns.
        case closeRequested
    }

    /// The layer tree's root: it fills the window (bounds = window size, position at its centre)
    /// and its `contentsScale` is the display's scale.
    public let rootLayer: CALayer

    /// The display link the window ticks once per frame (see `run(onFrame:onEvent:)`). Its
    /// `duration` is the display's refresh interval; its `preferredFrameRateRange` is not used
    /// (the window draws every refresh).
    public let displayLink: CADisplayLink

    /// The window's size in points.
    public private(set) var size: CGSize

    /// Pixels per point of the window's framebuffer (2 on a HiDPI display that SDL reports so).
    public private(set) var scale: CGFloat

    /// The display's refresh rate in frames per second (60 when the display does not say).
    public private(set) var refreshRate: Double

    /// Whether the window is open: `false` after `close()`.
    public var isOpen: Bool { window != nil && !closeRequested }

    /// Whether `run` sleeps to keep frames at most `refreshRate` per second when presenting does
    /// not wait for vsync (a virtual display). Default `true`; benchmarks turn it off.
    public var pacesFrames = true

    /// The window's title.
    public var title: String {
        didSet { if let window { SDL_SetWindowTitle(window, title) } }
    }

    private var window: OpaquePointer?
    private var context: SDL_GLContext?
    private var renderer: CARenderer?
    private var closeRequested = false
    private var running = false
    private var frameHandler: ((CADisplayLink) -> Void)?
    private var lastPresent: CFTimeInterval = 0
    /// Called on the drawing queue with each frame `run` draws, its time and the renderer's
    /// image of it, just before it is presented (for tests).
    package var presentedFrameObserver: (@Sendable (CFTimeInterval, CGImage?) -> Void)?
    /// Where frames are drawn and presented while the window's thread prepares the next.
    private let drawing = DispatchQueue(label: "LaminaWindow.drawing")
    /// Free while no frame waits to be drawn.
    private let frameSlot = DispatchSemaphore(value: 1)
    /// Whether this window holds a reference on SDL's video subsystem.
    private var sdlStarted = false

    /// Opens a window of `size` points titled `title`, showing an empty root layer.
    ///
    /// - Throws: `LaminaWindowError.noDisplay` when neither `DISPLAY` nor `WAYLAND_DISPLAY` is
    ///   set or SDL cannot reach the display; `.windowCreation`, `.contextCreation` or
    ///   `.renderer` when SDL, EGL or the compositor fail; `.invalidSize` for a size that is not
    ///   finite or under 1 point. Never hangs.
    public init(
        title: String = "Lamina", size: CGSize = CGSize(width: 800, height: 600), resizable: Bool = true
    )
        throws
    {
        guard size.width.isFinite, size.height.isFinite, size.width >= 1, size.height >= 1,
            size.width <= 16384, size.height <= 16384
        else {
            throw LaminaWindowError.invalidSize(width: Double(size.width), height: Double(size.height))
        }
        func isSet(_ name: String) -> Bool {
            guard let value = getenv(name) else { return false }
            return value.pointee != 0
        }
        guard isSet("DISPLAY") || isSet("WAYLAND_DISPLAY") || isSet("SDL_VIDEODRIVER") else {
            throw LaminaWindowError.noDisplay("neither DISPLAY nor WAYLAND_DISPLAY is set")
        }
        self.title = title
        self.size = size
        scale = 1
        refreshRate = 60
        rootLayer = CALayer()
        weak var box: LaminaWindow?
        displayLink = CADisplayLink { link in box?.frameHandler?(link) }

        // EGL on X11 too, so that the compositor can adopt the context; no signal handlers of
        // SDL's in the host process.
        SDL_SetHint("SDL_VIDEO_X11_FORCE_EGL", "1")
        SDL_SetHint("SDL_NO_SIGNAL_HANDLERS", "1")
        SDL_SetHint("SDL_VIDEO_ALLOW_SCREENSAVER", "1")
        // The display named by the environment, not a fallback driver (offscreen, KMS/DRM).
        if !isSet("SDL_VIDEODRIVER") {
            SDL_SetHint("SDL_VIDEODRIVER", isSet("WAYLAND_DISPLAY") ? "wayland,x11" : "x11")
        }
        // A display server that does not answer at once (a busy machine, a server still starting)
        // gets a few more tries over about a second before the display counts as unavailable.
        var attempts = 0
        while SDL_InitSubSystem(UInt32(SDL_INIT_VIDEO) | UInt32(SDL_INIT_EVENTS)) != 0 {
            attempts += 1
            guard attempts < 5 else { throw LaminaWindowError.noDisplay(Self.sdlError()) }
            usleep(250_000)
        }
        sdlStarted = true
        var ok = false
        defer { if !ok { tearDown() } }
        SDL_GL_ResetAttributes()
        SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, Int32(SDL_GL_CONTEXT_PROFILE_ES.rawValue))
        SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3)
        SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 0)
        SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1)
        SDL_GL_SetAttribute(SDL_GL_RED_SIZE, 8)
        SDL_GL_SetAttribute(SDL_GL_GREEN_SIZE, 8)
        SDL_GL_SetAttribute(SDL_GL_BLUE_SIZE, 8)
        SDL_GL_SetAttribute(SDL_GL_DEPTH_SIZE, 0)
        SDL_GL_SetAttribute(SDL_GL_STENCIL_SIZE, 0)
        var flags = SDL_WINDOW_OPENGL.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue | SDL_WINDOW_SHOWN.rawValue
        if resizable { flags |= SDL_WINDOW_RESIZABLE.rawValue }
        let centred = Int32(0x2FFF_0000)  // SDL_WINDOWPOS_CENTERED
        window = SDL_CreateWindow(
            title, centred, centred, Int32(size.width.rounded()), Int32(size.height.rounded()), flags)
        guard let window else { throw LaminaWindowError.windowCreation(Self.sdlError()) }
        context = SDL_GL_CreateContext(window)
        guard let context else { throw LaminaWindowError.contextCreation(Self.sdlError()) }
        guard SDL_GL_MakeCurrent(window, context) == 0 else {
            throw LaminaWindowError.contextCreation(Self.sdlError())
        }
        // Vsync when the driver offers it; `pacesFrames` covers displays without it.
        _ = SDL_GL_SetSwapInterval(1)
        var mode = SDL_DisplayMode()
        if SDL_GetWindowDisplayMode(window, &mode) == 0, mode.refresh_rate > 0 {
            refreshRate = Double(mode.refresh_rate)
        }
        displayLink.refreshRateOverride = refreshRate
        box = self
        updateGeometry()
        do {
            try makeRenderer()
        } catch {
            throw LaminaWindowError.renderer("\(error)")
        }
        // Frames bind the context where they are drawn (ruling W5).
        SDL_GL_MakeCurrent(window, nil)
        ok = true
    }

    deinit {
        tearDown()
    }

    /// Closes the window: inside `run`, at the end of the current frame (then `run` returns);
    /// otherwise at once. Closing twice does nothing.
    public func close() {
        closeRequested = true
        if !running { tearDown() }
    }

    /// Runs the window's loop on the calling thread until the window is closed (by `close()`, or
    /// by the user: `.closeRequested`). Each turn polls the input events and passes them to
    /// `onEvent`, runs the current run loop once (its timers, display links and the main
    /// dispatch queue on the main thread), ticks `displayLink` — which commits the implicit
    /// transaction, delivers animation events and calls `onFrame` — then renders the layer tree
    /// at the frame's time and presents it. Returns at once if the window is closed.
    public func run(
        onFrame: ((CADisplayLink) -> Void)? = nil, onEvent: ((Event) -> Void)? = nil
    ) {
        guard isOpen, !running else { return }
        running = true
        frameHandler = onFrame
        defer {
            running = false
            frameHandler = nil
            if closeRequested { tearDown() }
        }
        defer { drawing.sync {} }
        while !closeRequested {
            pollEvents(onEvent)
            if closeRequested { break }
            _ = RunLoop.current.run(mode: .default, before: Date())
            let now = CACurrentMediaTime()
            let interval = 1 / refreshRate
            displayLink.tick(timestamp: now, targetTimestamp: now + interval, duration: interval)
            if closeRequested { break }
            // Frame n is drawn and presented on the drawing queue while this thread takes the
            // input and commits frame n + 1 (ruling W5): at most one frame waits to be drawn.
            // What `onFrame` changed shows in this frame, as a render would commit it (RT3).
            CATransaction.flush()
            frameSlot.wait()
            fitRendererToDrawable()
            let frame = PendingFrame(window: self, tree: rootLayer.renderNode, time: CACurrentMediaTime())
            drawing.async {
                frame.window.drawOffThread(frame.tree, atTime: frame.time)
                frame.window.frameSlot.signal()
            }
        }
    }

    /// Renders the layer tree now into the window's framebuffer and reads it back (before any
    /// presentation): the picture the next `present` would show, `pixelWidth × pixelHeight`
    /// premultiplied RGBA, top row first. `nil` when the window is closed.
    public func snapshot() -> CGImage? {
        drawing.sync {}
        fitRendererToDrawable()
        guard isOpen, let window, let context, SDL_GL_MakeCurrent(window, context) == 0 else { return nil }
        defer { SDL_GL_MakeCurrent(window, nil) }
        CATransaction.flush()
        drawFrame(rootLayer.renderNode, atTime: CACurrentMediaTime())
        var width: Int32 = 0
        var height: Int32 = 0
        SDL_GL_GetDrawableSize(window, &width, &height)
        let w = Int(width)
        let h = Int(height)
        guard w > 0, h > 0 else { return nil }
        glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), 0)
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        var pixels = [UInt8](repeating: 0, count: w * h * 4)
        glReadPixels(0, 0, width, height, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), &pixels)
        var flipped = Data(count: pixels.count)
        let rowBytes = w * 4
        flipped.withUnsafeMutableBytes { destination in
            pixels.withUnsafeBytes { source in
                for row in 0..<h {
                    destination.baseAddress!.advanced(by: row * rowBytes).copyMemory(
                        from: source.baseAddress!.advanced(by: (h - 1 - row) * rowBytes), byteCount: rowBytes)
                }
            }
        }
        guard let provider = CGDataProvider(data: flipped), let space = CGColorSpace(name: CGColorSpace.sRGB)
        else { return nil }
        return CGImage(
            width: w, height: h, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: rowBytes, space: space,
            bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedLast.rawValue),
            provider: provider,
            decode: nil, shouldInterpolate: false, intent: .defaultIntent)
    }

    /// Asks the window system to resize the window to `size` points (a `.resized` event follows
    /// when it does). Non-finite sizes or sizes under 1 point are ignored.
    public func setSize(_ size: CGSize) {
        guard let window, size.width.isFinite, size.height.isFinite, size.width >= 1, size.height >= 1 else {
            return
        }
        SDL_SetWindowSize(
            window, Int32(min(size.width, 16384).rounded()), Int32(min(size.height, 16384).rounded()))
    }

    // MARK: - Frames

    /// Draws `tree` at `time` and presents it, on the drawing queue: the context is bound to the
    /// calling thread for the frame and released after, so that the next frame (or a snapshot)
    /// may bind it elsewhere.
    private func drawOffThread(_ tree: RenderLayer?, atTime time: CFTimeInterval) {
        guard let window, let context, SDL_GL_MakeCurrent(window, context) == 0 else { return }
        defer { SDL_GL_MakeCurrent(window, nil) }
        drawFrame(tree, atTime: time)
        if let observer = presentedFrameObserver, let renderer {
            observer(time, renderer.makeImage())
        }
        present()
    }

    /// On the window's thread, with no frame being drawn: remakes the renderer when the
    /// drawable's size changed, refitting the root layer first.
    private func fitRendererToDrawable() {
        guard let window, let context, let renderer else { return }
        var width: Int32 = 0
        var height: Int32 = 0
        SDL_GL_GetDrawableSize(window, &width, &height)
        guard renderer.pixelWidth != Int(width) || renderer.pixelHeight != Int(height) else { return }
        guard SDL_GL_MakeCurrent(window, context) == 0 else { return }
        defer { SDL_GL_MakeCurrent(window, nil) }
        updateGeometry()
        self.renderer = nil
        try? makeRenderer()
    }

    /// Renders `tree` (the root's latest published tree when `nil` is not given explicitly) into
    /// the renderer's framebuffer and blits it to the window's, with the context bound.
    private func drawFrame(_ tree: RenderLayer?, atTime time: CFTimeInterval) {
        guard let renderer else { return }
        renderer.beginFrame(atTime: time, tree: tree)
        renderer.render()
        glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), renderer.framebufferName)
        glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), 0)
        glDisable(GLenum(GL_SCISSOR_TEST))
        glBlitFramebuffer(
            0, 0, GLint(renderer.pixelWidth), GLint(renderer.pixelHeight), 0, 0, GLint(renderer.pixelWidth),
            GLint(renderer.pixelHeight), GLbitfield(GL_COLOR_BUFFER_BIT), GLenum(GL_NEAREST))
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
    }

    /// Swaps buffers, then sleeps out the rest of the refresh interval when pacing.
    private func present() {
        guard let window else { return }
        SDL_GL_SwapWindow(window)
        let interval = 1 / refreshRate
        let now = CACurrentMediaTime()
        if pacesFrames, !CAMediaClock.isUsingManualTime, now - lastPresent < interval {
            let wait = interval - (now - lastPresent)
            usleep(UInt32(max(0, min(wait, 1)) * 1e6))
        }
        lastPresent = CACurrentMediaTime()
    }

    private func makeRenderer() throws {
        renderer = try CARenderer(layer: rootLayer, size: size, scale: scale, usingCurrentContext: true)
    }

    /// Reads the window's size and scale and fits the root layer to them (without animation).
    private func updateGeometry() {
        guard let window else { return }
        var width: Int32 = 0
        var height: Int32 = 0
        SDL_GetWindowSize(window, &width, &height)
        var pixelWidth: Int32 = 0
        var pixelHeight: Int32 = 0
        SDL_GL_GetDrawableSize(window, &pixelWidth, &pixelHeight)
        let points = CGSize(width: CGFloat(max(width, 1)), height: CGFloat(max(height, 1)))
        size = points
        let ratio = CGFloat(max(pixelWidth, 1)) / points.width
        scale = ratio.isFinite && ratio > 0 ? ratio : 1
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        rootLayer.frame = CGRect(origin: .zero, size: points)
        rootLayer.contentsScale = scale
        CATransaction.commit()
    }

    // MARK: - Events

    private func pollEvents(_ onEvent: ((Event) -> Void)?) {
        var event = SDL_Event()
        while !closeRequested, SDL_PollEvent(&event) != 0 {
            guard let translated = translate(event) else { continue }
            if case .resized = translated {
                updateGeometry()
                onEvent?(.resized(size))
                continue
            }
            onEvent?(translated)
            if translated == .closeRequested { closeRequested = true }
        }
    }

    private func translate(_ event: SDL_Event) -> Event? {
        func point(_ x: Int32, _ y: Int32) -> CGPoint {
            rootLayer.convert(CGPoint(x: CGFloat(x), y: CGFloat(y)), from: nil)
        }
        switch event.type {
        case SDL_MOUSEBUTTONDOWN.rawValue where event.button.button == UInt8(SDL_BUTTON_LEFT):
            return .pointerDown(point(event.button.x, event.button.y))
        case SDL_MOUSEBUTTONUP.rawValue where event.button.button == UInt8(SDL_BUTTON_LEFT):
            return .pointerUp(point(event.button.x, event.button.y))
        case SDL_MOUSEMOTION.rawValue:
            return .pointerMoved(point(event.motion.x, event.motion.y))
        case SDL_KEYDOWN.rawValue:
            guard let name = SDL_GetKeyName(event.key.keysym.sym) else { return nil }
            let text = String(cString: name)
            return text.isEmpty ? nil : .key(text)
        case SDL_QUIT.rawValue:
            return .closeRequested
        case SDL_WINDOWEVENT.rawValue:
            switch UInt32(event.window.event) {
            case SDL_WINDOWEVENT_CLOSE.rawValue: return .closeRequested
            case SDL_WINDOWEVENT_SIZE_CHANGED.rawValue: return .resized(size)
            default: return nil
            }
        default:
            return nil
        }
    }

    // MARK: - Teardown

    private func tearDown() {
        guard sdlStarted else { return }
        drawing.sync {}
        sdlStarted = false
        if let window, let context { SDL_GL_MakeCurrent(window, context) }
        renderer = nil
        if let context { SDL_GL_DeleteContext(context) }
        context = nil
        if let window { SDL_DestroyWindow(window) }
        window = nil
        closeRequested = true
        SDL_QuitSubSystem(UInt32(SDL_INIT_VIDEO) | UInt32(SDL_INIT_EVENTS))
    }

    private static func sdlError() -> String {
        guard let message = SDL_GetError() else { return "unknown SDL error" }
        let text = String(cString: message)
        return text.isEmpty ? "unknown SDL error" : text
    }
}

/// A frame handed to the drawing queue: the window, the render tree published for the frame and
/// its time. The window is used there only to draw and present (the context bound for it), which
/// its own thread does not do meanwhile. It is held unowned: `run` waits for the frame in flight
/// before it returns, so the window outlives it, and its last release (and teardown, which waits
/// on the drawing queue) never happens on that queue.
private struct PendingFrame: @unchecked Sendable {
    unowned let window: LaminaWindow
    let tree: RenderLayer?
    let time: CFTimeInterval
}
