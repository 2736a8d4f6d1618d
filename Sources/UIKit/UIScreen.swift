import QuartzCore

/// The screen (UIKit's `UIScreen`). Lamina has no device: `main` is a fixed 2× screen of
/// 375 × 667 points, an iPhone 8's (ruling U2).
open class UIScreen: NSObject, @unchecked Sendable {
    /// The one screen.
    public static let main = UIScreen(bounds: CGRect(x: 0, y: 0, width: 375, height: 667), scale: 2)

    /// The screen's rectangle in points, origin (0, 0).
    public let bounds: CGRect
    /// Pixels per point.
    public let scale: CGFloat

    init(bounds: CGRect, scale: CGFloat) {
        self.bounds = bounds
        self.scale = scale
        super.init()
    }

    /// The same as `scale`.
    open var nativeScale: CGFloat { scale }
    /// `bounds` in pixels.
    open var nativeBounds: CGRect {
        CGRect(x: 0, y: 0, width: bounds.width * scale, height: bounds.height * scale)
    }
}
