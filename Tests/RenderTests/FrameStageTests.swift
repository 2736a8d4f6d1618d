import Foundation
import QuartzCore
import Testing

/// The compositor's three stages (ruling V21): the build stage describes a frame without GL, the
/// batch stage groups its draws, and the device reports what it cannot draw.
@Suite struct FrameStageTests {
    private static func layer(_ frame: CGRect, _ color: CGColor?) -> CALayer {
        CARendererTests.layer(frame, color)
    }

    private static func red() -> CGColor { CARendererTests.color(1, 0, 0) }

    /// Publishes `root`'s tree and returns its render node.
    private static func published(_ root: CALayer) throws -> RenderLayer {
        CATransaction.flush()
        return try #require(root.renderNode)
    }

    @Test func aFrameIsDescribedWithoutGL() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 32, height: 32)
        root.addSublayer(Self.layer(CGRect(x: 0, y: 0, width: 8, height: 8), Self.red()))
        let clipper = Self.layer(CGRect(x: 8, y: 8, width: 16, height: 16), CARendererTests.color(0, 0, 1))
        clipper.masksToBounds = true
        clipper.cornerRadius = 4
        clipper.addSublayer(
            Self.layer(CGRect(x: 0, y: 0, width: 32, height: 32), CARendererTests.color(0, 1, 0)))
        root.addSublayer(clipper)
        let group = Self.layer(CGRect(x: 0, y: 16, width: 8, height: 8), CARendererTests.color(1, 1, 1))
        group.opacity = 0.5
        group.addSublayer(Self.layer(CGRect(x: 2, y: 2, width: 4, height: 4), Self.red()))
        root.addSublayer(group)
        let builder = FrameBuilder(size: CGSize(width: 32, height: 32))
        let outline = builder.outline(of: try Self.published(root), atTime: 0)
        #expect(
            outline.steps == [
                "bind output, cleared",
                "draw fill",  // the red square
                "draw fill",  // the clipping layer's background
                "clip +1 to 1",
                "draw fill",  // its sublayer, inside the clip
                "clip -1 to 0",
                "bind offscreen 0, cleared",  // the translucent group, drawn opaque offscreen
                "stencil 0",
                "draw fill",
                "draw fill",
                "bind output",
                "stencil 0",
                "draw texture from offscreen 0",  // then composited once at its opacity
            ], "\(outline)")
        // Batches: the red square (pixel-aligned: the plain program), the rounded background
        // (with coverage), the clip's inside, the group's two fills, the composite.
        #expect(outline.drawCount == 6)
        #expect(outline.batchCount == 5)
    }

    @Test func contentsAreNamedByTheImageNotByATexture() throws {
        let context = try makeImageContext(width: 4, height: 2)
        let image = try #require(context.makeImage())
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 16, height: 16)
        let shown = Self.layer(CGRect(x: 0, y: 0, width: 4, height: 2), nil)
        shown.contents = image
        root.addSublayer(shown)
        let outline = FrameBuilder(size: CGSize(width: 16, height: 16))
            .outline(of: try Self.published(root), atTime: 0)
        #expect(outline.steps == ["bind output, cleared", "draw texture from image 4x2"])
    }

    /// Draws that share a program, textures and blend state are one batch; a change of texture
    /// starts another.
    @Test func drawsAreBatchedByProgramAndTexture() throws {
        let first = try #require(makeImageContext(width: 2, height: 2).makeImage())
        let second = try #require(makeImageContext(width: 2, height: 2).makeImage())
        func outline(_ contents: (Int) -> CGImage?) throws -> FrameOutline {
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            for i in 0..<100 {
                let sublayer = Self.layer(
                    CGRect(x: i % 10 * 10, y: i / 10 * 10, width: 2, height: 2),
                    contents(i) == nil ? Self.red() : nil)
                sublayer.contents = contents(i)
                root.addSublayer(sublayer)
            }
            return FrameBuilder(size: root.bounds.size).outline(of: try Self.published(root), atTime: 0)
        }
        let fills = try outline { _ in nil }
        #expect(fills.drawCount == 100)
        #expect(fills.batchCount == 1)
        let oneImage = try outline { _ in first }
        #expect(oneImage.drawCount == 100)
        #expect(oneImage.batchCount == 1)
        let alternating = try outline { $0 % 2 == 0 ? first : second }
        #expect(alternating.batchCount == 100)
        let halves = try outline { $0 < 50 ? first : second }
        #expect(halves.batchCount == 2)
    }

    /// A renderer submits the batches the builder describes.
    @Test func theRendererSubmitsOneBatchForLayersThatShareEverything() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        for i in 0..<100 {
            root.addSublayer(
                Self.layer(CGRect(x: i % 10 * 10, y: i / 10 * 10, width: 5, height: 5), Self.red()))
        }
        let renderer = try CARenderer(layer: root, size: root.bounds.size)
        let image = try #require(renderer.image(atTime: 0))
        #expect(renderer.lastFrameBatches.batches == 1)
        #expect(renderer.lastFrameBatches.draws == 100)
        #expect(CARendererTests.pixel(image, 92, 92) == [255, 0, 0, 255])
        #expect(CARendererTests.pixel(image, 96, 96) == [0, 0, 0, 0])
    }

    /// An image the device cannot upload is counted in the frame's report, with the reason, not
    /// dropped in silence; the rest of the frame is drawn.
    @Test func aDrawTheDeviceCannotMakeIsReported() throws {
        let width = 4
        let height = 4
        let bytes = Data(repeating: 0xFF, count: width * height * 8)
        let provider = try #require(CGDataProvider(data: bytes))
        let space = try #require(CGColorSpace(name: CGColorSpace.sRGB))
        let wide = try #require(
            CGImage(
                width: width, height: height, bitsPerComponent: 16, bitsPerPixel: 64, bytesPerRow: width * 8,
                space: space,
                bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedLast.rawValue),
                provider: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent))
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 16, height: 16)
        let shown = Self.layer(CGRect(x: 0, y: 0, width: 4, height: 4), nil)
        shown.contents = wide
        root.addSublayer(shown)
        root.addSublayer(Self.layer(CGRect(x: 8, y: 8, width: 4, height: 4), Self.red()))
        let renderer = try CARenderer(layer: root, size: root.bounds.size)
        let image = try #require(renderer.image(atTime: 0))
        #expect(renderer.lastFrameReport.failedDraws == 1)
        #expect(renderer.lastFrameReport.reasons.contains { $0.contains("16-bit") })
        #expect(CARendererTests.pixel(image, 9, 9) == [255, 0, 0, 255])
        // A frame without it reports nothing.
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        shown.contents = nil
        CATransaction.commit()
        _ = renderer.image(atTime: 0)
        #expect(renderer.lastFrameReport.failedDraws == 0)
        #expect(renderer.lastFrameReport.reasons.isEmpty)
    }

    /// A rasterized layer inside a clip is clipped in the frame its bitmap is made, as in the
    /// frames that reuse it (the bitmap is made offscreen; the stencil level of the clip is
    /// restored before it is composited).
    @Test func aRasterizedLayerIsClippedInTheFrameItsBitmapIsMade() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 32, height: 32)
        let clipper = Self.layer(CGRect(x: 0, y: 0, width: 16, height: 16), nil)
        clipper.masksToBounds = true
        let rasterized = Self.layer(CGRect(x: 8, y: 8, width: 16, height: 16), Self.red())
        rasterized.shouldRasterize = true
        clipper.addSublayer(rasterized)
        root.addSublayer(clipper)
        let renderer = try CARenderer(layer: root, size: root.bounds.size)
        for frame in 0..<2 {
            let image = try #require(renderer.image(atTime: 0))
            #expect(CARendererTests.pixel(image, 12, 12) == [255, 0, 0, 255], "frame \(frame)")
            #expect(CARendererTests.pixel(image, 20, 20) == [0, 0, 0, 0], "frame \(frame)")
        }
        #expect(renderer.rasterizationCount == 1)
    }

    /// A root background that fills the whole target becomes the colour the target is cleared
    /// to, with the same pixels; one that leaves part of the target uncovered is drawn.
    @Test func aBackgroundFillingTheTargetIsFoldedIntoTheClear() throws {
        for (alpha, side) in [(1.0, 16.0), (0.5, 16.0), (1.0, 12.0)] {
            let root = Self.layer(
                CGRect(x: 0, y: 0, width: side, height: side), CARendererTests.color(0, 0.5, 1, alpha))
            root.addSublayer(Self.layer(CGRect(x: 4, y: 4, width: 4, height: 4), Self.red()))
            let renderer = try CARenderer(layer: root, size: CGSize(width: 16, height: 16))
            let image = try #require(renderer.image(atTime: 0))
            let folded = side == 16
            #expect(renderer.lastFrameBatches.draws == (folded ? 1 : 2), "alpha \(alpha), side \(side)")
            let a = Int((alpha * 255).rounded())
            let background: [UInt8] = [0, UInt8((0.5 * alpha * 255).rounded()), UInt8(a), UInt8(a)]
            #expect(CARendererTests.close(CARendererTests.pixel(image, 1, 1), background))
            #expect(CARendererTests.pixel(image, 5, 5) == [255, 0, 0, 255])
            #expect(
                CARendererTests.pixel(image, 14, 14)
                    == (folded ? CARendererTests.pixel(image, 1, 1) : [0, 0, 0, 0]))
        }
    }
}
