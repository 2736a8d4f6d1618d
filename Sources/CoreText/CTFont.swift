/// A font at a size, Apple's `CTFont`: an installed face found by name, with metrics in points.
///
/// Lamina resolves the name as ``TextFont`` does (ruling G10): an installed font whose PostScript
/// name, full name or family is the name; for a missing font of Apple's platforms (Helvetica,
/// Times, Courier, …), fontconfig's substitute in the weight and slant the name asks for (URW's
/// metric-compatible clones where installed: Helvetica is Nimbus Sans); for any other missing
/// name, Helvetica's substitute. The metrics and names are those of the face that draws (ruling
/// CT2). Immutable and thread-safe.
public final class CTFont: Hashable, Sendable, CustomStringConvertible {
    /// The name and size text layout draws this font with.
    let textFont: TextFont
    /// The face that draws (the installed font, or its substitute).
    let face: CGFont?

    /// The font `name` at `size` points; a size that is 0, negative or not finite is 12, as Core
    /// Text reads 0.
    init(name: String, size: CGFloat) {
        let size = size.isFinite && size > 0 ? size : 12
        textFont = TextFont(name: name, size: size)
        face = textFont.resolvedFace
    }

    /// The size in points (the em square).
    var size: CGFloat { textFont.size }

    /// Font units to points.
    var scale: CGFloat {
        guard let face, face.unitsPerEm > 0 else { return 0 }
        return size / CGFloat(face.unitsPerEm)
    }

    /// Ascent, descent (positive, below the baseline) and leading in points.
    var lineMetrics: (ascent: CGFloat, descent: CGFloat, leading: CGFloat) {
        guard let face else { return (0, 0, 0) }
        return (CGFloat(face.ascent) * scale, -CGFloat(face.descent) * scale, CGFloat(face.leading) * scale)
    }

    /// Whether both fonts draw the same face at the same size (whatever names found it).
    public static func == (lhs: CTFont, rhs: CTFont) -> Bool {
        lhs.face == rhs.face && lhs.size == rhs.size
    }

    /// Hashes the face and size.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(face)
        hasher.combine(size)
    }

    /// The PostScript name and size.
    public var description: String {
        "<CTFont \(face?.postScriptName ?? textFont.name) \(size)pt>"
    }
}

/// The font `name` (a PostScript, full or family name) at `size` points, Apple's
/// `CTFontCreateWithName`. A size of 0 (or negative, or not finite) is 12 points. A missing font
/// is drawn with a substitute (see ``CTFont``). `matrix` is accepted for Apple's signature but
/// not applied (reported once as a compatibility warning when not the identity): Lamina draws
/// every font untransformed (its glyphs follow the text matrix and the CTM only).
public func CTFontCreateWithName(
    _ name: CFString, _ size: CGFloat, _ matrix: UnsafePointer<CGAffineTransform>?
) -> CTFont {
    CoreTextWarnings.checkMatrix(matrix)
    return CTFont(name: name as String, size: size)
}

/// The font of `graphicsFont` at `size` points, Apple's `CTFontCreateWithGraphicsFont` (`matrix`
/// and `attributes` are accepted but not applied, as in ``CTFontCreateWithName(_:_:_:)``).
public func CTFontCreateWithGraphicsFont(
    _ graphicsFont: CGFont, _ size: CGFloat, _ matrix: UnsafePointer<CGAffineTransform>?,
    _ attributes: AnyObject?
) -> CTFont {
    CoreTextWarnings.checkMatrix(matrix)
    return CTFont(
        name: graphicsFont.postScriptName ?? graphicsFont.fullName ?? graphicsFont.familyName, size: size)
}

/// `font`'s face at `size` points (0 keeps the font's size), Apple's
/// `CTFontCreateCopyWithAttributes`; `matrix` and `attributes` are accepted but not applied.
public func CTFontCreateCopyWithAttributes(
    _ font: CTFont, _ size: CGFloat, _ matrix: UnsafePointer<CGAffineTransform>?, _ attributes: AnyObject?
) -> CTFont {
    CoreTextWarnings.checkMatrix(matrix)
    return CTFont(name: font.textFont.name, size: size == 0 ? font.size : size)
}

/// The size in points.
public func CTFontGetSize(_ font: CTFont) -> CGFloat { font.size }

/// The distance from the baseline to the top of the design in points (positive): the face's
/// ascender (OS/2 typographic when the font asks for it, else `hhea`) × size / units per em.
public func CTFontGetAscent(_ font: CTFont) -> CGFloat { font.lineMetrics.ascent }

/// The distance from the baseline to the bottom of the design in points, positive as Core Text
/// reports it.
public func CTFontGetDescent(_ font: CTFont) -> CGFloat { font.lineMetrics.descent }

/// The font's line gap in points (0 for many fonts).
public func CTFontGetLeading(_ font: CTFont) -> CGFloat { font.lineMetrics.leading }

/// The height of flat capitals above the baseline in points.
public func CTFontGetCapHeight(_ font: CTFont) -> CGFloat { CGFloat(font.face?.capHeight ?? 0) * font.scale }

/// The height of flat lowercase letters above the baseline in points.
public func CTFontGetXHeight(_ font: CTFont) -> CGFloat { CGFloat(font.face?.xHeight ?? 0) * font.scale }

/// The number of design units per em of the face (typically 1000 or 2048).
public func CTFontGetUnitsPerEm(_ font: CTFont) -> UInt32 { UInt32(max(font.face?.unitsPerEm ?? 1000, 0)) }

/// The number of glyphs in the face.
public func CTFontGetGlyphCount(_ font: CTFont) -> CFIndex { font.face?.numberOfGlyphs ?? 0 }

/// The union of the face's glyph bounding boxes in points (the `head` table's box, scaled).
public func CTFontGetBoundingBox(_ font: CTFont) -> CGRect {
    let box = font.face?.fontBBox ?? .zero
    return CGRect(
        x: box.minX * font.scale, y: box.minY * font.scale, width: box.width * font.scale,
        height: box.height * font.scale)
}

/// The slant in degrees counter-clockwise from vertical (negative for fonts leaning right).
public func CTFontGetSlantAngle(_ font: CTFont) -> CGFloat { font.face?.italicAngle ?? 0 }

/// The PostScript name of the face that draws (`"NimbusSans-Regular"` for Helvetica where URW's
/// fonts stand in for it, ruling CT2); the requested name when the face has none.
public func CTFontCopyPostScriptName(_ font: CTFont) -> CFString {
    (font.face?.postScriptName ?? font.textFont.name) as CFString
}

/// The family name of the face that draws (ruling CT2).
public func CTFontCopyFamilyName(_ font: CTFont) -> CFString {
    (font.face?.familyName ?? font.textFont.name) as CFString
}

/// The full name of the face that draws (ruling CT2), or its family name when it has none.
public func CTFontCopyFullName(_ font: CTFont) -> CFString {
    (font.face?.fullName ?? font.face?.familyName ?? font.textFont.name) as CFString
}

/// The face that draws as a `CGFont`, Apple's `CTFontCopyGraphicsFont`; `attributes` is not
/// written. Traps only when no font is installed at all.
public func CTFontCopyGraphicsFont(
    _ font: CTFont, _ attributes: UnsafeMutablePointer<AnyObject?>?
) -> CGFont {
    guard let face = font.face else { preconditionFailure("CoreText: no font is installed") }
    return face
}
