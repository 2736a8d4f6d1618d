import CoreGraphics

// How much of a layer's own content is rasterised (ruling V19): all of it while that fits a
// pixel budget, otherwise only the visible part with a margin, so that a huge layer costs what is
// seen. A bitmap is never larger than the GL texture limit; the scale is lowered only as a last
// resort (a visible part that alone passes the budget, as a layer in steep perspective can).

/// What a layer kind is asked to rasterise: its scale, what of it can be seen, and the limits.
package struct RasterRequest: Sendable {
    /// Pixels per point wanted.
    package var scale: CGFloat
    /// The visible part of the layer's plane; `nil` when the whole content is wanted (tools and
    /// tests asking for a layer's image).
    package var visible: VisibleRegion?
    /// The most pixels a whole-content bitmap may have; larger content is windowed.
    package var wholePixels: Int
    /// The most pixels a window may have (its margin is dropped, then the scale lowered, to fit).
    package var windowPixels: Int
    /// The longest side of any bitmap (the GL texture limit).
    package var maximumSide: Int
    /// Whether a window gets its margin: only when the same content's last window no longer
    /// covers what is visible (it scrolled), where the margin pays for itself; content drawn for
    /// the first time or changed (an animation, which would pay for the margin every frame) gets
    /// none.
    package var usesMargin = true
    /// The framebuffer's pixel grid in the layer's coordinates (a point on a pixel corner), when
    /// the content shows unrotated at exactly `scale` pixels per point: a plan at that scale is
    /// then laid on it, so the bitmap's pixels are the framebuffer's (ruling V20). `nil`: the
    /// grid the content names.
    package var pixelGrid: CGPoint?

    /// A request for the whole content at `scale` within the default limits (2048 × 2048 pixels,
    /// 8192 a side): what `CALayer.kindContents(scale:)` asks.
    package static func whole(scale: CGFloat) -> RasterRequest {
        RasterRequest(
            scale: scale, visible: nil, wholePixels: defaultPixels, windowPixels: defaultPixels,
            maximumSide: 8192)
    }

    /// The least pixel budget: 2048 × 2048.
    static let defaultPixels = 2048 * 2048

    /// The limits a renderer of `pixelWidth × pixelHeight` pixels uses: whole content up to twice
    /// the framebuffer's pixels, windows up to four times (so the visible part of a layer that
    /// covers the screen, with its margin, fits), at least 2048 × 2048, and sides up to the GL
    /// texture limit.
    static func forRenderer(
        scale: CGFloat, visible: VisibleRegion?, pixelWidth: Int, pixelHeight: Int, maximumTextureSide: Int
    ) -> RasterRequest {
        let framebuffer = pixelWidth * pixelHeight
        return RasterRequest(
            scale: scale, visible: visible, wholePixels: max(2 * framebuffer, defaultPixels),
            windowPixels: max(4 * framebuffer, defaultPixels), maximumSide: maximumTextureSide)
    }

    /// The same request at another scale (a text layer rasterises at its `contentsScale`).
    package func at(scale: CGFloat) -> RasterRequest {
        var request = self
        if scale != self.scale { request.pixelGrid = nil }
        request.scale = scale
        return request
    }

    /// What to rasterise of content covering `covered(scale)` (layer coordinates; the content's
    /// extent at a scale, which may depend on it through anti-aliasing margins), on the pixel grid
    /// through `grid` (pixel edges at `grid + k / scale`): the whole content when it fits
    /// `wholePixels`, else the visible part grown by a quarter of its size on each side (when
    /// `usesMargin`); `nil`
    /// when nothing of it is visible or it is empty or not finite.
    package func plan(grid: CGPoint, covered: (CGFloat) -> CGRect) -> RasterPlan? {
        guard scale.isFinite, scale > 0 else { return nil }
        var s = scale
        // At most three tries: each lowering of the scale makes the next fit.
        for _ in 0..<3 {
            let full = covered(s)
            guard !full.isNull, full.width > 0, full.height > 0, full.width.isFinite, full.height.isFinite,
                full.minX.isFinite, full.minY.isFinite
            else { return nil }
            // The framebuffer's grid holds only at the requested scale.
            let grid = s == scale ? pixelGrid ?? grid : grid
            let whole = Self.snapped(full, grid: grid, scale: s)
            if fits(whole, scale: s, pixels: wholePixels) {
                return RasterPlan(rect: whole, scale: s, requestedScale: scale, isWhole: true)
            }
            guard let visible else {
                s = lowered(s, for: whole, pixels: wholePixels)
                continue
            }
            let needed = neededRect(of: full, visible: visible, scale: s)
            if needed.isNull { return nil }
            let margin = needed.insetBy(dx: -needed.width / 4, dy: -needed.height / 4).intersection(full)
            let window = Self.snapped(margin, grid: grid, scale: s)
            if usesMargin, fits(window, scale: s, pixels: windowPixels) {
                return RasterPlan(rect: window, scale: s, requestedScale: scale, isWhole: false)
            }
            let tight = Self.snapped(needed, grid: grid, scale: s)
            if fits(tight, scale: s, pixels: windowPixels) {
                return RasterPlan(rect: tight, scale: s, requestedScale: scale, isWhole: false)
            }
            s = lowered(s, for: tight, pixels: windowPixels)
        }
        return nil
    }

    /// Whether `last` (planned for content covering `covered`) still shows everything that is
    /// visible now at the requested scale: a whole plan always, a window while it contains the
    /// visible part.
    package func reuses(_ last: RasterPlan, covered: (CGFloat) -> CGRect) -> Bool {
        guard last.requestedScale == scale else { return false }
        if last.isWhole { return true }
        guard let visible else { return false }
        let full = covered(last.scale)
        let needed = neededRect(of: full, visible: visible, scale: last.scale)
        return needed.isNull || last.rect.contains(needed)
    }

    /// The visible part of `full`, grown by two pixels (filtering and anti-aliasing reach over
    /// the visible edge), within `full`.
    private func neededRect(of full: CGRect, visible: VisibleRegion, scale s: CGFloat) -> CGRect {
        let seen = visible.boundingBox(of: full)
        guard !seen.isNull else { return .null }
        return seen.insetBy(dx: -2 / s, dy: -2 / s).intersection(full)
    }

    private func fits(_ rect: CGRect, scale s: CGFloat, pixels: Int) -> Bool {
        let (w, h) = RasterPlan.pixelSize(of: rect, scale: s)
        return w <= maximumSide && h <= maximumSide && Double(w) * Double(h) <= Double(pixels)
    }

    /// A scale at which `rect` (planned at `s`) fits `pixels` and the side limit.
    private func lowered(_ s: CGFloat, for rect: CGRect, pixels: Int) -> CGFloat {
        let (w, h) = RasterPlan.pixelSize(of: rect, scale: s)
        let byArea = (Double(pixels) / (Double(w) * Double(h))).squareRoot()
        let bySide = Double(maximumSide - 2) / Double(max(w, h))
        // A little under, so that the rounding outwards of the next try still fits.
        return s * CGFloat(min(byArea, bySide, 1)) * 0.98
    }

    /// `rect` grown outwards to the pixel grid through `grid` at `scale` (a millionth of a pixel of
    /// round-off is not a pixel more).
    static func snapped(_ rect: CGRect, grid: CGPoint, scale: CGFloat) -> CGRect {
        let x0 = ((rect.minX - grid.x) * scale + 1e-6).rounded(.down)
        let y0 = ((rect.minY - grid.y) * scale + 1e-6).rounded(.down)
        let x1 = ((rect.maxX - grid.x) * scale - 1e-6).rounded(.up)
        let y1 = ((rect.maxY - grid.y) * scale - 1e-6).rounded(.up)
        return CGRect(
            x: grid.x + x0 / scale, y: grid.y + y0 / scale, width: (x1 - x0) / scale,
            height: (y1 - y0) / scale)
    }
}

/// What a layer kind rasterises: a rectangle of its bounds coordinates on the pixel grid, at a
/// scale, and whether it is the whole content or a window of it.
package struct RasterPlan: Equatable, Sendable {
    /// The rectangle rasterised, in layer coordinates; its edges on the pixel grid.
    package var rect: CGRect
    /// Pixels per point of the bitmap (the requested scale unless it had to be lowered).
    package var scale: CGFloat
    /// The scale the request asked for.
    package var requestedScale: CGFloat
    /// Whether `rect` holds the whole content (else a window of its visible part).
    package var isWhole: Bool

    /// The bitmap's size in pixels.
    package var pixelSize: (width: Int, height: Int) { Self.pixelSize(of: rect, scale: scale) }

    static func pixelSize(of rect: CGRect, scale: CGFloat) -> (width: Int, height: Int) {
        let w = (rect.width * scale).rounded()
        let h = (rect.height * scale).rounded()
        guard w.isFinite, h.isFinite, w < 1e9, h < 1e9 else { return (Int.max / 4, Int.max / 4) }
        return (max(Int(w), 1), max(Int(h), 1))
    }
}
