import CoreGraphics

// Presentation copies (CA-SEMANTICS.md §9): the model tree copied through init(layer:), each copy
// with its layer's animations applied in order at the layer's local time. A copy is built for the
// whole tree at once so that its superlayer, sublayers and mask are copies too, and cached in the
// model layers until the model or the time changes.

extension CALayer {
    /// `presentation()`.
    func presentationCopy() -> CALayer? {
        if modelLayer != nil { return self }
        guard hasBeenCommitted else { return nil }
        let now = CACurrentMediaTime()
        let generation = modelGeneration.load(ordering: .relaxed)
        if let stamp = cachedPresentationStamp, stamp.generation == generation, stamp.time == now,
            let cached = cachedPresentation
        {
            return cached
        }
        var root: CALayer = self
        while let parent = root.geometryParent { root = parent }
        root.buildPresentationTree(at: now, generation: generation)
        return cachedPresentation
    }

    /// Builds the presentation copy of this layer and its subtree at absolute time `time`,
    /// iteratively (a tree of any depth builds), sublayers in order.
    private func buildPresentationTree(at time: Double, generation: Int) {
        // Each entry carries its parent's local time (absolute time for the root).
        var pending: [(layer: CALayer, parent: CALayer?, isMask: Bool, parentTime: Double)] = [
            (self, nil, false, time)
        ]
        while let (layer, parent, isMask, parentTime) = pending.popLast() {
            let local = layer.layerTiming.localTime(fromParent: parentTime)
            let copy = layer.makePresentationCopy(atLocalTime: local)
            if let parent, isMask {
                parent.maskStorage = copy
                copy.maskOwner = parent
            } else if let parent {
                if parent.sublayerStorage == nil { parent.sublayerStorage = [] }
                parent.sublayerStorage!.append(copy)
                copy.superlayerStorage = parent
            }
            layer.cachedPresentation = copy
            layer.cachedPresentationStamp = (generation, time)
            for sublayer in (layer.sublayerStorage ?? []).reversed() {
                pending.append((sublayer, copy, false, local))
            }
            if let mask = layer.maskStorage { pending.append((mask, copy, true, local)) }
        }
    }

    /// A copy of this layer alone with its animations applied at local time `t`.
    func makePresentationCopy(atLocalTime t: Double) -> CALayer {
        let copy = type(of: self).init(layer: self)
        copy.modelLayer = self
        var presented = PresentedValues(state: copy.state, kind: nil)
        PresentationTarget.with(&presented, source: .layer(self), copy: copy) {
            applyAnimations(to: &$0, atLocalTime: t)
        }
        copy.state = presented.state
        return copy
    }

    /// The presented model values at local time `t`, without making a layer copy unless an
    /// animated key needs key-value coding.
    package func presentationState(atLocalTime t: Double) -> LayerState {
        var presented = PresentedValues(state: state, kind: nil)
        PresentationTarget.with(&presented, source: .layer(self)) {
            applyAnimations(to: &$0, atLocalTime: t)
        }
        return presented.state
    }

    /// Applies every animation in order (§9.2); an uncommitted animation with begin time 0 is
    /// evaluated as if it began now.
    func applyAnimations(to target: inout PresentationTarget, atLocalTime t: Double) {
        for record in animationRecords {
            record.animation.applyInOrder(to: &target, atLocalTime: t, isCommitted: record.isCommitted)
        }
    }

    /// The value at `keyPath` as currently presented: the model value with this layer's
    /// animations applied now.
    func presentationValue(forKeyPath keyPath: String) -> Any? {
        guard !animationRecords.isEmpty else { return value(forKeyPath: keyPath) }
        let now = localTime(fromAbsolute: CACurrentMediaTime())
        let access = PropertyAccess(keyPath: keyPath)
        if case .keyValueCoding = access {
            return makePresentationCopy(atLocalTime: now).value(forKeyPath: keyPath)
        }
        var presented = PresentedValues(state: presentationState(atLocalTime: now), kind: nil)
        let value = PresentationTarget.with(&presented, source: .layer(self)) { $0.read(access).value }
        return value.boxed(like: self.value(forKeyPath: keyPath))
    }
}

extension CAAnimation {
    /// Applies the animation at local time `t` as one of a layer's animations in order (§9.2):
    /// nothing when it is not in effect, nor when it finished and is removed on completion (even
    /// before its removal is delivered). An uncommitted animation with begin time 0 is evaluated
    /// as if it began at `t`.
    func applyInOrder(to target: inout PresentationTarget, atLocalTime t: Double, isCommitted: Bool) {
        guard let (timing, sample) = effect(atLocalTime: t, isCommitted: isCommitted) else { return }
        apply(sample: sample, timing: timing, to: &target)
    }

    /// The animation's timing and its sample at its layer's local time `t`, or `nil` when it has
    /// no effect then: not in effect, or finished and removed on completion (even before its
    /// removal is delivered). An uncommitted animation with begin time 0 is timed as if it began
    /// at `t`. The one rule for property animations and transitions alike.
    func effect(atLocalTime t: Double, isCommitted: Bool) -> (timing: MediaTiming, sample: MediaTimingSample)?
    {
        var timing = mediaTiming
        if !isCommitted && storedBeginTime == 0 { timing.beginTime = t }
        let sample = timing.sample(atParentTime: t)
        guard sample.isInEffect, !(storedRemovedOnCompletion && sample.phase == .after) else { return nil }
        return (timing, sample)
    }
}
