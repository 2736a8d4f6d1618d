import QuartzCore

/// A swipe: a quick, mostly straight drag in one of the allowed directions (UIKit's
/// `UISwipeGestureRecognizer`, single touch). Discrete: handlers run once, in `.ended`
/// (`.recognized`), as soon as the touch has travelled far enough — before it lifts.
///
/// The thresholds are Lamina's (ruling U21; Apple does not publish its own): the touch must
/// travel ``minimumDistance`` points from where it went down along an allowed direction, within
/// ``maximumDuration`` seconds of going down, and no more than ``maximumDeviation`` off that
/// direction's axis (the movement across the axis at most `tan(maximumDeviation)` times the
/// movement along it). A touch that lifts or is cancelled first, takes longer, travels that far
/// in a direction that is not allowed, or strays further across the axis fails; a slower drag is
/// a pan, not a swipe.
open class UISwipeGestureRecognizer: UIGestureRecognizer {
    /// The directions a swipe may go in (UIKit's option set, with Apple's raw values).
    public struct Direction: OptionSet, Sendable, Hashable {
        /// The raw bits: right 1, left 2, up 4, down 8.
        public let rawValue: UInt
        /// The directions with raw bits `rawValue` (unknown bits are kept and never match).
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// Towards +x.
        public static let right = Direction(rawValue: 1 << 0)
        /// Towards −x.
        public static let left = Direction(rawValue: 1 << 1)
        /// Towards −y (UIKit's y grows downwards).
        public static let up = Direction(rawValue: 1 << 2)
        /// Towards +y.
        public static let down = Direction(rawValue: 1 << 3)
    }

    /// The directions recognised. Default `.right`, as UIKit's; several may be allowed at once.
    /// An empty set recognises nothing.
    open var direction: Direction = .right
    /// The touches a swipe takes. Default 1; Lamina delivers a single touch, so any other
    /// number is never recognised (ruling U21, as `numberOfTapsRequired`, U11).
    open var numberOfTouchesRequired = 1

    /// The distance, in points, a swipe travels along its direction (ruling U21).
    public static let minimumDistance: CGFloat = 50
    /// The longest time, in seconds, from the touch going down to its travelling
    /// ``minimumDistance`` (ruling U21).
    public static let maximumDuration: CFTimeInterval = 0.5
    /// How far, in radians, a swipe may stray from its direction's axis: 30° (ruling U21).
    public static let maximumDeviation: CGFloat = .pi / 6

    private var start: CGPoint = .zero
    private var startTime: CFTimeInterval = 0

    /// The direction of the movement from `start` to `point` once it has travelled
    /// ``minimumDistance`` along its larger axis within ``maximumDeviation``; `[]` when it has
    /// not travelled that far yet; `nil` when it strays too far across its axis.
    static func swipeDirection(from start: CGPoint, to point: CGPoint) -> Direction? {
        let dx = point.x - start.x
        let dy = point.y - start.y
        guard dx.isFinite, dy.isFinite else { return nil }
        let (along, across) = abs(dx) >= abs(dy) ? (abs(dx), abs(dy)) : (abs(dy), abs(dx))
        let straight = across <= along * tan(maximumDeviation)
        guard along >= minimumDistance else {
            // Too short to tell yet, unless already well off every axis.
            return straight || across < minimumDistance / 2 ? [] : nil
        }
        guard straight else { return nil }
        if abs(dx) >= abs(dy) { return dx > 0 ? .right : .left }
        return dy > 0 ? .down : .up
    }

    override func handle(_ touch: UITouch, phase: UITouch.Phase) {
        super.handle(touch, phase: phase)
        guard state == .possible else { return }
        let point = touch.location(in: nil)
        switch phase {
        case .began:
            start = point
            startTime = touch.timestamp
            if numberOfTouchesRequired != 1 { state = .failed }
        case .moved, .stationary, .ended:
            guard touch.timestamp - startTime <= Self.maximumDuration,
                let moved = Self.swipeDirection(from: start, to: point)
            else {
                state = .failed
                return
            }
            if moved.isEmpty {
                if phase == .ended { state = .failed }
            } else if direction.contains(moved) {
                transition(to: .ended)
            } else {
                state = .failed
            }
        case .cancelled:
            state = .failed
        }
    }
}
