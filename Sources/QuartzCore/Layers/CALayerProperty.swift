import CoreGraphics

/// One entry of the typed table of `CALayer` properties: its key-value coding key, whether Apple
/// animates it, its default, how to read and write it from an untyped value, and what its
/// animations are (a typed `CALayerProperty.Field`, placement only).
///
/// The table is the single place that spells the properties' keys: the public setters find their
/// key by their `LayerState` key path (`key(for:)`); key-value coding, the style mechanism,
/// `defaultValue(forKey:)`, implicit actions, animation records (`CALayerProperty.Field.byKeyPath`), the
/// rasterization cache and the render tree's value table (`LayerState.properties`, derived from
/// `stored`) all read it.
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
    package var stored: CALayerProperty.Stored<LayerState>? = nil
    /// Where the property lives in `LayerState`, if it does (also for `actions`, which is state
    /// but not a render node's value).
    package var statePath: AnyKeyPath? = nil
    /// The typed field animations of the key write (`CALayerProperty.Field`): derived for every animatable
    /// property stored as a number, point, size, rectangle or transform.
    package var field: CALayerProperty.Field? = nil
    /// Whether an animation of the property (or of a field of it) changes only where the layer is
    /// placed and how opaque it is, so a rasterized layer's bitmap stays valid.
    package var changesOnlyPlacement = false
    /// Whether Apple marks the property animatable but a change takes effect at once, with no
    /// implicit animation (the flags `hidden`, `masksToBounds`, `doubleSided`, `shouldRasterize`
    /// and the hierarchy keys; ruling E4).
    package var changesAtOnce = false
    /// Whether a rasterized layer's bitmap shows the property, so that a change of it redraws
    /// the bitmap (`true` unless declared otherwise: placement, opacity, visibility and the
    /// rasterization switches are not drawn into it).
    package var isDrawn = true
    /// Whether UIKit's view animation blocks animate the property (ruling U5): Apple's list of
    /// a view's animatable properties, as the layer keys they change.
    package var animatesInViewBlocks = false
    /// For a property whose value can make a layer's shape something other than the rounded
    /// rectangle of its background and border (`shadowPath`, `contents`, `cornerCurve`,
    /// `maskedCorners`): whether its value in a state leaves that shape plain (it is at its
    /// default), so that the layer's shadow can be drawn analytically. `nil` for the others.
    package var keepsShadowPlain: ((LayerState) -> Bool)? = nil

    /// The checks every layer state passes before its shadow is drawn analytically: one per
    /// property that can change a shadow's shape.
    nonisolated(unsafe) package static let plainShadowChecks: [(LayerState) -> Bool] = table.values
        .sorted { $0.key < $1.key }.compactMap(\.keepsShadowPlain)

    /// The render-node properties a rasterized layer's bitmap shows, in key order.
    package static let drawnProperties: [CALayerProperty.Stored<LayerState>] = table.values
        .filter(\.isDrawn).compactMap(\.stored).sorted { $0.key < $1.key }

    /// The key of the property stored at `path` in `LayerState`, as the table spells it.
    package static func key(for path: AnyKeyPath) -> String {
        guard let key = keysByStatePath[path] else {
            preconditionFailure("\(path) is not a property of CALayerProperty.table")
        }
        return key
    }

    /// `style`'s key, which also names a nested style dictionary inside a style (Apple's
    /// `CALayer` header).
    package static let styleKey = key(for: \LayerState.style)
    /// `actions`' key, which also names the actions dictionary inside a style.
    package static let actionsKey = key(for: \LayerState.actions)
    /// `contents`' key: its animations crossfade the images (ruling R9).
    package static let contentsKey = key(for: \LayerState.contents)

    // Key paths are immutable values; `AnyKeyPath` is not marked `Sendable`.
    nonisolated(unsafe) private static let keysByStatePath: [AnyKeyPath: String] = Dictionary(
        table.values.compactMap { property in property.statePath.map { ($0, property.key) } },
        uniquingKeysWith: { first, _ in first })

    /// The property table of `CALayer`, keyed by key-value coding key: the class body's
    /// `@Declared` properties (`CALayer.declaredProperties`, built by `@PropertyTable`).
    package static let table: [String: CALayerProperty] = Dictionary(
        uniqueKeysWithValues: CALayer.declaredProperties.map { ($0.key, $0) })

    /// Apple's defaults: a new layer's state.
    nonisolated(unsafe) private static let defaults = LayerState()

    /// The entry of a `CALayer` property of type `T` declared with `@Declared` (its flags are
    /// the macro's): read and written through the layer's accessor at `path`, stored at
    /// `storage` in `LayerState` (`nil` for `frame` and the hierarchy). Animatable numbers,
    /// points, sizes, rectangles and transforms get the typed field their animations write
    /// (`CALayerProperty.Field`).
    package static func declared<T>(
        _ key: String, _ path: ReferenceWritableKeyPath<CALayer, T>,
        _ storage: WritableKeyPath<LayerState, T>?,
        animatable: Bool = false, style: Bool = true, placement: Bool = false, atOnce: Bool = false,
        drawn: Bool = true, view: Bool = false, shadowShape: Bool = false
    ) -> CALayerProperty {
        let value = storage.map { defaults[keyPath: $0] }
        var property = CALayerProperty(
            key: key, isAnimatable: animatable, defaultValue: value as Any?,
            defaultIsZero: value.map { isZero($0) } ?? true, usesStyle: style, get: { $0[keyPath: path] },
            set: { layer, newValue in
                guard let typed = ValueCoercion.coerce(newValue, to: T.self) else { return false }
                layer[keyPath: path] = typed
                return true
            }, stored: storage.map { .plain(key, $0) }, statePath: storage)
        property.field = animatable ? storage.flatMap { CALayerProperty.Field($0) } : nil
        (property.changesOnlyPlacement, property.changesAtOnce) = (placement, atOnce)
        (property.isDrawn, property.animatesInViewBlocks) = (drawn, view)
        if shadowShape, let storage {
            property.keepsShadowPlain = isDefault(storage)
        }
        return property
    }

    /// The entry of an optional `CALayer` property declared with `@Declared` (see
    /// `declared(_:_:_:animatable:style:placement:atOnce:drawn:view:shadowShape:)`); `nil` and
    /// `NSNull` clear it. `node: false`: state that is not a render node's value (`actions`,
    /// `style`).
    package static func declaredOptional<T>(
        _ key: String, _ path: ReferenceWritableKeyPath<CALayer, T?>,
        _ storage: WritableKeyPath<LayerState, T?>?,
        animatable: Bool = false, style: Bool = true, node: Bool = true, atOnce: Bool = false,
        drawn: Bool = true, view: Bool = false, shadowShape: Bool = false
    ) -> CALayerProperty {
        let value = storage.flatMap { defaults[keyPath: $0] }
        var property = CALayerProperty(
            key: key, isAnimatable: animatable, defaultValue: value, defaultIsZero: value == nil,
            usesStyle: style, get: { $0[keyPath: path] },
            set: { layer, newValue in
                guard let typed = ValueCoercion.coerceOptional(newValue, to: T.self) else { return false }
                layer[keyPath: path] = typed
                return true
            }, stored: node ? storage.map { .optional(key, $0) } : nil, statePath: storage)
        (property.changesAtOnce, property.isDrawn, property.animatesInViewBlocks) = (atOnce, drawn, view)
        if shadowShape, let storage, value == nil {
            property.keepsShadowPlain = { $0[keyPath: storage] == nil }
        }
        return property
    }

    /// Whether a state's value at `storage` is the default's (a property whose type is
    /// `Equatable`).
    private static func isDefault<T>(_ storage: WritableKeyPath<LayerState, T>) -> (LayerState) -> Bool {
        guard let reference = defaults[keyPath: storage] as? any Equatable else {
            preconditionFailure("\(storage) is not Equatable")
        }
        func equals<E: Equatable>(_ reference: E, _ value: Any) -> Bool { (value as? E) == reference }
        return { equals(reference, $0[keyPath: storage]) }
    }

    /// Whether `value` is its type's zero — `false`, 0, `.zero` — the defaults Apple's
    /// `defaultValue(forKey:)` does not report (`nil` is handled by the optional entries).
    package static func isZero(_ value: Any) -> Bool {
        func isZero<Number: BinaryInteger>(_ number: Number) -> Bool { number == 0 }
        return switch value {
        case let flag as Bool: !flag
        case let number as any BinaryInteger: isZero(number)
        case let number as any BinaryFloatingPoint: number.isZero
        case let point as CGPoint: point == .zero
        case let size as CGSize: size == .zero
        case let rect as CGRect: rect == .zero
        default: false
        }
    }
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
                guard let typed = ValueCoercion.coerceOptional(newValue, to: T.self) else { return false }
                layer[keyPath: path] = typed
                return true
            })
    }

    /// An entry for a property an app's subclass declares with `@LayerProperty`: its value lives
    /// in the layer's key-value storage; until set it reads the class's
    /// `defaultValue(forKey:)`, else the declaration's initial value. A value that does not
    /// convert to the declared type is refused (`set` returns `false`); `nil` clears it.
    static func managed(_ key: String, default value: Any, convert: @escaping (Any) -> Any?)
        -> CALayerProperty
    {
        CALayerProperty(
            key: key, isAnimatable: true, defaultValue: value, defaultIsZero: false, usesStyle: false,
            get: { layer in layer.dynamicValues[key] ?? type(of: layer).defaultValue(forKey: key) ?? value },
            set: { layer, newValue in
                guard let newValue else {
                    layer.setDynamicValue(nil, forKey: key)
                    return true
                }
                guard let converted = convert(newValue) else { return false }
                layer.setDynamicValue(converted, forKey: key)
                return true
            })
    }
}
