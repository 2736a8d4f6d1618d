import QuartzCore

/// Recognises a gesture in the touches of a view and its subviews (UIKit's
/// `UIGestureRecognizer`), and calls its handlers. Handlers are closures: target-action needs
/// the Objective-C runtime (docs/uikit.md).
open class UIGestureRecognizer: NSObject {
    /// Where a recogniser is in its life.
    public enum State: Int, Sendable {
        /// Waiting for its gesture.
        case possible = 0
        /// A continuous gesture began.
        case began = 1
        /// A continuous gesture changed.
        case changed = 2
        /// The gesture ended (a discrete gesture is recognised in this state).
        case ended = 3
        /// A continuous gesture was cancelled.
        case cancelled = 4
        /// The touches were not this gesture.
        case failed = 5

        /// UIKit's name for `.ended`.
        public static var recognized: State { .ended }
    }

    /// The state. Starts `.possible`; back to it when the touch sequence ends.
    public internal(set) var state: State = .possible
    /// The view it is attached to.
    public internal(set) weak var view: UIView?
    /// Whether it sees touches. Default `true`.
    open var isEnabled = true
    /// Whether the view gets `touchesCancelled` once the gesture is recognised. Default `true`.
    open var cancelsTouchesInView = true
    /// The handlers, called at each state change that UIKit reports to targets.
    var handlers: [(UIGestureRecognizer) -> Void] = []
    /// The latest touch, for `location(in:)`.
    var lastTouch: UITouch?

    /// A recogniser with no handler.
    public override init() {
        super.init()
    }

    /// A recogniser calling `handler` (Lamina's closure form of `init(target:action:)`).
    public convenience init(handler: @escaping (UIGestureRecognizer) -> Void) {
        self.init()
        handlers.append(handler)
    }

    /// Adds a handler (the closure form of `addTarget(_:action:)`).
    open func addTarget(_ handler: @escaping (UIGestureRecognizer) -> Void) {
        handlers.append(handler)
    }

    /// The touch's position in `view`'s coordinates (the window's when `nil`).
    open func location(in view: UIView?) -> CGPoint {
        lastTouch?.location(in: view) ?? .zero
    }

    /// The number of touches (1 while a touch is tracked, else 0).
    open var numberOfTouches: Int { lastTouch == nil ? 0 : 1 }

    /// Whether the gesture has been recognised in this touch sequence.
    var hasRecognized: Bool { state == .began || state == .changed || state == .ended }

    /// Sees one phase of the touch. Subclasses decide their state; the base class only keeps
    /// the touch for `location(in:)`.
    func handle(_ touch: UITouch, phase: UITouch.Phase) {
        lastTouch = touch
    }

    /// Moves to `newState` and calls the handlers.
    func transition(to newState: State) {
        state = newState
        for handler in handlers { handler(self) }
    }

    /// Back to `.possible` after a touch sequence.
    func reset() {
        state = .possible
    }
}

extension UIView {
    /// The recognisers attached to the view.
    public var gestureRecognizers: [UIGestureRecognizer]? {
        get { recognizers.isEmpty ? nil : recognizers }
        set {
            for recognizer in recognizers { recognizer.view = nil }
            recognizers = newValue ?? []
            for recognizer in recognizers { recognizer.view = self }
        }
    }

    /// Attaches `gestureRecognizer` (moving it from another view).
    public func addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        gestureRecognizer.view?.removeGestureRecognizer(gestureRecognizer)
        recognizers.append(gestureRecognizer)
        gestureRecognizer.view = self
    }

    /// Detaches `gestureRecognizer`.
    public func removeGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        recognizers.removeAll { $0 === gestureRecognizer }
        if gestureRecognizer.view === self { gestureRecognizer.view = nil }
    }
}

/// A tap: the touch lifts within 10 points of where it went down (UIKit's
/// `UITapGestureRecognizer`, single touch). Discrete: handlers run once, in `.ended`.
open class UITapGestureRecognizer: UIGestureRecognizer {
    /// Taps required (1; more are not recognised, ruling U11). Default 1.
    open var numberOfTapsRequired = 1
    /// How far the touch may move, in points (ruling U11).
    static let allowableMovement: CGFloat = 10
    private var start: CGPoint = .zero

    override func handle(_ touch: UITouch, phase: UITouch.Phase) {
        super.handle(touch, phase: phase)
        guard state == .possible else { return }
        let point = touch.location(in: nil)
        switch phase {
        case .began:
            start = point
            if numberOfTapsRequired != 1 { state = .failed }
        case .moved, .stationary:
            if hypot(point.x - start.x, point.y - start.y) > Self.allowableMovement { state = .failed }
        case .ended:
            transition(to: .ended)
        case .cancelled:
            state = .failed
        }
    }
}

/// A drag (UIKit's `UIPanGestureRecognizer`, single touch): it begins once the touch has moved
/// 10 points, changes with each move, and ends when the touch lifts. Continuous: handlers run
/// at `.began`, each `.changed` and `.ended` (or `.cancelled`).
open class UIPanGestureRecognizer: UIGestureRecognizer {
    /// The movement that starts a pan, in points (ruling U11).
    static let hysteresis: CGFloat = 10
    private var start: CGPoint = .zero
    /// The translation origin, in the window's coordinates.
    private var origin: CGPoint = .zero
    private var lastPoint: CGPoint = .zero
    private var lastTime: TimeInterval = 0
    private var currentVelocity: CGPoint = .zero

    /// The movement since the pan began (or since `setTranslation`), in `view`'s coordinate
    /// scale (the window's when `nil`).
    open func translation(in view: UIView?) -> CGPoint {
        guard let window = lastTouch?.window else { return .zero }
        let target = view ?? window
        let a = target.convert(origin, from: window)
        let b = target.convert(lastPoint, from: window)
        return CGPoint(x: b.x - a.x, y: b.y - a.y)
    }

    /// Resets the translation so that it reads `translation` in `view`'s coordinates now.
    open func setTranslation(_ translation: CGPoint, in view: UIView?) {
        guard let window = lastTouch?.window else { return }
        let target = view ?? window
        let now = target.convert(lastPoint, from: window)
        origin = window.convert(CGPoint(x: now.x - translation.x, y: now.y - translation.y), from: target)
    }

    /// The speed of the latest move in points per second, in `view`'s coordinates' axes
    /// (zero before two moves, or when they share a timestamp).
    open func velocity(in view: UIView?) -> CGPoint {
        guard let window = lastTouch?.window else { return .zero }
        let target = view ?? window
        let a = target.convert(CGPoint.zero, from: window)
        let b = target.convert(currentVelocity, from: window)
        return CGPoint(x: b.x - a.x, y: b.y - a.y)
    }

    override func handle(_ touch: UITouch, phase: UITouch.Phase) {
        super.handle(touch, phase: phase)
        let point = touch.location(in: nil)
        let elapsed = touch.timestamp - lastTime
        if phase != .began, elapsed > 0 {
            currentVelocity = CGPoint(
                x: (point.x - lastPoint.x) / elapsed, y: (point.y - lastPoint.y) / elapsed)
        }
        lastPoint = point
        lastTime = touch.timestamp
        switch (phase, state) {
        case (.began, _):
            start = point
            origin = point
            currentVelocity = .zero
        case (.moved, .possible), (.stationary, .possible):
            if hypot(point.x - start.x, point.y - start.y) >= Self.hysteresis { transition(to: .began) }
        case (.moved, .began), (.moved, .changed), (.stationary, .began), (.stationary, .changed):
            transition(to: .changed)
        case (.ended, .began), (.ended, .changed):
            transition(to: .ended)
        case (.cancelled, .began), (.cancelled, .changed):
            transition(to: .cancelled)
        case (.ended, _), (.cancelled, _):
            state = .failed
        default:
            break
        }
    }
}
