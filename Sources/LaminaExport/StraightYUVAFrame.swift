import Foundation

/// Converts rendered frames for ffmpeg's overlay on an underlay (ruling X19): premultiplied RGBA,
/// bottom row first (what `CARenderer.readPixels(into:bytesPerRow:bottomRowFirst:)` reads), to
/// planar YUV 4:2:0 with a full-resolution alpha plane and straight colour, top row first
/// (ffmpeg's `yuva420p`), BT.709 coefficients and limited range, as `CARenderer.readYUV420`
/// converts opaque frames.
///
/// Y is each pixel's colour divided by its alpha (16 where the alpha is 0); each chroma sample is
/// its 2×2 block's summed colour divided by the block's summed alpha (128 where that is 0).
/// Blending a picture's Y by each pixel's alpha and its chroma by the block's mean alpha, as
/// ffmpeg's `overlay` does with straight alpha in 4:2:0, then gives what compositing the
/// premultiplied frame over the picture in RGB and converting to 4:2:0 gives, up to rounding.
///
/// A frame over video is mostly transparent: fully transparent 2×2 blocks (all bytes 0) are
/// skipped, so the cost is a scan of the frame plus the drawn pixels.
struct StraightYUVAFrame {
    /// The frame's size in pixels, both even.
    let width: Int
    let height: Int

    /// Whether frames of `width × height` can be converted (both even).
    static func supports(width: Int, height: Int) -> Bool {
        width > 0 && height > 0 && width % 2 == 0 && height % 2 == 0
    }

    /// The bytes of one converted frame: `width × height × 5 / 2`.
    var byteCount: Int { width * height * 5 / 2 }

    /// Converts `rgba` (`width × height × 4` bytes, 8-byte aligned) into `yuva`
    /// (``byteCount`` bytes): the Y, Cb, Cr and alpha planes in that order.
    ///
    /// - Complexity: O(width × height).
    func convert(_ rgba: UnsafeRawPointer, into yuva: UnsafeMutableRawPointer) {
        let planeBytes = width * height
        let chromaBytes = planeBytes / 4
        let luma = yuva.assumingMemoryBound(to: UInt8.self)
        let cb = luma + planeBytes
        let cr = cb + chromaBytes
        let alpha = cr + chromaBytes
        luma.update(repeating: 16, count: planeBytes)
        cb.update(repeating: 128, count: 2 * chromaBytes)
        alpha.update(repeating: 0, count: planeBytes)
        // Two pixels a word: a block of four is two words, one in each of its rows.
        let words = rgba.assumingMemoryBound(to: UInt64.self)
        let wordsPerRow = width / 2
        for blockRow in 0..<height / 2 {
            let upper = words + (height - 1 - 2 * blockRow) * wordsPerRow
            let lower = upper - wordsPerRow
            for blockColumn in 0..<wordsPerRow where upper[blockColumn] | lower[blockColumn] != 0 {
                convertBlock(
                    rgba.assumingMemoryBound(to: UInt8.self), row: 2 * blockRow, column: 2 * blockColumn,
                    luma: luma, alpha: alpha,
                    chroma: (
                        cb + blockRow * wordsPerRow + blockColumn, cr + blockRow * wordsPerRow + blockColumn
                    ))
            }
        }
    }

    /// Converts the 2×2 block whose top-left pixel is (`column`, `row`), rows counted from the
    /// top.
    private func convertBlock(
        _ rgba: UnsafePointer<UInt8>, row: Int, column: Int, luma: UnsafeMutablePointer<UInt8>,
        alpha: UnsafeMutablePointer<UInt8>,
        chroma: (cb: UnsafeMutablePointer<UInt8>, cr: UnsafeMutablePointer<UInt8>)
    ) {
        var sum: (r: Float, g: Float, b: Float, a: Float) = (0, 0, 0, 0)
        for dy in 0..<2 {
            let source = rgba + ((height - 1 - (row + dy)) * width + column) * 4
            let target = (row + dy) * width + column
            for dx in 0..<2 {
                let pixel = source + dx * 4
                let (r, g, b, a) = (Float(pixel[0]), Float(pixel[1]), Float(pixel[2]), Float(pixel[3]))
                sum = (sum.r + r, sum.g + g, sum.b + b, sum.a + a)
                guard a > 0 else { continue }
                let y = 16 + 219 * (0.2126 * r + 0.7152 * g + 0.0722 * b) / a
                luma[target + dx] = Self.byte(y)
                alpha[target + dx] = pixel[3]
            }
        }
        guard sum.a > 0 else { return }
        let (r, g, b) = (sum.r / sum.a, sum.g / sum.a, sum.b / sum.a)
        chroma.cb.pointee = Self.byte(128 + 224 * (-0.114572 * r - 0.385428 * g + 0.5 * b))
        chroma.cr.pointee = Self.byte(128 + 224 * (0.5 * r - 0.454153 * g - 0.045847 * b))
    }

    /// `value` rounded to the nearest byte, clamped to 0…255.
    private static func byte(_ value: Float) -> UInt8 {
        UInt8(min(max(value.rounded(), 0), 255))
    }
}
