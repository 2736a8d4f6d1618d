/// Lines of an attributed string filled into a box, top to bottom: Lamina's typesetter behind
/// ``CTFramesetter``, ``CTFrame`` and frame size suggestions.
///
/// Each paragraph (text up to a line feed, carriage return, CR LF, U+0085 or U+2029) is laid out
/// by Pango in the style of its first character: wrapped at the box width less its indents (or
/// one line, clipped or truncated, as its line break mode says), aligned, first line indented.
/// Lines are then stacked by Core Text's line-height rules (ruling CT3):
///
///     natural  = ascent + descent + leading        (the line's largest, over its fonts)
///     height   = natural × lineHeightMultiple      (when the multiple is positive)
///     height   = max(height, minimumLineHeight)    (when positive)
///     height   = min(height, maximumLineHeight)    (when positive)
///     baseline = top + height − descent − leading  (extra height goes above the text)
///     gap      = clamp(lineSpacing + lineSpacingAdjustment, minimumLineSpacing, maximumLineSpacing)
///
/// and the next line's top is `top + height + gap`, plus the previous paragraph's
/// `paragraphSpacing` and this one's `paragraphSpacingBefore` at a paragraph's first line
/// (`paragraphSpacingBefore` counts at the top of the box too). A line fits while its baseline
/// plus descent is within the box's height; filling stops at the first line that does not.
struct FrameLayout {
    /// A placed line: its origin's x from the box's left edge and its baseline's distance below
    /// the box's top.
    struct PlacedLine {
        /// The line.
        var line: CTLine
        /// The x of its origin from the box's left edge.
        var x: CGFloat
        /// The distance of its baseline below the box's top.
        var baselineFromTop: CGFloat
        /// Whether the line's paragraph clips it to the box (`byClipping`).
        var clips: Bool
        /// The width the line needs: its advance plus its indents.
        var neededWidth: CGFloat
    }

    /// The lines that fit, top to bottom.
    private(set) var lines: [PlacedLine] = []
    /// The characters of the lines that fit.
    private(set) var visibleRange: Range<Int>

    /// Fills the characters `range` of `string` into a box `width` wide (no wrapping when `nil`)
    /// and `height` high (unbounded when `nil`).
    init(string: NSAttributedString, range: Range<Int>, width: CGFloat?, height: CGFloat?) {
        visibleRange = range.lowerBound..<range.lowerBound
        var filler = Filler(height: height)
        for (paragraph, separator) in Self.paragraphs(of: string.string as NSString, in: range) {
            let placed = Self.layOutParagraph(
                of: string, paragraph: paragraph, separator: separator, width: width)
            for (index, item) in placed.enumerated() {
                guard let placedLine = filler.place(item, firstInParagraph: index == 0) else {
                    return
                }
                lines.append(placedLine)
                visibleRange = range.lowerBound..<item.line.stringRange.upperBound
            }
        }
    }

    /// The paragraphs of `range`: each one's characters without its separator, and the
    /// separator's length (0 for the last paragraph when the range does not end with one). A
    /// range ending with a separator has no empty paragraph after it.
    static func paragraphs(of text: NSString, in range: Range<Int>) -> [(Range<Int>, Int)] {
        var result: [(Range<Int>, Int)] = []
        var start = range.lowerBound
        var index = start
        while index < range.upperBound {
            let unit = text.character(at: index)
            var separator = 0
            switch unit {
            case 0x0A, 0x85, 0x2029: separator = 1
            case 0x0D:
                separator = index + 1 < range.upperBound && text.character(at: index + 1) == 0x0A ? 2 : 1
            default: break
            }
            if separator > 0 {
                result.append((start..<index, separator))
                index += separator
                start = index
            } else {
                index += 1
            }
        }
        if start < range.upperBound { result.append((start..<range.upperBound, 0)) }
        return result
    }

    /// A paragraph's lines with their style, before they are stacked.
    struct ParagraphLine {
        var line: CTLine
        var x: CGFloat
        var style: CTParagraphStyle
        var neededWidth: CGFloat
    }

    /// Lays out one paragraph at `width` (its style's indents taken off) into its lines.
    static func layOutParagraph(
        of string: NSAttributedString, paragraph: Range<Int>, separator: Int, width: CGFloat?
    ) -> [ParagraphLine] {
        // An empty paragraph's first character is its separator.
        let first = paragraph.lowerBound
        let attributes = RunAttributes(
            string.length > first ? string.attributes(at: first, effectiveRange: nil) : [:])
        let style = attributes.paragraphStyle ?? .standard
        let head = style.number(.headIndent)
        let firstHead = style.number(.firstLineHeadIndent)
        let tail = style.number(.tailIndent)
        let fullRange = paragraph.lowerBound..<(paragraph.upperBound + separator)
        guard !paragraph.isEmpty else {
            let line = CTLine(
                layout: nil, index: 0, string: string, offset: 0, attributes: [], stringRange: fullRange,
                metricsFont: attributes.font)
            return [ParagraphLine(line: line, x: firstHead, style: style, neededWidth: firstHead)]
        }
        let lineWidth = width.map { max((tail > 0 ? tail : $0 + tail) - head, 0) }
        let runs = attributeRuns(of: string, in: paragraph)
        let text = string.string as NSString
        let layoutRuns = runs.map { subrange, attributes in
            attributes.layoutRun(
                text.substring(with: NSRange(location: subrange.lowerBound, length: subrange.count)))
        }
        let mode = style.lineBreakMode
        let layout = TextLayout(
            runs: layoutRuns, width: lineWidth, height: nil,
            wraps: mode == .byWordWrapping || mode == .byCharWrapping, alignment: alignment(style.alignment),
            truncation: truncation(mode), quantizesGlyphPositions: false, pixelsPerPoint: 1,
            firstLineIndent: firstHead - head, wrapsCharacters: mode == .byCharWrapping)
        return layout.lines.indices.map { index in
            var range = layout.lines[index].characterRange
            range = (range.lowerBound + paragraph.lowerBound)..<(range.upperBound + paragraph.lowerBound)
            if index == layout.lines.count - 1 { range = range.lowerBound..<fullRange.upperBound }
            let line = CTLine(
                layout: layout, index: index, string: string, offset: paragraph.lowerBound,
                attributes: runs.map(\.1), stringRange: range, metricsFont: attributes.font)
            let indent = index == 0 ? firstHead : head
            return ParagraphLine(
                line: line, x: head + layout.lines[index].rect.minX, style: style,
                neededWidth: indent + line.width + max(-tail, 0))
        }
    }

    /// Text layout's alignment for Core Text's.
    static func alignment(_ alignment: CTTextAlignment) -> TextLayout.Alignment {
        switch alignment {
        case .left: return .left
        case .right: return .right
        case .center: return .center
        case .justified: return .justified
        case .natural: return .natural
        }
    }

    /// Text layout's truncation for a line break mode.
    static func truncation(_ mode: CTLineBreakMode) -> TextLayout.Truncation {
        switch mode {
        case .byTruncatingHead: return .start
        case .byTruncatingMiddle: return .middle
        case .byTruncatingTail: return .end
        case .byWordWrapping, .byCharWrapping, .byClipping: return .none
        }
    }

    /// Stacks lines from the top of the box down by the line-height rules.
    struct Filler {
        /// The box height, or `nil` for unbounded.
        let height: CGFloat?
        /// The top of the next line below the box's top, before spacing.
        var top: CGFloat = 0
        /// The previous line's style (`nil` before the first line).
        var previous: CTParagraphStyle?

        /// Places `item` below the lines placed so far, or returns `nil` when it does not fit.
        mutating func place(_ item: ParagraphLine, firstInParagraph: Bool) -> PlacedLine? {
            let style = item.style
            let line = item.line
            var lineTop = top
            if let previous {
                let spacing = style.number(.lineSpacing) + style.number(.lineSpacingAdjustment)
                lineTop += min(
                    max(spacing, style.number(.minimumLineSpacing)), style.number(.maximumLineSpacing))
                if firstInParagraph { lineTop += previous.number(.paragraphSpacing) }
            }
            if firstInParagraph { lineTop += style.number(.paragraphSpacingBefore) }
            let lineHeight = Self.height(of: line, style: style)
            let baseline = lineTop + lineHeight - line.descent - line.leading
            if let height, baseline + line.descent > height + 1e-6 { return nil }
            top = lineTop + lineHeight
            previous = style
            return PlacedLine(
                line: line, x: item.x, baselineFromTop: baseline, clips: style.lineBreakMode == .byClipping,
                neededWidth: item.neededWidth)
        }

        /// A line's height by its style: natural, multiplied, then clamped.
        static func height(of line: CTLine, style: CTParagraphStyle) -> CGFloat {
            var height = line.ascent + line.descent + line.leading
            let multiple = style.number(.lineHeightMultiple)
            if multiple > 0 { height *= multiple }
            let minimum = style.number(.minimumLineHeight)
            if minimum > 0 { height = max(height, minimum) }
            let maximum = style.number(.maximumLineHeight)
            if maximum > 0 { height = min(height, maximum) }
            return height
        }
    }
}
