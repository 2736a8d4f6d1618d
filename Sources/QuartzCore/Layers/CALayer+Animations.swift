import CoreGraphics

// Adding and removing animations, and the layer's local time. Each added animation is a frozen
// copy with its duration and timing function resolved, recorded in the current transaction so
// that the publishing commit fills in its begin time (R5).

extension CALayer {
    /// `add(_:forKey:)`.
    func addAnimation(_ anim: CAAnimation, forKey key: String?) {
        let key = anim is CATransition ? kCATransition : key
        let copy = anim.typedCopy()
        sanitizeTiming(of: copy)
        if let function = CATransaction.animationTimingFunction() {
            copy.storedTimingFunction = function
        }
        if let basic = copy as? CABasicAnimation, basic.storedFromValue == nil, basic.storedToValue == nil,
            basic.storedByValue == nil, let keyPath = basic.storedKeyPath
        {
            // R2: all three nil interpolates from the presentation value captured now.
            basic.capturedStart =
                pendingPreviousValues.removeValue(forKey: keyPath)
                ?? AnimatableValue(presentationValue(forKeyPath: keyPath))
        }
        copy.prepare(for: self)
        copy.freeze()
        if let key {
            for record in animationRecords where record.key == key {
                detach(record)
                AnimationEngine.current.recordRemoved(record)
            }
        }
        let stack = TransactionStack.current
        stack.ensureOpen()
        let record = AnimationRecord(layer: self, key: key, animation: copy)
        record.completionGroups = stack.openCompletionGroups
        for group in record.completionGroups { group.pending += 1 }
        animationRecords.append(record)
        stack.pendingRecords.append(record)
        markRenderDirty()
        modelGeneration.add(1, ordering: .relaxed)
    }

    /// Gives the copy a usable timing: a duration of 0 or less (or not finite) takes the
    /// transaction's; non-finite begin times and offsets become 0, a NaN speed 1, a NaN repeat
    /// count or duration 0 (ruling E10: bad input is clamped, never NaN).
    private func sanitizeTiming(of animation: CAAnimation) {
        if !(animation.storedDuration > 0) || !animation.storedDuration.isFinite {
            animation.storedDuration = CATransaction.animationDuration()
        }
        if !animation.storedBeginTime.isFinite { animation.storedBeginTime = 0 }
        if !animation.storedTimeOffset.isFinite { animation.storedTimeOffset = 0 }
        if !animation.storedSpeed.isFinite { animation.storedSpeed = animation.storedSpeed.isNaN ? 1 : 0 }
        if animation.storedRepeatCount.isNaN || animation.storedRepeatCount < 0 {
            animation.storedRepeatCount = 0
        }
        if animation.storedRepeatDuration.isNaN || animation.storedRepeatDuration < 0 {
            animation.storedRepeatDuration = 0
        }
    }

    /// Takes `record` out of the layer's list (no callback). `openingTransaction` false (the
    /// engine removing a finished animation) notes the change for the thread's next commit
    /// without opening a transaction: a finished animation has no effect in the published tree.
    func detach(_ record: AnimationRecord, openingTransaction: Bool = true) {
        guard record.isAttached else { return }
        record.isAttached = false
        animationRecords.removeAll { $0 === record }
        markRenderDirty(openingTransaction: openingTransaction)
        modelGeneration.add(1, ordering: .relaxed)
    }

    /// Notes the layer's creation in the current transaction (R10: committed once it commits).
    func registerCreation() {
        let stack = TransactionStack.current
        stack.ensureOpen()
        stack.createdLayers.append(WeakLayer(self))
        stack.dirtyRoots.append(WeakLayer(self))
    }

    /// The layer's own timing as plain values (no duration: a layer's time is unbounded).
    var layerTiming: MediaTiming { state.layerTiming }

    /// This layer's local time at absolute time `t` (formula (1) applied from the root down).
    func localTime(fromAbsolute t: Double) -> Double {
        // The chain from the root down, in a temporary buffer (on the stack for ordinary depths):
        // the renderer asks for every layer every frame.
        var depth = 0
        var current: CALayer? = self
        while let layer = current {
            depth += 1
            current = layer.geometryParent
        }
        return withUnsafeTemporaryAllocation(of: Unmanaged<CALayer>.self, capacity: depth) { chain in
            var index = depth
            var current: CALayer? = self
            while let layer = current {
                index -= 1
                chain[index] = Unmanaged.passUnretained(layer)
                current = layer.geometryParent
            }
            var time = t
            for layer in chain {
                time = layer.takeUnretainedValue().layerTiming.localTime(fromParent: time)
            }
            return time
        }
    }

    /// The absolute time at which this layer's local time is `t`, or `nil` when a layer on the
    /// way up is paused (speed 0: every parent time maps to the same local time). `committed`
    /// reads each layer's timing from its last published render node (the timing its pixels
    /// use; the model's where a layer was never published) instead of the model.
    func absoluteTime(fromLocal t: Double, committed: Bool = false) -> Double? {
        var time = t
        var current: CALayer? = self
        while let layer = current {
            let timing = committed ? (layer.renderNode?.timing ?? layer.layerTiming) : layer.layerTiming
            guard let parent = timing.parentTime(fromLocal: time) else { return nil }
            time = parent
            current = layer.geometryParent
        }
        return time
    }

    /// `absoluteTime(fromLocal:)` where a paused layer maps back to the parent time it was
    /// paused at (its `beginTime`), so conversions stay finite.
    func lastInvertibleTime(_ t: Double) -> Double {
        var time = t
        var current: CALayer? = self
        while let layer = current {
            time = layer.layerTiming.parentTime(fromLocal: time) ?? Double(layer.state.beginTime)
            current = layer.geometryParent
        }
        return time.isFinite ? time : 0
    }
}
