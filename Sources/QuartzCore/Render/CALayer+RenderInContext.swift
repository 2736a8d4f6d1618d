import CoreGraphics

extension CALayer {
    /// `render(in:)`: the model tree (animations ignored, as on Apple's platforms) drawn by the
    /// compositor at the context's pixel scale, then drawn into `ctx` over the layer's bounds in
    /// the context's user space, with the layer's top edge at `bounds.minY` (Lamina's iOS
    /// geometry; a context made by `display()` or flipped like UIKit's shows it upright). Unlike
    /// Apple's, 3D transforms of sublayers and `compositingFilter` are honoured: sublayers blend
    /// within the tree's rendering, and the layer's own filter blends that rendering into the
    /// context through the matching `CGBlendMode` (Cairo's operator; ruling V18). Only the part
    /// of the bounds inside the context's clip is rendered (ruling V19), so a huge layer costs
    /// what the context can show; a part wider than the renderer's 16384 pixels is rendered at a
    /// lower scale. When no EGL
    /// context can be created the call draws nothing and reports why once.
    func renderImplementation(in ctx: CGContext) {
        let bounds = state.bounds
        guard bounds.width > 0, bounds.height > 0, bounds.width.isFinite, bounds.height.isFinite else {
            return
        }
        let ctm = ctx.userSpaceToDeviceSpaceTransform
        let measured = max(hypot(ctm.a, ctm.b), hypot(ctm.c, ctm.d))
        var scale = measured.isFinite && measured > 0 ? min(max(measured, 1.0 / 16), 16) : 1
        // The visible part, on the pixel grid of the whole bounds at `scale`.
        let clip = ctx.boundingBoxOfClipPath
        guard !clip.isNull else { return }
        let seen = bounds.intersection(clip)
        guard !seen.isNull, seen.width > 0, seen.height > 0 else { return }
        let part = RasterRequest.snapped(seen, grid: bounds.origin, scale: scale).intersection(bounds)
        guard !part.isNull, part.width > 0, part.height > 0 else { return }
        let limit: CGFloat = 16384
        scale = min(scale, limit / part.width, limit / part.height)
        let renderer: CARenderer
        do {
            renderer = try CARenderer(layer: self, size: part.size, scale: scale)
        } catch {
            CompatibilityWarnings.report("render(in:) drew nothing: \(error)")
            return
        }
        renderer.bounds = part
        renderer.usesModelValues = true
        renderer.ownSpaceRootID = layerID
        layoutIfNeeded()
        displaySubtreeIfNeeded()
        let snapshot = modelRenderNode()
        renderer.modelSnapshot = snapshot
        guard let image = renderer.image(atTime: CACurrentMediaTime()) else { return }
        ctx.saveGState()
        // The compositor leaves the root's own filter to the context (RenderPass+Blending.swift):
        // its rendering, drawn in the mode, blends with what the context holds. A layer that
        // draws nothing blends nothing (a clearing mode clears nothing).
        if let snapshot, !RenderPass.preservesDepth(snapshot), !snapshot.state.isHidden,
            !(snapshot.state.opacity <= 0)
        {
            let mode = CompositingFilter.blendMode(of: snapshot.state.compositingFilter)
            if mode != .normal { ctx.setBlendMode(mode) }
        }
        // The image's pixels at exactly `scale` per point (ruling V24): when `part` is not whole
        // pixels, the last row and column reach a fraction of a pixel past it, not stretched.
        let drawn = CGRect(
            origin: part.origin,
            size: CGSize(width: renderer.mappedBounds.width, height: renderer.mappedBounds.height))
        // CGContext.draw puts an image's first row at the rect's maxY; the layer's top is minY.
        ctx.translateBy(x: 0, y: drawn.minY + drawn.maxY)
        ctx.scaleBy(x: 1, y: -1)
        ctx.draw(image, in: drawn)
        ctx.restoreGState()
    }
}
