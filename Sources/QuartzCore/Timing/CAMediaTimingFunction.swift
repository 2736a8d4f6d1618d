import CoreGraphics

/// The name of one of Apple's predefined timing functions (Apple's
/// `CAMediaTimingFunctionName`).
///
/// The raw strings are Apple's (`"linear"`, `"easeIn"`, …). A name that is not one of the five
/// below is kept as given, and ``CAMediaTimingFunction/init(name:)`` treats it as `.linear`.
public struct CAMediaTimingFunctionName: RawRepresentable, Hashable, Sendable {
    /// The raw string, as Apple's constants (`"easeIn"`, …).
    public var rawValue: String

    /// Wraps a raw string; unknown strings are kept and time as `.linear`.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Wraps a raw string; unknown strings are kept and time as `.linear`.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// Even pacing: control points (0, 0) and (1, 1).
    public static let linear = CAMediaTimingFunctionName("linear")
    /// Slow start: control points (0.42, 0) and (1, 1).
    public static let easeIn = CAMediaTimingFunctionName("easeIn")
    /// Slow end: control points (0, 0) and (0.58, 1).
    public static let easeOut = CAMediaTimingFunctionName("easeOut")
    /// Slow start and end: control points (0.42, 0) and (0.58, 1).
    public static let easeInEaseOut = CAMediaTimingFunctionName("easeInEaseOut")
    /// The curve of Core Animation's implicit animations: control points (0.25, 0.1) and
    /// (0.25, 1).
    public static let `default` = CAMediaTimingFunctionName("default")

    /// Apple's control points (c1x, c1y, c2x, c2y) for this name (Apple's
    /// `CAMediaTimingFunctionName` documentation); the
    /// linear curve's for an unknown name.
    var controlPoints: (Float, Float, Float, Float) {
        switch self {
        case .easeIn: return (0.42, 0, 1, 1)
        case .easeOut: return (0, 0, 0.58, 1)
        case .easeInEaseOut: return (0.42, 0, 0.58, 1)
        case .default: return (0.25, 0.1, 0.25, 1)
        default: return (0, 0, 1, 1)
        }
    }
}

/// A function that maps an animation's linear progress to its paced progress, as a cubic
/// Bézier curve from (0, 0) to (1, 1) (Apple's `CAMediaTimingFunction`; solved as ruling E22).
///
/// The two control points are stored as `Float`, as Apple stores them, so
/// `CAMediaTimingFunction(name: .easeIn)` reports `0.42 as Float` for its first control point.
/// Two functions are equal when their control points are equal; the name they were made from
/// does not count. A function is immutable, so it is safe to share between threads.
///
/// Evaluation (``solve(_:)``) clamps control x into [0, 1], where the curve is a function of x;
/// control y is not clamped, so overshooting curves such as `(0.5, −0.5, 0.5, 1.5)` work.
open class CAMediaTimingFunction: NSObject, @unchecked Sendable {
    // @unchecked: every stored property is a `let` of a value type.

    /// c1x, c1y, c2x, c2y.
    private let points: (Float, Float, Float, Float)
    /// The name this function was made from, for `description`; `nil` for control points.
    private let name: CAMediaTimingFunctionName?
    /// The curve, in `Double`, built once.
    package let curve: UnitBezier

    /// One of Apple's predefined functions; an unknown name gives the linear curve (keeping the
    /// name for `description`).
    public convenience init(name: CAMediaTimingFunctionName) {
        let (c1x, c1y, c2x, c2y) = name.controlPoints
        self.init(c1x, c1y, c2x, c2y, name: name)
    }

    /// A curve through (0, 0), (c1x, c1y), (c2x, c2y), (1, 1). Any values are kept as given;
    /// see ``solve(_:)`` for how values outside [0, 1] and NaN are evaluated.
    public convenience init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        self.init(c1x, c1y, c2x, c2y, name: nil)
    }

    /// The designated initialiser behind both public ones.
    private init(_ c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float, name: CAMediaTimingFunctionName?) {
        points = (c1x, c1y, c2x, c2y)
        self.name = name
        curve = UnitBezier(p1x: Double(c1x), p1y: Double(c1y), p2x: Double(c2x), p2y: Double(c2y))
        super.init()
    }

    /// Writes control point `idx` as two `Float`s, x then y, to `ptr[0]` and `ptr[1]`: index 0
    /// is (0, 0), 1 and 2 are the control points, 3 is (1, 1). Any other index writes nothing.
    open func getControlPoint(at idx: Int, values ptr: UnsafeMutablePointer<Float>) {
        let point: (Float, Float)
        switch idx {
        case 0: point = (0, 0)
        case 1: point = (points.0, points.1)
        case 2: point = (points.2, points.3)
        case 3: point = (1, 1)
        default: return
        }
        ptr[0] = point.0
        ptr[1] = point.1
    }

    /// The paced progress y for linear progress `x`: `x` is clamped into [0, 1] (NaN read as 0);
    /// y(0) = 0 and y(1) = 1 exactly. Solved to |x(t) − x| < 1e-7 (``UnitBezier``). Never NaN,
    /// whatever the control points.
    package func solve(_ x: Double) -> Double {
        curve.solve(x)
    }

    /// Equal when `object` is a timing function with the same four control points.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? CAMediaTimingFunction else { return false }
        return points == other.points
    }

    /// A hash of the four control points, consistent with `isEqual(_:)`.
    open override var hash: Int {
        var hasher = Hasher()
        hasher.combine(points.0)
        hasher.combine(points.1)
        hasher.combine(points.2)
        hasher.combine(points.3)
        return hasher.finalize()
    }

    /// The name for a predefined function (`"easeIn"`); the control points for a custom one
    /// (`"(0.1, 0.2) (0.3, 0.4)"`).
    open override var description: String {
        if let name { return name.rawValue }
        return "(\(points.0), \(points.1)) (\(points.2), \(points.3))"
    }
}
