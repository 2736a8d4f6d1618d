import CoreGraphics

/// How an animation reads and writes its key path, resolved once when it is added: a typed
/// `LayerField` for the common geometry and appearance properties, or key-value coding on the
/// presented values for everything else (colours, contents, subclass and `@LayerProperty` properties,
/// arbitrary keys).
package enum PropertyAccess: Sendable {
    case field(LayerField)
    case keyValueCoding(String)

    /// The access for `keyPath`.
    package init(keyPath: String?) {
        guard let keyPath else {
            self = .keyValueCoding("")
            return
        }
        self = LayerField.byKeyPath[keyPath].map { .field($0) } ?? .keyValueCoding(keyPath)
    }
}
