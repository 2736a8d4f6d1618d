import CoreGraphics
import CoreText
import Foundation
import Testing

/// Framesetters fill paths with lines: wrapping, line heights from paragraph styles (the
/// formula of ruling CT3, written out here), alignment, indents, fitting and size suggestions.
@Suite struct CTFramesetterTests {
    static let font = CTFontCreateWithName("DejaVu Sans" as CFString, 20, nil)
    static let ascent = CTFontGetAscent(font)
    static let descent = CTFontGetDescent(font)
    static let leading = CTFontGetLeading(font)
    static let natural = ascent + descent + leading
    /// Origins are sums of font metrics; they agree to rounding.
    static let tolerance: CGFloat = 1e-6

    static func frame(_ string: NSAttributedString, width: CGFloat = 200, height: CGFloat = 300) -> CTFrame {
        let framesetter = CTFramesetterCreateWithAttributedString(string)
        let path = CGPath(rect: CGRect(x: 0, y: 0, width: width, height: height), transform: nil)
        return CTFramesetterCreateFrame(framesetter, CFRange(), path, nil)
    }

    static func origins(_ frame: CTFrame) -> [CGPoint] {
        let count = (CTFrameGetLines(frame) as! [CTLine]).count
        var origins = [CGPoint](repeating: .zero, count: count)
        CTFrameGetLineOrigins(frame, CFRange(), &origins)
        return origins
    }

    /// The y-up origins of three one-line paragraphs in a frame 300 high: the first baseline is
    /// `top + height − descent − leading` below the top, and each next one `height + gap` lower.
    static func expectedOrigins(height: CGFloat, gap: CGFloat, top: CGFloat = 0) -> [CGFloat] {
        let first = 300 - (top + height - descent - leading)
        return [first, first - height - gap, first - 2 * (height + gap)]
    }

    static func expectOrigins(_ style: CTParagraphStyle, height: CGFloat, gap: CGFloat, top: CGFloat = 0) {
        let origins = Self.origins(frame(attributed("A\nB\nC", font: font, paragraphStyle: style)))
        let expected = expectedOrigins(height: height, gap: gap, top: top)
        #expect(origins.count == 3)
        for (origin, y) in zip(origins, expected) {
            #expect(abs(origin.y - y) < tolerance, "origin \(origin.y), expected \(y)")
            #expect(origin.x == 0)
        }
    }

    @Test func linesStackByTheirNaturalHeight() {
        Self.expectOrigins(paragraphStyle([:]), height: Self.natural, gap: 0)
    }

    @Test func minimumLineHeightRaisesTheLineHeight() {
        Self.expectOrigins(paragraphStyle([.minimumLineHeight: 40]), height: 40, gap: 0)
        // A minimum below the natural height changes nothing.
        Self.expectOrigins(paragraphStyle([.minimumLineHeight: 5]), height: Self.natural, gap: 0)
    }

    @Test func maximumLineHeightCapsTheLineHeight() {
        Self.expectOrigins(paragraphStyle([.maximumLineHeight: 12]), height: 12, gap: 0)
    }

    @Test func lineHeightMultipleScalesTheNaturalHeightBeforeTheClamp() {
        Self.expectOrigins(paragraphStyle([.lineHeightMultiple: 2]), height: 2 * Self.natural, gap: 0)
        Self.expectOrigins(
            paragraphStyle([.lineHeightMultiple: 2, .maximumLineHeight: 30]), height: 30, gap: 0)
    }

    @Test func lineAndParagraphSpacingAddGaps() {
        Self.expectOrigins(paragraphStyle([.lineSpacingAdjustment: 5]), height: Self.natural, gap: 5)
        Self.expectOrigins(
            paragraphStyle([.paragraphSpacing: 7, .paragraphSpacingBefore: 3]), height: Self.natural, gap: 10,
            top: 3)
        Self.expectOrigins(
            paragraphStyle([.lineSpacingAdjustment: 5, .maximumLineSpacing: 2]), height: Self.natural, gap: 2)
    }

    @Test func aNarrowPathWrapsAParagraphIntoLines() throws {
        let text = "one two three four five six seven"
        let frame = Self.frame(attributed(text, font: Self.font), width: 70)
        let lines = CTFrameGetLines(frame) as! [CTLine]
        try #require(lines.count >= 4)
        var next = 0
        for line in lines {
            let range = CTLineGetStringRange(line)
            #expect(range.location == next)
            next = range.location + range.length
            let words = (text as NSString).substring(
                with: NSRange(location: range.location, length: range.length))
            #expect(words.trimmingCharacters(in: .whitespaces).split(separator: " ").count <= 1)
        }
        #expect(next == text.utf16.count)
        #expect(CTFrameGetVisibleStringRange(frame) == CFRange(location: 0, length: text.utf16.count))
        let origins = Self.origins(frame)
        for pair in zip(origins, origins.dropFirst()) {
            #expect(abs(pair.0.y - pair.1.y - Self.natural) < Self.tolerance)
        }
    }

    @Test func theSuggestedSizeHoldsTheSameLines() throws {
        let text = "one two three four five six seven"
        let framesetter = CTFramesetterCreateWithAttributedString(attributed(text, font: Self.font))
        var fit = CFRange()
        let size = CTFramesetterSuggestFrameSizeWithConstraints(
            framesetter, CFRange(), nil, CGSize(width: 70, height: CGFloat.greatestFiniteMagnitude), &fit)
        #expect(fit == CFRange(location: 0, length: text.utf16.count))
        #expect(size.width <= 70 && size.width > 30)
        let frame = CTFramesetterCreateFrame(
            framesetter, CFRange(), CGPath(rect: CGRect(origin: .zero, size: size), transform: nil), nil)
        let lines = CTFrameGetLines(frame) as! [CTLine]
        let wide = Self.frame(attributed(text, font: Self.font), width: 70)
        #expect(lines.count == (CTFrameGetLines(wide) as! [CTLine]).count)
        #expect(CTFrameGetVisibleStringRange(frame) == fit)
        // The height reaches the last line's descent.
        let last = try #require(Self.origins(frame).last)
        #expect(abs(last.y - Self.descent) < Self.tolerance)
        #expect(
            abs(size.height - (CGFloat(lines.count - 1) * Self.natural + Self.ascent + Self.descent)) < 1e-6)
        // Without a width constraint the paragraph is one line.
        let oneLine = CTFramesetterSuggestFrameSizeWithConstraints(
            framesetter, CFRange(), nil, CGSize(width: CGFloat.greatestFiniteMagnitude, height: .infinity),
            nil)
        let lineWidth = CTLineGetTypographicBounds(
            CTLineCreateWithAttributedString(attributed(text, font: Self.font)), nil, nil, nil)
        #expect(abs(oneLine.width - CGFloat(lineWidth)) < 0.01)
        #expect(abs(oneLine.height - Self.ascent - Self.descent) < 1e-6)
    }

    @Test func aShortPathHoldsTheLinesThatFit() {
        let text = "A\nB\nC"
        // Two lines reach 2 × natural − leading; a third does not fit in 50 points.
        let frame = Self.frame(attributed(text, font: Self.font), width: 100, height: 50)
        #expect((CTFrameGetLines(frame) as! [CTLine]).count == 2)
        #expect(CTFrameGetVisibleStringRange(frame) == CFRange(location: 0, length: 4))
        #expect(CTFrameGetStringRange(frame) == CFRange(location: 0, length: 5))
    }

    @Test func alignmentAndIndentsPlaceLineOrigins() throws {
        let width = CGFloat(
            CTLineGetTypographicBounds(
                CTLineCreateWithAttributedString(attributed("abc", font: Self.font)), nil, nil, nil))
        let right = Self.origins(
            Self.frame(
                attributed("abc", font: Self.font, paragraphStyle: paragraphStyle([:], alignment: .right))))
        #expect(abs(right[0].x - (200 - width)) < 0.01)
        let center = Self.origins(
            Self.frame(
                attributed("abc", font: Self.font, paragraphStyle: paragraphStyle([:], alignment: .center))))
        #expect(abs(center[0].x - (200 - width) / 2) < 0.01)
        let indented = Self.frame(
            attributed(
                "one two three four five six", font: Self.font,
                paragraphStyle: paragraphStyle([.firstLineHeadIndent: 30, .headIndent: 10])), width: 120)
        let origins = Self.origins(indented)
        try #require(origins.count >= 2)
        #expect(abs(origins[0].x - 30) < 0.01 && abs(origins[1].x - 10) < 0.01)
    }

    @Test func justifiedLinesFillTheWidthButTheLast() throws {
        let style = paragraphStyle([:], alignment: .justified)
        let text = "one two three four five six seven eight"
        let lines =
            CTFrameGetLines(Self.frame(attributed(text, font: Self.font, paragraphStyle: style), width: 150))
            as! [CTLine]
        try #require(lines.count >= 3)
        for line in lines.dropLast() {
            // A wrapped line's trailing space hangs past the edge; the glyphs before it fill it.
            let runs = CTLineGetGlyphRuns(line) as! [CTRun]
            let run = try #require(runs.last)
            var positions = [CGPoint](repeating: .zero, count: CTRunGetGlyphCount(run))
            CTRunGetPositions(run, CFRange(), &positions)
            var advances = [CGSize](repeating: .zero, count: positions.count)
            CTRunGetAdvances(run, CFRange(), &advances)
            try #require(positions.count >= 2)
            let inkEnd = positions[positions.count - 2].x + advances[advances.count - 2].width
            #expect(abs(inkEnd - 150) < 0.05, "line ends at \(inkEnd)")
        }
        let last = try #require(lines.last)
        #expect(CTLineGetTypographicBounds(last, nil, nil, nil) < 120)
    }

    @Test func naturalAlignmentPutsRightToLeftTextOnTheRight() throws {
        let text = "\u{05E9}\u{05DC}\u{05D5}\u{05DD}"
        let frame = Self.frame(attributed(text, font: Self.font))
        let line = try #require((CTFrameGetLines(frame) as! [CTLine]).first)
        let width = CGFloat(CTLineGetTypographicBounds(line, nil, nil, nil))
        #expect(width > 20)
        #expect(abs(Self.origins(frame)[0].x - (200 - width)) < 0.01)
    }

    @Test func truncatingModesMakeOneLinePerParagraph() throws {
        let text = "one two three four five six seven"
        let style = paragraphStyle([:], lineBreakMode: .byTruncatingTail)
        let frame = Self.frame(attributed(text, font: Self.font, paragraphStyle: style), width: 100)
        let lines = CTFrameGetLines(frame) as! [CTLine]
        try #require(lines.count == 1)
        #expect(CTLineGetTypographicBounds(lines[0], nil, nil, nil) <= 100)
        #expect(CTLineGetStringRange(lines[0]) == CFRange(location: 0, length: text.utf16.count))
    }

    @Test func paragraphStyleValuesReadBack() {
        let style = paragraphStyle([.lineHeightMultiple: 1.5], alignment: .center)
        var multiple: CGFloat = 0
        #expect(
            CTParagraphStyleGetValueForSpecifier(
                style, .lineHeightMultiple, MemoryLayout<CGFloat>.size, &multiple))
        #expect(multiple == 1.5)
        var alignment = CTTextAlignment.left
        #expect(CTParagraphStyleGetValueForSpecifier(style, .alignment, 1, &alignment))
        #expect(alignment == .center)
        var spacing: CGFloat = -1
        #expect(
            CTParagraphStyleGetValueForSpecifier(
                style, .paragraphSpacing, MemoryLayout<CGFloat>.size, &spacing))
        #expect(spacing == 0)
        #expect(!CTParagraphStyleGetValueForSpecifier(style, .paragraphSpacing, 4, &spacing))
        // A negative line height is out of range and ignored.
        let ignored = paragraphStyle([.minimumLineHeight: -5])
        var minimum: CGFloat = -1
        _ = CTParagraphStyleGetValueForSpecifier(
            ignored, .minimumLineHeight, MemoryLayout<CGFloat>.size, &minimum)
        #expect(minimum == 0)
    }
}
