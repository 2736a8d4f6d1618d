import Foundation

extension ExportFormat {
    /// The renderer's largest side, in pixels (`CARenderer`).
    public static let maximumRendererSide = 16384

    /// ffmpeg's limit on a frame's area: every picture it handles must satisfy
    /// `(width + 128) × (height + 128) < 2²⁸` (its image-size check, which also guards the
    /// H.264 and VP9 encoders' buffers). The largest square frame is 16255×16255.
    public static let maximumPaddedArea = 1 << 28

    /// Throws `ExportError.invalidSize` naming the limit when frames of `width × height` pixels
    /// cannot be written in this format: larger than the renderer's 16384 per side, larger than
    /// ffmpeg's frame area (MP4 and WebM measured after padding odd sides to even), or, for
    /// GIF, wider or taller than its 16-bit 65535. H.264 levels are not a limit: x264 encodes
    /// frames above level 6.2's 139,264 macroblocks, with the highest level in the stream.
    public func checkPixelSize(width: Double, height: Double) throws {
        let limit = Double(Self.maximumRendererSide)
        guard width.isFinite, height.isFinite, width <= limit, height <= limit else {
            throw ExportError.invalidSize(
                "\(Self.describe(width))x\(Self.describe(height)) pixels is larger than the renderer's "
                    + "\(Self.maximumRendererSide)x\(Self.maximumRendererSide); choose a smaller size")
        }
        let even = !hasAlpha
        let encodedWidth = even ? (width / 2).rounded(.up) * 2 : width
        let encodedHeight = even ? (height / 2).rounded(.up) * 2 : height
        guard (encodedWidth + 128) * (encodedHeight + 128) < Double(Self.maximumPaddedArea) else {
            throw ExportError.invalidSize(
                "\(Self.describe(width))x\(Self.describe(height)) pixels is too large for ffmpeg's \(self) "
                    + "encoder, which needs (width + 128) × (height + 128) below 2^28 (at most 16255x16255); "
                    + "choose a smaller size")
        }
        if self == .gif, width > 65535 || height > 65535 {
            throw ExportError.invalidSize(
                "GIF frames are at most 65535 pixels per side; choose a smaller size")
        }
    }

    private static func describe(_ value: Double) -> String {
        value.isFinite && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

extension ExportOptions {
    /// The frame width in pixels, `size.width × scale` rounded up (not finite when the options
    /// are invalid).
    var pixelWidth: Double { Double((size.width * scale).rounded(.up)) }
    /// The frame height in pixels, `size.height × scale` rounded up.
    var pixelHeight: Double { Double((size.height * scale).rounded(.up)) }
}
