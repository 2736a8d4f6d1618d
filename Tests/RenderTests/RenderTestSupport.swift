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

/// A frame time at which every implicit animation of a commit made now has ended, whichever
/// clock is in use: a day after the current media time. Tests of still pictures that change a
/// committed tree and render it again draw at this time. Drawn at `CACurrentMediaTime()`, they
/// would see the model only because that time precedes the commit's, which holds under the
/// system clock but not under a manual clock that a test running at the same time (an export,
/// the UIKit animation tests) has set for the whole process: there the frame is the implicit
/// animation's first, showing the old value.
func settledFrameTime() -> CFTimeInterval {
    CACurrentMediaTime() + 86_400
}
