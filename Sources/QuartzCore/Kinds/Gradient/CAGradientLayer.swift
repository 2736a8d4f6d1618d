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
open class CAGradientLayer: CALayer {
    /// Always fails, as `CALayer`'s does: Lamina decodes no layers (ruling L18).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// The drawn values, copied into presentation copies by `init(layer:)`.
    package var gradient = GradientValues()

    /// Creates a gradient layer with Apple's defaults: no colours (nothing drawn), an axial
    /// gradient from the top centre to the bottom centre.
    public override init() {
        super.init()
    }

    /// Creates a copy of `layer` (a presentation copy), including its gradient properties.
    public required init(layer: Any) {
        if let other = layer as? CAGradientLayer { gradient = other.gradient }
        super.init(layer: layer)
    }

    /// The gradient's colours, `CGColor`s, from location 0 to 1. Default `nil`: nothing is drawn,
    /// as with an empty array; a single colour fills the bounds. Elements that are not `CGColor`s
    /// are skipped (reported once). Animatable, colour by colour when both arrays have the same
    /// count (otherwise the value jumps at the halfway point).
    open var colors: [Any]? {
        get { gradient.colors }
        set { setGradient(\.colors, newValue) }
    }

    /// The location of each colour, from 0 to 1 along the gradient. Default `nil`: evenly spread
    /// (the first colour at 0, the last at 1). Locations are clamped to [0, 1] and sorted; an array
    /// whose count differs from `colors`' is ignored (reported once) and the colours are spread
    /// evenly. Animatable.
    open var locations: [NSNumber]? {
        get { gradient.locations }
        set { setGradient(\.locations, newValue) }
    }

    /// Where the gradient starts, in the bounds' unit coordinate space. Default (0.5, 0): the top
    /// centre. For `.radial` the centre of the ellipse; for `.conic` the centre of rotation.
    /// Animatable.
    open var startPoint: CGPoint {
        get { gradient.startPoint }
        set { setGradient(\.startPoint, newValue) }
    }

    /// Where the gradient ends, in the bounds' unit coordinate space. Default (0.5, 1): the
    /// bottom centre. For `.radial` the ellipse's half-width and half-height are
    /// `|endPoint − startPoint|` along each axis; for `.conic` the direction of angle 0 is from
    /// `startPoint` towards it. Animatable.
    open var endPoint: CGPoint {
        get { gradient.endPoint }
        set { setGradient(\.endPoint, newValue) }
    }

    /// The kind of gradient: `.axial` (the default), `.radial` or `.conic`; an unknown value draws
    /// as `.axial`. Coincident start and end points (a zero-radius ellipse for `.radial`) draw
    /// nothing. Not animatable.
    open var type: CAGradientLayerType {
        get { gradient.type }
        set { setGradient(\.type, newValue) }
    }

    override package class var kindProperties: [String: CALayerProperty] { gradientProperties.layerEntries }

    /// The gradient layer's values for its render node.
    override package func makeKindValues() -> (any LayerKindValues)? { gradient }

    /// The gradient layer's properties for key-value coding, by key.
    /// The kind's properties, declared once (`CALayerProperty.KindEntry`).
    static let gradientProperties = CALayerProperty.KindTable<CAGradientLayer, GradientValues>(
        defaults: GradientValues(),
        [
            .optional("colors", \.colors, \.colors, animatable: true),
            .optional("locations", \.locations, \.locations, animatable: true),
            .plain("startPoint", \.startPoint, \.startPoint, animatable: true, zero: false),
            .plain("endPoint", \.endPoint, \.endPoint, animatable: true, zero: false),
            .plain("type", \.type, \.type, animatable: false, zero: false),
        ])

    /// Sets the kind's value at `path` as the change of its key.
    private func setGradient<T>(_ path: WritableKeyPath<GradientValues, T>, _ value: T) {
        change(Self.gradientProperties.key(for: path)) { _ in self.gradient[keyPath: path] = value }
    }
}

/// The values a gradient layer draws.
package struct GradientValues {
    var colors: [Any]?
    var locations: [NSNumber]?
    var startPoint = CGPoint(x: 0.5, y: 0)
    var endPoint = CGPoint(x: 0.5, y: 1)
    var type = CAGradientLayerType.axial
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
