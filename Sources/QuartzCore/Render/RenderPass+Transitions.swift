import CoreGraphics

// CATransition in the compositor (ruling V11): while a layer's transition is in effect, the layer
// and its subtree are drawn as two pictures — "before", the frozen copy of the subtree as last
// committed that the transition captured when it was added, and "after", the layer as presented
// now — each into its own offscreen target at full opacity, placed by the effect
// (`TransitionEffect`), then composited into the current framebuffer at the layer's opacity.

extension RenderPass {
    /// A layer's transition in effect at the frame's time and its progress, or `nil`. The last
    /// one added wins (they share the key `kCATransition`, so there is at most one). Model-value
    /// rendering (`render(in:)`) and frozen pictures have none.
    func runningTransition(of layer: RenderLayer) -> (transition: CATransition, progress: Double)? {
        guard !builder.usesModelValues, frozenDepth == 0, let transition = layer.transition else {
            return nil
        }
        guard let (timing, sample) = transition.effect(atLocalTime: localTime(of: layer))
        else { return nil }
        return (transition, transition.progress(atBasicTime: sample.basicTime, duration: timing.duration))
    }

    /// Draws `layer` in its running transition, if it has one; `false` when it has none or no
    /// offscreen target is available (the layer is then drawn as it is now).
    mutating func drawInTransition(
        _ layer: RenderLayer, state: LayerState, parentMatrix: CATransform3D, parentState: LayerState?,
        opacity: Float, stencilLevel: Int
    ) -> Bool {
        guard let running = runningTransition(of: layer) else { return false }
        return drawTransition(
            running, layer, state: state, parentMatrix: parentMatrix, parentState: parentState,
            opacity: opacity, stencilLevel: stencilLevel)
    }

    /// Draws `layer` in transition; `false` when no offscreen target is available (the layer is
    /// then drawn as it is now, without the effect).
    private mutating func drawTransition(
        _ running: (transition: CATransition, progress: Double), _ layer: RenderLayer, state: LayerState,
        parentMatrix: CATransform3D, parentState: LayerState?, opacity: Float, stencilLevel: Int
    ) -> Bool {
        let before = running.transition.previousRendering.flatMap { $0.state.isHidden ? nil : $0 }
        let after = state.isHidden ? nil : layer
        guard opacity > 0, before != nil || after != nil else { return true }
        let matrix = self.matrix(of: layer, state, parentMatrix: parentMatrix, parentState: parentState)
        guard matrix.isFinite else {
            CompatibilityWarnings.report(
                "CARenderer: a layer with a non-finite transform or geometry is skipped")
            return true
        }
        guard let oldTarget = builder.offscreenTarget(depth: groupDepth),
            let newTarget = builder.offscreenTarget(depth: groupDepth + 1)
        else { return false }
        let effect = TransitionEffect.make(
            running.transition.effectKind, direction: running.transition.effectDirection,
            progress: running.progress, bounds: state.bounds)
        let outer = builder.currentTarget
        let depth = groupDepth
        // A warp reads its pictures anywhere in the bounds: they are drawn as far as the target
        // reaches, whatever the enclosing clips hide (ruling V19).
        let outerBox = visibleBox
        visibleBox = Self.wholeTarget
        defer { visibleBox = outerBox }
        // Each picture is drawn only where the effect shows it from the front.
        func shown(_ placement: CATransform3D?) -> CATransform3D? {
            guard let placement else { return nil }
            let placed = CATransform3DConcat(placement, matrix)
            guard effect.isPlanar || Self.orientation(of: state.bounds, placed) == frontFacingSign else {
                return nil
            }
            return placed
        }
        let oldPlacement = before != nil ? shown(effect.old) : nil
        let newPlacement = after != nil ? shown(effect.new) : nil
        bind(oldTarget)
        if let before, let oldPlacement {
            groupDepth = depth + 1
            frozenDepth += 1
            drawPicture(
                before, state: before.state, placement: oldPlacement, parentMatrix: parentMatrix,
                parentState: parentState)
            frozenDepth -= 1
        }
        bind(newTarget)
        if let after, let newPlacement {
            groupDepth = depth + 2
            drawPicture(
                after, state: state, placement: newPlacement, parentMatrix: parentMatrix,
                parentState: parentState)
        }
        groupDepth = depth
        returnTo(outer, stencilLevel: stencilLevel)
        let pictures = Pictures(
            showsOld: oldPlacement != nil, showsNew: newPlacement != nil, oldTexture: .target(oldTarget),
            newTexture: .target(newTarget))
        composite(effect, pictures, bounds: state.bounds, matrix: matrix, opacity: opacity)
        return true
    }

    /// The offscreen textures of a transition, and whether each picture is shown.
    private struct Pictures {
        var showsOld: Bool
        var showsNew: Bool
        var oldTexture: TextureSource
        var newTexture: TextureSource
    }

    /// One picture — the layer with its sublayers, shadow, and mask — at full opacity, placed by
    /// `placement` (the layer's matrix with the effect's transform before it), into the current
    /// target.
    private mutating func drawPicture(
        _ layer: RenderLayer, state: LayerState, placement: CATransform3D, parentMatrix: CATransform3D,
        parentState: LayerState?
    ) {
        if let mask = layer.mask,
            drawAsGroup(
                layer, mask: mask, parentMatrix: parentMatrix, parentState: parentState, opacity: 1,
                stencilLevel: 0, placement: placement)
        {
            return
        }
        drawUngrouped(
            layer, state: state, parentMatrix: parentMatrix, parentState: parentState, opacity: 1,
            stencilLevel: 0, placement: placement)
    }

    /// Composites the pictures into the current framebuffer. Planar effects take one pass over
    /// the layer's bounds (fade: over the whole framebuffer, so the renderings are mixed whole),
    /// each picture within its moved bounds; the 3D effects draw each shown picture within its
    /// turned bounds, the old one first; the warps take one pass over the bounds, reading both
    /// whole pictures (an absent one is the cleared, transparent target).
    private func composite(
        _ effect: TransitionEffect, _ pictures: Pictures, bounds: CGRect, matrix: CATransform3D,
        opacity: Float
    ) {
        let none = CGRect.zero
        let operation: (Float, Float)
        switch effect.composite {
        case .warp(let warp, let progress, let direction):
            var quad = DrawQuad(
                matrix: matrix, mode: .transition, quad: bounds, bounds: bounds, radii: (0, 0, 0, 0))
            quad.texture = pictures.newTexture
            quad.maskTexture = pictures.oldTexture
            quad.transition = (Float(warp.rawValue), Float(progress))
            quad.warp = warp
            let axis = TransitionWarp.curlAxis(direction)
            quad.warpAxis = (Float(axis.dx), Float(axis.dy))
            quad.opacity = opacity
            builder.drawEffect(quad)
            return
        case .mix(let weight): operation = (0, Float(weight))
        case .newOverOld: operation = (1, 0)
        case .oldOverNew: operation = (2, 0)
        case .sideBySide: operation = (3, 0)
        }
        func pass(matrix: CATransform3D, window: CGRect, old: CGRect, new: CGRect) {
            var quad = DrawQuad(
                matrix: matrix, mode: .transition, quad: window, bounds: window, radii: (0, 0, 0, 0))
            quad.texture = pictures.newTexture
            quad.maskTexture = pictures.oldTexture
            quad.destRect = pictures.showsNew ? new : none
            quad.insideRect = pictures.showsOld ? old : none
            quad.transition = operation
            quad.opacity = opacity
            builder.drawEffect(quad)
        }
        if case .mix = effect.composite {
            let screen = CGRect(x: -1, y: -1, width: 2, height: 2)
            pass(matrix: CATransform3DIdentity, window: screen, old: screen, new: screen)
        } else if effect.isPlanar {
            func moved(_ placement: CATransform3D?) -> CGRect {
                guard let t = placement else { return none }
                return bounds.offsetBy(dx: t.m41, dy: t.m42)
            }
            pass(matrix: matrix, window: bounds, old: moved(effect.old), new: moved(effect.new))
        } else {
            // Each turned picture within its own bounds (no further window).
            let window = bounds.insetBy(dx: -bounds.width, dy: -bounds.height)
            if pictures.showsOld, let placement = effect.old {
                pass(matrix: CATransform3DConcat(placement, matrix), window: window, old: bounds, new: none)
            }
            if pictures.showsNew, let placement = effect.new {
                pass(matrix: CATransform3DConcat(placement, matrix), window: window, old: none, new: bounds)
            }
        }
    }
}
