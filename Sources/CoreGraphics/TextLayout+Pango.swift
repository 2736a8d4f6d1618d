@_implementationOnly import CCairo
@_implementationOnly import CPango

/// The Pango context and layout behind a ``TextLayout``, released with it.
final class PangoEngine {
    /// The Pango context: the thread's Cairo font map, unhinted grayscale glyphs.
    let context: OpaquePointer
    /// The layout.
    let layout: OpaquePointer

    /// A context and an empty layout; `quantizes` rounds glyph positions to whole layout units.
    init(quantizes: Bool) {
        let fontMap = pango_cairo_font_map_get_default()
        context = pango_font_map_create_context(fontMap)
        let options = cairo_font_options_create()
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        pango_context_set_round_glyph_positions(context, quantizes ? 1 : 0)
        layout = pango_layout_new(context)
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(layout))
        g_object_unref(UnsafeMutableRawPointer(context))
    }
}

extension TextLayout {
    /// Pango units per layout unit: layout units are pixels of `pixelsPerPoint`.
    private var unitsPerPoint: Double { Double(PANGO_SCALE) * Double(pixelsPerPoint) }

    /// Builds the Pango layout from the runs and settings, then reads the lines and extents.
    func layOut() {
        let layout = engine.layout
        var text = ""
        let attributes = pango_attr_list_new()
        var substituted: [String] = []
        var utf16Offset = 0
        var byteMap: [Int] = []
        runBytes = Array(repeating: nil, count: runs.count)
        for (index, run) in runs.enumerated() {
            defer { utf16Offset += run.text.utf16.count }
            guard run.font.isDrawable, !run.text.isEmpty else { continue }
            let sanitized = run.text.replacingOccurrences(of: "\u{0}", with: "\u{FFFD}")
            let start = text.utf8.count
            text += sanitized
            let end = text.utf8.count
            runBytes[index] = start..<end
            var offset = utf16Offset
            for scalar in sanitized.unicodeScalars {
                byteMap.append(contentsOf: repeatElement(offset, count: scalar.utf8.count))
                offset += scalar.utf16.count
            }
            guard let resolution = FontResolver.resolve(run.font.name) else { continue }
            if !resolution.isExact, !substituted.contains(run.font.name) { substituted.append(run.font.name) }
            for attribute in makeAttributes(run, face: resolution.face) {
                attribute.pointee.start_index = UInt32(start)
                attribute.pointee.end_index = UInt32(end)
                pango_attr_list_insert(attributes, attribute)
            }
        }
        byteMap.append(utf16Offset)
        utf16AtByte = byteMap
        substitutedFontNames = substituted
        // A word broken across lines is not hyphenated (Core Text breaks it without a hyphen).
        if let hyphens = pango_attr_insert_hyphens_new(0) { pango_attr_list_insert(attributes, hyphens) }
        pango_layout_set_text(layout, text, Int32(text.utf8.count))
        pango_layout_set_attributes(layout, attributes)
        pango_attr_list_unref(attributes)
        configure(layout)
        readGeometry(layout)
    }

    /// Pango attributes for a run: its font description and colour.
    private func makeAttributes(_ run: Run, face: ResolvedFace) -> [UnsafeMutablePointer<PangoAttribute>] {
        let description = pango_font_description_new()
        defer { pango_font_description_free(description) }
        pango_font_description_set_family(description, face.family)
        pango_font_description_set_weight(description, PangoWeight(rawValue: UInt32(clamping: face.weight)))
        let style: PangoStyle =
            face.slant >= 110
            ? PANGO_STYLE_OBLIQUE : face.slant >= 100 ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL
        pango_font_description_set_style(description, style)
        pango_font_description_set_stretch(description, Self.stretch(forWidth: face.width))
        let size = Double(run.font.size) * unitsPerPoint
        pango_font_description_set_absolute_size(description, min(size, 1e8))
        var result: [UnsafeMutablePointer<PangoAttribute>] = []
        if let font = pango_attr_font_desc_new(description) { result.append(font) }
        let rgba = run.color.rgbaComponents
        func channel(_ value: CGFloat) -> UInt16 {
            value.isNaN ? 0 : UInt16((min(max(value, 0), 1) * 65535).rounded())
        }
        if let color = pango_attr_foreground_new(channel(rgba.r), channel(rgba.g), channel(rgba.b)) {
            result.append(color)
        }
        // Pango reads an alpha of 0 as "not set"; 1/65535 draws nothing visible. A run stroked
        // without fill is drawn so too.
        let fillAlpha = run.strokesWithoutFill ? 1 : max(channel(rgba.a), 1)
        if let alpha = pango_attr_foreground_alpha_new(fillAlpha) { result.append(alpha) }
        if run.kern.isFinite, run.kern != 0,
            let spacing = pango_attr_letter_spacing_new(
                Int32(clamping: Int((Double(run.kern) * unitsPerPoint).rounded())))
        {
            result.append(spacing)
        }
        return result
    }

    /// Pango's stretch for a fontconfig width.
    private static func stretch(forWidth width: Int) -> PangoStretch {
        let steps: [(Int, PangoStretch)] = [
            (56, PANGO_STRETCH_ULTRA_CONDENSED), (68, PANGO_STRETCH_EXTRA_CONDENSED),
            (81, PANGO_STRETCH_CONDENSED), (93, PANGO_STRETCH_SEMI_CONDENSED), (106, PANGO_STRETCH_NORMAL),
            (118, PANGO_STRETCH_SEMI_EXPANDED), (137, PANGO_STRETCH_EXPANDED),
            (175, PANGO_STRETCH_EXTRA_EXPANDED),
        ]
        return steps.first { width < $0.0 }?.1 ?? PANGO_STRETCH_ULTRA_EXPANDED
    }

    /// Applies width, wrapping, truncation and alignment.
    private func configure(_ layout: OpaquePointer) {
        // The first paragraph's direction, from its first strong character (Pango's default
        // `auto_dir` resolves it).
        let rtl = pango_layout_get_direction(layout, 0) == PANGO_DIRECTION_RTL
        switch alignment {
        case .natural, .justified:
            pango_layout_set_auto_dir(layout, 1)
            pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
        case .left, .right, .center:
            // A fixed side: no flipping for right-to-left paragraphs, whose base direction still
            // orders the text.
            pango_layout_set_auto_dir(layout, 0)
            pango_context_set_base_dir(engine.context, rtl ? PANGO_DIRECTION_RTL : PANGO_DIRECTION_LTR)
            pango_layout_context_changed(layout)
            let side: PangoAlignment =
                alignment == .left
                ? PANGO_ALIGN_LEFT : alignment == .right ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_CENTER
            pango_layout_set_alignment(layout, side)
        }
        pango_layout_set_justify(layout, alignment == .justified ? 1 : 0)
        pango_layout_set_wrap(layout, wrapsCharacters ? PANGO_WRAP_CHAR : PANGO_WRAP_WORD_CHAR)
        if firstLineIndent != 0 {
            pango_layout_set_indent(
                layout, Int32(clamping: Int((Double(firstLineIndent) * unitsPerPoint).rounded())))
        }
        guard let width else { return }
        let boxUnits = Self.units(Double(width) * unitsPerPoint)
        if truncation != .none {
            pango_layout_set_ellipsize(layout, Self.ellipsize(truncation))
            pango_layout_set_width(layout, boxUnits)
            // Wrapped: as many lines as fit the height (all without one). Not wrapped: one line
            // per paragraph.
            let heightUnits = height.map { Self.units(Double($0) * unitsPerPoint) }
            pango_layout_set_height(layout, wraps ? (heightUnits ?? Int32.max) : -1)
            return
        }
        if wraps {
            pango_layout_set_width(layout, boxUnits)
            return
        }
        // Not wrapped: the box is widened to the widest line, which then overflows the box on
        // the side opposite the alignment.
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        let widest = max(logical.width, boxUnits)
        pango_layout_set_width(layout, widest)
        let overflow = CGFloat(widest - boxUnits) / CGFloat(unitsPerPoint)
        switch alignment {
        case .left: originX = 0
        case .right: originX = -overflow
        case .center: originX = -overflow / 2
        case .natural, .justified: originX = rtl ? -overflow : 0
        }
    }

    /// Pango's ellipsization for a truncation mode.
    private static func ellipsize(_ truncation: Truncation) -> PangoEllipsizeMode {
        switch truncation {
        case .none: return PANGO_ELLIPSIZE_NONE
        case .start: return PANGO_ELLIPSIZE_START
        case .middle: return PANGO_ELLIPSIZE_MIDDLE
        case .end: return PANGO_ELLIPSIZE_END
        }
    }

    /// A length in Pango units, clamped to what Pango stores.
    private static func units(_ value: Double) -> Int32 {
        Int32(min(max(value.rounded(), 0), Double(Int32.max / 2)))
    }

    /// Reads the lines, ink and logical extents in layout space.
    private func readGeometry(_ layout: OpaquePointer) {
        let scale = CGFloat(unitsPerPoint)
        func rect(_ r: PangoRectangle) -> CGRect {
            CGRect(
                x: CGFloat(r.x) / scale + originX, y: CGFloat(r.y) / scale, width: CGFloat(r.width) / scale,
                height: CGFloat(r.height) / scale)
        }
        var ink = PangoRectangle()
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, &ink, &logical)
        inkBounds = ink.width > 0 && ink.height > 0 ? rect(ink) : .null
        isTruncated = pango_layout_is_ellipsized(layout) != 0
        missingGlyphCount = Int(pango_layout_get_unknown_glyphs_count(layout))
        guard pango_layout_get_character_count(layout) > 0 || !runs.isEmpty,
            let iterator = pango_layout_get_iter(layout)
        else { return }
        defer { pango_layout_iter_free(iterator) }
        var found: [Line] = []
        repeat {
            var lineRect = PangoRectangle()
            pango_layout_iter_get_line_extents(iterator, nil, &lineRect)
            let baseline = CGFloat(pango_layout_iter_get_baseline(iterator)) / scale
            var line = Line(rect: rect(lineRect), baseline: baseline)
            if let pangoLine = pango_layout_iter_get_line_readonly(iterator) {
                readRuns(of: pangoLine, into: &line, unitsPerPoint: scale)
            }
            found.append(line)
        } while pango_layout_iter_next_line(iterator) != 0
        let hasText = pango_layout_get_character_count(layout) > 0
        lines = hasText ? found : []
        finishCharacterRanges()
        typographicBounds = lines.reduce(CGRect.null) { $0.union($1.rect) }
        if typographicBounds.isNull { typographicBounds = .zero }
    }
}
