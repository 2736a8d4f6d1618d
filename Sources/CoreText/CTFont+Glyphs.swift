// MARK: - Glyphs of a font

/// Writes into `glyphs` the glyph `font` maps each of the `count` UTF-16 units of `characters`
/// to, Apple's `CTFontGetGlyphsForCharacters`: a surrogate pair's glyph goes in its first slot
/// and 0 in the second; a character the face has no glyph for gets 0. Returns whether every
/// character has a glyph. (Lamina looks only in the face that draws the font, not in fallback
/// fonts.)
public func CTFontGetGlyphsForCharacters(
    _ font: CTFont, _ characters: UnsafePointer<UniChar>, _ glyphs: UnsafeMutablePointer<CGGlyph>,
    _ count: CFIndex
) -> Bool {
    guard count > 0 else { return true }
    var allFound = true
    var index = 0
    while index < count {
        let unit = characters[index]
        var scalar = Unicode.Scalar(unit)
        var width = 1
        if UTF16.isLeadSurrogate(unit), index + 1 < count, UTF16.isTrailSurrogate(characters[index + 1]) {
            scalar = Unicode.Scalar(UTF16.decode(UTF16.EncodedScalar([unit, characters[index + 1]])))
            width = 2
        }
        let glyph = scalar.flatMap { font.face?.glyph(for: $0) }
        glyphs[index] = glyph ?? 0
        if width == 2 { glyphs[index + 1] = 0 }
        if glyph == nil { allFound = false }
        index += width
    }
    return allFound
}

/// The outline of `glyph` of `font` as a path in points, y up with the origin at the glyph's
/// pen position on the baseline, transformed by `matrix` when not `nil`, Apple's
/// `CTFontCreatePathForGlyph`. A glyph without ink (a space) gives an empty path; `nil` for an
/// index the font does not have. Curves are the font's own: quadratic for TrueType outlines,
/// cubic for CFF.
public func CTFontCreatePathForGlyph(
    _ font: CTFont, _ glyph: CGGlyph, _ matrix: UnsafePointer<CGAffineTransform>?
) -> CGPath? {
    guard let outline = font.face?.outline(of: glyph) else { return nil }
    var transform = CGAffineTransform(scaleX: font.scale, y: font.scale)
    if let matrix { transform = transform.concatenating(matrix.pointee) }
    return outline.copy(using: &transform)
}
