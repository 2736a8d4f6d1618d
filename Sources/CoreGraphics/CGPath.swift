/// The elements of a path and the state needed to append to it.
///
/// All path building goes through the mutating methods here, so the rules about when an element is
/// accepted (Apple ignores drawing without a current point) hold for every way of building a path.
struct PathData: Sendable {
    /// The elements, in order.
    var elements: [PathElement] = []
    /// The point the current subpath started at; `.zero` when the path is empty.
    var subpathStart: CGPoint = .zero
    /// The current point; `.zero` when the path is empty, as Apple reports it.
    var currentPoint: CGPoint = .zero

    /// Whether a current point exists, that is, whether drawing elements may be appended.
    var hasCurrentPoint: Bool { !elements.isEmpty }

    /// Starts a new subpath at `point`.
    mutating func move(to point: CGPoint) {
        elements.append(.move(point))
        subpathStart = point
        currentPoint = point
    }

    /// Appends a line to `point`; ignored without a current point, as Apple does.
    mutating func addLine(to point: CGPoint) {
        guard hasCurrentPoint else { return }
        elements.append(.line(point))
        currentPoint = point
    }

    /// Appends a quadratic curve; ignored without a current point.
    mutating func addQuadCurve(control: CGPoint, to end: CGPoint) {
        guard hasCurrentPoint else { return }
        elements.append(.quad(control, end))
        currentPoint = end
    }

    /// Appends a cubic curve; ignored without a current point.
    mutating func addCurve(control1: CGPoint, control2: CGPoint, to end: CGPoint) {
        guard hasCurrentPoint else { return }
        elements.append(.cubic(control1, control2, end))
        currentPoint = end
    }

    /// Closes the current subpath; ignored on an empty path and right after another close.
    mutating func closeSubpath() {
        guard let last = elements.last, last != .close else { return }
        elements.append(.close)
        currentPoint = subpathStart
    }

    /// Appends `element` by the rules of the matching building method.
    mutating func append(_ element: PathElement) {
        switch element {
        case .move(let p): move(to: p)
        case .line(let p): addLine(to: p)
        case .quad(let c, let p): addQuadCurve(control: c, to: p)
        case .cubic(let c1, let c2, let p): addCurve(control1: c1, control2: c2, to: p)
        case .close: closeSubpath()
        }
    }

    /// Appends a closed rectangle: a move to the minimum corner, three lines going first along +x,
    /// then +y, then −x, and a close. A null rectangle adds nothing.
    mutating func addRect(_ rect: CGRect, transform: CGAffineTransform) {
        guard !rect.isNull else { return }
        let r = rect.standardized
        let f = { (x: CGFloat, y: CGFloat) in CGPoint(x: x, y: y).applying(transform) }
        move(to: f(r.minX, r.minY))
        addLine(to: f(r.maxX, r.minY))
        addLine(to: f(r.maxX, r.maxY))
        addLine(to: f(r.minX, r.maxY))
        closeSubpath()
    }

    /// The same path with every point mapped through `transform`.
    func transformed(by transform: CGAffineTransform) -> PathData {
        if transform == .identity { return self }
        var result = PathData()
        for element in elements {
            result.append(element.pathTransformed(by: transform))
        }
        return result
    }
}

/// An immutable graphics path, Apple's `CGPath`: a sequence of subpaths made of moves, straight
/// lines, quadratic and cubic Bézier curves and closes.
///
/// Coordinates are in the path's user space (points for layers). A `CGPath` never changes after it
/// is created; its mutable subclass `CGMutablePath` builds paths. Two paths are equal (`==`) when
/// their element lists are equal, point by point, whatever their classes, as `CFEqual` compares
/// paths; points are compared with `==`, so two separately built paths holding NaN coordinates
/// are not equal (a path and its copies share storage and compare equal).
///
/// `CGPath` is `Sendable`: its element list is immutable, and `CGMutablePath` guards its own with a
/// lock, so every query sees a consistent snapshot.
open class CGPath: Hashable, @unchecked Sendable {
    /// The elements of an immutable path; unused by `CGMutablePath`, which keeps its own.
    private let storedData: PathData

    /// A snapshot of the path's elements and building state.
    var data: PathData { storedData }

    /// A path holding `data`.
    init(data: PathData) {
        self.storedData = data
    }

    /// An immutable path replaying `elements` through the building rules, for Lamina's own modules
    /// (not Apple API).
    ///
    /// Elements that the building methods would ignore (a line, curve or close before any move, a
    /// second close in a row) are dropped, so the result's `elements` may be shorter than the list.
    package convenience init(elements: [PathElement]) {
        var data = PathData()
        for element in elements {
            data.append(element)
        }
        self.init(data: data)
    }

    /// An immutable path holding one closed rectangular subpath, as `CGMutablePath.addRect(_:transform:)`
    /// adds it: a move to the rectangle's minimum corner, three lines (along +x, then +y, then −x)
    /// and a close.
    ///
    /// - Parameters:
    ///   - rect: The rectangle, in user space; it is standardized first. A null rectangle gives an
    ///     empty path.
    ///   - transform: A transform applied to every point, or `nil` for none.
    public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        var data = PathData()
        data.addRect(rect, transform: transform?.pointee ?? .identity)
        self.init(data: data)
    }

    /// An immutable path holding the ellipse that fits `rect`, as
    /// `CGMutablePath.addEllipse(in:transform:)` adds it: a move to the rightmost point, four cubic
    /// Béziers of a quarter each with the angle increasing (from +x towards +y), and a close.
    ///
    /// - Parameters:
    ///   - rect: The rectangle the ellipse fits, in user space; it is standardized first. A null
    ///     rectangle gives an empty path.
    ///   - transform: A transform applied to every point, or `nil` for none.
    public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        var data = PathData()
        data.addEllipse(in: rect, transform: transform?.pointee ?? .identity)
        self.init(data: data)
    }

    /// An immutable path holding one rounded rectangle, as
    /// `CGMutablePath.addRoundedRect(in:cornerWidth:cornerHeight:transform:)` adds it.
    ///
    /// - Parameters:
    ///   - rect: The rectangle, in user space; it is standardized first. A null rectangle gives an
    ///     empty path.
    ///   - cornerWidth: The horizontal radius of each corner's quarter ellipse; clamped to
    ///     `0...rect.width / 2`.
    ///   - cornerHeight: The vertical radius of each corner's quarter ellipse; clamped to
    ///     `0...rect.height / 2`. When either corner size is not positive the result is a plain
    ///     rectangle, as `init(rect:transform:)` makes it.
    ///   - transform: A transform applied to every point, or `nil` for none.
    public convenience init(
        roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
        transform: UnsafePointer<CGAffineTransform>?
    ) {
        var data = PathData()
        data.addRoundedRect(
            in: rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight,
            transform: transform?.pointee ?? .identity)
        self.init(data: data)
    }

    // MARK: Copies

    /// An immutable copy of the path, holding the same elements. Never `nil`; the optional is
    /// Apple's signature.
    public func copy() -> CGPath? {
        if type(of: self) == CGPath.self { return self }
        return CGPath(data: data)
    }

    /// An immutable copy of the path with every point mapped through `transform` (`nil` for none).
    /// Never `nil`; the optional is Apple's signature.
    public func copy(using transform: UnsafePointer<CGAffineTransform>?) -> CGPath? {
        guard let transform else { return copy() }
        return CGPath(data: data.transformed(by: transform.pointee))
    }

    /// A new mutable path holding the same elements and current point. Never `nil`; the optional is
    /// Apple's signature.
    public func mutableCopy() -> CGMutablePath? {
        CGMutablePath(data: data)
    }

    /// A new mutable path holding the path's elements with every point mapped through `transform`
    /// (`nil` for none). Never `nil`; the optional is Apple's signature.
    public func mutableCopy(using transform: UnsafePointer<CGAffineTransform>?) -> CGMutablePath? {
        guard let transform else { return mutableCopy() }
        return CGMutablePath(data: data.transformed(by: transform.pointee))
    }

    // MARK: Queries

    /// Whether the path has no elements. A path holding only a move is not empty.
    public var isEmpty: Bool { data.elements.isEmpty }

    /// The current point: the end of the last element, or the start of the subpath a close ended;
    /// `.zero` when the path is empty, as Apple reports it.
    public var currentPoint: CGPoint { data.currentPoint }

    /// The path's elements as Swift values, for Lamina's own modules (not Apple API).
    package var elements: [PathElement] { data.elements }

    /// Whether the path is exactly one axis-aligned rectangle.
    ///
    /// The path must be a move followed by three lines and a close, or by four lines of which the
    /// last returns to the start (optionally followed by a close), with its edges alternately
    /// horizontal and vertical, as `init(rect:transform:)` builds it. A degenerate rectangle of zero
    /// width or height counts.
    ///
    /// - Parameter rect: Where to store the rectangle, standardized, when the path is one; may be
    ///   `nil`. Left unchanged when the result is `false`.
    /// - Returns: `true` when the path is a rectangle.
    public func isRect(_ rect: UnsafeMutablePointer<CGRect>?) -> Bool {
        let elements = data.elements
        guard elements.count >= 5, case .move(let p0) = elements[0],
            case .line(let p1) = elements[1], case .line(let p2) = elements[2],
            case .line(let p3) = elements[3]
        else { return false }
        switch elements.count {
        case 5:
            guard elements[4] == .close || elements[4] == .line(p0) else { return false }
        case 6:
            guard elements[4] == .line(p0), elements[5] == .close else { return false }
        default:
            return false
        }
        let horizontalFirst = p0.y == p1.y && p1.x == p2.x && p2.y == p3.y && p3.x == p0.x
        let verticalFirst = p0.x == p1.x && p1.y == p2.y && p2.x == p3.x && p3.y == p0.y
        guard horizontalFirst || verticalFirst else { return false }
        let result = CGRect(
            x: Swift.min(p0.x, p2.x), y: Swift.min(p0.y, p2.y),
            width: abs(p2.x - p0.x), height: abs(p2.y - p0.y))
        rect?.pointee = result
        return true
    }

    // MARK: Iteration

    /// Calls `block` once for each element, in order.
    ///
    /// The path is read once before the first call, so `block` may safely append to the same
    /// mutable path; what it appends is not visited. The element and its points are valid only
    /// during the call.
    public func applyWithBlock(_ block: (UnsafePointer<CGPathElement>) -> Void) {
        let elements = data.elements
        withUnsafeTemporaryAllocation(of: CGPoint.self, capacity: 3) { buffer in
            guard let base = buffer.baseAddress else { return }
            base.initialize(repeating: .zero, count: 3)
            for element in elements {
                let type: CGPathElementType
                switch element {
                case .move(let p):
                    type = .moveToPoint
                    base[0] = p
                case .line(let p):
                    type = .addLineToPoint
                    base[0] = p
                case .quad(let c, let p):
                    type = .addQuadCurveToPoint
                    base[0] = c
                    base[1] = p
                case .cubic(let c1, let c2, let p):
                    type = .addCurveToPoint
                    base[0] = c1
                    base[1] = c2
                    base[2] = p
                case .close:
                    type = .closeSubpath
                }
                var pathElement = CGPathElement(type: type, points: base)
                withUnsafePointer(to: &pathElement) { block($0) }
            }
        }
    }

    /// Calls the C function `function` once for each element, in order, passing `info` through
    /// unchanged; otherwise as `applyWithBlock(_:)`.
    public func apply(info: UnsafeMutableRawPointer?, function: CGPathApplierFunction) {
        applyWithBlock { element in function(info, element) }
    }

    // MARK: Equality

    /// Whether the two paths hold the same elements with equal points, as `CFEqual` compares paths;
    /// the classes (`CGPath` or `CGMutablePath`) do not matter.
    public static func == (lhs: CGPath, rhs: CGPath) -> Bool {
        lhs === rhs || lhs.data.elements == rhs.data.elements
    }

    /// Hashes the path's elements, consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(data.elements)
    }
}
