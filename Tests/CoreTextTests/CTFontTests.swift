import CoreGraphics
import CoreText
import Foundation
import Testing

/// `CTFont` metrics against the font file's own tables, read by the test (not by HarfBuzz).
@Suite struct CTFontTests {
    /// URW's Nimbus Sans, Helvetica's metric-compatible clone that `scripts/install-deps.sh`
    /// installs (ruling G10).
    static let nimbusSans = "/usr/share/fonts/opentype/urw-base35/NimbusSans-Regular.otf"
    /// Metrics agree to rounding of font units to points.
    static let tolerance: CGFloat = 1e-9

    @Test func helveticaIsDrawnWithNimbusSansAndReportsItsMetrics() throws {
        let font = CTFontCreateWithName("Helvetica" as CFString, 20, nil)
        let file = try #require(FontFileMetrics(path: Self.nimbusSans))
        let scale = 20 / CGFloat(file.unitsPerEm)
        #expect(CTFontCopyPostScriptName(font) as String == "NimbusSans-Regular")
        #expect(CTFontCopyFamilyName(font) as String == "Nimbus Sans")
        #expect(CTFontGetSize(font) == 20)
        #expect(CTFontGetUnitsPerEm(font) == UInt32(file.unitsPerEm))
        #expect(abs(CTFontGetAscent(font) - CGFloat(file.ascender) * scale) < Self.tolerance)
        #expect(abs(CTFontGetDescent(font) - CGFloat(-file.descender) * scale) < Self.tolerance)
        #expect(abs(CTFontGetLeading(font) - CGFloat(file.lineGap) * scale) < Self.tolerance)
        #expect(abs(CTFontGetCapHeight(font) - CGFloat(file.capHeight) * scale) < Self.tolerance)
        #expect(abs(CTFontGetXHeight(font) - CGFloat(file.xHeight) * scale) < Self.tolerance)
        // Apple's Helvetica: ascent 0.77, descent 0.23 of the size; the clone is close.
        #expect(abs(CTFontGetAscent(font) / 20 - 0.77) < 0.05)
        #expect(abs(CTFontGetDescent(font) / 20 - 0.23) < 0.05)
    }

    @Test func metricsScaleWithTheSize() {
        let small = CTFontCreateWithName("DejaVu Sans" as CFString, 10, nil)
        let large = CTFontCreateWithName("DejaVu Sans" as CFString, 40, nil)
        #expect(abs(CTFontGetAscent(large) - 4 * CTFontGetAscent(small)) < 1e-9)
        #expect(abs(CTFontGetDescent(large) - 4 * CTFontGetDescent(small)) < 1e-9)
        #expect(CTFontGetDescent(small) > 0)
        // DejaVu Sans: hhea ascender 1901, descender −483 per 2048 units.
        #expect(abs(CTFontGetAscent(small) - 10 * 1901 / 2048) < 1e-9)
    }

    @Test func aSizeOfZeroOrLessIsTwelvePoints() {
        #expect(CTFontGetSize(CTFontCreateWithName("Helvetica" as CFString, 0, nil)) == 12)
        #expect(CTFontGetSize(CTFontCreateWithName("Helvetica" as CFString, -3, nil)) == 12)
        #expect(CTFontGetSize(CTFontCreateWithName("Helvetica" as CFString, .nan, nil)) == 12)
    }

    @Test func copiesKeepTheFaceAtANewSize() {
        let font = CTFontCreateWithName("DejaVuSans-Bold" as CFString, 10, nil)
        let copy = CTFontCreateCopyWithAttributes(font, 30, nil, nil)
        #expect(CTFontCopyPostScriptName(copy) as String == "DejaVuSans-Bold")
        #expect(CTFontGetSize(copy) == 30)
        #expect(CTFontGetSize(CTFontCreateCopyWithAttributes(font, 0, nil, nil)) == 10)
        let graphics = CTFontCopyGraphicsFont(font, nil)
        #expect(graphics.postScriptName == "DejaVuSans-Bold")
        #expect(CTFontCreateWithGraphicsFont(graphics, 10, nil, nil) == font)
    }
}

/// Bold and italic faces of a family, found by trait.
@Suite struct CTFontTraitTests {
    @Test func boldAndItalicCopiesFindTheFamilysFaces() throws {
        let regular = CTFontCreateWithName("DejaVu Sans" as CFString, 14, nil)
        #expect(CTFontGetSymbolicTraits(regular).isEmpty)
        let bold = try #require(CTFontCreateCopyWithSymbolicTraits(regular, 0, nil, .traitBold, .traitBold))
        #expect(CTFontCopyPostScriptName(bold) as String == "DejaVuSans-Bold")
        #expect(CTFontGetSymbolicTraits(bold) == .traitBold)
        #expect(CTFontGetSize(bold) == 14)
        let boldItalic = try #require(
            CTFontCreateCopyWithSymbolicTraits(bold, 20, nil, .traitItalic, .traitItalic))
        #expect(CTFontCopyPostScriptName(boldItalic) as String == "DejaVuSans-BoldOblique")
        #expect(CTFontGetSymbolicTraits(boldItalic) == [.traitBold, .traitItalic])
        // Clearing bold keeps italic.
        let italic = try #require(CTFontCreateCopyWithSymbolicTraits(boldItalic, 0, nil, [], .traitBold))
        #expect(CTFontCopyPostScriptName(italic) as String == "DejaVuSans-Oblique")
    }

    @Test func aFamilyWithoutTheFaceGivesNil() {
        // DejaVu Math TeX Gyre has one face, regular.
        let math = CTFontCreateWithName("DejaVu Math TeX Gyre" as CFString, 12, nil)
        #expect(CTFontCopyFamilyName(math) as String == "DejaVu Math TeX Gyre")
        #expect(CTFontCreateCopyWithSymbolicTraits(math, 0, nil, .traitBold, .traitBold) == nil)
        #expect(CTFontCreateCopyWithSymbolicTraits(math, 0, nil, [], .traitBold) == math)
    }
}
