import QuartzCore

/// The corners of a rectangle (UIKit's `UIRectCorner`), in UIKit's y-down sense: `topLeft` is
/// the corner at the minimum x and minimum y.
public struct UIRectCorner: OptionSet, Hashable, Sendable {
    /// The bit mask.
    public var rawValue: UInt
    /// Wraps a bit mask.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The corner at (minX, minY).
    public static let topLeft = UIRectCorner(rawValue: 1 << 0)
    /// The corner at (maxX, minY).
    public static let topRight = UIRectCorner(rawValue: 1 << 1)
    /// The corner at (minX, maxY).
    public static let bottomLeft = UIRectCorner(rawValue: 1 << 2)
    /// The corner at (maxX, maxY).
    public static let bottomRight = UIRectCorner(rawValue: 1 << 3)
    /// All four.
    public static let allCorners: UIRectCorner = [.topLeft, .topRight, .bottomLeft, .bottomRight]
}

/// A path with its stroke settings (UIKit's `UIBezierPath`), in UIKit's y-down coordinates.
///
/// Angles are in radians from the positive x axis; with y pointing down, increasing angles
/// turn clockwise on screen, so `clockwise: true` draws an arc that looks clockwise.
open class UIBezierPath: NSObject, @unchecked Sendable {
    /// The path being built.
    var path = CGMutablePath()
    /// The dash lengths (points; empty: solid) and phase.
    var lineDash: (pattern: [CGFloat], phase: CGFloat) = ([], 0)

    /// The stroke width in points. Default 1.
    open var lineWidth: CGFloat = 1
    /// The ends of open subpaths. Default `.butt`.
    open var lineCapStyle: CGLineCap = .butt
    /// The corners between segments. Default `.miter`.
    open var lineJoinStyle: CGLineJoin = .miter
    /// The miter length limit, as a multiple of the line width. Default 10.
    open var miterLimit: CGFloat = 10
    /// Whether `fill()`, `addClip()` and `contains(_:)` use the even-odd rule. Default
    /// `false` (non-zero winding).
    open var usesEvenOddFillRule = false

    /// An empty path.
    public override init() {
        super.init()
    }

    /// A closed rectangle from its top-left corner, clockwise on screen.
    public convenience init(rect: CGRect) {
        self.init()
        path.addRect(rect)
    }

    /// A closed ellipse inscribed in `rect`.
    public convenience init(ovalIn rect: CGRect) {
        self.init()
        path.addEllipse(in: rect)
    }

    /// A rectangle with every corner rounded by `cornerRadius` points, clamped to half the
    /// shorter side (circular corners, ruling U3).
    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init(
            roundedRect: rect, byRoundingCorners: .allCorners,
            cornerRadii: CGSize(width: cornerRadius, height: cornerRadius))
    }

    /// A rectangle with the chosen corners rounded by `cornerRadii.width` points (UIKit uses
    /// the width for both axes), clamped to half the shorter side; the others stay square.
    /// Starts at the top edge and runs clockwise on screen.
    public convenience init(
        roundedRect rect: CGRect, byRoundingCorners corners: UIRectCorner, cornerRadii: CGSize
    ) {
        self.init()
        let r = rect.standardized
        guard r.minX.isFinite, r.minY.isFinite, r.width.isFinite, r.height.isFinite else { return }
        let requested = cornerRadii.width.isFinite ? max(cornerRadii.width, 0) : 0
        let clamped = min(requested, r.width / 2, r.height / 2)
        func radius(_ corner: UIRectCorner) -> CGFloat { corners.contains(corner) ? clamped : 0 }
        let (tl, tr, br, bl) = (
            radius(.topLeft), radius(.topRight), radius(.bottomRight), radius(.bottomLeft)
        )
        let half = CGFloat.pi / 2
        path.move(to: CGPoint(x: r.minX + tl, y: r.minY))
        path.addLine(to: CGPoint(x: r.maxX - tr, y: r.minY))
        if tr > 0 {
            path.addArc(
                center: CGPoint(x: r.maxX - tr, y: r.minY + tr), radius: tr, startAngle: -half, endAngle: 0,
                clockwise: false)
        }
        path.addLine(to: CGPoint(x: r.maxX, y: r.maxY - br))
        if br > 0 {
            path.addArc(
                center: CGPoint(x: r.maxX - br, y: r.maxY - br), radius: br, startAngle: 0, endAngle: half,
                clockwise: false)
        }
        path.addLine(to: CGPoint(x: r.minX + bl, y: r.maxY))
        if bl > 0 {
            path.addArc(
                center: CGPoint(x: r.minX + bl, y: r.maxY - bl), radius: bl, startAngle: half, endAngle: .pi,
                clockwise: false)
        }
        path.addLine(to: CGPoint(x: r.minX, y: r.minY + tl))
        if tl > 0 {
            path.addArc(
                center: CGPoint(x: r.minX + tl, y: r.minY + tl), radius: tl, startAngle: .pi,
                endAngle: 3 * half, clockwise: false)
        }
        path.closeSubpath()
    }

    /// An open arc of a circle (see `addArc(withCenter:radius:startAngle:endAngle:clockwise:)`).
    public convenience init(
        arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool
    ) {
        self.init()
        addArc(
            withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle,
            clockwise: clockwise)
    }

    /// A path with a copy of `cgPath`'s elements.
    public convenience init(cgPath: CGPath) {
        self.init()
        path.addPath(cgPath)
    }

    /// The path as a `CGPath` (an immutable copy); setting it replaces the elements.
    open var cgPath: CGPath {
        get { path.copy() ?? CGMutablePath() }
        set {
            path = CGMutablePath()
            path.addPath(newValue)
        }
    }

    // MARK: - Building

    /// Starts a new subpath at `point`.
    open func move(to point: CGPoint) { path.move(to: point) }

    /// A straight line from the current point to `point` (ignored without a current point).
    open func addLine(to point: CGPoint) {
        guard !path.isEmpty else { return }
        path.addLine(to: point)
    }

    /// A cubic Bézier curve from the current point to `endPoint`.
    open func addCurve(to endPoint: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        guard !path.isEmpty else { return }
        path.addCurve(to: endPoint, control1: controlPoint1, control2: controlPoint2)
    }

    /// A quadratic Bézier curve from the current point to `endPoint`.
    open func addQuadCurve(to endPoint: CGPoint, controlPoint: CGPoint) {
        guard !path.isEmpty else { return }
        path.addQuadCurve(to: endPoint, control: controlPoint)
    }

    /// An arc of the circle at `center`, from `startAngle` to `endAngle` (radians), turning
    /// clockwise on screen when `clockwise` (increasing angles, y down). A line joins the
    /// current point, if any, to the arc's start. A full turn or more draws the whole circle.
    open func addArc(
        withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool
    ) {
        // CGPath's `clockwise` is in a y-up space: UIKit's sense is its opposite.
        path.addArc(
            center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: !clockwise)
    }

    /// Closes the current subpath with a line to its start.
    open func close() { path.closeSubpath() }

    /// Removes every element.
    open func removeAllPoints() { path = CGMutablePath() }

    /// Appends `bezierPath`'s elements (not its stroke settings).
    open func append(_ bezierPath: UIBezierPath) { path.addPath(bezierPath.path) }

    /// Transforms every point of the path by `transform`.
    open func apply(_ transform: CGAffineTransform) {
        let transformed = CGMutablePath()
        transformed.addPath(path, transform: transform)
        path = transformed
    }

    // MARK: - Queries

    /// Whether the path has no elements.
    open var isEmpty: Bool { path.isEmpty }

    /// The smallest rectangle holding the path's points (control points excluded).
    open var bounds: CGRect { path.boundingBoxOfPath }

    /// The end point of the last element; `.zero` for an empty path.
    open var currentPoint: CGPoint { path.isEmpty ? .zero : path.currentPoint }

    /// Whether the filled path (by `usesEvenOddFillRule`) holds `point`.
    open func contains(_ point: CGPoint) -> Bool {
        path.contains(point, using: usesEvenOddFillRule ? .evenOdd : .winding)
    }
}
