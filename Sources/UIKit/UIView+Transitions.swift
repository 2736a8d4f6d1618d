import QuartzCore

// View transitions: a `CATransition` on a layer shows its previous rendering giving way to the
// new one (UIKit's `transition(with:…)` and `transition(from:to:…)`).

extension UIView {
    /// Applies the changes of `animations` to `view` and its subviews at once, shown by the
    /// transition that `options` selects (flip, curl or cross-dissolve) over `duration`
    /// seconds with `options`' curve; then calls `completion` with whether it ran to its end.
    /// Without a transition option the changes apply at once and `completion(true)` runs when
    /// this returns. Flips and curls are drawn as Lamina's renderer draws those
    /// `CATransition` types (ruling U10).
    public static func transition(
        with view: UIView, duration: TimeInterval, options: AnimationOptions = [],
        animations: (() -> Void)?, completion: ((Bool) -> Void)? = nil
    ) {
        runTransition(
            on: view.layer, duration: duration, options: options, changes: animations ?? {},
            completion: completion)
    }

    /// Replaces `fromView` with `toView` in `fromView`'s superview (`toView` takes its place in
    /// the subviews' order), shown by the transition that `options` selects on the superview's
    /// layer. With `.showHideTransitionViews` it hides `fromView` and shows `toView` instead
    /// of removing and adding. Without a superview nothing changes and `completion(false)`
    /// runs.
    public static func transition(
        from fromView: UIView, to toView: UIView, duration: TimeInterval, options: AnimationOptions = [],
        completion: ((Bool) -> Void)? = nil
    ) {
        guard let container = fromView.superview else {
            completion?(false)
            return
        }
        runTransition(
            on: container.layer, duration: duration, options: options,
            changes: {
                if options.contains(.showHideTransitionViews) {
                    fromView.isHidden = true
                    toView.isHidden = false
                } else {
                    if toView.superview !== container {
                        container.insertSubview(toView, aboveSubview: fromView)
                    }
                    fromView.removeFromSuperview()
                }
            }, completion: completion)
    }

    /// Adds the transition of `options` to `layer` and applies `changes` without animation in
    /// the same transaction.
    static func runTransition(
        on layer: CALayer, duration: TimeInterval, options: AnimationOptions, changes: () -> Void,
        completion: ((Bool) -> Void)?
    ) {
        let context = ViewAnimationContext(
            duration: duration, delay: 0, options: options, timing: .curve(options.timingFunction),
            mode: .disabled)
        CATransaction.begin()
        if let completion {
            CATransaction.setCompletionBlock { completion(context.allFinished) }
        }
        if let kind = options.transition, context.duration > 0, areAnimationsEnabled {
            let transition = CATransition()
            transition.type = kind.type
            transition.subtype = kind.subtype
            transition.duration = context.duration
            transition.timingFunction = options.timingFunction
            transition.delegate = ViewAnimationTracker(view: nil, context: context)
            layer.add(transition, forKey: kCATransition)
        }
        withoutActuallyEscaping(changes) { body in context.run(body, completion: nil) }
        CATransaction.commit()
    }
}
