import Foundation
import Testing

@testable import CoreGraphics

// Ruling G20: a path of very many segments is painted by Lamina's coverage rasteriser instead of
// Cairo's. The same random paths are drawn both ways (the threshold lowered to every path, or
// raised past every path) and their coverage compared.

/// A fixed linear congruential sequence in `0..<1`, so that every run draws the same paths.
private struct Sequence {
    var state: UInt64
    mutating func next() -> CGFloat {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return CGFloat(state >> 11) / CGFloat(1 << 53)
    }
}

/// A closed path of `segments` lines between random points of the square from `margin` to
/// `side − margin`, with every fifth a cubic curve when `curves` is set.
private func randomPath(segments: Int, side: CGFloat, margin: CGFloat, seed: UInt64, curves: Bool = false)
    -> CGPath
{
    var random = Sequence(state: seed)
    func point() -> CGPoint {
        CGPoint(
            x: margin + random.next() * (side - 2 * margin), y: margin + random.next() * (side - 2 * margin))
    }
    let path = CGMutablePath()
    path.move(to: point())
    for index in 0..<segments {
        if curves, index % 5 == 0 {
            path.addCurve(to: point(), control1: point(), control2: point())
        } else {
            path.addLine(to: point())
        }
    }
    path.closeSubpath()
    return path
}

/// The alpha bytes of `draw` into a cleared `side`-pixel RGBA context, painted by Lamina's
/// rasteriser (`dense`) or by Cairo.
private func alpha(side: Int, dense: Bool, _ draw: (CGContext) -> Void) -> [UInt8] {
    let context = rgbaContext(width: side, height: side)
    context.denseElementThreshold = dense ? 0 : .max
    draw(context)
    return (0..<side).flatMap { row in (0..<side).map { pixel(context, x: $0, row: row)[3] } }
}

/// How two coverages differ: the mean absolute difference over every pixel, and the largest.
private func difference(_ a: [UInt8], _ b: [UInt8]) -> (mean: Double, largest: Int) {
    let differences = zip(a, b).map { abs(Int($0) - Int($1)) }
    return (Double(differences.reduce(0, +)) / Double(differences.count), differences.max() ?? 0)
}

/// How far Lamina's coverage may stray from Cairo's on a random path, in alpha levels (0–255).
/// Both sample the winding number — Cairo on 15 rows a pixel, exact along each row; Lamina on 16
/// × 16 points — so an edge pixel may differ by a few sixteenths, and a pixel crossed by many
/// edges more; averaged over the picture the two agree to within a level, with no bias (measured:
/// mean differences 0.12–0.96, signed means within ±0.04, largest 8–18).
private enum DenseTolerance {
    /// The mean absolute difference over every pixel.
    static let mean = 1.0
    /// The mean for an even-odd fill of 2,000 criss-crossing segments, whose inside is mostly
    /// regions smaller than a pixel, where the two samplings part most (measured: 3.05).
    static let evenOddMean = 4.0
    /// The largest difference of any pixel: an eighth of full coverage (measured: 22 at most).
    static let largest = 32
    /// The largest for dashes a third of a pixel long: each pixel holds several dash ends, which
    /// Cairo places by lengths measured on its 1/256-pixel rounded coordinates, so they drift
    /// along the path from where exact lengths put them (measured: 110; the mean stays within
    /// `mean`).
    static let fineDashLargest = 128
}

@Suite("Dense paths (ruling G20)")
struct CGContextDensePathTests {
    @Test("A square's coverage is exact: whole pixels inside, none outside, halves on half-pixel edges")
    func squareCoverage() {
        let coverage = alpha(side: 12, dense: true) { context in
            context.setFillColor(gray: 1, alpha: 1)
            context.fill(CGRect(x: 2, y: 3, width: 4.5, height: 5))
        }
        // y is up in the context: rows 3…7 from the bottom are rows 4…8 from the top.
        #expect(coverage[6 * 12 + 3] == 255)
        #expect(coverage[6 * 12 + 6] == 128)
        #expect(coverage[6 * 12 + 7] == 0)
        #expect(coverage[3 * 12 + 3] == 0)
        #expect(coverage[4 * 12 + 3] == 255 && coverage[8 * 12 + 3] == 255 && coverage[9 * 12 + 3] == 0)
    }

    @Test("Nested squares wound the same way: the nonzero rule fills the hole, even-odd leaves it")
    func fillRules() {
        for rule in [CGPathFillRule.winding, .evenOdd] {
            let coverage = alpha(side: 20, dense: true) { context in
                context.setFillColor(gray: 1, alpha: 1)
                context.addRect(CGRect(x: 2, y: 2, width: 16, height: 16))
                context.addRect(CGRect(x: 6, y: 6, width: 8, height: 8))
                context.fillPath(using: rule)
            }
            #expect(coverage[10 * 20 + 10] == (rule == .winding ? 255 : 0))
            #expect(coverage[10 * 20 + 4] == 255)
        }
    }

    @Test(
        "2,000 random segments fill as Cairo fills them, by both rules",
        arguments: [CGPathFillRule.winding, .evenOdd])
    func randomFill(rule: CGPathFillRule) {
        let path = randomPath(segments: 2_000, side: 96, margin: 6, seed: 20, curves: true)
        let draw = { (context: CGContext) in
            context.setFillColor(gray: 1, alpha: 1)
            context.addPath(path)
            context.fillPath(using: rule)
        }
        let (mean, largest) = difference(
            alpha(side: 96, dense: true, draw), alpha(side: 96, dense: false, draw))
        let tolerance = rule == .evenOdd ? DenseTolerance.evenOddMean : DenseTolerance.mean
        #expect(mean <= tolerance, "rule \(rule), seed 20: mean \(mean)")
        #expect(largest <= DenseTolerance.largest, "rule \(rule), seed 20: largest \(largest)")
    }

    @Test(
        "2,000 random segments stroke as Cairo strokes them",
        arguments: [
            (CGLineJoin.miter, CGLineCap.butt, false), (.round, .round, false), (.bevel, .square, true),
        ])
    func randomStroke(join: CGLineJoin, cap: CGLineCap, dashed: Bool) {
        let path = randomPath(segments: 2_000, side: 96, margin: 8, seed: 22)
        let draw = { (context: CGContext) in
            context.setStrokeColor(gray: 1, alpha: 1)
            context.setLineWidth(0.75)
            context.setLineJoin(join)
            context.setLineCap(cap)
            if dashed { context.setLineDash(phase: 1, lengths: [3, 2]) }
            context.addPath(path)
            context.strokePath()
        }
        let (mean, largest) = difference(
            alpha(side: 96, dense: true, draw), alpha(side: 96, dense: false, draw))
        #expect(mean <= DenseTolerance.mean, "join \(join), cap \(cap), dashed \(dashed): mean \(mean)")
        #expect(
            largest <= DenseTolerance.largest,
            "join \(join), cap \(cap), dashed \(dashed): largest \(largest)")
    }

    @Test("A scaled, translucent stroke over a fill keeps the colour, the CTM and the pen's scale")
    func scaledStrokeOverFill() {
        let path = randomPath(segments: 300, side: 40, margin: 4, seed: 7)
        let context = { (dense: Bool) -> [UInt8] in
            let context = rgbaContext(width: 80, height: 80)
            context.denseElementThreshold = dense ? 0 : .max
            context.scaleBy(x: 2, y: 2)
            context.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
            context.setStrokeColor(red: 0, green: 0, blue: 1, alpha: 0.5)
            context.setLineWidth(0.5)
            context.addPath(path)
            context.fillPath(using: .evenOdd)
            context.addPath(path)
            context.strokePath()
            return (0..<80).flatMap { row in (0..<80).flatMap { pixel(context, x: $0, row: row) } }
        }
        let (mean, largest) = difference(context(true), context(false))
        #expect(mean <= DenseTolerance.mean, "mean \(mean)")
        #expect(largest <= DenseTolerance.largest, "largest \(largest)")
    }

    @Test("A path past the threshold takes the dense route by default and completes")
    func bigPathCompletes() {
        let path = randomPath(segments: 20_000, side: 128, margin: 0, seed: 1)
        let context = rgbaContext(width: 128, height: 128)
        #expect(path.elements.count >= context.denseElementThreshold)
        context.setFillColor(gray: 1, alpha: 1)
        context.setStrokeColor(gray: 0, alpha: 1)
        context.addPath(path)
        context.fillPath()
        context.addPath(path)
        context.strokePath()
        // Twenty thousand lines across the box leave no winding number zero near its middle.
        #expect(pixel(context, x: 64, row: 64)[3] == 255)
        #expect(pixel(context, x: 0, row: 0)[3] > 0)
    }
}

@Suite("Dense dashes (ruling G20)")
struct CGContextDenseDashTests {
    @Test("A short path cut into thousands of dashes takes the dense route and dashes as Cairo does")
    func manyDashes() {
        let path = randomPath(segments: 60, side: 96, margin: 8, seed: 5)
        let draw = { (context: CGContext) in
            context.setStrokeColor(gray: 1, alpha: 1)
            context.setLineWidth(1)
            context.setLineDash(phase: 0, lengths: [0.3, 0.3])
            context.addPath(path)
            context.strokePath()
        }
        let lamina = rgbaContext(width: 96, height: 96)
        draw(lamina)
        let laminaAlpha = (0..<96).flatMap { row in (0..<96).map { pixel(lamina, x: $0, row: row)[3] } }
        let (mean, largest) = difference(laminaAlpha, alpha(side: 96, dense: false, draw))
        #expect(mean <= DenseTolerance.mean, "mean \(mean)")
        #expect(largest <= DenseTolerance.fineDashLargest, "largest \(largest)")
        // Some pixel differs: Cairo's own route would have matched exactly.
        #expect(largest > 0)
    }

    @Test("Past 2²⁰ dashes the whole stroke is drawn at the pattern's share of dash")
    func dashLimit() {
        let draw = { (context: CGContext, dashed: Bool) in
            context.setStrokeColor(gray: 1, alpha: 1)
            context.setLineWidth(4)
            if dashed { context.setLineDash(phase: 0, lengths: [0.000_005, 0.000_015]) }
            context.move(to: CGPoint(x: 4, y: 10))
            context.addLine(to: CGPoint(x: 36, y: 10))
            context.strokePath()
        }
        let dashed = rgbaContext(width: 40, height: 20)
        draw(dashed, true)
        let whole = rgbaContext(width: 40, height: 20)
        draw(whole, false)
        #expect(pixel(whole, x: 20, row: 10)[3] == 255)
        // A quarter of 255, rounded.
        #expect(pixel(dashed, x: 20, row: 10)[3] == 64)
        #expect(pixel(dashed, x: 20, row: 2)[3] == 0)
    }
}

@Suite("Coverage rasteriser (ruling G20)")
struct CoverageRasterizerTests {
    @Test("A box rasterised whole and a band at a time gives the same samples", arguments: [1, 4, 16])
    func directMatchesBanded(rows: Int) {
        let path = randomPath(segments: 2_000, side: 300, margin: 10, seed: 3)
        let box = CGContext.PixelBox(x0: 0, y0: 0, x1: 300, y1: 300)
        var direct = CoverageRasterizer(box: box, rows: rows, columns: 16, directBytes: .max)
        var banded = CoverageRasterizer(box: box, rows: rows, columns: 16, directBytes: 0)
        #expect(direct.isDirect && !banded.isDirect)
        let points = path.elements.compactMap(\.points.last)
        for (a, b) in zip(points, points.dropFirst() + points.prefix(1)) {
            direct.addLine(from: a, to: b)
            banded.addLine(from: a, to: b)
        }
        #expect(direct.coverage(rule: .evenOdd) == banded.coverage(rule: .evenOdd), "rows \(rows), seed 3")
    }
}
