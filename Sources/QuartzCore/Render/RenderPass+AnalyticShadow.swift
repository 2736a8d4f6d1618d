import CoreGraphics

// Shadows of plain rounded rectangles drawn analytically (ShadowProgram): a layer with no
// contents, no sublayers, no shadowPath and equal circular corners casts the blurred rounded
// rectangle of its background and border that the general path (shape, two blur passes, tint)
// would draw, so it is computed per fragment in one quad, with no offscreen passes.

extension RenderPass {
    /// Draws `layer`'s shadow analytically when its shape is a plain rounded rectangle; `false`
    /// (nothing drawn) otherwise, or when the renderer's analytic shadows are off.
    func drawAnalyticShadow(
        _ layer: RenderLayer, state: LayerState, matrix: CATransform3D, color: CGColor, opacity: Float
    ) -> Bool {
        // Every property that can change the shape away from a rounded rectangle is at its
        // default (the table's `shadowShape` flag), and nothing else draws in the layer.
        guard builder.usesAnalyticShadows, layer.sublayers.isEmpty, state.contentsCrossfade == nil,
            layer.kind?.drawsOwnContents != true,
            CALayerProperty.plainShadowChecks.allSatisfy({ $0(state) })
        else { return false }
        // The shape's alpha as drawn: the background's a, and in the border's ring the border's
        // b over it, a + b(1 − a).
        let a = state.backgroundColor.map { Float(min(max($0.rgbaComponents.a, 0), 1)) } ?? 0
        let borderWidth = state.borderWidth.isFinite ? max(state.borderWidth, 0) : 0
        let b =
            borderWidth > 0 ? state.borderColor.map { Float(min(max($0.rgbaComponents.a, 0), 1)) } ?? 0 : 0
        let bounds = state.bounds
        let corner = state.cornerRadius.isFinite ? max(state.cornerRadius, 0) : 0
        // σ is the general path's: shadowRadius / 2 points, at most 32 pixels at the centre.
        let pixelsPerPoint = Self.pixelsPerPoint(bounds, matrix, builder)
        let radius = state.shadowRadius.isFinite ? max(state.shadowRadius, 0) : 0
        let sigma = min(radius / 2, 32 / max(pixelsPerPoint, 1e-6))
        guard sigma * pixelsPerPoint > 0.3, sigma.isFinite, bounds.width > 0, bounds.height > 0 else {
            return false
        }
        let offset =
            state.shadowOffset.width.isFinite && state.shadowOffset.height.isFinite
            ? state.shadowOffset : .zero
        let c = color.rgbaComponents
        let strength =
            Float(c.a) * (state.shadowOpacity.isFinite ? min(max(state.shadowOpacity, 0), 1) : 0) * opacity
        let shape = bounds.offsetBy(dx: offset.width, dy: offset.height)
        builder.draw(
            .shadow(
                ShadowQuad(
                    rect: shape, radius: corner, inner: shape.insetBy(dx: borderWidth, dy: borderWidth),
                    innerRadius: max(corner - borderWidth, 0), outerWeight: a + b * (1 - a),
                    innerWeight: b * (1 - a), sigma: sigma,
                    color: (Float(c.r) * strength, Float(c.g) * strength, Float(c.b) * strength, strength),
                    matrix: matrix)))
        return true
    }
}
