import CoreGraphics
import CoreText
import Foundation
import Testing

/// `CTLineDraw` and `CTFrameDraw` put ink where Core Text's y-up text space says, read back from
/// the bitmap's pixels.
@Suite struct CTDrawingTests {
    static let font = CTFontCreateWithName("DejaVu Sans" as CFString, 20, nil)
    /// Ink edges are antialiased: a pixel and a half either way.
    static let pixelTolerance: CGFloat = 1.5

    @Test func aLineDrawsAboveTheBaselineAtTheTextPosition() throws {
        let context = rgbaContext(width: 120, height: 60)
        context.textPosition = CGPoint(x: 10, y: 20)
        CTLineDraw(CTLineCreateWithAttributedString(attributed("H", font: Self.font)), context)
        let ink = inkBox(context)
        try #require(!ink.isNull)
        #expect(abs(ink.minY - 20) <= Self.pixelTolerance)
        #expect(abs(ink.maxY - (20 + CTFontGetCapHeight(Self.font))) <= Self.pixelTolerance)
        #expect(ink.minX >= 10 && ink.minX < 14)
        // The text position is not advanced.
        #expect(context.textPosition == CGPoint(x: 10, y: 20))
    }

    @Test func aContextFlippedBackToYUpDrawsAsAFreshOne() {
        let line = CTLineCreateWithAttributedString(attributed("Tg", font: Self.font))
        let upright = rgbaContext(width: 80, height: 60)
        upright.textPosition = CGPoint(x: 10, y: 20)
        CTLineDraw(line, upright)
        // A layer's y-down context, flipped back by the drawing code as iOS code does.
        let flipped = rgbaContext(width: 80, height: 60)
        flipped.translateBy(x: 0, y: 60)
        flipped.scaleBy(x: 1, y: -1)
        flipped.translateBy(x: 0, y: 60)
        flipped.scaleBy(x: 1, y: -1)
        flipped.textPosition = CGPoint(x: 10, y: 20)
        CTLineDraw(line, flipped)
        let count = upright.bytesPerRow * upright.height
        let same = (0..<count).allSatisfy {
            upright.data!.load(fromByteOffset: $0, as: UInt8.self)
                == flipped.data!.load(fromByteOffset: $0, as: UInt8.self)
        }
        #expect(same)
        #expect(!inkBox(upright).isNull)
    }

    @Test func aYDownContextMirrorsTheText() throws {
        let line = CTLineCreateWithAttributedString(attributed("T", font: Self.font))
        let upright = rgbaContext(width: 60, height: 60)
        upright.textPosition = CGPoint(x: 10, y: 20)
        CTLineDraw(line, upright)
        let mirrored = rgbaContext(width: 60, height: 60)
        mirrored.translateBy(x: 0, y: 60)
        mirrored.scaleBy(x: 1, y: -1)
        mirrored.textPosition = CGPoint(x: 10, y: 20)
        CTLineDraw(line, mirrored)
        // Upright, the T's bar is its top row; mirrored (y-down user space), its bottom row, and
        // the glyph hangs below device row 60 − 20 = 40.
        let up = inkBox(upright)
        let down = inkBox(mirrored)
        try #require(!up.isNull && !down.isNull)
        #expect(inkCount(upright, y: Int(up.maxY) - 1) > 2 * inkCount(upright, y: Int(up.minY)))
        #expect(inkCount(mirrored, y: Int(down.minY)) > 2 * inkCount(mirrored, y: Int(down.maxY) - 1))
        #expect(abs(down.maxY - 40) <= Self.pixelTolerance)
    }

    @Test func kernedGlyphsAreDrawnAtTheirPositions() throws {
        let line = CTLineCreateWithAttributedString(attributed("ll", font: Self.font, kern: 10))
        let run = try #require((CTLineGetGlyphRuns(line) as! [CTRun]).first)
        var positions = [CGPoint](repeating: .zero, count: 2)
        CTRunGetPositions(run, CFRange(), &positions)
        let context = rgbaContext(width: 80, height: 40)
        context.textPosition = CGPoint(x: 10, y: 10)
        CTLineDraw(line, context)
        // The left edges of the two stems, from the inked columns of the baseline's row above.
        let row = context.height - 1 - 12
        let inked = (0..<80).filter { pixel(context, x: $0, row: row)[3] > 64 }
        let starts = inked.filter { !inked.contains($0 - 1) }
        try #require(starts.count == 2)
        #expect(
            abs(CGFloat(starts[1] - starts[0]) - (positions[1].x - positions[0].x)) <= Self.pixelTolerance)
        #expect(positions[1].x - positions[0].x > 10)
    }

    @Test func theForegroundColourColoursTheInk() throws {
        let red = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
        let context = rgbaContext(width: 60, height: 40)
        context.textPosition = CGPoint(x: 5, y: 10)
        CTLineDraw(CTLineCreateWithAttributedString(attributed("H", font: Self.font, color: red)), context)
        var darkest: [UInt8] = [0, 0, 0, 0]
        for row in 0..<40 {
            for x in 0..<60 where pixel(context, x: x, row: row)[3] > darkest[3] {
                darkest = pixel(context, x: x, row: row)
            }
        }
        #expect(darkest[3] == 255)
        #expect(darkest[0] == 255 && darkest[1] == 0 && darkest[2] == 0)
        // Without the attribute, text is black.
        let black = rgbaContext(width: 60, height: 40)
        black.textPosition = CGPoint(x: 5, y: 10)
        CTLineDraw(CTLineCreateWithAttributedString(attributed("H", font: Self.font)), black)
        let inked = (0..<40).flatMap { row in (0..<60).map { pixel(black, x: $0, row: row) } }.filter {
            $0[3] == 255
        }
        #expect(!inked.isEmpty && inked.allSatisfy { $0[0] == 0 && $0[1] == 0 && $0[2] == 0 })
    }

    @Test func aFrameDrawsItsLinesFromTheTopOfThePath() throws {
        let context = rgbaContext(width: 200, height: 100)
        let rect = CGRect(x: 20, y: 10, width: 160, height: 80)
        let framesetter = CTFramesetterCreateWithAttributedString(attributed("H\nH", font: Self.font))
        let frame = CTFramesetterCreateFrame(framesetter, CFRange(), CGPath(rect: rect, transform: nil), nil)
        CTFrameDraw(frame, context)
        let ink = inkBox(context)
        try #require(!ink.isNull)
        let ascent = CTFontGetAscent(Self.font)
        let capHeight = CTFontGetCapHeight(Self.font)
        let natural = ascent + CTFontGetDescent(Self.font) + CTFontGetLeading(Self.font)
        let firstBaseline = rect.maxY - ascent
        #expect(abs(ink.maxY - (firstBaseline + capHeight)) <= Self.pixelTolerance)
        #expect(abs(ink.minY - (firstBaseline - natural)) <= Self.pixelTolerance)
        #expect(ink.minX >= 20 && ink.minX < 24)
        // Between the lines (below the first H, above the second) nothing is drawn.
        let gap = Int((firstBaseline - natural + capHeight + firstBaseline) / 2)
        #expect(inkCount(context, y: gap) == 0)
    }

    @Test func clippedParagraphsStayInsideThePath() {
        let style = paragraphStyle([:], lineBreakMode: .byClipping)
        let string = attributed("HHHHHHHHHHHH", font: Self.font, paragraphStyle: style)
        let context = rgbaContext(width: 200, height: 60)
        let rect = CGRect(x: 10, y: 10, width: 50, height: 40)
        let frame = CTFramesetterCreateFrame(
            CTFramesetterCreateWithAttributedString(string), CFRange(), CGPath(rect: rect, transform: nil),
            nil)
        CTFrameDraw(frame, context)
        let ink = inkBox(context)
        #expect(!ink.isNull && ink.maxX <= 60)
    }
}
