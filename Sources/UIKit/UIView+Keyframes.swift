import QuartzCore

extension UIView {
    /// Options of keyframe animations (UIKit's `UIView.KeyframeAnimationOptions`), with UIKit's
    /// bit values. `UIView.AnimationOptions`' curve bits may be added through `rawValue`; the
    /// curve paces the whole animation (default ease in-out, ruling U8).
    public struct KeyframeAnimationOptions: OptionSet, Hashable, Sendable {
        /// The bit mask.
        public var rawValue: UInt
        /// Wraps a bit mask.
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// As `AnimationOptions.layoutSubviews`.
        public static let layoutSubviews = KeyframeAnimationOptions(rawValue: 1 << 0)
        /// As `AnimationOptions.allowUserInteraction`.
        public static let allowUserInteraction = KeyframeAnimationOptions(rawValue: 1 << 1)
        /// As `AnimationOptions.beginFromCurrentState`.
        public static let beginFromCurrentState = KeyframeAnimationOptions(rawValue: 1 << 2)
        /// Repeats forever.
        public static let `repeat` = KeyframeAnimationOptions(rawValue: 1 << 3)
        /// Runs backwards after each forward run.
        public static let autoreverse = KeyframeAnimationOptions(rawValue: 1 << 4)
        /// As `AnimationOptions.overrideInheritedDuration`.
        public static let overrideInheritedDuration = KeyframeAnimationOptions(rawValue: 1 << 5)
        /// As `AnimationOptions.overrideInheritedOptions`.
        public static let overrideInheritedOptions = KeyframeAnimationOptions(rawValue: 1 << 9)
        /// Linear interpolation between keyframes (the default).
        public static let calculationModeLinear = KeyframeAnimationOptions(rawValue: 0 << 10)
        /// Each keyframe's value held until the next.
        public static let calculationModeDiscrete = KeyframeAnimationOptions(rawValue: 1 << 10)
        /// Even pacing, ignoring the keyframes' times.
        public static let calculationModePaced = KeyframeAnimationOptions(rawValue: 2 << 10)
        /// A smooth (Catmull-Rom) curve through the keyframes.
        public static let calculationModeCubic = KeyframeAnimationOptions(rawValue: 3 << 10)
        /// A smooth curve, evenly paced.
        public static let calculationModeCubicPaced = KeyframeAnimationOptions(rawValue: 4 << 10)

        /// The calculation mode the bits select.
        var calculationMode: CAAnimationCalculationMode {
            switch (rawValue >> 10) & 0x7 {
            case 1: return .discrete
            case 2: return .paced
            case 3: return .cubic
            case 4: return .cubicPaced
            default: return .linear
            }
        }
    }

    /// Animates the keyframes that `animations` adds with `addKeyframe(…)` over `duration`
    /// seconds after `delay`: each property changed in the keyframes gets one
    /// `CAKeyframeAnimation` (key: the property's key path) that holds each value until its
    /// keyframe starts and reaches the keyframe's value at its end. Changes made outside any
    /// keyframe span the whole duration. `completion` runs with whether every animation ran to
    /// its end.
    public static func animateKeyframes(
        withDuration duration: TimeInterval, delay: TimeInterval, options: KeyframeAnimationOptions = [],
        animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        let viewOptions = AnimationOptions(rawValue: options.rawValue)
        let collector = KeyframeCollector()
        let whole = ChangeRecorder()
        collector.frames.append((0, 1, whole))
        let recording = ViewAnimationContext.nested(
            duration: duration, delay: delay, options: viewOptions,
            timing: .curve(viewOptions.timingFunction),
            mode: .record(whole))
        let animating = ViewAnimationContext(
            duration: recording.duration, delay: recording.delay, options: recording.options,
            timing: recording.timing,
            mode: recording.mode.isDisabled || !(recording.duration > 0) ? .disabled : .animate)
        CATransaction.begin()
        if let completion {
            CATransaction.setCompletionBlock { completion(animating.allFinished) }
        }
        KeyframeCollector.stack.append(collector)
        recording.run(animations, completion: nil)
        KeyframeCollector.stack.removeLast()
        if case .animate = animating.mode {
            collector.addAnimations(context: animating, calculationMode: options.calculationMode)
        }
        CATransaction.commit()
    }

    /// Adds a keyframe inside `animateKeyframes(…)`: the changes of `animations` happen between
    /// `frameStartTime` and `frameStartTime + frameDuration`, fractions (0…1) of the whole
    /// duration. Outside `animateKeyframes` the changes apply as they would without it.
    public static func addKeyframe(
        withRelativeStartTime frameStartTime: Double, relativeDuration frameDuration: Double,
        animations: @escaping () -> Void
    ) {
        guard let collector = KeyframeCollector.stack.last, let outer = ViewAnimationContext.current else {
            animations()
            return
        }
        let start = frameStartTime.isFinite ? min(max(frameStartTime, 0), 1) : 0
        let length = frameDuration.isFinite ? min(max(frameDuration, 0), 1 - start) : 0
        let recorder = ChangeRecorder()
        collector.frames.append((start, length, recorder))
        let context = ViewAnimationContext(
            duration: outer.duration, delay: outer.delay, options: outer.options, timing: outer.timing,
            mode: outer.mode.isDisabled ? .disabled : .record(recorder))
        context.run(animations, completion: nil)
    }
}

extension ViewAnimationContext.Mode {
    /// Whether changes apply without animation.
    var isDisabled: Bool {
        if case .disabled = self { return true }
        return false
    }
}

/// The keyframes of one `animateKeyframes` call.
final class KeyframeCollector {
    /// Each keyframe's relative start and duration and its changes, in the order added.
    var frames: [(start: Double, duration: Double, recorder: ChangeRecorder)] = []

    private static let threadKey = "LaminaKeyframeCollectors"

    static var stack: [KeyframeCollector] {
        get { Thread.current.threadDictionary[threadKey] as? [KeyframeCollector] ?? [] }
        set { Thread.current.threadDictionary[threadKey] = newValue }
    }

    /// One keyframe animation per changed property.
    func addAnimations(context: ViewAnimationContext, calculationMode: CAAnimationCalculationMode) {
        var order: [(UIView, String)] = []
        var segments: [String: [(start: Double, end: Double, record: ChangeRecord)]] = [:]
        for frame in frames {
            for record in frame.recorder.records {
                let id = "\(ObjectIdentifier(record.view).hashValue)/\(record.key)"
                if segments[id] == nil { order.append((record.view, record.key)) }
                segments[id, default: []].append((frame.start, frame.start + frame.duration, record))
            }
        }
        let fromScreen = context.options.contains(.beginFromCurrentState)
        for (view, key) in order {
            let id = "\(ObjectIdentifier(view).hashValue)/\(key)"
            let list = (segments[id] ?? []).sorted { $0.start < $1.start }
            guard let first = list.first else { continue }
            var values: [Any] = [(fromScreen ? first.record.presented : first.record.before) as Any]
            var times: [Double] = [0]
            for segment in list {
                let current = values[values.count - 1]
                if segment.start > times[times.count - 1] {
                    values.append(current)
                    times.append(segment.start)
                }
                values.append(segment.record.after as Any)
                times.append(max(segment.end, times[times.count - 1]))
            }
            if times[times.count - 1] < 1 {
                values.append(values[values.count - 1])
                times.append(1)
            }
            let animation = CAKeyframeAnimation(keyPath: key)
            animation.values = values
            animation.keyTimes = times.map { NSNumber(value: $0) }
            animation.calculationMode = calculationMode
            animation.duration = context.duration
            if case .curve(let function) = context.timing { animation.timingFunction = function }
            if context.delay > 0 {
                animation.beginTime = view.layer.convertTime(CACurrentMediaTime(), from: nil) + context.delay
                animation.fillMode = .backwards
            }
            if context.options.contains(.repeat) { animation.repeatCount = .infinity }
            animation.autoreverses = context.options.contains(.autoreverse)
            animation.delegate = ViewAnimationTracker(view: view, context: context)
            view.layer.add(animation, forKey: key)
        }
    }
}
