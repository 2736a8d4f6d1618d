import CoreGraphics
import Testing

/// Paths with points far past Cairo's fixed-point range (ruling G17): what shows in the bitmap is
/// what the same path cut near the bitmap draws — a slanted edge keeps its slope, a dash its
/// phase, a huge curve its place — where clamping the far points would have bent them.
@Suite struct CGContextHugeCoordinateTests {
    static let side = 100

    /// The context's bytes after `draw`, on a white background.
    static func render(_ draw: (CGContext) -> Void) -> [UInt8] {
        let context = rgbaContext(width: side, height: side)
        context.setFillColor(CGColor(red: 1, green: 1, blue: 1, alpha: 1))
        context.fill(CGRect(x: 0, y: 0, width: side, height: side))
        draw(context)
        guard let data = context.data else { return [] }
        return Array(UnsafeRawBufferPointer(start: data, count: context.bytesPerRow * side))
    }

    /// Whether the two renderings agree as Cairo's anti-aliasing of the same edges cut at other
    /// places does: within 8/255 everywhere and 2/255 on all but 1% of the pixels.
    static func agree(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count, !a.isEmpty else { return false }
        var beyond = 0
        for pixel in 0..<(a.count / 4) {
            var largest = 0
            for channel in 0..<4 {
                let i = pixel * 4 + channel
                largest = max(largest, abs(Int(a[i]) - Int(b[i])))
            }
            if largest > 8 { return false }
            if largest > 2 { beyond += 1 }
        }
        return beyond * 100 <= a.count / 4
    }

    /// The point at `x` on the line through `a` and `b`.
    static func point(at x: CGFloat, _ a: CGPoint, _ b: CGPoint) -> CGPoint {
        CGPoint(x: x, y: a.y + (b.y - a.y) * (x - a.x) / (b.x - a.x))
    }

    /// A triangle with a vertex a billion pixels away fills as the same triangle cut at x = 1000:
    /// its edges keep their slopes of 0.1 and 0.08 inside the bitmap.
    @Test func aFarVertexKeepsItsEdgesSlopes() {
        let near1 = CGPoint(x: 0, y: 10)
        let near2 = CGPoint(x: 0, y: 90)
        let far = CGPoint(x: 1e9, y: 10 + 1e8)
        let farBelow = CGPoint(x: 1e9, y: 90 + 0.8e8)
        let color = CGColor(red: 0.2, green: 0.4, blue: 0.8, alpha: 1)
        let actual = Self.render { context in
            context.setFillColor(color)
            context.addLines(between: [near1, far, farBelow, near2])
            context.fillPath()
        }
        let expected = Self.render { context in
            context.setFillColor(color)
            context.addLines(between: [
                near1, Self.point(at: 1000, near1, far), Self.point(at: 1000, near2, farBelow), near2,
            ])
            context.fillPath()
        }
        let agrees = Self.agree(actual, expected)
        #expect(agrees)
        // The lower edge crosses x = 50 at y = 15 (rows count from the top of the bitmap).
        let row = Self.side - 1 - 17
        let inside = Array(actual[(row * Self.side + 50) * 4..<(row * Self.side + 50) * 4 + 4])
        #expect(inside == [51, 102, 204, 255])
    }

    /// A dashed line from a billion pixels left to a billion right strokes the dashes of the same
    /// line cut near the bitmap with the phase it has reached there.
    @Test func aDashedStrokeFromFarAwayKeepsItsPhase() {
        let a = CGPoint(x: -1e9, y: 30 - 1e7)
        let b = CGPoint(x: 1e9, y: 30 + 1e7)
        let color = CGColor(red: 0.8, green: 0.1, blue: 0.1, alpha: 1)
        func stroke(_ context: CGContext, from p: CGPoint, to q: CGPoint, phase: CGFloat) {
            context.setStrokeColor(color)
            context.setLineWidth(4)
            context.setLineDash(phase: phase, lengths: [10, 5])
            context.move(to: p)
            context.addLine(to: q)
            context.strokePath()
        }
        let actual = Self.render { stroke($0, from: a, to: b, phase: 3) }
        let start = Self.point(at: -500, a, b)
        let distance = hypot(start.x - a.x, start.y - a.y)
        let phase = (3 + distance).truncatingRemainder(dividingBy: 15)
        let expected = Self.render { stroke($0, from: start, to: Self.point(at: 600, a, b), phase: phase) }
        let agrees = Self.agree(actual, expected)
        #expect(agrees)
        // Dashes and gaps both show along the line.
        let row = Self.side - 1 - 31
        let reds = (0..<Self.side).filter { actual[(row * Self.side + $0) * 4 + 1] < 128 }.count
        #expect(reds > 40 && reds < 90)
    }

    /// A circle of radius 10⁸ whose bottom passes through the bitmap fills what a rectangle above
    /// the same line fills (its sagitta over the bitmap is a ten-thousandth of a pixel), filled
    /// and stroked; so does a rect whose far sides are 10¹⁵ pixels away.
    @Test func hugeCurvesAndRectsDrawTheirVisiblePart() {
        let color = CGColor(red: 0.1, green: 0.6, blue: 0.3, alpha: 1)
        let circle = Self.render { context in
            context.setFillColor(color)
            context.fillEllipse(in: CGRect(x: 50 - 1e8, y: 40, width: 2e8, height: 2e8))
        }
        let rect = Self.render { context in
            context.setFillColor(color)
            context.fill(CGRect(x: -1e15, y: 40, width: 2e15, height: 1e15))
        }
        let plain = Self.render { context in
            context.setFillColor(color)
            context.fill(CGRect(x: -10, y: 40, width: 120, height: 70))
        }
        let circleAgrees = Self.agree(circle, plain)
        let rectAgrees = Self.agree(rect, plain)
        #expect(circleAgrees)
        #expect(rectAgrees)
        let ring = Self.render { context in
            context.setStrokeColor(color)
            context.setLineWidth(6)
            context.strokeEllipse(in: CGRect(x: 50 - 1e8, y: 40, width: 2e8, height: 2e8))
        }
        let line = Self.render { context in
            context.setStrokeColor(color)
            context.setLineWidth(6)
            context.strokeLineSegments(between: [CGPoint(x: -20, y: 40), CGPoint(x: 120, y: 40)])
        }
        let ringAgrees = Self.agree(ring, line)
        #expect(ringAgrees)
    }
}
