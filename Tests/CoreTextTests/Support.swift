import CoreGraphics
import CoreText
import Foundation

/// An RGBA context (`.premultipliedLast`, bytes R, G, B, A in memory) of `width × height`, cleared.
func rgbaContext(width: Int, height: Int) -> CGContext {
    CGContext(
        data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
        space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
}

/// The R, G, B, A bytes of pixel `x` of memory row `row` (row 0 is the top of the bitmap).
func pixel(_ context: CGContext, x: Int, row: Int) -> [UInt8] {
    guard let data = context.data else { return [] }
    let start = data + row * context.bytesPerRow + x * 4
    return (0..<4).map { start.load(fromByteOffset: $0, as: UInt8.self) }
}

/// The smallest rectangle of pixels with alpha above `threshold`, in y-up device coordinates
/// (x right, y from the bottom edge; a pixel at column x, y-up row y covers x..<x+1, y..<y+1);
/// `.null` when nothing is inked.
func inkBox(_ context: CGContext, threshold: UInt8 = 64) -> CGRect {
    var box = CGRect.null
    for row in 0..<context.height {
        for x in 0..<context.width where pixel(context, x: x, row: row)[3] > threshold {
            let y = context.height - 1 - row
            box = box.union(CGRect(x: x, y: y, width: 1, height: 1))
        }
    }
    return box
}

/// The number of inked pixels (alpha above `threshold`) in y-up row `y`.
func inkCount(_ context: CGContext, y: Int, threshold: UInt8 = 64) -> Int {
    let row = context.height - 1 - y
    return (0..<context.width).filter { pixel(context, x: $0, row: row)[3] > threshold }.count
}

/// An attributed string of `text` with Core Text attributes, keyed as iOS code keys them.
func attributed(
    _ text: String, font: CTFont, color: CGColor? = nil, kern: CGFloat? = nil,
    paragraphStyle: CTParagraphStyle? = nil
) -> NSAttributedString {
    var attributes: [NSAttributedString.Key: Any] = [
        NSAttributedString.Key(kCTFontAttributeName as String): font
    ]
    if let color { attributes[NSAttributedString.Key(kCTForegroundColorAttributeName as String)] = color }
    if let kern {
        attributes[NSAttributedString.Key(kCTKernAttributeName as String)] = NSNumber(value: Double(kern))
    }
    if let paragraphStyle {
        attributes[NSAttributedString.Key(kCTParagraphStyleAttributeName as String)] = paragraphStyle
    }
    return NSAttributedString(string: text, attributes: attributes)
}

/// A paragraph style with `CGFloat` settings and optionally an alignment and line break mode,
/// made as iOS code makes one.
func paragraphStyle(
    _ numbers: [CTParagraphStyleSpecifier: CGFloat], alignment: CTTextAlignment? = nil,
    lineBreakMode: CTLineBreakMode? = nil
) -> CTParagraphStyle {
    var values = Array(numbers.values)
    var alignmentValue = alignment ?? .natural
    var modeValue = lineBreakMode ?? .byWordWrapping
    return values.withUnsafeMutableBufferPointer { buffer in
        var settings = zip(numbers.keys, buffer.indices).map { spec, index in
            CTParagraphStyleSetting(
                spec: spec, valueSize: MemoryLayout<CGFloat>.size,
                value: UnsafeRawPointer(buffer.baseAddress! + index))
        }
        return withUnsafePointer(to: &alignmentValue) { alignmentPointer in
            withUnsafePointer(to: &modeValue) { modePointer in
                if alignment != nil {
                    settings.append(
                        CTParagraphStyleSetting(
                            spec: .alignment, valueSize: MemoryLayout<CTTextAlignment>.size,
                            value: alignmentPointer))
                }
                if lineBreakMode != nil {
                    settings.append(
                        CTParagraphStyleSetting(
                            spec: .lineBreakMode, valueSize: MemoryLayout<CTLineBreakMode>.size,
                            value: modePointer))
                }
                return CTParagraphStyleCreate(settings, settings.count)
            }
        }
    }
}

/// The design metrics of a font file read straight from its `head`, `hhea` and `OS/2` tables
/// (independently of HarfBuzz and Pango): units per em, the ascender, descender and line gap
/// HarfBuzz reports (OS/2 typographic values when `USE_TYPO_METRICS` is set, else `hhea`'s), cap
/// and x height.
struct FontFileMetrics {
    var unitsPerEm = 0
    var ascender = 0
    var descender = 0
    var lineGap = 0
    var capHeight = 0
    var xHeight = 0

    init?(path: String) {
        guard let data = FileManager.default.contents(atPath: path), data.count > 12 else { return nil }
        let bytes = [UInt8](data)
        func u16(_ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }
        func s16(_ at: Int) -> Int { Int(Int16(bitPattern: UInt16(u16(at)))) }
        func u32(_ at: Int) -> Int { u16(at) << 16 | u16(at + 2) }
        var tables: [String: Int] = [:]
        for index in 0..<u16(4) {
            let record = 12 + 16 * index
            let tag = String(decoding: bytes[record..<record + 4], as: UTF8.self)
            tables[tag] = u32(record + 8)
        }
        guard let head = tables["head"], let hhea = tables["hhea"], let os2 = tables["OS/2"] else {
            return nil
        }
        unitsPerEm = u16(head + 18)
        let useTypo = u16(os2 + 62) & 0x80 != 0
        ascender = useTypo ? s16(os2 + 68) : s16(hhea + 4)
        descender = useTypo ? s16(os2 + 70) : s16(hhea + 6)
        lineGap = useTypo ? s16(os2 + 72) : s16(hhea + 8)
        xHeight = s16(os2 + 86)
        capHeight = s16(os2 + 88)
    }
}

/// Apple's SDK declares no `Equatable` for `CFRange`; iOS code (and these tests) add it.
extension CFRange: Equatable {
    /// Whether both ranges have the same location and length.
    public static func == (lhs: CFRange, rhs: CFRange) -> Bool {
        lhs.location == rhs.location && lhs.length == rhs.length
    }
}
