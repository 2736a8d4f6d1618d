import QuartzCore
import UIKit

/// What a `UIView` answers for its backing layer outside an animation block: `NSNull`, "no
/// action" (chapter 7, listing 7.5), so its layer's changes snap rather than fade. Every view of an
/// example (the root, container views, image views, controls) has one as its layer's delegate.
final class ViewBacking: CALayerDelegate {
    func action(for layer: CALayer, forKey event: String) -> (any CAAction)? { NSNull() }
}

/// A built example: the listing's view controller, its layer tree, its script of interactions and
/// what it logs.
///
/// Subclasses are the listings' view controllers (a scene is a `UIViewController` whose `view`
/// is ``rootView``): they build their tree in `viewDidLoad()` or in `init`, override ``handle(_:)``
/// with the listing's actions, and receive touches as UIKit delivers them (`touchesBegan(_:with:)`,
/// gesture recognisers) through the scene's ``window``.
open class ExampleScene: UIViewController {
    /// The view controller's view (a UIKit `UIView`): bounds `(0, 0, size)`, position at its
    /// centre, white.
    public let rootView: UIView
    /// The UIKit window showing the scene's view (its only subview once the scene is loaded,
    /// ``loadAndShow()``), of the scene's size at the origin: touches are delivered through it
    /// (``sendTouch(_:at:)``), so scene and window coordinates are the same. The window does not
    /// hold the scene (its `rootViewController` stays `nil`, so that scene and window do not keep
    /// each other alive); the view passes what it does not handle to the scene, its controller.
    public let window: UIWindow
    /// The view controller's view's layer, whose delegate is the view (no implicit animations of
    /// its own properties outside view animation blocks).
    public let root: CALayer
    /// The interactions a user makes to show the listing off, in time order.
    public var script: [ScriptedEvent]
    /// What the listing logs (`NSLog`, `print`), appended as it happens.
    public var log: [String] = []
    /// The listing's buttons, sliders and fields with their frames in root coordinates.
    public var controls: [ExampleControl] = []
    /// The delegate of the view-backing layers that the scene makes itself (image views,
    /// labels; delegates are weak: it lives here).
    let viewBacking = ViewBacking()
    /// The views made with `makeView`/`makeUIView` (a layer's delegate is weak: they live here).
    var views: [UIView] = []
    /// The chrome layer of each control, by name.
    var controlLayers: [String: CALayer] = [:]

    /// A scene of `size` points with an empty script.
    ///
    /// - Parameters:
    ///   - size: The root's bounds size in points; non-finite or negative sizes give an empty
    ///     root.
    ///   - background: The root's background colour; white (a view controller's view) by default.
    public init(size: CGSize, background: CGColor? = CGColor(gray: 1, alpha: 1)) {
        let width = size.width.isFinite ? max(0, size.width) : 0
        let height = size.height.isFinite ? max(0, size.height) : 0
        rootView = UIView(frame: CGRect(x: 0, y: 0, width: width, height: height))
        window = UIWindow(frame: CGRect(x: 0, y: 0, width: width, height: height))
        root = rootView.layer
        root.name = "view"
        root.backgroundColor = background
        script = []
        super.init(nibName: nil, bundle: nil)
    }

    /// Always fails, as `UIViewController`'s does: scenes are not loaded from nibs (ruling U17).
    public required init?(coder: NSCoder) { nil }

    /// The view is ``rootView``.
    open override func loadView() {
        view = rootView
    }

    /// Loads the view (the listing's `viewDidLoad()` runs) and shows it in the scene's window
    /// (`viewWillAppear`, added filling the window, `viewDidAppear`), as an app's launch shows its
    /// root view controller. ``Example/makeScene()`` calls it; calling it again does nothing.
    public func loadAndShow() {
        loadViewIfNeeded()
        guard rootView.superview !== window else { return }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        viewWillAppear(false)
        rootView.frame = window.bounds
        window.addSubview(rootView)
        window.makeKeyAndVisible()
        viewDidAppear(false)
        CATransaction.commit()
    }

    /// Delivers one phase of a touch at `point` (root coordinates) through the scene's window:
    /// at `.began` the view under the point is found by hit testing, and it (with the gesture
    /// recognisers of it and its superviews) receives the sequence as UIKit delivers it
    /// (`UIWindow.sendTouch(_:at:)`). Loads the scene first if it is not loaded. Non-finite points
    /// are ignored.
    public func sendTouch(_ phase: UITouch.Phase, at point: CGPoint) {
        loadAndShow()
        window.sendTouch(phase, at: window.convert(point, from: rootView))
    }

    /// Performs `event` as the listing's action method or touch handler does. Events the listing
    /// has no handler for are ignored, as UIKit ignores touches nothing handles; a button or
    /// slider that is disabled ignores its events too.
    ///
    /// The base class turns the touch events into synthetic touches through ``sendTouch(_:at:)``,
    /// so that the listing's `touchesBegan(_:with:)` and gesture recognisers receive them as
    /// they receive a user's: ``ExampleEvent/tap(_:)`` is a touch going down and lifting at its
    /// point; ``ExampleEvent/pan(_:phase:)`` is a finger at ``panAnchor`` offset by the pan's
    /// translation, going down at `.began`, moving at `.changed` and lifting at `.ended` (a pan
    /// recogniser begins once it has moved 10 points, ruling U11); ``ExampleEvent/swipe(from:to:)``
    /// is a touch going down, moving in ``swipeSteps`` steps and lifting, all at once (a swipe
    /// recogniser sees a quick drag, ruling U21). Subclasses override this for
    /// the other events and pass the ones they do not handle to `super`.
    open func handle(_ event: ExampleEvent) {
        switch event {
        case .tap(let point):
            sendTouch(.began, at: point)
            sendTouch(.ended, at: point)
        case .pan(let translation, let phase):
            let point = CGPoint(x: panAnchor.x + translation.x, y: panAnchor.y + translation.y)
            switch phase {
            case .began: sendTouch(.began, at: point)
            case .changed: sendTouch(.moved, at: point)
            case .ended: sendTouch(.ended, at: point)
            }
        case .swipe(let from, let to):
            sendTouch(.began, at: from)
            for step in 1...Self.swipeSteps {
                let t = CGFloat(step) / CGFloat(Self.swipeSteps)
                sendTouch(
                    .moved, at: CGPoint(x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t))
            }
            sendTouch(.ended, at: to)
        default:
            break
        }
    }

    /// The moves of a scripted swipe (``ExampleEvent/swipe(from:to:)``) between going down and
    /// lifting.
    static let swipeSteps = 4

    /// Where a scripted pan's finger goes down: the centre of the root's bounds.
    public var panAnchor: CGPoint {
        CGPoint(x: root.bounds.midX, y: root.bounds.midY)
    }

    // MARK: - Building views

    /// The backing layer of a new `UIView` with `frame`, added to `parent`: no implicit
    /// animations outside view animation blocks.
    func makeView(_ name: String, frame: CGRect, in parent: CALayer, background: CGColor? = nil) -> CALayer {
        makeUIView(name, frame: frame, in: parent, background: background).layer
    }

    /// A new `UIView` with `frame` whose layer is added to `parent` (as a subview when `parent`
    /// is a view's layer made here), kept alive by the scene.
    func makeUIView(_ name: String, frame: CGRect, in parent: CALayer, background: CGColor? = nil) -> UIView {
        let view = UIView(frame: frame)
        view.layer.name = name
        view.layer.backgroundColor = background
        views.append(view)
        if let superview = parent === root ? rootView : views.first(where: { $0.layer === parent }) {
            superview.addSubview(view)
        } else {
            parent.addSublayer(view.layer)
        }
        return view
    }

    /// The control named `name`, if the scene has it and it is enabled.
    func enabledControl(_ name: String) -> ExampleControl? {
        controls.first { $0.name == name && $0.isEnabled }
    }

    /// Enables or disables the controls named `names` (`UIControl.enabled`): a disabled control
    /// is drawn at half opacity and ignores its events.
    func setEnabled(_ enabled: Bool, _ names: [String]) {
        for index in controls.indices where names.contains(controls[index].name) {
            controls[index].isEnabled = enabled
            controlLayers[controls[index].name]?.opacity = enabled ? 1 : 0.5
        }
    }
}

extension ExampleScene {
    /// Draws the scene's text layers (control titles, captions) at `scale` pixels per point,
    /// as UIKit sets a view's `contentsScale` to its screen's: call it when the scene is shown
    /// larger or smaller than its size, so text stays sharp. Non-finite or non-positive scales
    /// are ignored.
    public func setTextScale(_ scale: CGFloat) {
        guard scale.isFinite, scale > 0 else { return }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        var pending: [CALayer] = [root]
        while let layer = pending.popLast() {
            if let text = layer as? CATextLayer { text.contentsScale = scale }
            pending.append(contentsOf: layer.sublayers ?? [])
        }
        CATransaction.commit()
    }
}
