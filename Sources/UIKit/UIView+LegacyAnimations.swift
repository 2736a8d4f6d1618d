import QuartzCore

// The pre-block animation API: `beginAnimations` … `commitAnimations`, with the settings of
// the block made by `setAnimation…` calls anywhere between them. Each change gets a
// `CABasicAnimation` at once, as UIKit's views answer inside a block; the commit re-adds those
// still on their layers with the settings then in force (ruling U12).

extension UIView {
    /// The curves of the legacy API (UIKit's `UIView.AnimationCurve`).
    public enum AnimationCurve: Int, Sendable {
        /// Ease in and out (the default).
        case easeInOut = 0
        /// Ease in.
        case easeIn = 1
        /// Ease out.
        case easeOut = 2
        /// Linear.
        case linear = 3
    }

    /// The transitions of the legacy API (UIKit's `UIView.AnimationTransition`).
    public enum AnimationTransition: Int, Sendable {
        /// None.
        case none = 0
        /// Flip, left edge towards the viewer.
        case flipFromLeft = 1
        /// Flip, right edge towards the viewer.
        case flipFromRight = 2
        /// Curl up.
        case curlUp = 3
        /// Curl down.
        case curlDown = 4
    }

    /// Opens an animation block: changes to views until the matching `commitAnimations()` are
    /// animated with the block's settings (default 0.2 s, ease in-out, no delay). Blocks nest.
    public static func beginAnimations(_ animationID: String?, context: UnsafeMutableRawPointer?) {
        let block = LegacyAnimationBlock(animationID: animationID, context: context)
        LegacyAnimationBlock.stack.append(block)
        ViewAnimationContext.stack.append(block.recordingContext)
    }

    /// Closes the innermost animation block and starts its animations; does nothing without an
    /// open block.
    public static func commitAnimations() {
        guard let block = LegacyAnimationBlock.stack.popLast() else { return }
        ViewAnimationContext.stack.removeAll { $0 === block.recordingContext }
        block.commit()
    }

    /// The block's duration in seconds (default 0.2). Ignored outside a block.
    public static func setAnimationDuration(_ duration: TimeInterval) {
        LegacyAnimationBlock.stack.last?.duration = duration
    }

    /// The block's delay in seconds (default 0). Ignored outside a block.
    public static func setAnimationDelay(_ delay: TimeInterval) {
        LegacyAnimationBlock.stack.last?.delay = delay
    }

    /// Starts the block at `startDate` (a delay from now; a past date starts at once).
    public static func setAnimationStart(_ startDate: Date) {
        LegacyAnimationBlock.stack.last?.delay = max(startDate.timeIntervalSinceNow, 0)
    }

    /// The block's curve (default `.easeInOut`).
    public static func setAnimationCurve(_ curve: AnimationCurve) {
        LegacyAnimationBlock.stack.last?.curve = curve
    }

    /// How many times the animations repeat (fractions allowed; default 0: once).
    public static func setAnimationRepeatCount(_ repeatCount: Float) {
        LegacyAnimationBlock.stack.last?.repeatCount = repeatCount
    }

    /// Whether each repetition plays backwards after forwards (default `false`).
    public static func setAnimationRepeatAutoreverses(_ repeatAutoreverses: Bool) {
        LegacyAnimationBlock.stack.last?.autoreverses = repeatAutoreverses
    }

    /// Whether the animations start from what is on screen (default `false`).
    public static func setAnimationBeginsFromCurrentState(_ fromCurrentState: Bool) {
        LegacyAnimationBlock.stack.last?.beginsFromCurrentState = fromCurrentState
    }

    /// Adds `transition` on `view` to the block, with its duration and curve. `cache` is
    /// ignored (the transition always shows the committed rendering).
    public static func setAnimationTransition(
        _ transition: AnimationTransition, for view: UIView, cache: Bool
    ) {
        LegacyAnimationBlock.stack.last?.transition = (transition, view)
    }

    /// The closure form of `setAnimationDelegate(_:)` with `setAnimationWillStart(_:)`: called
    /// with the block's ID and context when the block commits (Lamina extension; selectors
    /// need the Objective-C runtime).
    public static func setAnimationWillStart(_ handler: ((String?, UnsafeMutableRawPointer?) -> Void)?) {
        LegacyAnimationBlock.stack.last?.willStart = handler
    }

    /// The closure form of `setAnimationDidStop(_:)`: called with the block's ID, whether
    /// every animation finished, and the context, once they have all stopped.
    public static func setAnimationDidStop(_ handler: ((String?, Bool, UnsafeMutableRawPointer?) -> Void)?) {
        LegacyAnimationBlock.stack.last?.didStop = handler
    }
}

/// One open `beginAnimations` block.
final class LegacyAnimationBlock {
    let animationID: String?
    let context: UnsafeMutableRawPointer?
    let recorder = ChangeRecorder()
    let recordingContext: ViewAnimationContext
    var duration: TimeInterval = UIView.defaultAnimationDuration
    var delay: TimeInterval = 0
    var curve = UIView.AnimationCurve.easeInOut
    var repeatCount: Float = 0
    var autoreverses = false
    var beginsFromCurrentState = false
    var transition: (UIView.AnimationTransition, UIView)?
    var willStart: ((String?, UnsafeMutableRawPointer?) -> Void)?
    var didStop: ((String?, Bool, UnsafeMutableRawPointer?) -> Void)?

    init(animationID: String?, context: UnsafeMutableRawPointer?) {
        self.animationID = animationID
        self.context = context
        recordingContext = ViewAnimationContext(
            duration: UIView.defaultAnimationDuration, delay: 0, options: [],
            timing: .curve(CAMediaTimingFunction(name: .easeInEaseOut)),
            mode: UIView.areAnimationsEnabled ? .stage(recorder) : .disabled)
    }

    private static let threadKey = "LaminaLegacyAnimationBlocks"

    static var stack: [LegacyAnimationBlock] {
        get { Thread.current.threadDictionary[threadKey] as? [LegacyAnimationBlock] ?? [] }
        set { Thread.current.threadDictionary[threadKey] = newValue }
    }

    /// Adds the recorded changes' animations (and the transition) with the settings now in
    /// force.
    func commit() {
        var options = UIView.AnimationOptions(rawValue: UInt(curve.rawValue) << 16)
        if autoreverses { options.insert(.autoreverse) }
        let animating = ViewAnimationContext(
            duration: duration, delay: delay, options: options, timing: .curve(options.timingFunction),
            mode: duration > 0 ? .animate : .disabled, repeatCount: repeatCount)
        CATransaction.begin()
        let (id, context, didStop) = (animationID, self.context, self.didStop)
        CATransaction.setCompletionBlock { didStop?(id, animating.allFinished, context) }
        willStart?(animationID, context)
        let changes = stagedChanges()
        if case .animate = animating.mode {
            for record in changes {
                let from = beginsFromCurrentState ? record.presented : record.before
                let animation = animating.makeAnimation(
                    keyPath: record.key, from: from, for: record.view.layer)
                animation.delegate = ViewAnimationTracker(view: record.view, context: animating)
                record.view.layer.add(animation, forKey: record.key)
            }
            if let (kind, view) = transition, kind != .none {
                let bits: [UIView.AnimationTransition: UIView.AnimationOptions] = [
                    .flipFromLeft: .transitionFlipFromLeft, .flipFromRight: .transitionFlipFromRight,
                    .curlUp: .transitionCurlUp, .curlDown: .transitionCurlDown,
                ]
                if let selected = bits[kind]?.transition {
                    let effect = CATransition()
                    effect.type = selected.type
                    effect.subtype = selected.subtype
                    effect.duration = duration
                    effect.timingFunction = options.timingFunction
                    effect.delegate = ViewAnimationTracker(view: view, context: animating)
                    view.layer.add(effect, forKey: kCATransition)
                }
            }
        }
        CATransaction.commit()
    }

    /// The block's changes whose staged animation is still on the layer (the action ran and
    /// nothing replaced it), one per view and key: the latest change's, with the value before
    /// the first change of that key as its start. They are taken off their layers, so a block
    /// that ends up without animation (duration 0) leaves none behind.
    private func stagedChanges() -> [ChangeRecord] {
        struct Change: Hashable {
            let view: ObjectIdentifier
            let key: String
        }
        var result: [ChangeRecord] = []
        var indices: [Change: Int] = [:]
        for record in recorder.records {
            let change = Change(view: ObjectIdentifier(record.view), key: record.key)
            if let index = indices[change] {
                result[index] = ChangeRecord(
                    view: record.view, key: record.key, before: result[index].before,
                    presented: result[index].presented, after: nil, staged: record.staged)
            } else {
                indices[change] = result.count
                result.append(record)
            }
        }
        return result.filter { record in
            let layer = record.view.layer
            guard let staged = record.staged, staged.tags(layer.animation(forKey: record.key)) else {
                return false
            }
            layer.removeAnimation(forKey: record.key)
            return true
        }
    }
}
