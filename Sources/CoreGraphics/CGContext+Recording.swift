import Foundation

@_implementationOnly import CCairo

// Recording contexts (Lamina's, for Core Animation's backing stores; ruling L10): drawing is kept
// as Cairo's recording of the commands — what a bitmap context of the same size would have
// painted — and any part of it is painted later, at any reduction, into a bitmap the size of
// that part. A huge layer's `draw(in:)` is recorded this way, and the renderer paints only what
// is visible.

/// A recording of drawing over `width × height` device pixels (top-left origin, y down), made by
/// a context from `CGContext.topDownRecording(width:height:)`. Immutable once made; painting parts
/// of it is safe from any thread (one at a time, under a lock: Cairo builds its index lazily).
package final class CGDrawingRecording: @unchecked Sendable {
    /// The Cairo recording surface.
    private let surface: OpaquePointer
    /// The recorded area's width in device pixels.
    package let width: Int
    /// The recorded area's height in device pixels.
    package let height: Int
    private let lock = NSLock()

    init(surface: OpaquePointer, width: Int, height: Int) {
        cairo_surface_reference(surface)
        self.surface = surface
        self.width = width
        self.height = height
    }

    deinit {
        cairo_surface_destroy(surface)
    }

    /// The recorded pixels of the rectangle at (`x`, `y`) of `width × height` device pixels (top-
    /// left origin), painted at 1/`reduction` of their size into a transparent premultiplied sRGB
    /// image of ⌈width / reduction⌉ × ⌈height / reduction⌉ pixels (BGRA in memory, top row
    /// first); `nil` for an empty rectangle, a reduction below 1, or a size Cairo refuses.
    ///
    /// - Complexity: proportional to the commands recorded and the pixels painted, never to the
    ///   whole recorded area.
    package func image(x: Int, y: Int, width: Int, height: Int, reduction: Int = 1) -> CGImage? {
        guard width > 0, height > 0, reduction >= 1 else { return nil }
        let w = (width + reduction - 1) / reduction
        let h = (height + reduction - 1) / reduction
        guard w <= CGContext.maximumDimension, h <= CGContext.maximumDimension else { return nil }
        // Painted into memory that the image then takes without a copy.
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(w)))
        guard stride > 0, let memory = calloc(stride * h, 1) else { return nil }
        guard
            let target = cairo_image_surface_create_for_data(
                memory.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, Int32(w), Int32(h),
                Int32(stride)),
            cairo_surface_status(target) == CAIRO_STATUS_SUCCESS, let cairo = cairo_create(target)
        else {
            free(memory)
            return nil
        }
        cairo_scale(cairo, 1 / Double(reduction), 1 / Double(reduction))
        cairo_translate(cairo, -Double(x), -Double(y))
        lock.lock()
        cairo_set_source_surface(cairo, surface, 0, 0)
        cairo_paint(cairo)
        cairo_destroy(cairo)
        lock.unlock()
        cairo_surface_flush(target)
        cairo_surface_destroy(target)
        guard let space = CGColorSpace(name: CGColorSpace.sRGB),
            let provider = CGDataProvider(
                data: Data(bytesNoCopy: memory, count: stride * h, deallocator: .free))
        else { return nil }
        return CGImage(
            width: w, height: h, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: stride, space: space,
            bitmapInfo: CGBitmapInfo(
                rawValue: CGImageAlphaInfo.premultipliedFirst.rawValue
                    | CGBitmapInfo.byteOrder32Little.rawValue),
            provider: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent)
    }
}

extension CGContext {
    /// The largest side of a recording, in device pixels: Cairo keeps recorded coordinates in
    /// 24.8 fixed point, exact to ±2²³, and paths are clipped a margin inside that.
    package static let maximumRecordingSide = 1 << 22

    /// A context that records what it draws instead of painting pixels, with the device space of
    /// a `width × height` top-down bitmap (`topDownBitmap(width:height:)`: CTM flipped so that
    /// user space has its origin at the top-left corner, y down). It allocates no bitmap: `data`
    /// and `makeImage()` are `nil`; `finishRecording()` hands out what was drawn. `nil` for an
    /// empty size or a side over `maximumRecordingSide`.
    package static func topDownRecording(width: Int, height: Int) -> CGContext? {
        guard width > 0, height > 0, width <= maximumRecordingSide, height <= maximumRecordingSide else {
            return nil
        }
        var extents = cairo_rectangle_t(x: 0, y: 0, width: Double(width), height: Double(height))
        guard let recording = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &extents) else {
            return nil
        }
        defer { cairo_surface_destroy(recording) }
        guard cairo_surface_status(recording) == CAIRO_STATUS_SUCCESS,
            let context = CGContext(recording: recording, width: width, height: height)
        else { return nil }
        context.translateBy(x: 0, y: CGFloat(height))
        context.scaleBy(x: 1, y: -1)
        return context
    }

    /// What a recording context has drawn so far (`nil` for a bitmap context). Draw nothing into
    /// the context afterwards: the recording shares its commands.
    package func finishRecording() -> CGDrawingRecording? {
        guard isRecording else { return nil }
        cairo_surface_flush(surface)
        return CGDrawingRecording(surface: surface, width: width, height: height)
    }
}
