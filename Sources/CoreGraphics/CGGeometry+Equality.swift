import Foundation

// Apple's CoreGraphics imports `CGPointEqualToPoint`, `CGSizeEqualToSize` and `CGRectEqualToRect`
// as these methods; Foundation on Linux has the types but not the methods.

extension CGPoint {
    /// Whether both coordinates are equal to `point2`'s, as Apple's `CGPointEqualToPoint`. A NaN
    /// coordinate is equal to nothing, itself included.
    public func equalTo(_ point2: CGPoint) -> Bool {
        x == point2.x && y == point2.y
    }
}

extension CGSize {
    /// Whether both dimensions are equal to `size2`'s, as Apple's `CGSizeEqualToSize`; negative
    /// sizes are compared as they are (`(-1, 2)` is not `(1, 2)`).
    public func equalTo(_ size2: CGSize) -> Bool {
        width == size2.width && height == size2.height
    }
}

extension CGRect {
    /// Whether this rectangle covers the same area as `rect2`, as Apple's `CGRectEqualToRect`:
    /// both are compared standardized, so `(10, 10, −10, −10)` equals `(0, 0, 10, 10)`, and the
    /// null rectangle equals only itself (whatever its stored origin).
    public func equalTo(_ rect2: CGRect) -> Bool {
        if isNull || rect2.isNull { return isNull && rect2.isNull }
        let a = standardized
        let b = rect2.standardized
        return a.origin.x == b.origin.x && a.origin.y == b.origin.y && a.size.width == b.size.width
            && a.size.height == b.size.height
    }
}
