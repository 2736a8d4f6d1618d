import QuartzCore
import UIKit

// Hosting a UIKit window: its layer fills the live window, and pointer events become touches.

extension LaminaWindow {
    /// Shows `uiWindow` in this window: its layer becomes a sublayer of `rootLayer`, framed to
    /// the window's size (without animation), and the UI window is made key and visible.
    public func host(_ uiWindow: UIWindow) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        uiWindow.frame = CGRect(origin: .zero, size: size)
        rootLayer.addSublayer(uiWindow.layer)
        CATransaction.commit()
        uiWindow.makeKeyAndVisible()
    }

    /// Delivers `event` to `uiWindow`: pointer down, move and up become the touch phases
    /// `.began`, `.moved` and `.ended` at the event's point (a move with no touch in progress is
    /// ignored); `.resized` resizes the UI window and its root view controller's view. Other
    /// events are not for UIKit. Returns whether the event was used.
    @discardableResult
    public static func deliver(_ event: Event, to uiWindow: UIWindow) -> Bool {
        switch event {
        case .pointerDown(let point):
            uiWindow.sendTouch(.began, at: point)
        case .pointerMoved(let point):
            uiWindow.sendTouch(.moved, at: point)
        case .pointerUp(let point):
            uiWindow.sendTouch(.ended, at: point)
        case .resized(let size):
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            uiWindow.frame = CGRect(origin: .zero, size: size)
            uiWindow.rootViewController?.view.frame = uiWindow.bounds
            CATransaction.commit()
        case .key, .closeRequested:
            return false
        }
        return true
    }

    /// Hosts `uiWindow` and runs the loop (`run(onFrame:onEvent:)`), delivering every event to
    /// it before passing it to `onEvent`.
    public func run(
        hosting uiWindow: UIWindow, onFrame: ((CADisplayLink) -> Void)? = nil,
        onEvent: ((Event) -> Void)? = nil
    ) {
        host(uiWindow)
        run(
            onFrame: onFrame,
            onEvent: { event in
                Self.deliver(event, to: uiWindow)
                onEvent?(event)
            })
    }
}
