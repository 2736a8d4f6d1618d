import QuartzCore
import Testing

/// Ruling V22: a layer's `contents` image shown larger than its pixels is sampled between texels
/// along a smoothstep of the fraction, as sharp as Apple's snapshots of enlarged images; a layer
/// kind's own content and rasterized bitmaps keep the linear filter.
@Suite struct ContentsMagnificationTests {
    typealias Support = CARendererTests

    /// A 2×2 image, a black column then a white one, as the contents of an 8×8-point layer:
    /// enlarged 4×.
    static func enlargedEdge(filter: CALayerContentsFilter = .linear) throws -> CGImage {
        let context = try makeImageContext(width: 2, height: 2)
        context.setFillColor(CGColor(red: 1, green: 1, blue: 1, alpha: 1))
        context.fill(CGRect(x: 1, y: 0, width: 1, height: 2))
        context.setFillColor(CGColor(red: 0, green: 0, blue: 0, alpha: 1))
        context.fill(CGRect(x: 0, y: 0, width: 1, height: 2))
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 8, height: 8)
        layer.contents = try #require(context.makeImage())
        layer.magnificationFilter = filter
        let renderer = try CARenderer(layer: layer, size: CGSize(width: 8, height: 8))
        return try #require(renderer.image(atTime: settledFrameTime()))
    }

    @Test func anEnlargedImageIsSampledAlongASmoothstep() throws {
        let image = try Self.enlargedEdge()
        // Pixel x samples texel coordinate (x + 0.5) / 4 − 0.5 between the black and the white
        // texel: fraction f, value f²(3 − 2f) where linear filtering would give f.
        for (x, f) in [(3, 0.375), (4, 0.625), (5, 0.875)] {
            let expected = f * f * (3 - 2 * f) * 255
            let actual = Double(Support.pixel(image, x, 3)[0])
            #expect(
                abs(actual - expected) <= 3, "x = \(x): \(actual), smoothstep \(expected), linear \(f * 255)")
        }
        // The texels themselves and the clamped ends are exact.
        #expect(Support.pixel(image, 0, 3)[0] == 0 && Support.pixel(image, 7, 3)[0] == 255)
        // Nearest stays nearest.
        let nearest = try Self.enlargedEdge(filter: .nearest)
        #expect((0..<8).map { Support.pixel(nearest, $0, 3)[0] } == [0, 0, 0, 0, 255, 255, 255, 255])
    }
}
