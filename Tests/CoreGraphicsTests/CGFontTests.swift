import CoreGraphics
import Testing

/// `CGFont` finds installed fonts by name through fontconfig and reads their design metrics. The
/// expected values are DejaVu Sans's (`fonts-dejavu-core`, which `scripts/install-deps.sh`
/// installs): 2048 units per em, hhea ascender 1901, descender −483, cap height 1491, x height
/// 1120.
@Suite struct CGFontTests {
    @Test func findsAFamilyByNameIgnoringCaseAndBlanks() throws {
        let font = try #require(CGFont("DejaVu Sans"))
        #expect(font.postScriptName == "DejaVuSans")
        #expect(font.familyName == "DejaVu Sans")
        #expect(CGFont("dejavu sans") == font)
        #expect(CGFont("DejaVuSans") == font)
    }

    @Test func findsAFaceByPostScriptOrFullName() throws {
        let bold = try #require(CGFont("DejaVuSans-Bold"))
        #expect(bold.fullName == "DejaVu Sans Bold")
        #expect(CGFont("DejaVu Sans Bold") == bold)
        #expect(bold != CGFont("DejaVu Sans"))
    }

    @Test func fontsThatAreNotInstalledAreNil() {
        #expect(CGFont("No Such Font Lamina") == nil)
        #expect(CGFont("") == nil)
    }

    @Test func designMetricsInFontUnits() throws {
        let font = try #require(CGFont("DejaVu Sans"))
        #expect(font.unitsPerEm == 2048)
        #expect(font.ascent == 1901)
        #expect(font.descent == -483)
        #expect(font.leading == 0)
        #expect(font.capHeight == 1491)  // the top of "H": the font's OS/2 table has no cap height
        #expect(font.xHeight == 1120)
        #expect(font.numberOfGlyphs > 5000)
        #expect(font.italicAngle == 0)
        #expect(font.fontBBox.minY < 0 && font.fontBBox.maxY > CGFloat(font.ascent))
    }

    @Test func anObliqueFaceReportsItsSlant() throws {
        // DejaVu Sans Oblique is in fonts-dejavu-extra; skip the check where it is not installed.
        guard let oblique = CGFont("DejaVuSans-Oblique") else { return }
        #expect(oblique.italicAngle < -5 && oblique.italicAngle > -20)
    }
}
