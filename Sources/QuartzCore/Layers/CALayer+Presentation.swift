import CoreGraphics

// Presentation copies (ruling RT5): copies of the layers made through init(layer:), each holding
// its layer's last published render node presented at the current time — the committed values
// with the committed animations applied. A copy is built for the whole committed tree at once, so
// that its superlayer, sublayers and mask are copies too, and cached in the model layers until
// the next publish or another time.

extension CALayer {
    /// `presentation()`: `nil` until a commit published the layer (R10).
    func presentationCopy() -> CALayer? {
        if modelLayer != nil { return self }
        guard let node = renderNode else { return nil }
        let now = CACurrentMediaTime()
        let generation = publishGeneration.load(ordering: .relaxed)
        if let cached = cachedPresentation(generation: generation, time: now) { return cached }
        // The topmost ancestor whose committed tree holds this layer's node: walk up the model
        // while the parents have nodes (a parent changed since keeps its committed sublayers).
        var root: CALayer = self
        var rootNode = node
        while let parent = root.geometryParent, let parentNode = parent.renderNode,
            parentNode.sublayers.contains(where: { $0 === rootNode }) || parentNode.mask === rootNode
        {
            root = parent
            rootNode = parentNode
        }
        let parentTime = root.geometryParent?.localTime(fromAbsolute: now) ?? now
        rootNode.buildPresentationCopies(atParentTime: parentTime, time: now, generation: generation)
        return cachedPresentation(generation: generation, time: now)
    }

    /// The presentation copy cached for `generation` and `time`, if any.
    private func cachedPresentation(generation: Int, time: Double) -> CALayer? {
        guard let stamp = cachedPresentationStamp, stamp.generation == generation, stamp.time == time else {
            return nil
        }
        return cachedPresentation
    }

    /// A copy of this layer presenting `node` (one of its published nodes) at local time `t`:
    /// made by `init(layer:)`, then given the node's presented values and its kind's.
    func makePresentationCopy(of node: RenderLayer, atLocalTime t: Double) -> CALayer {
        let copy = type(of: self).init(layer: self)
        copy.modelLayer = self
        let presented = node.presented(atLocalTime: t)
        copy.state = presented.state
        copy.dynamicValues = presented.custom
        presented.kind?.write(into: copy)
        return copy
    }

    /// The value at `keyPath` as currently presented (ruling RT5): the last published node's value
    /// with its committed animations applied now; the model's value for a layer never published.
    func presentationValue(forKeyPath keyPath: String) -> Any? {
        guard let node = renderNode else { return value(forKeyPath: keyPath) }
        let now = localTime(fromAbsolute: CACurrentMediaTime())
        var presented = node.presented(atLocalTime: now)
        let access = PropertyKeyPath.Resolved(keyPath: keyPath)
        if case .keyValueCoding = access {
            guard let value = presented.value(forKeyPath: keyPath) else {
                return presentationCopy()?.value(forKeyPath: keyPath)
            }
            return value
        }
        let value = PresentationTarget.with(&presented, node: node) { $0.read(access).value }
        return value.boxed(like: self.value(forKeyPath: keyPath))
    }
}

extension RenderLayer {
    /// Builds the presentation copies of this node's subtree — one per node whose model layer
    /// lives — at `parentTime` (the parent's local time), iteratively, sublayers in order, and
    /// caches each on its model layer for `generation` and absolute `time`.
    func buildPresentationCopies(atParentTime parentTime: Double, time: Double, generation: Int) {
        var pending: [(node: RenderLayer, parent: CALayer?, isMask: Bool, parentTime: Double)] = [
            (self, nil, false, parentTime)
        ]
        while let (node, parent, isMask, parentTime) = pending.popLast() {
            guard let model = node.model else { continue }
            let local = node.timing.localTime(fromParent: parentTime)
            let copy = model.makePresentationCopy(of: node, atLocalTime: local)
            if let parent, isMask {
                parent.maskStorage = copy
                copy.maskOwner = parent
            } else if let parent {
                if parent.sublayerStorage == nil { parent.sublayerStorage = [] }
                parent.sublayerStorage!.append(copy)
                copy.superlayerStorage = parent
            }
            model.cachedPresentation = copy
            model.cachedPresentationStamp = (generation, time)
            for sublayer in node.sublayers.reversed() {
                pending.append((sublayer, copy, false, local))
            }
            if let mask = node.mask { pending.append((mask, copy, true, local)) }
        }
    }
}

extension CAAnimation {
    /// The animation's timing and its sample at its layer's local time `t`, or `nil` when it has
    /// no effect then (`MediaTimingSample.appliesEffect(removedOnCompletion:)`): how a committed
    /// transition is timed when it is drawn. Property animations and groups are timed by their
    /// records (`ResolvedAnimations`) with the same rule.
    func effect(atLocalTime t: Double) -> (timing: MediaTiming, sample: MediaTimingSample)? {
        let timing = mediaTiming
        let sample = timing.sample(atParentTime: t)
        guard sample.appliesEffect(removedOnCompletion: storedRemovedOnCompletion) else { return nil }
        return (timing, sample)
    }
}
