@_implementationOnly import CCairo

/// How much care a context takes when it resamples an image, Apple's `CGInterpolationQuality`, with
/// Apple's raw values (note that `.high` is 3 and `.medium` 4).
///
/// Lamina maps each level to a Cairo filter: `.none` → nearest neighbour, `.low` → bilinear,
/// `.default` and `.medium` → Cairo's "good" filter (bilinear, with box filtering when the image is
/// shrunk by more than half), `.high` → Cairo's "best" filter (a wider convolution).
public enum CGInterpolationQuality: Int32, Sendable {
    /// The context's default quality; drawn as `.medium`.
    case `default` = 0
    /// No interpolation: every device pixel takes the nearest image pixel.
    case none = 1
    /// Low quality, fast: bilinear interpolation.
    case low = 2
    /// Medium quality: bilinear, box-filtered when shrinking by more than half.
    case medium = 4
    /// High quality, slower: Cairo's best filter.
    case high = 3

    /// The Cairo filter for this quality.
    var cairoFilter: cairo_filter_t {
        switch self {
        case .none: return CAIRO_FILTER_NEAREST
        case .low: return CAIRO_FILTER_BILINEAR
        case .default, .medium: return CAIRO_FILTER_GOOD
        case .high: return CAIRO_FILTER_BEST
        }
    }
}

extension CGContext {
    /// The quality used to resample images drawn with `draw(_:in:byTiling:)`, as Apple's
    /// `CGContextGetInterpolationQuality`/`CGContextSetInterpolationQuality`; `.default` for a new
    /// context. Part of the graphics state (saved and restored with it). An image whose
    /// `shouldInterpolate` is `false` is drawn without interpolation whatever this says.
    public var interpolationQuality: CGInterpolationQuality {
        get { gstate.interpolationQuality }
        set { gstate.interpolationQuality = newValue }
    }

    /// Draws `image` scaled to fill `rect` (user space), or tiles the clip with it, as Apple's
    /// `CGContextDrawImage` and `CGContextDrawTiledImage`.
    ///
    /// The image's top row lies along `rect.maxY` and its bottom row along `rect.minY`: in Quartz's
    /// y-up user space the image appears upright; in a flipped (y-down) space it appears upside
    /// down, as on Apple's platforms. Its left column lies along `rect.minX`. The CTM, clip, global
    /// alpha (`setAlpha(_:)`) and blend mode apply; the image's own alpha composites as usual. The
    /// image is resampled per `interpolationQuality`, or with nearest neighbour when
    /// `image.shouldInterpolate` is `false`; near the edges of `rect` the edge pixels are repeated
    /// rather than faded towards transparency, so only the antialiased edge of `rect` itself is
    /// partly covered.
    ///
    /// With `byTiling`, `rect` gives the size and position of one tile; copies repeat in both
    /// directions across the whole clip (Apple's tiles are snapped to device pixels; Lamina's are
    /// not).
    ///
    /// Nothing is drawn when `rect` is null, empty or not finite, when the CTM is not invertible,
    /// or when the image's layout cannot be read (16-bit or float components, sub-byte pixels). A
    /// rect with negative width or height is standardized first. The current path is left as it is.
    ///
    /// - Complexity: O(image pixels) to convert the image, plus Cairo's resampling of the covered
    ///   device pixels.
    public func draw(_ image: CGImage, in rect: CGRect, byTiling: Bool = false) {
        guard !rect.isNull, rect.isFiniteRect else { return }
        let rect = rect.standardized
        guard rect.width > 0, rect.height > 0 else { return }
        // Image pixel space (origin top-left, y down, one unit per pixel) to user space.
        let imageToUser = CGAffineTransform(
            a: rect.width / CGFloat(image.width), b: 0, c: 0, d: -rect.height / CGFloat(image.height),
            tx: rect.minX, ty: rect.maxY)
        let imageToCairo = imageToUser.concatenating(userToCairo)
        guard imageToCairo.isInvertibleForDrawing else { return }
        let opaque = [CGImageAlphaInfo.none, .noneSkipFirst, .noneSkipLast].contains(image.alphaInfo)
        guard let surface = image.makeCairoSurface(format: opaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32)
        else { return }
        let pattern = cairo_pattern_create_for_surface(surface)
        cairo_surface_destroy(surface)
        guard let pattern else { return }
        defer { cairo_pattern_destroy(pattern) }
        var patternMatrix = imageToCairo.inverted().cairoMatrix
        cairo_pattern_set_matrix(pattern, &patternMatrix)
        cairo_pattern_set_extend(pattern, byTiling ? CAIRO_EXTEND_REPEAT : CAIRO_EXTEND_PAD)
        let quality = image.shouldInterpolate ? gstate.interpolationQuality : .none
        cairo_pattern_set_filter(pattern, quality.cairoFilter)

        var area: DevicePath?
        if !byTiling {
            var path = DevicePath()
            addRect(rect, to: &path)
            area = path
        }
        paintPattern(pattern, within: area)
    }
}

// MARK: - Painting with a pattern

extension CGContext {
    /// Paints Cairo's `pattern` (whose matrix maps Cairo device space to pattern space) with the
    /// blend mode, inside `area` (Cairo device space, filled by the nonzero rule, antialiased per
    /// the state) or over the whole clip when `area` is `nil`; optionally through `mask` (a pattern
    /// in the same space whose alpha is the coverage). Records the drawn pixels for converted
    /// layouts.
    ///
    /// With `appliesGlobalAlpha`, the global alpha multiplies the source itself (drawn into a
    /// group first when below 1), as fills multiply it into their colour: Cairo's
    /// `paint_with_alpha` would treat it as coverage, which differs for `.copy` and the other
    /// modes that replace the destination. Callers that pass `false` have already applied it.
    ///
    /// The counterpart of `paint(_:color:rule:stroke:)` for image and gradient sources.
    func paintPattern(
        _ pattern: OpaquePointer,
        within area: DevicePath?,
        mask: OpaquePointer? = nil,
        appliesGlobalAlpha: Bool = true
    ) {
        recoverCairoIfNeeded()
        cairo_save(cairo)
        cairo_identity_matrix(cairo)
        if let area {
            replay(area)
            cairo_set_fill_rule(cairo, CAIRO_FILL_RULE_WINDING)
            cairo_set_antialias(cairo, cairoAntialias)
            cairo_clip(cairo)
        }
        var group: OpaquePointer?
        if appliesGlobalAlpha, gstate.alpha < 1 {
            cairo_push_group(cairo)
            cairo_set_source(cairo, pattern)
            cairo_paint_with_alpha(cairo, gstate.alpha)
            group = cairo_pop_group(cairo)
        }
        defer { if let group { cairo_pattern_destroy(group) } }
        let masked = beginClipMaskGroup()
        cairo_set_operator(cairo, gstate.blendMode.cairoOperator)
        cairo_set_source(cairo, group ?? pattern)
        let region = drawsInPlace ? nil : clipRegion()
        if let mask {
            cairo_mask(cairo, mask)
        } else {
            cairo_paint(cairo)
        }
        if masked { finishClipMaskGroup(operator: gstate.blendMode.cairoOperator) }
        cairo_restore(cairo)
        cairo_new_path(cairo)
        noteDrawn(region)
    }

    /// The pixels inside the current clip (Cairo device space, with Cairo's matrix the identity),
    /// grown by one pixel for antialiasing; `nil` when the clip is empty.
    private func clipRegion() -> PixelBox? {
        var x1 = 0.0
        var y1 = 0.0
        var x2 = 0.0
        var y2 = 0.0
        cairo_clip_extents(cairo, &x1, &y1, &x2, &y2)
        guard x2 > x1, y2 > y1, x1.isFinite, y1.isFinite, x2.isFinite, y2.isFinite else { return nil }
        let box = PixelBox(
            x0: Int(max(x1.rounded(.down) - 1, -1)), y0: Int(max(y1.rounded(.down) - 1, -1)),
            x1: Int(min(x2.rounded(.up) + 1, Double(width + 1))),
            y1: Int(min(y2.rounded(.up) + 1, Double(height + 1))))
        return box.isEmpty ? nil : box
    }
}

extension CGAffineTransform {
    /// The same transform as Cairo's matrix type.
    var cairoMatrix: cairo_matrix_t {
        cairo_matrix_t(xx: a, yx: b, xy: c, yy: d, x0: tx, y0: ty)
    }
}
