import CoreGraphics
import Testing

/// Coordinates computed with a few floating-point operations agree to this much.
private let coordinateTolerance: CGFloat = 1e-9

/// The control-point offset of a quarter-circle cubic of radius 1, `4/3 · tan(π/8)`.
private let kappa: CGFloat = 0.552_284_749_830_793_4

private func near(_ a: CGPoint, _ b: CGPoint, _ tolerance: CGFloat = coordinateTolerance) -> Bool {
    abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
}

/// The path's elements as read through Apple's `applyWithBlock`, as (type, points) pairs.
private func appleElements(_ path: CGPath) -> [(CGPathElementType, [CGPoint])] {
    var result: [(CGPathElementType, [CGPoint])] = []
    path.applyWithBlock { element in
        let count: Int
        switch element.pointee.type {
        case .moveToPoint, .addLineToPoint: count = 1
        case .addQuadCurveToPoint: count = 2
        case .addCurveToPoint: count = 3
        case .closeSubpath: count = 0
        }
        let points = (0..<count).map { element.pointee.points[$0] }
        result.append((element.pointee.type, points))
    }
    return result
}

@Test func rectPathIsMoveThreeLinesAndClose() {
    let path = CGPath(rect: CGRect(x: 10, y: 20, width: 30, height: 40), transform: nil)
    let elements = appleElements(path)
    #expect(
        elements.map(\.0) == [.moveToPoint, .addLineToPoint, .addLineToPoint, .addLineToPoint, .closeSubpath])
    #expect(
        elements.flatMap(\.1) == [
            CGPoint(x: 10, y: 20), CGPoint(x: 40, y: 20), CGPoint(x: 40, y: 60), CGPoint(x: 10, y: 60),
        ])
    #expect(path.currentPoint == CGPoint(x: 10, y: 20))
}

@Test func rectWithNegativeSizeIsStandardized() {
    let path = CGPath(rect: CGRect(x: 40, y: 60, width: -30, height: -40), transform: nil)
    #expect(path.elements.first == .move(CGPoint(x: 10, y: 20)))
    #expect(path.elements[2] == .line(CGPoint(x: 40, y: 60)))
}

@Test func nullRectAddsNothing() {
    let path = CGMutablePath()
    path.addRect(.null)
    path.addEllipse(in: .null)
    #expect(path.isEmpty)
}

@Test func rectPathWithTransformPointer() {
    var transform = CGAffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 1, ty: 1)
    let path = CGPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1), transform: &transform)
    #expect(
        path.elements.compactMap(\.endPoint) == [
            CGPoint(x: 1, y: 1), CGPoint(x: 3, y: 1), CGPoint(x: 3, y: 4), CGPoint(x: 1, y: 4),
        ])
}

@Test func ellipseStartsAtRightmostPointAndIncreasesAngle() {
    let rect = CGRect(x: 0, y: 0, width: 100, height: 60)
    let path = CGPath(ellipseIn: rect, transform: nil)
    let elements = appleElements(path)
    #expect(
        elements.map(\.0) == [
            .moveToPoint, .addCurveToPoint, .addCurveToPoint, .addCurveToPoint, .addCurveToPoint,
            .closeSubpath,
        ])
    #expect(elements[0].1 == [CGPoint(x: 100, y: 30)])
    // First quarter goes from +x towards +y: it ends at the top (max y) middle.
    #expect(near(elements[1].1[0], CGPoint(x: 100, y: 30 + 30 * kappa)))
    #expect(near(elements[1].1[1], CGPoint(x: 50 + 50 * kappa, y: 60)))
    #expect(near(elements[1].1[2], CGPoint(x: 50, y: 60)))
    #expect(near(elements[2].1[2], CGPoint(x: 0, y: 30)))
    #expect(near(elements[3].1[2], CGPoint(x: 50, y: 0)))
    #expect(near(elements[4].1[2], CGPoint(x: 100, y: 30)))
}

@Test func roundedRectElementSequence() {
    let rect = CGRect(x: 0, y: 0, width: 100, height: 50)
    let path = CGPath(roundedRect: rect, cornerWidth: 10, cornerHeight: 5, transform: nil)
    let types = path.elements.map(\.type)
    #expect(
        types == [
            .moveToPoint,
            .addLineToPoint, .addCurveToPoint, .addLineToPoint, .addCurveToPoint,
            .addLineToPoint, .addCurveToPoint, .addLineToPoint, .addCurveToPoint,
            .closeSubpath,
        ])
    let ends = path.elements.compactMap(\.endPoint)
    #expect(
        ends == [
            CGPoint(x: 100, y: 5),
            CGPoint(x: 100, y: 45), CGPoint(x: 90, y: 50),
            CGPoint(x: 10, y: 50), CGPoint(x: 0, y: 45),
            CGPoint(x: 0, y: 5), CGPoint(x: 10, y: 0),
            CGPoint(x: 90, y: 0), CGPoint(x: 100, y: 5),
        ])
    guard case .cubic(let c1, let c2, _) = path.elements[2] else {
        Issue.record("expected a cubic corner")
        return
    }
    #expect(near(c1, CGPoint(x: 100, y: 45 + 5 * kappa)))
    #expect(near(c2, CGPoint(x: 90 + 10 * kappa, y: 50)))
}

@Test func roundedRectCornersAreClampedToHalfTheRect() {
    let rect = CGRect(x: 0, y: 0, width: 40, height: 20)
    let path = CGPath(roundedRect: rect, cornerWidth: 100, cornerHeight: 100, transform: nil)
    // Clamped to 20 × 10: the side lines have zero length, the outline is an ellipse.
    #expect(path.elements.first == .move(CGPoint(x: 40, y: 10)))
    #expect(path.elements[1] == .line(CGPoint(x: 40, y: 10)))
    #expect(path.elements[2].endPoint == CGPoint(x: 20, y: 20))
    #expect(path.boundingBoxOfPath == rect)
}

@Test func roundedRectWithZeroCornerIsARect() {
    let rect = CGRect(x: 1, y: 2, width: 3, height: 4)
    let rounded = CGPath(roundedRect: rect, cornerWidth: 0, cornerHeight: 5, transform: nil)
    #expect(rounded == CGPath(rect: rect, transform: nil))
}

@Test func emptyPathEdgeCases() {
    let path = CGMutablePath()
    #expect(path.isEmpty)
    #expect(path.currentPoint == .zero)
    #expect(path.boundingBox.isNull)
    #expect(path.boundingBoxOfPath.isNull)
    // Drawing without a current point is ignored, as Apple does.
    path.addLine(to: CGPoint(x: 5, y: 5))
    path.addQuadCurve(to: CGPoint(x: 1, y: 1), control: CGPoint(x: 2, y: 2))
    path.addCurve(to: CGPoint(x: 1, y: 1), control1: .zero, control2: .zero)
    path.addArc(tangent1End: CGPoint(x: 1, y: 0), tangent2End: CGPoint(x: 1, y: 1), radius: 1)
    path.closeSubpath()
    #expect(path.isEmpty)
    #expect(!path.isRect(nil))
}

@Test func currentPointFollowsMovesLinesAndCloses() {
    let path = CGMutablePath()
    path.move(to: CGPoint(x: 1, y: 2))
    #expect(!path.isEmpty)
    #expect(path.currentPoint == CGPoint(x: 1, y: 2))
    path.addLine(to: CGPoint(x: 5, y: 2))
    path.addQuadCurve(to: CGPoint(x: 7, y: 9), control: CGPoint(x: 6, y: 6))
    #expect(path.currentPoint == CGPoint(x: 7, y: 9))
    path.closeSubpath()
    #expect(path.currentPoint == CGPoint(x: 1, y: 2))
    // A second close in a row is ignored.
    path.closeSubpath()
    #expect(path.elements.count == 4)
    // A line after a close starts from the closed subpath's start.
    path.addLine(to: CGPoint(x: 1, y: 10))
    #expect(path.currentPoint == CGPoint(x: 1, y: 10))
    #expect(path.elements.last == .line(CGPoint(x: 1, y: 10)))
}

@Test func lineAfterCloseStartsAtSubpathStart() {
    let path = CGMutablePath()
    path.move(to: CGPoint(x: 0, y: 0))
    path.addLine(to: CGPoint(x: 3, y: 0))
    path.closeSubpath()
    path.addLine(to: CGPoint(x: 0, y: 4))
    // 3 out, 3 back, then 4 from the start (0, 0).
    let lengthTolerance: CGFloat = 1e-9
    #expect(abs(path.length() - 10) <= lengthTolerance)
    #expect(
        path.flattened(tolerance: 0.1) == [
            [CGPoint(x: 0, y: 0), CGPoint(x: 3, y: 0), CGPoint(x: 0, y: 0)],
            [CGPoint(x: 0, y: 0), CGPoint(x: 0, y: 4)],
        ])
}

@Test func buildingMethodsApplyTheirTransform() {
    let shift = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 10, ty: -10)
    let path = CGMutablePath()
    path.move(to: .zero, transform: shift)
    path.addLine(to: CGPoint(x: 1, y: 1), transform: shift)
    path.addQuadCurve(to: CGPoint(x: 2, y: 2), control: CGPoint(x: 3, y: 3), transform: shift)
    path.addCurve(
        to: CGPoint(x: 4, y: 4), control1: CGPoint(x: 5, y: 5), control2: CGPoint(x: 6, y: 6),
        transform: shift)
    #expect(
        path.elements == [
            .move(CGPoint(x: 10, y: -10)),
            .line(CGPoint(x: 11, y: -9)),
            .quad(CGPoint(x: 13, y: -7), CGPoint(x: 12, y: -8)),
            .cubic(CGPoint(x: 15, y: -5), CGPoint(x: 16, y: -4), CGPoint(x: 14, y: -6)),
        ])
}

@Test func addLinesAndRects() {
    let path = CGMutablePath()
    path.addLines(between: [])
    #expect(path.isEmpty)
    path.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 0), CGPoint(x: 1, y: 1)])
    #expect(path.elements == [.move(.zero), .line(CGPoint(x: 1, y: 0)), .line(CGPoint(x: 1, y: 1))])
    path.addRects([CGRect(x: 0, y: 0, width: 1, height: 1), CGRect(x: 5, y: 5, width: 1, height: 1)])
    #expect(path.elements.count == 3 + 5 + 5)
    #expect(path.elements.filter { $0 == .close }.count == 2)
}

@Test func addPathAppendsTransformedElements() {
    let square = CGPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1), transform: nil)
    let path = CGMutablePath()
    path.addPath(square, transform: CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 5, ty: 0))
    path.addPath(path)
    #expect(path.elements.count == 10)
    #expect(path.elements[0] == .move(CGPoint(x: 5, y: 0)))
    #expect(path.elements[5] == .move(CGPoint(x: 5, y: 0)))
    #expect(path.boundingBox == CGRect(x: 5, y: 0, width: 1, height: 1))
}

@Test func transformedCopies() {
    let path = CGMutablePath()
    path.move(to: CGPoint(x: 1, y: 0))
    path.addQuadCurve(to: CGPoint(x: 0, y: 1), control: CGPoint(x: 1, y: 1))
    var rotate = CGAffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0)  // +90°
    let rotated = path.copy(using: &rotate)
    #expect(
        rotated?.elements == [
            .move(CGPoint(x: 0, y: 1)), .quad(CGPoint(x: -1, y: 1), CGPoint(x: -1, y: 0)),
        ])
    #expect(rotated?.currentPoint == CGPoint(x: -1, y: 0))
    #expect(path.copy(using: nil) == path)
    let mutable = path.mutableCopy(using: &rotate)
    mutable?.addLine(to: .zero)
    #expect(mutable?.elements.count == 3)
    #expect(path.elements.count == 2)
}

@Test func copiesAreIndependentAndImmutableCopyIsSnapshot() throws {
    let path = CGMutablePath()
    path.move(to: .zero)
    let snapshot = try #require(path.copy())
    let mutable = try #require(path.mutableCopy())
    path.addLine(to: CGPoint(x: 1, y: 1))
    mutable.addLine(to: CGPoint(x: 2, y: 2))
    #expect(snapshot.elements == [.move(.zero)])
    #expect(!(snapshot is CGMutablePath))
    #expect(path.elements.last == .line(CGPoint(x: 1, y: 1)))
    #expect(mutable.elements.last == .line(CGPoint(x: 2, y: 2)))
    #expect(mutable.currentPoint == CGPoint(x: 2, y: 2))
}

@Test func equalityAndHashingCompareElements() {
    let rect = CGRect(x: 0, y: 0, width: 2, height: 3)
    let immutable = CGPath(rect: rect, transform: nil)
    let mutable = CGMutablePath()
    mutable.addRect(rect)
    #expect(immutable == mutable)
    #expect(immutable.hashValue == mutable.hashValue)
    #expect(Set<CGPath>([immutable, mutable]).count == 1)
    mutable.move(to: .zero)
    #expect(immutable != mutable)
}

@Test func controlPointBoundsVersusTightBoundsOfACubic() {
    let path = CGMutablePath()
    path.move(to: .zero)
    path.addCurve(
        to: CGPoint(x: 100, y: 0), control1: CGPoint(x: 0, y: 100), control2: CGPoint(x: 100, y: 100))
    #expect(path.boundingBox == CGRect(x: 0, y: 0, width: 100, height: 100))
    // The curve peaks at t = 0.5 with y = 3/4 · 100.
    let tight = path.boundingBoxOfPath
    let boundsTolerance: CGFloat = 1e-9
    #expect(abs(tight.minX - 0) <= boundsTolerance)
    #expect(abs(tight.maxX - 100) <= boundsTolerance)
    #expect(abs(tight.minY - 0) <= boundsTolerance)
    #expect(abs(tight.maxY - 75) <= boundsTolerance)
}

@Test func tightBoundsOfACubicOvershootingSideways() {
    // x goes 0 → -50 → 150 → 100: the curve overshoots both ends horizontally.
    let path = CGMutablePath()
    path.move(to: .zero)
    path.addCurve(to: CGPoint(x: 100, y: 0), control1: CGPoint(x: -50, y: 0), control2: CGPoint(x: 150, y: 0))
    let tight = path.boundingBoxOfPath
    // x'(t) ∝ 10t² − 10t + 1, so the extrema are at t = (5 ∓ √15)/10; compare with dense samples.
    let samples = (0...100_000).map { CGFloat($0) / 100_000 }.map { t -> CGFloat in
        let s = 1 - t
        return 3 * s * s * t * -50 + 3 * s * t * t * 150 + t * t * t * 100
    }
    let sampleTolerance: CGFloat = 1e-6
    #expect(abs(tight.minX - samples.min()!) <= sampleTolerance)
    #expect(abs(tight.maxX - samples.max()!) <= sampleTolerance)
    #expect(tight.minX < 0)
    #expect(tight.maxX > 100)
    #expect(tight.height == 0)
}

@Test func tightBoundsOfAQuadCurve() {
    let path = CGMutablePath()
    path.move(to: .zero)
    path.addQuadCurve(to: CGPoint(x: 100, y: 0), control: CGPoint(x: 50, y: 100))
    let boundsTolerance: CGFloat = 1e-9
    #expect(abs(path.boundingBoxOfPath.maxY - 50) <= boundsTolerance)
    #expect(path.boundingBox.maxY == 100)
}

@Test func circleTightBoundsMatchItsRect() {
    let rect = CGRect(x: -5, y: 10, width: 20, height: 8)
    let path = CGPath(ellipseIn: rect, transform: nil)
    let boundsTolerance: CGFloat = 1e-9
    let tight = path.boundingBoxOfPath
    #expect(abs(tight.minX - rect.minX) <= boundsTolerance)
    #expect(abs(tight.maxY - rect.maxY) <= boundsTolerance)
    #expect(path.boundingBox.width > rect.width - boundsTolerance)
}

@Test func isRectRecognizesRectangles() {
    var found = CGRect.zero
    let rect = CGRect(x: 3, y: 4, width: 5, height: 6)
    #expect(CGPath(rect: rect, transform: nil).isRect(&found))
    #expect(found == rect)
    let manual = CGMutablePath()
    manual.addLines(between: [
        CGPoint(x: 0, y: 0), CGPoint(x: 0, y: 2), CGPoint(x: 3, y: 2), CGPoint(x: 3, y: 0),
        CGPoint(x: 0, y: 0),
    ])
    #expect(manual.isRect(&found))
    #expect(found == CGRect(x: 0, y: 0, width: 3, height: 2))
    #expect(!CGPath(ellipseIn: rect, transform: nil).isRect(nil))
    let skewed = CGMutablePath()
    skewed.addLines(between: [
        CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 0), CGPoint(x: 2, y: 1), CGPoint(x: 0, y: 1),
    ])
    skewed.closeSubpath()
    #expect(!skewed.isRect(nil))
}

@Test func applyWithInfoPointerVisitsEveryElement() {
    let path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 1, height: 1), transform: nil)
    var counts = [Int](repeating: 0, count: 5)
    counts.withUnsafeMutableBufferPointer { buffer in
        path.apply(info: UnsafeMutableRawPointer(buffer.baseAddress)) { info, element in
            let counts = info!.assumingMemoryBound(to: Int.self)
            counts[Int(element.pointee.type.rawValue)] += 1
        }
    }
    #expect(counts == [1, 0, 0, 4, 1])
}

@Test func elementsRoundTripThroughThePackageInitializer() {
    let original = CGPath(
        roundedRect: CGRect(x: 0, y: 0, width: 10, height: 10), cornerWidth: 2, cornerHeight: 3,
        transform: nil)
    let rebuilt = CGPath(elements: original.elements)
    #expect(rebuilt == original)
    #expect(rebuilt.currentPoint == original.currentPoint)
    // Elements the building rules reject are dropped.
    let sanitized = CGMutablePath(elements: [
        .line(CGPoint(x: 1, y: 1)), .close, .move(.zero), .close, .close,
    ])
    #expect(sanitized.elements == [.move(.zero), .close])
}

@Test func nanPointsDoNotCrash() {
    let nan = CGFloat.nan
    let path = CGMutablePath()
    path.move(to: CGPoint(x: nan, y: 0))
    path.addLine(to: CGPoint(x: 1, y: nan))
    path.addCurve(to: CGPoint(x: nan, y: nan), control1: .zero, control2: CGPoint(x: nan, y: 1))
    path.addQuadCurve(to: CGPoint(x: 2, y: 2), control: CGPoint(x: nan, y: nan))
    path.addArc(center: CGPoint(x: nan, y: 0), radius: 1, startAngle: 0, endAngle: 1, clockwise: false)
    path.addArc(center: .zero, radius: nan, startAngle: 0, endAngle: 1, clockwise: false)
    path.addRelativeArc(center: .zero, radius: 1, startAngle: nan, delta: 1)
    path.addArc(tangent1End: CGPoint(x: nan, y: 0), tangent2End: CGPoint(x: 1, y: 1), radius: 1)
    path.addRoundedRect(in: CGRect(x: 0, y: 0, width: 10, height: 10), cornerWidth: nan, cornerHeight: 2)
    path.closeSubpath()
    // The three non-finite arcs add nothing; the tangent arc degrades to a line; the rounded rect
    // with a NaN corner is a plain rectangle (5 elements), after which the extra close is ignored.
    #expect(path.elements.count == 4 + 1 + 5)
    _ = path.boundingBox
    _ = path.boundingBoxOfPath
    #expect(!path.contains(CGPoint(x: nan, y: nan)))
    // Segments touching NaN are skipped when measuring: only the 10 × 10 square is left.
    let measure = PathMeasure(path: path)
    let lengthTolerance: CGFloat = 1e-9
    #expect(abs(measure.length - 40) <= lengthTolerance)
    #expect(measure.position(at: nan) == .zero)
    #expect(measure.tangent(at: nan) == CGVector(dx: 1, dy: 0))
    #expect(path.flattened(tolerance: nan).count == 2)
    // NaN coordinates compare unequal, so separately built paths holding them differ.
    let nanPoint = CGPoint(x: nan, y: 0)
    #expect(CGPath(elements: [.move(nanPoint)]) != CGPath(elements: [.move(nanPoint)]))
    #expect(path == path)
}

@Test func concurrentMutationIsSerialized() async {
    let path = CGMutablePath()
    path.move(to: .zero)
    await withTaskGroup(of: Void.self) { group in
        for i in 0..<8 {
            group.addTask {
                for j in 0..<100 {
                    path.addLine(to: CGPoint(x: i, y: j))
                    _ = path.boundingBox
                }
            }
        }
    }
    #expect(path.elements.count == 1 + 8 * 100)
}
