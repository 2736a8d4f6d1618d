import QuartzCore

// UIKit's block-based view animation. Each change of an animatable property of a view's layer
// inside `animations` becomes an animation of the layer (the view, as the layer's delegate,
// answers its action): the model takes the new value at once, the presentation moves from the
// old value to it along the curve or spring.

extension UIView {
    /// Animates the changes made in `animations` over `duration` seconds after `delay` seconds,
    /// with `options`' curve (default ease in-out), repeat and autoreverse; then calls
    /// `completion` with `true` when every animation ran to its end, `false` when one was
    /// removed or replaced first. A duration of 0 (or less) applies the changes at once and
    /// calls `completion(true)` when the block returns.
    ///
    /// - Parameters:
    ///   - duration: seconds; a nested block uses the outer block's unless
    ///     `.overrideInheritedDuration`.
    ///   - delay: seconds before the animations start; the start values show meanwhile.
    public static func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, options: AnimationOptions = [],
        animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        ViewAnimationContext.nested(
            duration: duration, delay: delay, options: options, timing: .curve(options.timingFunction)
        ).run(animations, completion: completion)
    }

    /// `animate(withDuration:delay:options:animations:completion:)` with no delay and no options.
    public static func animate(
        withDuration duration: TimeInterval, animations: @escaping () -> Void,
        completion: ((Bool) -> Void)? = nil
    ) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: completion)
    }

    /// The spring form: each change moves like a spring with damping ratio `dampingRatio`
    /// (1: no overshoot; smaller: overshoot and oscillation; clamped to 0…1) that settles in
    /// `duration` seconds, starting at `velocity` (in whole changes per second: 1 covers the
    /// change in one second). The curve bits of `options` are ignored.
    public static func animate(
        withDuration duration: TimeInterval, delay: TimeInterval,
        usingSpringWithDamping dampingRatio: CGFloat,
        initialSpringVelocity velocity: CGFloat, options: AnimationOptions = [],
        animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        let ratio = dampingRatio.isFinite ? min(max(dampingRatio, 0), 1) : 1
        ViewAnimationContext.nested(
            duration: duration, delay: delay, options: options,
            timing: .damped(ratio: ratio, velocity: velocity.isFinite ? velocity : 0)
        ).run(animations, completion: completion)
    }

    /// iOS 17's spring form: each change moves like a spring of perceptual duration `duration`
    /// and `bounce` (0: none; up to 1: more; negative: overdamped), lasting until it settles
    /// (the spring's settling duration); `completion` runs then.
    public static func animate(
        springDuration duration: TimeInterval = 0.5, bounce: CGFloat = 0,
        initialSpringVelocity velocity: CGFloat = 0,
        delay: TimeInterval = 0, options: AnimationOptions = [], animations: @escaping () -> Void,
        completion: ((Bool) -> Void)? = nil
    ) {
        let safeBounce = bounce.isFinite ? min(max(bounce, -1), 1) : 0
        let context = ViewAnimationContext.nested(
            duration: duration, delay: delay, options: options.union(.overrideInheritedDuration),
            timing: .bounce(safeBounce, velocity: velocity.isFinite ? velocity : 0))
        context.run(animations, completion: completion)
    }

    /// Applies the changes of `actionsWithoutAnimation` at once, even inside an animation
    /// block.
    public static func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
        let context = ViewAnimationContext(
            duration: 0, delay: 0, options: [], timing: .curve(.init(name: .linear)), mode: .disabled)
        withoutActuallyEscaping(actionsWithoutAnimation) { body in context.run(body, completion: nil) }
    }

    /// Whether view animations are enabled on this thread. Default `true`; when `false`,
    /// animation blocks apply their changes at once (and still call their completions).
    public static var areAnimationsEnabled: Bool { ViewAnimationContext.animationsEnabled }

    /// Enables or disables view animations on this thread.
    public static func setAnimationsEnabled(_ enabled: Bool) {
        ViewAnimationContext.animationsEnabled = enabled
    }

    /// The duration of the innermost animation block running now; 0 outside blocks.
    public static var inheritedAnimationDuration: TimeInterval {
        guard let context = ViewAnimationContext.current, case .animate = context.mode else { return 0 }
        return context.duration
    }
}
