import CoreGraphics

// What of a layer can be seen (ruling V19): the pass keeps the visible box of the target it draws
// into — its viewport, narrowed by every enclosing `masksToBounds` clip and mask, grown by a
// shadow's blur while the shadow's shape is drawn — in clip space. Rasterising code (a layer
// kind's own content, a `shadowPath`, a rasterized layer, contents images past the texture limit,
// recorded backing stores) asks for the part of its layer's plane inside it and makes bitmaps of
// that part only.

extension RenderPass {
    /// The whole target, in clip space.
    static let wholeTarget = CGRect(x: -1, y: -1, width: 2, height: 2)

    /// The part of the plane of a layer drawn with `matrix` that lands in the visible box.
    func visibleRegion(_ matrix: CATransform3D) -> VisibleRegion {
        VisibleRegion(matrix: matrix, box: visibleBox)
    }

    /// A request to rasterise a layer drawn with `matrix` at `scale`, limited to what is visible
    /// (and to `clip`, layer coordinates, when given), within this renderer's budgets.
    func rasterRequest(scale: CGFloat, matrix: CATransform3D, clip: CGRect?) -> RasterRequest {
        var region = visibleRegion(matrix)
        if let clip { region = region.limited(to: clip) }
        return .forRenderer(
            scale: scale, visible: region, pixelWidth: builder.pixelWidth, pixelHeight: builder.pixelHeight,
            maximumTextureSide: builder.maximumTextureSide)
    }

    /// Narrows the visible box to the box of `rect` (layer coordinates) projected through
    /// `matrix`, and returns the box it replaced. A rectangle with a corner behind the eye does
    /// not narrow it (its projection is unbounded).
    mutating func narrowVisibleBox(to rect: CGRect, through matrix: CATransform3D) -> CGRect {
        let outer = visibleBox
        if let box = Self.clipBox(of: rect, matrix) { visibleBox = visibleBox.intersection(box) }
        return outer
    }

    /// Grows the visible box by `pixels` framebuffer pixels on every side (a blur reads that far),
    /// and returns the box it replaced.
    mutating func growVisibleBox(byPixels pixels: CGFloat) -> CGRect {
        let outer = visibleBox
        if !visibleBox.isNull {
            visibleBox = visibleBox.insetBy(
                dx: -2 * pixels / CGFloat(builder.pixelWidth),
                dy: -2 * pixels / CGFloat(builder.pixelHeight))
        }
        return outer
    }

    /// The box of `rect`'s corners through `matrix` (clip space for a layer's matrix, a layer's
    /// coordinates for a matrix to it), or `nil` when a corner is behind the eye or not finite.
    static func clipBox(of rect: CGRect, _ matrix: CATransform3D) -> CGRect? {
        guard !rect.isNull else { return nil }
        var box = CGRect.null
        for corner in [
            CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
            CGPoint(x: rect.minX, y: rect.maxY), CGPoint(x: rect.maxX, y: rect.maxY),
        ] {
            let (point, w) = matrix.project(corner)
            guard w > 0, point.x.isFinite, point.y.isFinite else { return nil }
            box = box.union(CGRect(origin: point, size: .zero))
        }
        return box
    }

    /// Narrows the visible box to what `mask` (drawn in the coordinates of a layer whose matrix
    /// is `layerMatrix`) can leave visible, when that is simple to know, and returns the box it
    /// replaced.
    mutating func narrowVisibleBox(toMask mask: RenderLayer, layerMatrix: CATransform3D) -> CGRect {
        guard !mask.isAnimating, let reach = maskReach(mask) else { return visibleBox }
        let state = mask.state
        return narrowVisibleBox(
            to: reach, through: matrix(of: mask, state, parentMatrix: layerMatrix, parentState: nil))
    }

    /// What a still mask can leave visible, in its own bounds coordinates: its bounds when it
    /// masks to bounds; else, for a mask without sublayers or shadow, its bounds with its contents
    /// image and its shape. `nil` when it may reach farther, or is hidden.
    private func maskReach(_ mask: RenderLayer) -> CGRect? {
        let state = mask.state
        guard !state.isHidden else { return nil }
        if state.masksToBounds { return state.bounds }
        guard mask.sublayers.isEmpty, state.shadowOpacity == 0 || state.shadowColor == nil else { return nil }
        var reach = state.bounds
        if let image = state.contents as? CGImage {
            let scale = state.contentsScale.isFinite && state.contentsScale > 0 ? state.contentsScale : 1
            let crop = state.contentsRect.standardized
            let size = CGSize(
                width: CGFloat(image.width) * crop.width / scale,
                height: CGFloat(image.height) * crop.height / scale)
            // In the mask's own coordinates its own flip mirrors the placement (ruling V30).
            let gravity = Self.placedGravity(state.contentsGravity, swapped: state.isGeometryFlipped)
            reach = reach.union(Self.destination(of: size, in: state.bounds, gravity: gravity))
        } else if state.contents != nil {
            return nil
        }
        if let extent = mask.values.kind?.ownContentsExtent(state: state, scale: builder.scale) {
            reach = reach.union(extent)
        }
        guard reach.minX.isFinite, reach.minY.isFinite, reach.maxX.isFinite, reach.maxY.isFinite else {
            return nil
        }
        return reach
    }
}
