import QuartzCore

/// The owner of a view hierarchy (UIKit's `UIViewController`), to the extent the chapters use
/// it: a lazily loaded root `view`, `loadView()` and `viewDidLoad()`, and the appearance calls
/// a window makes when it shows the controller.
open class UIViewController: UIResponder {
    private var loadedView: UIView?

    /// A controller with no view yet.
    public override init() {
        super.init()
    }

    /// The root view, loaded on first access: `loadView()`, then `viewDidLoad()`.
    open var view: UIView! {
        get {
            if loadedView == nil { loadViewIfNeeded() }
            return loadedView
        }
        set {
            loadedView?.viewController = nil
            loadedView = newValue
            newValue?.viewController = self
        }
    }

    /// Whether the view has been loaded.
    public var isViewLoaded: Bool { loadedView != nil }

    /// Loads the view now if it is not loaded yet.
    public func loadViewIfNeeded() {
        guard loadedView == nil else { return }
        loadView()
        if loadedView == nil { view = UIView(frame: UIScreen.main.bounds) }
        viewDidLoad()
    }

    /// Creates the view. The default makes a plain view of the screen's bounds; override it to
    /// set `view` yourself (without calling `super`).
    open func loadView() {
        view = UIView(frame: UIScreen.main.bounds)
    }

    /// Called once after the view was loaded. Does nothing.
    open func viewDidLoad() {}
    /// Called before the view appears in a window. Does nothing.
    open func viewWillAppear(_ animated: Bool) {}
    /// Called after the view appeared in a window. Does nothing.
    open func viewDidAppear(_ animated: Bool) {}

    /// Receives what the root view does not handle: the root view's superview (the window).
    open override var next: UIResponder? { loadedView?.superview }
}
