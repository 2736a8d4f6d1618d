@_implementationOnly import CCairo

// MARK: - Building the current path

extension CGContext {
    /// Discards the current path and starts a new, empty one, as Apple's `CGContextBeginPath`.
    public func beginPath() {
        currentPath = DevicePath()
    }

    /// Starts a new subpath at `point` (user space), as Apple's `CGContextMoveToPoint`.
    public func move(to point: CGPoint) {
        appendUserElements([.move(point)])
    }

    /// Appends a straight line from the current point to `point` (user space), as Apple's
    /// `CGContextAddLineToPoint`. Ignored when the path has no current point.
    public func addLine(to point: CGPoint) {
        appendUserElements([.line(point)])
    }

    /// Starts a new subpath at the first point and appends straight lines to each following point,
    /// as Apple's `CGContextAddLines`. An empty array does nothing.
    public func addLines(between points: [CGPoint]) {
        guard let first = points.first else { return }
        appendUserElements([.move(first)] + points.dropFirst().map { .line($0) })
    }

    /// Appends a closed rectangular subpath, as Apple's `CGContextAddRect`: a move to the
    /// standardized rectangle's minimum corner, lines along +x, +y and −x (counterclockwise on the
    /// y-up bitmap), and a close. A null rectangle adds nothing.
    public func addRect(_ rect: CGRect) {
        addRects([rect])
    }

    /// Appends one closed subpath per rectangle, as Apple's `CGContextAddRects`; each is added as
    /// `addRect(_:)` adds it.
    public func addRects(_ rects: [CGRect]) {
        for rect in rects {
            addRect(rect, to: &currentPath)
        }
    }

    /// Appends a closed elliptical subpath fitting `rect`, as Apple's `CGContextAddEllipseInRect`:
    /// four cubic Bézier curves starting at `(maxX, midY)` with increasing angle (counterclockwise
    /// on the y-up bitmap), then a close.
    public func addEllipse(in rect: CGRect) {
        guard !rect.isNull, rect.isFiniteRect else { return }
        appendUserElements(Self.ellipseElements(in: rect.standardized))
    }

    /// Appends a cubic Bézier curve from the current point to `end` with the two control points
    /// (user space), as Apple's `CGContextAddCurveToPoint`. Ignored without a current point.
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        appendUserElements([.cubic(control1, control2, end)])
    }

    /// Appends a quadratic Bézier curve from the current point to `end` (user space), as Apple's
    /// `CGContextAddQuadCurveToPoint`. Ignored without a current point.
    public func addQuadCurve(to end: CGPoint, control: CGPoint) {
        appendUserElements([.quad(control, end)])
    }

    /// Appends a circular arc, as Apple's `CGContextAddArc`.
    ///
    /// Angles are in radians from the positive x axis of user space. `clockwise == false` sweeps
    /// with increasing angle (counterclockwise on the y-up bitmap while the CTM is the identity),
    /// `true` with decreasing angle. The sweep is `CGMutablePath.addArc`'s: the whole difference,
    /// every turn kept, when the end lies ahead of the start in the chosen direction; otherwise the
    /// way round from the start point to the end point, a full circle when they coincide (0 → 2π
    /// with `clockwise == true` draws a circle); nothing for equal angles. If the path has a
    /// current point, a line joins it to the arc's start; otherwise the arc starts a new subpath.
    /// The arc is approximated by cubic Bézier curves of at most a quarter turn each. A negative
    /// radius or any non-finite value makes the call do nothing.
    public func addArc(
        center: CGPoint,
        radius: CGFloat,
        startAngle: CGFloat,
        endAngle: CGFloat,
        clockwise: Bool
    ) {
        guard radius >= 0, radius.isFinite, startAngle.isFinite, endAngle.isFinite,
            center.x.isFinite, center.y.isFinite
        else { return }
        let signedSweep = arcSweep(startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
        let start = Self.pointOnEllipse(center: center, radiusX: radius, radiusY: radius, angle: startAngle)
        let opening: PathElement = currentPath.currentPoint == nil ? .move(start) : .line(start)
        let curves = Self.arcCurves(
            center: center, radiusX: radius, radiusY: radius, startAngle: startAngle, sweep: signedSweep)
        appendUserElements([opening] + curves)
    }

    /// Appends an arc of `radius` tangent to the line from the current point to `tangent1End` and
    /// to the line from `tangent1End` to `tangent2End`, as Apple's `CGContextAddArcToPoint`, with
    /// `CGMutablePath.addArc(tangent1End:tangent2End:radius:transform:)`'s geometry: a line to the
    /// arc's first tangent point (unless it is the current point), then the arc the short way
    /// round. Collinear points, `tangent1End` equal to the current point or to `tangent2End`, or a
    /// zero radius add a line to `tangent1End`. Ignored without a current point (Apple logs "no
    /// current point"), for a negative radius, any non-finite value, or a CTM that is not
    /// invertible.
    public func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat) {
        let transform = userToCairo
        guard let device = currentPath.currentPoint, transform.isInvertibleForDrawing,
            tangent1End.x.isFinite, tangent1End.y.isFinite, tangent2End.x.isFinite,
            tangent2End.y.isFinite
        else { return }
        let start = device.applying(transform.inverted())
        let path = CGMutablePath()
        path.move(to: start)
        path.addArc(tangent1End: tangent1End, tangent2End: tangent2End, radius: radius)
        appendUserElements(Array(path.elements.dropFirst()))
    }

    /// Closes the current subpath with a straight line back to its start, as Apple's
    /// `CGContextClosePath`. Ignored without a current point or right after another close.
    public func closePath() {
        currentPath.close()
    }

    /// Appends `path`, mapped from user space by the CTM, as Apple's `CGContextAddPath`. A path
    /// holding a NaN or infinite point adds nothing.
    public func addPath(_ path: CGPath) {
        appendUserElements(path.elements)
    }
}

// MARK: - Reading the current path

extension CGContext {
    /// Whether the current path has no elements, as Apple's `CGContextIsPathEmpty`; a path that is
    /// only a move is not empty.
    public var isPathEmpty: Bool {
        currentPath.elements.isEmpty
    }

    /// The smallest user-space rectangle containing every point of the current path, Bézier
    /// control points included, as Apple's `CGContextGetPathBoundingBox`; `CGRect.null` when the
    /// path is empty or the CTM is not invertible.
    public var boundingBoxOfPath: CGRect {
        guard let elements = userSpaceElements(), !elements.isEmpty else { return .null }
        let points = elements.flatMap(\.points)
        guard let first = points.first else { return .null }
        var minX = first.x
        var maxX = first.x
        var minY = first.y
        var maxY = first.y
        for point in points.dropFirst() {
            minX = min(minX, point.x)
            maxX = max(maxX, point.x)
            minY = min(minY, point.y)
            maxY = max(maxY, point.y)
        }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The current point in user space, as Apple's `CGContextGetPathCurrentPoint`; `.zero` when the
    /// path is empty or the CTM is not invertible.
    public var currentPointOfPath: CGPoint {
        guard let point = currentPath.currentPoint else { return .zero }
        let transform = userToCairo
        guard transform.isInvertibleForDrawing else { return .zero }
        return point.applying(transform.inverted())
    }

    /// A copy of the current path in the current user space, as Apple's `CGContextCopyPath`, or
    /// `nil` when the path is empty or the CTM is not invertible.
    public var path: CGPath? {
        guard let elements = userSpaceElements(), !elements.isEmpty else { return nil }
        return CGPath(elements: elements)
    }

    /// The current path mapped back to user space, or `nil` if the CTM is not invertible.
    private func userSpaceElements() -> [PathElement]? {
        let transform = userToCairo
        guard transform.isInvertibleForDrawing else { return nil }
        let inverse = transform.inverted()
        return currentPath.elements.map { $0.mapped { $0.applying(inverse) } }
    }
}

// MARK: - Internals

extension CGContext {
    /// `point` (user space) in Cairo device space; `nil` when it is not finite or the CTM is not
    /// invertible. Points far outside the bitmap are kept as they are: painting cuts the path to
    /// what Cairo can draw exactly (ruling G17).
    func cairoPoint(_ point: CGPoint) -> CGPoint? {
        let transform = userToCairo
        guard point.x.isFinite, point.y.isFinite, transform.isInvertibleForDrawing else { return nil }
        let mapped = point.applying(transform)
        guard mapped.x.isFinite, mapped.y.isFinite else { return nil }
        return mapped
    }

    /// The bitmap's rectangle in Cairo device space, grown by `margin` pixels on every side.
    func bitmapRect(grownBy margin: Double) -> CGRect {
        CGRect(x: 0, y: 0, width: width, height: height).insetBy(dx: -margin, dy: -margin)
    }

    /// Maps every point of `elements` (user space) to Cairo device space and appends them to
    /// `path` by the path-building rules; adds nothing when any point cannot be mapped.
    func appendUserElements(_ elements: [PathElement], to path: inout DevicePath) {
        var mapped = [PathElement]()
        mapped.reserveCapacity(elements.count)
        for element in elements {
            var failed = false
            let converted = element.mapped { point in
                guard let device = cairoPoint(point) else {
                    failed = true
                    return .zero
                }
                return device
            }
            guard !failed else { return }
            mapped.append(converted)
        }
        // A path added whole to an empty one (a million elements, say) is copied in one allocation.
        if path.elements.isEmpty { path.reserveCapacity(mapped.count) }
        for element in mapped {
            path.append(element)
        }
    }

    /// Appends `elements` (user space) to the current path.
    func appendUserElements(_ elements: [PathElement]) {
        appendUserElements(elements, to: &currentPath)
    }

    /// Appends the closed subpath of `rect` (user space) to `path`, as `addRect(_:)` describes; a
    /// null or non-finite rectangle adds nothing.
    func addRect(_ rect: CGRect, to path: inout DevicePath) {
        guard !rect.isNull, rect.isFiniteRect else { return }
        let r = rect.standardized
        appendUserElements(
            [
                .move(CGPoint(x: r.minX, y: r.minY)), .line(CGPoint(x: r.maxX, y: r.minY)),
                .line(CGPoint(x: r.maxX, y: r.maxY)), .line(CGPoint(x: r.minX, y: r.maxY)), .close,
            ],
            to: &path)
    }

    /// The elements of the ellipse inscribed in the standardized `rect`, as `addEllipse(in:)`
    /// describes.
    static func ellipseElements(in rect: CGRect) -> [PathElement] {
        let center = CGPoint(x: rect.midX, y: rect.midY)
        let radiusX = rect.width / 2
        let radiusY = rect.height / 2
        let start = pointOnEllipse(center: center, radiusX: radiusX, radiusY: radiusY, angle: 0)
        let curves = arcCurves(
            center: center, radiusX: radiusX, radiusY: radiusY, startAngle: 0, sweep: 2 * .pi)
        return [.move(start)] + curves + [.close]
    }

    /// The point at `angle` radians on the axis-aligned ellipse.
    static func pointOnEllipse(center: CGPoint, radiusX: CGFloat, radiusY: CGFloat, angle: CGFloat) -> CGPoint
    {
        CGPoint(x: center.x + radiusX * cos(angle), y: center.y + radiusY * sin(angle))
    }

    /// Cubic Bézier curves approximating the elliptical arc from `startAngle` through `sweep`
    /// radians (negative sweeps go clockwise), one curve per quarter turn or less; none for a zero
    /// sweep.
    static func arcCurves(
        center: CGPoint,
        radiusX: CGFloat,
        radiusY: CGFloat,
        startAngle: CGFloat,
        sweep: CGFloat
    ) -> [PathElement] {
        guard sweep != 0 else { return [] }
        let count = max(1, Int((abs(sweep) / (.pi / 2)).rounded(.up)))
        let step = sweep / CGFloat(count)
        // The tangent length that makes a cubic match a circular arc of `step` radians.
        let handle = 4 / 3 * tan(step / 4)
        var curves = [PathElement]()
        for index in 0..<count {
            let angle0 = startAngle + CGFloat(index) * step
            let angle1 = index == count - 1 ? startAngle + sweep : angle0 + step
            let p0 = pointOnEllipse(center: center, radiusX: radiusX, radiusY: radiusY, angle: angle0)
            let p1 = pointOnEllipse(center: center, radiusX: radiusX, radiusY: radiusY, angle: angle1)
            let control1 = CGPoint(
                x: p0.x - handle * radiusX * sin(angle0), y: p0.y + handle * radiusY * cos(angle0))
            let control2 = CGPoint(
                x: p1.x + handle * radiusX * sin(angle1), y: p1.y - handle * radiusY * cos(angle1))
            curves.append(.cubic(control1, control2, p1))
        }
        return curves
    }

    /// Makes `path` (Cairo device space) Cairo's current path, to be filled or clipped to: a path
    /// with a point past `DevicePathClipping.limit` is cut to the bitmap grown by two pixels first,
    /// keeping its winding numbers there (ruling G17).
    func replay(_ path: DevicePath) {
        if DevicePathClipping.needsClipping(path.elements) {
            replay(elements: DevicePathClipping.clipFill(path.elements, to: bitmapRect(grownBy: 2)))
        } else {
            replay(elements: path.elements)
        }
    }

    /// Makes `elements` (Cairo device space, each subpath starting with a move) Cairo's current
    /// path, as they are.
    func replay(elements: [PathElement]) {
        cairo_new_path(cairo)
        var current = CGPoint.zero
        var subpathStart = CGPoint.zero
        for element in elements {
            switch element {
            case .move(let point):
                cairo_move_to(cairo, point.x, point.y)
                current = point
                subpathStart = point
            case .line(let point):
                cairo_line_to(cairo, point.x, point.y)
                current = point
            case .quad(let control, let end):
                // The exact cubic form of the quadratic curve.
                let control1 = CGPoint(
                    x: current.x + 2 / 3 * (control.x - current.x),
                    y: current.y + 2 / 3 * (control.y - current.y))
                let control2 = CGPoint(
                    x: end.x + 2 / 3 * (control.x - end.x), y: end.y + 2 / 3 * (control.y - end.y))
                cairo_curve_to(cairo, control1.x, control1.y, control2.x, control2.y, end.x, end.y)
                current = end
            case .cubic(let control1, let control2, let end):
                cairo_curve_to(cairo, control1.x, control1.y, control2.x, control2.y, end.x, end.y)
                current = end
            case .close:
                cairo_close_path(cairo)
                current = subpathStart
            }
        }
    }
}

extension CGContext {
    /// A path in Cairo device space (pixels, origin top-left, y down), with Apple's building rules:
    /// lines, curves and closes need a current point.
    struct DevicePath {
        /// The elements, in order.
        private(set) var elements: [PathElement] = []
        /// The current point, or `nil` while the path is empty.
        private(set) var currentPoint: CGPoint?
        /// Where the current subpath started.
        private var subpathStart = CGPoint.zero

        /// Makes room for `count` elements in all.
        mutating func reserveCapacity(_ count: Int) {
            elements.reserveCapacity(count)
        }

        /// Appends `element`, ignoring drawing elements without a current point and a close right after
        /// a close.
        mutating func append(_ element: PathElement) {
            switch element {
            case .move(let point):
                elements.append(element)
                subpathStart = point
                currentPoint = point
            case .line(let point), .quad(_, let point), .cubic(_, _, let point):
                guard currentPoint != nil else { return }
                elements.append(element)
                currentPoint = point
            case .close:
                close()
            }
        }

        /// Closes the current subpath; ignored without a current point or right after a close.
        mutating func close() {
            guard currentPoint != nil, elements.last != .close else { return }
            elements.append(.close)
            currentPoint = subpathStart
        }
    }
}

extension PathElement {
    /// The element with every point mapped by `transform`.
    func mapped(_ transform: (CGPoint) -> CGPoint) -> PathElement {
        switch self {
        case .move(let point): return .move(transform(point))
        case .line(let point): return .line(transform(point))
        case .quad(let control, let end): return .quad(transform(control), transform(end))
        case .cubic(let control1, let control2, let end):
            return .cubic(transform(control1), transform(control2), transform(end))
        case .close: return .close
        }
    }
}
