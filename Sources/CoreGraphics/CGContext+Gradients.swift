@_implementationOnly import CCairo

extension CGContext {
    /// Paints `gradient` along the line from `start` to `end` (user space), as Apple's
    /// `CGContextDrawLinearGradient`.
    ///
    /// Location 0 lies on the line through `start` perpendicular to the gradient line, location 1
    /// on the parallel line through `end`; every point between takes the colour of its projection
    /// onto the gradient line. Without options only that band is painted and everything else is
    /// left untouched; `.drawsBeforeStartLocation` extends the first colour beyond `start`,
    /// `.drawsAfterEndLocation` the last colour beyond `end`. The gradient fills the clip (Apple's
    /// advice: clip to a shape first); the CTM, global alpha and blend mode apply. The current path
    /// is left as it is.
    ///
    /// Nothing is drawn when a point is not finite, when `start == end`, or when the CTM is not
    /// invertible.
    public func drawLinearGradient(
        _ gradient: CGGradient,
        start: CGPoint,
        end: CGPoint,
        options: CGGradientDrawingOptions
    ) {
        guard start.x.isFinite, start.y.isFinite, end.x.isFinite, end.y.isFinite, start != end else { return }
        // The gradient in device space (ruling G17: pixman keeps pattern coordinates in 16.16
        // fixed point, so a pattern in user space overflows when a device pixel is more than 32768
        // user units from its origin): location t = (d − p0)·(p1 − p0) / |p1 − p0|² for the device
        // point d, with p0 the device start and p1 − p0 = w / |w|², w = A⁻ᵀ(end − start) /
        // |end − start|² for the CTM's linear part A, which is t of the user-space point d maps
        // back to.
        let m = userToCairo
        let determinant = m.a * m.d - m.b * m.c
        guard m.isInvertibleForDrawing, determinant != 0 else { return }
        let v = CGPoint(x: end.x - start.x, y: end.y - start.y)
        let length = v.x * v.x + v.y * v.y
        let w = CGPoint(
            x: (m.d * v.x - m.b * v.y) / determinant / length,
            y: (-m.c * v.x + m.a * v.y) / determinant / length)
        let wLength = w.x * w.x + w.y * w.y
        let p0 = start.applying(m)
        let direction = CGPoint(x: w.x / wLength, y: w.y / wLength)
        guard p0.x.isFinite, p0.y.isFinite, direction.x.isFinite, direction.y.isFinite else { return }
        // `reach` stretches the geometry past the end for the mask (see `paintGradient`).
        let make = { (reach: Double) in
            cairo_pattern_create_linear(
                Double(p0.x), Double(p0.y), Double(p0.x) + reach * Double(direction.x),
                Double(p0.y) + reach * Double(direction.y))
        }
        paintGradient(
            gradient, options: options, canReachPastEnd: true, deviceToPattern: .identity, makePattern: make)
    }

    /// Paints `gradient` through the circles between the start circle and the end circle (user
    /// space), as Apple's `CGContextDrawRadialGradient`.
    ///
    /// For location `t` the circle has centre `startCenter + t × (endCenter − startCenter)` and
    /// radius `startRadius + t × (endRadius − startRadius)`; a point takes the colour of the largest
    /// `t` whose circle passes through it (PDF's radial shading, which Quartz and Cairo share).
    /// Without options only the circles for `t` in `[0, 1]` are painted and everything else is left
    /// untouched; `.drawsBeforeStartLocation` extends the first colour to the circles for `t < 0`
    /// (as long as their radius is positive), `.drawsAfterEndLocation` the last colour to those for
    /// `t > 1`. The clip, CTM, global alpha and blend mode apply; the current path is left as it
    /// is.
    ///
    /// Nothing is drawn when a value is not finite, a radius is negative, both radii are 0, or the
    /// CTM is not invertible.
    public func drawRadialGradient(
        _ gradient: CGGradient,
        startCenter: CGPoint,
        startRadius: CGFloat,
        endCenter: CGPoint,
        endRadius: CGFloat,
        options: CGGradientDrawingOptions
    ) {
        let values = [startCenter.x, startCenter.y, startRadius, endCenter.x, endCenter.y, endRadius]
        guard values.allSatisfy(\.isFinite), startRadius >= 0, endRadius >= 0, startRadius + endRadius > 0
        else { return }
        // The pattern space is user space moved to the clip's centre and scaled to about device
        // pixels, so that pixman's 16.16 fixed-point pattern coordinates stay in range (see
        // `drawLinearGradient`): q = k · (u − c).
        let m = userToCairo
        guard m.isInvertibleForDrawing else { return }
        let c = deviceClipCenter().applying(m.inverted())
        let k = abs(m.a * m.d - m.b * m.c).squareRoot()
        guard c.x.isFinite, c.y.isFinite, k.isFinite, k > 0 else { return }
        let userToPattern = CGAffineTransform(a: k, b: 0, c: 0, d: k, tx: -k * c.x, ty: -k * c.y)
        let s = startCenter.applying(userToPattern)
        let e = endCenter.applying(userToPattern)
        let r0 = Double(startRadius * k)
        let r1 = Double(endRadius * k)
        let make = { (reach: Double) in
            cairo_pattern_create_radial(
                Double(s.x), Double(s.y), r0, Double(s.x) + reach * Double(e.x - s.x),
                Double(s.y) + reach * Double(e.y - s.y), r0 + reach * (r1 - r0))
        }
        // Circles that shrink to a point at the end have nothing beyond it to reach into.
        let canReach = Double(endRadius) + Self.maskReach * Double(endRadius - startRadius) >= 0
        paintGradient(
            gradient, options: options, canReachPastEnd: canReach,
            deviceToPattern: m.inverted().concatenating(userToPattern), makePattern: make)
    }
}

// MARK: - Internals

extension CGContext {
    /// How far past location 1 the mask's geometry reaches (as a fraction of the gradient), so that
    /// its hard edge at location 1 can sit just beyond 1.
    static let maskReach = 1.0 / 256

    /// Paints a gradient whose geometry (in user space) `makePattern(1)` creates, over the clip.
    ///
    /// The source is the gradient with Cairo's pad extension (each end colour continues) and the
    /// global alpha multiplied into its stops, as fills multiply it into their colour. What is
    /// painted is decided by a mask of the same family of lines or circles, also padded, that is 1
    /// for locations in `[0, 1]` and 0 or 1 beyond each end, per `options`. A mask (rather than
    /// Cairo's extend modes, which treat both ends alike and paint transparency outside) keeps every
    /// blend mode from touching pixels outside the gradient.
    ///
    /// Cairo resolves a hard edge (two stops at one location) to the later stop, so the edge at
    /// location 0 includes 0; for location 1 to be included too, the mask's geometry reaches
    /// `maskReach` past the end (`makePattern(1 + maskReach)`) and its edge sits two of Cairo's
    /// 1/65536 stop steps past location 1, when `canReachPastEnd`. `makePattern` builds the
    /// geometry in pattern space, which `deviceToPattern` maps Cairo's device space to.
    private func paintGradient(
        _ gradient: CGGradient,
        options: CGGradientDrawingOptions,
        canReachPastEnd: Bool,
        deviceToPattern: CGAffineTransform,
        makePattern: (Double) -> OpaquePointer?
    ) {
        guard let source = makePattern(1) else { return }
        defer { cairo_pattern_destroy(source) }
        var matrix = deviceToPattern.cairoMatrix
        cairo_pattern_set_matrix(source, &matrix)
        cairo_pattern_set_extend(source, CAIRO_EXTEND_PAD)
        for stop in gradient.colorStops() {
            let color = deviceColorForGradient(stop.color)
            cairo_pattern_add_color_stop_rgba(
                source, stop.location, color.red, color.green, color.blue, color.alpha * gstate.alpha)
        }
        guard cairo_pattern_status(source) == CAIRO_STATUS_SUCCESS else { return }

        let reach = canReachPastEnd ? 1 + Self.maskReach : 1
        let endEdge = canReachPastEnd ? min(1 / reach + 2.0 / 65_536, 1) : 1
        let before: Double = options.contains(.drawsBeforeStartLocation) ? 1 : 0
        let after: Double = options.contains(.drawsAfterEndLocation) ? 1 : 0
        guard let mask = makePattern(reach) else { return }
        defer { cairo_pattern_destroy(mask) }
        cairo_pattern_set_matrix(mask, &matrix)
        cairo_pattern_set_extend(mask, CAIRO_EXTEND_PAD)
        // Two stops at the same location make a hard edge; pad extends the outer ones.
        cairo_pattern_add_color_stop_rgba(mask, 0, 0, 0, 0, before)
        cairo_pattern_add_color_stop_rgba(mask, 0, 0, 0, 0, 1)
        cairo_pattern_add_color_stop_rgba(mask, endEdge, 0, 0, 0, 1)
        cairo_pattern_add_color_stop_rgba(mask, endEdge, 0, 0, 0, after)
        guard cairo_pattern_status(mask) == CAIRO_STATUS_SUCCESS else { return }
        paintPattern(source, within: nil, mask: mask, appliesGlobalAlpha: false)
    }
    /// `color` as the context draws it, converted exactly as `setFillColor(_:)` converts fill
    /// colours (the fill colour is set and put back).
    private func deviceColorForGradient(_ color: CGColor) -> DeviceColor {
        let saved = gstate.fillColor
        setFillColor(color)
        let converted = gstate.fillColor
        gstate.fillColor = saved
        return converted
    }

    /// The centre of the clip's extents in Cairo device space (the bitmap's centre without a clip).
    private func deviceClipCenter() -> CGPoint {
        var x1 = 0.0
        var y1 = 0.0
        var x2 = 0.0
        var y2 = 0.0
        cairo_save(cairo)
        cairo_identity_matrix(cairo)
        cairo_clip_extents(cairo, &x1, &y1, &x2, &y2)
        cairo_restore(cairo)
        return CGPoint(x: (x1 + x2) / 2, y: (y1 + y2) / 2)
    }
}
