import Foundation

/// Why a `LaminaWindow` could not be opened.
public enum LaminaWindowError: Error, CustomStringConvertible, Equatable {
    /// No display to open a window on: neither `DISPLAY` nor `WAYLAND_DISPLAY` is set, or SDL
    /// could not initialise its video subsystem (the reason is SDL's).
    case noDisplay(String)
    /// SDL could not create the window (the reason is SDL's).
    case windowCreation(String)
    /// No OpenGL ES 3 context could be created or made current for the window.
    case contextCreation(String)
    /// The compositor could not be set up on the window's context (`CARendererError`'s text).
    case renderer(String)
    /// The size is not finite or not positive.
    case invalidSize(width: Double, height: Double)
    /// No audio output could be opened for `AudioOutput` (the reason is SDL's).
    case noAudioDevice(String)

    /// A sentence naming the failure and its reason.
    public var description: String {
        switch self {
        case .noDisplay(let reason): return "LaminaWindow: no display: \(reason)"
        case .windowCreation(let reason): return "LaminaWindow: cannot create the window: \(reason)"
        case .contextCreation(let reason):
            return "LaminaWindow: cannot create an OpenGL ES 3 context: \(reason)"
        case .renderer(let reason): return "LaminaWindow: cannot set up the renderer: \(reason)"
        case .invalidSize(let width, let height):
            return "LaminaWindow: invalid size \(width)×\(height) points (each side must be finite and ≥ 1)"
        case .noAudioDevice(let reason): return "LaminaWindow: no audio device: \(reason)"
        }
    }
}
