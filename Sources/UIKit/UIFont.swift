import QuartzCore

/// A font at a size (UIKit's `UIFont`), backed by an installed font found through fontconfig
/// (CoreGraphics' `CGFont`). Immutable, like UIKit's.
///
/// Lamina draws text with `CATextLayer` and `TextLayout`, which take a `TextFont`, a `CGFont` or
/// a font name: pass `textFont` (or `fontName`) where iOS code passes a `UIFont`.
public final class UIFont: NSObject, @unchecked Sendable {
    /// The installed face; `nil` only for the system font on a machine with none of its
    /// candidates installed (its metrics are then 0 and it draws with fontconfig's substitute).
    public let cgFont: CGFont?
    /// The font's PostScript name (its family name when it has none).
    public let fontName: String
    /// The size in points (the em square).
    public let pointSize: CGFloat

    init(cgFont: CGFont?, pointSize: CGFloat) {
        self.cgFont = cgFont
        fontName = cgFont.map { $0.postScriptName ?? $0.familyName } ?? "Helvetica"
        self.pointSize = pointSize
        super.init()
    }

    /// The installed font named `fontName` (a PostScript name such as `"DejaVuSans-Bold"`, a
    /// full name or a family name) at `fontSize` points; `nil` when no installed font has that
    /// name, as UIKit returns `nil` for a font it does not have, or when `fontSize` is not finite
    /// and positive (ruling U20).
    public convenience init?(name fontName: String, size fontSize: CGFloat) {
        guard fontSize.isFinite, fontSize > 0, let font = CGFont(fontName) else { return nil }
        self.init(cgFont: font, pointSize: fontSize)
    }

    /// The system font at `fontSize` points. Lamina's system font is the first installed of
    /// DejaVu Sans, Liberation Sans and Nimbus Sans (what fontconfig draws for Helvetica on a
    /// Debian system) — with none installed, `"Helvetica"` drawn with fontconfig's substitute
    /// and zero metrics; a size that is not finite and positive is
    /// replaced by 12 (ruling U20).
    public static func systemFont(ofSize fontSize: CGFloat) -> UIFont {
        UIFont(cgFont: systemFace(bold: false), pointSize: validSize(fontSize))
    }

    /// The bold system font at `fontSize` points (see `systemFont(ofSize:)`).
    public static func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont {
        UIFont(cgFont: systemFace(bold: true), pointSize: validSize(fontSize))
    }

    /// The same font at `fontSize` points (`self` for a size that is not finite and positive).
    public func withSize(_ fontSize: CGFloat) -> UIFont {
        guard fontSize.isFinite, fontSize > 0 else { return self }
        return UIFont(cgFont: cgFont, pointSize: fontSize)
    }

    /// The font's family name.
    public var familyName: String { cgFont?.familyName ?? fontName }
    /// The top of the design above the baseline, in points (positive).
    public var ascender: CGFloat { points(cgFont?.ascent) }
    /// The bottom of the design below the baseline, in points (negative, as UIKit reports it).
    public var descender: CGFloat { points(cgFont?.descent) }
    /// The gap the design puts between lines, in points.
    public var leading: CGFloat { points(cgFont?.leading) }
    /// `ascender − descender + leading`: the distance between baselines, in points.
    public var lineHeight: CGFloat { ascender - descender + leading }
    /// The height of flat capital letters, in points.
    public var capHeight: CGFloat { points(cgFont?.capHeight) }
    /// The height of flat lowercase letters, in points.
    public var xHeight: CGFloat { points(cgFont?.xHeight) }
    /// The font for Lamina's text drawing (`CATextLayer.font`, `TextLayout` runs).
    public var textFont: TextFont { TextFont(name: fontName, size: pointSize) }

    /// Whether both are the same face at the same size.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UIFont else { return false }
        return fontName == other.fontName && cgFont == other.cgFont && pointSize == other.pointSize
    }

    /// Hashes the face and size.
    public override var hash: Int {
        var hasher = Hasher()
        hasher.combine(fontName)
        hasher.combine(pointSize)
        return hasher.finalize()
    }

    /// `font-family: "…"; font-size: …pt`, as UIKit describes a font.
    public override var description: String {
        "font-family: \"\(familyName)\"; font-size: \(pointSize)pt"
    }

    private func points(_ units: Int32?) -> CGFloat {
        guard let units, let cgFont else { return 0 }
        return CGFloat(units) * pointSize / CGFloat(max(cgFont.unitsPerEm, 1))
    }

    private static func validSize(_ size: CGFloat) -> CGFloat {
        size.isFinite && size > 0 ? size : 12
    }

    /// The system face (ruling U20), resolved once per weight.
    private static func systemFace(bold: Bool) -> CGFont? {
        bold ? boldSystemFace : regularSystemFace
    }

    private static let regularSystemFace = firstInstalled(
        ["DejaVu Sans", "Liberation Sans", "Nimbus Sans"], suffix: "")
    private static let boldSystemFace = firstInstalled(
        ["DejaVu Sans", "Liberation Sans", "Nimbus Sans"], suffix: " Bold")

    private static func firstInstalled(_ families: [String], suffix: String) -> CGFont? {
        families.lazy.compactMap { CGFont($0 + suffix) }.first
    }
}
