import CoreGraphics

// The lanes of property animations. For the common case — a key path that is a `LayerField` of one
// of the fixed-size kinds (scalar, point, size, rect) and values of that kind, with no value
// function — `prepare(for:)` converts the values once into `SIMD4<Double>` lanes, and a render
// node's lane records (ResolvedAnimations.swift) interpolate and compose lane by lane with the
// same rules as `AnimatableValue` (`mix`, `finiteOr`), writing straight into the presented state.
// No enum copies, no boxing, no allocation. Anything else is a boxed record (ruling E28).

/// The fixed-size kinds lane records handle, and how they map to four lanes.
enum LaneKind: Equatable {
    case scalar, point, size, rect

    init?(_ value: AnimatableValue) {
        switch value {
        case .scalar: self = .scalar
        case .point: self = .point
        case .size: self = .size
        case .rect: self = .rect
        default: return nil
        }
    }

    func lanes(_ value: AnimatableValue) -> SIMD4<Double>? {
        switch (self, value) {
        case (.scalar, .scalar(let v)): return SIMD4(v, 0, 0, 0)
        case (.point, .point(let p)): return SIMD4(Double(p.x), Double(p.y), 0, 0)
        case (.size, .size(let s)): return SIMD4(Double(s.width), Double(s.height), 0, 0)
        case (.rect, .rect(let r)):
            return SIMD4(Double(r.origin.x), Double(r.origin.y), Double(r.size.width), Double(r.size.height))
        default: return nil
        }
    }
}

extension LayerField {
    /// The field's kind in lanes (`nil`: no lane form).
    var laneKind: LaneKind? {
        switch self {
        case .position, .anchorPoint, .boundsOrigin: return .point
        case .bounds, .contentsRect, .contentsCenter: return .rect
        case .boundsSize, .shadowOffset: return .size
        case .transform, .sublayerTransform: return nil
        case .transformField(let field), .sublayerTransformField(let field):
            return field.valueKind == .size ? .size : .scalar
        default: return .scalar
        }
    }

    /// The field's value as lanes (only for fields with a `laneKind`).
    func lanes(_ state: borrowing LayerState) -> SIMD4<Double> {
        switch self {
        case .position: return Self.point(state.position)
        case .anchorPoint: return Self.point(state.anchorPoint)
        case .boundsOrigin: return Self.point(state.bounds.origin)
        case .bounds: return Self.rect(state.bounds)
        case .contentsRect: return Self.rect(state.contentsRect)
        case .contentsCenter: return Self.rect(state.contentsCenter)
        case .boundsSize:
            return SIMD4(Double(state.bounds.size.width), Double(state.bounds.size.height), 0, 0)
        case .shadowOffset:
            return SIMD4(Double(state.shadowOffset.width), Double(state.shadowOffset.height), 0, 0)
        case .positionX: return SIMD4(Double(state.position.x), 0, 0, 0)
        case .positionY: return SIMD4(Double(state.position.y), 0, 0, 0)
        case .anchorPointX: return SIMD4(Double(state.anchorPoint.x), 0, 0, 0)
        case .anchorPointY: return SIMD4(Double(state.anchorPoint.y), 0, 0, 0)
        case .zPosition: return SIMD4(Double(state.zPosition), 0, 0, 0)
        case .anchorPointZ: return SIMD4(Double(state.anchorPointZ), 0, 0, 0)
        case .boundsOriginX: return SIMD4(Double(state.bounds.origin.x), 0, 0, 0)
        case .boundsOriginY: return SIMD4(Double(state.bounds.origin.y), 0, 0, 0)
        case .boundsWidth: return SIMD4(Double(state.bounds.size.width), 0, 0, 0)
        case .boundsHeight: return SIMD4(Double(state.bounds.size.height), 0, 0, 0)
        case .opacity: return SIMD4(Double(state.opacity), 0, 0, 0)
        case .cornerRadius: return SIMD4(Double(state.cornerRadius), 0, 0, 0)
        case .borderWidth: return SIMD4(Double(state.borderWidth), 0, 0, 0)
        case .shadowOpacity: return SIMD4(Double(state.shadowOpacity), 0, 0, 0)
        case .shadowRadius: return SIMD4(Double(state.shadowRadius), 0, 0, 0)
        case .shadowOffsetWidth: return SIMD4(Double(state.shadowOffset.width), 0, 0, 0)
        case .shadowOffsetHeight: return SIMD4(Double(state.shadowOffset.height), 0, 0, 0)
        case .contentsScale: return SIMD4(Double(state.contentsScale), 0, 0, 0)
        case .rasterizationScale: return SIMD4(Double(state.rasterizationScale), 0, 0, 0)
        case .minificationFilterBias: return SIMD4(Double(state.minificationFilterBias), 0, 0, 0)
        case .transform, .sublayerTransform: return .zero
        case .transformField(let field): return Self.lanes(field, of: state.transform)
        case .sublayerTransformField(let field): return Self.lanes(field, of: state.sublayerTransform)
        }
    }

    /// Copies the field's value from `source` into `state`. A transform field copies the whole
    /// matrix: writing a field recomposes the matrix from its factors, so copying only the field
    /// would leave another animated field's last value (and rounding) behind.
    func copy(from source: borrowing LayerState, into state: inout LayerState) {
        switch self {
        case .transformField: state.transform = source.transform
        case .sublayerTransformField: state.sublayerTransform = source.sublayerTransform
        default: write(lanes: lanes(source), into: &state)
        }
    }

    /// Writes lanes into the field (only for fields with a `laneKind`).
    func write(lanes v: SIMD4<Double>, into state: inout LayerState) {
        switch self {
        case .position: state.position = CGPoint(x: v[0], y: v[1])
        case .anchorPoint: state.anchorPoint = CGPoint(x: v[0], y: v[1])
        case .boundsOrigin: state.bounds.origin = CGPoint(x: v[0], y: v[1])
        case .bounds: state.bounds = Self.rect(v)
        case .contentsRect: state.contentsRect = Self.rect(v)
        case .contentsCenter: state.contentsCenter = Self.rect(v)
        case .boundsSize: state.bounds.size = CGSize(width: v[0], height: v[1])
        case .shadowOffset: state.shadowOffset = CGSize(width: v[0], height: v[1])
        case .positionX: state.position.x = CGFloat(v[0])
        case .positionY: state.position.y = CGFloat(v[0])
        case .anchorPointX: state.anchorPoint.x = CGFloat(v[0])
        case .anchorPointY: state.anchorPoint.y = CGFloat(v[0])
        case .zPosition: state.zPosition = CGFloat(v[0])
        case .anchorPointZ: state.anchorPointZ = CGFloat(v[0])
        case .boundsOriginX: state.bounds.origin.x = CGFloat(v[0])
        case .boundsOriginY: state.bounds.origin.y = CGFloat(v[0])
        case .boundsWidth: state.bounds.size.width = CGFloat(v[0])
        case .boundsHeight: state.bounds.size.height = CGFloat(v[0])
        case .opacity: state.opacity = Float(v[0])
        case .cornerRadius: state.cornerRadius = CGFloat(v[0])
        case .borderWidth: state.borderWidth = CGFloat(v[0])
        case .shadowOpacity: state.shadowOpacity = Float(v[0])
        case .shadowRadius: state.shadowRadius = CGFloat(v[0])
        case .shadowOffsetWidth: state.shadowOffset.width = CGFloat(v[0])
        case .shadowOffsetHeight: state.shadowOffset.height = CGFloat(v[0])
        case .contentsScale: state.contentsScale = CGFloat(v[0])
        case .rasterizationScale: state.rasterizationScale = CGFloat(v[0])
        case .minificationFilterBias: state.minificationFilterBias = Float(v[0])
        case .transform, .sublayerTransform: break
        case .transformField(let field): state.transform = Self.setting(field, v, in: state.transform)
        case .sublayerTransformField(let field):
            state.sublayerTransform = Self.setting(field, v, in: state.sublayerTransform)
        }
    }

    /// A transform field as lanes: the number, or the translation pair (x, y).
    private static func lanes(_ field: TransformField, of t: CATransform3D) -> SIMD4<Double> {
        switch field.valueKind {
        case .scalar: return SIMD4(Double(field.scalar(of: t)), 0, 0, 0)
        case .size: return SIMD4(Double(t.m41), Double(t.m42), 0, 0)
        }
    }

    /// `t` with a transform field set from lanes.
    private static func setting(_ field: TransformField, _ v: SIMD4<Double>, in t: CATransform3D)
        -> CATransform3D
    {
        switch field.valueKind {
        case .scalar: return field.setting(CGFloat(v[0]), in: t)
        case .size: return field.setting(CGSize(width: v[0], height: v[1]), in: t)
        }
    }

    private static func point(_ p: CGPoint) -> SIMD4<Double> { SIMD4(Double(p.x), Double(p.y), 0, 0) }

    private static func rect(_ r: CGRect) -> SIMD4<Double> {
        SIMD4(Double(r.origin.x), Double(r.origin.y), Double(r.size.width), Double(r.size.height))
    }

    private static func rect(_ v: SIMD4<Double>) -> CGRect {
        CGRect(x: v[0], y: v[1], width: v[2], height: v[3])
    }
}

/// Lane-wise versions of `AnimatableValue`'s component rules.
enum Lanes {
    @inline(__always)
    static func map(_ a: SIMD4<Double>, _ b: SIMD4<Double>, _ f: (Double, Double) -> Double) -> SIMD4<Double>
    {
        SIMD4(f(a[0], b[0]), f(a[1], b[1]), f(a[2], b[2]), f(a[3], b[3]))
    }

    @inline(__always)
    static func interpolate(_ a: SIMD4<Double>, _ b: SIMD4<Double>, _ fraction: Double) -> SIMD4<Double> {
        let t = AnimatableValue.sanitizedFraction(fraction)
        // `AnimatableValue.mix` on all four lanes at once; its fallbacks lane by lane only when
        // a lane is not finite. x − x is 0 exactly for a finite x and NaN otherwise, so the sum
        // below is 0 only when every lane of a, b and v is finite (one sum, not a mask per lane).
        let d = b - a
        let v = t < 0.5 ? a + d * t : b - d * (1 - t)
        if ((a - a) + (b - b) + (v - v)).sum() == 0 { return v }
        return map(a, b) { AnimatableValue.mix($0, $1, t) }
    }

    static func add(_ a: SIMD4<Double>, _ b: SIMD4<Double>) -> SIMD4<Double> {
        map(a, b) { AnimatableValue.finiteOr($0 + $1, $0, $1) }
    }

    static func subtract(_ a: SIMD4<Double>, _ b: SIMD4<Double>) -> SIMD4<Double> {
        map(a, b) { AnimatableValue.finiteOr($0 - ($1.isFinite ? $1 : 0), $0, 0) }
    }

    static func scale(_ a: SIMD4<Double>, _ k: Double) -> SIMD4<Double> {
        let k = k.isFinite ? k : 0
        return map(a, a) { x, _ in AnimatableValue.finiteOr(x * k, 0, 0) }
    }
}
