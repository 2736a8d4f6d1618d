import Foundation

/// A PNG file's chunk layout, checked before any decoder sees it: the header's size and pixel
/// layout, every chunk's declared length against the bytes actually present, and the amount of
/// compressed image data.
///
/// Cairo's PNG reader (libpng) allocates what the file declares before it reads what follows:
/// the whole surface for the header's size, and a buffer for each chunk of the length the chunk
/// claims. A 241-byte file whose text chunk claims 2 GiB made it allocate and fill 2 GiB before
/// failing. Every such claim is checked here against the data in hand (ruling G15).
struct PNGStructure {
    /// The declared width and height in pixels.
    let width: Int
    let height: Int
    /// Bits per sample (1, 2, 4, 8 or 16) and colour type (0, 2, 3, 4 or 6).
    let bitDepth: Int
    let colourType: Int
    /// Whether the image is Adam7-interlaced.
    let interlaced: Bool
    /// The total length of the IDAT chunks (compressed image data), in bytes.
    let imageDataLength: Int

    /// Reads the chunk layout of `bytes` (which start with the PNG signature).
    ///
    /// - Throws: `CGImageCodingError.corruptData` when the first chunk is not a valid IHDR.
    ///   A chunk whose length runs past the end of the data (or past PNG's 2³¹ − 1) is recorded
    ///   in `chunkProblem`, for `checkImageDataCanFill()` to throw after the size checks.
    init(_ bytes: [UInt8]) throws {
        func corrupt(_ message: String) -> CGImageCodingError {
            .corruptData(format: "PNG", message: message)
        }
        func word(_ offset: Int) -> Int {
            bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
        }
        // The IHDR chunk must come first: length (4), "IHDR" (4), width (4), height (4), depth,
        // colour type, compression, filter, interlace (1 each).
        guard bytes.count >= 33 else { throw corrupt("data ends inside the header") }
        guard bytes[12..<16].elementsEqual(Array("IHDR".utf8)), word(8) == 13 else {
            throw corrupt("the first chunk is not IHDR")
        }
        width = word(16)
        height = word(20)
        bitDepth = Int(bytes[24])
        colourType = Int(bytes[25])
        interlaced = bytes[28] == 1
        guard width > 0, height > 0 else { throw corrupt("zero width or height") }
        var offset = 8
        var idat = 0
        while offset + 8 <= bytes.count {
            let length = word(offset)
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            guard length <= Int(Int32.max), length + 12 <= bytes.count - offset else {
                chunkProblem =
                    "the \(type) chunk claims \(length) bytes but only \(max(0, bytes.count - offset - 12)) remain"
                break
            }
            if type == "IDAT" { idat += length }
            offset += length + 12
            if type == "IEND" { break }
        }
        imageDataLength = idat
    }

    /// Why the chunks cannot be trusted (a length past the end of the data), or `nil`.
    private(set) var chunkProblem: String?

    /// The bytes of filtered scanlines the image data must inflate to: each row's samples plus
    /// its filter byte (for an interlaced image, at least the same count of bytes in its passes,
    /// counted here without their extra filter bytes).
    var rawLength: Int {
        let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][colourType] ?? 1
        let rowBits = width * channels * max(1, bitDepth)
        return height * ((rowBits + 7) / 8 + (interlaced ? 0 : 1))
    }

    /// Deflate's largest expansion: 258 bytes from one 1-bit-ish symbol pair, about 1032 to 1
    /// (with a little room for block and stream headers).
    static let maximumInflation = 1032

    /// Throws when a chunk's length lies (`chunkProblem`), there is no image data, or the
    /// compressed image data is too short to hold the declared image, whatever
    /// it decompresses to: the file lies about its size (or is cut short), and decoding it would
    /// only allocate the declared surface and fail.
    func checkImageDataCanFill() throws {
        if let chunkProblem { throw CGImageCodingError.corruptData(format: "PNG", message: chunkProblem) }
        guard imageDataLength > 0 else {
            throw CGImageCodingError.corruptData(format: "PNG", message: "no image data (IDAT chunk)")
        }
        let capacity = imageDataLength.multipliedReportingOverflow(by: Self.maximumInflation)
        guard capacity.overflow || capacity.partialValue + 1024 >= rawLength else {
            throw CGImageCodingError.corruptData(
                format: "PNG",
                message:
                    "\(imageDataLength) bytes of image data cannot hold a \(width)×\(height) image "
                    + "(\(rawLength) bytes uncompressed); the file is truncated or lies about its size")
        }
    }
}
