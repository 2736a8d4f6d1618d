import QuartzCore
import Testing

/// Content orientation under `isGeometryFlipped` (rulings L1, L20, L21, V30): a flip mirrors where
/// sublayers, shapes and gradients go, but a `contents` image and a text layer's text show the
/// same whatever the flips above them, and `draw(in:)` gets a context flipped so that its drawing
/// lands where the layer's geometry says.
@Suite struct GeometryFlipContentsTests {
    static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    static let green = CGColor(red: 0, green: 1, blue: 0, alpha: 1)

    /// An 8 × 8 image whose top half (rows 0–3) is red and bottom half blue.
    static func redTopImage() throws -> CGImage {
        let context = try makeImageContext(width: 8, height: 8)
        // A new bitmap context is y-up (ruling G3): the top rows are y 4…8.
        context.setFillColor(blue)
        context.fill(CGRect(x: 0, y: 0, width: 8, height: 4))
        context.setFillColor(red)
        context.fill(CGRect(x: 0, y: 4, width: 8, height: 4))
        return try #require(context.makeImage())
    }

    /// A 64 × 64 root holding `chain` nested full-size layers, the first `flips` of them flipped
    /// from the top; `leaf` goes in the innermost.
    static func tree(flips: [Bool], leaf: CALayer) -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
        var parent = root
        for flipped in flips {
            let layer = CALayer()
            layer.frame = parent.bounds
            layer.isGeometryFlipped = flipped
            parent.addSublayer(layer)
            parent = layer
        }
        parent.addSublayer(leaf)
        return root
    }

    static func render(_ root: CALayer) throws -> CGImage {
        let renderer = try CARenderer(layer: root, size: root.bounds.size, scale: 1)
        return try #require(renderer.image(atTime: settledFrameTime()))
    }

    static func pixel(_ image: CGImage, _ x: Int, _ y: Int) -> [UInt8] {
        CARendererTests.pixel(image, x, y)
    }

    /// A layer covering the middle of the frame (16…48 on both axes, the same place flipped or
    /// not) showing the red-topped image.
    static func imageLayer() throws -> CALayer {
        let layer = CALayer()
        layer.frame = CGRect(x: 16, y: 16, width: 32, height: 32)
        layer.contents = try redTopImage()
        return layer
    }

    @Test(arguments: [[], [true], [true, true], [false, true], [true, false, true]])
    func anImageStaysUprightUnderFlips(_ flips: [Bool]) throws {
        let image = try Self.render(Self.tree(flips: flips, leaf: Self.imageLayer()))
        #expect(Self.pixel(image, 32, 20) == [255, 0, 0, 255], "flips \(flips): the top is red")
        #expect(Self.pixel(image, 32, 44) == [0, 0, 255, 255], "flips \(flips): the bottom is blue")
    }

    @Test func anImageStaysUprightWhenItsOwnLayerIsFlipped() throws {
        let layer = try Self.imageLayer()
        layer.isGeometryFlipped = true
        let image = try Self.render(Self.tree(flips: [], leaf: layer))
        #expect(Self.pixel(image, 32, 20) == [255, 0, 0, 255])
        #expect(Self.pixel(image, 32, 44) == [0, 0, 255, 255])
    }

    /// `contentsRect` shows the same part of the upright image under a flip; `contentsGravity`'s
    /// vertical names swap when `contentsAreFlipped()` is true, as Apple's documentation warns:
    /// `top` then aligns to the other edge on screen (ruling V30).
    @Test(arguments: [(false, false), (true, false), (false, true), (true, true)])
    func gravitySwapsWithContentsAreFlippedAndContentsRectStays(_ flips: (above: Bool, own: Bool)) throws {
        let top = CALayer()
        top.frame = CGRect(x: 0, y: 0, width: 32, height: 64)
        top.contents = try Self.redTopImage()
        top.contentsGravity = .top
        top.isGeometryFlipped = flips.own
        let half = CALayer()
        half.frame = CGRect(x: 32, y: 0, width: 32, height: 64)
        half.contents = try Self.redTopImage()
        half.contentsRect = CGRect(x: 0, y: 0, width: 1, height: 0.5)
        half.isGeometryFlipped = flips.own
        let holder = CALayer()
        holder.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
        holder.addSublayer(top)
        holder.addSublayer(half)
        let root = Self.tree(flips: [flips.above], leaf: holder)
        let image = try Self.render(root)
        // Unflipped, `.top` is maximum y (Apple's header, ruling V3): the bottom on screen in
        // iOS's y-down geometry; the 8-point image, upright, there or, with contentsAreFlipped(),
        // at the top.
        let swapped = top.contentsAreFlipped()
        #expect(swapped == (flips.above != flips.own))
        let (redRow, blueRow, emptyRow) = swapped ? (2, 6, 20) : (58, 62, 40)
        #expect(Self.pixel(image, 16, redRow) == [255, 0, 0, 255], "\(flips)")
        #expect(Self.pixel(image, 16, blueRow) == [0, 0, 255, 255], "\(flips)")
        #expect(Self.pixel(image, 16, emptyRow) == [0, 0, 0, 0], "\(flips)")
        // `contentsRect` (0, 0, 1, ½): the image's top half, red, over the whole layer.
        #expect(Self.pixel(image, 48, 4) == [255, 0, 0, 255], "\(flips)")
        #expect(Self.pixel(image, 48, 40) == [255, 0, 0, 255], "\(flips)")
    }

    @Test func contentsAreFlippedCountsTheFlipsUpToTheRoot() {
        let root = CALayer()
        let middle = CALayer()
        let leaf = CALayer()
        root.addSublayer(middle)
        middle.addSublayer(leaf)
        #expect(!leaf.contentsAreFlipped())  // 0 flips
        middle.isGeometryFlipped = true
        #expect(leaf.contentsAreFlipped())  // 1
        #expect(middle.contentsAreFlipped())  // the receiver counts
        #expect(!root.contentsAreFlipped())
        root.isGeometryFlipped = true
        #expect(!leaf.contentsAreFlipped())  // 2
        leaf.isGeometryFlipped = true
        #expect(leaf.contentsAreFlipped())  // 3
        // A mask counts its own flag and those above its owner, not the owner's.
        let mask = CALayer()
        leaf.mask = mask
        #expect(!mask.contentsAreFlipped())
        mask.isGeometryFlipped = true
        #expect(mask.contentsAreFlipped())
    }

    /// Draws a green band over y 0…8 of its left half.
    final class BandLayer: CALayer {
        override func draw(in ctx: CGContext) {
            ctx.setFillColor(GeometryFlipContentsTests.green)
            ctx.fill(CGRect(x: 0, y: 0, width: bounds.width / 2, height: 8))
        }
    }

    /// A 64 × 64 band layer whose right half has a red sublayer over y 0…8 (its own flip as
    /// given), displayed.
    static func bandLayer(flipped: Bool) -> BandLayer {
        let layer = BandLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
        layer.isGeometryFlipped = flipped
        let sublayer = CALayer()
        sublayer.frame = CGRect(x: 32, y: 0, width: 32, height: 8)
        sublayer.backgroundColor = red
        layer.addSublayer(sublayer)
        layer.setNeedsDisplay()
        return layer
    }

    /// `draw(in:)` at y = 0 lands on the rows where a sublayer at y = 0 does, for every
    /// combination of the layer's own flip and a flip above it.
    @Test(arguments: [(false, false), (true, false), (false, true), (true, true)])
    func drawingLandsWhereTheGeometrySays(_ flips: (above: Bool, own: Bool)) throws {
        let layer = Self.bandLayer(flipped: flips.own)
        let root = Self.tree(flips: [flips.above], leaf: layer)
        let image = try Self.render(root)
        let atBottom = flips.above != flips.own
        let (inside, outside) = atBottom ? (60, 3) : (3, 60)
        #expect(layer.contentsAreFlipped() == atBottom)
        #expect(Self.pixel(image, 16, inside) == [0, 255, 0, 255], "\(flips): the drawn band")
        #expect(Self.pixel(image, 48, inside) == [255, 0, 0, 255], "\(flips): the sublayer")
        #expect(Self.pixel(image, 16, outside) == [0, 0, 0, 0])
        #expect(Self.pixel(image, 48, outside) == [0, 0, 0, 0])
    }

    /// A backing store drawn before a flip above the layer changed is drawn again for the new
    /// orientation at the next display phase.
    @Test func aChangedFlipAboveRedisplaysTheLayer() throws {
        let layer = Self.bandLayer(flipped: false)
        let root = Self.tree(flips: [false], leaf: layer)
        let renderer = try CARenderer(layer: root, size: root.bounds.size, scale: 1)
        let before = try #require(renderer.image(atTime: settledFrameTime()))
        #expect(Self.pixel(before, 16, 3) == [0, 255, 0, 255])
        root.sublayers?.first?.isGeometryFlipped = true
        let after = try #require(renderer.image(atTime: settledFrameTime()))
        #expect(Self.pixel(after, 16, 60) == [0, 255, 0, 255])
        #expect(Self.pixel(after, 48, 60) == [255, 0, 0, 255])
        #expect(Self.pixel(after, 16, 3) == [0, 0, 0, 0])
    }

    /// The ink of a capital T in its top quarter and bottom quarter (alpha summed), and how
    /// many of its ink rows lie in the top half of the frame.
    static func inkOfT(_ image: CGImage) throws -> (top: Int, bottom: Int, rowsInTopHalf: Int, rows: Int) {
        let pixels = try #require(image.premultipliedRGBA8Pixels())
        var rows: [Int] = []
        for y in 0..<image.height {
            var sum = 0
            for x in 0..<image.width { sum += Int(pixels[(y * image.width + x) * 4 + 3]) }
            if sum > 0 { rows.append(y) }
        }
        let first = try #require(rows.first)
        let last = try #require(rows.last)
        let quarter = max((last - first + 1) / 4, 1)
        func ink(_ range: ClosedRange<Int>) -> Int {
            var sum = 0
            for y in range { for x in 0..<image.width { sum += Int(pixels[(y * image.width + x) * 4 + 3]) } }
            return sum
        }
        return (
            ink(first...(first + quarter - 1)), ink((last - quarter + 1)...last),
            rows.filter { $0 < image.height / 2 }.count, rows.count
        )
    }

    @Test(arguments: [[], [true], [true, true]])
    func textIsUprightWithItsFirstLineAtTheVisualTop(_ flips: [Bool]) throws {
        let text = CATextLayer()
        text.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
        text.string = "T"
        text.font = "DejaVu Sans"
        text.fontSize = 24
        text.foregroundColor = Self.red
        let image = try Self.render(Self.tree(flips: flips, leaf: text))
        let ink = try Self.inkOfT(image)
        #expect(ink.top > 2 * ink.bottom, "flips \(flips): the crossbar is at the top (\(ink))")
        #expect(ink.rowsInTopHalf == ink.rows, "flips \(flips): the line hangs from the top (\(ink))")
    }

    /// Shapes and gradients follow the geometry, as sublayers do: a gradient from red at
    /// `startPoint` (0.5, 0) — the layer's minY — shows red at the visual bottom under one flip.
    @Test func gradientsFollowTheGeometry() throws {
        let gradient = CAGradientLayer()
        gradient.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
        gradient.colors = [Self.red, Self.blue]
        let image = try Self.render(Self.tree(flips: [true], leaf: gradient))
        let (top, bottom) = (Self.pixel(image, 32, 1), Self.pixel(image, 32, 62))
        #expect(top[2] > 240 && top[0] < 16, "\(top)")
        #expect(bottom[0] > 240 && bottom[2] < 16, "\(bottom)")
    }

    /// The same upright image drawn through a rasterized layer, as a replicator's instance and
    /// through a mask, under one flip.
    @Test func rasterizedReplicatedAndMaskedContentsStayUpright() throws {
        let rasterized = try Self.imageLayer()
        rasterized.frame = CGRect(x: 0, y: 0, width: 16, height: 16)
        rasterized.shouldRasterize = true
        let replicator = CAReplicatorLayer()
        replicator.frame = CGRect(x: 16, y: 0, width: 48, height: 16)
        replicator.instanceCount = 2
        replicator.instanceTransform = CATransform3DMakeTranslation(24, 0, 0)
        let instance = try Self.imageLayer()
        instance.frame = CGRect(x: 0, y: 0, width: 16, height: 16)
        replicator.addSublayer(instance)
        // A green square masked by the image's alpha-only twin: its top half opaque.
        let masked = CALayer()
        masked.frame = CGRect(x: 0, y: 32, width: 32, height: 32)
        masked.backgroundColor = Self.green
        let mask = CALayer()
        mask.frame = masked.bounds
        let context = try makeImageContext(width: 8, height: 8)
        context.setFillColor(Self.red)
        context.fill(CGRect(x: 0, y: 4, width: 8, height: 4))
        mask.contents = try #require(context.makeImage())
        masked.mask = mask
        let holder = CALayer()
        holder.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
        for layer in [rasterized, replicator, masked] { holder.addSublayer(layer) }
        let image = try Self.render(Self.tree(flips: [true], leaf: holder))
        // Under the flip the 16-point row of layers is at the visual bottom (y 48…64).
        for x in [8, 24, 48] {
            #expect(Self.pixel(image, x, 50) == [255, 0, 0, 255], "x \(x): the top is red")
            #expect(Self.pixel(image, x, 61) == [0, 0, 255, 255], "x \(x): the bottom is blue")
        }
        // The masked square is at y 0…32: its visual top half shows.
        #expect(Self.pixel(image, 16, 4) == [0, 255, 0, 255])
        #expect(Self.pixel(image, 16, 28) == [0, 0, 0, 0])
    }

    /// `render(in:)` draws through the same compositor: the image is upright in a UIKit-style
    /// context under a flipped layer.
    @Test func renderInContextKeepsImagesUpright() throws {
        let root = Self.tree(flips: [true], leaf: try Self.imageLayer())
        let context = try makeImageContext(width: 64, height: 64)
        context.translateBy(x: 0, y: 64)
        context.scaleBy(x: 1, y: -1)
        root.render(in: context)
        let image = try #require(context.makeImage())
        #expect(CARendererTests.close(Self.pixel(image, 32, 20), [255, 0, 0, 255]))
        #expect(CARendererTests.close(Self.pixel(image, 32, 44), [0, 0, 255, 255]))
    }
}
