import CoreGraphics

/// An object that responds to a layer event, such as a property change (Apple's `CAAction`).
///
/// `CAAnimation` adopts it by adding itself to the layer; `NSNull` adopts it as "no action",
/// which stops the search of `CALayer.action(forKey:)`.
public protocol CAAction: AnyObject {
    /// Performs the action for the event `event` of `anObject` (the layer).
    ///
    /// - Parameters:
    ///   - event: the event's key path, such as `"position"` or `kCAOnOrderIn`.
    ///   - anObject: the object the event happened to.
    ///   - dict: optional named arguments of the event.
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?)
}

extension NSNull: CAAction {
    /// Does nothing: `NSNull` is the "no action" marker of the action search.
    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {}
}
