import CoreGraphics

// `compositingFilter` in the compositor (ruling V18): a layer whose filter names a blend mode
// other than source-over is drawn — its own parts, sublayers, shadow, mask, transition and
// opacity, as it would otherwise be drawn — into an offscreen group, which is then composited
// onto the backdrop with the mode. The backdrop is what the current target holds at that
// moment: everything drawn before the layer in the nearest enclosing group (an opacity group,
// a masked layer, a rasterized layer's bitmap, a transition's picture, another blended layer),
// or in the frame when there is none; groups are isolated, so nothing behind such an ancestor
// shows through to the modes inside it.

extension RenderPass {
    /// Draws `layer` blended by its `compositingFilter`, else in its running transition, if it
    /// has either; `false` (nothing drawn) otherwise. `inherited` is the opacity of its parent,
    /// `opacity` that times its own.
    mutating func drawBlendedOrInTransition(
        _ layer: RenderLayer, state: LayerState, parentMatrix: CATransform3D, parentState: LayerState?,
        inherited: Float, opacity: Float, stencilLevel: Int
    ) -> Bool {
        if state.compositingFilter != nil,
            drawIfBlended(
                layer, state: state, parentMatrix: parentMatrix, parentState: parentState, opacity: inherited,
                stencilLevel: stencilLevel)
        {
            return true
        }
        return layer.transition != nil
            && drawInTransition(
                layer, state: state, parentMatrix: parentMatrix, parentState: parentState, opacity: opacity,
                stencilLevel: stencilLevel)
    }

    /// Draws `layer` blended by its `compositingFilter`, if that names a mode other than
    /// source-over; `false` when it does not (or no offscreen target is available, or the
    /// layer is the one being drawn into its own group), and the layer is drawn as usual.
    /// `opacity` is the inherited opacity (the layer's own applies inside the group).
    private mutating func drawIfBlended(
        _ layer: RenderLayer, state: LayerState, parentMatrix: CATransform3D, parentState: LayerState?,
        opacity: Float, stencilLevel: Int
    ) -> Bool {
        if builder.unblendedLayer == layer.id {
            builder.unblendedLayer = nil
            return false
        }
        let mode = CompositingFilter.blendMode(of: state.compositingFilter)
        // A transform layer ignores its filter (Apple's header); `render(in:)` blends its root
        // into the context itself (CALayer+RenderInContext.swift).
        guard mode != .normal, !Self.preservesDepth(layer),
            !(builder.usesModelValues && layer.id == builder.ownSpaceRootID)
        else { return false }
        let layerOpacity = state.opacity.isFinite ? min(max(state.opacity, 0), 1) : 1
        // A layer that draws nothing composites nothing (a clearing mode clears nothing).
        guard (!state.isHidden && opacity * layerOpacity > 0) || runningTransition(of: layer) != nil else {
            return true
        }
        let matrix = self.matrix(of: layer, state, parentMatrix: parentMatrix, parentState: parentState)
        guard matrix.isFinite else { return false }
        if !state.isDoubleSided, let sign = Self.orientation(of: state.bounds, matrix),
            sign != frontFacingSign
        {
            return true
        }
        let passes = mode.fixedFunctionPasses
        guard let group = builder.offscreenTarget(depth: groupDepth),
            passes != nil || builder.offscreenTarget(depth: groupDepth + 1) != nil
        else { return false }
        let outer = builder.currentTarget
        // Every pass is limited to the pixels the layer can reach, where they are known.
        let extent = extent(of: layer, state)
        let region = extent.reachesBeyond ? nil : pixelRegion(of: extent.box, matrix, margin: 8)
        if let region { pushScissor(region) }
        defer { if region != nil { popScissor() } }
        // The group: the layer drawn as it would be (at the inherited opacity, a replicator
        // instance's colour included), over transparent black.
        bind(group)
        groupDepth += 1
        builder.unblendedLayer = layer.id
        draw(layer, parentMatrix: parentMatrix, parentState: parentState, opacity: opacity, stencilLevel: 0)
        builder.unblendedLayer = nil
        groupDepth -= 1
        returnTo(outer, stencilLevel: stencilLevel)
        // Where the mode applies: everywhere the group may be, except for the modes that change
        // the backdrop under a transparent source, which apply over the layer's extent only.
        let screen = CGRect(x: -1, y: -1, width: 2, height: 2)
        let (placement, quad) =
            mode.changesBackdropWhereTransparent
            ? (matrix, extent.box) : (CATransform3DIdentity, screen)
        let outerBlend = builder.blend
        defer { builder.blend = outerBlend }
        if let passes {
            for pass in passes {
                builder.blend = pass
                builder.draw(
                    .blend(
                        BlendQuad(
                            mode: nil, source: .target(group), backdrop: .none, matrix: placement, quad: quad)
                    ))
            }
        } else if let backdrop = builder.offscreenTarget(depth: groupDepth + 1) {
            // The backdrop, copied, is read by the mode's shader, which writes the composite.
            builder.record(.copyToTarget(Self.clamped(region, builder), backdrop))
            builder.blend = .replace
            builder.draw(
                .blend(
                    BlendQuad(
                        mode: mode, source: .target(group), backdrop: .target(backdrop), matrix: placement,
                        quad: quad)))
        }
        return true
    }

    /// `region` (pixels; `nil`: all) within the target.
    private static func clamped(_ region: PixelRect?, _ builder: FrameBuilder) -> PixelRect {
        let (width, height) = (Int32(builder.pixelWidth), Int32(builder.pixelHeight))
        let r = region ?? PixelRect(x: 0, y: 0, width: width, height: height)
        let x0 = min(max(r.x, 0), width)
        let y0 = min(max(r.y, 0), height)
        let x1 = min(max(r.x + r.width, x0), width)
        let y1 = min(max(r.y + r.height, y0), height)
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The layer's extent in its bounds coordinates: the box of its bounds, its sublayers'
    /// frames and theirs in turn (not below a layer that masks to bounds), the contents images
    /// that overflow them, and the reach of their shadows, as presented this frame — where a mode
    /// that changes the backdrop under a transparent source applies. `reachesBeyond` when
    /// something in the subtree may draw outside the box (a shape's path, particles, replicator
    /// instances, a transition, a 3D context, a corner behind the eye), so that the other modes
    /// are applied over the whole target.
    private mutating func extent(of layer: RenderLayer, _ state: LayerState) -> (
        box: CGRect, reachesBeyond: Bool
    ) {
        var box = CGRect.null
        var reachesBeyond = false
        var flatten = CATransform3DIdentity
        flatten.m33 = 0
        // Each entry: a layer, its presented values, the matrix from its bounds coordinates to
        // the blended layer's, its depth, and its local time (its sublayers' parent time).
        let parentTime = time
        defer { time = parentTime }
        var pending = [(layer, state, CATransform3DIdentity, 0, localTime(of: layer))]
        while let (node, s, toLayer, depth, nodeTime) = pending.popLast() {
            guard let frame = Self.clipBox(of: s.bounds, toLayer) else {
                reachesBeyond = true
                continue
            }
            box = box.union(frame)
            let kind = node.kind
            if (kind != nil && kind?.drawsWithinBounds != true) || node.transition != nil {
                reachesBeyond = true
            }
            if s.shadowOpacity > 0, !s.masksToBounds, s.shadowColor != nil {
                // Three shadow radii: the blur reads its shape's neighbourhood (σ = radius / 2).
                let radius = s.shadowRadius.isFinite ? max(s.shadowRadius, 0) : 0
                let offset =
                    s.shadowOffset.width.isFinite && s.shadowOffset.height.isFinite ? s.shadowOffset : .zero
                let shape = (s.shadowPath?.boundingBoxOfPath ?? s.bounds).offsetBy(
                    dx: offset.width, dy: offset.height)
                if let reach = Self.clipBox(of: shape.insetBy(dx: -3 * radius, dy: -3 * radius), toLayer) {
                    box = box.union(reach)
                } else {
                    reachesBeyond = true
                }
            }
            guard !s.masksToBounds else { continue }
            if let contents = contentsRect(of: s) {
                if let drawn = Self.clipBox(of: contents, toLayer) {
                    box = box.union(drawn)
                } else {
                    reachesBeyond = true
                }
            }
            guard depth < 64 else {
                reachesBeyond = reachesBeyond || !node.sublayers.isEmpty
                continue
            }
            // The sublayers as this frame draws them: presented at their parent's local time.
            time = nodeTime
            for sublayer in node.sublayers {
                let child = presentedState(of: sublayer)
                guard !child.isHidden else { continue }
                let toParent = CATransform3DConcat(
                    child.transformToParent(sublayerSpace: s.sublayerSpaceTransform), flatten)
                pending.append(
                    (
                        sublayer, child, CATransform3DConcat(toParent, toLayer), depth + 1,
                        localTime(of: sublayer)
                    ))
            }
        }
        return (box.isNull ? state.bounds : box, reachesBeyond)
    }

    /// Where a layer's `contents` image is drawn, in its bounds coordinates (`drawImage`'s
    /// placement), when that may lie outside its bounds; `nil` when there is none to add.
    private func contentsRect(of s: LayerState) -> CGRect? {
        guard let image = s.contents as? CGImage else { return nil }
        let crop = s.contentsRect.standardized
        let scale = s.contentsScale.isFinite && s.contentsScale > 0 ? s.contentsScale : 1
        let size = CGSize(
            width: CGFloat(image.width) * crop.width / scale,
            height: CGFloat(image.height) * crop.height / scale)
        // In the layer's own coordinates the placement is mirrored by its own flip (ruling V30).
        let gravity = Self.placedGravity(s.contentsGravity, swapped: s.isGeometryFlipped)
        let dest = Self.destination(of: size, in: s.bounds, gravity: gravity)
        guard dest.minX.isFinite, dest.minY.isFinite, dest.maxX.isFinite, dest.maxY.isFinite else {
            return nil
        }
        if let previous = s.contentsCrossfade?.previous as? CGImage {
            let previousSize = CGSize(
                width: CGFloat(previous.width) * crop.width / scale,
                height: CGFloat(previous.height) * crop.height / scale)
            return dest.union(Self.destination(of: previousSize, in: s.bounds, gravity: gravity))
        }
        return dest
    }
}
