import CoreGraphics
import CoreText
import Foundation
import Testing

/// Core Text code as iOS apps write it compiles and draws: the hand-written loop over a frame's
/// lines and origins draws the same pixels as `CTFrameDraw`.
@Suite struct CoreTextIdiomTests {
    @Test func drawingLinesAtTheirOriginsMatchesFrameDraw() {
        let font = CTFontCreateWithName("Helvetica" as CFString, 18, nil)
        let attributes: [NSAttributedString.Key: Any] = [
            NSAttributedString.Key(kCTFontAttributeName as String): font,
            NSAttributedString.Key(kCTForegroundColorAttributeName as String): CGColor(
                srgbRed: 0.2, green: 0.4, blue: 0.8, alpha: 1),
        ]
        let attrString = NSAttributedString(
            string: "Core Text lays this sentence out in a narrow column.\nSecond paragraph.",
            attributes: attributes)
        let bounds = CGRect(x: 0, y: 0, width: 160, height: 220)
        let framesetter = CTFramesetterCreateWithAttributedString(attrString as CFAttributedString)
        let path = CGMutablePath()
        path.addRect(bounds.insetBy(dx: 8, dy: 8))
        let frame = CTFramesetterCreateFrame(framesetter, CFRangeMake(0, attrString.length), path, nil)

        // A layer's y-down context, flipped to Core Text's y-up space.
        func context() -> CGContext {
            let context = rgbaContext(width: 160, height: 220)
            context.translateBy(x: 0, y: 220)
            context.scaleBy(x: 1, y: -1)
            context.textMatrix = .identity
            context.translateBy(x: 0, y: bounds.height)
            context.scaleBy(x: 1, y: -1)
            return context
        }
        let whole = context()
        CTFrameDraw(frame, whole)

        let byLine = context()
        let lines = CTFrameGetLines(frame) as NSArray
        var origins = [CGPoint](repeating: .zero, count: lines.count)
        CTFrameGetLineOrigins(frame, CFRangeMake(0, 0), &origins)
        for (index, line) in (lines as! [CTLine]).enumerated() {
            byLine.textPosition = CGPoint(x: 8 + origins[index].x, y: 8 + origins[index].y)
            CTLineDraw(line, byLine)
        }

        #expect(lines.count >= 4)
        #expect(!inkBox(whole).isNull)
        let count = whole.bytesPerRow * whole.height
        let differing = (0..<count).filter {
            whole.data!.load(fromByteOffset: $0, as: UInt8.self)
                != byLine.data!.load(fromByteOffset: $0, as: UInt8.self)
        }
        #expect(differing.isEmpty)
        let visible = CTFrameGetVisibleStringRange(frame)
        #expect(visible.location == 0 && visible.length == attrString.length)
    }
}
