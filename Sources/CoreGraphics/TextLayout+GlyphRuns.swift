@_implementationOnly import CCairo
@_implementationOnly import CPango

// MARK: - Glyph runs and character ranges of lines (for Lamina's CoreText module)

extension TextLayout {
    /// Reads the glyph runs and the first character of a Pango line into `line`; the end of its
    /// character range is set by ``finishCharacterRanges()``.
    func readRuns(
        of pangoLine: UnsafeMutablePointer<PangoLayoutLine>, into line: inout Line, unitsPerPoint: CGFloat
    ) {
        let start = Int(pangoLine.pointee.start_index)
        let lower = utf16Offset(atByte: start)
        line.characterRange = lower..<lower
        var groups: [GlyphRun] = []
        var x: CGFloat = 0
        var list = pangoLine.pointee.runs
        while let node = list {
            defer { list = node.pointee.next }
            guard let item = node.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self).pointee,
                let pangoItem = item.item?.pointee, let glyphs = item.glyphs?.pointee,
                let infos = glyphs.glyphs, let clusters = glyphs.log_clusters
            else { continue }
            let itemBytes = Int(pangoItem.offset)..<Int(pangoItem.offset + pangoItem.length)
            for index in 0..<Int(glyphs.num_glyphs) {
                let advance = CGFloat(infos[index].geometry.width) / unitsPerPoint
                defer { x += advance }
                let byte = Int(pangoItem.offset) + Int(clusters[index])
                guard let runIndex = runIndex(atByte: byte) else { continue }
                if let last = groups.last, last.runIndex == runIndex, last.x + last.width == x {
                    groups[groups.count - 1].glyphCount += 1
                    groups[groups.count - 1].width += advance
                    groups[groups.count - 1].advances.append(advance)
                    groups[groups.count - 1].characterOffsets.append(utf16Offset(atByte: byte))
                    groups[groups.count - 1].glyphs.append(infos[index].glyph)
                    continue
                }
                let bytes = itemBytes.clamped(to: runBytes[runIndex] ?? itemBytes)
                let characters = utf16Offset(atByte: bytes.lowerBound)..<utf16Offset(atByte: bytes.upperBound)
                groups.append(
                    GlyphRun(
                        runIndex: runIndex, characterRange: characters, glyphCount: 1, x: x, width: advance,
                        advances: [advance], characterOffsets: [utf16Offset(atByte: byte)],
                        glyphs: [infos[index].glyph]))
            }
        }
        restoreTrimmedKerning(&groups, unitsPerPoint: unitsPerPoint)
        var ink = PangoRectangle()
        pango_layout_line_get_extents(pangoLine, &ink, nil)
        line.inkBounds =
            ink.width > 0 && ink.height > 0
            ? CGRect(
                x: CGFloat(ink.x) / unitsPerPoint, y: CGFloat(ink.y) / unitsPerPoint,
                width: CGFloat(ink.width) / unitsPerPoint, height: CGFloat(ink.height) / unitsPerPoint)
            : .null
        line.glyphRuns = groups.sorted { $0.characterRange.lowerBound < $1.characterRange.lowerBound }
    }

    /// Pango spaces letters by putting half the spacing before each glyph and half after, and
    /// leaves out the half before a line's first glyph and the half after its last (where it
    /// would show as a margin); Core Text adds the whole kern after every glyph, the last too,
    /// with the first glyph at the line's start. Giving the first glyph's advance the half Pango
    /// left out (its ink is not moved: the glyph stays at the line's start) and the last
    /// glyph's its half turns Pango's advances (`groups`, visual order) into Core Text's.
    private func restoreTrimmedKerning(_ groups: inout [GlyphRun], unitsPerPoint: CGFloat) {
        guard let first = groups.first, let last = groups.last else { return }
        let before = letterSpacingHalves(runs[first.runIndex].kern, unitsPerPoint: unitsPerPoint).before
        let after = letterSpacingHalves(runs[last.runIndex].kern, unitsPerPoint: unitsPerPoint).after
        groups[0].advances[0] += before
        groups[0].width += before
        for index in groups.indices.dropFirst() { groups[index].x += before }
        groups[groups.count - 1].advances[groups[groups.count - 1].advances.count - 1] += after
        groups[groups.count - 1].width += after
    }

    /// How Pango splits a run's letter spacing into the space before and after each glyph (its
    /// `distribute_letter_spacing`: half before, rounded to a whole unit when the spacing is
    /// whole units), in layout units.
    private func letterSpacingHalves(_ kern: CGFloat, unitsPerPoint: CGFloat) -> (
        before: CGFloat, after: CGFloat
    ) {
        guard kern.isFinite, kern != 0 else { return (0, 0) }
        let spacing = Int32(clamping: Int((Double(kern) * Double(unitsPerPoint)).rounded()))
        let scale = Int32(PANGO_SCALE)
        var before = spacing / 2
        if spacing & (scale - 1) == 0 { before = (before + scale >> 1) & ~(scale - 1) }
        return (CGFloat(before) / unitsPerPoint, CGFloat(spacing - before) / unitsPerPoint)
    }

    /// Ends each line's character range where the next line's starts (so that a line holds its
    /// trailing spaces and line break), and the last line's at the end of the text.
    func finishCharacterRanges() {
        let end = utf16AtByte.last ?? 0
        for index in lines.indices {
            let upper = index + 1 < lines.count ? lines[index + 1].characterRange.lowerBound : end
            lines[index].characterRange =
                lines[index].characterRange
                .lowerBound..<max(
                    upper, lines[index].characterRange.lowerBound)
        }
    }

    /// The UTF-16 offset of the character at `byte` of the Pango text.
    private func utf16Offset(atByte byte: Int) -> Int {
        utf16AtByte.isEmpty ? 0 : utf16AtByte[min(max(byte, 0), utf16AtByte.count - 1)]
    }

    /// The run whose bytes hold `byte`.
    private func runIndex(atByte byte: Int) -> Int? {
        runBytes.firstIndex { $0?.contains(byte) ?? false }
    }
}

// MARK: - Stroked runs

extension TextLayout.Run {
    /// Whether the run's glyphs are outlined (a finite, non-zero stroke width).
    var strokes: Bool { strokeWidth.isFinite && strokeWidth != 0 }

    /// Whether the run is outlined and not filled (a positive stroke width).
    var strokesWithoutFill: Bool { strokes && strokeWidth > 0 }
}

extension TextLayout {
    /// Strokes the outlines of the glyphs of `line` whose runs have a stroke width, on `cairo`
    /// whose matrix maps layout units with the line's baseline start at (0, 0) (as
    /// `pango_cairo_show_layout_line` draws it): each in its stroke colour, `|strokeWidth|`
    /// percent of its font size wide.
    func strokeGlyphs(of line: UnsafeMutablePointer<PangoLayoutLine>, cairo: OpaquePointer) {
        guard runs.contains(where: \.strokes) else { return }
        let unitsPerPoint = CGFloat(PANGO_SCALE) * pixelsPerPoint
        var x: CGFloat = 0
        var list = line.pointee.runs
        while let node = list {
            defer { list = node.pointee.next }
            guard let item = node.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self),
                let pangoItem = item.pointee.item, let glyphs = item.pointee.glyphs
            else { continue }
            let start = x
            x += CGFloat(pango_glyph_string_get_width(glyphs)) / unitsPerPoint
            guard
                let runIndex = runBytes.firstIndex(where: {
                    $0?.contains(Int(pangoItem.pointee.offset)) ?? false
                }),
                runs[runIndex].strokes, let font = pangoItem.pointee.analysis.font
            else { continue }
            let run = runs[runIndex]
            let rgba = (run.strokeColor ?? run.color).rgbaComponents
            func channel(_ value: CGFloat) -> Double { value.isNaN ? 0 : Double(min(max(value, 0), 1)) }
            cairo_new_path(cairo)
            cairo_move_to(cairo, Double(start), 0)
            pango_cairo_glyph_string_path(cairo, font, glyphs)
            cairo_set_source_rgba(cairo, channel(rgba.r), channel(rgba.g), channel(rgba.b), channel(rgba.a))
            cairo_set_line_width(cairo, Double(abs(run.strokeWidth) / 100 * run.font.size * pixelsPerPoint))
            cairo_stroke(cairo)
        }
    }
}
