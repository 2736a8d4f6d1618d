import QuartzCore
import Testing

/// A cleared premultiplied sRGB bitmap context (BGRA in memory, Cairo's native layout) for
/// building test images.
func makeImageContext(width: Int, height: Int) throws -> CGContext {
    try #require(
        CGContext(
            data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
            space: CGColorSpace(name: CGColorSpace.sRGB)!,
            bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue
        ))
}
