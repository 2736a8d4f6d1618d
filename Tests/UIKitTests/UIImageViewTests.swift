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
}
