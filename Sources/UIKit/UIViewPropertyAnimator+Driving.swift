import QuartzCore

// How a property animator drives its animations: its progress is a line through
// (baseTime, baseFraction) with slope ±1/duration while running; each change is re-added as an
// animation that shows that progress.

extension UIViewPropertyAnimator {
    /// Runs the pending animations closures, recording their changes, when inactive.
    func activate() {
        guard state == .inactive else { return }
        state = .active
        baseFraction = 0
        baseTime = CACurrentMediaTime()
        let pending = pendingAnimations
        pendingAnimations = []
        for (closure, factor) in pending { record(closure, delayFactor: factor) }
    }

    /// Runs `closure` in a recording block and keeps its changes.
    func record(_ closure: () -> Void, delayFactor: CGFloat) {
        let recorder = ChangeRecorder()
        let context = ViewAnimationContext(
            duration: duration, delay: 0, options: [], timing: timing, mode: .record(recorder))
        withoutActuallyEscaping(closure) { body in context.run(body, completion: nil) }
        for change in recorder.records {
            records.removeAll { $0.change.view === change.view && $0.change.key == change.key }
            records.append((change, delayFactor))
        }
    }

    /// The progress now.
    func currentFraction() -> CGFloat {
        guard isRunning, duration > 0 else { return baseFraction }
        let elapsed = max(CACurrentMediaTime() - baseTime, 0)
        let moved = CGFloat(elapsed / duration) * (isReversed ? -1 : 1)
        return min(max(baseFraction + moved, 0), 1)
    }

    /// Makes the progress now the base of the line.
    func rebase() {
        baseFraction = currentFraction()
        baseTime = max(CACurrentMediaTime(), baseTime)
    }

    /// Replaces the animations by ones showing the current progress (moving or paused).
    func install() {
        generation += 1
        stoppedInGeneration = 0
        let current = generation
        guard !records.isEmpty, duration > 0 else {
            if isRunning { complete(at: isReversed ? .start : .end) }
            return
        }
        let now = CACurrentMediaTime()
        let start = max(baseTime, now)
        for entry in records {
            let layer = entry.change.view.layer
            let layerNow = layer.convertTime(now, from: nil)
            let leadIn = Double(entry.delayFactor) * duration
            let span = max(duration - leadIn, 1e-9)
            let local = min(max(Double(baseFraction) * duration - leadIn, 0), span)
            let animation = makeAnimation(for: entry.change, span: span)
            animation.isRemovedOnCompletion = false
            animation.fillMode = .both
            if !isRunning {
                animation.speed = 0
                animation.timeOffset = local
                if scrubsLinearly { animation.timingFunction = CAMediaTimingFunction(name: .linear) }
                animation.beginTime = layerNow
            } else if isReversed {
                swap(&animation.fromValue, &animation.toValue)
                animation.timingFunction = mirrored(animation.timingFunction)
                animation.beginTime = layerNow + (start - now) - (span - local)
            } else {
                let wait = max(leadIn - Double(baseFraction) * duration, 0)
                animation.beginTime = layerNow + (start - now) + wait - local
            }
            if isRunning { animation.delegate = AnimatorTracker(animator: self, generation: current) }
            layer.add(animation, forKey: entry.change.key)
        }
    }

    /// The animation of one change over `span` seconds, from the start value to the end one.
    func makeAnimation(for change: ChangeRecord, span: Double) -> CABasicAnimation {
        let animation: CABasicAnimation
        switch timing {
        case .curve(let function):
            animation = CABasicAnimation(keyPath: change.key)
            animation.timingFunction = function
        case .damped(let ratio, let velocity), .bounce(let ratio, let velocity):
            let spring = CASpringAnimation(perceptualDuration: span, bounce: 1 - ratio)
            spring.keyPath = change.key
            spring.initialVelocity = velocity
            animation = spring
        }
        animation.duration = span
        animation.fromValue = change.before
        animation.toValue = change.after
        return animation
    }

    /// The curve traversed backwards: (x, y) ↦ (1 − x, 1 − y) of the control points.
    func mirrored(_ function: CAMediaTimingFunction?) -> CAMediaTimingFunction? {
        guard let function else { return nil }
        var first: [Float] = [0, 0]
        var second: [Float] = [0, 0]
        function.getControlPoint(at: 1, values: &first)
        function.getControlPoint(at: 2, values: &second)
        return CAMediaTimingFunction(controlPoints: 1 - second[0], 1 - second[1], 1 - first[0], 1 - first[1])
    }

    /// One of the current generation's animations stopped.
    func animationStopped(generation stopped: Int, finished: Bool) {
        guard stopped == generation, finished, isRunning else { return }
        stoppedInGeneration += 1
        guard stoppedInGeneration >= records.count else { return }
        if pausesOnCompletion {
            baseFraction = isReversed ? 0 : 1
            isRunning = false
            install()
        } else {
            complete(at: isReversed ? .start : .end)
        }
    }

    /// Sets the model values of `position`, removes the animations, becomes inactive and calls
    /// the completions.
    func complete(at position: UIViewAnimatingPosition) {
        for entry in records {
            entry.change.view.layer.removeAnimation(forKey: entry.change.key)
            switch position {
            case .start: setModel(entry.change, entry.change.before)
            case .end: setModel(entry.change, entry.change.after)
            case .current: break
            }
        }
        generation += 1
        records = []
        isRunning = false
        state = .inactive
        let calls = completions
        completions = []
        for completion in calls { completion(position) }
    }

    /// Writes a model value without animation.
    func setModel(_ change: ChangeRecord, _ value: Any?) {
        UIView.performWithoutAnimation {
            change.view.layer.setValue(value, forKeyPath: change.key)
        }
    }
}

/// Reports the stops of one generation of an animator's animations.
final class AnimatorTracker: CAAnimationDelegate {
    weak var animator: UIViewPropertyAnimator?
    let generation: Int

    init(animator: UIViewPropertyAnimator, generation: Int) {
        self.animator = animator
        self.generation = generation
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        animator?.animationStopped(generation: generation, finished: flag)
    }
}
