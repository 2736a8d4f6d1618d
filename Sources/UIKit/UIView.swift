import QuartzCore

/// A layer-backed rectangle of the screen (UIKit's `UIView`): every geometric and visual
/// property reads and writes its `layer`, and the view is the layer's delegate — it draws
/// through `draw(_:)`, lays out through `layoutSubviews()`, and answers the layer's actions:
/// `NSNull` (no animation) outside view animation blocks, an animation inside one.
open class UIView: UIResponder, CALayerDelegate {
    /// The class of the backing layer. Default `CALayer`. A subclass returning a `CALayer`
    /// subclass of its own overrides `makeBackingLayer()` too (ruling U4).
    open class var layerClass: AnyClass { CALayer.self }

    /// The backing layer, created once from `layerClass` (its delegate is the view).
    public let layer: CALayer
    /// The subviews, back to front.
    public internal(set) var subviews: [UIView] = []
    /// The view this one is a subview of.
    public internal(set) weak var superview: UIView?
    /// A number to find the view by (`viewWithTag(_:)`). Default 0.
    open var tag = 0
    /// Whether touches reach this view and its subviews (hit testing skips it when `false`).
    /// Default `true`.
    open var isUserInteractionEnabled = true
    /// The background colour, kept as given (the layer holds its `cgColor`). Default `nil`.
    var storedBackgroundColor: UIColor?
    /// How the layer's contents fit its bounds. Default `.scaleToFill`.
    var storedContentMode: ContentMode = .scaleToFill
    /// Animations running on the view without `allowUserInteraction`: while positive, hit
    /// testing skips the view (ruling U9).
    var interactionBlockingAnimations = 0
    /// The view controller whose root view this is.
    weak var viewController: UIViewController?
    /// Gesture recognisers attached to the view.
    var recognizers: [UIGestureRecognizer] = []

    /// A view with `frame` (in its superview's coordinates).
    public init(frame: CGRect) {
        layer = Self.makeBackingLayer()
        super.init()
        // The initial frame never animates, even inside an animation block: the layer has no
        // delegate to ask yet.
        layer.frame = frame
        layer.delegate = self
    }

    /// A view with a zero frame.
    public convenience override init() {
        self.init(frame: .zero)
    }

    /// Makes the backing layer: an instance of `layerClass` when it is a QuartzCore layer class
    /// (Swift cannot instantiate an arbitrary `CALayer` subclass from its metatype). Lamina
    /// extension: a view whose `layerClass` is a layer subclass of its own overrides this to
    /// return an instance of it.
    open class func makeBackingLayer() -> CALayer {
        let requested: AnyClass = layerClass
        var candidate: AnyClass? = requested
        while let current = candidate {
            if let make = knownLayerFactories[ObjectIdentifier(current)] {
                if current != requested {
                    CompatibilityWarnings.report(
                        "UIView: layerClass \(requested) cannot be instantiated; override makeBackingLayer() "
                            + "(a \(current) is used)")
                }
                return make()
            }
            candidate = _getSuperclass(current)
        }
        return CALayer()
    }

    // MARK: - Layout and drawing (overridable)

    /// Lays out the subviews. The default does nothing (there is no Auto Layout).
    open func layoutSubviews() {}

    /// Draws the view's content into the current context (`UIGraphicsGetCurrentContext()`),
    /// y-down in the view's bounds coordinates. Called when the layer displays after
    /// `setNeedsDisplay()`; a view that does not override it keeps no backing store.
    open func draw(_ rect: CGRect) {
        layer.markDrawNotImplemented()
    }

    /// Whether `point` (in the view's bounds coordinates) is inside the view: in its bounds.
    open func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        bounds.contains(point)
    }

    /// The farthest descendant (or the view itself) that contains `point` (in the view's
    /// coordinates) and takes touches; `nil` when the view is hidden, has alpha 0.01 or
    /// less, does not take interaction, or does not contain the point. Subviews are searched
    /// front to back; a subview outside the bounds is found even when `clipsToBounds` is
    /// false, as in UIKit only if the point is inside this view.
    open func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        hitTestImplementation(point, with: event)
    }

    // MARK: - Responder chain

    /// The view controller, when this is its root view; otherwise the superview.
    open override var next: UIResponder? { viewController ?? superview }

    // MARK: - Hierarchy notifications (overridable)

    /// Called before the view moves to `newSuperview` (`nil`: removal). Does nothing.
    open func willMove(toSuperview newSuperview: UIView?) {}
    /// Called after the view moved to a new superview (or was removed). Does nothing.
    open func didMoveToSuperview() {}
    /// Called after `subview` was added. Does nothing.
    open func didAddSubview(_ subview: UIView) {}
    /// Called before `subview` is removed. Does nothing.
    open func willRemoveSubview(_ subview: UIView) {}

    // MARK: - CALayerDelegate

    /// Draws through `draw(_:)` with `ctx` pushed as the current UIGraphics context.
    public func draw(_ layer: CALayer, in ctx: CGContext) {
        guard layer === self.layer else { return }
        UIGraphicsPushContext(ctx)
        draw(layer.bounds)
        UIGraphicsPopContext()
    }

    /// Runs `layoutSubviews()` when the layer lays out.
    public func layoutSublayers(of layer: CALayer) {
        guard layer === self.layer else { return }
        layoutSubviews()
    }

    /// UIKit's answer for its own layer: `NSNull` outside animation blocks (and for keys that
    /// views do not animate), the block's animation inside one (ruling U5). Other layers the
    /// view is delegate of get `nil`.
    open func action(for layer: CALayer, forKey event: String) -> (any CAAction)? {
        guard layer === self.layer else { return nil }
        return ViewAnimationContext.action(for: self, forKey: event)
    }
}

/// Factories of QuartzCore's layer classes, for `layerClass`.
private let knownLayerFactories: [ObjectIdentifier: @Sendable () -> CALayer] = [
    ObjectIdentifier(CALayer.self): { CALayer() },
    ObjectIdentifier(CAShapeLayer.self): { CAShapeLayer() },
    ObjectIdentifier(CAGradientLayer.self): { CAGradientLayer() },
    ObjectIdentifier(CATextLayer.self): { CATextLayer() },
    ObjectIdentifier(CAReplicatorLayer.self): { CAReplicatorLayer() },
    ObjectIdentifier(CATransformLayer.self): { CATransformLayer() },
    ObjectIdentifier(CAEmitterLayer.self): { CAEmitterLayer() },
]
