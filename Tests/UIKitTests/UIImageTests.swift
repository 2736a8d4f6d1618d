import Testing
import UIKit

@Suite struct UIImageTests {
    /// A 4 × 2 pixel image, red on the left half, through an image renderer at scale 1.
    func makeImage() -> UIImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        return UIGraphicsImageRenderer(size: CGSize(width: 4, height: 2), format: format).image { context in
            UIColor.red.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        }
    }

    @Test func rendererDrawsYDownAtItsScale() throws {
        let image = UIGraphicsImageRenderer(size: CGSize(width: 10, height: 10)).image { context in
            #expect(UIGraphicsGetCurrentContext() === context.cgContext)
            UIColor.green.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 10, height: 2))
        }
        #expect(UIGraphicsGetCurrentContext() == nil)
        #expect(image.scale == 2 && image.size == CGSize(width: 10, height: 10))  // the main screen's scale
        let cg = try #require(image.cgImage)
        #expect(cg.width == 20 && cg.height == 20)
        #expect(pixel(cg, 5, 1) == [0, 255, 0, 255] && pixel(cg, 5, 10) == [0, 0, 0, 0])
    }

    @Test func pngRoundTripKeepsPixelsAndSetsScaleFromTheCaller() throws {
        let data = try #require(makeImage().pngData())
        let decoded = try #require(UIImage(data: data, scale: 2))
        #expect(decoded.size == CGSize(width: 2, height: 1) && decoded.scale == 2)
        let cg = try #require(decoded.cgImage)
        #expect(pixel(cg, 0, 0) == [255, 0, 0, 255] && pixel(cg, 3, 1) == [0, 0, 0, 0])
        #expect(UIImage(data: Data([1, 2, 3])) == nil)
    }

    /// `makeImage()` as a lossless WebP file (libwebp's `WebPEncodeLosslessRGBA`): 4 × 2, opaque red on
    /// the left half, transparent on the right.
    let webP = Data(base64Encoded: "UklGRiIAAABXRUJQVlA4TBUAAAAvA0AAEA8Q8x/zHwyFAAKgoInofzwA")!

    @Test func webPDecodesThroughDataAndNamedResources() throws {
        let decoded = try #require(UIImage(data: webP, scale: 2))
        #expect(decoded.size == CGSize(width: 2, height: 1) && decoded.scale == 2)
        let cg = try #require(decoded.cgImage)
        #expect(pixel(cg, 0, 0) == [255, 0, 0, 255] && pixel(cg, 3, 1) == [0, 0, 0, 0])
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("UIImageTests-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try webP.write(to: folder.appendingPathComponent("sticker@2x.webp"))
        let bundle = try #require(Bundle(path: folder.path))
        let named = try #require(UIImage(named: "sticker", in: bundle))
        #expect(named.scale == 2 && named.size == CGSize(width: 2, height: 1))
    }

    @Test func filesAndNamedResourcesReadTheScaleSuffix() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("UIImageTests-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = try #require(makeImage().pngData())
        try data.write(to: folder.appendingPathComponent("ship@2x.png"))
        try data.write(to: folder.appendingPathComponent("plain.png"))
        let file = try #require(UIImage(contentsOfFile: folder.appendingPathComponent("ship@2x.png").path))
        #expect(file.scale == 2 && file.size == CGSize(width: 2, height: 1))
        let bundle = try #require(Bundle(path: folder.path))
        let named = try #require(UIImage(named: "ship", in: bundle))
        #expect(named.scale == 2)
        #expect(UIImage(named: "plain", in: bundle)?.scale == 1)
        #expect(UIImage(named: "missing", in: bundle) == nil)
        #expect(
            CompatibilityWarnings.messages.contains {
                $0.hasPrefix("UIImage(named:): no asset catalogues on Linux")
                    && $0.hasSuffix("\"missing\" was not found")
            })
        #expect(UIImage(contentsOfFile: folder.appendingPathComponent("nothing.png").path) == nil)
    }

    @Test func orientationSwapsTheSize() throws {
        let cg = try #require(makeImage().cgImage)
        #expect(UIImage(cgImage: cg, scale: 1, orientation: .right).size == CGSize(width: 2, height: 4))
        #expect(UIImage(cgImage: cg, scale: .nan, orientation: .up).scale == 1)
    }

    @Test func imageContextStackNestsAndDrawsImagesUpright() throws {
        #expect(UIGraphicsGetImageFromCurrentImageContext() == nil)
        let source = makeImage()
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 4, height: 4), false, 1)
        let outer = UIGraphicsGetCurrentContext()
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 1, height: 1), true, 3)
        let inner = try #require(UIGraphicsGetImageFromCurrentImageContext())
        #expect(inner.scale == 3 && inner.cgImage?.width == 3)
        #expect(inner.cgImage.map { pixel($0, 0, 0) } == [0, 0, 0, 255])  // opaque: black
        UIGraphicsEndImageContext()
        #expect(UIGraphicsGetCurrentContext() === outer)
        source.draw(at: CGPoint(x: 0, y: 2))  // the lower half
        let drawn = try #require(UIGraphicsGetImageFromCurrentImageContext()?.cgImage)
        UIGraphicsEndImageContext()
        #expect(UIGraphicsGetCurrentContext() == nil)
        #expect(pixel(drawn, 0, 3) == [255, 0, 0, 255] && pixel(drawn, 0, 0) == [0, 0, 0, 0])
        #expect(pixel(drawn, 3, 3) == [0, 0, 0, 0])
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 0, height: 10), false, 1)  // refused
        #expect(UIGraphicsGetCurrentContext() == nil)
    }

    @Test func mainScreen() {
        #expect(UIScreen.main.bounds == CGRect(x: 0, y: 0, width: 375, height: 667))
        #expect(UIScreen.main.scale == 2)
    }
}

@Suite struct UIImageJPEGTests {
    @Test func jpegRoundTripsWithinTheCompressionError() throws {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let image = UIGraphicsImageRenderer(size: CGSize(width: 32, height: 16), format: format).image {
            context in
            UIColor.red.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 16, height: 16))
            UIColor.blue.setFill()
            context.fill(CGRect(x: 16, y: 0, width: 16, height: 16))
        }
        let best = try #require(image.jpegData(compressionQuality: 1))
        let smallest = try #require(image.jpegData(compressionQuality: 0))
        #expect(best.prefix(2) == Data([0xFF, 0xD8]))  // a JPEG's start-of-image marker
        #expect(smallest.count < best.count)
        let decoded = try #require(UIImage(data: best)?.cgImage)
        #expect(decoded.width == 32 && decoded.height == 16)
        let left = pixel(decoded, 4, 8)
        let right = pixel(decoded, 28, 8)
        #expect(left[0] > 240 && left[2] < 15 && right[2] > 240 && right[0] < 15)
        #expect(UIImage().jpegData(compressionQuality: 0.5) == nil)
    }
}
