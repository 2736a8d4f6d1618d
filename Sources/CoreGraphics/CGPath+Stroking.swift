extension CGPath {
    /// Returns the outline of stroking this path, as Apple's
    /// `copy(strokingWithWidth:lineCap:lineJoin:miterLimit:transform:)`: a path whose filled
    /// interior is what stroking the path with those attributes paints.
    ///
    /// Lamina builds the outline as a union of closed polygons that all wind the same way
    /// (counter-clockwise with y up): one quadrilateral per flattened segment, one piece per join
    /// (a disk for round joins, a triangle for bevels, a triangle and its miter tip for miters
    /// within `miterLimit`) and per cap (a half-width square beyond the end for square caps, a disk
    /// for round caps, nothing for butt caps). Fill it with the nonzero rule (the default) to get
    /// the stroke; the even-odd rule would hollow out the overlaps. Curves are flattened within
    /// 0.01 user space units, disks drawn with enough sides to stay within the same tolerance.
    ///
    /// A subpath whose points all coincide (a zero-length line or curve, not a lone move) strokes
    /// as a dot: a disk of the line width for round caps, an axis-aligned square for square caps,
    /// nothing for butt caps, as Quartz draws it. Closed subpaths are joined at every vertex,
    /// their start included, and have no caps.
    ///
    /// - Parameters:
    ///   - lineWidth: The stroke's width, in user space units. Zero, negative or non-finite widths
    ///     give an empty path (Quartz's zero width is a device-pixel hairline, which has no
    ///     outline in user space).
    ///   - lineCap: How open subpaths end.
    ///   - lineJoin: How segments meet.
    ///   - miterLimit: The largest ratio of a miter's length to the line width before a miter join
    ///     is drawn bevelled, as `CGContext.setMiterLimit(_:)`.
    ///   - transform: A transform applied to the outline; identity by default.
    public func copy(
        strokingWithWidth lineWidth: CGFloat, lineCap: CGLineCap, lineJoin: CGLineJoin,
        miterLimit: CGFloat, transform: CGAffineTransform = .identity
    ) -> CGPath {
        let result = CGMutablePath()
        guard lineWidth > 0, lineWidth.isFinite else { return result }
        var stroker = OutlineStroker(
            halfWidth: lineWidth / 2, cap: lineCap, join: lineJoin, miterLimit: miterLimit)
        for subpath in flattenedSubpaths(tolerance: Self.outlineTolerance) {
            stroker.stroke(subpath.points, closed: subpath.isClosed, hadSegments: true)
        }
        stroker.emit(into: result, transform: transform)
        return result
    }
}

/// Builds the polygons of a stroke's outline; see `CGPath.copy(strokingWithWidth:…)`.
struct OutlineStroker {
    let halfWidth: CGFloat
    let cap: CGLineCap
    let join: CGLineJoin
    let miterLimit: CGFloat
    /// How far a disk's sides may lie inside its circle.
    let tolerance: CGFloat
    /// The pieces, each a closed polygon with positive (counter-clockwise, y up) area; empty when
    /// a `sink` takes them instead.
    private(set) var polygons: [[CGPoint]] = []
    /// Where each piece goes as it is made, instead of `polygons` (a stroke of a million segments
    /// is rasterised without holding its pieces).
    private let sink: (([CGPoint]) -> Void)?

    init(
        halfWidth: CGFloat, cap: CGLineCap, join: CGLineJoin, miterLimit: CGFloat,
        tolerance: CGFloat = CGPath.outlineTolerance, sink: (([CGPoint]) -> Void)? = nil
    ) {
        self.halfWidth = halfWidth
        self.cap = cap
        self.join = join
        self.miterLimit = miterLimit
        self.tolerance = tolerance
        self.sink = sink
    }

    /// Adds the outline of one polyline; `hadSegments` is false for a lone move (which strokes
    /// nothing, not even a dot).
    mutating func stroke(_ input: [CGPoint], closed: Bool, hadSegments: Bool) {
        var points: [CGPoint] = []
        for p in input where p.x.isFinite && p.y.isFinite {
            if let last = points.last, Self.coincide(last, p) { continue }
            points.append(p)
        }
        if closed, points.count > 1, Self.coincide(points[0], points[points.count - 1]) {
            points.removeLast()
        }
        guard let first = points.first else { return }
        if points.count == 1 {
            guard hadSegments, input.count > 1 || closed else { return }
            addDot(at: first)
            return
        }
        let count = points.count
        let segmentCount = closed ? count : count - 1
        // Each segment's offset, made once for its quadrilateral and the joins at its two ends.
        let normals = (0..<segmentCount).map { offset(points[$0], points[($0 + 1) % count]) }
        for i in 0..<segmentCount {
            addSegment(points[i], points[(i + 1) % count], normal: normals[i])
        }
        if closed {
            for i in 0..<count {
                addJoin(at: points[i], n1: normals[(i + count - 1) % count], n2: normals[i])
            }
        } else {
            for i in 1..<(count - 1) {
                addJoin(at: points[i], n1: normals[i - 1], n2: normals[i])
            }
            addCap(at: points[0], awayFrom: points[1])
            addCap(at: points[count - 1], awayFrom: points[count - 2])
        }
    }

    /// Appends every polygon to `path` as a closed subpath.
    func emit(into path: CGMutablePath, transform: CGAffineTransform) {
        for polygon in polygons where polygon.count >= 3 {
            path.addLines(between: polygon, transform: transform)
            path.closeSubpath()
        }
    }

    private static func coincide(_ a: CGPoint, _ b: CGPoint) -> Bool {
        abs(a.x - b.x) <= 1e-12 * max(1, abs(a.x)) && abs(a.y - b.y) <= 1e-12 * max(1, abs(a.y))
    }

    /// The left normal of `a → b` scaled to the half width.
    private func offset(_ a: CGPoint, _ b: CGPoint) -> CGVector {
        let dx = b.x - a.x
        let dy = b.y - a.y
        let length = hypot(dx, dy)
        return CGVector(dx: -dy / length * halfWidth, dy: dx / length * halfWidth)
    }

    private mutating func addPolygon(_ points: [CGPoint]) {
        var area: CGFloat = 0
        for i in 0..<points.count {
            let p = points[i]
            let q = points[(i + 1) % points.count]
            area += p.x * q.y - q.x * p.y
        }
        guard area != 0, area.isFinite else { return }
        let polygon = area > 0 ? points : points.reversed()
        if let sink { sink(polygon) } else { polygons.append(polygon) }
    }

    /// The quadrilateral of the segment `a → b`, whose left normal scaled to the half width is `n`.
    private mutating func addSegment(_ a: CGPoint, _ b: CGPoint, normal n: CGVector) {
        addPolygon([
            CGPoint(x: a.x + n.dx, y: a.y + n.dy), CGPoint(x: a.x - n.dx, y: a.y - n.dy),
            CGPoint(x: b.x - n.dx, y: b.y - n.dy), CGPoint(x: b.x + n.dx, y: b.y + n.dy),
        ])
    }

    /// The join at `v` of a segment arriving with offset `n1` and one leaving with offset `n2`.
    private mutating func addJoin(at v: CGPoint, n1: CGVector, n2: CGVector) {
        let cross = n1.dx * n2.dy - n1.dy * n2.dx
        let dot = n1.dx * n2.dx + n1.dy * n2.dy
        // Straight on: the two segments' quadrilaterals already meet.
        if abs(cross) <= 1e-12 * halfWidth * halfWidth, dot > 0 { return }
        if join == .round {
            addDisk(at: v)
            return
        }
        // The outer side is opposite the turn: right of a left turn, left of a right turn.
        let sign: CGFloat = cross > 0 ? -1 : 1
        let o1 = CGPoint(x: v.x + sign * n1.dx, y: v.y + sign * n1.dy)
        let o2 = CGPoint(x: v.x + sign * n2.dx, y: v.y + sign * n2.dy)
        if join == .miter {
            // u is the mean of the two outer offsets; the tip lies along it at halfWidth² / |u|.
            let u = CGVector(dx: sign * (n1.dx + n2.dx) / 2, dy: sign * (n1.dy + n2.dy) / 2)
            let uLength = hypot(u.dx, u.dy)
            if uLength > 0, halfWidth <= miterLimit * uLength {
                let scale = halfWidth * halfWidth / (uLength * uLength)
                let tip = CGPoint(x: v.x + u.dx * scale, y: v.y + u.dy * scale)
                addPolygon([v, o1, tip, o2])
                return
            }
        }
        addPolygon([v, o1, o2])
    }

    private mutating func addCap(at end: CGPoint, awayFrom inner: CGPoint) {
        switch cap {
        case .butt:
            return
        case .round:
            addDisk(at: end)
        case .square:
            let n = offset(inner, end)
            // The direction of travel, scaled to the half width: the left normal turned back.
            let d = CGVector(dx: n.dy, dy: -n.dx)
            addPolygon([
                CGPoint(x: end.x + n.dx, y: end.y + n.dy), CGPoint(x: end.x - n.dx, y: end.y - n.dy),
                CGPoint(x: end.x - n.dx + d.dx, y: end.y - n.dy + d.dy),
                CGPoint(x: end.x + n.dx + d.dx, y: end.y + n.dy + d.dy),
            ])
        }
    }

    /// A zero-length subpath: a disk for round caps, an axis-aligned square for square caps.
    private mutating func addDot(at p: CGPoint) {
        switch cap {
        case .butt:
            return
        case .round:
            addDisk(at: p)
        case .square:
            let h = halfWidth
            addPolygon([
                CGPoint(x: p.x - h, y: p.y - h), CGPoint(x: p.x + h, y: p.y - h),
                CGPoint(x: p.x + h, y: p.y + h), CGPoint(x: p.x - h, y: p.y + h),
            ])
        }
    }

    /// A regular polygon round `center` with enough sides that its edges stay within the outline
    /// tolerance of the circle of the half width.
    private mutating func addDisk(at center: CGPoint) {
        let ratio = Swift.max(-1, Swift.min(1, 1 - tolerance / halfWidth))
        let step = 2 * acos(ratio)
        let sides = step > 0 ? Int((2 * CGFloat.pi / step).rounded(.up)) : 1_024
        let count = Swift.min(Swift.max(sides, 8), 1_024)
        addPolygon(
            (0..<count).map { i in
                let angle = 2 * CGFloat.pi * CGFloat(i) / CGFloat(count)
                return CGPoint(x: center.x + halfWidth * cos(angle), y: center.y + halfWidth * sin(angle))
            })
    }
}
