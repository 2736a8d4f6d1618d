import QuartzCore
import Testing

/// The in-memory compositor (ruling V26): a frame of nothing but axis-aligned colour and image
/// layers is drawn in memory, within the shared llvmpipe tolerance of the same frame drawn by
/// OpenGL, for the whole family of such draws (fractional edges, opacity, scaled, cropped,
/// flipped and enlarged images, both filters, occlusion cuts); every other frame is left to
/// OpenGL.
@Suite struct MemoryCompositorTests {
    /// An image `width × height` with detail in every texel: diagonal colour ramps, a
    /// translucent band and a transparent corner.
    private static func photo(width: Int, height: Int) throws -> CGImage {
        let context = try makeImageContext(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let r = CGFloat((x * 37 + y * 11) % 256) / 255
                let g = CGFloat((x * 5 + y * 53) % 256) / 255
                let b = CGFloat((x * y) % 256) / 255
                let alpha: CGFloat = y < height / 4 ? 0.6 : 1
                context.setFillColor(CARendererTests.color(r, g, b, alpha))
                context.fill(CGRect(x: x, y: y, width: 1, height: 1))
            }
        }
        context.clear(CGRect(x: 0, y: 0, width: width / 5, height: height / 5))
        return try #require(context.makeImage())
    }

    private static func imageLayer(
        _ frame: CGRect, _ image: CGImage, gravity: CALayerContentsGravity = .resize, opacity: Float = 1
    ) -> CALayer {
        let layer = CALayer()
        layer.frame = frame
        layer.contents = image
        layer.contentsGravity = gravity
        layer.opacity = opacity
        return layer
    }

    /// Renders `root` in memory and with OpenGL; returns both frames (RGBA) and whether the
    /// first was drawn in memory.
    private static func render(_ root: CALayer, width: Int, height: Int) throws -> (
        memory: [UInt8], gl: [UInt8], inMemory: Bool
    ) {
        let size = CGSize(width: width, height: height)
        let time = settledFrameTime()
        let inMemory = try CARenderer(layer: root, size: size)
        let memory = try #require(inMemory.image(atTime: time)?.premultipliedRGBA8Pixels())
        let drawnInMemory = inMemory.lastFrameDrawnInMemory
        let withGL = try CARenderer(layer: root, size: size)
        withGL.drawsSimpleFramesInMemory = false
        let gl = try #require(withGL.image(atTime: time)?.premultipliedRGBA8Pixels())
        #expect(!withGL.lastFrameDrawnInMemory)
        return (memory, gl, drawnInMemory)
    }

    /// The largest channel difference, and how many channels differ by more than `limit`.
    private static func difference(_ a: [UInt8], _ b: [UInt8], limit: Int = 2) -> (largest: Int, beyond: Int)
    {
        var largest = 0
        var beyond = 0
        for (x, y) in zip(a, b) {
            let d = abs(Int(x) - Int(y))
            largest = max(largest, d)
            if d > limit { beyond += 1 }
        }
        return (largest, beyond)
    }

    /// Expects `root` drawn in memory, within the shared tolerance of OpenGL's frame: ≤ 2/255
    /// per channel, at most 0.1 % of channels beyond, none beyond 8/255.
    /// With `exactly`, expects the same bytes: llvmpipe's arithmetic is reproduced exactly for
    /// opaque layers and opacities such as 0.25, 0.3, 0.5, 0.6 and 0.7 (ruling V26).
    private static func expectMatch(
        _ root: CALayer, width: Int = 64, height: Int = 48, exactly: Bool = false,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let (memory, gl, inMemory) = try render(root, width: width, height: height)
        #expect(inMemory, "drawn in memory", sourceLocation: sourceLocation)
        if exactly {
            #expect(memory == gl, "the same bytes", sourceLocation: sourceLocation)
        }
        let (largest, beyond) = difference(memory, gl)
        #expect(largest <= 8, "largest difference \(largest)", sourceLocation: sourceLocation)
        #expect(
            beyond * 1000 <= memory.count, "\(beyond) channels beyond 2/255", sourceLocation: sourceLocation)
    }

    private static func root(width: CGFloat = 64, height: CGFloat = 48, background: CGColor? = nil) -> CALayer
    {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: width, height: height)
        root.backgroundColor = background
        return root
    }

    @Test func fillsWithFractionalEdgesAndOpacityMatchOpenGL() throws {
        let root = Self.root(background: CARendererTests.color(0.1, 0.2, 0.3))
        let frames = [
            CGRect(x: 2.3, y: 3.5, width: 20.4, height: 10.5),
            CGRect(x: 10.5, y: 0.5, width: 30, height: 30.25),
            CGRect(x: -5.7, y: 20.7, width: 80, height: 3.1),
            CGRect(x: 40.49, y: 12.51, width: 0.6, height: 20),
        ]
        for (index, frame) in frames.enumerated() {
            let layer = CARendererTests.layer(
                frame,
                CARendererTests.color(
                    CGFloat(index) / 3, 0.7, 1 - CGFloat(index) / 4, 0.3 + CGFloat(index) / 5))
            layer.opacity = [1, 0.37, 0.5, 0.81][index]
            root.addSublayer(layer)
        }
        try Self.expectMatch(root)
    }

    @Test func imagesAtTheirSizeAtFractionalOffsetsMatchOpenGL() throws {
        let image = try Self.photo(width: 40, height: 30)
        let root = Self.root()
        root.addSublayer(
            Self.imageLayer(CGRect(x: 3.37, y: 5.81, width: 40, height: 30), image, opacity: 0.5))
        root.addSublayer(
            Self.imageLayer(CGRect(x: 20.6, y: 14.2, width: 40, height: 30), image, opacity: 0.93))
        root.addSublayer(Self.imageLayer(CGRect(x: 0, y: 0, width: 40, height: 30), image))
        try Self.expectMatch(root)
        // At opacities llvmpipe's product reproduces exactly: the same bytes.
        for (layer, opacity) in zip(root.sublayers ?? [], [Float(0.5), 0.7, 1]) { layer.opacity = opacity }
        try Self.expectMatch(root, exactly: true)
    }

    @Test func scaledCroppedAndFlippedImagesMatchOpenGL() throws {
        let image = try Self.photo(width: 50, height: 40)
        let root = Self.root(background: CARendererTests.color(1, 1, 1))
        // Reduced and enlarged (linear, with the sharpening of enlarged contents), aspect-filled,
        // cropped by contentsRect, flipped.
        root.addSublayer(Self.imageLayer(CGRect(x: 1.5, y: 2, width: 23.3, height: 17), image))
        root.addSublayer(Self.imageLayer(CGRect(x: 20, y: 10.25, width: 43, height: 37), image, opacity: 0.7))
        let filled = Self.imageLayer(
            CGRect(x: 4, y: 26, width: 30, height: 20), image, gravity: .resizeAspectFill)
        filled.masksToBounds = true
        root.addSublayer(filled)
        let cropped = Self.imageLayer(CGRect(x: 36, y: 1, width: 26, height: 22), image)
        cropped.contentsRect = CGRect(x: 0.2, y: 0.1, width: 0.5, height: 0.7)
        root.addSublayer(cropped)
        let flipped = Self.imageLayer(CGRect(x: 30.5, y: 28, width: 20, height: 16), image)
        flipped.transform = CATransform3DMakeScale(-1, 1, 1)
        root.addSublayer(flipped)
        try Self.expectMatch(root, exactly: true)
    }

    @Test func nearestFilteringMatchesOpenGL() throws {
        let image = try Self.photo(width: 9, height: 7)
        let root = Self.root()
        let enlarged = Self.imageLayer(CGRect(x: 2.25, y: 3.6, width: 41, height: 29), image)
        enlarged.magnificationFilter = .nearest
        root.addSublayer(enlarged)
        // Reduced three to one: every pixel's centre falls in the middle of a texel.
        let big = try Self.photo(width: 90, height: 60)
        let reduced = Self.imageLayer(CGRect(x: 31, y: 22, width: 30, height: 20), big, opacity: 0.6)
        reduced.minificationFilter = .nearest
        root.addSublayer(reduced)
        try Self.expectMatch(root, exactly: true)
    }

    @Test func nearestFilteringAtATexelsEdgeIsLeftToOpenGL() throws {
        // 90 texels over 23 pixels: some pixel centres fall within float precision of a texel's
        // edge, where OpenGL's float arithmetic decides which texel shows.
        let root = Self.root()
        let reduced = Self.imageLayer(
            CGRect(x: 40, y: 20, width: 23, height: 19), try Self.photo(width: 90, height: 70))
        reduced.minificationFilter = .nearest
        root.addSublayer(reduced)
        let (memory, gl, inMemory) = try Self.render(root, width: 64, height: 48)
        #expect(!inMemory)
        #expect(memory == gl)
    }

    /// An image in another layout than Cairo's premultiplied BGRA: RGBA (`premultipliedLast`),
    /// or opaque with a skipped byte (`noneSkipFirst`, as every decoded JPEG is).
    private static func photo(width: Int, height: Int, alpha: CGImageAlphaInfo, byteOrder: CGBitmapInfo)
        throws
        -> CGImage
    {
        let context = try #require(
            CGContext(
                data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                space: CGColorSpace(name: CGColorSpace.sRGB)!, bitmapInfo: alpha.rawValue | byteOrder.rawValue
            ))
        context.draw(
            try photo(width: width, height: height), in: CGRect(x: 0, y: 0, width: width, height: height))
        let image = try #require(context.makeImage())
        #expect(image.alphaInfo == alpha)
        return image
    }

    @Test(arguments: [CGImageAlphaInfo.premultipliedLast, .noneSkipFirst])
    func imagesInOtherLayoutsAreConvertedOnceAndMatchOpenGL(_ alpha: CGImageAlphaInfo) throws {
        let byteOrder: CGBitmapInfo = alpha == .noneSkipFirst ? .byteOrder32Little : []
        let image = try Self.photo(width: 40, height: 30, alpha: alpha, byteOrder: byteOrder)
        let root = Self.root()
        root.addSublayer(
            Self.imageLayer(CGRect(x: 3.37, y: 5.81, width: 47, height: 33), image, opacity: 0.5))
        root.addSublayer(Self.imageLayer(CGRect(x: 30, y: 20, width: 30, height: 20), image))
        try Self.expectMatch(root, exactly: true)
    }

    @Test func roundedFillsMatchOpenGL() throws {
        // A caption's box: translucent black with circular corners, at fractional positions and
        // scales, one corner square, radii larger than half a side.
        let root = Self.root(background: CARendererTests.color(0.9, 0.8, 0.3))
        let frames = [
            CGRect(x: 3.3, y: 4.6, width: 40.5, height: 18.2), CGRect(x: 30, y: 20, width: 30, height: 25),
            CGRect(x: 6, y: 28.5, width: 12, height: 9),
        ]
        for (index, frame) in frames.enumerated() {
            let layer = CARendererTests.layer(frame, CARendererTests.color(0, 0.2 * CGFloat(index), 0, 0.55))
            layer.cornerRadius = [6, 9.5, 8][index]
            if index == 1 { layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMaxYCorner] }
            layer.opacity = [1, 0.8, 0.5][index]
            root.addSublayer(layer)
        }
        try Self.expectMatch(root, exactly: true)
    }

    @Test func aFrameCutByOcclusionMatchesOpenGL() throws {
        // An opaque photo over most of the frame: the layers under it are cut by a scissor.
        let context = try makeImageContext(width: 320, height: 200)
        context.setFillColor(CARendererTests.color(0.3, 0.6, 0.2))
        context.fill(CGRect(x: 0, y: 0, width: 320, height: 200))
        let opaque = try #require(context.makeImage())
        let root = Self.root(width: 320, height: 200)
        root.addSublayer(Self.imageLayer(root.bounds, try Self.photo(width: 64, height: 40), opacity: 0.5))
        root.addSublayer(Self.imageLayer(CGRect(x: 37.4, y: 0, width: 320, height: 200), opaque))
        let renderer = try CARenderer(layer: root, size: CGSize(width: 320, height: 200))
        _ = renderer.image(atTime: settledFrameTime())
        #expect(renderer.lastFrameOcclusion.cut == 1)
        try Self.expectMatch(root, width: 320, height: 200)
    }

    @Test func theSlideshowsCrossfadeMatchesOpenGL() throws {
        let photos = try [Self.photo(width: 96, height: 54), Self.photo(width: 60, height: 80)]
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 96, height: 54)
        let start = CACurrentMediaTime()
        let show = Slideshow(photos: photos, size: root.bounds.size, start: start)
        root.addSublayer(show.layer)
        for time in [start + 0.4, start + 2.5] {
            let size = CGSize(width: 96, height: 54)
            let inMemory = try CARenderer(layer: root, size: size)
            let memory = try #require(inMemory.image(atTime: time)?.premultipliedRGBA8Pixels())
            #expect(inMemory.lastFrameDrawnInMemory)
            let withGL = try CARenderer(layer: root, size: size)
            withGL.drawsSimpleFramesInMemory = false
            let gl = try #require(withGL.image(atTime: time)?.premultipliedRGBA8Pixels())
            #expect(memory == gl)
        }
    }

    /// The slideshow's two images, each fading over a half-transparent aspect-filled copy while
    /// sliding, as `LaminaExamples.Slideshow` builds them (that module is not a dependency here).
    private struct Slideshow {
        let layer = CALayer()

        init(photos: [CGImage], size: CGSize, start: CFTimeInterval) {
            layer.frame = CGRect(origin: .zero, size: size)
            for (index, photo) in photos.enumerated() {
                let background = MemoryCompositorTests.imageLayer(
                    layer.bounds, photo, gravity: .resizeAspectFill, opacity: 0.5)
                let content = MemoryCompositorTests.imageLayer(layer.bounds, photo, gravity: .top)
                let slide = CABasicAnimation(keyPath: "position.x")
                slide.toValue = content.position.x + 15
                slide.beginTime = start + Double(index) * 2
                slide.duration = 2
                content.add(slide, forKey: "slide")
                let fade = CABasicAnimation(keyPath: "opacity")
                fade.fromValue = Float(index == 0 ? 1 : 0)
                fade.toValue = Float(index == 0 ? 0 : 1)
                fade.beginTime = start + 2
                fade.duration = 1
                fade.fillMode = .both
                fade.isRemovedOnCompletion = false
                background.add(fade, forKey: "fade")
                content.add(fade, forKey: "fade")
                layer.addSublayer(background)
                layer.addSublayer(content)
            }
        }
    }

    @Test func theI420ConversionMatchesTheGPUPass() throws {
        let image = try Self.photo(width: 64, height: 32)
        let root = Self.root(width: 64, height: 32)
        root.addSublayer(Self.imageLayer(CGRect(x: 0.4, y: 0, width: 64, height: 32), image, opacity: 0.8))
        let size = CGSize(width: 64, height: 32)
        var planes: [[UInt8]] = []
        for inMemory in [true, false] {
            let renderer = try CARenderer(layer: root, size: size)
            renderer.drawsSimpleFramesInMemory = inMemory
            renderer.beginFrame(atTime: settledFrameTime())
            renderer.render()
            renderer.endFrame()
            #expect(renderer.lastFrameDrawnInMemory == inMemory)
            var rgba = [UInt8](repeating: 0, count: 64 * 32 * 4)
            #expect(rgba.withUnsafeMutableBytes { renderer.readPixels(into: $0, bytesPerRow: 64 * 4) })
            var yuv = [UInt8](repeating: 0, count: renderer.yuv420FrameByteCount)
            #expect(yuv.withUnsafeMutableBytes { renderer.readYUV420(into: $0) })
            planes.append(yuv)
            // The conversion of the frame read back as RGBA: the same bytes whichever drew it.
            if inMemory { planes.append(rgba) }
        }
        let (largest, _) = Self.difference(planes[0], planes[2])
        #expect(largest <= 3)
    }

    @Test(arguments: [
        "continuous corners", "rotation", "shadow", "border", "group opacity", "perspective",
    ])
    func framesThatNeedOpenGLAreLeftToIt(_ feature: String) throws {
        let root = Self.root()
        let layer = CARendererTests.layer(
            CGRect(x: 8, y: 8, width: 30, height: 20), CARendererTests.color(1, 0, 0))
        switch feature {
        case "continuous corners":
            layer.cornerRadius = 6
            layer.cornerCurve = .continuous
        case "rotation": layer.transform = CATransform3DMakeRotation(0.3, 0, 0, 1)
        case "shadow": layer.shadowOpacity = 0.5
        case "border": layer.borderWidth = 2
        case "group opacity":
            layer.opacity = 0.5
            layer.addSublayer(
                CARendererTests.layer(CGRect(x: 2, y: 2, width: 5, height: 5), CARendererTests.color(0, 1, 0))
            )
        default:
            var transform = CATransform3DIdentity
            transform.m34 = -1 / 200
            layer.transform = CATransform3DRotate(transform, 0.4, 0, 1, 0)
        }
        root.addSublayer(layer)
        let (memory, gl, inMemory) = try Self.render(root, width: 64, height: 48)
        #expect(!inMemory)
        #expect(memory == gl)
    }
}
