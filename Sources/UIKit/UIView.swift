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
    /// The tint set on this view (`nil`: inherited).
    var storedTintColor: UIColor?

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

    /// UIKit's initialiser for views loaded from a nib or storyboard. Lamina has no nib loading
    /// and decodes no views: this always fails (returns `nil`, with a compatibility warning).
    /// It exists, `required` as in UIKit, so that the subclass patterns of iOS code compile:
    /// `required init?(coder:) { super.init(coder: coder); … }` (which then fails too) and
    /// `required init?(coder:) { fatalError("init(coder:) has not been implemented") }`
    /// (ruling U17).
    public required init?(coder: NSCoder) {
        CompatibilityWarnings.report("UIView: init(coder:) is not supported (no nib loading); it returns nil")
        return nil
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

    // MARK: - Geometry (overridable)

    /// The rectangle in the superview's coordinates: the layer's `frame` (undefined, as in
    /// UIKit, when `transform` is not the identity — use `center` and `bounds`). Setting it
    /// sets the layer's frame directly: overrides of `bounds` and `center` are not called, as
    /// in UIKit (ruling U18).
    open var frame: CGRect {
        get { layer.frame }
        set { layer.frame = newValue }
    }

    /// The rectangle in the view's own coordinates (the layer's `bounds`).
    open var bounds: CGRect {
        get { layer.bounds }
        set { layer.bounds = newValue }
    }

    /// The centre in the superview's coordinates (the layer's `position`).
    open var center: CGPoint {
        get { layer.position }
        set { layer.position = newValue }
    }

    /// The window the view is in: the top of its hierarchy when that is a `UIWindow` (a window
    /// is its own `window`), otherwise `nil`.
    open var window: UIWindow? {
        rootView as? UIWindow
    }

    // MARK: - Sizing (overridable)

    /// The "no intrinsic size" marker for one dimension of `intrinsicContentSize` (−1).
    public static let noIntrinsicMetric: CGFloat = -1

    /// The size the view's content needs, in points; `noIntrinsicMetric` in a dimension that
    /// has none. The default has none in either. There is no Auto Layout to read it: layout
    /// code (`layoutSubviews()`, `sizeThatFits(_:)`) may.
    open var intrinsicContentSize: CGSize {
        CGSize(width: Self.noIntrinsicMetric, height: Self.noIntrinsicMetric)
    }

    /// Says that `intrinsicContentSize` changed: marks the superview for layout, so that its
    /// `layoutSubviews()` runs at the next layout pass and can read the new size (ruling U19).
    /// Without a superview it does nothing.
    open func invalidateIntrinsicContentSize() {
        superview?.setNeedsLayout()
    }

    /// The size that best fits `size`. The default returns the view's current size
    /// (`bounds.size`), as UIKit's does.
    open func sizeThatFits(_ size: CGSize) -> CGSize {
        bounds.size
    }

    /// Resizes the view to `sizeThatFits(bounds.size)`, keeping the frame's origin. A fitted size
    /// with a non-finite or negative dimension is ignored (ruling U19).
    open func sizeToFit() {
        let fitted = sizeThatFits(bounds.size)
        guard fitted.width.isFinite, fitted.height.isFinite, fitted.width >= 0, fitted.height >= 0 else {
            return
        }
        frame = CGRect(origin: frame.origin, size: fitted)
    }

    // MARK: - Tint (overridable)

    /// The tint: the colour set on this view, else its superview's tint, else
    /// `UIColor.systemBlue` at the top. Setting `nil` returns to the inherited tint. Changing
    /// it calls `tintColorDidChange()` on the view and on its descendants that inherit it.
    open var tintColor: UIColor! {
        get { effectiveTint }
        set {
            let old = effectiveTint
            storedTintColor = newValue
            notifyTintChange(from: old, force: true)
        }
    }

    /// The tint as `tintColor` reads it (never `nil`).
    var effectiveTint: UIColor { storedTintColor ?? superview?.effectiveTint ?? .systemBlue }

    /// Called when the view's tint changed (set on it, or inherited from an ancestor that
    /// changed or moved). Does nothing.
    open func tintColorDidChange() {}

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

    // MARK: - Hierarchy notifications (overridable; order: ruling U17)

    /// Called before the view moves to `newSuperview` (`nil`: removal). Does nothing.
    open func willMove(toSuperview newSuperview: UIView?) {}
    /// Called after the view moved to a new superview (or was removed). Does nothing.
    open func didMoveToSuperview() {}
    /// Called before the view's window changes to `newWindow` (`nil`: leaving every window):
    /// on the view that moves and on each of its descendants, a view before its subviews.
    /// Does nothing.
    open func willMove(toWindow newWindow: UIWindow?) {}
    /// Called after the view's window changed (read `window`); on the same views as
    /// `willMove(toWindow:)`. Does nothing.
    open func didMoveToWindow() {}
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
