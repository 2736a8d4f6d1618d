@_implementationOnly import CCairo

// Paths with very many segments are painted through Lamina's own coverage rasteriser
// (`CoverageRasterizer`, ruling G20) instead of Cairo's scan converter and stroker, whose cost
// grows with how often the edges cross: a shape of a million segments criss-crossing a small box
// took hours. Below the threshold every path is Cairo's, pixel for pixel. Above it, a fill's
// edges are its lines and the chords of its curves (within Cairo's 0.1-pixel tolerance), and a
// stroke's edges are the outline pieces of Lamina's stroker (ruling G12: a quadrilateral per
// segment, a piece per join and cap, all wound the same way, so the nonzero rule gives their
// union), made in the space the pen is drawn in and mapped to pixels. The coverage, a mask over
// the pixels the path can reach, is painted with the source, operator and clip a Cairo fill
// would use.

extension CGContext {
    /// The element count from which a path is dense (`denseElementThreshold`): Cairo fills a
    /// path of this many criss-crossing lines in about a tenth of a second and strokes it in about
    /// half a second on one core; beyond, its cost grows faster than the count.
    package static let defaultDenseElementThreshold = 5_000

    /// The most sample rows × sample crossings a dense path's coverage may cost (see
    /// `denseSampleRows(crossedHeight:boxArea:)`).
    static let denseSampleBudget = 60_000_000

    /// The coverage of `path` (Cairo device space) as Cairo would fill it by `rule` or stroke it
    /// with the state's pen, when it is dense and wholly within Cairo's exact range (ruling G17);
    /// `nil` otherwise, or when it covers no pixel of the bitmap.
    func denseCoverage(_ path: DevicePath, rule: CGPathFillRule, stroke: Bool, userToCairo: CGAffineTransform)
        -> (box: PixelBox, alpha: [UInt8])?
    {
        let elements = path.elements
        let hairline = gstate.lineWidth == 0
        let penSpace = hairline ? CGAffineTransform.identity : userToCairo
        let dashes =
            stroke && isDashed ? dashCount(elements, penSpace: penSpace, userToCairo: userToCairo) : 0
        // A dash strokes as a subpath of its own: two elements at least.
        guard Double(elements.count) + 2 * dashes >= Double(denseElementThreshold),
            !DevicePathClipping.needsClipping(elements),
            // Cairo's aliased converter is left its paths: its pixels have not been matched yet.
            cairoAntialias != CAIRO_ANTIALIAS_NONE
        else { return nil }
        let stretch = max(hypot(penSpace.a, penSpace.b), hypot(penSpace.c, penSpace.d))
        var reach = 0.0
        if stroke {
            // As far as `strokePieces` grants a pen: half the width stretched, at every corner.
            reach = (hairline ? 1 : gstate.lineWidth) / 2 * stretch * 2.0.squareRoot()
            if gstate.lineJoin == .miter { reach *= max(gstate.miterLimit, 1) }
            reach += 1
        }
        guard reach.isFinite, let bounds = Self.controlBounds(elements) else { return nil }
        let grown = bounds.insetBy(dx: -reach - 1, dy: -reach - 1).intersection(bitmapRect(grownBy: 0))
        guard !grown.isNull, !grown.isEmpty else { return nil }
        let box = PixelBox(
            x0: Int(grown.minX.rounded(.down)), y0: Int(grown.minY.rounded(.down)),
            x1: Int(grown.maxX.rounded(.up)), y1: Int(grown.maxY.rounded(.up)))
        guard !box.isEmpty else { return nil }
        let crossed = Self.crossedHeight(elements) * (stroke ? 4 : 1)
        var rasterizer = CoverageRasterizer(
            box: box,
            rows: Self.denseSampleRows(
                crossedHeight: crossed, boxArea: Double(box.x1 - box.x0) * Double(box.y1 - box.y0)),
            columns: 16, expectedEdges: elements.count * (stroke ? 4 : 1))
        if stroke {
            // Past `denseDashLimit` dashes the stroke is drawn whole, at the pattern's share of dash.
            let drawsDashes = dashes <= Self.denseDashLimit
            addStrokeOutline(
                elements, penSpace: penSpace, userToCairo: userToCairo, stretch: stretch, dashed: drawsDashes,
                to: &rasterizer)
            var alpha = rasterizer.coverage(rule: .winding)
            if isDashed, !drawsDashes {
                let share = dashShare
                for index in alpha.indices { alpha[index] = UInt8((Double(alpha[index]) * share).rounded()) }
            }
            return (box, alpha)
        }
        Self.addFillEdges(elements, to: &rasterizer)
        return (box, rasterizer.coverage(rule: rule))
    }

    /// Sample rows per pixel for a dense path whose edges span `crossedHeight` pixel rows in all
    /// over a box of `boxArea` pixels: the most of 16 (Cairo samples 15), 8, 4, 2 and 1 that keeps
    /// both the crossings and the samples walked within `denseSampleBudget`.
    static func denseSampleRows(crossedHeight: Double, boxArea: Double) -> Int {
        for rows in [16, 8, 4, 2] where Double(rows) * (crossedHeight + boxArea) <= Double(denseSampleBudget)
        {
            return rows
        }
        return 1
    }

    /// Paints `coverage` (from `denseCoverage`) with Cairo's current source and operator through
    /// its clip, as `cairo_fill` would paint the path.
    func paintCoverage(_ coverage: (box: PixelBox, alpha: [UInt8])) {
        let width = coverage.box.x1 - coverage.box.x0
        let height = coverage.box.y1 - coverage.box.y0
        guard let mask = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height)) else {
            return
        }
        defer { cairo_surface_destroy(mask) }
        guard cairo_surface_status(mask) == CAIRO_STATUS_SUCCESS,
            let data = cairo_image_surface_get_data(mask)
        else { return }
        cairo_surface_flush(mask)
        let stride = Int(cairo_image_surface_get_stride(mask))
        coverage.alpha.withUnsafeBufferPointer { alpha in
            for y in 0..<height {
                (data + y * stride).update(from: alpha.baseAddress! + y * width, count: width)
            }
        }
        cairo_surface_mark_dirty(mask)
        cairo_mask_surface(cairo, mask, Double(coverage.box.x0), Double(coverage.box.y0))
    }

    /// The box of every point of `elements`, control points included; `nil` for none.
    private static func controlBounds(_ elements: [PathElement]) -> CGRect? {
        var minX = Double.infinity
        var minY = Double.infinity
        var maxX = -Double.infinity
        var maxY = -Double.infinity
        for element in elements {
            for point in element.points {
                minX = min(minX, point.x)
                minY = min(minY, point.y)
                maxX = max(maxX, point.x)
                maxY = max(maxY, point.y)
            }
        }
        guard minX <= maxX else { return nil }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// How many pixel rows the control polygons of `elements` span, added up: at least the rows
    /// the path's edges cross.
    private static func crossedHeight(_ elements: [PathElement]) -> Double {
        var total = 0.0
        var current = CGPoint.zero
        var start = CGPoint.zero
        for element in elements {
            switch element {
            case .move(let point):
                total += abs(current.y - start.y)
                current = point
                start = point
            case .close:
                total += abs(current.y - start.y)
                current = start
            default:
                for point in element.points {
                    total += abs(point.y - current.y)
                    current = point
                }
            }
        }
        return total + abs(current.y - start.y)
    }

    /// The most dashes a dense stroke draws one by one (2²⁰): a pattern finer still is drawn as the
    /// whole stroke at the pattern's share of dash (`dashShare`), which is what its dashes average
    /// to where they do not overlap, rather than taking minutes.
    static let denseDashLimit = 1_048_576.0

    /// How many dashes the state's pattern cuts `elements` (device space) into, about: the length
    /// of their control polygons in pen space over the pattern's.
    private func dashCount(
        _ elements: [PathElement], penSpace: CGAffineTransform, userToCairo: CGAffineTransform
    ) -> Double {
        let toPen = penSpace.inverted()
        var length = 0.0
        var current = CGPoint.zero
        var start = CGPoint.zero
        for element in elements {
            switch element {
            case .move(let point):
                current = point.applying(toPen)
                start = current
            case .close:
                length += hypot(start.x - current.x, start.y - current.y)
                current = start
            default:
                for point in element.points {
                    let mapped = point.applying(toPen)
                    length += hypot(mapped.x - current.x, mapped.y - current.y)
                    current = mapped
                }
            }
        }
        let hairline = gstate.lineWidth == 0
        let dashScale =
            hairline ? abs(userToCairo.a * userToCairo.d - userToCairo.b * userToCairo.c).squareRoot() : 1
        let period = gstate.dashLengths.reduce(0, +) * dashScale
        let perPeriod = Double((gstate.dashLengths.count + 1) / 2)
        let count = length / period * perPeriod
        return count.isFinite ? count : .infinity
    }

    /// The share of the state's dash pattern that is dash rather than gap.
    private var dashShare: Double {
        let lengths = gstate.dashLengths
        let pattern = lengths.count.isMultiple(of: 2) ? lengths : lengths + lengths
        let dash = stride(from: 0, to: pattern.count, by: 2).map { pattern[$0] }.reduce(0, +)
        return dash / pattern.reduce(0, +)
    }

    /// The device-space tolerance curves are flattened within, Cairo's default.
    static let denseTolerance = 0.1

    /// Adds the edges of the fill of `elements` (device space): each subpath closed, curves as
    /// chords.
    private static func addFillEdges(_ elements: [PathElement], to rasterizer: inout CoverageRasterizer) {
        var current = CGPoint.zero
        var start = CGPoint.zero
        for element in elements {
            switch element {
            case .move(let point):
                rasterizer.addLine(from: current, to: start)
                current = point
                start = point
            case .line(let point):
                rasterizer.addLine(from: current, to: point)
                current = point
            case .quad(let control, let end):
                addChords(of: .quad(current, control, end), to: &rasterizer)
                current = end
            case .cubic(let control1, let control2, let end):
                addChords(of: .cubic(current, control1, control2, end), to: &rasterizer)
                current = end
            case .close:
                rasterizer.addLine(from: current, to: start)
                current = start
            }
        }
        rasterizer.addLine(from: current, to: start)
    }

    /// Adds `segment` as chords within `denseTolerance`.
    private static func addChords(of segment: PathSegment, to rasterizer: inout CoverageRasterizer) {
        let count = segment.chordCount(tolerance: denseTolerance)
        var previous = segment.point(at: 0)
        for index in 1...count {
            let point = index == count ? segment.end : segment.point(at: CGFloat(index) / CGFloat(count))
            rasterizer.addLine(from: previous, to: point)
            previous = point
        }
    }

    /// Adds the edges of the outline of stroking `elements` (device space) with the state's pen,
    /// drawn in `penSpace` (`userToCairo`, or device space for a hairline) whose largest stretch
    /// is `stretch`, dashed when the state is.
    private func addStrokeOutline(
        _ elements: [PathElement], penSpace: CGAffineTransform, userToCairo: CGAffineTransform,
        stretch: Double, dashed: Bool, to rasterizer: inout CoverageRasterizer
    ) {
        let hairline = gstate.lineWidth == 0
        let toPen = penSpace.inverted()
        let tolerance = Self.denseTolerance / max(stretch, .leastNormalMagnitude)
        // Each outline piece, a closed polygon in pen space, becomes the edges of its image.
        func add(_ polygon: [CGPoint]) {
            guard var previous = polygon.last?.applying(penSpace) else { return }
            for point in polygon {
                let mapped = point.applying(penSpace)
                rasterizer.addLine(from: previous, to: mapped)
                previous = mapped
            }
        }
        withoutActuallyEscaping(add) { sink in
            var stroker = OutlineStroker(
                halfWidth: (hairline ? 1 : gstate.lineWidth) / 2, cap: gstate.lineCap, join: gstate.lineJoin,
                miterLimit: gstate.miterLimit, tolerance: tolerance, sink: sink)
            let dashScale =
                hairline ? abs(userToCairo.a * userToCairo.d - userToCairo.b * userToCairo.c).squareRoot() : 1
            let dashes =
                dashed && isDashed
                ? CGPath(elements: elements.map { $0.mapped { $0.applying(toPen) } }).dashedPolylines(
                    phase: gstate.dashPhase * dashScale, lengths: gstate.dashLengths.map { $0 * dashScale },
                    tolerance: tolerance)
                : nil
            if let dashes {
                for dash in dashes { stroker.stroke(dash, closed: false, hadSegments: true) }
            } else {
                Self.forEachPolyline(elements, mappedBy: toPen, tolerance: tolerance) { points, closed in
                    stroker.stroke(points, closed: closed, hadSegments: true)
                }
            }
        }
    }

    /// Calls `body` with each subpath of `elements` mapped by `transform` as a polyline (curves as
    /// chords within `tolerance`) and whether it was closed, as `CGPath.flattenedSubpaths` gives
    /// them: a closed subpath's closing line is implied, a lone move is one point.
    private static func forEachPolyline(
        _ elements: [PathElement], mappedBy transform: CGAffineTransform, tolerance: Double,
        _ body: ([CGPoint], Bool) -> Void
    ) {
        var points: [CGPoint] = []
        var current = CGPoint.zero
        var start = CGPoint.zero
        func finish(closed: Bool) {
            if !points.isEmpty { body(points, closed) }
            points.removeAll(keepingCapacity: true)
        }
        func chords(_ segment: PathSegment) {
            if points.isEmpty { points.append(current) }
            let count = segment.chordCount(tolerance: tolerance)
            for index in 1..<count { points.append(segment.point(at: CGFloat(index) / CGFloat(count))) }
            points.append(segment.end)
            current = segment.end
        }
        for element in elements {
            switch element {
            case .move(let point):
                finish(closed: false)
                current = point.applying(transform)
                start = current
                points.append(current)
            case .line(let point):
                chords(.line(current, point.applying(transform)))
            case .quad(let control, let end):
                chords(.quad(current, control.applying(transform), end.applying(transform)))
            case .cubic(let control1, let control2, let end):
                chords(
                    .cubic(
                        current, control1.applying(transform), control2.applying(transform),
                        end.applying(transform)))
            case .close:
                finish(closed: true)
                current = start
            }
        }
        finish(closed: false)
    }
}
