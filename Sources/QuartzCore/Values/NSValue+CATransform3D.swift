// Apple's NSValue boxing of CATransform3D. Foundation on Linux cannot box arbitrary structs (a
// struct type encoding such as `{CATransform3D=dddddddddddddddd}` traps), so the sixteen entries
// are stored as an array of doubles, Objective-C type encoding `[16d]`.

import CoreGraphics

/// The Objective-C type encoding of a boxed `CATransform3D` on Linux.
private let boxedTransformType = "[16d]"

extension NSValue {
    /// A value that boxes `transform`, Apple's `NSValue(caTransform3D:)`.
    ///
    /// The entries are stored in row-major order (`m11, m12, …, m44`) bit for bit, so
    /// ``caTransform3DValue`` gives back exactly the same transform (NaN payloads and the sign of
    /// zero included). Two boxes are `isEqual` when their entries are bitwise equal.
    public convenience init(caTransform3D transform: CATransform3D) {
        let t = transform
        let entries: [Double] = [
            t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24,
            t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44,
        ].map { Double($0) }
        self.init(bytes: entries, objCType: boxedTransformType)
    }

    /// The transform a value made with `NSValue(caTransform3D:)` holds, Apple's
    /// `caTransform3DValue`.
    ///
    /// Lamina returns the all-zero transform `CATransform3D()` (not the identity) when the value
    /// does not hold sixteen doubles (type encoding `[16d]`), for example an `NSNumber` or a boxed
    /// point; Apple's result for a mismatched value is undefined.
    public var caTransform3DValue: CATransform3D {
        guard String(cString: objCType) == boxedTransformType else { return CATransform3D() }
        var e = [Double](repeating: 0, count: 16)
        e.withUnsafeMutableBytes { buffer in
            if let base = buffer.baseAddress { getValue(base) }
        }
        return CATransform3D(
            m11: CGFloat(e[0]), m12: CGFloat(e[1]), m13: CGFloat(e[2]), m14: CGFloat(e[3]),
            m21: CGFloat(e[4]), m22: CGFloat(e[5]), m23: CGFloat(e[6]), m24: CGFloat(e[7]),
            m31: CGFloat(e[8]), m32: CGFloat(e[9]), m33: CGFloat(e[10]), m34: CGFloat(e[11]),
            m41: CGFloat(e[12]), m42: CGFloat(e[13]), m43: CGFloat(e[14]), m44: CGFloat(e[15]))
    }
}
