import QuartzCore

/// The state of an interruptible animator (UIKit's `UIViewAnimatingState`).
public enum UIViewAnimatingState: Int, Sendable {
    /// Not started, or finished: the animations closures have not run (or have completed).
    case inactive = 0
    /// Started: running or paused.
    case active = 1
    /// Stopped by `stopAnimation(false)`, waiting for `finishAnimation(at:)`.
    case stopped = 2
}

/// Where an animator ended (UIKit's `UIViewAnimatingPosition`).
public enum UIViewAnimatingPosition: Int, Sendable {
    /// At the end values.
    case end = 0
    /// At the start values.
    case start = 1
    /// Where it was when stopped.
    case current = 2
}

/// An interruptible, scrubbable view animation (UIKit's `UIViewPropertyAnimator`).
///
/// The animations closures run when the animator first starts, pauses or is scrubbed: the
/// views' model values change then, and the animator drives one animation per changed
/// property (key: the key path) that it re-adds whenever it starts, pauses, scrubs or reverses.
/// Progress is a fraction of the duration; `fractionComplete` reads it (ruling U13).
open class UIViewPropertyAnimator: NSObject {
    /// The duration in seconds.
    public let duration: TimeInterval
    /// The delay of the latest `startAnimation(afterDelay:)`, in seconds.
    public internal(set) var delay: TimeInterval = 0
    /// The state.
    public internal(set) var state: UIViewAnimatingState = .inactive
    /// Whether the animations are moving (active and not paused).
    public internal(set) var isRunning = false
    /// Whether the animations run backwards, to the start values. Settable while active.
    open var isReversed = false {
        willSet {
            // The progress so far, measured in the old direction.
            if newValue != isReversed, state == .active, isRunning { rebase() }
        }
        didSet {
            guard oldValue != isReversed, state == .active, isRunning else { return }
            install()
        }
    }
    /// Whether a finished animator stays active and paused at the end instead of completing.
    /// Default `false`.
    open var pausesOnCompletion = false
    /// Whether scrubbing a paused animator moves linearly with `fractionComplete` (`true`,
    /// the default) or along the timing curve.
    open var scrubsLinearly = true
    /// Whether the animator can be paused and scrubbed. Default `true` (Lamina's are always).
    open var isInterruptible = true

    let timing: ViewAnimationContext.Timing
    var pendingAnimations: [(closure: () -> Void, delayFactor: CGFloat)] = []
    var completions: [(UIViewAnimatingPosition) -> Void] = []
    var records: [(change: ChangeRecord, delayFactor: CGFloat)] = []
    /// Progress (0…1 of the duration) at `baseTime`, and the media time it was measured at.
    var baseFraction: CGFloat = 0
    var baseTime: CFTimeInterval = 0
    /// Which set of added animations is current: older ones' stops are ignored.
    var generation = 0
    var stoppedInGeneration = 0

    /// An animator with a timing curve (`.easeInOut` when `curve` says so) and optional first
    /// animations.
    public convenience init(
        duration: TimeInterval, curve: UIView.AnimationCurve, animations: (() -> Void)? = nil
    ) {
        let options = UIView.AnimationOptions(rawValue: UInt(curve.rawValue) << 16)
        self.init(duration: duration, timing: .curve(options.timingFunction), animations: animations)
    }

    /// An animator with a cubic Bézier curve through (0, 0), `point1`, `point2`, (1, 1).
    public convenience init(
        duration: TimeInterval, controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint,
        animations: (() -> Void)? = nil
    ) {
        let function = CAMediaTimingFunction(
            controlPoints: Float(point1.x), Float(point1.y), Float(point2.x), Float(point2.y))
        self.init(duration: duration, timing: .curve(function), animations: animations)
    }

    /// An animator whose animations move like a spring of damping ratio `ratio` (clamped to
    /// 0…1) settling in `duration` seconds.
    public convenience init(
        duration: TimeInterval, dampingRatio ratio: CGFloat, animations: (() -> Void)? = nil
    ) {
        let safe = ratio.isFinite ? min(max(ratio, 0), 1) : 1
        self.init(duration: duration, timing: .damped(ratio: safe, velocity: 0), animations: animations)
    }

    init(duration: TimeInterval, timing: ViewAnimationContext.Timing, animations: (() -> Void)?) {
        self.duration = duration.isFinite ? max(duration, 0) : 0
        self.timing = timing
        super.init()
        if let animations { pendingAnimations.append((animations, 0)) }
    }

    /// An animator started at once (after `delay`) with `options`' curve, calling
    /// `completion` with the position it ends at.
    @discardableResult
    open class func runningPropertyAnimator(
        withDuration duration: TimeInterval, delay: TimeInterval, options: UIView.AnimationOptions = [],
        animations: @escaping () -> Void, completion: ((UIViewAnimatingPosition) -> Void)? = nil
    ) -> UIViewPropertyAnimator {
        let animator = UIViewPropertyAnimator(
            duration: duration, timing: .curve(options.timingFunction), animations: animations)
        if let completion { animator.addCompletion(completion) }
        animator.startAnimation(afterDelay: delay)
        return animator
    }

    /// Adds animations. Before the animator starts they run with the others; while it is
    /// active they run now and animate over the remaining time.
    open func addAnimations(_ animation: @escaping () -> Void) {
        addAnimations(animation, delayFactor: 0)
    }

    /// Adds animations that start `delayFactor` (0…1) of the way through the duration.
    open func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat) {
        let factor = delayFactor.isFinite ? min(max(delayFactor, 0), 1) : 0
        if state == .active {
            rebase()
            record(animation, delayFactor: max(factor, baseFraction))
            install()
        } else {
            pendingAnimations.append((animation, factor))
        }
    }

    /// Adds a completion, called with the final position when the animations end.
    open func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) {
        completions.append(completion)
    }

    /// Starts (or resumes) the animations.
    open func startAnimation() {
        startAnimation(afterDelay: 0)
    }

    /// Starts (or resumes) the animations after `delay` seconds.
    open func startAnimation(afterDelay delay: TimeInterval) {
        guard state != .stopped else { return }
        activate()
        rebase()
        self.delay = delay.isFinite ? max(delay, 0) : 0
        baseTime = CACurrentMediaTime() + self.delay
        isRunning = true
        install()
    }

    /// Pauses the animations where they are (starting the animator paused when inactive).
    open func pauseAnimation() {
        guard state != .stopped else { return }
        activate()
        rebase()
        isRunning = false
        install()
    }

    /// The progress, 0…1 of the duration. Setting it while the animator is not running
    /// (pausing it first if inactive) moves the animations there.
    open var fractionComplete: CGFloat {
        get {
            guard state == .active else { return 0 }
            return currentFraction()
        }
        set {
            guard !isRunning, newValue.isFinite, state != .stopped else { return }
            if state == .inactive { pauseAnimation() }
            baseFraction = min(max(newValue, 0), 1)
            baseTime = CACurrentMediaTime()
            install()
        }
    }

    /// Stops the animations where they are: the views keep their on-screen values as model
    /// values. With `withoutFinishing` the animator becomes inactive with no completion;
    /// otherwise it is `.stopped` until `finishAnimation(at:)`.
    open func stopAnimation(_ withoutFinishing: Bool) {
        guard state == .active else { return }
        for entry in records {
            let layer = entry.change.view.layer
            let shown = layer.presentation()?.value(forKeyPath: entry.change.key)
            layer.removeAnimation(forKey: entry.change.key)
            if let shown { setModel(entry.change, shown) }
        }
        generation += 1
        isRunning = false
        state = withoutFinishing ? .inactive : .stopped
        if withoutFinishing { records = [] }
    }

    /// Ends a stopped animator at `finalPosition` (the model values of the start or the end,
    /// or where it stopped) and calls the completions.
    open func finishAnimation(at finalPosition: UIViewAnimatingPosition) {
        guard state == .stopped else { return }
        complete(at: finalPosition)
    }
}
