import QuartzCore
import Testing

/// Occlusion culling in the batch stage (ruling V25): a draw that a later opaque draw of the same
/// run hides is not made, one it mostly hides is cut to the rest, and the pixels are those of the
/// frame drawn whole; what is not a cover (translucent, rounded, an image with a transparent
/// pixel, under perspective, in another run) hides nothing.
@Suite struct OcclusionCullingTests {
    /// An image `width × height` with an alpha channel, opaque in every pixel (a photo as
    /// decoded): two colours in stripes, and `hole`, when given, cleared to transparent.
    private static func photo(width: Int, height: Int, hole: CGRect? = nil) throws -> CGImage {
        let context = try makeImageContext(width: width, height: height)
        context.setFillColor(CARendererTests.color(0.2, 0.4, 0.9))
        context.fill(CGRect(x: 0, y: 0, width: width, height: height))
        context.setFillColor(CARendererTests.color(0.9, 0.8, 0.1))
        for x in stride(from: 0, to: width, by: 8) {
            context.fill(CGRect(x: x, y: 0, width: 3, height: height))
        }
        if let hole { context.clear(hole) }
        return try #require(context.makeImage())
    }

    /// A layer showing `image` in `frame`.
    private static func imageLayer(_ frame: CGRect, _ image: CGImage) -> CALayer {
        let layer = CALayer()
        layer.frame = frame
        layer.contents = image
        layer.contentsGravity = .resize
        return layer
    }

    /// A root of `size` with a red square, a translucent green layer over the whole frame, then
    /// `cover` on top.
    private static func scene(size: CGFloat, cover: CALayer) -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: size, height: size)
        root.addSublayer(
            CARendererTests.layer(CGRect(x: 4, y: 4, width: 20, height: 20), CARendererTests.color(1, 0, 0)))
        root.addSublayer(
            CARendererTests.layer(
                CGRect(x: 0, y: 0, width: size, height: size), CARendererTests.color(0, 1, 0, 0.5)))
        root.addSublayer(cover)
        return root
    }

    /// The frame's pixels with culling and without, and the culled frame's counts.
    private static func render(_ root: CALayer, size: CGFloat) throws -> (
        culled: [UInt8], whole: [UInt8], counts: OcclusionCounts
    ) {
        let extent = CGSize(width: size, height: size)
        let culling = try CARenderer(layer: root, size: extent)
        let culled = try #require(culling.image(atTime: settledFrameTime())?.premultipliedRGBA8Pixels())
        let counts = culling.lastFrameOcclusion
        let drawingAll = try CARenderer(layer: root, size: extent)
        drawingAll.cullsOccludedDraws = false
        let whole = try #require(drawingAll.image(atTime: settledFrameTime())?.premultipliedRGBA8Pixels())
        #expect(drawingAll.lastFrameOcclusion == OcclusionCounts())
        return (culled, whole, counts)
    }

    private static func pixel(_ pixels: [UInt8], _ x: Int, _ y: Int, width: Int) -> [UInt8] {
        Array(pixels[(y * width + x) * 4..<(y * width + x) * 4 + 4])
    }

    @Test func layersUnderAnOpaqueImageAreNotDrawn() throws {
        let image = try Self.photo(width: 64, height: 64)
        #expect(image.alphaInfo == .premultipliedFirst)
        // At a fractional offset: the cover's hard edges still take every pixel whose centre is
        // inside; those it does not take keep the layers under it.
        let root = Self.scene(
            size: 64, cover: Self.imageLayer(CGRect(x: -0.3, y: -0.6, width: 65, height: 65), image))
        let (culled, whole, counts) = try Self.render(root, size: 64)
        #expect(counts == OcclusionCounts(culled: 2, cut: 0))
        #expect(culled == whole)
        #expect(Self.pixel(culled, 10, 10, width: 64)[3] == 255)
    }

    @Test func aSolidBackgroundUnderAnOpaquePhotoIsNotDrawn() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 48, height: 48)
        root.backgroundColor = CARendererTests.color(0.3, 0.3, 0.3)
        root.addSublayer(Self.imageLayer(root.bounds, try Self.photo(width: 48, height: 48)))
        // GL-free: the outline of the frame counts it.
        CATransaction.flush()
        let outline = FrameBuilder(size: root.bounds.size).outline(
            of: root.renderNode, atTime: 0)
        #expect(outline.steps == ["bind output, cleared", "draw fill", "draw texture from image 48x48"])
        #expect(outline.occlusion == OcclusionCounts(culled: 1, cut: 0))
        #expect(outline.drawCount == 1)
        let (culled, whole, counts) = try Self.render(root, size: 48)
        #expect(counts.culled == 1)
        #expect(culled == whole)
    }

    /// A layer mostly hidden is drawn only where it shows (within a scissor), with the same
    /// pixels there.
    @Test func aPartlyHiddenLayerIsCutToWhatShows() throws {
        let image = try Self.photo(width: 256, height: 256)
        let root = Self.scene(
            size: 256, cover: Self.imageLayer(CGRect(x: 10.4, y: 0, width: 256, height: 256), image))
        let (culled, whole, counts) = try Self.render(root, size: 256)
        // The translucent green layer is cut to the left strip; the red square lies in it.
        #expect(counts == OcclusionCounts(culled: 0, cut: 1))
        #expect(culled == whole)
        #expect(Self.pixel(culled, 5, 128, width: 256) != Self.pixel(culled, 5, 10, width: 256))
    }

    /// Covers that are not opaque everywhere hide nothing: each still shows what lies under it.
    @Test(arguments: ["translucent", "rounded", "transparent pixel", "perspective", "antialiased", "masked"])
    func whatIsNotACoverHidesNothing(_ kind: String) throws {
        let size: CGFloat = 64
        let frame = CGRect(x: 0, y: 0, width: size, height: size)
        let cover = Self.imageLayer(
            frame,
            try Self.photo(
                width: 64, height: 64,
                hole: kind == "transparent pixel" ? CGRect(x: 12, y: 53, width: 1, height: 1) : nil)
        )
        switch kind {
        case "translucent":
            cover.opacity = 0.999
        case "rounded":
            cover.cornerRadius = 6
            cover.masksToBounds = true
        case "perspective":
            // Turned about y under perspective: w varies across the layer.
            var perspective = CATransform3DIdentity
            perspective.m34 = -1.0 / 500
            let turned = CATransform3DConcat(CATransform3DMakeRotation(0.01, 0, 1, 0), perspective)
            cover.transform = CATransform3DConcat(CATransform3DMakeScale(1.1, 1.1, 1), turned)
        case "antialiased":
            cover.frame = frame.offsetBy(dx: 0.5, dy: 0.5).insetBy(dx: -2, dy: -2)
            cover.allowsEdgeAntialiasing = true
        case "masked":
            let mask = CARendererTests.layer(frame.insetBy(dx: 2, dy: 2), CARendererTests.color(0, 0, 0, 1))
            mask.cornerRadius = 20
            cover.mask = mask
        default:
            break
        }
        let root = Self.scene(size: size, cover: cover)
        let (culled, whole, counts) = try Self.render(root, size: size)
        #expect(counts == OcclusionCounts(), "\(kind)")
        #expect(culled == whole, "\(kind)")
        if kind == "transparent pixel" {
            // The hole (row 10 from the top) shows the red square through the translucent green,
            // not the image's blue.
            let shown = Self.pixel(culled, 12, 10, width: 64)
            #expect(shown[0] > 100 && shown[1] > 100 && shown[2] < 50, "\(shown)")
        }
    }

    /// A cover inside a rounded clip is drawn in a run of its own: the layer under the clip still
    /// shows at its corners.
    @Test func aCoverInsideAClipHidesNothingOutsideIt() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
        root.addSublayer(CARendererTests.layer(root.bounds, CARendererTests.color(1, 0, 0)))
        let clip = CARendererTests.layer(root.bounds, nil)
        clip.cornerRadius = 16
        clip.masksToBounds = true
        let inner = CARendererTests.layer(root.bounds, CARendererTests.color(0, 0, 1, 0.5))
        clip.addSublayer(inner)
        clip.addSublayer(Self.imageLayer(root.bounds, try Self.photo(width: 64, height: 64)))
        root.addSublayer(clip)
        let (culled, whole, counts) = try Self.render(root, size: 64)
        // Inside the clip, the translucent blue is hidden; the red under the clip is not.
        #expect(counts == OcclusionCounts(culled: 1, cut: 0))
        #expect(culled == whole)
        #expect(Self.pixel(culled, 0, 0, width: 64) == [255, 0, 0, 255])
    }

    /// A cover drawn into an offscreen group (here a translucent group) hides nothing drawn into
    /// the output before it.
    @Test func aCoverInAGroupHidesNothingOutsideIt() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
        root.addSublayer(CARendererTests.layer(root.bounds, CARendererTests.color(1, 0, 0)))
        let group = Self.imageLayer(root.bounds, try Self.photo(width: 64, height: 64))
        group.opacity = 0.5
        group.addSublayer(
            CARendererTests.layer(CGRect(x: 8, y: 8, width: 8, height: 8), CARendererTests.color(0, 1, 0)))
        root.addSublayer(group)
        let (culled, whole, counts) = try Self.render(root, size: 64)
        #expect(counts == OcclusionCounts())
        #expect(culled == whole)
        #expect(Self.pixel(culled, 1, 1, width: 64)[0] > 100)
    }
}
