// MARK: - Characters and positions on a line

extension CTLine {
    /// The line's glyphs as (left edge, advance, first character, right to left), in visual order.
    var glyphs: [(x: CGFloat, advance: CGFloat, index: Int, rightToLeft: Bool)] {
        runs.sorted { $0.x < $1.x }.flatMap { run in
            zip(run.positions, zip(run.advances, run.stringIndices)).map {
                (x: $0, advance: $1.0, index: $1.1, rightToLeft: run.isRightToLeft)
            }
        }
    }
}

/// The distance from `line`'s origin to the caret before the character at `charIndex` (UTF-16
/// offset into the line's attributed string), Apple's `CTLineGetOffsetForStringIndex`: the
/// leading edge of the glyph that character starts — its left edge, or its right edge in a
/// right-to-left run. A character inside a glyph's cluster takes that glyph's edge; an index at
/// or past the line's end is the line's width, before its start 0. `secondaryOffset`, when not
/// `nil`, receives the same offset (Lamina does not place split carets).
public func CTLineGetOffsetForStringIndex(
    _ line: CTLine, _ charIndex: CFIndex, _ secondaryOffset: UnsafeMutablePointer<CGFloat>?
) -> CGFloat {
    let glyphs = line.glyphs
    let textEnd = line.runs.map(\.stringRange.upperBound).max() ?? line.stringRange.lowerBound
    var offset = charIndex < line.stringRange.lowerBound ? 0 : line.width
    if charIndex >= line.stringRange.lowerBound, charIndex < textEnd,
        let glyph = glyphs.filter({ $0.index <= charIndex }).max(by: { $0.index < $1.index })
    {
        offset = glyph.rightToLeft ? glyph.x + glyph.advance : glyph.x
    }
    secondaryOffset?.pointee = offset
    return offset
}

/// The index of the character (UTF-16 offset into the line's attributed string) whose caret is
/// nearest to `position.x` (relative to the line's origin), Apple's
/// `CTLineGetStringIndexForPosition`: a position over the first half of a glyph gives its first
/// character, over the second half the character after its cluster (mirrored in a right-to-left
/// run); before the line its first character, past it the end of its string range less a final
/// line break. `position.y` is not used.
public func CTLineGetStringIndexForPosition(_ line: CTLine, _ position: CGPoint) -> CFIndex {
    let glyphs = line.glyphs
    let clusterEnds = Set(glyphs.map(\.index)).sorted()
    func after(_ index: Int) -> Int {
        clusterEnds.first { $0 > index } ?? (line.runs.map(\.stringRange.upperBound).max() ?? index + 1)
    }
    guard let first = glyphs.first, position.x >= first.x else {
        return glyphs.first.map { $0.rightToLeft ? after($0.index) : $0.index } ?? line.stringRange.lowerBound
    }
    for glyph in glyphs where position.x < glyph.x + glyph.advance {
        let firstHalf = position.x < glyph.x + glyph.advance / 2
        return firstHalf != glyph.rightToLeft ? glyph.index : after(glyph.index)
    }
    guard let last = glyphs.last else { return line.stringRange.lowerBound }
    return last.rightToLeft ? last.index : after(last.index)
}

/// The width in points of the whitespace (spaces, tabs, line breaks) that ends `line`, included
/// in its typographic width, Apple's `CTLineGetTrailingWhitespaceWidth`.
public func CTLineGetTrailingWhitespaceWidth(_ line: CTLine) -> Double {
    let text = line.string.string as NSString
    var start = line.stringRange.upperBound
    while start > line.stringRange.lowerBound,
        let scalar = Unicode.Scalar(text.character(at: start - 1)),
        scalar.properties.isWhitespace
    {
        start -= 1
    }
    return Double(line.glyphs.filter { $0.index >= start }.reduce(0) { $0 + $1.advance })
}
