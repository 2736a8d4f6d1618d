import CoreGraphics

extension CALayerProperty {
    /// One property of a value type (a layer's `LayerState`, a layer kind's values): its key-value
    /// coding key and how to read and write it untyped, converting as key-value coding converts.
    ///
    /// Render-tree values are read and written through these tables when an animation's key path
    /// has no typed `CALayerProperty.Field`: colours, `contents`, a replicator's `instanceTransform.rotation.z`,
    /// a shape's `path`, a gradient's `colors`. No layer object is involved, so the renderer never
    /// makes a layer copy.
    package struct Stored<Values>: @unchecked Sendable {
        /// The key-value coding key, such as `"backgroundColor"`.
        package let key: String
        /// Reads the value, boxed.
        package let get: (Values) -> Any?
        /// Writes a boxed value, converted to the property's type; `false` (nothing written) when it
        /// has the wrong type.
        package let set: (inout Values, Any?) -> Bool

        /// A property of type `T` at `path`.
        package static func plain<T>(_ key: String, _ path: WritableKeyPath<Values, T>) -> Self {
            Self(
                key: key, get: { $0[keyPath: path] },
                set: { values, newValue in
                    guard let typed = ValueCoercion.coerce(newValue, to: T.self) else { return false }
                    values[keyPath: path] = typed
                    return true
                })
        }

        /// An optional property at `path`; `nil` and `NSNull` clear it.
        package static func optional<T>(_ key: String, _ path: WritableKeyPath<Values, T?>) -> Self {
            Self(
                key: key, get: { $0[keyPath: path] as Any? },
                set: { values, newValue in
                    guard let typed = ValueCoercion.coerceOptional(newValue, to: T.self) else { return false }
                    values[keyPath: path] = typed
                    return true
                })
        }

        /// A table keyed by key.
        package static func table(_ entries: [Self]) -> [String: Self] {
            Dictionary(uniqueKeysWithValues: entries.map { ($0.key, $0) })
        }
    }
}
