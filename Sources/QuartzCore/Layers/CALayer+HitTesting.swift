import CoreGraphics

// Hit testing (CA-SEMANTICS.md §10.4, ruling R8): front to back in sublayer order (zPosition does
// not reorder), hidden subtrees skipped, masksToBounds and the mask limiting the subtree.

extension CALayer {
    /// `hitTest(_:)`'s algorithm, with `point` in the superlayer's coordinates.
    func hitTestImplementation(_ point: CGPoint) -> CALayer? {
        guard !state.isHidden else { return nil }
        let local = Homography(transformToParent()).inverted().apply(point)
        return hitTestLocal(local)
    }

    /// Hit testing with `local` already in this layer's coordinates.
    func hitTestLocal(_ local: CGPoint) -> CALayer? {
        guard local.x.isFinite, local.y.isFinite else { return nil }
        if state.masksToBounds && !contains(local) { return nil }
        if let mask = maskStorage, !mask.coversForHitTesting(local) { return nil }
        for sublayer in (sublayerStorage ?? []).reversed() {
            if let hit = sublayer.hitTest(local) { return hit }
        }
        return contains(local) ? self : nil
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
