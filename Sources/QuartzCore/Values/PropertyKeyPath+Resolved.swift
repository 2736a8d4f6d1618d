import CoreGraphics

extension PropertyKeyPath {
    /// How an animation reads and writes its key path, resolved once when it is added: a typed
    /// `CALayerProperty.Field` for the common geometry and appearance properties, or key-value coding on the
    /// presented values for everything else (colours, contents, subclass and `@LayerProperty` properties,
    /// arbitrary keys).
    package enum Resolved: Sendable {
        case field(CALayerProperty.Field)
        case keyValueCoding(String)

        /// The access for `keyPath`.
        package init(keyPath: String?) {
            guard let keyPath else {
                self = .keyValueCoding("")
                return
            }
            self = CALayerProperty.Field.byKeyPath[keyPath].map { .field($0) } ?? .keyValueCoding(keyPath)
        }
    }
}
