import CoreGraphics

/// A transition animation of a whole layer (Apple's `CATransition`): the layer's previous
/// rendering gives way to its new one with a fade, a push, a move-in or a reveal.
///
/// A transition is always stored under `kCATransition` ("transition"), whatever key it is added
/// with. It animates no property: while it runs, `CARenderer` draws the layer and its subtree as
/// they were last committed ("before", captured when the transition is added — changes made in
/// the same transaction, before or after the `add`, are "after"; ruling E18) giving way to the
/// layer as it is now, at the transition's progress: `startProgress` to `endProgress` paced by
/// `timingFunction` over `duration`, under the usual media timing (repeat, autoreverse, fill,
/// speed). A layer not yet committed has no "before" picture: it comes in from nothing.
open class CATransition: CAAnimation {
    var storedType = CATransitionType.fade
    var storedSubtype: CATransitionSubtype?
    var storedStartProgress: Float = 0
    var storedEndProgress: Float = 1
    /// In the layer's copy: a frozen copy of the layer's subtree as last committed, captured when
    /// the transition was added (`nil`: the layer had no previous rendering).
    var previousRendering: RenderLayer?

    /// The kind of transition. Default `.fade`; types the renderer does not draw render as a
    /// fade, as on Apple's platforms, reported once through `CompatibilityWarnings`.
    open var type: CATransitionType {
        get { storedType }
        set { if allowsMutation("type") { storedType = newValue } }
    }

    /// The direction of motion-based transitions; ignored by `.fade`. Default `nil`, which moves
    /// as `.fromLeft` does; an unknown subtype is reported once and moves as `.fromLeft` too.
    open var subtype: CATransitionSubtype? {
        get { storedSubtype }
        set { if allowsMutation("subtype") { storedSubtype = newValue } }
    }

    /// The progress, 0 to 1, at which the transition starts. Default 0.
    open var startProgress: Float {
        get { storedStartProgress }
        set { if allowsMutation("startProgress") { storedStartProgress = min(max(newValue, 0), 1) } }
    }

    /// The progress, 0 to 1 and at least `startProgress`, at which it ends. Default 1.
    open var endProgress: Float {
        get { storedEndProgress }
        set { if allowsMutation("endProgress") { storedEndProgress = min(max(newValue, 0), 1) } }
    }

    /// Reads `type`, `subtype`, `startProgress` and `endProgress`, then the inherited keys.
    open override func value(forKey key: String) -> Any? {
        switch key {
        case "type": return type
        case "subtype": return subtype
        case "startProgress": return startProgress
        case "endProgress": return endProgress
        default: return super.value(forKey: key)
        }
    }

    /// Sets `type`, `subtype`, `startProgress` and `endProgress`, then the inherited keys.
    open override func setValue(_ value: Any?, forKey key: String) {
        switch key {
        case "type": if let v = ValueCoercion.coerce(value, to: CATransitionType.self) { type = v }
        case "subtype": subtype = ValueCoercion.coerce(value, to: CATransitionSubtype.self)
        case "startProgress": if let v = ValueCoercion.coerce(value, to: Float.self) { startProgress = v }
        case "endProgress": if let v = ValueCoercion.coerce(value, to: Float.self) { endProgress = v }
        default: super.setValue(value, forKey: key)
        }
    }

    /// Captures the layer's subtree as last committed, the transition's "before" picture.
    override func prepare(for layer: CALayer) {
        // The last published node of the layer; for a layer that took another's place through
        // `replaceSublayer(_:with:)` in this transaction, that of the layer it replaced.
        let source = TransactionStack.current.replacedLayers[layer.layerID] ?? layer
        previousRendering = source.renderNode
    }

    override func copyProperties(to copy: CAAnimation) {
        super.copyProperties(to: copy)
        guard let copy = copy as? CATransition else { return }
        copy.storedType = storedType
        copy.storedSubtype = storedSubtype
        copy.storedStartProgress = storedStartProgress
        copy.storedEndProgress = storedEndProgress
        copy.previousRendering = previousRendering
    }

    /// The effect the renderer draws for `type`: unknown types fall back to a fade, reported once.
    var effectKind: TransitionEffect.Kind {
        if let kind = TransitionEffect.Kind(rawValue: storedType.rawValue) { return kind }
        CompatibilityWarnings.report(
            "CATransition: type '\(storedType.rawValue)' is not drawn; it fades, as Apple's unknown types do")
        return .fade
    }

    /// The direction the renderer moves pictures in: `nil` is from the left (from the bottom for
    /// the page curls, as UIKit's curl up and down); an unknown subtype is reported once and moves
    /// from the left.
    var effectDirection: CGVector {
        if storedSubtype == nil && (storedType == .pageCurl || storedType == .pageUnCurl) {
            return TransitionEffect.direction(.fromBottom)
        }
        if let subtype = storedSubtype,
            ![.fromLeft, .fromRight, .fromTop, .fromBottom].contains(subtype)
        {
            CompatibilityWarnings.report(
                "CATransition: subtype '\(subtype.rawValue)' is unknown; it moves from the left")
        }
        return TransitionEffect.direction(storedSubtype)
    }

    /// The transition's progress at basic time `t`: `startProgress` to `endProgress` paced by the
    /// timing function. The renderer reads it.
    package func progress(atBasicTime t: Double, duration: Double) -> Double {
        let linear = duration > 0 ? min(max(t / duration, 0), 1) : 1
        let f = storedTimingFunction?.solve(linear) ?? linear
        let start = Double(storedStartProgress)
        let end = max(Double(storedEndProgress), start)
        return start + (end - start) * f
    }
}

/// The kind of a `CATransition` (Apple's `CATransitionType`).
public struct CATransitionType: RawRepresentable, Hashable, Sendable {
    /// The raw string, as Apple's constants.
    public var rawValue: String
    /// Wraps a raw string (Apple's private types such as `"cube"` are accepted as strings).
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Wraps a raw string.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// The new content fades in over the old.
    public static let fade = CATransitionType("fade")
    /// The new content slides in over the old.
    public static let moveIn = CATransitionType("moveIn")
    /// The new content pushes the old out.
    public static let push = CATransitionType("push")
    /// The old content slides away, revealing the new.
    public static let reveal = CATransitionType("reveal")
    /// Apple's private `"cube"` (a Lamina extension with Apple's raw string): the layer turns as a
    /// cube in perspective, its front face the old content and the face on the subtype's side
    /// the new one (a quarter turn about the centre of the cube).
    public static let cube = CATransitionType("cube")
    /// Apple's private `"oglFlip"` (a Lamina extension with Apple's raw string): the layer turns
    /// over in perspective about its centre line across the subtype's direction, the subtype's
    /// edge coming towards the viewer, showing the new content on its back.
    public static let oglFlip = CATransitionType("oglFlip")
    /// Apple's private `"pageCurl"` (a Lamina extension with Apple's raw string; UIKit's curl
    /// up): the old content curls away as a page around a cylinder rolling from the subtype's
    /// edge (`nil`: from the bottom), its leading corner first, showing its lighter back and the
    /// new content beneath.
    public static let pageCurl = CATransitionType("pageCurl")
    /// Apple's private `"pageUnCurl"` (a Lamina extension with Apple's raw string; UIKit's curl
    /// down): `pageCurl` run backwards with the new content as the page, uncurling into place
    /// over the old towards the subtype's edge (`nil`: the bottom).
    public static let pageUnCurl = CATransitionType("pageUnCurl")
    /// Apple's private `"rippleEffect"` (a Lamina extension with Apple's raw string): circular
    /// ripples run out from the centre, displacing the content as water would, while a front
    /// growing from the centre crossfades the old content to the new; the ripples die away by
    /// the end. Ignores the subtype.
    public static let rippleEffect = CATransitionType("rippleEffect")
    /// Apple's private `"suckEffect"` (a Lamina extension with Apple's raw string): the old
    /// content is sucked into a point at the horizontal centre three quarters down, its lower
    /// part narrowing first into a triangle, uncovering the new. Ignores the subtype.
    public static let suckEffect = CATransitionType("suckEffect")
    /// Apple's private `"cameraIrisHollowOpen"` (a Lamina extension with Apple's raw string; the
    /// second half of `"cameraIris"`): a six-bladed iris opens from the centre, the new content
    /// seen through its widening aperture, the blades the old content. Ignores the subtype.
    public static let cameraIrisHollowOpen = CATransitionType("cameraIrisHollowOpen")
    /// Apple's private `"cameraIrisHollowClose"` (a Lamina extension with Apple's raw string; the
    /// first half of `"cameraIris"`): a six-bladed iris closes over the old content, seen through
    /// its shrinking aperture, the hollow blades showing the new. Ignores the subtype.
    public static let cameraIrisHollowClose = CATransitionType("cameraIrisHollowClose")
    /// Apple's private `"cameraIris"` (a Lamina extension with Apple's raw string): a camera's
    /// shutter, six dark opaque blades, closes over the old content until the layer is shut at
    /// half way, then opens on the new content (`cameraIrisHollowClose` then
    /// `cameraIrisHollowOpen` with solid blades). Ignores the subtype.
    public static let cameraIris = CATransitionType("cameraIris")
    /// Apple's private `"genieEffect"` (a Lamina extension with Apple's raw string): the old
    /// content is drawn into a narrow target at the bottom edge, as macOS's genie minimises a
    /// window into the Dock — its sides bend in S-curves down to the target, then it flows down
    /// into it — uncovering the new. The target is near the bottom-right corner for `nil` and
    /// `.fromLeft`, the bottom-left for `.fromRight`, the bottom edge's centre for `.fromTop` and
    /// the top edge's centre for `.fromBottom`.
    public static let genieEffect = CATransitionType("genieEffect")
    /// Apple's private `"spewEffect"` (a Lamina extension with Apple's raw string): the new
    /// content is spewed out of a point at the horizontal centre three quarters down, widening
    /// from a thin triangle to the whole layer over the old: `suckEffect` run backwards with the
    /// new content. Ignores the subtype.
    public static let spewEffect = CATransitionType("spewEffect")
}

/// The direction of a `CATransition` (Apple's `CATransitionSubtype`).
public struct CATransitionSubtype: RawRepresentable, Hashable, Sendable {
    /// The raw string, as Apple's constants.
    public var rawValue: String
    /// Wraps a raw string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Wraps a raw string.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// From the right side of the layer.
    public static let fromRight = CATransitionSubtype("fromRight")
    /// From the left side of the layer.
    public static let fromLeft = CATransitionSubtype("fromLeft")
    /// From the top of the layer.
    public static let fromTop = CATransitionSubtype("fromTop")
    /// From the bottom of the layer.
    public static let fromBottom = CATransitionSubtype("fromBottom")
}
