import CoreGraphics

/// A value an animation can interpolate, unboxed once when the animation is prepared.
///
/// Animations hold their values as `Any?` (`fromValue`, `values`, …), boxed the way the caller
/// chose: `Double`, `CGFloat`, `NSNumber`, `NSValue`, plain structs. `AnimatableValue(_:)` reads
/// each boxing once; the arithmetic (`interpolated(to:fraction:)`, `adding(_:)`, …) then runs on
/// plain numbers, and `boxed(like:)` turns the result back into the property's type.
///
/// Kinds and how they interpolate (rulings E23 and R11):
/// - `scalar`, `point`, `size`, `rect`, `color`, `colors`, `numbers` and `path` are *linear
///   kinds*: they interpolate component by component (a rect lerps its origin and its size; a
///   colour its non-premultiplied extended-sRGB red, green, blue and alpha; a path every point of
///   its elements when both paths have the same element types in the same order; arrays — of
///   numbers or of colours — element by element when their counts match).
/// - `transform` interpolates by decomposition with a quaternion slerp along the shorter arc.
/// - `discrete` (and two values of different kinds, or of mismatched structure) switches from the
///   first value to the second at fraction 0.5.
///
/// No arithmetic here produces NaN or an infinity from finite inputs, and a non-finite input is
/// replaced by a finite fallback that each method documents, so that a presentation value is never
/// NaN.
///
/// `@unchecked Sendable` because `discrete` holds an arbitrary value: like Apple's animation values
/// it is treated as immutable once handed to an animation.
package enum AnimatableValue: @unchecked Sendable {
    /// A number (`Double`, `Float`, `CGFloat`, any integer, a non-Boolean `NSNumber`).
    case scalar(Double)
    /// A `CGPoint` (or an `NSValue` holding one).
    case point(CGPoint)
    /// A `CGSize` (or an `NSValue` holding one).
    case size(CGSize)
    /// A `CGRect` (or an `NSValue` holding one).
    case rect(CGRect)
    /// A `CATransform3D`; a `CGAffineTransform` is made 3D as Apple does.
    case transform(CATransform3D)
    /// A `CGColor` as non-premultiplied, sRGB-encoded red, green, blue and alpha; components may lie
    /// outside [0, 1] (extended sRGB).
    case color(r: Double, g: Double, b: Double, a: Double)
    /// A `CGPath`'s elements.
    case path([PathElement])
    /// An array of `CGColor`s (a gradient layer's `colors`), as red, green, blue, alpha of each
    /// colour in turn (non-premultiplied, extended sRGB): four numbers per colour.
    case colors([Double])
    /// An array of numbers, such as a value function's input (`"scale"` takes `[1, 1, 1]`) or
    /// `lineDashPattern`.
    case numbers([Double])
    /// Anything else — `Bool`s, images, strings, layers, `nil` — which switches without interpolation.
    case discrete(Any?)

    /// Unboxes `value`.
    ///
    /// - `Double`, `Float`, `CGFloat`, every integer type and `NSNumber` become `scalar`, except
    ///   Booleans (`Bool`, `NSNumber(value: true)`), which are `discrete` as Apple animates them.
    /// - `CGPoint`, `CGSize`, `CGRect` and `NSValue`s holding them become `point`, `size`, `rect`.
    /// - `CATransform3D`, `NSValue(caTransform3D:)`, `CGAffineTransform` and
    ///   `NSValue(cgAffineTransform:)` become `transform`.
    /// - `CGColor` becomes `color` (any RGB or gray space, through `rgbaComponents`).
    /// - `CGPath` (mutable or not) becomes `path`, a snapshot of its elements.
    /// - A non-empty array whose elements are all non-Boolean numbers becomes `numbers`.
    /// - A non-empty array whose elements are all `CGColor`s becomes `colors`.
    /// - Everything else, `nil` and `NSNull` (stored as `nil`) become `discrete`.
    package init(_ value: Any?) {
        guard let value, !(value is NSNull) else {
            self = .discrete(nil)
            return
        }
        if Self.isBoolean(value) {
            self = .discrete(value)
        } else if let v = ValueCoercion.double(value) {
            self = .scalar(v)
        } else if let v = ValueCoercion.point(value) {
            self = .point(v)
        } else if let v = ValueCoercion.size(value) {
            self = .size(v)
        } else if let v = ValueCoercion.rect(value) {
            self = .rect(v)
        } else if let v = ValueCoercion.transform3D(value) {
            self = .transform(v)
        } else if let v = value as? CGColor {
            let c = v.rgbaComponents
            self = .color(r: Double(c.r), g: Double(c.g), b: Double(c.b), a: Double(c.a))
        } else if let v = value as? CGPath {
            self = .path(v.elements)
        } else if let v = Self.numberArray(value) {
            self = .numbers(v)
        } else if let v = Self.colorArray(value) {
            self = .colors(v)
        } else {
            self = .discrete(value)
        }
    }

    /// Whether `value` is a Boolean: a Swift `Bool` or one of `NSNumber`'s two Boolean instances
    /// (an `NSNumber` made from `1` or `1.0` is a number, although it casts to `Bool`).
    private static func isBoolean(_ value: Any) -> Bool {
        if type(of: value) == Bool.self { return true }
        guard type(of: value) is NSNumber.Type, let number = value as? NSNumber else { return false }
        return number === NSNumber(value: true) || number === NSNumber(value: false)
    }

    /// The components of a non-empty array made only of `CGColor`s, four per colour, else `nil`.
    private static func colorArray(_ value: Any) -> [Double]? {
        guard let array = value as? [Any], !array.isEmpty else { return nil }
        var components: [Double] = []
        components.reserveCapacity(array.count * 4)
        for element in array {
            guard let color = element as? CGColor else { return nil }
            let c = color.rgbaComponents
            components += [Double(c.r), Double(c.g), Double(c.b), Double(c.a)]
        }
        return components
    }

    /// The elements of a non-empty array made only of non-Boolean numbers, else `nil`.
    private static func numberArray(_ value: Any) -> [Double]? {
        guard let array = value as? [Any], !array.isEmpty else { return nil }
        var numbers: [Double] = []
        numbers.reserveCapacity(array.count)
        for element in array {
            guard !isBoolean(element), let number = ValueCoercion.double(element) else { return nil }
            numbers.append(number)
        }
        return numbers
    }
}

// MARK: - Boxing

extension AnimatableValue {
    /// The value boxed as the property's type, which `template` (typically the property's current
    /// or model value) shows.
    ///
    /// - `scalar`: the dynamic type of `template` — `CGFloat` (also when `template` is `nil` or not
    ///   a number), `Double`, `Float`, any other floating-point type, an integer type (rounded to
    ///   the nearest, halves away from zero, clamped to the type's range, NaN giving 0), `Bool`
    ///   (rounded, then non-zero is `true`) or `NSNumber`.
    /// - `point`, `size`, `rect`: the struct, or an `NSValue` when `template` is one.
    /// - `transform`: `CATransform3D`; when `template` is a `CGAffineTransform`, the plane part
    ///   `(m11, m12, m21, m22, m41, m42)` as one (whatever the other entries hold, unlike
    ///   `CATransform3DGetAffineTransform`); an `NSValue` of the template's boxing when `template`
    ///   is an `NSValue`.
    /// - `color`: a `CGColor`, always in sRGB — in `extendedSRGB` when a component lies outside
    ///   [0, 1], so that extrapolated (spring) colours survive; the template's colour space, gray
    ///   included, is not kept. `CGColor` clamps alpha to [0, 1] and turns NaN into 0.
    /// - `path`: a `CGPath` holding the elements.
    /// - `colors`: an array of `CGColor`s (each as `color` boxes), typed `[Any]` unless the
    ///   template is a `[CGColor]`.
    /// - `numbers`: an array of the template's element type when it is `[CGFloat]`, `[Float]`,
    ///   `[Int]` (rounded) or `[NSNumber]`; `[Double]` otherwise (which casts to `[NSNumber]`).
    /// - `discrete`: the value it holds, unchanged.
    package func boxed(like template: Any?) -> Any? {
        let template = template is NSNull ? nil : template
        let boxesAsValue = template.map { type(of: $0) is NSValue.Type } ?? false
        switch self {
        case .scalar(let v):
            return Self.boxScalar(v, like: template)
        case .point(let p):
            return boxesAsValue ? NSValue(cgPoint: p) : p
        case .size(let s):
            return boxesAsValue ? NSValue(cgSize: s) : s
        case .rect(let r):
            return boxesAsValue ? NSValue(cgRect: r) : r
        case .transform(let t):
            return Self.boxTransform(t, like: template)
        case .color(let r, let g, let b, let a):
            return Self.makeColor(r: r, g: g, b: b, a: a)
        case .path(let elements):
            return CGPath(elements: elements)
        case .numbers(let values):
            return Self.boxNumbers(values, like: template)
        case .colors(let c):
            let colors = stride(from: 0, to: c.count - 3, by: 4).map {
                Self.makeColor(r: c[$0], g: c[$0 + 1], b: c[$0 + 2], a: c[$0 + 3])
            }
            if template is [CGColor] { return colors }
            return colors as [Any]
        case .discrete(let value):
            return value
        }
    }

    private static func boxScalar(_ v: Double, like template: Any?) -> Any {
        guard let template else { return CGFloat(v) }
        if type(of: template) == Bool.self { return v.rounded() != 0 }
        if type(of: template) is NSNumber.Type {
            if isBoolean(template) { return NSNumber(value: v.rounded() != 0) }
            return NSNumber(value: v)
        }
        if let t = template as? any BinaryFloatingPoint { return floatingPoint(v, like: t) }
        if let t = template as? any FixedWidthInteger { return integer(v, like: t) }
        return CGFloat(v)
    }

    private static func floatingPoint<T: BinaryFloatingPoint>(_ v: Double, like _: T) -> T {
        T(v)
    }

    private static func integer<T: FixedWidthInteger>(_ v: Double, like _: T) -> T {
        integer(v, as: T.self)
    }

    /// `v` rounded to the nearest `T`, halves away from zero, clamped to `T`'s range; NaN is 0.
    private static func integer<T: FixedWidthInteger>(_ v: Double, as _: T.Type) -> T {
        guard !v.isNaN else { return 0 }
        let r = v.rounded(.toNearestOrAwayFromZero)
        if r <= Double(T.min) { return T.min }
        if r >= Double(T.max) { return T.max }
        return T(r)
    }

    private static func boxTransform(_ t: CATransform3D, like template: Any?) -> Any {
        // The plane part, read even when rounding left the matrix not exactly affine (where
        // `CATransform3DGetAffineTransform` would give the identity).
        let affine = CGAffineTransform(a: t.m11, b: t.m12, c: t.m21, d: t.m22, tx: t.m41, ty: t.m42)
        switch template {
        case is CGAffineTransform:
            return affine
        case let value as NSValue where String(cString: value.objCType) == "[6d]":
            return NSValue(cgAffineTransform: affine)
        case is NSValue:
            return NSValue(caTransform3D: t)
        default:
            return t
        }
    }

    /// An sRGB colour, or an extended-sRGB one when a component is outside [0, 1].
    private static func makeColor(r: Double, g: Double, b: Double, a: Double) -> CGColor {
        let rgb = [r, g, b]
        if rgb.allSatisfy({ (0...1).contains($0) }) {
            return CGColor(srgbRed: CGFloat(r), green: CGFloat(g), blue: CGFloat(b), alpha: CGFloat(a))
        }
        let components = (rgb + [a]).map { CGFloat($0) }
        guard let space = CGColorSpace(name: CGColorSpace.extendedSRGB),
            let color = CGColor(colorSpace: space, components: components)
        else {
            return CGColor(srgbRed: CGFloat(r), green: CGFloat(g), blue: CGFloat(b), alpha: CGFloat(a))
        }
        return color
    }

    private static func boxNumbers(_ values: [Double], like template: Any?) -> Any {
        guard let template else { return values }
        switch type(of: template) {
        case is [CGFloat].Type: return values.map { CGFloat($0) }
        case is [Float].Type: return values.map { Float($0) }
        case is [Int].Type: return values.map { integer($0, as: Int.self) }
        case is [NSNumber].Type: return values.map { NSNumber(value: $0) }
        default: return values
        }
    }
}
