import QuartzCore
import Testing

/// A layer's own content scaled down by its transform is rasterised at about the size it shows
/// (ruling V20), so a thin stroke shrunk seven times stays a line instead of breaking into dots
/// (found rendering NVActivityIndicatorView's ripples, whose 2-point rings start at scale 0.1).
@Suite struct MinifiedShapeTests {
    typealias Support = CARendererTests

    /// A white ring of `side` points and `lineWidth`, centred in a 40×40 frame, under `scale`.
    static func ring(side: CGFloat, lineWidth: CGFloat, scale: CGFloat) throws -> CGImage {
        let root = Support.layer(CGRect(x: 0, y: 0, width: 40, height: 40), Support.color(0, 0, 0))
        let shape = CAShapeLayer()
        shape.bounds = CGRect(x: 0, y: 0, width: side, height: side)
        shape.position = CGPoint(x: 20, y: 20)
        shape.path = CGPath(
            ellipseIn: shape.bounds.insetBy(dx: lineWidth / 2, dy: lineWidth / 2), transform: nil)
        shape.fillColor = nil
        shape.strokeColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        shape.lineWidth = lineWidth
        shape.transform = CATransform3DMakeScale(scale, scale, 1)
        root.addSublayer(shape)
        let renderer = try CARenderer(layer: root, size: CGSize(width: 40, height: 40), scale: 2)
        return try #require(renderer.image(atTime: 0))
    }

    /// The total red of the image (the ring's ink).
    static func ink(_ image: CGImage) -> Int {
        guard let pixels = image.premultipliedRGBA8Pixels() else { return 0 }
        return stride(from: 0, to: pixels.count, by: 4).reduce(0) { $0 + Int(pixels[$1]) }
    }

    @Test(arguments: [0.14, 0.3, 0.5])
    func aRingScaledDownDrawsAsTheSameRingDrawnSmall(scale: CGFloat) throws {
        let shrunk = try Self.ring(side: 50, lineWidth: 2, scale: scale)
        let small = try Self.ring(side: 50 * scale, lineWidth: 2 * scale, scale: 1)
        let ratio = Double(Self.ink(shrunk)) / Double(Self.ink(small))
        #expect(ratio > 0.85 && ratio < 1.15, "ink \(ratio) of the ring drawn small")
        // Every direction round the ring is lit, none broken into a gap.
        let radius = 50 * scale / 2 - scale
        var dark = 0
        for degree in stride(from: 0, to: 360, by: 5) {
            let angle = Double(degree) * .pi / 180
            let x = Int((20 + radius * cos(angle)) * 2)
            let y = Int((20 + radius * sin(angle)) * 2)
            let brightest =
                (-1...1).flatMap { dx in (-1...1).map { dy in Support.pixel(shrunk, x + dx, y + dy)[0] } }
                .max() ?? 0
            if brightest < 40 { dark += 1 }
        }
        #expect(dark == 0)
    }

    /// A white disc of `side` points centred in a 40×40 frame, under `scale`.
    static func disc(side: CGFloat, scale: CGFloat) throws -> CGImage {
        try disc(side: side, transform: CATransform3DMakeScale(scale, scale, 1))
    }

    /// A white disc of `side` points centred in a 40×40 frame, under `transform`.
    static func disc(side: CGFloat, transform: CATransform3D) throws -> CGImage {
        let root = Support.layer(CGRect(x: 0, y: 0, width: 40, height: 40), Support.color(0, 0, 0))
        let shape = CAShapeLayer()
        shape.bounds = CGRect(x: 0, y: 0, width: side, height: side)
        shape.position = CGPoint(x: 20.3, y: 19.6)
        shape.path = CGPath(ellipseIn: shape.bounds, transform: nil)
        shape.fillColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        shape.transform = transform
        root.addSublayer(shape)
        let renderer = try CARenderer(layer: root, size: CGSize(width: 40, height: 40), scale: 2)
        return try #require(renderer.image(atTime: 0))
    }

    /// The largest difference in red between two 80×80 pictures.
    static func worstDifference(_ a: CGImage, _ b: CGImage) -> Int {
        var worst = 0
        for y in 0..<80 {
            for x in 0..<80 {
                worst = max(worst, abs(Int(Support.pixel(a, x, y)[0]) - Int(Support.pixel(b, x, y)[0])))
            }
        }
        return worst
    }

    /// Ruling V23: content shrunk by an unrotated, uniform scale is rasterised at exactly the
    /// size it shows, on the framebuffer's pixel grid, so its edges are those of the shape drawn
    /// small (a power-of-two bitmap minified by 0.6 had edges half a pixel softer than Apple's).
    @Test(arguments: [0.3, 0.6, 0.8])
    func aShapeScaledDownDrawsAsTheSameShapeDrawnSmall(scale: CGFloat) throws {
        let shrunk = try Self.disc(side: 28 / scale, scale: scale)
        let small = try Self.disc(side: 28, scale: 1)
        let worst = Self.worstDifference(shrunk, small)
        #expect(worst <= 24, "largest difference \(worst) from the disc drawn small")
    }

    /// Ruling V23: rotated content is rasterised at twice the size it shows and minified by
    /// about a half, so a disc turned 45° and shrunk to 0.9 keeps edges close to the disc drawn
    /// small (a bitmap near the size it shows, resampled once more by the rotation, is softer).
    @Test(arguments: [0.45, 0.9])
    func aRotatedShapeScaledDownKeepsItsEdges(scale: CGFloat) throws {
        let turned = CATransform3DRotate(CATransform3DMakeScale(scale, scale, 1), .pi / 4, 0, 0, 1)
        let shrunk = try Self.disc(side: 28 / scale, transform: turned)
        let small = try Self.disc(side: 28, scale: 1)
        let worst = Self.worstDifference(shrunk, small)
        #expect(worst <= 60, "largest difference \(worst) from the disc drawn small")
    }

    /// Ruling V20: content magnified by its transform is rasterised at the size it shows, so its
    /// edges stay one pixel wide instead of a bitmap's pixels enlarged (a 4-pixel ramp at 4×).
    @Test(arguments: [1.5, 4.0, 7.0])
    func aShapeScaledUpDrawsAsTheSameShapeDrawnLarge(scale: CGFloat) throws {
        let enlarged = try Self.disc(side: 28 / scale, scale: scale)
        let large = try Self.disc(side: 28, scale: 1)
        var worst = 0
        for y in 0..<80 {
            for x in 0..<80 {
                worst = max(
                    worst, abs(Int(Support.pixel(enlarged, x, y)[0]) - Int(Support.pixel(large, x, y)[0])))
            }
        }
        #expect(worst <= 24, "largest difference \(worst) from the disc drawn large")
    }
}
