import CoreGraphics
import Testing

/// The largest rounding error accepted where a conversion goes through the sRGB curve.
private let tolerance: CGFloat = 1e-9

private func isClose(_ lhs: CGFloat, _ rhs: CGFloat) -> Bool {
    abs(lhs - rhs) <= tolerance
}

/// The sRGB curve, written out independently of the implementation.
private func srgbEncode(_ linear: CGFloat) -> CGFloat {
    linear <= 0.003_130_8 ? 12.92 * linear : 1.055 * CGFloat(pow(Double(linear), 1 / 2.4)) - 0.055
}

private let sRGB = CGColorSpace(name: CGColorSpace.sRGB)!
private let extendedSRGB = CGColorSpace(name: CGColorSpace.extendedSRGB)!
private let linearSRGB = CGColorSpace(name: CGColorSpace.linearSRGB)!
private let grayGamma22 = CGColorSpace(name: CGColorSpace.genericGrayGamma2_2)!
private let linearGray = CGColorSpace(name: CGColorSpace.linearGray)!
private let extendedGray = CGColorSpace(name: CGColorSpace.extendedGray)!

@Suite struct CGColorTests {
    @Test func rgbInitialiserUsesSRGB() {
        let color = CGColor(red: 0.25, green: 0.5, blue: 0.75, alpha: 0.8)
        #expect(color.colorSpace == sRGB)
        #expect(color.components == [0.25, 0.5, 0.75, 0.8])
        #expect(color.numberOfComponents == 4)
        #expect(color.alpha == 0.8)
        #expect(color == CGColor(srgbRed: 0.25, green: 0.5, blue: 0.75, alpha: 0.8))
    }

    @Test func grayInitialisersUseGenericGrayGamma22() {
        let color = CGColor(gray: 0.5, alpha: 0.25)
        #expect(color.colorSpace == grayGamma22)
        #expect(color.components == [0.5, 0.25])
        #expect(color.numberOfComponents == 2)
        #expect(color == CGColor(genericGrayGamma2_2Gray: 0.5, alpha: 0.25))
    }

    @Test func constantsAreGrays() {
        #expect(CGColor.black.components == [0, 1])
        #expect(CGColor.white.components == [1, 1])
        #expect(CGColor.clear.components == [0, 0])
        #expect(CGColor.black.colorSpace == grayGamma22)
        #expect(CGColor.clear.alpha == 0)
        #expect(CGColor.black != CGColor(red: 0, green: 0, blue: 0, alpha: 1))
    }

    @Test func equalityNeedsSameSpaceAndComponents() {
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        #expect(red == CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        #expect(red != CGColor(red: 1, green: 0, blue: 0, alpha: 0.5))
        #expect(red != CGColor(colorSpace: CGColorSpaceCreateDeviceRGB(), components: [1, 0, 0, 1]))
        #expect(red != CGColor(colorSpace: extendedSRGB, components: [1, 0, 0, 1]))
        let set: Set<CGColor> = [red, CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1), .white]
        #expect(set.count == 2)
    }

    @Test func standardSpacesClampAndExtendedSpacesKeepValues() {
        let clamped = CGColor(red: 1.5, green: -0.25, blue: 0.5, alpha: 2)
        #expect(clamped.components == [1, 0, 0.5, 1])
        let extended = CGColor(colorSpace: extendedSRGB, components: [1.5, -0.25, 0.5, -1])
        #expect(extended?.components == [1.5, -0.25, 0.5, 0])
        #expect(CGColor(colorSpace: extendedGray, components: [3, 0.5])?.components == [3, 0.5])
        #expect(CGColor(gray: 3, alpha: 0.5).components == [1, 0.5])
    }

    @Test func nanComponentsBecomeZero() {
        let color = CGColor(red: .nan, green: 0.5, blue: .nan, alpha: .nan)
        #expect(color.components == [0, 0.5, 0, 0])
        #expect(color == CGColor(red: 0, green: 0.5, blue: 0, alpha: 0))
        let extended = CGColor(colorSpace: extendedSRGB, components: [.nan, 2, 0, 1])
        #expect(extended?.components == [0, 2, 0, 1])
        #expect(CGColor.white.copy(alpha: .nan)?.alpha == 0)
    }

    @Test func pointerInitialiserReadsComponentsPlusAlpha() {
        let values: [CGFloat] = [0.1, 0.2, 0.3, 0.4, 99]
        let color = values.withUnsafeBufferPointer { buffer in
            CGColor(colorSpace: linearSRGB, components: buffer.baseAddress!)
        }
        #expect(color?.components == [0.1, 0.2, 0.3, 0.4])
        #expect(color?.colorSpace == linearSRGB)
    }

    @Test func arrayInitialiserRejectsWrongCounts() {
        #expect(CGColor(colorSpace: sRGB, components: [1, 0, 0]) == nil)
        #expect(CGColor(colorSpace: sRGB, components: [1, 0, 0, 1, 1]) == nil)
        #expect(CGColor(colorSpace: linearGray, components: [0.5, 1])?.components == [0.5, 1])
        #expect(CGColor(colorSpace: linearGray, components: []) == nil)
    }

    @Test func copyWithAlphaReplacesOnlyAlpha() throws {
        let original = CGColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 1)
        let copy = try #require(original.copy(alpha: 0.5))
        #expect(copy.components == [0.2, 0.4, 0.6, 0.5])
        #expect(copy.colorSpace == original.colorSpace)
        #expect(original.alpha == 1)
        #expect(copy != original)
        #expect(copy == CGColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.5))
        #expect(original.copy(alpha: 7)?.alpha == 1)
    }

    @Test func grayConvertsToRGBAndBack() throws {
        let gray = CGColor(gray: 0.5, alpha: 0.75)
        let rgb = try #require(gray.converted(to: sRGB, intent: .defaultIntent, options: nil))
        #expect(rgb.colorSpace == sRGB)
        #expect(rgb.components == [0.5, 0.5, 0.5, 0.75])
        let back = try #require(rgb.converted(to: grayGamma22, intent: .perceptual, options: nil))
        #expect(back.numberOfComponents == 2)
        #expect(isClose(back.components![0], 0.5))
        #expect(back.alpha == 0.75)
    }

    @Test func rgbToGrayUsesLinearLuminance() throws {
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let gray = try #require(red.converted(to: grayGamma22, intent: .defaultIntent, options: nil))
        #expect(isClose(gray.components![0], srgbEncode(0.2126)))
        let linear = try #require(red.converted(to: linearGray, intent: .defaultIntent, options: nil))
        #expect(isClose(linear.components![0], 0.2126))
        let white = try #require(
            CGColor.white.converted(to: linearSRGB, intent: .defaultIntent, options: nil))
        #expect(white.components!.allSatisfy { isClose($0, 1) })
    }

    @Test func linearToSRGBConversionAppliesTheCurve() throws {
        let linear = try #require(CGColor(colorSpace: linearSRGB, components: [0.5, 0.001, 0, 1]))
        let encoded = try #require(linear.converted(to: sRGB, intent: .defaultIntent, options: nil))
        #expect(isClose(encoded.components![0], srgbEncode(0.5)))
        #expect(isClose(encoded.components![1], 0.012_92))
        #expect(encoded.components![2] == 0)
        let same = linear.converted(to: linearSRGB, intent: .defaultIntent, options: nil)
        #expect(same == linear)
    }

    @Test func conversionToAStandardSpaceClamps() throws {
        let bright = try #require(CGColor(colorSpace: extendedSRGB, components: [1.5, -0.5, 0.5, 1]))
        let clamped = try #require(bright.converted(to: sRGB, intent: .defaultIntent, options: nil))
        #expect(clamped.components![0] == 1)
        #expect(clamped.components![1] == 0)
        #expect(isClose(clamped.components![2], 0.5))
    }

    @Test func rgbaComponentsAreSRGBAndNonPremultiplied() throws {
        let rgba = CGColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.5).rgbaComponents
        #expect(rgba.r == 0.2 && rgba.g == 0.4 && rgba.b == 0.6 && rgba.a == 0.5)
        let gray = CGColor(gray: 0.3, alpha: 0.9).rgbaComponents
        #expect(gray.r == 0.3 && gray.g == 0.3 && gray.b == 0.3 && gray.a == 0.9)
        let linear = try #require(CGColor(colorSpace: linearGray, components: [0.5, 1])).rgbaComponents
        #expect(isClose(linear.r, srgbEncode(0.5)) && linear.r == linear.b)
        let extended = try #require(CGColor(colorSpace: extendedSRGB, components: [1.25, 0, 0, 1]))
            .rgbaComponents
        #expect(extended.r == 1.25)
    }

    @Test func descriptionListsComponents() {
        let description = CGColor(red: 1, green: 0, blue: 0.5, alpha: 1).description
        #expect(
            description
                == "<CGColor> [<CGColorSpace> (kCGColorSpaceSRGB; kCGColorSpaceModelRGB)] ( 1 0 0.5 1 )")
    }

    @Test func renderingIntentRawValuesAreApples() {
        #expect(CGColorRenderingIntent.defaultIntent.rawValue == 0)
        #expect(CGColorRenderingIntent.absoluteColorimetric.rawValue == 1)
        #expect(CGColorRenderingIntent.relativeColorimetric.rawValue == 2)
        #expect(CGColorRenderingIntent.perceptual.rawValue == 3)
        #expect(CGColorRenderingIntent.saturation.rawValue == 4)
    }
}
