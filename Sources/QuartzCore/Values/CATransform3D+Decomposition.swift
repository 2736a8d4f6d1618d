import CoreGraphics

/// A `CATransform3D` split into translation, scale, skew, perspective and a rotation quaternion,
/// the form in which Lamina interpolates transforms (rulings R11 and T3).
///
/// The factorisation is the "unmatrix" of Graphics Gems II as CSS Transforms Level 2 uses it,
/// written out for Apple's row-vector layout, where it applies without transposition. With the
/// matrix first divided by `m44`,
///
///     M / m44 = | S·K·R   0 | · | I   p |      S = diag(scale), R = rotation,
///               |   t     1 |   | 0  pw |      K = | 1   0   0 |
///                                                  | xy  1   0 |
///                                                  | xz  yz  1 |
///
/// so a point is scaled, skewed, rotated, translated by `t = (m41, m42, m43) / m44`, and finally
/// given the perspective column `(p, pw)`. The scale factors are the lengths left by Gram–Schmidt
/// on the rows of the upper 3×3 block, the skews its off-diagonal coefficients divided by the
/// row's scale. When that block is a reflection, all three scale factors and the rotation rows are
/// negated (the unmatrix rule), so the rotation is always proper.
package struct DecomposedTransform3D: Equatable, Sendable {
    /// Three components along x, y and z.
    package struct Vector3: Equatable, Sendable {
        /// The x component.
        package var x: CGFloat
        /// The y component.
        package var y: CGFloat
        /// The z component.
        package var z: CGFloat

        /// A vector with the given components.
        package init(x: CGFloat, y: CGFloat, z: CGFloat) {
            self.x = x
            self.y = y
            self.z = z
        }
    }

    /// The three shear coefficients of the lower-triangular skew matrix `K`.
    package struct Skew: Equatable, Sendable {
        /// The part of x added to y (row 2, column 1 of `K`).
        package var xy: CGFloat
        /// The part of x added to z (row 3, column 1 of `K`).
        package var xz: CGFloat
        /// The part of y added to z (row 3, column 2 of `K`).
        package var yz: CGFloat

        /// Shear coefficients with the given values.
        package init(xy: CGFloat, xz: CGFloat, yz: CGFloat) {
            self.xy = xy
            self.xz = xz
            self.yz = yz
        }
    }

    /// The perspective column `(p.x, p.y, p.z, pw)`; `(0, 0, 0, 1)` is none.
    package struct Perspective: Equatable, Sendable {
        /// Row 1 of the perspective column.
        package var x: CGFloat
        /// Row 2 of the perspective column.
        package var y: CGFloat
        /// Row 3 of the perspective column (the usual `m34`).
        package var z: CGFloat
        /// Row 4 of the perspective column.
        package var w: CGFloat

        /// A perspective column with the given entries.
        package init(x: CGFloat, y: CGFloat, z: CGFloat, w: CGFloat) {
            self.x = x
            self.y = y
            self.z = z
            self.w = w
        }
    }

    /// Translation after scale, skew and rotation.
    package var translation: Vector3
    /// Scale factors along the object's own axes; all three negative for a reflection.
    package var scale: Vector3
    /// Shear coefficients.
    package var skew: Skew
    /// The perspective column.
    package var perspective: Perspective
    /// The rotation, a unit quaternion with `w ≥ 0` (see ``Quaternion``).
    package var rotation: Quaternion

    /// A decomposition made of the given parts.
    package init(
        translation: Vector3, scale: Vector3, skew: Skew, perspective: Perspective, rotation: Quaternion
    ) {
        self.translation = translation
        self.scale = scale
        self.skew = skew
        self.perspective = perspective
        self.rotation = rotation
    }

    /// The decomposition of `t`, or `nil` when it has none: an entry is not finite, `m44 == 0`,
    /// or the upper 3×3 block is singular (a Gram–Schmidt row shorter than `1e-12` times the
    /// longest row, e.g. any zero scale factor).
    package init?(_ t: CATransform3D) {
        guard let f = TransformFactors(t, rules: .interpolation) else { return nil }
        self.init(
            translation: f.translation, scale: f.scale, skew: f.skew, perspective: f.perspective,
            rotation: Quaternion(rotationRows: f.rotation))
    }

    /// The matrix these parts describe. For a decomposition of `M` this is `M / M.m44`.
    package func recomposed() -> CATransform3D {
        TransformFactors(
            translation: translation, scale: scale, skew: skew, perspective: perspective,
            rotation: rotation.rotationRows
        ).composed()
    }

    /// The parts between `a` (fraction 0) and `b` (fraction 1).
    ///
    /// Translation, scale, skew and perspective are interpolated linearly, so a fraction outside
    /// [0, 1] extrapolates them; the rotation is slerped along the shorter arc (see
    /// ``Quaternion/slerp(_:_:fraction:)``), so a rotation by ±(π − ε) turns through π.
    package static func interpolate(
        _ a: DecomposedTransform3D, _ b: DecomposedTransform3D, fraction: CGFloat
    ) -> DecomposedTransform3D {
        func lerp(_ u: CGFloat, _ v: CGFloat) -> CGFloat { u * (1 - fraction) + v * fraction }
        func lerp3(_ u: Vector3, _ v: Vector3) -> Vector3 {
            Vector3(x: lerp(u.x, v.x), y: lerp(u.y, v.y), z: lerp(u.z, v.z))
        }
        return DecomposedTransform3D(
            translation: lerp3(a.translation, b.translation),
            scale: lerp3(a.scale, b.scale),
            skew: Skew(
                xy: lerp(a.skew.xy, b.skew.xy), xz: lerp(a.skew.xz, b.skew.xz), yz: lerp(a.skew.yz, b.skew.yz)
            ),
            perspective: Perspective(
                x: lerp(a.perspective.x, b.perspective.x), y: lerp(a.perspective.y, b.perspective.y),
                z: lerp(a.perspective.z, b.perspective.z), w: lerp(a.perspective.w, b.perspective.w)),
            rotation: Quaternion.slerp(a.rotation, b.rotation, fraction: fraction))
    }
}

extension CATransform3D {
    /// The transform `fraction` of the way from `self` to `other`, as Core Animation interpolates
    /// a `transform` animation: both are decomposed into translation, scale, skew, perspective and
    /// rotation, those are interpolated (the rotation along the shorter arc), and the result is
    /// recomposed. **Lamina extension**; Apple has no public equivalent.
    ///
    /// - Fraction 0 returns `self` and 1 returns `other` exactly; other values, including values
    ///   outside [0, 1], return a matrix normalised to `m44 = 1` where possible.
    /// - If either transform cannot be decomposed (non-finite entries, `m44 == 0`, or a singular
    ///   upper 3×3 such as a zero scale), the sixteen entries are interpolated linearly instead.
    public func interpolated(to other: CATransform3D, fraction: CGFloat) -> CATransform3D {
        if fraction == 0 { return self }
        if fraction == 1 { return other }
        if let a = DecomposedTransform3D(self), let b = DecomposedTransform3D(other) {
            return DecomposedTransform3D.interpolate(a, b, fraction: fraction).recomposed()
        }
        let entries = zip(rowMajor, other.rowMajor).map { $0 * (1 - fraction) + $1 * fraction }
        return CATransform3D(rowMajor: entries)
    }
}

// MARK: - Quaternion

extension DecomposedTransform3D {
    /// A rotation as a unit quaternion `(x, y, z, w) = (axis · sin(θ/2), cos(θ/2))`.
    ///
    /// The angle θ turns the way ``CATransform3DMakeRotation(_:_:_:_:)`` does: the quaternion
    /// `(0, 0, sin(θ/2), cos(θ/2))` is `CATransform3DMakeRotation(θ, 0, 0, 1)`.
    package struct Quaternion: Equatable, Sendable {
        /// The x part of `axis · sin(θ/2)`.
        package var x: CGFloat
        /// The y part of `axis · sin(θ/2)`.
        package var y: CGFloat
        /// The z part of `axis · sin(θ/2)`.
        package var z: CGFloat
        /// `cos(θ/2)`.
        package var w: CGFloat

        /// A quaternion with the given parts (not normalised).
        package init(x: CGFloat, y: CGFloat, z: CGFloat, w: CGFloat) {
            self.x = x
            self.y = y
            self.z = z
            self.w = w
        }

        /// No rotation.
        package static let identity = Quaternion(x: 0, y: 0, z: 0, w: 1)

        /// The quaternion of a proper rotation given by its rows (row-vector layout), with
        /// `w ≥ 0`. Shepperd's method: the largest of w, x, y, z is taken from the diagonal and
        /// the others from off-diagonal sums, so no division is by a small number.
        init(rotationRows r: RotationRows) {
            let (m00, m01, m02) = (r.0.x, r.0.y, r.0.z)
            let (m10, m11, m12) = (r.1.x, r.1.y, r.1.z)
            let (m20, m21, m22) = (r.2.x, r.2.y, r.2.z)
            let trace = m00 + m11 + m22
            var q: Quaternion
            if trace >= m00 && trace >= m11 && trace >= m22 {
                let w = 0.5 * max(1 + trace, 0).squareRoot()
                let k = 0.25 / w
                q = Quaternion(x: (m12 - m21) * k, y: (m20 - m02) * k, z: (m01 - m10) * k, w: w)
            } else if m00 >= m11 && m00 >= m22 {
                let x = 0.5 * max(1 + m00 - m11 - m22, 0).squareRoot()
                let k = 0.25 / x
                q = Quaternion(x: x, y: (m01 + m10) * k, z: (m02 + m20) * k, w: (m12 - m21) * k)
            } else if m11 >= m22 {
                let y = 0.5 * max(1 - m00 + m11 - m22, 0).squareRoot()
                let k = 0.25 / y
                q = Quaternion(x: (m01 + m10) * k, y: y, z: (m12 + m21) * k, w: (m20 - m02) * k)
            } else {
                let z = 0.5 * max(1 - m00 - m11 + m22, 0).squareRoot()
                let k = 0.25 / z
                q = Quaternion(x: (m02 + m20) * k, y: (m12 + m21) * k, z: z, w: (m01 - m10) * k)
            }
            if q.w < 0 { q = q.scaled(-1) }
            self = q.normalized()
        }

        /// The rotation's rows in the row-vector layout (`p' = p · R`).
        var rotationRows: RotationRows {
            let (xx, yy, zz) = (x * x, y * y, z * z)
            let (xy, xz, yz) = (x * y, x * z, y * z)
            let (xw, yw, zw) = (x * w, y * w, z * w)
            return (
                Vector3(x: 1 - 2 * (yy + zz), y: 2 * (xy + zw), z: 2 * (xz - yw)),
                Vector3(x: 2 * (xy - zw), y: 1 - 2 * (xx + zz), z: 2 * (yz + xw)),
                Vector3(x: 2 * (xz + yw), y: 2 * (yz - xw), z: 1 - 2 * (xx + yy))
            )
        }

        /// The four-component dot product.
        func dot(_ o: Quaternion) -> CGFloat { x * o.x + y * o.y + z * o.z + w * o.w }

        func scaled(_ k: CGFloat) -> Quaternion { Quaternion(x: x * k, y: y * k, z: z * k, w: w * k) }

        func normalized() -> Quaternion {
            let n = dot(self).squareRoot()
            return n > 0 && n.isFinite ? scaled(1 / n) : .identity
        }

        /// Spherical interpolation from `a` (fraction 0) to `b` (fraction 1) along the shorter
        /// great arc: `b` is negated first when `a · b < 0`, since `b` and `−b` are one rotation.
        ///
        /// Fractions outside [0, 1] continue along the same great circle. When the two are within
        /// `1e-6` of each other (in cosine) the normalised linear interpolation is used, which
        /// agrees with slerp to rounding there and avoids dividing by sin θ ≈ 0.
        package static func slerp(_ a: Quaternion, _ b: Quaternion, fraction: CGFloat) -> Quaternion {
            if fraction == 0 { return a }
            if fraction == 1 { return b }
            var cosine = a.dot(b)
            var end = b
            if cosine < 0 {
                cosine = -cosine
                end = b.scaled(-1)
            }
            let wa: CGFloat
            let wb: CGFloat
            if cosine > 1 - 1e-6 {
                wa = 1 - fraction
                wb = fraction
            } else {
                let theta = acos(min(cosine, 1))
                let sine = (1 - cosine * cosine).squareRoot()
                wa = sin((1 - fraction) * theta) / sine
                wb = sin(fraction * theta) / sine
            }
            return Quaternion(
                x: a.x * wa + end.x * wb, y: a.y * wa + end.y * wb,
                z: a.z * wa + end.z * wb, w: a.w * wa + end.w * wb
            ).normalized()
        }
    }
}

// MARK: - Factorisation shared with the key-path fields

/// The three rows of a 3×3 rotation matrix in the row-vector layout.
typealias RotationRows = (
    DecomposedTransform3D.Vector3, DecomposedTransform3D.Vector3, DecomposedTransform3D.Vector3
)

extension DecomposedTransform3D.Vector3 {
    static func + (a: Self, b: Self) -> Self { Self(x: a.x + b.x, y: a.y + b.y, z: a.z + b.z) }
    static func - (a: Self, b: Self) -> Self { Self(x: a.x - b.x, y: a.y - b.y, z: a.z - b.z) }
    static func * (k: CGFloat, a: Self) -> Self { Self(x: k * a.x, y: k * a.y, z: k * a.z) }
    static func / (a: Self, k: CGFloat) -> Self { Self(x: a.x / k, y: a.y / k, z: a.z / k) }
    func dot(_ b: Self) -> CGFloat { x * b.x + y * b.y + z * b.z }
    func cross(_ b: Self) -> Self { Self(x: y * b.z - z * b.y, y: z * b.x - x * b.z, z: x * b.y - y * b.x) }
    var length: CGFloat { dot(self).squareRoot() }
}

/// How ``TransformFactors`` treats the points where decompositions differ.
struct FactorRules {
    /// A reflection in the upper 3×3 block becomes negative scale on these axes.
    enum Mirror {
        /// Negate all three scales and rotation rows (the unmatrix rule, used to interpolate).
        case allAxes
        /// Negate the one axis that leaves the rotation closest to the identity, so
        /// `CATransform3DMakeScale(-1, 1, 1)` reads as scale (−1, 1, 1) and no rotation.
        case nearestAxis
    }

    /// Divide by `m44` first (the unmatrix rule) instead of factoring the matrix as stored.
    var normalizesByM44: Bool
    /// Accept zero rows in the upper 3×3 block as zero scale factors.
    var allowsZeroScale: Bool
    /// The reflection rule.
    var mirror: Mirror

    /// The unmatrix rules, for interpolation.
    static let interpolation = FactorRules(normalizesByM44: true, allowsZeroScale: false, mirror: .allAxes)
    /// The rules of the `transform.rotation` / `.scale` / `.translation` key-path fields.
    static let fields = FactorRules(normalizesByM44: false, allowsZeroScale: true, mirror: .nearestAxis)
}

/// `M = [[S·K·R, 0], [t, 1]] · [[I, p], [0, pw]]` (after division by `m44` when the rules say so).
struct TransformFactors {
    typealias Vector3 = DecomposedTransform3D.Vector3

    /// A Gram–Schmidt residual shorter than this times the longest row counts as zero.
    static let degenerateTolerance: CGFloat = 1e-12

    var translation: Vector3
    var scale: Vector3
    var skew: DecomposedTransform3D.Skew
    var perspective: DecomposedTransform3D.Perspective
    var rotation: RotationRows

    init(
        translation: Vector3, scale: Vector3, skew: DecomposedTransform3D.Skew,
        perspective: DecomposedTransform3D.Perspective, rotation: RotationRows
    ) {
        self.translation = translation
        self.scale = scale
        self.skew = skew
        self.perspective = perspective
        self.rotation = rotation
    }

    init?(_ m: CATransform3D, rules: FactorRules) {
        guard m.isFinite else { return nil }
        var n = m
        if rules.normalizesByM44 {
            guard m.m44 != 0 else { return nil }
            n = CATransform3D(rowMajor: m.rowMajor.map { $0 / m.m44 })
            guard n.isFinite else { return nil }
        }
        // Gram–Schmidt runs on the block divided by its largest entry, so that squaring neither
        // overflows (1e300) nor underflows (1e-300); the scale factors are multiplied back.
        let block = [n.m11, n.m12, n.m13, n.m21, n.m22, n.m23, n.m31, n.m32, n.m33]
        let magnitude = block.map(abs).max() ?? 0
        let rows = [
            Vector3(x: n.m11, y: n.m12, z: n.m13), Vector3(x: n.m21, y: n.m22, z: n.m23),
            Vector3(x: n.m31, y: n.m32, z: n.m33),
        ].map { magnitude > 0 ? $0 / magnitude : $0 }
        guard let (b, zeroRows) = Self.orthonormalBasis(rows, allowsZeroRows: rules.allowsZeroScale) else {
            return nil
        }
        var basis = b
        // Coefficients of each row in the basis, lower triangular by construction; a negligible
        // row is a zero scale factor with no skew.
        func coefficient(_ i: Int, _ j: Int) -> CGFloat { zeroRows[i] ? 0 : rows[i].dot(basis[j]) }
        var s = magnitude * Vector3(x: coefficient(0, 0), y: coefficient(1, 1), z: coefficient(2, 2))
        var k = DecomposedTransform3D.Skew(
            xy: zeroRows[1] ? 0 : coefficient(1, 0) / coefficient(1, 1),
            xz: zeroRows[2] ? 0 : coefficient(2, 0) / coefficient(2, 2),
            yz: zeroRows[2] ? 0 : coefficient(2, 1) / coefficient(2, 2))
        if basis[0].dot(basis[1].cross(basis[2])) < 0 {
            Self.unmirror(&basis, &s, &k, rule: rules.mirror)
        }
        let t = Vector3(x: n.m41, y: n.m42, z: n.m43)
        let c = Vector3(x: n.m14, y: n.m24, z: n.m34)
        var p = Vector3(x: 0, y: 0, z: 0)
        if c != p {
            // Solve S·K·R·p = c: divide by S, forward-substitute K, then apply Rᵀ.
            let scales = [s.x, s.y, s.z]
            let targets = [c.x, c.y, c.z]
            var y: [CGFloat] = [0, 0, 0]
            for i in 0..<3 {
                if scales[i] == 0 {
                    guard abs(targets[i]) <= Self.degenerateTolerance else { return nil }
                } else {
                    y[i] = targets[i] / scales[i]
                }
            }
            let z0 = y[0]
            let z1 = y[1] - k.xy * z0
            let z2 = y[2] - k.xz * z0 - k.yz * z1
            p = z0 * basis[0] + z1 * basis[1] + z2 * basis[2]
        }
        self.init(
            translation: t, scale: s, skew: k,
            perspective: .init(x: p.x, y: p.y, z: p.z, w: n.m44 - t.dot(p)),
            rotation: (basis[0], basis[1], basis[2]))
        guard isFinite else { return nil }
    }

    var isFinite: Bool {
        let values = [
            translation.x, translation.y, translation.z, scale.x, scale.y, scale.z, skew.xy, skew.xz, skew.yz,
            perspective.x, perspective.y, perspective.z, perspective.w,
            rotation.0.x, rotation.0.y, rotation.0.z, rotation.1.x, rotation.1.y, rotation.1.z,
            rotation.2.x, rotation.2.y, rotation.2.z,
        ]
        return values.allSatisfy(\.isFinite)
    }

    /// Gram–Schmidt on the rows, in order. A row whose residual is negligible is accepted only if
    /// the whole row is negligible (a zero scale factor) and `allowsZeroRows`; its basis vector is
    /// then chosen to complete a right-handed orthonormal basis.
    private static func orthonormalBasis(
        _ rows: [Vector3], allowsZeroRows: Bool
    ) -> (basis: [Vector3], zeroRows: [Bool])? {
        let tolerance = degenerateTolerance * rows.map(\.length).reduce(0, max)
        var basis: [Vector3?] = [nil, nil, nil]
        var zeroRows = [false, false, false]
        for i in 0..<3 {
            var v = rows[i]
            for case let b? in basis { v = v - v.dot(b) * b }
            let length = v.length
            if length > tolerance {
                basis[i] = (1 / length) * v
            } else if !allowsZeroRows || rows[i].length > tolerance {
                return nil
            } else {
                zeroRows[i] = true
            }
        }
        let axes = [Vector3(x: 1, y: 0, z: 0), Vector3(x: 0, y: 1, z: 0), Vector3(x: 0, y: 0, z: 1)]
        while basis.contains(where: { $0 == nil }) {
            let known = basis.compactMap { $0 }
            let i = basis.firstIndex { $0 == nil }!
            switch known.count {
            case 0:
                return (axes, zeroRows)
            case 1:
                // Prefer the row's own axis; fall back to the axis least aligned with the known one.
                var candidate = axes[i] - axes[i].dot(known[0]) * known[0]
                if candidate.length < 0.5 {
                    let least = axes.min { abs($0.dot(known[0])) < abs($1.dot(known[0])) }!
                    candidate = least - least.dot(known[0]) * known[0]
                }
                basis[i] = (1 / candidate.length) * candidate
            default:
                // The cyclic cross product of the other two keeps the basis right-handed.
                basis[i] = basis[(i + 1) % 3]!.cross(basis[(i + 2) % 3]!)
            }
        }
        return (basis.map { $0! }, zeroRows)
    }

    /// Turns an improper basis proper by negating scale factors and basis rows per `rule`; skews
    /// that couple a negated axis with a kept one change sign so that `S·K·R` is unchanged.
    private static func unmirror(
        _ basis: inout [Vector3], _ s: inout Vector3, _ k: inout DecomposedTransform3D.Skew,
        rule: FactorRules.Mirror
    ) {
        switch rule {
        case .allAxes:
            basis = basis.map { -1 * $0 }
            s = -1 * s
        case .nearestAxis:
            // Negating axis i lowers the trace by 2·R[i][i]: pick the smallest diagonal entry.
            let diagonal = [basis[0].x, basis[1].y, basis[2].z]
            let axis = diagonal.indices.min { diagonal[$0] < diagonal[$1] }!
            basis[axis] = -1 * basis[axis]
            switch axis {
            case 0:
                s.x = -s.x
                k.xy = -k.xy
                k.xz = -k.xz
            case 1:
                s.y = -s.y
                k.xy = -k.xy
                k.yz = -k.yz
            default:
                s.z = -s.z
                k.xz = -k.xz
                k.yz = -k.yz
            }
        }
    }

    /// The matrix `[[S·K·R, 0], [t, 1]] · [[I, p], [0, pw]]`.
    func composed() -> CATransform3D {
        let (r0, r1, r2) = rotation
        let a0 = scale.x * r0
        let a1 = scale.y * (skew.xy * r0 + r1)
        let a2 = scale.z * (skew.xz * r0 + skew.yz * r1 + r2)
        let p = Vector3(x: perspective.x, y: perspective.y, z: perspective.z)
        let t = translation
        return CATransform3D(
            m11: a0.x, m12: a0.y, m13: a0.z, m14: a0.dot(p),
            m21: a1.x, m22: a1.y, m23: a1.z, m24: a1.dot(p),
            m31: a2.x, m32: a2.y, m33: a2.z, m34: a2.dot(p),
            m41: t.x, m42: t.y, m43: t.z, m44: t.dot(p) + perspective.w)
    }
}
