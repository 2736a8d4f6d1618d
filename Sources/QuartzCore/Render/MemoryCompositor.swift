import CoreGraphics

@_implementationOnly import CPixelRows

/// The compositor's second submit stage (ruling V26): draws, in memory, the frames that need
/// nothing but axis-aligned colour and image layers — what a slideshow, a caption over a clip and
/// most overlays are — with the arithmetic llvmpipe uses for the same draws (ruling V26 lists
/// it), at a fraction of llvmpipe's cost, and converts them to I420 without a GPU pass.
///
/// A frame is drawn here only when every batch of it is (`plan(_:viewport:)`): the output bound
/// and cleared before anything is drawn; scissors; fills with circular rounded corners and hard
/// straight edges; and plain layer draws (no coverage, no mask, no colour multiplier,
/// source-over) of a colour or of an image of 8-bit components (Cairo's
/// premultiplied BGRA read in place, other layouts through a copy converted once) with linear or
/// nearest filtering, under a 2D matrix that neither rotates nor puts the quad outside the clip
/// volume's depth. Anything else — offscreen
/// targets, clips, shadows, blend modes, transitions, particles, rotation, perspective, masks,
/// mipmaps — leaves the whole frame to OpenGL.
///
/// The frame is held bottom row first, as OpenGL holds it, in BGRA words. GL-free.
final class MemoryCompositor {
    /// One step of a frame drawn in memory.
    enum Step {
        /// Sets every pixel within the scissor to the colour (a BGRA word).
        case clear(UInt32)
        /// Limits drawing and clearing to the rectangle (`nil`: no limit).
        case scissor(PixelRect?)
        /// Draws the colour (a BGRA word) over the pixels `columns × rows` (rows from the bottom).
        case fill(columns: Range<Int>, rows: Range<Int>, color: UInt32)
        /// Draws an image over the pixels `columns × rows`.
        case image(ImageDraw)
        /// Draws a colour over a rectangle with circular rounded corners.
        case roundedFill(RoundedFill)
    }

    /// A colour filling a rectangle with circular rounded corners and hard straight edges over
    /// the pixels `columns × rows`, covered as the layer program's fill covers it: inside a
    /// corner, `clamp(0.5 − d / w, 0, 1)` of the pixel for the signed distance d to the rounded
    /// rectangle and w the layer units across a pixel; elsewhere all of a pixel whose centre is
    /// inside.
    struct RoundedFill {
        var columns: Range<Int>
        var rows: Range<Int>
        /// Premultiplied, and the opacity, multiplied per pixel as the shader multiplies them.
        var color: (Float, Float, Float, Float)
        var opacity: Float
        /// The layer's bounds and corner radii (minX-minY, maxX-minY, maxX-maxY, minX-maxY), in
        /// layer units.
        var rect: (x: Float, y: Float, width: Float, height: Float)
        var radii: (Float, Float, Float, Float)
        /// The layer point at column `i`'s centre is `x0 + dx × i`; at row `j`'s, `y0 + dy × j`.
        var x0, dx, y0, dy: Float
    }

    /// An image drawn over a rectangle of pixels: where each pixel's centre falls in the image,
    /// in texels (an affine function of the pixel's index along each axis), how it is filtered
    /// there, and the opacity it is drawn with.
    struct ImageDraw {
        var image: CGImage
        var columns: Range<Int>
        var rows: Range<Int>
        /// The texel position of column `i`'s centre is `s0 + ds × i`; of row `j`'s, `t0 + dt × j`
        /// (texels from the image's first stored row).
        var s0, ds, t0, dt: Double
        /// Nearest rather than linear filtering.
        var nearest: Bool
        /// Linear filtering between texels along a smoothstep (an enlarged contents image,
        /// ruling V22).
        var sharp: Bool
        /// ⌊opacity × 65536⌋ (`pixel_rows_draw_over`).
        var opacity: UInt32
    }

    /// An image's pixels converted to premultiplied BGRA words, top row first.
    final class ConvertedImage {
        let pixels: [UInt32]
        /// The frame it was last drawn in.
        var lastFrame: Int

        init(pixels: [UInt32], frame: Int) {
            self.pixels = pixels
            lastFrame = frame
        }
    }

    let width: Int
    let height: Int
    /// Images converted for drawing (`ConvertedImage`), by identity; an image not drawn in a frame
    /// drawn here is dropped at its end.
    private var conversions: [ObjectIdentifier: (image: CGImage, converted: ConvertedImage)] = [:]
    /// Frames drawn here so far.
    private var frameNumber = 0
    /// The frame: `height` rows of `width` BGRA words, bottom row first; made for the first
    /// frame drawn here.
    private lazy var pixels: UnsafeMutablePointer<UInt32> = {
        let pixels = UnsafeMutablePointer<UInt32>.allocate(capacity: width * height)
        pixels.initialize(repeating: 0, count: width * height)
        return pixels
    }()
    private var madePixels = false
    /// How many plain quads the compositor has drawn (counted with the GL device's; a rounded
    /// fill is not plain).
    private(set) var drawCount = 0
    /// Scratch rows and per-column tables, grown as needed.
    private var upper: [UInt32] = []
    private var lower: [UInt32] = []
    private var mixed: UnsafeMutablePointer<UInt32>?
    private var mixedCapacity = 0
    private var left: [Int32] = []
    private var right: [Int32] = []
    private var weights: [UInt16] = []

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    deinit {
        if madePixels { pixels.deallocate() }
        mixed?.deallocate()
    }

    // MARK: Planning

    /// The steps that draw `batches` in memory in a target of `viewport` pixels, or `nil` when a
    /// command of the frame needs OpenGL (see the type's description).
    func plan(_ batches: [BatchedCommand], viewport: (width: Int, height: Int)) -> [Step]? {
        var steps: [Step] = []
        steps.reserveCapacity(batches.count + 4)
        var cleared = false
        for command in batches {
            switch command {
            case .bindClearing(.output, let color):
                steps.append(.clear(Self.word(color)))
                cleared = true
            case .command(.bind(.output, let clear)):
                guard clear || cleared else { return nil }
                if clear { steps.append(.clear(0)) }
                cleared = true
            case .command(.scissor(let rect)):
                steps.append(.scissor(rect))
            case .command(.stencilLevel(0)):
                continue
            case .draws(let batch):
                // Plain draws, and fills whose only coverage is circular rounded corners.
                guard cleared, batch.blend == .sourceOver, case .layer(let key) = batch.program,
                    key.plain || (key.mode == DrawQuad.Mode.fill.rawValue && !key.continuous),
                    !key.multiplied, !batch.mask.isSome
                else { return nil }
                for item in batch.items {
                    guard case .layer(let quad) = item, let step = step(for: quad, viewport: viewport)
                    else { return nil }
                    if let step { steps.append(step) }
                }
            default:
                return nil
            }
        }
        return steps
    }

    /// The step that draws a plain quad, `.some(nil)` when it covers no pixel, `nil` when it
    /// cannot be drawn in memory.
    private func step(for quad: DrawQuad, viewport: (width: Int, height: Int)) -> Step?? {
        let m = quad.matrix
        guard m.m12 == 0, m.m21 == 0, m.m14 == 0, m.m24 == 0, m.m44 > 0, m.m11.isFinite, m.m22.isFinite,
            m.m41.isFinite, m.m42.isFinite, m.m43.isFinite, m.m44.isFinite, m.m13.isFinite, m.m23.isFinite
        else { return nil }
        // Depth outside the clip volume would clip the quad in OpenGL.
        for x in [quad.quad.minX, quad.quad.maxX] {
            for y in [quad.quad.minY, quad.quad.maxY] where abs(x * m.m13 + y * m.m23 + m.m43) > m.m44 {
                return nil
            }
        }
        let opacity = quad.opacity.isFinite ? min(max(quad.opacity, 0), 1) : 0
        guard m.m11 != 0, m.m22 != 0, quad.quad.width > 0, quad.quad.height > 0,
            let (x0, x1, y0, y1) = quad.pixelEdges(viewport: viewport),
            let columns = Self.covered(x0, x1, pixels: viewport.width),
            let rows = Self.covered(y0, y1, pixels: viewport.height)
        else { return .some(nil) }
        // The layer point at a pixel's centre along each axis: the inverse of the matrix's scale
        // and translation, affine in the pixel's index.
        let w = Double(m.m44)
        let xAt = { (i: Double) in
            (((i + 0.5) / Double(viewport.width) * 2 - 1) * w - Double(m.m41)) / Double(m.m11)
        }
        let yAt = { (j: Double) in
            (((j + 0.5) / Double(viewport.height) * 2 - 1) * w - Double(m.m42)) / Double(m.m22)
        }
        switch quad.mode {
        case .fill:
            let c = quad.color
            guard quad.quad == quad.bounds else { return nil }
            if quad.radii != (0, 0, 0, 0) {
                // Circular corners (continuous ones are left to OpenGL) with hard straight edges.
                guard quad.continuous == nil, quad.antialiasedEdges == 0 else { return nil }
                let (x0, y0) = (Float(xAt(0)), Float(yAt(0)))
                let b = quad.bounds
                return .roundedFill(
                    RoundedFill(
                        columns: columns, rows: rows, color: c, opacity: opacity,
                        rect: (Float(b.minX), Float(b.minY), Float(b.width), Float(b.height)),
                        radii: (
                            Float(quad.radii.0), Float(quad.radii.1), Float(quad.radii.2), Float(quad.radii.3)
                        ),
                        x0: x0, dx: Float(xAt(1)) - x0, y0: y0, dy: Float(yAt(1)) - y0))
            }
            // Straight edges anti-aliased off the pixel grid need their coverage: OpenGL's.
            guard quad.isPlain(viewport: viewport) else { return nil }
            let color = Self.word((c.0 * opacity, c.1 * opacity, c.2 * opacity, c.3 * opacity))
            return color == 0 ? .some(nil) : .fill(columns: columns, rows: rows, color: color)
        case .texture:
            guard case .image(let image, let minification, let magnification) = quad.texture,
                image.width > 0, image.height > 0, quad.destRect.width != 0, quad.destRect.height != 0,
                Self.isReadable(image)
            else { return nil }
            // The texel position at a layer point along each axis: the vertex shader's mapping
            // (LayerProgram).
            let (textureWidth, textureHeight) = (Double(image.width), Double(image.height))
            let sAt = { (x: Double) in
                (Double(quad.uvRect.minX) + (x - Double(quad.destRect.minX)) / Double(quad.destRect.width)
                    * Double(quad.uvRect.width))
                    * textureWidth
            }
            let tAt = { (y: Double) in
                (Double(quad.uvRect.minY) + (y - Double(quad.destRect.minY)) / Double(quad.destRect.height)
                    * Double(quad.uvRect.height))
                    * textureHeight
            }
            let s0 = sAt(xAt(0))
            let ds = sAt(xAt(1)) - s0
            let t0 = tAt(yAt(0))
            let dt = tAt(yAt(1)) - t0
            // Positions beyond any texture (a degenerate matrix) are left to OpenGL, so that no
            // texel position overflows to infinity across the row.
            func moderate(_ v: Double) -> Bool { v.isFinite && abs(v) < 1e12 }
            guard moderate(s0), moderate(ds), moderate(t0), moderate(dt) else { return nil }
            // OpenGL filters by the minification filter where a pixel spans more than a texel.
            let footprint = max(abs(ds), abs(dt))
            let filter = footprint > 1 ? minification : magnification
            guard filter == .linear || filter == .nearest || (filter == .trilinear && footprint <= 1) else {
                return nil
            }
            // Nearest filtering picks a texel by which side of a texel's edge the centre falls;
            // where a centre lies within float precision of an edge, the frame is left to OpenGL,
            // whose float arithmetic decides it.
            if filter == .nearest,
                !Self.clearOfEdges(s0, ds, columns) || !Self.clearOfEdges(t0, dt, rows)
            {
                return nil
            }
            let sharp = quad.sharpensMagnification && footprint < 0.999
            return .image(
                ImageDraw(
                    image: image, columns: columns, rows: rows, s0: s0, ds: ds, t0: t0, dt: dt,
                    nearest: filter == .nearest, sharp: sharp && filter != .nearest,
                    opacity: UInt32((Double(opacity) * 65536).rounded(.down))))
        default:
            return nil
        }
    }

    /// Whether the compositor reads `image`: its own bytes when they are premultiplied BGRA
    /// (Cairo's layout), or else a copy converted as the GL device converts such an image when it
    /// uploads it (8-bit components; `CGImage.premultipliedRGBA8Pixels()`).
    private static func isReadable(_ image: CGImage) -> Bool {
        image.withPremultipliedBGRA8Bytes({ _, _ in () }) != nil
            || (image.bitsPerComponent == 8 && image.bitsPerPixel % 8 == 0
                && !image.bitmapInfo.contains(.floatComponents))
    }

    /// `image`'s pixels converted to BGRA words, made on first use and kept while the image is
    /// drawn; `nil` when it cannot be converted.
    private func converted(_ image: CGImage) -> ConvertedImage? {
        let key = ObjectIdentifier(image)
        if let kept = conversions[key], kept.image === image {
            kept.converted.lastFrame = frameNumber
            return kept.converted
        }
        guard let rgba = image.premultipliedRGBA8Pixels(), rgba.count >= image.width * image.height * 4 else {
            return nil
        }
        var pixels = [UInt32](repeating: 0, count: image.width * image.height)
        pixels.withUnsafeMutableBufferPointer { out in
            rgba.withUnsafeBufferPointer {
                pixel_rows_rgba_to_bgra(out.baseAddress, $0.baseAddress, out.count)
            }
        }
        let made = ConvertedImage(pixels: pixels, frame: frameNumber)
        conversions[key] = (image, made)
        return made
    }

    /// Whether no position `p0 + dp × i` for `i` in `range` lies within 1/500 texel of a texel's
    /// edge (a whole number).
    private static func clearOfEdges(_ p0: Double, _ dp: Double, _ range: Range<Int>) -> Bool {
        range.allSatisfy { i in
            let p = p0 + dp * Double(i)
            return abs(p - p.rounded()) > 0.002
        }
    }

    /// The pixels of an axis of `pixels` whose centres lie between the edges `a` and `b`
    /// (pixels, `DrawQuad.pixelEdges`): as llvmpipe rasterises, with the edges snapped to 1/256
    /// pixel, the lower edge inclusive and the upper exclusive; `nil` when none.
    private static func covered(_ a: CGFloat, _ b: CGFloat, pixels: Int) -> Range<Int>? {
        func edge(_ p: CGFloat) -> Double { (Double(p) * 256).rounded() / 256 }
        let (e0, e1) = (edge(a), edge(b))
        let (low, high) = (min(e0, e1), max(e0, e1))
        guard low.isFinite, high.isFinite else { return nil }
        let first = max(Int(max((low - 0.5).rounded(.up), -1)), 0)
        let end = min(Int(min((high - 0.5).rounded(.up), Double(pixels) + 1)), pixels)
        return first < end ? first..<end : nil
    }

    /// A premultiplied colour as OpenGL stores it in an 8-bit target: each component rounded to
    /// the nearest 1/255, colour no more than alpha.
    static func word(_ c: (Float, Float, Float, Float)) -> UInt32 {
        func byte(_ v: Float) -> UInt32 {
            v.isFinite ? UInt32((min(max(v, 0), 1) * 255).rounded(.toNearestOrEven)) : 0
        }
        let a = byte(c.3)
        return a << 24 | min(byte(c.0), a) << 16 | min(byte(c.1), a) << 8 | min(byte(c.2), a)
    }

    // MARK: Drawing

    /// Draws a frame's steps.
    func draw(_ steps: [Step]) {
        madePixels = true
        defer {
            conversions = conversions.filter { $0.value.converted.lastFrame == frameNumber }
            frameNumber += 1
        }
        var scissor = (columns: 0..<width, rows: 0..<height)
        for step in steps {
            switch step {
            case .clear(let color):
                for row in scissor.rows {
                    pixel_rows_fill(
                        pixels + row * width + scissor.columns.lowerBound, scissor.columns.count, color)
                }
            case .scissor(let rect):
                if let r = rect {
                    scissor = (
                        Self.clamp(Int(r.x)..<Int(r.x) + Int(max(r.width, 0)), to: width),
                        Self.clamp(Int(r.y)..<Int(r.y) + Int(max(r.height, 0)), to: height)
                    )
                } else {
                    scissor = (0..<width, 0..<height)
                }
            case .fill(let columns, let rows, let color):
                drawCount += 1
                let c = columns.clamped(to: scissor.columns)
                for row in rows.clamped(to: scissor.rows) where !c.isEmpty {
                    pixel_rows_fill_over(pixels + row * width + c.lowerBound, c.count, color)
                }
            case .roundedFill(var fill):
                fill.columns = fill.columns.clamped(to: scissor.columns)
                fill.rows = fill.rows.clamped(to: scissor.rows)
                if !fill.columns.isEmpty { drawRoundedFill(fill) }
            case .image(var draw):
                drawCount += 1
                draw.columns = draw.columns.clamped(to: scissor.columns)
                draw.rows = draw.rows.clamped(to: scissor.rows)
                guard !draw.columns.isEmpty, !draw.rows.isEmpty else { continue }
                let own: Void? = draw.image.withPremultipliedBGRA8Bytes { bytes, rowPixels in
                    guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt32.self) else { return }
                    drawImage(draw, texels: base, rowPixels: rowPixels)
                }
                if own == nil, let copy = converted(draw.image) {
                    copy.pixels.withUnsafeBufferPointer { texels in
                        if let base = texels.baseAddress {
                            drawImage(draw, texels: base, rowPixels: draw.image.width)
                        }
                    }
                }
            }
        }
    }

    /// Draws a `RoundedFill`: rows away from the corners as one colour, the rows through a
    /// corner pixel by pixel with the shader's coverage, in `Float` as the shader computes it.
    private func drawRoundedFill(_ fill: RoundedFill) {
        let (c, o) = (fill.color, fill.opacity)
        let solid = Self.word((c.0 * o, c.1 * o, c.2 * o, c.3 * o))
        let half = (x: fill.rect.width * 0.5, y: fill.rect.height * 0.5)
        let centre = (x: fill.rect.x + half.x, y: fill.rect.y + half.y)
        let largest = max(max(fill.radii.0, fill.radii.1), max(fill.radii.2, fill.radii.3))
        let limit = min(half.x, half.y)
        // Layer units across a pixel (the shader's `pixelWidth`, constant under a 2D matrix).
        let pixelWidth = max(max(abs(fill.dx), abs(fill.dy)), 1e-6)
        for j in fill.rows {
            let row = pixels + j * width
            let y = fill.y0 + fill.dy * Float(j)
            let qy = y - centre.y
            // A row no corner reaches is the colour throughout.
            if abs(qy) < half.y - min(largest, limit) {
                pixel_rows_fill_over(row + fill.columns.lowerBound, fill.columns.count, solid)
                continue
            }
            for i in fill.columns {
                let qx = fill.x0 + fill.dx * Float(i) - centre.x
                var r =
                    qx < 0 ? (qy < 0 ? fill.radii.0 : fill.radii.3) : (qy < 0 ? fill.radii.1 : fill.radii.2)
                r = min(r, limit)
                let ex = abs(qx) - half.x + r
                let ey = abs(qy) - half.y + r
                let d =
                    min(max(ex, ey), 0) + (max(ex, 0) * max(ex, 0) + max(ey, 0) * max(ey, 0)).squareRoot() - r
                let coverage: Float
                if r > 0, ex > 0, ey > 0 {
                    coverage = min(max(0.5 - d / pixelWidth, 0), 1)
                } else {
                    coverage = d < 0 ? 1 : 0
                }
                if coverage == 1 {
                    pixel_rows_fill_over(row + i, 1, solid)
                } else if coverage > 0 {
                    let k = coverage * o
                    pixel_rows_fill_over(row + i, 1, Self.word((c.0 * k, c.1 * k, c.2 * k, c.3 * k)))
                }
            }
        }
    }

    private static func clamp(_ range: Range<Int>, to count: Int) -> Range<Int> {
        let lower = min(max(range.lowerBound, 0), count)
        return lower..<min(max(range.upperBound, lower), count)
    }

    /// Where texel position `p` (texels, pixel centres at half-texels) falls between two
    /// texels: the first and its weight's complement, the weight of the second in 1/256, as
    /// llvmpipe's 8-bit filtering quantises it; along a smoothstep for `sharp`.
    private static func between(_ p: Double, sharp: Bool) -> (index: Int, weight: Int) {
        var position = p - 0.5
        if sharp {
            let whole = position.rounded(.down)
            let f = position - whole
            position = whole + f * f * (3 - 2 * f)
        }
        let fixed = Int((min(max(position, -1e9), 1e9) * 256).rounded())
        return (fixed >> 8, fixed & 255)
    }

    private func drawImage(_ draw: ImageDraw, texels: UnsafePointer<UInt32>, rowPixels: Int) {
        let count = draw.columns.count
        let (textureWidth, textureHeight) = (draw.image.width, draw.image.height)
        if left.count < count {
            left = Array(repeating: 0, count: count)
            right = Array(repeating: 0, count: count)
            weights = Array(repeating: 0, count: 4 * count)
            upper = Array(repeating: 0, count: count)
            lower = Array(repeating: 0, count: count)
        }
        // The texels each column reads: one, or two and the weight of the second.
        for (k, i) in draw.columns.enumerated() {
            let s = draw.s0 + draw.ds * Double(i)
            if draw.nearest {
                left[k] = Int32(Self.nearest(s, count: textureWidth))
            } else {
                let (index, weight) = Self.between(s, sharp: draw.sharp)
                left[k] = Int32(min(max(index, 0), textureWidth - 1))
                right[k] = Int32(min(max(index + 1, 0), textureWidth - 1))
                let w = UInt16(weight)
                (weights[4 * k], weights[4 * k + 1], weights[4 * k + 2], weights[4 * k + 3]) = (w, w, w, w)
            }
        }
        // Where the texels are consecutive with one weight (an image at its own size, at a
        // fraction of a pixel), those columns are filtered without the tables.
        let run = draw.nearest ? 0..<0 : consecutiveRun(count)
        let mix = scratch(count)
        left.withUnsafeBufferPointer { left in
            right.withUnsafeBufferPointer { right in
                weights.withUnsafeBufferPointer { weights in
                    upper.withUnsafeMutableBufferPointer { upper in
                        lower.withUnsafeMutableBufferPointer { lower in
                            // Texel rows filtered along x, kept for the next pixel row (which
                            // often reads one of them again).
                            var rows = (upper: upper.baseAddress!, lower: lower.baseAddress!)
                            var held = (upper: -1, lower: -1)
                            func filtered(_ y: Int, into slot: UnsafeMutablePointer<UInt32>) {
                                let texelRow = texels + y * rowPixels
                                if draw.nearest {
                                    pixel_rows_gather(slot, texelRow, left.baseAddress, count)
                                } else if run.isEmpty {
                                    pixel_rows_sample(
                                        slot, texelRow, left.baseAddress, right.baseAddress,
                                        weights.baseAddress,
                                        count)
                                } else {
                                    pixel_rows_sample(
                                        slot, texelRow, left.baseAddress, right.baseAddress,
                                        weights.baseAddress,
                                        run.lowerBound)
                                    pixel_rows_sample_run(
                                        slot + run.lowerBound, texelRow + Int(left[run.lowerBound]),
                                        run.count,
                                        UInt32(weights[4 * run.lowerBound]))
                                    let rest = run.upperBound
                                    pixel_rows_sample(
                                        slot + rest, texelRow, left.baseAddress! + rest,
                                        right.baseAddress! + rest,
                                        weights.baseAddress! + 4 * rest, count - rest)
                                }
                            }
                            for j in draw.rows {
                                let t = draw.t0 + draw.dt * Double(j)
                                let target = pixels + j * width + draw.columns.lowerBound
                                let (index, weight) =
                                    draw.nearest
                                    ? (Self.nearest(t, count: textureHeight), 0)
                                    : Self.between(t, sharp: draw.sharp)
                                let y0 = min(max(index, 0), textureHeight - 1)
                                let y1 = min(max(index + 1, 0), textureHeight - 1)
                                if held.upper != y0 {
                                    if held.lower == y0 {
                                        swap(&rows.upper, &rows.lower)
                                        swap(&held.upper, &held.lower)
                                    } else {
                                        filtered(y0, into: rows.upper)
                                        held.upper = y0
                                    }
                                }
                                var source = UnsafePointer(rows.upper)
                                if weight != 0, y1 != y0 {
                                    if held.lower != y1 {
                                        filtered(y1, into: rows.lower)
                                        held.lower = y1
                                    }
                                    // Mixed into a third row, so that both filtered rows stay.
                                    pixel_rows_blend_rows(mix, rows.upper, rows.lower, count, UInt32(weight))
                                    source = UnsafePointer(mix)
                                }
                                pixel_rows_draw_over(target, source, count, draw.opacity)
                            }
                        }
                    }
                }
            }
        }
    }

    /// The longest range of the first `count` columns whose texels are consecutive
    /// (`right = left + 1`, each column one texel on) with one weight; empty when shorter than 16.
    private func consecutiveRun(_ count: Int) -> Range<Int> {
        var best = 0..<0
        var start = 0
        for k in 0..<count {
            let continues =
                k > start && left[k] == left[k - 1] + 1 && weights[4 * k] == weights[4 * start]
            let paired = right[k] == left[k] + 1 || weights[4 * k] == 0
            if !paired {
                if k - start > best.count { best = start..<k }
                start = k + 1
            } else if k > start, !continues {
                if k - start > best.count { best = start..<k }
                start = k
            }
        }
        if count - start > best.count { best = start..<count }
        return best.count >= 16 ? best : 0..<0
    }

    /// A scratch row of at least `count` pixels.
    private func scratch(_ count: Int) -> UnsafeMutablePointer<UInt32> {
        if mixedCapacity < count {
            mixed?.deallocate()
            mixed = .allocate(capacity: count)
            mixedCapacity = count
        }
        return mixed!
    }

    /// The texel nearest position `p` along an axis of `count` texels (clamped to the edge).
    private static func nearest(_ p: Double, count: Int) -> Int {
        min(max(Int(min(max(p, -1), 1e9).rounded(.down)), 0), count - 1)
    }

    // MARK: Reading

    /// Copies the frame into `base` as premultiplied RGBA: `height` rows of `rowPixels` pixels,
    /// bottom row first (as `glReadPixels` reads).
    func readRGBA(into base: UnsafeMutableRawPointer, rowPixels: Int) {
        let bytes = base.assumingMemoryBound(to: UInt8.self)
        for row in 0..<height {
            pixel_rows_bgra_to_rgba(bytes + row * rowPixels * 4, pixels + row * width, width)
        }
    }

    /// Converts the frame to I420 into `base` (`width × height × 3 / 2` bytes), as
    /// `CARenderer.readYUV420(into:)` describes.
    func readYUV420(into base: UnsafeMutableRawPointer) {
        let luma = base.assumingMemoryBound(to: UInt8.self)
        let planeBytes = width / 2 * (height / 2)
        pixel_rows_i420(
            pixels, width, height, width, luma, luma + width * height, luma + width * height + planeBytes)
    }
}
