import QuartzCore

@_implementationOnly import CJPEG

extension UIImage {
    /// The bitmap as baseline JPEG data; `nil` for an empty image or when encoding fails.
    ///
    /// JPEG has no alpha: the premultiplied colour is written, so transparent pixels come out
    /// black, as on iOS. `compressionQuality` 0 (smallest) to 1 (best) maps linearly onto
    /// libjpeg's quality 0–100 (ruling U16); values outside are clamped, NaN counts as 1.
    public func jpegData(compressionQuality: CGFloat) -> Data? {
        guard let cgImage, let pixels = cgImage.premultipliedRGBA8Pixels() else { return nil }
        let fraction = compressionQuality.isNaN ? 1 : min(max(compressionQuality, 0), 1)
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = pixels.withUnsafeBufferPointer { buffer in
            lamina_jpeg_encode(
                buffer.baseAddress, UInt(cgImage.width), UInt(cgImage.height), UInt(cgImage.width * 4),
                Int32((fraction * 100).rounded()), &output, &size, &message)
        }
        defer { free(output) }
        guard status == Int32(LAMINA_JPEG_OK), let output else { return nil }
        return Data(bytes: output, count: Int(size))
    }
}
