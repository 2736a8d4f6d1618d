import CoreGraphics

// Interpolation, additive composition, scaling and distance for `AnimatableValue`.
//
// The linear kinds (scalar, point, size, rect, colour, numbers, path) are handled as flat arrays of
// components (`LinearShape`), so each operation is written once; transforms have their own rules
// (decomposition for interpolation, concatenation for addition, powers for scaling).

extension AnimatableValue {
    /// The value `fraction` of the way from `self` (0) to `other` (1).
    ///
    /// - Linear kinds of the same shape interpolate each component as `a + (b − a)·fraction`,
    ///   exactly `self` at 0 and exactly `other` at 1; fractions outside [0, 1] extrapolate (a spring
    ///   overshoots). A scalar and a one-element `numbers` interpolate as `numbers`.
    /// - Transforms interpolate by decomposition (translation, scale, skew, perspective, quaternion
    ///   slerp along the shorter arc; ruling R11), falling back to the sixteen entries when either
    ///   cannot be decomposed; see `CATransform3D.interpolated(to:fraction:)`.
    /// - Discrete values, values of different kinds, paths of different element structure and
    ///   arrays of different counts switch: `self` below 0.5, `other` from 0.5 on — except a
    ///   missing value (`.discrete(nil)`, such as a nil `backgroundColor`) against a colour, which
    ///   interpolates as that colour with zero alpha, so colours fade in and out.
    ///
    /// Non-finite input never gives NaN or ∞: a NaN fraction counts as 0 and an infinite one as the
    /// endpoint on its side; a non-finite component takes the other endpoint's component (0 when
    /// both are non-finite); a non-finite transform gives the other transform (the identity when
    /// both are); a result that overflows gives the nearer endpoint.
    package func interpolated(to other: AnimatableValue, fraction: Double) -> AnimatableValue {
        let t = Self.sanitizedFraction(fraction)
        if case .transform(let a) = self, case .transform(let b) = other {
            return .transform(Self.interpolateTransforms(a, b, t))
        }
        if let value = Self.combineFixed(self, other, { Self.mix($0, $1, t) }) { return value }
        if let (shape, a, b) = Self.linearPair(self, other) {
            return shape.value(from: zip(a, b).map { Self.mix($0, $1, t) })
        }
        // A missing colour (`backgroundColor` nil) fades as the other colour made transparent.
        if case .discrete(let value) = self, value == nil, case .color(let r, let g, let b, _) = other {
            return AnimatableValue.color(r: r, g: g, b: b, a: 0).interpolated(to: other, fraction: t)
        }
        if case .color(let r, let g, let b, _) = self, case .discrete(let value) = other, value == nil {
            if t >= 1 { return other }
            return interpolated(to: .color(r: r, g: g, b: b, a: 0), fraction: t)
        }
        return t < 0.5 ? self : other
    }

    /// `self` (the value accumulated so far, starting with the model value) with `other` (the
    /// animation's value) added, as an additive animation composes (Apple's
    /// `isAdditive` documentation; ruling E23).
    ///
    /// - Linear kinds of the same shape add component by component (a rect adds origins and sizes,
    ///   a colour all four components, a path its points).
    /// - Transforms concatenate as `other × self`: the animation's transform is applied first, then
    ///   the current one (row-vector order, `CATransform3DConcat(other, self)`), as ruling
    ///   E23 orders it.
    /// - Discrete values, mismatched kinds and mismatched structures give `other`.
    ///
    /// A non-finite addend is ignored (a component that would overflow keeps `self`'s component;
    /// a non-finite `self` component takes `other`'s, or 0).
    package func adding(_ other: AnimatableValue) -> AnimatableValue {
        if case .transform(let a) = self, case .transform(let b) = other {
            guard b.isFinite else { return a.isFinite ? self : .transform(CATransform3DIdentity) }
            guard a.isFinite else { return other }
            let sum = CATransform3DConcat(b, a)
            return .transform(sum.isFinite ? sum : a)
        }
        let add = { (a: Double, b: Double) in Self.finiteOr(a + b, a, b) }
        if let value = Self.combineFixed(self, other, add) { return value }
        if let (shape, a, b) = Self.linearPair(self, other) {
            return shape.value(from: zip(a, b).map(add))
        }
        return other
    }

    /// `self` with `other` taken away, the inverse of `adding(_:)`: `a.adding(b).subtracting(b)`
    /// is `a` (up to rounding). `CABasicAnimation` uses it for `toValue − byValue`.
    ///
    /// - Linear kinds of the same shape subtract component by component.
    /// - Transforms give `other⁻¹ × self`, consistent with `adding(_:)`'s `other × self`; a
    ///   singular or non-finite `other` subtracts nothing (`self` is returned).
    /// - Discrete values, mismatched kinds and mismatched structures give `self`.
    ///
    /// A non-finite component of `other` subtracts nothing; a non-finite result component falls
    /// back to `self`'s component, or 0.
    package func subtracting(_ other: AnimatableValue) -> AnimatableValue {
        if case .transform(let a) = self, case .transform(let b) = other {
            guard a.isFinite else { return .transform(CATransform3DIdentity) }
            guard let inverse = b.inverted else { return self }
            let difference = CATransform3DConcat(inverse, a)
            return .transform(difference.isFinite ? difference : a)
        }
        let subtract = { (a: Double, b: Double) in Self.finiteOr(a - (b.isFinite ? b : 0), a, 0) }
        if let value = Self.combineFixed(self, other, subtract) { return value }
        if let (shape, a, b) = Self.linearPair(self, other) {
            return shape.value(from: zip(a, b).map(subtract))
        }
        return self
    }

    /// `k` times the value, for `cumulative` animations (`k · v_end`, ruling R3).
    ///
    /// - Linear kinds multiply every component (a colour's alpha included).
    /// - Transforms are raised to the power `k`, consistently with `adding(_:)` being
    ///   concatenation: by decomposition, the translation, skew and perspective offset are
    ///   multiplied by `k`, each scale factor `s` becomes `sign(s)·|s|ᵏ`, and the rotation keeps its
    ///   axis with `k` times its angle. That is exact for a pure translation, scale or rotation (a
    ///   rotation by θ scaled by 3 turns by 3θ). A transform with no decomposition is interpolated
    ///   entry by entry from the identity by `k`.
    /// - Discrete values are returned unchanged.
    ///
    /// A non-finite `k` counts as 0 (the identity or zero of the kind); a non-finite result
    /// component is 0.
    package func scaled(by k: Double) -> AnimatableValue {
        let k = k.isFinite ? k : 0
        switch self {
        case .transform(let t):
            return .transform(Self.power(t, k))
        case .discrete:
            return self
        default:
            let multiply = { (a: Double, _: Double) in Self.finiteOr(a * k, 0, 0) }
            if let value = Self.combineFixed(self, self, multiply) { return value }
            guard let shape = linearShape else { return self }
            return shape.value(from: components.map { multiply($0, 0) })
        }
    }

    /// A distance between `self` and `other`, always finite and ≥ 0, for paced keyframes
    /// (generated key times are cumulative distance ÷ total, ruling E23).
    ///
    /// - Linear kinds: the Euclidean norm of the component differences (|Δ| for scalars; points,
    ///   sizes, rects, colours, arrays and paths of matching structure over all their components).
    ///   A component whose difference is not finite counts 0.
    /// - Transforms: `√(|Δtranslation|² + |Δscale|² + |Δskew|² + |Δperspective|² + θ²)` over their
    ///   decompositions, θ the angle (radians) of the rotation taking one to the other; without a
    ///   decomposition, the Euclidean norm of the sixteen entry differences.
    /// - Discrete values, mismatched kinds and mismatched structures: 0 when the two are equal
    ///   (both `nil`, equal `Hashable` values, or the same object), else 1.
    package func distance(to other: AnimatableValue) -> Double {
        if case .transform(let a) = self, case .transform(let b) = other {
            return Self.transformDistance(a, b)
        }
        if let (_, a, b) = Self.linearPair(self, other) {
            return Self.norm(zip(a, b).map { $0 - $1 })
        }
        return Self.discreteDistance(self, other)
    }
}

// MARK: - Component helpers

extension AnimatableValue {
    /// `f` applied component by component to two values of the same fixed-size kind (scalar,
    /// point, size, rect, colour) — what the `[Double]`-based general path computes, without
    /// allocating, for the kinds animated every frame; `nil` for other pairs.
    @inline(__always)
    static func combineFixed(
        _ a: AnimatableValue, _ b: AnimatableValue, _ f: (Double, Double) -> Double
    ) -> AnimatableValue? {
        func g(_ x: CGFloat, _ y: CGFloat) -> CGFloat { CGFloat(f(Double(x), Double(y))) }
        switch (a, b) {
        case (.scalar(let x), .scalar(let y)):
            return .scalar(f(x, y))
        case (.point(let p), .point(let q)):
            return .point(CGPoint(x: g(p.x, q.x), y: g(p.y, q.y)))
        case (.size(let p), .size(let q)):
            return .size(CGSize(width: g(p.width, q.width), height: g(p.height, q.height)))
        case (.rect(let p), .rect(let q)):
            return .rect(
                CGRect(
                    x: g(p.origin.x, q.origin.x), y: g(p.origin.y, q.origin.y),
                    width: g(p.size.width, q.size.width), height: g(p.size.height, q.size.height)))
        case (.color(let r1, let g1, let b1, let a1), .color(let r2, let g2, let b2, let a2)):
            return .color(r: f(r1, r2), g: f(g1, g2), b: f(b1, b2), a: f(a1, a2))
        default:
            return nil
        }
    }

    /// `a + (b − a)·t`, exact at `t = 0` and `t = 1`, with the non-finite fallbacks of
    /// `interpolated(to:fraction:)`.
    static func mix(_ a: Double, _ b: Double, _ t: Double) -> Double {
        guard a.isFinite else { return b.isFinite ? b : 0 }
        guard b.isFinite else { return a }
        let v = t < 0.5 ? a + (b - a) * t : b - (b - a) * (1 - t)
        if v.isFinite { return v }
        // b − a overflowed: weigh the endpoints instead.
        let w = a * (1 - t) + b * t
        return w.isFinite ? w : (t < 0.5 ? a : b)
    }

    /// `value` if finite, else the first finite fallback, else 0.
    static func finiteOr(_ value: Double, _ first: Double, _ second: Double) -> Double {
        if value.isFinite { return value }
        if first.isFinite { return first }
        return second.isFinite ? second : 0
    }

    /// NaN → 0, −∞ → 0, +∞ → 1; finite fractions unchanged.
    static func sanitizedFraction(_ fraction: Double) -> Double {
        if fraction.isNaN { return 0 }
        if fraction.isInfinite { return fraction > 0 ? 1 : 0 }
        return fraction
    }

    /// The Euclidean norm of `differences`, ignoring non-finite entries, without overflow.
    static func norm(_ differences: [Double]) -> Double {
        let finite = differences.filter(\.isFinite).map(abs)
        guard let largest = finite.max(), largest > 0 else { return 0 }
        let sum = finite.reduce(0) { $0 + ($1 / largest) * ($1 / largest) }
        let result = largest * sum.squareRoot()
        return result.isFinite ? result : .greatestFiniteMagnitude
    }

    private static func discreteDistance(_ a: AnimatableValue, _ b: AnimatableValue) -> Double {
        guard case .discrete(let x) = a, case .discrete(let y) = b else { return 1 }
        switch (x, y) {
        case (nil, nil):
            return 0
        case (let x?, let y?):
            if let hx = x as? AnyHashable, let hy = y as? AnyHashable { return hx == hy ? 0 : 1 }
            if type(of: x) is AnyClass, type(of: y) is AnyClass {
                return (x as AnyObject) === (y as AnyObject) ? 0 : 1
            }
            return 1
        default:
            return 1
        }
    }
}

// MARK: - Linear kinds as components

/// The layout of a linear kind's components, which says how to rebuild the value.
enum LinearShape: Hashable {
    /// One component.
    case scalar
    /// x, y.
    case point
    /// width, height.
    case size
    /// origin x, y, then width, height.
    case rect
    /// red, green, blue, alpha.
    case color
    /// That many numbers.
    case numbers(Int)
    /// That many colours (four components each).
    case colors(Int)
    /// The points of elements of these types, in order (x, y per point).
    case path([CGPathElementType])

    /// The value of this shape with the given components (as many as the shape has).
    func value(from c: [Double]) -> AnimatableValue {
        switch self {
        case .scalar:
            return .scalar(c[0])
        case .point:
            return .point(CGPoint(x: c[0], y: c[1]))
        case .size:
            return .size(CGSize(width: c[0], height: c[1]))
        case .rect:
            return .rect(CGRect(x: c[0], y: c[1], width: c[2], height: c[3]))
        case .color:
            return .color(r: c[0], g: c[1], b: c[2], a: c[3])
        case .numbers:
            return .numbers(c)
        case .colors:
            return .colors(c)
        case .path(let types):
            return .path(Self.elements(types, c))
        }
    }

    private static func elements(_ types: [CGPathElementType], _ c: [Double]) -> [PathElement] {
        var index = 0
        func next() -> CGPoint {
            defer { index += 2 }
            return CGPoint(x: c[index], y: c[index + 1])
        }
        return types.map { type -> PathElement in
            switch type {
            case .moveToPoint: return .move(next())
            case .addLineToPoint: return .line(next())
            case .addQuadCurveToPoint: return .quad(next(), next())
            case .addCurveToPoint: return .cubic(next(), next(), next())
            case .closeSubpath: return .close
            }
        }
    }
}

extension AnimatableValue {
    /// The shape of a linear kind; `nil` for transforms and discrete values.
    var linearShape: LinearShape? {
        switch self {
        case .scalar: return .scalar
        case .point: return .point
        case .size: return .size
        case .rect: return .rect
        case .color: return .color
        case .numbers(let values): return .numbers(values.count)
        case .colors(let values): return .colors(values.count / 4)
        case .path(let elements): return .path(elements.map(\.type))
        case .transform, .discrete: return nil
        }
    }

    /// The numbers a linear kind is made of, in a fixed order: a scalar's value; x, y of a point;
    /// width, height of a size; origin x, y, width, height of a rect; r, g, b, a of a colour; the
    /// elements of `numbers`; r, g, b, a of each of `colors`; x, y of every point of a path's elements in order. Empty for
    /// transforms and discrete values.
    package var components: [Double] {
        switch self {
        case .scalar(let v): return [v]
        case .point(let p): return [p.x, p.y].map { Double($0) }
        case .size(let s): return [s.width, s.height].map { Double($0) }
        case .rect(let r): return [r.origin.x, r.origin.y, r.size.width, r.size.height].map { Double($0) }
        case .color(let r, let g, let b, let a): return [r, g, b, a]
        case .numbers(let values), .colors(let values): return values
        case .path(let elements): return elements.flatMap(\.points).flatMap { [Double($0.x), Double($0.y)] }
        case .transform, .discrete: return []
        }
    }

    /// The common shape and the components of two linear values that can be combined: the same
    /// shape, or a scalar with a one-element array (combined as an array).
    static func linearPair(
        _ a: AnimatableValue, _ b: AnimatableValue
    ) -> (shape: LinearShape, a: [Double], b: [Double])? {
        guard let sa = a.linearShape, let sb = b.linearShape else { return nil }
        if sa == sb { return (sa, a.components, b.components) }
        let oneNumber: Set<LinearShape> = [.scalar, .numbers(1)]
        if oneNumber.contains(sa), oneNumber.contains(sb) { return (.numbers(1), a.components, b.components) }
        return nil
    }
}

// MARK: - Transforms

extension AnimatableValue {
    private static func interpolateTransforms(
        _ a: CATransform3D, _ b: CATransform3D, _ t: Double
    ) -> CATransform3D {
        guard a.isFinite else { return b.isFinite ? b : CATransform3DIdentity }
        guard b.isFinite else { return a }
        let result = a.interpolated(to: b, fraction: CGFloat(t))
        if result.isFinite { return result }
        return t < 0.5 ? a : b
    }

    /// `t` raised to the power `k` by decomposition (see `scaled(by:)`).
    private static func power(_ t: CATransform3D, _ k: Double) -> CATransform3D {
        guard t.isFinite else { return CATransform3DIdentity }
        if k == 1 { return t }
        if k == 0 { return CATransform3DIdentity }
        guard var d = DecomposedTransform3D(t) else {
            let entries = zip(CATransform3DIdentity.rowMajor, t.rowMajor).map {
                CGFloat(mix(Double($0), Double($1), k))
            }
            return CATransform3D(rowMajor: entries)
        }
        let k = CGFloat(k)
        func scalePower(_ s: CGFloat) -> CGFloat { s < 0 ? -pow(-s, k) : pow(s, k) }
        d.translation = DecomposedTransform3D.Vector3(
            x: k * d.translation.x, y: k * d.translation.y, z: k * d.translation.z)
        d.scale = DecomposedTransform3D.Vector3(
            x: scalePower(d.scale.x), y: scalePower(d.scale.y), z: scalePower(d.scale.z))
        d.skew = DecomposedTransform3D.Skew(xy: k * d.skew.xy, xz: k * d.skew.xz, yz: k * d.skew.yz)
        d.perspective = DecomposedTransform3D.Perspective(
            x: k * d.perspective.x, y: k * d.perspective.y, z: k * d.perspective.z,
            w: 1 + k * (d.perspective.w - 1))
        d.rotation = RotationVector(d.rotation).scaled(by: Double(k)).quaternion
        let result = d.recomposed()
        return result.isFinite ? result : CATransform3DIdentity
    }

    private static func transformDistance(_ a: CATransform3D, _ b: CATransform3D) -> Double {
        guard let da = DecomposedTransform3D(a), let db = DecomposedTransform3D(b) else {
            return norm(zip(a.rowMajor, b.rowMajor).map { Double($0 - $1) })
        }
        let cosine = abs(da.rotation.dot(db.rotation))
        let angle = 2 * acos(min(Double(cosine), 1))
        // The first 13 components: translation, scale, skew, perspective.
        let differences = zip(decomposedComponents(da), decomposedComponents(db)).prefix(13).map { $0 - $1 }
        return norm(differences + [angle])
    }

    /// Translation, scale, skew, perspective (13 numbers) then the quaternion x, y, z, w.
    static func decomposedComponents(_ d: DecomposedTransform3D) -> [Double] {
        [
            d.translation.x, d.translation.y, d.translation.z, d.scale.x, d.scale.y, d.scale.z,
            d.skew.xy, d.skew.xz, d.skew.yz, d.perspective.x, d.perspective.y, d.perspective.z,
            d.perspective.w, d.rotation.x, d.rotation.y, d.rotation.z, d.rotation.w,
        ].map { Double($0) }
    }
}

/// A rotation as axis × angle (radians), the logarithm of a unit quaternion: a space where
/// rotations about one axis add and scale like their angles.
struct RotationVector: Equatable {
    /// The axis scaled by the angle.
    var x: Double
    /// The axis scaled by the angle.
    var y: Double
    /// The axis scaled by the angle.
    var z: Double

    /// A rotation vector with the given components.
    init(x: Double, y: Double, z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    /// The rotation of `q` (which need not have `w ≥ 0`: a negative `w` gives an angle above π,
    /// the same rotation the long way round, which keeps a sequence of quaternions continuous).
    init(_ q: DecomposedTransform3D.Quaternion) {
        let sine = (q.x * q.x + q.y * q.y + q.z * q.z).squareRoot()
        guard sine > 0, sine.isFinite else {
            self.init(x: 0, y: 0, z: 0)
            return
        }
        let angle = 2 * atan2(Double(sine), Double(q.w))
        let k = angle / Double(sine)
        self.init(x: k * Double(q.x), y: k * Double(q.y), z: k * Double(q.z))
    }

    /// The vector times `k`: the same axis, `k` times the angle.
    func scaled(by k: Double) -> RotationVector { RotationVector(x: k * x, y: k * y, z: k * z) }

    /// The unit quaternion of this rotation, with `w ≥ 0`; the identity for a zero or non-finite
    /// vector.
    var quaternion: DecomposedTransform3D.Quaternion {
        let angle = (x * x + y * y + z * z).squareRoot()
        guard angle > 0, angle.isFinite else { return .identity }
        let k = sin(angle / 2) / angle
        var q = DecomposedTransform3D.Quaternion(
            x: CGFloat(k * x), y: CGFloat(k * y), z: CGFloat(k * z), w: CGFloat(cos(angle / 2)))
        if q.w < 0 { q = DecomposedTransform3D.Quaternion(x: -q.x, y: -q.y, z: -q.z, w: -q.w) }
        return q
    }
}

// MARK: - Spline coordinates

extension AnimatableValue {
    /// Several values written as points of one vector space, where a spline can run, and the way
    /// back: linear kinds of one shape use their components; transforms that all decompose use
    /// translation, scale, skew and perspective (13 numbers) then the rotation vector (3 numbers,
    /// each quaternion first put in the hemisphere of the previous one so the rotations turn the
    /// short way between neighbours); transforms that do not all decompose use their 16 entries.
    /// `nil` for discrete values or mixed kinds and shapes.
    static func splineCoordinates(
        _ values: [AnimatableValue]
    ) -> (points: [[Double]], value: ([Double]) -> AnimatableValue)? {
        guard let first = values.first else { return nil }
        if let shape = first.linearShape {
            guard values.allSatisfy({ $0.linearShape == shape }) else { return nil }
            return (values.map(\.components), shape.value(from:))
        }
        var transforms: [CATransform3D] = []
        for value in values {
            guard case .transform(let t) = value else { return nil }
            transforms.append(t)
        }
        let decomposed = transforms.compactMap(DecomposedTransform3D.init)
        guard decomposed.count == transforms.count else {
            return (
                transforms.map { $0.rowMajor.map { Double($0) } },
                { .transform(CATransform3D(rowMajor: $0.map { CGFloat($0) })) }
            )
        }
        var previous = DecomposedTransform3D.Quaternion.identity
        let points = decomposed.map { d -> [Double] in
            var q = d.rotation
            if q.dot(previous) < 0 {
                q = DecomposedTransform3D.Quaternion(x: -q.x, y: -q.y, z: -q.z, w: -q.w)
            }
            previous = q
            let r = RotationVector(q)
            return decomposedComponents(d).prefix(13) + [r.x, r.y, r.z]
        }
        return (points, transformFromSplineCoordinates)
    }

    private static func transformFromSplineCoordinates(_ c: [Double]) -> AnimatableValue {
        let g = c.map { CGFloat($0) }
        let d = DecomposedTransform3D(
            translation: .init(x: g[0], y: g[1], z: g[2]), scale: .init(x: g[3], y: g[4], z: g[5]),
            skew: .init(xy: g[6], xz: g[7], yz: g[8]),
            perspective: .init(x: g[9], y: g[10], z: g[11], w: g[12]),
            rotation: RotationVector(x: c[13], y: c[14], z: c[15]).quaternion)
        return .transform(d.recomposed())
    }
}
