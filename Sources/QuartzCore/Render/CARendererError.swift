import CoreGraphics

/// Why a `CARenderer` could not be created or could not render.
public enum CARendererError: Error, CustomStringConvertible, Equatable {
    /// No EGL display could be opened or initialised (no Mesa, no GPU driver).
    case noDisplay(String)
    /// EGL could not create or bind an OpenGL ES 3 context.
    case contextCreation(String)
    /// A shader failed to compile or link (the driver's log).
    case shader(String)
    /// The offscreen framebuffer could not be created.
    case framebuffer(String)
    /// The requested size is zero, negative, not finite or beyond the driver's limit.
    case invalidSize(width: Int, height: Int, limit: Int)

    /// A sentence naming the failure and its reason.
    public var description: String {
        switch self {
        case .noDisplay(let reason): return "CARenderer: no EGL display: \(reason)"
        case .contextCreation(let reason):
            return "CARenderer: cannot create an OpenGL ES 3 context: \(reason)"
        case .shader(let log): return "CARenderer: shader error: \(log)"
        case .framebuffer(let reason): return "CARenderer: cannot create the framebuffer: \(reason)"
        case .invalidSize(let width, let height, let limit):
            return "CARenderer: invalid size \(width)×\(height) pixels (each side must be 1…\(limit))"
        }
    }
}
