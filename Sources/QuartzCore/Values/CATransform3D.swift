import CoreGraphics

/// A 4×4 homogeneous transform, Apple's `CATransform3D`.
///
/// The matrix is used with **row vectors**, as on Apple's platforms: a point `(x, y, z)` maps to
///
///     [x' y' z' w'] = [x y z 1] · | m11 m12 m13 m14 |
///                                 | m21 m22 m23 m24 |
///                                 | m31 m32 m33 m34 |
///                                 | m41 m42 m43 m44 |
///
/// and the projected point is `(x'/w', y'/w', z'/w')`. Translation lives in `m41`, `m42`, `m43`;
/// the usual perspective entry is `m34` (`−1 / eyeDistance`). `CATransform3DConcat(a, b)` is the
/// product `a · b`, which applies `a` first and then `b`.
///
/// The upper-left 2×2 block and `m41`, `m42` hold an affine transform's `a, b, c, d, tx, ty`
/// (see ``CATransform3DMakeAffineTransform(_:)``).
///
/// Equality is entry-wise `==` on the sixteen values, so `-0.0 == 0.0` and a transform holding
/// NaN is not equal to itself, exactly as ``CATransform3DEqualToTransform(_:_:)`` on Apple.
public struct CATransform3D: Equatable, Hashable, Sendable {
    /// Row 1, column 1: x → x.
    public var m11: CGFloat
    /// Row 1, column 2: x → y.
    public var m12: CGFloat
    /// Row 1, column 3: x → z.
    public var m13: CGFloat
    /// Row 1, column 4: x → w (perspective along x).
    public var m14: CGFloat
    /// Row 2, column 1: y → x.
    public var m21: CGFloat
    /// Row 2, column 2: y → y.
    public var m22: CGFloat
    /// Row 2, column 3: y → z.
    public var m23: CGFloat
    /// Row 2, column 4: y → w (perspective along y).
    public var m24: CGFloat
    /// Row 3, column 1: z → x.
    public var m31: CGFloat
    /// Row 3, column 2: z → y.
    public var m32: CGFloat
    /// Row 3, column 3: z → z.
    public var m33: CGFloat
    /// Row 3, column 4: z → w; `−1 / eyeDistance` gives the usual perspective.
    public var m34: CGFloat
    /// Row 4, column 1: the x translation.
    public var m41: CGFloat
    /// Row 4, column 2: the y translation.
    public var m42: CGFloat
    /// Row 4, column 3: the z translation.
    public var m43: CGFloat
    /// Row 4, column 4: the homogeneous w of the origin, 1 for an affine transform.
    public var m44: CGFloat

    /// A transform whose sixteen entries are all **zero** — not the identity.
    ///
    /// This matches Apple's Swift import of the C struct, where `CATransform3D()` zero-fills every
    /// field. Use ``CATransform3DIdentity`` for the identity.
    public init() {
        self.init(
            m11: 0, m12: 0, m13: 0, m14: 0,
            m21: 0, m22: 0, m23: 0, m24: 0,
            m31: 0, m32: 0, m33: 0, m34: 0,
            m41: 0, m42: 0, m43: 0, m44: 0)
    }

    /// A transform with the given entries, in row-major order (`m11 … m14` is the first row).
    public init(
        m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat,
        m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat,
        m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat,
        m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat
    ) {
        self.m11 = m11
        self.m12 = m12
        self.m13 = m13
        self.m14 = m14
        self.m21 = m21
        self.m22 = m22
        self.m23 = m23
        self.m24 = m24
        self.m31 = m31
        self.m32 = m32
        self.m33 = m33
        self.m34 = m34
        self.m41 = m41
        self.m42 = m42
        self.m43 = m43
        self.m44 = m44
    }
}

/// The identity transform: ones on the diagonal, zeros elsewhere.
public let CATransform3DIdentity = CATransform3D(
    m11: 1, m12: 0, m13: 0, m14: 0,
    m21: 0, m22: 1, m23: 0, m24: 0,
    m31: 0, m32: 0, m33: 1, m34: 0,
    m41: 0, m42: 0, m43: 0, m44: 1)

/// Whether `t` is exactly the identity (entry-wise `==`, no tolerance).
public func CATransform3DIsIdentity(_ t: CATransform3D) -> Bool {
    t == CATransform3DIdentity
}

/// Whether `a` and `b` are exactly equal, entry by entry (no tolerance; NaN is never equal).
public func CATransform3DEqualToTransform(_ a: CATransform3D, _ b: CATransform3D) -> Bool {
    a == b
}

/// A translation by `(tx, ty, tz)`: the identity with `m41 = tx`, `m42 = ty`, `m43 = tz`.
public func CATransform3DMakeTranslation(_ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    var t = CATransform3DIdentity
    t.m41 = tx
    t.m42 = ty
    t.m43 = tz
    return t
}

/// A scale by `(sx, sy, sz)` about the origin: the diagonal matrix `(sx, sy, sz, 1)`.
///
/// Zero or negative factors are stored as given (a zero factor makes the transform singular).
public func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    var t = CATransform3DIdentity
    t.m11 = sx
    t.m22 = sy
    t.m33 = sz
    return t
}

/// A rotation by `angle` radians about the axis `(x, y, z)` through the origin.
///
/// The axis is normalised first; a zero-length (or non-finite-length) axis gives the identity.
/// The rotation is right-handed about the axis, in Apple's row-vector layout, so the z axis
/// `(0, 0, 1)` gives `m11 = cos`, `m12 = sin`, `m21 = −sin`, `m22 = cos` — the same numbers as
/// `CGAffineTransform(rotationAngle:)`. For a principal axis the entries off the rotated plane are
/// exactly 0 and 1, so a rotation about z is exactly affine.
public func CATransform3DMakeRotation(
    _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat
) -> CATransform3D {
    let length = (x * x + y * y + z * z).squareRoot()
    guard length > 0, length.isFinite else { return CATransform3DIdentity }
    let (ax, ay, az) = (x / length, y / length, z / length)
    let c = cos(angle)
    let s = sin(angle)
    let k = 1 - c
    // Diagonal written as a² + (1 − a²)·c so that a principal axis gives exact 1 and c.
    return CATransform3D(
        m11: ax * ax + (1 - ax * ax) * c, m12: ax * ay * k + az * s, m13: ax * az * k - ay * s, m14: 0,
        m21: ax * ay * k - az * s, m22: ay * ay + (1 - ay * ay) * c, m23: ay * az * k + ax * s, m24: 0,
        m31: ax * az * k + ay * s, m32: ay * az * k - ax * s, m33: az * az + (1 - az * az) * c, m34: 0,
        m41: 0, m42: 0, m43: 0, m44: 1)
}

/// `t` preceded by a translation: `translate(tx, ty, tz) · t`, so the translation is applied to a
/// point first, in `t`'s input space.
public func CATransform3DTranslate(
    _ t: CATransform3D, _ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat
) -> CATransform3D {
    var r = t
    r.m41 = tx * t.m11 + ty * t.m21 + tz * t.m31 + t.m41
    r.m42 = tx * t.m12 + ty * t.m22 + tz * t.m32 + t.m42
    r.m43 = tx * t.m13 + ty * t.m23 + tz * t.m33 + t.m43
    r.m44 = tx * t.m14 + ty * t.m24 + tz * t.m34 + t.m44
    return r
}

/// `t` preceded by a scale: `scale(sx, sy, sz) · t`, so the scale is applied to a point first.
public func CATransform3DScale(
    _ t: CATransform3D, _ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat
) -> CATransform3D {
    var r = t
    r.m11 *= sx
    r.m12 *= sx
    r.m13 *= sx
    r.m14 *= sx
    r.m21 *= sy
    r.m22 *= sy
    r.m23 *= sy
    r.m24 *= sy
    r.m31 *= sz
    r.m32 *= sz
    r.m33 *= sz
    r.m34 *= sz
    return r
}

/// `t` preceded by a rotation: `rotation(angle, x, y, z) · t`, with the rotation as
/// ``CATransform3DMakeRotation(_:_:_:_:)`` builds it (a zero-length axis leaves `t` unchanged).
public func CATransform3DRotate(
    _ t: CATransform3D, _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat
) -> CATransform3D {
    CATransform3DMakeRotation(angle, x, y, z) * t
}

/// The product `a · b`: the transform that applies `a` first and then `b`.
public func CATransform3DConcat(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D {
    a * b
}

/// The inverse of `t`, or `t` itself, unchanged, when `t` has no inverse (as on Apple).
///
/// `t` counts as singular when an entry is not finite, when its determinant is zero, or when the
/// determinant is negligible next to the product of the row lengths (the ratio, which is 1 for a
/// rotation at any scale, is below `1e-14`); such a matrix has no meaningful inverse in `Double`.
public func CATransform3DInvert(_ t: CATransform3D) -> CATransform3D {
    t.inverted ?? t
}

/// The 3D transform of an affine transform: `a, b, c, d, tx, ty` go to `m11, m12, m21, m22,
/// m41, m42`; the rest is the identity (`m33 = m44 = 1`).
public func CATransform3DMakeAffineTransform(_ m: CGAffineTransform) -> CATransform3D {
    var t = CATransform3DIdentity
    t.m11 = m.a
    t.m12 = m.b
    t.m21 = m.c
    t.m22 = m.d
    t.m41 = m.tx
    t.m42 = m.ty
    return t
}

/// Whether `t` is exactly an affine transform of the plane: `m13`, `m14`, `m23`, `m24`, `m31`,
/// `m32`, `m34`, `m43` are all 0 and `m33`, `m44` are both 1 (no tolerance).
public func CATransform3DIsAffine(_ t: CATransform3D) -> Bool {
    t.m13 == 0 && t.m14 == 0 && t.m23 == 0 && t.m24 == 0
        && t.m31 == 0 && t.m32 == 0 && t.m33 == 1 && t.m34 == 0
        && t.m43 == 0 && t.m44 == 1
}

/// The affine transform `(m11, m12, m21, m22, m41, m42)` of `t` when ``CATransform3DIsAffine(_:)``
/// holds, and the **identity** affine transform otherwise (z scale, rotation out of the plane,
/// z translation or perspective), as Apple's `CATransform3DGetAffineTransform` does.
public func CATransform3DGetAffineTransform(_ t: CATransform3D) -> CGAffineTransform {
    guard CATransform3DIsAffine(t) else { return .identity }
    return CGAffineTransform(a: t.m11, b: t.m12, c: t.m21, d: t.m22, tx: t.m41, ty: t.m42)
}

// MARK: - Package helpers

extension CATransform3D {
    /// The product `lhs · rhs`: apply `lhs`, then `rhs` (``CATransform3DConcat(_:_:)``).
    package static func * (lhs: CATransform3D, rhs: CATransform3D) -> CATransform3D {
        let a = lhs
        let b = rhs
        return CATransform3D(
            m11: a.m11 * b.m11 + a.m12 * b.m21 + a.m13 * b.m31 + a.m14 * b.m41,
            m12: a.m11 * b.m12 + a.m12 * b.m22 + a.m13 * b.m32 + a.m14 * b.m42,
            m13: a.m11 * b.m13 + a.m12 * b.m23 + a.m13 * b.m33 + a.m14 * b.m43,
            m14: a.m11 * b.m14 + a.m12 * b.m24 + a.m13 * b.m34 + a.m14 * b.m44,
            m21: a.m21 * b.m11 + a.m22 * b.m21 + a.m23 * b.m31 + a.m24 * b.m41,
            m22: a.m21 * b.m12 + a.m22 * b.m22 + a.m23 * b.m32 + a.m24 * b.m42,
            m23: a.m21 * b.m13 + a.m22 * b.m23 + a.m23 * b.m33 + a.m24 * b.m43,
            m24: a.m21 * b.m14 + a.m22 * b.m24 + a.m23 * b.m34 + a.m24 * b.m44,
            m31: a.m31 * b.m11 + a.m32 * b.m21 + a.m33 * b.m31 + a.m34 * b.m41,
            m32: a.m31 * b.m12 + a.m32 * b.m22 + a.m33 * b.m32 + a.m34 * b.m42,
            m33: a.m31 * b.m13 + a.m32 * b.m23 + a.m33 * b.m33 + a.m34 * b.m43,
            m34: a.m31 * b.m14 + a.m32 * b.m24 + a.m33 * b.m34 + a.m34 * b.m44,
            m41: a.m41 * b.m11 + a.m42 * b.m21 + a.m43 * b.m31 + a.m44 * b.m41,
            m42: a.m41 * b.m12 + a.m42 * b.m22 + a.m43 * b.m32 + a.m44 * b.m42,
            m43: a.m41 * b.m13 + a.m42 * b.m23 + a.m43 * b.m33 + a.m44 * b.m43,
            m44: a.m41 * b.m14 + a.m42 * b.m24 + a.m43 * b.m34 + a.m44 * b.m44)
    }

    /// The row vector `[x y z w] · self`, without division by w.
    package func apply(
        x: CGFloat, y: CGFloat, z: CGFloat, w: CGFloat = 1
    ) -> (x: CGFloat, y: CGFloat, z: CGFloat, w: CGFloat) {
        (
            x: x * m11 + y * m21 + z * m31 + w * m41,
            y: x * m12 + y * m22 + z * m32 + w * m42,
            z: x * m13 + y * m23 + z * m33 + w * m43,
            w: x * m14 + y * m24 + z * m34 + w * m44
        )
    }

    /// The point `(p.x, p.y, z)` mapped through `self` and divided by the resulting w.
    ///
    /// `w` is returned undivided so that callers can reject points behind the eye (`w ≤ 0`);
    /// when `w == 0` the point's coordinates are infinite or NaN.
    package func project(_ p: CGPoint, z: CGFloat = 0) -> (point: CGPoint, w: CGFloat) {
        let h = apply(x: p.x, y: p.y, z: z)
        return (CGPoint(x: h.x / h.w, y: h.y / h.w), h.w)
    }

    /// The sixteen entries in row-major order, `m11, m12, …, m44`.
    package var rowMajor: [CGFloat] {
        [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44]
    }

    /// A transform from sixteen entries in row-major order; traps unless there are exactly 16.
    package init(rowMajor e: [CGFloat]) {
        precondition(e.count == 16, "CATransform3D(rowMajor:) needs 16 entries, got \(e.count)")
        self.init(
            m11: e[0], m12: e[1], m13: e[2], m14: e[3], m21: e[4], m22: e[5], m23: e[6], m24: e[7],
            m31: e[8], m32: e[9], m33: e[10], m34: e[11], m41: e[12], m42: e[13], m43: e[14], m44: e[15])
    }

    /// Whether all sixteen entries are finite.
    package var isFinite: Bool {
        m11.isFinite && m12.isFinite && m13.isFinite && m14.isFinite
            && m21.isFinite && m22.isFinite && m23.isFinite && m24.isFinite
            && m31.isFinite && m32.isFinite && m33.isFinite && m34.isFinite
            && m41.isFinite && m42.isFinite && m43.isFinite && m44.isFinite
    }

    /// The ratio `|det| / ∏ row lengths` under which a matrix counts as singular.
    package static let singularityTolerance: CGFloat = 1e-14

    /// The inverse, or `nil` when the matrix is singular by the rule of
    /// ``CATransform3DInvert(_:)`` (non-finite entry, or `|det| / ∏ row lengths < 1e-14`).
    package var inverted: CATransform3D? {
        guard isFinite else { return nil }
        // 2×2 minors of rows 1–2 (s) and rows 3–4 (c), by column pair; Laplace expansion along
        // the first two rows gives the determinant and every cofactor from them.
        let s0 = m11 * m22 - m21 * m12
        let s1 = m11 * m23 - m21 * m13
        let s2 = m11 * m24 - m21 * m14
        let s3 = m12 * m23 - m22 * m13
        let s4 = m12 * m24 - m22 * m14
        let s5 = m13 * m24 - m23 * m14
        let c0 = m31 * m42 - m41 * m32
        let c1 = m31 * m43 - m41 * m33
        let c2 = m31 * m44 - m41 * m34
        let c3 = m32 * m43 - m42 * m33
        let c4 = m32 * m44 - m42 * m34
        let c5 = m33 * m44 - m43 * m34
        let det = s0 * c5 - s1 * c4 + s2 * c3 + s3 * c2 - s4 * c1 + s5 * c0
        let rowLengths =
            Self.length(m11, m12, m13, m14) * Self.length(m21, m22, m23, m24)
            * Self.length(m31, m32, m33, m34) * Self.length(m41, m42, m43, m44)
        guard det != 0, det.isFinite, rowLengths > 0,
            abs(det) >= Self.singularityTolerance * rowLengths
        else { return nil }
        let r = 1 / det
        let inverse = CATransform3D(
            m11: (m22 * c5 - m23 * c4 + m24 * c3) * r,
            m12: (-m12 * c5 + m13 * c4 - m14 * c3) * r,
            m13: (m42 * s5 - m43 * s4 + m44 * s3) * r,
            m14: (-m32 * s5 + m33 * s4 - m34 * s3) * r,
            m21: (-m21 * c5 + m23 * c2 - m24 * c1) * r,
            m22: (m11 * c5 - m13 * c2 + m14 * c1) * r,
            m23: (-m41 * s5 + m43 * s2 - m44 * s1) * r,
            m24: (m31 * s5 - m33 * s2 + m34 * s1) * r,
            m31: (m21 * c4 - m22 * c2 + m24 * c0) * r,
            m32: (-m11 * c4 + m12 * c2 - m14 * c0) * r,
            m33: (m41 * s4 - m42 * s2 + m44 * s0) * r,
            m34: (-m31 * s4 + m32 * s2 - m34 * s0) * r,
            m41: (-m21 * c3 + m22 * c1 - m23 * c0) * r,
            m42: (m11 * c3 - m12 * c1 + m13 * c0) * r,
            m43: (-m41 * s3 + m42 * s1 - m43 * s0) * r,
            m44: (m31 * s3 - m32 * s1 + m33 * s0) * r)
        return inverse.isFinite ? inverse : nil
    }

    private static func length(_ a: CGFloat, _ b: CGFloat, _ c: CGFloat, _ d: CGFloat) -> CGFloat {
        (a * a + b * b + c * c + d * d).squareRoot()
    }
}
