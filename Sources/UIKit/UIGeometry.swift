import QuartzCore

/// Distances inward from each edge of a rectangle, in points (UIKit's `UIEdgeInsets`). Positive
/// values shrink a rectangle, negative ones grow it.
public struct UIEdgeInsets: Hashable, Sendable {
    /// The inset from the top edge.
    public var top: CGFloat
    /// The inset from the left edge.
    public var left: CGFloat
    /// The inset from the bottom edge.
    public var bottom: CGFloat
    /// The inset from the right edge.
    public var right: CGFloat

    /// Insets of the four given distances.
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// All four insets 0.
    public init() {
        self.init(top: 0, left: 0, bottom: 0, right: 0)
    }

    /// All four insets 0.
    public static let zero = UIEdgeInsets()
}

extension CGRect {
    /// The rectangle with each edge moved inward by `insets` (outward for negative insets), as
    /// UIKit's inline `UIEdgeInsetsInsetRect` computes it: the origin moves by (`left`, `top`)
    /// and the size shrinks by the insets' sums. The result is not standardised, so insets
    /// larger than the rectangle give a negative width or height.
    public func inset(by insets: UIEdgeInsets) -> CGRect {
        CGRect(
            x: origin.x + insets.left, y: origin.y + insets.top,
            width: size.width - (insets.left + insets.right),
            height: size.height - (insets.top + insets.bottom))
    }
}

extension NSCoder {
    /// The point a string in UIKit's `"{x, y}"` form describes (`NSCoder.string(for:)` and
    /// `NSStringFromCGPoint` write it): its first two numbers; a missing number is 0, so a string
    /// without numbers gives `.zero` (ruling U20).
    public static func cgPoint(for string: String) -> CGPoint {
        let numbers = structNumbers(in: string, count: 2)
        return CGPoint(x: numbers[0], y: numbers[1])
    }

    /// The size a string in UIKit's `"{width, height}"` form describes (missing numbers are 0).
    public static func cgSize(for string: String) -> CGSize {
        let numbers = structNumbers(in: string, count: 2)
        return CGSize(width: numbers[0], height: numbers[1])
    }

    /// The rectangle a string in UIKit's `"{{x, y}, {width, height}}"` form describes (missing
    /// numbers are 0).
    public static func cgRect(for string: String) -> CGRect {
        let numbers = structNumbers(in: string, count: 4)
        return CGRect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
    }

    /// The first `count` finite numbers in `string`, padded with zeros. A number is a run of
    /// digits, signs, points and exponent letters that `Double` parses; other runs are skipped.
    private static func structNumbers(in string: String, count: Int) -> [CGFloat] {
        let tokens = string.split { !("0123456789+-.eE".contains($0)) }
        var numbers = tokens.compactMap { Double($0) }.filter(\.isFinite).prefix(count).map { CGFloat($0) }
        while numbers.count < count { numbers.append(0) }
        return numbers
    }
}
