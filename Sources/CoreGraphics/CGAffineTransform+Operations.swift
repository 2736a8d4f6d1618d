// Apple's CGAffineTransform operations. Every "modifying" method returns a new transform whose
// extra step is applied *before* the receiver (Apple's prepend semantics):
// `t.translatedBy(x: x, y: y) == CGAffineTransform(translationX: x, y: y).concatenating(t)`.

extension CGAffineTransform {
    /// A transform that moves every point by `(tx, ty)`: `a = d = 1`, `b = c = 0`.
    ///
    /// - Parameters:
    ///   - tx: The distance to move along x, in the coordinate space's units.
    ///   - ty: The distance to move along y, in the coordinate space's units.
    public init(translationX tx: CGFloat, y ty: CGFloat) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }

    /// A transform that scales x by `sx` and y by `sy` about the origin: `a = sx`, `d = sy`.
    ///
    /// Negative factors mirror; a zero factor gives a singular (non-invertible) transform.
    public init(scaleX sx: CGFloat, y sy: CGFloat) {
        self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// A transform that rotates by `angle` radians about the origin.
    ///
    /// The entries are `a = cos(angle)`, `b = sin(angle)`, `c = -sin(angle)`, `d = cos(angle)`,
    /// computed directly, as Apple does: `CGAffineTransform(rotationAngle: .pi / 2).a` is about
    /// `6.1e-17`, not exactly `0`. In a y-down layer space a positive angle turns clockwise on
    /// screen; in a y-up space, counterclockwise. A NaN or infinite angle gives NaN entries.
    public init(rotationAngle angle: CGFloat) {
        let cosine = cos(angle)
        let sine = sin(angle)
        self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }

    /// Whether the transform is exactly the identity (`a = d = 1`, all other entries `0`).
    ///
    /// The comparison is exact: a transform that is the identity only up to rounding (for example
    /// a rotation by `2π`) is not the identity. A transform with a NaN entry is never the identity.
    public var isIdentity: Bool {
        self == .identity
    }

    /// The matrix product `self × t2`: a transform that applies the receiver first, then `t2`.
    ///
    /// `p.applying(t1.concatenating(t2)) == p.applying(t1).applying(t2)` up to rounding.
    /// NaN entries propagate to the entries they touch.
    public func concatenating(_ t2: CGAffineTransform) -> CGAffineTransform {
        CGAffineTransform(
            a: a * t2.a + b * t2.c,
            b: a * t2.b + b * t2.d,
            c: c * t2.a + d * t2.c,
            d: c * t2.b + d * t2.d,
            tx: tx * t2.a + ty * t2.c + t2.tx,
            ty: tx * t2.b + ty * t2.d + t2.ty
        )
    }

    /// The receiver with a translation by `(tx, ty)` applied *before* it, as Apple's
    /// `CGAffineTransformTranslate` does: the result equals
    /// `CGAffineTransform(translationX: tx, y: ty).concatenating(self)`, so the translation is
    /// expressed in the receiver's input (untransformed) coordinates.
    public func translatedBy(x tx: CGFloat, y ty: CGFloat) -> CGAffineTransform {
        CGAffineTransform(translationX: tx, y: ty).concatenating(self)
    }

    /// The receiver with a scale by `(sx, sy)` applied *before* it, as Apple's
    /// `CGAffineTransformScale` does: the result equals
    /// `CGAffineTransform(scaleX: sx, y: sy).concatenating(self)`.
    public func scaledBy(x sx: CGFloat, y sy: CGFloat) -> CGAffineTransform {
        CGAffineTransform(scaleX: sx, y: sy).concatenating(self)
    }

    /// The receiver with a rotation by `angle` radians applied *before* it, as Apple's
    /// `CGAffineTransformRotate` does: the result equals
    /// `CGAffineTransform(rotationAngle: angle).concatenating(self)`.
    public func rotated(by angle: CGFloat) -> CGAffineTransform {
        CGAffineTransform(rotationAngle: angle).concatenating(self)
    }

    /// Whether `inverted()` can invert the transform: its determinant `a·d − b·c` is non-zero
    /// and finite.
    package var isInvertible: Bool {
        let determinant = a * d - b * c
        return determinant != 0 && determinant.isFinite
    }

    /// The inverse transform, so that `t.concatenating(t.inverted())` is the identity up to rounding.
    ///
    /// As Apple documents, when the transform cannot be inverted it is returned unchanged. Lamina
    /// treats a transform as non-invertible when its determinant `a·d − b·c` is zero or not finite
    /// (which includes any transform with a NaN or infinite entry among `a`, `b`, `c`, `d`).
    public func inverted() -> CGAffineTransform {
        guard isInvertible else { return self }
        let determinant = a * d - b * c
        let inverseA = d / determinant
        let inverseB = -b / determinant
        let inverseC = -c / determinant
        let inverseD = a / determinant
        return CGAffineTransform(
            a: inverseA,
            b: inverseB,
            c: inverseC,
            d: inverseD,
            tx: -(tx * inverseA + ty * inverseC),
            ty: -(tx * inverseB + ty * inverseD)
        )
    }
}

extension CGPoint {
    /// The point mapped by `t`: `(a·x + c·y + tx, b·x + d·y + ty)`.
    ///
    /// NaN in the point or the transform yields NaN in the coordinates it reaches.
    public func applying(_ t: CGAffineTransform) -> CGPoint {
        CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
    }
}

extension CGSize {
    /// The size mapped by `t` as a vector, without translation: `(a·w + c·h, b·w + d·h)`.
    ///
    /// As on Apple's platforms the result is not made positive: a rotation or a mirror can give
    /// negative components. NaN propagates.
    public func applying(_ t: CGAffineTransform) -> CGSize {
        CGSize(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
    }
}

extension CGRect {
    /// The smallest axis-aligned rectangle containing the four corners of the receiver mapped by
    /// `t`, as Apple's `CGRectApplyAffineTransform` returns.
    ///
    /// The result is standardized (non-negative width and height). The null rectangle stays null.
    /// Lamina keeps the infinite rectangle infinite under any transform. If a mapped corner
    /// coordinate is NaN, the result's origin and size on that axis are NaN.
    public func applying(_ t: CGAffineTransform) -> CGRect {
        if isNull { return .null }
        if isInfinite { return .infinite }
        let rect = standardized
        let corners = [
            CGPoint(x: rect.minX, y: rect.minY).applying(t),
            CGPoint(x: rect.maxX, y: rect.minY).applying(t),
            CGPoint(x: rect.minX, y: rect.maxY).applying(t),
            CGPoint(x: rect.maxX, y: rect.maxY).applying(t),
        ]
        let (minX, maxX) = Self.bounds(of: corners.map(\.x))
        let (minY, maxY) = Self.bounds(of: corners.map(\.y))
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The smallest and largest value, or NaN for both when any value is NaN.
    private static func bounds(of values: [CGFloat]) -> (min: CGFloat, max: CGFloat) {
        if values.contains(where: \.isNaN) { return (.nan, .nan) }
        return (values.min() ?? 0, values.max() ?? 0)
    }
}

/// The parts of an affine transform, Apple's `CGAffineTransformComponents` (iOS 16, macOS 13).
///
/// The transform they describe is the product, applied left to right,
///
///     scale × horizontal shear × rotation × translation
///
///     | sx  0 0 |   | 1  0 0 |   |  cos θ  sin θ 0 |   | 1  0  0 |
///     | 0  sy 0 | × | sh 1 0 | × | −sin θ  cos θ 0 | × | 0  1  0 |
///     | 0   0 1 |   | 0  0 1 |   |    0      0   1 |   | tx ty 1 |
///
/// so a point is scaled first, then sheared (`x += sh·y`), rotated by `rotation` radians and
/// finally translated by `translation`.
public struct CGAffineTransformComponents: Sendable {
    /// The initial scale along x (`width`) and y (`height`). Default `(1, 1)`.
    public var scale: CGSize
    /// The horizontal shear factor `sh`: after scaling, `x += sh · y`. Default `0`.
    public var horizontalShear: CGFloat
    /// The rotation in radians, applied after the shear. Default `0`.
    public var rotation: CGFloat
    /// The final translation, in the coordinate space's units. Default `.zero`.
    public var translation: CGVector

    /// The components of the identity transform: scale `(1, 1)`, no shear, rotation or translation.
    public init() {
        self.init(scale: CGSize(width: 1, height: 1), horizontalShear: 0, rotation: 0, translation: .zero)
    }

    /// Components with the given values; each defaults to its identity value, as Apple's does.
    public init(
        scale: CGSize = CGSize(width: 1, height: 1),
        horizontalShear: CGFloat = 0,
        rotation: CGFloat = 0,
        translation: CGVector = .zero
    ) {
        self.scale = scale
        self.horizontalShear = horizontalShear
        self.rotation = rotation
        self.translation = translation
    }
}

extension CGAffineTransform {
    /// The transform made from `components`, as Apple's `CGAffineTransformMakeWithComponents`:
    /// `a = sx·cos θ`, `b = sx·sin θ`, `c = sy·(sh·cos θ − sin θ)`, `d = sy·(sh·sin θ + cos θ)`,
    /// `tx, ty` = the translation.
    public init(_ components: CGAffineTransformComponents) {
        let sx = components.scale.width
        let sy = components.scale.height
        let shear = components.horizontalShear
        let cosine = cos(components.rotation)
        let sine = sin(components.rotation)
        self.init(
            a: sx * cosine,
            b: sx * sine,
            c: sy * (shear * cosine - sine),
            d: sy * (shear * sine + cosine),
            tx: components.translation.dx,
            ty: components.translation.dy
        )
    }

    /// The transform split into scale, horizontal shear, rotation and translation, as Apple's
    /// `CGAffineTransformDecompose`; `CGAffineTransform(t.decomposed())` reproduces `t` up to
    /// rounding.
    ///
    /// Lamina's choices where the split is not unique: the x scale is the length of the first row,
    /// `√(a² + b²)`, never negative; the rotation is `atan2(b, a)`, in `[−π, π]`; a mirroring
    /// transform (negative determinant) gets a negative y scale. When the first row is zero
    /// (the x scale is zero) the rotation is taken as `0`. When the y scale is zero the shear is
    /// reported as `0`. NaN entries give NaN components.
    public func decomposed() -> CGAffineTransformComponents {
        let scaleX = (a * a + b * b).squareRoot()
        let rotation: CGFloat = scaleX == 0 ? 0 : atan2(b, a)
        let cosine = scaleX == 0 ? 1 : a / scaleX
        let sine = scaleX == 0 ? 0 : b / scaleX
        // The second row is sy · (sh·cos θ − sin θ, sh·sin θ + cos θ): project it onto the
        // rotated axes to read sy and sy·sh.
        let scaleY = d * cosine - c * sine
        let scaledShear = c * cosine + d * sine
        let shear: CGFloat = scaleY == 0 ? 0 : scaledShear / scaleY
        return CGAffineTransformComponents(
            scale: CGSize(width: scaleX, height: scaleY),
            horizontalShear: shear,
            rotation: rotation,
            translation: CGVector(dx: tx, dy: ty)
        )
    }
}
