import CoreGraphics

/// One entry of the typed table of `CALayer` properties: its key-value coding key, whether Apple
/// animates it, its default, and how to read and write it from an untyped value.
///
/// The table is the single place that declares the properties by name; key-value coding, the
/// style mechanism, `defaultValue(forKey:)`, implicit actions and the render tree's value table
/// (`LayerState.properties`, derived from `stored`) all read it.
package struct CALayerProperty: @unchecked Sendable {
    /// The key-value coding key, such as `"position"` or `"hidden"`.
    package let key: String
    /// Whether Apple's `CALayer` header marks the property animatable.
    package let isAnimatable: Bool
    /// Apple's default value.
    package let defaultValue: Any?
    /// Whether the default is the type's zero (`nil`, 0, `false`, `.zero`); such defaults are
    /// not reported by `CALayer.defaultValue(forKey:)`, as on Apple's platforms.
    package let defaultIsZero: Bool
    /// Whether the `style` dictionary may provide the value (not for `bounds`, `frame`).
    package let usesStyle: Bool
    /// Reads the property through its public getter.
    package let get: (CALayer) -> Any?
    /// Writes the property through its public setter, converting `value` as key-value coding
    /// does; returns `false` (and changes nothing) when the value has the wrong type.
    package let set: (CALayer, Any?) -> Bool
    /// The property's storage in `LayerState`, for reading and writing render nodes' values;
    /// `nil` for properties that are not a stored value of a node (`frame`, the hierarchy,
    /// `actions`, `style`) and for kinds' properties (their values have tables of their own).
    package var stored: ValueProperty<LayerState>? = nil

    /// The property table of `CALayer`, keyed by key-value coding key.
    package static let table: [String: CALayerProperty] = {
        var entries: [CALayerProperty] = []
        let d = LayerState()
        // Each property once: its key, its public setter (change handling and actions), its
        // storage in `LayerState` (render nodes), whether it animates, its default.
        func add<T>(
            _ key: String, _ path: ReferenceWritableKeyPath<CALayer, T>,
            _ storage: WritableKeyPath<LayerState, T>?,
            _ animatable: Bool, zero: Bool, style: Bool = true
        ) {
            entries.append(
                CALayerProperty(
                    key: key, isAnimatable: animatable, defaultValue: storage.map { d[keyPath: $0] } as Any?,
                    defaultIsZero: zero, usesStyle: style, get: { $0[keyPath: path] },
                    set: { layer, newValue in
                        guard let typed = ValueCoercion.coerce(newValue, to: T.self) else { return false }
                        layer[keyPath: path] = typed
                        return true
                    }, stored: storage.map { .plain(key, $0) }))
        }
        func addOptional<T>(
            _ key: String, _ path: ReferenceWritableKeyPath<CALayer, T?>,
            _ storage: WritableKeyPath<LayerState, T?>?,
            _ animatable: Bool, style: Bool = true
        ) {
            let value = storage.flatMap { d[keyPath: $0] }
            entries.append(
                CALayerProperty(
                    key: key, isAnimatable: animatable, defaultValue: value, defaultIsZero: value == nil,
                    usesStyle: style, get: { $0[keyPath: path] },
                    set: { layer, newValue in
                        if newValue == nil || newValue is NSNull {
                            layer[keyPath: path] = nil
                            return true
                        }
                        guard let typed = ValueCoercion.coerce(newValue, to: T.self) else { return false }
                        layer[keyPath: path] = typed
                        return true
                    }, stored: storage.map { .optional(key, $0) }))
        }
        // Geometry
        add("bounds", \.bounds, \.bounds, true, zero: true, style: false)
        add("position", \.position, \.position, true, zero: true)
        add("zPosition", \.zPosition, \.zPosition, true, zero: true)
        add("anchorPoint", \.anchorPoint, \.anchorPoint, true, zero: false)
        add("anchorPointZ", \.anchorPointZ, \.anchorPointZ, true, zero: true)
        add("transform", \.transform, \.transform, true, zero: false)
        add("sublayerTransform", \.sublayerTransform, \.sublayerTransform, true, zero: false)
        add("frame", \.frame, nil, false, zero: true, style: false)
        add("geometryFlipped", \.isGeometryFlipped, \.isGeometryFlipped, false, zero: true)
        // Contents
        entries.append(
            CALayerProperty(
                key: "contents", isAnimatable: true, defaultValue: nil, defaultIsZero: true, usesStyle: true,
                get: { $0.contents },
                set: { layer, value in
                    layer.contents = value is NSNull ? nil : value
                    return true
                },
                stored: ValueProperty(
                    key: "contents", get: { $0.contents },
                    set: { state, value in
                        state.contents = value is NSNull ? nil : value
                        return true
                    })))
        add("contentsRect", \.contentsRect, \.contentsRect, true, zero: false)
        add("contentsGravity", \.contentsGravity, \.contentsGravity, false, zero: false)
        add("contentsScale", \.contentsScale, \.contentsScale, true, zero: false)
        add("contentsCenter", \.contentsCenter, \.contentsCenter, true, zero: false)
        add("contentsFormat", \.contentsFormat, \.contentsFormat, false, zero: false)
        add("minificationFilter", \.minificationFilter, \.minificationFilter, false, zero: false)
        add("magnificationFilter", \.magnificationFilter, \.magnificationFilter, false, zero: false)
        add("minificationFilterBias", \.minificationFilterBias, \.minificationFilterBias, true, zero: true)
        add("opaque", \.isOpaque, \.isOpaque, false, zero: true)
        add(
            "needsDisplayOnBoundsChange", \.needsDisplayOnBoundsChange, \.needsDisplayOnBoundsChange, false,
            zero: true)
        add("drawsAsynchronously", \.drawsAsynchronously, \.drawsAsynchronously, false, zero: true)
        add("edgeAntialiasingMask", \.edgeAntialiasingMask, \.edgeAntialiasingMask, false, zero: false)
        add("allowsEdgeAntialiasing", \.allowsEdgeAntialiasing, \.allowsEdgeAntialiasing, false, zero: true)
        // Appearance
        add("hidden", \.isHidden, \.isHidden, true, zero: true)
        add("doubleSided", \.isDoubleSided, \.isDoubleSided, true, zero: false)
        add("masksToBounds", \.masksToBounds, \.masksToBounds, true, zero: true)
        addOptional("backgroundColor", \.backgroundColor, \.backgroundColor, true)
        add("cornerRadius", \.cornerRadius, \.cornerRadius, true, zero: true)
        add("maskedCorners", \.maskedCorners, \.maskedCorners, false, zero: false)
        add("cornerCurve", \.cornerCurve, \.cornerCurve, false, zero: false)
        add("borderWidth", \.borderWidth, \.borderWidth, true, zero: true)
        addOptional("borderColor", \.borderColor, \.borderColor, true)
        add("opacity", \.opacity, \.opacity, true, zero: false)
        add("allowsGroupOpacity", \.allowsGroupOpacity, \.allowsGroupOpacity, false, zero: false)
        addOptional("compositingFilter", \.compositingFilter, \.compositingFilter, true)
        addOptional("filters", \.filters, \.filters, true)
        addOptional("backgroundFilters", \.backgroundFilters, \.backgroundFilters, true)
        add("shouldRasterize", \.shouldRasterize, \.shouldRasterize, true, zero: true)
        add("rasterizationScale", \.rasterizationScale, \.rasterizationScale, true, zero: false)
        // Shadow
        addOptional("shadowColor", \.shadowColor, \.shadowColor, true)
        add("shadowOpacity", \.shadowOpacity, \.shadowOpacity, true, zero: true)
        add("shadowOffset", \.shadowOffset, \.shadowOffset, true, zero: false)
        add("shadowRadius", \.shadowRadius, \.shadowRadius, true, zero: false)
        addOptional("shadowPath", \.shadowPath, \.shadowPath, true)
        // Hierarchy (set through the hierarchy rules)
        addOptional("sublayers", \.sublayers, nil, true, style: false)
        addOptional("mask", \.mask, nil, true, style: false)
        // Identification and behaviour
        addOptional("name", \.name, \.name, false)
        addOptional("actions", \.actions, nil, false, style: false)
        addOptional("style", \.style, nil, false, style: false)
        // CAMediaTiming
        add("beginTime", \.beginTime, \.beginTime, false, zero: true)
        add("duration", \.duration, \.duration, false, zero: true)
        add("speed", \.speed, \.speed, false, zero: false)
        add("timeOffset", \.timeOffset, \.timeOffset, false, zero: true)
        add("repeatCount", \.repeatCount, \.repeatCount, false, zero: true)
        add("repeatDuration", \.repeatDuration, \.repeatDuration, false, zero: true)
        add("autoreverses", \.autoreverses, \.autoreverses, false, zero: true)
        add("fillMode", \.fillMode, \.fillMode, false, zero: false)
        return Dictionary(uniqueKeysWithValues: entries.map { ($0.key, $0) })
    }()
}

extension CALayerProperty {
    /// An entry for a property that a layer kind (`Layer`, a `CALayer` subclass) declares, for
    /// its `kindProperties`: read and written through `path` on layers of that kind, ignored (and
    /// reported by key-value coding as a wrong value) on others.
    package static func kind<Layer: CALayer, T>(
        _ key: String, _ path: ReferenceWritableKeyPath<Layer, T>, animatable: Bool, default value: T,
        zero: Bool
    ) -> CALayerProperty {
        CALayerProperty(
            key: key, isAnimatable: animatable, defaultValue: value, defaultIsZero: zero, usesStyle: true,
            get: { ($0 as? Layer)?[keyPath: path] },
            set: { layer, newValue in
                guard let layer = layer as? Layer, let typed = ValueCoercion.coerce(newValue, to: T.self)
                else { return false }
                layer[keyPath: path] = typed
                return true
            })
    }

    /// An entry for an optional property that a layer kind declares (see
    /// `kind(_:_:animatable:default:zero:)`); `nil` and `NSNull` clear it.
    package static func kindOptional<Layer: CALayer, T>(
        _ key: String, _ path: ReferenceWritableKeyPath<Layer, T?>, animatable: Bool, default value: T? = nil
    ) -> CALayerProperty {
        CALayerProperty(
            key: key, isAnimatable: animatable, defaultValue: value, defaultIsZero: value == nil,
            usesStyle: true, get: { ($0 as? Layer)?[keyPath: path] as Any? },
            set: { layer, newValue in
                guard let layer = layer as? Layer else { return false }
                if newValue == nil || newValue is NSNull {
                    layer[keyPath: path] = nil
                    return true
                }
                guard let typed = ValueCoercion.coerce(newValue, to: T.self) else { return false }
                layer[keyPath: path] = typed
                return true
            })
    }
}
