@_implementationOnly import CPango

/// An installed font face as fontconfig describes it: what Pango needs to select it again, and
/// the names and file `CGFont` reports.
struct ResolvedFace: Hashable, Sendable {
    /// The face's (first) family name, such as `"DejaVu Sans"`.
    var family: String
    /// The weight on the OpenType scale (100 thin … 400 regular … 700 bold … 1000).
    var weight: Int
    /// Fontconfig's slant: 0 roman, 100 italic, 110 oblique.
    var slant: Int
    /// Fontconfig's width: 100 normal, smaller condensed, larger expanded.
    var width: Int
    /// The PostScript name, such as `"DejaVuSans-Bold"`, when the font has one.
    var postScriptName: String?
    /// The full name, such as `"DejaVu Sans Bold"`, when the font has one.
    var fullName: String?
    /// The font file.
    var file: String
    /// The face's index in its file (collections hold several).
    var index: Int
}

/// The outcome of resolving a font name: the face to draw with, and whether it is the font that
/// was asked for (an installed font with that PostScript, full or family name) or fontconfig's
/// substitute for a font that is not installed.
struct FontResolution: Hashable, Sendable {
    /// The face to draw with.
    var face: ResolvedFace
    /// Whether an installed font has the requested name.
    var isExact: Bool
}

/// Resolves font names the way Apple's APIs take them (PostScript names such as
/// `"Helvetica-Bold"`, full names, family names) to installed faces through fontconfig, once per
/// name.
enum FontResolver {
    private final class Cache: @unchecked Sendable {
        let lock = NSLock()
        var resolutions: [String: FontResolution?] = [:]
    }

    private static let cache = Cache()

    /// Serialises every call into fontconfig (its configuration is shared process-wide).
    static let fontconfigLock = NSLock()

    /// The face for `name`: an installed font whose PostScript name, full name or family is
    /// `name` (compared as fontconfig does, ignoring case and blanks); otherwise, for a font
    /// Apple's platforms ship (``isApplePlatformFont(_:)``), fontconfig's substitute for the
    /// family part of `name`, with the weight and slant its style suffix names (`"-Bold"`,
    /// `"-Italic"`, `"-BoldOblique"`, …); for any other name, Helvetica at its regular weight,
    /// the face Core Text falls back to for a name it does not know (ruling G10). `nil` only when
    /// no font is installed at all.
    ///
    /// - Complexity: one fontconfig query per new name; later calls read a cache.
    static func resolve(_ name: String) -> FontResolution? {
        cache.lock.lock()
        if let cached = cache.resolutions[name] {
            cache.lock.unlock()
            return cached
        }
        cache.lock.unlock()
        fontconfigLock.lock()
        let result = uncachedResolve(name)
        fontconfigLock.unlock()
        cache.lock.lock()
        cache.resolutions[name] = .some(result)
        cache.lock.unlock()
        return result
    }

    private static func uncachedResolve(_ name: String) -> FontResolution? {
        guard FcInit() != 0 else { return nil }
        if !name.isEmpty {
            for object in [FC_POSTSCRIPT_NAME, FC_FULLNAME] {
                if let face = listFirst(object: object, value: name) {
                    return FontResolution(face: face, isExact: true)
                }
            }
            if let face = match(family: name, weight: nil, slant: nil), sameName(face.family, name) {
                return FontResolution(face: face, isExact: true)
            }
        }
        let (family, weight, slant) = splitStyle(name)
        let face =
            isApplePlatformFont(name)
            ? match(family: family, weight: weight, slant: slant)
            : match(family: "Helvetica", weight: 400, slant: 0)
        return face.map { FontResolution(face: $0, isExact: false) }
    }

    /// The families of the fonts that iOS and macOS ship, as their names' normalised prefixes
    /// (case, blanks, hyphens and underscores ignored), and the system font's names.
    static let applePlatformFamilies: [String] = [
        "helvetica", "arial", "times", "courier", "menlo", "monaco", "avenir", "futura", "georgia",
        "verdana", "trebuchet", "palatino", "optima", "gillsans", "baskerville", "didot",
        "americantypewriter",
        "chalkboard", "markerfelt", "noteworthy", "papyrus", "zapfino", "snellroundhand", "copperplate",
        "hoefler", "cochin", "bodoni", "charter", "rockwell", "partylet", "savoye", "sanfrancisco", "sfpro",
        "sfui", "sfcompact", "sfmono", ".sf", "system", "applesdgothic", "applecoloremoji", "lucida",
        "geneva", "kailasa", "thonburi", "damascus", "euphemia", "farah", "gurmukhi", "kefa", "mishafi",
    ]

    /// Whether `name` names a font of Apple's platforms (a PostScript, full or family name whose
    /// family is one of ``applePlatformFamilies``): such a font, when not installed, is drawn with
    /// fontconfig's metric-compatible or nearest substitute in the style its name asks; any other
    /// font missing here would be missing on Apple's platforms too (ruling G10).
    static func isApplePlatformFont(_ name: String) -> Bool {
        let normalised = name.lowercased().filter { !$0.isWhitespace && $0 != "-" && $0 != "_" }
        return applePlatformFamilies.contains { normalised.hasPrefix($0) }
    }

    /// Whether two names are equal ignoring case, blanks, hyphens and underscores.
    static func sameName(_ a: String, _ b: String) -> Bool {
        func normalised(_ s: String) -> String {
            s.lowercased().filter { !$0.isWhitespace && $0 != "-" && $0 != "_" }
        }
        return normalised(a) == normalised(b)
    }

    /// Splits a PostScript-style name into its family and the weight (OpenType scale) and slant
    /// its style suffix names: `"Helvetica-BoldOblique"` → ("Helvetica", 700, 110).
    static func splitStyle(_ name: String) -> (family: String, weight: Int?, slant: Int?) {
        guard let dash = name.lastIndex(of: "-") else { return (name, nil, nil) }
        let family = String(name[..<dash])
        let style = name[name.index(after: dash)...].lowercased()
        var weight: Int?
        var slant: Int?
        let weights: [(String, Int)] = [
            ("ultralight", 200), ("extralight", 200), ("thin", 100), ("light", 300), ("medium", 500),
            ("semibold", 600), ("demibold", 600), ("extrabold", 800), ("ultrabold", 800), ("heavy", 900),
            ("black", 900), ("bold", 700), ("regular", 400), ("roman", 400), ("book", 400),
        ]
        for (word, value) in weights where style.contains(word) {
            weight = value
            break
        }
        if style.contains("italic") { slant = 100 } else if style.contains("oblique") { slant = 110 }
        guard weight != nil || slant != nil, !family.isEmpty else { return (name, nil, nil) }
        return (family, weight, slant)
    }

    /// The first installed face whose `object` (a fontconfig string property) is `value`.
    private static func listFirst(object: String, value: String) -> ResolvedFace? {
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        FcPatternAddString(pattern, object, value)
        guard let objects = FcObjectSetCreate() else { return nil }
        defer { FcObjectSetDestroy(objects) }
        for property in [
            FC_FAMILY, FC_WEIGHT, FC_SLANT, FC_WIDTH, FC_POSTSCRIPT_NAME, FC_FULLNAME, FC_FILE, FC_INDEX,
        ] {
            FcObjectSetAdd(objects, property)
        }
        guard let set = FcFontList(nil, pattern, objects) else { return nil }
        defer { FcFontSetDestroy(set) }
        let count = Int(set.pointee.nfont)
        guard count > 0, let fonts = set.pointee.fonts else { return nil }
        // Several files can carry the name (rare); take the one with the smallest path, so the
        // choice does not depend on fontconfig's cache order.
        let faces = (0..<count).compactMap { fonts[$0].flatMap(face(from:)) }
        return faces.min { $0.file < $1.file }
    }

    /// Fontconfig's best match for a family with an optional weight (OpenType scale) and slant,
    /// after its configuration's substitutions (aliases such as Helvetica → a sans-serif).
    static func match(family: String, weight: Int?, slant: Int?) -> ResolvedFace? {
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        if !family.isEmpty { FcPatternAddString(pattern, FC_FAMILY, family) }
        if let weight { FcPatternAddInteger(pattern, FC_WEIGHT, FcWeightFromOpenType(Int32(weight))) }
        if let slant { FcPatternAddInteger(pattern, FC_SLANT, Int32(slant)) }
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let matched = FcFontMatch(nil, pattern, &result) else { return nil }
        defer { FcPatternDestroy(matched) }
        return face(from: matched)
    }

    /// The face a fontconfig pattern describes.
    private static func face(from pattern: OpaquePointer) -> ResolvedFace? {
        func string(_ object: String) -> String? {
            var value: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetString(pattern, object, 0, &value) == FcResultMatch, let value else {
                return nil
            }
            return String(cString: value)
        }
        func integer(_ object: String, default fallback: Int32) -> Int32 {
            var value: Int32 = 0
            return FcPatternGetInteger(pattern, object, 0, &value) == FcResultMatch ? value : fallback
        }
        guard let family = string(FC_FAMILY), let file = string(FC_FILE) else { return nil }
        return ResolvedFace(
            family: family,
            weight: Int(FcWeightToOpenType(integer(FC_WEIGHT, default: Int32(FC_WEIGHT_REGULAR)))),
            slant: Int(integer(FC_SLANT, default: 0)), width: Int(integer(FC_WIDTH, default: 100)),
            postScriptName: string(FC_POSTSCRIPT_NAME), fullName: string(FC_FULLNAME), file: file,
            index: Int(integer(FC_INDEX, default: 0)))
    }
}
