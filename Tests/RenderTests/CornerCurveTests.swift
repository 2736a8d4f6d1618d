import QuartzCore
import Testing

/// `cornerCurve`: Apple's continuous corners against circular ones, for fills, borders and
/// `masksToBounds` clipping.
@Suite struct CornerCurveTests {
    private static func color(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat, _ a: CGFloat = 1) -> CGColor {
        CGColor(red: r, green: g, blue: b, alpha: a)
    }

    /// The alpha of row `y` of a single layer of `size` with `radius` and `curve`, rendered alone.
    private static func alphaRow(
        size: CGFloat, radius: CGFloat, curve: CALayerCornerCurve, y: Int = 0
    ) throws -> [UInt8] {
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: size, height: size)
        layer.backgroundColor = color(0, 0, 0)
        layer.cornerRadius = radius
        layer.cornerCurve = curve
        let renderer = try CARenderer(layer: layer, size: CGSize(width: size, height: size))
        let pixels = try #require(renderer.image(atTime: 0)?.premultipliedRGBA8Pixels())
        let width = Int(size)
        return (0..<width).map { pixels[(y * width + $0) * 4 + 3] }
    }

    /// The continuous curve leaves the edge 1.528665 radii from the corner, where a circular
    /// corner is still straight; at the circle's tangent point (one radius) it is already about
    /// 0.0094 radii in.
    @Test func continuousCornersLeaveTheEdgeEarlier() throws {
        let circular = try Self.alphaRow(size: 256, radius: 64, curve: .circular)
        let continuous = try Self.alphaRow(size: 256, radius: 64, curve: .continuous)
        // One radius from the corner: the circle is on the edge, the continuous curve 0.6 pixel in.
        #expect(circular[64] == 255)
        #expect((60...140).contains(Int(continuous[64])))
        // Beyond 1.528665 radii (97.8 pixels) both are straight.
        #expect(circular[100] == 255 && continuous[100] == 255)
        // Near the corner both are empty; the mirrored corner matches.
        #expect(circular[2] == 0 && continuous[2] == 0)
        #expect(continuous[64] == continuous[255 - 64])
        // Along the diagonal the two curves nearly meet (0.2915 against 0.2929 radii in).
        let diagonalContinuous = try Self.alphaRow(size: 256, radius: 64, curve: .continuous, y: 18)
        let diagonalCircular = try Self.alphaRow(size: 256, radius: 64, curve: .circular, y: 18)
        #expect(abs(Int(diagonalContinuous[18]) - Int(diagonalCircular[18])) < 64)
    }

    /// Where the bounds leave no room for the longer curve it blends to circular: a capsule
    /// (radius half the side) is the same shape with either curve.
    @Test func aCapsuleIsTheSameWithEitherCurve() throws {
        for y in [0, 4, 10] {
            let circular = try Self.alphaRow(size: 48, radius: 24, curve: .circular, y: y)
            let continuous = try Self.alphaRow(size: 48, radius: 24, curve: .continuous, y: y)
            // Within 8/255: the continuous shape is a polygon of 18 segments per corner (its
            // sides straddle the arc), the circular one the exact circle.
            #expect(zip(circular, continuous).allSatisfy { abs(Int($0) - Int($1)) <= 8 })
        }
    }

    /// Side by side: circular (left) and continuous (right) corners on bordered cards, and as
    /// `masksToBounds` clips of striped content, each at a radius the bounds leave room for.
    @Test func circularAndContinuousSideBySide() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 208, height: 152)
        root.backgroundColor = Self.color(0.92, 0.92, 0.92)
        for (column, curve) in [CALayerCornerCurve.circular, .continuous].enumerated() {
            let x = 8 + CGFloat(column) * 104
            let card = CALayer()
            card.frame = CGRect(x: x, y: 8, width: 88, height: 64)
            card.backgroundColor = Self.color(0.2, 0.4, 0.9)
            card.cornerRadius = 20
            card.cornerCurve = curve
            card.borderWidth = 4
            card.borderColor = Self.color(1, 0.6, 0)
            root.addSublayer(card)
            let clip = CALayer()
            clip.frame = CGRect(x: x, y: 80, width: 88, height: 64)
            clip.cornerRadius = 20
            clip.cornerCurve = curve
            clip.masksToBounds = true
            for i in 0..<8 {
                let stripe = CALayer()
                stripe.frame = CGRect(x: CGFloat(i) * 11, y: 0, width: 11, height: 64)
                stripe.backgroundColor =
                    i.isMultiple(of: 2) ? Self.color(0.9, 0.1, 0.2) : Self.color(0.1, 0.6, 0.3)
                clip.addSublayer(stripe)
            }
            root.addSublayer(clip)
        }
        let renderer = try CARenderer(layer: root, size: CGSize(width: 208, height: 152))
        expectMatchesGolden(try #require(renderer.image(atTime: 0)), named: "corner-curve-continuous")
    }
}
