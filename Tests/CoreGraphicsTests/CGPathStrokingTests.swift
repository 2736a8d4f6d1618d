import CoreGraphics
import Testing

// Ruling G12 (docs/DECISIONS.md): stroke outlines and dashes.

private func line(_ points: [CGPoint], closed: Bool = false) -> CGPath {
    let path = CGMutablePath()
    path.addLines(between: points)
    if closed { path.closeSubpath() }
    return path
}

private let horizontal = line([.zero, CGPoint(x: 10, y: 0)])
private let corner = line([.zero, CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 10)])

@Test func buttCapsEndAtTheEndPoints() {
    let outline = horizontal.copy(strokingWithWidth: 4, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
    #expect(outline.contains(CGPoint(x: 5, y: 1.9)))
    #expect(outline.contains(CGPoint(x: 5, y: -1.9)))
    #expect(!outline.contains(CGPoint(x: 5, y: 2.1)))
    #expect(!outline.contains(CGPoint(x: -0.1, y: 0)))
    #expect(!outline.contains(CGPoint(x: 10.1, y: 0)))
}

@Test func squareCapsReachHalfTheWidthBeyondTheEnds() {
    let outline = horizontal.copy(strokingWithWidth: 4, lineCap: .square, lineJoin: .miter, miterLimit: 10)
    #expect(outline.contains(CGPoint(x: -1.9, y: 1.9)))
    #expect(outline.contains(CGPoint(x: 11.9, y: -1.9)))
    #expect(!outline.contains(CGPoint(x: -2.1, y: 0)))
    #expect(!outline.contains(CGPoint(x: 12.1, y: 0)))
}

@Test func roundCapsAreHalfDisks() {
    let outline = horizontal.copy(strokingWithWidth: 4, lineCap: .round, lineJoin: .miter, miterLimit: 10)
    #expect(outline.contains(CGPoint(x: -1.9, y: 0)))
    #expect(outline.contains(CGPoint(x: -1.4, y: 1.4)))  // 1.98 from the end
    #expect(!outline.contains(CGPoint(x: -1.5, y: 1.5)))  // 2.12 from the end
    #expect(!outline.contains(CGPoint(x: 12.1, y: 0)))
}

@Test func joinsFillTheOuterCornerAsAskedFor() {
    let miter = corner.copy(strokingWithWidth: 2, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
    let round = corner.copy(strokingWithWidth: 2, lineCap: .butt, lineJoin: .round, miterLimit: 10)
    let bevel = corner.copy(strokingWithWidth: 2, lineCap: .butt, lineJoin: .bevel, miterLimit: 10)
    // The outer corner of a left turn at (10, 0) points to (11, −1).
    #expect(miter.contains(CGPoint(x: 10.9, y: -0.9)))
    #expect(!round.contains(CGPoint(x: 10.9, y: -0.9)))
    #expect(round.contains(CGPoint(x: 10.6, y: -0.6)))
    #expect(!bevel.contains(CGPoint(x: 10.6, y: -0.6)))
    #expect(bevel.contains(CGPoint(x: 10.4, y: -0.4)))
    #expect(abs(miter.boundingBoxOfPath.maxX - 11) < 1e-9 && abs(miter.boundingBoxOfPath.minY + 1) < 1e-9)
}

@Test func sharpMitersBeyondTheLimitAreBevelled() {
    // A turn of about 174°: the miter would reach about 20 half-widths beyond the vertex.
    let spike = line([.zero, CGPoint(x: 10, y: 0), CGPoint(x: 0, y: 1)])
    let limited = spike.copy(strokingWithWidth: 2, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
    let generous = spike.copy(strokingWithWidth: 2, lineCap: .butt, lineJoin: .miter, miterLimit: 100)
    #expect(limited.boundingBoxOfPath.maxX < 11.1)
    #expect(generous.boundingBoxOfPath.maxX > 29)
}

@Test func closedSubpathsAreJoinedAtTheirStart() {
    let square = [CGPoint.zero, CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 10), CGPoint(x: 0, y: 10)]
    let closed = line(square, closed: true).copy(
        strokingWithWidth: 2, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
    let open = line(square + [.zero]).copy(
        strokingWithWidth: 2, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
    #expect(closed.contains(CGPoint(x: -0.5, y: -0.5)))
    #expect(!open.contains(CGPoint(x: -0.5, y: -0.5)))
    // Hollow in the middle, under the nonzero rule.
    #expect(!closed.contains(CGPoint(x: 5, y: 5)))
    #expect(closed.contains(CGPoint(x: 5, y: 0.9)))
}

@Test func zeroLengthSubpathsStrokeAsDots() {
    let dot = line([CGPoint(x: 5, y: 5), CGPoint(x: 5, y: 5)])
    let round = dot.copy(strokingWithWidth: 4, lineCap: .round, lineJoin: .miter, miterLimit: 10)
    #expect(round.contains(CGPoint(x: 5, y: 6.9)))
    #expect(!round.contains(CGPoint(x: 6.5, y: 6.5)))
    let square = dot.copy(strokingWithWidth: 4, lineCap: .square, lineJoin: .miter, miterLimit: 10)
    #expect(square.contains(CGPoint(x: 6.9, y: 6.9)))
    #expect(dot.copy(strokingWithWidth: 4, lineCap: .butt, lineJoin: .miter, miterLimit: 10).isEmpty)
    let loneMove = CGMutablePath()
    loneMove.move(to: CGPoint(x: 5, y: 5))
    #expect(loneMove.copy(strokingWithWidth: 4, lineCap: .round, lineJoin: .round, miterLimit: 10).isEmpty)
}

@Test func curvesAreOutlinedAlongTheCurve() {
    let arc = CGMutablePath()
    arc.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi, clockwise: false)
    let outline = arc.copy(strokingWithWidth: 2, lineCap: .butt, lineJoin: .round, miterLimit: 10)
    for angle in stride(from: 0.1, to: 3.0, by: 0.3) as StrideTo<CGFloat> {
        #expect(outline.contains(CGPoint(x: 10.9 * cos(angle), y: 10.9 * sin(angle))))
        #expect(!outline.contains(CGPoint(x: 11.1 * cos(angle), y: 11.1 * sin(angle))))
        #expect(!outline.contains(CGPoint(x: 8.9 * cos(angle), y: 8.9 * sin(angle))))
    }
    #expect(!outline.contains(CGPoint(x: 0, y: -5)))
}

@Test func degenerateWidthsGiveAnEmptyOutline() {
    for width: CGFloat in [0, -1, .nan, .infinity] {
        #expect(
            horizontal.copy(strokingWithWidth: width, lineCap: .round, lineJoin: .round, miterLimit: 10)
                .isEmpty)
    }
}

@Test func outlineTakesTheTransform() {
    let outline = horizontal.copy(
        strokingWithWidth: 2, lineCap: .butt, lineJoin: .miter, miterLimit: 10,
        transform: CGAffineTransform(translationX: 100, y: 0))
    #expect(outline.contains(CGPoint(x: 105, y: 0)))
    #expect(!outline.contains(CGPoint(x: 5, y: 0)))
}

/// The dashes of `path` as (start x, end x) pairs of a horizontal line.
private func dashSpans(_ path: CGPath) -> [(CGFloat, CGFloat)] {
    var spans: [(CGFloat, CGFloat)] = []
    var start: CGFloat?
    var end: CGFloat = 0
    for element in path.elements {
        switch element {
        case .move(let p):
            if let s = start { spans.append((s, end)) }
            start = p.x
            end = p.x
        case .line(let p): end = p.x
        default: break
        }
    }
    if let s = start { spans.append((s, end)) }
    return spans
}

private func spansMatch(_ spans: [(CGFloat, CGFloat)], _ expected: [(CGFloat, CGFloat)]) -> Bool {
    spans.count == expected.count
        && zip(spans, expected).allSatisfy { abs($0.0 - $1.0) < 1e-9 && abs($0.1 - $1.1) < 1e-9 }
}

@Test func dashesFollowThePatternAndPhase() {
    #expect(spansMatch(dashSpans(horizontal.copy(dashingWithPhase: 0, lengths: [2, 3])), [(0, 2), (5, 7)]))
    #expect(
        spansMatch(
            dashSpans(horizontal.copy(dashingWithPhase: 1, lengths: [2, 3])), [(0, 1), (4, 6), (9, 10)]))
    // Negative phases count backwards: −1 is 4 into the 5-long pattern.
    #expect(
        spansMatch(dashSpans(horizontal.copy(dashingWithPhase: -1, lengths: [2, 3])), [(1, 3), (6, 8)]))
    // An odd count repeats with the roles swapped: [2] is 2 on, 2 off.
    #expect(
        spansMatch(dashSpans(horizontal.copy(dashingWithPhase: 0, lengths: [2])), [(0, 2), (4, 6), (8, 10)]))
}

@Test func dashesRunOnAcrossVerticesAndRestartPerSubpath() {
    let path = CGMutablePath()
    path.addLines(between: [.zero, CGPoint(x: 3, y: 0), CGPoint(x: 3, y: 3)])
    path.addLines(between: [CGPoint(x: 10, y: 0), CGPoint(x: 20, y: 0)])
    let dashed = path.copy(dashingWithPhase: 0, lengths: [4, 1])
    // First subpath (length 6): dash 0–4 turns the corner, gap 4–5, dash 5–6.
    #expect(
        dashed.elements.prefix(4) == [
            .move(.zero), .line(CGPoint(x: 3, y: 0)), .line(CGPoint(x: 3, y: 1)), .move(CGPoint(x: 3, y: 2)),
        ])
    // Second subpath restarts the pattern at its own start.
    #expect(dashed.elements.contains(.move(CGPoint(x: 10, y: 0))))
    #expect(dashed.elements.contains(.line(CGPoint(x: 14, y: 0))))
}

@Test func unusablePatternsLeaveThePathUndashed() {
    for lengths: [CGFloat] in [[], [0, 0], [-1, 2], [.nan, 1]] {
        #expect(horizontal.copy(dashingWithPhase: 0, lengths: lengths).elements == horizontal.elements)
    }
}
