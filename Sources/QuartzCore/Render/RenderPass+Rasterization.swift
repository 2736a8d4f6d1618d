import CoreGraphics

/// What a rasterized layer's cached bitmap (`shouldRasterize`) shows, kept by the frame
/// builder per layer; the bitmap itself is the device's (`FrameCommand.storeRaster`).
final class RasterCache {
    /// The bitmap's size in pixels; row 0 at the region's minimum y.
    let width: Int
    let height: Int
    /// What the bitmap covers, in the layer's bounds coordinates: all of `fullRegion`, or the
    /// window of it that was visible (ruling V19).
    let region: CGRect
    /// What the layer's bitmap would cover whole (`RenderPass.rasterRegion`).
    let fullRegion: CGRect
    /// Pixels per point of the bitmap (`rasterizationScale`, unless it had to be lowered).
    let scale: CGFloat
    /// What it shows (see `RenderPass.rasterKey`).
    let key: RasterKey
    /// The frame it was last drawn in.
    var lastUsedFrame: Int

    init(
        width: Int, height: Int, region: CGRect, fullRegion: CGRect, scale: CGFloat, key: RasterKey,
        frame: Int
    ) {
        self.width = width
        self.height = height
        self.region = region
        self.fullRegion = fullRegion
        self.scale = scale
        self.key = key
        lastUsedFrame = frame
    }
}

extension RenderPass {
    /// Draws a layer whose `shouldRasterize` is set from its cached bitmap: the layer and its
    /// subtree (with its shadow and mask, without its opacity) rendered once in the layer's own
    /// coordinates at `rasterizationScale` pixels per point, re-rendered only when something
    /// drawn changes — a model change or a running animation in the subtree, or an animation of
    /// the layer's own properties other than its position, transform, opacity and z position —
    /// and composited with the layer's matrix and `opacity`. `false` when it cannot be cached
    /// (no offscreen target, a non-finite geometry); the layer is then drawn as usual.
    mutating func drawRasterized(
        _ layer: RenderLayer, state: LayerState, parentMatrix: CATransform3D, parentState: LayerState?,
        opacity: Float, stencilLevel: Int
    ) -> Bool {
        let matrix = self.matrix(of: layer, state, parentMatrix: parentMatrix, parentState: parentState)
        guard matrix.isFinite, state.bounds.width > 0, state.bounds.height > 0 else { return false }
        if !state.isDoubleSided, let sign = Self.orientation(of: state.bounds, matrix),
            sign != frontFacingSign
        {
            return true
        }
        let requested =
            state.rasterizationScale.isFinite && state.rasterizationScale > 0 ? state.rasterizationScale : 1
        let full = rasterRegion(of: layer, state)
        guard full.width > 0, full.height > 0, full.width.isFinite, full.height.isFinite else {
            return false
        }
        // The whole region when its bitmap fits the framebuffer (it is drawn in an offscreen
        // target), else only what is visible of it (ruling V19).
        let fitsWhole =
            full.width * requested <= CGFloat(builder.pixelWidth)
            && full.height * requested <= CGFloat(builder.pixelHeight)
        let seen = fitsWhole ? full : visibleRegion(matrix).boundingBox(of: full)
        if seen.isNull { return true }
        // What must be in the bitmap: the visible part in whole points.
        let needed = Self.wholePoints(seen).intersection(full)
        let key = rasterKey(of: layer, state, scale: requested)
        var cache = builder.rasterCaches[layer.id]
        if let existing = cache, let key, existing.key.matches(key), existing.fullRegion == full,
            existing.region.contains(needed)
        {
            existing.lastUsedFrame = builder.frameCount
        } else {
            let region = fitsWhole ? full : rasterWindow(around: seen, in: full, scale: requested)
            // A window that still does not fit is made at the largest scale that does.
            let scale = min(
                requested, CGFloat(builder.pixelWidth) / region.width,
                CGFloat(builder.pixelHeight) / region.height)
            let width = max(Int((region.width * scale).rounded(.up)), 1)
            let height = max(Int((region.height * scale).rounded(.up)), 1)
            guard width <= builder.pixelWidth, height <= builder.pixelHeight,
                let made = rasterize(
                    layer, state, region: region, full: full, scale: scale, width: width, height: height,
                    key: key ?? RasterKey(node: layer, drawn: [], scale: -1), stencilLevel: stencilLevel)
            else { return false }
            cache = made
            builder.rasterCaches[layer.id] = made
        }
        guard let cache else { return false }
        let region = cache.region
        var quad = DrawQuad(
            matrix: matrix, mode: .texture, quad: region, bounds: state.bounds, radii: (0, 0, 0, 0))
        Self.setShape(of: &quad, state)
        quad.radii = (0, 0, 0, 0)
        quad.continuous = nil
        quad.destRect = region
        // Only the region's own edges are the bitmap's edges; a window's are not.
        quad.insideRect = full
        quad.uvRect = CGRect(
            x: 0, y: 0, width: region.width * cache.scale / CGFloat(cache.width),
            height: region.height * cache.scale / CGFloat(cache.height))
        quad.texture = .raster(layer.id)
        quad.opacity = opacity
        builder.draw(quad)
        return true
    }

    /// The window rasterised around `seen`, the visible part of `full`: grown by two pixels at
    /// `scale` for filtering and by a quarter of its size on each side (so that scrolling a little
    /// reuses the bitmap), else only by the two pixels, else `seen` alone — the first that fits
    /// the framebuffer at `scale` — in whole points within `full`.
    private func rasterWindow(around seen: CGRect, in full: CGRect, scale: CGFloat) -> CGRect {
        let filtered = seen.insetBy(dx: -2 / scale, dy: -2 / scale)
        let candidates = [
            filtered.insetBy(dx: -seen.width / 4, dy: -seen.height / 4), filtered, seen,
        ]
        for candidate in candidates {
            let window = Self.wholePoints(candidate).intersection(full)
            if window.width * scale <= CGFloat(builder.pixelWidth)
                && window.height * scale <= CGFloat(builder.pixelHeight)
            {
                return window
            }
        }
        return Self.wholePoints(seen).intersection(full)
    }

    /// `rect` grown outwards to whole points (a millionth of a point of round-off is not a point
    /// more).
    private static func wholePoints(_ rect: CGRect) -> CGRect {
        let x0 = (rect.minX + 1e-6).rounded(.down)
        let y0 = (rect.minY + 1e-6).rounded(.down)
        return CGRect(
            x: x0, y: y0, width: (rect.maxX - 1e-6).rounded(.up) - x0,
            height: (rect.maxY - 1e-6).rounded(.up) - y0)
    }

    /// What a rasterized layer's bitmap covers, in its bounds coordinates: its bounds, with its
    /// sublayers' frames (unless it masks to bounds) and the reach of its shadow.
    private func rasterRegion(of layer: RenderLayer, _ state: LayerState) -> CGRect {
        var region = state.bounds
        if !state.masksToBounds {
            // Each sublayer's bounds through its transforms up to the layer's coordinates, 64
            // levels down, with an explicit stack: a sublayer, its parent's values, the matrix
            // from the parent's coordinates to the layer's, and its depth.
            var pending = layer.sublayers.map { ($0, state, CATransform3DIdentity, 0) }
            while let (sublayer, parent, toLayer, depth) = pending.popLast() {
                let child = sublayer.state
                guard depth < 64, !child.isHidden else { continue }
                let matrix = CATransform3DConcat(
                    child.transformToParent(sublayerSpace: parent.sublayerSpaceTransform), toLayer)
                // A corner behind the eye leaves the frame out (its projection is unbounded).
                if let frame = Self.clipBox(of: child.bounds, matrix) {
                    region = region.union(frame)
                }
                if !child.masksToBounds {
                    for grandchild in sublayer.sublayers {
                        pending.append((grandchild, child, matrix, depth + 1))
                    }
                }
            }
        }
        if state.shadowOpacity > 0, !state.masksToBounds, state.shadowColor != nil {
            let radius = state.shadowRadius.isFinite ? max(state.shadowRadius, 0) : 0
            let offset = state.shadowOffset
            if offset.width.isFinite, offset.height.isFinite {
                let shape = state.shadowPath?.boundingBoxOfPath ?? region
                region = region.union(
                    shape.offsetBy(dx: offset.width, dy: offset.height).insetBy(
                        dx: -2 * radius, dy: -2 * radius))
            }
        }
        // Whole points, so the bitmap's pixels do not drift as the region changes by fractions.
        return CGRect(
            x: region.minX.rounded(.down), y: region.minY.rounded(.down),
            width: region.maxX.rounded(.up) - region.minX.rounded(.down),
            height: region.maxY.rounded(.up) - region.minY.rounded(.down))
    }

    /// What the bitmap shows, or `nil` when it must be redrawn every frame (an animation in the
    /// subtree, or of the layer's own drawn properties; an emitter's particles). Its position,
    /// transform, opacity and z position are not part of it.
    private func rasterKey(of layer: RenderLayer, _ state: LayerState, scale: CGFloat) -> RasterKey? {
        guard layer.animations.allSatisfy(\.changesOnlyPlacement), state.contentsCrossfade == nil,
            !layer.sublayers.contains(where: \.isAnimating),
            layer.mask?.isAnimating != true,
            layer.kind?.emitsParticles != true
        else { return nil }
        // The flips above decide which way its contents images and text face (ruling L20).
        return RasterKey(
            node: layer, drawn: Self.drawnValues(of: state) + [AnyHashable(contentsFlipped)], scale: scale)
    }

    /// The layer's own values that its bitmap shows: every render-node property of
    /// `CALayerProperty.table` not declared undrawn (placement, opacity, …), in key order, so that
    /// a property added to the table is part of the key without being listed here. Colours and
    /// other hashable values compare by value; images, paths and backing stores by identity.
    private static func drawnValues(of s: LayerState) -> [AnyHashable] {
        CALayerProperty.drawnProperties.map { drawnKey($0.get(s)) }
    }

    /// `value` as a key part: `nil` as itself, a colour or any hashable value as itself, another
    /// object by identity, anything else by its description.
    private static func drawnKey(_ value: Any?) -> AnyHashable {
        guard let value else { return AnyHashable(NoValue()) }
        if let color = value as? CGColor { return color }
        if type(of: value) is AnyObject.Type { return ObjectIdentifier(value as AnyObject) }
        if let hashable = value as? AnyHashable { return hashable }
        return String(describing: value)
    }

    /// A drawn value that is `nil`.
    private struct NoValue: Hashable {}

    /// Renders the layer and its subtree at full opacity into an offscreen target, its region
    /// mapped onto the target's bottom-left `width × height` pixels, and copies those pixels into
    /// a new cache; then draws into the current target again, at `stencilLevel`.
    private mutating func rasterize(
        _ layer: RenderLayer, _ state: LayerState, region: CGRect, full: CGRect, scale: CGFloat, width: Int,
        height: Int, key: RasterKey, stencilLevel: Int
    ) -> RasterCache? {
        guard let target = builder.offscreenTarget(depth: groupDepth) else { return nil }
        let outer = builder.currentTarget
        let scissor = builder.scissor
        builder.setScissor(nil)
        bind(target)
        // Layer coordinates → the target's pixels (row 0 at the region's minY) → clip space.
        let w = CGFloat(builder.pixelWidth)
        let h = CGFloat(builder.pixelHeight)
        var toTarget = CATransform3DMakeTranslation(-region.minX, -region.minY, 0)
        toTarget = CATransform3DConcat(toTarget, CATransform3DMakeScale(2 * scale / w, 2 * scale / h, 0))
        toTarget = CATransform3DConcat(toTarget, CATransform3DMakeTranslation(-1, -1, 0))
        var pass = RenderPass(builder: builder, time: time, worldToClip: toTarget)
        // The bitmap's pixels, bottom-left in the target, are what can be seen.
        pass.visibleBox = CGRect(x: -1, y: -1, width: 2 * CGFloat(width) / w, height: 2 * CGFloat(height) / h)
        pass.groupDepth = groupDepth + 1
        pass.frozenDepth = frozenDepth
        pass.contentsFlipped = contentsFlipped
        pass.drawContent(of: layer, state: state, placement: toTarget)
        let cache = RasterCache(
            width: width, height: height, region: region, fullRegion: full, scale: scale, key: key,
            frame: builder.frameCount)
        builder.bind(.offscreen(target), clear: false)
        builder.record(.storeRaster(layer.id, width: width, height: height))
        builder.rasterizationCount += 1
        returnTo(outer, stencilLevel: stencilLevel)
        builder.setScissor(scissor)
        return cache
    }

    /// The layer's own parts, shadow and subtree at full opacity, masked by its `mask`, with
    /// `placement` as its matrix: what its bitmap shows.
    private mutating func drawContent(of layer: RenderLayer, state: LayerState, placement: CATransform3D) {
        if layer.mask != nil,
            drawAsGroup(
                layer, mask: layer.mask, parentMatrix: placement, parentState: nil, opacity: 1,
                stencilLevel: 0, placement: placement)
        {
            return
        }
        drawUngrouped(
            layer, state: state, parentMatrix: placement, parentState: nil, opacity: 1, stencilLevel: 0,
            placement: placement)
    }
}

/// What a rasterized layer's bitmap shows: the node it was drawn from (kept alive, so the
/// identities compared below can never be a freed object's reused address), the layer's drawn
/// values as presented (all but its placement and opacity), and the scale.
struct RasterKey {
    let node: RenderLayer
    let drawn: [AnyHashable]
    let scale: CGFloat

    /// Whether a bitmap drawn for `self` shows `other`: the same node, or — for a plain layer,
    /// whose node changes when only its placement does — the same sublayer and mask nodes and
    /// the same drawn values.
    func matches(_ other: RasterKey) -> Bool {
        guard scale == other.scale, scale > 0, drawn == other.drawn else { return false }
        if node === other.node { return true }
        return node.kind == nil && other.node.kind == nil && node.mask === other.node.mask
            && node.sublayers.elementsEqual(other.node.sublayers, by: ===)
    }
}
