@_implementationOnly import CPango

/// A glyph's index in its font, Apple's `CGGlyph`.
public typealias CGGlyph = UInt16

// MARK: - Glyph lookup and outlines (for Lamina's CoreText module)

extension CGFont {
    /// The glyph the font's character map gives `scalar`, or `nil` when the font has none.
    package func glyph(for scalar: Unicode.Scalar) -> CGGlyph? {
        withHarfBuzzFont { font in
            var glyph: hb_codepoint_t = 0
            guard hb_font_get_nominal_glyph(font, scalar.value, &glyph) != 0, glyph <= UInt32(UInt16.max)
            else {
                return nil
            }
            return CGGlyph(glyph)
        } ?? nil
    }

    /// The outline of `glyph` in font units (y up, origin on the baseline at the pen position),
    /// or `nil` when the glyph is not in the font; an empty path for a glyph without ink.
    package func outline(of glyph: CGGlyph) -> CGPath? {
        guard Int(glyph) < numberOfGlyphs else { return nil }
        return withHarfBuzzFont { font -> CGPath in
            let path = CGMutablePath()
            guard let funcs = hb_draw_funcs_create() else { return path }
            defer { hb_draw_funcs_destroy(funcs) }
            hb_draw_funcs_set_move_to_func(
                funcs,
                { _, data, _, x, y, _ in drawnPath(data).move(to: CGPoint(x: CGFloat(x), y: CGFloat(y))) },
                nil, nil)
            hb_draw_funcs_set_line_to_func(
                funcs,
                { _, data, _, x, y, _ in drawnPath(data).addLine(to: CGPoint(x: CGFloat(x), y: CGFloat(y))) },
                nil, nil)
            hb_draw_funcs_set_quadratic_to_func(
                funcs,
                { _, data, _, cx, cy, x, y, _ in
                    drawnPath(data).addQuadCurve(
                        to: CGPoint(x: CGFloat(x), y: CGFloat(y)),
                        control: CGPoint(x: CGFloat(cx), y: CGFloat(cy)))
                }, nil, nil)
            hb_draw_funcs_set_cubic_to_func(
                funcs,
                { _, data, _, c1x, c1y, c2x, c2y, x, y, _ in
                    drawnPath(data).addCurve(
                        to: CGPoint(x: CGFloat(x), y: CGFloat(y)),
                        control1: CGPoint(x: CGFloat(c1x), y: CGFloat(c1y)),
                        control2: CGPoint(x: CGFloat(c2x), y: CGFloat(c2y)))
                }, nil, nil)
            hb_draw_funcs_set_close_path_func(
                funcs, { _, data, _, _ in drawnPath(data).closeSubpath() }, nil, nil)
            withExtendedLifetime(path) {
                hb_font_get_glyph_shape(
                    font, hb_codepoint_t(glyph), funcs, Unmanaged.passUnretained(path).toOpaque())
            }
            return path
        }
    }

    /// Runs `body` with a HarfBuzz font of this face at its em size (positions in font units);
    /// `nil` when the file cannot be read.
    private func withHarfBuzzFont<R>(_ body: (OpaquePointer) -> R) -> R? {
        guard let blob = hb_blob_create_from_file_or_fail(face.file) else { return nil }
        defer { hb_blob_destroy(blob) }
        guard let hbFace = hb_face_create(blob, UInt32(max(face.index, 0))) else { return nil }
        defer { hb_face_destroy(hbFace) }
        guard let font = hb_font_create(hbFace) else { return nil }
        defer { hb_font_destroy(font) }
        return body(font)
    }
}

/// The path a HarfBuzz draw callback's data points at.
private func drawnPath(_ data: UnsafeMutableRawPointer?) -> CGMutablePath {
    Unmanaged<CGMutablePath>.fromOpaque(data!).takeUnretainedValue()
}
