import CoreGraphics

// Contents too large to upload whole — an image past the texture limit or the pixel budget, a
// recorded backing store — drawn from a window of their pixels: the part of the contents that is
// visible, with a margin, uploaded (or painted) at full resolution, reduced by a whole factor
// only when that part alone passes the limits (ruling V19).

extension RenderPass {
    /// `contents` as a windowed source when it cannot be uploaded whole: a recorded backing store,
    /// or an image with a side past the texture limit or more pixels than four framebuffers (at
    /// least 4096 × 4096).
    func windowedSource(_ contents: Any) -> WindowedSource? {
        if let store = contents as? RecordedBackingStore { return .recording(store) }
        guard let image = contents as? CGImage else { return nil }
        let budget = max(4 * builder.pixelWidth * builder.pixelHeight, 4096 * 4096)
        let fits =
            image.width <= builder.maximumTextureSide && image.height <= builder.maximumTextureSide
            && image.width * image.height <= budget
        return fits ? nil : .image(image)
    }

    /// Draws a windowed source as `contents` with `weight` (a crossfade's share): placed as an
    /// image of its pixels by `contentsGravity`, `contentsRect` and `contentsScale` (a recorded
    /// store's own scale), as `drawImage` places images.
    /// Its window is kept under `key`; only a window made because the last one of the same
    /// contents no longer covers what is visible gets a margin, as for own content.
    func drawWindowed(
        _ source: WindowedSource, _ state: LayerState, _ base: DrawQuad, weight: Float,
        key: WindowKey
    ) {
        let (pixelWidth, pixelHeight) = source.pixelSize
        let crop = state.contentsRect.standardized
        guard crop.width > 0, crop.height > 0, pixelWidth > 0, pixelHeight > 0 else { return }
        let scale: CGFloat
        if case .recording(let store) = source {
            scale = store.scale
        } else {
            scale = state.contentsScale.isFinite && state.contentsScale > 0 ? state.contentsScale : 1
        }
        let size = CGSize(width: CGFloat(pixelWidth), height: CGFloat(pixelHeight))
        let imageSize = CGSize(
            width: size.width * crop.width / scale, height: size.height * crop.height / scale)
        let dest = Self.destination(of: imageSize, in: state.bounds, gravity: uprightGravity(of: state))
        guard dest.width > 0, dest.height > 0, dest.width.isFinite, dest.height.isFinite else { return }
        // The crop's pixels, rounded outwards.
        let all = PixelWindow(x: 0, y: 0, width: pixelWidth, height: pixelHeight)
        let cropPixels = Self.pixelWindow(
            x0: crop.minX * size.width, y0: crop.minY * size.height, x1: crop.maxX * size.width,
            y1: crop.maxY * size.height
        ).intersection(all)
        guard !cropPixels.isEmpty else { return }
        var quad = base
        quad.mode = .texture
        quad.opacity = base.opacity * weight
        quad.clipToShape = state.masksToBounds
        quad.lodBias = state.minificationFilterBias
        quad.sharpensMagnification = true
        let center = state.contentsCenter.standardized
        let ninePart =
            state.contentsGravity == .resize && center != CGRect(x: 0, y: 0, width: 1, height: 1)
            && center.minX >= 0 && center.minY >= 0 && center.maxX <= 1 && center.maxY <= 1
        // Nine parts sample the whole crop: it is uploaded whole, reduced to fit.
        var needed = cropPixels
        if !ninePart {
            var region = visibleRegion(base.matrix)
            if state.masksToBounds { region = region.limited(to: state.bounds) }
            let seen = region.boundingBox(of: dest)
            guard !seen.isNull else { return }
            // Layer coordinates → source pixels, two pixels more for filtering.
            func px(_ x: CGFloat) -> CGFloat {
                (crop.minX + (x - dest.minX) / dest.width * crop.width) * size.width
            }
            func py(_ y: CGFloat) -> CGFloat {
                (crop.minY + (y - dest.minY) / dest.height * crop.height) * size.height
            }
            needed = Self.pixelWindow(
                x0: px(seen.minX), y0: py(seen.minY), x1: px(seen.maxX), y1: py(seen.maxY)
            )
            .grown(2, 2).intersection(cropPixels)
            guard !needed.isEmpty else { return }
        }
        let reduction = self.reduction(for: needed)
        let margin = needed.grown(needed.width / 4, needed.height / 4).intersection(cropPixels)
        // The margin pays for itself when the contents scroll: a window is made with one when the
        // last window of the same contents no longer covers what is visible.
        let moved = builder.windows[key].map { $0.source.object === source.object } ?? false
        let preferred = moved && self.reduction(for: margin) == reduction ? margin : needed
        let window = builder.windowPlan(
            for: source, key: key, needed: needed, preferred: preferred, reduction: reduction,
            minification: state.minificationFilter, magnification: state.magnificationFilter)
        let (textureWidth, textureHeight) = window.textureSize
        // The window's pixels in layer coordinates, and their share of the texture.
        let w = window.window
        func lx(_ x: Int) -> CGFloat {
            dest.minX + (CGFloat(x) / size.width - crop.minX) / crop.width * dest.width
        }
        func ly(_ y: Int) -> CGFloat {
            dest.minY + (CGFloat(y) / size.height - crop.minY) / crop.height * dest.height
        }
        let rect = CGRect(x: lx(w.x), y: ly(w.y), width: lx(w.maxX) - lx(w.x), height: ly(w.maxY) - ly(w.y))
        let used = CGSize(
            width: CGFloat(w.width) / CGFloat(reduction) / CGFloat(textureWidth),
            height: CGFloat(w.height) / CGFloat(reduction) / CGFloat(textureHeight))
        quad.texture = .window(window)
        if ninePart {
            // The crop in the texture's coordinates.
            let textureCrop = CGRect(
                x: (crop.minX * size.width - CGFloat(w.x)) / CGFloat(w.width) * used.width,
                y: (crop.minY * size.height - CGFloat(w.y)) / CGFloat(w.height) * used.height,
                width: crop.width * size.width / CGFloat(w.width) * used.width,
                height: crop.height * size.height / CGFloat(w.height) * used.height)
            quad.destRect = dest
            quad.quad = state.masksToBounds ? dest.intersection(state.bounds) : dest
            drawNinePart(quad, imageSize: imageSize, center: center, crop: textureCrop)
            return
        }
        quad.quad = state.masksToBounds ? rect.intersection(state.bounds) : rect
        guard !quad.quad.isNull, quad.quad.width > 0, quad.quad.height > 0 else { return }
        quad.destRect = rect
        quad.uvRect = CGRect(origin: .zero, size: used)
        // Only the contents' own edges are anti-aliased, not the window's.
        quad.insideRect = dest
        builder.draw(quad)
    }

    /// The least whole factor that brings `window` within the texture limit and four
    /// framebuffers' pixels (at least 2048 × 2048).
    private func reduction(for window: PixelWindow) -> Int {
        let side = builder.maximumTextureSide
        let budget = Double(max(4 * builder.pixelWidth * builder.pixelHeight, RasterRequest.defaultPixels))
        let bySide = max((window.width + side - 1) / side, (window.height + side - 1) / side)
        let byArea = Int((Double(window.width) * Double(window.height) / budget).squareRoot().rounded(.up))
        return max(1, bySide, byArea)
    }

    /// The pixels covering x0…x1 × y0…y1, rounded outwards (clamped to a range that cannot
    /// overflow).
    private static func pixelWindow(x0: CGFloat, y0: CGFloat, x1: CGFloat, y1: CGFloat) -> PixelWindow {
        func clamped(_ v: CGFloat) -> Int { Int(min(max(v, -1e9), 1e9)) }
        let minX = clamped(x0.rounded(.down))
        let minY = clamped(y0.rounded(.down))
        return PixelWindow(
            x: minX, y: minY, width: clamped(x1.rounded(.up)) - minX, height: clamped(y1.rounded(.up)) - minY)
    }
}
