import CoreGraphics

// Actions (Apple's `CALayer` header; ruling E4): a property change of a committed layer looks up
// `action(forKey:)` — unless the transaction disables actions — and runs what it finds after the
// model value changed. The last step of the search is Core Animation's implicit animation: a
// CABasicAnimation of the property with the transaction's duration and timing function
// (`.default` when none), from the presentation value before the change to the new model value.

extension CALayer {
    /// Keys the implicit step animates: the table's animatable, interpolable properties. Flags
    /// (`hidden`, `masksToBounds`, `doubleSided`, `shouldRasterize`) and the hierarchy keys
    /// (`sublayers`, `mask`) change at once.
    static let implicitlyAnimatedKeys: Set<String> = Set(
        CALayerProperty.table.values.filter { $0.isAnimatable && !$0.changesAtOnce }.map(\.key))

    /// Step 5 of the action search: the implicit animation for `key`, for a layer that has been
    /// committed; `nil` otherwise.
    func implicitAction(forKey key: String) -> (any CAAction)? {
        guard isImplicitlyAnimatable(key) else { return nil }
        let animation = CABasicAnimation(keyPath: key)
        animation.timingFunction =
            CATransaction.animationTimingFunction() ?? CAMediaTimingFunction(name: .default)
        return animation
    }

    /// Whether a change of `key` on this layer gets an implicit animation: a committed model
    /// layer (or any model layer inside `CALayer.animate(…)`, which animates views added in the
    /// same turn as UIKit does) and an animatable, interpolable key of the table or of the
    /// layer's kind (`kindProperties`).
    func isImplicitlyAnimatable(_ key: String) -> Bool {
        (hasBeenCommitted || LayerAnimationBlock.current != nil) && modelLayer == nil
            && (Self.implicitlyAnimatedKeys.contains(key)
                || type(of: self).kindProperties[key]?.isAnimatable == true)
    }

    /// Before a change of `key`: the action to run after it, if actions apply. For an animation
    /// that interpolates from the previous value, that value is captured now.
    func actionForChange(ofKey key: String) -> (any CAAction)? {
        // Cheapest checks first: most changes are to layers not yet committed.
        guard suppressChangeHandling == 0, modelLayer == nil,
            hasBeenCommitted || LayerAnimationBlock.current != nil
                || (delegate != nil && UncommittedLayerActions.isOpen),
            !CATransaction.disableActions()
        else { return nil }
        guard let action = action(forKey: key) else { return nil }
        if let basic = action as? CABasicAnimation, basic.fromValue == nil, basic.toValue == nil,
            basic.byValue == nil
        {
            pendingPreviousValues[basic.keyPath ?? key] = AnimatableValue(
                presentationValue(forKeyPath: basic.keyPath ?? key))
        }
        return action
    }

    /// After a change of `key`: runs the action found before it.
    func run(_ action: (any CAAction)?, forKey key: String) {
        guard let action else { return }
        action.run(forKey: key, object: self, arguments: nil)
        pendingPreviousValues.removeAll()
    }

    /// Runs the action for an event that is not a property change (`kCAOnOrderIn`,
    /// `kCAOnOrderOut`, `kCATransition`), when the layer or its superlayer has been committed.
    func runAction(forEvent event: String) {
        guard suppressChangeHandling == 0, modelLayer == nil, !CATransaction.disableActions(),
            hasBeenCommitted || superlayerStorage?.hasBeenCommitted == true
        else { return }
        action(forKey: event)?.run(forKey: event, object: self, arguments: nil)
    }
}

/// Package hook for UIKit's view animation blocks: while `open(during:)` runs on this thread, a
/// layer with a delegate asks its action search about changes even before it has been committed,
/// so a view created in the same turn animates inside a block, as UIKit's do.
package enum UncommittedLayerActions {
    private static let threadKey = "LaminaUncommittedLayerActions"

    /// Whether the hook is open on this thread.
    static var isOpen: Bool { (Thread.current.threadDictionary[threadKey] as? Int ?? 0) > 0 }

    /// Runs `body` with the hook open on this thread (calls nest).
    package static func open<T>(during body: () throws -> T) rethrows -> T {
        let dictionary = Thread.current.threadDictionary
        dictionary[threadKey] = (dictionary[threadKey] as? Int ?? 0) + 1
        defer { dictionary[threadKey] = (dictionary[threadKey] as? Int ?? 1) - 1 }
        return try body()
    }
}
