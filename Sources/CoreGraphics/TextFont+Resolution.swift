@_implementationOnly import CPango

// MARK: - The face a font name draws with (for Lamina's CoreText module)

extension TextFont {
    /// The face this font draws with: the installed font with its name, or the substitute
    /// ``TextLayout`` draws instead (ruling G10); `nil` only when no font is installed at all.
    package var resolvedFace: CGFont? {
        FontResolver.resolve(name).map { CGFont(face: $0.face) }
    }

    /// Whether an installed font has this font's name (otherwise ``resolvedFace`` is a
    /// substitute).
    package var isInstalled: Bool {
        FontResolver.resolve(name)?.isExact ?? false
    }

    /// Whether the name is one of Apple's platform fonts, which a substitute stands in for when
    /// it is not installed; any other missing name draws Helvetica (ruling G10).
    package var isApplePlatformFont: Bool {
        FontResolver.isApplePlatformFont(name)
    }
}

extension CGFont {
    /// The face's weight on the OpenType scale (400 regular, 700 bold).
    package var weight: Int { face.weight }

    /// Whether the face is italic or oblique.
    package var isSlanted: Bool { face.slant > 0 }

    /// Fontconfig's closest installed face of `family` in `weight` (OpenType scale) and, when
    /// `slanted`, italic or oblique (regular otherwise), after its substitutions; `nil` when no
    /// font is installed. The face may lack what was asked: compare its weight and slant.
    package static func closestFace(family: String, weight: Int, slanted: Bool) -> CGFont? {
        FontResolver.fontconfigLock.lock()
        defer { FontResolver.fontconfigLock.unlock() }
        guard FcInit() != 0 else { return nil }
        return FontResolver.match(family: family, weight: weight, slant: slanted ? 100 : 0).map(
            CGFont.init(face:))
    }
}
