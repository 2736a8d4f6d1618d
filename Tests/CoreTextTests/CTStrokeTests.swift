import CoreGraphics
import CoreText
import Foundation
import Testing

/// `kCTStrokeWidthAttributeName` outlines glyphs: positive without fill, negative over the fill.
@Suite struct CTStrokeTests {
    static let font = CTFontCreateWithName("DejaVu Sans" as CFString, 80, nil)
    static let red = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
    static let blue = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)

    /// "H" drawn at (10, 15) into a 120 × 100 context with `attributes` added.
    static func draw(_ attributes: [CFString: Any]) -> CGContext {
        let string = NSMutableAttributedString(attributedString: attributed("H", font: font, color: blue))
        for (name, value) in attributes {
            string.addAttribute(
                NSAttributedString.Key(name as String), value: value, range: NSRange(location: 0, length: 1))
        }
        let context = rgbaContext(width: 120, height: 100)
        context.textPosition = CGPoint(x: 10, y: 15)
        CTLineDraw(CTLineCreateWithAttributedString(string), context)
        return context
    }

    /// The opaque pixels' colours: how many are red and how many blue.
    static func opaqueColours(_ context: CGContext) -> (red: Int, blue: Int, other: Int) {
        var counts = (red: 0, blue: 0, other: 0)
        for row in 0..<context.height {
            for x in 0..<context.width {
                let p = pixel(context, x: x, row: row)
                guard p[3] == 255 else { continue }
                if p[0] == 255 && p[2] == 0 {
                    counts.red += 1
                } else if p[2] == 255 && p[0] == 0 {
                    counts.blue += 1
                } else {
                    counts.other += 1
                }
            }
        }
        return counts
    }

    @Test func aPositiveWidthOutlinesWithoutFilling() throws {
        let plain = Self.draw([:])
        let hollow = Self.draw([kCTStrokeWidthAttributeName: 4.0, kCTStrokeColorAttributeName: Self.red])
        let colours = Self.opaqueColours(hollow)
        #expect(colours.red > 50 && colours.blue == 0)
        // The stroke is 4 % of 80 pt, 3.2 pt, centred on the outline: the ink grows 1.6 pt a side.
        let plainInk = inkBox(plain)
        let hollowInk = inkBox(hollow)
        try #require(!plainInk.isNull && !hollowInk.isNull)
        #expect(abs((plainInk.minX - hollowInk.minX) - 1.6) <= 1)
        #expect(abs((hollowInk.maxY - plainInk.maxY) - 1.6) <= 1)
        // The middle of the stem (7.2 pt wide) is empty: hollow.
        let stemMiddle = Int(plainInk.minX) + 3
        let middleRow = 100 - 1 - Int(plainInk.midY) - 10
        #expect(pixel(plain, x: stemMiddle, row: middleRow)[3] == 255)
        #expect(pixel(hollow, x: stemMiddle, row: middleRow)[3] == 0)
    }

    @Test func aNegativeWidthFillsThenOutlines() {
        let outlined = Self.draw([kCTStrokeWidthAttributeName: -4.0, kCTStrokeColorAttributeName: Self.red])
        let colours = Self.opaqueColours(outlined)
        #expect(colours.red > 50 && colours.blue > 10)
    }

    @Test func theStrokeColourDefaultsToTheForegroundColour() {
        let hollow = Self.draw([kCTStrokeWidthAttributeName: 4.0])
        let colours = Self.opaqueColours(hollow)
        #expect(colours.blue > 50 && colours.red == 0)
    }
}
