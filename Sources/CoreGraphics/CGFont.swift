@_implementationOnly import CPango

/// A font face without a size, Apple's `CGFont`: an installed font found by name, with the
/// metrics of its design in font units.
///
/// Lamina finds fonts through fontconfig. `CGFont(_:)` returns a font only when an installed
/// face has the given PostScript name (`"DejaVuSans-Bold"`), full name (`"DejaVu Sans Bold"`) or
/// family name (`"DejaVu Sans"`, the family's regular face), compared ignoring case and blanks,
/// as Apple's returns `nil` for a font that is not installed. (`CATextLayer` takes any font name
/// and falls back to fontconfig's substitute instead.)
///
/// The metrics come from the font file through HarfBuzz: the horizontal ascender, descender and
/// line gap (OS/2 typographic values when the font asks for them, else `hhea`), cap and x
/// height, in font units (`unitsPerEm` per em). Multiply by `size / unitsPerEm` for points.
public final class CGFont: Hashable, Sendable, CustomStringConvertible {
    /// The face this font draws with.
    let face: ResolvedFace

    /// The font's PostScript name (`"DejaVuSans"`), or `nil` when the font has none.
    public let postScriptName: String?
    /// The font's full name (`"DejaVu Sans"`, `"DejaVu Sans Bold"`), or `nil` when it has none.
    public let fullName: String?
    /// The family name the font belongs to (Lamina's addition; Core Text reports it as
    /// `CTFontCopyFamilyName`).
    public let familyName: String
    /// The number of font units per em (typically 1000 or 2048).
    public let unitsPerEm: Int32
    /// The distance from the baseline to the top of the design, in font units (positive).
    public let ascent: Int32
    /// The distance from the baseline to the bottom of the design, in font units: negative, as
    /// Apple reports it.
    public let descent: Int32
    /// The recommended gap between lines, in font units (0 for many fonts).
    public let leading: Int32
    /// The height of flat capital letters above the baseline, in font units.
    public let capHeight: Int32
    /// The height of flat lowercase letters above the baseline, in font units.
    public let xHeight: Int32
    /// The number of glyphs in the font.
    public let numberOfGlyphs: Int
    /// The slant of the design in degrees counter-clockwise from vertical (negative for a font
    /// that leans right, as the `post` table records it; 0 for upright fonts).
    public let italicAngle: CGFloat
    /// The union of all glyph bounding boxes, in font units (the `head` table's box).
    public let fontBBox: CGRect

    /// The installed font named `name` (PostScript, full or family name), or `nil` when no
    /// installed font has that name, as Apple's `CGFont(_:)`.
    public convenience init?(_ name: String) {
        guard let resolution = FontResolver.resolve(name), resolution.isExact else { return nil }
        self.init(face: resolution.face)
    }

    /// A font for a resolved face (which may be a substitute), reading its metrics.
    init(face: ResolvedFace) {
        self.face = face
        postScriptName = face.postScriptName
        fullName = face.fullName
        familyName = face.family
        let metrics = FontMetrics(file: face.file, index: face.index)
        unitsPerEm = metrics.unitsPerEm
        ascent = metrics.ascent
        descent = metrics.descent
        leading = metrics.lineGap
        capHeight = metrics.capHeight
        xHeight = metrics.xHeight
        numberOfGlyphs = metrics.glyphCount
        italicAngle = metrics.italicAngle
        fontBBox = metrics.boundingBox
    }

    /// Whether both fonts are the same face.
    public static func == (lhs: CGFont, rhs: CGFont) -> Bool {
        lhs.face == rhs.face
    }

    /// Hashes the face.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(face)
    }

    /// The PostScript name, or the family name when the font has none.
    public var description: String {
        "<CGFont \(postScriptName ?? familyName)>"
    }
}

/// A face's design metrics read through HarfBuzz, in font units.
struct FontMetrics {
    var unitsPerEm: Int32 = 1000
    var ascent: Int32 = 0
    var descent: Int32 = 0
    var lineGap: Int32 = 0
    var capHeight: Int32 = 0
    var xHeight: Int32 = 0
    var glyphCount = 0
    var italicAngle: CGFloat = 0
    var boundingBox = CGRect.zero

    /// Reads the metrics of face `index` of `file`; a file HarfBuzz cannot read gives zeros
    /// (with 1000 units per em).
    init(file: String, index: Int) {
        guard let blob = hb_blob_create_from_file_or_fail(file) else { return }
        defer { hb_blob_destroy(blob) }
        guard let face = hb_face_create(blob, UInt32(max(index, 0))) else { return }
        defer { hb_face_destroy(face) }
        let upem = hb_face_get_upem(face)
        guard upem > 0, let font = hb_font_create(face) else { return }
        defer { hb_font_destroy(font) }
        // A new HarfBuzz font's scale is the em size, so positions come back in font units.
        func metric(_ tag: hb_ot_metrics_tag_t) -> Int32 {
            var position: hb_position_t = 0
            hb_ot_metrics_get_position_with_fallback(font, tag, &position)
            return position
        }
        unitsPerEm = Int32(upem)
        ascent = metric(HB_OT_METRICS_TAG_HORIZONTAL_ASCENDER)
        descent = metric(HB_OT_METRICS_TAG_HORIZONTAL_DESCENDER)
        lineGap = metric(HB_OT_METRICS_TAG_HORIZONTAL_LINE_GAP)
        capHeight = metric(HB_OT_METRICS_TAG_CAP_HEIGHT)
        xHeight = metric(HB_OT_METRICS_TAG_X_HEIGHT)
        glyphCount = Int(hb_face_get_glyph_count(face))
        let head = Self.table(face, "head")
        if head.count >= 44 {
            let xMin = Self.int16(head, 36)
            let yMin = Self.int16(head, 38)
            let xMax = Self.int16(head, 40)
            let yMax = Self.int16(head, 42)
            boundingBox = CGRect(x: xMin, y: yMin, width: xMax - xMin, height: yMax - yMin)
        }
        let post = Self.table(face, "post")
        if post.count >= 8 {
            let fixed = Int32(
                bitPattern: UInt32(post[4]) << 24 | UInt32(post[5]) << 16 | UInt32(post[6]) << 8
                    | UInt32(post[7]))
            italicAngle = CGFloat(fixed) / 65536
        }
    }

    /// The bytes of the table `tag` of `face` (empty when absent).
    private static func table(_ face: OpaquePointer, _ tag: String) -> [UInt8] {
        let bytes = Array(tag.utf8)
        guard bytes.count == 4 else { return [] }
        let code = UInt32(bytes[0]) << 24 | UInt32(bytes[1]) << 16 | UInt32(bytes[2]) << 8 | UInt32(bytes[3])
        guard let blob = hb_face_reference_table(face, code) else { return [] }
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length > 0 else { return [] }
        return data.withMemoryRebound(to: UInt8.self, capacity: Int(length)) {
            Array(UnsafeBufferPointer(start: $0, count: Int(length)))
        }
    }

    /// The big-endian signed 16-bit value at `offset`.
    private static func int16(_ bytes: [UInt8], _ offset: Int) -> Int {
        Int(Int16(bitPattern: UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])))
    }
}
