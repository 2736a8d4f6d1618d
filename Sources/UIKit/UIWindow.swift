import QuartzCore

/// The top of a view hierarchy (UIKit's `UIWindow`): it shows a root view controller's view and
/// delivers touches to views found by hit testing.
///
/// There is no event loop: a host (the live window, a test) calls `sendTouch(_:at:)` for each
/// input (Lamina extension; UIKit's own `sendEvent(_:)` takes system events).
open class UIWindow: UIView {
    /// The touch in progress, if any.
    var activeTouch: UITouch?
    /// The recognisers that saw the touch in progress.
    var activeRecognizers: [UIGestureRecognizer] = []

    /// The controller whose view fills the window. Setting it adds its view (loading it first)
    /// sized to the window's bounds, replacing the previous controller's, and calls its
    /// `viewWillAppear`/`viewDidAppear`.
    open var rootViewController: UIViewController? {
        didSet {
            guard oldValue !== rootViewController else { return }
            if let old = oldValue, old.isViewLoaded, old.view.superview === self {
                old.view.removeFromSuperview()
            }
            guard let controller = rootViewController else { return }
            let root: UIView = controller.view
            controller.viewWillAppear(false)
            root.frame = bounds
            addSubview(root)
            controller.viewDidAppear(false)
        }
    }

    /// Whether this is the key window. Set by `makeKeyAndVisible()`/`makeKey()`.
    public private(set) var isKeyWindow = false

    /// A window of `frame` (`UIWindow()` gives a zero frame; pass `UIScreen.main.bounds` for
    /// the screen's).
    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// Always fails: Lamina loads no nibs (ruling U17).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// The screen the window is on: `UIScreen.main`, the only screen (ruling U2).
    open var screen: UIScreen = .main

    /// Makes the window the key window and shows it (`isHidden = false`).
    open func makeKeyAndVisible() {
        isKeyWindow = true
        isHidden = false
    }

    /// Makes the window the key window.
    open func makeKey() { isKeyWindow = true }

    /// The root view controller, when the window's responder chain ends there.
    open override var next: UIResponder? { nil }
}
