import CoreGraphics
import Foundation

/// An RGBA context (`.premultipliedLast`, bytes R, G, B, A in memory) of `width × height`, cleared.
func rgbaContext(width: Int, height: Int) -> CGContext {
    CGContext(
        data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
        space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
}

/// The bytes of pixel `x` of memory row `row` (row 0 is the top of the bitmap) of a context,
/// through its `data` pointer: R, G, B, A for an RGBA context.
func pixel(_ context: CGContext, x: Int, row: Int) -> [UInt8] {
    let bytesPerPixel = context.bitsPerPixel / 8
    guard let data = context.data else { return [] }
    let start = data + row * context.bytesPerRow + x * bytesPerPixel
    return (0..<bytesPerPixel).map { start.load(fromByteOffset: $0, as: UInt8.self) }
}
