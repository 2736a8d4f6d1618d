@_implementationOnly import CCairo

// MARK: - Painting the current path

extension CGContext {
    /// Fills the current path's interior with the fill colour by `rule`, then clears the path, as
    /// Apple's `CGContextFillPath`/`CGContextEOFillPath`. Open subpaths are closed implicitly.
    public func fillPath(using rule: CGPathFillRule = .winding) {
        let path = currentPath
        currentPath = DevicePath()
        paintFill(path, rule: rule)
    }

    /// Strokes the current path with the stroke colour and the line attributes of the graphics
    /// state, then clears the path, as Apple's `CGContextStrokePath`.
    public func strokePath() {
        let path = currentPath
        currentPath = DevicePath()
        paintStroke(path)
    }

    /// Paints the current path as `mode` says (fill and/or stroke; a fill comes first), then clears
    /// the path, as Apple's `CGContextDrawPath`.
    public func drawPath(using mode: CGPathDrawingMode) {
        let path = currentPath
        currentPath = DevicePath()
        switch mode {
        case .fill: paintFill(path, rule: .winding)
        case .eoFill: paintFill(path, rule: .evenOdd)
        case .stroke: paintStroke(path)
        case .fillStroke:
            paintFill(path, rule: .winding)
            paintStroke(path)
        case .eoFillStroke:
            paintFill(path, rule: .evenOdd)
            paintStroke(path)
        }
    }
}

// MARK: - Rectangles and ellipses

extension CGContext {
    /// Fills `rect` (user space) with the fill colour, as Apple's `CGContextFillRect`. The current
    /// path is left as it is. Null, empty and non-finite rectangles draw nothing.
    public func fill(_ rect: CGRect) {
        var path = DevicePath()
        addRect(rect, to: &path)
        paintFill(path, rule: .winding)
    }

    /// Fills the union of `rects` (user space) with the fill colour in one operation, so
    /// overlapping areas are painted once, as Apple's `CGContextFillRects`. As Apple documents, the
    /// current path is cleared. Null and non-finite rectangles are skipped.
    public func fill(_ rects: [CGRect]) {
        currentPath = DevicePath()
        var path = DevicePath()
        for rect in rects {
            addRect(rect, to: &path)
        }
        paintFill(path, rule: .winding)
    }

    /// Strokes the outline of `rect` (user space) with the stroke colour and line attributes, as
    /// Apple's `CGContextStrokeRect`; the current path is cleared. Non-finite rectangles draw
    /// nothing.
    public func stroke(_ rect: CGRect) {
        beginPath()
        addRect(rect)
        strokePath()
    }

    /// Strokes the outline of `rect` (user space) with a line `width` user-space units wide, as
    /// Apple's `CGContextStrokeRectWithWidth`, without changing the state's line width; the current
    /// path is cleared. A negative or non-finite width draws nothing.
    public func stroke(_ rect: CGRect, width: CGFloat) {
        beginPath()
        guard width.isFinite, width >= 0 else { return }
        let savedWidth = gstate.lineWidth
        gstate.lineWidth = Double(width)
        addRect(rect)
        strokePath()
        gstate.lineWidth = savedWidth
    }

    /// Makes `rect` (user space) fully transparent, as Apple's `CGContextClearRect` for bitmap
    /// contexts: every byte of the covered pixels becomes 0 (opaque layouts read black). The clip
    /// and CTM apply; global alpha and colours do not; the current path is left as it is.
    public func clear(_ rect: CGRect) {
        var path = DevicePath()
        addRect(rect, to: &path)
        paint(path, color: nil, rule: .winding, stroke: false)
    }

    /// Fills the ellipse inscribed in `rect` (user space) with the fill colour, as Apple's
    /// `CGContextFillEllipseInRect`; the current path is cleared.
    public func fillEllipse(in rect: CGRect) {
        beginPath()
        addEllipse(in: rect)
        fillPath()
    }

    /// Strokes the ellipse inscribed in `rect` (user space) with the stroke colour and line
    /// attributes, as Apple's `CGContextStrokeEllipseInRect`; the current path is cleared.
    public func strokeEllipse(in rect: CGRect) {
        beginPath()
        addEllipse(in: rect)
        strokePath()
    }

    /// Strokes straight segments between pairs of points (user space): `points[0]`–`points[1]`,
    /// `points[2]`–`points[3]` and so on, as Apple's `CGContextStrokeLineSegments`. An odd last
    /// point is ignored; the current path is cleared.
    public func strokeLineSegments(between points: [CGPoint]) {
        beginPath()
        var index = 0
        while index + 1 < points.count {
            appendUserElements([.move(points[index]), .line(points[index + 1])])
            index += 2
        }
        strokePath()
    }
}

// MARK: - Internals

extension CGContext {
    /// Fills `path` (Cairo device space) with the fill colour.
    func paintFill(_ path: DevicePath, rule: CGPathFillRule) {
        paint(path, color: gstate.fillColor, rule: rule, stroke: false)
    }

    /// Strokes `path` (Cairo device space) with the stroke colour.
    func paintStroke(_ path: DevicePath) {
        paint(path, color: gstate.strokeColor, rule: .winding, stroke: true)
    }

    /// The one place that hands a path to Cairo for painting.
    ///
    /// - Parameters:
    ///   - path: The path, in Cairo device space. Nothing happens when it is empty.
    ///   - color: The colour to paint with, multiplied by the global alpha, or `nil` to clear.
    ///   - rule: The fill rule (fills and clears).
    ///   - stroke: Whether to stroke (with the CTM, line attributes and dash of the state) rather
    ///     than fill.
    func paint(_ path: DevicePath, color: DeviceColor?, rule: CGPathFillRule, stroke: Bool) {
        guard !path.elements.isEmpty else { return }
        let userToCairo = userToCairo
        if stroke {
            guard userToCairo.isInvertibleForDrawing else { return }
        }
        recoverCairoIfNeeded()
        let masked = beginClipMaskGroup()
        // A path of very many segments is rasterised by Lamina (ruling G20).
        let dense = denseCoverage(path, rule: rule, stroke: stroke, userToCairo: userToCairo)
        // A stroke with points past Cairo's exact range is cut into pieces (ruling G17); a dashed
        // one is stroked a piece at a time, each with its own dash phase.
        let pieces = stroke && dense == nil ? strokePieces(path, userToCairo: userToCairo) : nil
        if let pieces {
            replay(elements: pieces.flatMap(\.elements))
        } else if dense == nil {
            replay(path)
        }
        cairo_set_antialias(cairo, cairoAntialias)
        if let color {
            cairo_set_operator(cairo, gstate.blendMode.cairoOperator)
            cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha * gstate.alpha)
        } else if masked {
            // Clearing through a mask: paint the shape opaque, then take it out of the bitmap.
            cairo_set_source_rgba(cairo, 0, 0, 0, 1)
        } else {
            cairo_set_operator(cairo, CAIRO_OPERATOR_CLEAR)
        }
        var region: PixelBox?
        if let dense {
            if !drawsInPlace { region = drawnRegion(extents: dense.box.rect) }
            paintCoverage(dense)
        } else if stroke {
            // A zero width is a hairline, one device pixel wide (PDF's rule, which Quartz follows):
            // stroke in device space, with the dash scaled to device units.
            let hairline = gstate.lineWidth == 0
            let strokeSpace = hairline ? CGAffineTransform.identity : userToCairo
            var matrix = cairo_matrix_t(
                xx: strokeSpace.a, yx: strokeSpace.b, xy: strokeSpace.c, yy: strokeSpace.d,
                x0: strokeSpace.tx, y0: strokeSpace.ty)
            cairo_set_matrix(cairo, &matrix)
            let dashScale =
                hairline
                ? (abs(userToCairo.a * userToCairo.d - userToCairo.b * userToCairo.c)).squareRoot() : 1
            applyStrokeAttributes(width: hairline ? 1 : gstate.lineWidth, dashScale: dashScale)
            if !drawsInPlace { region = drawnRegion(stroke: true, userToCairo: strokeSpace) }
            if let pieces, isDashed {
                cairo_new_path(cairo)
                for piece in pieces {
                    // The path is in device space; the pen in the stroke space.
                    cairo_identity_matrix(cairo)
                    replay(elements: piece.elements)
                    cairo_set_matrix(cairo, &matrix)
                    applyStrokeAttributes(
                        width: hairline ? 1 : gstate.lineWidth, dashScale: dashScale,
                        phaseOffset: piece.offset)
                    cairo_stroke(cairo)
                }
            } else {
                cairo_stroke(cairo)
            }
            cairo_identity_matrix(cairo)
        } else {
            cairo_set_fill_rule(cairo, rule.cairoFillRule)
            if !drawsInPlace { region = drawnRegion(stroke: false, userToCairo: .identity) }
            cairo_fill(cairo)
        }
        cairo_set_operator(cairo, CAIRO_OPERATOR_OVER)
        if masked {
            finishClipMaskGroup(
                operator: color == nil ? CAIRO_OPERATOR_DEST_OUT : gstate.blendMode.cairoOperator)
        }
        noteDrawn(region)
    }

    /// Gives Cairo the line `width`, and the state's cap, join, miter limit and dash with its lengths
    /// and phase multiplied by `dashScale` (the phase then advanced by `phaseOffset`), in the space
    /// Cairo's matrix maps.
    private func applyStrokeAttributes(width: Double, dashScale: Double, phaseOffset: Double = 0) {
        cairo_set_line_width(cairo, width)
        switch gstate.lineCap {
        case .butt: cairo_set_line_cap(cairo, CAIRO_LINE_CAP_BUTT)
        case .round: cairo_set_line_cap(cairo, CAIRO_LINE_CAP_ROUND)
        case .square: cairo_set_line_cap(cairo, CAIRO_LINE_CAP_SQUARE)
        }
        switch gstate.lineJoin {
        case .miter: cairo_set_line_join(cairo, CAIRO_LINE_JOIN_MITER)
        case .round: cairo_set_line_join(cairo, CAIRO_LINE_JOIN_ROUND)
        case .bevel: cairo_set_line_join(cairo, CAIRO_LINE_JOIN_BEVEL)
        }
        cairo_set_miter_limit(cairo, gstate.miterLimit)
        let lengths = gstate.dashLengths.map { $0 * dashScale }
        guard lengths.allSatisfy(\.isFinite), lengths.contains(where: { $0 > 0 }) else {
            cairo_set_dash(cairo, nil, 0, 0)
            return
        }
        let phase = gstate.dashPhase * dashScale + phaseOffset
        lengths.withUnsafeBufferPointer { buffer in
            cairo_set_dash(cairo, buffer.baseAddress, Int32(buffer.count), phase.isFinite ? phase : 0)
        }
    }

    /// The pixels the pending fill or stroke of Cairo's current path can touch: its extents
    /// (mapped from user space for strokes) intersected with the clip's, grown by one pixel for
    /// antialiasing; `nil` when nothing can be touched.
    private func drawnRegion(stroke: Bool, userToCairo: CGAffineTransform) -> PixelBox? {
        var x1 = 0.0
        var y1 = 0.0
        var x2 = 0.0
        var y2 = 0.0
        if stroke {
            cairo_stroke_extents(cairo, &x1, &y1, &x2, &y2)
        } else {
            cairo_fill_extents(cairo, &x1, &y1, &x2, &y2)
        }
        var extents = CGRect(x: x1, y: y1, width: x2 - x1, height: y2 - y1)
        if stroke { extents = extents.applying(userToCairo) }
        return drawnRegion(extents: extents)
    }

    /// The pixels a painting whose device-space `extents` are given can touch: those extents
    /// intersected with the clip's, grown by one pixel for antialiasing; `nil` when nothing can be
    /// touched.
    private func drawnRegion(extents: CGRect) -> PixelBox? {
        var x1 = 0.0
        var y1 = 0.0
        var x2 = 0.0
        var y2 = 0.0
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cairo, &matrix)
        cairo_identity_matrix(cairo)
        cairo_clip_extents(cairo, &x1, &y1, &x2, &y2)
        cairo_set_matrix(cairo, &matrix)
        let clipped = extents.intersection(CGRect(x: x1, y: y1, width: x2 - x1, height: y2 - y1))
        guard !clipped.isNull, clipped.isFiniteRect else { return nil }
        let box = PixelBox(
            x0: Int(max(clipped.minX.rounded(.down) - 1, -1)),
            y0: Int(max(clipped.minY.rounded(.down) - 1, -1)),
            x1: Int(min(clipped.maxX.rounded(.up) + 1, CGFloat(width + 1))),
            y1: Int(min(clipped.maxY.rounded(.up) + 1, CGFloat(height + 1))))
        return box.isEmpty ? nil : box
    }

    /// Cairo's antialiasing mode for the current state.
    var cairoAntialias: cairo_antialias_t {
        allowsAntialiasing && gstate.shouldAntialias ? CAIRO_ANTIALIAS_DEFAULT : CAIRO_ANTIALIAS_NONE
    }

    /// Replaces the Cairo context if an unexpected Cairo error has made it inert (Cairo ignores
    /// every call after an error). The clip and Cairo's saved states are lost in that case; the
    /// graphics states Lamina keeps are not.
    func recoverCairoIfNeeded() {
        guard cairo_status(cairo) != CAIRO_STATUS_SUCCESS, let replacement = cairo_create(surface) else {
            return
        }
        cairo_destroy(cairo)
        cairo = replacement
        cairoSaveDepth = 0
    }

    /// Whether the state strokes dashed.
    var isDashed: Bool {
        gstate.dashLengths.allSatisfy(\.isFinite) && gstate.dashLengths.contains(where: { $0 > 0 })
    }

    /// `path` cut for stroking (ruling G17) when a point lies past `DevicePathClipping.limit`: the
    /// runs inside the bitmap grown by the stroke's reach, each with its length from its subpath's
    /// start in the units the dash is measured in; `nil` when the path can be stroked as it is.
    private func strokePieces(_ path: DevicePath, userToCairo: CGAffineTransform) -> [DevicePathClipping
        .Piece]?
    {
        guard DevicePathClipping.needsClipping(path.elements) else { return nil }
        let hairline = gstate.lineWidth == 0
        // The largest stretch of the CTM: a pen of the line width reaches that far in pixels.
        let m = userToCairo
        let stretch = max(hypot(m.a, m.b), hypot(m.c, m.d)) * 2.0.squareRoot()
        var reach = hairline ? 1 : gstate.lineWidth / 2 * stretch
        if gstate.lineJoin == .miter { reach *= max(gstate.miterLimit, 1) }
        if gstate.lineCap == .square { reach *= 2.0.squareRoot() }
        let margin = min(
            reach.isFinite ? reach + 4 : DevicePathClipping.limit / 2, DevicePathClipping.limit / 2)
        let inverse = m.inverted()
        return DevicePathClipping.clipStroke(
            path.elements, to: bitmapRect(grownBy: margin), dashed: isDashed,
            length: { vector in
                if hairline { return hypot(vector.x, vector.y) }
                let user = CGPoint(
                    x: inverse.a * vector.x + inverse.c * vector.y,
                    y: inverse.b * vector.x + inverse.d * vector.y)
                return hypot(user.x, user.y)
            })
    }
}
