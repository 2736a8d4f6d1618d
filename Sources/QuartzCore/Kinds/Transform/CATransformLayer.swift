import CoreGraphics

/// A layer that keeps its sublayers in 3D instead of flattening them into its plane (Apple's
/// `CATransformLayer`), to build 3D objects out of layers.
///
/// Only the sublayers are rendered: the layer's own `backgroundColor`, `contents`, border and
/// shadow are not drawn, and `mask`, `masksToBounds`, `filters`, `backgroundFilters` and
/// `compositingFilter` are ignored. `opacity` applies to each sublayer individually (there is no
/// compositing group); `transform` and `sublayerTransform` apply as to any layer. The sublayers —
/// and the sublayers of nested transform layers, in one space — are drawn back to front, sorted
/// by the depth of each one's bounds' centre; each of them flattens its own subtree into its
/// plane as usual. A transform layer has no 2D coordinate space: Apple says `hitTest(_:)` should
/// never be called on one.
open class CATransformLayer: CALayer {
    /// Always fails, as `CALayer`'s does: Lamina decodes no layers (ruling L18).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// Creates a transform layer with `CALayer`'s defaults.
    public override init() {
        super.init()
    }

    /// Creates a copy of `layer` (a presentation copy).
    public required init(layer: Any) {
        super.init(layer: layer)
    }

    /// A transform layer's render node keeps its sublayers in 3D.
    override package func makeKindValues() -> (any LayerKindValues)? { TransformLayerValues() }
}
