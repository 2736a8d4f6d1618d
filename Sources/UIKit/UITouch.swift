import QuartzCore

/// One finger (or the mouse) on the screen (UIKit's `UITouch`), as a window delivers it.
open class UITouch: NSObject {
    /// Where a touch is in its life.
    public enum Phase: Int, Sendable {
        /// Went down.
        case began = 0
        /// Moved.
        case moved = 1
        /// Down, not moving.
        case stationary = 2
        /// Lifted.
        case ended = 3
        /// Taken by the system (or a gesture recogniser).
        case cancelled = 4
    }

    /// The phase of the latest delivery.
    public internal(set) var phase: Phase = .began
    /// The view the touch went down in (hit testing at `.began`); it keeps every later phase.
    public internal(set) weak var view: UIView?
    /// The window that delivers the touch.
    public internal(set) weak var window: UIWindow?
    /// The media time (`CACurrentMediaTime()`) of the latest delivery, in seconds.
    public internal(set) var timestamp: TimeInterval = 0
    /// Taps in quick succession at one place; 1 for a single touch.
    public internal(set) var tapCount = 1
    /// The position in the window's coordinates.
    var windowLocation: CGPoint = .zero
    /// The previous position in the window's coordinates.
    var previousWindowLocation: CGPoint = .zero

    override init() {
        super.init()
    }

    /// The position in `view`'s coordinates (the window's when `nil`).
    open func location(in view: UIView?) -> CGPoint {
        guard let window else { return windowLocation }
        return (view ?? window).convert(windowLocation, from: window)
    }

    /// The previous position in `view`'s coordinates (the window's when `nil`).
    open func previousLocation(in view: UIView?) -> CGPoint {
        guard let window else { return previousWindowLocation }
        return (view ?? window).convert(previousWindowLocation, from: window)
    }
}

/// A set of touches delivered together (UIKit's `UIEvent` of type touches).
open class UIEvent: NSObject {
    /// The touches of the event.
    open internal(set) var allTouches: Set<UITouch>?
    /// The media time of the event, in seconds.
    open internal(set) var timestamp: TimeInterval = 0

    override init() {
        super.init()
    }

    /// The event's touches in `view`.
    open func touches(for view: UIView) -> Set<UITouch>? {
        allTouches?.filter { $0.view === view }
    }
}
