import CoreGraphics

/// One entry of the typed table of `CALayer` properties: its key-value coding key, whether Apple
/// animates it, its default, and how to read and write it from an untyped value.
///
/// The table is the single place that knows the properties by name; key-value coding, the style
/// mechanism, `defaultValue(forKey:)` and (later) the animation engine all read it.
package struct CALayerProperty: @unchecked Sendable {
    /// The key-value coding key, such as `"position"` or `"hidden"`.
    package let key: String
    /// Whether Apple's header marks the property animatable (`CA-SEMANTICS.md` §8.4).
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

    /// The property table of `CALayer`, keyed by key-value coding key.
    package static let table: [String: CALayerProperty] = {
        var entries: [CALayerProperty] = []
        func add<T>(
            _ key: String, _ path: ReferenceWritableKeyPath<CALayer, T>, _ animatable: Bool,
            default value: T, zero: Bool, style: Bool = true
        ) {
            entries.append(
                CALayerProperty(
                    key: key, isAnimatable: animatable, defaultValue: value, defaultIsZero: zero,
                    usesStyle: style, get: { $0[keyPath: path] },
                    set: { layer, newValue in
                        guard let typed = ValueCoercion.coerce(newValue, to: T.self) else { return false }
                        layer[keyPath: path] = typed
                        return true
                    }))
        }
        func addOptional<T>(
            _ key: String, _ path: ReferenceWritableKeyPath<CALayer, T?>, _ animatable: Bool,
            default value: T? = nil, style: Bool = true
        ) {
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
                    }))
        }
        let d = LayerState()
        // Geometry
        add("bounds", \.bounds, true, default: d.bounds, zero: true, style: false)
        add("position", \.position, true, default: d.position, zero: true)
        add("zPosition", \.zPosition, true, default: d.zPosition, zero: true)
        add("anchorPoint", \.anchorPoint, true, default: d.anchorPoint, zero: false)
        add("anchorPointZ", \.anchorPointZ, true, default: d.anchorPointZ, zero: true)
        add("transform", \.transform, true, default: d.transform, zero: false)
        add("sublayerTransform", \.sublayerTransform, true, default: d.sublayerTransform, zero: false)
        add("frame", \.frame, false, default: CGRect.zero, zero: true, style: false)
        add("geometryFlipped", \.isGeometryFlipped, false, default: d.isGeometryFlipped, zero: true)
        // Contents
        entries.append(
            CALayerProperty(
                key: "contents", isAnimatable: true, defaultValue: nil, defaultIsZero: true, usesStyle: true,
                get: { $0.contents },
                set: { layer, value in
                    layer.contents = value is NSNull ? nil : value
                    return true
                }))
        add("contentsRect", \.contentsRect, true, default: d.contentsRect, zero: false)
        add("contentsGravity", \.contentsGravity, false, default: d.contentsGravity, zero: false)
        add("contentsScale", \.contentsScale, true, default: d.contentsScale, zero: false)
        add("contentsCenter", \.contentsCenter, true, default: d.contentsCenter, zero: false)
        add("contentsFormat", \.contentsFormat, false, default: d.contentsFormat, zero: false)
        add("minificationFilter", \.minificationFilter, false, default: d.minificationFilter, zero: false)
        add("magnificationFilter", \.magnificationFilter, false, default: d.magnificationFilter, zero: false)
        add(
            "minificationFilterBias", \.minificationFilterBias, true, default: d.minificationFilterBias,
            zero: true)
        add("opaque", \.isOpaque, false, default: d.isOpaque, zero: true)
        add(
            "needsDisplayOnBoundsChange", \.needsDisplayOnBoundsChange, false,
            default: d.needsDisplayOnBoundsChange, zero: true)
        add("drawsAsynchronously", \.drawsAsynchronously, false, default: d.drawsAsynchronously, zero: true)
        add(
            "edgeAntialiasingMask", \.edgeAntialiasingMask, false, default: d.edgeAntialiasingMask,
            zero: false)
        add(
            "allowsEdgeAntialiasing", \.allowsEdgeAntialiasing, false, default: d.allowsEdgeAntialiasing,
            zero: true)
        // Appearance
        add("hidden", \.isHidden, true, default: d.isHidden, zero: true)
        add("doubleSided", \.isDoubleSided, true, default: d.isDoubleSided, zero: false)
        add("masksToBounds", \.masksToBounds, true, default: d.masksToBounds, zero: true)
        addOptional("backgroundColor", \.backgroundColor, true)
        add("cornerRadius", \.cornerRadius, true, default: d.cornerRadius, zero: true)
        add("maskedCorners", \.maskedCorners, false, default: d.maskedCorners, zero: false)
        add("cornerCurve", \.cornerCurve, false, default: d.cornerCurve, zero: false)
        add("borderWidth", \.borderWidth, true, default: d.borderWidth, zero: true)
        addOptional("borderColor", \.borderColor, true, default: d.borderColor)
        add("opacity", \.opacity, true, default: d.opacity, zero: false)
        add("allowsGroupOpacity", \.allowsGroupOpacity, false, default: d.allowsGroupOpacity, zero: false)
        addOptional("compositingFilter", \.compositingFilter, true)
        addOptional("filters", \.filters, true)
        addOptional("backgroundFilters", \.backgroundFilters, true)
        add("shouldRasterize", \.shouldRasterize, true, default: d.shouldRasterize, zero: true)
        add("rasterizationScale", \.rasterizationScale, true, default: d.rasterizationScale, zero: false)
        // Shadow
        addOptional("shadowColor", \.shadowColor, true, default: d.shadowColor)
        add("shadowOpacity", \.shadowOpacity, true, default: d.shadowOpacity, zero: true)
        add("shadowOffset", \.shadowOffset, true, default: d.shadowOffset, zero: false)
        add("shadowRadius", \.shadowRadius, true, default: d.shadowRadius, zero: false)
        addOptional("shadowPath", \.shadowPath, true)
        // Hierarchy (set through the hierarchy rules)
        addOptional("sublayers", \.sublayers, true, style: false)
        addOptional("mask", \.mask, true, style: false)
        // Identification and behaviour
        addOptional("name", \.name, false)
        addOptional("actions", \.actions, false, style: false)
        addOptional("style", \.style, false, style: false)
        // CAMediaTiming
        add("beginTime", \.beginTime, false, default: d.beginTime, zero: true)
        add("duration", \.duration, false, default: d.duration, zero: true)
        add("speed", \.speed, false, default: d.speed, zero: false)
        add("timeOffset", \.timeOffset, false, default: d.timeOffset, zero: true)
        add("repeatCount", \.repeatCount, false, default: d.repeatCount, zero: true)
        add("repeatDuration", \.repeatDuration, false, default: d.repeatDuration, zero: true)
        add("autoreverses", \.autoreverses, false, default: d.autoreverses, zero: true)
        add("fillMode", \.fillMode, false, default: d.fillMode, zero: false)
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
