/// Glyphs of one line in one font and set of attributes, Apple's `CTRun`; immutable.
///
/// A line's runs follow its attribute runs (a change of any attribute starts a new run) and
/// Pango's items (a change of script, direction or fallback font starts one too).
public final class CTRun {
    /// The run's attributes.
    let attributes: RunAttributes
    /// The characters, UTF-16 offsets into the attributed string the line was made from.
    let stringRange: Range<Int>
    /// The left edge of the run's advances from the line's origin, in points.
    let x: CGFloat
    /// Each glyph's advance in points, in visual order.
    let advances: [CGFloat]
    /// Each glyph's first character in the attributed string, in visual order.
    let stringIndices: [Int]
    /// Each glyph's index in its font (0 for an empty glyph or a missing character), in visual
    /// order.
    let glyphs: [CGGlyph]

    init(
        attributes: RunAttributes, stringRange: Range<Int>, x: CGFloat, advances: [CGFloat],
        stringIndices: [Int], glyphs: [UInt32]
    ) {
        self.attributes = attributes
        self.stringRange = stringRange
        self.x = x
        self.advances = advances
        self.stringIndices = stringIndices
        // Pango's empty glyph and its flag for a box drawn for a missing character are not glyphs
        // of the font.
        self.glyphs = glyphs.map { $0 <= UInt32(UInt16.max) ? CGGlyph($0) : 0 }
    }

    /// Whether the run's glyphs run right to left (their characters descend in visual order).
    var isRightToLeft: Bool {
        guard let first = stringIndices.first, let last = stringIndices.last else { return false }
        return last < first
    }

    /// Each glyph's left edge from the line's origin, in visual order.
    var positions: [CGFloat] {
        var x = self.x
        return advances.map { advance in
            defer { x += advance }
            return x
        }
    }

    /// The glyph indices `range` names (length 0: to the end), `nil` when out of bounds.
    func glyphIndices(_ range: CFRange) -> Range<Int>? {
        range.resolved(in: advances.count)
    }
}

/// The number of glyphs in `run`.
public func CTRunGetGlyphCount(_ run: CTRun) -> CFIndex { run.advances.count }

/// The attributes of `run`'s characters as they were set in the attributed string, keyed by
/// their names (`kCTFontAttributeName as String`, …). Apple's `CTRunGetAttributes`.
public func CTRunGetAttributes(_ run: CTRun) -> CFDictionary {
    var byName: [String: Any] = [:]
    for (key, value) in run.attributes.all { byName[key.rawValue] = value }
    return NSDictionary(dictionary: byName)
}

/// The characters `run` draws: a range of UTF-16 offsets into the attributed string its line
/// was made from.
public func CTRunGetStringRange(_ run: CTRun) -> CFRange { CFRange(run.stringRange) }

/// The width of the glyphs in `range` (length 0: from `range.location` to the end) of `run` in
/// points, with its font's ascent, descent (positive) and leading written where the pointers
/// are not `nil`. A range out of bounds gives 0 and writes nothing. Apple's
/// `CTRunGetTypographicBounds`.
public func CTRunGetTypographicBounds(
    _ run: CTRun, _ range: CFRange, _ ascent: UnsafeMutablePointer<CGFloat>?,
    _ descent: UnsafeMutablePointer<CGFloat>?, _ leading: UnsafeMutablePointer<CGFloat>?
) -> Double {
    guard let glyphs = run.glyphIndices(range) else { return 0 }
    let metrics = run.attributes.font.lineMetrics
    ascent?.pointee = metrics.ascent
    descent?.pointee = metrics.descent
    leading?.pointee = metrics.leading
    return Double(run.advances[glyphs].reduce(0, +))
}

/// Copies the advances of the glyphs in `range` (length 0: to the end) of `run` into `buffer`
/// (width in points, height 0), in visual order; copies nothing for a range out of bounds.
public func CTRunGetAdvances(_ run: CTRun, _ range: CFRange, _ buffer: UnsafeMutablePointer<CGSize>) {
    guard let glyphs = run.glyphIndices(range) else { return }
    for (offset, index) in glyphs.enumerated() {
        buffer[offset] = CGSize(width: run.advances[index], height: 0)
    }
}

/// Copies the positions of the glyphs in `range` (length 0: to the end) of `run` into `buffer`:
/// each glyph's pen position on the baseline relative to the line's origin, in points (y is 0).
public func CTRunGetPositions(_ run: CTRun, _ range: CFRange, _ buffer: UnsafeMutablePointer<CGPoint>) {
    guard let glyphs = run.glyphIndices(range) else { return }
    var x = run.x + run.advances[..<glyphs.lowerBound].reduce(0, +)
    for (offset, index) in glyphs.enumerated() {
        buffer[offset] = CGPoint(x: x, y: 0)
        x += run.advances[index]
    }
}

/// Copies the string index of the glyphs in `range` (length 0: to the end) of `run` into
/// `buffer`: each glyph's first character (UTF-16 offset into the line's attributed string), in
/// the glyphs' visual order (descending in a right-to-left run). Copies nothing for a range out
/// of bounds.
public func CTRunGetStringIndices(_ run: CTRun, _ range: CFRange, _ buffer: UnsafeMutablePointer<CFIndex>) {
    guard let glyphs = run.glyphIndices(range) else { return }
    for (offset, index) in glyphs.enumerated() { buffer[offset] = run.stringIndices[index] }
}

/// Copies the glyphs in `range` (length 0: to the end) of `run` into `buffer`, in visual order:
/// indices into the run's font (its `kCTFontAttributeName`; for a character that font lacks, the
/// index in the fallback font Pango drew it with), 0 for a missing character. Copies nothing for
/// a range out of bounds. Apple's `CTRunGetGlyphs`.
public func CTRunGetGlyphs(_ run: CTRun, _ range: CFRange, _ buffer: UnsafeMutablePointer<CGGlyph>) {
    guard let glyphs = run.glyphIndices(range) else { return }
    for (offset, index) in glyphs.enumerated() { buffer[offset] = run.glyphs[index] }
}
