import CoreGraphics

extension LayerState {
    /// Every stored model property of a layer by key-value coding key, for reading and writing
    /// render-tree values by key path (`ValueKeyPath`). The hierarchy (`sublayers`, `mask`) and
    /// `frame` (derived from `bounds`, `position`, `anchorPoint` and `transform`) are not values
    /// of a render node.
    package static let properties: [String: ValueProperty<LayerState>] = ValueProperty.table([
        .plain("bounds", \.bounds), .plain("position", \.position), .plain("zPosition", \.zPosition),
        .plain("anchorPoint", \.anchorPoint), .plain("anchorPointZ", \.anchorPointZ),
        .plain("transform", \.transform), .plain("sublayerTransform", \.sublayerTransform),
        .plain("geometryFlipped", \.isGeometryFlipped),
        ValueProperty(
            key: "contents", get: { $0.contents },
            set: { state, value in
                state.contents = value is NSNull ? nil : value
                return true
            }),
        .plain("contentsRect", \.contentsRect), .plain("contentsGravity", \.contentsGravity),
        .plain("contentsScale", \.contentsScale), .plain("contentsCenter", \.contentsCenter),
        .plain("contentsFormat", \.contentsFormat), .plain("minificationFilter", \.minificationFilter),
        .plain("magnificationFilter", \.magnificationFilter),
        .plain("minificationFilterBias", \.minificationFilterBias), .plain("opaque", \.isOpaque),
        .plain("needsDisplayOnBoundsChange", \.needsDisplayOnBoundsChange),
        .plain("drawsAsynchronously", \.drawsAsynchronously),
        .plain("edgeAntialiasingMask", \.edgeAntialiasingMask),
        .plain("allowsEdgeAntialiasing", \.allowsEdgeAntialiasing), .plain("hidden", \.isHidden),
        .plain("doubleSided", \.isDoubleSided), .plain("masksToBounds", \.masksToBounds),
        .optional("backgroundColor", \.backgroundColor), .plain("cornerRadius", \.cornerRadius),
        .plain("maskedCorners", \.maskedCorners), .plain("cornerCurve", \.cornerCurve),
        .plain("borderWidth", \.borderWidth), .optional("borderColor", \.borderColor),
        .plain("opacity", \.opacity), .plain("allowsGroupOpacity", \.allowsGroupOpacity),
        .optional("compositingFilter", \.compositingFilter), .optional("filters", \.filters),
        .optional("backgroundFilters", \.backgroundFilters), .plain("shouldRasterize", \.shouldRasterize),
        .plain("rasterizationScale", \.rasterizationScale), .optional("shadowColor", \.shadowColor),
        .plain("shadowOpacity", \.shadowOpacity), .plain("shadowOffset", \.shadowOffset),
        .plain("shadowRadius", \.shadowRadius), .optional("shadowPath", \.shadowPath),
        .optional("name", \.name), .plain("beginTime", \.beginTime), .plain("duration", \.duration),
        .plain("speed", \.speed), .plain("timeOffset", \.timeOffset), .plain("repeatCount", \.repeatCount),
        .plain("repeatDuration", \.repeatDuration), .plain("autoreverses", \.autoreverses),
        .plain("fillMode", \.fillMode),
    ])
}
