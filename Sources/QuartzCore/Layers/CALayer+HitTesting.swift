import CoreGraphics

// Hit testing (Apple's `CALayer` header, rulings R8 and L4): front to back in sublayer order
// (zPosition does not reorder), hidden subtrees skipped, masksToBounds and the mask limiting the
// subtree.

extension CALayer {
    /// `hitTest(_:)`'s algorithm, with `point` in the superlayer's coordinates.
    func hitTestImplementation(_ point: CGPoint) -> CALayer? {
        guard let local = localHitPoint(point) else { return nil }
        return hitTestLocal(local)
    }

    /// `point` (in the superlayer's coordinates) in this layer's, or `nil` when the layer is
    /// hidden. Apart from the recursive functions, so that their frames (on the stack once per
    /// level) hold no matrices.
    private func localHitPoint(_ point: CGPoint) -> CGPoint? {
        guard !state.isHidden else { return nil }
        return Homography(transformToParent()).inverted().apply(point)
    }

    /// The deepest level hit testing descends to: 192 (ruling L17). A level's frames take about
    /// 0.4 KiB in a debug build and about 2.2 KiB in a release build, which inlines the point's
    /// conversion into them, so 192 levels fit a 512 KiB stack in both (`DeepTreeTests`,
    /// `render-benchmark deep`).
    static let maximumHitTestDepth = 192

    /// Hit testing with `local` already in this layer's coordinates. Layers nested more than
    /// `maximumHitTestDepth` levels below the layer hit testing started at are not tested (and
    /// reported once): `hitTest(_:)` is recursive through subclasses' overrides, so the depth is
    /// bounded rather than the walk made iterative (ruling L17).
    func hitTestLocal(_ local: CGPoint) -> CALayer? {
        guard let depth = enterHitTest(local) else { return nil }
        defer { HitTestDepth.current = depth }
        let sublayers = sublayerStorage ?? []
        var index = sublayers.count
        while index > 0 {
            index -= 1
            if let hit = sublayers[index].hitTest(local) { return hit }
        }
        return contains(local) ? self : nil
    }

    /// Whether hit testing goes on into this layer's subtree at `local`: a finite point, inside
    /// the bounds when they clip, within the depth limit (one level deeper from here on) and
    /// covered by the mask. Returns the depth to restore afterwards, or `nil` (the depth is then
    /// unchanged).
    private func enterHitTest(_ local: CGPoint) -> Int? {
        guard local.x.isFinite, local.y.isFinite else { return nil }
        if state.masksToBounds && !contains(local) { return nil }
        let depth = HitTestDepth.current
        guard depth < Self.maximumHitTestDepth else {
            CompatibilityWarnings.report(
                "hitTest: layers nested deeper than \(Self.maximumHitTestDepth) levels are not tested")
            return nil
        }
        HitTestDepth.current = depth + 1
        if let mask = maskStorage, !mask.coversForHitTesting(local) {
            HitTestDepth.current = depth
            return nil
        }
        return depth
    }

    /// Whether the mask layer (in its owner's space) covers `point`: its bounds or any of its
    /// visible sublayers. Lamina approximates the mask's alpha by its geometry here.
    func coversForHitTesting(_ point: CGPoint) -> Bool {
        guard !state.isHidden else { return false }
        let local = Homography(transformToParent()).inverted().apply(point)
        guard local.x.isFinite, local.y.isFinite else { return false }
        return hitTestLocal(local) != nil
    }
}

/// How deep the hit test running on this thread is.
private enum HitTestDepth {
    private static let key = "LaminaHitTestDepth"

    static var current: Int {
        get { Thread.current.threadDictionary[key] as? Int ?? 0 }
        set { Thread.current.threadDictionary[key] = newValue }
    }
}
