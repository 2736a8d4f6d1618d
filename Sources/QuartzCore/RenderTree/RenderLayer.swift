import CoreGraphics
import Synchronization

/// The values a presentation computes for one layer: its model state, its kind's values and the
/// values it holds under keys of its own (`@LayerProperty` properties, arbitrary keys), with
/// animations applied.
package struct PresentedValues {
    /// The layer's own properties.
    package var state: LayerState
    /// The layer kind's values (`nil` for a plain `CALayer`).
    package var kind: (any LayerKindValues)?
    /// The values set under keys outside the property tables, by key.
    package var custom: [String: Any]

    package init(state: LayerState, kind: (any LayerKindValues)?, custom: [String: Any] = [:]) {
        self.state = state
        self.kind = kind
        self.custom = custom
    }

    /// The value at `keyPath` (the layer's properties, then the kind's, then a key of its own),
    /// or `nil` when none has it.
    package func value(forKeyPath keyPath: String) -> Any?? {
        if let value = PropertyKeyPath.value(keyPath, in: state, LayerState.properties) { return value }
        if let value = kind?.value(forKeyPath: keyPath) { return value }
        return custom[keyPath].map { .some($0) }
    }

    /// Writes `value` at `keyPath`; `false` when neither the layer's properties nor the kind's
    /// have it, or the value has the wrong type. Any other key without a dot is a key of the
    /// layer's own (as `setValue(_:forKey:)` stores it on the model).
    @discardableResult
    package mutating func setValue(_ value: Any?, forKeyPath keyPath: String) -> Bool {
        if PropertyKeyPath.setValue(value, keyPath, in: &state, LayerState.properties) { return true }
        if var values = kind {
            kind = nil
            defer { kind = values }
            if values.setValue(value, forKeyPath: keyPath) { return true }
        }
        guard !keyPath.contains("."), PropertyKeyPath.value(keyPath, in: state, LayerState.properties) == nil,
            kind?.value(forKeyPath: keyPath) == nil
        else { return false }
        custom[keyPath] = value
        return true
    }
}

/// One layer of a render tree, as a commit published it (Apple's render-tree layer): immutable,
/// identified by the layer's `LayerID`, holding every value the compositor draws — the layer's
/// state, its kind's values, its sublayers and mask as render layers, and its committed
/// animations, frozen, with their begin times resolved.
///
/// A model layer's later changes never reach a published node: the next commit publishes a new
/// node for each layer that changed and for its ancestors, and shares the unchanged subtrees.
/// Nodes are read by any thread (the renderer's among them); nothing in them is mutated after
/// publication, hence `@unchecked Sendable`.
package final class RenderLayer: @unchecked Sendable {
    // The fields a frame reads for every node come first, together at the start of the object.

    /// The layer's identity: the same in every node published for the layer.
    package let id: LayerID
    /// A number no other node of the process has: changes whenever a new node is published for
    /// the layer, so caches keyed by `id` know when to refresh.
    package let serial: UInt64
    /// The committed animations resolved for evaluation (ResolvedAnimations.swift): the only
    /// way they are evaluated.
    package let resolvedAnimations: ResolvedAnimations
    /// The memory `resolvedAnimations` lies in, shared with other nodes of the same build
    /// (ResolvedRecordArena.swift).
    private let recordChunk: ResolvedRecordArena.Chunk?
    /// The animations the boxed records of `resolvedAnimations` evaluate, by index.
    let boxedAnimations: [CAPropertyAnimation]
    /// The layer's committed values.
    package var values: PresentedValues {
        // Read in place (no copy of the whole struct for `values.kind` or `values.state`).
        unsafeAddress { UnsafePointer(valuesStorage) }
    }
    /// Where `values` lives, allocated with the node and freed in `deinit`.
    private let valuesStorage: UnsafeMutablePointer<PresentedValues>
    /// The sublayers, back to front, as committed. (Emptied only by `deinit`.)
    package private(set) var sublayers: [RenderLayer]
    /// The mask, as committed. (Cleared only by `deinit`.)
    package private(set) var mask: RenderLayer?
    /// The committed animations in the order they apply, frozen copies with resolved timing.
    package let animations: [CAAnimation]
    /// The layer's running transition, if one was committed (the last one added).
    package let transition: CATransition?
    /// Whether anything in the subtree moves with time (an animation, an emitter with cells).
    package let isAnimating: Bool
    /// The model layer the node was published for, while it lives: `presentation()` copies it
    /// (its class and `init(layer:)`) to present the node. The renderer never reads it.
    weak let model: CALayer?
    /// A frozen copy of the layer when a committed animation animates a key its class redraws
    /// for (`needsDisplay(forKey:)`): the renderer redisplays a copy of it each frame
    /// (`redisplayedContents(_:)`, ruling RT6). Never mutated after publication.
    let displayPrototype: CALayer?

    private static let serials = Atomic<UInt64>(0)

    package init(
        id: LayerID, values: PresentedValues, sublayers: [RenderLayer], mask: RenderLayer?,
        animations: [CAAnimation], model: CALayer? = nil, displayPrototype: CALayer? = nil,
        arena: ResolvedRecordArena? = nil
    ) {
        self.id = id
        self.model = model
        self.displayPrototype = displayPrototype
        (resolvedAnimations, recordChunk, boxedAnimations) = ResolvedAnimations.resolve(
            animations, model: values.state, in: arena)
        valuesStorage = .allocate(capacity: 1)
        valuesStorage.initialize(to: values)
        self.sublayers = sublayers
        self.mask = mask
        self.animations = animations
        transition = animations.last { $0 is CATransition } as? CATransition
        let emits = values.kind?.emission?.emitterCells?.isEmpty == false
        isAnimating =
            !animations.isEmpty || emits || sublayers.contains(where: \.isAnimating)
            || mask?.isAnimating == true
        serial = Self.serials.add(1, ordering: .relaxed).newValue
    }

    /// Releases the subtree without recursion (see `CALayer`'s `deinit`): nodes no longer shared
    /// hand their children to a list instead of releasing them in turn.
    deinit {
        valuesStorage.deinitialize(count: 1)
        valuesStorage.deallocate()
        var pending = sublayers
        sublayers = []
        if let mask { pending.append(mask) }
        mask = nil
        while var node = pending.popLast() {
            guard isKnownUniquelyReferenced(&node) else { continue }
            pending.append(contentsOf: node.sublayers)
            node.sublayers = []
            if let mask = node.mask { pending.append(mask) }
            node.mask = nil
        }
    }

    /// The committed model values.
    package var state: LayerState { values.state }

    /// The committed kind values (`nil` for a plain layer). Read through this accessor, the
    /// renderer's recursive drawing functions hold no temporary copy of `values` in their frames.
    package var kind: (any LayerKindValues)? { values.kind }

    /// The layer's own timing as plain values (a layer's time is unbounded).
    var timing: MediaTiming { values.state.layerTiming }
}

extension LayerState {
    /// The layer's own timing as plain values (no duration: a layer's time is unbounded).
    var layerTiming: MediaTiming {
        MediaTiming(
            beginTime: beginTime, duration: .infinity, speed: Double(speed), timeOffset: timeOffset,
            repeatCount: 0, repeatDuration: 0, autoreverses: false, fillsBackwards: false,
            fillsForwards: false)
    }
}
