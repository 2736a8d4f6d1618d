import CoreGraphics

/// A projective map of the plane, `[x' y' w'] = [x y 1] · H`, then `(x'/w', y'/w')`: what a 4×4
/// `CATransform3D` does to the z = 0 plane of a layer that is flattened into its parent's plane.
///
/// Built from rows and columns 1, 2 and 4 of the 4×4 matrix (z in is 0, z out is dropped).
package struct Homography: Equatable, Sendable {
    /// The nine entries, row-major: `m[0...2]` is the first row.
    package var m: [CGFloat]

    /// The identity map.
    package static let identity = Homography(m: [1, 0, 0, 0, 1, 0, 0, 0, 1])

    package init(m: [CGFloat]) {
        self.m = m
    }

    /// The map of the z = 0 plane under `t`, flattened back to z = 0.
    package init(_ t: CATransform3D) {
        m = [t.m11, t.m12, t.m14, t.m21, t.m22, t.m24, t.m41, t.m42, t.m44]
    }

    /// `self` then `other`.
    package func concatenating(_ other: Homography) -> Homography {
        let a = m
        let b = other.m
        var r = [CGFloat](repeating: 0, count: 9)
        for i in 0..<3 {
            for j in 0..<3 {
                r[i * 3 + j] = a[i * 3] * b[j] + a[i * 3 + 1] * b[3 + j] + a[i * 3 + 2] * b[6 + j]
            }
        }
        return Homography(m: r)
    }

    /// The inverse map. A singular map (a layer seen edge-on, a zero scale) has none: every
    /// entry of the result is NaN, so points mapped by it are NaN and hit nothing.
    package func inverted() -> Homography {
        let (a, b, c, d, e, f, g, h, i) = (m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8])
        let c00 = e * i - f * h
        let c01 = -(d * i - f * g)
        let c02 = d * h - e * g
        let det = a * c00 + b * c01 + c * c02
        guard det != 0, det.isFinite else { return Homography(m: Array(repeating: .nan, count: 9)) }
        let inv: [CGFloat] = [
            c00, -(b * i - c * h), b * f - c * e,
            c01, a * i - c * g, -(a * f - c * d),
            c02, -(a * h - b * g), a * e - b * d,
        ]
        return Homography(m: inv.map { $0 / det })
    }

    /// Maps a point, dividing by w. A point at w = 0 (on the horizon) maps to infinities or NaN,
    /// never a trap.
    package func apply(_ p: CGPoint) -> CGPoint {
        let x = p.x * m[0] + p.y * m[3] + m[6]
        let y = p.x * m[1] + p.y * m[4] + m[7]
        let w = p.x * m[2] + p.y * m[5] + m[8]
        if w == 1 { return CGPoint(x: x, y: y) }
        return CGPoint(x: x / w, y: y / w)
    }
}
