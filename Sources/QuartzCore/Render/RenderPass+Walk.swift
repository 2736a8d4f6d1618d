import CoreGraphics

// The build stage's walk (issue 19, ruling L17): depth costs heap, not stack. The pass walks the
// render tree with an explicit stack of steps (`RenderPass.steps`), each carrying one context
// value, instead of recursing once per tree level. Whatever the recursive walk did after a
// layer's sublayers were drawn — popping a clip, restoring the time, drawing the border and the
// particles, drawing a mask and compositing a group, moving to the next replicator instance or
// 3D unit — is a finishing step pushed before the sublayers (last in, first out), so items are
// written in exactly the recursive walk's order.
//
// Plain sublayers, `masksToBounds` clips, groups (group opacity and masks, a mask's own mask),
// replicator instances and 3D contexts are steps: chains of any of them take no stack per level.
// A feature that needs its subtree drawn before it goes on — a blended layer's group, a
// transition's pictures, a rasterized layer's bitmap, a shadow's shape — runs the same loop for
// that subtree (`walk(downTo:)`, re-entrant); each takes an offscreen target of the next group
// depth first, so such walks nest at most `FrameBuilder.maximumGroupDepth` (16) deep — deeper
// ones are drawn without the feature, reported — at about 17 KiB of a debug build's stack a level
// (`DeepTreeTests`).

extension RenderPass {
    /// What a layer is drawn with, from its parent.
    struct DrawContext {
        /// The parent's matrix (its bounds coordinates to clip space).
        var parentMatrix: CATransform3D
        /// The parent's presented values (`nil` for a root, a mask or a rasterized layer's
        /// content), whose sublayer transform places the layer.
        var parentState: LayerState?
        /// The opacity inherited from above the layer (its own not included).
        var opacity: Float
        /// The stencil level of the enclosing clips in the current target.
        var stencilLevel: Int
    }

    /// How a layer is drawn ungrouped, beyond its context.
    struct UngroupedOptions {
        /// Moves the layer in its own coordinates (a shadow's offset).
        var shift = CGSize.zero
        /// Whether the layer's shadow is drawn.
        var drawsShadow = true
        /// Replaces the layer's matrix when given (a transition's moved picture, a group's or a
        /// rasterized layer's placement).
        var placement: CATransform3D?
    }

    /// One piece of the walk's work, popped from `steps`. Its payloads are references, so that a
    /// step is two words and the frames of the functions handling steps stay small (a feature's
    /// nested walk has them on the stack once per nesting level).
    enum Step {
        /// Draw a layer (its own parts now, its subtree and finishing as further steps).
        case layer(RenderLayer, ContextBox)
        /// Draw the next of a run of sublayers.
        case sublayers(SublayerRun)
        /// Draw the next instance of a flattening replicator's sublayers.
        case instances(InstanceRun)
        /// Draw the next unit of a 3D context.
        case units(UnitRun)
        /// After an ungrouped layer's sublayers: its time, clip, border and particles.
        case finishUngrouped(UngroupedFinish)
        /// After a group's content: its mask, then its composite.
        case maskGroup(GroupFinish)
        /// After a group's mask (if drawn): its composite.
        case compositeGroup(GroupFinish)
    }

    /// A context shared by the steps that draw with it (all the sublayers of one layer).
    final class ContextBox {
        let context: DrawContext

        init(_ context: DrawContext) {
            self.context = context
        }
    }

    /// Sublayers drawn in order, each in `context`.
    final class SublayerRun {
        let sublayers: [RenderLayer]
        var next = 0
        let context: ContextBox

        init(_ sublayers: [RenderLayer], _ context: DrawContext) {
            self.sublayers = sublayers
            self.context = ContextBox(context)
        }
    }

    /// A flattening replicator's instances: its sorted sublayers drawn once per instance, into
    /// `matrix`; the time and colour multiplier before the first are restored after the last.
    final class InstanceRun {
        let instances: [ReplicatorInstance]
        var next = 0
        let sublayers: [RenderLayer]
        let matrix: CATransform3D
        let opacity: Float
        let stencilLevel: Int
        let savedTime: CFTimeInterval
        let savedMultiplier: (Float, Float, Float, Float)

        init(
            instances: [ReplicatorInstance], sublayers: [RenderLayer], matrix: CATransform3D, opacity: Float,
            stencilLevel: Int, savedTime: CFTimeInterval, savedMultiplier: (Float, Float, Float, Float)
        ) {
            self.instances = instances
            self.sublayers = sublayers
            self.matrix = matrix
            self.opacity = opacity
            self.stencilLevel = stencilLevel
            self.savedTime = savedTime
            self.savedMultiplier = savedMultiplier
        }
    }

    /// A 3D context's units in depth order; the time, multiplier and unit before the first are
    /// restored after the last.
    final class UnitRun {
        let units: [DepthUnit]
        var next = 0
        let stencilLevel: Int
        let savedTime: CFTimeInterval
        let savedMultiplier: (Float, Float, Float, Float)
        let savedUnit: LayerID?
        let savedContentsFlipped: Bool

        init(
            units: [DepthUnit], stencilLevel: Int, savedTime: CFTimeInterval,
            savedMultiplier: (Float, Float, Float, Float), savedUnit: LayerID?, savedContentsFlipped: Bool
        ) {
            self.units = units
            self.stencilLevel = stencilLevel
            self.savedTime = savedTime
            self.savedMultiplier = savedMultiplier
            self.savedUnit = savedUnit
            self.savedContentsFlipped = savedContentsFlipped
        }
    }

    /// What an ungrouped layer does after its sublayers.
    final class UngroupedFinish {
        let layer: RenderLayer
        let state: LayerState
        let base: DrawQuad
        /// Whether it clips its sublayers (the clip to pop, at `level`).
        let clips: Bool
        let level: Int
        /// The time to restore (the layer's parent time), when its sublayers were drawn at its
        /// local time.
        var parentTime: CFTimeInterval?
        /// `contentsFlipped` to restore after the sublayers.
        var contentsFlipped = false

        init(layer: RenderLayer, state: LayerState, base: DrawQuad, clips: Bool, level: Int) {
            self.layer = layer
            self.state = state
            self.base = base
            self.clips = clips
            self.level = level
        }
    }

    /// A group being drawn (`beginGroup`).
    final class GroupFinish {
        let layer: RenderLayer
        let mask: RenderLayer?
        let layerMatrix: CATransform3D
        /// The visible box outside the group's content.
        let outerBox: CGRect
        let outer: FrameTarget
        let multiplier: (Float, Float, Float, Float)
        let contentTarget: Int
        let opacity: Float
        let stencilLevel: Int
        /// Set once the mask is drawn: its texture and the time to restore.
        var maskTexture = TextureSource.none
        var maskParentTime: CFTimeInterval?

        init(
            layer: RenderLayer, mask: RenderLayer?, layerMatrix: CATransform3D, outerBox: CGRect,
            outer: FrameTarget, multiplier: (Float, Float, Float, Float), contentTarget: Int, opacity: Float,
            stencilLevel: Int
        ) {
            self.layer = layer
            self.mask = mask
            self.layerMatrix = layerMatrix
            self.outerBox = outerBox
            self.outer = outer
            self.multiplier = multiplier
            self.contentTarget = contentTarget
            self.opacity = opacity
            self.stencilLevel = stencilLevel
        }
    }

    /// Draws `layer` and its subtree, back to front, with `opacity` inherited from above it.
    mutating func draw(
        _ layer: RenderLayer, parentMatrix: CATransform3D, parentState: LayerState?, opacity: Float,
        stencilLevel: Int
    ) {
        let base = steps.count
        steps.append(
            .layer(
                layer,
                ContextBox(
                    DrawContext(
                        parentMatrix: parentMatrix, parentState: parentState, opacity: opacity,
                        stencilLevel: stencilLevel))))
        walk(downTo: base)
    }

    /// Performs steps until the stack is back to `base` entries: the work pushed since then, all
    /// of it. Re-entrant: a nested walk finishes its own steps and leaves the outer ones.
    mutating func walk(downTo base: Int) {
        while steps.count > base {
            perform(steps.removeLast())
        }
    }

    private mutating func perform(_ step: Step) {
        switch step {
        case .layer(let layer, let context):
            beginLayer(layer, context.context)
        case .sublayers(let run):
            let sublayer = run.sublayers[run.next]
            run.next += 1
            if run.next < run.sublayers.count { steps.append(.sublayers(run)) }
            steps.append(.layer(sublayer, run.context))
        case .instances(let run):
            nextInstance(run)
        case .units(let run):
            nextUnit(run)
        case .finishUngrouped(let finish):
            finishUngrouped(finish)
        case .maskGroup(let group):
            maskGroup(group)
        case .compositeGroup(let group):
            compositeGroup(group)
        }
    }

    /// Draws the layer as its presented values say: blended, in transition, hidden, as a 3D
    /// context, from its bitmap, as a group or ungrouped.
    private mutating func beginLayer(_ layer: RenderLayer, _ context: DrawContext) {
        let state = presentedState(of: layer)
        let layerOpacity = state.opacity.isFinite ? min(max(state.opacity, 0), 1) : 1
        let opacity = context.opacity * layerOpacity
        // A compositingFilter (ruling V18) or a running transition draws the layer through
        // offscreen passes.
        if drawBlendedOrInTransition(
            layer, state: state, parentMatrix: context.parentMatrix, parentState: context.parentState,
            inherited: context.opacity, opacity: opacity, stencilLevel: context.stencilLevel)
        {
            return
        }
        guard !state.isHidden else { return }
        guard opacity > 0 else { return }
        // A transform layer (or a replicator preserving depth) keeps its sublayers in 3D.
        if Self.preservesDepth(layer) {
            beginDepthContext(
                layer, state: state, parentMatrix: context.parentMatrix, parentState: context.parentState,
                opacity: opacity, stencilLevel: context.stencilLevel)
            return
        }
        if state.shouldRasterize, !builder.usesModelValues, frozenDepth == 0,
            drawRasterized(
                layer, state: state, parentMatrix: context.parentMatrix, parentState: context.parentState,
                opacity: opacity, stencilLevel: context.stencilLevel)
        {
            return
        }
        // A mask, or group opacity (a translucent layer with sublayers), draws the layer opaque
        // offscreen first, then composites it once — times the mask's alpha — at its opacity.
        let mask = layer.mask
        let grouped = layerOpacity < 1 && state.allowsGroupOpacity && !layer.sublayers.isEmpty
        var ungrouped = context
        ungrouped.opacity = opacity
        if mask != nil || grouped, beginGroup(layer, mask: mask, ungrouped, placement: nil) {
            return
        }
        beginUngrouped(layer, state: state, ungrouped, UngroupedOptions())
    }

    /// Draws the layer's parts and its sublayers directly into the current framebuffer, with
    /// `opacity` (the product down the tree) applied to each part, before returning.
    /// `placement`, when given, replaces the layer's matrix (a transition's moved picture).
    mutating func drawUngrouped(
        _ layer: RenderLayer, state: LayerState, parentMatrix: CATransform3D, parentState: LayerState?,
        opacity: Float,
        stencilLevel: Int, shift: CGSize = .zero, drawsShadow: Bool = true, placement: CATransform3D? = nil
    ) {
        let base = steps.count
        beginUngrouped(
            layer, state: state,
            DrawContext(
                parentMatrix: parentMatrix, parentState: parentState, opacity: opacity,
                stencilLevel: stencilLevel),
            UngroupedOptions(shift: shift, drawsShadow: drawsShadow, placement: placement))
        walk(downTo: base)
    }

    /// Draws the layer's shadow, background and contents now, and pushes its sublayers and its
    /// finishing (`context.opacity` is the layer's full opacity).
    private mutating func beginUngrouped(
        _ layer: RenderLayer, state: LayerState, _ context: DrawContext, _ options: UngroupedOptions
    ) {
        if Self.preservesDepth(layer) {
            // A transition's picture of a transform layer: its 3D context, placed.
            beginDepthContext(
                layer, state: state, parentMatrix: context.parentMatrix, parentState: context.parentState,
                opacity: context.opacity, stencilLevel: context.stencilLevel, placement: options.placement)
            return
        }
        var matrix =
            options.placement
            ?? self.matrix(
                of: layer, state, parentMatrix: context.parentMatrix, parentState: context.parentState)
        if options.shift != .zero {
            matrix = CATransform3DConcat(
                CATransform3DMakeTranslation(options.shift.width, options.shift.height, 0), matrix)
        }
        guard matrix.isFinite else {
            CompatibilityWarnings.report(
                "CARenderer: a layer with a non-finite transform or geometry is skipped")
            return
        }
        let bounds = state.bounds
        if !state.isDoubleSided, let sign = Self.orientation(of: bounds, matrix), sign != frontFacingSign {
            return
        }
        if options.drawsShadow, state.shadowOpacity > 0, !state.masksToBounds, let color = state.shadowColor,
            color.alpha > 0
        {
            drawShadow(
                layer, state: state, matrix: matrix, parentMatrix: context.parentMatrix,
                parentState: context.parentState, color: color, opacity: context.opacity,
                stencilLevel: context.stencilLevel)
        }
        let base = Self.baseQuad(state, matrix: matrix, opacity: context.opacity)

        drawBackgroundAndContents(layer, state, base: base)

        let sublayers = Self.sortedByZPosition(layer.sublayers)
        guard !sublayers.isEmpty else {
            drawBorder(state, base: base)
            drawParticles(layer, state, base: base)
            return
        }
        let clips = state.masksToBounds
        if clips { pushClip(base, level: context.stencilLevel) }
        let level = clips ? context.stencilLevel + 1 : context.stencilLevel
        let finish = UngroupedFinish(layer: layer, state: state, base: base, clips: clips, level: level)
        // The sublayers' space is mirrored once more when this layer flips it (ruling L20).
        finish.contentsFlipped = contentsFlipped
        contentsFlipped = contentsFlipped != state.isGeometryFlipped
        if layer.kind?.drawsSublayerInstances == true {
            steps.append(.finishUngrouped(finish))
            beginInstances(
                of: layer, sublayers, matrix: matrix, state: state, opacity: context.opacity,
                stencilLevel: level)
        } else {
            // The sublayers' parent time is this layer's local time.
            finish.parentTime = time
            steps.append(.finishUngrouped(finish))
            time = localTime(of: layer)
            steps.append(
                .sublayers(
                    SublayerRun(
                        sublayers,
                        DrawContext(
                            parentMatrix: matrix, parentState: state, opacity: context.opacity,
                            stencilLevel: level))))
        }
    }

    private mutating func finishUngrouped(_ finish: UngroupedFinish) {
        if let parentTime = finish.parentTime { time = parentTime }
        contentsFlipped = finish.contentsFlipped
        if finish.clips { popClip(finish.base, level: finish.level) }
        drawBorder(finish.state, base: finish.base)
        drawParticles(finish.layer, finish.state, base: finish.base)
    }

    /// Draws `layer` at full opacity into an offscreen target, and its `mask` (if any) into a
    /// second one, then composites the first — times the mask's alpha — at `opacity` into the
    /// current framebuffer, where the enclosing clips' stencil applies, before returning.
    /// `false` when no offscreen target is available (the layer is then drawn ungrouped and
    /// unmasked). `placement`, when given, replaces the layer's matrix (a transition's moved
    /// picture).
    mutating func drawAsGroup(
        _ layer: RenderLayer, mask: RenderLayer?, parentMatrix: CATransform3D, parentState: LayerState?,
        opacity: Float,
        stencilLevel: Int, placement: CATransform3D? = nil
    ) -> Bool {
        let base = steps.count
        guard
            beginGroup(
                layer, mask: mask,
                DrawContext(
                    parentMatrix: parentMatrix, parentState: parentState, opacity: opacity,
                    stencilLevel: stencilLevel),
                placement: placement)
        else { return false }
        walk(downTo: base)
        return true
    }

    /// Binds the group's content target and begins the layer's content in it; the mask and the
    /// composite follow as steps. `false` when no offscreen target is available.
    private mutating func beginGroup(
        _ layer: RenderLayer, mask: RenderLayer?, _ context: DrawContext, placement: CATransform3D?
    ) -> Bool {
        guard let contentTarget = builder.offscreenTarget(depth: groupDepth) else { return false }
        let outer = builder.currentTarget
        // The layer's own parts and its subtree at full opacity: the opacity is applied once, when
        // the group is composited.
        let state = presentedState(of: layer)
        // A replicator instance's colour applies once, when the group is composited.
        let multiplier = builder.multiplier
        builder.multiplier = (1, 1, 1, 1)
        bind(contentTarget)
        groupDepth += 1
        // The mask lives in the layer's bounds coordinates, without its sublayerTransform.
        let layerMatrix =
            placement
            ?? matrix(of: layer, state, parentMatrix: context.parentMatrix, parentState: context.parentState)
        // Only what the mask can leave visible is rasterised of the layer.
        let outerBox = mask.map { narrowVisibleBox(toMask: $0, layerMatrix: layerMatrix) } ?? visibleBox
        steps.append(
            .maskGroup(
                GroupFinish(
                    layer: layer, mask: mask, layerMatrix: layerMatrix, outerBox: outerBox, outer: outer,
                    multiplier: multiplier, contentTarget: contentTarget, opacity: context.opacity,
                    stencilLevel: context.stencilLevel)))
        var content = context
        content.opacity = 1
        content.stencilLevel = 0
        beginUngrouped(layer, state: state, content, UngroupedOptions(placement: placement))
        return true
    }

    /// After the group's content: draws its mask into a second target (at the layer's local
    /// time), else composites it.
    private mutating func maskGroup(_ group: GroupFinish) {
        visibleBox = group.outerBox
        guard let mask = group.mask, let maskTarget = builder.offscreenTarget(depth: groupDepth) else {
            compositeGroup(group)
            return
        }
        bind(maskTarget)
        groupDepth += 1
        group.maskTexture = .target(maskTarget)
        group.maskParentTime = time
        steps.append(.compositeGroup(group))
        time = localTime(of: group.layer)
        steps.append(
            .layer(
                mask,
                ContextBox(
                    DrawContext(
                        parentMatrix: group.layerMatrix, parentState: nil, opacity: 1, stencilLevel: 0))))
    }

    /// Composites the group's content, times its mask's alpha, at its opacity into the target
    /// it was begun in.
    private mutating func compositeGroup(_ group: GroupFinish) {
        if let parentTime = group.maskParentTime {
            time = parentTime
            groupDepth -= 1
        }
        groupDepth -= 1
        builder.multiplier = group.multiplier
        returnTo(group.outer, stencilLevel: group.stencilLevel)
        let screen = CGRect(x: -1, y: -1, width: 2, height: 2)
        var quad = DrawQuad(
            matrix: CATransform3DIdentity, mode: .texture, quad: screen, bounds: screen, radii: (0, 0, 0, 0))
        quad.destRect = screen
        quad.texture = .target(group.contentTarget)
        quad.maskTexture = group.maskTexture
        quad.opacity = group.opacity
        builder.draw(quad)
    }

    /// Pushes `sublayers` (sorted) of a flattening replicator, drawn once per instance into the
    /// replicator's plane.
    private mutating func beginInstances(
        of replicator: RenderLayer, _ sublayers: [RenderLayer], matrix: CATransform3D, state: LayerState,
        opacity: Float, stencilLevel: Int
    ) {
        steps.append(
            .instances(
                InstanceRun(
                    instances: instances(of: replicator, state: state), sublayers: sublayers,
                    matrix: matrix, opacity: opacity, stencilLevel: stencilLevel, savedTime: time,
                    savedMultiplier: builder.multiplier)))
    }

    /// Sets the next instance's time and colour and pushes its sublayers; after the last,
    /// restores the replicator's.
    private mutating func nextInstance(_ run: InstanceRun) {
        guard run.next < run.instances.count else {
            time = run.savedTime
            builder.multiplier = run.savedMultiplier
            return
        }
        let instance = run.instances[run.next]
        run.next += 1
        steps.append(.instances(run))
        time = instance.time
        builder.multiplier = instance.multiplier
        steps.append(
            .sublayers(
                SublayerRun(
                    run.sublayers,
                    DrawContext(
                        parentMatrix: run.matrix, parentState: instance.parentState, opacity: run.opacity,
                        stencilLevel: run.stencilLevel))))
    }

    /// Pushes a transform layer's (or a depth-preserving replicator's) 3D context: its own parts
    /// are not drawn; its units, depth-sorted, each at `opacity` (which includes the container's)
    /// times its own. `placement`, when given, replaces the layer's matrix (a transition's moved
    /// picture).
    private mutating func beginDepthContext(
        _ layer: RenderLayer, state: LayerState, parentMatrix: CATransform3D, parentState: LayerState?,
        opacity: Float, stencilLevel: Int, placement: CATransform3D? = nil
    ) {
        guard
            let units = depthUnits(
                of: layer, state: state, parentMatrix: parentMatrix, parentState: parentState,
                opacity: opacity,
                placement: placement)
        else { return }
        steps.append(
            .units(
                UnitRun(
                    units: units, stencilLevel: stencilLevel, savedTime: time,
                    savedMultiplier: builder.multiplier, savedUnit: depthUnit,
                    savedContentsFlipped: contentsFlipped)))
    }

    /// Sets the next unit's time, colour and identity and pushes it; after the last, restores
    /// the container's.
    private mutating func nextUnit(_ run: UnitRun) {
        guard run.next < run.units.count else {
            time = run.savedTime
            builder.multiplier = run.savedMultiplier
            depthUnit = run.savedUnit
            contentsFlipped = run.savedContentsFlipped
            return
        }
        let unit = run.units[run.next]
        run.next += 1
        steps.append(.units(run))
        time = unit.time
        builder.multiplier = unit.multiplier
        depthUnit = unit.layer.id
        contentsFlipped = unit.contentsFlipped
        steps.append(
            .layer(
                unit.layer,
                ContextBox(
                    DrawContext(
                        parentMatrix: unit.parentMatrix, parentState: unit.parentState, opacity: unit.opacity,
                        stencilLevel: run.stencilLevel))))
    }
}
