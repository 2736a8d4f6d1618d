import CoreGraphics

// Replicator and transform layers in the compositor (rulings in docs/DECISIONS.md, "Replicator
// and transform layers"). A replicator draws its sublayers once per instance: instance k with
// the instance transform applied k times about the replicator's anchor point (folded into the
// parent state's sublayerTransform), the frame's time moved k × instanceDelay earlier, and the
// program's colour multiplier set to the instance's colour. A transform layer (or a replicator
// preserving depth) opens a 3D context: every sublayer that does not itself preserve depth is one
// flat unit, kept at its 3D position (not flattened into the container's plane); the units of
// the context, through nested transform layers, are drawn back to front by the depth of their
// bounds' centre (a painter's sort; intersecting units are not split).

extension RenderPass {
    /// One copy of a replicator's sublayers: the state to use as their parent's (the
    /// replicator's, with the instance transform), their parent time (the replicator's local
    /// time, earlier by the instance's delay), and the premultiplied colour their drawing is
    /// multiplied by.
    struct ReplicatorInstance {
        var parentState: LayerState
        var time: CFTimeInterval
        var multiplier: (Float, Float, Float, Float)
    }

    /// A sublayer of a 3D context, drawn as any layer in its parent but in depth order.
    struct DepthUnit {
        var layer: RenderLayer
        var parentMatrix: CATransform3D
        var parentState: LayerState
        /// The opacity inherited from above the unit (its own not included).
        var opacity: Float
        /// The unit's parent time.
        var time: CFTimeInterval
        var multiplier: (Float, Float, Float, Float)
        /// Whether an odd number of flips lie above the unit (`RenderPass.contentsFlipped`).
        var contentsFlipped: Bool
        /// Larger is nearer the viewer.
        var depth: CGFloat
        var order: Int
    }

    /// Whether `layer` keeps its sublayers in 3D: a `CATransformLayer`, or a `CAReplicatorLayer`
    /// with `preservesDepth` (not animatable, so the committed value decides).
    static func preservesDepth(_ layer: RenderLayer) -> Bool {
        layer.kind?.keepsSublayersIn3D ?? false
    }

    /// The instances of `replicator` (presented as `state`) to draw at the frame's time, in
    /// order; those whose colour has zero alpha are left out. `time` is the replicator's parent
    /// time.
    func instances(of replicator: RenderLayer, state: LayerState) -> [ReplicatorInstance] {
        guard let values = presentedKind(of: replicator)?.replication else { return [] }
        let local = localTime(of: replicator)
        var count = max(values.instanceCount, 0)
        if count > CAReplicatorLayer.maximumInstanceCount {
            CompatibilityWarnings.report(
                "CAReplicatorLayer: instanceCount above \(CAReplicatorLayer.maximumInstanceCount) draws "
                    + "\(CAReplicatorLayer.maximumInstanceCount) instances")
            count = CAReplicatorLayer.maximumInstanceCount
        }
        guard count > 0 else { return [] }
        // The delay is in the replicator's time, its sublayers' parent time.
        let delay = values.instanceDelay.isFinite ? values.instanceDelay : 0
        let outer = builder.multiplier
        var result: [ReplicatorInstance] = []
        result.reserveCapacity(count)
        var power = CATransform3DIdentity
        for k in 0..<count {
            if k > 0 { power = CATransform3DConcat(power, values.instanceTransform) }
            let c = values.color(ofInstance: k)
            guard c.3 > 0 else { continue }
            var parentState = state
            if k > 0 { parentState.sublayerTransform = CATransform3DConcat(power, state.sublayerTransform) }
            result.append(
                ReplicatorInstance(
                    parentState: parentState, time: local - Double(k) * delay,
                    multiplier: (outer.0 * c.0 * c.3, outer.1 * c.1 * c.3, outer.2 * c.2 * c.3, outer.3 * c.3)
                ))
        }
        return result
    }

    /// The units of a transform layer's (or a depth-preserving replicator's) 3D context, sorted
    /// back to front, each at `opacity` (which includes the container's) times its own; `nil`
    /// when the container's matrix is not finite (reported). `placement`, when given, replaces
    /// the layer's matrix (a transition's moved picture).
    mutating func depthUnits(
        of layer: RenderLayer, state: LayerState, parentMatrix: CATransform3D, parentState: LayerState?,
        opacity: Float, placement: CATransform3D?
    ) -> [DepthUnit]? {
        let matrix =
            placement ?? self.matrix(of: layer, state, parentMatrix: parentMatrix, parentState: parentState)
        guard matrix.isFinite else {
            CompatibilityWarnings.report(
                "CARenderer: a layer with a non-finite transform or geometry is skipped")
            return nil
        }
        // Depth is measured in the container's parent space, where the container is flattened.
        let toParent =
            layer.id == builder.ownSpaceRootID
            ? CATransform3DIdentity
            : state.transformToParent(sublayerSpace: parentState?.sublayerSpaceTransform)
        var units = collectUnits(
            of: layer, state: state, matrix: matrix, depthMatrix: toParent, opacity: opacity)
        units.sort { ($0.depth, $0.order) < ($1.depth, $1.order) }
        return units
    }

    /// A sublayer of a container in a 3D context, to be made a unit or expanded.
    private struct PendingUnit {
        var child: RenderLayer
        var copy: ReplicatorInstance
        var matrix: CATransform3D
        var depthMatrix: CATransform3D
        var opacity: Float
        /// Whether an odd number of flips lie above the child (ruling L20).
        var contentsFlipped: Bool
    }

    /// Gathers the units of `root`'s 3D context, in order: its visible sublayers (per instance
    /// for a replicator), those that preserve depth expanded into their own sublayers in their
    /// place — with an explicit stack, so nested transform layers take no stack per level.
    private mutating func collectUnits(
        of root: RenderLayer, state: LayerState, matrix: CATransform3D, depthMatrix: CATransform3D,
        opacity: Float
    ) -> [DepthUnit] {
        var units: [DepthUnit] = []
        var pending: [PendingUnit] = []
        let savedTime = time
        let savedMultiplier = builder.multiplier
        defer {
            time = savedTime
            builder.multiplier = savedMultiplier
        }
        // Pushes the container's sublayers, per copy, so that they pop in order.
        func expand(
            _ container: RenderLayer, _ state: LayerState, _ matrix: CATransform3D,
            _ depthMatrix: CATransform3D,
            _ opacity: Float, _ flipped: Bool
        ) {
            guard units.count < Self.maximumDepthUnits else {
                CompatibilityWarnings.report(
                    "CARenderer: a 3D context with more than \(Self.maximumDepthUnits) layers draws the first ones"
                )
                return
            }
            let sublayers = container.sublayers.enumerated()
                .sorted { ($0.element.state.zPosition, $0.offset) < ($1.element.state.zPosition, $1.offset) }
                .map(\.element)
            guard !sublayers.isEmpty else { return }
            let copies =
                container.kind?.drawsSublayerInstances == true
                ? instances(of: container, state: state)
                : [
                    ReplicatorInstance(
                        parentState: state, time: localTime(of: container), multiplier: builder.multiplier)
                ]
            for copy in copies.reversed() {
                for child in sublayers.reversed() {
                    pending.append(
                        PendingUnit(
                            child: child, copy: copy, matrix: matrix, depthMatrix: depthMatrix,
                            opacity: opacity, contentsFlipped: flipped != state.isGeometryFlipped))
                }
            }
        }
        expand(root, state, matrix, depthMatrix, opacity, contentsFlipped)
        while let entry = pending.popLast() {
            let copy = entry.copy
            time = copy.time
            builder.multiplier = copy.multiplier
            let child = entry.child
            let childState = presentedState(of: child)
            guard !childState.isHidden else { continue }
            let toParent = childState.transformToParent(
                sublayerSpace: copy.parentState.sublayerSpaceTransform)
            let childDepthMatrix = CATransform3DConcat(toParent, entry.depthMatrix)
            if Self.preservesDepth(child) {
                let own = childState.opacity.isFinite ? min(max(childState.opacity, 0), 1) : 1
                guard entry.opacity * own > 0 else { continue }
                expand(
                    child, childState, CATransform3DConcat(toParent, entry.matrix), childDepthMatrix,
                    entry.opacity * own, entry.contentsFlipped)
            } else {
                let b = childState.bounds
                units.append(
                    DepthUnit(
                        layer: child, parentMatrix: entry.matrix, parentState: copy.parentState,
                        opacity: entry.opacity, time: copy.time, multiplier: copy.multiplier,
                        contentsFlipped: entry.contentsFlipped,
                        depth: Self.depth(of: CGPoint(x: b.midX, y: b.midY), childDepthMatrix),
                        order: units.count))
            }
        }
        return units
    }

    /// The most units one 3D context sorts (a cap so that a huge replicated context cannot stall
    /// a frame).
    static let maximumDepthUnits = 100_000

    /// The depth of `point` (z = 0) through `matrix`: z / w, larger nearer the viewer; a point
    /// behind the eye (w ≤ 0) or a non-finite one counts as nearest.
    static func depth(of point: CGPoint, _ m: CATransform3D) -> CGFloat {
        let z = point.x * m.m13 + point.y * m.m23 + m.m43
        let w = point.x * m.m14 + point.y * m.m24 + m.m44
        guard w > 0 else { return .greatestFiniteMagnitude }
        let d = z / w
        return d.isFinite ? d : .greatestFiniteMagnitude
    }
}
