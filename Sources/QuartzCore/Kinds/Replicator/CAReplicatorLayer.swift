import CoreGraphics

/// A layer that draws its sublayers several times, each copy with a geometric, temporal and
/// colour change (Apple's `CAReplicatorLayer`).
///
/// The replicator draws its own background, contents and border as any layer does; its sublayers
/// are drawn `instanceCount` times. Instance `k` (0 is the sublayers as they are):
/// - is transformed by `instanceTransform` applied `k` times, about the replicator's anchor point
///   (the origin of its `sublayerTransform`, the centre with the default anchor), before the
///   `sublayerTransform`;
/// - shows its sublayers' animations `k × instanceDelay` seconds earlier in their timeline (the
///   subtree as it is at time `t − k × instanceDelay`);
/// - has every colour it draws multiplied by `instanceColor` plus `k` times the red, green, blue
///   and alpha offsets, each component clamped to [0, 1].
///
/// Instances are drawn in order, 0 first, each with all its sublayers (sorted by `zPosition`).
/// With `preservesDepth` the instances keep their 3D positions and are depth-sorted as in a
/// `CATransformLayer`, whose restrictions then apply to the kindValues. Every property but
/// `preservesDepth` is animatable. `hitTest(_:)` tests only the first instance, as Apple's does.
@KindTable
open class CAReplicatorLayer: CALayer {
    /// Always fails, as `CALayer`'s does: Lamina decodes no layers (ruling L18).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// Creates a replicator layer with Apple's defaults: one instance, no delay, the identity
    /// instance transform, an opaque white instance colour and zero offsets.
    public override init() {
        super.init()
    }

    /// Creates a copy of `layer` (a presentation copy), including its replicator properties.
    public required init(layer: Any) {
        if let other = layer as? CAReplicatorLayer { kindValues = other.kindValues }
        super.init(layer: layer)
    }

    /// The number of copies drawn, including the sublayers themselves. Default 1. A count of 0 or
    /// less draws no sublayers; counts above `CAReplicatorLayer.maximumInstanceCount` draw that
    /// many (reported once). Animatable (an animated count is rounded to the nearest integer).
    @Declared(default: 1, animatable: true)
    open var instanceCount: Int

    /// Whether the instances keep their 3D positions, depth-sorted, instead of being flattened
    /// into the replicator's plane. Default `false`. When `true` the replicator is treated as a
    /// `CATransformLayer`: its own background, contents, border, shadow, `mask` and
    /// `masksToBounds` are ignored and its opacity applies to each sublayer. Not animatable.
    @Declared(default: false)
    open var preservesDepth: Bool

    /// The delay in seconds between the copies' animations: instance `k` shows its sublayers at
    /// `k × instanceDelay` seconds earlier (in the replicator's time). Default 0 (the copies are
    /// synchronised). A non-finite delay counts as 0. Animatable.
    @Declared(default: 0, animatable: true)
    open var instanceDelay: CFTimeInterval

    /// The transform applied to instance `k − 1` to produce instance `k`, about the replicator's
    /// anchor point (in its bounds coordinates, before its `sublayerTransform`). Default the
    /// identity. Animatable.
    @Declared(default: CATransform3DIdentity, animatable: true)
    open var instanceTransform: CATransform3D

    /// The colour every colour of instance 0 is multiplied by, component by component (alpha
    /// included). Default opaque white (no change); `nil` counts as white. Animatable.
    @Declared(default: CGColor.white, animatable: true)
    open var instanceColor: CGColor?

    /// Added to the red component of the multiplying colour from one instance to the next
    /// (instance `k` gets `k` times it), the result clamped to [0, 1]. Default 0. Animatable.
    @Declared(default: 0, animatable: true)
    open var instanceRedOffset: Float

    /// Added to the green component of the multiplying colour from one instance to the next
    /// (see `instanceRedOffset`). Default 0. Animatable.
    @Declared(default: 0, animatable: true)
    open var instanceGreenOffset: Float

    /// Added to the blue component of the multiplying colour from one instance to the next (see
    /// `instanceRedOffset`). Default 0. Animatable.
    @Declared(default: 0, animatable: true)
    open var instanceBlueOffset: Float

    /// Added to the alpha of the multiplying colour from one instance to the next (see
    /// `instanceRedOffset`); a negative offset fades the copies out one after the other. Default
    /// 0. Animatable.
    @Declared(default: 0, animatable: true)
    open var instanceAlphaOffset: Float

    /// The most instances a replicator draws (Lamina's cap, so that a huge `instanceCount`
    /// cannot stall a frame): 10,000.
    public static let maximumInstanceCount = 10_000

    /// The replicator's values for its render node.
    override package func makeKindValues() -> (any LayerKindValues)? { kindValues }
}

extension CAReplicatorLayer.Values {
    /// The multiplying colour of instance `k`, non-premultiplied red, green, blue, alpha, each
    /// clamped to [0, 1] (a non-finite component counts as 1 for the colour, 0 for an offset).
    func color(ofInstance k: Int) -> (Float, Float, Float, Float) {
        let base = instanceColor?.rgbaComponents ?? (r: 1, g: 1, b: 1, a: 1)
        func component(_ value: CGFloat, _ offset: Float) -> Float {
            let start = value.isFinite ? Float(value) : 1
            let step = offset.isFinite ? offset : 0
            let result = start + Float(k) * step
            return result.isFinite ? min(max(result, 0), 1) : 0
        }
        return (
            component(base.r, instanceRedOffset), component(base.g, instanceGreenOffset),
            component(base.b, instanceBlueOffset), component(base.a, instanceAlphaOffset)
        )
    }
}
