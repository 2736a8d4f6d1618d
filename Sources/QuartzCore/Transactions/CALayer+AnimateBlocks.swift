import CoreGraphics

extension CALayer {
    /// Options of the block-based animation API, in the spirit of UIKit's
    /// `UIView.AnimationOptions`.
    public struct AnimationOptions: OptionSet, Hashable, Sendable {
        /// The bit mask.
        public var rawValue: UInt
        /// Wraps a bit mask.
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// Ease in and out (the default curve).
        public static let curveEaseInOut = AnimationOptions([])
        /// Ease in.
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        /// Ease out.
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        /// Linear pacing.
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)
        /// Repeat the animations forever.
        public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
        /// Play each animation backwards after forwards (with `.repeat`, forever).
        public static let autoreverse = AnimationOptions(rawValue: 1 << 4)

        /// The timing function the curve bits select.
        var timingFunction: CAMediaTimingFunction {
            switch rawValue & (3 << 16) {
            case 1 << 16: return CAMediaTimingFunction(name: .easeIn)
            case 2 << 16: return CAMediaTimingFunction(name: .easeOut)
            case 3 << 16: return CAMediaTimingFunction(name: .linear)
            default: return CAMediaTimingFunction(name: .easeInEaseOut)
            }
        }
    }

    /// Animates every change of an animatable property made in `animations`, like UIKit's
    /// `UIView.animate(withDuration:delay:options:animations:completion:)` — for layers whose
    /// delegate would otherwise suppress implicit animations (listing 7.5) as for any other.
    ///
    /// Each change becomes a `CABasicAnimation` from the value on screen to the new model value,
    /// lasting `duration` seconds after `delay` seconds (showing the start value meanwhile), with
    /// the curve of `options`. `completion` runs once all of them have stopped, with `true`
    /// when every one finished (none was removed early); immediately after the commit when
    /// nothing was animated.
    ///
    /// - Parameters:
    ///   - duration: seconds; 0 or less makes the changes take effect at once.
    ///   - delay: seconds before the animations start; negative values count as 0.
    public static func animate(
        withDuration duration: CFTimeInterval, delay: CFTimeInterval = 0, options: AnimationOptions = [],
        animations: () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        let block = LayerAnimationBlock(duration: duration, delay: delay, options: options, spring: nil)
        block.run(animations, completion: completion)
    }

    /// The spring form of `animate(withDuration:delay:options:animations:completion:)`, like
    /// UIKit's `usingSpringWithDamping:initialSpringVelocity:`: each change becomes a
    /// `CASpringAnimation` whose perceptual duration is `duration` and whose bounce is
    /// `1 − dampingRatio` (ratio 1: no overshoot; smaller: more oscillation), lasting `duration`
    /// seconds.
    ///
    /// - Parameters:
    ///   - dampingRatio: 0 (undamped) to 1 (critically damped); clamped to that range.
    ///   - velocity: the initial speed in units of the whole change per second.
    public static func animate(
        withDuration duration: CFTimeInterval, delay: CFTimeInterval = 0,
        usingSpringWithDamping dampingRatio: CGFloat,
        initialSpringVelocity velocity: CGFloat, options: AnimationOptions = [], animations: () -> Void,
        completion: ((Bool) -> Void)? = nil
    ) {
        let ratio = dampingRatio.isFinite ? min(max(dampingRatio, 0), 1) : 1
        let block = LayerAnimationBlock(
            duration: duration, delay: delay, options: options,
            spring: (bounce: 1 - ratio, velocity: velocity.isFinite ? velocity : 0))
        block.run(animations, completion: completion)
    }
}

/// The settings of one `CALayer.animate(…)` call while its `animations` closure runs on this
/// thread; the implicit-action step asks it for the animation of each change.
final class LayerAnimationBlock: CAAnimationDelegate {
    let duration: Double
    let delay: Double
    let options: CALayer.AnimationOptions
    let spring: (bounce: CGFloat, velocity: CGFloat)?
    /// Whether every animation of the block finished without being removed.
    var allFinished = true

    init(
        duration: Double, delay: Double, options: CALayer.AnimationOptions,
        spring: (bounce: CGFloat, velocity: CGFloat)?
    ) {
        self.duration = duration.isFinite ? duration : 0
        self.delay = delay.isFinite ? max(delay, 0) : 0
        self.options = options
        self.spring = spring
    }

    private static let threadKey = "LaminaLayerAnimationBlock"

    /// The innermost block running on this thread.
    static var current: LayerAnimationBlock? {
        (Thread.current.threadDictionary[threadKey] as? [LayerAnimationBlock])?.last
    }

    func run(_ animations: () -> Void, completion: ((Bool) -> Void)?) {
        let dictionary = Thread.current.threadDictionary
        var stack = dictionary[Self.threadKey] as? [LayerAnimationBlock] ?? []
        stack.append(self)
        dictionary[Self.threadKey] = stack
        CATransaction.begin()
        if duration <= 0 { CATransaction.setDisableActions(true) }
        CATransaction.setAnimationDuration(duration)
        if let completion {
            CATransaction.setCompletionBlock { [self] in completion(allFinished) }
        }
        animations()
        stack.removeLast()
        dictionary[Self.threadKey] = stack
        CATransaction.commit()
    }

    /// The animation of a change of `keyPath` of `layer` inside the block.
    func makeAnimation(keyPath: String, for layer: CALayer) -> CAAnimation {
        let animation: CABasicAnimation
        if let spring {
            let motion = CASpringAnimation(perceptualDuration: duration, bounce: spring.bounce)
            motion.keyPath = keyPath
            motion.initialVelocity = spring.velocity
            motion.duration = duration
            animation = motion
        } else {
            animation = CABasicAnimation(keyPath: keyPath)
            animation.timingFunction = options.timingFunction
            animation.duration = duration
        }
        if delay > 0 {
            animation.beginTime = layer.convertTime(CACurrentMediaTime(), from: nil) + delay
            animation.fillMode = .backwards
        }
        if options.contains(.repeat) { animation.repeatCount = .infinity }
        animation.autoreverses = options.contains(.autoreverse)
        animation.delegate = self
        return animation
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        if !flag { allFinished = false }
    }
}
