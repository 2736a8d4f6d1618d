@_implementationOnly import CCairo
@_implementationOnly import CPango

// MARK: - Drawing text (Lamina's API; Apple's is Core Text's CTFrameDraw)

extension CGContext {
    /// Draws `layout` with its box's top-left corner at the visual top-left of `rect` (user
    /// space), glyphs upright, each run in its colour.
    ///
    /// "Upright" follows the CTM: in a y-up user space (Quartz's, a fresh bitmap context) the box
    /// hangs down from `rect.maxY`; in a flipped, y-down space (UIKit's and `CALayer.display()`'s,
    /// CTM determinant negative) from `rect.minY`. Only the top-left corner of `rect` is used:
    /// the box is `layout.width` wide (wrapping and truncation were decided by the layout), and
    /// text is not clipped to `rect` — clip first to cut it.
    ///
    /// The CTM scales, rotates and skews the text as it does paths: glyph outlines are
    /// rasterised at the device resolution (unhinted, grayscale antialiasing; never subpixel).
    /// The clip, global alpha (applied to the text as a whole, so overlapping glyphs do not
    /// darken) and blend mode apply as to an image. The current path is left as it is. Nothing is
    /// drawn when `rect` is not finite or the CTM is not invertible.
    public func draw(_ layout: TextLayout, in rect: CGRect) {
        guard !rect.isNull, rect.isFiniteRect, !layout.lines.isEmpty else { return }
        let rect = rect.standardized
        let ctm = gstate.ctm
        let flipped = ctm.a * ctm.d - ctm.b * ctm.c < 0
        // Layout space (pixels of the layout's scale, y down) to user space.
        let boxToUser =
            flipped
            ? CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: rect.minX, ty: rect.minY)
            : CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: rect.minX, ty: rect.maxY)
        let unit = 1 / layout.pixelsPerPoint
        let layoutToUser = CGAffineTransform(a: unit, b: 0, c: 0, d: unit, tx: layout.originX, ty: 0)
            .concatenating(boxToUser)
        paint(layoutToUser: layoutToUser) { pango_cairo_show_layout($0, layout.engine.layout) }
    }

    /// Draws line `index` of `layout` in Core Text's text space: the line's start (its logical
    /// left edge; alignment and indents are left out) on the baseline at `origin`, glyphs upright
    /// when text space is y-up, then `textMatrix` (text space to user space) and the CTM. Unlike
    /// ``draw(_:in:)`` the CTM's orientation is not corrected: in a y-down user space the text is
    /// mirrored, as Core Text draws it. Draws nothing for an index out of range or a transform
    /// that is not finite and invertible. Clip, global alpha and blend mode apply as in
    /// ``draw(_:in:)``. Runs with a stroke width are outlined too.
    package func drawLine(
        _ index: Int, of layout: TextLayout, baselineAt origin: CGPoint, textMatrix: CGAffineTransform
    ) {
        guard layout.lines.indices.contains(index), origin.x.isFinite, origin.y.isFinite,
            let line = pango_layout_get_line_readonly(layout.engine.layout, Int32(index))
        else { return }
        let unit = 1 / layout.pixelsPerPoint
        // Layout units (y down) to text space (y up), the baseline's start at `origin`.
        let layoutToText = CGAffineTransform(a: unit, b: 0, c: 0, d: -unit, tx: origin.x, ty: origin.y)
        paint(layoutToUser: layoutToText.concatenating(textMatrix)) {
            pango_cairo_show_layout_line($0, line)
            layout.strokeGlyphs(of: line, cairo: $0)
        }
    }

    /// Runs `show` (Pango drawing at the current point (0, 0) of a matrix mapping layout units to
    /// Cairo's device space) into a group, and paints the group with the clip, alpha and blend
    /// mode.
    private func paint(layoutToUser: CGAffineTransform, show: (OpaquePointer) -> Void) {
        let layoutToCairo = layoutToUser.concatenating(userToCairo)
        guard layoutToCairo.isInvertibleForDrawing else { return }
        recoverCairoIfNeeded()
        cairo_save(cairo)
        // The group is pushed (and so popped) with the identity matrix, so its pattern is in
        // device space, as `paintPattern` paints it.
        cairo_identity_matrix(cairo)
        cairo_push_group(cairo)
        var matrix = layoutToCairo.cairoMatrix
        cairo_set_matrix(cairo, &matrix)
        cairo_set_source_rgba(cairo, 0, 0, 0, 1)
        cairo_move_to(cairo, 0, 0)
        show(cairo)
        let group = cairo_pop_group(cairo)
        cairo_restore(cairo)
        guard let group else { return }
        defer { cairo_pattern_destroy(group) }
        paintPattern(group, within: nil)
    }

    /// The text position, Apple's `textPosition`: where Core Text's `CTLineDraw` puts the start
    /// of a line's baseline, in text space — the translation of ``textMatrix``. Setting it
    /// changes only that translation. Not part of the graphics state.
    public var textPosition: CGPoint {
        get { CGPoint(x: textMatrix.tx, y: textMatrix.ty) }
        set {
            textMatrix.tx = newValue.x
            textMatrix.ty = newValue.y
        }
    }

    /// Measures and draws `string` in `font` and the fill colour into `rect` (user space), as
    /// ``draw(_:in:)`` draws a ``TextLayout`` `rect.width` wide that wraps (unless `wraps` is
    /// `false`), aligned and truncated as given, with `rect.height` as the height truncation
    /// fits. Returns the layout, for its measurements.
    @discardableResult
    public func drawText(
        _ string: String, font: TextFont, in rect: CGRect, wraps: Bool = true,
        alignment: TextLayout.Alignment = .natural, truncation: TextLayout.Truncation = .none
    ) -> TextLayout {
        let fill = gstate.fillColor
        let color = CGColor(
            srgbRed: CGFloat(fill.red), green: CGFloat(fill.green), blue: CGFloat(fill.blue),
            alpha: CGFloat(fill.alpha))
        let standard = rect.isNull ? rect : rect.standardized
        let layout = TextLayout(
            string, font: font, color: color, width: standard.isFiniteRect ? standard.width : nil,
            height: standard.isFiniteRect ? standard.height : nil, wraps: wraps, alignment: alignment,
            truncation: truncation)
        draw(layout, in: rect)
        return layout
    }
}
