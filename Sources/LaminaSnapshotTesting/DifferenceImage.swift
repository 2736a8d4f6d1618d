import CoreGraphics

/// The picture attached to a failed image comparison (swift-snapshot-testing's
/// `difference.png`): one gray pixel per pixel, the largest absolute difference of its red,
/// green, blue and alpha bytes, stretched so that the largest difference in the image is white
/// (ruling S3); equal pixels are black. Where the sizes differ, the picture covers both images
/// and pixels that only one image has are white.
enum DifferenceImage {
    /// The difference of `reference` and `snapshot` as an opaque image (gray in RGBA).
    static func make(_ reference: RGBABitmap, _ snapshot: RGBABitmap) -> RGBABitmap {
        let width = max(reference.width, snapshot.width)
        let height = max(reference.height, snapshot.height)
        var levels = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                levels[y * width + x] = difference(reference, snapshot, x: x, y: y)
            }
        }
        let largest = levels.max() ?? 0
        var bytes = [UInt8](repeating: 255, count: width * height * 4)
        for (index, level) in levels.enumerated() {
            let stretched = largest == 0 ? 0 : UInt8((Int(level) * 255 + Int(largest) / 2) / Int(largest))
            bytes[index * 4] = stretched
            bytes[index * 4 + 1] = stretched
            bytes[index * 4 + 2] = stretched
        }
        return RGBABitmap(width: width, height: height, bytes: bytes)
    }

    /// The largest component difference at (`x`, `y`); 255 where only one image has the pixel.
    private static func difference(_ a: RGBABitmap, _ b: RGBABitmap, x: Int, y: Int) -> UInt8 {
        guard x < a.width, y < a.height, x < b.width, y < b.height else { return 255 }
        let i = (y * a.width + x) * 4
        let j = (y * b.width + x) * 4
        var largest: UInt8 = 0
        for component in 0..<4 {
            let p = a.bytes[i + component]
            let q = b.bytes[j + component]
            largest = max(largest, p > q ? p - q : q - p)
        }
        return largest
    }
}
