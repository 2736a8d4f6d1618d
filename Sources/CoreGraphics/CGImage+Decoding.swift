import Foundation

@_implementationOnly import CCairo
@_implementationOnly import CJPEG

/// How much of an image file to decode: Lamina's counterpart of the options ImageIO's
/// `CGImageSourceCreateImageAtIndex` takes (`kCGImageSourceSubsampleFactor`), plus a region, so
/// that a large photo drawn small never exists in memory at full size.
public struct CGImageDecodingOptions: Sendable, Equatable {
    /// Divides the width and height (rounded up): 1, 2, 4 or 8; other values count as 1.
    /// Default 1. JPEG files are decoded directly at the reduced size (libjpeg's DCT scaling, as
    /// `kCGImageSourceSubsampleFactor`); PNG and WebP files are decoded, then reduced at once with
    /// Cairo's good filter.
    public var subsampleFactor: Int = 1
    /// The rectangle to keep, in pixels of the subsampled image with the origin at its top-left
    /// corner (rounded outwards to whole pixels and clamped to the image); `nil` keeps all.
    /// Default `nil`. JPEG files decode only the rows and (whole-block) columns it covers.
    public var region: CGRect?

    /// Options that decode the whole image at full size.
    public init(subsampleFactor: Int = 1, region: CGRect? = nil) {
        self.subsampleFactor = subsampleFactor
        self.region = region
    }

    /// The subsample factor used: 1, 2, 4 or 8.
    var factor: Int { [2, 4, 8].contains(subsampleFactor) ? subsampleFactor : 1 }

    /// The region in whole pixels (`nil` for none, or for an empty or non-finite region).
    var pixelRegion: (x: Int, y: Int, width: Int, height: Int)? {
        guard let region, region.minX.isFinite, region.minY.isFinite, region.width.isFinite,
            region.height.isFinite, region.width > 0, region.height > 0
        else { return nil }
        let x = Int(max(0, min(region.minX.rounded(.down), 1e9)))
        let y = Int(max(0, min(region.minY.rounded(.down), 1e9)))
        let maxX = Int(max(0, min(region.maxX.rounded(.up), 1e9)))
        let maxY = Int(max(0, min(region.maxY.rounded(.up), 1e9)))
        guard maxX > x, maxY > y else { return nil }
        return (x, y, maxX - x, maxY - y)
    }

    /// The largest factor (1, 2, 4 or 8) that keeps an image of `width × height` pixels at least
    /// `minimumWidth × minimumHeight` (both sides), for an image drawn at that size.
    public static func subsampleFactor(
        width: Int, height: Int, minimumWidth: Int, minimumHeight: Int
    ) -> Int {
        var best = 1
        for factor in [2, 4, 8] {
            let w = (width + factor - 1) / factor
            let h = (height + factor - 1) / factor
            if w >= minimumWidth, h >= minimumHeight { best = factor }
        }
        return best
    }
}

extension CGImage {
    /// The width and height in pixels a PNG, JPEG or WebP file declares (for an animated WebP
    /// file, its canvas), read from its header
    /// without decoding (and without allocating pixel memory).
    ///
    /// - Throws: `CGImageCodingError.unknownFormat` or `.corruptData`.
    public static func pixelSize(ofImageData data: Data) throws -> (width: Int, height: Int) {
        let bytes = [UInt8](data.prefix(data.count))
        if bytes.starts(with: pngSignature) {
            let structure = try PNGStructure(bytes)
            return (structure.width, structure.height)
        }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            var result = lamina_jpeg_result()
            let status = bytes.withUnsafeBufferPointer {
                lamina_jpeg_size($0.baseAddress, UInt($0.count), &result)
            }
            guard Int(status) == LAMINA_JPEG_OK else {
                let message = withUnsafeBytes(of: result.message) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                throw CGImageCodingError.corruptData(format: "JPEG", message: message)
            }
            return (Int(result.width), Int(result.height))
        }
        if isWebP(bytes) {
            let features = try webPFeatures(bytes)
            return (Int(features.width), Int(features.height))
        }
        throw CGImageCodingError.unknownFormat
    }

    /// Decodes a PNG, JPEG or WebP image as `load(data:)` does, reduced and cropped by `options`.
    ///
    /// The size limits (`maximumCodingSide`, `maximumCodingPixels`) apply to what is allocated:
    /// for JPEG the reduced region (checked from the header before any pixel memory is
    /// allocated), for PNG and WebP the full image, which is decoded first.
    ///
    /// - Throws: what `load(data:)` throws.
    public static func load(data: Data, options: CGImageDecodingOptions) throws -> CGImage {
        let bytes = [UInt8](data)
        if bytes.starts(with: pngSignature) {
            let surface = try decodePNGSurface(bytes)
            return try reduce(adopting: surface, options: options)
        }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            return try decodeJPEG(bytes, options: options)
        }
        if isWebP(bytes) {
            let surface = try decodeWebPSurface(bytes)
            return try reduce(adopting: surface, options: options)
        }
        throw CGImageCodingError.unknownFormat
    }

    /// Reads and decodes the file at `url` as `load(data:options:)` does.
    ///
    /// - Throws: `CGImageCodingError.unreadableFile`, then what `load(data:options:)` throws.
    public static func load(contentsOf url: URL, options: CGImageDecodingOptions) throws -> CGImage {
        try load(data: readFile(at: url), options: options)
    }

    /// The image of a decoded Cairo surface, subsampled and cropped; takes over the surface.
    private static func reduce(adopting surface: OpaquePointer, options: CGImageDecodingOptions) throws
        -> CGImage
    {
        let factor = options.factor
        let region = options.pixelRegion
        guard factor > 1 || region != nil else { return try image(adopting: surface) }
        defer { cairo_surface_destroy(surface) }
        let fullWidth = Int(cairo_image_surface_get_width(surface))
        let fullHeight = Int(cairo_image_surface_get_height(surface))
        let scaledWidth = (fullWidth + factor - 1) / factor
        let scaledHeight = (fullHeight + factor - 1) / factor
        var x = 0
        var y = 0
        var width = scaledWidth
        var height = scaledHeight
        if let region {
            x = min(region.x, scaledWidth - 1)
            y = min(region.y, scaledHeight - 1)
            width = min(region.width, scaledWidth - x)
            height = min(region.height, scaledHeight - y)
        }
        let format = cairo_image_surface_get_format(surface)
        guard let target = cairo_image_surface_create(format, Int32(width), Int32(height)),
            cairo_surface_status(target) == CAIRO_STATUS_SUCCESS
        else {
            throw CGImageCodingError.unsupportedLayout(detail: "cannot allocate a \(width)×\(height) image")
        }
        let context = cairo_create(target)
        cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
        cairo_translate(context, Double(-x), Double(-y))
        cairo_scale(context, 1 / Double(factor), 1 / Double(factor))
        cairo_set_source_surface(context, surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(context), CAIRO_FILTER_GOOD)
        cairo_paint(context)
        cairo_destroy(context)
        return try image(adopting: target)
    }
}
