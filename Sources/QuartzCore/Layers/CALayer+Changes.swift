import CoreGraphics

// What happens when a property changes, and where values come from before they are set: Apple's
// defaults, then a subclass's `defaultValue(forKey:)`, then the `style` dictionary; an explicit
// set wins over both.

extension CALayer {
    /// Stores `value` in the model and runs change handling for the property's key (as
    /// `CALayerProperty.table` spells it): the action search before the change, then redisplay,
    /// the generation bump and the action after it.
    func setState<T>(_ path: WritableKeyPath<LayerState, T>, _ value: T) {
        change(CALayerProperty.key(for: path)) { $0.state[keyPath: path] = value }
    }

    /// `setState` for comparable values: setting the value a property already has changes
    /// nothing and runs no action, though the property now counts as set explicitly.
    func setState<T: Equatable>(_ path: WritableKeyPath<LayerState, T>, _ value: T) {
        let key = CALayerProperty.key(for: path)
        guard state[keyPath: path] != value else {
            if suppressChangeHandling == 0 { explicitlySetKeys.insert(key) }
            return
        }
        change(key) { $0.state[keyPath: path] = value }
        if path == \LayerState.isHidden, let hidden = value as? Bool {
            runAction(forEvent: hidden ? kCAOnOrderOut : kCAOnOrderIn)
        }
    }

    /// Runs `store` as the change of `key`: without change handling on copies and while applying
    /// defaults; otherwise between the action search and the action, marking the key explicit.
    func change(_ key: String, _ store: (CALayer) -> Void) {
        guard suppressChangeHandling == 0 else {
            store(self)
            return
        }
        let action = actionForChange(ofKey: key)
        markRenderDirty()
        store(self)
        explicitlySetKeys.insert(key)
        propertyDidChange(key)
        run(action, forKey: key)
    }

    /// Runs after any property change: redisplay when the class asks for it, and the model
    /// generation moves on (presentation copies are rebuilt).
    func propertyDidChange(_ key: String) {
        TransactionStack.current.ensureOpen()
        modelGeneration.add(1, ordering: .relaxed)
        if type(of: self).needsDisplay(forKey: key) {
            setNeedsDisplay()
        }
    }

    /// Applies a subclass's overridden `defaultValue(forKey:)` results to a new layer.
    func applyClassDefaults() {
        let layerClass = type(of: self)
        guard layerClass != CALayer.self else { return }
        withoutChangeHandling {
            let table = CALayerProperty.table.merging(layerClass.kindProperties) { first, _ in first }
            for (key, property) in table where property.usesStyle || property.statePath == \LayerState.bounds
            {
                guard let value = layerClass.defaultValue(forKey: key) else { continue }
                _ = property.set(self, value)
            }
        }
    }

    /// Re-derives every property not set explicitly from the `style` chain or the class default.
    func applyStyle() {
        let layerClass = type(of: self)
        withoutChangeHandling {
            let table = CALayerProperty.table.merging(layerClass.kindProperties) { first, _ in first }
            for (key, property) in table where property.usesStyle {
                guard !explicitlySetKeys.contains(key) else { continue }
                let value =
                    styleValue(forKey: key) ?? layerClass.defaultValue(forKey: key) ?? property.defaultValue
                _ = property.set(self, value)
            }
        }
        if suppressChangeHandling == 0 { setNeedsDisplay() }
    }

    /// The value for `key` in the `style` dictionary, searching nested `"style"` entries.
    func styleValue(forKey key: String) -> Any? {
        var current = state.style
        while let style = current {
            if let value = style[key] { return value is NSNull ? nil : value }
            current = style[CALayerProperty.styleKey] as? [AnyHashable: Any]
        }
        return nil
    }

    /// `action(forKey:)`'s search (Apple's `CALayer` header): delegate, `actions`, `style` actions,
    /// then the class default. `NSNull` at any step ends the search with no action.
    func actionImplementation(forKey event: String) -> (any CAAction)? {
        // Inside `CALayer.animate(…)` the block answers first, as a UIKit view answers inside
        // its animation blocks (listing 7.5).
        if let block = LayerAnimationBlock.current, isImplicitlyAnimatable(event) {
            return block.makeAnimation(keyPath: event, for: self)
        }
        if let found = delegate?.action(for: self, forKey: event) {
            return found is NSNull ? nil : found
        }
        if let found = state.actions?[event] {
            return found is NSNull ? nil : found
        }
        var style = state.style
        while let current = style {
            if let actions = current[CALayerProperty.actionsKey] as? [String: any CAAction],
                let found = actions[event]
            {
                return found is NSNull ? nil : found
            }
            style = current[CALayerProperty.styleKey] as? [AnyHashable: Any]
        }
        if let found = type(of: self).defaultAction(forKey: event) {
            return found is NSNull ? nil : found
        }
        return implicitAction(forKey: event)
    }
}
