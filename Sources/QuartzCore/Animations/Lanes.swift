import CoreGraphics

// The lanes of property animations. For the common case — a key path that is a `CALayerProperty.Field` of one
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

extension CALayerProperty.Field {
    /// The field's kind in lanes (`nil`: no lane form).
    var laneKind: LaneKind? {
        switch value {
        case .float, .cgFloat: return .scalar
        case .point: return .point
        case .size: return .size
        case .rect: return .rect
        case .transform: return nil
        case .transformComponent(let field): return field.valueKind == .size ? .size : .scalar
        }
    }

    /// The field's value as lanes (only for fields with a `laneKind`; the other lanes 0).
    @inline(__always)
    func lanes(_ state: borrowing LayerState) -> SIMD4<Double> {
        switch value {
        case .float: return SIMD4(Double(load(Float.self, from: state)), 0, 0, 0)
        case .cgFloat: return SIMD4(Double(load(CGFloat.self, from: state)), 0, 0, 0)
        case .point:
            let p = load(CGPoint.self, from: state)
            return SIMD4(Double(p.x), Double(p.y), 0, 0)
        case .size:
            let s = load(CGSize.self, from: state)
            return SIMD4(Double(s.width), Double(s.height), 0, 0)
        case .rect:
            let r = load(CGRect.self, from: state)
            return SIMD4(Double(r.origin.x), Double(r.origin.y), Double(r.size.width), Double(r.size.height))
        case .transform: return .zero
        case .transformComponent(let field):
            let t = load(CATransform3D.self, from: state)
            switch field.valueKind {
            case .scalar: return SIMD4(Double(field.scalar(of: t)), 0, 0, 0)
            case .size: return SIMD4(Double(t.m41), Double(t.m42), 0, 0)
            }
        }
    }

    /// Writes lanes into the field (only for fields with a `laneKind`).
    @inline(__always)
    func write(lanes v: SIMD4<Double>, into state: inout LayerState) {
        switch value {
        case .float: store(Float(v[0]), into: &state)
        case .cgFloat: store(CGFloat(v[0]), into: &state)
        case .point: store(CGPoint(x: v[0], y: v[1]), into: &state)
        case .size: store(CGSize(width: v[0], height: v[1]), into: &state)
        case .rect: store(CGRect(x: v[0], y: v[1], width: v[2], height: v[3]), into: &state)
        case .transform: break
        case .transformComponent(let field):
            let t = load(CATransform3D.self, from: state)
            switch field.valueKind {
            case .scalar: store(field.setting(CGFloat(v[0]), in: t), into: &state)
            case .size: store(field.setting(CGSize(width: v[0], height: v[1]), in: t), into: &state)
            }
        }
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
