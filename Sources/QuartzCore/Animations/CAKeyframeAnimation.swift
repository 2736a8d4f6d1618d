import CoreGraphics

/// How a keyframe animation computes values between keyframes (Apple's
/// `CAAnimationCalculationMode`).
public struct CAAnimationCalculationMode: RawRepresentable, Hashable, Sendable {
    /// The raw string, as Apple's constants.
    public var rawValue: String
    /// Wraps a raw string; an unknown string behaves as `.linear`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Wraps a raw string.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Straight interpolation between keyframes (the default).
    public static let linear = CAAnimationCalculationMode("linear")
    /// Each keyframe value held until the next key time, no interpolation.
    public static let discrete = CAAnimationCalculationMode("discrete")
    /// Linear interpolation at constant speed: key times and timing functions are ignored.
    public static let paced = CAAnimationCalculationMode("paced")
    /// A Kochanek–Bartels (by default Catmull–Rom) spline through the keyframes.
    public static let cubic = CAAnimationCalculationMode("cubic")
    /// The cubic spline at constant speed.
    public static let cubicPaced = CAAnimationCalculationMode("cubicPaced")
}

/// Whether a layer animated along a path turns to follow it (Apple's `CAAnimationRotationMode`).
public struct CAAnimationRotationMode: RawRepresentable, Hashable, Sendable {
    /// The raw string, as Apple's constants.
    public var rawValue: String
    /// Wraps a raw string; an unknown string means no rotation.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Wraps a raw string.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// The layer turns to the path's tangent.
    public static let rotateAuto = CAAnimationRotationMode("auto")
    /// The layer turns to the path's tangent plus 180°.
    public static let rotateAutoReverse = CAAnimationRotationMode("autoReverse")
}

/// An animation through a sequence of keyframe values, or along a path (Apple's
/// `CAKeyframeAnimation` documentation).
///
/// Invalid `keyTimes` (a wrong count, decreasing, outside [0, 1]) are ignored and the keyframes
/// spaced evenly, as Apple documents; key times that start after 0 or end before 1 are used, the
/// first value held before them and the last after them (ruling E19); key times that decrease or
/// leave [0, 1] are used as given (ruling E24). With fewer than two values (or a path with no
/// drawing elements) the single value, if any, is shown throughout, except in discrete mode,
/// where a single value has no effect (ruling E26).
open class CAKeyframeAnimation: CAPropertyAnimation {
    var storedValues: [Any]?
    var storedPath: CGPath?
    var storedKeyTimes: [NSNumber]?
    var storedTimingFunctions: [CAMediaTimingFunction]?
    var storedCalculationMode = CAAnimationCalculationMode.linear
    var storedTensionValues: [NSNumber]?
    var storedContinuityValues: [NSNumber]?
    var storedBiasValues: [NSNumber]?
    var storedRotationMode: CAAnimationRotationMode?
    /// Prepared by `prepare(for:)`.
    var preparedValues: [AnimatableValue] = []
    var preparedPath: PathKeyframes?
    var preparedTimeline: KeyframeTimeline?
    /// The transform `rotationMode` turns, set by `prepare(for:)`.
    var rotationAccess = PropertyKeyPath.Resolved.field(CALayerProperty.Field.transform)

    /// The keyframe values, in any boxing key-value coding accepts. Ignored when `path` is set.
    /// Default `nil`.
    open var values: [Any]? {
        get { storedValues }
        set { if allowsMutation("values") { storedValues = newValue } }
    }

    /// A path for a point property to follow; every point of it except move-to points is a
    /// keyframe, and the value follows the curves between them. Overrides `values`. Copied on
    /// assignment. Default `nil`.
    ///
    /// It drives any point-valued key path (`position`, `anchorPoint`, `bounds.origin`, a
    /// gradient's `startPoint`, a `@LayerProperty` point, …) and a transform's translation pair
    /// (`transform.translation`, `sublayerTransform.translation`: x and y from the path's point,
    /// the z translation kept). On any other key path it is ignored and reported once when the
    /// animation is added (ruling T5 in docs/DECISIONS.md).
    open var path: CGPath? {
        get { storedPath }
        set { if allowsMutation("path") { storedPath = newValue?.copy() } }
    }

    /// The time of each keyframe as a fraction of the duration, from 0 to 1, non-decreasing (one
    /// more than the values in discrete mode); ignored in paced modes. Default `nil` (even
    /// spacing).
    open var keyTimes: [NSNumber]? {
        get { storedKeyTimes }
        set { if allowsMutation("keyTimes") { storedKeyTimes = newValue } }
    }

    /// The pacing of each keyframe segment (one fewer than the keyframes; missing ones are
    /// linear); ignored in paced modes. Default `nil`.
    open var timingFunctions: [CAMediaTimingFunction]? {
        get { storedTimingFunctions }
        set { if allowsMutation("timingFunctions") { storedTimingFunctions = newValue } }
    }

    /// How values between keyframes are computed. Default `.linear`.
    open var calculationMode: CAAnimationCalculationMode {
        get { storedCalculationMode }
        set { if allowsMutation("calculationMode") { storedCalculationMode = newValue } }
    }

    /// The tension of each keyframe for the cubic modes, −1 (rounder) to 1 (tighter); missing
    /// ones are 0. Default `nil`.
    open var tensionValues: [NSNumber]? {
        get { storedTensionValues }
        set { if allowsMutation("tensionValues") { storedTensionValues = newValue } }
    }

    /// The continuity of each keyframe for the cubic modes, −1 to 1; missing ones are 0.
    /// Default `nil`.
    open var continuityValues: [NSNumber]? {
        get { storedContinuityValues }
        set { if allowsMutation("continuityValues") { storedContinuityValues = newValue } }
    }

    /// The bias of each keyframe for the cubic modes, −1 to 1; missing ones are 0. Default
    /// `nil`.
    open var biasValues: [NSNumber]? {
        get { storedBiasValues }
        set { if allowsMutation("biasValues") { storedBiasValues = newValue } }
    }

    /// Whether a layer moving along `path` turns to its tangent: the rotation is applied about
    /// z before the layer's `transform` (ruling E13) — before the `sublayerTransform` when the key
    /// path is `sublayerTransform.translation` (ruling T5). No effect without a path. Default
    /// `nil` (no rotation).
    open var rotationMode: CAAnimationRotationMode? {
        get { storedRotationMode }
        set { if allowsMutation("rotationMode") { storedRotationMode = newValue } }
    }

    /// Reads the keyframe properties by Apple's keys, then the inherited keys.
    open override func value(forKey key: String) -> Any? {
        switch key {
        case "values": return values
        case "path": return path
        case "keyTimes": return keyTimes
        case "timingFunctions": return timingFunctions
        case "calculationMode": return calculationMode
        case "tensionValues": return tensionValues
        case "continuityValues": return continuityValues
        case "biasValues": return biasValues
        case "rotationMode": return rotationMode
        default: return super.value(forKey: key)
        }
    }

    /// Sets the keyframe properties by Apple's keys, then the inherited keys.
    open override func setValue(_ value: Any?, forKey key: String) {
        switch key {
        case "values": values = value as? [Any]
        case "path": path = value as? CGPath
        case "keyTimes": keyTimes = Self.numbers(value)
        case "timingFunctions": timingFunctions = value as? [CAMediaTimingFunction]
        case "calculationMode":
            if let mode = ValueCoercion.coerce(value, to: CAAnimationCalculationMode.self) {
                calculationMode = mode
            }
        case "tensionValues": tensionValues = Self.numbers(value)
        case "continuityValues": continuityValues = Self.numbers(value)
        case "biasValues": biasValues = Self.numbers(value)
        case "rotationMode": rotationMode = ValueCoercion.coerce(value, to: CAAnimationRotationMode.self)
        default: super.setValue(value, forKey: key)
        }
    }

    private static func numbers(_ value: Any?) -> [NSNumber]? {
        (value as? [Any])?.compactMap { ValueCoercion.double($0).map { NSNumber(value: $0) } }
    }

    override func copyProperties(to copy: CAAnimation) {
        super.copyProperties(to: copy)
        guard let copy = copy as? CAKeyframeAnimation else { return }
        copy.storedValues = storedValues
        copy.storedPath = storedPath
        copy.storedKeyTimes = storedKeyTimes
        copy.storedTimingFunctions = storedTimingFunctions
        copy.storedCalculationMode = storedCalculationMode
        copy.storedTensionValues = storedTensionValues
        copy.storedContinuityValues = storedContinuityValues
        copy.storedBiasValues = storedBiasValues
        copy.storedRotationMode = storedRotationMode
    }

    /// The calculation mode as the keyframe math knows it, fixed by `prepare(for:)`.
    var mode: KeyframeCalculationMode = .linear
    var isPaced = false

    /// `calculationMode` as the keyframe math knows it (unknown strings are linear).
    private var computedMode: KeyframeCalculationMode {
        switch storedCalculationMode {
        case .discrete: return .discrete
        case .paced: return .paced
        case .cubic: return .cubic
        case .cubicPaced: return .cubicPaced
        default: return .linear
        }
    }

    override func prepare(for layer: CALayer) {
        super.prepare(for: layer)
        mode = computedMode
        isPaced = mode == .paced || mode == .cubicPaced
        let keyTimes = storedKeyTimes?.map(\.doubleValue)
        if storedPath != nil, !drivesPath {
            CompatibilityWarnings.report(
                "CAKeyframeAnimation.path ignored on key path \"\(storedKeyPath ?? "")\": a path drives only "
                    + "point-valued key paths and transform translations")
        }
        rotationAccess = Self.rotationAccess(for: storedKeyPath, access: access, kind: animatedKind)
        if let path = storedPath {
            let keyframes = PathKeyframes(path.elements, paced: isPaced)
            preparedPath = keyframes
            preparedTimeline = KeyframeTimeline(
                count: keyframes.count, keyTimes: keyTimes, mode: mode,
                segmentLengths: keyframes.segmentLengths)
        } else {
            // Ruling T5: points given for a translation pair are taken as the pair.
            preparedValues = (storedValues ?? []).map { normalized(AnimatableValue($0)) }
            // Ruling E26: one value is no sequence to step through in discrete mode.
            if mode == .discrete, preparedValues.count == 1 { preparedValues = [] }
            let lengths =
                isPaced && preparedValues.count > 1
                ? (1..<preparedValues.count).map { preparedValues[$0 - 1].distance(to: preparedValues[$0]) }
                : nil
            preparedTimeline = KeyframeTimeline(
                count: preparedValues.count, keyTimes: keyTimes, mode: mode, segmentLengths: lengths)
        }
        prepareLaneForm()
    }

    /// Keeps a lane form for linear, paced and discrete values all of the field's kind.
    private func prepareLaneForm() {
        guard let kind = laneField?.laneKind, preparedPath == nil, mode != .cubic, mode != .cubicPaced,
            !preparedValues.isEmpty
        else {
            laneField = nil
            return
        }
        let lanes = preparedValues.compactMap { kind.lanes($0) }
        guard lanes.count == preparedValues.count, let field = laneField, let timeline = preparedTimeline
        else {
            laneField = nil
            return
        }
        laneForm = LaneForm(
            field: field, additive: storedAdditive, cumulative: storedCumulative,
            progress: storedTimingFunction.map { .curve($0.curve) } ?? .linear, frames: lanes,
            timeline: timeline,
            paced: isPaced, discrete: mode == .discrete, segmentCurves: storedTimingFunctions?.map(\.curve))
    }

    /// The keyframe segment and the fraction within it at the sample's time
    /// (`KeyframeTimeline.segment(atLinear:curve:paced:discrete:segmentCurve:)`).
    private func segment(
        _ timeline: KeyframeTimeline, sample: MediaTimingSample, duration: Double
    ) -> (index: Int, fraction: Double) {
        timeline.segment(
            atLinear: LaneForm.Progress.linear(sample.basicTime, duration),
            curve: storedTimingFunction?.curve, paced: isPaced, discrete: mode == .discrete
        ) { index in storedTimingFunctions.flatMap { index < $0.count ? $0[index].curve : nil } }
    }

    /// Whether there is a path or a value to present (a discrete single value is none; E26).
    override var changesValues: Bool {
        storedKeyPath != nil && animatedKind != .noSuchField
            && (preparedPath != nil || !preparedValues.isEmpty)
    }

    override func applyBoxed(sample: MediaTimingSample, duration: Double, to target: inout PresentationTarget)
    {
        guard let timeline = preparedTimeline else { return }
        let (index, u) = segment(timeline, sample: sample, duration: duration)
        let (current, template) = target.read(access)
        var value: AnimatableValue
        var tangent: CGVector?
        if let keyframes = preparedPath {
            guard keyframes.count > 0, drivesPath else { return }
            value = normalized(.point(keyframes.point(segment: index, fraction: u)))
            if storedRotationMode != nil { tangent = keyframes.tangent(segment: index, fraction: u) }
        } else {
            let values = preparedValues
            guard !values.isEmpty else { return }
            let i = min(index, values.count - 1)
            switch mode {
            case .discrete:
                value = values[i]
            case .cubic, .cubicPaced:
                value =
                    i + 1 < values.count
                    ? kochanekBartels(
                        values, keyTimes: timeline.keyTimes, segment: i, fraction: u,
                        tension: storedTensionValues?.map(\.doubleValue) ?? [],
                        continuity: storedContinuityValues?.map(\.doubleValue) ?? [],
                        bias: storedBiasValues?.map(\.doubleValue) ?? [])
                    : values[i]
            case .linear, .paced:
                if crossfadesContents, i + 1 < values.count {
                    writeContentsCrossfade(
                        from: values[i], to: values[i + 1], fraction: u, into: &target.state)
                    return
                }
                value =
                    i + 1 < values.count ? values[i].interpolated(to: values[i + 1], fraction: u) : values[i]
            }
        }
        if storedCumulative, sample.iteration > 0, let last = lastValue {
            value = last.scaled(by: Double(sample.iteration)).adding(value)
        }
        write(value, to: &target, current: current, template: template)
        if let tangent, let rotation = storedRotationMode {
            applyRotation(tangent: tangent, mode: rotation, to: &target)
        }
    }

    /// Whether `path` drives the key path: a point, a transform's translation pair, or a key not
    /// set yet (ruling T5); on any other key path the path is ignored (reported when added).
    private var drivesPath: Bool {
        switch animatedKind {
        case .point, .translation, .unknown: return true
        case .other, .noSuchField: return false
        }
    }

    /// The value at the end of one cycle, for `isCumulative`.
    private var lastValue: AnimatableValue? {
        if let keyframes = preparedPath, keyframes.count > 0 {
            return normalized(.point(keyframes.point(segment: max(keyframes.count - 2, 0), fraction: 1)))
        }
        return preparedValues.last
    }

    /// The transform that `rotationMode` turns (rulings E13, T5): the one a translation pair
    /// belongs to (`sublayerTransform.translation` turns the sublayers, `transform.translation`
    /// and a kind's `instanceTransform.translation` their own transform), else the layer's
    /// `transform` (`position`, `anchorPoint`, …).
    private static func rotationAccess(
        for keyPath: String?, access: PropertyKeyPath.Resolved, kind: AnimatedKind
    ) -> PropertyKeyPath.Resolved {
        switch access {
        case .field(let field): return .field(field.matrix ?? CALayerProperty.Field.transform)
        case .keyValueCoding:
            guard kind == .translation, let keyPath, let dot = keyPath.lastIndex(of: ".") else {
                return .field(CALayerProperty.Field.transform)
            }
            return PropertyKeyPath.Resolved(keyPath: String(keyPath[..<dot]))
        }
    }

    /// Turns the presented transform `rotationAccess` names to the path's tangent about z, before
    /// the transform (ruling E13).
    private func applyRotation(
        tangent: CGVector, mode: CAAnimationRotationMode, to target: inout PresentationTarget
    ) {
        guard tangent.dx != 0 || tangent.dy != 0 else { return }
        var angle = atan2(tangent.dy, tangent.dx)
        if mode == .rotateAutoReverse { angle += .pi } else if mode != .rotateAuto { return }
        let (current, template) = target.read(rotationAccess)
        guard case .transform(let transform) = current else { return }
        let rotation = CATransform3DMakeRotation(angle, 0, 0, 1)
        target.write(rotationAccess, .transform(CATransform3DConcat(rotation, transform)), template: template)
    }
}
