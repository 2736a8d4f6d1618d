import QuartzCore
import Testing

/// Pixel checks of the compositor on small scenes: exact colours away from edges, with the edge
/// tolerance of llvmpipe's anti-aliasing where a sample sits on an edge.
@Suite struct CARendererTests {
    /// The premultiplied RGBA bytes of pixel (x, y), top row first.
    static func pixel(_ image: CGImage, _ x: Int, _ y: Int) -> [UInt8] {
        guard let pixels = image.premultipliedRGBA8Pixels() else { return [] }
        let i = (y * image.width + x) * 4
        return Array(pixels[i..<(i + 4)])
    }

    static func color(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat, _ a: CGFloat = 1) -> CGColor {
        CGColor(red: r, green: g, blue: b, alpha: a)
    }

    static func layer(_ frame: CGRect, _ color: CGColor?) -> CALayer {
        let layer = CALayer()
        layer.frame = frame
        layer.backgroundColor = color
        return layer
    }

    /// Whether two pixels agree within `tolerance` per channel.
    static func close(_ a: [UInt8], _ b: [UInt8], _ tolerance: Int = 1) -> Bool {
        a.count == 4 && b.count == 4 && zip(a, b).allSatisfy { abs(Int($0) - Int($1)) <= tolerance }
    }

    private func render(_ root: CALayer, size: CGSize = CGSize(width: 64, height: 64), scale: CGFloat = 1)
        throws
        -> CGImage
    {
        let renderer = try CARenderer(layer: root, size: size, scale: scale)
        return try #require(renderer.image(atTime: settledFrameTime()))
    }

    @Test func backgroundFillsTheFrameExactly() throws {
        let root = Self.layer(CGRect(x: 0, y: 0, width: 64, height: 64), nil)
        root.addSublayer(Self.layer(CGRect(x: 8, y: 16, width: 32, height: 16), Self.color(1, 0, 0)))
        let image = try render(root)
        #expect(image.width == 64 && image.height == 64)
        #expect(Self.pixel(image, 20, 20) == [255, 0, 0, 255])
        #expect(Self.pixel(image, 8, 16) == [255, 0, 0, 255])  // the top-left pixel of the frame
        #expect(Self.pixel(image, 39, 31) == [255, 0, 0, 255])  // the bottom-right one
        #expect(Self.pixel(image, 7, 20) == [0, 0, 0, 0])
        #expect(Self.pixel(image, 40, 20) == [0, 0, 0, 0])
        #expect(Self.pixel(image, 20, 32) == [0, 0, 0, 0])
    }

    @Test func scaleMultipliesPixels() throws {
        let root = Self.layer(CGRect(x: 0, y: 0, width: 32, height: 32), nil)
        root.addSublayer(Self.layer(CGRect(x: 4, y: 4, width: 8, height: 8), Self.color(0, 0, 1)))
        let image = try render(root, size: CGSize(width: 32, height: 32), scale: 2)
        #expect(image.width == 64)
        #expect(Self.pixel(image, 8, 8) == [0, 0, 255, 255])
        #expect(Self.pixel(image, 23, 23) == [0, 0, 255, 255])
        #expect(Self.pixel(image, 24, 24) == [0, 0, 0, 0])
    }

    @Test func opacityMultipliesDownTheTree() throws {
        let root = Self.layer(CGRect(x: 0, y: 0, width: 64, height: 64), nil)
        let parent = Self.layer(CGRect(x: 0, y: 0, width: 64, height: 64), nil)
        parent.opacity = 0.5
        let child = Self.layer(CGRect(x: 0, y: 0, width: 32, height: 32), Self.color(0, 1, 0))
        child.opacity = 0.5
        parent.addSublayer(child)
        root.addSublayer(parent)
        let image = try render(root)
        #expect(Self.close(Self.pixel(image, 10, 10), [0, 64, 0, 64]))
    }

    /// iOS's default group opacity: a translucent layer's overlapping sublayers do not show
    /// through each other; with `allowsGroupOpacity` off each part is translucent on its own.
    @Test func groupOpacityCompositesTheSubtreeOnce() throws {
        let root = Self.layer(CGRect(x: 0, y: 0, width: 64, height: 64), nil)
        let group = Self.layer(CGRect(x: 0, y: 0, width: 64, height: 64), nil)
        group.opacity = 0.5
        group.addSublayer(Self.layer(CGRect(x: 0, y: 0, width: 40, height: 40), Self.color(1, 0, 0)))
        group.addSublayer(Self.layer(CGRect(x: 20, y: 20, width: 40, height: 40), Self.color(0, 0, 1)))
        root.addSublayer(group)
        let grouped = try render(root)
        #expect(Self.close(Self.pixel(grouped, 30, 30), [0, 0, 128, 128]))
        #expect(Self.close(Self.pixel(grouped, 10, 10), [128, 0, 0, 128]))
        group.allowsGroupOpacity = false
        let separate = try render(root)
        #expect(Self.close(Self.pixel(separate, 30, 30), [64, 0, 128, 191]))
    }

    /// A mask's alpha masks the layer and its sublayers; the mask lives in the layer's bounds
    /// coordinates and moves with the layer.
    @Test func maskAlphaMasksTheLayerAndItsSublayers() throws {
        let root = Self.layer(CGRect(x: 0, y: 0, width: 64, height: 64), nil)
        let masked = Self.layer(CGRect(x: 8, y: 8, width: 48, height: 48), Self.color(0, 0, 1))
        masked.addSublayer(Self.layer(CGRect(x: 0, y: 24, width: 48, height: 24), Self.color(0, 1, 0)))
        let mask = Self.layer(CGRect(x: 0, y: 0, width: 24, height: 48), Self.color(0, 0, 0))
        masked.mask = mask
        root.addSublayer(masked)
        var image = try render(root)
        #expect(Self.pixel(image, 12, 12) == [0, 0, 255, 255])  // masked part, the layer
        #expect(Self.pixel(image, 12, 50) == [0, 255, 0, 255])  // masked part, the sublayer
        #expect(Self.pixel(image, 50, 12) == [0, 0, 0, 0])  // outside the mask
        #expect(Self.pixel(image, 50, 50) == [0, 0, 0, 0])
        mask.backgroundColor = Self.color(0, 0, 0, 0.5)
        image = try render(root)
        #expect(Self.close(Self.pixel(image, 12, 12), [0, 0, 128, 128]))
        masked.position = CGPoint(x: 40, y: 32)  // the frame moves 8 right: the mask moves with it
        mask.backgroundColor = Self.color(0, 0, 0)
        image = try render(root)
        #expect(Self.pixel(image, 18, 12) == [0, 0, 255, 255])
        #expect(Self.pixel(image, 42, 12) == [0, 0, 0, 0])
    }

    /// `contentsCenter`: corners keep their size, edges and centre stretch.
    @Test func contentsCenterStretchesOnlyTheCentre() throws {
        // An 8×8 image: a 2-pixel red frame around a green centre.
        let context = try makeImageContext(width: 8, height: 8)
        context.setFillColor(Self.color(1, 0, 0))
        context.fill(CGRect(x: 0, y: 0, width: 8, height: 8))
        context.setFillColor(Self.color(0, 1, 0))
        context.fill(CGRect(x: 2, y: 2, width: 4, height: 4))
        let root = Self.layer(CGRect(x: 0, y: 0, width: 64, height: 64), nil)
        let layer = Self.layer(CGRect(x: 0, y: 0, width: 48, height: 48), nil)
        layer.contents = try #require(context.makeImage())
        layer.contentsCenter = CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)
        layer.magnificationFilter = .nearest
        root.addSublayer(layer)
        let image = try render(root)
        #expect(Self.pixel(image, 1, 24) == [255, 0, 0, 255])  // the left edge keeps 2 points
        #expect(Self.pixel(image, 2, 24) == [0, 255, 0, 255])
        #expect(Self.pixel(image, 24, 1) == [255, 0, 0, 255])  // the top edge, stretched across
        #expect(Self.pixel(image, 24, 24) == [0, 255, 0, 255])  // the stretched centre
        #expect(Self.pixel(image, 45, 24) == [0, 255, 0, 255])
        #expect(Self.pixel(image, 46, 46) == [255, 0, 0, 255])  // the bottom-right corner
        layer.contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1)  // the default: all stretches
        let stretched = try render(root)
        #expect(Self.pixel(stretched, 8, 24) == [255, 0, 0, 255])  // the frame is 12 points wide now
    }

    /// `render(in:)`: the model tree, drawn upright into a context in the layer's coordinates.
    @Test func renderInContextDrawsTheModelTree() throws {
        let layer = Self.layer(CGRect(x: 0, y: 0, width: 20, height: 20), Self.color(1, 0, 0))
        let corner = Self.layer(CGRect(x: 10, y: 0, width: 10, height: 10), Self.color(0, 0, 1))
        layer.addSublayer(corner)
        CATransaction.flush()
        let animation = CABasicAnimation(keyPath: "position.x")
        animation.fromValue = 0
        animation.toValue = 0
        animation.duration = 100
        corner.add(animation, forKey: "ignored")  // render(in:) draws the model, not this
        let context = try #require(
            CGContext(
                data: nil, width: 40, height: 40, bitsPerComponent: 8, bytesPerRow: 0,
                space: CGColorSpace(name: CGColorSpace.sRGB)!,
                bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        // A UIKit-style context: top-left origin, 2 pixels per point.
        context.translateBy(x: 0, y: 40)
        context.scaleBy(x: 2, y: -2)
        layer.render(in: context)
        let image = try #require(context.makeImage())
        #expect(Self.pixel(image, 30, 5) == [0, 0, 255, 255])  // the top-right corner is blue
        #expect(Self.pixel(image, 5, 30) == [255, 0, 0, 255])
        #expect(Self.pixel(image, 5, 5) == [255, 0, 0, 255])
    }

    @Test func shadowsFollowTheShapeOffsetAndRadius() throws {
        let root = Self.layer(CGRect(x: 0, y: 0, width: 64, height: 64), nil)
        let card = Self.layer(CGRect(x: 16, y: 16, width: 24, height: 24), Self.color(1, 1, 1))
        card.shadowOpacity = 1
        card.shadowRadius = 0
        card.shadowOffset = CGSize(width: 8, height: 8)
        card.shadowColor = Self.color(1, 0, 0)
        root.addSublayer(card)
        var image = try render(root)
        // `render` commits, so the card is on screen from here on: changes are committed without
        // implicit animations, which would otherwise start at each commit (as on Apple's).
        func change(_ body: () -> Void) {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            body()
            CATransaction.commit()
        }
        #expect(Self.pixel(image, 44, 44) == [255, 0, 0, 255])  // the sharp shadow, offset
        #expect(Self.pixel(image, 20, 20) == [255, 255, 255, 255])  // the card above it
        #expect(Self.pixel(image, 20, 44) == [0, 0, 0, 0])
        change { card.shadowOpacity = 0.5 }
        image = try render(root)
        #expect(Self.close(Self.pixel(image, 44, 44), [128, 0, 0, 128]))
        change {
            card.shadowOpacity = 1
            card.shadowRadius = 8  // σ = 4 points: the edge softens
        }
        image = try render(root)
        let edge = Self.pixel(image, 47, 30)  // on the shadow's right edge (x = 48)
        #expect(edge[3] > 60 && edge[3] < 200)
        #expect(Self.pixel(image, 36, 36)[3] == 255)
        change {
            card.shadowPath = CGPath(rect: CGRect(x: 0, y: 0, width: 8, height: 8), transform: nil)
            card.shadowRadius = 0
        }
        image = try render(root)
        #expect(Self.pixel(image, 44, 44) == [0, 0, 0, 0])  // the path is only the top-left 8×8
        #expect(Self.pixel(image, 10, 10) == [0, 0, 0, 0])
        change { card.shadowOffset = CGSize(width: -12, height: -12) }
        image = try render(root)
        #expect(Self.pixel(image, 8, 8) == [255, 0, 0, 255])
        change { card.masksToBounds = true }
        image = try render(root)
        #expect(Self.pixel(image, 8, 8) == [0, 0, 0, 0])  // a layer that clips casts no shadow
    }

    /// Apple's default offset (0, −3) casts the shadow upwards in iOS geometry.
    @Test func defaultShadowOffsetPointsUp() throws {
        let root = Self.layer(CGRect(x: 0, y: 0, width: 64, height: 64), nil)
        let card = Self.layer(CGRect(x: 16, y: 16, width: 32, height: 32), Self.color(0, 0, 1))
        card.shadowOpacity = 1
        card.shadowRadius = 0
        root.addSublayer(card)
        let image = try render(root)
        #expect(Self.pixel(image, 30, 14) == [0, 0, 0, 255])  // above the card
        #expect(Self.pixel(image, 30, 49) == [0, 0, 0, 0])  // not below it
    }

    /// Minified far below its size, a fine checkerboard averages to grey with the trilinear
    /// filter (mipmaps), and stays a mix of its two colours with nearest sampling.
    @Test func trilinearFilterAveragesMinifiedContents() throws {
        let context = try makeImageContext(width: 256, height: 256)
        context.setFillColor(Self.color(0, 0, 0))
        context.fill(CGRect(x: 0, y: 0, width: 256, height: 256))
        context.setFillColor(Self.color(1, 1, 1))
        for y in 0..<256 {
            for x in 0..<256 where (x + y).isMultiple(of: 2) {
                context.fill(CGRect(x: x, y: y, width: 1, height: 1))
            }
        }
        let root = Self.layer(CGRect(x: 0, y: 0, width: 16, height: 16), nil)
        let layer = Self.layer(CGRect(x: 0, y: 0, width: 16, height: 16), nil)
        layer.contents = try #require(context.makeImage())
        layer.minificationFilter = .trilinear
        root.addSublayer(layer)
        let averaged = try render(root, size: CGSize(width: 16, height: 16))
        let grey = Self.pixel(averaged, 8, 8)
        #expect(grey[0] > 100 && grey[0] < 155)
        layer.minificationFilter = .nearest
        let sampled = try render(root, size: CGSize(width: 16, height: 16))
        #expect([0, 255].contains(Self.pixel(sampled, 8, 8)[0]))
    }

    @Test func roundedCornersAreTransparentAtTheCorner() throws {
        let root = Self.layer(CGRect(x: 0, y: 0, width: 64, height: 64), nil)
        let rounded = Self.layer(CGRect(x: 0, y: 0, width: 64, height: 64), Self.color(1, 1, 1))
        rounded.cornerRadius = 20
        rounded.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMaxYCorner]
        root.addSublayer(rounded)
        let image = try render(root)
        #expect(Self.pixel(image, 1, 1) == [0, 0, 0, 0])  // rounded top-left
        #expect(Self.pixel(image, 62, 62) == [0, 0, 0, 0])  // rounded bottom-right
        #expect(Self.pixel(image, 62, 1) == [255, 255, 255, 255])  // square top-right
        #expect(Self.pixel(image, 32, 32) == [255, 255, 255, 255])
        let edge = Self.pixel(image, 6, 5)  // (6.5, 5.5) is 0.19 inside the arc: partly covered
        #expect(edge[3] > 40 && edge[3] < 215)
    }

    @Test func borderIsDrawnInsideTheBoundsAboveSublayers() throws {
        let root = Self.layer(CGRect(x: 0, y: 0, width: 64, height: 64), nil)
        let framed = Self.layer(CGRect(x: 8, y: 8, width: 48, height: 48), Self.color(0, 0, 1))
        framed.borderWidth = 4
        framed.borderColor = Self.color(1, 0, 0)
        framed.addSublayer(Self.layer(CGRect(x: 0, y: 0, width: 48, height: 48), Self.color(0, 1, 0)))
        root.addSublayer(framed)
        let image = try render(root)
        #expect(Self.pixel(image, 9, 30) == [255, 0, 0, 255])  // the border covers the sublayer
        #expect(Self.pixel(image, 30, 30) == [0, 255, 0, 255])
        #expect(Self.pixel(image, 7, 30) == [0, 0, 0, 0])
    }

    @Test func masksToBoundsClipsSublayersToTheRoundedBounds() throws {
        let root = Self.layer(CGRect(x: 0, y: 0, width: 64, height: 64), nil)
        let clip = Self.layer(CGRect(x: 16, y: 16, width: 32, height: 32), nil)
        clip.masksToBounds = true
        clip.cornerRadius = 16
        clip.addSublayer(Self.layer(CGRect(x: -16, y: -16, width: 64, height: 64), Self.color(1, 1, 0)))
        root.addSublayer(clip)
        let image = try render(root)
        #expect(Self.pixel(image, 32, 32) == [255, 255, 0, 255])
        #expect(Self.pixel(image, 10, 32) == [0, 0, 0, 0])  // outside the clip
        #expect(Self.pixel(image, 17, 17) == [0, 0, 0, 0])  // in the rounded corner
        clip.masksToBounds = false
        let unclipped = try render(root)
        #expect(Self.pixel(unclipped, 10, 32) == [255, 255, 0, 255])
    }

    @Test func zPositionOrdersSiblingsAndHiddenLayersAreNotDrawn() throws {
        let root = Self.layer(CGRect(x: 0, y: 0, width: 64, height: 64), nil)
        let red = Self.layer(CGRect(x: 0, y: 0, width: 40, height: 40), Self.color(1, 0, 0))
        let blue = Self.layer(CGRect(x: 20, y: 20, width: 40, height: 40), Self.color(0, 0, 1))
        red.zPosition = 1
        root.addSublayer(red)
        root.addSublayer(blue)
        var image = try render(root)
        #expect(Self.pixel(image, 30, 30) == [255, 0, 0, 255])  // red is in front despite its order
        red.isHidden = true
        image = try render(root)
        #expect(Self.pixel(image, 30, 30) == [0, 0, 255, 255])
        #expect(Self.pixel(image, 10, 10) == [0, 0, 0, 0])
    }

    @Test func contentsImageIsPlacedUprightByGravity() throws {
        // A 2×2 image: red, green on the top row; blue, white below.
        let context = try makeImageContext(width: 2, height: 2)
        let colors = [
            (0, 1, Self.color(1, 0, 0)), (1, 1, Self.color(0, 1, 0)), (0, 0, Self.color(0, 0, 1)),
            (1, 0, Self.color(1, 1, 1)),
        ]
        for (x, y, color) in colors {
            context.setFillColor(color)
            context.fill(CGRect(x: x, y: y, width: 1, height: 1))  // Quartz: y = 1 is the top row
        }
        let image = try #require(context.makeImage())
        let root = Self.layer(CGRect(x: 0, y: 0, width: 64, height: 64), nil)
        let layer = Self.layer(CGRect(x: 0, y: 0, width: 64, height: 64), nil)
        layer.contents = image
        layer.magnificationFilter = .nearest
        root.addSublayer(layer)
        var rendered = try render(root)
        #expect(Self.pixel(rendered, 10, 10) == [255, 0, 0, 255])
        #expect(Self.pixel(rendered, 50, 10) == [0, 255, 0, 255])
        #expect(Self.pixel(rendered, 10, 50) == [0, 0, 255, 255])
        #expect(Self.pixel(rendered, 50, 50) == [255, 255, 255, 255])
        // Apple's header: "bottom" always means minimum y, so in iOS's y-down geometry
        // `.bottomLeft` is the top-left corner on screen (ruling V3); the image stays upright.
        layer.contentsGravity = .bottomLeft
        layer.contentsScale = 1.0 / 8  // 2 pixels at 1/8 pixel per point: 16 points
        rendered = try render(root)
        #expect(Self.pixel(rendered, 4, 4) == [255, 0, 0, 255])
        #expect(Self.pixel(rendered, 12, 12) == [255, 255, 255, 255])
        #expect(Self.pixel(rendered, 20, 4) == [0, 0, 0, 0])
        layer.contentsGravity = .topLeft  // the bottom-left corner on screen
        rendered = try render(root)
        #expect(Self.pixel(rendered, 4, 52) == [255, 0, 0, 255])
        #expect(Self.pixel(rendered, 12, 60) == [255, 255, 255, 255])
        #expect(Self.pixel(rendered, 4, 4) == [0, 0, 0, 0])
        layer.contentsRect = CGRect(x: 0.5, y: 0.5, width: 0.5, height: 0.5)  // the white quarter
        layer.contentsGravity = .resize
        rendered = try render(root)
        #expect(Self.pixel(rendered, 10, 10) == [255, 255, 255, 255])
        #expect(Self.pixel(rendered, 50, 50) == [255, 255, 255, 255])
    }

    @Test func perspectiveRotationNarrowsTheFarEdgeAndBackFacesAreCulled() throws {
        let root = Self.layer(CGRect(x: 0, y: 0, width: 64, height: 64), nil)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 100
        root.sublayerTransform = perspective
        let door = Self.layer(CGRect(x: 16, y: 16, width: 32, height: 32), Self.color(1, 0, 1))
        door.anchorPoint = CGPoint(x: 0, y: 0.5)
        door.position = CGPoint(x: 16, y: 32)
        door.transform = CATransform3DMakeRotation(-.pi / 3, 0, 1, 0)
        root.addSublayer(door)
        let image = try render(root)
        let pixels = try #require(image.premultipliedRGBA8Pixels())
        // The free edge swings towards the viewer: it is taller than the hinge edge.
        func columnHeight(_ x: Int) -> Int { (0..<64).filter { pixels[($0 * 64 + x) * 4 + 3] > 128 }.count }
        #expect(columnHeight(16) == 32)
        let far = (18..<64).last { columnHeight($0) > 0 } ?? 0
        #expect(columnHeight(far - 1) > 34)
        door.isDoubleSided = false
        door.transform = CATransform3DMakeRotation(.pi, 0, 1, 0)
        let culled = try #require(try render(root).premultipliedRGBA8Pixels())
        #expect((0..<64).allSatisfy { culled[(32 * 64 + $0) * 4 + 3] == 0 })
    }

    @Test func animatedValuesAreRenderedAtTheFramesTime() throws {
        CATransaction.flush()
        let root = Self.layer(CGRect(x: 0, y: 0, width: 64, height: 64), nil)
        let mover = Self.layer(CGRect(x: 0, y: 0, width: 8, height: 8), Self.color(1, 0, 0))
        root.addSublayer(mover)
        CATransaction.flush()
        let animation = CABasicAnimation(keyPath: "position.x")
        animation.fromValue = 4
        animation.toValue = 60
        animation.duration = 1
        animation.beginTime = 10  // absolute: the root's time is the media time
        animation.fillMode = .both
        animation.isRemovedOnCompletion = false
        mover.add(animation, forKey: "move")
        CATransaction.flush()
        let renderer = try CARenderer(layer: root, size: CGSize(width: 64, height: 64))
        let start = try #require(renderer.image(atTime: 10))
        #expect(Self.pixel(start, 2, 4) == [255, 0, 0, 255])
        let middle = try #require(renderer.image(atTime: 10.5))
        #expect(Self.pixel(middle, 32, 4) == [255, 0, 0, 255])
        #expect(Self.pixel(middle, 2, 4) == [0, 0, 0, 0])
    }

    /// A frame after an animation was removed shows the model value again, even when the model
    /// did not change since the renderer last drew the animated value.
    @Test func removedAnimationNoLongerShowsInLaterFrames() throws {
        CATransaction.flush()
        let root = Self.layer(CGRect(x: 0, y: 0, width: 64, height: 64), nil)
        let square = Self.layer(CGRect(x: 0, y: 0, width: 64, height: 64), Self.color(0, 0, 1))
        root.addSublayer(square)
        CATransaction.flush()
        let fade = CABasicAnimation(keyPath: "backgroundColor")
        fade.fromValue = Self.color(1, 0, 0)
        fade.toValue = Self.color(1, 0, 0)
        fade.duration = 100
        fade.beginTime = 10  // absolute: the root's time is the media time
        fade.isRemovedOnCompletion = false  // long over by now under system time
        square.add(fade, forKey: "fade")
        CATransaction.flush()
        let renderer = try CARenderer(layer: root, size: CGSize(width: 64, height: 64))
        let animated = try #require(renderer.image(atTime: 50))
        #expect(Self.pixel(animated, 32, 32) == [255, 0, 0, 255])
        square.removeAnimation(forKey: "fade")
        let after = try #require(renderer.image(atTime: 50))
        #expect(Self.pixel(after, 32, 32) == [0, 0, 255, 255])
    }

    /// A tree deeper than the stack could recurse through renders every level and never
    /// crashes (ruling L17).
    @Test func aVeryDeepTreeDoesNotCrash() throws {
        CompatibilityWarnings.isEnabled = false
        let root = Self.layer(CGRect(x: 0, y: 0, width: 16, height: 16), Self.color(0, 1, 0))
        var parent = root
        // Building is quadratic, each insertion checking for cycles.
        for _ in 0..<3000 {
            let child = Self.layer(CGRect(x: 0, y: 0, width: 16, height: 16), nil)
            parent.addSublayer(child)
            parent = child
        }
        parent.setNeedsDisplay()
        let image = try render(root, size: CGSize(width: 16, height: 16))
        #expect(Self.pixel(image, 8, 8) == [0, 255, 0, 255])
        // The deepest level is drawn too.
        parent.backgroundColor = Self.color(1, 0, 0)
        let deepest = try render(root, size: CGSize(width: 16, height: 16))
        #expect(Self.pixel(deepest, 8, 8) == [255, 0, 0, 255])
    }

    @Test func invalidSizesThrowWithTheReason() {
        #expect(throws: CARendererError.self) { try CARenderer(size: CGSize(width: 0, height: 10)) }
        #expect(throws: CARendererError.self) { try CARenderer(size: CGSize(width: CGFloat.nan, height: 10)) }
        #expect(throws: CARendererError.self) { try CARenderer(size: CGSize(width: 100_000, height: 10)) }
    }
}
