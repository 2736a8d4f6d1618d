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
@KindTable
open class CAEmitterLayer: CALayer {
    /// Always fails, as `CALayer`'s does: Lamina decodes no layers (ruling L18).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

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
            kindValues = other.kindValues
            kindValues.emitterCells = other.kindValues.emitterCells?.map { $0.copy() as? CAEmitterCell ?? $0 }
        }
        super.init(layer: layer)
    }

    /// The kinds of particles emitted. Default `nil` (nothing). The array is copied on
    /// assignment, not the cells; change a cell in place through the layer's key paths
    /// (`"emitterCells.NAME.KEY"`) so that presentation copies and animations see it.
    @Declared
    open var emitterCells: [CAEmitterCell]?

    /// Multiplies every cell's `birthRate`. Default 1. Animatable.
    @Declared(default: 1, animatable: true)
    open var birthRate: Float

    /// Multiplies every cell's `lifetime` and `lifetimeRange`. Default 1. Animatable.
    @Declared(default: 1, animatable: true)
    open var lifetime: Float

    /// The centre of the emission shape, in the layer's bounds coordinates. Default (0, 0).
    /// Animatable.
    @Declared(default: CGPoint.zero, animatable: true)
    open var emitterPosition: CGPoint

    /// The z of the emission shape's centre. Default 0. Animatable.
    @Declared(default: 0, animatable: true)
    open var emitterZPosition: CGFloat

    /// The size of the emission shape: a line's length is the width; a rectangle's and cuboid's
    /// width and height; a circle's and sphere's diameter is the width. Default zero. Animatable.
    @Declared(default: CGSize.zero, animatable: true)
    open var emitterSize: CGSize

    /// The depth (along z) of a cuboid. Default 0. Animatable.
    @Declared(default: 0, animatable: true)
    open var emitterDepth: CGFloat

    /// The emission shape. Default `.point`; an unknown value emits as `.point` (reported once).
    @Declared(default: CAEmitterLayerEmitterShape.point)
    open var emitterShape: CAEmitterLayerEmitterShape

    /// Where on the shape particles are born. Default `.volume`; an unknown value emits as
    /// `.volume` (reported once).
    @Declared(default: CAEmitterLayerEmitterMode.volume)
    open var emitterMode: CAEmitterLayerEmitterMode

    /// The order and blending particles are drawn with. Default `.unordered`; an unknown value
    /// draws as `.unordered` (reported once).
    @Declared(default: CAEmitterLayerRenderMode.unordered)
    open var renderMode: CAEmitterLayerRenderMode

    /// Whether particles keep their z, drawn in the 3D space of the layer's superlayer (through
    /// the layer's transform) rather than flattened into the layer's plane. Default `false`.
    @Declared(default: false)
    open var preservesDepth: Bool

    /// Multiplies every cell's `velocity` and `velocityRange`. Default 1. Animatable.
    @Declared(default: 1, animatable: true)
    open var velocity: Float

    /// Multiplies every particle's scale. Default 1. Animatable.
    @Declared(default: 1, animatable: true)
    open var scale: Float

    /// Multiplies every cell's `spin` and `spinRange`. Default 1. Animatable.
    @Declared(default: 1, animatable: true)
    open var spin: Float

    /// The seed of the particles' random values. Default 0. Two layers with the same seed and
    /// values draw the same particles at the same time; another seed draws others.
    @Declared(default: 0)
    open var seed: UInt32

    /// Reads a key path; `"emitterCells.NAME.…"` goes through the cell named NAME.
    open override func value(forKeyPath keyPath: String) -> Any? {
        if let rest = EmitterKeyPath.throughCells(keyPath) {
            return EmitterKeyPath.value(in: emitterCells, keyPath: rest)
        }
        return super.value(forKeyPath: keyPath)
    }

    /// Writes a key path; `"emitterCells.NAME.…"` writes the cell named NAME (in place) as a
    /// change of the layer's `emitterCells`.
    open override func setValue(_ value: Any?, forKeyPath keyPath: String) {
        guard let rest = EmitterKeyPath.throughCells(keyPath) else {
            return super.setValue(value, forKeyPath: keyPath)
        }
        change(Self.kindTable.key(for: \CAEmitterLayer.Values.emitterCells)) { _ in
            EmitterKeyPath.setValue(value, in: self.kindValues.emitterCells, keyPath: rest)
        }
    }

    /// The emitter's values for its render node, with copies of its cells (so that later changes
    /// to the model's cells do not reach a published node).
    override package func makeKindValues() -> (any LayerKindValues)? {
        var values = kindValues
        values.copyCells()
        return values
    }
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
