/// A font's style as Core Text classifies it, Apple's `CTFontSymbolicTraits`; Lamina reads and
/// selects the italic and bold traits.
public struct CTFontSymbolicTraits: OptionSet, Hashable, Sendable {
    /// The trait bits, with Apple's values.
    public var rawValue: UInt32

    /// Traits with the bits `rawValue`.
    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// An italic or oblique face.
    public static let traitItalic = CTFontSymbolicTraits(rawValue: 1 << 0)
    /// A bold face: a weight of 600 (semibold) or more on the OpenType scale.
    public static let traitBold = CTFontSymbolicTraits(rawValue: 1 << 1)
}

/// The italic and bold traits of the face that draws `font`.
public func CTFontGetSymbolicTraits(_ font: CTFont) -> CTFontSymbolicTraits {
    guard let face = font.face else { return [] }
    var traits: CTFontSymbolicTraits = []
    if face.isSlanted { traits.insert(.traitItalic) }
    if face.weight >= 600 { traits.insert(.traitBold) }
    return traits
}

/// The face of `font`'s family with the traits `symTraitValue` for the traits in `symTraitMask`
/// (the others kept), at `size` points (0 keeps the size), Apple's
/// `CTFontCreateCopyWithSymbolicTraits`: bold asks for weight 700, not bold for 400 (only when
/// the mask holds bold; otherwise the weight is kept). `nil` when the family has no installed face
/// with the requested traits (fontconfig's closest face lacks one of them). `matrix` is accepted
/// and not applied, as in ``CTFontCreateWithName(_:_:_:)``.
public func CTFontCreateCopyWithSymbolicTraits(
    _ font: CTFont, _ size: CGFloat, _ matrix: UnsafePointer<CGAffineTransform>?,
    _ symTraitValue: CTFontSymbolicTraits, _ symTraitMask: CTFontSymbolicTraits
) -> CTFont? {
    CoreTextWarnings.checkMatrix(matrix)
    guard let face = font.face else { return nil }
    let wanted = CTFontGetSymbolicTraits(font).subtracting(symTraitMask).union(
        symTraitValue.intersection(symTraitMask))
    let bold = wanted.contains(.traitBold)
    let weight = symTraitMask.contains(.traitBold) ? (bold ? 700 : 400) : face.weight
    guard
        let match = CGFont.closestFace(
            family: face.familyName, weight: weight, slanted: wanted.contains(.traitItalic)),
        match.familyName == face.familyName
    else { return nil }
    // Fontconfig's match can promise a synthesized style; the font found by the face's name is
    // what draws, so its own traits decide.
    let copy = CTFont(
        name: match.postScriptName ?? match.fullName ?? match.familyName, size: size == 0 ? font.size : size)
    return CTFontGetSymbolicTraits(copy) == wanted ? copy : nil
}
