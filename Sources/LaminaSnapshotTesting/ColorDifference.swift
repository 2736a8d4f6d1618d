import Foundation

/// A colour in CIE L\*a\*b\* (D65 white), the space in which snapshot pixels are compared
/// perceptually: `l` is lightness, 0 (black) to 100 (white); `a` runs green (−) to red (+) and
/// `b` blue (−) to yellow (+), both about −128…128 for sRGB colours.
struct LabColor: Equatable {
    var l: Double
    var a: Double
    var b: Double

    /// The colour with gamma-encoded sRGB components `red`, `green`, `blue` in 0…1 (IEC
    /// 61966-2-1: decoded to linear light, to CIE XYZ by the sRGB matrix, then to L\*a\*b\*
    /// relative to D65 white, the white sRGB is defined with). Components outside 0…1 are
    /// clamped; NaN counts as 0.
    init(sRGBRed red: Double, green: Double, blue: Double) {
        let r = Self.linear(red)
        let g = Self.linear(green)
        let b = Self.linear(blue)
        // sRGB (D65) to XYZ, IEC 61966-2-1's matrix.
        let x = 0.412_456_4 * r + 0.357_576_1 * g + 0.180_437_5 * b
        let y = 0.212_672_9 * r + 0.715_152_2 * g + 0.072_175_0 * b
        let z = 0.019_333_9 * r + 0.119_192_0 * g + 0.950_304_1 * b
        let fx = Self.f(x / Self.whiteX)
        let fy = Self.f(y)
        let fz = Self.f(z / Self.whiteZ)
        self.init(l: 116 * fy - 16, a: 500 * (fx - fy), b: 200 * (fy - fz))
    }

    /// A colour from its coordinates.
    init(l: Double, a: Double, b: Double) {
        self.l = l
        self.a = a
        self.b = b
    }

    /// D65 white's X and Z (Y = 1), as the sRGB matrix's rows sum to.
    private static let whiteX = 0.950_47
    private static let whiteZ = 1.088_83

    /// An sRGB component decoded to linear light.
    private static func linear(_ encoded: Double) -> Double {
        let c = encoded.isNaN ? 0 : min(max(encoded, 0), 1)
        return c <= 0.040_45 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }

    /// CIE's cube root with its linear segment near black (ε = (6/29)³, slope 1/(3·(6/29)²)).
    private static func f(_ t: Double) -> Double {
        let delta = 6.0 / 29.0
        return t > delta * delta * delta ? cbrt(t) : t / (3 * delta * delta) + 4.0 / 29.0
    }
}

/// CIE 1994 colour difference (ΔE\*94) for graphic arts (kL = kC = kH = 1, K1 = 0.045,
/// K2 = 0.015), the measure of Core Image's `CILabDeltaE`, which swift-snapshot-testing's
/// `perceptualPrecision` uses on Apple's platforms: 0 for equal colours, about 1 for the smallest
/// difference most people see, 100 for black against white.
///
/// ΔE94 is not symmetric: the chroma weights come from `reference` (the recorded snapshot's
/// pixel), as Lindbloom and colour-science define it.
///
///     ΔE94 = √((ΔL/SL)² + (ΔC/SC)² + (ΔH/SH)²),
///     SL = 1, SC = 1 + K1·C₁, SH = 1 + K2·C₁, ΔH² = Δa² + Δb² − ΔC² (taken as 0 when negative)
func deltaE94(reference: LabColor, sample: LabColor) -> Double {
    let c1 = (reference.a * reference.a + reference.b * reference.b).squareRoot()
    let c2 = (sample.a * sample.a + sample.b * sample.b).squareRoot()
    let deltaL = reference.l - sample.l
    let deltaC = c1 - c2
    let deltaA = reference.a - sample.a
    let deltaB = reference.b - sample.b
    // Rounding can make ΔH² slightly negative when the hues agree.
    let deltaHSquared = max(deltaA * deltaA + deltaB * deltaB - deltaC * deltaC, 0)
    let sC = 1 + 0.045 * c1
    let sH = 1 + 0.015 * c1
    let termC = deltaC / sC
    return (deltaL * deltaL + termC * termC + deltaHSquared / (sH * sH)).squareRoot()
}
