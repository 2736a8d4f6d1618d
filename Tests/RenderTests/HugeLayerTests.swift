import QuartzCore
import Testing

/// Huge layers cost what is visible (issue 13, item 5; ruling V19): a 100,000 × 100,000-point
/// layer of each kind — shape, gradient, text, image contents, mask, `draw(in:)`,
/// `shouldRasterize` — draws the same pixels as the same layer cut to the screen, in a 160 × 120
/// frame.
@Suite struct HugeLayerTests {
    static let size = CGSize(width: 160, height: 120)
    /// The huge layers' side, in points.
    static let side: CGFloat = 100_000

    static func color(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat, _ a: CGFloat = 1) -> CGColor {
        CGColor(red: r, green: g, blue: b, alpha: a)
    }

    /// A root filling the frame, light grey, holding `layer`.
    static func root(_ layers: CALayer...) -> CALayer {
        let root = CALayer()
        root.frame = CGRect(origin: .zero, size: size)
        root.backgroundColor = color(0.9, 0.9, 0.9)
        for layer in layers { root.addSublayer(layer) }
        return root
    }

    static func pixels(_ root: CALayer, scale: CGFloat = 1) throws -> [UInt8] {
        let renderer = try CARenderer(layer: root, size: size, scale: scale)
        return try #require(renderer.image(atTime: 0)?.premultipliedRGBA8Pixels())
    }

    /// The largest difference of any channel of any pixel.
    static func difference(_ a: [UInt8], _ b: [UInt8]) -> Int {
        guard a.count == b.count else { return 255 }
        return zip(a, b).map { abs(Int($0) - Int($1)) }.max() ?? 0
    }

    /// Whether two frames agree as Cairo's rasterisation of the same edges cut in different places
    /// agrees: at most 2/255 per channel but on 1% of the pixels, and never more than 10/255. A
    /// polygon edge that Cairo clips at another point (a huge path at the bitmap's edge, a cut path
    /// at the cut) leaves its anti-aliased pixels up to 8/255 apart — two cuts of the same
    /// polygon at different margins differ as much.
    static func cairoEdgesAgree(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var beyond = 0
        for pixel in 0..<(a.count / 4) {
            var largest = 0
            for c in 0..<4 { largest = max(largest, abs(Int(a[pixel * 4 + c]) - Int(b[pixel * 4 + c]))) }
            if largest > 10 { return false }
            if largest > 2 { beyond += 1 }
        }
        return beyond * 100 <= a.count / 4
    }

    /// How many pixels are not the background's grey: the scene has to show something.
    static func drawnPixels(_ p: [UInt8]) -> Int {
        stride(from: 0, to: p.count, by: 4).filter { p[$0] != 230 || p[$0 + 1] != 230 || p[$0 + 2] != 230 }
            .count
    }

    /// A huge layer placed so that its point `origin` is at the frame's top-left corner.
    static func place(_ layer: CALayer, showing origin: CGPoint, side: CGFloat = side) {
        layer.frame = CGRect(x: -origin.x, y: -origin.y, width: side, height: side)
    }

    /// A quadrilateral spanning the huge layer, with a corner at (60000, 2000).
    static let quad = [
        CGPoint(x: 1000, y: 30000), CGPoint(x: 60000, y: 2000), CGPoint(x: 99000, y: 70000),
        CGPoint(x: 20000, y: 98000),
    ]
    /// Where the frame looks: at the corner, from a little above and left of it.
    static let corner = CGPoint(x: 60000 - 80, y: 2000 - 40)

    static func path(_ points: [CGPoint], offset: CGPoint = .zero) -> CGPath {
        let path = CGMutablePath()
        path.addLines(between: points.map { CGPoint(x: $0.x - offset.x, y: $0.y - offset.y) })
        path.closeSubpath()
        return path
    }

    /// `polygon` clipped to `rect` (Sutherland–Hodgman), a polygon with the same inside there.
    static func clipped(_ polygon: [CGPoint], to rect: CGRect) -> [CGPoint] {
        let planes: [(CGPoint) -> CGFloat] = [
            { $0.x - rect.minX }, { rect.maxX - $0.x }, { $0.y - rect.minY }, { rect.maxY - $0.y },
        ]
        var result = polygon
        for distance in planes {
            let input = result
            result = []
            for (i, a) in input.enumerated() {
                let b = input[(i + 1) % input.count]
                let (da, db) = (distance(a), distance(b))
                if da >= 0 { result.append(a) }
                if (da >= 0) != (db >= 0) {
                    let t = da / (da - db)
                    result.append(CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t))
                }
            }
        }
        return result
    }

    /// The quadrilateral as the frame sees it from `origin`, cut 20 points outside the frame
    /// (past the stroke's reach, so its cut edges are not seen).
    static func cutQuad(from origin: CGPoint) -> [CGPoint] {
        let visible = CGRect(origin: origin, size: size).insetBy(dx: -20, dy: -20)
        return clipped(quad, to: visible).map { CGPoint(x: $0.x - origin.x, y: $0.y - origin.y) }
    }

    static func shape(_ path: CGPath) -> CAShapeLayer {
        let shape = CAShapeLayer()
        shape.path = path
        shape.fillColor = color(0.2, 0.4, 0.9)
        shape.strokeColor = color(0.9, 0.3, 0.1)
        shape.lineWidth = 6
        shape.lineJoin = .round
        return shape
    }

    /// Shape: a quadrilateral filling and stroking the huge layer, seen at a corner.
    @Test func shapeMatchesTheShapeCutToTheFrame() throws {
        let huge = Self.shape(Self.path(Self.quad))
        Self.place(huge, showing: Self.corner)
        let cut = Self.shape(Self.path(Self.cutQuad(from: Self.corner)))
        cut.frame = CGRect(origin: .zero, size: Self.size)
        let expected = try Self.pixels(Self.root(cut))
        #expect(Self.drawnPixels(expected) > 1000)
        #expect(Self.cairoEdgesAgree(try Self.pixels(Self.root(huge)), expected))
    }

    /// Scrolling a huge shape: each position draws what the shape cut there draws, whether the
    /// last bitmap is reused (a small move) or a new window is made (a move out of it).
    @Test func scrollingAHugeShapeKeepsItsPixelsRight() throws {
        let huge = Self.shape(Self.path(Self.quad))
        let root = Self.root(huge)
        let renderer = try CARenderer(layer: root, size: Self.size)
        for origin in [
            Self.corner, CGPoint(x: Self.corner.x + 17, y: Self.corner.y + 9),
            CGPoint(x: Self.corner.x - 700, y: Self.corner.y + 900), Self.corner,
        ] {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            Self.place(huge, showing: origin)
            CATransaction.commit()
            let actual = try #require(renderer.image(atTime: 0)?.premultipliedRGBA8Pixels())
            let cut = Self.shape(Self.path(Self.cutQuad(from: origin)))
            cut.frame = CGRect(origin: .zero, size: Self.size)
            #expect(Self.cairoEdgesAgree(actual, try Self.pixels(Self.root(cut))), "at \(origin)")
        }
    }

    static func gradient(_ type: CAGradientLayerType, start: CGPoint, end: CGPoint) -> CAGradientLayer {
        let gradient = CAGradientLayer()
        gradient.type = type
        gradient.colors = [color(1, 0.8, 0), color(0.1, 0.6, 0.3), color(0.3, 0.1, 0.7)]
        gradient.startPoint = start
        gradient.endPoint = end
        return gradient
    }

    /// Gradient: axial and radial gradients whose ramps (about 140 and 120 points long) lie in the
    /// middle of the huge layer, seen there, against screen-sized gradients with the same ramps.
    @Test(arguments: [CAGradientLayerType.axial, .radial])
    func gradientMatchesTheGradientCutToTheFrame(type: CAGradientLayerType) throws {
        let a = CGPoint(x: 50_000, y: 50_000)
        let b = CGPoint(x: 50_120, y: 50_080)
        let origin = CGPoint(x: 49_990, y: 49_980)
        let huge = Self.gradient(
            type, start: CGPoint(x: a.x / Self.side, y: a.y / Self.side),
            end: CGPoint(x: b.x / Self.side, y: b.y / Self.side))
        Self.place(huge, showing: origin)
        let w = Self.size.width
        let h = Self.size.height
        let cut = Self.gradient(
            type, start: CGPoint(x: (a.x - origin.x) / w, y: (a.y - origin.y) / h),
            end: CGPoint(x: (b.x - origin.x) / w, y: (b.y - origin.y) / h))
        cut.frame = CGRect(origin: .zero, size: Self.size)
        let expected = try Self.pixels(Self.root(cut))
        #expect(Self.drawnPixels(expected) == Int(w * h))
        #expect(Self.difference(try Self.pixels(Self.root(huge)), expected) <= 2)
    }

    /// A conic gradient on a layer larger than the whole-content budget (3000 × 3000 points in a
    /// 160 × 120 frame: a window is rasterised) draws the pixels of the whole image, which a
    /// `render(in:)` of the layer alone, at a scale where it fits, also shows.
    @Test func aWindowOfAConicGradientMatchesTheWholeImage() throws {
        let conic = Self.gradient(.conic, start: CGPoint(x: 0.51, y: 0.505), end: CGPoint(x: 1, y: 0.505))
        conic.frame = CGRect(x: -1450, y: -1450, width: 3000, height: 3000)
        let actual = try Self.pixels(Self.root(conic))
        // The same pixels from a layer that fits: the conic angle is measured in the unit square,
        // so the part shown is the same fraction of a 1500-point layer at scale 2.
        let small = Self.gradient(.conic, start: CGPoint(x: 0.51, y: 0.505), end: CGPoint(x: 1, y: 0.505))
        small.frame = CGRect(x: -725, y: -725, width: 1500, height: 1500)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 80, height: 60)
        root.backgroundColor = Self.color(0.9, 0.9, 0.9)
        root.addSublayer(small)
        let renderer = try CARenderer(layer: root, size: CGSize(width: 80, height: 60), scale: 2)
        let expected = try #require(renderer.image(atTime: 0)?.premultipliedRGBA8Pixels())
        #expect(Self.drawnPixels(actual) > 10000)
        #expect(Self.difference(actual, expected) <= 2)
    }

    static func text(_ string: String) -> CATextLayer {
        let text = CATextLayer()
        text.string = string
        text.fontSize = 14
        text.foregroundColor = color(0.1, 0.1, 0.4)
        text.isWrapped = false
        return text
    }

    /// Text: a huge text layer whose top-left corner is in the frame draws the lines a text layer
    /// the size of the frame's rest draws.
    @Test func textMatchesTheTextCutToTheFrame() throws {
        let string = "Huge layers cost\nwhat is visible:\n100,000 points a side"
        let huge = Self.text(string)
        Self.place(huge, showing: CGPoint(x: -10, y: -12))
        let cut = Self.text(string)
        cut.frame = CGRect(x: 10, y: 12, width: Self.size.width - 10, height: Self.size.height - 12)
        let expected = try Self.pixels(Self.root(cut))
        #expect(Self.drawnPixels(expected) > 300)
        #expect(Self.difference(try Self.pixels(Self.root(huge)), expected) <= 1)
    }

    /// A 400 × 400 image with smooth colours and a grid of lines.
    static func pattern(width: Int, height: Int) throws -> CGImage {
        let context = try makeImageContext(width: width, height: height)
        let space = try #require(CGColorSpace(name: CGColorSpace.sRGB))
        let gradient = try #require(
            CGGradient(
                colorSpace: space, colorComponents: [1, 0.2, 0.2, 1, 0.2, 0.3, 1, 1], locations: [0, 1],
                count: 2))
        context.drawLinearGradient(
            gradient, start: .zero, end: CGPoint(x: width, y: height), options: [])
        context.setStrokeColor(color(1, 1, 1))
        context.setLineWidth(3)
        for x in stride(from: 0, to: width, by: 37) {
            context.strokeLineSegments(between: [CGPoint(x: x, y: 0), CGPoint(x: x, y: height)])
        }
        return try #require(context.makeImage())
    }

    /// Image contents: a 400 × 400 image stretched over the huge layer (250 points a pixel),
    /// seen across a line, against a frame-sized layer showing the same part by `contentsRect`.
    @Test func imageContentsMatchTheImageCutToTheFrame() throws {
        let image = try Self.pattern(width: 400, height: 400)
        let origin = CGPoint(x: 37 * 250 - 80, y: 50_000)
        let huge = CALayer()
        huge.contents = image
        Self.place(huge, showing: origin)
        let cut = CALayer()
        cut.contents = image
        cut.frame = CGRect(origin: .zero, size: Self.size)
        cut.contentsRect = CGRect(
            x: origin.x / Self.side, y: origin.y / Self.side, width: Self.size.width / Self.side,
            height: Self.size.height / Self.side)
        let expected = try Self.pixels(Self.root(cut))
        #expect(Self.drawnPixels(expected) == Int(Self.size.width * Self.size.height))
        #expect(Self.difference(try Self.pixels(Self.root(huge)), expected) <= 2)
    }

    /// An image wider than the texture limit (24,000 × 48 pixels) is uploaded a window at a time:
    /// a part of it seen at one point a pixel is the same part cropped; seen whole (scaled down
    /// 200-fold, trilinear) it is halved to fit, each pixel about the average of what it covers.
    @Test func anImagePastTheTextureLimitIsDrawnFromAWindow() throws {
        let image = try Self.pattern(width: 24_000, height: 48)
        let layer = CALayer()
        layer.contents = image
        layer.frame = CGRect(x: -12_000, y: 10, width: 24_000, height: 48)
        let cut = CALayer()
        cut.contents = try #require(image.cropping(to: CGRect(x: 12_000, y: 0, width: 160, height: 48)))
        cut.frame = CGRect(x: 0, y: 10, width: 160, height: 48)
        let expected = try Self.pixels(Self.root(cut))
        #expect(Self.difference(try Self.pixels(Self.root(layer)), expected) <= 1)

        let whole = CALayer()
        whole.contents = image
        whole.frame = CGRect(x: 0, y: 0, width: 24_000, height: 48)
        whole.anchorPoint = .zero
        whole.position = CGPoint(x: 20, y: 40)
        whole.transform = CATransform3DMakeScale(0.005, 1, 1)
        // Mipmaps average what a pixel covers (a linear filter would sample two texels of it).
        whole.minificationFilter = .trilinear
        let reduced = try Self.pixels(Self.root(whole))
        // 120 frame pixels show 24,000 image pixels: each is about 200 of them, averaged.
        let source = try #require(image.premultipliedRGBA8Pixels())
        let row = 60 * Int(Self.size.width) * 4
        for x in [30, 80, 130] {
            let first = (x - 20) * 200
            var sums = [0, 0, 0, 0]
            for column in first..<(first + 200) {
                for y in 0..<48 {
                    for c in 0..<4 { sums[c] += Int(source[(y * 24_000 + column) * 4 + c]) }
                }
            }
            let average = sums.map { $0 / (200 * 48) }
            let shown = (0..<4).map { Int(reduced[row + x * 4 + $0]) }
            // Mipmap blocks (128 texels of the halved image) are not the pixel's 200 columns.
            #expect(
                zip(average, shown).allSatisfy { abs($0 - $1) <= 16 }, "at x = \(x): \(shown) for \(average)")
        }
    }

    /// Mask: a gradient padded 10,000 points past the frame on each side, masked by a shape whose
    /// path is an enormous rectangle less an ellipse (even-odd), and a 100,000-point gradient
    /// masked by the huge quadrilateral, against the same cut to the frame.
    @Test func masksMatchTheMaskedLayerCutToTheFrame() throws {
        let w = Self.size.width
        let h = Self.size.height
        // Padded gradient, enormous mask rectangle.
        let padded = Self.gradient(.axial, start: CGPoint(x: 0.499, y: 0.5), end: CGPoint(x: 0.502, y: 0.5))
        padded.frame = CGRect(x: -10_000, y: -10_000, width: w + 20_000, height: h + 20_000)
        let hole = CGRect(x: 10_040, y: 10_030, width: 80, height: 60)
        let holeMask = CAShapeLayer()
        holeMask.frame = padded.bounds
        let enormous = CGMutablePath()
        enormous.addRect(CGRect(x: -1e7, y: -1e7, width: 2e7, height: 2e7))
        enormous.addEllipse(in: hole)
        holeMask.path = enormous
        holeMask.fillRule = .evenOdd
        padded.mask = holeMask
        let cutPadded = Self.gradient(
            .axial, start: CGPoint(x: (0.499 * (w + 20_000) - 10_000) / w, y: 0.5),
            end: CGPoint(x: (0.502 * (w + 20_000) - 10_000) / w, y: 0.5))
        cutPadded.frame = CGRect(origin: .zero, size: Self.size)
        let cutHoleMask = CAShapeLayer()
        cutHoleMask.frame = cutPadded.bounds
        let cutPath = CGMutablePath()
        cutPath.addRect(CGRect(x: -20, y: -20, width: w + 40, height: h + 40))
        cutPath.addEllipse(in: hole.offsetBy(dx: -10_000, dy: -10_000))
        cutHoleMask.path = cutPath
        cutHoleMask.fillRule = .evenOdd
        cutPadded.mask = cutHoleMask
        let expectedPadded = try Self.pixels(Self.root(cutPadded))
        #expect(Self.drawnPixels(expectedPadded) > 10000)
        #expect(Self.difference(try Self.pixels(Self.root(padded)), expectedPadded) <= 2)

        // A 100,000-point gradient masked by the huge quadrilateral.
        let huge = Self.gradient(
            .axial, start: CGPoint(x: 0.5998, y: 0.02), end: CGPoint(x: 0.6004, y: 0.0203))
        Self.place(huge, showing: Self.corner)
        let mask = CAShapeLayer()
        mask.frame = huge.bounds
        mask.path = Self.path(Self.quad)
        huge.mask = mask
        let cut = Self.gradient(
            .axial,
            start: CGPoint(
                x: (0.5998 * Self.side - Self.corner.x) / w, y: (0.02 * Self.side - Self.corner.y) / h),
            end: CGPoint(
                x: (0.6004 * Self.side - Self.corner.x) / w, y: (0.0203 * Self.side - Self.corner.y) / h))
        cut.frame = CGRect(origin: .zero, size: Self.size)
        let cutMask = CAShapeLayer()
        cutMask.frame = cut.bounds
        cutMask.path = Self.path(Self.cutQuad(from: Self.corner))
        cut.mask = cutMask
        let expected = try Self.pixels(Self.root(cut))
        #expect(Self.drawnPixels(expected) > 3000)
        #expect(Self.cairoEdgesAgree(try Self.pixels(Self.root(huge)), expected))
    }

    /// Draws the quadrilateral and a ring around the corner it is seen at, shifted by `offset`.
    final class QuadDrawer: NSObject, CALayerDelegate, @unchecked Sendable {
        let offset: CGPoint
        init(offset: CGPoint) { self.offset = offset }

        func draw(_ layer: CALayer, in ctx: CGContext) {
            ctx.translateBy(x: -offset.x, y: -offset.y)
            ctx.setFillColor(HugeLayerTests.color(0.95, 0.9, 0.6))
            ctx.fill(CGRect(x: 0, y: 0, width: HugeLayerTests.side, height: HugeLayerTests.side))
            ctx.addPath(HugeLayerTests.path(HugeLayerTests.quad))
            ctx.setFillColor(HugeLayerTests.color(0.2, 0.5, 0.3))
            ctx.fillPath()
            ctx.setStrokeColor(HugeLayerTests.color(0.6, 0.1, 0.5))
            ctx.setLineWidth(5)
            ctx.strokeEllipse(in: CGRect(x: 60_000 - 40, y: 2000 - 30, width: 90, height: 70))
        }
    }

    /// `draw(in:)`: a huge layer's drawing is recorded (no 100,000² backing store) and painted where
    /// it is seen, as a frame-sized layer drawing the same shifted paints it.
    @Test func drawInContextMatchesTheDrawingCutToTheFrame() throws {
        let drawer = QuadDrawer(offset: .zero)
        let huge = CALayer()
        huge.delegate = drawer
        Self.place(huge, showing: Self.corner)
        huge.setNeedsDisplay()
        let cutDrawer = QuadDrawer(offset: Self.corner)
        let cut = CALayer()
        cut.delegate = cutDrawer
        cut.frame = CGRect(origin: .zero, size: Self.size)
        cut.setNeedsDisplay()
        let expected = try Self.pixels(Self.root(cut))
        #expect(cut.contents is CGImage)
        let actual = try Self.pixels(Self.root(huge))
        #expect(huge.contents is RecordedBackingStore)
        #expect(Self.drawnPixels(expected) > 10000)
        #expect(Self.cairoEdgesAgree(actual, expected))
    }

    /// A huge rasterized layer (a background, the huge shape, a small card) is rasterised where it
    /// is seen and draws what it draws unrasterized; a frame that does not move it reuses the
    /// bitmap, a scroll makes a new one with the right pixels (the bitmap of a layer covering the
    /// frame is the frame's size: it has no margin to scroll into).
    @Test func aHugeRasterizedLayerMatchesItsDirectDrawing() throws {
        func scene(rasterized: Bool) -> (CALayer, CALayer) {
            let layer = CALayer()
            layer.backgroundColor = Self.color(1, 0.95, 0.8)
            layer.shouldRasterize = rasterized
            layer.addSublayer(Self.shape(Self.path(Self.quad)))
            layer.sublayers?[0].frame = CGRect(x: 0, y: 0, width: Self.side, height: Self.side)
            let card = CALayer()
            card.frame = CGRect(x: 60_010, y: 1990, width: 40, height: 30)
            card.backgroundColor = Self.color(0.1, 0.7, 0.9)
            card.cornerRadius = 8
            layer.addSublayer(card)
            Self.place(layer, showing: Self.corner)
            return (Self.root(layer), layer)
        }
        let (direct, directLayer) = scene(rasterized: false)
        let (rasterized, rasterizedLayer) = scene(rasterized: true)
        let directRenderer = try CARenderer(layer: direct, size: Self.size)
        let renderer = try CARenderer(layer: rasterized, size: Self.size)
        let moves = [Self.corner, Self.corner, CGPoint(x: 59_000, y: 2500)]
        var counts: [Int] = []
        for origin in moves {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            Self.place(directLayer, showing: origin)
            Self.place(rasterizedLayer, showing: origin)
            CATransaction.commit()
            let expected = try #require(directRenderer.image(atTime: 0)?.premultipliedRGBA8Pixels())
            let actual = try #require(renderer.image(atTime: 0)?.premultipliedRGBA8Pixels())
            #expect(Self.drawnPixels(expected) > 5000)
            // The shape inside is cut by its window where the bitmap and the frame end, at other
            // places in the two drawings.
            #expect(Self.cairoEdgesAgree(actual, expected), "at \(origin)")
            counts.append(renderer.rasterizationCount)
        }
        #expect(counts == [1, 1, 2])
    }

    /// `render(in:)` of a huge layer into a small context renders only the part inside the
    /// context's clip: the same pixels the renderer draws of it.
    @Test func renderInContextDrawsTheClippedPartOfAHugeLayer() throws {
        let huge = Self.shape(Self.path(Self.quad))
        huge.frame = CGRect(x: 0, y: 0, width: Self.side, height: Self.side)
        huge.backgroundColor = Self.color(0.9, 0.9, 0.9)
        let context = try makeImageContext(width: Int(Self.size.width), height: Int(Self.size.height))
        // A UIKit-style context (y down) looking at the corner.
        context.translateBy(x: 0, y: Self.size.height)
        context.scaleBy(x: 1, y: -1)
        context.translateBy(x: -Self.corner.x, y: -Self.corner.y)
        huge.render(in: context)
        let image = try #require(context.makeImage()?.premultipliedRGBA8Pixels())
        let cut = Self.shape(Self.path(Self.cutQuad(from: Self.corner)))
        cut.frame = CGRect(origin: .zero, size: Self.size)
        let expected = try Self.pixels(Self.root(cut))
        #expect(Self.drawnPixels(expected) > 1000)
        #expect(Self.cairoEdgesAgree(image, expected))
    }

    /// A huge gradient laid back in steep perspective, whose visible part reaches towards the
    /// horizon: it renders (the window's scale is lowered if it must be) with finite colours from
    /// the gradient's range, and the part nearest the viewer matches a small layer of the same
    /// plane.
    @Test func aHugeLayerInSteepPerspectiveRenders() throws {
        func scene(side: CGFloat) -> CALayer {
            let plane = Self.gradient(.axial, start: CGPoint(x: 0, y: 0), end: CGPoint(x: 0, y: 400 / side))
            plane.bounds = CGRect(x: 0, y: 0, width: side, height: side)
            plane.anchorPoint = CGPoint(x: 0.5, y: 0)
            plane.position = CGPoint(x: 80, y: 70)
            var perspective = CATransform3DIdentity
            perspective.m34 = -1 / 300
            plane.transform = CATransform3DConcat(
                CATransform3DMakeRotation(-1.45, 1, 0, 0), perspective)
            let root = Self.root()
            root.masksToBounds = true
            root.addSublayer(plane)
            return root
        }
        let actual = try Self.pixels(scene(side: Self.side))
        #expect(Self.drawnPixels(actual) > 3000)
        let near = try Self.pixels(scene(side: 400))
        // The rows nearest the viewer (from the anchor at y = 70 down) show the first 400 points
        // of the plane; the horizon is at about y = 106.
        let rows = 71..<88
        var worst = 0
        for y in rows {
            for x in 60..<100 {
                let i = (y * Int(Self.size.width) + x) * 4
                for c in 0..<4 { worst = max(worst, abs(Int(actual[i + c]) - Int(near[i + c]))) }
            }
        }
        // The visible part reaches 100,000 points towards the horizon, so its window is made at a
        // lower scale (ruling V19's last resort): the ramp is softened by a few levels.
        #expect(worst <= 8)
    }

    /// Golden: huge layers together in the 160 × 120 frame — a 100,000-point axial gradient, the
    /// huge quadrilateral's corner over it (fill at 0.6 alpha), a huge text layer's first lines,
    /// and at half opacity a 100,000-point layer's `draw(in:)` drawing (cream, the quadrilateral in
    /// green, a purple ring at its corner) masked by the quadrilateral moved 30 points left and 24
    /// down, whose corner shows a piece of the ring.
    @Test func hugeLayersGolden() throws {
        let gradient = Self.gradient(
            .axial, start: CGPoint(x: 0.5998, y: 0.0196), end: CGPoint(x: 0.6004, y: 0.0203))
        Self.place(gradient, showing: Self.corner)
        let shape = Self.shape(Self.path(Self.quad))
        shape.fillColor = Self.color(0.2, 0.4, 0.9, 0.6)
        Self.place(shape, showing: Self.corner)
        let text = Self.text("100,000 points\na side")
        Self.place(text, showing: CGPoint(x: -6, y: -4))
        let drawn = CALayer()
        let drawer = QuadDrawer(offset: .zero)
        drawn.delegate = drawer
        Self.place(drawn, showing: Self.corner)
        drawn.setNeedsDisplay()
        let mask = CAShapeLayer()
        mask.frame = drawn.bounds
        mask.path = Self.path(Self.quad.map { CGPoint(x: $0.x - 30, y: $0.y + 24) })
        drawn.mask = mask
        drawn.opacity = 0.5
        let renderer = try CARenderer(layer: Self.root(gradient, shape, drawn, text), size: Self.size)
        expectMatchesGolden(try #require(renderer.image(atTime: 0)), named: "huge-layers")
    }
}
