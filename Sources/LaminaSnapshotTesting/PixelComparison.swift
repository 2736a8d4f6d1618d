import Foundation

/// How two bitmaps of the same size differ, by swift-snapshot-testing's two measures.
enum PixelComparison {
    /// The number of bytes (four per pixel: red, green, blue, alpha) that differ, the measure
    /// swift-snapshot-testing's `precision` applies when `perceptualPrecision` is 1.
    ///
    /// - Complexity: O(pixels).
    static func differentByteCount(_ reference: RGBABitmap, _ snapshot: RGBABitmap) -> Int {
        precondition(reference.bytes.count == snapshot.bytes.count, "PixelComparison: sizes differ")
        var count = 0
        reference.bytes.withUnsafeBufferPointer { old in
            snapshot.bytes.withUnsafeBufferPointer { new in
                var index = 0
                while index < old.count {
                    if old[index] != new[index] { count += 1 }
                    index += 1
                }
            }
        }
        return count
    }

    /// The perceptual difference of every pixel (ΔE94, 0…100 and more), `nil` where the pixels'
    /// bytes are equal (difference 0, not computed).
    ///
    /// A pixel's difference is the larger of the ΔE94 of the two colours composited over black
    /// and over white (ruling S2): for opaque pixels both are the ΔE94 of the colours themselves,
    /// as Core Image's `CILabDeltaE` measures them; for translucent ones a change of alpha alone
    /// counts too (a transparent pixel and an opaque black one differ by 100 over white).
    ///
    /// - Complexity: O(pixels), with the colour conversion only where bytes differ.
    static func deltaE(_ reference: RGBABitmap, _ snapshot: RGBABitmap) -> [Float?] {
        precondition(reference.bytes.count == snapshot.bytes.count, "PixelComparison: sizes differ")
        let old = reference.bytes
        let new = snapshot.bytes
        var result = [Float?](repeating: nil, count: reference.width * reference.height)
        var pixel = 0
        while pixel < result.count {
            let i = pixel * 4
            if old[i] != new[i] || old[i + 1] != new[i + 1] || old[i + 2] != new[i + 2]
                || old[i + 3] != new[i + 3]
            {
                result[pixel] = Float(pixelDeltaE(old, new, at: i))
            }
            pixel += 1
        }
        return result
    }

    /// The larger of the ΔE94 over black and over white of the premultiplied pixels at `i`.
    static func pixelDeltaE(_ old: [UInt8], _ new: [UInt8], at i: Int) -> Double {
        func lab(_ bytes: [UInt8], over white: Bool) -> LabColor {
            // Premultiplied components are the colour over black; over white adds 1 − alpha.
            let backdrop = white ? Double(255 - bytes[i + 3]) : 0
            return LabColor(
                sRGBRed: (Double(bytes[i]) + backdrop) / 255, green: (Double(bytes[i + 1]) + backdrop) / 255,
                blue: (Double(bytes[i + 2]) + backdrop) / 255)
        }
        let overBlack = deltaE94(reference: lab(old, over: false), sample: lab(new, over: false))
        guard old[i + 3] != 255 || new[i + 3] != 255 else { return overBlack }
        return max(overBlack, deltaE94(reference: lab(old, over: true), sample: lab(new, over: true)))
    }

    /// swift-snapshot-testing's verdict on two bitmaps of equal size that are not byte-equal:
    /// `nil` when they match, else its failure message.
    ///
    /// - `precision` and `perceptualPrecision` both at least 1: never a match.
    /// - `perceptualPrecision` below 1: a pixel fails when its ΔE94 is more than
    ///   `(1 − perceptualPrecision) × 100`; the images match when the fraction of pixels that
    ///   do not fail is at least `precision`.
    /// - otherwise: the images match when at most `(1 − precision) × bytes` bytes differ
    ///   (swift-snapshot-testing counts bytes, not pixels, on this path; ruling S1).
    ///
    /// The arithmetic is in `Float`, as swift-snapshot-testing's, so that thresholds fall where
    /// they fall on Apple's platforms.
    static func verdict(
        reference: RGBABitmap, snapshot: RGBABitmap, precision: Float, perceptualPrecision: Float
    ) -> String? {
        if precision >= 1, perceptualPrecision >= 1 {
            return "Newly-taken snapshot does not match reference."
        }
        if perceptualPrecision < 1 {
            let threshold = (1 - perceptualPrecision) * 100
            var failing = 0
            var maximum: Float = 0
            for case let delta? in deltaE(reference, snapshot) where delta > threshold {
                failing += 1
                maximum = max(maximum, delta)
            }
            let pixelCount = reference.width * reference.height
            let actualPixelPrecision = 1 - Float(failing) / Float(pixelCount)
            guard actualPixelPrecision < precision else { return nil }
            let minimumPerceptualPrecision = 1 - min(maximum / 100, 1)
            return """
                The percentage of pixels that match \(actualPixelPrecision) is less than required \(precision)
                The lowest perceptual color precision \(minimumPerceptualPrecision) is less than required \
                \(perceptualPrecision)
                """
        }
        let byteCount = reference.bytes.count
        let byteCountThreshold = Int((1 - precision) * Float(byteCount))
        let different = differentByteCount(reference, snapshot)
        guard different > byteCountThreshold else { return nil }
        let actualPrecision = 1 - Float(different) / Float(byteCount)
        return "Actual image precision \(actualPrecision) is less than required \(precision)"
    }
}
