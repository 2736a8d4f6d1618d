import CoreGraphics

/// A layer that lays out and draws plain or attributed text in its bounds (Apple's
/// `CATextLayer`): the first line at the top of the bounds, each line aligned by
/// `alignmentMode`, wrapped at the bounds width when `isWrapped`, truncated by `truncationMode`,
/// clipped to the bounds.
///
/// The text is rasterised at `contentsScale` pixels per point (default 1), as on Apple's
/// platforms — so set `contentsScale` to the screen's scale, or text is magnified and blurry on
/// a 2× renderer. It is shaped and drawn by Lamina's ``TextLayout`` (Pango on Cairo), unhinted,
/// with grayscale antialiasing (Apple's text layers never use subpixel antialiasing either),
/// and re-rasterised only when what it draws changes: the text and its attributes, the font,
/// size and colour, the bounds size, `contentsScale` or the layout options.
///
/// Every property takes part in key-value coding (`value(forKey: "fontSize")`,
/// `setValue(_:forKey: "wrapped")`), presentation copies and animations; `fontSize` and
/// `foregroundColor` animate, implicitly too.
@KindTable
open class CATextLayer: CALayer {
    /// Always fails, as `CALayer`'s does: Lamina decodes no layers (ruling L18).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// Creates a text layer with Apple's defaults: no string, Helvetica 36, opaque white.
    public override init() {
        super.init()
    }

    /// Creates a copy of `layer` (a presentation copy), including its text properties.
    public required init(layer: Any) {
        if let other = layer as? CATextLayer { kindValues = other.kindValues }
        super.init(layer: layer)
    }

    /// The text: a `String` (or `NSString`) drawn in `font`, `fontSize` and `foregroundColor`,
    /// or an `NSAttributedString` whose runs carry their own font and colour (see
    /// ``CATextLayer`` attribute keys in `docs/DECISIONS.md`, ruling L15). Default `nil`:
    /// nothing is drawn. Values of other types draw nothing and are reported once.
    @Declared
    open var string: Any? {
        get { kindValues.string }
        set { setKindValue(\.string, newValue is NSNull ? nil : newValue) }
    }

    /// The font of a plain `string`: a font name `String` (PostScript, full or family name), a
    /// `CGFont` or a `TextFont` (whose size is ignored for `fontSize`, as Apple ignores a
    /// `CTFont`'s). Default `"Helvetica"`, drawn with fontconfig's substitute when Helvetica is
    /// not installed (`scripts/install-deps.sh` installs URW's metric clone, Nimbus Sans); a missing font is
    /// reported once. Setting `nil` restores the default. Not used for attributed strings.
    @Declared(default: "Helvetica")
    open var font: Any? {
        get { kindValues.font }
        set {
            setKindValue(\.font, newValue == nil || newValue is NSNull ? CATextLayer.Values().font : newValue)
        }
    }

    /// The size of a plain `string`'s font, in points. Default 36. Animatable. A size that is
    /// zero, negative, NaN or infinite draws nothing. Not used for attributed strings.
    @Declared(default: 36, animatable: true)
    open var fontSize: CGFloat

    /// The colour of a plain `string`. Default opaque white. Animatable. `nil` draws black, Core
    /// Text's default colour. Not used for attributed strings.
    @Declared(default: CGColor(gray: 1, alpha: 1), animatable: true)
    open var foregroundColor: CGColor?

    /// Whether lines wrap at the bounds width (between words, inside a word wider than the
    /// bounds). Default `false`: lines end only at line breaks in the kindValues. Key `"wrapped"`.
    @Declared(default: false)
    open var isWrapped: Bool

    /// How a line too wide for the bounds is truncated with an ellipsis. Default `.none`. With
    /// `isWrapped`, the last line that fits the bounds height is truncated; without, every line.
    @Declared(default: CATextLayerTruncationMode.none)
    open var truncationMode: CATextLayerTruncationMode

    /// How lines are aligned horizontally in the bounds. Default `.natural`.
    @Declared(default: CATextLayerAlignmentMode.natural)
    open var alignmentMode: CATextLayerAlignmentMode

    /// Whether glyph advances may be rounded to whole pixels at `contentsScale`. Default
    /// `false`: glyphs are placed at their exact positions.
    @Declared(default: false)
    open var allowsFontSubpixelQuantization: Bool

    /// Draws the text into `ctx` in the layer's bounds coordinates (y down), clipped to the
    /// bounds, as the layer shows it: what `display()` stores as `contents` when asked to
    /// redisplay, and what a subclass gets from `super.draw(in:)`.
    open override func draw(in ctx: CGContext) {
        drawText(in: ctx)
    }

    /// The text layer's values for its render node.
    override package func makeKindValues() -> (any LayerKindValues)? { kindValues }

    /// The kind's properties, declared once (`CALayerProperty.KindEntry`). `fontSize` and `foregroundColor`
    /// animate, implicitly too; Apple's defaults that are not their type's zero are reported by
    /// `defaultValue(forKey:)`.
}

/// Where a text layer truncates a line too wide for its bounds (Apple's
/// `CATextLayerTruncationMode`).
public struct CATextLayerTruncationMode: RawRepresentable, Hashable, Sendable {
    /// The raw string, as Apple's constants.
    public var rawValue: String
    /// Wraps a raw string; an unknown string is stored, drawn as `.none` and reported once.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Wraps a raw string.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Not truncated: the line is clipped at the bounds (the default).
    public static let none = CATextLayerTruncationMode("none")
    /// The start of the line is replaced by an ellipsis.
    public static let start = CATextLayerTruncationMode("start")
    /// The end of the line is replaced by an ellipsis.
    public static let end = CATextLayerTruncationMode("end")
    /// The middle of the line is replaced by an ellipsis.
    public static let middle = CATextLayerTruncationMode("middle")
}

/// How a text layer aligns lines horizontally (Apple's `CATextLayerAlignmentMode`).
public struct CATextLayerAlignmentMode: RawRepresentable, Hashable, Sendable {
    /// The raw string, as Apple's constants.
    public var rawValue: String
    /// Wraps a raw string; an unknown string is stored, drawn as `.natural` and reported once.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Wraps a raw string.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// At the start of each paragraph's writing direction: left for Latin text, right for
    /// Arabic and Hebrew (the default).
    public static let natural = CATextLayerAlignmentMode("natural")
    /// Against the left edge.
    public static let left = CATextLayerAlignmentMode("left")
    /// Against the right edge.
    public static let right = CATextLayerAlignmentMode("right")
    /// Centred.
    public static let center = CATextLayerAlignmentMode("center")
    /// Wrapped lines stretched to both edges, the last line of each paragraph aligned naturally.
    public static let justified = CATextLayerAlignmentMode("justified")
}
