import QuartzCore
import Testing

/// One golden per `compositingFilter` mode (ruling V18): the same 64×64 scene with the filter
/// set on its top layer. The backdrop holds an orange and a teal quadrant, a half-transparent
/// purple one, a transparent one, and a band of eight greys from black to white across the
/// middle; the blended layer is a translucent blue rounded rectangle with an opaque yellow band
/// and a translucent red square that reaches past its bottom-right corner — so each image shows
/// the mode on opaque, translucent and transparent backdrops, on tones, and the layer composited
/// as one group (for `clear`, `copy`, `sourceIn`, `sourceOut`, `destIn` and `destAtop`, over the
/// box of its bounds and the square's frame).
@Suite struct CompositingFilterGoldenTests {
    private static func layer(_ frame: CGRect, _ r: CGFloat, _ g: CGFloat, _ b: CGFloat, _ a: CGFloat = 1)
        -> CALayer
    {
        let layer = CALayer()
        layer.frame = frame
        layer.backgroundColor = CGColor(red: r, green: g, blue: b, alpha: a)
        return layer
    }

    static func scene(filter: String) -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
        root.addSublayer(layer(CGRect(x: 0, y: 0, width: 32, height: 32), 1, 0.6, 0.1))
        root.addSublayer(layer(CGRect(x: 32, y: 0, width: 32, height: 32), 0.1, 0.55, 0.65))
        root.addSublayer(layer(CGRect(x: 0, y: 32, width: 32, height: 32), 0.5, 0.2, 0.7, 0.5))
        for step in 0..<8 {
            let grey = CGFloat(step) / 7
            root.addSublayer(layer(CGRect(x: step * 8, y: 28, width: 8, height: 8), grey, grey, grey))
        }
        let blended = layer(CGRect(x: 10, y: 10, width: 40, height: 40), 0.25, 0.45, 0.95, 0.85)
        blended.cornerRadius = 10
        blended.addSublayer(layer(CGRect(x: 0, y: 6, width: 40, height: 10), 0.95, 0.9, 0.3))
        blended.addSublayer(layer(CGRect(x: 26, y: 26, width: 24, height: 24), 0.9, 0.2, 0.3, 0.7))
        blended.compositingFilter = filter
        root.addSublayer(blended)
        return root
    }

    /// Apple's filter names and the goldens that show them.
    static let cases: [(filter: String, golden: String)] = [
        ("multiplyBlendMode", "compositing-multiply"), ("screenBlendMode", "compositing-screen"),
        ("overlayBlendMode", "compositing-overlay"), ("darkenBlendMode", "compositing-darken"),
        ("lightenBlendMode", "compositing-lighten"), ("colorDodgeBlendMode", "compositing-color-dodge"),
        ("colorBurnBlendMode", "compositing-color-burn"), ("softLightBlendMode", "compositing-soft-light"),
        ("hardLightBlendMode", "compositing-hard-light"), ("differenceBlendMode", "compositing-difference"),
        ("exclusionBlendMode", "compositing-exclusion"), ("hueBlendMode", "compositing-hue"),
        ("saturationBlendMode", "compositing-saturation"), ("colorBlendMode", "compositing-color"),
        ("luminosityBlendMode", "compositing-luminosity"), ("clear", "compositing-clear"),
        ("copy", "compositing-copy"), ("sourceIn", "compositing-source-in"),
        ("sourceOut", "compositing-source-out"), ("sourceAtop", "compositing-source-atop"),
        ("destOver", "compositing-dest-over"), ("destIn", "compositing-dest-in"),
        ("destOut", "compositing-dest-out"), ("destAtop", "compositing-dest-atop"),
        ("xor", "compositing-xor"),
        ("plusL", "compositing-plus-l"), ("plusD", "compositing-plus-d"),
    ]

    @Test(arguments: cases)
    func mode(filter: String, golden: String) throws {
        let renderer = try CARenderer(layer: Self.scene(filter: filter), size: CGSize(width: 64, height: 64))
        expectMatchesGolden(try #require(renderer.image(atTime: 0)), named: golden)
    }
}
