import Synchronization

/// A bitmap image, Apple's `CGImage`: a grid of pixels with a described memory layout, read from a
/// `CGDataProvider`.
///
/// Images are immutable and may be shared between threads. Row 0 is the top row of the image, as
/// on Apple's platforms. Equality is identity, as for Apple's `CGImage` objects. Lamina creates
/// images only from raw pixel data (no PNG/JPEG/WebP decoding) and never creates masks.
public final class CGImage: Hashable, Sendable {
    /// The width in pixels, at least 1.
    public let width: Int
    /// The height in pixels, at least 1.
    public let height: Int
    /// The number of bits in each colour or alpha component: 1, 2, 4, 5, 8 or 16 for integer
    /// components, 16 or 32 for floating-point ones.
    public let bitsPerComponent: Int
    /// The number of bits per pixel, padding included.
    public let bitsPerPixel: Int
    /// The number of bytes from the start of one row to the start of the next.
    public let bytesPerRow: Int
    /// The layout flags the image was created with: alpha info, float flag and byte order.
    public let bitmapInfo: CGBitmapInfo
    /// Whether the image should be smoothed (interpolated) when drawn scaled.
    public let shouldInterpolate: Bool
    /// The rendering intent the image was created with.
    public let renderingIntent: CGColorRenderingIntent
    /// The pixel bytes' source.
    private let provider: CGDataProvider
    /// The colour space of the colour components.
    private let space: CGColorSpace
    /// The decode array (two values per component, colour components then alpha), if any.
    package let decodeRanges: [CGFloat]?
    /// Whether every pixel is opaque as the compositor uploads the image, once it has been read
    /// (`CGImage+Opacity.swift`); `nil` until then.
    let opacity = Mutex<Bool?>(nil)

    /// Creates an image from raw pixel data, as Apple's `CGImageCreate`, or returns `nil` when the
    /// description is inconsistent.
    ///
    /// - Parameters:
    ///   - width: The width in pixels; must be positive.
    ///   - height: The height in pixels; must be positive.
    ///   - bitsPerComponent: Bits per component: 1, 2, 4, 5, 8 or 16 for integer components; 16 or
    ///     32 when `bitmapInfo` contains `.floatComponents`.
    ///   - bitsPerPixel: Bits per pixel; at least `bitsPerComponent` times the number of components
    ///     (colour components, plus alpha if present), one more bit for a skipped slot
    ///     (`noneSkipFirst`/`noneSkipLast`), and at most 1024.
    ///   - bytesPerRow: Bytes per row; at least `⌈width × bitsPerPixel / 8⌉`.
    ///   - space: The colour space; must be RGB or monochrome (the only models Lamina supports).
    ///   - bitmapInfo: A `CGImageAlphaInfo` in the low bits, optional `.floatComponents`, and a byte
    ///     order; an undefined alpha info or byte order value is rejected.
    ///   - provider: The pixel bytes, top row first; must hold at least `bytesPerRow × height` bytes.
    ///   - decode: `nil`, or two values (lower and upper limit) per component: the colour space's
    ///     components, then alpha if the layout has alpha. The caller must supply that many.
    ///   - shouldInterpolate: Whether to smooth the image when drawn scaled.
    ///   - intent: The rendering intent, recorded as given.
    public convenience init?(
        width: Int,
        height: Int,
        bitsPerComponent: Int,
        bitsPerPixel: Int,
        bytesPerRow: Int,
        space: CGColorSpace,
        bitmapInfo: CGBitmapInfo,
        provider: CGDataProvider,
        decode: UnsafePointer<CGFloat>?,
        shouldInterpolate: Bool,
        intent: CGColorRenderingIntent
    ) {
        guard width > 0, height > 0, bitsPerPixel > 0, bitsPerPixel <= 1024,
            space.model == .rgb || space.model == .monochrome,
            let alphaInfo = CGImageAlphaInfo(
                rawValue: bitmapInfo.rawValue & CGBitmapInfo.alphaInfoMask.rawValue),
            let byteOrder = CGImageByteOrderInfo(
                rawValue: bitmapInfo.rawValue & CGBitmapInfo.byteOrderMask.rawValue
            ),
            byteOrder != .orderMask
        else { return nil }
        let supportedBits = bitmapInfo.contains(.floatComponents) ? [16, 32] : [1, 2, 4, 5, 8, 16]
        guard supportedBits.contains(bitsPerComponent) else { return nil }
        let layout = Self.slots(alphaInfo: alphaInfo, space: space)
        // A skipped slot needs at least one bit (RGB 5-5-5 packs into 16 bits with one spare bit).
        let skippedBits = layout.total > layout.meaningful ? 1 : 0
        guard bitsPerPixel >= layout.meaningful * bitsPerComponent + skippedBits else { return nil }
        // ⌈width × bitsPerPixel / 8⌉, and bytesPerRow × height, without overflowing.
        let (rowBits, rowOverflow) = width.multipliedReportingOverflow(by: bitsPerPixel)
        guard !rowOverflow, bytesPerRow >= rowBits / 8 + (rowBits % 8 == 0 ? 0 : 1) else { return nil }
        let (byteCount, sizeOverflow) = bytesPerRow.multipliedReportingOverflow(by: height)
        guard !sizeOverflow, provider.storage.count >= byteCount else { return nil }
        let ranges: [CGFloat]? = decode.map { pointer in
            Array(UnsafeBufferPointer(start: pointer, count: 2 * layout.meaningful))
        }
        self.init(
            width: width,
            height: height,
            bitsPerComponent: bitsPerComponent,
            bitsPerPixel: bitsPerPixel,
            bytesPerRow: bytesPerRow,
            space: space,
            bitmapInfo: bitmapInfo,
            provider: provider,
            decodeRanges: ranges,
            shouldInterpolate: shouldInterpolate,
            intent: intent
        )
    }

    /// Stores already-validated values.
    private init(
        width: Int,
        height: Int,
        bitsPerComponent: Int,
        bitsPerPixel: Int,
        bytesPerRow: Int,
        space: CGColorSpace,
        bitmapInfo: CGBitmapInfo,
        provider: CGDataProvider,
        decodeRanges: [CGFloat]?,
        shouldInterpolate: Bool,
        intent: CGColorRenderingIntent
    ) {
        self.width = width
        self.height = height
        self.bitsPerComponent = bitsPerComponent
        self.bitsPerPixel = bitsPerPixel
        self.bytesPerRow = bytesPerRow
        self.space = space
        self.bitmapInfo = bitmapInfo
        self.provider = provider
        self.decodeRanges = decodeRanges
        self.shouldInterpolate = shouldInterpolate
        self.renderingIntent = intent
    }

    /// The number of component slots in a pixel (`total`, including a skipped slot) and of those
    /// that carry data (`meaningful`: colour components plus alpha, if any).
    private static func slots(
        alphaInfo: CGImageAlphaInfo,
        space: CGColorSpace
    ) -> (total: Int, meaningful: Int) {
        let colors = space.numberOfComponents
        switch alphaInfo {
        case .none: return (colors, colors)
        case .alphaOnly: return (1, 1)
        case .noneSkipLast, .noneSkipFirst: return (colors + 1, colors)
        case .premultipliedLast, .premultipliedFirst, .last, .first: return (colors + 1, colors + 1)
        }
    }

    /// The colour space of the image's colour components. Never `nil` for Lamina's images.
    public var colorSpace: CGColorSpace? {
        space
    }

    /// The alpha layout, from the low bits of `bitmapInfo`.
    public var alphaInfo: CGImageAlphaInfo {
        CGImageAlphaInfo(rawValue: bitmapInfo.rawValue & CGBitmapInfo.alphaInfoMask.rawValue) ?? .none
    }

    /// The byte order, from the byte-order bits of `bitmapInfo`.
    public var byteOrderInfo: CGImageByteOrderInfo {
        CGImageByteOrderInfo(rawValue: bitmapInfo.rawValue & CGBitmapInfo.byteOrderMask.rawValue)
            ?? .orderDefault
    }

    /// The provider the image reads its bytes from. Never `nil` for Lamina's images.
    public var dataProvider: CGDataProvider? {
        provider
    }

    /// Whether the image is an image mask: always `false`, since Lamina cannot create masks.
    public var isMask: Bool {
        false
    }

    /// A sub-image, as Apple's `CGImageCreateWithImageInRect`.
    ///
    /// As Apple documents, `rect` (in pixels, origin at the top-left pixel) is first made integral
    /// (`rect.integral`), then intersected with the image bounds `(0, 0, width, height)`. Returns
    /// `nil` when `rect` is null, empty or contains NaN, or when the intersection is empty. The
    /// infinite rectangle gives the whole image. Lamina copies the selected pixels, so the result's
    /// `bytesPerRow` is the tight `⌈width × bitsPerPixel / 8⌉` (Apple's keeps the parent's).
    public func cropping(to rect: CGRect) -> CGImage? {
        let values = [rect.origin.x, rect.origin.y, rect.size.width, rect.size.height]
        guard !values.contains(where: \.isNaN), !rect.isNull, !rect.isEmpty else { return nil }
        let bounds = CGRect(x: 0, y: 0, width: width, height: height)
        let area = rect.isInfinite ? bounds : rect.integral.intersection(bounds)
        guard !area.isNull, !area.isEmpty else { return nil }
        let left = Int(area.minX)
        let top = Int(area.minY)
        let cropWidth = Int(area.width)
        let cropHeight = Int(area.height)
        let newBytesPerRow = (cropWidth * bitsPerPixel + 7) / 8
        var bytes = Data(count: newBytesPerRow * cropHeight)
        let source = provider.storage
        bytes.withUnsafeMutableBytes { (destination: UnsafeMutableRawBufferPointer) in
            source.withUnsafeBytes { (sourceBytes: UnsafeRawBufferPointer) in
                for row in 0..<cropHeight {
                    let sourceRow = (top + row) * bytesPerRow
                    let destinationRow = row * newBytesPerRow
                    if bitsPerPixel % 8 == 0 {
                        let start = sourceRow + left * bitsPerPixel / 8
                        for index in 0..<newBytesPerRow {
                            destination[destinationRow + index] = sourceBytes[start + index]
                        }
                    } else {
                        // Sub-byte pixels: copy bit by bit, most significant bit first.
                        let firstBit = left * bitsPerPixel
                        for bit in 0..<(cropWidth * bitsPerPixel) {
                            let sourceBit = firstBit + bit
                            let byte = sourceBytes[sourceRow + sourceBit / 8]
                            if byte & (0x80 >> UInt8(sourceBit % 8)) != 0 {
                                destination[destinationRow + bit / 8] |= 0x80 >> UInt8(bit % 8)
                            }
                        }
                    }
                }
            }
        }
        guard let newProvider = CGDataProvider(data: bytes) else { return nil }
        return CGImage(
            width: cropWidth,
            height: cropHeight,
            bitsPerComponent: bitsPerComponent,
            bitsPerPixel: bitsPerPixel,
            bytesPerRow: newBytesPerRow,
            space: space,
            bitmapInfo: bitmapInfo,
            provider: newProvider,
            decodeRanges: decodeRanges,
            shouldInterpolate: shouldInterpolate,
            intent: renderingIntent
        )
    }

    /// A copy of the image, as Apple's `CGImageCreateCopy`: a distinct image object with the same
    /// properties, sharing the (immutable) data provider. Never `nil` in Lamina.
    public func copy() -> CGImage? {
        copy(interpretedIn: space)
    }

    /// A copy of the image whose pixels are interpreted in `space`, as Apple's
    /// `CGImageCreateCopyWithColorSpace`. Returns `nil` when `space` has a different number of
    /// components than the image's colour space (or a model Lamina does not support).
    public func copy(colorSpace space: CGColorSpace) -> CGImage? {
        guard space.model == .rgb || space.model == .monochrome,
            space.numberOfComponents == self.space.numberOfComponents
        else { return nil }
        return copy(interpretedIn: space)
    }

    /// The same pixels and provider, interpreted in `space`.
    private func copy(interpretedIn space: CGColorSpace) -> CGImage? {
        CGImage(
            width: width,
            height: height,
            bitsPerComponent: bitsPerComponent,
            bitsPerPixel: bitsPerPixel,
            bytesPerRow: bytesPerRow,
            space: space,
            bitmapInfo: bitmapInfo,
            provider: provider,
            decodeRanges: decodeRanges,
            shouldInterpolate: shouldInterpolate,
            intent: renderingIntent
        )
    }

    /// Whether `lhs` and `rhs` are the same image object.
    public static func == (lhs: CGImage, rhs: CGImage) -> Bool {
        lhs === rhs
    }

    /// Hashes the object's identity, consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}

// MARK: - Pixels for the renderer

extension CGImage {
    /// The image's pixels as premultiplied, sRGB-encoded RGBA, 8 bits per channel: `width × height
    /// × 4` bytes, row-major, top row first, no row padding; or `nil` for a layout this does not
    /// read.
    ///
    /// Read: 8-bit integer components in an RGB or gray space, any `CGImageAlphaInfo`
    /// (`alphaOnly` gives black with that alpha), with the default, big-endian or little-endian
    /// byte orders (little-endian reverses the bytes within each 16- or 32-bit unit; the pixel
    /// size must be a multiple of the unit), padding bits after the components included. Gray is
    /// replicated to red, green and blue; linear spaces are encoded with the sRGB curve; a decode
    /// array maps each component linearly from `[0, 1]` to `[lower, upper]` (clamped; a NaN
    /// limit counts as 0). Premultiplied input has its colour components clamped to alpha.
    /// Anything else (16-bit or float components, sub-byte pixels, or a skipped slot without a
    /// whole byte) returns `nil`.
    /// Calls `body` with the image's bytes and its row length in pixels when they already are
    /// what a GPU takes as premultiplied sRGB BGRA (Cairo's ARGB32 layout: 8-bit RGB, alpha
    /// first, premultiplied, 32-bit little-endian, no decode array); `nil` for any other layout,
    /// which `premultipliedRGBA8Pixels()` converts. No copy is made.
    package func withPremultipliedBGRA8Bytes<R>(_ body: (UnsafeRawBufferPointer, _ rowPixels: Int) -> R) -> R?
    {
        guard bitsPerComponent == 8, bitsPerPixel == 32, !bitmapInfo.contains(.floatComponents),
            alphaInfo == .premultipliedFirst, byteOrderInfo == .order32Little, decodeRanges == nil,
            space.model == .rgb, !space.isLinear, bytesPerRow % 4 == 0
        else { return nil }
        return provider.storage.withUnsafeBytes { body($0, bytesPerRow / 4) }
    }

    package func premultipliedRGBA8Pixels() -> [UInt8]? {
        guard bitsPerComponent == 8, !bitmapInfo.contains(.floatComponents), bitsPerPixel % 8 == 0
        else { return nil }
        let bytesPerPixel = bitsPerPixel / 8
        let unit: Int
        switch byteOrderInfo {
        case .order16Little: unit = 2
        case .order32Little: unit = 4
        default: unit = 1
        }
        let slotCount = Self.slots(alphaInfo: alphaInfo, space: space).total
        guard bytesPerPixel % unit == 0, bytesPerPixel >= slotCount else { return nil }
        // The byte offset within a pixel of logical component slot `slot`.
        func offset(_ slot: Int) -> Int {
            unit == 1 ? slot : (slot / unit) * unit + (unit - 1 - slot % unit)
        }
        let colorCount = space.numberOfComponents
        let alpha = alphaInfo
        let colorOffsets: [Int]
        let alphaOffset: Int?
        switch alpha {
        case .none, .noneSkipLast:
            colorOffsets = (0..<colorCount).map(offset)
            alphaOffset = nil
        case .noneSkipFirst:
            colorOffsets = (1...colorCount).map(offset)
            alphaOffset = nil
        case .premultipliedLast, .last:
            colorOffsets = (0..<colorCount).map(offset)
            alphaOffset = offset(colorCount)
        case .premultipliedFirst, .first:
            colorOffsets = (1...colorCount).map(offset)
            alphaOffset = offset(0)
        case .alphaOnly:
            colorOffsets = []
            alphaOffset = offset(0)
        }
        let premultiplied = alpha == .premultipliedFirst || alpha == .premultipliedLast
        let linear = space.isLinear

        // Per-component decode tables (colour components, then alpha).
        let decodeTables: [[UInt8]]? = decodeRanges.map { ranges in
            stride(from: 0, to: ranges.count, by: 2).map { index in
                let lower = ranges[index].isNaN ? 0 : ranges[index]
                let upper = ranges[index + 1].isNaN ? 0 : ranges[index + 1]
                return (0..<256).map { value in
                    let mapped = lower + CGFloat(value) / 255 * (upper - lower)
                    return UInt8((min(max(mapped, 0), 1) * 255).rounded())
                }
            }
        }
        let transfer: [UInt8] = (0..<256).map { value in
            guard linear else { return UInt8(value) }
            let encoded = CGColorSpace.srgbEncode(CGFloat(value) / 255)
            return UInt8((min(max(encoded, 0), 1) * 255).rounded())
        }

        let transferTable: [UInt8]? = linear ? transfer : nil
        let alphaTable: [UInt8]? = decodeTables.flatMap { tables in
            tables.count > colorOffsets.count ? tables[colorOffsets.count] : nil
        }
        let colorTables: [[UInt8]?] = colorOffsets.indices.map { index in
            decodeTables.flatMap { tables in index < tables.count ? tables[index] : nil }
        }
        var output = [UInt8](repeating: 0, count: width * height * 4)
        let source = provider.storage
        source.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            output.withUnsafeMutableBufferPointer { pixels in
                for row in 0..<height {
                    for column in 0..<width {
                        let base = row * bytesPerRow + column * bytesPerPixel
                        var alphaValue: UInt8 = 255
                        if let alphaOffset {
                            alphaValue = bytes[base + alphaOffset]
                            if let alphaTable { alphaValue = alphaTable[Int(alphaValue)] }
                        }
                        // Read colour channel `index`, decoded and premultiplied.
                        func channel(_ index: Int) -> UInt8 {
                            var raw = bytes[base + colorOffsets[index]]
                            if let table = colorTables[index] { raw = table[Int(raw)] }
                            return Self.premultiply(
                                raw,
                                alpha: alphaValue,
                                alreadyPremultiplied: premultiplied,
                                transfer: transferTable
                            )
                        }
                        let target = (row * width + column) * 4
                        if colorCount >= 3, !colorOffsets.isEmpty {
                            pixels[target] = channel(0)
                            pixels[target + 1] = channel(1)
                            pixels[target + 2] = channel(2)
                        } else if !colorOffsets.isEmpty {
                            let gray = channel(0)
                            pixels[target] = gray
                            pixels[target + 1] = gray
                            pixels[target + 2] = gray
                        }
                        pixels[target + 3] = alphaValue
                    }
                }
            }
        }
        return output
    }

    /// One colour channel converted to premultiplied sRGB: through `transfer` (a linear-to-sRGB
    /// table, or `nil` for sRGB-encoded input) and multiplied by `alpha`, or, for input that is
    /// already premultiplied, unpremultiplied around the transfer and clamped to `alpha`.
    private static func premultiply(
        _ value: UInt8,
        alpha: UInt8,
        alreadyPremultiplied: Bool,
        transfer: [UInt8]?
    ) -> UInt8 {
        let alphaWide = Int(alpha)
        if alreadyPremultiplied {
            let clamped = min(Int(value), alphaWide)
            guard let transfer, alphaWide > 0 else { return UInt8(clamped) }
            let straight = (clamped * 255 + alphaWide / 2) / alphaWide
            return UInt8((Int(transfer[straight]) * alphaWide + 127) / 255)
        }
        let encoded = transfer.map { Int($0[Int(value)]) } ?? Int(value)
        return UInt8((encoded * alphaWide + 127) / 255)
    }
}
