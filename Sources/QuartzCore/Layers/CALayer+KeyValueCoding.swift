import CoreGraphics

// Key-value coding for CALayer (Linux's NSObject has none): the property table first, then
// subclass properties declared with @LayerProperty, then arbitrary keys, which are stored as
// Apple's CALayer stores them. Key paths descend into structure fields, sublayers-as-objects and
// dictionaries.

extension CALayer {
    /// Reads `key`: a table property, a `@LayerProperty`, or a stored arbitrary key, falling back
    /// to the class's `defaultValue(forKey:)` when it was never set.
    func kvcValue(forKey key: String) -> Any? {
        if let property = tableProperty(forKey: key) ?? managedProperty(forKey: key) {
            return property.get(self)
        }
        return dynamicValues[key] ?? type(of: self).defaultValue(forKey: key)
    }

    /// Writes `key`. A value of the wrong type for a table or `@LayerProperty` property is ignored
    /// (Apple raises an exception there; Lamina never crashes on bad input) and reported once.
    func kvcSetValue(_ value: Any?, forKey key: String) {
        let value: Any? = value is NSNull ? nil : value
        if let property = tableProperty(forKey: key) ?? managedProperty(forKey: key) {
            if !property.set(self, value) {
                CompatibilityWarnings.report(
                    "setValue(_:forKey: \"\(key)\") ignored a value of type \(typeName(value))")
            }
            return
        }
        setDynamicValue(value, forKey: key)
    }

    /// The table property under `key`: `CALayer`'s, or one the layer's kind adds.
    func tableProperty(forKey key: String) -> CALayerProperty? {
        CALayerProperty.table[key] ?? type(of: self).kindProperties[key]
    }

    /// Stores a value outside the table and runs change handling (and the action) for it.
    func setDynamicValue(_ value: Any?, forKey key: String) {
        change(key) { $0.dynamicValues[key] = value }
    }

    /// Reads a dot-separated key path: structure fields (`"bounds.size.width"`), transform fields
    /// (`"transform.rotation.z"`), and paths through layer- and dictionary-valued keys
    /// (`"mask.opacity"`, `"style.someKey"`). Unknown paths read `nil`.
    func kvcValue(forKeyPath keyPath: String) -> Any? {
        guard let dot = keyPath.firstIndex(of: ".") else { return kvcValue(forKey: keyPath) }
        let head = String(keyPath[..<dot])
        let rest = String(keyPath[keyPath.index(after: dot)...])
        guard let base = kvcValue(forKey: head) else { return nil }
        if let field = PropertyKeyPath.SubKeys.value(of: base, field: rest) { return field }
        switch base {
        case let layer as CALayer: return layer.value(forKeyPath: rest)
        case let dictionary as [AnyHashable: Any]: return Self.value(in: dictionary, keyPath: rest)
        case let dictionary as [String: Any]: return Self.value(in: dictionary, keyPath: rest)
        default: return nil
        }
    }

    /// Writes a dot-separated key path. A structure field is written by replacing the field in
    /// the structure and setting the whole property (one change of `head`); a layer-valued key
    /// forwards the rest of the path to that layer; other paths are ignored and reported.
    func kvcSetValue(_ value: Any?, forKeyPath keyPath: String) {
        guard let dot = keyPath.firstIndex(of: ".") else { return kvcSetValue(value, forKey: keyPath) }
        let head = String(keyPath[..<dot])
        let rest = String(keyPath[keyPath.index(after: dot)...])
        guard let base = kvcValue(forKey: head) else {
            CompatibilityWarnings.report("setValue(_:forKeyPath: \"\(keyPath)\") ignored: \"\(head)\" is nil")
            return
        }
        if let layer = base as? CALayer {
            layer.setValue(value, forKeyPath: rest)
        } else if let updated = PropertyKeyPath.SubKeys.setting(field: rest, of: base, to: value) {
            kvcSetValue(updated, forKey: head)
        } else if PropertyKeyPath.SubKeys.hasField(rest, in: base) {
            CompatibilityWarnings.report(
                "setValue(_:forKeyPath: \"\(keyPath)\") ignored a value of type \(typeName(value)); it takes "
                    + PropertyKeyPath.SubKeys.accepted(field: rest, of: base))
        } else {
            // Name the key path: the value may be fine, the path is what is wrong (ruling T5).
            CompatibilityWarnings.report(
                "setValue(_:forKeyPath: \"\(keyPath)\") ignored: unknown key path (\"\(rest)\" is not a "
                    + "key of \(typeName(base)))")
        }
    }

    private static func value<K: Hashable>(in dictionary: [K: Any], keyPath: String) -> Any? {
        let parts = keyPath.split(separator: ".", maxSplits: 1).map(String.init)
        guard let key = parts[0] as? K, let next = dictionary[key] else { return nil }
        guard parts.count == 2 else { return next }
        switch next {
        case let layer as CALayer: return layer.value(forKeyPath: parts[1])
        case let nested as [AnyHashable: Any]: return value(in: nested, keyPath: parts[1])
        case let nested as [String: Any]: return value(in: nested, keyPath: parts[1])
        default: return PropertyKeyPath.SubKeys.value(of: next, field: parts[1])
        }
    }

    private func typeName(_ value: Any?) -> String {
        value.map { "\(type(of: $0))" } ?? "nil"
    }
}
