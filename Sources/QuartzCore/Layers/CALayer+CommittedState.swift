import CoreGraphics

// The layer tree as last committed, for transitions (ruling E18). Apple's render server still
// holds the previous commit's render tree when a transaction adds a `CATransition`, and draws it
// as the transition's "before" picture. Lamina keeps the same information cheaply: the first
// change of a committed layer within a transaction (a property, its sublayers or its mask)
// saves the layer's committed model in the thread's transaction; when a transition is added, the
// layer's subtree as committed is rebuilt from those saved models and the unchanged layers, as a
// frozen copy the renderer draws. The saved models are dropped when the transaction publishes.

/// A committed layer's model as it was before the current transaction first changed it.
struct CommittedLayerState {
    /// The layer, kept alive until the transaction publishes.
    let layer: CALayer
    let state: LayerState
    let dynamicValues: [String: Any]
    let sublayers: [CALayer]?
    let mask: CALayer?
}

extension CALayer {
    /// Saves the layer's committed model in the current transaction before its first change
    /// there. Layers not yet committed (new in this transaction) and copies save nothing: they
    /// were not part of the committed tree.
    func saveCommittedStateBeforeChange() {
        guard hasBeenCommitted, modelLayer == nil, suppressChangeHandling == 0 else { return }
        let stack = TransactionStack.current
        let id = ObjectIdentifier(self)
        guard stack.committedStates[id] == nil else { return }
        stack.committedStates[id] = CommittedLayerState(
            layer: self, state: state, dynamicValues: dynamicValues, sublayers: sublayerStorage,
            mask: maskStorage)
    }

    /// A frozen copy of the layer's subtree as last committed: the saved model of every layer the
    /// current transaction changed, the current model of the others; `nil` for a layer not yet
    /// committed (it has no previous rendering). Copies are made through `init(layer:)`, have
    /// no animations and are never committed; subtrees deeper than the renderer draws are cut.
    ///
    /// A layer that replaced another through `replaceSublayer(_:with:)` in this transaction
    /// starts from the layer it replaced, whose place it took in the picture.
    func committedSubtreeCopy() -> CALayer? {
        let stack = TransactionStack.current
        let source = stack.replacedLayers[ObjectIdentifier(self)] ?? self
        guard source.hasBeenCommitted else { return nil }
        return source.committedCopy(saved: stack.committedStates, depth: 0)
    }

    private func committedCopy(saved: [ObjectIdentifier: CommittedLayerState], depth: Int) -> CALayer {
        let copy = type(of: self).init(layer: self)
        let before = saved[ObjectIdentifier(self)]
        if let before {
            copy.state = before.state
            copy.dynamicValues = before.dynamicValues
        }
        guard depth < RenderPass.maximumTreeDepth else { return copy }
        let sublayers = before.map(\.sublayers) ?? sublayerStorage
        copy.sublayerStorage = sublayers?.map { sublayer in
            let child = sublayer.committedCopy(saved: saved, depth: depth + 1)
            child.superlayerStorage = copy
            return child
        }
        if let mask = before.map(\.mask) ?? maskStorage {
            let maskCopy = mask.committedCopy(saved: saved, depth: depth + 1)
            maskCopy.maskOwner = copy
            copy.maskStorage = maskCopy
        }
        return copy
    }
}
