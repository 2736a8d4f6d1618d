import CoreGraphics

extension CAAnimation {
    /// The animation's timing as plain values, for the timing math.
    var mediaTiming: MediaTiming {
        MediaTiming(
            beginTime: storedBeginTime, duration: storedDuration, speed: Double(storedSpeed),
            timeOffset: storedTimeOffset, repeatCount: Double(storedRepeatCount),
            repeatDuration: storedRepeatDuration, autoreverses: storedAutoreverses,
            fillsBackwards: storedFillMode == .backwards || storedFillMode == .both,
            fillsForwards: storedFillMode == .forwards || storedFillMode == .both)
    }

    /// Makes the animation (and a group's children) read-only.
    func freeze() {
        isFrozen = true
        for child in (self as? CAAnimationGroup)?.storedAnimations ?? [] {
            child.freeze()
        }
    }
}
