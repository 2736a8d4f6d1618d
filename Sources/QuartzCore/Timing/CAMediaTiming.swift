import CoreGraphics

/// A time interval in seconds, as Core Foundation's `CFTimeInterval` (which Foundation on Linux
/// does not define).
public typealias CFTimeInterval = Double

/// Apple's `CAMediaTiming`: the timing model shared by layers and animations.
///
/// A timed object converts its parent's time `tp` to its own active local time with
/// `t = (tp − beginTime) × speed + timeOffset` (Apple's `CAMediaTiming` header); how the
/// properties combine is ruling E20 in docs/DECISIONS.md.
public protocol CAMediaTiming: AnyObject {
    /// The begin time of the object, in its parent's time space, in seconds. Default 0.
    var beginTime: CFTimeInterval { get set }
    /// The basic duration of the object, in seconds. Default 0.
    var duration: CFTimeInterval { get set }
    /// The rate of local time relative to the parent's. 0 pauses, negative runs backwards.
    /// Default 1.
    var speed: Float { get set }
    /// An additional offset in active local time, in seconds, not scaled by `speed`. Default 0.
    var timeOffset: CFTimeInterval { get set }
    /// The number of repetitions; fractional values are allowed, `.infinity` repeats forever,
    /// 0 means once. Default 0.
    var repeatCount: Float { get set }
    /// How long, in seconds, the object repeats; 0 means not set. Default 0.
    var repeatDuration: CFTimeInterval { get set }
    /// Whether each repetition plays forwards then backwards. Default `false`.
    var autoreverses: Bool { get set }
    /// What the object shows outside its active duration. Default `.removed`.
    var fillMode: CAMediaTimingFillMode { get set }
}

/// How a timed object behaves outside its active duration (Apple's `CAMediaTimingFillMode`).
public struct CAMediaTimingFillMode: RawRepresentable, Hashable, Sendable {
    /// The raw string, as Apple's constants (`"forwards"`, …).
    public var rawValue: String
    /// Wraps a raw string; unknown strings are kept and behave as `.removed`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Wraps a raw string.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// The object keeps its final state after its active duration.
    public static let forwards = CAMediaTimingFillMode("forwards")
    /// The object shows its initial state before its active duration begins.
    public static let backwards = CAMediaTimingFillMode("backwards")
    /// Both `forwards` and `backwards`.
    public static let both = CAMediaTimingFillMode("both")
    /// The object has no effect outside its active duration (the default).
    public static let removed = CAMediaTimingFillMode("removed")
}
