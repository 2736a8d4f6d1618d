import CoreGraphics
import Synchronization

// Publishing render trees (Apple's commit): the outermost commit of a thread's transaction lays
// out and displays what needs it, resolves the begin times of the animations added, then builds
// a new render node for every layer that changed since its last node and for each ancestor of
// one, sharing the unchanged subtrees. A changed layer marks itself and its ancestors; the
// thread's transaction remembers the tree roots to rebuild.

extension CALayer {
    /// The layer's node in the last render tree a commit published it in; `nil` until a commit
    /// has published it. Any thread may read it.
    package var renderNode: RenderLayer? {
        publishedNode.withLock { $0 }
    }

    /// Notes that the layer's own values, sublayers, mask or animations changed: its node and
    /// its ancestors' are rebuilt by the next commit of the current thread, for which an implicit
    /// transaction is opened unless `openingTransaction` is false. Presentation copies are never
    /// published.
    func markRenderDirty(openingTransaction: Bool = true) {
        guard modelLayer == nil else { return }
        needsRenderUpdate = true
        var top: CALayer = self
        while let parent = top.geometryParent {
            // Every layer above a flagged one is flagged, and its root noted, already.
            if parent.subtreeNeedsRenderUpdate { return }
            parent.subtreeNeedsRenderUpdate = true
            top = parent
        }
        let stack = TransactionStack.current
        if openingTransaction { stack.ensureOpen() }
        stack.dirtyRoots.append(WeakLayer(top))
    }

    /// Builds the layer's render node from its model, reusing the published nodes of layers that
    /// did not change, and publishes each new node on its layer.
    ///
    /// - Complexity: O(changed layers and their siblings); iterative, so a tree of any depth
    ///   builds (and the renderer's walk draws it all: RenderPass+Walk.swift).
    @discardableResult
    func buildRenderNode() -> RenderLayer? {
        buildRenderTree(publishing: true)
    }

    /// A render node of the layer's subtree as the model is now, not published and without
    /// animations: what `render(in:)` draws.
    func modelRenderNode() -> RenderLayer? {
        buildRenderTree(publishing: false)
    }

    /// Builds nodes children first: the layers to build in pre-order (when `publishing`, only
    /// those changed or above a change), then each from its sublayers' and mask's nodes.
    private func buildRenderTree(publishing: Bool) -> RenderLayer? {
        var order: [CALayer] = []
        var pending: [CALayer] = [self]
        while let layer = pending.popLast() {
            if publishing, !layer.needsRenderUpdate, !layer.subtreeNeedsRenderUpdate, layer.renderNode != nil
            {
                continue
            }
            order.append(layer)
            pending.append(contentsOf: layer.sublayerStorage ?? [])
            if let mask = layer.maskStorage { pending.append(mask) }
        }
        var built: [LayerID: RenderLayer] = [:]
        let arena = ResolvedRecordArena()
        func node(of layer: CALayer) -> RenderLayer? {
            built[layer.layerID] ?? (publishing ? layer.renderNode : nil)
        }
        for layer in order.reversed() {
            let sublayers = (layer.sublayerStorage ?? []).compactMap(node)
            let mask = layer.maskStorage.flatMap(node)
            guard publishing else {
                built[layer.layerID] = RenderLayer(
                    id: layer.layerID,
                    values: PresentedValues(
                        state: layer.state, kind: layer.makeKindValues(), custom: layer.dynamicValues),
                    sublayers: sublayers, mask: mask, animations: [])
                continue
            }
            built[layer.layerID] = layer.publishNode(sublayers: sublayers, mask: mask, arena: arena)
        }
        return node(of: self)
    }

    /// The layer's new node over `sublayers` and `mask` — its previous one when only layers below
    /// it changed and their nodes are the same — published on the layer.
    private func publishNode(sublayers: [RenderLayer], mask: RenderLayer?, arena: ResolvedRecordArena)
        -> RenderLayer
    {
        let previous = renderNode
        let node: RenderLayer
        if !needsRenderUpdate, let previous, previous.mask === mask,
            previous.sublayers.elementsEqual(sublayers, by: ===)
        {
            node = previous
        } else {
            let animations = animationRecords.filter(\.isCommitted).map(\.animation)
            node = RenderLayer(
                id: layerID,
                values: PresentedValues(state: state, kind: makeKindValues(), custom: dynamicValues),
                sublayers: sublayers, mask: mask, animations: animations, model: self,
                displayPrototype: displayPrototype(for: animations), arena: arena)
        }
        needsRenderUpdate = false
        subtreeNeedsRenderUpdate = false
        if node !== previous { publishedNode.withLock { $0 = node } }
        return node
    }
}

/// Counts the commits that published render nodes, on any thread: presentation copies made
/// before the latest publish are stale.
let publishGeneration = Atomic<Int>(0)

extension TransactionStack {
    /// The commit phases of the outermost commit (Apple's layout, display, prepare and commit):
    /// layout and display of the layers that asked for them, in the trees changed since the last
    /// publish (repeated while they change more, at most a few times), then the render trees of
    /// those trees are built and published.
    func layoutAndDisplayPhases() {
        for _ in 0..<4 {
            let roots = pendingRoots(keeping: true)
            guard !roots.isEmpty else { return }
            var changed = false
            for root in roots where root.subtreeNeedsRenderUpdate || root.needsRenderUpdate {
                changed = root.layoutAndDisplaySubtreeIfNeeded() || changed
            }
            if !changed { return }
        }
    }

    /// Builds and publishes the render trees of the roots changed since the last publish.
    func publishRenderTrees() {
        let roots = pendingRoots(keeping: false)
        for root in roots {
            _ = root.buildRenderNode()
        }
        if !roots.isEmpty { publishGeneration.add(1, ordering: .relaxed) }
    }

    /// The distinct roots of the trees changed since the last publish (each noted layer's
    /// topmost ancestor now); the list is emptied unless `keeping`.
    ///
    /// - Complexity: O(layers on the paths walked): a walk up stops at a layer an earlier walk
    ///   passed, so noting every layer of a deep chain costs its depth once, not once per layer.
    private func pendingRoots(keeping: Bool) -> [CALayer] {
        var passed = Set<LayerID>()
        var roots: [CALayer] = []
        for entry in dirtyRoots {
            guard var layer = entry.layer, passed.insert(entry.layer!.layerID).inserted else { continue }
            var reachedRoot = true
            while let parent = layer.geometryParent {
                guard passed.insert(parent.layerID).inserted else {
                    reachedRoot = false
                    break
                }
                layer = parent
            }
            if reachedRoot { roots.append(layer) }
        }
        if !keeping { dirtyRoots = [] }
        return roots
    }
}

extension CALayer {
    /// Lays out then displays what needs it in the changed part of the subtree, parents before
    /// children; `true` when anything was laid out or displayed.
    fileprivate func layoutAndDisplaySubtreeIfNeeded() -> Bool {
        var worked = false
        var pending: [CALayer] = [self]
        while let layer = pending.popLast() {
            if layer.needsLayoutFlag {
                layer.needsLayoutFlag = false
                layer.layoutSublayers()
                worked = true
            }
            if layer.flipCheckPending { layer.redisplaySubtreeIfFlipsChanged() }
            if layer.needsDisplayFlag {
                layer.displayIfNeeded()
                worked = true
            }
            guard layer.subtreeNeedsRenderUpdate else { continue }
            if let mask = layer.maskStorage { pending.append(mask) }
            pending.append(contentsOf: (layer.sublayerStorage ?? []).reversed())
        }
        return worked
    }
}

extension CALayer {
    /// The layer kind's content image as its model values draw it at `scale` pixels per point,
    /// and the rectangle of bounds coordinates it covers (for tests and tools; the renderer draws
    /// from render nodes). `cache` is kept by the caller to reuse an unchanged image.
    package func kindContents(scale: CGFloat, cache: inout Any?) -> (image: CGImage, rect: CGRect)? {
        makeKindValues()?.ownContents(state: state, scale: scale, cache: &cache)
    }

    /// `kindContents(scale:cache:)` without a cache.
    package func kindContents(scale: CGFloat) -> (image: CGImage, rect: CGRect)? {
        var cache: Any?
        return kindContents(scale: scale, cache: &cache)
    }
}
