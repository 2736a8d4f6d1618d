import CoreGraphics

extension CALayerProperty {
    /// One property of a layer kind (a `CALayer` subclass drawing values of its own, such as
    /// `CAShapeLayer`'s `CAShapeLayer.Values`), declared once: its key-value coding key, where it lives in
    /// the kind's values, the public property on the layer, and whether Apple animates it. Its
    /// default is the value the kind's values start with. The layer's key-value coding entry
    /// (`CALayerProperty`), the render node's value table (`CALayerProperty.Stored`) and the public setter's
    /// key (`CALayerProperty.KindTable.key(for:)`) are derived from it.
    package struct KindEntry<Layer: CALayer, Values> {
        let key: String
        let valuesPath: AnyKeyPath
        let valueEntry: CALayerProperty.Stored<Values>
        /// The layer's entry, given the kind's default values.
        let layerEntry: (Values) -> CALayerProperty

        /// A property of type `T`; a default that is the type's zero is not reported by
        /// `defaultValue(forKey:)`, as on Apple's platforms (`CALayerProperty.isZero`).
        package static func plain<T>(
            _ key: String, _ path: WritableKeyPath<Values, T>,
            _ layerPath: ReferenceWritableKeyPath<Layer, T>,
            animatable: Bool = false
        ) -> Self {
            Self(
                key: key, valuesPath: path, valueEntry: .plain(key, path),
                layerEntry: { defaults in
                    .kind(
                        key, layerPath, animatable: animatable, default: defaults[keyPath: path],
                        zero: isZero(defaults[keyPath: path]))
                })
        }

        /// An optional property; `nil` and `NSNull` clear it.
        package static func optional<T>(
            _ key: String, _ path: WritableKeyPath<Values, T?>,
            _ layerPath: ReferenceWritableKeyPath<Layer, T?>,
            animatable: Bool = false
        ) -> Self {
            Self(
                key: key, valuesPath: path, valueEntry: .optional(key, path),
                layerEntry: { defaults in
                    .kindOptional(key, layerPath, animatable: animatable, default: defaults[keyPath: path])
                })
        }
    }
}

extension CALayerProperty {
    /// A layer kind's table of properties (see `CALayerProperty.KindEntry`): one per kind, declared with the
    /// kind's class.
    package struct KindTable<Layer: CALayer, Values>: @unchecked Sendable {
        /// The layer's key-value coding entries, by key (the class's `kindProperties`).
        package let layerEntries: [String: CALayerProperty]
        /// The render node's value table, by key (the values' `properties`).
        package let valueEntries: [String: CALayerProperty.Stored<Values>]
        private let keys: [AnyKeyPath: String]

        /// The table of `properties`, with defaults read from `defaults`.
        package init(defaults: Values, _ properties: [CALayerProperty.KindEntry<Layer, Values>]) {
            layerEntries = Dictionary(
                uniqueKeysWithValues: properties.map { ($0.key, $0.layerEntry(defaults)) })
            valueEntries = Dictionary(uniqueKeysWithValues: properties.map { ($0.key, $0.valueEntry) })
            keys = Dictionary(uniqueKeysWithValues: properties.map { ($0.valuesPath, $0.key) })
        }

        /// The key of the property stored at `path` in the kind's values.
        package func key(for path: AnyKeyPath) -> String {
            guard let key = keys[path] else {
                preconditionFailure("\(path) is not a property of the kind's table")
            }
            return key
        }
    }
}
