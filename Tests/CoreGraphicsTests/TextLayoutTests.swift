import CoreGraphics
import Testing

/// `TextLayout` measures and places text; `CGContext.draw(_:in:)` draws it. Expectations come
/// from DejaVu Sans's design metrics (ascender 1901, descender −483 per 2048 units) and from
/// properties that hold whatever the font: proportional scaling, alignment edges, line counts.
@Suite struct TextLayoutTests {
    static let sans = TextFont(name: "DejaVu Sans", size: 20)
    /// Half a Pango unit at the layout's scale and rounding of extents: positions agree to this.
    static let tolerance: CGFloat = 0.01

    @Test func oneLineIsAscentPlusDescentHighWithTheBaselineAtTheAscent() {
        let layout = TextLayout("Hamburgefonstiv", font: Self.sans)
        #expect(layout.lineCount == 1)
        let ascent = 20 * 1901 / 2048.0
        let descent = 20 * 483 / 2048.0
        #expect(abs(layout.firstBaseline - ascent) < 0.05)
        #expect(abs(layout.typographicBounds.height - (ascent + descent)) < 0.05)
        #expect(layout.typographicBounds.minY == 0)
        #expect(layout.inkBounds.minY > 0 && layout.inkBounds.maxY <= layout.typographicBounds.maxY)
        #expect(layout.substitutedFontNames.isEmpty && layout.missingGlyphCount == 0)
    }

    @Test func unhintedLayoutScalesLinearly() {
        let small = TextLayout("Linear advance widths", font: TextFont(name: "DejaVu Sans", size: 10))
        let large = TextLayout("Linear advance widths", font: TextFont(name: "DejaVu Sans", size: 40))
        let ratio = large.typographicBounds.width / small.typographicBounds.width
        #expect(abs(ratio - 4) < 0.001)
    }

    @Test func quantizedPositionsRoundAdvancesToPixels() {
        let text = "iiiiiiiiii lllllllll"
        let exact = TextLayout(runs: [.init(text, font: Self.sans, color: .black)])
        let quantized = TextLayout(
            runs: [.init(text, font: Self.sans, color: .black)], quantizesGlyphPositions: true,
            pixelsPerPoint: 2)
        let width = quantized.typographicBounds.width * 2
        #expect(abs(width - width.rounded()) < Self.tolerance)
        #expect(exact.typographicBounds.width != quantized.typographicBounds.width)
    }

    @Test func wrappingBreaksBetweenWords() {
        let text = "alpha beta gamma delta"
        let wrapped = TextLayout(text, font: Self.sans, width: 80)
        #expect(wrapped.lineCount == 4)
        #expect(wrapped.lines.allSatisfy { $0.rect.width <= 80 + Self.tolerance })
        let baselines = wrapped.lines.map(\.baseline)
        let step = baselines[1] - baselines[0]
        #expect(abs(step - wrapped.typographicBounds.height / 4) < 0.05)
        let unwrapped = TextLayout(text, font: Self.sans, width: 80, wraps: false)
        #expect(unwrapped.lineCount == 1)
        #expect(unwrapped.typographicBounds.width > 80)
        #expect(TextLayout("one\ntwo\r\nthree", font: Self.sans, wraps: false).lineCount == 3)
    }

    @Test func truncationFitsTheLineAndReportsIt() {
        let text = "The quick brown fox jumps over the lazy dog"
        for mode in [TextLayout.Truncation.start, .middle, .end] {
            let layout = TextLayout(text, font: Self.sans, width: 120, wraps: false, truncation: mode)
            #expect(layout.isTruncated)
            #expect(layout.lineCount == 1)
            #expect(layout.typographicBounds.width <= 120 + Self.tolerance)
        }
        let short = TextLayout("fox", font: Self.sans, width: 120, wraps: false, truncation: .end)
        #expect(!short.isTruncated)
        // Wrapped and truncated: as many lines as fit the height, the last one cut.
        let lineHeight = TextLayout("x", font: Self.sans).typographicBounds.height
        let fitted = TextLayout(
            text, font: Self.sans, width: 120, height: lineHeight * 2.5, truncation: .end)
        #expect(fitted.lineCount == 2)
        #expect(fitted.isTruncated)
    }

    @Test func alignmentPlacesEachLineInTheBox() {
        func line(_ alignment: TextLayout.Alignment, _ text: String = "centre me") -> CGRect {
            TextLayout(text, font: Self.sans, width: 300, alignment: alignment).lines[0].rect
        }
        #expect(abs(line(.left).minX) < Self.tolerance)
        #expect(abs(line(.natural).minX) < Self.tolerance)
        #expect(abs(line(.right).maxX - 300) < Self.tolerance)
        #expect(abs(line(.center).midX - 150) < Self.tolerance)
        // Natural alignment follows the writing direction: Hebrew and Arabic start on the right.
        #expect(abs(line(.natural, "שלום עולם").maxX - 300) < Self.tolerance)
        #expect(abs(line(.natural, "مرحبا بالعالم").maxX - 300) < Self.tolerance)
        #expect(abs(line(.left, "مرحبا بالعالم").minX) < Self.tolerance)
    }

    @Test func justifiedLinesReachBothEdgesExceptTheLast() {
        let text = "Justified text stretches the spaces of every wrapped line but the last"
        let layout = TextLayout(text, font: Self.sans, width: 200, alignment: .justified)
        #expect(layout.lineCount >= 3)
        for line in layout.lines.dropLast() {
            #expect(abs(line.rect.minX) < Self.tolerance)
            #expect(abs(line.rect.maxX - 200) < 0.5)
        }
        #expect(layout.lines.last!.rect.maxX < 190)
    }

    @Test func overflowingUnwrappedLinesOverflowOppositeTheAlignment() {
        let text = "A line much wider than its little box"
        let right = TextLayout(text, font: Self.sans, width: 50, wraps: false, alignment: .right)
        #expect(abs(right.lines[0].rect.maxX - 50) < Self.tolerance && right.lines[0].rect.minX < 0)
        let center = TextLayout(text, font: Self.sans, width: 50, wraps: false, alignment: .center)
        #expect(abs(center.lines[0].rect.midX - 25) < Self.tolerance)
    }

    @Test func scriptsTheInstalledFontsCoverHaveEveryGlyph() {
        for text in ["Tiếng Việt có dấu: Trăm năm trong cõi người ta", "Καλημέρα κόσμε", "Привет, мир"] {
            let layout = TextLayout(text, font: Self.sans)
            #expect(layout.missingGlyphCount == 0, "\(text)")
            #expect(layout.lineCount == 1)
        }
    }

    @Test func fontsThatAreNotInstalledAreSubstitutedAndListed() {
        let layout = TextLayout(
            runs: [
                .init("Fallback ", font: TextFont(name: "No Such Font Lamina", size: 20), color: .black),
                .init("bold", font: TextFont(name: "Helvetica-Bold", size: 20), color: .black),
            ])
        #expect(layout.substitutedFontNames.contains("No Such Font Lamina"))
        #expect(layout.lineCount == 1 && layout.missingGlyphCount == 0)
        #expect(layout.typographicBounds.width > 50)
    }

    /// Ruling G10: a font Apple's platforms do not ship either falls back to Helvetica at its
    /// regular weight, as Core Text draws an unknown name, whatever style its name asks; a
    /// missing font of Apple's keeps its style.
    @Test func unknownFontsFallBackToHelveticaAsCoreTextDoes() {
        func width(_ name: String) -> CGFloat {
            TextLayout("Single line text", font: TextFont(name: name, size: 40)).typographicBounds.width
        }
        let helvetica = width("Helvetica")
        #expect(width("Oswald-Bold") == helvetica)
        #expect(width("NoSuchFamily-BlackItalic") == helvetica)
        #expect(width("Helvetica-Bold") > helvetica)
        let layout = TextLayout("x", font: TextFont(name: "Oswald-Bold", size: 20))
        #expect(layout.substitutedFontNames.contains("Oswald-Bold"))
    }

    @Test func badSizesAndEmptyTextDrawNothing() {
        for size in [0, -3, CGFloat.nan, .infinity] {
            let layout = TextLayout("text", font: TextFont(name: "DejaVu Sans", size: size))
            #expect(layout.lineCount == 0 && layout.inkBounds.isNull)
        }
        #expect(TextLayout("", font: Self.sans).lineCount == 0)
        #expect(TextLayout("nul\u{0}char", font: Self.sans).lineCount == 1)
        let context = rgbaContext(width: 20, height: 20)
        context.draw(TextLayout("", font: Self.sans), in: CGRect(x: 0, y: 0, width: 20, height: 20))
        context.draw(
            TextLayout("x", font: Self.sans), in: CGRect(x: CGFloat.nan, y: 0, width: 20, height: 20))
        #expect(inkColumns(context).isEmpty)
    }
}

/// Drawing a layout into bitmap contexts.
@Suite struct CGContextTextTests {
    static let font = TextFont(name: "DejaVu Sans", size: 24)

    @Test func inkLandsInsideTheLayoutsInkBoundsInAYUpContext() {
        let context = rgbaContext(width: 200, height: 60)
        let layout = TextLayout("Lamina", font: Self.font, color: .black)
        // Quartz space: the box hangs down from rect.maxY = 50, so its top is 10 rows below the
        // top of the bitmap.
        context.draw(layout, in: CGRect(x: 10, y: 0, width: 180, height: 50))
        let ink = layout.inkBounds.offsetBy(dx: 10, dy: 10)
        let drawn = inkBox(context)
        #expect(drawn != nil)
        if let drawn {
            #expect(
                drawn.minX >= Int(ink.minX.rounded(.down)) - 1 && drawn.maxX <= Int(ink.maxX.rounded(.up)) + 1
            )
            #expect(
                drawn.minY >= Int(ink.minY.rounded(.down)) - 1 && drawn.maxY <= Int(ink.maxY.rounded(.up)) + 1
            )
            #expect(drawn.maxX - drawn.minX >= Int(ink.width) - 2)
        }
    }

    @Test func flippedAndUnflippedContextsDrawTheSamePixels() {
        let layout = TextLayout(
            "Upright Ag", font: Self.font, color: CGColor(red: 0.2, green: 0.4, blue: 0.8, alpha: 1))
        let yUp = rgbaContext(width: 160, height: 40)
        yUp.draw(layout, in: CGRect(x: 4, y: 0, width: 150, height: 36))
        let yDown = rgbaContext(width: 160, height: 40)
        yDown.translateBy(x: 0, y: 40)
        yDown.scaleBy(x: 1, y: -1)
        yDown.draw(layout, in: CGRect(x: 4, y: 4, width: 150, height: 36))
        let a = bytes(yUp)
        let b = bytes(yDown)
        #expect(a == b)
        #expect(a.contains { $0 != 0 })
    }

    @Test func globalAlphaAndClipApply() {
        let layout = TextLayout("MMMM", font: Self.font, color: .black)
        let opaque = rgbaContext(width: 100, height: 40)
        opaque.draw(layout, in: CGRect(x: 0, y: 0, width: 100, height: 40))
        let half = rgbaContext(width: 100, height: 40)
        half.setAlpha(0.5)
        half.draw(layout, in: CGRect(x: 0, y: 0, width: 100, height: 40))
        let maxOpaque = alphas(opaque).max() ?? 0
        let maxHalf = alphas(half).max() ?? 0
        #expect(maxOpaque == 255)
        #expect(abs(Int(maxHalf) - 128) <= 1)
        let clipped = rgbaContext(width: 100, height: 40)
        clipped.clip(to: CGRect(x: 0, y: 0, width: 20, height: 40))
        clipped.draw(layout, in: CGRect(x: 0, y: 0, width: 100, height: 40))
        #expect(inkColumns(clipped).allSatisfy { $0 < 20 })
        #expect(!inkColumns(clipped).isEmpty)
    }

    @Test func theCTMScalesTextSharply() {
        let layout = TextLayout("I", font: TextFont(name: "DejaVu Sans", size: 10), color: .black)
        let context = rgbaContext(width: 80, height: 80)
        context.scaleBy(x: 4, y: 4)
        context.draw(layout, in: CGRect(x: 0, y: 0, width: 20, height: 20))
        // The stem of an "I" at 40 pixels is several fully covered pixels wide, not a blur.
        let row = (0..<80).map { pixel(context, x: $0, row: 20)[3] }
        #expect(row.filter { $0 == 255 }.count >= 3)
        let ink = layout.inkBounds
        let drawn = inkBox(context)
        #expect(drawn.map { abs(CGFloat($0.maxX - $0.minX) - ink.width * 4) <= 2 } == true)
    }

    @Test func drawTextUsesTheFillColourAndWrapsInTheRect() {
        let context = rgbaContext(width: 120, height: 120)
        context.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        let layout = context.drawText(
            "red wrapped words here", font: Self.font, in: CGRect(x: 0, y: 0, width: 120, height: 120))
        #expect(layout.lineCount >= 2)
        var reds = 0
        for y in 0..<120 {
            for x in 0..<120 {
                let p = pixel(context, x: x, row: y)
                if p[3] == 255 {
                    #expect(p[0] == 255 && p[1] == 0 && p[2] == 0)
                    reds += 1
                }
            }
        }
        #expect(reds > 50)
    }
}

/// The alpha byte of every pixel of an RGBA context.
private func alphas(_ context: CGContext) -> [UInt8] {
    (0..<context.height).flatMap { y in (0..<context.width).map { pixel(context, x: $0, row: y)[3] } }
}

/// All bytes of a context.
private func bytes(_ context: CGContext) -> [UInt8] {
    let data = context.data!
    return (0..<(context.bytesPerRow * context.height)).map { data.load(fromByteOffset: $0, as: UInt8.self) }
}

/// The columns holding any pixel with alpha.
private func inkColumns(_ context: CGContext) -> [Int] {
    (0..<context.width).filter { x in (0..<context.height).contains { pixel(context, x: x, row: $0)[3] > 0 } }
}

/// The pixel box (top-left origin, max exclusive) of every pixel with alpha, or `nil`.
private func inkBox(_ context: CGContext) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
    var box: (minX: Int, minY: Int, maxX: Int, maxY: Int)?
    for y in 0..<context.height {
        for x in 0..<context.width where pixel(context, x: x, row: y)[3] > 0 {
            box = (
                min(box?.minX ?? x, x), min(box?.minY ?? y, y), max(box?.maxX ?? x + 1, x + 1),
                max(box?.maxY ?? y + 1, y + 1)
            )
        }
    }
    return box
}
