import QuartzCore
import SnapshotTesting
import UIKit

extension Snapshotting where Value == UIView, Format == UIImage {
    /// A view laid out in a window and drawn as swift-snapshot-testing draws it on iOS, compared
    /// pixel for pixel: `image(precision: 1, perceptualPrecision: 1, size: nil)`.
    public static var image: Snapshotting { .image() }

    /// A view laid out in a window and drawn as swift-snapshot-testing draws it on iOS, compared
    /// with `Diffing.image(precision:perceptualPrecision:)`.
    ///
    /// The view is given `size` (its own frame's size when `nil`), put in a view controller's
    /// view in a window of that size and laid out (`setNeedsLayout()`, `layoutIfNeeded()`; a view
    /// still of zero width or height is sized with `sizeToFit()`), then its layer is drawn with
    /// `render(in:)` over its bounds at the main screen's scale (2). Afterwards it goes back to
    /// its frame and superview (at its index). iOS's `drawHierarchyInKeyWindow` and `traits`
    /// have no counterpart: there is one screen and no trait collection (ruling S5).
    ///
    /// - Parameters:
    ///   - precision: The fraction of pixels that must match, 0…1. Default 1.
    ///   - perceptualPrecision: How close a pixel must be to match, 1 − ΔE94/100. Default 1.
    ///   - size: The size the view is laid out at, in points; `nil` keeps its frame's size.
    public static func image(precision: Float = 1, perceptualPrecision: Float = 1, size: CGSize? = nil)
        -> Snapshotting
    {
        let diffing = SimplySnapshotting.image(precision: precision, perceptualPrecision: perceptualPrecision)
        return diffing.pullback { view in
            WindowHost.withView(view, size: size) { LayerPicture.model(view.layer) }
        }
    }

    /// The view laid out in a window as for `image`, then its layer tree as presented at media
    /// time `time` (Lamina extension; see `Snapshotting<CALayer, UIImage>.image(atTime:)`):
    /// a frame of a running view or layer animation.
    ///
    /// - Parameters:
    ///   - time: The media time of the frame (`CACurrentMediaTime()`'s scale), seconds.
    ///   - precision: The fraction of pixels that must match, 0…1. Default 1.
    ///   - perceptualPrecision: How close a pixel must be to match, 1 − ΔE94/100. Default 1.
    ///   - size: The size the view is laid out at, in points; `nil` keeps its frame's size.
    public static func image(
        atTime time: CFTimeInterval, precision: Float = 1, perceptualPrecision: Float = 1, size: CGSize? = nil
    ) -> Snapshotting {
        let diffing = SimplySnapshotting.image(precision: precision, perceptualPrecision: perceptualPrecision)
        return diffing.pullback { view in
            WindowHost.withView(view, size: size) { LayerPicture.presented(view.layer, atTime: time) }
        }
    }
}

extension Snapshotting where Value == UIViewController, Format == UIImage {
    /// A view controller's view in a window, drawn as on iOS and compared pixel for pixel:
    /// `image(precision: 1, perceptualPrecision: 1, size: nil)`.
    public static var image: Snapshotting { .image() }

    /// A view controller made the root of a window of `size` (its view's frame size when `nil`:
    /// the screen's, 375 × 667, for a view loaded by default), which loads its view, sends
    /// `viewWillAppear`/`viewDidAppear` and sizes the view to the window; the view is laid out
    /// and drawn with `render(in:)` at the main screen's scale, as swift-snapshot-testing does on
    /// iOS. Afterwards the window lets the controller go.
    ///
    /// - Parameters:
    ///   - precision: The fraction of pixels that must match, 0…1. Default 1.
    ///   - perceptualPrecision: How close a pixel must be to match, 1 − ΔE94/100. Default 1.
    ///   - size: The window's size in points; `nil` keeps the view's frame size.
    public static func image(precision: Float = 1, perceptualPrecision: Float = 1, size: CGSize? = nil)
        -> Snapshotting
    {
        let diffing = SimplySnapshotting.image(precision: precision, perceptualPrecision: perceptualPrecision)
        return diffing.pullback { controller in
            WindowHost.withController(controller, size: size) { LayerPicture.model(controller.view.layer) }
        }
    }
}

/// The window a view or controller is laid out in for its picture (swift-snapshot-testing's
/// `prepareView` on iOS).
enum WindowHost {
    /// Runs `body` with `view` at `size` in a controller's view in a window, laid out; then puts
    /// the view back where it was.
    static func withView<Result>(_ view: UIView, size: CGSize?, _ body: () -> Result) -> Result {
        let initialFrame = view.frame
        let superview = view.superview
        let index = superview?.subviews.firstIndex { $0 === view }
        let size = size ?? initialFrame.size
        view.frame.size = size
        let controller = UIViewController()
        controller.view.bounds = view.bounds
        controller.view.addSubview(view)
        let window = UIWindow(frame: CGRect(origin: .zero, size: size))
        window.rootViewController = controller
        layOut(controller.view)
        layOut(view)
        if size.width == 0 || size.height == 0 {
            view.sizeToFit()
            layOut(view)
        }
        let result = body()
        window.rootViewController = nil
        view.removeFromSuperview()
        view.frame = initialFrame
        if let superview, let index { superview.insertSubview(view, at: index) }
        return result
    }

    /// Runs `body` with `controller` the root of a window of `size`, laid out; then empties the
    /// window.
    static func withController<Result>(_ controller: UIViewController, size: CGSize?, _ body: () -> Result)
        -> Result
    {
        let size = size ?? controller.view.frame.size
        let window = UIWindow(frame: CGRect(origin: .zero, size: size))
        window.rootViewController = controller
        layOut(controller.view)
        let result = body()
        window.rootViewController = nil
        return result
    }

    private static func layOut(_ view: UIView) {
        view.setNeedsLayout()
        view.layoutIfNeeded()
    }
}
