import QuartzCore

// Geometry and appearance: each property reads and writes the backing layer, as UIKit's do.

extension UIView {
    /// How a view's content fits its bounds (UIKit's `UIView.ContentMode`), mapped onto the
    /// layer's `contentsGravity`.
    public enum ContentMode: Int, Sendable {
        /// Stretch to fill (`.resize`).
        case scaleToFill = 0
        /// Fit, keeping the aspect ratio (`.resizeAspect`).
        case scaleAspectFit = 1
        /// Fill, keeping the aspect ratio, cropping (`.resizeAspectFill`).
        case scaleAspectFill = 2
        /// Stretch, and redraw when the bounds change.
        case redraw = 3
        /// Centred, unscaled.
        case center = 4
        /// Top edge, centred horizontally.
        case top = 5
        /// Bottom edge.
        case bottom = 6
        /// Left edge.
        case left = 7
        /// Right edge.
        case right = 8
        /// Top-left corner.
        case topLeft = 9
        /// Top-right corner.
        case topRight = 10
        /// Bottom-left corner.
        case bottomLeft = 11
        /// Bottom-right corner.
        case bottomRight = 12

        /// The layer gravity that puts the content where the mode says on screen. A layer's
        /// vertical gravity names follow its y axis (`top` is maximum y, ruling V3), which in a
        /// view's y-down geometry is the bottom edge on screen, so the vertical names swap: a
        /// view's `.top` is the layer's `.bottom` (ruling U23).
        var gravity: CALayerContentsGravity {
            switch self {
            case .scaleToFill, .redraw: return .resize
            case .scaleAspectFit: return .resizeAspect
            case .scaleAspectFill: return .resizeAspectFill
            case .center: return .center
            case .top: return .bottom
            case .bottom: return .top
            case .left: return .left
            case .right: return .right
            case .topLeft: return .bottomLeft
            case .topRight: return .bottomRight
            case .bottomLeft: return .topLeft
            case .bottomRight: return .topRight
            }
        }
    }

    /// The 2D transform about the centre (the layer's affine transform). Default identity.
    public var transform: CGAffineTransform {
        get { layer.affineTransform() }
        set { layer.setAffineTransform(newValue) }
    }

    /// The 3D transform (the layer's `transform`). Default identity.
    public var transform3D: CATransform3D {
        get { layer.transform }
        set { layer.transform = newValue }
    }

    /// The opacity, 0…1 (the layer's `opacity`). Default 1. Non-finite values are ignored.
    public var alpha: CGFloat {
        get { CGFloat(layer.opacity) }
        set {
            guard newValue.isFinite else { return }
            layer.opacity = Float(newValue)
        }
    }

    /// The background colour (the layer's `backgroundColor`). Default `nil`.
    public var backgroundColor: UIColor? {
        get { storedBackgroundColor }
        set {
            storedBackgroundColor = newValue
            layer.backgroundColor = newValue?.cgColor
        }
    }

    /// Whether the view is hidden (the layer's `isHidden`). Default `false`.
    public var isHidden: Bool {
        get { layer.isHidden }
        set { layer.isHidden = newValue }
    }

    /// Whether subviews are clipped to the bounds (the layer's `masksToBounds`). Default
    /// `false`.
    public var clipsToBounds: Bool {
        get { layer.masksToBounds }
        set { layer.masksToBounds = newValue }
    }

    /// How the layer's contents fit the bounds. Default `.scaleToFill`; `.redraw` also
    /// redraws when the bounds change.
    public var contentMode: ContentMode {
        get { storedContentMode }
        set {
            storedContentMode = newValue
            layer.contentsGravity = newValue.gravity
            layer.needsDisplayOnBoundsChange = newValue == .redraw
        }
    }

    /// The scale of the layer's backing store (the layer's `contentsScale`).
    public var contentScaleFactor: CGFloat {
        get { layer.contentsScale }
        set { layer.contentsScale = newValue }
    }

    // MARK: - Conversion

    /// `point` in this view's coordinates converted to `view`'s (the window's when `nil`).
    public func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        layer.convert(point, to: (view ?? rootView).layer)
    }

    /// `point` in `view`'s coordinates (the window's when `nil`) converted to this view's.
    public func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
        layer.convert(point, from: (view ?? rootView).layer)
    }

    /// `rect` in this view's coordinates converted to `view`'s (its bounding box there).
    public func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
        layer.convert(rect, to: (view ?? rootView).layer)
    }

    /// `rect` in `view`'s coordinates converted to this view's (its bounding box here).
    public func convert(_ rect: CGRect, from view: UIView?) -> CGRect {
        layer.convert(rect, from: (view ?? rootView).layer)
    }

    /// The top of the hierarchy: the window, or the highest superview.
    var rootView: UIView {
        var top = self
        while let parent = top.superview { top = parent }
        return top
    }

    // MARK: - Layout and display

    /// Marks the view for layout at the next `layoutIfNeeded()` (or before the next frame).
    public func setNeedsLayout() { layer.setNeedsLayout() }

    /// Lays out now the views marked for layout, from the highest marked ancestor down.
    public func layoutIfNeeded() { layer.layoutIfNeeded() }

    /// Marks the view for drawing: `draw(_:)` runs before the next frame (or at the layer's
    /// `displayIfNeeded()`).
    public func setNeedsDisplay() { layer.setNeedsDisplay() }

    /// Marks `rect` for drawing (the whole view is redrawn).
    public func setNeedsDisplay(_ rect: CGRect) { layer.setNeedsDisplay(rect) }
}
