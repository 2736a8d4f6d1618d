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
