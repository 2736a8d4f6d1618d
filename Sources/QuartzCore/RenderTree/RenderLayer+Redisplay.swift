import CoreGraphics

// Layers whose class redraws for an animated key (`needsDisplay(forKey:)`, ruling RT6): Apple
// displays the presentation layer every frame while such a key animates, so that a progress
// ring drawn in `draw(in:)` follows its animated `progress`. A node of such a layer carries a
// frozen copy of its layer (made at commit, by the class's `init(layer:)`); each frame, the
// renderer copies it again, gives the copy the frame's presented values and lets it draw.

extension CALayer {
    /// A frozen copy of the layer for its new render node when one of `animations` animates a
    /// key the class redraws for; `nil` otherwise (the usual case: no copy is made).
    func displayPrototype(for animations: [CAAnimation]) -> CALayer? {
        let layerClass = type(of: self)
        guard animations.contains(where: { $0.animatesKey(where: layerClass.needsDisplay(forKey:)) }) else {
            return nil
        }
        let prototype = layerClass.init(layer: self)
        prototype.modelLayer = self
        return prototype
    }
}

extension CAAnimation {
    /// Whether the animation (a group: one of its animations) animates a key — the first
    /// component of its key path — for which `test` holds.
    func animatesKey(where test: (String) -> Bool) -> Bool {
        if let property = self as? CAPropertyAnimation, let keyPath = property.storedKeyPath {
            let key = keyPath.split(separator: ".", maxSplits: 1).first.map(String.init) ?? keyPath
            return test(key)
        }
        if let group = self as? CAAnimationGroup {
            return group.storedAnimations?.contains { $0.animatesKey(where: test) } ?? false
        }
        return false
    }
}

extension RenderLayer {
    /// The layer's content drawn anew with `presented` values — a copy of the node's display
    /// prototype given those values, displayed — or the committed contents when the class does
    /// not draw (no `draw(in:)`) or the node has no prototype. Runs the layer class's
    /// `init(layer:)` and `draw(in:)` on the calling thread (the copy's delegate is `nil`, so a
    /// delegate's drawing is not redone per frame).
    func redisplayedContents(_ presented: PresentedValues) -> Any? {
        guard let prototype = displayPrototype else { return values.state.contents }
        let copy = type(of: prototype).init(layer: prototype)
        copy.modelLayer = prototype.modelLayer
        var state = presented.state
        state.contents = values.state.contents
        copy.state = state
        copy.dynamicValues = presented.custom
        presented.kind?.write(into: copy)
        copy.display()
        return copy.state.contents
    }
}
