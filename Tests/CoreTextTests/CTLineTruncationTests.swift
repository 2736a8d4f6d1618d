import CoreGraphics
import Foundation
import Testing

@testable import CoreText

/// `CTLineCreateTruncatedLine` keeps as many characters as fit with the token.
@Suite struct CTLineTruncationTests {
    static let font = CTFontCreateWithName("DejaVu Sans" as CFString, 20, nil)

    @Test func theEndIsReplacedByAnEllipsisToFit() throws {
        let line = CTLineCreateWithAttributedString(attributed("abcdefghijklmnop", font: Self.font))
        let truncated = try #require(CTLineCreateTruncatedLine(line, 100, .end, nil))
        let width = CTLineGetTypographicBounds(truncated, nil, nil, nil)
        #expect(width <= 100)
        #expect(truncated.debugText.hasSuffix("\u{2026}") && truncated.debugText.hasPrefix("abc"))
        // One more character would not fit.
        let kept = truncated.debugText.count - 1
        let longer = String("abcdefghijklmnop".prefix(kept + 1)) + "\u{2026}"
        let longerWidth = CTLineGetTypographicBounds(
            CTLineCreateWithAttributedString(attributed(longer, font: Self.font)), nil, nil, nil)
        #expect(longerWidth > 100)
    }

    @Test func startAndMiddleKeepTheOtherEnds() throws {
        let line = CTLineCreateWithAttributedString(attributed("abcdefghijklmnop", font: Self.font))
        let start = try #require(CTLineCreateTruncatedLine(line, 100, .start, nil))
        #expect(start.debugText.hasPrefix("\u{2026}") && start.debugText.hasSuffix("op"))
        let middle = try #require(CTLineCreateTruncatedLine(line, 100, .middle, nil))
        #expect(middle.debugText.hasPrefix("a") && middle.debugText.hasSuffix("p"))
        #expect(middle.debugText.contains("\u{2026}"))
        let token = CTLineCreateWithAttributedString(attributed("--", font: Self.font))
        let custom = try #require(CTLineCreateTruncatedLine(line, 100, .end, token))
        #expect(custom.debugText.hasSuffix("--"))
    }

    @Test func aLineThatFitsIsKeptAndATooNarrowWidthFails() {
        let line = CTLineCreateWithAttributedString(attributed("abc", font: Self.font))
        #expect(CTLineCreateTruncatedLine(line, 1000, .end, nil) === line)
        #expect(CTLineCreateTruncatedLine(line, 1, .end, nil) == nil)
    }
}

extension CTLine {
    /// The characters of the line (a truncated line's own string).
    var debugText: String {
        (string.string as NSString).substring(
            with: NSRange(location: stringRange.lowerBound, length: stringRange.count))
    }
}
