import QuartzCore
import Testing

/// The compositor's fast paths: pixel-aligned unrounded quads drawn with no coverage, and the
/// stencil left untouched outside clips — each drawing exactly what the general path draws.
@Suite struct RenderFastPathTests {
    private func image(_ renderer: CARenderer) throws -> [UInt8] {
        let image = try #require(renderer.image(atTime: 0))
        return try #require(image.premultipliedRGBA8Pixels())
    }

    /// Changes the model without implicit animations.
    private func change(_ body: () -> Void) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        body()
        CATransaction.commit()
    }

    private func pixel(_ pixels: [UInt8], _ x: Int, _ y: Int, width: Int = 32) -> [UInt8] {
        Array(pixels[(y * width + x) * 4..<(y * width + x) * 4 + 4])
    }

    @Test func pixelAlignedQuadsTakeThePlainPathAndDrawTheSamePixels() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 32, height: 32)
        let aligned = CARendererTests.layer(
            CGRect(x: 4, y: 4, width: 8, height: 8), CARendererTests.color(1, 0, 0))
        let rounded = CARendererTests.layer(
            CGRect(x: 16, y: 4, width: 12, height: 12), CARendererTests.color(0, 1, 0))
        rounded.cornerRadius = 4
        root.addSublayer(aligned)
        root.addSublayer(rounded)
        let renderer = try CARenderer(layer: root, size: CGSize(width: 32, height: 32))
        let pixels = try image(renderer)
        // The red square takes the plain program; the rounded one cannot.
        #expect(renderer.plainQuadCount == 1)
        #expect(pixel(pixels, 4, 4) == [255, 0, 0, 255])
        #expect(pixel(pixels, 11, 11) == [255, 0, 0, 255])
        #expect(pixel(pixels, 12, 11) == [0, 0, 0, 0])
        #expect(pixel(pixels, 3, 4) == [0, 0, 0, 0])
        #expect(pixel(pixels, 22, 10) == [0, 255, 0, 255])
        #expect(pixel(pixels, 16, 4)[3] < 128)  // the rounded corner

        // A quarter pixel off the grid. Without edge anti-aliasing (the iOS default) a pixel is in
        // or out by its centre, which the plain path does; with it (the general path), the edge
        // pixels are partly covered.
        change { aligned.position.x += 0.25 }
        let shifted = try image(renderer)
        #expect(renderer.plainQuadCount == 2)  // hard edges need no coverage, aligned or not
        #expect(pixel(shifted, 8, 8) == [255, 0, 0, 255])
        #expect(pixel(shifted, 4, 8) == [255, 0, 0, 255])
        change { aligned.allowsEdgeAntialiasing = true }
        let smoothed = try image(renderer)
        #expect(renderer.plainQuadCount == 2)
        #expect(abs(Int(pixel(smoothed, 4, 8)[3]) - 191) <= 2)
    }

    @Test func imagesAtTheirPixelSizeTakeThePlainPath() throws {
        let context = try makeImageContext(width: 8, height: 8)
        context.setFillColor(CARendererTests.color(0, 0, 1))
        context.fill(CGRect(x: 0, y: 0, width: 8, height: 8))
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 32, height: 32)
        let layer = CALayer()
        layer.frame = CGRect(x: 2, y: 2, width: 8, height: 8)
        layer.contents = context.makeImage()
        layer.opacity = 0.5
        root.addSublayer(layer)
        let renderer = try CARenderer(layer: root, size: CGSize(width: 32, height: 32))
        let pixels = try image(renderer)
        #expect(renderer.plainQuadCount == 1)
        #expect(CARendererTests.close(pixel(pixels, 2, 2), [0, 0, 128, 128]))
        #expect(pixel(pixels, 10, 2) == [0, 0, 0, 0])
    }

    @Test func clipsFromEarlierFramesLeaveNoTrace() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 32, height: 32)
        let clip = CALayer()
        clip.frame = CGRect(x: 0, y: 0, width: 16, height: 16)
        clip.masksToBounds = true
        clip.cornerRadius = 8
        let content = CARendererTests.layer(
            CGRect(x: 0, y: 0, width: 32, height: 32), CARendererTests.color(1, 1, 0))
        clip.addSublayer(content)
        root.addSublayer(clip)
        let renderer = try CARenderer(layer: root, size: CGSize(width: 32, height: 32))
        let first = try image(renderer)
        #expect(pixel(first, 8, 8) == [255, 255, 0, 255])
        #expect(pixel(first, 20, 20) == [0, 0, 0, 0])
        #expect(pixel(first, 0, 0) == [0, 0, 0, 0])  // outside the rounded corner

        // Unclipped, the content covers everything, the old clip's corner included.
        change { clip.masksToBounds = false }
        let second = try image(renderer)
        #expect(pixel(second, 0, 0) == [255, 255, 0, 255])
        #expect(pixel(second, 20, 20) == [255, 255, 0, 255])

        // Clipped again elsewhere: only the new clip's shape shows.
        change {
            clip.masksToBounds = true
            clip.position = CGPoint(x: 24, y: 24)
        }
        let third = try image(renderer)
        #expect(pixel(third, 8, 8) == [0, 0, 0, 0])
        #expect(pixel(third, 24, 24) == [255, 255, 0, 255])
        #expect(pixel(third, 16, 16) == [0, 0, 0, 0])
    }
}
