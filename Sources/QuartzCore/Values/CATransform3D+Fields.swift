import CoreGraphics

extension PropertyKeyPath {
    /// The virtual sub-key paths of a `CATransform3D` property (`transform.rotation.z`,
    /// `sublayerTransform.scale`, …), ruling T5.
    ///
    /// The raw value is the part after `transform.` or `sublayerTransform.`. Values are `CGFloat`,
    /// except ``translation``, which is a `CGSize` holding the x and y translation (ruling T5 in
    /// docs/DECISIONS.md: key-value coding and animations also take a `CGPoint` there, and an
    /// `NSValue` of either; reading gives a `CGSize`).
    ///
    /// **Reading** factors the matrix as stored (no division by `m44`) into
    /// `[[S·K·R, 0], [t, 1]] · [[I, p], [0, pw]]` — scale, skew, rotation, translation, perspective,
    /// applied to a point in that order — and returns one component. **Writing** replaces that
    /// component and multiplies the factors back, so the others (perspective included) are kept.
    /// Consequences:
    /// - Setting `rotation.z` on `scale · translate` gives `scale · Rz · translate`; with `m34`
    ///   already set it gives `Rz · perspective`, the usual `CATransform3DRotate(t, θ, 0, 0, 1)`.
    /// - Translation is exactly `(m41, m42, m43)`; writing it keeps every other entry except `m44`,
    ///   which changes by `Δt · p` when there is perspective (as `CATransform3DTranslate` would).
    /// - A zero scale factor is allowed (`CATransform3DMakeScale(0, 0, 1)` reads `scale.x == 0` and
    ///   writing `scale` to 1 gives the identity). A reflection is put on the single axis that leaves
    ///   the rotation nearest the identity: `CATransform3DMakeScale(-1, 1, 1)` reads scale
    ///   (−1, 1, 1) and no rotation.
    /// - A matrix that cannot be factored this way (a non-finite entry, or a degenerate upper 3×3
    ///   whose degenerate row is not zero) reads 0 for rotation and scale, and writes leave it
    ///   unchanged, except translation, which is read from and written to `m41…m43` directly when
    ///   there is no perspective.
    ///
    /// **Euler convention.** `rotation.x`, `.y`, `.z` are the angles α, β, γ (radians) with
    /// `R = Rx(α) · Ry(β) · Rz(γ)` in Apple's row-vector order: a point turns about the fixed x axis,
    /// then y, then z (each as `CATransform3DMakeRotation(angle, axis)`); in column-vector terms this
    /// is `Rz·Ry·Rx`, the usual yaw-pitch-roll. Of the two angle triples that give `R`, the one with
    /// the smaller `|α| + |β| + |γ|` is read (ties: β ∈ [−π/2, π/2]), every angle in (−π, π]; so a
    /// pure rotation by θ ∈ (−π, π] about one axis reads back as θ on that axis and 0 on the others.
    /// At gimbal lock (β = ±π/2) γ reads 0.
    package enum TransformField: String, CaseIterable, Sendable {
        /// `rotation.x`: α, radians about x.
        case rotationX = "rotation.x"
        /// `rotation.y`: β, radians about y.
        case rotationY = "rotation.y"
        /// `rotation.z`: γ, radians about z.
        case rotationZ = "rotation.z"
        /// `rotation`: the same as `rotation.z`.
        case rotation = "rotation"
        /// `scale.x`: the scale factor along x.
        case scaleX = "scale.x"
        /// `scale.y`: the scale factor along y.
        case scaleY = "scale.y"
        /// `scale.z`: the scale factor along z.
        case scaleZ = "scale.z"
        /// `scale`: reads the average of the three factors; writing sets all three.
        case scale = "scale"
        /// `scale.xy` (undocumented by Apple, widely used): reads the average of the x and y
        /// factors; writing sets both and keeps z (ruling T5).
        case scaleXY = "scale.xy"
        /// `translation.x`: `m41`.
        case translationX = "translation.x"
        /// `translation.y`: `m42`.
        case translationY = "translation.y"
        /// `translation.z`: `m43`.
        case translationZ = "translation.z"
        /// `translation`: a `CGSize` of (`m41`, `m42`); written from a `CGSize` or a `CGPoint`
        /// (x, y), bare or in an `NSValue` (ruling T5).
        case translation = "translation"

        /// The type of a field's value.
        package enum ValueKind: Sendable {
            /// A `CGFloat`.
            case scalar
            /// A `CGSize` (width = x, height = y); only ``PropertyKeyPath.TransformField/translation``, which also
            /// takes a `CGPoint` (ValueCoercion.translation(_:)).
            case size
        }

        /// The field for `keyPath`, the remainder after `transform.` or `sublayerTransform.`
        /// (e.g. `"rotation.z"`); `nil` for anything else. Case-sensitive, as KVC is.
        package init?(keyPath: String) {
            self.init(rawValue: keyPath)
        }

        /// Whether the field holds a `CGFloat` or a `CGSize`.
        package var valueKind: ValueKind {
            self == .translation ? .size : .scalar
        }

        /// The field's value in `t`: a `CGFloat`, or a `CGSize` for ``translation``.
        package func value(of t: CATransform3D) -> Any {
            switch valueKind {
            case .scalar: return scalar(of: t)
            case .size: return CGSize(width: t.m41, height: t.m42)
            }
        }

        /// The field's value in `t` as a number; for ``translation`` the x translation.
        package func scalar(of t: CATransform3D) -> CGFloat {
            switch self {
            case .translationX, .translation: return t.m41
            case .translationY: return t.m42
            case .translationZ: return t.m43
            default: break
            }
            guard let f = TransformFactors(t, rules: .fields) else { return 0 }
            switch self {
            case .rotationX: return EulerAngles(f.rotation).x
            case .rotationY: return EulerAngles(f.rotation).y
            case .rotationZ, .rotation: return EulerAngles(f.rotation).z
            case .scaleX: return f.scale.x
            case .scaleY: return f.scale.y
            case .scaleZ: return f.scale.z
            case .scaleXY: return (f.scale.x + f.scale.y) / 2
            default: return (f.scale.x + f.scale.y + f.scale.z) / 3
            }
        }

        /// `t` with this field set to `value`. A `CGFloat` written to ``translation`` returns `t`
        /// unchanged (it takes a `CGSize`); coerce numbers before calling.
        package func setting(_ value: CGFloat, in t: CATransform3D) -> CATransform3D {
            switch self {
            case .translationX: return Self.settingTranslation(x: value, y: t.m42, z: t.m43, in: t)
            case .translationY: return Self.settingTranslation(x: t.m41, y: value, z: t.m43, in: t)
            case .translationZ: return Self.settingTranslation(x: t.m41, y: t.m42, z: value, in: t)
            case .translation: return t
            default: break
            }
            guard var f = TransformFactors(t, rules: .fields) else { return t }
            switch self {
            case .rotationX, .rotationY, .rotationZ, .rotation:
                var angles = EulerAngles(f.rotation)
                switch self {
                case .rotationX: angles.x = value
                case .rotationY: angles.y = value
                default: angles.z = value
                }
                f.rotation = angles.rotationRows
            case .scaleX: f.scale.x = value
            case .scaleY: f.scale.y = value
            case .scaleZ: f.scale.z = value
            case .scaleXY: f.scale = .init(x: value, y: value, z: f.scale.z)
            default: f.scale = .init(x: value, y: value, z: value)
            }
            return f.composed()
        }

        /// `t` with ``translation`` set to `(value.width, value.height)`; the z translation is kept.
        /// On any other field it returns `t` unchanged.
        package func setting(_ value: CGSize, in t: CATransform3D) -> CATransform3D {
            guard self == .translation else { return t }
            return Self.settingTranslation(x: value.width, y: value.height, z: t.m43, in: t)
        }

        /// Row 4 of `[[A, 0], [t, 1]] · [[I, p], [0, pw]]` is `(t, t·p + pw)`, so a new translation
        /// changes `m41…m43` and moves `m44` by `Δt · p`; nothing else changes.
        private static func settingTranslation(
            x: CGFloat, y: CGFloat, z: CGFloat, in t: CATransform3D
        ) -> CATransform3D {
            var r = t
            if t.m14 != 0 || t.m24 != 0 || t.m34 != 0 {
                guard let f = TransformFactors(t, rules: .fields) else { return t }
                let p = f.perspective
                r.m44 += (x - t.m41) * p.x + (y - t.m42) * p.y + (z - t.m43) * p.z
            }
            r.m41 = x
            r.m42 = y
            r.m43 = z
            return r
        }
    }
}

/// Euler angles for `R = Rx(x) · Ry(y) · Rz(z)` (row-vector order); see ``PropertyKeyPath.TransformField``.
struct EulerAngles {
    /// Below this `cos β` the rotation is taken to be at gimbal lock.
    static let gimbalTolerance: CGFloat = 1e-10

    var x: CGFloat
    var y: CGFloat
    var z: CGFloat

    /// The angles of the proper rotation `r`, by the selection rule of ``PropertyKeyPath.TransformField``.
    init(_ r: RotationRows) {
        let cosY = (r.0.x * r.0.x + r.0.y * r.0.y).squareRoot()
        let beta = atan2(-r.0.z, cosY)
        guard cosY > Self.gimbalTolerance else {
            // β = ±π/2: only α ∓ γ is determined; put it all in α.
            let sinY: CGFloat = -r.0.z > 0 ? 1 : -1
            x = Self.wrapped(atan2(sinY * r.1.x, r.1.y))
            y = beta
            z = 0
            return
        }
        let first = (Self.wrapped(atan2(r.1.z, r.2.z)), beta, Self.wrapped(atan2(r.0.y, r.0.x)))
        let second = (Self.wrapped(first.0 + .pi), Self.wrapped(.pi - beta), Self.wrapped(first.2 + .pi))
        let firstSize = abs(first.0) + abs(first.1) + abs(first.2)
        let secondSize = abs(second.0) + abs(second.1) + abs(second.2)
        (x, y, z) = secondSize < firstSize ? second : first
    }

    /// The rows of `Rx(x) · Ry(y) · Rz(z)`.
    var rotationRows: RotationRows {
        let (sa, ca) = (sin(x), cos(x))
        let (sb, cb) = (sin(y), cos(y))
        let (sg, cg) = (sin(z), cos(z))
        return (
            .init(x: cb * cg, y: cb * sg, z: -sb),
            .init(x: sa * sb * cg - ca * sg, y: sa * sb * sg + ca * cg, z: sa * cb),
            .init(x: ca * sb * cg + sa * sg, y: ca * sb * sg - sa * cg, z: ca * cb)
        )
    }

    /// `angle` reduced to (−π, π].
    static func wrapped(_ angle: CGFloat) -> CGFloat {
        let r = remainder(angle, 2 * .pi)
        return r <= -.pi ? r + 2 * .pi : r
    }
}
