import CoreGraphics

/// The methods an animation's delegate receives (Apple's `CAAnimationDelegate`). Both are
/// optional: the default implementations do nothing.
///
/// The animation passed in is the layer's copy (`add(_:forKey:)` copies), not the object you
/// created; compare a key-value tag or `layer.animation(forKey:)` to identify it.
public protocol CAAnimationDelegate: AnyObject {
    /// Called when the animation begins its active duration (for a future `beginTime`, when that
    /// time is reached, not when it is added).
    func animationDidStart(_ anim: CAAnimation)
    /// Called when the animation completes its active duration (`flag` is `true`) or is removed
    /// from its layer before that (`flag` is `false`). Called once per added animation.
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

extension CAAnimationDelegate {
    /// Does nothing.
    public func animationDidStart(_ anim: CAAnimation) {}
    /// Does nothing.
    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}

/// The abstract base of Core Animation's animations (Apple's `CAAnimation`): media timing, a
/// timing function, a delegate, removal on completion, and key-value storage for arbitrary keys.
///
/// `CALayer.add(_:forKey:)` adds a copy; that copy is frozen — setting its properties afterwards is
/// ignored and reported through ``CompatibilityWarnings`` (Apple: "modifying animations once they
/// are in progress is not supported").
open class CAAnimation: NSObject, CAMediaTiming, CAAction, NSCopying {
    /// Whether this instance belongs to a layer and can no longer change.
    var isFrozen = false
    var storedBeginTime: CFTimeInterval = 0
    var storedDuration: CFTimeInterval = 0
    var storedSpeed: Float = 1
    var storedTimeOffset: CFTimeInterval = 0
    var storedRepeatCount: Float = 0
    var storedRepeatDuration: CFTimeInterval = 0
    var storedAutoreverses = false
    var storedFillMode = CAMediaTimingFillMode.removed
    var storedTimingFunction: CAMediaTimingFunction?
    var storedDelegate: (any CAAnimationDelegate)?
    var storedRemovedOnCompletion = true
    /// Values of arbitrary keys set through `setValue(_:forKey:)`.
    var kvcValues: [String: Any] = [:]
    /// The timing of a frozen copy, fixed once (see `mediaTiming`).
    var resolvedTiming: MediaTiming?
    /// The field of the animation's lane record (Lanes.swift), set by a property animation's
    /// `prepare(for:)` when its key path, value function and values allow it; `nil` otherwise.
    package var laneField: CALayerProperty.Field?
    /// Whether the animation changes only where its layer is placed and how opaque it is
    /// (`position`, `transform`, `opacity`, `zPosition`, `anchorPoint` and their fields), so a
    /// rasterized layer's bitmap stays valid; set by a property animation's `prepare(for:)`.
    package var changesOnlyPlacement = false
    /// The animation's lane form (LaneForm.swift), set with `laneField`: what its lane record
    /// is made from (ResolvedAnimations.swift).
    package var laneForm: LaneForm?

    /// Creates an animation with Apple's defaults.
    public required override init() {
        super.init()
    }

    /// Whether a setter may change the receiver; reports the attempt when frozen.
    func allowsMutation(_ key: String) -> Bool {
        guard isFrozen else { return true }
        CompatibilityWarnings.report("setting \"\(key)\" of an animation already added to a layer is ignored")
        return false
    }

    /// The begin time in the layer's (or group's) time space, in seconds; 0 means "when the
    /// transaction that adds it commits" (ruling R5). Default 0.
    open var beginTime: CFTimeInterval {
        get { storedBeginTime }
        set { if allowsMutation("beginTime") { storedBeginTime = newValue } }
    }

    /// The basic duration in seconds; 0 or less takes the transaction's `animationDuration`
    /// (0.25 s by default) when added. Default 0.
    open var duration: CFTimeInterval {
        get { storedDuration }
        set { if allowsMutation("duration") { storedDuration = newValue } }
    }

    /// The rate of the animation's time relative to its layer's; 0 freezes it at `timeOffset`,
    /// negative values play it backwards. Default 1.
    open var speed: Float {
        get { storedSpeed }
        set { if allowsMutation("speed") { storedSpeed = newValue } }
    }

    /// An offset into the animation's active time, in seconds: the animation starts that far in
    /// and wraps around, still playing its full active duration (ruling R1). Default 0.
    open var timeOffset: CFTimeInterval {
        get { storedTimeOffset }
        set { if allowsMutation("timeOffset") { storedTimeOffset = newValue } }
    }

    /// How many times the animation repeats; fractional counts end mid-cycle, `.infinity` or
    /// `Float.greatestFiniteMagnitude` repeat forever, 0 plays once. Default 0.
    open var repeatCount: Float {
        get { storedRepeatCount }
        set { if allowsMutation("repeatCount") { storedRepeatCount = newValue } }
    }

    /// How long the animation repeats, in seconds (its whole active duration, not doubled by
    /// `autoreverses`, ruling R4); 0 means not set. Default 0.
    open var repeatDuration: CFTimeInterval {
        get { storedRepeatDuration }
        set { if allowsMutation("repeatDuration") { storedRepeatDuration = newValue } }
    }

    /// Whether each cycle plays forwards and then backwards. Default `false`.
    open var autoreverses: Bool {
        get { storedAutoreverses }
        set { if allowsMutation("autoreverses") { storedAutoreverses = newValue } }
    }

    /// What the animation shows outside its active duration; after the end only with
    /// `isRemovedOnCompletion == false`. Default `.removed`.
    open var fillMode: CAMediaTimingFillMode {
        get { storedFillMode }
        set { if allowsMutation("fillMode") { storedFillMode = newValue } }
    }

    /// The pacing of the animation; `nil` is linear. Default `nil` (implicit animations use
    /// `.default`).
    open var timingFunction: CAMediaTimingFunction? {
        get { storedTimingFunction }
        set { if allowsMutation("timingFunction") { storedTimingFunction = newValue } }
    }

    /// The delegate, held strongly for the animation's lifetime as on Apple's platforms.
    /// Default `nil`.
    open var delegate: (any CAAnimationDelegate)? {
        get { storedDelegate }
        set { if allowsMutation("delegate") { storedDelegate = newValue } }
    }

    /// Whether the animation is removed from its layer when its active duration ends. Default
    /// `true`.
    open var isRemovedOnCompletion: Bool {
        get { storedRemovedOnCompletion }
        set { if allowsMutation("removedOnCompletion") { storedRemovedOnCompletion = newValue } }
    }

    /// Apple's default for `key`: the defaults that are not zero (`speed` 1,
    /// `removedOnCompletion` `true`, `fillMode` `.removed`), `nil` otherwise.
    open class func defaultValue(forKey key: String) -> Any? {
        switch key {
        case "speed": return Float(1)
        case "removedOnCompletion": return true
        case "fillMode": return CAMediaTimingFillMode.removed
        default: return nil
        }
    }

    /// The value of a property (by Apple's key: `"duration"`, `"removedOnCompletion"`, …) or of
    /// an arbitrary key set with `setValue(_:forKey:)` — the reference chapters tag animations
    /// this way. An arbitrary key never set reads `defaultValue(forKey:)`.
    open func value(forKey key: String) -> Any? {
        switch key {
        case "beginTime": return beginTime
        case "duration": return duration
        case "speed": return speed
        case "timeOffset": return timeOffset
        case "repeatCount": return repeatCount
        case "repeatDuration": return repeatDuration
        case "autoreverses": return autoreverses
        case "fillMode": return fillMode
        case "timingFunction": return timingFunction
        case "delegate": return delegate
        case "removedOnCompletion": return isRemovedOnCompletion
        default: return kvcValues[key] ?? type(of: self).defaultValue(forKey: key)
        }
    }

    /// Sets a property by key (numbers in any boxing) or stores an arbitrary key. Values of the
    /// wrong type for a property are ignored and reported; a frozen animation ignores every set.
    open func setValue(_ value: Any?, forKey key: String) {
        func set<T>(_ type: T.Type, _ apply: (T) -> Void) {
            if let typed = ValueCoercion.coerce(value, to: T.self) {
                apply(typed)
            } else {
                CompatibilityWarnings.report(
                    "CAAnimation.setValue(_:forKey: \"\(key)\") ignored a value of the wrong type")
            }
        }
        switch key {
        case "beginTime": set(Double.self) { beginTime = $0 }
        case "duration": set(Double.self) { duration = $0 }
        case "speed": set(Float.self) { speed = $0 }
        case "timeOffset": set(Double.self) { timeOffset = $0 }
        case "repeatCount": set(Float.self) { repeatCount = $0 }
        case "repeatDuration": set(Double.self) { repeatDuration = $0 }
        case "autoreverses": set(Bool.self) { autoreverses = $0 }
        case "fillMode": set(CAMediaTimingFillMode.self) { fillMode = $0 }
        case "timingFunction": timingFunction = value as? CAMediaTimingFunction
        case "delegate": delegate = value as? any CAAnimationDelegate
        case "removedOnCompletion": set(Bool.self) { isRemovedOnCompletion = $0 }
        default:
            guard allowsMutation(key) else { return }
            kvcValues[key] = value is NSNull ? nil : value
        }
    }

    /// A copy with every property and arbitrary key; the copy is not frozen.
    public func copy(with zone: NSZone? = nil) -> Any {
        let copy = type(of: self).init()
        copyProperties(to: copy)
        return copy
    }

    /// Copies this class's stored properties into `copy` (subclasses extend it).
    func copyProperties(to copy: CAAnimation) {
        copy.storedBeginTime = storedBeginTime
        copy.storedDuration = storedDuration
        copy.storedSpeed = storedSpeed
        copy.storedTimeOffset = storedTimeOffset
        copy.storedRepeatCount = storedRepeatCount
        copy.storedRepeatDuration = storedRepeatDuration
        copy.storedAutoreverses = storedAutoreverses
        copy.storedFillMode = storedFillMode
        copy.storedTimingFunction = storedTimingFunction
        copy.storedDelegate = storedDelegate
        copy.storedRemovedOnCompletion = storedRemovedOnCompletion
        copy.kvcValues = kvcValues
    }

    /// A typed copy, as `copy() as! Self`.
    func typedCopy() -> Self {
        copy(with: nil) as! Self
    }

    /// Runs the animation as a layer action: adds it (a copy) to the layer `anObject` under the
    /// event key `event`, as Apple's `CAAnimation` does. Does nothing when `anObject` is not a
    /// layer.
    open func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        (anObject as? CALayer)?.add(self, forKey: event)
    }

    // MARK: - Evaluation (CAAnimation+Evaluation.swift)

    /// Called once on the layer's frozen copy when it is added, to resolve and unbox what does
    /// not change per frame. The base class has nothing to prepare.
    func prepare(for layer: CALayer) {}
}
