import QuartzCore

/// The owner of a view hierarchy (UIKit's `UIViewController`), to the extent the chapters use
/// it: a lazily loaded root `view`, `loadView()` and `viewDidLoad()`, and the appearance calls
/// a window makes when it shows the controller.
open class UIViewController: UIResponder {
    private var loadedView: UIView?

    /// A controller with no view yet: `init(nibName: nil, bundle: nil)`. A convenience
    /// initialiser, as on iOS, so a subclass may declare its own `init()` calling
    /// `super.init(nibName: nil, bundle: nil)`.
    public convenience override init() {
        self.init(nibName: nil, bundle: nil)
    }

    /// A controller with no view yet (UIKit's designated initialiser, with
    /// `init?(coder:)`). Lamina loads no nibs: a `nibName` is kept (`nibName`) but no nib is
    /// loaded — `loadView()` makes the view, with a compatibility warning (ruling U17).
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        nibName = nibNameOrNil
        nibBundle = nibBundleOrNil
        super.init()
        if let nibNameOrNil {
            CompatibilityWarnings.report(
                "UIViewController: nib \"\(nibNameOrNil)\" is not loaded (no nib loading)")
        }
    }

    /// Always fails (returns `nil`, with a compatibility warning): Lamina loads no storyboards
    /// or nibs. `required` as in UIKit, so that `required init?(coder:)` in subclasses compiles
    /// (ruling U17).
    public required init?(coder: NSCoder) {
        CompatibilityWarnings.report(
            "UIViewController: init(coder:) is not supported (no nib loading); it returns nil")
        return nil
    }

    /// The nib name given to `init(nibName:bundle:)` (never loaded); `nil` otherwise.
    public private(set) var nibName: String?
    /// The bundle given to `init(nibName:bundle:)`; `nil` otherwise.
    public private(set) var nibBundle: Bundle?

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
