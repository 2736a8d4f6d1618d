internal import CCairo
internal import CWebP
import Foundation

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
    /// is allocated. Animated files are refused (ruling G19).
    ///
    /// - Throws: `CGImageCodingError.corruptData` (format "WebP"), `.unsupportedLayout` (animated
    ///   WebP) or `.sizeTooLarge`.
    static func decodeWebPSurface(_ bytes: [UInt8]) throws -> OpaquePointer {
        let features = try webPFeatures(bytes)
        let width = Int(features.width)
        let height = Int(features.height)
        if features.has_animation != 0 {
            throw CGImageCodingError.unsupportedLayout(
                detail: "animated WebP (\(width)×\(height)); only still WebP images are decoded")
        }
        guard width > 0, height > 0 else {
            throw CGImageCodingError.corruptData(
                format: "WebP", message: "image of \(width)×\(height) pixels")
        }
        try checkCodingSize(width: width, height: height)
        let opaque = features.has_alpha == 0
        guard
            let surface = cairo_image_surface_create(
                opaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        else {
            throw CGImageCodingError.unsupportedLayout(detail: "cannot allocate a \(width)×\(height) image")
        }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
            let pixels = cairo_image_surface_get_data(surface)
        else {
            cairo_surface_destroy(surface)
            throw CGImageCodingError.unsupportedLayout(detail: "cannot allocate a \(width)×\(height) image")
        }
        let stride = Int(cairo_image_surface_get_stride(surface))
        var config = WebPDecoderConfig()
        guard WebPInitDecoderConfig(&config) != 0 else {
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
        config.output.width = Int32(width)
        config.output.height = Int32(height)
        config.output.u.RGBA.rgba = pixels
        config.output.u.RGBA.stride = Int32(stride)
        config.output.u.RGBA.size = stride * height
        let status = bytes.withUnsafeBufferPointer { buffer in
            WebPDecode(buffer.baseAddress, buffer.count, &config)
        }
        WebPFreeDecBuffer(&config.output)
        guard status == VP8_STATUS_OK else {
            cairo_surface_destroy(surface)
            throw CGImageCodingError.corruptData(
                format: "WebP", message: webPMessage(status, reading: "image"))
        }
        cairo_surface_mark_dirty(surface)
        return surface
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
