// Foundation on Linux has `CGFloat`, `CGPoint`, `CGSize` and `CGRect` but no `CGVector`; Apple's
// platforms declare it next to them. Lamina supplies it here, with Apple's members.

/// A two-dimensional vector, Apple's `CGVector`.
///
/// The components are plain `CGFloat`s with no unit of their own: a translation in
/// `CGAffineTransformComponents` is in the coordinate space's units (points for layers).
/// Like `CGPoint`, the components are stored as given; NaN and infinities are kept.
public struct CGVector: Equatable, Hashable, Sendable {
    /// The x component of the vector.
    public var dx: CGFloat
    /// The y component of the vector.
    public var dy: CGFloat

    /// The zero vector, `(0, 0)`, as Apple's parameterless initialiser returns it.
    public init() {
        self.dx = 0
        self.dy = 0
    }

    /// A vector with the given components.
    public init(dx: CGFloat, dy: CGFloat) {
        self.dx = dx
        self.dy = dy
    }

    /// A vector with the given components, converted from `Double`.
    public init(dx: Double, dy: Double) {
        self.init(dx: CGFloat(dx), dy: CGFloat(dy))
    }

    /// A vector with the given components, converted from `Int`.
    public init(dx: Int, dy: Int) {
        self.init(dx: CGFloat(dx), dy: CGFloat(dy))
    }

    /// The zero vector, `(0, 0)`.
    public static let zero = CGVector()
}

extension CGVector: Codable {
    /// Decodes a vector from an unkeyed container of two numbers, `[dx, dy]`, as Apple encodes it.
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        let dx = try container.decode(CGFloat.self)
        let dy = try container.decode(CGFloat.self)
        self.init(dx: dx, dy: dy)
    }

    /// Encodes the vector as an unkeyed container of two numbers, `[dx, dy]`, as Apple does.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(dx)
        try container.encode(dy)
    }
}

extension CGVector: CustomDebugStringConvertible {
    /// `"(dx, dy)"`, as Apple's `CGVector` describes itself in the debugger.
    public var debugDescription: String {
        "(\(dx), \(dy))"
    }
}
