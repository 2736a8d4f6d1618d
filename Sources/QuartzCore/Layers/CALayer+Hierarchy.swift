import CoreGraphics

// The layer tree's rules, as Apple's: a layer has at most one parent (adding it elsewhere moves
// it), a mask's superlayer is the layer it masks though it is no sublayer (ruling L19), and a
// layer can never become its own ancestor — such an insertion is refused (ignored and reported)
// so the tree never has a cycle.

extension CALayer {
    /// Whether `self` is `layer` or one of its ancestors (through superlayers and mask owners).
    func isSelfOrAncestor(of layer: CALayer) -> Bool {
        var current: CALayer? = layer
        while let node = current {
            if node === self { return true }
            current = node.superlayerStorage ?? node.maskOwner
        }
        return false
    }

    /// Checks that `layer` may become a sublayer or mask of `self`; reports a refusal.
    func canAdopt(_ layer: CALayer, operation: String) -> Bool {
        guard !layer.isSelfOrAncestor(of: self) else {
            CompatibilityWarnings.report(
                "\(operation) refused: a layer cannot be inserted into its own subtree (it would make a cycle)"
            )
            return false
        }
        return true
    }

    /// Removes `layer` from wherever it is (superlayer's sublayers or a mask owner) without any
    /// other effect.
    func detachFromParent() {
        hierarchyDidChange()
        superlayerStorage?.markRenderDirty()
        maskOwner?.markRenderDirty()
        if let parent = superlayerStorage {
            parent.sublayerStorage?.removeAll { $0 === self }
            superlayerStorage = nil
            parent.setNeedsLayout()
        }
        if let owner = maskOwner {
            owner.maskStorage = nil
            maskOwner = nil
        }
    }

    /// Inserts `layer` at `index` (clamped to `0...count`) after detaching it from its parent.
    func insert(_ layer: CALayer, at index: Int, operation: String) {
        guard canAdopt(layer, operation: operation) else { return }
        // Detaching first may shift the index when the layer is already one of ours.
        let currentIndex =
            layer.superlayerStorage === self ? sublayerStorage?.firstIndex { $0 === layer } : nil
        layer.detachFromParent()
        markRenderDirty()
        var target = index
        if let currentIndex, currentIndex < index { target -= 1 }
        // In place: copying the list for each insertion made adding N siblings O(N²).
        if sublayerStorage == nil { sublayerStorage = [] }
        sublayerStorage!.insert(layer, at: max(0, min(target, sublayerStorage!.count)))
        layer.superlayerStorage = self
        layer.flipCheckPending = true
        hierarchyDidChange()
        setNeedsLayout()
        if operation != "replaceSublayer(_:with:)" { layer.runAction(forEvent: kCAOnOrderIn) }
    }

    /// A hierarchy change opens a transaction and invalidates presentation copies.
    func hierarchyDidChange() {
        TransactionStack.current.ensureOpen()
        modelGeneration.add(1, ordering: .relaxed)
    }

    func replaceAllSublayers(with newSublayers: [CALayer]?) {
        markRenderDirty()
        for old in sublayerStorage ?? [] where old.superlayerStorage === self {
            old.superlayerStorage = nil
        }
        sublayerStorage = newSublayers == nil ? nil : []
        for layer in newSublayers ?? [] where layer.superlayerStorage !== self {
            insert(layer, at: sublayerStorage?.count ?? 0, operation: "sublayers =")
        }
        setNeedsLayout()
    }

    func setMaskLayer(_ newMask: CALayer?) {
        guard newMask !== maskStorage else { return }
        if let newMask, !canAdopt(newMask, operation: "mask =") { return }
        if let old = maskStorage {
            old.maskOwner = nil
        }
        newMask?.detachFromParent()
        markRenderDirty()
        maskStorage = newMask
        newMask?.maskOwner = self
        hierarchyDidChange()
    }
}
