/// One line of laid-out text, Apple's `CTLine`: its glyph runs, measurements and drawing.
///
/// A line's origin is the start of its baseline; measurements are in points in Core Text's
/// y-up text space. Immutable; use it from one thread at a time.
public final class CTLine {
    /// The Pango layout the line belongs to (`nil` for a line without characters to draw).
    let layout: TextLayout?
    /// The line's index in `layout`.
    let index: Int
    /// The attributed string the line was made from.
    let string: NSAttributedString
    /// The characters, UTF-16 offsets into `string`, line break included.
    let stringRange: Range<Int>
    /// The glyph runs in logical order.
    let runs: [CTRun]
    /// The largest ascent of the runs' fonts.
    let ascent: CGFloat
    /// The largest descent (positive) of the runs' fonts.
    let descent: CGFloat
    /// The largest leading of the runs' fonts.
    let leading: CGFloat
    /// The sum of the advances in points (the runs', whose kerning follows every glyph).
    let width: CGFloat

    /// Line `index` of `layout`, whose runs are `attributes` (by run index) and whose UTF-16
    /// offset 0 is `offset` in `string`. `metricsFont` measures a line without runs.
    init(
        layout: TextLayout?, index: Int, string: NSAttributedString, offset: Int,
        attributes: [RunAttributes], stringRange: Range<Int>, metricsFont: CTFont?
    ) {
        self.layout = layout
        self.index = index
        self.string = string
        self.stringRange = stringRange
        let line = layout.flatMap { $0.lines.indices.contains(index) ? $0.lines[index] : nil }
        runs = (line?.glyphRuns ?? []).map {
            CTRun(
                attributes: attributes[$0.runIndex],
                stringRange: ($0.characterRange.lowerBound + offset)..<($0.characterRange.upperBound + offset),
                x: $0.x, advances: $0.advances, stringIndices: $0.characterOffsets.map { $0 + offset },
                glyphs: $0.glyphs)
        }
        let fonts = runs.isEmpty ? (metricsFont.map { [$0] } ?? []) : runs.map(\.attributes.font)
        let metrics = fonts.map(\.lineMetrics)
        ascent = metrics.map(\.ascent).max() ?? 0
        descent = metrics.map(\.descent).max() ?? 0
        leading = metrics.map(\.leading).max() ?? 0
        width = runs.reduce(0) { $0 + $1.advances.reduce(0, +) }
    }

    /// The line's ink relative to its origin, y up; `.null` when it draws nothing.
    var inkBounds: CGRect {
        guard let layout, layout.lines.indices.contains(index) else { return .null }
        let ink = layout.lines[index].inkBounds
        return ink.isNull ? .null : CGRect(x: ink.minX, y: -ink.maxY, width: ink.width, height: ink.height)
    }

    /// Draws the line with its origin at the text position of `context`.
    func draw(in context: CGContext, textMatrix: CGAffineTransform) {
        guard let layout else { return }
        context.drawLine(index, of: layout, baselineAt: .zero, textMatrix: textMatrix)
    }

    /// Lays out `range` of `string` as one line: line and paragraph breaks inside it do not
    /// break it (they draw nothing).
    static func make(_ string: NSAttributedString, range: Range<Int>) -> CTLine {
        let runs = attributeRuns(of: string, in: range)
        let text = string.string as NSString
        let layoutRuns = runs.map { subrange, attributes in
            let piece = text.substring(with: NSRange(location: subrange.lowerBound, length: subrange.count))
            return attributes.layoutRun(String(String.UnicodeScalarView(piece.unicodeScalars.map(unbroken))))
        }
        let layout = TextLayout(runs: layoutRuns, wraps: false)
        return CTLine(
            layout: layout.lines.isEmpty ? nil : layout, index: 0, string: string, offset: range.lowerBound,
            attributes: runs.map(\.1), stringRange: range, metricsFont: nil)
    }

    /// A line or paragraph separator as a zero-width space (also one UTF-16 unit), so that it
    /// does not break the line.
    private static func unbroken(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        switch scalar.value {
        case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: return "\u{200B}"
        default: return scalar
        }
    }
}

/// A line of all of `attrString`, Apple's `CTLineCreateWithAttributedString`. Line breaks in the
/// string do not break the line (they draw nothing); attributes are read as
/// `kCTFontAttributeName` and the other keys say.
public func CTLineCreateWithAttributedString(_ attrString: CFAttributedString) -> CTLine {
    let string = attrString.copy() as? NSAttributedString ?? attrString
    return CTLine.make(string, range: 0..<string.length)
}

/// The width of `line` in points (the sum of its advances, trailing spaces included), with the
/// largest ascent, descent (positive) and leading of its fonts written where the pointers are not
/// `nil`; a line without glyphs measures 0 (a frame's empty line takes its metrics from the font
/// of its line break). Apple's `CTLineGetTypographicBounds`.
public func CTLineGetTypographicBounds(
    _ line: CTLine, _ ascent: UnsafeMutablePointer<CGFloat>?, _ descent: UnsafeMutablePointer<CGFloat>?,
    _ leading: UnsafeMutablePointer<CGFloat>?
) -> Double {
    ascent?.pointee = line.ascent
    descent?.pointee = line.descent
    leading?.pointee = line.leading
    return Double(line.width)
}

/// The smallest rectangle holding `line`'s ink, relative to its origin placed at `context`'s text
/// position (at (0, 0) when `context` is `nil`), y up; `.null` when the line draws nothing.
/// Apple's `CTLineGetImageBounds`.
public func CTLineGetImageBounds(_ line: CTLine, _ context: CGContext?) -> CGRect {
    let ink = line.inkBounds
    guard !ink.isNull, let context else { return ink }
    return ink.offsetBy(dx: context.textPosition.x, dy: context.textPosition.y)
}

/// The glyph runs of `line` in logical order (a `CFArray` of ``CTRun``, so
/// `CTLineGetGlyphRuns(line) as! [CTRun]` reads them).
public func CTLineGetGlyphRuns(_ line: CTLine) -> CFArray { line.runs as NSArray }

/// The number of glyphs in `line`.
public func CTLineGetGlyphCount(_ line: CTLine) -> CFIndex { line.runs.reduce(0) { $0 + $1.advances.count } }

/// The characters of `line`: UTF-16 offsets into the attributed string it was made from, line
/// break included.
public func CTLineGetStringRange(_ line: CTLine) -> CFRange { CFRange(line.stringRange) }

/// Draws `line` into `context` with its origin at the context's text position, Apple's
/// `CTLineDraw`: glyphs in text space (y up) mapped by the context's text matrix, then the CTM,
/// each run in its foreground colour. In a y-down user space (a flipped context) the text is
/// mirrored, as on Apple's platforms: flip the CTM first (`translateBy(x: 0, y: height)`,
/// `scaleBy(x: 1, y: -1)`). The clip, global alpha and blend mode apply; the text position is
/// not advanced.
public func CTLineDraw(_ line: CTLine, _ context: CGContext) {
    line.draw(in: context, textMatrix: context.textMatrix)
}
