import CoreGraphics

/// A single-keyframe animation of a property (Apple's `CABasicAnimation`), interpolating between
/// `fromValue`, `toValue` and `byValue` as CA-SEMANTICS.md §3.1 and ruling R2 describe:
///
/// | from | to | by | interpolates |
/// |---|---|---|---|
/// | ✓ | ✓ | – | from → to |
/// | ✓ | – | ✓ | from → from + by |
/// | – | ✓ | ✓ | to − by → to |
/// | ✓ | – | – | from → the model value (read live) |
/// | – | ✓ | – | the model value (read live) → to |
/// | – | – | ✓ | the model value → model + by (read live) |
/// | – | – | – | the presentation value when added → the model value (the implicit case) |
/// | ✓ | ✓ | ✓ | from → to (`byValue` ignored; Apple leaves it undefined) |
///
/// Values may be given in any boxing key-value coding accepts (`Double`, `CGFloat`, `NSNumber`,
/// `CGPoint`, `NSValue`, `CGColor`, `CATransform3D`, `CGPath`, arrays of numbers).
open class CABasicAnimation: CAPropertyAnimation {
    var storedFromValue: Any?
    var storedToValue: Any?
    var storedByValue: Any?
    /// The unboxed values, set by `prepare(for:)`.
    var preparedFrom: AnimatableValue?
    var preparedTo: AnimatableValue?
    var preparedBy: AnimatableValue?
    /// The presentation value captured when the animation was added (all-nil case).
    var capturedStart: AnimatableValue?

    /// The value the animation starts from. Default `nil`.
    open var fromValue: Any? {
        get { storedFromValue }
        set { if allowsMutation("fromValue") { storedFromValue = newValue } }
    }

    /// The value the animation ends at. Default `nil`.
    open var toValue: Any? {
        get { storedToValue }
        set { if allowsMutation("toValue") { storedToValue = newValue } }
    }

    /// The value the animation adds to its start value. Default `nil`.
    open var byValue: Any? {
        get { storedByValue }
        set { if allowsMutation("byValue") { storedByValue = newValue } }
    }

    /// Reads `fromValue`, `toValue` and `byValue`, then the inherited keys.
    open override func value(forKey key: String) -> Any? {
        switch key {
        case "fromValue": return fromValue
        case "toValue": return toValue
        case "byValue": return byValue
        default: return super.value(forKey: key)
        }
    }

    /// Sets `fromValue`, `toValue` and `byValue`, then the inherited keys.
    open override func setValue(_ value: Any?, forKey key: String) {
        let value: Any? = value is NSNull ? nil : value
        switch key {
        case "fromValue": fromValue = value
        case "toValue": toValue = value
        case "byValue": byValue = value
        default: super.setValue(value, forKey: key)
        }
    }

    override func copyProperties(to copy: CAAnimation) {
        super.copyProperties(to: copy)
        guard let copy = copy as? CABasicAnimation else { return }
        copy.storedFromValue = storedFromValue
        copy.storedToValue = storedToValue
        copy.storedByValue = storedByValue
        copy.capturedStart = capturedStart
    }

    override func prepare(for layer: CALayer) {
        preparedFrom = storedFromValue.map { AnimatableValue($0) }
        preparedTo = storedToValue.map { AnimatableValue($0) }
        preparedBy = storedByValue.map { AnimatableValue($0) }
    }

    /// The start and end values of one cycle given the live model value (R2).
    func endpoints(model: AnimatableValue) -> (from: AnimatableValue, to: AnimatableValue) {
        switch (preparedFrom, preparedTo, preparedBy) {
        case (let from?, let to?, _): return (from, to)
        case (let from?, nil, let by?): return (from, from.adding(by))
        case (nil, let to?, let by?): return (to.subtracting(by), to)
        case (let from?, nil, nil): return (from, model)
        case (nil, let to?, nil): return (model, to)
        case (nil, nil, let by?): return (model, model.adding(by))
        case (nil, nil, nil): return (capturedStart ?? model, model)
        }
    }

    /// The interpolation fraction at basic time `t` of a cycle of `duration` seconds: the timing
    /// function applied to `t / duration`. `CASpringAnimation` replaces it with spring motion.
    func fraction(atBasicTime t: Double, duration: Double) -> Double {
        let linear = duration > 0 ? min(max(t / duration, 0), 1) : 1
        return storedTimingFunction?.solve(linear) ?? linear
    }

    override func apply(
        sample: MediaTimingSample, timing: MediaTiming, to presentation: CALayer, model: CALayer
    ) {
        guard let keyPath = storedKeyPath else { return }
        let template = presentation.value(forKeyPath: keyPath)
        let current = AnimatableValue(template)
        let modelValue = AnimatableValue(model.value(forKeyPath: keyPath))
        let (from, to) = endpoints(model: modelValue)
        var value = from.interpolated(
            to: to, fraction: fraction(atBasicTime: sample.basicTime, duration: timing.duration))
        if storedCumulative, sample.iteration > 0 {
            // R3: the value at the end of the previous cycles plus the current cycle's value.
            value = to.scaled(by: Double(sample.iteration)).adding(value)
        }
        write(value, to: presentation, current: current, template: template)
    }
}
