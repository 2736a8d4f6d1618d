import CoreGraphics

/// The values a layer kind adds to a render node — a shape's path and stroke, a gradient's
/// colours, a text layer's string, a replicator's instances, an emitter's cells — and how the
/// compositor draws them. Every layer kind contributes to render trees through this one protocol:
/// `CALayer.makeKindValues()` captures the values at commit, animations read and write them by
/// key path (`properties`), and the renderer asks them for their content.
///
/// Values are plain values: a published node's never change, whatever the model does later.
package protocol LayerKindValues {
    /// The kind's animatable and drawn properties, by key-value coding key.
    static var properties: [String: CALayerProperty.Stored<Self>] { get }

    /// The value at `keyPath`, or `nil` (not `.some(nil)`) when the kind has no such key path.
    func value(forKeyPath keyPath: String) -> Any??

    /// Writes `value` at `keyPath`; `false` when the kind has no such key path or the value has
    /// the wrong type.
    mutating func setValue(_ value: Any?, forKeyPath keyPath: String) -> Bool

    /// Whether the renderer draws the kind's own content (`ownContents`) instead of `contents`.
    var drawsOwnContents: Bool { get }

    /// Whether the kind's own content shows upright whatever the geometry flips above its layer,
    /// as a `contents` image does (text), rather than following the layer's geometry (shapes,
    /// gradients) (ruling L20).
    var ownContentsAreUpright: Bool { get }

    /// Whether the kind keeps its sublayers in 3D (a transform layer, a replicator preserving
    /// depth) instead of flattening them into its plane.
    var keepsSublayersIn3D: Bool { get }

    /// Whether the kind draws particles over its layer (an emitter with cells): they move with
    /// time, so its layer is never cached as a bitmap.
    var emitsParticles: Bool { get }

    /// How the kind repeats its sublayers (a replicator's count, delay, transform and colours),
    /// or `nil` for a kind that draws them once: how the build stage learns a replicator's
    /// values without asking for its type.
    var replication: CAReplicatorLayer.Values? { get }

    /// The kind's particle emission (an emitter's cells, shape and rates), or `nil` for a kind
    /// that emits none.
    var emission: CAEmitterLayer.Values? { get }

    /// Whether everything the kind draws stays within its layer's bounds (a gradient, a text
    /// layer), so that a compositing region may be cut to them. By default, whether its own
    /// content is clipped to them.
    var drawsWithinBounds: Bool { get }

    /// Whether the kind's own content is drawn only inside the bounds, whatever
    /// `masksToBounds` says (a gradient fills its bounds and no more).
    var clipsOwnContentsToBounds: Bool { get }

    /// The kind's content as presented with `state`, at `request.scale` framebuffer pixels per
    /// point: an image and the rectangle of bounds coordinates it covers (which may extend past
    /// the bounds), or `nil` for nothing. Only what `request` plans is rasterised — all of the
    /// content while it fits the request's budget, else the part of it that is visible, with a
    /// margin (ruling V19). `cache` is the renderer's, kept per layer from frame to frame, for the
    /// kind to reuse its last image while its drawn values do not change and it still covers
    /// what is visible.
    func ownContents(state: LayerState, request: RasterRequest, cache: inout Any?) -> (
        image: CGImage, rect: CGRect
    )?

    /// The rectangle of bounds coordinates the kind's own content covers, drawn at `scale`
    /// pixels per point, where it may reach past the bounds (a shape's path grown by its
    /// stroke); `nil` when the kind draws nothing of its own outside them.
    func ownContentsExtent(state: LayerState, scale: CGFloat) -> CGRect?

    /// Sets every one of the kind's properties on `layer`, a presentation copy of the kind's
    /// layer class, by key-value coding.
    func write(into layer: CALayer)
}

extension LayerKindValues {
    package func value(forKeyPath keyPath: String) -> Any?? {
        PropertyKeyPath.value(keyPath, in: self, Self.properties)
    }

    package mutating func setValue(_ value: Any?, forKeyPath keyPath: String) -> Bool {
        PropertyKeyPath.setValue(value, keyPath, in: &self, Self.properties)
    }

    package var drawsOwnContents: Bool { false }

    package var ownContentsAreUpright: Bool { false }

    package func ownContentsExtent(state: LayerState, scale: CGFloat) -> CGRect? { nil }

    package func write(into layer: CALayer) {
        for key in Self.properties.keys {
            if case .some(let value) = value(forKeyPath: key) { layer.setValue(value, forKey: key) }
        }
    }

    package var keepsSublayersIn3D: Bool { false }

    /// Whether the kind draws its sublayers as a number of instances (a replicator) instead of
    /// once each.
    package var drawsSublayerInstances: Bool { replication != nil }

    package var emitsParticles: Bool { false }

    package var replication: CAReplicatorLayer.Values? { nil }

    package var emission: CAEmitterLayer.Values? { nil }

    package var drawsWithinBounds: Bool { clipsOwnContentsToBounds }

    package var clipsOwnContentsToBounds: Bool { false }

    package func ownContents(state: LayerState, request: RasterRequest, cache: inout Any?) -> (
        image: CGImage, rect: CGRect
    )? {
        nil
    }

    /// The whole content at `scale` (within `RasterRequest.whole(scale:)`'s limits).
    package func ownContents(state: LayerState, scale: CGFloat, cache: inout Any?) -> (
        image: CGImage, rect: CGRect
    )? {
        ownContents(state: state, request: .whole(scale: scale), cache: &cache)
    }
}
