/// A 2D affine transformation matrix, Apple's `CGAffineTransform`.
///
/// The matrix is used with row vectors, as on Apple's platforms:
///
///     [x' y' 1] = [x y 1] · | a  b  0 |
///                           | c  d  0 |
///                           | tx ty 1 |
///
/// so `x' = a·x + c·y + tx` and `y' = b·x + d·y + ty`.
public struct CGAffineTransform: Equatable, Hashable, Sendable {
    /// The entry at position [1,1] of the matrix.
    public var a: CGFloat
    /// The entry at position [1,2] of the matrix.
    public var b: CGFloat
    /// The entry at position [2,1] of the matrix.
    public var c: CGFloat
    /// The entry at position [2,2] of the matrix.
    public var d: CGFloat
    /// The entry at position [3,1] of the matrix: the x translation.
    public var tx: CGFloat
    /// The entry at position [3,2] of the matrix: the y translation.
    public var ty: CGFloat

    /// The identity transform, as Apple's parameterless initialiser returns it.
    public init() {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
    }

    /// A transform with the given matrix entries.
    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    /// A transform with the given matrix entries, unlabelled, in the order `a, b, c, d, tx, ty`.
    public init(_ a: CGFloat, _ b: CGFloat, _ c: CGFloat, _ d: CGFloat, _ tx: CGFloat, _ ty: CGFloat) {
        self.init(a: a, b: b, c: c, d: d, tx: tx, ty: ty)
    }

    /// The identity transform.
    public static let identity = CGAffineTransform()
}
