import CoreGraphics

extension CAAnimation {
    /// The animation's timing as plain values, for the timing math: resolved once when a frozen
    /// copy's begin time is final, computed on demand otherwise.
    package var mediaTiming: MediaTiming {
        resolvedTiming ?? computedTiming
    }

    /// Fixes `mediaTiming` (called when the layer's copy is published; `freeze()` resolves it
    /// provisionally).
    func resolveTiming() {
        resolvedTiming = computedTiming
        for child in (self as? CAAnimationGroup)?.storedAnimations ?? [] {
            child.resolveTiming()
        }
    }

    private var computedTiming: MediaTiming {
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
        resolvedTiming = computedTiming
        for child in (self as? CAAnimationGroup)?.storedAnimations ?? [] {
            child.freeze()
        }
    }
}
