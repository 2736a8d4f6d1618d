import CoreGraphics
import CoreText
import Foundation
import Testing

/// Carets and string indices on a line, from the runs' positions and string indices.
@Suite struct CTLinePositionTests {
    static let font = CTFontCreateWithName("DejaVu Sans" as CFString, 20, nil)

    static func positions(_ line: CTLine) -> [CGFloat] {
        (CTLineGetGlyphRuns(line) as! [CTRun]).flatMap { run -> [CGFloat] in
            var positions = [CGPoint](repeating: .zero, count: CTRunGetGlyphCount(run))
            CTRunGetPositions(run, CFRange(), &positions)
            return positions.map(\.x)
        }
    }

    @Test func stringIndicesFollowTheGlyphs() throws {
        let line = CTLineCreateWithAttributedString(attributed("ab cd", font: Self.font))
        let run = try #require((CTLineGetGlyphRuns(line) as! [CTRun]).first)
        var indices = [CFIndex](repeating: -1, count: CTRunGetGlyphCount(run))
        CTRunGetStringIndices(run, CFRange(), &indices)
        #expect(indices == [0, 1, 2, 3, 4])
        var secondary: CGFloat = -1
        let positions = Self.positions(line)
        for index in 0..<5 {
            #expect(CTLineGetOffsetForStringIndex(line, index, &secondary) == positions[index])
            #expect(secondary == positions[index])
        }
        let width = CGFloat(CTLineGetTypographicBounds(line, nil, nil, nil))
        #expect(CTLineGetOffsetForStringIndex(line, 5, nil) == width)
        // The caret nearest a point: the first half of "b" gives 1, its second half 2.
        #expect(CTLineGetStringIndexForPosition(line, CGPoint(x: positions[1] + 1, y: 0)) == 1)
        #expect(CTLineGetStringIndexForPosition(line, CGPoint(x: positions[2] - 1, y: 0)) == 2)
        #expect(CTLineGetStringIndexForPosition(line, CGPoint(x: -10, y: 0)) == 0)
        #expect(CTLineGetStringIndexForPosition(line, CGPoint(x: width + 10, y: 0)) == 5)
    }

    @Test func rightToLeftRunsDescend() throws {
        let text = "\u{05E9}\u{05DC}\u{05D5}\u{05DD}"
        let line = CTLineCreateWithAttributedString(attributed(text, font: Self.font))
        let run = try #require((CTLineGetGlyphRuns(line) as! [CTRun]).first)
        var indices = [CFIndex](repeating: -1, count: CTRunGetGlyphCount(run))
        CTRunGetStringIndices(run, CFRange(), &indices)
        #expect(indices == [3, 2, 1, 0])
        // The first character's caret is at the line's right end.
        let width = CGFloat(CTLineGetTypographicBounds(line, nil, nil, nil))
        #expect(abs(CTLineGetOffsetForStringIndex(line, 0, nil) - width) < 0.01)
    }

    @Test func trailingWhitespaceIsMeasured() {
        let spaced = CTLineCreateWithAttributedString(attributed("ab  ", font: Self.font))
        let plain = CTLineCreateWithAttributedString(attributed("ab", font: Self.font))
        let difference =
            CTLineGetTypographicBounds(spaced, nil, nil, nil)
            - CTLineGetTypographicBounds(plain, nil, nil, nil)
        #expect(abs(CTLineGetTrailingWhitespaceWidth(spaced) - difference) < 0.01)
        #expect(difference > 5)
        #expect(CTLineGetTrailingWhitespaceWidth(plain) == 0)
    }
}
