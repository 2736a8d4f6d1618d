import CoreGraphics

/// An animation of one layer property named by a key path (Apple's `CAPropertyAnimation`).
open class CAPropertyAnimation: CAAnimation {
    var storedKeyPath: String?
    var storedAdditive = false
    var storedCumulative = false
    var storedValueFunction: CAValueFunction?
    /// How the key path is read and written, resolved by `prepare(for:)`.
    var access = PropertyKeyPath.Resolved.keyValueCoding("")

    /// Creates an animation of the property at `path` (any key path of `CALayer`, including
    /// virtual ones such as `"transform.rotation.z"` and `@LayerProperty` properties).
    public convenience init(keyPath path: String?) {
        self.init()
        storedKeyPath = path
    }

    /// The key path animated. An animation whose key path names nothing has no effect. Default
    /// `nil`.
    open var keyPath: String? {
        get { storedKeyPath }
        set { if allowsMutation("keyPath") { storedKeyPath = newValue } }
    }

    /// Whether the animated value is added to the value below it (the model value, or what
    /// earlier animations produced) instead of replacing it; the addition is type-dependent
    /// (numbers add, transforms concatenate). Default `false`.
    open var isAdditive: Bool {
        get { storedAdditive }
        set { if allowsMutation("additive") { storedAdditive = newValue } }
    }

    /// Whether each repeat cycle starts from where the previous one ended: the value is the
    /// value at the end of the previous cycle plus the value of the current cycle (ruling R3).
    /// Default `false`.
    open var isCumulative: Bool {
        get { storedCumulative }
        set { if allowsMutation("cumulative") { storedCumulative = newValue } }
    }

    /// A function applied to the interpolated value before it is set, turning numbers into a
    /// transform (`rotateZ`, `scale`, …). Default `nil`.
    open var valueFunction: CAValueFunction? {
        get { storedValueFunction }
        set { if allowsMutation("valueFunction") { storedValueFunction = newValue } }
    }

    /// Reads `keyPath`, `additive`, `cumulative` and `valueFunction`, then the inherited keys.
    open override func value(forKey key: String) -> Any? {
        switch key {
        case "keyPath": return keyPath
        case "additive": return isAdditive
        case "cumulative": return isCumulative
        case "valueFunction": return valueFunction
        default: return super.value(forKey: key)
        }
    }

    /// Sets `keyPath`, `additive`, `cumulative` and `valueFunction`, then the inherited keys.
    open override func setValue(_ value: Any?, forKey key: String) {
        switch key {
        case "keyPath": keyPath = value as? String
        case "additive": if let v = ValueCoercion.bool(value) { isAdditive = v }
        case "cumulative": if let v = ValueCoercion.bool(value) { isCumulative = v }
        case "valueFunction": valueFunction = value as? CAValueFunction
        default: super.setValue(value, forKey: key)
        }
    }

    override func copyProperties(to copy: CAAnimation) {
        super.copyProperties(to: copy)
        guard let copy = copy as? CAPropertyAnimation else { return }
        copy.storedKeyPath = storedKeyPath
        copy.storedAdditive = storedAdditive
        copy.storedCumulative = storedCumulative
        copy.storedValueFunction = storedValueFunction
    }

    override func prepare(for layer: CALayer) {
        access = PropertyKeyPath.Resolved(keyPath: storedKeyPath)
        let key = storedKeyPath?.split(separator: ".", maxSplits: 1).first.map(String.init) ?? ""
        changesOnlyPlacement = CALayerProperty.table[key]?.changesOnlyPlacement ?? false
        animatedKind = Self.animatedKind(of: storedKeyPath, access: access, on: layer)
        if case .field(let field) = access, field.laneKind != nil, storedValueFunction == nil {
            laneField = field
        }
    }

    /// What the key path holds, found by `prepare(for:)` (CAPropertyAnimation+AnimatedKind.swift).
    var animatedKind = AnimatedKind.other

    /// Shows a crossfade of `contents` from `from` to `to` at `fraction` (images interpolate by
    /// weight): the presentation's contents is `to`, with `from` fading out under it.
    func writeContentsCrossfade(
        from: AnimatableValue, to: AnimatableValue, fraction: Double, into state: inout LayerState
    ) {
        let weight = fraction.isFinite ? min(max(fraction, 0), 1) : 1
        state.contents = to.boxed(like: nil)
        state.contentsCrossfade = ContentsCrossfade(previous: from.boxed(like: nil), weight: weight)
    }

    /// Whether the animation crossfades `contents` instead of interpolating a value.
    var crossfadesContents: Bool {
        storedKeyPath == CALayerProperty.contentsKey && storedValueFunction == nil && !storedAdditive
    }

    /// Whether the animation can change a value, so that it needs a record
    /// (`ResolvedAnimations`): a key path naming something, on a concrete kind (basic, spring,
    /// keyframe). A bare `CAPropertyAnimation` changes nothing.
    var changesValues: Bool { false }

    /// The animation's value at `sample` (in effect; a cycle of `duration` seconds) written into
    /// the presentation being computed, as a boxed record evaluates it: `AnimatableValue`s through
    /// the target's key-value coding, for animations without a lane record. Timing is decided by
    /// the caller (`ResolvedAnimations`). The base class has no effect.
    func applyBoxed(sample: MediaTimingSample, duration: Double, to target: inout PresentationTarget) {}

    /// Writes `value` for the animation's key path into the presentation, composing it with the
    /// value already there when the animation is additive, and converting it back to the
    /// property's type.
    func write(
        _ value: AnimatableValue, to target: inout PresentationTarget, current: AnimatableValue,
        template: Any?
    ) {
        var result = value
        if let function = storedValueFunction {
            result = .transform(function.transform(for: value))
        }
        if storedAdditive {
            result = current.adding(result)
        }
        target.write(access, result, template: template)
    }
}
