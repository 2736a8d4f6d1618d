import CoreGraphics
import Testing

// Ruling G12 (docs/DECISIONS.md): `replacePathWithStrokedPath()` paints what `strokePath()` paints.

/// How many pixels of two same-sized RGBA contexts differ by more than `tolerance` in any byte.
private func differingPixels(_ a: CGContext, _ b: CGContext, tolerance: Int = 64) -> Int {
    var count = 0
    for row in 0..<a.height {
        for x in 0..<a.width {
            let p = pixel(a, x: x, row: row)
            let q = pixel(b, x: x, row: row)
            if zip(p, q).contains(where: { abs(Int($0) - Int($1)) > tolerance }) { count += 1 }
        }
    }
    return count
}

private func drawStar(_ context: CGContext) {
    context.move(to: CGPoint(x: 10, y: 10))
    context.addLine(to: CGPoint(x: 50, y: 30))
    context.addLine(to: CGPoint(x: 15, y: 50))
    context.addArc(
        center: CGPoint(x: 35, y: 35), radius: 12, startAngle: 0, endAngle: 2 * .pi, clockwise: true)
}

@Test(arguments: [CGLineJoin.miter, .round, .bevel])
func filledOutlineMatchesTheStroke(join: CGLineJoin) {
    let stroked = rgbaContext(width: 64, height: 64)
    let filled = rgbaContext(width: 64, height: 64)
    for context in [stroked, filled] {
        context.setLineWidth(5)
        context.setLineJoin(join)
        context.setLineCap(.round)
        context.setStrokeColor(red: 1, green: 0, blue: 0, alpha: 1)
        context.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        drawStar(context)
    }
    stroked.strokePath()
    filled.replacePathWithStrokedPath()
    filled.fillPath()
    // Only antialiased edge pixels may differ (Cairo flattens curves and rounds joins with its own
    // tolerance), and not by much: none by more than a quarter, under 2% of the bitmap at all.
    #expect(differingPixels(stroked, filled) == 0)
    #expect(differingPixels(stroked, filled, tolerance: 8) < 80)
    #expect(pixel(filled, x: 30, row: 64 - 20) == [255, 0, 0, 255])  // on the line from (10, 10) to (50, 30)
}

@Test func dashAndCTMApplyToTheOutline() throws {
    let context = rgbaContext(width: 40, height: 20)
    context.scaleBy(x: 2, y: 2)
    context.setLineWidth(2)
    context.setLineDash(phase: 0, lengths: [4, 4])
    context.move(to: CGPoint(x: 0, y: 5))
    context.addLine(to: CGPoint(x: 20, y: 5))
    context.replacePathWithStrokedPath()
    let outline = try #require(context.path)
    // In user space: dashes 0–4, 8–12, 16–20, one unit either side of y = 5.
    #expect(outline.contains(CGPoint(x: 2, y: 5.9)))
    #expect(!outline.contains(CGPoint(x: 6, y: 5)))
    #expect(outline.contains(CGPoint(x: 10, y: 4.1)))
    context.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
    context.fillPath()
    // Device space is scaled by 2: x = 4 is inside the first dash, x = 12 in the first gap.
    #expect(pixel(context, x: 4, row: 20 - 11) == [0, 0, 255, 255])
    #expect(pixel(context, x: 12, row: 20 - 11) == [0, 0, 0, 0])
}

@Test func emptyPathsAndHairlinesGiveAnEmptyPath() {
    let context = rgbaContext(width: 8, height: 8)
    context.replacePathWithStrokedPath()
    #expect(context.isPathEmpty)
    context.setLineWidth(0)
    context.move(to: .zero)
    context.addLine(to: CGPoint(x: 5, y: 5))
    context.replacePathWithStrokedPath()
    #expect(context.isPathEmpty)
}
