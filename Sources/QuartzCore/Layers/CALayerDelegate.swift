import CoreGraphics

/// The object a layer asks for drawing, layout and actions (Apple's `CALayerDelegate`).
///
/// Every method is optional, as on Apple's platforms: the default implementations below make the
/// layer behave as if the delegate did not implement the method.
public protocol CALayerDelegate: AnyObject {
    /// Provides the layer's `contents` itself, instead of drawing into a backing store.
    /// The default implementation lets the layer create a backing store and call
    /// `draw(_:in:)`.
    func display(_ layer: CALayer)
    /// Draws the layer's content into `ctx`, a backing store of the layer's bounds at its
    /// `contentsScale`, in the layer's bounds coordinates. The default draws nothing.
    func draw(_ layer: CALayer, in ctx: CGContext)
    /// Called before `draw(_:in:)` when the layer is about to draw. The default does nothing.
    func layerWillDraw(_ layer: CALayer)
    /// Lays out the layer's sublayers; called when the layer's bounds change or
    /// `setNeedsLayout()` was called. The default does nothing.
    func layoutSublayers(of layer: CALayer)
    /// The action for the event `event` of `layer`, consulted first by
    /// `CALayer.action(forKey:)`. Return `nil` to continue the search, `NSNull()` to stop it
    /// with no action. The default returns `nil`.
    func action(for layer: CALayer, forKey event: String) -> (any CAAction)?
}

extension CALayerDelegate {
    /// Lets the layer draw through a backing store (the behaviour when not implemented).
    public func display(_ layer: CALayer) {
        layer.displayIntoBackingStore()
    }

    /// Draws nothing (the behaviour when not implemented).
    public func draw(_ layer: CALayer, in ctx: CGContext) {
        layer.markDrawNotImplemented()
    }

    /// Does nothing.
    public func layerWillDraw(_ layer: CALayer) {}

    /// Does nothing.
    public func layoutSublayers(of layer: CALayer) {}

    /// Returns `nil`: the search continues with the layer's `actions`.
    public func action(for layer: CALayer, forKey event: String) -> (any CAAction)? { nil }
}
