import CoreGraphics
import CoreText
import Foundation
import Testing

/// Lines and runs from attributed strings: widths, kerning, runs and their ranges.
@Suite struct CTLineTests {
    static let font = CTFontCreateWithName("DejaVu Sans" as CFString, 20, nil)
    /// Pango positions glyphs in 1/1024 pt; widths agree to a few units.
    static let tolerance: CGFloat = 0.01

    static func width(_ line: CTLine) -> CGFloat {
        CGFloat(CTLineGetTypographicBounds(line, nil, nil, nil))
    }

    @Test func typographicBoundsAreTheFontsMetricsAndTheAdvances() {
        let line = CTLineCreateWithAttributedString(attributed("Hamburg", font: Self.font))
        var ascent: CGFloat = 0
        var descent: CGFloat = 0
        var leading: CGFloat = -1
        let width = CTLineGetTypographicBounds(line, &ascent, &descent, &leading)
        #expect(ascent == CTFontGetAscent(Self.font))
        #expect(descent == CTFontGetDescent(Self.font))
        #expect(leading == CTFontGetLeading(Self.font))
        #expect(width > 7 * 8 && width < 7 * 20)
        let runs = CTLineGetGlyphRuns(line) as! [CTRun]
        let runWidths = runs.map { CTRunGetTypographicBounds($0, CFRange(), nil, nil, nil) }.reduce(0, +)
        #expect(abs(runWidths - width) < Double(Self.tolerance))
        #expect(CTLineGetStringRange(line) == CFRange(location: 0, length: 7))
    }

    @Test func kerningWidensTheLineByCountTimesKern() {
        let text = "Kerning"
        let plain = Self.width(CTLineCreateWithAttributedString(attributed(text, font: Self.font)))
        let kerned = Self.width(CTLineCreateWithAttributedString(attributed(text, font: Self.font, kern: 3)))
        let tight = Self.width(CTLineCreateWithAttributedString(attributed(text, font: Self.font, kern: -1)))
        #expect(abs(kerned - plain - 3 * CGFloat(text.count)) < Self.tolerance)
        #expect(abs(tight - plain + CGFloat(text.count)) < Self.tolerance)
    }

    @Test func attributeChangesSplitRuns() throws {
        let string = NSMutableAttributedString(attributedString: attributed("redblue", font: Self.font))
        let red = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
        string.addAttribute(
            NSAttributedString.Key(kCTForegroundColorAttributeName as String), value: red,
            range: NSRange(location: 0, length: 3))
        let line = CTLineCreateWithAttributedString(string)
        let runs = CTLineGetGlyphRuns(line) as! [CTRun]
        try #require(runs.count == 2)
        #expect(CTRunGetStringRange(runs[0]) == CFRange(location: 0, length: 3))
        #expect(CTRunGetStringRange(runs[1]) == CFRange(location: 3, length: 4))
        #expect(CTRunGetGlyphCount(runs[0]) == 3 && CTRunGetGlyphCount(runs[1]) == 4)
        #expect(CTLineGetGlyphCount(line) == 7)
        let attributes = CTRunGetAttributes(runs[0])
        #expect(attributes[kCTForegroundColorAttributeName] as? CGColor == red)
        #expect(attributes[kCTFontAttributeName] as? CTFont == Self.font)
        let byKey = CTRunGetAttributes(runs[1]) as! [String: Any]
        #expect(byKey[kCTForegroundColorAttributeName as String] == nil)
        #expect(byKey[kCTFontAttributeName as String] as? CTFont == Self.font)
        var positions = [CGPoint](repeating: .zero, count: 4)
        CTRunGetPositions(runs[1], CFRange(), &positions)
        let firstRunWidth = CGFloat(CTRunGetTypographicBounds(runs[0], CFRange(), nil, nil, nil))
        #expect(abs(positions[0].x - firstRunWidth) < Self.tolerance)
        #expect(positions[1].x > positions[0].x)
    }

    @Test func aPartialRunRangeMeasuresItsGlyphs() throws {
        let line = CTLineCreateWithAttributedString(attributed("iiii", font: Self.font))
        let run = try #require((CTLineGetGlyphRuns(line) as! [CTRun]).first)
        let all = CTRunGetTypographicBounds(run, CFRange(), nil, nil, nil)
        let half = CTRunGetTypographicBounds(run, CFRange(location: 2, length: 2), nil, nil, nil)
        #expect(abs(half * 2 - all) < Double(Self.tolerance))
        #expect(CTRunGetTypographicBounds(run, CFRange(location: 3, length: 2), nil, nil, nil) == 0)
    }

    @Test func lineBreaksDoNotBreakALine() {
        let line = CTLineCreateWithAttributedString(attributed("one\ntwo", font: Self.font))
        let joined = CTLineCreateWithAttributedString(attributed("onetwo", font: Self.font))
        #expect(abs(Self.width(line) - Self.width(joined)) < Self.tolerance)
        #expect(CTLineGetStringRange(line) == CFRange(location: 0, length: 7))
    }

    @Test func anEmptyStringMakesAnEmptyLine() {
        let line = CTLineCreateWithAttributedString(NSAttributedString(string: ""))
        var ascent: CGFloat = -1
        #expect(CTLineGetTypographicBounds(line, &ascent, nil, nil) == 0)
        #expect(ascent == 0)
        #expect((CTLineGetGlyphRuns(line) as! [CTRun]).isEmpty)
        #expect(CTLineGetImageBounds(line, nil).isNull)
    }

    @Test func textWithoutAFontIsHelveticaTwelve() {
        let line = CTLineCreateWithAttributedString(NSAttributedString(string: "x"))
        var ascent: CGFloat = 0
        _ = CTLineGetTypographicBounds(line, &ascent, nil, nil)
        #expect(ascent == CTFontGetAscent(CTFontCreateWithName("Helvetica" as CFString, 12, nil)))
    }

    @Test func imageBoundsHoldTheInkAboveTheBaseline() {
        let line = CTLineCreateWithAttributedString(attributed("H", font: Self.font))
        let bounds = CTLineGetImageBounds(line, nil)
        let capHeight = CTFontGetCapHeight(Self.font)
        // DejaVu Sans's H sits on the baseline and reaches the cap height.
        #expect(abs(bounds.minY) < 0.05)
        #expect(abs(bounds.maxY - capHeight) < 0.05)
        let context = rgbaContext(width: 10, height: 10)
        context.textPosition = CGPoint(x: 5, y: 7)
        #expect(CTLineGetImageBounds(line, context) == bounds.offsetBy(dx: 5, dy: 7))
    }
}
