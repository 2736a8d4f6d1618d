import Foundation

@_implementationOnly import CCairo
@_implementationOnly import CJPEG

/// Why an image file could not be read or written by `CGImage.load(data:)`,
/// `CGImage.load(contentsOf:)`, `pngData()` or `writePNG(to:)`.
///
/// Lamina's counterpart of the failures Apple's ImageIO reports as a `nil` image source or image;
/// here each case says why.
public enum CGImageCodingError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The file could not be read: `path` is the file's path, `reason` the operating system's
    /// message (for example "No such file or directory").
    case unreadableFile(path: String, reason: String)
    /// The data starts with none of the PNG, JPEG and WebP signatures.
    case unknownFormat
    /// The data is truncated or corrupt: `format` is "PNG", "JPEG" or "WebP", `message` the decoder's
    /// description of the problem.
    case corruptData(format: String, message: String)
    /// The image's layout cannot be decoded or encoded (a CMYK JPEG, or an image whose pixel format
    /// `pngData()` cannot read); `detail` says which.
    case unsupportedLayout(detail: String)
    /// The image is wider or taller than `CGImage.maximumCodingSide` pixels, or has more than
    /// `CGImage.maximumCodingPixels` pixels: `width` × `height` as declared.
    case sizeTooLarge(width: Int, height: Int)
    /// The file could not be written: `path` is the target path, `reason` what went wrong. The
    /// target was left as it was.
    case writeFailed(path: String, reason: String)

    /// A sentence describing the failure, with the path and reason where there is one.
    public var description: String {
        switch self {
        case .unreadableFile(let path, let reason):
            return "cannot read image file \(path): \(reason)"
        case .unknownFormat:
            return "unknown image format: the data is not PNG, JPEG or WebP"
        case .corruptData(let format, let message):
            return "truncated or corrupt \(format) data: \(message)"
        case .unsupportedLayout(let detail):
            return "unsupported image layout: \(detail)"
        case .sizeTooLarge(let width, let height):
            return
                "image of \(width)×\(height) pixels is too large (at most \(CGImage.maximumCodingSide) "
                + "per side and \(CGImage.maximumCodingPixels) pixels)"
        case .writeFailed(let path, let reason):
            return "cannot write image file \(path): \(reason)"
        }
    }
}

// MARK: - Decoding

extension CGImage {
    /// The largest width or height `load(data:)` decodes and `pngData()` encodes: 32767, Cairo's
    /// limit for image surfaces.
    public static let maximumCodingSide = 32_767

    /// The largest number of pixels (width × height) `load(data:)` decodes: 2²⁸, one GiB of
    /// 32-bit pixels.
    public static let maximumCodingPixels = 1 << 28

    /// Decodes a PNG, JPEG or WebP image, told apart by their signatures; Lamina's helper where
    /// Apple's platforms use ImageIO (`CGImageSourceCreateWithData` then
    /// `CGImageSourceCreateImageAtIndex`).
    ///
    /// The result is 8 bits per component, 32 bits per pixel, rows of `width × 4` bytes, in the
    /// sRGB space, one native-endian word per pixel as Cairo stores it (`.byteOrder32Host`):
    /// `.premultipliedFirst` for PNG files with an alpha channel or transparency and WebP files
    /// with alpha, `.noneSkipFirst` (skip byte 0xFF) for opaque PNG and WebP files and every JPEG.
    /// 16-bit PNG components are reduced to 8 bits, palette and gray images are expanded to RGB;
    /// WebP files (lossy, lossless, with or without alpha) are decoded by libwebp, premultiplied by
    /// its premultiplied output mode. Embedded colour profiles, gamma and EXIF orientation are
    /// ignored (as `CGImageSourceCreateImageAtIndex` ignores orientation).
    ///
    /// JPEG and WebP files that end early are refused; other recoverable JPEG warnings (such as
    /// stray bytes before a marker) are tolerated, as browsers tolerate them. An animated WebP file
    /// gives its first frame on its canvas, as ImageIO's image at index 0 (ruling G19). Size limits
    /// are checked from the header, before any pixel memory is allocated.
    ///
    /// - Throws: `CGImageCodingError.unknownFormat`, `.corruptData` (with the decoder's message),
    ///   `.unsupportedLayout` (CMYK and YCCK JPEG files) or `.sizeTooLarge`.
    public static func load(data: Data) throws -> CGImage {
        try load(data: data, options: CGImageDecodingOptions())
    }

    /// Reads and decodes the PNG, JPEG or WebP file at `url`, as `load(data:)` decodes it.
    ///
    /// - Throws: `CGImageCodingError.unreadableFile` with the path and the operating system's
    ///   reason when the file cannot be read (missing, a directory, no permission, or `url` is not a
    ///   file URL), then anything `load(data:)` throws.
    public static func load(contentsOf url: URL) throws -> CGImage {
        try load(data: readFile(at: url))
    }

    /// The eight bytes every PNG file starts with.
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Throws `sizeTooLarge` unless `width × height` is within the coding limits.
    static func checkCodingSize(width: Int, height: Int) throws {
        guard width <= maximumCodingSide, height <= maximumCodingSide,
            width * height <= maximumCodingPixels
        else { throw CGImageCodingError.sizeTooLarge(width: width, height: height) }
    }

    /// Decodes PNG `bytes` through Cairo into a Cairo image surface (the caller destroys it),
    /// after checking the header's size and every chunk's length against the data
    /// (`PNGStructure`), so that Cairo never allocates for a size the file cannot hold.
    static func decodePNGSurface(_ bytes: [UInt8]) throws -> OpaquePointer {
        let structure = try PNGStructure(bytes)
        try checkCodingSize(width: structure.width, height: structure.height)
        try structure.checkImageDataCanFill()
        let reader = PNGReader(bytes: bytes)
        let surface = cairo_image_surface_create_from_png_stream(
            { closure, target, length in
                guard let closure, let target else { return CAIRO_STATUS_READ_ERROR }
                let reader = Unmanaged<PNGReader>.fromOpaque(closure).takeUnretainedValue()
                return reader.read(into: target, count: Int(length))
                    ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_READ_ERROR
            }, Unmanaged.passUnretained(reader).toOpaque())
        guard let surface else {
            throw CGImageCodingError.corruptData(format: "PNG", message: "Cairo returned no surface")
        }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            let message =
                status == CAIRO_STATUS_READ_ERROR
                ? "data ends before the image is complete" : String(cString: cairo_status_to_string(status))
            throw CGImageCodingError.corruptData(format: "PNG", message: message)
        }
        return surface
    }

    /// Decodes JPEG `bytes` through libjpeg (in the C helper, which keeps libjpeg's `longjmp`
    /// away from Swift), reduced by `options.subsampleFactor` with DCT scaling and limited to
    /// `options.region`.
    static func decodeJPEG(_ bytes: [UInt8], options: CGImageDecodingOptions) throws -> CGImage {
        var result = lamina_jpeg_result()
        let region = options.pixelRegion
        let status = bytes.withUnsafeBufferPointer { buffer in
            lamina_jpeg_decode(
                buffer.baseAddress, UInt(buffer.count), UInt(maximumCodingSide), UInt(maximumCodingPixels),
                UInt32(options.subsampleFactor), UInt(region?.x ?? 0), UInt(region?.y ?? 0),
                UInt(region?.width ?? 0), UInt(region?.height ?? 0), &result)
        }
        var pixels = result.pixels
        defer { free(pixels) }
        let message = withUnsafeBytes(of: result.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        switch Int(status) {
        case LAMINA_JPEG_OK:
            break
        case LAMINA_JPEG_TOO_LARGE:
            throw CGImageCodingError.sizeTooLarge(width: Int(result.width), height: Int(result.height))
        case LAMINA_JPEG_UNSUPPORTED:
            throw CGImageCodingError.unsupportedLayout(detail: "JPEG in \(message)")
        default:
            throw CGImageCodingError.corruptData(format: "JPEG", message: message)
        }
        let width = Int(result.width)
        let height = Int(result.height)
        guard let decoded = pixels, width > 0, height > 0 else {
            throw CGImageCodingError.corruptData(format: "JPEG", message: "no pixels decoded")
        }
        // The image takes the malloc'ed pixels over: no second copy of a large image.
        pixels = nil
        let data = Data(bytesNoCopy: decoded, count: width * height * 4, deallocator: .free)
        return try makeImage(width: width, height: height, bytes: data, opaque: true)
    }

    /// A new image over a Cairo ARGB32 or RGB24 surface's own pixels, without copying them when
    /// the rows are packed (the skip byte of RGB24 set to 0xFF in place); the image takes over
    /// the caller's reference to the surface and releases it with the image's data.
    static func image(adopting surface: OpaquePointer) throws -> CGImage {
        cairo_surface_flush(surface)
        let format = cairo_image_surface_get_format(surface)
        guard format == CAIRO_FORMAT_ARGB32 || format == CAIRO_FORMAT_RGB24,
            let pixels = cairo_image_surface_get_data(surface)
        else {
            cairo_surface_destroy(surface)
            throw CGImageCodingError.unsupportedLayout(detail: "Cairo pixel format \(format.rawValue)")
        }
        let width = Int(cairo_image_surface_get_width(surface))
        let height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let opaque = format == CAIRO_FORMAT_RGB24
        if opaque {
            for row in 0..<height {
                let words = UnsafeMutableRawPointer(pixels + row * stride).assumingMemoryBound(
                    to: UInt32.self)
                for column in 0..<width { words[column] |= 0xFF00_0000 }
            }
        }
        let data: Data
        if stride == width * 4 {
            let address = Int(bitPattern: UnsafeRawPointer(surface))
            data = Data(
                bytesNoCopy: pixels, count: width * height * 4,
                deallocator: .custom { _, _ in
                    cairo_surface_destroy(OpaquePointer(bitPattern: address))
                })
        } else {
            var packed = Data(count: width * height * 4)
            packed.withUnsafeMutableBytes { target in
                for row in 0..<height {
                    target.baseAddress!.advanced(by: row * width * 4).copyMemory(
                        from: pixels + row * stride, byteCount: width * 4)
                }
            }
            cairo_surface_destroy(surface)
            data = packed
        }
        return try makeImage(width: width, height: height, bytes: data, opaque: opaque)
    }

    /// An sRGB image of native-endian 32-bit words `0xAARRGGBB` (premultiplied) or `0xFFRRGGBB`.
    static func makeImage(width: Int, height: Int, bytes: Data, opaque: Bool) throws -> CGImage {
        let alpha: CGImageAlphaInfo = opaque ? .noneSkipFirst : .premultipliedFirst
        guard let provider = CGDataProvider(data: bytes),
            let image = CGImage(
                width: width, height: height, bitsPerComponent: 8, bitsPerPixel: 32,
                bytesPerRow: width * 4, space: CGColorSpace.Shared.sRGB,
                bitmapInfo: CGBitmapInfo(rawValue: alpha.rawValue).union(.byteOrder32Host),
                provider: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent)
        else {
            throw CGImageCodingError.unsupportedLayout(detail: "cannot describe a \(width)×\(height) image")
        }
        return image
    }

    /// The contents of the file at `url`, read with the C library so that failures carry the
    /// operating system's reason.
    static func readFile(at url: URL) throws -> Data {
        guard url.isFileURL else {
            throw CGImageCodingError.unreadableFile(path: url.absoluteString, reason: "not a file URL")
        }
        let path = url.path
        guard let file = fopen(path, "rb") else {
            throw CGImageCodingError.unreadableFile(path: path, reason: String(cString: strerror(errno)))
        }
        defer { fclose(file) }
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            data.append(contentsOf: chunk[0..<count])
            if count < chunk.count {
                if ferror(file) != 0 {
                    throw CGImageCodingError.unreadableFile(
                        path: path, reason: String(cString: strerror(errno)))
                }
                return data
            }
        }
    }
}

/// Feeds a byte array to Cairo's PNG reader in the pieces it asks for.
private final class PNGReader {
    /// The whole file.
    private let bytes: [UInt8]
    /// How many bytes have been handed out.
    private var offset = 0

    /// A reader positioned at the start of `bytes`.
    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Copies the next `count` bytes to `target`; `false` (and nothing copied) if fewer remain.
    func read(into target: UnsafeMutablePointer<UInt8>, count: Int) -> Bool {
        guard count <= bytes.count - offset else { return false }
        bytes.withUnsafeBufferPointer { buffer in
            target.update(from: buffer.baseAddress! + offset, count: count)
        }
        offset += count
        return true
    }
}

// MARK: - Encoding

extension CGImage {
    /// The image encoded as a PNG file: 8 bits per channel, RGB for images without alpha
    /// (`.none`, `.noneSkipFirst`, `.noneSkipLast`) and RGBA otherwise, in sRGB (the pixels are
    /// converted as `premultipliedRGBA8Pixels()` converts them; no colour profile is written).
    /// Lamina's helper where Apple's platforms use `CGImageDestination`.
    ///
    /// PNG stores unpremultiplied colour, so a partly transparent pixel is divided by its alpha;
    /// decoding the file with `load(data:)` multiplies it back and gives the same premultiplied
    /// bytes.
    ///
    /// - Throws: `CGImageCodingError.unsupportedLayout` for layouts Lamina cannot read (16-bit or
    ///   float components, sub-byte pixels), `.sizeTooLarge` past 32767 pixels per side (Cairo's
    ///   limit), `.writeFailed` (path "(memory)") if Cairo's encoder fails.
    public func pngData() throws -> Data {
        guard width <= Self.maximumCodingSide, height <= Self.maximumCodingSide else {
            throw CGImageCodingError.sizeTooLarge(width: width, height: height)
        }
        let opaque = [CGImageAlphaInfo.none, .noneSkipFirst, .noneSkipLast].contains(alphaInfo)
        guard let surface = makeCairoSurface(format: opaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32)
        else {
            throw CGImageCodingError.unsupportedLayout(
                detail:
                    "\(bitsPerComponent) bits per component, \(bitsPerPixel) bits per pixel, "
                    + "bitmap info 0x\(String(bitmapInfo.rawValue, radix: 16))")
        }
        defer { cairo_surface_destroy(surface) }
        let writer = PNGWriter()
        let status = cairo_surface_write_to_png_stream(
            surface,
            { closure, source, length in
                guard let closure, let source else { return CAIRO_STATUS_WRITE_ERROR }
                Unmanaged<PNGWriter>.fromOpaque(closure).takeUnretainedValue().data.append(
                    source, count: Int(length))
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(writer).toOpaque())
        guard status == CAIRO_STATUS_SUCCESS else {
            throw CGImageCodingError.writeFailed(
                path: "(memory)", reason: String(cString: cairo_status_to_string(status)))
        }
        return writer.data
    }

    /// Writes the image as a PNG file (see `pngData()`) to `url`, replacing any file there.
    ///
    /// The bytes go to a temporary file beside the target, which is renamed over the target once
    /// complete, so a failure never leaves a half-written file at `url` (and removes the
    /// temporary file).
    ///
    /// - Throws: what `pngData()` throws, or `CGImageCodingError.writeFailed` with the path and the
    ///   reason (not a file URL, a missing directory, no permission, a full disk).
    public func writePNG(to url: URL) throws {
        guard url.isFileURL else {
            throw CGImageCodingError.writeFailed(path: url.absoluteString, reason: "not a file URL")
        }
        let data = try pngData()
        let path = url.path
        let directory = url.deletingLastPathComponent()
        // Named as Lamina's other temporary outputs (`.NAME.lamina-PID-RANDOM.partial`), so that
        // the next run of a tool removes one left by a killed process.
        let temporary = directory.appendingPathComponent(
            ".\(url.lastPathComponent).lamina-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).partial")
        do {
            try data.write(to: temporary)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw CGImageCodingError.writeFailed(path: path, reason: Self.reason(for: error))
        }
        guard rename(temporary.path, path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw CGImageCodingError.writeFailed(path: path, reason: reason)
        }
    }

    /// The operating system's message inside a Foundation file error, or its description.
    private static func reason(for error: any Error) -> String {
        let nsError = error as NSError
        if nsError.domain == NSCocoaErrorDomain, nsError.code == CocoaError.fileWriteOutOfSpace.rawValue {
            return String(cString: strerror(ENOSPC)) + "; free space or write to another disk"
        }
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
            underlying.domain == NSPOSIXErrorDomain
        {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return nsError.localizedDescription
    }

    /// A new Cairo image surface (`format` ARGB32 or RGB24) holding the image's pixels converted to
    /// premultiplied sRGB, or `nil` when the layout cannot be read or Cairo cannot make the surface.
    /// The caller destroys it.
    func makeCairoSurface(format: cairo_format_t) -> OpaquePointer? {
        guard let rgba = premultipliedRGBA8Pixels(),
            let surface = cairo_image_surface_create(format, Int32(width), Int32(height))
        else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
            let pixels = cairo_image_surface_get_data(surface)
        else {
            cairo_surface_destroy(surface)
            return nil
        }
        let stride = Int(cairo_image_surface_get_stride(surface))
        let opaque = format == CAIRO_FORMAT_RGB24
        rgba.withUnsafeBufferPointer { source in
            for row in 0..<height {
                let target = UnsafeMutableRawPointer(pixels + row * stride)
                for column in 0..<width {
                    let index = (row * width + column) * 4
                    let alpha: UInt32 = opaque ? 0xFF : UInt32(source[index + 3])
                    let word =
                        alpha << 24 | UInt32(source[index]) << 16 | UInt32(source[index + 1]) << 8
                        | UInt32(source[index + 2])
                    target.storeBytes(of: word, toByteOffset: column * 4, as: UInt32.self)
                }
            }
        }
        cairo_surface_mark_dirty(surface)
        return surface
    }
}

/// Collects the bytes Cairo's PNG encoder writes.
private final class PNGWriter {
    /// The bytes written so far.
    var data = Data()
}
