import CoreGraphics

// A shape layer's content: its fill and stroke rasterised by Cairo (through CGContext) at the
// framebuffer's scale, over the rectangle the shape covers — which may extend past the bounds —
// or, for a huge shape, over the visible part of it (ruling V19). The renderer keeps each
// layer's last image and reuses it while the drawn values and the scale stay the same and it
// covers what is visible (ruling V10).

/// A shape layer's rasterised content and the values it was drawn from.
struct ShapeRaster {
    let values: CAShapeLayer.Values
    let drawing: ShapeDrawing
    let plan: RasterPlan
    let image: CGImage
}

/// What a shape layer draws, resolved from its values: unknown constants fall back, non-finite
/// or impossible values turn a part off.
struct ShapeDrawing {
    let path: CGPath
    let fill: CGColor?
    let fillRule: CGPathFillRule
    let stroke: CGColor?
    let lineWidth: CGFloat
    let cap: CGLineCap
    let join: CGLineJoin
    let miterLimit: CGFloat
    let dashes: [CGFloat]
    let dashPhase: CGFloat
    let strokeStart: CGFloat
    let strokeEnd: CGFloat
    /// The stroke's reach at each scale asked (`coveredRect(scale:)`), shared with the drawings
    /// that follow while the stroke's geometry stays: an animated `strokeEnd` or colour is
    /// rasterised anew every frame, but reaches as far.
    private let reaches: ReachMemo

    /// The drawing of `v`; `previous`, the layer's last drawing, lends what does not change with
    /// the values that changed (the path's check, the stroke's reach).
    init?(_ v: CAShapeLayer.Values, after previous: ShapeDrawing? = nil) {
        guard let path = v.path, !path.isEmpty else { return nil }
        if previous?.path !== path {
            let points = path.elements.flatMap(\.points)
            guard points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else {
                CompatibilityWarnings.report("CAShapeLayer: a path with a NaN or infinite point is not drawn")
                return nil
            }
        }
        self.path = path
        fill = v.fillColor.flatMap { $0.alpha > 0 ? $0 : nil }
        fillRule = v.fillRule == .evenOdd ? .evenOdd : .winding
        let start = v.strokeStart.isNaN ? 0 : min(max(v.strokeStart, 0), 1)
        let end = v.strokeEnd.isNaN ? 1 : min(max(v.strokeEnd, 0), 1)
        let strokes = v.lineWidth.isFinite && v.lineWidth > 0 && start < end
        stroke = strokes ? v.strokeColor.flatMap { $0.alpha > 0 ? $0 : nil } : nil
        lineWidth = v.lineWidth
        strokeStart = start
        strokeEnd = end
        cap = v.lineCap == .round ? .round : v.lineCap == .square ? .square : .butt
        join = v.lineJoin == .round ? .round : v.lineJoin == .bevel ? .bevel : .miter
        miterLimit = v.miterLimit.isFinite ? v.miterLimit : 10
        let lengths = (v.lineDashPattern ?? []).map { CGFloat($0.doubleValue) }
        let usable = lengths.allSatisfy { $0.isFinite && $0 >= 0 } && lengths.contains { $0 > 0 }
        dashes = usable ? lengths : []
        dashPhase = v.lineDashPhase.isFinite ? v.lineDashPhase : 0
        if let previous, previous.path === path, previous.lineWidth == lineWidth, previous.cap == cap,
            previous.join == join, previous.miterLimit == miterLimit,
            previous.dashes.isEmpty == dashes.isEmpty
        {
            reaches = previous.reaches
        } else {
            reaches = ReachMemo()
        }
        if fill == nil && stroke == nil { return nil }
    }

    /// Whether the stroke is drawn trimmed, as polylines (`draw(in:scale:)`).
    var isTrimmed: Bool { strokeStart > 0 || strokeEnd < 1 }

    /// The flattening tolerance of a trimmed stroke, in pixels: a tenth of a pixel keeps the
    /// polyline's chords invisible.
    static let trimTolerance: CGFloat = 0.1

    /// How close to a vertex a trimmed stroke's cut end moves onto it, in pixels (ruling G18).
    static let trimSnap: CGFloat = 1.0 / 16

    /// The rectangle of bounds coordinates the drawing covers: the path's bounds, grown by the
    /// stroke's reach (`CGPath.strokeReach`: half the width, more only at square caps and at the
    /// corners drawn mitered, ruling G18), then by a pixel for anti-aliasing, snapped outwards to
    /// the pixel grid.
    func coveredRect(scale: CGFloat) -> CGRect {
        var rect = path.boundingBoxOfPath
        if stroke != nil {
            let reach = reaches.reach(scale: scale, trimmed: isTrimmed) {
                path.strokeReach(
                    StrokeReachRequest(
                        lineWidth: lineWidth, cap: cap, join: join, miterLimit: miterLimit,
                        dashed: !dashes.isEmpty,
                        polylineTolerance: isTrimmed ? Self.trimTolerance / scale : nil,
                        shortestCut: Self.trimSnap / scale, pixelsPerUnit: scale))
            }
            rect = rect.insetBy(dx: -reach, dy: -reach)
        }
        // A millionth of a pixel past a pixel edge (a reach's round-off) is not a pixel more.
        return RasterRequest.snapped(rect.insetBy(dx: -1 / scale, dy: -1 / scale), grid: .zero, scale: scale)
    }

    /// The drawing rasterised over `plan`'s rectangle at its scale, or `nil` when no bitmap can
    /// be made.
    func render(_ plan: RasterPlan) -> CGImage? {
        let (width, height) = plan.pixelSize
        guard
            let context = makeOwnContentsContext(
                width: width, height: height, rect: plan.rect, scale: plan.scale)
        else { return nil }
        draw(in: context, scale: plan.scale)
        return context.makeImageTakingMemory()
    }

    /// Fills, then strokes, into `context` (whose CTM maps bounds coordinates to its pixels).
    func draw(in context: CGContext, scale: CGFloat) {
        if let fill {
            context.addPath(path)
            context.setFillColor(fill)
            context.fillPath(using: fillRule)
        }
        guard let stroke else { return }
        context.setStrokeColor(stroke)
        context.setLineWidth(lineWidth)
        context.setLineCap(cap)
        context.setLineJoin(join)
        context.setMiterLimit(miterLimit)
        context.setLineDash(phase: dashPhase, lengths: dashes)
        guard isTrimmed else {
            context.addPath(path)
            context.strokePath()
            return
        }
        let trimmed = path.trimmed(
            from: strokeStart, to: strokeEnd, tolerance: Self.trimTolerance / scale,
            snap: Self.trimSnap / scale)
        for (index, piece) in trimmed.pieces.enumerated() {
            if index == 0, !dashes.isEmpty {
                // The dashes of a subpath cut at its start stay where the whole stroke has them.
                context.setLineDash(phase: dashPhase + trimmed.firstPieceOffset, lengths: dashes)
            } else if index == 1, !dashes.isEmpty {
                context.setLineDash(phase: dashPhase, lengths: dashes)
            }
            guard let first = piece.points.first else { continue }
            context.move(to: first)
            for point in piece.points.dropFirst() { context.addLine(to: point) }
            if piece.isClosed { context.closePath() }
            context.strokePath()
        }
    }
}

/// A stroke's reaches by scale and trimming, for the drawings of one layer on one thread (the
/// renderer's, or a caller's own cache).
private final class ReachMemo {
    private var entries: [(scale: CGFloat, trimmed: Bool, reach: CGFloat)] = []

    /// The reach at `scale`, made by `make` the first time it is asked.
    func reach(scale: CGFloat, trimmed: Bool, _ make: () -> CGFloat) -> CGFloat {
        if let entry = entries.first(where: { $0.scale == scale && $0.trimmed == trimmed }) {
            return entry.reach
        }
        let reach = make()
        // A few scales at most (a plan lowers the scale at most three times).
        if entries.count >= 8 { entries.removeFirst() }
        entries.append((scale, trimmed, reach))
        return reach
    }
}

/// A cleared premultiplied sRGB context of `width` × `height` pixels whose CTM maps the bounds
/// coordinates of `rect` (top-left origin, y down) onto it at `scale` pixels per point; `nil` for
/// an empty or oversized one (the plans that size it keep to the texture limit).
func makeOwnContentsContext(width: Int, height: Int, rect: CGRect, scale: CGFloat) -> CGContext? {
    guard let context = CGContext.topDownBitmap(width: width, height: height) else { return nil }
    context.scaleBy(x: scale, y: scale)
    context.translateBy(x: -rect.minX, y: -rect.minY)
    return context
}

extension CAShapeLayer.Values {
    /// The path's box grown by what its stroke reaches at `scale`.
    package func ownContentsExtent(state: LayerState, scale: CGFloat) -> CGRect? {
        ShapeDrawing(self)?.coveredRect(scale: scale)
    }
}
