import QuartzCore
import Testing

/// The texel footprint the batcher computes to skip the sharpening program where an image is
/// not enlarged (ruling V22): GLSL's `fwidth` of the texel position, written out here for a
/// 100 × 100-pixel target whose layer coordinates are its pixels.
@Suite struct TextureFootprintTests {
    /// Layer coordinates (points = pixels, y down) to clip space, as the renderer's matrices are.
    static let toClip: CATransform3D = {
        var m = CATransform3DMakeScale(0.02, -0.02, 1)
        m.m41 = -1
        m.m42 = 1
        return m
    }()

    static func footprint(image side: CGFloat, matrix: CATransform3D = toClip) -> CGSize? {
        TextureFootprint.of(
            matrix: matrix, viewport: (100, 100), destRect: CGRect(x: 0, y: 0, width: 100, height: 100),
            uvRect: CGRect(x: 0, y: 0, width: 1, height: 1),
            textureSize: CGSize(width: side, height: side))
    }

    @Test func oneTexelPerPixelAtItsSizeHalfWhenEnlargedTwoWhenReduced() throws {
        let same = try #require(Self.footprint(image: 100))
        #expect(abs(same.width - 1) < 1e-9 && abs(same.height - 1) < 1e-9)
        let enlarged = try #require(Self.footprint(image: 50))
        #expect(abs(enlarged.width - 0.5) < 1e-9 && abs(enlarged.height - 0.5) < 1e-9)
        let reduced = try #require(Self.footprint(image: 200))
        #expect(abs(reduced.width - 2) < 1e-9 && abs(reduced.height - 2) < 1e-9)
    }

    /// Rotated by θ at its own size, each texel coordinate changes by |cos θ| + |sin θ| per pixel
    /// step summed over x and y (√2 at 45°); under perspective the footprint varies: no answer.
    @Test func rotationSumsBothStepsAndPerspectiveHasNoSingleFootprint() throws {
        let rotated = try #require(
            Self.footprint(
                image: 100,
                matrix: CATransform3DConcat(CATransform3DMakeRotation(.pi / 4, 0, 0, 1), Self.toClip)))
        #expect(abs(rotated.width - 2.0.squareRoot()) < 1e-9 && abs(rotated.height - 2.0.squareRoot()) < 1e-9)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        let turned = CATransform3DConcat(CATransform3DMakeRotation(0.3, 0, 1, 0), perspective)
        #expect(Self.footprint(image: 100, matrix: CATransform3DConcat(turned, Self.toClip)) == nil)
    }
}
