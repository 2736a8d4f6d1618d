import QuartzCore

/// An object that receives touches (UIKit's `UIResponder`). The default touch methods pass
/// the touches on to `next`, as UIKit's do.
open class UIResponder: NSObject {
    /// The responder that receives what this one does not handle: for a view, its view
    /// controller if it is one's root view, otherwise its superview. `nil` by default.
    open var next: UIResponder? { nil }

    /// Called on objects loaded from a nib once all were connected. Lamina loads no nibs and
    /// never calls it; it exists so that overrides in iOS code compile (on iOS it belongs to
    /// `NSObject`) (ruling U17).
    open func awakeFromNib() {}

    /// Called by Interface Builder before it draws an `@IBDesignable` view. Lamina has no
    /// Interface Builder and never calls it; it exists so that overrides compile (ruling U17).
    open func prepareForInterfaceBuilder() {}

    /// Touches went down. The default passes them to `next`.
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesBegan(touches, with: event)
    }

    /// Touches moved. The default passes them to `next`.
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesMoved(touches, with: event)
    }

    /// Touches lifted. The default passes them to `next`.
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesEnded(touches, with: event)
    }

    /// Touches were cancelled (a gesture recogniser took them). The default passes them to
    /// `next`.
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesCancelled(touches, with: event)
    }
}
