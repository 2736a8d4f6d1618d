import CoreGraphics

// A gradient layer's render-node values: its table (CAGradientLayer.kindTable) and its
// content (CAGradientLayer+Rendering.swift).

extension CAGradientLayer.Values: LayerKindValues {
    package static var properties: [String: CALayerProperty.Stored<CAGradientLayer.Values>] {
        CAGradientLayer.kindTable.valueEntries
    }

    package var drawsOwnContents: Bool { true }

    package func ownContents(state: LayerState, request: RasterRequest, cache: inout Any?) -> (
        image: CGImage, rect: CGRect
    )? {
        let bounds = state.bounds
        guard let drawing = GradientDrawing(self, bounds: bounds) else {
            cache = nil
            return nil
        }
        let covered = { (_: CGFloat) in bounds }
        let last = cache as? GradientRaster
        if let last, last.drawing == drawing, request.reuses(last.plan, covered: covered) {
            return (last.image, last.rect)
        }
        var request = request
        request.usesMargin = last?.drawing == drawing
        // Nothing visible: the last image stays cached for when the layer comes back into view.
        guard let plan = request.plan(grid: bounds.origin, covered: covered) else { return nil }
        guard let image = drawing.render(plan) else {
            cache = nil
            return nil
        }
        // A whole image is stretched over the bounds exactly; a window maps pixel for pixel.
        let raster = GradientRaster(
            drawing: drawing, plan: plan, image: image, rect: plan.isWhole ? bounds : plan.rect)
        cache = raster
        return (image, raster.rect)
    }

    /// A gradient fills its bounds: its image, whose last pixels may reach past them, is drawn
    /// only inside them.
    package var clipsOwnContentsToBounds: Bool { true }
}
