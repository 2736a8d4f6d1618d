import CoreGraphics

/// The values of a `CAEmitterCell`, with Apple's defaults.
package struct EmitterCellValues {
    var name: String?
    var isEnabled = true
    var birthRate: Float = 0
    var lifetime: Float = 0
    var lifetimeRange: Float = 0
    var emissionLatitude: CGFloat = 0
    var emissionLongitude: CGFloat = 0
    var emissionRange: CGFloat = 0
    var velocity: CGFloat = 0
    var velocityRange: CGFloat = 0
    var xAcceleration: CGFloat = 0
    var yAcceleration: CGFloat = 0
    var zAcceleration: CGFloat = 0
    var scale: CGFloat = 1
    var scaleRange: CGFloat = 0
    var scaleSpeed: CGFloat = 0
    var spin: CGFloat = 0
    var spinRange: CGFloat = 0
    var color: CGColor? = CGColor(gray: 1, alpha: 1)
    /// Red, green, blue and alpha ranges.
    var colorRange: (Float, Float, Float, Float) = (0, 0, 0, 0)
    /// Red, green, blue and alpha speeds, per second.
    var colorSpeed: (Float, Float, Float, Float) = (0, 0, 0, 0)
    var contents: Any?
    var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    var contentsScale: CGFloat = 1
    var minificationFilter = "linear"
    var magnificationFilter = "linear"
    var minificationFilterBias: Float = 0
    var emitterCells: [CAEmitterCell]?
    var style: [AnyHashable: Any]?
    var beginTime: CFTimeInterval = 0
    var duration: CFTimeInterval = 0
    var speed: Float = 1
    var timeOffset: CFTimeInterval = 0
    var repeatCount: Float = 0
    var repeatDuration: CFTimeInterval = 0
    var autoreverses = false
    var fillMode = CAMediaTimingFillMode.removed
}

extension CAEmitterCell {
    /// One key-value-coded property of `CAEmitterCell`.
    struct Property: @unchecked Sendable {
        /// Where the value lives in the cell's values: the setters find their key by it.
        let path: PartialKeyPath<EmitterCellValues>
        let defaultIsZero: Bool
        let get: (EmitterCellValues) -> Any?
        let set: (inout EmitterCellValues, Any?) -> Bool
    }
}

extension CAEmitterCell {
    /// The cell's properties by Apple's key.
    static let properties: [String: CAEmitterCell.Property] = {
        var table: [String: CAEmitterCell.Property] = [:]
        func add<T>(_ key: String, _ path: WritableKeyPath<EmitterCellValues, T>, zero: Bool = true) {
            table[key] = CAEmitterCell.Property(
                path: path, defaultIsZero: zero, get: { $0[keyPath: path] },
                set: { values, value in
                    guard let typed = ValueCoercion.coerce(value, to: T.self) else { return false }
                    values[keyPath: path] = typed
                    return true
                })
        }
        func addOptional<T>(_ key: String, _ path: WritableKeyPath<EmitterCellValues, T?>, zero: Bool = true)
        {
            table[key] = CAEmitterCell.Property(
                path: path, defaultIsZero: zero, get: { $0[keyPath: path] },
                set: { values, value in
                    guard let value, !(value is NSNull) else {
                        values[keyPath: path] = nil
                        return true
                    }
                    guard let typed = ValueCoercion.coerce(value, to: T.self) else { return false }
                    values[keyPath: path] = typed
                    return true
                })
        }
        addOptional("name", \.name)
        add("enabled", \.isEnabled, zero: false)
        for (key, path) in [
            ("birthRate", \EmitterCellValues.birthRate), ("lifetime", \.lifetime),
            ("lifetimeRange", \.lifetimeRange), ("redRange", \.colorRange.0), ("greenRange", \.colorRange.1),
            ("blueRange", \.colorRange.2), ("alphaRange", \.colorRange.3), ("redSpeed", \.colorSpeed.0),
            ("greenSpeed", \.colorSpeed.1), ("blueSpeed", \.colorSpeed.2), ("alphaSpeed", \.colorSpeed.3),
            ("minificationFilterBias", \.minificationFilterBias), ("repeatCount", \.repeatCount),
        ] {
            add(key, path)
        }
        add("speed", \.speed, zero: false)
        for (key, path) in [
            ("emissionLatitude", \EmitterCellValues.emissionLatitude),
            ("emissionLongitude", \.emissionLongitude),
            ("emissionRange", \.emissionRange), ("velocity", \.velocity), ("velocityRange", \.velocityRange),
            ("xAcceleration", \.xAcceleration), ("yAcceleration", \.yAcceleration),
            ("zAcceleration", \.zAcceleration), ("scaleRange", \.scaleRange), ("scaleSpeed", \.scaleSpeed),
            ("spin", \.spin), ("spinRange", \.spinRange),
        ] {
            add(key, path)
        }
        add("scale", \.scale, zero: false)
        add("contentsScale", \.contentsScale, zero: false)
        add("contentsRect", \.contentsRect, zero: false)
        add("minificationFilter", \.minificationFilter, zero: false)
        add("magnificationFilter", \.magnificationFilter, zero: false)
        addOptional("color", \.color, zero: false)
        table["contents"] = CAEmitterCell.Property(
            path: \.contents, defaultIsZero: true, get: { $0.contents },
            set: { values, value in
                values.contents = value is NSNull ? nil : value
                return true
            })
        table["emitterCells"] = CAEmitterCell.Property(
            path: \.emitterCells, defaultIsZero: true, get: { $0.emitterCells },
            set: { values, value in
                guard let value, !(value is NSNull) else {
                    values.emitterCells = nil
                    return true
                }
                guard let cells = value as? [Any] else { return false }
                let typed = cells.compactMap { $0 as? CAEmitterCell }
                guard typed.count == cells.count else { return false }
                values.emitterCells = typed
                return true
            })
        table["style"] = CAEmitterCell.Property(
            path: \.style, defaultIsZero: true, get: { $0.style },
            set: { values, value in
                guard let value, !(value is NSNull) else {
                    values.style = nil
                    return true
                }
                if let style = value as? [AnyHashable: Any] {
                    values.style = style
                } else if let style = value as? [String: Any] {
                    values.style = Dictionary(
                        uniqueKeysWithValues: style.map { (AnyHashable($0.key), $0.value) })
                } else {
                    return false
                }
                return true
            })
        for (key, path) in [
            ("beginTime", \EmitterCellValues.beginTime), ("duration", \.duration),
            ("timeOffset", \.timeOffset),
            ("repeatDuration", \.repeatDuration),
        ] {
            add(key, path)
        }
        add("autoreverses", \.autoreverses)
        add("fillMode", \.fillMode, zero: false)
        return table
    }()

    /// The cell's keys by where their values live, for the setters. (Key paths are immutable
    /// values; `PartialKeyPath` is not marked `Sendable`.)
    nonisolated(unsafe) static let keys: [PartialKeyPath<EmitterCellValues>: String] = Dictionary(
        uniqueKeysWithValues: properties.map { ($0.value.path, $0.key) })

    /// The key of the cell property stored at `path`, as the table spells it.
    static func key(for path: PartialKeyPath<EmitterCellValues>) -> String {
        guard let key = keys[path] else { preconditionFailure("\(path) is not in CAEmitterCell's table") }
        return key
    }

    /// `style`'s key: setting it re-derives the properties not set explicitly.
    static let styleKey = key(for: \.style)
    /// `emitterCells`' key, which key paths go through to name a sub-cell.
    static let emitterCellsKey = key(for: \.emitterCells)
}
