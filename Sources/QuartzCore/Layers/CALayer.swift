import CoreGraphics
import Synchronization

// Swift lets subclasses override only members declared in the class body (there is no `@objc`
// dynamic dispatch on Linux), so CALayer's whole overridable API is declared here, as Apple's
// header declares it; the implementations live in CALayer+*.swift.

/// An object that manages image-based content and lets you animate it (Apple's `CALayer`).
///
/// Lamina's layers use iOS geometry: the origin of a layer's bounds is its top-left corner and y
/// grows downwards. Every property has Apple's type and default (Apple's `CALayer` header).
/// Properties are also reachable by key-value coding (`value(forKey:)`, `setValue(_:forKey:)`,
/// the key-path forms, and Apple's virtual key paths such as `"position.x"` and
/// `"transform.rotation.z"`); subclasses declare further properties with ``LayerProperty``.
///
/// A layer is not thread-safe: use a tree from one thread at a time.
@PropertyTable
open class CALayer: NSObject, CAMediaTiming {
    /// The layer's identity in render trees and the renderer's caches, never reused.
    package let layerID = LayerID.make()
    /// The layer's node in the last render tree it was published in (CALayer+Commit.swift).
    let publishedNode = Mutex<RenderLayer?>(nil)
    /// Whether the layer's own values, sublayers, mask or animations changed since its node was
    /// last built.
    var needsRenderUpdate = true
    /// Whether some layer below this one needs its node rebuilt.
    var subtreeNeedsRenderUpdate = true
    /// The stored model values.
    package var state = LayerState()
    /// Values for keys outside the property table: ``LayerProperty`` properties of subclasses
    /// and arbitrary keys set through key-value coding.
    var dynamicValues: [String: Any] = [:]
    /// Keys of the property table set explicitly, which the `style` dictionary no longer
    /// overrides.
    var explicitlySetKeys: Set<String> = []

    // Hierarchy (CALayer+Hierarchy.swift).
    var sublayerStorage: [CALayer]?
    weak var superlayerStorage: CALayer?
    weak var maskOwner: CALayer?
    var maskStorage: CALayer?

    // Display and layout (CALayer+Display.swift).
    var needsDisplayFlag = false
    var needsDisplayRect = CGRect.null
    var needsLayoutFlag = false
    var drawWasImplemented = true
    /// The backing store `display()` last made, and whether its context was flipped
    /// (`contentsAreFlipped()`, ruling L21): redrawn when the flips above the layer change.
    weak var displayedStore: AnyObject?
    var displayedStoreFlipped = false
    /// Set when the flips above or of the layer may have changed (its flag, or a move to another
    /// superlayer): the next commit checks its subtree's backing stores (ruling L21).
    var flipCheckPending = false

    // Animations and presentation (CALayer+Animations.swift, CALayer+Presentation.swift).
    var animationRecords: [AnimationRecord] = []
    /// Whether a transaction of the thread that created the layer has published since
    /// (ruling R10); presentation copies never are.
    var hasBeenCommitted = false
    /// For a presentation copy: the model layer it shows.
    weak var modelLayer: CALayer?
    /// For a model layer: its presentation copy and the generation and time it was built for.
    var cachedPresentation: CALayer?
    var cachedPresentationStamp: (generation: Int, time: Double)?
    /// Presentation values captured just before a change, for the implicit animation it runs.
    var pendingPreviousValues: [String: AnimatableValue] = [:]

    /// The layer's delegate, which can draw its content, lay out its sublayers and provide
    /// actions. Held weakly, as on Apple's platforms. Default `nil`.
    open weak var delegate: (any CALayerDelegate)?

    /// A set-up depth counter: while positive, property changes do not mark the layer explicit,
    /// do not invalidate display or layout, and do not trigger actions.
    var suppressChangeHandling = 0

    /// Creates a layer with Apple's default values; a subclass's `defaultValue(forKey:)` and the
    /// `style` dictionary apply on top, as on Apple's platforms.
    public override init() {
        super.init()
        applyClassDefaults()
        registerCreation()
    }

    /// Apple's initialiser for layers decoded from an archive (`NSSecureCoding`). Lamina archives
    /// and decodes no layers: this always fails (returns `nil`, with a compatibility warning). It
    /// exists, `required` as on Apple's platforms, so that the subclass patterns of iOS code
    /// compile: `required init?(coder:) { super.init(coder: coder); … }` (which then fails too)
    /// and `required init?(coder:) { fatalError(…) }` (ruling L18).
    public required init?(coder: NSCoder) {
        CompatibilityWarnings.report("CALayer: init(coder:) is not supported (no archiving); it returns nil")
        return nil
    }

    /// Creates a copy of `layer` — the initialiser presentation layers are made with, as on
    /// Apple's platforms.
    ///
    /// It copies every model property, key-value-coded value and ``LayerProperty`` value, but not
    /// the hierarchy (superlayer, sublayers, mask), the delegate or animations.
    /// Subclasses override it to copy their own stored properties; in Lamina it is `required`
    /// (Swift has no other way to create an instance of the dynamic class), so write
    /// `required init(layer: Any)` where Apple's code says `override init(layer: Any)`.
    ///
    /// - Parameter layer: the layer to copy; anything that is not a `CALayer` gives a layer with
    ///   default values.
    public required init(layer: Any) {
        super.init()
        // A copy never runs actions and never counts as a new layer of a transaction.
        suppressChangeHandling = 1
        if let other = layer as? CALayer {
            Self.copyLog.withLock { $0?.append(other.layerID) }
            state = other.state
            dynamicValues = other.dynamicValues
            explicitlySetKeys = other.explicitlySetKeys
        } else {
            applyClassDefaults()
        }
    }

    /// Releases the subtree without recursion: a chain of sublayers deeper than a thread's stack
    /// allows would otherwise overflow it, each layer's release releasing the next.
    deinit {
        var pending = sublayerStorage ?? []
        sublayerStorage = nil
        if let mask = maskStorage { pending.append(mask) }
        maskStorage = nil
        while var layer = pending.popLast() {
            guard isKnownUniquelyReferenced(&layer) else { continue }
            pending.append(contentsOf: layer.sublayerStorage ?? [])
            layer.sublayerStorage = nil
            if let mask = layer.maskStorage { pending.append(mask) }
            layer.maskStorage = nil
        }
    }

    /// While not `nil`, the identity of every layer copied through `init(layer:)` is appended
    /// (tests check that rendering makes no copies).
    package static let copyLog = Mutex<[LayerID]?>(nil)

    /// The presentation copy of the layer: a copy made through `init(layer:)` with every
    /// animation applied in order at the current media time (additive ones composed), whose
    /// superlayer, sublayers and mask are presentation copies too — so `hitTest(_:)` on it finds
    /// layers where they appear. `nil` until the layer has been committed in a transaction
    /// (ruling R10). A presentation layer returns itself. Modifying it has no effect on the
    /// model.
    ///
    /// The copy is cached until the model or the time changes. Lamina shows the current model
    /// values under the animations, including changes not yet committed; Apple's shows the last
    /// committed ones.
    open func presentation() -> Self? {
        presentationCopy() as? Self
    }

    /// The model layer behind a presentation layer; a model layer returns itself.
    open func model() -> Self {
        (modelLayer as? Self) ?? self
    }

    // MARK: - Animations (CALayer+Animations.swift)

    /// Adds a copy of `anim` under `key`, replacing (and stopping, with `finished` false) an
    /// animation with the same key; `nil` keys may repeat. A duration of 0 or less takes the
    /// transaction's `animationDuration`; the transaction's `animationTimingFunction`, if set,
    /// replaces the animation's; a `beginTime` of 0 becomes the layer's local time when the
    /// transaction commits (ruling R5) — in the copy, not in `anim`. A `CATransition` is stored
    /// under `kCATransition`.
    open func add(_ anim: CAAnimation, forKey key: String?) {
        addAnimation(anim, forKey: key)
    }

    /// The animation added under `key` — the layer's frozen copy, the object its delegate
    /// receives. Modifying it is ignored.
    open func animation(forKey key: String) -> CAAnimation? {
        animationRecords.last { $0.key == key }?.animation
    }

    /// The keys of the layer's animations in the order they are applied, or `nil` when it has
    /// none with a key.
    open func animationKeys() -> [String]? {
        let keys = animationRecords.compactMap(\.key)
        return keys.isEmpty ? nil : keys
    }

    /// Removes the animation under `key`; its delegate gets `animationDidStop(_:finished:)` with
    /// `false` unless it had already finished.
    open func removeAnimation(forKey key: String) {
        for record in animationRecords where record.key == key {
            detach(record)
            AnimationEngine.current.recordRemoved(record)
        }
    }

    /// Removes every animation of the layer, each stopping with `finished` false unless it had
    /// already finished.
    open func removeAllAnimations() {
        for record in animationRecords {
            detach(record)
            AnimationEngine.current.recordRemoved(record)
        }
    }

    /// Converts `t` from the local time of `l` (`nil`: absolute time, `CACurrentMediaTime()`) to
    /// this layer's local time, through each layer's `beginTime`, `speed` and `timeOffset`. A
    /// paused layer (speed 0) on the way from `l` up has no inverse: the result is then `t`
    /// mapped as far as possible, and NaN never results.
    open func convertTime(_ t: CFTimeInterval, from l: CALayer?) -> CFTimeInterval {
        let absolute = l.map { $0.absoluteTime(fromLocal: t) ?? $0.lastInvertibleTime(t) } ?? t
        return localTime(fromAbsolute: absolute)
    }

    /// Converts `t` from this layer's local time to that of `l` (`nil`: absolute time).
    open func convertTime(_ t: CFTimeInterval, to l: CALayer?) -> CFTimeInterval {
        let absolute = absoluteTime(fromLocal: t) ?? lastInvertibleTime(t)
        return l?.localTime(fromAbsolute: absolute) ?? absolute
    }

    /// A description naming the class, the layer's `name` if set, its position and bounds.
    open override var description: String {
        var text = "<\(type(of: self)): \(Unmanaged.passUnretained(self).toOpaque())"
        if let name = state.name { text += "; name = \(name)" }
        text += "; position = (\(state.position.x), \(state.position.y))"
        text += "; bounds = (\(state.bounds.origin.x), \(state.bounds.origin.y); "
        text += "\(state.bounds.size.width), \(state.bounds.size.height))>"
        return text
    }

    // MARK: - Stored properties (Apple's defaults: LayerState.swift)

    /// The layer's bounds rectangle in its own coordinate space, in points: the origin is the
    /// coordinate of the top-left corner, the size the layer's size. Default `.zero`. Animatable.
    ///
    /// Changing it does not move `position` or `anchorPoint`; a change of size calls
    /// `setNeedsLayout()`, and `setNeedsDisplay()` when `needsDisplayOnBoundsChange` is set.
    @Declared(animatable: true, style: false, view: true)
    open var bounds: CGRect {
        get { state.bounds }
        set {
            let oldSize = state.bounds.size
            setState(\.bounds, newValue)
            guard suppressChangeHandling == 0 else { return }
            if newValue.size != oldSize { setNeedsLayout() }
            if needsDisplayOnBoundsChange { setNeedsDisplay() }
        }
    }

    /// The layer's frame in its superlayer's coordinate space: the bounding box of the bounds
    /// transformed by `transform` about the anchor point and placed at `position`.
    ///
    /// Setting it changes `position` and `bounds.size` (keeping `bounds.origin`) so that an
    /// untransformed layer has this frame; under a scale the size is divided by the scale. As on
    /// Apple's platforms, do not set it while `transform` rotates by other than a multiple of
    /// 90°. Not animatable: animate `position` and `bounds`. Non-finite results are stored.
    @Declared(style: false, stored: false)
    open var frame: CGRect {
        get { frameInSuperlayer() }
        set { setFrame(newValue) }
    }

    /// The path of the shadow's shape, in the layer's coordinates; when `nil` the shadow takes
    /// the shape of the layer's content alpha. The path is copied on assignment. Default `nil`.
    /// Animatable.
    @Declared(animatable: true, shadowShape: true)
    open var shadowPath: CGPath? {
        get { state.shadowPath }
        set { setState(\.shadowPath, newValue?.copy()) }
    }

    /// A dictionary of default property values for properties not set explicitly, searched
    /// before `defaultValue(forKey:)`; a nested `"style"` entry continues the search, and the
    /// `"actions"` entry is searched by `action(forKey:)`. `bounds` and `frame` are not looked
    /// up in it, as on Apple's platforms. Default `nil`.
    @Declared(style: false, node: false)
    open var style: [AnyHashable: Any]? {
        get { state.style }
        set {
            state.style = newValue
            markRenderDirty()
            applyStyle()
        }
    }

    /// The layer's sublayers, back to front. Setting it removes the old sublayers and adds the
    /// new ones (each leaves its previous parent); a layer that is this layer or one of its
    /// ancestors is skipped, so the tree never has a cycle. Default `nil`.
    @Declared(animatable: true, style: false, stored: false, atOnce: true)
    open var sublayers: [CALayer]? {
        get { sublayerStorage }
        set { replaceAllSublayers(with: newValue) }
    }

    /// The layer's parent, or `nil` for a root layer. A layer used as a `mask` answers the layer
    /// it masks, as on Apple's platforms (ruling L19), though it is not among that layer's
    /// `sublayers`.
    open var superlayer: CALayer? {
        superlayerStorage ?? maskOwner
    }

    /// A layer whose alpha channel masks this layer's content and sublayers. The mask lives in
    /// this layer's coordinate space, answers this layer as its `superlayer`, is laid out with
    /// this layer's subtree and leaves with `removeFromSuperlayer()` (ruling L19); assigning a
    /// layer that is in a tree removes it from that tree first. Default `nil`.
    @Declared(animatable: true, style: false, stored: false, atOnce: true)
    open var mask: CALayer? {
        get { maskStorage }
        set { setMaskLayer(newValue) }
    }

    /// The position of the layer's anchor point in its superlayer's coordinate space, in points. Default
    /// (0, 0). Animatable.
    @Declared(animatable: true, placement: true, drawn: false, view: true)
    open var position: CGPoint

    /// The layer's position on the z axis, in points: it orders siblings when drawn (higher is nearer) and
    /// moves the layer in depth under perspective; it does not change hit-testing order (ruling R8).
    /// Default 0. Animatable.
    @Declared(animatable: true, placement: true, drawn: false, view: true)
    open var zPosition: CGFloat

    /// The point of the bounds, in unit coordinates ((0, 0) top-left, (1, 1) bottom-right), that `position`
    /// places and that transforms act about. Values outside [0, 1] are allowed. Default (0.5, 0.5).
    /// Animatable.
    @Declared(animatable: true, placement: true, drawn: false, view: true)
    open var anchorPoint: CGPoint

    /// The z component of the anchor point, in points. Default 0. Animatable.
    @Declared(animatable: true, drawn: false)
    open var anchorPointZ: CGFloat

    /// The transform applied to the layer about its anchor point, relative to its superlayer (row-vector
    /// convention). Default `CATransform3DIdentity`. Animatable.
    @Declared(animatable: true, placement: true, drawn: false, view: true)
    open var transform: CATransform3D

    /// A transform applied to every sublayer, about this layer's anchor point, when they are drawn;
    /// typically a perspective projection (`m34 = -1/eyeDistance`). Default `CATransform3DIdentity`.
    /// Animatable.
    @Declared(animatable: true, view: true)
    open var sublayerTransform: CATransform3D

    /// Whether the coordinate system of the layer's sublayers is flipped vertically about the centre of its
    /// bounds. Affects where sublayers are placed (and so conversion and hit testing), and the context
    /// `display()` gives `draw(in:)` (`contentsAreFlipped()`), but not how a `contents` image or a text
    /// layer's text shows: as Apple's header says, an image displays the same with the flag on or off
    /// (rulings L1, L20). Default `false`. Not animatable.
    ///
    /// Key-value coding key: `"geometryFlipped"`.
    @Declared
    open var isGeometryFlipped: Bool {
        get { state.isGeometryFlipped }
        set {
            if newValue != state.isGeometryFlipped { flipCheckPending = true }
            setState(\.isGeometryFlipped, newValue)
        }
    }

    /// The layer's content: a `CGImage`, or `nil`. Other objects are stored but draw nothing. Default
    /// `nil`. Animatable (crossfade). After `display()` draws a backing store larger than 4096 × 4096
    /// pixels it holds an opaque recorded backing store instead of an image, as Apple's holds a
    /// `CABackingStore` (ruling L10).
    @Declared(animatable: true, shadowShape: true)
    open var contents: Any?

    /// The part of `contents` drawn, in unit coordinates of the image. Default (0, 0, 1, 1). Animatable.
    @Declared(animatable: true, view: true)
    open var contentsRect: CGRect

    /// How `contents` is positioned in the bounds. Default `.resize`. Not animatable.
    @Declared
    open var contentsGravity: CALayerContentsGravity

    /// The scale from points to pixels of the layer's content: backing stores created by `display()` are
    /// this many pixels per point, and images are taken to have this many pixels per point. Default 1.
    /// Animatable.
    @Declared(animatable: true)
    open var contentsScale: CGFloat

    /// The stretchable centre of `contents` for nine-part scaling, in unit coordinates. Default (0, 0, 1,
    /// 1): the whole image stretches. Animatable.
    @Declared(animatable: true, view: true)
    open var contentsCenter: CGRect

    /// The pixel format requested for backing stores. Default `.RGBA8Uint`. Not animatable.
    @Declared
    open var contentsFormat: CALayerContentsFormat

    /// The filter used when `contents` is drawn smaller than its pixel size. Default `.linear`.
    @Declared
    open var minificationFilter: CALayerContentsFilter

    /// The filter used when `contents` is drawn larger than its pixel size. Default `.linear`.
    @Declared
    open var magnificationFilter: CALayerContentsFilter

    /// The bias added to the mipmap level chosen by a `.trilinear` minification filter. Default 0.
    /// Animatable.
    @Declared(animatable: true)
    open var minificationFilterBias: Float

    /// Whether the backing store `display()` creates is opaque (no alpha channel). Default `false`.
    ///
    /// Key-value coding key: `"opaque"`.
    @Declared
    open var isOpaque: Bool

    /// Whether changing `bounds` calls `setNeedsDisplay()`. Default `false`.
    @Declared
    open var needsDisplayOnBoundsChange: Bool

    /// Whether drawing may be deferred to a background thread. Lamina draws synchronously either way; the
    /// flag is kept for API compatibility and has no visible effect on Apple's platforms either. Default
    /// `false`.
    @Declared
    open var drawsAsynchronously: Bool

    /// Which edges are anti-aliased when `allowsEdgeAntialiasing` is `true`. Default all four.
    @Declared
    open var edgeAntialiasingMask: CAEdgeAntialiasingMask

    /// Whether edges of a transformed layer are anti-aliased. Default `false`, as on iOS.
    @Declared
    open var allowsEdgeAntialiasing: Bool

    /// Whether the layer and its sublayers are not drawn and not hit-tested. Default `false`. Animatable
    /// (discrete).
    ///
    /// Key-value coding key: `"hidden"`.
    @Declared(animatable: true, atOnce: true, drawn: false)
    open var isHidden: Bool

    /// Whether the layer is drawn when its back faces the viewer. Default `true`.
    ///
    /// Key-value coding key: `"doubleSided"`.
    @Declared(animatable: true, atOnce: true)
    open var isDoubleSided: Bool

    /// Whether sublayers are clipped to the bounds (rounded by `cornerRadius`); clipping also limits hit
    /// testing. Default `false`. Animatable (discrete).
    @Declared(animatable: true, atOnce: true)
    open var masksToBounds: Bool

    /// The colour filling the bounds (rounded by `cornerRadius`) behind the contents. Default `nil`.
    /// Animatable.
    @Declared(animatable: true, view: true)
    open var backgroundColor: CGColor?

    /// The radius, in points, of the rounded corners of the background, border and (with `masksToBounds`)
    /// clip. Default 0. Animatable.
    @Declared(animatable: true, view: true)
    open var cornerRadius: CGFloat

    /// Which corners `cornerRadius` rounds. Default all four.
    @Declared(shadowShape: true)
    open var maskedCorners: CACornerMask

    /// The shape of rounded corners. Default `.circular`.
    @Declared(shadowShape: true)
    open var cornerCurve: CALayerCornerCurve

    /// The width, in points, of the border drawn inside the bounds, above the contents and sublayers.
    /// Default 0. Animatable.
    @Declared(animatable: true, view: true)
    open var borderWidth: CGFloat

    /// The colour of the border. Default opaque black. Animatable.
    @Declared(animatable: true, view: true)
    open var borderColor: CGColor?

    /// The opacity of the layer, 0 (transparent) to 1 (opaque); values outside are clamped when drawn.
    /// Default 1. Animatable.
    @Declared(animatable: true, placement: true, drawn: false, view: true)
    open var opacity: Float

    /// Whether the layer and its sublayers are composited as one group before `opacity` applies. Default
    /// `true`, as on iOS 7 and later.
    @Declared
    open var allowsGroupOpacity: Bool

    /// How the layer is composited with what is behind it: the name of a blend mode or Porter–Duff
    /// operator, as Core Animation's filter names — `"multiplyBlendMode"`, `"screenBlendMode"`,
    /// `"overlayBlendMode"`, `"darkenBlendMode"`, `"lightenBlendMode"`, `"colorDodgeBlendMode"`,
    /// `"colorBurnBlendMode"`, `"softLightBlendMode"`, `"hardLightBlendMode"`,
    /// `"differenceBlendMode"`, `"exclusionBlendMode"`, `"hueBlendMode"`, `"saturationBlendMode"`,
    /// `"colorBlendMode"`, `"luminosityBlendMode"`, `"clear"`, `"copy"`, `"sourceIn"`,
    /// `"sourceOut"`, `"sourceAtop"`, `"destOver"`, `"destIn"`, `"destOut"`, `"destAtop"`,
    /// `"xor"`, `"plusL"`, `"plusD"` (and `"sourceOver"`/`"normalBlendMode"`, the default
    /// compositing). Lamina has no Core Image: a `CIFilter` is named by a string instead
    /// (`"CIMultiplyBlendMode"`, `"CISourceAtopCompositing"`, …), and the `CGBlendMode` spellings
    /// `"destinationIn"`, `"plusLighter"`, … are accepted too. Names are case-sensitive.
    ///
    /// The layer — its background, contents, border, sublayers, shadow and mask, at its `opacity`
    /// — is drawn as one group, then combined with its backdrop by the W3C Compositing and
    /// Blending formulas: the backdrop is what was drawn before the layer within the nearest
    /// enclosing group (a translucent group, a masked or rasterized layer, …), or in the frame.
    /// `clear`, `copy`, `sourceIn`, `sourceOut`, `destIn` and `destAtop` also change the backdrop
    /// where the layer is transparent, over the box of its bounds and sublayers' frames. An unknown
    /// name, or a value of another type, is reported once through `CompatibilityWarnings` and
    /// drawn as `sourceOver`. A `CATransformLayer` ignores it. Default `nil`. (Ruling V18.)
    @Declared(animatable: true)
    open var compositingFilter: Any?

    /// Filters applied to the layer's content. Stored as a value only: Lamina does not apply filters (see
    /// README). Default `nil`.
    @Declared(animatable: true)
    open var filters: [Any]?

    /// Filters applied to the content behind the layer. Stored as a value only: Lamina does not apply
    /// filters (see README). Default `nil`.
    @Declared(animatable: true)
    open var backgroundFilters: [Any]?

    /// Whether the layer and its sublayers are rendered into a cached bitmap at `rasterizationScale` before
    /// compositing. Default `false`.
    @Declared(animatable: true, atOnce: true, drawn: false)
    open var shouldRasterize: Bool

    /// The scale, in pixels per point, of the cached bitmap when `shouldRasterize` is `true`. Default 1.
    /// Animatable.
    @Declared(animatable: true, drawn: false)
    open var rasterizationScale: CGFloat

    /// The colour of the shadow. Default opaque black. Animatable.
    @Declared(animatable: true, view: true)
    open var shadowColor: CGColor?

    /// The opacity of the shadow, 0 to 1. Default 0 (no shadow). Animatable.
    @Declared(animatable: true, view: true)
    open var shadowOpacity: Float

    /// The offset of the shadow, in points. Default (0, −3). Animatable.
    @Declared(animatable: true, view: true)
    open var shadowOffset: CGSize

    /// The blur radius of the shadow, in points. Default 3. Animatable.
    @Declared(animatable: true, view: true)
    open var shadowRadius: CGFloat

    /// A name for the layer, for debugging and lookup. Default `nil`.
    @Declared
    open var name: String?

    /// Actions for events of this layer, keyed by event (a property key or `kCAOnOrderIn`, …), consulted by
    /// `action(forKey:)` after the delegate. An `NSNull()` value means no action. Default `nil`.
    @Declared(style: false, node: false)
    open var actions: [String: any CAAction]?

    /// The layer's begin time in its superlayer's time space, in seconds. Default 0.
    @Declared
    open var beginTime: CFTimeInterval

    /// The basic duration of the layer's timeline, in seconds. Default 0.
    @Declared
    open var duration: CFTimeInterval

    /// The rate of the layer's local time relative to its superlayer's; it scales every animation in the
    /// subtree. Default 1.
    @Declared
    open var speed: Float

    /// An offset added to the layer's local time, in seconds. Default 0.
    @Declared
    open var timeOffset: CFTimeInterval

    /// The repeat count of the layer's timeline. Default 0.
    @Declared
    open var repeatCount: Float

    /// The repeat duration of the layer's timeline, in seconds. Default 0.
    @Declared
    open var repeatDuration: CFTimeInterval

    /// Whether the layer's timeline plays backwards after forwards. Default `false`.
    @Declared
    open var autoreverses: Bool

    /// The fill mode of the layer's timeline. Default `.removed`.
    @Declared
    open var fillMode: CAMediaTimingFillMode

    // MARK: - Key-value coding (CALayer+KeyValueCoding.swift)

    /// Apple's default value for `key`, used for properties not yet set: non-`nil` for the
    /// table properties whose default is not their type's zero (`anchorPoint`, `opacity`,
    /// `transform`, `contentsRect`, …), `nil` otherwise and for unknown keys, as Apple's
    /// `defaultValue(forKey:)` reports. Override it to change a subclass's defaults — new
    /// instances start with the values it returns.
    open class func defaultValue(forKey key: String) -> Any? {
        guard let property = CALayerProperty.table[key] ?? kindProperties[key], !property.defaultIsZero
        else { return nil }
        return property.defaultValue
    }

    /// The value of the property or arbitrary key `key`, or `defaultValue(forKey:)` when an
    /// arbitrary key was never set. Key names are Apple's (`"hidden"`, not `"isHidden"`).
    open func value(forKey key: String) -> Any? {
        kvcValue(forKey: key)
    }

    /// Sets the property `key`, converting `Double`, `Float`, `Int`, `CGFloat`, `Bool`, `NSNumber`
    /// and `NSValue` as needed; an unknown key is stored and read back by `value(forKey:)`, as
    /// on Apple's platforms. `nil` (or `NSNull`) clears optional properties; a value of the wrong
    /// type, or `nil` for a non-optional property, is ignored and reported through
    /// ``CompatibilityWarnings``.
    open func setValue(_ value: Any?, forKey key: String) {
        kvcSetValue(value, forKey: key)
    }

    /// The value at a dot-separated key path, including Apple's virtual key paths
    /// (`"position.x"`, `"bounds.size.width"`, `"transform.rotation.z"`, `"transform.scale"`,
    /// `"shadowOffset.height"`, …). Unknown paths read `nil`.
    open func value(forKeyPath keyPath: String) -> Any? {
        kvcValue(forKeyPath: keyPath)
    }

    /// Sets the value at a dot-separated key path. A virtual key path replaces one field of the
    /// property and sets the whole property (`"transform.rotation.z"` decomposes the transform,
    /// replaces the rotation and recomposes it). Unknown paths are ignored and reported.
    open func setValue(_ value: Any?, forKeyPath keyPath: String) {
        kvcSetValue(value, forKeyPath: keyPath)
    }

    // MARK: - Actions

    /// The action Core Animation would run for the event `event` (a property key or
    /// `kCAOnOrderIn`, …): the delegate's `action(for:forKey:)`, else `actions[event]`, else the
    /// `style` chain's `"actions"` dictionaries, else `defaultAction(forKey:)`. An `NSNull` at
    /// any step stops the search and gives `nil`.
    open func action(forKey event: String) -> (any CAAction)? {
        actionImplementation(forKey: event)
    }

    /// The class's default action for `event`; `nil` for every key, as Apple's (implicit
    /// animations come from a later step of the search).
    open class func defaultAction(forKey event: String) -> (any CAAction)? {
        nil
    }

    // MARK: - Hierarchy (CALayer+Hierarchy.swift)

    /// Appends `layer` to the sublayers, removing it from its previous parent first. Refused
    /// (ignored and reported) when `layer` is this layer or one of its ancestors.
    open func addSublayer(_ layer: CALayer) {
        insert(layer, at: sublayerStorage?.count ?? 0, operation: "addSublayer")
    }

    /// Inserts `layer` at `idx` among the sublayers (an index past the end appends), removing it
    /// from its previous parent first. Refused when `layer` is
    /// this layer or one of its ancestors.
    open func insertSublayer(_ layer: CALayer, at idx: UInt32) {
        insert(layer, at: Int(idx), operation: "insertSublayer(_:at:)")
    }

    /// Inserts `layer` just below `sibling`; when `sibling` is `nil` or not a sublayer, at the
    /// bottom (index 0).
    open func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        let index = sibling.flatMap { s in sublayerStorage?.firstIndex { $0 === s } } ?? 0
        insert(layer, at: index, operation: "insertSublayer(_:below:)")
    }

    /// Inserts `layer` just above `sibling`; when `sibling` is `nil` or not a sublayer, at the
    /// top.
    open func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        let index =
            sibling.flatMap { s in sublayerStorage?.firstIndex { $0 === s }.map { $0 + 1 } }
            ?? (sublayerStorage?.count ?? 0)
        insert(layer, at: index, operation: "insertSublayer(_:above:)")
    }

    /// Replaces the sublayer `oldLayer` with `newLayer` at the same index. Does nothing when
    /// `oldLayer` is not a sublayer or when the two are the same layer.
    open func replaceSublayer(_ oldLayer: CALayer, with newLayer: CALayer) {
        guard oldLayer !== newLayer, oldLayer.superlayerStorage === self,
            let index = sublayerStorage?.firstIndex(where: { $0 === oldLayer }),
            canAdopt(newLayer, operation: "replaceSublayer(_:with:)")
        else { return }
        oldLayer.runAction(forEvent: kCAOnOrderOut)
        oldLayer.detachFromParent()
        insert(newLayer, at: index, operation: "replaceSublayer(_:with:)")
        TransactionStack.current.replacedLayers[newLayer.layerID] = oldLayer
        newLayer.runAction(forEvent: kCATransition)
    }

    /// Removes the layer from its superlayer's sublayers, or from the layer it masks.
    open func removeFromSuperlayer() {
        if superlayerStorage != nil { runAction(forEvent: kCAOnOrderOut) }
        detachFromParent()
    }

    // MARK: - Geometry (CALayer+Geometry.swift)

    /// `transform` as an affine transform: its a, b, c, d, tx, ty are m11, m12, m21, m22, m41,
    /// m42. A transform that is not affine (z terms, perspective) gives the identity, as Apple's.
    open func affineTransform() -> CGAffineTransform {
        CATransform3DGetAffineTransform(state.transform)
    }

    /// Sets `transform` to the 3D form of `m` (m33 = m44 = 1).
    open func setAffineTransform(_ m: CGAffineTransform) {
        transform = CATransform3DMakeAffineTransform(m)
    }

    /// Converts `p` from the coordinate space of `l` to this layer's. `nil` means the space above
    /// the root (where the root's `position` is given); layers of different trees meet there.
    /// Perspective is honoured (each layer is flattened into its parent's plane); a point that
    /// has no preimage (a layer seen edge-on) converts to NaN coordinates.
    open func convert(_ p: CGPoint, from l: CALayer?) -> CGPoint {
        if l === self { return p }
        guard let l else { return homography(to: nil).inverted().apply(p) }
        return l.homography(to: self).apply(p)
    }

    /// Converts `p` from this layer's coordinate space to that of `l` (`nil`: above the root).
    open func convert(_ p: CGPoint, to l: CALayer?) -> CGPoint {
        if l === self { return p }
        return homography(to: l).apply(p)
    }

    /// Converts `r` from the coordinate space of `l` to this layer's: the bounding box of its
    /// four converted corners. A null rect stays null.
    open func convert(_ r: CGRect, from l: CALayer?) -> CGRect {
        if l === self { return r }
        guard let l else { return Self.map(r, by: homography(to: nil).inverted()) }
        return Self.map(r, by: l.homography(to: self))
    }

    /// Converts `r` from this layer's coordinate space to that of `l`: the bounding box of its
    /// four converted corners.
    open func convert(_ r: CGRect, to l: CALayer?) -> CGRect {
        if l === self { return r }
        return Self.map(r, by: homography(to: l))
    }

    // MARK: - Hit testing (CALayer+HitTesting.swift)

    /// The farthest descendant of this layer (or the layer itself) containing `p`, given in the
    /// superlayer's coordinates; `nil` when none does. Sublayers are searched front to back in
    /// sublayer order — `zPosition` does not change the order (ruling R8); hidden layers and
    /// their subtrees are skipped; `masksToBounds` and `mask` exclude points outside them. Calls
    /// `contains(_:)`, so overriding that changes hit testing.
    open func hitTest(_ p: CGPoint) -> CALayer? {
        hitTestImplementation(p)
    }

    /// Whether `p`, in this layer's coordinates, is inside `bounds` (min edges inclusive, max
    /// edges exclusive; never for NaN).
    open func contains(_ p: CGPoint) -> Bool {
        state.bounds.contains(p)
    }

    // MARK: - Display (CALayer+Display.swift)

    /// Whether a change of `key` should call `setNeedsDisplay()`. `false` for every key;
    /// subclasses return `true` for the properties their drawing depends on.
    open class func needsDisplay(forKey key: String) -> Bool {
        false
    }

    /// Marks the whole layer as needing display; `displayIfNeeded()` then redraws it.
    open func setNeedsDisplay() {
        needsDisplayFlag = true
        needsDisplayRect = state.bounds
        markRenderDirty()
    }

    /// Marks `r` (in the layer's coordinates) as needing display. Lamina redraws the whole
    /// backing store, as is allowed.
    open func setNeedsDisplay(_ r: CGRect) {
        needsDisplayFlag = true
        needsDisplayRect = needsDisplayRect.union(r)
        markRenderDirty()
    }

    /// Whether the layer is marked as needing display.
    open func needsDisplay() -> Bool {
        needsDisplayFlag
    }

    /// Calls `display()` if the layer is marked, clearing the mark first.
    open func displayIfNeeded() {
        guard needsDisplayFlag else { return }
        needsDisplayFlag = false
        needsDisplayRect = .null
        display()
    }

    /// Updates `contents`: the delegate's `display(_:)` if it has one, else a backing store drawn
    /// by `draw(in:)`. Do not call it directly; call `setNeedsDisplay()`.
    open func display() {
        if let delegate {
            delegate.display(self)
        } else {
            displayIntoBackingStore()
        }
    }

    /// Draws the layer's content into `ctx`, in the layer's bounds coordinates. The default calls
    /// the delegate's `draw(_:in:)`; override it to draw.
    open func draw(in ctx: CGContext) {
        if let delegate {
            delegate.draw(self, in: ctx)
        } else {
            markDrawNotImplemented()
        }
    }

    /// Renders the layer and its sublayers into `ctx` in the layer's coordinate space (bounds
    /// in the context's user space), as they are in the model — animations are not applied — for
    /// snapshots (listing 8.14). Drawn by the compositor, so unlike Apple's it honours 3D
    /// transforms; draws nothing (reported once) when no EGL context is available.
    open func render(in ctx: CGContext) {
        renderImplementation(in: ctx)
    }

    /// Whether the layer's contents are implicitly flipped when rendered, relative to its own
    /// coordinate space: `true` when an odd number of layers from the receiver up to its root
    /// (the receiver included) have `isGeometryFlipped` set, as Apple's header defines it. A mask
    /// counts its own flag and those above its owner (an owner's flip does not place its mask).
    ///
    /// When it is `true`, the context the default `display()` gives `draw(in:)` is flipped
    /// vertically, so that drawing in the layer's coordinates lands where its (flipped) geometry
    /// puts sublayers at the same coordinates; `contents` images and text show upright whatever it
    /// answers (rulings L20, L21). Subclasses should not override it (Apple's advice).
    ///
    /// - Complexity: O(depth) — it walks up to the root.
    open func contentsAreFlipped() -> Bool {
        isGeometryFlipped != flipsAbove
    }

    // MARK: - Layout (CALayer+Display.swift)

    /// Marks the layer as needing layout; `layoutIfNeeded()` then calls `layoutSublayers()`.
    /// Called automatically when the bounds size or the sublayers change.
    open func setNeedsLayout() {
        needsLayoutFlag = true
        markRenderDirty()
    }

    /// Whether the layer is marked as needing layout.
    open func needsLayout() -> Bool {
        needsLayoutFlag
    }

    /// Lays out the highest marked ancestor and then every marked layer below it, parents first.
    open func layoutIfNeeded() {
        layoutIfNeededImplementation()
    }

    /// Lays out the sublayers: the delegate's `layoutSublayers(of:)` by default. Override it to
    /// position sublayers.
    open func layoutSublayers() {
        delegate?.layoutSublayers(of: self)
    }

    /// The layer's preferred size in its superlayer's coordinates: the size of its bounds mapped
    /// by its transform (the size of `frame`).
    open func preferredFrameSize() -> CGSize {
        frameInSuperlayer().size
    }

    /// The factor by which a corner curve's visible extent exceeds `cornerRadius`: 1 for
    /// `.circular`, about 1.528665 for `.continuous`, as Apple documents.
    open class func cornerCurveExpansionFactor(_ curve: CALayerCornerCurve) -> CGFloat {
        curve == .continuous ? 1.528665 : 1
    }

    /// The properties a layer kind adds to `CALayerProperty.table` (shape and gradient layers'
    /// `path`, `colors`, …), keyed by key-value coding key: key-value coding, `style`,
    /// `defaultValue(forKey:)` and implicit animations treat them as table properties. Empty for
    /// `CALayer`.
    package class var kindProperties: [String: CALayerProperty] { [:] }

    /// The values the layer's kind adds to its render node (a shape's path and stroke, a
    /// gradient's colours, …), captured when a commit publishes the layer; `nil` for `CALayer`.
    package func makeKindValues() -> (any LayerKindValues)? { nil }

    /// Runs `body` without change handling (used while applying defaults and styles).
    func withoutChangeHandling(_ body: () -> Void) {
        suppressChangeHandling += 1
        defer { suppressChangeHandling -= 1 }
        body()
    }
}
