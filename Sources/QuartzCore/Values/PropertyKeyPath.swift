import CoreGraphics

/// Key paths (`"bounds.size.width"`, `"transform.rotation.z"`) over a table of properties: the
/// first component names the property, the rest a field of its structure value (`PropertyKeyPath.SubKeys`).
package enum PropertyKeyPath {
    /// The value at `keyPath` in `values`; `nil` when the table has no such property (or the
    /// structure no such field).
    package static func value<Values>(
        _ keyPath: String, in values: Values, _ table: [String: CALayerProperty.Stored<Values>]
    ) -> Any?? {
        let (key, field) = split(keyPath)
        guard let property = table[key] else { return nil }
        let base = property.get(values)
        guard let field else { return .some(base) }
        guard let base, let value = PropertyKeyPath.SubKeys.value(of: base, field: field) else { return nil }
        return .some(value)
    }

    /// Writes `newValue` at `keyPath` in `values`; `false` when the table has no such property,
    /// the structure no such field, or the value has the wrong type.
    package static func setValue<Values>(
        _ newValue: Any?, _ keyPath: String, in values: inout Values,
        _ table: [String: CALayerProperty.Stored<Values>]
    ) -> Bool {
        let (key, field) = split(keyPath)
        guard let property = table[key] else { return false }
        guard let field else { return property.set(&values, newValue) }
        guard let base = property.get(values),
            let updated = PropertyKeyPath.SubKeys.setting(field: field, of: base, to: newValue)
        else { return false }
        return property.set(&values, updated)
    }

    /// The property key and the field path after it, if any.
    private static func split(_ keyPath: String) -> (key: String, field: String?) {
        guard let dot = keyPath.firstIndex(of: ".") else { return (keyPath, nil) }
        return (String(keyPath[..<dot]), String(keyPath[keyPath.index(after: dot)...]))
    }
}
