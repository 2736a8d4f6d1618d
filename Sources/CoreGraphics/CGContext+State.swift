@_implementationOnly import CCairo

// MARK: - Graphics state stack

extension CGContext {
    /// Pushes a copy of the current graphics state (CTM, clip, colours, alpha, line and dash
    /// settings, antialiasing) onto the state stack, as Apple's `CGContextSaveGState`. The current
    /// path is not part of the state.
    public func saveGState() {
        recoverCairoIfNeeded()
        cairo_save(cairo)
        cairoSaveDepth += 1
        gstateStack.append(gstate)
    }

    /// Restores the graphics state most recently saved by `saveGState()`, clip included, as Apple's
    /// `CGContextRestoreGState`. Without a matching save it does nothing. The current path is kept.
    public func restoreGState() {
        guard let saved = gstateStack.popLast() else { return }
        gstate = saved
        if cairoSaveDepth > 0 {
            cairo_restore(cairo)
            cairoSaveDepth -= 1
        }
    }
}

// MARK: - Current transformation matrix

extension CGContext {
    /// The current transformation matrix: how user-space coordinates map to device space (pixels,
    /// origin bottom-left, y up), as Apple's `CGContextGetCTM`. The identity for a new context.
    public var ctm: CGAffineTransform {
        gstate.ctm
    }

    /// The affine transform from user space to device space, as Apple's
    /// `CGContextGetUserSpaceToDeviceSpaceTransform`; for a bitmap context it equals `ctm`.
    public var userSpaceToDeviceSpaceTransform: CGAffineTransform {
        gstate.ctm
    }

    /// Moves the user-space origin by `(tx, ty)` user-space units, as Apple's
    /// `CGContextTranslateCTM`. Ignored when the result would not be finite.
    public func translateBy(x tx: CGFloat, y ty: CGFloat) {
        concatenate(CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty))
    }

    /// Scales user space by `sx` horizontally and `sy` vertically, as Apple's `CGContextScaleCTM`.
    /// A zero factor is accepted (the CTM then draws nothing until restored); non-finite results are
    /// ignored.
    public func scaleBy(x sx: CGFloat, y sy: CGFloat) {
        concatenate(CGAffineTransform(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0))
    }

    /// Rotates user space by `angle` radians, as Apple's `CGContextRotateCTM`: positive angles turn
    /// the x axis towards the y axis (counterclockwise on the bitmap while the CTM is the
    /// identity, since device space is y up). Non-finite angles are ignored.
    public func rotate(by angle: CGFloat) {
        guard angle.isFinite else { return }
        let cosine = cos(angle)
        let sine = sin(angle)
        concatenate(CGAffineTransform(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0))
    }

    /// Applies `transform` to user space before the current CTM (`ctm = transform × ctm`), as
    /// Apple's `CGContextConcatCTM`. Ignored when the result has a NaN or infinite entry.
    public func concatenate(_ transform: CGAffineTransform) {
        let result = transform.concatenating(gstate.ctm)
        guard result.hasFiniteEntries else { return }
        gstate.ctm = result
    }

    /// `point` mapped from user space to device space (pixels, origin bottom-left, y up), as Apple's
    /// `CGContextConvertPointToDeviceSpace`.
    public func convertToDeviceSpace(_ point: CGPoint) -> CGPoint {
        point.applying(gstate.ctm)
    }

    /// `point` mapped from device space to user space, as Apple's
    /// `CGContextConvertPointToUserSpace`; returned unchanged while the CTM is not invertible.
    public func convertToUserSpace(_ point: CGPoint) -> CGPoint {
        guard gstate.ctm.isInvertibleForDrawing else { return point }
        return point.applying(gstate.ctm.inverted())
    }

    /// `size` mapped from user space to device space as a vector (no translation), as Apple's
    /// `CGContextConvertSizeToDeviceSpace`; components may be negative.
    public func convertToDeviceSpace(_ size: CGSize) -> CGSize {
        size.applying(gstate.ctm)
    }

    /// `size` mapped from device space to user space as a vector, as Apple's
    /// `CGContextConvertSizeToUserSpace`; returned unchanged while the CTM is not invertible.
    public func convertToUserSpace(_ size: CGSize) -> CGSize {
        guard gstate.ctm.isInvertibleForDrawing else { return size }
        return size.applying(gstate.ctm.inverted())
    }

    /// The smallest device-space rectangle containing `rect` mapped by the CTM, as Apple's
    /// `CGContextConvertRectToDeviceSpace`.
    public func convertToDeviceSpace(_ rect: CGRect) -> CGRect {
        rect.applying(gstate.ctm)
    }

    /// The smallest user-space rectangle containing the device-space `rect` mapped back, as Apple's
    /// `CGContextConvertRectToUserSpace`; returned unchanged while the CTM is not invertible.
    public func convertToUserSpace(_ rect: CGRect) -> CGRect {
        guard gstate.ctm.isInvertibleForDrawing else { return rect }
        return rect.applying(gstate.ctm.inverted())
    }

    /// The fixed flip from device space (origin bottom-left, y up) to Cairo's (origin top-left,
    /// y down): `(x, y) ↦ (x, height − y)`.
    var deviceToCairo: CGAffineTransform {
        CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: CGFloat(height))
    }

    /// The transform from user space to Cairo device space: the CTM, then the flip.
    var userToCairo: CGAffineTransform {
        gstate.ctm.concatenating(deviceToCairo)
    }
}

extension CGAffineTransform {
    /// Whether every entry is finite.
    var hasFiniteEntries: Bool {
        a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite
    }

    /// Whether the transform is finite with a nonzero, finite determinant, so Cairo accepts it.
    var isInvertibleForDrawing: Bool {
        let determinant = a * d - b * c
        return hasFiniteEntries && determinant != 0 && determinant.isFinite
    }
}

// MARK: - Colours and alpha

extension CGContext {
    /// Sets the colour `fill…` operations paint with, as Apple's `CGContextSetFillColorWithColor`.
    ///
    /// The colour is converted to the context's colour space (gray contexts store its gray value;
    /// alpha-only contexts keep only its alpha); components outside `[0, 1]` are clamped.
    public func setFillColor(_ color: CGColor) {
        gstate.fillColor = deviceColor(for: color)
    }

    /// Sets the colour stroking operations paint with, as Apple's
    /// `CGContextSetStrokeColorWithColor`; converted like `setFillColor(_:)`.
    public func setStrokeColor(_ color: CGColor) {
        gstate.strokeColor = deviceColor(for: color)
    }

    /// Sets the fill colour to a device RGB colour, as Apple's `CGContextSetRGBFillColor`.
    /// Components are clamped to `[0, 1]`; NaN becomes `0`.
    public func setFillColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        guard let color = Self.deviceRGBColor(red, green, blue, alpha) else { return }
        setFillColor(color)
    }

    /// Sets the stroke colour to a device RGB colour, as Apple's `CGContextSetRGBStrokeColor`.
    /// Components are clamped to `[0, 1]`; NaN becomes `0`.
    public func setStrokeColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        guard let color = Self.deviceRGBColor(red, green, blue, alpha) else { return }
        setStrokeColor(color)
    }

    /// Sets the fill colour to a device gray (`0` black, `1` white), as Apple's
    /// `CGContextSetGrayFillColor`. Values are clamped to `[0, 1]`; NaN becomes `0`.
    public func setFillColor(gray: CGFloat, alpha: CGFloat) {
        guard let color = CGColor(colorSpace: CGColorSpaceCreateDeviceGray(), components: [gray, alpha])
        else { return }
        setFillColor(color)
    }

    /// Sets the stroke colour to a device gray (`0` black, `1` white), as Apple's
    /// `CGContextSetGrayStrokeColor`. Values are clamped to `[0, 1]`; NaN becomes `0`.
    public func setStrokeColor(gray: CGFloat, alpha: CGFloat) {
        guard let color = CGColor(colorSpace: CGColorSpaceCreateDeviceGray(), components: [gray, alpha])
        else { return }
        setStrokeColor(color)
    }

    /// Sets the global alpha that multiplies the alpha of everything drawn, as Apple's
    /// `CGContextSetAlpha`. Clamped to `[0, 1]`; NaN is ignored. Part of the graphics state.
    public func setAlpha(_ alpha: CGFloat) {
        guard !alpha.isNaN else { return }
        gstate.alpha = Double(min(max(alpha, 0), 1))
    }

    /// A device RGB colour from components, or `nil` if the colour cannot be made.
    private static func deviceRGBColor(
        _ red: CGFloat,
        _ green: CGFloat,
        _ blue: CGFloat,
        _ alpha: CGFloat
    ) -> CGColor? {
        CGColor(colorSpace: CGColorSpaceCreateDeviceRGB(), components: [red, green, blue, alpha])
    }

    /// `color` in the context's colour space, clamped to `[0, 1]`.
    ///
    /// A colour whose space has the context's model and transfer curve is taken as is (device RGB
    /// and sRGB are the same space to Lamina); anything else goes through `CGColor.converted`.
    private func deviceColor(for color: CGColor) -> DeviceColor {
        let clamp = { (value: CGFloat) -> Double in value.isNaN ? 0 : Double(min(max(value, 0), 1)) }
        let alpha = clamp(color.alpha)
        switch format.kind {
        case .alpha8:
            return DeviceColor(red: 0, green: 0, blue: 0, alpha: alpha)
        case .gray8, .rgb32:
            let target = creationSpace
            var components: [CGFloat]?
            if let source = color.colorSpace, source.model == target.model, source.isLinear == target.isLinear
            {
                components = color.components
            } else {
                components = color.converted(to: target, intent: .defaultIntent, options: nil)?.components
            }
            if let values = components, values.count == target.numberOfComponents + 1 {
                if values.count == 2 {
                    let gray = clamp(values[0])
                    return DeviceColor(red: gray, green: gray, blue: gray, alpha: alpha)
                }
                return DeviceColor(
                    red: clamp(values[0]), green: clamp(values[1]), blue: clamp(values[2]), alpha: alpha)
            }
            let rgba = color.rgbaComponents
            return DeviceColor(red: clamp(rgba.r), green: clamp(rgba.g), blue: clamp(rgba.b), alpha: alpha)
        }
    }
}

// MARK: - Line attributes and antialiasing

extension CGContext {
    /// Sets the line width in user-space units, as Apple's `CGContextSetLineWidth` (default 1). The
    /// width is measured in user space at the time of stroking, half on each side of the path.
    /// Negative or non-finite widths are ignored. A width of 0 draws the thinnest line the bitmap
    /// can show, one device pixel wide whatever the CTM, as PDF and Quartz do.
    public func setLineWidth(_ width: CGFloat) {
        guard width.isFinite, width >= 0 else { return }
        gstate.lineWidth = Double(width)
    }

    /// Sets how stroke ends are drawn, as Apple's `CGContextSetLineCap` (default `.butt`).
    public func setLineCap(_ cap: CGLineCap) {
        gstate.lineCap = cap
    }

    /// Sets how stroke segments are joined, as Apple's `CGContextSetLineJoin` (default `.miter`).
    public func setLineJoin(_ join: CGLineJoin) {
        gstate.lineJoin = join
    }

    /// Sets the miter limit, as Apple's `CGContextSetMiterLimit` (default 10): a miter join whose
    /// length divided by the line width exceeds the limit is drawn beveled. Non-finite values are
    /// ignored.
    public func setMiterLimit(_ limit: CGFloat) {
        guard limit.isFinite else { return }
        gstate.miterLimit = Double(limit)
    }

    /// Sets the dash pattern for strokes, as Apple's `CGContextSetLineDash`.
    ///
    /// `lengths` alternate painted and unpainted lengths in user space; `phase` is how far into the
    /// pattern strokes start. An empty array, or lengths that are all zero, give a solid line. The
    /// call is ignored when any value is negative or not finite.
    public func setLineDash(phase: CGFloat, lengths: [CGFloat]) {
        guard phase.isFinite, lengths.allSatisfy({ $0.isFinite && $0 >= 0 }) else { return }
        if lengths.allSatisfy({ $0 == 0 }) {
            gstate.dashPhase = 0
            gstate.dashLengths = []
        } else {
            gstate.dashPhase = Double(phase)
            gstate.dashLengths = lengths.map { Double($0) }
        }
    }

    /// Turns antialiasing of shapes on or off in the graphics state, as Apple's
    /// `CGContextSetShouldAntialias` (default on). Antialiasing happens only while this and
    /// `setAllowsAntialiasing(_:)` are both on.
    public func setShouldAntialias(_ shouldAntialias: Bool) {
        gstate.shouldAntialias = shouldAntialias
    }

    /// Allows or forbids antialiasing for the whole context, as Apple's
    /// `CGContextSetAllowsAntialiasing` (default allowed). Not part of the graphics state.
    public func setAllowsAntialiasing(_ allowsAntialiasing: Bool) {
        self.allowsAntialiasing = allowsAntialiasing
    }
}

// MARK: - Clipping

extension CGContext {
    /// Intersects the clip with the current path's interior by `rule`, then clears the path, as
    /// Apple's `CGContextClip`/`CGContextEOClip`. Open subpaths are closed implicitly. An empty path
    /// makes the clip empty (nothing is drawn until the state is restored).
    public func clip(using rule: CGPathFillRule = .winding) {
        let path = currentPath
        currentPath = DevicePath()
        applyClip(path, rule: rule)
    }

    /// Intersects the clip with `rect` (user space), as Apple's `CGContextClipToRect`. The current
    /// path is kept. A null rectangle makes the clip empty; a rectangle with NaN or infinite
    /// coordinates is ignored.
    public func clip(to rect: CGRect) {
        clip(to: [rect])
    }

    /// Intersects the clip with the union of `rects` (user space), as Apple's
    /// `CGContextClipToRects`. The current path is kept. Null rectangles add nothing, so an empty
    /// array or only null rectangles make the clip empty; the call is ignored if any rectangle has
    /// NaN or infinite coordinates.
    public func clip(to rects: [CGRect]) {
        var path = DevicePath()
        for rect in rects where !rect.isNull {
            guard rect.isFiniteRect else { return }
            addRect(rect, to: &path)
        }
        applyClip(path, rule: .winding)
    }

    /// Resets the clip to the whole bitmap, as Apple's `CGContextResetClip`; saved states keep
    /// their own clips.
    public func resetClip() {
        recoverCairoIfNeeded()
        gstate.clipMask = nil
        cairo_reset_clip(cairo)
    }

    /// The smallest user-space rectangle containing the clip, as Apple's
    /// `CGContextGetClipBoundingBox`: the whole bitmap mapped to user space for a new context, or
    /// `CGRect.null` when the clip is empty or the CTM is not invertible.
    public var boundingBoxOfClipPath: CGRect {
        recoverCairoIfNeeded()
        var x1 = 0.0
        var y1 = 0.0
        var x2 = 0.0
        var y2 = 0.0
        cairo_clip_extents(cairo, &x1, &y1, &x2, &y2)
        let transform = userToCairo
        guard x2 > x1, y2 > y1, transform.isInvertibleForDrawing else { return .null }
        return CGRect(x: x1, y: y1, width: x2 - x1, height: y2 - y1).applying(transform.inverted())
    }

    /// Intersects Cairo's clip with `path` (Cairo device space) by `rule`.
    private func applyClip(_ path: DevicePath, rule: CGPathFillRule) {
        recoverCairoIfNeeded()
        replay(path)
        cairo_set_fill_rule(cairo, rule.cairoFillRule)
        cairo_set_antialias(cairo, cairoAntialias)
        cairo_clip(cairo)
    }
}

extension CGRect {
    /// Whether origin and size are all finite.
    var isFiniteRect: Bool {
        origin.x.isFinite && origin.y.isFinite && size.width.isFinite && size.height.isFinite
    }
}

extension CGPathFillRule {
    /// Cairo's name for the rule.
    var cairoFillRule: cairo_fill_rule_t {
        self == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING
    }
}
