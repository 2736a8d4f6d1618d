import LaminaExamples
import QuartzCore
import Testing

/// The slideshow demo's frames under occlusion culling (ruling V25), as `export-benchmark` draws
/// them: while an image shows alone, its full-frame content layer hides its half-transparent
/// background but for the strip it has slid away from.
@Suite struct SlideshowOcclusionTests {
    @Test func whileAnImageShowsAloneItsBackgroundIsDrawnOnlyWhereItShows() throws {
        let size = CGSize(width: 320, height: 180)
        let images = try (0..<2).map { try #require(Artwork.photo($0, size: size)) }
        // Drawn by Lamina with an alpha channel, opaque in every pixel.
        #expect(images.allSatisfy { $0.alphaInfo != .none && $0.isOpaqueInEveryPixel })
        let root = Slideshow.makeLayer(
            images: images, captions: [], frameSize: size, startTime: 1000, secondsPerImage: 3)
        CATransaction.flush()
        let builder = FrameBuilder(size: size)
        func occlusion(at time: CFTimeInterval) -> OcclusionCounts {
            builder.outline(of: root.renderNode, atTime: time).occlusion
        }
        // Image 0 alone, not moved yet: its background is hidden whole.
        #expect(occlusion(at: 1000) == OcclusionCounts(culled: 1, cut: 0))
        // Moved 50 points right: the background is drawn in the strip on the left only.
        #expect(occlusion(at: 1001) == OcclusionCounts(culled: 0, cut: 1))
        // The crossfade: every layer translucent, nothing hidden.
        #expect(occlusion(at: 1002.5) == OcclusionCounts())
    }
}
