extension CGImage {
    /// Whether every pixel of the image is opaque in the bytes a GPU is given for it: Cairo's
    /// premultiplied BGRA bytes as they are (`withPremultipliedBGRA8Bytes`), or else the converted
    /// premultiplied RGBA (`premultipliedRGBA8Pixels()`) — alpha 255 in every pixel. `false` when
    /// one pixel is not, and for a layout neither reads (such an image cannot be uploaded).
    ///
    /// Decided from the pixels, not from `alphaInfo`: an image decoded or drawn with an alpha
    /// channel may still be opaque everywhere (a photo), and the compositor draws nothing that an
    /// opaque image hides (ruling V25). Read once, on the first call from any thread, and kept with
    /// the image, which is immutable; later calls only read the kept answer.
    ///
    /// - Complexity: O(width × height) on the first call (and a converted copy of the pixels for
    ///   layouts other than Cairo's); O(1) afterwards.
    package var isOpaqueInEveryPixel: Bool {
        if let known = opacity.withLock({ $0 }) { return known }
        let found = readOpacity()
        opacity.withLock { $0 = found }
        return found
    }

    /// Reads every pixel's alpha: `isOpaqueInEveryPixel` before it is kept.
    private func readOpacity() -> Bool {
        let (width, height) = (self.width, self.height)
        let direct: Bool? = withPremultipliedBGRA8Bytes { bytes, rowPixels in
            // Little-endian ARGB32: alpha is the fourth byte of each pixel.
            for row in 0..<height {
                let start = row * rowPixels * 4 + 3
                for offset in stride(from: start, to: start + width * 4, by: 4) where bytes[offset] != 255 {
                    return false
                }
            }
            return true
        }
        if let direct { return direct }
        guard let pixels = premultipliedRGBA8Pixels() else { return false }
        return pixels.withUnsafeBufferPointer { rgba in
            stride(from: 3, to: rgba.count, by: 4).allSatisfy { rgba[$0] == 255 }
        }
    }
}
