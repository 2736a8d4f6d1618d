import QuartzCore
import Testing

// Ruling G18 (docs/DECISIONS.md): a shape layer's image covers its stroke's reach — half the
// width, more only at square caps and at corners drawn mitered — and no more.

/// The most a pixel of the image's outermost ring may hold: Cairo's fixed point may move an edge
/// by 1/512 pixel, which can leave a sliver of coverage.
private let ringAlpha: UInt8 = 1

/// Whether every pixel of the outermost ring of `image` is (all but) empty; the first that is
/// not, otherwise.
private func firstPaintedEdgePixel(_ image: CGImage) -> (x: Int, y: Int, alpha: UInt8)? {
    guard let pixels = image.premultipliedRGBA8Pixels() else { return (-1, -1, 255) }
    let (w, h) = (image.width, image.height)
    for y in 0..<h {
        for x in 0..<w where x == 0 || y == 0 || x == w - 1 || y == h - 1 {
            let alpha = pixels[(y * w + x) * 4 + 3]
            if alpha > ringAlpha { return (x, y, alpha) }
        }
    }
    return nil
}

private func strokedShape(_ path: CGPath, width: CGFloat = 6) -> CAShapeLayer {
    let layer = CAShapeLayer()
    layer.path = path
    layer.fillColor = nil
    layer.strokeColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    layer.lineWidth = width
    return layer
}

@Suite("Shape layer stroke reach (ruling G18)")
struct ShapeStrokeReachTests {
    @Test func aCircleStrokeCoversHalfItsWidthAndAPixel() throws {
        // A 6-point stroke round a circle of diameter 86.4 (the render benchmark's shape): the
        // miter limit does not grow the image, since a circle has no corner.
        let layer = strokedShape(
            CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 86.4, height: 86.4), transform: nil))
        let (image, rect) = try #require(layer.kindContents(scale: 1))
        #expect(rect == CGRect(x: -4, y: -4, width: 95, height: 95))
        #expect(firstPaintedEdgePixel(image) == nil)
        // Trimmed, it is drawn as chords whose joins reach a hair further.
        layer.strokeEnd = 0.7
        let (trimmedImage, trimmedRect) = try #require(layer.kindContents(scale: 1))
        #expect(trimmedRect == CGRect(x: -5, y: -5, width: 96, height: 96))
        #expect(firstPaintedEdgePixel(trimmedImage) == nil)
    }

    @Test func aLayersNextDrawingReachesAsFarUnlessItsStrokeChanged() throws {
        let layer = strokedShape(
            CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 86.4, height: 86.4), transform: nil))
        var cache: Any?
        layer.strokeEnd = 0.7
        #expect(
            layer.kindContents(scale: 1, cache: &cache)?.rect == CGRect(x: -5, y: -5, width: 96, height: 96))
        layer.strokeEnd = 0.8
        #expect(
            layer.kindContents(scale: 1, cache: &cache)?.rect == CGRect(x: -5, y: -5, width: 96, height: 96))
        // Round joins reach half the width whatever the chords: the reach is not the last one's.
        layer.lineJoin = .round
        #expect(
            layer.kindContents(scale: 1, cache: &cache)?.rect == CGRect(x: -4, y: -4, width: 95, height: 95))
        layer.lineJoin = .miter
        layer.lineWidth = 20
        #expect(
            layer.kindContents(scale: 1, cache: &cache)?.rect
                == CGRect(x: -12, y: -12, width: 110, height: 110))
    }

    @Test func sharpCornersStillFitTheirMiters() throws {
        let path = CGMutablePath()
        path.addLines(between: [
            CGPoint(x: 0, y: 0), CGPoint(x: 60, y: 10), CGPoint(x: 0, y: 20),
        ])
        let layer = strokedShape(path, width: 4)
        layer.miterLimit = 20
        let (image, rect) = try #require(layer.kindContents(scale: 2))
        // The corner turns by 180° − 2·atan(10 / 60): its miter is 1 / sin(atan(1 / 6)) ≈ 6.08
        // half widths past (60, 10).
        let miter = 2 / sin(atan(CGFloat(1) / 6))
        #expect(rect.maxX >= 60 + miter)
        #expect(rect.maxX <= 60 + miter + 1.5)
        #expect(firstPaintedEdgePixel(image) == nil)
    }

    /// Random shapes — lines and curves, open and closed, every join and cap, miter limits from
    /// 1 to 20, trimmed or not, dashed now and then, at several scales — never paint the image's
    /// outermost ring.
    @Test func theStrokeNeverReachesTheImagesEdge() throws {
        let seed: UInt64 = 0x5EED_6018
        var generator = SeededGenerator(seed: seed)
        for trial in 0..<300 {
            let layer = Self.randomShape(using: &generator)
            let scale = [0.5, 1, 1.5, 2, 3].randomElement(using: &generator)!
            guard let (image, _) = layer.kindContents(scale: scale) else { continue }
            let painted = firstPaintedEdgePixel(image)
            #expect(
                painted == nil,
                "seed \(seed), trial \(trial): the stroke reaches \(String(describing: painted))")
        }
    }

    /// Trimmed strokes whose cut end lies a hair from a corner of a slanted polyline at
    /// fractional coordinates: Cairo's fixed point could turn the hair of segment any way, and
    /// its join into a miter spike (ruling G18 moves such cuts onto the corner).
    @Test func cutsBesideACornerDrawNoSpike() throws {
        let points = [
            CGPoint(x: 3.3, y: 7.1), CGPoint(x: 40.77, y: 12.9), CGPoint(x: 11.13, y: 31.41),
            CGPoint(x: 52.9, y: 44.05),
        ]
        let path = CGMutablePath()
        path.addLines(between: points)
        let lengths = zip(points, points.dropFirst()).map { hypot($1.x - $0.x, $1.y - $0.y) }
        let total = lengths.reduce(0, +)
        let layer = strokedShape(path, width: 3)
        layer.miterLimit = 25
        for scale: CGFloat in [1, 2] {
            for distance: CGFloat in [-0.03, -0.004, -0.002, -0.0007, 0.0003, 0.0009, 0.003, 0.006, 0.02] {
                for corner in [1, 2] {
                    let atCorner = lengths[0..<corner].reduce(0, +)
                    layer.strokeStart = 0
                    layer.strokeEnd = (atCorner + distance / scale) / total
                    let (endImage, _) = try #require(layer.kindContents(scale: scale))
                    #expect(
                        firstPaintedEdgePixel(endImage) == nil, "end \(distance) px from corner \(corner)")
                    layer.strokeEnd = 1
                    layer.strokeStart = (atCorner + distance / scale) / total
                    let (startImage, _) = try #require(layer.kindContents(scale: scale))
                    #expect(
                        firstPaintedEdgePixel(startImage) == nil, "start \(distance) px from corner \(corner)"
                    )
                }
            }
        }
    }

    private static func randomShape(using generator: inout SeededGenerator) -> CAShapeLayer {
        func point() -> CGPoint {
            CGPoint(
                x: CGFloat.random(in: 0...60, using: &generator),
                y: CGFloat.random(in: 0...60, using: &generator))
        }
        let path = CGMutablePath()
        for _ in 0..<Int.random(in: 1...2, using: &generator) {
            path.move(to: point())
            for _ in 0..<Int.random(in: 1...5, using: &generator) {
                switch Int.random(in: 0..<4, using: &generator) {
                case 0: path.addQuadCurve(to: point(), control: point())
                case 1: path.addCurve(to: point(), control1: point(), control2: point())
                default: path.addLine(to: point())
                }
            }
            if Bool.random(using: &generator) { path.closeSubpath() }
        }
        let layer = strokedShape(path, width: CGFloat.random(in: 0.5...12, using: &generator))
        layer.lineJoin = [.miter, .miter, .round, .bevel].randomElement(using: &generator)!
        layer.lineCap = [.butt, .round, .square].randomElement(using: &generator)!
        layer.miterLimit = CGFloat.random(in: 1...20, using: &generator)
        if Bool.random(using: &generator) {
            let start = CGFloat.random(in: 0...0.5, using: &generator)
            layer.strokeStart = start
            layer.strokeEnd = CGFloat.random(in: start...1, using: &generator)
        }
        if Int.random(in: 0..<6, using: &generator) == 0 {
            layer.lineDashPattern = [NSNumber(value: Double.random(in: 1...9, using: &generator)), 3]
        }
        return layer
    }
}
