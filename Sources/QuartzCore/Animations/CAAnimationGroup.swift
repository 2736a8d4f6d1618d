import CoreGraphics

/// Several animations running together in the group's time (Apple's `CAAnimationGroup`).
///
/// Each child runs in the group's local time: a child's `beginTime` is relative to the group's
/// start (0 is not "now"), a child with duration 0 lasts as long as the group (as in listing 8.10 and
/// Apple's `CAAnimationGroup` example), and children
/// are clipped to the group's duration. The group's `timingFunction` warps the time the children
/// see. Only the group's delegate is called; the children's `delegate` and
/// `isRemovedOnCompletion` are ignored, as Apple documents.
open class CAAnimationGroup: CAAnimation {
    var storedAnimations: [CAAnimation]?

    /// The animations of the group, applied in order. Copied when the group is added to a layer.
    /// Default `nil`.
    open var animations: [CAAnimation]? {
        get { storedAnimations }
        set { if allowsMutation("animations") { storedAnimations = newValue } }
    }

    /// Reads `animations`, then the inherited keys.
    open override func value(forKey key: String) -> Any? {
        key == "animations" ? animations : super.value(forKey: key)
    }

    /// Sets `animations`, then the inherited keys.
    open override func setValue(_ value: Any?, forKey key: String) {
        if key == "animations" {
            animations = value as? [CAAnimation]
        } else {
            super.setValue(value, forKey: key)
        }
    }

    override func copyProperties(to copy: CAAnimation) {
        super.copyProperties(to: copy)
        guard let copy = copy as? CAAnimationGroup else { return }
        copy.storedAnimations = storedAnimations?.map { $0.typedCopy() }
    }

    override func prepare(for layer: CALayer) {
        for child in storedAnimations ?? [] {
            if !(child.storedDuration > 0) || !child.storedDuration.isFinite {
                child.storedDuration = storedDuration
            }
            child.prepare(for: layer)
            child.freeze()
        }
    }
}
