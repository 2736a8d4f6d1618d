/// A font name at a size in points: what a run of text is drawn with.
///
/// Lamina's stand-in for `CTFont`/`UIFont`, which carry a size (Core Text is not part of
/// Lamina). The name is a PostScript name (`"DejaVuSans-Bold"`), a full name or a family name
/// (`"DejaVu Sans"`), resolved through fontconfig; a font that is not installed is drawn with
/// fontconfig's substitute (for `"Helvetica"`, the sans-serif fontconfig prefers — DejaVu Sans on
/// a Debian system with `fonts-dejavu-core`), and ``TextLayout/substitutedFontNames`` lists it.
/// A style suffix of a missing font (`"Helvetica-BoldOblique"`) selects the substitute's weight
/// and slant.
public struct TextFont: Hashable, Sendable {
    /// The font's PostScript, full or family name.
    public var name: String
    /// The size in points (the em square). Negative, NaN or infinite sizes draw nothing; 0 draws
    /// nothing either.
    public var size: CGFloat

    /// A font named `name` at `size` points.
    public init(name: String, size: CGFloat) {
        self.name = name
        self.size = size
    }

    /// The font `font` at `size` points.
    public init(_ font: CGFont, size: CGFloat) {
        self.init(name: font.postScriptName ?? font.fullName ?? font.familyName, size: size)
    }

    /// The font Core Text uses for text without a font attribute, Helvetica 12.
    public static let coreTextDefault = TextFont(name: "Helvetica", size: 12)

    /// Whether the size can be drawn: finite and positive.
    var isDrawable: Bool { size.isFinite && size > 0 }
}
