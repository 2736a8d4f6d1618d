import Synchronization

/// A mutable graphics path, Apple's `CGMutablePath`.
///
/// Every building method takes an optional `transform` (identity by default, as in Apple's Swift
/// API) that maps the given points before they are stored. Drawing methods that need a current
/// point (`addLine`, `addQuadCurve`, `addCurve`, `addArc(tangent1End:tangent2End:radius:)`,
/// `closeSubpath`) do nothing on an empty path, where Apple logs an error and ignores the call.
///
/// The path is safe to use from several threads: its elements are guarded by a lock, and each
/// query on it works on one consistent snapshot.
public final class CGMutablePath: CGPath, @unchecked Sendable {
    private let storage: Mutex<PathData>

    /// An empty mutable path: no elements, current point `.zero`.
    public init() {
        self.storage = Mutex(PathData())
        super.init(data: PathData())
    }

    /// A mutable path starting out with `data`.
    override init(data: PathData) {
        self.storage = Mutex(data)
        super.init(data: PathData())
    }

    /// A mutable path replaying `elements` through the building rules, for Lamina's own modules (not
    /// Apple API); see `CGPath.init(elements:)`.
    package convenience init(elements: [PathElement]) {
        var data = PathData()
        for element in elements {
            data.append(element)
        }
        self.init(data: data)
    }

    override var data: PathData {
        storage.withLock { $0 }
    }

    /// Runs `body` on the path's data under the lock.
    func mutate(_ body: (inout PathData) -> Void) {
        storage.withLock { body(&$0) }
    }

    /// Starts a new subpath at `point`, which becomes the current point.
    ///
    /// - Parameters:
    ///   - point: The subpath's start, in user space.
    ///   - transform: A transform applied to `point`; identity by default.
    public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
        let p = point.applying(transform)
        mutate { $0.move(to: p) }
    }

    /// Appends a straight line from the current point to `point`, which becomes the current point.
    /// Ignored on an empty path.
    ///
    /// - Parameters:
    ///   - point: The line's end, in user space.
    ///   - transform: A transform applied to `point`; identity by default.
    public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
        let p = point.applying(transform)
        mutate { $0.addLine(to: p) }
    }

    /// Appends a move to the first point and a line to each following point. An empty array adds
    /// nothing.
    ///
    /// - Parameters:
    ///   - points: The polyline's vertices, in user space.
    ///   - transform: A transform applied to every point; identity by default.
    public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
        guard !points.isEmpty else { return }
        let mapped = points.map { $0.applying(transform) }
        mutate { data in
            data.move(to: mapped[0])
            for p in mapped.dropFirst() {
                data.addLine(to: p)
            }
        }
    }

    /// Appends a quadratic Bézier curve from the current point to `end`. Ignored on an empty path.
    ///
    /// - Parameters:
    ///   - end: The curve's end, in user space; it becomes the current point.
    ///   - control: The curve's control point, in user space.
    ///   - transform: A transform applied to both points; identity by default.
    public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        let e = end.applying(transform)
        let c = control.applying(transform)
        mutate { $0.addQuadCurve(control: c, to: e) }
    }

    /// Appends a cubic Bézier curve from the current point to `end`. Ignored on an empty path.
    ///
    /// - Parameters:
    ///   - end: The curve's end, in user space; it becomes the current point.
    ///   - control1: The first control point, in user space.
    ///   - control2: The second control point, in user space.
    ///   - transform: A transform applied to all three points; identity by default.
    public func addCurve(
        to end: CGPoint, control1: CGPoint, control2: CGPoint, transform: CGAffineTransform = .identity
    ) {
        let e = end.applying(transform)
        let c1 = control1.applying(transform)
        let c2 = control2.applying(transform)
        mutate { $0.addCurve(control1: c1, control2: c2, to: e) }
    }

    /// Appends a closed rectangular subpath: a move to the rectangle's minimum corner, three lines
    /// (along +x, then +y, then −x) and a close.
    ///
    /// - Parameters:
    ///   - rect: The rectangle, in user space; it is standardized first. A null rectangle adds
    ///     nothing.
    ///   - transform: A transform applied to every point; identity by default.
    public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        mutate { $0.addRect(rect, transform: transform) }
    }

    /// Appends one closed rectangular subpath per rectangle, in order, as `addRect(_:transform:)`
    /// does.
    ///
    /// - Parameters:
    ///   - rects: The rectangles, in user space.
    ///   - transform: A transform applied to every point; identity by default.
    public func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        mutate { data in
            for rect in rects {
                data.addRect(rect, transform: transform)
            }
        }
    }

    /// Appends every element of `path`, with its points mapped through `transform`. The current
    /// point becomes the added path's current point. Appending a path to itself appends one copy.
    ///
    /// - Parameters:
    ///   - path: The path to append.
    ///   - transform: A transform applied to every point; identity by default.
    public func addPath(_ path: CGPath, transform: CGAffineTransform = .identity) {
        let added = path.data.elements
        mutate { data in
            for element in added {
                data.append(element.pathTransformed(by: transform))
            }
        }
    }

    /// Closes the current subpath with a straight line back to its start, which becomes the current
    /// point. A following line or curve without a move starts a new subpath there. Ignored on an
    /// empty path and right after another close.
    public func closeSubpath() {
        mutate { $0.closeSubpath() }
    }
}
