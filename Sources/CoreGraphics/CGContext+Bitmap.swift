@_implementationOnly import CCairo

extension CGContext {
    /// Brings `data` up to date with everything drawn so far, as Apple's `CGContextFlush`.
    ///
    /// Layouts Cairo draws in place need nothing beyond Cairo's own flush; the converted layouts
    /// (see `init(data:…)`) copy the pixels drawn since the last conversion into `data`. Calling it
    /// when nothing changed costs nothing.
    public func flush() {
        synchronizeBuffer()
    }

    /// A new image holding a copy of the context's pixels, as Apple's
    /// `CGBitmapContextCreateImage`, or `nil` if the image could not be created.
    ///
    /// The image has the context's width, height, bits per component and pixel, bytes per row,
    /// bitmap info and colour space (the creation space, also for alpha-only contexts, because
    /// Lamina's `CGImage` always has one). Row 0 of the image is the top row of the bitmap, that is
    /// the row at device-space `y` just below `height`. Later drawing does not change the image.
    public func makeImage() -> CGImage? {
        guard !isRecording else { return nil }
        synchronizeBuffer()
        let bytes = Data(bytes: buffer, count: bytesPerRow * height)
        guard let provider = CGDataProvider(data: bytes) else { return nil }
        return CGImage(
            width: width,
            height: height,
            bitsPerComponent: bitsPerComponent,
            bitsPerPixel: bitsPerPixel,
            bytesPerRow: bytesPerRow,
            space: creationSpace,
            bitmapInfo: bitmapInfo,
            provider: provider,
            decode: nil,
            shouldInterpolate: true,
            intent: .defaultIntent
        )
    }

    /// `makeImage()` without the copy, for a context drawn once and dropped (package API: the
    /// renderer's rasterising): the image takes the context's memory, so the context must not be
    /// drawn into or read afterwards. A context that does not own its memory, or whose layout is
    /// converted, makes a copy as `makeImage()` does.
    package func makeImageTakingMemory() -> CGImage? {
        guard ownsBuffer, drawsInPlace, !isRecording, !bufferGivenAway else { return makeImage() }
        cairo_surface_flush(surface)
        bufferGivenAway = true
        let bytes = Data(bytesNoCopy: buffer, count: bytesPerRow * height, deallocator: .free)
        guard let provider = CGDataProvider(data: bytes) else { return nil }
        return CGImage(
            width: width, height: height, bitsPerComponent: bitsPerComponent, bitsPerPixel: bitsPerPixel,
            bytesPerRow: bytesPerRow, space: creationSpace, bitmapInfo: bitmapInfo, provider: provider,
            decode: nil,
            shouldInterpolate: true, intent: .defaultIntent)
    }

    /// Converts every pixel changed since the last conversion from the internal surface into
    /// `buffer` (converted layouts), after letting Cairo finish pending drawing.
    func synchronizeBuffer() {
        cairo_surface_flush(surface)
        guard let region = pendingRegion else { return }
        pendingRegion = nil
        exportPixels(in: region)
    }

    /// Records that Cairo changed the pixels in `region` (Cairo device space); for converted layouts
    /// the region is converted into `buffer` now when the caller owns it, or later otherwise.
    func noteDrawn(_ region: PixelBox?) {
        guard !drawsInPlace, let region else { return }
        let clamped = PixelBox(
            x0: max(region.x0, 0), y0: max(region.y0, 0), x1: min(region.x1, width),
            y1: min(region.y1, height))
        guard !clamped.isEmpty else { return }
        pendingRegion = pendingRegion.map { $0.union(clamped) } ?? clamped
        if !ownsBuffer { synchronizeBuffer() }
    }

    /// Reads the caller's pixels from `buffer` into the internal surface (converted layouts, at
    /// creation).
    func importBuffer() {
        cairo_surface_flush(surface)
        guard let pixels = cairo_image_surface_get_data(surface) else { return }
        let stride = Int(cairo_image_surface_get_stride(surface))
        let surfaceBytes = UnsafeMutableRawPointer(pixels)
        for row in 0..<height {
            let source = buffer + row * bytesPerRow
            let target = surfaceBytes + row * stride
            switch format.kind {
            case .alpha8:
                target.copyMemory(from: source, byteCount: width)
            case .gray8:
                for column in 0..<width {
                    let gray = UInt32(source.load(fromByteOffset: column, as: UInt8.self))
                    let value: UInt32 = 0xFF00_0000 | gray << 16 | gray << 8 | gray
                    target.storeBytes(of: value, toByteOffset: column * 4, as: UInt32.self)
                }
            case .rgb32:
                let offsets = format.offsets
                for column in 0..<width {
                    let pixel = source + column * 4
                    let red = UInt32(pixel.load(fromByteOffset: offsets.red, as: UInt8.self))
                    let green = UInt32(pixel.load(fromByteOffset: offsets.green, as: UInt8.self))
                    let blue = UInt32(pixel.load(fromByteOffset: offsets.blue, as: UInt8.self))
                    var alpha: UInt32 = 0xFF
                    if let alphaOffset = offsets.alpha {
                        alpha = UInt32(pixel.load(fromByteOffset: alphaOffset, as: UInt8.self))
                    }
                    let value = alpha << 24 | red << 16 | green << 8 | blue
                    target.storeBytes(of: value, toByteOffset: column * 4, as: UInt32.self)
                }
            }
        }
        cairo_surface_mark_dirty(surface)
    }

    /// Writes the pixels of `region` from the internal surface into `buffer` in the context's layout.
    private func exportPixels(in region: PixelBox) {
        guard let pixels = cairo_image_surface_get_data(surface) else { return }
        let stride = Int(cairo_image_surface_get_stride(surface))
        let surfaceBytes = UnsafeRawPointer(pixels)
        for row in region.y0..<region.y1 {
            let source = surfaceBytes + row * stride
            let target = buffer + row * bytesPerRow
            switch format.kind {
            case .alpha8:
                (target + region.x0).copyMemory(from: source + region.x0, byteCount: region.x1 - region.x0)
            case .gray8:
                for column in region.x0..<region.x1 {
                    let value = source.load(fromByteOffset: column * 4, as: UInt32.self)
                    let red = value >> 16 & 0xFF
                    let green = value >> 8 & 0xFF
                    let blue = value & 0xFF
                    // Integer Rec. 601 weights summing to 256: exact for neutral pixels.
                    let luminance = (77 * red + 150 * green + 29 * blue + 128) >> 8
                    target.storeBytes(of: UInt8(luminance), toByteOffset: column, as: UInt8.self)
                }
            case .rgb32:
                let offsets = format.offsets
                for column in region.x0..<region.x1 {
                    let value = source.load(fromByteOffset: column * 4, as: UInt32.self)
                    let pixel = target + column * 4
                    pixel.storeBytes(of: UInt8(value >> 16 & 0xFF), toByteOffset: offsets.red, as: UInt8.self)
                    pixel.storeBytes(
                        of: UInt8(value >> 8 & 0xFF), toByteOffset: offsets.green, as: UInt8.self)
                    pixel.storeBytes(of: UInt8(value & 0xFF), toByteOffset: offsets.blue, as: UInt8.self)
                    if let alphaOffset = offsets.alpha {
                        pixel.storeBytes(of: UInt8(value >> 24), toByteOffset: alphaOffset, as: UInt8.self)
                    }
                    if let skipOffset = offsets.skip {
                        pixel.storeBytes(of: UInt8(0xFF), toByteOffset: skipOffset, as: UInt8.self)
                    }
                }
            }
        }
    }
}

extension CGContext {
    /// A bitmap context's pixel layout, parsed from Apple's creation parameters, and how Cairo draws it.
    ///
    /// Cairo 1.16 draws three 8-bit-per-component formats: ARGB32 (premultiplied, one native-endian
    /// 32-bit word per pixel, so BGRA in memory on little-endian machines), RGB24 (the same with the
    /// top byte ignored) and A8 (alpha only). Apple layouts that match one of them byte for byte are
    /// drawn in place; the others are drawn in an internal surface of the nearest format and converted
    /// into the caller's memory.
    struct BitmapFormat {
        /// The broad kind of pixel.
        enum Kind: Equatable {
            /// Four bytes: red, green, blue and premultiplied alpha or a skipped byte.
            case rgb32
            /// One byte of gray, opaque.
            case gray8
            /// One byte of alpha, no colour.
            case alpha8
        }

        /// The byte offsets of the components within a 32-bit pixel in memory.
        struct Offsets: Equatable {
            /// The red byte.
            var red: Int
            /// The green byte.
            var green: Int
            /// The blue byte.
            var blue: Int
            /// The premultiplied alpha byte, if the layout has alpha.
            var alpha: Int?
            /// The ignored byte, if the layout skips one (written as 0xFF).
            var skip: Int?
        }

        /// The kind of pixel.
        let kind: Kind
        /// Where each component lies in memory (meaningful for `.rgb32`).
        let offsets: Offsets

        /// The layout for Apple's parameters, or `nil` when Lamina (Cairo) cannot draw it.
        init?(bitsPerComponent: Int, space: CGColorSpace, bitmapInfo: UInt32) {
            let knownBits =
                CGBitmapInfo.alphaInfoMask.rawValue | CGBitmapInfo.floatInfoMask.rawValue
                | CGBitmapInfo.byteOrderMask.rawValue
            guard bitsPerComponent == 8, bitmapInfo & ~knownBits == 0,
                bitmapInfo & CGBitmapInfo.floatInfoMask.rawValue == 0,
                let alphaInfo = CGImageAlphaInfo(rawValue: bitmapInfo & CGBitmapInfo.alphaInfoMask.rawValue)
            else { return nil }
            let byteOrder = bitmapInfo & CGBitmapInfo.byteOrderMask.rawValue
            let placeholder = Offsets(red: 0, green: 0, blue: 0)
            if alphaInfo == .alphaOnly {
                guard byteOrder == 0 else { return nil }
                self.init(kind: .alpha8, offsets: placeholder)
                return
            }
            switch space.model {
            case .monochrome:
                guard alphaInfo == .none, byteOrder == 0 else { return nil }
                self.init(kind: .gray8, offsets: placeholder)
            case .rgb:
                let bigEndian: Bool
                switch byteOrder {
                case 0, CGBitmapInfo.byteOrder32Big.rawValue: bigEndian = true
                case CGBitmapInfo.byteOrder32Little.rawValue: bigEndian = false
                default: return nil
                }
                // Offsets in the big-endian (named) order; little-endian reverses the 4 bytes.
                let named: Offsets
                switch alphaInfo {
                case .premultipliedFirst: named = Offsets(red: 1, green: 2, blue: 3, alpha: 0)
                case .noneSkipFirst: named = Offsets(red: 1, green: 2, blue: 3, skip: 0)
                case .premultipliedLast: named = Offsets(red: 0, green: 1, blue: 2, alpha: 3)
                case .noneSkipLast: named = Offsets(red: 0, green: 1, blue: 2, skip: 3)
                default: return nil
                }
                let flip = { (offset: Int) in bigEndian ? offset : 3 - offset }
                self.init(
                    kind: .rgb32,
                    offsets: Offsets(
                        red: flip(named.red), green: flip(named.green), blue: flip(named.blue),
                        alpha: named.alpha.map(flip), skip: named.skip.map(flip)))
            default:
                return nil
            }
        }

        /// A layout with the given parts.
        private init(kind: Kind, offsets: Offsets) {
            self.kind = kind
            self.offsets = offsets
        }

        /// The number of bytes in one pixel.
        var bytesPerPixel: Int {
            kind == .rgb32 ? 4 : 1
        }

        /// The Cairo format Cairo draws in: in place, or in the internal surface.
        var cairoFormat: cairo_format_t {
            switch kind {
            case .alpha8: return CAIRO_FORMAT_A8
            case .gray8: return CAIRO_FORMAT_RGB24
            case .rgb32: return offsets.alpha == nil ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32
            }
        }

        /// Cairo's ARGB32 byte offsets on this machine: one native-endian word `0xAARRGGBB`.
        private static let nativeARGB32: Offsets =
            UInt32(1).littleEndian == 1
            ? Offsets(red: 2, green: 1, blue: 0, alpha: 3) : Offsets(red: 1, green: 2, blue: 3, alpha: 0)

        /// Whether Cairo can draw straight into memory at `address` with rows `rowBytes` apart: the
        /// layout is Cairo's own (premultiplied ARGB32 in native order, or A8) and rows and address are
        /// 4-byte aligned, as Cairo requires.
        func drawsInPlace(rowBytes: Int, address: UnsafeMutableRawPointer) -> Bool {
            guard rowBytes % 4 == 0, Int(bitPattern: address) % 4 == 0 else { return false }
            switch kind {
            case .alpha8: return true
            case .gray8: return false
            case .rgb32: return offsets == Self.nativeARGB32
            }
        }
    }
}

extension CGContext {
    /// A transparent premultiplied sRGB bitmap context of `width × height` pixels in Cairo's
    /// native layout (BGRA in memory: `premultipliedFirst`, 32-bit little-endian), its CTM flipped
    /// so that user space has its origin at the top-left pixel corner and y grows downwards — the
    /// space layers draw in. Callers scale and translate from there. `nil` for a size Cairo
    /// refuses.
    package static func topDownBitmap(width: Int, height: Int) -> CGContext? {
        guard width > 0, height > 0, let space = CGColorSpace(name: CGColorSpace.sRGB),
            let context = CGContext(
                data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0, space: space,
                bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue
                    | CGBitmapInfo.byteOrder32Little.rawValue)
        else { return nil }
        context.translateBy(x: 0, y: CGFloat(height))
        context.scaleBy(x: 1, y: -1)
        return context
    }
}
