import QuartzCore

// The view hierarchy. Each change is mirrored on the layers: a subview's layer sits among its
// superview's sublayers in the subviews' order (other sublayers keep their places).

extension UIView {
    /// Adds `view` in front of the other subviews, removing it from its previous superview.
    /// Adding the view to itself or to one of its descendants is refused (ignored and reported).
    public func addSubview(_ view: UIView) {
        insert(view, at: subviews.count)
    }

    /// Inserts `view` at `index` among the subviews (clamped to 0…count).
    public func insertSubview(_ view: UIView, at index: Int) {
        insert(view, at: index)
    }

    /// Inserts `view` just above `siblingSubview`; in front when that is not a subview.
    public func insertSubview(_ view: UIView, aboveSubview siblingSubview: UIView) {
        guard let index = subviews.firstIndex(where: { $0 === siblingSubview }) else {
            return addSubview(view)
        }
        let adjusted = view.superview === self && (subviews.firstIndex { $0 === view } ?? .max) < index
        insert(view, at: adjusted ? index : index + 1)
    }

    /// Inserts `view` just below `siblingSubview`; in front when that is not a subview.
    public func insertSubview(_ view: UIView, belowSubview siblingSubview: UIView) {
        guard let index = subviews.firstIndex(where: { $0 === siblingSubview }) else {
            return addSubview(view)
        }
        let adjusted = view.superview === self && (subviews.firstIndex { $0 === view } ?? .max) < index
        insert(view, at: adjusted ? index - 1 : index)
    }

    /// Moves `view` in front of its siblings; does nothing when it is not a subview.
    public func bringSubviewToFront(_ view: UIView) {
        guard view.superview === self else { return }
        insert(view, at: subviews.count)
    }

    /// Moves `view` behind its siblings; does nothing when it is not a subview.
    public func sendSubviewToBack(_ view: UIView) {
        guard view.superview === self else { return }
        insert(view, at: 0)
    }

    /// Swaps the subviews at two indices; does nothing for an index out of range.
    public func exchangeSubview(at index1: Int, withSubviewAt index2: Int) {
        guard subviews.indices.contains(index1), subviews.indices.contains(index2), index1 != index2 else {
            return
        }
        let (low, high) = (min(index1, index2), max(index1, index2))
        let first = subviews[low]
        let second = subviews[high]
        insert(second, at: low)
        insert(first, at: high)
    }

    /// Removes the view from its superview (and its layer from the superlayer).
    /// The callbacks, in order (ruling U17): the superview's `willRemoveSubview(_:)`,
    /// `willMove(toSuperview: nil)`, `willMove(toWindow: nil)` on the view and its descendants
    /// when it was in a window, the removal, `didMoveToWindow()` on the same views, then
    /// `didMoveToSuperview()`.
    public func removeFromSuperview() {
        guard let parent = superview else { return }
        let oldTint = effectiveTint
        let oldWindow = window
        parent.willRemoveSubview(self)
        willMove(toSuperview: nil)
        let moving = oldWindow == nil ? [] : subtree()
        for view in moving { view.willMove(toWindow: nil) }
        parent.subviews.removeAll { $0 === self }
        superview = nil
        layer.removeFromSuperlayer()
        for view in moving { view.didMoveToWindow() }
        didMoveToSuperview()
        notifyTintChange(from: oldTint, force: false)
    }

    /// Whether the view is `view` or one of its descendants.
    public func isDescendant(of view: UIView) -> Bool {
        var current: UIView? = self
        while let candidate = current {
            if candidate === view { return true }
            current = candidate.superview
        }
        return false
    }

    /// The view itself or the first descendant (depth first, back to front) with `tag`.
    public func viewWithTag(_ tag: Int) -> UIView? {
        if self.tag == tag { return self }
        for subview in subviews {
            if let found = subview.viewWithTag(tag) { return found }
        }
        return nil
    }

    /// Places `view` at `index` among the subviews (clamped), and its layer below the layer of
    /// the subview that follows it (on top of the sublayers when none follows).
    private func insert(_ view: UIView, at index: Int) {
        guard !isDescendant(of: view) else {
            CompatibilityWarnings.report("UIView: cannot add a view to itself or to one of its descendants")
            return
        }
        let isMove = view.superview === self
        let oldTint = view.effectiveTint
        let newWindow = window
        var moving: [UIView] = []
        if !isMove {
            view.willMove(toSuperview: self)
            if view.window !== newWindow {
                moving = view.subtree()
                for each in moving { each.willMove(toWindow: newWindow) }
            }
            if let old = view.superview {
                old.willRemoveSubview(view)
                old.subviews.removeAll { $0 === view }
            }
        }
        subviews.removeAll { $0 === view }
        let position = min(max(index, 0), subviews.count)
        subviews.insert(view, at: position)
        view.superview = self
        if position + 1 < subviews.count {
            layer.insertSublayer(view.layer, below: subviews[position + 1].layer)
        } else {
            layer.addSublayer(view.layer)
        }
        if !isMove {
            for each in moving { each.didMoveToWindow() }
            view.didMoveToSuperview()
            didAddSubview(view)
            view.notifyTintChange(from: oldTint, force: false)
        }
    }

    /// The view and its descendants, breadth first (each view before its subviews).
    func subtree() -> [UIView] {
        var result: [UIView] = [self]
        var index = 0
        while index < result.count {
            result.append(contentsOf: result[index].subviews)
            index += 1
        }
        return result
    }

    /// Calls `tintColorDidChange()` on the view (when `force`, or when its tint is no longer
    /// `old`) and on its descendants that inherit the tint.
    func notifyTintChange(from old: UIColor, force: Bool) {
        guard force || effectiveTint != old else { return }
        tintColorDidChange()
        for subview in subviews where subview.storedTintColor == nil {
            subview.notifyTintChange(from: old, force: true)
        }
    }

    // MARK: - Hit testing

    /// `hitTest(_:with:)`'s search (see there).
    func hitTestImplementation(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        guard isUserInteractionEnabled, !isHidden, alpha > 0.01, interactionBlockingAnimations == 0,
            self.point(inside: point, with: event)
        else { return nil }
        for subview in subviews.reversed() {
            let local = subview.convert(point, from: self)
            if let found = subview.hitTest(local, with: event) { return found }
        }
        return self
    }
}
