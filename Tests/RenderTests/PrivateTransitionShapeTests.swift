import QuartzCore
import Testing

/// Pixel checks of Apple's private `cameraIris`, `genieEffect` and `spewEffect` transitions
/// (Lamina extensions with Apple's raw strings, rulings V28–V29): each draws its own shape, not
/// the fade that an unknown type draws.
///
/// The scene is a 100 × 80 layer, red before the change and blue after, with nothing behind it.
@Suite struct PrivateTransitionShapeTests {
    typealias Support = CARendererTests
    static let size = CGSize(width: 100, height: 80)
    static let old: [UInt8] = [255, 0, 0, 255]
    static let new: [UInt8] = [0, 0, 255, 255]

    /// The layer changing from red to blue through `type` towards `subtype`, at `progress` of its
    /// one-second duration.
    static func render(
        _ type: CATransitionType, _ subtype: CATransitionSubtype? = nil, progress: Double
    ) throws -> CGImage {
        let root = Support.layer(CGRect(origin: .zero, size: size), nil)
        let layer = Support.layer(CGRect(origin: .zero, size: size), Support.color(1, 0, 0))
        root.addSublayer(layer)
        CATransaction.flush()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.add(
            PrivateTransitionGoldenTests.transition(type, subtype, progress: progress), forKey: nil)
        layer.backgroundColor = Support.color(0, 0, 1)
        CATransaction.commit()
        let renderer = try CARenderer(layer: root, size: size)
        return try #require(renderer.image(atTime: PrivateTransitionGoldenTests.now))
    }

    /// Whether a pixel is the old picture (red, perhaps shaded: `darkest` is the least red kept).
    static func isOld(_ pixel: [UInt8], darkest: UInt8 = 150) -> Bool {
        pixel.count == 4 && pixel[0] >= darkest && pixel[1] <= 2 && pixel[2] <= 2 && pixel[3] == 255
    }

    /// Whether a pixel is the new picture (blue).
    static func isNew(_ pixel: [UInt8]) -> Bool { Support.close(pixel, new, 2) }

    /// Whether a pixel is the shutter's grey blades: opaque, neutral and dark.
    static func isShutter(_ pixel: [UInt8]) -> Bool {
        pixel.count == 4 && pixel[3] == 255 && pixel[0] < 100 && abs(Int(pixel[0]) - Int(pixel[2])) <= 2
            && abs(Int(pixel[0]) - Int(pixel[1])) <= 2
    }

    /// The share of pixels that differ by more than 8 in some channel.
    static func differingShare(_ a: CGImage, _ b: CGImage) throws -> Double {
        let pa = try #require(a.premultipliedRGBA8Pixels())
        let pb = try #require(b.premultipliedRGBA8Pixels())
        var differing = 0
        for pixel in stride(from: 0, to: pa.count, by: 4) {
            if (0..<4).contains(where: { abs(Int(pa[pixel + $0]) - Int(pb[pixel + $0])) > 8 }) {
                differing += 1
            }
        }
        return Double(differing) / Double(pa.count / 4)
    }

    @Test(arguments: [CATransitionType.cameraIris, .genieEffect, .spewEffect])
    func midwayDiffersFromAFade(type: CATransitionType) throws {
        let fade = try Self.render(.fade, progress: 0.5)
        #expect(Self.isOld(Support.pixel(fade, 50, 40)) == false)
        let share = try Self.differingShare(Self.render(type, progress: 0.5), fade)
        #expect(share > 0.5, "\(type.rawValue): \(share) of the pixels differ from the fade's")
    }

    @Test func rawStringsAreApples() {
        #expect(CATransitionType.cameraIris.rawValue == "cameraIris")
        #expect(CATransitionType.genieEffect.rawValue == "genieEffect")
        #expect(CATransitionType.spewEffect.rawValue == "spewEffect")
    }

    /// The iris closes on the old picture (centre old, corners the blades), is shut half way,
    /// and opens on the new one (centre new, corners the blades).
    @Test func cameraIrisClosesThenOpens() throws {
        let closing = try Self.render(.cameraIris, progress: 0.25)
        #expect(Self.isOld(Support.pixel(closing, 50, 40)))
        #expect(Self.isShutter(Support.pixel(closing, 2, 2)))
        #expect(Self.isShutter(Support.pixel(closing, 97, 77)))
        let shut = try Self.render(.cameraIris, progress: 0.5)
        for (x, y) in [(50, 40), (2, 2), (97, 77), (20, 60)] {
            #expect(Self.isShutter(Support.pixel(shut, x, y)), "(\(x), \(y))")
        }
        let opening = try Self.render(.cameraIris, progress: 0.75)
        #expect(Self.isNew(Support.pixel(opening, 50, 40)))
        #expect(Self.isShutter(Support.pixel(opening, 2, 2)))
        let almostOpen = try Self.render(.cameraIris, progress: 0.99)
        #expect(Self.isNew(Support.pixel(almostOpen, 2, 2)))
    }

    /// The number of old (red) pixels in row `y`.
    static func oldCount(_ image: CGImage, row y: Int) -> Int {
        (0..<Int(size.width)).count(where: { isOld(Support.pixel(image, $0, y), darkest: 100) })
    }

    /// Half way, the genie has bent the old picture into a funnel narrowing down towards its
    /// target near the bottom-right corner (bottom-left for `fromRight`), its top already flowing
    /// down, the new picture around it.
    @Test func genieNarrowsTowardsItsTarget() throws {
        let image = try Self.render(.genieEffect, progress: 0.5)
        let rows = [20, 40, 60, 78].map { Self.oldCount(image, row: $0) }
        #expect(rows == rows.sorted(by: >) && Set(rows).count == rows.count, "\(rows)")
        #expect(rows[0] > 70 && rows[3] < 20, "\(rows)")
        #expect(Self.isNew(Support.pixel(image, 3, 78)))
        #expect(Self.isOld(Support.pixel(image, 85, 78), darkest: 100))
        #expect(Self.isNew(Support.pixel(image, 50, 3)))
        #expect(Self.isOld(Support.pixel(image, 50, 20)))
        let mirrored = try Self.render(.genieEffect, .fromRight, progress: 0.5)
        #expect(Self.isOld(Support.pixel(mirrored, 15, 78), darkest: 100))
        #expect(Self.isNew(Support.pixel(mirrored, 96, 78)))
        // From the bottom, the picture flows up into the top edge's centre.
        let upwards = try Self.render(.genieEffect, .fromBottom, progress: 0.5)
        #expect(Self.isOld(Support.pixel(upwards, 50, 1), darkest: 100))
        #expect(Self.isNew(Support.pixel(upwards, 3, 1)))
        #expect(Self.isNew(Support.pixel(upwards, 50, 77)))
        let late = try Self.render(.genieEffect, progress: 0.9)
        #expect(Self.oldCount(late, row: 20) == 0)
    }

    /// The new picture is spewed out of the point three quarters down the centre line: early it
    /// is a small shape there over the old, half way it covers the lower middle, by the end all.
    @Test func spewComesOutOfThePoint() throws {
        let early = try Self.render(.spewEffect, progress: 0.1)
        #expect(Self.isOld(Support.pixel(early, 50, 20)))
        #expect(Self.isOld(Support.pixel(early, 3, 60)))
        let half = try Self.render(.spewEffect, progress: 0.5)
        #expect(Self.isOld(Support.pixel(half, 3, 3)))
        #expect(Self.isNew(Support.pixel(half, 50, 59)))
        #expect(Self.isNew(Support.pixel(half, 50, 40)))
        let late = try Self.render(.spewEffect, progress: 0.95)
        #expect(Self.isNew(Support.pixel(late, 50, 40)))
        // The suck, for comparison, shows the old picture where the spew shows the new.
        let suck = try Self.render(.suckEffect, progress: 0.5)
        #expect(Self.isOld(Support.pixel(suck, 50, 59)))
    }
}
