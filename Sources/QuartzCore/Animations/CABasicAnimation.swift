import CoreGraphics

/// A single-keyframe animation of a property (Apple's `CABasicAnimation`), interpolating between
/// `fromValue`, `toValue` and `byValue` as Apple's `CABasicAnimation` documentation and ruling R2
/// describe:
///
/// | from | to | by | interpolates |
/// |---|---|---|---|
/// | ✓ | ✓ | – | from → to |
/// | ✓ | – | ✓ | from → from + by |
/// | – | ✓ | ✓ | to − by → to |
/// | ✓ | – | – | from → the model value (read live) |
/// | – | ✓ | – | the model value (read live) → to |
/// | – | – | ✓ | the model value → model + by (read live) |
/// | – | – | – | the presentation value when added → the model value (the implicit case) |
/// | ✓ | ✓ | ✓ | from → to (`byValue` ignored; Apple leaves it undefined) |
///
/// For `CATransform3D` values, `from + by` and `to − by` add the matrices entry by entry (chapter 8:
/// a `transform` animation by a rotation does not rotate; use `transform.rotation` with a number).
///
/// Values may be given in any boxing key-value coding accepts (`Double`, `CGFloat`, `NSNumber`,
/// `CGPoint`, `NSValue`, `CGColor`, `CATransform3D`, `CGPath`, arrays of numbers).
open class CABasicAnimation: CAPropertyAnimation {
    var storedFromValue: Any?
    var storedToValue: Any?
    var storedByValue: Any?
    /// The unboxed values, set by `prepare(for:)`.
    var preparedFrom: AnimatableValue?
    var preparedTo: AnimatableValue?
    var preparedBy: AnimatableValue?
    /// The presentation value captured when the animation was added (all-nil case).
    var capturedStart: AnimatableValue?

    /// The value the animation starts from. Default `nil`.
    open var fromValue: Any? {
        get { storedFromValue }
        set { if allowsMutation("fromValue") { storedFromValue = newValue } }
    }

    /// The value the animation ends at. Default `nil`.
    open var toValue: Any? {
        get { storedToValue }
        set { if allowsMutation("toValue") { storedToValue = newValue } }
    }

    /// The value the animation adds to its start value. Default `nil`.
    open var byValue: Any? {
        get { storedByValue }
        set { if allowsMutation("byValue") { storedByValue = newValue } }
    }

    /// Reads `fromValue`, `toValue` and `byValue`, then the inherited keys.
    open override func value(forKey key: String) -> Any? {
        switch key {
        case "fromValue": return fromValue
        case "toValue": return toValue
        case "byValue": return byValue
        default: return super.value(forKey: key)
        }
    }

    /// Sets `fromValue`, `toValue` and `byValue`, then the inherited keys.
    open override func setValue(_ value: Any?, forKey key: String) {
        let value: Any? = value is NSNull ? nil : value
        switch key {
        case "fromValue": fromValue = value
        case "toValue": toValue = value
        case "byValue": byValue = value
        default: super.setValue(value, forKey: key)
        }
    }

    override func copyProperties(to copy: CAAnimation) {
        super.copyProperties(to: copy)
        guard let copy = copy as? CABasicAnimation else { return }
        copy.storedFromValue = storedFromValue
        copy.storedToValue = storedToValue
        copy.storedByValue = storedByValue
        copy.capturedStart = capturedStart
    }

    override func prepare(for layer: CALayer) {
        super.prepare(for: layer)
        // Ruling T5: a point given for a translation pair is taken as the pair.
        preparedFrom = storedFromValue.map { normalized(AnimatableValue($0)) }
        preparedTo = storedToValue.map { normalized(AnimatableValue($0)) }
        preparedBy = storedByValue.map { normalized(AnimatableValue($0)) }
        capturedStart = capturedStart.map(normalized)
        prepareLaneForm()
    }

    /// Keeps a lane form only when every given value is of the field's kind.
    private func prepareLaneForm() {
        guard let kind = laneField?.laneKind else { return }
        func lanes(_ value: AnimatableValue?) -> (ok: Bool, lanes: SIMD4<Double>?) {
            guard let value else { return (true, nil) }
            guard let lanes = kind.lanes(value) else { return (false, nil) }
            return (true, lanes)
        }
        let from = lanes(preparedFrom)
        let to = lanes(preparedTo)
        let by = lanes(preparedBy)
        let captured = lanes(capturedStart)
        guard from.ok, to.ok, by.ok, captured.ok, let field = laneField else {
            laneField = nil
            return
        }
        laneForm = LaneForm(
            field: field, additive: storedAdditive, cumulative: storedCumulative, progress: laneProgress,
            from: from.lanes, to: to.lanes, by: by.lanes, captured: captured.lanes)
    }

    /// How progress through a cycle becomes the interpolation fraction, in lane and boxed records
    /// alike: the timing function's curve. `CASpringAnimation` replaces it with its motion.
    var laneProgress: LaneForm.Progress {
        storedTimingFunction.map { .curve($0.curve) } ?? .linear
    }

    /// The start and end values of one cycle, reading the model value live only when needed (R2).
    func endpoints(model: () -> AnimatableValue) -> (from: AnimatableValue, to: AnimatableValue) {
        Self.endpoints(
            from: preparedFrom, to: preparedTo, by: preparedBy, captured: capturedStart, model: model,
            plus: Self.plus, minus: Self.minus)
    }

    /// Ruling R2's table (this class's documentation), for values of any representation: boxed
    /// values (`endpoints(model:)`) and lanes (`LaneForm.endpoints(model:)`). `model` is read
    /// only in the rows that need it; `captured` is the start of the all-`nil` row.
    @inline(__always)
    static func endpoints<Value>(
        from: Value?, to: Value?, by: Value?, captured: Value?, model: () -> Value,
        plus: (Value, Value) -> Value, minus: (Value, Value) -> Value
    ) -> (from: Value, to: Value) {
        switch (from, to, by) {
        case (let from?, let to?, _): return (from, to)
        case (let from?, nil, let by?): return (from, plus(from, by))
        case (nil, let to?, let by?): return (minus(to, by), to)
        case (let from?, nil, nil): return (from, model())
        case (nil, let to?, nil): return (model(), to)
        case (nil, nil, let by?):
            let value = model()
            return (value, plus(value, by))
        case (nil, nil, nil):
            let value = model()
            return (captured ?? value, value)
        }
    }

    /// `a + b` for `byValue`: `AnimatableValue.adding(_:)`, except that transforms add entry by
    /// entry — "the transformation matrix can't stack like the angle value" (chapter 8: a
    /// `transform` animation by a rotation does not rotate); `isAdditive` still concatenates.
    static func plus(_ a: AnimatableValue, _ b: AnimatableValue) -> AnimatableValue {
        guard case .transform(let x) = a, case .transform(let y) = b else { return a.adding(b) }
        let sum = zip(x.rowMajor, y.rowMajor).map { $0 + $1 }
        return sum.allSatisfy(\.isFinite) ? .transform(CATransform3D(rowMajor: sum)) : a
    }

    /// `a − b` for `byValue`, the inverse of `plus(_:_:)`.
    static func minus(_ a: AnimatableValue, _ b: AnimatableValue) -> AnimatableValue {
        guard case .transform(let x) = a, case .transform(let y) = b else { return a.subtracting(b) }
        let difference = zip(x.rowMajor, y.rowMajor).map { $0 - $1 }
        return difference.allSatisfy(\.isFinite) ? .transform(CATransform3D(rowMajor: difference)) : a
    }

    /// The interpolation fraction at basic time `t` of a cycle of `duration` seconds: the timing
    /// function applied to `t / duration`, or a spring's motion (`laneProgress`).
    func fraction(atBasicTime t: Double, duration: Double) -> Double {
        laneProgress.fraction(atBasicTime: t, duration: duration)
    }

    override var changesValues: Bool { storedKeyPath != nil && animatedKind != .noSuchField }

    override func applyBoxed(sample: MediaTimingSample, duration: Double, to target: inout PresentationTarget)
    {
        let (current, template) = target.read(access)
        let (from, to) = endpoints { target.readModel(access) }
        if crossfadesContents {
            let f = fraction(atBasicTime: sample.basicTime, duration: duration)
            writeContentsCrossfade(from: from, to: to, fraction: f, into: &target.state)
            return
        }
        var value = from.interpolated(
            to: to, fraction: fraction(atBasicTime: sample.basicTime, duration: duration))
        if storedCumulative, sample.iteration > 0 {
            // R3: the value at the end of the previous cycles plus the current cycle's value.
            value = to.scaled(by: Double(sample.iteration)).adding(value)
        }
        write(value, to: &target, current: current, template: template)
    }
}
