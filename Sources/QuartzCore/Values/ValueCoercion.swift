import CoreGraphics

/// Converts the values that arrive through key-value coding (`setValue(_:forKey:)`, animation
/// `fromValue`/`toValue`) to the Swift type a property stores.
///
/// On Apple's platforms every number arrives as an `NSNumber` and every struct as an `NSValue`.
/// On Linux, Swift code passes `Double`, `Float`, `Int`, `CGFloat`, `Bool`, `NSNumber` or
/// `NSValue` — and an `Any` holding a `Double` does not cast to `CGFloat` — so every reader goes
/// through here. `NSNull` counts as `nil`.
package enum ValueCoercion {
    /// The value as a `Double`, from any Swift numeric type, `Bool` or `NSNumber`.
    package static func double(_ value: Any?) -> Double? {
        switch value {
        case let v as Double: return v
        case let v as CGFloat: return Double(v)
        case let v as Float: return Double(v)
        case let v as Int: return Double(v)
        case let v as Bool: return v ? 1 : 0
        case let v as NSNumber: return v.doubleValue
        case let v as any BinaryInteger: return Double(v)
        case let v as any BinaryFloatingPoint: return Double(v)
        default: return nil
        }
    }

    /// The value as a `Bool`: a `Bool`, or any number (non-zero is `true`).
    package static func bool(_ value: Any?) -> Bool? {
        if let v = value as? Bool { return v }
        if let v = value as? NSNumber { return v.boolValue }
        return double(value).map { $0 != 0 }
    }

    /// The value as a `CGPoint`: a `CGPoint`, or an `NSValue` holding one.
    package static func point(_ value: Any?) -> CGPoint? {
        if let v = value as? CGPoint { return v }
        if let v = value as? NSValue, objCType(of: v) == "{CGPoint=dd}" { return v.pointValue }
        return nil
    }

    /// The value as a `CGSize`: a `CGSize`, or an `NSValue` holding one.
    package static func size(_ value: Any?) -> CGSize? {
        if let v = value as? CGSize { return v }
        if let v = value as? NSValue, objCType(of: v) == "{CGSize=dd}" { return v.sizeValue }
        return nil
    }

    /// The value as a transform's translation pair (`transform.translation`,
    /// `sublayerTransform.translation`, any `CATransform3D` property's `translation`): a
    /// `CGSize` (Apple's documented type) or a `CGPoint` (what code moving a layer by a point
    /// passes; Core Animation takes both), bare or in an `NSValue`; width is x, height is y
    /// (ruling T5 in docs/DECISIONS.md). Other point- and size-valued properties take their own
    /// type only (ruling L6).
    package static func translation(_ value: Any?) -> CGSize? {
        if let v = size(value) { return v }
        return point(value).map { CGSize(width: $0.x, height: $0.y) }
    }

    /// The value as a `CGRect`: a `CGRect`, or an `NSValue` holding one.
    package static func rect(_ value: Any?) -> CGRect? {
        if let v = value as? CGRect { return v }
        if let v = value as? NSValue, objCType(of: v).hasPrefix("{CGRect=") { return v.rectValue }
        return nil
    }

    /// The value as a `CATransform3D`: the struct itself, an `NSValue(caTransform3D:)`, a
    /// `CGAffineTransform` or an `NSValue(cgAffineTransform:)` (made 3D as Apple does).
    package static func transform3D(_ value: Any?) -> CATransform3D? {
        switch value {
        case let v as CATransform3D: return v
        case let v as CGAffineTransform: return CATransform3DMakeAffineTransform(v)
        case let v as NSValue:
            let type = objCType(of: v)
            if type == "[16d]" { return v.caTransform3DValue }
            if type == "[6d]" { return CATransform3DMakeAffineTransform(v.cgAffineTransformValue) }
            return nil
        default: return nil
        }
    }

    /// `value` for an optional property of type `T?`: `nil` and `NSNull` clear it (`.some(nil)`);
    /// anything else converts as `coerce(_:to:)` does, and `nil` means it has the wrong type.
    package static func coerceOptional<T>(_ value: Any?, to type: T.Type) -> T?? {
        if value == nil || value is NSNull { return .some(nil) }
        return coerce(value, to: T.self).map { .some($0) }
    }

    /// Converts `value` to `T`, accepting every boxing Apple's key-value coding accepts for a
    /// property of that type. Returns `nil` when the value cannot represent a `T`.
    package static func coerce<T>(_ value: Any?, to type: T.Type) -> T? {
        if let v = value as? T, !(value is NSNull) { return v }
        switch type {
        case is CGFloat.Type: return double(value).map { CGFloat($0) as! T }
        case is Double.Type: return double(value).map { $0 as! T }
        case is Float.Type: return double(value).map { Float($0) as! T }
        case is Int.Type: return double(value).flatMap { Int(exactly: $0.rounded(.towardZero)) as! T? }
        case is UInt32.Type: return double(value).flatMap { UInt32(exactly: $0.rounded(.towardZero)) as! T? }
        case is UInt.Type: return double(value).flatMap { UInt(exactly: $0.rounded(.towardZero)) as! T? }
        case is Bool.Type: return bool(value).map { $0 as! T }
        case is CGPoint.Type: return point(value).map { $0 as! T }
        case is CGSize.Type: return size(value).map { $0 as! T }
        case is CGRect.Type: return rect(value).map { $0 as! T }
        case is CATransform3D.Type: return transform3D(value).map { $0 as! T }
        case is String.Type:
            if let raw = value as? any RawRepresentable, let s = raw.rawValue as? String { return (s as! T) }
            return nil
        default:
            // RawRepresentable string wrappers (CALayerContentsGravity, …) and option sets
            // accept their raw value, as Apple's string constants and NS_OPTIONS do.
            if let wrapper = type as? any RawRepresentable.Type {
                return rawRepresentable(value, as: wrapper) as? T
            }
            return nil
        }
    }

    private static func rawRepresentable<R: RawRepresentable>(_ value: Any?, as type: R.Type) -> R? {
        if let raw = coerce(value, to: R.RawValue.self) { return R(rawValue: raw) }
        return nil
    }

    private static func objCType(of value: NSValue) -> String {
        String(cString: value.objCType)
    }
}
