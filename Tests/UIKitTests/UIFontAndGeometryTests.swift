import Testing
import UIKit

@Suite struct UIFontAndGeometryTests {
    @Test func systemFontsAreInstalledFaces() {
        let regular = UIFont.systemFont(ofSize: 20)
        let bold = UIFont.boldSystemFont(ofSize: 20)
        #expect(regular.pointSize == 20 && bold.pointSize == 20)
        #expect(regular.fontName != bold.fontName && regular.familyName == bold.familyName)
        // The design metrics scale with the size (DejaVu Sans: ascender ≈ 0.93 em).
        #expect(regular.ascender > 15 && regular.ascender < 21 && regular.descender < 0)
        #expect(isClose(regular.withSize(40).ascender, regular.ascender * 2))
        #expect(isClose(regular.lineHeight, regular.ascender - regular.descender + regular.leading))
        #expect(UIFont.systemFont(ofSize: .nan).pointSize == 12)
        #expect(regular.textFont == TextFont(name: regular.fontName, size: 20))
        #expect(regular == UIFont.systemFont(ofSize: 20) && regular != bold)
    }

    @Test func namedFontsExistOnlyWhenInstalled() {
        let font = UIFont(name: "DejaVuSans-Bold", size: 14)
        #expect(font?.fontName == "DejaVuSans-Bold" && font?.pointSize == 14)
        #expect(UIFont(name: "No Such Font Family", size: 14) == nil)
        #expect(UIFont(name: "DejaVuSans-Bold", size: 0) == nil)
        #expect(UIFont(name: "DejaVuSans-Bold", size: .infinity) == nil)
    }

    @Test func edgeInsetsShrinkRectanglesAsUIKitsInlineFunction() {
        let rect = CGRect(x: 10, y: 20, width: 100, height: 50)
        let insets = UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        #expect(rect.inset(by: insets) == CGRect(x: 12, y: 21, width: 94, height: 46))
        #expect(rect.inset(by: .zero) == rect && UIEdgeInsets() == .zero)
        let outward = UIEdgeInsets(top: -5, left: -5, bottom: -5, right: -5)
        #expect(rect.inset(by: outward) == CGRect(x: 5, y: 15, width: 110, height: 60))
        // Not standardised: insets wider than the rectangle leave a negative width.
        let tooWide = UIEdgeInsets(top: 0, left: 60, bottom: 0, right: 60)
        #expect(rect.inset(by: tooWide).size.width == -20)
    }

    @Test func coderStructStrings() {
        #expect(NSCoder.cgPoint(for: "{3, -4.5}") == CGPoint(x: 3, y: -4.5))
        #expect(NSCoder.cgPoint(for: "{1e2,2}") == CGPoint(x: 100, y: 2))
        #expect(NSCoder.cgPoint(for: "{7}") == CGPoint(x: 7, y: 0))
        #expect(NSCoder.cgPoint(for: "nonsense") == .zero)
        #expect(NSCoder.cgSize(for: "{30, 40}") == CGSize(width: 30, height: 40))
        #expect(NSCoder.cgRect(for: "{{1, 2}, {3, 4}}") == CGRect(x: 1, y: 2, width: 3, height: 4))
    }
}
