import CoreGraphics

// A shape layer's render-node values: its table (CAShapeLayer.kindTable) and its content,
// rasterised by Cairo (CAShapeLayer+Rendering.swift).

extension CAShapeLayer.Values: LayerKindValues {
    package static var properties: [String: CALayerProperty.Stored<CAShapeLayer.Values>] {
        CAShapeLayer.kindTable.valueEntries
    }

    package var drawsOwnContents: Bool { true }

    package func ownContents(state: LayerState, request: RasterRequest, cache: inout Any?) -> (
        image: CGImage, rect: CGRect
    )? {
        let last = cache as? ShapeRaster
        if let last, last.values == self, request.reuses(last.plan, covered: last.drawing.coveredRect) {
            return (last.image, last.plan.rect)
        }
        guard let drawing = last?.values == self ? last?.drawing : ShapeDrawing(self, after: last?.drawing)
        else {
            cache = nil
            return nil
        }
        var request = request
        request.usesMargin = last?.values == self
        // Nothing visible: the last image stays cached for when the layer comes back into view.
        guard let plan = request.plan(grid: .zero, covered: drawing.coveredRect) else { return nil }
        guard let image = drawing.render(plan) else {
            cache = nil
            return nil
        }
        cache = ShapeRaster(values: self, drawing: drawing, plan: plan, image: image)
        return (image, plan.rect)
    }
}
