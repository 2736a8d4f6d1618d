import CoreGraphics
import QuartzCore
import Testing

/// A size that is not whole pixels at the scale (ruling V24): the framebuffer, or the bitmap a
/// context draws into, is rounded up to whole pixels, and a point stays exactly `scale` pixels;
/// the last row shows a fraction of a pixel past the bounds rather than the picture stretched
/// to fill it (as Apple's `render(in:)` of a 500 × 223.05-point layer at scale 2 shows: 447
/// rows, where stretching 223.05 points over them put every edge half a pixel off).
@Suite struct FractionalPixelSizeTests {
    typealias Support = CARendererTests

    /// A 10 × 10.25-point black root with a white bar one point high at y = 9…10.
    static func scene() -> CALayer {
        let root = Support.layer(CGRect(x: 0, y: 0, width: 10, height: 10.25), Support.color(0, 0, 0))
        root.addSublayer(Support.layer(CGRect(x: 0, y: 9, width: 10, height: 1), Support.color(1, 1, 1)))
        return root
    }

    /// Rows 18 and 19 are the bar, whole; row 17 above it is black.
    static func expectBarOnItsPixels(_ image: CGImage) {
        #expect(image.height == 21)
        for x in [0, 7, 19] {
            #expect(Support.pixel(image, x, 17)[0] == 0, "row 17, x \(x)")
            #expect(Support.pixel(image, x, 18)[0] == 255, "row 18, x \(x)")
            #expect(Support.pixel(image, x, 19)[0] == 255, "row 19, x \(x)")
        }
    }

    @Test func theRendererKeepsExactlyItsScale() throws {
        let root = Self.scene()
        let renderer = try CARenderer(layer: root, size: CGSize(width: 10, height: 10.25), scale: 2)
        Self.expectBarOnItsPixels(try #require(renderer.image(atTime: 0)))
    }

    @Test func renderInContextKeepsTheContextsScale() throws {
        let root = Self.scene()
        let space = try #require(CGColorSpace(name: CGColorSpace.sRGB))
        let context = try #require(
            CGContext(
                data: nil, width: 20, height: 21, bitsPerComponent: 8, bytesPerRow: 0, space: space,
                bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        // UIKit's coordinates at scale 2: origin top left, y down.
        context.translateBy(x: 0, y: 21)
        context.scaleBy(x: 2, y: -2)
        root.render(in: context)
        Self.expectBarOnItsPixels(try #require(context.makeImage()))
    }
}
