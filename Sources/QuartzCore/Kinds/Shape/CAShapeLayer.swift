import CoreGraphics

/// A layer that draws a path, filled and stroked, rasterised at the display's resolution
/// (Apple's `CAShapeLayer`).
///
/// The shape is drawn in the layer's bounds coordinates, over its `backgroundColor` and under
/// its sublayers; it is not clipped to the bounds unless `masksToBounds` is set (a shape layer
/// with zero bounds draws its whole path). `contents` is ignored. The fill comes first, then the
/// stroke, centred on the path. Every property is reachable by key-value coding under its name;
/// `path`, `fillColor`, `strokeColor`, `strokeStart`, `strokeEnd`, `lineWidth`, `miterLimit`
/// and `lineDashPhase` animate implicitly and explicitly (a `path` animation interpolates the
/// points of paths with the same elements and jumps between others).
@KindTable(Equatable.self)
open class CAShapeLayer: CALayer {
    /// Always fails, as `CALayer`'s does: Lamina decodes no layers (ruling L18).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// Creates a shape layer with Apple's defaults: no path, an opaque black fill, no stroke.
    public override init() {
        super.init()
    }

    /// Creates a copy of `layer` (a presentation copy), including its shape properties.
    public required init(layer: Any) {
        if let other = layer as? CAShapeLayer { kindValues = other.kindValues }
        super.init(layer: layer)
    }

    /// The path to draw, in the layer's bounds coordinates. Default `nil` (nothing is drawn).
    /// The path is copied on assignment. Animatable: between paths with the same element types in
    /// the same order, every point interpolates; between others the value jumps at the halfway
    /// point. A path holding a NaN or infinite point draws nothing.
    @Declared(animatable: true)
    open var path: CGPath? {
        get { kindValues.path }
        set {
            let copy = newValue?.copy()
            setKindValue(\.path, copy)
        }
    }

    /// The colour the path's interior is filled with, by `fillRule`. Default opaque black; `nil`
    /// fills nothing. Animatable.
    @Declared(default: CGColor.black, animatable: true)
    open var fillColor: CGColor?

    /// The rule that decides the path's interior: `.nonZero` (the default) or `.evenOdd`; an
    /// unknown value fills as `.nonZero`. Not animatable.
    @Declared(default: CAShapeLayerFillRule.nonZero)
    open var fillRule: CAShapeLayerFillRule

    /// The colour the path is stroked with. Default `nil` (no stroke). Animatable.
    @Declared(animatable: true)
    open var strokeColor: CGColor?

    /// The stroke's width in points, centred on the path. Default 1. A width of 0, a negative
    /// or a non-finite one strokes nothing. Animatable.
    @Declared(default: 1, animatable: true)
    open var lineWidth: CGFloat

    /// How the ends of open subpaths and of dashes are drawn: `.butt` (the default), `.round`
    /// or `.square`; an unknown value draws as `.butt`. Not animatable.
    @Declared(default: CAShapeLayerLineCap.butt)
    open var lineCap: CAShapeLayerLineCap

    /// How segments of the stroke are joined: `.miter` (the default), `.round` or `.bevel`; an
    /// unknown value draws as `.miter`. Not animatable.
    @Declared(default: CAShapeLayerLineJoin.miter)
    open var lineJoin: CAShapeLayerLineJoin

    /// The limit on the ratio of a miter join's length to the line width beyond which the join
    /// is bevelled. Default 10. Animatable.
    @Declared(default: 10, animatable: true)
    open var miterLimit: CGFloat

    /// The stroke's dash pattern: painted and unpainted lengths in points, alternating. Default
    /// `nil` (a solid stroke). A pattern with a negative or non-finite length, or only zeros,
    /// strokes solid.
    @Declared
    open var lineDashPattern: [NSNumber]?

    /// How far into the dash pattern the stroke starts, in points. Default 0. Animatable.
    @Declared(default: 0, animatable: true)
    open var lineDashPhase: CGFloat

    /// Where along the path the stroke starts, as a fraction of the path's length (moves not
    /// counted). Default 0. Values are clamped to [0, 1]; the stroke is drawn between
    /// `strokeStart` and `strokeEnd` and not at all when `strokeStart ≥ strokeEnd`. Animatable:
    /// animating it (or `strokeEnd`) draws the line on or off. The fill is not affected.
    @Declared(default: 0, animatable: true)
    open var strokeStart: CGFloat

    /// Where along the path the stroke ends, as a fraction of the path's length. Default 1.
    /// Clamped to [0, 1] when drawn; see `strokeStart`. Animatable.
    @Declared(default: 1, animatable: true)
    open var strokeEnd: CGFloat

    /// The shape layer's values for its render node.
    override package func makeKindValues() -> (any LayerKindValues)? { kindValues }
}

/// The rule that decides a shape layer's interior (Apple's `CAShapeLayerFillRule`).
public struct CAShapeLayerFillRule: RawRepresentable, Hashable, Sendable {
    /// The raw string, as Apple's constants.
    public var rawValue: String
    /// Wraps a raw string; an unknown string is stored and fills as `.nonZero`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Wraps a raw string.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// A point is inside when the path winds around it a non-zero number of times (the default).
    public static let nonZero = CAShapeLayerFillRule("non-zero")
    /// A point is inside when a ray from it crosses the path an odd number of times.
    public static let evenOdd = CAShapeLayerFillRule("even-odd")
}

/// How the ends of a shape layer's open subpaths and dashes are drawn (Apple's
/// `CAShapeLayerLineCap`).
public struct CAShapeLayerLineCap: RawRepresentable, Hashable, Sendable {
    /// The raw string, as Apple's constants.
    public var rawValue: String
    /// Wraps a raw string; an unknown string is stored and draws as `.butt`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Wraps a raw string.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// The stroke ends squarely at the end point (the default).
    public static let butt = CAShapeLayerLineCap("butt")
    /// A half circle of the line's width is added at each end.
    public static let round = CAShapeLayerLineCap("round")
    /// A half square of the line's width is added at each end.
    public static let square = CAShapeLayerLineCap("square")
}

/// How a shape layer's stroke segments are joined (Apple's `CAShapeLayerLineJoin`).
public struct CAShapeLayerLineJoin: RawRepresentable, Hashable, Sendable {
    /// The raw string, as Apple's constants.
    public var rawValue: String
    /// Wraps a raw string; an unknown string is stored and draws as `.miter`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Wraps a raw string.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// The outer edges meet in a point, bevelled beyond `miterLimit` (the default).
    public static let miter = CAShapeLayerLineJoin("miter")
    /// A circle of the line's width rounds the join.
    public static let round = CAShapeLayerLineJoin("round")
    /// The join is cut off squarely.
    public static let bevel = CAShapeLayerLineJoin("bevel")
}
