import Testing
import UIKit

@Suite struct UIImageViewTests {
    /// A 4×2-pixel image at `scale`.
    func image(scale: CGFloat) throws -> UIImage {
        let context = try #require(
            CGContext(
                data: nil, width: 4, height: 2, bitsPerComponent: 8, bytesPerRow: 0,
                space: CGColorSpace(name: CGColorSpace.sRGB)!,
                bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        return UIImage(cgImage: try #require(context.makeImage()), scale: scale, orientation: .up)
    }

    @Test func showsItsImageAtTheImagesScale() throws {
        let picture = try image(scale: 2)
        let view = UIImageView(image: picture)
        #expect(view.frame == CGRect(x: 0, y: 0, width: 2, height: 1))  // points
        #expect(view.layer.contents as AnyObject? === picture.cgImage)
        #expect(view.layer.contentsScale == 2)
        #expect(view.contentMode == .scaleToFill && view.layer.contentsGravity == .resize)
        view.image = nil
        #expect(view.layer.contents == nil)
        #expect(UIImageView(image: nil).frame == .zero)
    }

    @Test func takesNoTouchesByDefault() throws {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let imageView = UIImageView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        window.addSubview(imageView)
        #expect(!imageView.isUserInteractionEnabled)
        #expect(window.hitTest(CGPoint(x: 10, y: 10), with: nil) === window)
        imageView.isUserInteractionEnabled = true
        #expect(window.hitTest(CGPoint(x: 10, y: 10), with: nil) === imageView)
    }

    /// Outside animation blocks the image changes at once; inside `transition(with:…)` the
    /// transition shows the change.
    @Test func imageChangesSnapOutsideBlocksAndTransitionInside() throws {
        try withManualClock {
            let (window, _) = makeCommittedViews()
            let imageView = UIImageView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
            window.addSubview(imageView)
            CATransaction.flush()
            imageView.image = try image(scale: 1)
            CATransaction.flush()
            #expect(imageView.layer.animationKeys() == nil)
            let next = try image(scale: 1)
            UIView.transition(
                with: imageView, duration: 1, options: .transitionCrossDissolve,
                animations: { imageView.image = next })
            #expect(imageView.layer.animationKeys() == [kCATransition])
            #expect(imageView.layer.contents as AnyObject? === next.cgImage)
        }
    }

    /// A view's content mode names where its content goes on screen, whatever the layer's
    /// gravity names mean in its y-down geometry (rulings U23, V3): `.top` shows a small image at
    /// the top of the view, `.bottomRight` at the bottom right.
    @Test(arguments: [
        (UIView.ContentMode.top, CALayerContentsGravity.bottom, 8, 2),
        (.bottom, .top, 8, 14), (.topLeft, .bottomLeft, 2, 2), (.bottomRight, .topRight, 14, 14),
    ])
    func contentModesPlaceTheImageWhereTheyNameOnScreen(
        _ mode: UIView.ContentMode, _ gravity: CALayerContentsGravity, _ x: Int, _ y: Int
    ) throws {
        let context = try #require(
            CGContext(
                data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0,
                space: CGColorSpace(name: CGColorSpace.sRGB)!,
                bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        context.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        context.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        let view = UIImageView(frame: CGRect(x: 0, y: 0, width: 16, height: 16))
        view.image = UIImage(cgImage: try #require(context.makeImage()), scale: 1, orientation: .up)
        view.contentMode = mode
        #expect(view.layer.contentsGravity == gravity)
        let renderer = try CARenderer(layer: view.layer, size: CGSize(width: 16, height: 16))
        renderer.beginFrame(atTime: 0)
        renderer.render()
        renderer.endFrame()
        var pixels = [UInt8](repeating: 0, count: 16 * 16 * 4)
        _ = pixels.withUnsafeMutableBytes { renderer.readPixels(into: $0, bytesPerRow: 16 * 4) }
        #expect(pixels[(y * 16 + x) * 4] == 255 && pixels[(y * 16 + x) * 4 + 3] == 255, "\(mode)")
        let (ox, oy) = (15 - x, 15 - y)  // the opposite corner or edge stays empty
        #expect(pixels[(oy * 16 + ox) * 4 + 3] == 0, "\(mode)")
    }
}
