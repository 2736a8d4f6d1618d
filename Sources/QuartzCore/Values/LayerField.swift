import CoreGraphics

/// A field of `LayerState` that animations read and write directly, by a switch: no boxing, no
/// key-value coding, no key-path projection, no allocation per frame.
package enum LayerField: Sendable {
    case position, positionX, positionY
    case anchorPoint, anchorPointX, anchorPointY
    case zPosition, anchorPointZ
    case bounds, boundsOrigin, boundsOriginX, boundsOriginY, boundsSize, boundsWidth, boundsHeight
    case opacity, cornerRadius, borderWidth
    case shadowOpacity, shadowRadius, shadowOffset, shadowOffsetWidth, shadowOffsetHeight
    case transform, sublayerTransform
    /// A virtual field of `transform` (`transform.rotation.z`, `transform.translation`, …): read
    /// and written through `TransformField`, so the renderer never needs a layer copy for it
    /// (ruling T5 in docs/DECISIONS.md).
    case transformField(TransformField)
    /// A virtual field of `sublayerTransform`, as ``transformField(_:)``.
    case sublayerTransformField(TransformField)
    case contentsRect, contentsCenter, contentsScale, rasterizationScale, minificationFilterBias

    /// The fields by key path: each property of `CALayerProperty.table` declared with a field,
    /// under its key, and the fields of its structure value under `key.name` (`position.x`,
    /// `bounds.size.width`, `transform.rotation.z`, …).
    static let byKeyPath: [String: LayerField] = {
        var fields: [String: LayerField] = [:]
        for property in CALayerProperty.table.values {
            guard let field = property.field else { continue }
            fields[property.key] = field
            for (name, subfield) in field.subfields { fields["\(property.key).\(name)"] = subfield }
        }
        return fields
    }()

    /// The fields of the field's structure value, by their names in a key path (Apple's
    /// key-value coding extensions, `KeyPathField`).
    private var subfields: [(name: String, field: LayerField)] {
        switch self {
        case .position: return [("x", .positionX), ("y", .positionY)]
        case .anchorPoint: return [("x", .anchorPointX), ("y", .anchorPointY)]
        case .bounds:
            return [
                ("origin", .boundsOrigin), ("origin.x", .boundsOriginX), ("origin.y", .boundsOriginY),
                ("size", .boundsSize), ("size.width", .boundsWidth), ("size.height", .boundsHeight),
            ]
        case .shadowOffset: return [("width", .shadowOffsetWidth), ("height", .shadowOffsetHeight)]
        case .transform: return TransformField.allCases.map { ($0.rawValue, .transformField($0)) }
        case .sublayerTransform:
            return TransformField.allCases.map { ($0.rawValue, .sublayerTransformField($0)) }
        default: return []
        }
    }

    /// The field's value in `state`.
    func read(_ state: borrowing LayerState) -> AnimatableValue {
        switch self {
        case .position: return .point(state.position)
        case .positionX: return .scalar(Double(state.position.x))
        case .positionY: return .scalar(Double(state.position.y))
        case .anchorPoint: return .point(state.anchorPoint)
        case .anchorPointX: return .scalar(Double(state.anchorPoint.x))
        case .anchorPointY: return .scalar(Double(state.anchorPoint.y))
        case .zPosition: return .scalar(Double(state.zPosition))
        case .anchorPointZ: return .scalar(Double(state.anchorPointZ))
        case .bounds: return .rect(state.bounds)
        case .boundsOrigin: return .point(state.bounds.origin)
        case .boundsOriginX: return .scalar(Double(state.bounds.origin.x))
        case .boundsOriginY: return .scalar(Double(state.bounds.origin.y))
        case .boundsSize: return .size(state.bounds.size)
        case .boundsWidth: return .scalar(Double(state.bounds.size.width))
        case .boundsHeight: return .scalar(Double(state.bounds.size.height))
        case .opacity: return .scalar(Double(state.opacity))
        case .cornerRadius: return .scalar(Double(state.cornerRadius))
        case .borderWidth: return .scalar(Double(state.borderWidth))
        case .shadowOpacity: return .scalar(Double(state.shadowOpacity))
        case .shadowRadius: return .scalar(Double(state.shadowRadius))
        case .shadowOffset: return .size(state.shadowOffset)
        case .shadowOffsetWidth: return .scalar(Double(state.shadowOffset.width))
        case .shadowOffsetHeight: return .scalar(Double(state.shadowOffset.height))
        case .transform: return .transform(state.transform)
        case .sublayerTransform: return .transform(state.sublayerTransform)
        case .transformField(let field): return Self.read(field, of: state.transform)
        case .sublayerTransformField(let field): return Self.read(field, of: state.sublayerTransform)
        case .contentsRect: return .rect(state.contentsRect)
        case .contentsCenter: return .rect(state.contentsCenter)
        case .contentsScale: return .scalar(Double(state.contentsScale))
        case .rasterizationScale: return .scalar(Double(state.rasterizationScale))
        case .minificationFilterBias: return .scalar(Double(state.minificationFilterBias))
        }
    }

    /// Writes `value` into the field; `false` (nothing written) when `value` is of another kind.
    func write(_ value: AnimatableValue, into state: inout LayerState) -> Bool {
        switch (self, value) {
        case (.position, .point(let v)): state.position = v
        case (.positionX, .scalar(let v)): state.position.x = CGFloat(v)
        case (.positionY, .scalar(let v)): state.position.y = CGFloat(v)
        case (.anchorPoint, .point(let v)): state.anchorPoint = v
        case (.anchorPointX, .scalar(let v)): state.anchorPoint.x = CGFloat(v)
        case (.anchorPointY, .scalar(let v)): state.anchorPoint.y = CGFloat(v)
        case (.zPosition, .scalar(let v)): state.zPosition = CGFloat(v)
        case (.anchorPointZ, .scalar(let v)): state.anchorPointZ = CGFloat(v)
        case (.bounds, .rect(let v)): state.bounds = v
        case (.boundsOrigin, .point(let v)): state.bounds.origin = v
        case (.boundsOriginX, .scalar(let v)): state.bounds.origin.x = CGFloat(v)
        case (.boundsOriginY, .scalar(let v)): state.bounds.origin.y = CGFloat(v)
        case (.boundsSize, .size(let v)): state.bounds.size = v
        case (.boundsWidth, .scalar(let v)): state.bounds.size.width = CGFloat(v)
        case (.boundsHeight, .scalar(let v)): state.bounds.size.height = CGFloat(v)
        case (.opacity, .scalar(let v)): state.opacity = Float(v)
        case (.cornerRadius, .scalar(let v)): state.cornerRadius = CGFloat(v)
        case (.borderWidth, .scalar(let v)): state.borderWidth = CGFloat(v)
        case (.shadowOpacity, .scalar(let v)): state.shadowOpacity = Float(v)
        case (.shadowRadius, .scalar(let v)): state.shadowRadius = CGFloat(v)
        case (.shadowOffset, .size(let v)): state.shadowOffset = v
        case (.shadowOffsetWidth, .scalar(let v)): state.shadowOffset.width = CGFloat(v)
        case (.shadowOffsetHeight, .scalar(let v)): state.shadowOffset.height = CGFloat(v)
        case (.transform, .transform(let v)): state.transform = v
        case (.sublayerTransform, .transform(let v)): state.sublayerTransform = v
        case (.transformField(let field), _):
            guard let t = Self.setting(field, value, in: state.transform) else { return false }
            state.transform = t
        case (.sublayerTransformField(let field), _):
            guard let t = Self.setting(field, value, in: state.sublayerTransform) else { return false }
            state.sublayerTransform = t
        case (.contentsRect, .rect(let v)): state.contentsRect = v
        case (.contentsCenter, .rect(let v)): state.contentsCenter = v
        case (.contentsScale, .scalar(let v)): state.contentsScale = CGFloat(v)
        case (.rasterizationScale, .scalar(let v)): state.rasterizationScale = CGFloat(v)
        case (.minificationFilterBias, .scalar(let v)): state.minificationFilterBias = Float(v)
        default: return false
        }
        return true
    }

    /// A transform field's value: a number, or the translation pair as a `CGSize`.
    private static func read(_ field: TransformField, of t: CATransform3D) -> AnimatableValue {
        switch field.valueKind {
        case .scalar: return .scalar(Double(field.scalar(of: t)))
        case .size: return .size(CGSize(width: t.m41, height: t.m42))
        }
    }

    /// `t` with `field` set to `value`, or `nil` when the value does not fit the field: a number
    /// for the scalar fields; a size or a point for the translation pair (ruling T5).
    private static func setting(
        _ field: TransformField, _ value: AnimatableValue, in t: CATransform3D
    ) -> CATransform3D? {
        switch (field.valueKind, value) {
        case (.scalar, .scalar(let v)): return field.setting(CGFloat(v), in: t)
        case (.size, .size(let v)): return field.setting(v, in: t)
        case (.size, .point(let p)): return field.setting(CGSize(width: p.x, height: p.y), in: t)
        default: return nil
        }
    }

    /// The field's value boxed as its property's type, to convert a value of another kind to.
    func boxed(_ state: borrowing LayerState) -> Any {
        switch read(state) {
        case .scalar(let v):
            switch self {
            case .opacity, .shadowOpacity, .minificationFilterBias: return Float(v)
            default: return CGFloat(v)
            }
        case .point(let v): return v
        case .size(let v): return v
        case .rect(let v): return v
        case .transform(let v): return v
        default: return CGFloat(0)
        }
    }
}
