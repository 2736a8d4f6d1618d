import CoreGraphics
import Testing

@Suite struct CGColorSpaceTests {
    @Test func nameConstantsAreApplesStrings() {
        #expect(CGColorSpace.sRGB == "kCGColorSpaceSRGB")
        #expect(CGColorSpace.extendedSRGB == "kCGColorSpaceExtendedSRGB")
        #expect(CGColorSpace.linearSRGB == "kCGColorSpaceLinearSRGB")
        #expect(CGColorSpace.extendedLinearSRGB == "kCGColorSpaceExtendedLinearSRGB")
        #expect(CGColorSpace.genericGrayGamma2_2 == "kCGColorSpaceGenericGrayGamma2_2")
        #expect(CGColorSpace.linearGray == "kCGColorSpaceLinearGray")
        #expect(CGColorSpace.extendedGray == "kCGColorSpaceExtendedGray")
        #expect(CGColorSpace.genericRGBLinear == "kCGColorSpaceGenericRGBLinear")
    }

    @Test(arguments: [
        (CGColorSpace.sRGB, CGColorSpaceModel.rgb, 3),
        (CGColorSpace.extendedSRGB, .rgb, 3),
        (CGColorSpace.linearSRGB, .rgb, 3),
        (CGColorSpace.extendedLinearSRGB, .rgb, 3),
        (CGColorSpace.genericRGBLinear, .rgb, 3),
        (CGColorSpace.genericGrayGamma2_2, .monochrome, 1),
        (CGColorSpace.linearGray, .monochrome, 1),
        (CGColorSpace.extendedGray, .monochrome, 1),
    ])
    func namedSpacesHaveTheirModel(name: String, model: CGColorSpaceModel, count: Int) throws {
        let space = try #require(CGColorSpace(name: name))
        #expect(space.name == name)
        #expect(space.model == model)
        #expect(space.numberOfComponents == count)
    }

    @Test func unsupportedNamesFail() {
        #expect(CGColorSpace(name: "kCGColorSpaceDisplayP3") == nil)
        #expect(CGColorSpace(name: "") == nil)
        #expect(CGColorSpace(name: "kCGColorSpaceSRGB ") == nil)
    }

    @Test func deviceSpacesAreSharedAndDistinctFromNamedOnes() {
        let rgb = CGColorSpaceCreateDeviceRGB()
        #expect(rgb === CGColorSpaceCreateDeviceRGB())
        #expect(rgb.model == .rgb && rgb.numberOfComponents == 3)
        #expect(rgb.name == "kCGColorSpaceDeviceRGB")
        #expect(rgb != CGColorSpace(name: CGColorSpace.sRGB))
        let gray = CGColorSpaceCreateDeviceGray()
        #expect(gray.model == .monochrome && gray.numberOfComponents == 1)
        #expect(gray.name == "kCGColorSpaceDeviceGray")
        #expect(CGColorSpace(name: "kCGColorSpaceDeviceGray") == gray)
    }

    @Test func equalityAndHashingFollowTheName() {
        let first = CGColorSpace(name: CGColorSpace.sRGB)
        let second = CGColorSpace(name: CGColorSpace.sRGB)
        #expect(first == second)
        #expect(first !== second)
        #expect(first != CGColorSpace(name: CGColorSpace.extendedSRGB))
        let set: Set<CGColorSpace> = [
            CGColorSpace(name: CGColorSpace.sRGB)!, CGColorSpace(name: CGColorSpace.sRGB)!,
            CGColorSpace(name: CGColorSpace.linearGray)!,
        ]
        #expect(set.count == 2)
    }

    @Test func modelRawValuesAreApples() {
        #expect(CGColorSpaceModel.unknown.rawValue == -1)
        #expect(CGColorSpaceModel.monochrome.rawValue == 0)
        #expect(CGColorSpaceModel.rgb.rawValue == 1)
        #expect(CGColorSpaceModel.cmyk.rawValue == 2)
        #expect(CGColorSpaceModel.lab.rawValue == 3)
        #expect(CGColorSpaceModel.deviceN.rawValue == 4)
        #expect(CGColorSpaceModel.indexed.rawValue == 5)
        #expect(CGColorSpaceModel.pattern.rawValue == 6)
        #expect(CGColorSpaceModel.XYZ.rawValue == 7)
    }

    @Test func descriptionNamesSpaceAndModel() {
        let description = CGColorSpace(name: CGColorSpace.linearGray)!.description
        #expect(description == "<CGColorSpace> (kCGColorSpaceLinearGray; kCGColorSpaceModelMonochrome)")
    }
}
