@_implementationOnly import CCairo

/// Coverage added to a context's clip by `clip(to:mask:)`: an 8-bit alpha surface the size of
/// the bitmap (a recording of it for a recording context), in Cairo device space. Immutable once
/// made.
final class ClipMask {
    /// The Cairo A8 image surface.
    let surface: OpaquePointer

    init(surface: OpaquePointer) {
        self.surface = surface
    }

    deinit {
        cairo_surface_destroy(surface)
    }
}

extension CGContext {
    /// Intersects the clip with `mask` placed in `rect`, as Apple's `CGContextClipToMask`.
    ///
    /// The mask is mapped into `rect` (user space) as `draw(_:in:byTiling:)` maps an image: its
    /// top row along `rect.maxY`, resampled per `interpolationQuality`. Outside `rect` nothing is
    /// drawn any more. Inside, each later drawing operation is multiplied by the mask's coverage at
    /// that point:
    /// - an image without alpha — Apple's documented case, a DeviceGray image — gives its sample
    ///   value (white 1 keeps drawing, black 0 removes it); an RGB image without alpha its gray
    ///   level (0.299 R + 0.587 G + 0.114 B);
    /// - an image with alpha (including alpha-only images) gives its alpha, which is how the usual
    ///   "tint a template icon" code (`clip(to:mask:)` then `fill(_:)`) works on iOS.
    /// (Apple's image masks, made by `CGImageMaskCreate`, act as inverse alpha; Lamina cannot make
    /// image masks.) Masks multiply: a second call intersects with the first. The mask is part of
    /// the graphics state, saved and restored with it, and `resetClip()` removes it. It affects
    /// fills, strokes, images, gradients, text and `clear(_:)` alike.
    ///
    /// Nothing changes when `rect` is null, empty or not finite, when the CTM is not invertible, or
    /// when the image's layout cannot be read (16-bit or float components); a rect with negative
    /// width or height is standardized first.
    public func clip(to rect: CGRect, mask: CGImage) {
        guard !rect.isNull, rect.isFiniteRect else { return }
        let rect = rect.standardized
        guard rect.width > 0, rect.height > 0 else { return }
        let imageToUser = CGAffineTransform(
            a: rect.width / CGFloat(mask.width), b: 0, c: 0, d: -rect.height / CGFloat(mask.height),
            tx: rect.minX, ty: rect.maxY)
        let imageToCairo = imageToUser.concatenating(userToCairo)
        guard imageToCairo.isInvertibleForDrawing, let coverage = Self.coverageSurface(of: mask),
            // An A8 image the size of the bitmap, or for a recording context a recording.
            let combined = cairo_surface_create_similar(
                surface, CAIRO_CONTENT_ALPHA, Int32(width), Int32(height))
        else { return }
        defer { cairo_surface_destroy(coverage) }
        guard let drawing = cairo_create(combined) else {
            cairo_surface_destroy(combined)
            return
        }
        let pattern = cairo_pattern_create_for_surface(coverage)
        var patternMatrix = imageToCairo.inverted().cairoMatrix
        cairo_pattern_set_matrix(pattern, &patternMatrix)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        let quality = mask.shouldInterpolate ? gstate.interpolationQuality : .none
        cairo_pattern_set_filter(pattern, quality.cairoFilter)
        cairo_set_source(drawing, pattern)
        cairo_paint(drawing)
        cairo_pattern_destroy(pattern)
        if let previous = gstate.clipMask {
            // IN keeps the new coverage where the old one was: their product.
            cairo_set_operator(drawing, CAIRO_OPERATOR_IN)
            cairo_set_source_surface(drawing, previous.surface, 0, 0)
            cairo_paint(drawing)
        }
        cairo_destroy(drawing)
        cairo_surface_flush(combined)
        gstate.clipMask = ClipMask(surface: combined)
        // Outside the rect the clip is empty: the path clip takes care of it, antialiased once.
        clip(to: rect)
    }

    /// An A8 surface of `image`'s coverage as `clip(to:mask:)` defines it, or `nil` when the image
    /// cannot be read.
    private static func coverageSurface(of image: CGImage) -> OpaquePointer? {
        guard let pixels = image.premultipliedRGBA8Pixels(),
            let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(image.width), Int32(image.height))
        else { return nil }
        cairo_surface_flush(surface)
        let hasAlpha = ![CGImageAlphaInfo.none, .noneSkipFirst, .noneSkipLast].contains(image.alphaInfo)
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let data = cairo_image_surface_get_data(surface) else {
            cairo_surface_destroy(surface)
            return nil
        }
        for y in 0..<image.height {
            for x in 0..<image.width {
                let i = (y * image.width + x) * 4
                let value: UInt8
                if hasAlpha {
                    value = pixels[i + 3]
                } else {
                    let gray =
                        0.299 * Double(pixels[i]) + 0.587 * Double(pixels[i + 1]) + 0.114
                        * Double(pixels[i + 2])
                    value = UInt8(Swift.min(255, Swift.max(0, gray.rounded())))
                }
                data[y * stride + x] = value
            }
        }
        cairo_surface_mark_dirty(surface)
        return surface
    }

    /// Starts drawing through the clip mask, if there is one: later painting goes to a group
    /// that `finishClipMaskGroup(operator:)` composites through the mask. Returns whether a group
    /// was pushed. Call with Cairo's matrix the identity.
    func beginClipMaskGroup() -> Bool {
        guard gstate.clipMask != nil else { return false }
        cairo_push_group(cairo)
        return true
    }

    /// Composites the group pushed by `beginClipMaskGroup()` onto the bitmap with `operator`,
    /// multiplied by the clip mask.
    func finishClipMaskGroup(operator: cairo_operator_t) {
        guard let mask = gstate.clipMask else { return }
        // The pop restores the state saved by the push; the source stays set after it.
        cairo_pop_group_to_source(cairo)
        cairo_save(cairo)
        cairo_identity_matrix(cairo)
        cairo_set_operator(cairo, `operator`)
        cairo_mask_surface(cairo, mask.surface, 0, 0)
        cairo_restore(cairo)
    }
}
