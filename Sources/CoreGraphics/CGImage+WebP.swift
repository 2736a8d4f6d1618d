import Foundation

@_implementationOnly import CCairo
@_implementationOnly import CWebP

extension CGImage {
    /// Whether `bytes` start as a WebP file does: "RIFF", a 4-byte length, then "WEBP".
    static func isWebP(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 12 && bytes[0..<4].elementsEqual("RIFF".utf8)
            && bytes[8..<12].elementsEqual("WEBP".utf8)
    }

    /// What libwebp's header parser (`WebPGetFeatures`) reads from WebP `bytes`: the canvas size,
    /// whether there is alpha, and whether the file is animated. No pixel memory is allocated.
    ///
    /// - Throws: `CGImageCodingError.corruptData` (format "WebP") when the header cannot be read.
    static func webPFeatures(_ bytes: [UInt8]) throws -> WebPBitstreamFeatures {
        var features = WebPBitstreamFeatures()
        let status = bytes.withUnsafeBufferPointer { buffer in
            WebPGetFeatures(buffer.baseAddress, buffer.count, &features)
        }
        guard status == VP8_STATUS_OK else {
            throw CGImageCodingError.corruptData(
                format: "WebP", message: webPMessage(status, reading: "header"))
        }
        return features
    }

    /// Decodes WebP `bytes` (lossy, lossless, with or without alpha) through libwebp into a new
    /// Cairo image surface (the caller destroys it): ARGB32 with premultiplied alpha, written by
    /// libwebp's premultiplied output mode (`MODE_bgrA` on little-endian machines, `MODE_Argb` on
    /// big-endian ones, so each pixel is one native-endian word `0xAARRGGBB` as Cairo stores it),
    /// or RGB24 when the file has no alpha.
    ///
    /// The size is read from the header and checked against the coding limits before the surface
    /// is allocated. An animated file gives its first frame on its canvas (ruling G19): the frame
    /// found by libwebpdemux, decoded at its offset over transparent pixels.
    ///
    /// - Throws: `CGImageCodingError.corruptData` (format "WebP"), `.sizeTooLarge`, or
    ///   `.unsupportedLayout` when Cairo cannot allocate the surface.
    static func decodeWebPSurface(_ bytes: [UInt8]) throws -> OpaquePointer {
        let features = try webPFeatures(bytes)
        let width = Int(features.width)
        let height = Int(features.height)
        guard width > 0, height > 0 else {
            throw CGImageCodingError.corruptData(
                format: "WebP", message: "image of \(width)×\(height) pixels")
        }
        try checkCodingSize(width: width, height: height)
        return try bytes.withUnsafeBufferPointer { buffer in
            guard features.has_animation != 0 else {
                let surface = try makeWebPSurface(
                    width: width, height: height, opaque: features.has_alpha == 0)
                try decodeWebP(buffer, into: surface, x: 0, y: 0, width: width, height: height)
                return surface
            }
            var data = WebPData(bytes: buffer.baseAddress, size: buffer.count)
            guard let demuxer = WebPDemux(&data) else {
                throw CGImageCodingError.corruptData(
                    format: "WebP", message: "the animation's chunks are truncated or invalid")
            }
            defer { WebPDemuxDelete(demuxer) }
            var frame = WebPIterator()
            guard WebPDemuxGetFrame(demuxer, 1, &frame) != 0 else {
                throw CGImageCodingError.corruptData(format: "WebP", message: "the animation has no frame")
            }
            defer { WebPDemuxReleaseIterator(&frame) }
            let x = Int(frame.x_offset)
            let y = Int(frame.y_offset)
            let frameWidth = Int(frame.width)
            let frameHeight = Int(frame.height)
            var fragment = WebPBitstreamFeatures()
            guard WebPGetFeatures(frame.fragment.bytes, frame.fragment.size, &fragment) == VP8_STATUS_OK,
                Int(fragment.width) == frameWidth, Int(fragment.height) == frameHeight, x >= 0, y >= 0,
                frameWidth > 0, frameHeight > 0, x + frameWidth <= width, y + frameHeight <= height
            else {
                throw CGImageCodingError.corruptData(
                    format: "WebP", message: "the first frame does not match its declared size or canvas")
            }
            let covers = x == 0 && y == 0 && frameWidth == width && frameHeight == height
            let surface = try makeWebPSurface(
                width: width, height: height, opaque: covers && frame.has_alpha == 0)
            try decodeWebP(
                UnsafeBufferPointer(start: frame.fragment.bytes, count: frame.fragment.size), into: surface,
                x: x, y: y, width: frameWidth, height: frameHeight)
            return surface
        }
    }

    /// A new Cairo image surface of `width × height` pixels, transparent (or black for an opaque
    /// one, RGB24): the memory libwebp decodes into.
    private static func makeWebPSurface(width: Int, height: Int, opaque: Bool) throws -> OpaquePointer {
        guard
            let surface = cairo_image_surface_create(
                opaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        else {
            throw CGImageCodingError.unsupportedLayout(detail: "cannot allocate a \(width)×\(height) image")
        }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
            cairo_image_surface_get_data(surface) != nil
        else {
            cairo_surface_destroy(surface)
            throw CGImageCodingError.unsupportedLayout(detail: "cannot allocate a \(width)×\(height) image")
        }
        return surface
    }

    /// Decodes the WebP bitstream `data`, of `width × height` pixels (checked by the caller), into
    /// `surface` with its top-left pixel at (`x`, `y`), in libwebp's premultiplied mode; destroys
    /// the surface and throws `corruptData` if libwebp fails.
    private static func decodeWebP(
        _ data: UnsafeBufferPointer<UInt8>, into surface: OpaquePointer, x: Int, y: Int, width: Int,
        height: Int
    ) throws {
        let stride = Int(cairo_image_surface_get_stride(surface))
        var config = WebPDecoderConfig()
        guard WebPInitDecoderConfig(&config) != 0, let pixels = cairo_image_surface_get_data(surface) else {
            cairo_surface_destroy(surface)
            throw CGImageCodingError.unsupportedLayout(
                detail: "libwebp's decoder version does not match its header")
        }
        #if _endian(little)
            config.output.colorspace = MODE_bgrA
        #else
            config.output.colorspace = MODE_Argb
        #endif
        config.output.is_external_memory = 1
        config.output.u.RGBA.rgba = pixels + y * stride + x * 4
        config.output.u.RGBA.stride = Int32(stride)
        // Up to the frame's last pixel: libwebp refuses to decode a larger image into it.
        config.output.u.RGBA.size = stride * (height - 1) + width * 4
        let status = WebPDecode(data.baseAddress, data.count, &config)
        WebPFreeDecBuffer(&config.output)
        guard status == VP8_STATUS_OK else {
            cairo_surface_destroy(surface)
            throw CGImageCodingError.corruptData(
                format: "WebP", message: webPMessage(status, reading: "image"))
        }
        cairo_surface_mark_dirty(surface)
    }

    /// A sentence for a libwebp status met while reading `part` ("header" or "image").
    private static func webPMessage(_ status: VP8StatusCode, reading part: String) -> String {
        switch status {
        case VP8_STATUS_NOT_ENOUGH_DATA: return "data ends before the \(part) is complete"
        case VP8_STATUS_BITSTREAM_ERROR: return "invalid \(part) bitstream"
        case VP8_STATUS_UNSUPPORTED_FEATURE: return "unsupported feature in the \(part)"
        case VP8_STATUS_OUT_OF_MEMORY: return "out of memory decoding the \(part)"
        case VP8_STATUS_INVALID_PARAM: return "invalid parameter decoding the \(part)"
        default: return "libwebp status \(status.rawValue) decoding the \(part)"
        }
    }
}
