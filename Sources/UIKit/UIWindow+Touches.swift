import QuartzCore

extension UIWindow {
    /// Delivers one phase of the (single) touch at `point` in the window's coordinates
    /// (Lamina extension, the host's entry point).
    ///
    /// At `.began` the touch's view is found by `hitTest(_:with:)`; every later phase goes to
    /// that view. The gesture recognisers of the view and its ancestors see the touch first;
    /// when one recognises its gesture and `cancelsTouchesInView`, the view gets
    /// `touchesCancelled` instead of the rest of the sequence. A `.began` while a touch is in
    /// progress cancels that one first; other phases without a touch in progress are ignored.
    /// Non-finite points are ignored.
    public func sendTouch(_ phase: UITouch.Phase, at point: CGPoint) {
        guard point.x.isFinite, point.y.isFinite else { return }
        if phase == .began, activeTouch != nil { sendTouch(.cancelled, at: activeTouch!.windowLocation) }
        let touch: UITouch
        if phase == .began {
            touch = UITouch()
            touch.window = self
            touch.view = hitTest(point, with: nil)
            touch.previousWindowLocation = point
            activeTouch = touch
            activeRecognizers = touch.view.map(Self.recognizers(for:)) ?? []
        } else {
            guard let current = activeTouch else { return }
            touch = current
            touch.previousWindowLocation = touch.windowLocation
        }
        touch.windowLocation = point
        touch.phase = phase
        touch.timestamp = CACurrentMediaTime()
        let event = UIEvent()
        event.allTouches = [touch]
        event.timestamp = touch.timestamp
        let wasCancelledByRecognizer = activeRecognizers.contains {
            $0.cancelsTouchesInView && $0.hasRecognized
        }
        for recognizer in activeRecognizers where recognizer.isEnabled {
            recognizer.handle(touch, phase: phase)
        }
        let cancelsNow = activeRecognizers.contains { $0.cancelsTouchesInView && $0.hasRecognized }
        if let view = touch.view, !wasCancelledByRecognizer {
            let touches: Set<UITouch> = [touch]
            if cancelsNow && phase != .began {
                touch.phase = .cancelled
                view.touchesCancelled(touches, with: event)
            } else {
                switch phase {
                case .began: view.touchesBegan(touches, with: event)
                case .moved, .stationary: view.touchesMoved(touches, with: event)
                case .ended: view.touchesEnded(touches, with: event)
                case .cancelled: view.touchesCancelled(touches, with: event)
                }
            }
        }
        if phase == .ended || phase == .cancelled {
            for recognizer in activeRecognizers { recognizer.reset() }
            activeTouch = nil
            activeRecognizers = []
        }
    }

    /// The enabled recognisers of `view` and its ancestors, nearest first.
    static func recognizers(for view: UIView) -> [UIGestureRecognizer] {
        var found: [UIGestureRecognizer] = []
        var current: UIView? = view
        while let candidate = current {
            found += candidate.recognizers
            current = candidate.superview
        }
        return found
    }
}
