/// Lamina's text layout: runs of text in fonts, sizes and colours, shaped (HarfBuzz), broken
/// into lines and aligned in a box, measured, and drawn into a ``CGContext`` with
/// `draw(_:in:)`. Apple's platforms do this with Core Text (`CTFramesetter`) or UIKit's string
/// drawing; Lamina has neither, so this type is Lamina's own API, built on Pango. `CATextLayer`
/// draws with it.
///
/// ## The box
/// Layout space is measured in points from the top-left corner of the box, y growing downwards.
/// The box is `width` wide (or as wide as the widest line when `width` is `nil`); the first
/// line's top (its ascent above the first baseline) is at y = 0, and lines follow each other by
/// their fonts' ascent + descent. Lines end at line feeds, carriage returns, CR LF and U+2029
/// (paragraphs) and U+2028 (lines).
///
/// ## Wrapping, truncation, alignment
/// - `wraps` with a `width`: lines break between words (inside a word when a word is wider than
///   the box).
/// - `truncation` other than `.none` with a `width`: a line too wide for the box is cut at its
///   start, middle or end and an ellipsis (…) put in its place. Without wrapping every paragraph
///   is one truncated line; with wrapping and a `height`, lines past the height are dropped and
///   the last one shown is truncated.
/// - `alignment` places each line in the box: `.natural` at the start of its paragraph's writing
///   direction (left for Latin, right for Arabic and Hebrew); `.left`, `.right`, `.center`
///   regardless of direction; `.justified` stretches the spaces of every wrapped line but the
///   last of each paragraph, which is aligned naturally. A line wider than the box (without
///   wrapping or truncation) overflows it on the side opposite the alignment — both sides when
///   centred — and is not clipped.
///
/// Glyph positions are not hinted, so a layout measures the same at every scale it is drawn at.
/// With `quantizesGlyphPositions`, each glyph's advance is rounded to a whole pixel of
/// `pixelsPerPoint` (Core Graphics' font subpixel quantization); otherwise positions are exact.
///
/// A layout is immutable; it is not thread-safe (use it from one thread at a time).
public final class TextLayout {
    /// A run of text drawn in one font and colour.
    public struct Run: Hashable, Sendable {
        /// The text. NUL characters are drawn as U+FFFD.
        public var text: String
        /// The font and size.
        public var font: TextFont
        /// The colour, drawn in sRGB (components clamped to [0, 1]).
        public var color: CGColor
        /// Points added after every character of the run (negative tightens), Core Text's kerning
        /// attribute; 0 by default. Not finite: 0.
        package var kern: CGFloat = 0
        /// The width of the glyphs' outline stroke in percent of the font size, Core Text's
        /// stroke width attribute: 0 (the default) strokes nothing; positive strokes without
        /// filling (the run's colour is not drawn); negative fills, then strokes. Not finite: 0.
        package var strokeWidth: CGFloat = 0
        /// The stroke's colour; `nil` (the default) strokes in the run's colour.
        package var strokeColor: CGColor?

        /// A run of `text` in `font` and `color`.
        public init(_ text: String, font: TextFont, color: CGColor) {
            self.text = text
            self.font = font
            self.color = color
        }
    }

    /// How lines are placed horizontally in the box.
    public enum Alignment: Hashable, Sendable {
        /// At the start of the line's writing direction.
        case natural
        /// Against the left edge.
        case left
        /// Against the right edge.
        case right
        /// Centred.
        case center
        /// Stretched to both edges, except the last line of a paragraph (aligned naturally).
        case justified
    }

    /// Where a line too wide for the box is cut and an ellipsis inserted.
    public enum Truncation: Hashable, Sendable {
        /// Not truncated: the line overflows (or wraps).
        case none
        /// The start of the line is replaced by the ellipsis.
        case start
        /// The middle of the line is replaced by the ellipsis.
        case middle
        /// The end of the line is replaced by the ellipsis.
        case end
    }

    /// One laid-out line.
    public struct Line: Hashable, Sendable {
        /// The line's logical rectangle in layout space: its advance width and its ascent above
        /// and descent below the baseline.
        public var rect: CGRect
        /// The y of the baseline in layout space.
        public var baseline: CGFloat
        /// The line's characters: UTF-16 offsets into the runs' texts joined in order (runs left
        /// out of the layout still count their length), line break included.
        package var characterRange: Range<Int> = 0..<0
        /// The line's glyph runs in logical order.
        package var glyphRuns: [GlyphRun] = []
        /// The line's ink in layout units, relative to the start of its baseline (x right, y down);
        /// `.null` when it draws nothing.
        package var inkBounds = CGRect.null
    }

    /// Glyphs of one line shaped from one run, in one font and direction.
    package struct GlyphRun: Hashable, Sendable {
        /// The index in ``TextLayout/runs`` of the run the glyphs come from.
        package var runIndex: Int
        /// The characters, as UTF-16 offsets like ``Line/characterRange``.
        package var characterRange: Range<Int>
        /// The number of glyphs.
        package var glyphCount: Int
        /// The left edge of the glyphs' advances from the line's left edge, in layout units
        /// (points when `pixelsPerPoint` is 1, as everywhere in layout space).
        package var x: CGFloat
        /// The sum of the glyphs' advances in layout units.
        package var width: CGFloat
        /// Each glyph's advance in layout units, in visual order.
        package var advances: [CGFloat]
        /// Each glyph's first character (its cluster's start), as UTF-16 offsets like
        /// ``Line/characterRange``, in visual order.
        package var characterOffsets: [Int]
        /// Each glyph's index in the font Pango drew it with, in visual order; Pango's flags mark
        /// empty glyphs (`0x0FFFFFFF`) and boxes for missing characters (`0x10000000` set).
        package var glyphs: [UInt32]
    }

    /// The runs, in order.
    public let runs: [Run]
    /// The box width in points, or `nil` for a box as wide as the widest line.
    public let width: CGFloat?
    /// The box height in points that truncation of wrapped text fits, or `nil`.
    public let height: CGFloat?
    /// Whether lines wrap at the box width.
    public let wraps: Bool
    /// The alignment of lines in the box.
    public let alignment: Alignment
    /// The truncation of lines too wide for the box.
    public let truncation: Truncation
    /// Whether glyph advances are rounded to whole pixels.
    public let quantizesGlyphPositions: Bool
    /// How much narrower (positive) or wider than the box the first line of every paragraph is,
    /// starting that much to the right (Pango's indent; Core Text's first-line head indent less
    /// the head indent). 0 by default.
    package let firstLineIndent: CGFloat
    /// Whether wrapping breaks between any two characters rather than between words (Core
    /// Text's `byCharWrapping`). `false` by default.
    package let wrapsCharacters: Bool
    /// The pixels per point that quantization rounds to.
    public let pixelsPerPoint: CGFloat

    /// The lines, top to bottom.
    public internal(set) var lines: [Line] = []
    /// The smallest rectangle holding every glyph's ink, in layout space; `.null` when nothing is
    /// drawn.
    public internal(set) var inkBounds = CGRect.null
    /// The smallest rectangle holding every line's logical rectangle, in layout space; `.zero`
    /// for no text.
    public internal(set) var typographicBounds = CGRect.zero
    /// Whether truncation removed text.
    public internal(set) var isTruncated = false
    /// How many characters no installed font could draw (drawn as boxes with their code point).
    public internal(set) var missingGlyphCount = 0
    /// The font names that are not installed and were drawn with fontconfig's substitutes, in
    /// the order of the runs, each once.
    public internal(set) var substitutedFontNames: [String] = []

    /// The Pango objects that draw the layout.
    let engine: PangoEngine
    /// Where the Pango layout's origin sits in layout space (x; overflow shifts it).
    var originX: CGFloat = 0
    /// For each byte of the Pango text (and one past its end), the UTF-16 offset of its character
    /// in the runs' texts joined in order.
    var utf16AtByte: [Int] = []
    /// The byte range of each run in the Pango text, by run index (`nil` for runs left out).
    var runBytes: [Range<Int>?] = []

    /// Lays out `runs`.
    ///
    /// - Parameters:
    ///   - runs: The text, run by run; empty runs and runs with a size that cannot be drawn
    ///     (zero, negative, NaN, infinite) are left out.
    ///   - width: The box width in points; `nil`, NaN, infinite or negative means none (no
    ///     wrapping, no truncation, lines aligned to the widest one).
    ///   - height: The height truncation of wrapped text fits; `nil` (or not finite and positive)
    ///     for none.
    ///   - wraps: Whether lines wrap at `width`. Default `true`.
    ///   - alignment: Default `.natural`.
    ///   - truncation: Default `.none`.
    ///   - quantizesGlyphPositions: Whether advances are rounded to whole pixels. Default `false`.
    ///   - pixelsPerPoint: The pixels per point of quantization (positive and finite; otherwise
    ///     1). Default 1.
    public convenience init(
        runs: [Run], width: CGFloat? = nil, height: CGFloat? = nil, wraps: Bool = true,
        alignment: Alignment = .natural, truncation: Truncation = .none,
        quantizesGlyphPositions: Bool = false, pixelsPerPoint: CGFloat = 1
    ) {
        self.init(
            runs: runs, width: width, height: height, wraps: wraps, alignment: alignment,
            truncation: truncation, quantizesGlyphPositions: quantizesGlyphPositions,
            pixelsPerPoint: pixelsPerPoint, firstLineIndent: 0, wrapsCharacters: false)
    }

    /// Lays out `runs` as the public initialiser does, with a first-line indent (not finite: 0)
    /// and a choice of wrapping between characters, for Lamina's CoreText module.
    package init(
        runs: [Run], width: CGFloat?, height: CGFloat?, wraps: Bool, alignment: Alignment,
        truncation: Truncation, quantizesGlyphPositions: Bool, pixelsPerPoint: CGFloat,
        firstLineIndent: CGFloat, wrapsCharacters: Bool
    ) {
        self.firstLineIndent = firstLineIndent.isFinite ? firstLineIndent : 0
        self.wrapsCharacters = wrapsCharacters
        self.runs = runs
        self.width = width.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
        self.height = height.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        self.wraps = wraps
        self.alignment = alignment
        self.truncation = truncation
        self.quantizesGlyphPositions = quantizesGlyphPositions
        self.pixelsPerPoint = pixelsPerPoint.isFinite && pixelsPerPoint > 0 ? pixelsPerPoint : 1
        engine = PangoEngine(quantizes: quantizesGlyphPositions)
        layOut()
    }

    /// Lays out one string in one font and colour (black by default).
    public convenience init(
        _ string: String, font: TextFont, color: CGColor = .black, width: CGFloat? = nil,
        height: CGFloat? = nil, wraps: Bool = true, alignment: Alignment = .natural,
        truncation: Truncation = .none
    ) {
        self.init(
            runs: [Run(string, font: font, color: color)], width: width, height: height, wraps: wraps,
            alignment: alignment, truncation: truncation)
    }

    /// The number of lines.
    public var lineCount: Int { lines.count }

    /// The y of the first baseline in layout space (0 when there is no line).
    public var firstBaseline: CGFloat { lines.first?.baseline ?? 0 }
}
