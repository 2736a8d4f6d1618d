import CoreGraphics

/// Declares a property of a `CALayer` subclass that takes part in everything Apple's
/// `@NSManaged` layer properties do: key-value coding under the property's name, the `style`
/// and `defaultValue(forKey:)` defaults, copying into presentation layers by `init(layer:)`,
/// `needsDisplay(forKey:)`, and (with the animation engine) implicit actions and animation.
///
/// Lamina's stand-in for `@NSManaged`, which needs the Objective-C runtime:
///
///     final class ProgressLayer: CALayer {
///         @LayerProperty var progress: CGFloat = 0
///
///         override class func needsDisplay(forKey key: String) -> Bool {
///             key == "progress" || super.needsDisplay(forKey: key)
///         }
///
///         override func draw(in ctx: CGContext) {
///             ctx.setFillColor(CGColor(red: 0, green: 0.5, blue: 1, alpha: 1))
///             ctx.fill(CGRect(x: 0, y: 0, width: bounds.width * progress, height: bounds.height))
///         }
///     }
///
///     layer.progress = 0.5                   // marks the layer as needing display
///     layer.value(forKey: "progress")        // 0.5
///     layer.setValue(0.75, forKey: "progress") // any numeric boxing is accepted
///
/// The key is the property's name unless `key:` names another. The value lives in the layer's
/// key-value storage, not in the wrapper; the initial value is the default, used until the
/// property is set (after `style` and an overridden `defaultValue(forKey:)`, as on Apple's
/// platforms). Only `CALayer` subclasses can use it.
@propertyWrapper
public struct LayerProperty<Value> {
    let defaultValue: Value
    let explicitKey: String?
    let token: Int

    /// Declares the property with its default value, under the property's name or `key`.
    public init(wrappedValue: Value, key: String? = nil) {
        defaultValue = wrappedValue
        explicitKey = key
        token = LayerPropertyRegistry.nextToken()
    }

    /// Unavailable: a `@LayerProperty` is reached through its enclosing layer.
    @available(*, unavailable, message: "@LayerProperty can only be used on properties of CALayer subclasses")
    public var wrappedValue: Value {
        get { fatalError("unreachable") }
        set { fatalError("unreachable") }
    }

    /// Reads and writes the property through the enclosing layer's key-value storage.
    public static subscript<Layer: CALayer>(
        _enclosingInstance layer: Layer,
        wrapped wrappedPath: ReferenceWritableKeyPath<Layer, Value>,
        storage storagePath: ReferenceWritableKeyPath<Layer, LayerProperty<Value>>
    ) -> Value {
        get {
            let key = LayerPropertyRegistry.key(for: storagePath, in: layer)
            let stored = layer.dynamicValues[key] ?? type(of: layer).defaultValue(forKey: key)
            return stored.flatMap { ValueCoercion.coerce($0, to: Value.self) }
                ?? layer[keyPath: storagePath].defaultValue
        }
        set {
            let key = LayerPropertyRegistry.key(for: storagePath, in: layer)
            layer.setDynamicValue(newValue, forKey: key)
        }
    }
}

/// What key-value coding needs to know of a `@LayerProperty` without its generic type.
protocol AnyLayerProperty {
    var explicitKey: String? { get }
    var token: Int { get }
    var defaultValueAny: Any { get }
    func convert(_ value: Any) -> Any?
}

extension LayerProperty: AnyLayerProperty {
    var defaultValueAny: Any { defaultValue }

    func convert(_ value: Any) -> Any? {
        ValueCoercion.coerce(value, to: Value.self)
    }
}

/// Finds the `@LayerProperty` declarations of layer classes by reflection, once per class, and
/// the key of each wrapper's storage, once per declaration.
enum LayerPropertyRegistry {
    private final class Store: @unchecked Sendable {
        let lock = NSLock()
        var tokenCounter = 0
        var keysByStorage: [AnyKeyPath: String] = [:]
        var propertiesByClass: [ObjectIdentifier: [String: CALayerProperty]] = [:]
    }

    private static let store = Store()

    static func nextToken() -> Int {
        store.lock.lock()
        defer { store.lock.unlock() }
        store.tokenCounter += 1
        return store.tokenCounter
    }

    /// The key of the wrapper stored at `storagePath` in `layer`'s class.
    static func key<Layer: CALayer, Value>(
        for storagePath: ReferenceWritableKeyPath<Layer, LayerProperty<Value>>, in layer: Layer
    ) -> String {
        store.lock.lock()
        let cached = store.keysByStorage[storagePath]
        store.lock.unlock()
        if let cached { return cached }
        let wrapper = layer[keyPath: storagePath]
        let key =
            wrapper.explicitKey
            ?? declarations(of: layer).first { $0.wrapper.token == wrapper.token }.map { $0.key }
            ?? "\(storagePath)"
        store.lock.lock()
        store.keysByStorage[storagePath] = key
        store.lock.unlock()
        return key
    }

    /// The `@LayerProperty` declarations of `layer`'s class and its superclasses, by key, as
    /// the same descriptors as `CALayer`'s own properties (`CALayerProperty.managed`).
    static func properties(of layer: CALayer) -> [String: CALayerProperty] {
        let id = ObjectIdentifier(type(of: layer))
        store.lock.lock()
        let cached = store.propertiesByClass[id]
        store.lock.unlock()
        if let cached { return cached }
        var found: [String: CALayerProperty] = [:]
        for declaration in declarations(of: layer) where found[declaration.key] == nil {
            let wrapper = declaration.wrapper
            found[declaration.key] = .managed(
                declaration.key, default: wrapper.defaultValueAny, convert: wrapper.convert)
        }
        store.lock.lock()
        store.propertiesByClass[id] = found
        store.lock.unlock()
        return found
    }

    private static func declarations(of layer: CALayer) -> [(key: String, wrapper: any AnyLayerProperty)] {
        var result: [(key: String, wrapper: any AnyLayerProperty)] = []
        var mirror: Mirror? = Mirror(reflecting: layer)
        while let current = mirror {
            for child in current.children {
                guard let wrapper = child.value as? any AnyLayerProperty, let label = child.label else {
                    continue
                }
                let name = label.hasPrefix("_") ? String(label.dropFirst()) : label
                result.append((wrapper.explicitKey ?? name, wrapper))
            }
            mirror = current.superclassMirror
        }
        return result
    }
}

extension CALayer {
    /// The `@LayerProperty` declared under `key` by this layer's class, if any.
    func managedProperty(forKey key: String) -> CALayerProperty? {
        guard type(of: self) != CALayer.self else { return nil }
        return LayerPropertyRegistry.properties(of: self)[key]
    }
}
