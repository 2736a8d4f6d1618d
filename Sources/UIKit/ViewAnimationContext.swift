import QuartzCore

/// One view animation block's settings while its closure runs on this thread (UIKit keeps the
/// same per-thread state). The view's `action(for:forKey:)` asks the innermost one for the
/// animation of each change of its layer.
final class ViewAnimationContext {
    /// How a block turns changes into animations.
    enum Timing {
        /// A cubic timing curve.
        case curve(CAMediaTimingFunction)
        /// UIKit's `usingSpringWithDamping:initialSpringVelocity:`: a spring settling in the
        /// block's duration.
        case damped(ratio: CGFloat, velocity: CGFloat)
        /// iOS 17's `springDuration:bounce:`: a spring of that perceptual duration and bounce.
        case bounce(CGFloat, velocity: CGFloat)
    }

    /// What a change inside the block becomes.
    enum Mode {
        /// An animation added at once (`animate(…)`).
        case animate
        /// No animation (`performWithoutAnimation`, animations disabled, duration 0).
        case disabled
        /// Recorded for later: keyframes and property animators.
        case record(ChangeRecorder)
        /// `beginAnimations`: each change gets a real `CABasicAnimation` with the block's
        /// settings so far, added to the layer as usual and recorded; the block's commit replaces
        /// those still on their layers with the settings then in force (ruling U12).
        case stage(ChangeRecorder)
    }

    let duration: Double
    let delay: Double
    let options: UIView.AnimationOptions
    let timing: Timing
    let mode: Mode
    /// Repeat count of `beginAnimations` (`setAnimationRepeatCount`); `.repeat` is infinite.
    let repeatCount: Float
    /// Whether every animation of the block finished without being removed early.
    var allFinished = true
    /// Views whose layers changed inside the block (for `.layoutSubviews`).
    var changedViews: [UIView] = []

    init(
        duration: Double, delay: Double, options: UIView.AnimationOptions, timing: Timing, mode: Mode,
        repeatCount: Float = 0
    ) {
        self.duration = duration.isFinite ? max(duration, 0) : 0
        self.delay = delay.isFinite ? max(delay, 0) : 0
        self.options = options
        self.timing = timing
        self.mode = mode
        self.repeatCount = repeatCount
    }

    // MARK: - The thread's stack

    private static let threadKey = "LaminaViewAnimationContexts"
    private static let enabledKey = "LaminaViewAnimationsDisabled"

    static var stack: [ViewAnimationContext] {
        get { Thread.current.threadDictionary[threadKey] as? [ViewAnimationContext] ?? [] }
        set { Thread.current.threadDictionary[threadKey] = newValue }
    }

    /// The innermost block on this thread.
    static var current: ViewAnimationContext? { stack.last }

    /// `UIView.areAnimationsEnabled` for this thread.
    static var animationsEnabled: Bool {
        get { Thread.current.threadDictionary[enabledKey] as? Bool != true }
        set { Thread.current.threadDictionary[enabledKey] = !newValue }
    }

    /// The settings of a new block nested in the current one: it inherits the outer block's
    /// duration, curve and options unless its options override them (ruling U7); inside a disabled
    /// block, or with animations disabled, it is disabled too.
    static func nested(
        duration: Double, delay: Double, options: UIView.AnimationOptions, timing: Timing,
        mode: Mode = .animate
    ) -> ViewAnimationContext {
        var effectiveMode = mode
        var effectiveDuration = duration
        var effectiveTiming = timing
        var effectiveOptions = options
        if let outer = current {
            if case .disabled = outer.mode { effectiveMode = .disabled }
            if case .animate = outer.mode {
                if !options.contains(.overrideInheritedDuration) { effectiveDuration = outer.duration }
                if !options.contains(.overrideInheritedCurve) { effectiveTiming = outer.timing }
                if !options.contains(.overrideInheritedOptions) {
                    effectiveOptions.formUnion(
                        outer.options.intersection([
                            .repeat, .autoreverse, .beginFromCurrentState, .allowUserInteraction,
                            .layoutSubviews,
                        ]))
                }
            }
        }
        if !animationsEnabled { effectiveMode = .disabled }
        if case .animate = effectiveMode, !(effectiveDuration > 0) { effectiveMode = .disabled }
        return ViewAnimationContext(
            duration: effectiveDuration, delay: delay, options: effectiveOptions, timing: effectiveTiming,
            mode: effectiveMode)
    }

    /// Runs `body` with this block innermost on the thread, inside a transaction whose
    /// completion block calls `completion` with whether every animation finished. With
    /// `.layoutSubviews`, the changed views are laid out before the block closes, so their
    /// subviews animate with them.
    func run(_ body: () -> Void, completion: ((Bool) -> Void)?) {
        CATransaction.begin()
        if case .disabled = mode { CATransaction.setDisableActions(true) }
        if let completion {
            CATransaction.setCompletionBlock { [self] in completion(allFinished) }
        }
        Self.stack.append(self)
        UncommittedLayerActions.open {
            body()
            if options.contains(.layoutSubviews) {
                for view in changedViews { view.layoutIfNeeded() }
            }
        }
        Self.stack.removeLast()
        CATransaction.commit()
    }

    // MARK: - Actions

    /// The layer keys that view animation blocks animate (ruling U5), as `CALayerProperty.table`
    /// declares them.
    static let animatableKeys: Set<String> = Set(
        CALayerProperty.table.values.filter(\.animatesInViewBlocks).map(\.key))

    /// The view's answer for its layer's `event`: `NSNull` outside blocks, for keys views do
    /// not animate and in disabled blocks; otherwise the block's animation (staged in
    /// `beginAnimations` blocks), or a recording action in recording blocks.
    static func action(for view: UIView, forKey event: String) -> any CAAction {
        guard let context = current, animatableKeys.contains(event) else { return NSNull() }
        let layer = view.layer
        if !context.changedViews.contains(where: { $0 === view }) { context.changedViews.append(view) }
        let model = layer.value(forKeyPath: event)
        // The value on screen (read only where a branch needs it: it builds a presentation copy).
        func presented() -> Any? { layer.presentation()?.value(forKeyPath: event) ?? model }
        switch context.mode {
        case .disabled:
            return NSNull()
        case .record(let recorder):
            let presented = presented()
            return RecordingAction { layer, key in
                recorder.record(
                    ChangeRecord(
                        view: view, key: key, before: model, presented: presented,
                        after: layer.value(forKeyPath: key)))
            }
        case .stage(let recorder):
            let staged = StagedChange()
            let animation = context.makeAnimation(keyPath: event, from: model, for: layer)
            animation.setValue(staged, forKey: StagedChange.key)
            recorder.record(
                ChangeRecord(
                    view: view, key: event, before: model, presented: presented(), after: nil, staged: staged)
            )
            return animation
        case .animate:
            let before = context.options.contains(.beginFromCurrentState) ? presented() : model
            let animation = context.makeAnimation(keyPath: event, from: before, for: layer)
            animation.delegate = ViewAnimationTracker(view: view, context: context)
            return animation
        }
    }

    /// A property animation from `from` to the model value (its `toValue` left `nil`), with the
    /// block's duration, curve or spring, delay, repeat and autoreverse.
    func makeAnimation(keyPath: String, from: Any?, for layer: CALayer) -> CABasicAnimation {
        let animation: CABasicAnimation
        switch timing {
        case .curve(let function):
            animation = CABasicAnimation(keyPath: keyPath)
            animation.timingFunction = function
            animation.duration = duration
        case .damped(let ratio, let velocity):
            let spring = CASpringAnimation(perceptualDuration: duration, bounce: 1 - ratio)
            spring.keyPath = keyPath
            spring.initialVelocity = velocity
            spring.duration = duration
            animation = spring
        case .bounce(let bounce, let velocity):
            let spring = CASpringAnimation(perceptualDuration: duration, bounce: bounce)
            spring.keyPath = keyPath
            spring.initialVelocity = velocity
            spring.duration = spring.settlingDuration
            animation = spring
        }
        animation.fromValue = from
        if delay > 0 {
            animation.beginTime = layer.convertTime(CACurrentMediaTime(), from: nil) + delay
            animation.fillMode = .backwards
        }
        if options.contains(.repeat) {
            animation.repeatCount = .infinity
        } else if repeatCount > 0 {
            animation.repeatCount = repeatCount
        }
        animation.autoreverses = options.contains(.autoreverse)
        return animation
    }
}

/// Watches one animation of a block: whether it finished, and (without
/// `.allowUserInteraction`) keeps its view out of hit testing while it runs.
final class ViewAnimationTracker: CAAnimationDelegate {
    weak var view: UIView?
    let context: ViewAnimationContext
    private var blocking = false

    init(view: UIView?, context: ViewAnimationContext) {
        self.view = view
        self.context = context
    }

    func animationDidStart(_ anim: CAAnimation) {
        guard !context.options.contains(.allowUserInteraction), let view, !blocking else { return }
        blocking = true
        view.interactionBlockingAnimations += 1
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        if !flag { context.allFinished = false }
        if blocking, let view {
            blocking = false
            view.interactionBlockingAnimations -= 1
        }
    }
}

/// One change of a view's layer property inside a recording block.
struct ChangeRecord {
    let view: UIView
    let key: String
    /// The model value before the change.
    let before: Any?
    /// The value on screen before the change.
    let presented: Any?
    /// The model value after the change (`nil` when staged: the model holds it).
    let after: Any?
    /// The tag of the animation handed out for a staged change (`beginAnimations`).
    var staged: StagedChange? = nil
}

/// The tag of an animation a `beginAnimations` block handed out, stored on it under
/// ``key`` (animations keep arbitrary keys when copied), so the block's commit knows whether the
/// change happened: the layer holds the animation only if the action ran.
final class StagedChange {
    static let key = "LaminaStagedViewAnimation"

    /// Whether `animation` is the one handed out with this tag (or its copy).
    func tags(_ animation: CAAnimation?) -> Bool {
        (animation?.value(forKey: Self.key) as? StagedChange) === self
    }
}

/// Collects the changes of a recording block.
final class ChangeRecorder {
    var records: [ChangeRecord] = []

    func record(_ change: ChangeRecord) { records.append(change) }
}

/// The action of a recording block: reports the change after it happened.
final class RecordingAction: CAAction {
    let body: (CALayer, String) -> Void

    init(_ body: @escaping (CALayer, String) -> Void) {
        self.body = body
    }

    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        if let layer = anObject as? CALayer { body(layer, event) }
    }
}
