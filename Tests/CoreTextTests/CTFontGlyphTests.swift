import CoreGraphics
import CoreText
import Foundation
import Testing

/// Glyph lookup and outlines: a glyph's path in points matches the ink Pango draws for it.
@Suite struct CTFontGlyphTests {
    static let font = CTFontCreateWithName("DejaVu Sans" as CFString, 40, nil)

    @Test func charactersMapToTheGlyphsTheRunsDraw() throws {
        let characters = Array("Hi \u{20000}".utf16)
        var glyphs = [CGGlyph](repeating: 9, count: characters.count)
        // DejaVu Sans has no CJK ideographs: the pair's glyph is 0 and so is the second slot.
        #expect(!CTFontGetGlyphsForCharacters(Self.font, characters, &glyphs, characters.count))
        #expect(glyphs[0] != 0 && glyphs[1] != 0 && glyphs[2] != 0)
        #expect(glyphs[3] == 0 && glyphs[4] == 0)
        var plain = [CGGlyph](repeating: 0, count: 2)
        #expect(CTFontGetGlyphsForCharacters(Self.font, Array("Hi".utf16), &plain, 2))
        let line = CTLineCreateWithAttributedString(attributed("Hi", font: Self.font))
        let run = try #require((CTLineGetGlyphRuns(line) as! [CTRun]).first)
        var drawn = [CGGlyph](repeating: 0, count: 2)
        CTRunGetGlyphs(run, CFRange(), &drawn)
        #expect(drawn == plain)
    }

    @Test func aGlyphPathHasTheInkOfTheDrawnGlyph() throws {
        var glyph: CGGlyph = 0
        #expect(CTFontGetGlyphsForCharacters(Self.font, [UniChar(UInt8(ascii: "H"))], &glyph, 1))
        let path = try #require(CTFontCreatePathForGlyph(Self.font, glyph, nil))
        let box = path.boundingBoxOfPath
        // The H stands on the baseline; its outline has the ink Pango measures for it.
        #expect(abs(box.minY) < 0.01)
        let ink = CTLineGetImageBounds(
            CTLineCreateWithAttributedString(attributed("H", font: Self.font)), nil)
        #expect(abs(box.minX - ink.minX) < 0.05 && abs(box.maxX - ink.maxX) < 0.05)
        #expect(abs(box.maxY - ink.maxY) < 0.05 && box.height > 25)
        // Filling the path inks what drawing the line inks.
        let filled = rgbaContext(width: 60, height: 50)
        filled.translateBy(x: 5, y: 5)
        filled.addPath(path)
        filled.fillPath()
        let drawn = rgbaContext(width: 60, height: 50)
        drawn.textPosition = CGPoint(x: 5, y: 5)
        CTLineDraw(CTLineCreateWithAttributedString(attributed("H", font: Self.font)), drawn)
        #expect(inkBox(filled) == inkBox(drawn))
        var doubled = CGAffineTransform(scaleX: 2, y: 2)
        let scaled = try #require(CTFontCreatePathForGlyph(Self.font, glyph, &doubled))
        #expect(abs(scaled.boundingBoxOfPath.height - 2 * box.height) < 0.01)
    }

    @Test func aSpaceHasAnEmptyPathAndAGlyphOutOfRangeNone() throws {
        var space: CGGlyph = 0
        #expect(CTFontGetGlyphsForCharacters(Self.font, [UniChar(UInt8(ascii: " "))], &space, 1))
        let path = try #require(CTFontCreatePathForGlyph(Self.font, space, nil))
        #expect(path.isEmpty)
        #expect(CTFontCreatePathForGlyph(Self.font, CGGlyph(CTFontGetGlyphCount(Self.font)), nil) == nil)
    }
}
