import CoreGraphics

extension CALayerProperty {
    /// A numeric field of `LayerState` that animations read and write in place, at its byte offset:
    /// no boxing, no key-value coding, no key-path projection, no allocation per frame.
    ///
    /// Fields are derived, never declared: every animatable `CALayerProperty.table` entry stored as a
    /// `Float`, `CGFloat`, `CGPoint`, `CGSize`, `CGRect` or `CATransform3D` has one (`init(_:)`),
    /// and so has each field of its structure value under Apple's key-value coding extensions
    /// (`position.x`, `bounds.size.width`, `transform.rotation.z`; `byKeyPath`). A new animatable
    /// property of one of those types animates through lane records with no further declaration.
    package struct Field: Equatable, Sendable {
        /// What lies at a field's offset.
        package enum Value: Equatable, Sendable {
            /// A `Float` (`opacity`, `shadowOpacity`, `minificationFilterBias`).
            case float
            /// A `CGFloat`.
            case cgFloat
            case point, size, rect
            /// A whole `CATransform3D` (interpolated by boxed records, which decompose it).
            case transform
            /// A virtual field of the `CATransform3D` at the offset (`rotation.z`, `translation`, …):
            /// read and written through `PropertyKeyPath.TransformField`, so the renderer never needs a layer copy
            /// for it (ruling T5 in docs/DECISIONS.md).
            case transformComponent(PropertyKeyPath.TransformField)
        }

        /// The byte offset in `LayerState` of the value (for a transform component, of its matrix).
        let offset: Int32
        let value: Value

        private init(offset: Int, value: Value) {
            (self.offset, self.value) = (Int32(offset), value)
        }

        /// The field stored at `path`, when its type is one fields handle and it is stored (not
        /// computed); `nil` otherwise.
        init?<T>(_ path: WritableKeyPath<LayerState, T>) {
            let value: Value
            switch T.self {
            case is Float.Type: value = .float
            case is CGFloat.Type: value = .cgFloat
            case is CGPoint.Type: value = .point
            case is CGSize.Type: value = .size
            case is CGRect.Type: value = .rect
            case is CATransform3D.Type: value = .transform
            default: return nil
            }
            guard let offset = MemoryLayout<LayerState>.offset(of: path) else { return nil }
            self.init(offset: offset, value: value)
        }

        /// The layer's `transform`: what `rotationMode` turns for fields outside a transform.
        static let transform = CALayerProperty.Field(\.transform).unsafelyUnwrapped

        /// For a transform component, the whole matrix it belongs to; `nil` for other fields.
        var matrix: CALayerProperty.Field? {
            guard case .transformComponent = value else { return nil }
            return CALayerProperty.Field(offset: Int(offset), value: .transform)
        }

        /// The fields by key path: each property of `CALayerProperty.table` declared with a field,
        /// under its key, and the fields of its structure value under `key.name` (`position.x`,
        /// `bounds.size.width`, `transform.rotation.z`, …).
        package static let byKeyPath: [String: CALayerProperty.Field] = {
            var fields: [String: CALayerProperty.Field] = [:]
            for property in CALayerProperty.table.values {
                guard let field = property.field else { continue }
                fields[property.key] = field
                for (name, subfield) in field.subfields { fields["\(property.key).\(name)"] = subfield }
            }
            return fields
        }()

        /// The fields of the field's structure value, by their names in a key path (Apple's
        /// key-value coding extensions, `PropertyKeyPath.SubKeys`).
        private var subfields: [(name: String, field: CALayerProperty.Field)] {
            let at = Int(offset)
            let x = MemoryLayout<CGPoint>.offset(of: \.x).unsafelyUnwrapped
            let y = MemoryLayout<CGPoint>.offset(of: \.y).unsafelyUnwrapped
            let width = MemoryLayout<CGSize>.offset(of: \.width).unsafelyUnwrapped
            let height = MemoryLayout<CGSize>.offset(of: \.height).unsafelyUnwrapped
            let origin = MemoryLayout<CGRect>.offset(of: \.origin).unsafelyUnwrapped
            let size = MemoryLayout<CGRect>.offset(of: \.size).unsafelyUnwrapped
            func field(_ extra: Int, _ value: Value) -> CALayerProperty.Field {
                CALayerProperty.Field(offset: at + extra, value: value)
            }
            switch value {
            case .point: return [("x", field(x, .cgFloat)), ("y", field(y, .cgFloat))]
            case .size: return [("width", field(width, .cgFloat)), ("height", field(height, .cgFloat))]
            case .rect:
                return [
                    ("origin", field(origin, .point)), ("origin.x", field(origin + x, .cgFloat)),
                    ("origin.y", field(origin + y, .cgFloat)), ("size", field(size, .size)),
                    ("size.width", field(size + width, .cgFloat)),
                    ("size.height", field(size + height, .cgFloat)),
                ]
            case .transform:
                return PropertyKeyPath.TransformField.allCases.map {
                    ($0.rawValue, field(0, .transformComponent($0)))
                }
            case .float, .cgFloat, .transformComponent: return []
            }
        }

        // MARK: - Reading and writing in place

        /// The `T` at the field's offset in `state`.
        @inline(__always)
        func load<T>(_ type: T.Type, from state: borrowing LayerState) -> T {
            withUnsafeBytes(of: state) { $0.load(fromByteOffset: Int(offset), as: T.self) }
        }

        /// Stores `newValue`, of the field's own type, at the field's offset in `state`.
        @inline(__always)
        func store<T>(_ newValue: T, into state: inout LayerState) {
            withUnsafeMutableBytes(of: &state) {
                $0.storeBytes(of: newValue, toByteOffset: Int(offset), as: T.self)
            }
        }

        /// The field's value in `state`.
        package func read(_ state: borrowing LayerState) -> AnimatableValue {
            switch value {
            case .float: return .scalar(Double(load(Float.self, from: state)))
            case .cgFloat: return .scalar(Double(load(CGFloat.self, from: state)))
            case .point: return .point(load(CGPoint.self, from: state))
            case .size: return .size(load(CGSize.self, from: state))
            case .rect: return .rect(load(CGRect.self, from: state))
            case .transform: return .transform(load(CATransform3D.self, from: state))
            case .transformComponent(let field):
                let t = load(CATransform3D.self, from: state)
                switch field.valueKind {
                case .scalar: return .scalar(Double(field.scalar(of: t)))
                case .size: return .size(CGSize(width: t.m41, height: t.m42))
                }
            }
        }

        /// Writes `newValue` into the field; `false` (nothing written) when it is of another kind. A
        /// transform component takes a number, or for the translation pair a size or a point (T5).
        package func write(_ newValue: AnimatableValue, into state: inout LayerState) -> Bool {
            switch (value, newValue) {
            case (.float, .scalar(let v)): store(Float(v), into: &state)
            case (.cgFloat, .scalar(let v)): store(CGFloat(v), into: &state)
            case (.point, .point(let v)): store(v, into: &state)
            case (.size, .size(let v)): store(v, into: &state)
            case (.rect, .rect(let v)): store(v, into: &state)
            case (.transform, .transform(let v)): store(v, into: &state)
            case (.transformComponent(let field), _):
                let t = load(CATransform3D.self, from: state)
                let updated: CATransform3D
                switch (field.valueKind, newValue) {
                case (.scalar, .scalar(let v)): updated = field.setting(CGFloat(v), in: t)
                case (.size, .size(let v)): updated = field.setting(v, in: t)
                case (.size, .point(let p)): updated = field.setting(CGSize(width: p.x, height: p.y), in: t)
                default: return false
                }
                store(updated, into: &state)
            default: return false
            }
            return true
        }

        /// The field's value boxed as its property's type, to convert a value of another kind to.
        func boxed(_ state: borrowing LayerState) -> Any {
            switch value {
            case .float: return load(Float.self, from: state)
            case .cgFloat: return load(CGFloat.self, from: state)
            case .point: return load(CGPoint.self, from: state)
            case .size: return load(CGSize.self, from: state)
            case .rect: return load(CGRect.self, from: state)
            case .transform: return load(CATransform3D.self, from: state)
            case .transformComponent(let field):
                switch read(state) {
                case .size(let v) where field.valueKind == .size: return v
                case .scalar(let v): return CGFloat(v)
                default: return CGFloat(0)
                }
            }
        }
    }
}
