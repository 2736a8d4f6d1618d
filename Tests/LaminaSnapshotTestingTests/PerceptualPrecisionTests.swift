import Foundation
import SnapshotTesting
import Testing
import UIKit

@testable import LaminaSnapshotTesting

/// The perceptual measure: swift-snapshot-testing's `perceptualPrecision` is `1 − ΔE/100`, with
/// ΔE from Core Image's `CILabDeltaE`, which Apple documents as the CIE 1994 difference (ΔE94)
/// of the images in L*a*b*.
struct PerceptualPrecisionTests {
    /// Half a unit in the last digit of the published L*a*b* values (4 decimals).
    let labTolerance = 0.000_05 + 0.000_01
    /// Agreement with colour-science's ΔE94 figures (given to 15 digits).
    let deltaETolerance = 1e-9

    /// sRGB primaries in L*a*b* (D65), as Lindbloom's and EasyRGB's calculators give them.
    @Test(arguments: [
        ((255, 255, 255), (100.0, 0.0, 0.0)),
        ((255, 0, 0), (53.2408, 80.0925, 67.2032)),
        ((0, 255, 0), (87.7347, -86.1827, 83.1793)),
        ((0, 0, 255), (32.2970, 79.1875, -107.8602)),
        ((0, 0, 0), (0.0, 0.0, 0.0)),
    ])
    func sRGBToLab(rgb: (Int, Int, Int), lab: (Double, Double, Double)) {
        let color = LabColor(
            sRGBRed: Double(rgb.0) / 255, green: Double(rgb.1) / 255, blue: Double(rgb.2) / 255)
        #expect(abs(color.l - lab.0) < labTolerance)
        #expect(abs(color.a - lab.1) < labTolerance)
        #expect(abs(color.b - lab.2) < labTolerance)
    }

    /// colour-science's reference values for `delta_E_CIE1994` (graphic arts), its unit tests'
    /// three pairs; the first colour is the reference.
    @Test(arguments: [
        ((100.0, 21.57210357, 272.22819350), (100.0, 426.67945353, 72.39590835), 83.779225500887094),
        ((100.0, 21.57210357, 272.22819350), (100.0, 74.05216981, 276.45318193), 10.053931954553839),
        ((100.0, 21.57210357, 272.22819350), (100.0, 8.32281957, -73.58297716), 57.535453706667425),
    ])
    func deltaE94ReferenceValues(
        reference: (Double, Double, Double), sample: (Double, Double, Double), expected: Double
    ) {
        let value = deltaE94(
            reference: LabColor(l: reference.0, a: reference.1, b: reference.2),
            sample: LabColor(l: sample.0, a: sample.1, b: sample.2))
        #expect(abs(value - expected) < deltaETolerance)
    }

    @Test func deltaE94IsZeroForEqualColoursAndHundredForBlackAndWhite() {
        let gray = LabColor(sRGBRed: 0.5, green: 0.5, blue: 0.5)
        #expect(deltaE94(reference: gray, sample: gray) == 0)
        let black = LabColor(sRGBRed: 0, green: 0, blue: 0)
        let white = LabColor(sRGBRed: 1, green: 1, blue: 1)
        #expect(abs(deltaE94(reference: black, sample: white) - 100) < 1e-4)
    }

    /// A 2 × 2 image of one colour, at scale 1.
    func solid(_ red: Int, _ green: Int, _ blue: Int, alpha: CGFloat = 1) -> UIImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        return UIGraphicsImageRenderer(size: CGSize(width: 2, height: 2), format: format).image { context in
            context.cgContext.setFillColor(Scenes.color(red, green, blue, alpha: alpha))
            context.cgContext.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        }
    }

    /// Hand-made pairs with their ΔE94 (an independent Python evaluation of the same sRGB → Lab →
    /// ΔE94 chain): the pair matches when `perceptualPrecision` puts the threshold
    /// `(1 − perceptualPrecision) × 100` at or above ΔE94, and fails just below it.
    @Test(arguments: [
        ((128, 128, 128), (131, 128, 128), 1.2209587266858546),
        ((200, 40, 40), (205, 40, 40), 1.0950283634228388),
        ((20, 120, 220), (20, 124, 220), 1.7221402189829198),
    ])
    func perceptualPrecisionThresholdSitsAtDeltaE(
        reference: (Int, Int, Int), sample: (Int, Int, Int), deltaE: Double
    ) {
        let old = solid(reference.0, reference.1, reference.2)
        let new = solid(sample.0, sample.1, sample.2)
        let margin = 0.0005  // ΔE 0.05 either side of the pair's difference
        let passing = Float(1 - deltaE / 100 - margin)
        let failing = Float(1 - deltaE / 100 + margin)
        #expect(Diffing<UIImage>.image(perceptualPrecision: passing).diffV2(old, new) == nil)
        let failure = Diffing<UIImage>.image(perceptualPrecision: failing).diffV2(old, new)
        #expect(
            failure?.0.contains("The percentage of pixels that match 0.0 is less than required 1.0") == true)
        // Half the pixels failing is enough at precision 0.
        #expect(Diffing<UIImage>.image(precision: 0, perceptualPrecision: failing).diffV2(old, new) == nil)
    }

    /// The message reports the worst pixel as swift-snapshot-testing does: 1 − max ΔE/100.
    @Test func failureReportsTheLowestPerceptualPrecision() throws {
        let message = try #require(
            Diffing<UIImage>.image(perceptualPrecision: 0.99).diffV2(solid(0, 0, 0), solid(255, 255, 255))?.0)
        #expect(message.contains("The lowest perceptual color precision 0.0 is less than required 0.99"))
    }

    /// A change of alpha alone counts (ruling S2): transparent against opaque black is
    /// ΔE 100 over white, though both are black over black.
    @Test func alphaAloneIsADifference() {
        let transparent = solid(0, 0, 0, alpha: 0)
        let black = solid(0, 0, 0)
        #expect(Diffing<UIImage>.image(perceptualPrecision: 0.5).diffV2(transparent, black) != nil)
        let old = RGBABitmap(width: 1, height: 1, bytes: [0, 0, 0, 0])
        let new = RGBABitmap(width: 1, height: 1, bytes: [0, 0, 0, 255])
        #expect(abs((PixelComparison.deltaE(old, new)[0] ?? 0) - 100) < 0.001)
    }

    /// Sizes must agree; the message names both.
    @Test func differentSizesNeverMatch() throws {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let wide = UIGraphicsImageRenderer(size: CGSize(width: 3, height: 2), format: format).image { _ in }
        let message = try #require(Diffing<UIImage>.image(precision: 0).diffV2(solid(0, 0, 0), wide)?.0)
        #expect(message.hasPrefix("Newly-taken snapshot@(3.0, 2.0) does not match reference@(2.0, 2.0)."))
    }

    /// The difference image: black where equal, the largest difference white, others in
    /// proportion.
    @Test func differenceImageStretchesTheLargestDifferenceToWhite() {
        let old = RGBABitmap(width: 3, height: 1, bytes: [10, 10, 10, 255, 10, 10, 10, 255, 10, 10, 10, 255])
        let new = RGBABitmap(width: 3, height: 1, bytes: [10, 10, 10, 255, 20, 10, 10, 255, 30, 10, 10, 255])
        let difference = DifferenceImage.make(old, new)
        #expect(difference.bytes == [0, 0, 0, 255, 128, 128, 128, 255, 255, 255, 255, 255])
    }
}
