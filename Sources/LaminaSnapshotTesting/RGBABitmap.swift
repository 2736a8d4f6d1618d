import CoreGraphics
import Foundation

/// An image's pixels as 8-bit premultiplied RGBA in sRGB, top row first, rows packed
/// (`width × 4` bytes): the layout swift-snapshot-testing draws both images into before it
/// compares them.
struct RGBABitmap: Equatable {
    let width: Int
    let height: Int
    /// `width × height × 4` bytes: red, green, blue, alpha (colours premultiplied by alpha).
    let bytes: [UInt8]

    /// The pixels of `image`, drawn into an sRGB premultiplied-RGBA context of its size (so any
    /// decoded layout compares equal when it shows the same colours); `nil` for an image
    /// without pixels or one that cannot be drawn.
    init?(_ image: CGImage) {
        let width = image.width
        let height = image.height
        guard width > 0, height > 0, let space = CGColorSpace(name: CGColorSpace.sRGB),
            let context = CGContext(
                data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: width * 4,
                space: space, bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
        else { return nil }
        context.draw(image, in: CGRect(x: 0, y: 0, width: width, height: height))
        guard let drawn = context.makeImage(), let data = drawn.dataProvider?.data,
            drawn.bytesPerRow >= width * 4, data.count >= drawn.bytesPerRow * height
        else { return nil }
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        data.withUnsafeBytes { source in
            bytes.withUnsafeMutableBytes { target in
                for row in 0..<height {
                    let from = source.baseAddress! + row * drawn.bytesPerRow
                    (target.baseAddress! + row * width * 4).copyMemory(from: from, byteCount: width * 4)
                }
            }
        }
        self.init(width: width, height: height, bytes: bytes)
    }

    /// A bitmap of the given pixels; `bytes.count` must be `width × height × 4`.
    init(width: Int, height: Int, bytes: [UInt8]) {
        precondition(
            bytes.count == width * height * 4, "RGBABitmap: \(bytes.count) bytes for \(width)×\(height)")
        self.width = width
        self.height = height
        self.bytes = bytes
    }

    /// The pixels as a `CGImage` (sRGB, premultiplied RGBA).
    func makeImage() -> CGImage? {
        guard let provider = CGDataProvider(data: Data(bytes)),
            let space = CGColorSpace(name: CGColorSpace.sRGB)
        else { return nil }
        return CGImage(
            width: width, height: height, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: width * 4,
            space: space, bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedLast.rawValue),
            provider: provider, decode: nil, shouldInterpolate: false, intent: .defaultIntent)
    }
}
