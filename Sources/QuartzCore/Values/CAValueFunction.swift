import CoreGraphics

/// The name of a value function, Apple's `CAValueFunctionName`: one of the eleven constants below
/// (Apple's `CAValueFunction` documentation), whose raw strings are Apple's (`"rotateX"` …
/// `"translateZ"`).
public struct CAValueFunctionName: RawRepresentable, Hashable, Sendable {
    /// The raw string, as Apple's constants.
    public var rawValue: String
    /// Wraps a raw string; `CAValueFunction(name:)` returns `nil` for a string that is not one of
    /// the constants.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Wraps a raw string.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// A rotation about the x axis by one number, in radians (`kCAValueFunctionRotateX`).
    public static let rotateX = CAValueFunctionName("rotateX")
    /// A rotation about the y axis by one number, in radians (`kCAValueFunctionRotateY`).
    public static let rotateY = CAValueFunctionName("rotateY")
    /// A rotation about the z axis by one number, in radians (`kCAValueFunctionRotateZ`).
    public static let rotateZ = CAValueFunctionName("rotateZ")
    /// A scale by three numbers, x, y and z (`kCAValueFunctionScale`).
    public static let scale = CAValueFunctionName("scale")
    /// A scale along x by one number (`kCAValueFunctionScaleX`).
    public static let scaleX = CAValueFunctionName("scaleX")
    /// A scale along y by one number (`kCAValueFunctionScaleY`).
    public static let scaleY = CAValueFunctionName("scaleY")
    /// A scale along z by one number (`kCAValueFunctionScaleZ`).
    public static let scaleZ = CAValueFunctionName("scaleZ")
    /// A translation by three numbers, x, y and z (`kCAValueFunctionTranslate`; Apple's header
    /// calls it a scale matrix, a typo).
    public static let translate = CAValueFunctionName("translate")
    /// A translation along x by one number (`kCAValueFunctionTranslateX`).
    public static let translateX = CAValueFunctionName("translateX")
    /// A translation along y by one number (`kCAValueFunctionTranslateY`).
    public static let translateY = CAValueFunctionName("translateY")
    /// A translation along z by one number (`kCAValueFunctionTranslateZ`).
    public static let translateZ = CAValueFunctionName("translateZ")

    /// Every name Apple defines, in the header's order.
    static let all: [CAValueFunctionName] = [
        .rotateX, .rotateY, .rotateZ, .scale, .scaleX, .scaleY, .scaleZ,
        .translate, .translateX, .translateY, .translateZ,
    ]
}

/// A function that turns an animation's interpolated numbers into a transform, Apple's
/// `CAValueFunction` (Apple's `CAValueFunction` documentation).
///
/// Set it as a property animation's `valueFunction` on a `transform` key path: the animation then
/// interpolates plain numbers (so a rotation can turn through more than 180°, which interpolating
/// matrices cannot show) and each frame's numbers become the transform:
///
///     let spin = CABasicAnimation(keyPath: "transform")
///     spin.valueFunction = CAValueFunction(name: .rotateZ)
///     spin.fromValue = 0
///     spin.toValue = 2 * CGFloat.pi
///
/// Inputs (see `transform(for:)`): one number for the single-axis functions, three numbers
/// (`[x, y, z]`) for `scale` and `translate`. A value function is immutable.
open class CAValueFunction: NSObject {
    private let storedName: CAValueFunctionName

    /// The function's name.
    open var name: CAValueFunctionName { storedName }

    /// The value function called `name`, or `nil` when `name` is not one of Apple's eleven
    /// (`CAValueFunctionName.rotateX` … `.translateZ`), as Apple's `CAValueFunction(name:)`.
    public init?(name: CAValueFunctionName) {
        guard CAValueFunctionName.all.contains(name) else { return nil }
        self.storedName = name
        super.init()
    }

    /// Two value functions are equal when they have the same name.
    open override func isEqual(_ object: Any?) -> Bool {
        (object as? CAValueFunction)?.name == name
    }

    /// Hashes the name, consistently with `isEqual(_:)`.
    open override var hash: Int { name.hashValue }

    /// The transform for the (interpolated) input `value`. **Lamina extension.**
    ///
    /// - Single-axis functions (`rotateX/Y/Z`, `scaleX/Y/Z`, `translateX/Y/Z`) read one number: a
    ///   scalar, or the first element of a `numbers` array. Rotations are in radians, as
    ///   `CATransform3DMakeRotation(angle, 1, 0, 0)` and so on; `scaleX` is
    ///   `CATransform3DMakeScale(s, 1, 1)`, `translateX` `CATransform3DMakeTranslation(t, 0, 0)`.
    /// - `scale` reads `[x, y, z]`; a single number (a scalar or a one-element array) scales all
    ///   three axes, as the `transform.scale` key path writes all three; two numbers scale x and y;
    ///   a `CGPoint` or `CGSize` scales x and y.
    /// - `translate` reads `[x, y, z]`; two numbers, a `CGPoint` or a `CGSize` translate in x and
    ///   y. A single number has no obvious axis and gives the identity.
    ///
    /// Missing input (an empty array, a discrete value, any other kind) gives the identity. A
    /// non-finite number is replaced by the neutral value of its axis (0 for an angle or a
    /// translation, 1 for a scale), so the result is always finite.
    package func transform(for value: AnimatableValue) -> CATransform3D {
        let numbers = Self.inputs(value)
        guard let first = numbers.first else { return CATransform3DIdentity }
        func finite(_ v: Double, else neutral: Double) -> CGFloat { CGFloat(v.isFinite ? v : neutral) }
        let angle = finite(first, else: 0)
        let offset = finite(first, else: 0)
        let factor = finite(first, else: 1)
        switch name {
        case .rotateX: return CATransform3DMakeRotation(angle, 1, 0, 0)
        case .rotateY: return CATransform3DMakeRotation(angle, 0, 1, 0)
        case .rotateZ: return CATransform3DMakeRotation(angle, 0, 0, 1)
        case .scaleX: return CATransform3DMakeScale(factor, 1, 1)
        case .scaleY: return CATransform3DMakeScale(1, factor, 1)
        case .scaleZ: return CATransform3DMakeScale(1, 1, factor)
        case .translateX: return CATransform3DMakeTranslation(offset, 0, 0)
        case .translateY: return CATransform3DMakeTranslation(0, offset, 0)
        case .translateZ: return CATransform3DMakeTranslation(0, 0, offset)
        case .scale:
            let s = numbers.count == 1 ? [first, first, first] : Array((numbers + [1]).prefix(3))
            return CATransform3DMakeScale(finite(s[0], else: 1), finite(s[1], else: 1), finite(s[2], else: 1))
        case .translate:
            guard numbers.count >= 2 else { return CATransform3DIdentity }
            let t = Array((numbers + [0]).prefix(3))
            return CATransform3DMakeTranslation(
                finite(t[0], else: 0), finite(t[1], else: 0), finite(t[2], else: 0))
        default:
            return CATransform3DIdentity
        }
    }

    /// The numbers a value supplies: one for a scalar, the elements of an array, x and y of a
    /// point or size; none for anything else.
    private static func inputs(_ value: AnimatableValue) -> [Double] {
        switch value {
        case .scalar(let v): return [v]
        case .numbers(let values): return values
        case .point(let p): return [Double(p.x), Double(p.y)]
        case .size(let s): return [Double(s.width), Double(s.height)]
        default: return []
        }
    }
}
