import CoreGraphics

// Geometry (Apple's `CALayer` header; rulings L1–L3). Each layer maps its bounds coordinates
// into its parent's with
//
//     p_parent = p · T(−A) · transform · T(position, zPosition) · [T(−S) · F · sublayerTransform · T(S)]
//
// (row vectors), A being the anchor in the layer's bounds coordinates, S the parent's anchor and F
// the parent's vertical flip when `isGeometryFlipped`. Every layer is flattened into its parent's
// plane, so a step between planes is the 3×3 homography of that 4×4 matrix at z = 0, and a
// perspective point divides by w. A mask lives in its owner's coordinate space.

extension CALayer {
    /// The layer's anchor point in its own bounds coordinates, with `anchorPointZ`.
    var anchorInBounds: (x: CGFloat, y: CGFloat, z: CGFloat) {
        state.anchorInBounds
    }

    /// The layer whose coordinate space this layer is placed in: its superlayer, or the layer it
    /// masks.
    var geometryParent: CALayer? {
        superlayerStorage ?? maskOwner
    }

    /// The 4×4 transform from this layer's bounds coordinates to its geometry parent's (or, for a
    /// root, to the space its position is given in).
    package func transformToParent() -> CATransform3D {
        state.transformToParent(sublayerSpace: superlayerStorage?.state.sublayerSpaceTransform)
    }

    /// The transform this layer applies to its sublayers about its anchor point:
    /// `T(−S) · flip · sublayerTransform · T(S)`.
    package func sublayerSpaceTransform() -> CATransform3D {
        state.sublayerSpaceTransform
    }

    /// The homography from this layer's plane to `ancestor`'s (`nil`: the space above the root).
    func homography(toAncestor ancestor: CALayer?) -> Homography {
        var h = Homography.identity
        var current: CALayer? = self
        while let layer = current, layer !== ancestor {
            h = h.concatenating(Homography(layer.transformToParent()))
            current = layer.geometryParent
        }
        return h
    }

    /// The nearest common ancestor of `self` and `other`, or `nil` when they are in different
    /// trees (they then meet in the shared space above the roots).
    func commonAncestor(with other: CALayer) -> CALayer? {
        var ancestors = Set<ObjectIdentifier>()
        var current: CALayer? = self
        while let layer = current {
            ancestors.insert(ObjectIdentifier(layer))
            current = layer.geometryParent
        }
        current = other
        while let layer = current {
            if ancestors.contains(ObjectIdentifier(layer)) { return layer }
            current = layer.geometryParent
        }
        return nil
    }

    /// The homography from `self`'s coordinates to `other`'s (`nil`: the root's parent space).
    func homography(to other: CALayer?) -> Homography {
        guard let other else { return homography(toAncestor: nil) }
        if other === self { return .identity }
        let meeting = commonAncestor(with: other)
        let up = homography(toAncestor: meeting)
        let down = other.homography(toAncestor: meeting).inverted()
        return up.concatenating(down)
    }

    /// The bounding box of `rect` mapped by `h`: the four corners, projected.
    static func map(_ rect: CGRect, by h: Homography) -> CGRect {
        if rect.isNull { return rect }
        let corners = [
            CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
            CGPoint(x: rect.minX, y: rect.maxY), CGPoint(x: rect.maxX, y: rect.maxY),
        ].map(h.apply)
        let xs = corners.map(\.x)
        let ys = corners.map(\.y)
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else {
            return .null
        }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// `frame`'s getter: the bounds mapped by this layer's own transform into its parent's
    /// coordinates (without the parent's sublayer transform).
    func frameInSuperlayer() -> CGRect {
        Self.map(state.bounds, by: Homography(state.transformToParent(sublayerSpace: nil)))
    }

    /// `frame`'s setter: places the layer so that its untransformed frame is `frame`; under a
    /// scale-only affine transform the bounds size is divided by the scale.
    func setFrame(_ frame: CGRect) {
        let f = frame.standardizedKeepingNonFinite
        var size = f.size
        let t = state.transform
        if CATransform3DIsAffine(t), t.m12 == 0, t.m21 == 0, t.m11 != 0, t.m22 != 0 {
            size = CGSize(width: size.width / abs(t.m11), height: size.height / abs(t.m22))
        }
        var b = state.bounds
        b.size = size
        bounds = b
        position = CGPoint(
            x: f.origin.x + state.anchorPoint.x * f.size.width,
            y: f.origin.y + state.anchorPoint.y * f.size.height)
    }
}

extension CGRect {
    /// `standardized`, except that a rect with non-finite values is returned as is (Foundation's
    /// `standardized` maps those to `.null`, and Lamina stores non-finite geometry unchanged).
    fileprivate var standardizedKeepingNonFinite: CGRect {
        let values = [origin.x, origin.y, size.width, size.height]
        return values.allSatisfy(\.isFinite) ? standardized : self
    }
}

extension LayerState {
    /// The anchor point in the layer's own bounds coordinates, with `anchorPointZ`.
    var anchorInBounds: (x: CGFloat, y: CGFloat, z: CGFloat) {
        (
            bounds.origin.x + anchorPoint.x * bounds.size.width,
            bounds.origin.y + anchorPoint.y * bounds.size.height,
            anchorPointZ
        )
    }

    /// The 4×4 transform from these bounds coordinates to the parent's, given the parent's
    /// `sublayerSpaceTransform` (`nil` for a root or a mask):
    /// `T(−A) · transform · T(position, zPosition) · sublayerSpace`.
    package func transformToParent(sublayerSpace: CATransform3D?) -> CATransform3D {
        let a = anchorInBounds
        var m = CATransform3DMakeTranslation(-a.x, -a.y, -a.z)
        m = CATransform3DConcat(m, transform)
        m = CATransform3DConcat(m, CATransform3DMakeTranslation(position.x, position.y, zPosition))
        if let sublayerSpace { m = CATransform3DConcat(m, sublayerSpace) }
        return m
    }

    /// The transform applied to the sublayers about the anchor point:
    /// `T(−S) · flip · sublayerTransform · T(S)`, the flip mirroring about the bounds' centre when
    /// `isGeometryFlipped`.
    package var sublayerSpaceTransform: CATransform3D {
        let flip = isGeometryFlipped
        if !flip && CATransform3DIsIdentity(sublayerTransform) { return CATransform3DIdentity }
        let s = anchorInBounds
        var m = CATransform3DMakeTranslation(-s.x, -s.y, -s.z)
        if flip {
            // Mirror about the horizontal line through the centre of the bounds.
            let mid = bounds.midY - s.y
            m = CATransform3DConcat(m, CATransform3DMakeTranslation(0, -mid, 0))
            m = CATransform3DConcat(m, CATransform3DMakeScale(1, -1, 1))
            m = CATransform3DConcat(m, CATransform3DMakeTranslation(0, mid, 0))
        }
        m = CATransform3DConcat(m, sublayerTransform)
        return CATransform3DConcat(m, CATransform3DMakeTranslation(s.x, s.y, s.z))
    }
}

extension CALayer {
    /// Whether an odd number of the layer's ancestors flip the coordinate space it is placed in
    /// (ruling L21): each superlayer with `isGeometryFlipped` counts; a mask takes its owner's
    /// count, the owner's own flag excluded (it places sublayers, not the mask). A copy without a
    /// parent (a presentation layer, a copy drawn for an animation) answers for its model layer.
    var flipsAbove: Bool {
        var flipped = false
        var current: CALayer = self
        while true {
            if let superlayer = current.superlayerStorage {
                if superlayer.isGeometryFlipped { flipped.toggle() }
                current = superlayer
            } else if let owner = current.maskOwner {
                current = owner
            } else if let model = current.modelLayer, model !== current {
                current = model
            } else {
                return flipped
            }
        }
    }
}
