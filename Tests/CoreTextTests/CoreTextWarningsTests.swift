import CoreGraphics
import Foundation
import Testing

@testable import CoreText

/// What Lamina does not draw is reported once, and the context's text state is outside the
/// graphics state.
@Suite struct CoreTextWarningsTests {
    @Test func attributesThatAreNotDrawnAreReported() {
        let font = CTFontCreateWithName("DejaVu Sans" as CFString, 12, nil)
        let string = NSAttributedString(
            string: "x",
            attributes: [
                NSAttributedString.Key(kCTFontAttributeName as String): font,
                NSAttributedString.Key("NSUnderline"): 1,
                NSAttributedString.Key(kCTForegroundColorAttributeName as String): "red",
            ])
        _ = CTLineCreateWithAttributedString(string)
        #expect(CoreTextWarnings.messages.contains("CoreText does not draw the attribute NSUnderline"))
        #expect(
            CoreTextWarnings.messages.contains {
                $0.hasPrefix("CoreText reads the attribute CTForegroundColor only as a CGColor")
            })
        var matrix = CGAffineTransform(scaleX: 2, y: 1)
        _ = CTFontCreateWithName("DejaVu Sans" as CFString, 12, &matrix)
        #expect(CoreTextWarnings.messages.contains { $0.contains("font matrices") })
    }

    @Test func theTextMatrixIsNotPartOfTheGraphicsState() {
        let context = rgbaContext(width: 4, height: 4)
        #expect(context.textMatrix == .identity && context.textPosition == .zero)
        context.saveGState()
        context.textMatrix = CGAffineTransform(scaleX: 2, y: 2)
        context.textPosition = CGPoint(x: 3, y: 4)
        context.restoreGState()
        #expect(context.textMatrix == CGAffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 3, ty: 4))
    }
}
