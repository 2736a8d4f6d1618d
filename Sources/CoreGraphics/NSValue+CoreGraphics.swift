// Apple's UIKit/AppKit-era NSValue boxing of CoreGraphics values, as the `cg…` names iOS uses.
// Foundation on Linux boxes points, sizes and rects under `init(point:)` / `pointValue` and so on;
// the `cg…` forms wrap those. Foundation on Linux cannot box arbitrary structs, so a transform is
// stored as an array of six doubles (Objective-C type encoding `[6d]`).

/// The Objective-C type encodings Foundation on Linux gives its boxed geometry values.
private enum BoxedType {
    static let point = "{CGPoint=dd}"
    static let size = "{CGSize=dd}"
    static let rect = "{CGRect={CGPoint=dd}{CGSize=dd}}"
    static let affineTransform = "[6d]"
}

extension NSValue {
    /// The Objective-C type encoding of the boxed value, as a Swift string.
    private var boxedType: String {
        String(cString: objCType)
    }

    /// A value that boxes `transform`, Apple's `NSValue(cgAffineTransform:)`.
    ///
    /// The six entries are stored in the order `a, b, c, d, tx, ty`, bit for bit (NaN included);
    /// two boxes are `isEqual` when their entries are bitwise equal.
    public convenience init(cgAffineTransform transform: CGAffineTransform) {
        let entries: [Double] = [
            transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty,
        ]
        .map { Double($0) }
        let type = BoxedType.affineTransform
        self.init(bytes: entries, objCType: type)
    }

    /// The transform a value made with `NSValue(cgAffineTransform:)` holds.
    ///
    /// Lamina returns `.identity` when the value holds something else (Apple's result for a
    /// mismatched value is undefined).
    public var cgAffineTransformValue: CGAffineTransform {
        guard boxedType == BoxedType.affineTransform else { return .identity }
        var entries = [Double](repeating: 0, count: 6)
        entries.withUnsafeMutableBytes { buffer in
            if let base = buffer.baseAddress { getValue(base) }
        }
        return CGAffineTransform(
            a: CGFloat(entries[0]),
            b: CGFloat(entries[1]),
            c: CGFloat(entries[2]),
            d: CGFloat(entries[3]),
            tx: CGFloat(entries[4]),
            ty: CGFloat(entries[5])
        )
    }

    /// A value that boxes `point`, Apple's `NSValue(cgPoint:)`; the same box as
    /// Foundation's `NSValue(point:)`.
    public convenience init(cgPoint point: CGPoint) {
        self.init(point: point)
    }

    /// The point a value made with `NSValue(cgPoint:)` (or `NSValue(point:)`) holds.
    ///
    /// Lamina returns `.zero` when the value holds something else, where Foundation's
    /// `pointValue` would trap.
    public var cgPointValue: CGPoint {
        boxedType == BoxedType.point ? pointValue : .zero
    }

    /// A value that boxes `size`, Apple's `NSValue(cgSize:)`; the same box as
    /// Foundation's `NSValue(size:)`.
    public convenience init(cgSize size: CGSize) {
        self.init(size: size)
    }

    /// The size a value made with `NSValue(cgSize:)` (or `NSValue(size:)`) holds.
    ///
    /// Lamina returns `.zero` when the value holds something else, where Foundation's
    /// `sizeValue` would trap.
    public var cgSizeValue: CGSize {
        boxedType == BoxedType.size ? sizeValue : .zero
    }

    /// A value that boxes `rect`, Apple's `NSValue(cgRect:)`; the same box as
    /// Foundation's `NSValue(rect:)`.
    public convenience init(cgRect rect: CGRect) {
        self.init(rect: rect)
    }

    /// The rectangle a value made with `NSValue(cgRect:)` (or `NSValue(rect:)`) holds.
    ///
    /// Lamina returns `.zero` when the value holds something else, where Foundation's
    /// `rectValue` would trap.
    public var cgRectValue: CGRect {
        boxedType == BoxedType.rect ? rectValue : .zero
    }
}
