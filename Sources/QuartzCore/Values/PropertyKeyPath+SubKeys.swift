import CoreGraphics

extension PropertyKeyPath {
    /// Apple's virtual key paths into structure-valued properties (the Core Animation Programming
    /// Guide's key-value coding extensions):
    /// `x`/`y` of a `CGPoint`, `width`/`height` of a `CGSize`, `origin`, `size` and their fields of a
    /// `CGRect`, and the `CATransform3D` fields (`rotation.z`, `scale`, `scale.xy`, `translation.x`,
    /// `translation`, …; ruling T5 in docs/DECISIONS.md).
    package enum SubKeys {
        /// Reads the field `path` (the key path after the property key, such as `"size.width"`) of a
        /// structure value. Returns `nil` when the value has no such field.
        package static func value(of structure: Any, field path: String) -> Any? {
            switch structure {
            case let p as CGPoint: return point(p, path)
            case let s as CGSize: return size(s, path)
            case let r as CGRect:
                switch path {
                case "origin": return r.origin
                case "size": return r.size
                default:
                    if let rest = path.dropPrefix("origin.") { return point(r.origin, rest) }
                    if let rest = path.dropPrefix("size.") { return size(r.size, rest) }
                    return nil
                }
            case let t as CATransform3D:
                return PropertyKeyPath.TransformField(keyPath: path)?.value(of: t)
            default:
                return nil
            }
        }

        /// Returns `structure` with the field `path` replaced by `newValue` (converted as key-value
        /// coding converts), or `nil` when there is no such field or the value has the wrong type.
        package static func setting(field path: String, of structure: Any, to newValue: Any?) -> Any? {
            switch structure {
            case var p as CGPoint:
                guard let v = ValueCoercion.coerce(newValue, to: CGFloat.self) else { return nil }
                switch path {
                case "x": p.x = v
                case "y": p.y = v
                default: return nil
                }
                return p
            case var s as CGSize:
                guard let v = ValueCoercion.coerce(newValue, to: CGFloat.self) else { return nil }
                switch path {
                case "width": s.width = v
                case "height": s.height = v
                default: return nil
                }
                return s
            case var r as CGRect:
                switch path {
                case "origin":
                    guard let v = ValueCoercion.point(newValue) else { return nil }
                    r.origin = v
                case "size":
                    guard let v = ValueCoercion.size(newValue) else { return nil }
                    r.size = v
                default:
                    if let rest = path.dropPrefix("origin."),
                        let p = setting(field: rest, of: r.origin, to: newValue) as? CGPoint
                    {
                        r.origin = p
                    } else if let rest = path.dropPrefix("size."),
                        let s = setting(field: rest, of: r.size, to: newValue) as? CGSize
                    {
                        r.size = s
                    } else {
                        return nil
                    }
                }
                return r
            case let t as CATransform3D:
                guard let field = PropertyKeyPath.TransformField(keyPath: path) else { return nil }
                if field == .translation {
                    // Ruling T5: a CGSize or a CGPoint, bare or in an NSValue.
                    guard let v = ValueCoercion.translation(newValue) else { return nil }
                    return field.setting(v, in: t)
                }
                guard let v = ValueCoercion.coerce(newValue, to: CGFloat.self) else { return nil }
                return field.setting(v, in: t)
            default:
                return nil
            }
        }

        /// Whether `structure` is a structure with fields (`CGPoint`, `CGSize`, `CGRect`,
        /// `CATransform3D`) and `path` names one of them — so that a write that fails can be reported
        /// as an unknown key path or as a value of the wrong type.
        package static func hasField(_ path: String, in structure: Any) -> Bool {
            value(of: structure, field: path) != nil
        }

        /// What the field `path` of `structure` takes, for reports: "a number", "a CGPoint", "a
        /// CGSize", or for a transform's `translation` "a CGSize or a CGPoint" (ruling T5).
        package static func accepted(field path: String, of structure: Any) -> String {
            switch value(of: structure, field: path) {
            case is CGPoint: return "a CGPoint, bare or in an NSValue"
            case is CGSize:
                return structure is CATransform3D
                    ? "a CGSize or a CGPoint, bare or in an NSValue" : "a CGSize, bare or in an NSValue"
            default: return "a number"
            }
        }

        /// Whether `value` is one of the structures whose fields key paths reach.
        package static func isStructure(_ value: Any) -> Bool {
            value is CGPoint || value is CGSize || value is CGRect || value is CATransform3D
        }

        private static func point(_ p: CGPoint, _ path: String) -> Any? {
            switch path {
            case "x": return p.x
            case "y": return p.y
            default: return nil
            }
        }

        private static func size(_ s: CGSize, _ path: String) -> Any? {
            switch path {
            case "width": return s.width
            case "height": return s.height
            default: return nil
            }
        }
    }
}

extension String {
    /// The rest of the string after `prefix`, or `nil` when it does not start with it.
    fileprivate func dropPrefix(_ prefix: String) -> String? {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : nil
    }
}
