/// The kind of an element of a graphics path, Apple's `CGPathElementType`.
///
/// The raw values are Apple's: they are the `kCGPathElement…` constants of the C API.
public enum CGPathElementType: Int32, Sendable {
    /// Starts a new subpath; the element holds one point, the new current point.
    case moveToPoint = 0
    /// A straight line from the current point; the element holds one point, the line's end.
    case addLineToPoint = 1
    /// A quadratic Bézier curve from the current point; the element holds two points, the
    /// control point and then the curve's end.
    case addQuadCurveToPoint = 2
    /// A cubic Bézier curve from the current point; the element holds three points, the first
    /// control point, the second control point and then the curve's end.
    case addCurveToPoint = 3
    /// Closes the current subpath with a straight line back to its start; the element holds no
    /// points.
    case closeSubpath = 4
}

/// One element of a graphics path, as `CGPath.applyWithBlock(_:)` and `CGPath.apply(info:function:)`
/// hand it out, Apple's `CGPathElement`.
///
/// `points` addresses as many points as `type` needs (0 to 3, see `CGPathElementType`). The storage
/// belongs to the path's iteration: it is valid only during the callback that received the element.
public struct CGPathElement {
    /// The kind of element, which says how many points `points` addresses.
    public var type: CGPathElementType
    /// The element's points: 1 for a move or a line, 2 for a quadratic curve (control, end), 3 for a
    /// cubic curve (control 1, control 2, end), none for a close.
    public var points: UnsafeMutablePointer<CGPoint>

    /// An element of the given type whose points are stored at `points`.
    public init(type: CGPathElementType, points: UnsafeMutablePointer<CGPoint>) {
        self.type = type
        self.points = points
    }
}

/// The function type `CGPath.apply(info:function:)` calls once per element, Apple's
/// `CGPathApplierFunction`: it receives the `info` pointer given to `apply` and the element.
///
/// Apple's is `@convention(c)`; Lamina's `CGPathElement` is a Swift struct, which C cannot
/// represent, so this is a plain Swift function type. Closures without captures, which is what
/// Apple's type accepts, convert to it unchanged.
public typealias CGPathApplierFunction = (UnsafeMutableRawPointer?, UnsafePointer<CGPathElement>) -> Void

/// A path element as a Swift value, for Lamina's own modules (not Apple API).
///
/// The points of each case are in the order `CGPathElement` stores them: control points first,
/// the end point last. `CGPath.elements` lists a path's elements in this form and
/// `CGPath(elements:)` builds a path back from such a list.
package enum PathElement: Hashable, Sendable {
    /// Starts a new subpath at the point.
    case move(CGPoint)
    /// A straight line from the current point to the point.
    case line(CGPoint)
    /// A quadratic Bézier curve: `(control, end)`.
    case quad(CGPoint, CGPoint)
    /// A cubic Bézier curve: `(control1, control2, end)`.
    case cubic(CGPoint, CGPoint, CGPoint)
    /// Closes the current subpath.
    case close

    /// The element's `CGPathElementType`.
    package var type: CGPathElementType {
        switch self {
        case .move: return .moveToPoint
        case .line: return .addLineToPoint
        case .quad: return .addQuadCurveToPoint
        case .cubic: return .addCurveToPoint
        case .close: return .closeSubpath
        }
    }

    /// The element's points in `CGPathElement` order (control points first, end point last).
    package var points: [CGPoint] {
        switch self {
        case .move(let p), .line(let p): return [p]
        case .quad(let c, let p): return [c, p]
        case .cubic(let c1, let c2, let p): return [c1, c2, p]
        case .close: return []
        }
    }

    /// The point the element ends at, or `nil` for `.close`, whose end is its subpath's start.
    package var endPoint: CGPoint? {
        switch self {
        case .move(let p), .line(let p), .quad(_, let p), .cubic(_, _, let p): return p
        case .close: return nil
        }
    }

    /// The element with every point mapped through `transform`.
    func pathTransformed(by transform: CGAffineTransform) -> PathElement {
        if transform == .identity { return self }
        let f = { (p: CGPoint) in p.applying(transform) }
        switch self {
        case .move(let p): return .move(f(p))
        case .line(let p): return .line(f(p))
        case .quad(let c, let p): return .quad(f(c), f(p))
        case .cubic(let c1, let c2, let p): return .cubic(f(c1), f(c2), f(p))
        case .close: return .close
        }
    }
}
