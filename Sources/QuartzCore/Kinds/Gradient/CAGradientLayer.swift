import CoreGraphics

/// A layer that draws a colour gradient over its bounds, rasterised at the display's resolution
/// (Apple's `CAGradientLayer`).
///
/// The gradient fills the whole bounds (its end colours continue beyond `startPoint` and
/// `endPoint`), over the `backgroundColor` and under the sublayers, clipped to the rounded
/// bounds with `masksToBounds`; `contents` is ignored. `startPoint` and `endPoint` are in the unit
/// coordinate space of the bounds ((0, 0) top-left, (1, 1) bottom-right in Lamina's iOS
/// geometry). Every property animates implicitly and explicitly (`colors` element by element when
/// the counts match).
@KindTable
open class CAGradientLayer: CALayer {
    /// Always fails, as `CALayer`'s does: Lamina decodes no layers (ruling L18).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// Creates a gradient layer with Apple's defaults: no colours (nothing drawn), an axial
    /// gradient from the top centre to the bottom centre.
    public override init() {
        super.init()
    }

    /// Creates a copy of `layer` (a presentation copy), including its gradient properties.
    public required init(layer: Any) {
        if let other = layer as? CAGradientLayer { kindValues = other.kindValues }
        super.init(layer: layer)
    }

    /// The gradient's colours, `CGColor`s, from location 0 to 1. Default `nil`: nothing is drawn,
    /// as with an empty array; a single colour fills the bounds. Elements that are not `CGColor`s
    /// are skipped (reported once). Animatable, colour by colour when both arrays have the same
    /// count (otherwise the value jumps at the halfway point).
    @Declared(animatable: true)
    open var colors: [Any]?

    /// The location of each colour, from 0 to 1 along the kindValues. Default `nil`: evenly spread
    /// (the first colour at 0, the last at 1). Locations are clamped to [0, 1] and sorted; an array
    /// whose count differs from `colors`' is ignored (reported once) and the colours are spread
    /// evenly. Animatable.
    @Declared(animatable: true)
    open var locations: [NSNumber]?

    /// Where the gradient starts, in the bounds' unit coordinate space. Default (0.5, 0): the top
    /// centre. For `.radial` the centre of the ellipse; for `.conic` the centre of rotation.
    /// Animatable.
    @Declared(default: CGPoint(x: 0.5, y: 0), animatable: true)
    open var startPoint: CGPoint

    /// Where the gradient ends, in the bounds' unit coordinate space. Default (0.5, 1): the
    /// bottom centre. For `.radial` the ellipse's half-width and half-height are
    /// `|endPoint − startPoint|` along each axis; for `.conic` the direction of angle 0 is from
    /// `startPoint` towards it. Animatable.
    @Declared(default: CGPoint(x: 0.5, y: 1), animatable: true)
    open var endPoint: CGPoint

    /// The kind of gradient: `.axial` (the default), `.radial` or `.conic`; an unknown value draws
    /// as `.axial`. Coincident start and end points (a zero-radius ellipse for `.radial`) draw
    /// nothing. Not animatable.
    @Declared(default: CAGradientLayerType.axial)
    open var type: CAGradientLayerType

    /// The gradient layer's values for its render node.
    override package func makeKindValues() -> (any LayerKindValues)? { kindValues }
}

/// The kind of gradient a gradient layer draws (Apple's `CAGradientLayerType`).
public struct CAGradientLayerType: RawRepresentable, Hashable, Sendable {
    /// The raw string, as Apple's constants.
    public var rawValue: String
    /// Wraps a raw string; an unknown string is stored and draws as `.axial`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Wraps a raw string.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Colours vary along the line from `startPoint` to `endPoint` and are constant across it
    /// (the default).
    public static let axial = CAGradientLayerType("axial")
    /// Colours vary from the centre `startPoint` out to the ellipse through `endPoint`.
    public static let radial = CAGradientLayerType("radial")
    /// Colours vary with the angle around `startPoint`, from the direction of `endPoint`, the
    /// angle growing towards positive y (clockwise on screen in Lamina's iOS geometry).
    public static let conic = CAGradientLayerType("conic")
}
