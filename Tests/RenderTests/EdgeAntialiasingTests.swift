import QuartzCore
import Testing

/// `allowsEdgeAntialiasing` (default `false`, as on iOS) and `edgeAntialiasingMask`: a rotated
/// layer's edges are hard unless allowed, and then only the masked edges are smoothed; rounded
/// corners are anti-aliased either way.
@Suite struct EdgeAntialiasingTests {
    /// How many pixels of a 32×32 red square rotated by 30° in a 64×64 frame are partly covered.
    private static func partlyCoveredPixels(
        allowing: Bool,
        mask: CAEdgeAntialiasingMask = [
            .layerLeftEdge, .layerRightEdge, .layerBottomEdge, .layerTopEdge,
        ], cornerRadius: CGFloat = 0
    ) throws -> Int {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
        let square = CALayer()
        square.frame = CGRect(x: 16, y: 16, width: 32, height: 32)
        square.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        square.transform = CATransform3DMakeRotation(.pi / 6, 0, 0, 1)
        square.allowsEdgeAntialiasing = allowing
        square.edgeAntialiasingMask = mask
        square.cornerRadius = cornerRadius
        root.addSublayer(square)
        let renderer = try CARenderer(layer: root, size: CGSize(width: 64, height: 64))
        let pixels = try #require(renderer.image(atTime: 0)?.premultipliedRGBA8Pixels())
        return stride(from: 3, to: pixels.count, by: 4).filter { pixels[$0] > 8 && pixels[$0] < 247 }.count
    }

    @Test func edgesAreHardByDefault() throws {
        #expect(CALayer().allowsEdgeAntialiasing == false)
        #expect(try Self.partlyCoveredPixels(allowing: false) == 0)
    }

    @Test func allowedEdgesAreSmoothedPerTheMask() throws {
        let all = try Self.partlyCoveredPixels(allowing: true)
        #expect(all > 40)
        let left = try Self.partlyCoveredPixels(allowing: true, mask: .layerLeftEdge)
        #expect(left > all / 8 && left < all / 2)
        let none = try Self.partlyCoveredPixels(allowing: true, mask: [])
        #expect(none == 0)
    }

    @Test func roundedCornersAreSmoothedEvenWithoutEdgeAntialiasing() throws {
        let corners = try Self.partlyCoveredPixels(allowing: false, cornerRadius: 8)
        let everything = try Self.partlyCoveredPixels(allowing: true, cornerRadius: 8)
        #expect(corners > 8)
        #expect(corners < everything)
    }
}
