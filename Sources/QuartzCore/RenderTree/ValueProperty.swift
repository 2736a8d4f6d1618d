import CoreGraphics

/// One property of a value type (a layer's `LayerState`, a layer kind's values): its key-value
/// coding key and how to read and write it untyped, converting as key-value coding converts.
///
/// Render-tree values are read and written through these tables when an animation's key path
/// has no typed `LayerField`: colours, `contents`, a replicator's `instanceTransform.rotation.z`,
/// a shape's `path`, a gradient's `colors`. No layer object is involved, so the renderer never
/// makes a layer copy.
package struct ValueProperty<Values>: @unchecked Sendable {
    /// The key-value coding key, such as `"backgroundColor"`.
    package let key: String
    /// Reads the value, boxed.
    package let get: (Values) -> Any?
    /// Writes a boxed value, converted to the property's type; `false` (nothing written) when it
    /// has the wrong type.
    package let set: (inout Values, Any?) -> Bool

    /// A property of type `T` at `path`.
    package static func plain<T>(_ key: String, _ path: WritableKeyPath<Values, T>) -> ValueProperty {
        ValueProperty(
            key: key, get: { $0[keyPath: path] },
            set: { values, newValue in
                guard let typed = ValueCoercion.coerce(newValue, to: T.self) else { return false }
                values[keyPath: path] = typed
                return true
            })
    }

    /// An optional property at `path`; `nil` and `NSNull` clear it.
    package static func optional<T>(_ key: String, _ path: WritableKeyPath<Values, T?>) -> ValueProperty {
        ValueProperty(
            key: key, get: { $0[keyPath: path] as Any? },
            set: { values, newValue in
                if newValue == nil || newValue is NSNull {
                    values[keyPath: path] = nil
                    return true
                }
                guard let typed = ValueCoercion.coerce(newValue, to: T.self) else { return false }
                values[keyPath: path] = typed
                return true
            })
    }

    /// A table keyed by key.
    package static func table(_ entries: [ValueProperty]) -> [String: ValueProperty] {
        Dictionary(uniqueKeysWithValues: entries.map { ($0.key, $0) })
    }
}

/// Key paths (`"bounds.size.width"`, `"transform.rotation.z"`) over a table of properties: the
/// first component names the property, the rest a field of its structure value (`KeyPathField`).
package enum ValueKeyPath {
    /// The value at `keyPath` in `values`; `nil` when the table has no such property (or the
    /// structure no such field).
    package static func value<Values>(
        _ keyPath: String, in values: Values, _ table: [String: ValueProperty<Values>]
    ) -> Any?? {
        let (key, field) = split(keyPath)
        guard let property = table[key] else { return nil }
        let base = property.get(values)
        guard let field else { return .some(base) }
        guard let base, let value = KeyPathField.value(of: base, field: field) else { return nil }
        return .some(value)
    }

    /// Writes `newValue` at `keyPath` in `values`; `false` when the table has no such property,
    /// the structure no such field, or the value has the wrong type.
    package static func setValue<Values>(
        _ newValue: Any?, _ keyPath: String, in values: inout Values, _ table: [String: ValueProperty<Values>]
    ) -> Bool {
        let (key, field) = split(keyPath)
        guard let property = table[key] else { return false }
        guard let field else { return property.set(&values, newValue) }
        guard let base = property.get(values),
            let updated = KeyPathField.setting(field: field, of: base, to: newValue)
        else { return false }
        return property.set(&values, updated)
    }

    /// The property key and the field path after it, if any.
    private static func split(_ keyPath: String) -> (key: String, field: String?) {
        guard let dot = keyPath.firstIndex(of: ".") else { return (keyPath, nil) }
        return (String(keyPath[..<dot]), String(keyPath[keyPath.index(after: dot)...]))
    }
}
