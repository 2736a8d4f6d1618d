import CoreGraphics

/// A layer that emits, moves and draws particles (Apple's `CAEmitterLayer`): each of its
/// `emitterCells` describes one kind of particle, born from the emission shape
/// (`emitterShape`, `emitterMode`, `emitterPosition`, `emitterSize`) and drawn above the
/// layer's background, contents and border, in its coordinate space.
///
/// The simulation runs in the layer's local time, from 0 (the layer's `beginTime`). It is
/// stateless: every particle's birth time and initial values follow from `seed`, the cell and
/// the particle's number, and its state at time t is computed in closed form (position
/// `p₀ + v·age + ½·a·age²`, spin, scale and colour with their speeds), so a render at t is the
/// same whatever was rendered before (shards, snapshots). While the layer is animated, a
/// particle takes the values the layer and its cells had at its birth (sampled every 1/60 s).
/// At most ``maximumParticleCount`` particles are alive per layer (the newest are kept;
/// reported once). See `docs/DECISIONS.md`, ruling L16.
///
/// Every property takes part in key-value coding; the cells are reached by name
/// (`setValue(30, forKeyPath: "emitterCells.fire.birthRate")`), which is how cell values are
/// animated (`CABasicAnimation(keyPath: "emitterCells.fire.birthRate")`). The multipliers,
/// `emitterPosition`, `emitterZPosition`, `emitterSize` and `emitterDepth` animate implicitly.
open class CAEmitterLayer: CALayer {
    /// Always fails, as `CALayer`'s does: Lamina decodes no layers (ruling L18).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// The drawn values, copied (cells included) into presentation copies by `init(layer:)`.
    package var emitter = EmitterLayerValues()

    /// The most particles drawn per emitter layer at one time: 10,000. Past it the newest
    /// particles are kept, shared among the top-level cells in proportion to their rates.
    public static let maximumParticleCount = 10_000

    /// Creates an emitter layer with Apple's defaults: no cells, all multipliers 1, a point
    /// shape at (0, 0), volume mode, unordered rendering, seed 0.
    public override init() {
        super.init()
    }

    /// Creates a copy of `layer` (a presentation copy), including copies of its cells, so that
    /// animating a cell's value in the copy leaves the model's cells alone.
    public required init(layer: Any) {
        if let other = layer as? CAEmitterLayer {
            emitter = other.emitter
            emitter.emitterCells = other.emitter.emitterCells?.map { $0.copy() as? CAEmitterCell ?? $0 }
        }
        super.init(layer: layer)
    }

    /// The kinds of particles emitted. Default `nil` (nothing). The array is copied on
    /// assignment, not the cells; change a cell in place through the layer's key paths
    /// (`"emitterCells.NAME.KEY"`) so that presentation copies and animations see it.
    open var emitterCells: [CAEmitterCell]? {
        get { emitter.emitterCells }
        set { change("emitterCells") { _ in self.emitter.emitterCells = newValue } }
    }

    /// Multiplies every cell's `birthRate`. Default 1. Animatable.
    open var birthRate: Float {
        get { emitter.birthRate }
        set { change("birthRate") { _ in self.emitter.birthRate = newValue } }
    }

    /// Multiplies every cell's `lifetime` and `lifetimeRange`. Default 1. Animatable.
    open var lifetime: Float {
        get { emitter.lifetime }
        set { change("lifetime") { _ in self.emitter.lifetime = newValue } }
    }

    /// The centre of the emission shape, in the layer's bounds coordinates. Default (0, 0).
    /// Animatable.
    open var emitterPosition: CGPoint {
        get { emitter.emitterPosition }
        set { change("emitterPosition") { _ in self.emitter.emitterPosition = newValue } }
    }

    /// The z of the emission shape's centre. Default 0. Animatable.
    open var emitterZPosition: CGFloat {
        get { emitter.emitterZPosition }
        set { change("emitterZPosition") { _ in self.emitter.emitterZPosition = newValue } }
    }

    /// The size of the emission shape: a line's length is the width; a rectangle's and cuboid's
    /// width and height; a circle's and sphere's diameter is the width. Default zero. Animatable.
    open var emitterSize: CGSize {
        get { emitter.emitterSize }
        set { change("emitterSize") { _ in self.emitter.emitterSize = newValue } }
    }

    /// The depth (along z) of a cuboid. Default 0. Animatable.
    open var emitterDepth: CGFloat {
        get { emitter.emitterDepth }
        set { change("emitterDepth") { _ in self.emitter.emitterDepth = newValue } }
    }

    /// The emission shape. Default `.point`; an unknown value emits as `.point` (reported once).
    open var emitterShape: CAEmitterLayerEmitterShape {
        get { emitter.emitterShape }
        set { change("emitterShape") { _ in self.emitter.emitterShape = newValue } }
    }

    /// Where on the shape particles are born. Default `.volume`; an unknown value emits as
    /// `.volume` (reported once).
    open var emitterMode: CAEmitterLayerEmitterMode {
        get { emitter.emitterMode }
        set { change("emitterMode") { _ in self.emitter.emitterMode = newValue } }
    }

    /// The order and blending particles are drawn with. Default `.unordered`; an unknown value
    /// draws as `.unordered` (reported once).
    open var renderMode: CAEmitterLayerRenderMode {
        get { emitter.renderMode }
        set { change("renderMode") { _ in self.emitter.renderMode = newValue } }
    }

    /// Whether particles keep their z, drawn in the 3D space of the layer's superlayer (through
    /// the layer's transform) rather than flattened into the layer's plane. Default `false`.
    open var preservesDepth: Bool {
        get { emitter.preservesDepth }
        set { change("preservesDepth") { _ in self.emitter.preservesDepth = newValue } }
    }

    /// Multiplies every cell's `velocity` and `velocityRange`. Default 1. Animatable.
    open var velocity: Float {
        get { emitter.velocity }
        set { change("velocity") { _ in self.emitter.velocity = newValue } }
    }

    /// Multiplies every particle's scale. Default 1. Animatable.
    open var scale: Float {
        get { emitter.scale }
        set { change("scale") { _ in self.emitter.scale = newValue } }
    }

    /// Multiplies every cell's `spin` and `spinRange`. Default 1. Animatable.
    open var spin: Float {
        get { emitter.spin }
        set { change("spin") { _ in self.emitter.spin = newValue } }
    }

    /// The seed of the particles' random values. Default 0. Two layers with the same seed and
    /// values draw the same particles at the same time; another seed draws others.
    open var seed: UInt32 {
        get { emitter.seed }
        set { change("seed") { _ in self.emitter.seed = newValue } }
    }

    /// Reads a key path; `"emitterCells.NAME.…"` goes through the cell named NAME.
    open override func value(forKeyPath keyPath: String) -> Any? {
        if keyPath.hasPrefix("emitterCells.") {
            return EmitterKeyPath.value(in: emitterCells, keyPath: String(keyPath.dropFirst(13)))
        }
        return super.value(forKeyPath: keyPath)
    }

    /// Writes a key path; `"emitterCells.NAME.…"` writes the cell named NAME (in place) as a
    /// change of the layer's `emitterCells`.
    open override func setValue(_ value: Any?, forKeyPath keyPath: String) {
        guard keyPath.hasPrefix("emitterCells.") else { return super.setValue(value, forKeyPath: keyPath) }
        let rest = String(keyPath.dropFirst(13))
        change("emitterCells") { _ in
            EmitterKeyPath.setValue(value, in: self.emitter.emitterCells, keyPath: rest)
        }
    }

    override package class var kindProperties: [String: CALayerProperty] { emitterProperties }

    /// The emitter's values for its render node, with copies of its cells (so that later changes
    /// to the model's cells do not reach a published node).
    override package func makeKindValues() -> (any LayerKindValues)? {
        var values = emitter
        values.copyCells()
        return values
    }

    /// The emitter layer's properties for key-value coding, by key.
    private static let emitterProperties: [String: CALayerProperty] = {
        let d = EmitterLayerValues()
        let entries: [CALayerProperty] = [
            .kindOptional("emitterCells", \CAEmitterLayer.emitterCells, animatable: false),
            .kind("birthRate", \CAEmitterLayer.birthRate, animatable: true, default: 1, zero: false),
            .kind("lifetime", \CAEmitterLayer.lifetime, animatable: true, default: 1, zero: false),
            .kind(
                "emitterPosition", \CAEmitterLayer.emitterPosition, animatable: true, default: .zero,
                zero: true),
            .kind(
                "emitterZPosition", \CAEmitterLayer.emitterZPosition, animatable: true, default: 0, zero: true
            ),
            .kind("emitterSize", \CAEmitterLayer.emitterSize, animatable: true, default: .zero, zero: true),
            .kind("emitterDepth", \CAEmitterLayer.emitterDepth, animatable: true, default: 0, zero: true),
            .kind(
                "emitterShape", \CAEmitterLayer.emitterShape, animatable: false, default: d.emitterShape,
                zero: false),
            .kind(
                "emitterMode", \CAEmitterLayer.emitterMode, animatable: false, default: d.emitterMode,
                zero: false),
            .kind(
                "renderMode", \CAEmitterLayer.renderMode, animatable: false, default: d.renderMode,
                zero: false),
            .kind(
                "preservesDepth", \CAEmitterLayer.preservesDepth, animatable: false, default: false,
                zero: true),
            .kind("velocity", \CAEmitterLayer.velocity, animatable: true, default: 1, zero: false),
            .kind("scale", \CAEmitterLayer.scale, animatable: true, default: 1, zero: false),
            .kind("spin", \CAEmitterLayer.spin, animatable: true, default: 1, zero: false),
            .kind("seed", \CAEmitterLayer.seed, animatable: false, default: 0, zero: true),
        ]
        return Dictionary(uniqueKeysWithValues: entries.map { ($0.key, $0) })
    }()
}

/// The values an emitter layer draws.
package struct EmitterLayerValues {
    var emitterCells: [CAEmitterCell]?
    var birthRate: Float = 1
    var lifetime: Float = 1
    var emitterPosition = CGPoint.zero
    var emitterZPosition: CGFloat = 0
    var emitterSize = CGSize.zero
    var emitterDepth: CGFloat = 0
    var emitterShape = CAEmitterLayerEmitterShape.point
    var emitterMode = CAEmitterLayerEmitterMode.volume
    var renderMode = CAEmitterLayerRenderMode.unordered
    var preservesDepth = false
    var velocity: Float = 1
    var scale: Float = 1
    var spin: Float = 1
    var seed: UInt32 = 0
}

/// The shape particles are emitted from (Apple's `CAEmitterLayerEmitterShape`).
public struct CAEmitterLayerEmitterShape: RawRepresentable, Hashable, Sendable {
    /// The raw string, as Apple's constants.
    public var rawValue: String
    /// Wraps a raw string; an unknown string is stored and emits as `.point`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Wraps a raw string.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// A single point at `emitterPosition` (the default).
    public static let point = CAEmitterLayerEmitterShape("point")
    /// A horizontal line `emitterSize.width` long, centred on `emitterPosition`.
    public static let line = CAEmitterLayerEmitterShape("line")
    /// A rectangle of `emitterSize` centred on `emitterPosition`.
    public static let rectangle = CAEmitterLayerEmitterShape("rectangle")
    /// A box of `emitterSize` × `emitterDepth` centred on the emitter's position and z.
    public static let cuboid = CAEmitterLayerEmitterShape("cuboid")
    /// A circle of diameter `emitterSize.width` in the layer's plane.
    public static let circle = CAEmitterLayerEmitterShape("circle")
    /// A sphere of diameter `emitterSize.width`.
    public static let sphere = CAEmitterLayerEmitterShape("sphere")
}

/// Where on the emission shape particles are born (Apple's `CAEmitterLayerEmitterMode`).
public struct CAEmitterLayerEmitterMode: RawRepresentable, Hashable, Sendable {
    /// The raw string, as Apple's constants.
    public var rawValue: String
    /// Wraps a raw string; an unknown string is stored and emits as `.volume`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Wraps a raw string.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// At the shape's vertices: a line's ends, a rectangle's or cuboid's corners; a point's,
    /// circle's or sphere's centre.
    public static let points = CAEmitterLayerEmitterMode("points")
    /// On the shape's outline: a line, a rectangle's perimeter, a cuboid's edges, a circle, a
    /// sphere's equator.
    public static let outline = CAEmitterLayerEmitterMode("outline")
    /// On the shape's surface: a line, a rectangle's or a circle's area, a cuboid's faces, a
    /// sphere's surface.
    public static let surface = CAEmitterLayerEmitterMode("surface")
    /// Inside the shape (the default): a line, a rectangle's or a circle's area, a cuboid's or a
    /// sphere's volume.
    public static let volume = CAEmitterLayerEmitterMode("volume")
}

/// How an emitter layer's particles are ordered and blended (Apple's
/// `CAEmitterLayerRenderMode`).
public struct CAEmitterLayerRenderMode: RawRepresentable, Hashable, Sendable {
    /// The raw string, as Apple's constants.
    public var rawValue: String
    /// Wraps a raw string; an unknown string is stored and draws as `.unordered`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Wraps a raw string.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// In no particular order (Lamina: cell by cell, oldest first), source-over (the default).
    public static let unordered = CAEmitterLayerRenderMode("unordered")
    /// The oldest particles first, so the newest are on top; source-over.
    public static let oldestFirst = CAEmitterLayerRenderMode("oldestFirst")
    /// The oldest particles last, on top; source-over.
    public static let oldestLast = CAEmitterLayerRenderMode("oldestLast")
    /// Sorted by z, the farthest (smallest z) first; source-over.
    public static let backToFront = CAEmitterLayerRenderMode("backToFront")
    /// Added together (premultiplied colours summed, saturating), in any order.
    public static let additive = CAEmitterLayerRenderMode("additive")
}
