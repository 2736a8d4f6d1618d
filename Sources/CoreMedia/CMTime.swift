/// The numerator of a rational `CMTime`, Apple's `CMTimeValue`.
public typealias CMTimeValue = Int64

/// The denominator of a rational `CMTime`, Apple's `CMTimeScale`: ticks per second.
///
/// Timescales must be positive. Apple recommends 600 to 90000 for movie files;
/// ``kCMTimeMaxTimescale`` is a poor choice for them.
public typealias CMTimeScale = Int32

/// The epoch (for example a loop count) a `CMTime` belongs to, Apple's `CMTimeEpoch`.
///
/// Times in greater epochs come after times in lesser ones; times in different non-zero epochs
/// cannot be added or subtracted. Epoch 0 is the epoch of durations.
public typealias CMTimeEpoch = Int64

/// The largest timescale a `CMTime` can have, `Int32.max` (Apple's `kCMTimeMaxTimescale`).
///
/// Arithmetic whose exact timescale (the least common multiple of the operands') would be
/// larger uses this timescale instead and rounds.
public var kCMTimeMaxTimescale: Int { Int(Int32.max) }

/// The flag bits of a `CMTime`, Apple's `CMTimeFlags`.
///
/// `valid` must be set for any other flag to mean anything: a time without it is invalid
/// whatever else it holds, which is why zero-filled memory is an array of invalid times.
public struct CMTimeFlags: OptionSet, Hashable, Sendable {
    /// The raw bits, as in Apple's C header.
    public let rawValue: UInt32

    /// A set of flags from its raw bits.
    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// The time is valid (bit 0). Must be set, even when other flags are.
    public static let valid = CMTimeFlags(rawValue: 1 << 0)
    /// The time was rounded, or derived from a rounded time (bit 1).
    public static let hasBeenRounded = CMTimeFlags(rawValue: 1 << 1)
    /// The time is +∞ (bit 2); value, timescale and epoch are ignored.
    public static let positiveInfinity = CMTimeFlags(rawValue: 1 << 2)
    /// The time is −∞ (bit 3); value, timescale and epoch are ignored.
    public static let negativeInfinity = CMTimeFlags(rawValue: 1 << 3)
    /// The time is indefinite (unknown, such as a live broadcast's duration) (bit 4); value,
    /// timescale and epoch are ignored.
    public static let indefinite = CMTimeFlags(rawValue: 1 << 4)
    /// The "implied value" flags: `positiveInfinity`, `negativeInfinity` and `indefinite`.
    public static let impliedValueFlagsMask: CMTimeFlags = [
        .positiveInfinity, .negativeInfinity, .indefinite,
    ]
}

/// A time as a rational number of seconds, `value / timescale`, Apple's `CMTime`.
///
/// Besides numeric times a `CMTime` can be invalid, indefinite, +∞ or −∞ (see ``flags``).
/// Equality and ordering are numeric, through ``CMTimeCompare(_:_:)``: `1/2 == 2/4`, and every
/// invalid time equals every other. Arithmetic is exact where the result fits (see
/// ``CMTimeAdd(_:_:)``) and marks the result ``hasBeenRounded`` where it does not.
public struct CMTime: Sendable {
    /// The numerator: `value / timescale` is the time in seconds.
    public var value: CMTimeValue
    /// The denominator, in ticks per second; positive in every numeric time.
    public var timescale: CMTimeScale
    /// Validity, rounding and the implied values (±∞, indefinite).
    public var flags: CMTimeFlags
    /// The epoch the time belongs to; 0 for durations and most timestamps.
    public var epoch: CMTimeEpoch

    /// A time with every field as given, Apple's memberwise initialiser.
    ///
    /// Nothing is checked: a time with `.valid` set and a timescale that is not positive is
    /// treated as invalid by arithmetic and comparison (ruling M2).
    public init(value: CMTimeValue, timescale: CMTimeScale, flags: CMTimeFlags, epoch: CMTimeEpoch) {
        self.value = value
        self.timescale = timescale
        self.flags = flags
        self.epoch = epoch
    }

    /// An invalid time (all fields zero), as `CMTime()` is on Apple's platforms.
    public init() {
        self.init(value: 0, timescale: 0, flags: [], epoch: 0)
    }

    /// A valid time of `value / timescale` seconds in epoch 0, as ``CMTimeMake(value:timescale:)``.
    ///
    /// A timescale that is not positive gives an invalid time (ruling M2).
    public init(value: CMTimeValue, timescale: CMTimeScale) {
        self = CMTimeMake(value: value, timescale: timescale)
    }

    /// The time nearest `seconds` at `preferredTimescale`, as ``CMTimeMakeWithSeconds(_:preferredTimescale:)``.
    public init(seconds: Double, preferredTimescale: CMTimeScale) {
        self = CMTimeMakeWithSeconds(seconds, preferredTimescale: preferredTimescale)
    }
}

extension CMTime {
    /// Time zero, `0/1` (Apple's `kCMTimeZero`). Compare with `==`, as many times equal zero.
    public static let zero = CMTime(value: 0, timescale: 1, flags: .valid, epoch: 0)
    /// An invalid time, all fields zero (Apple's `kCMTimeInvalid`). Test with ``isValid``.
    public static let invalid = CMTime()
    /// An indefinite time (Apple's `kCMTimeIndefinite`). Test with ``isIndefinite``.
    public static let indefinite = CMTime(value: 0, timescale: 0, flags: [.valid, .indefinite], epoch: 0)
    /// Positive infinity (Apple's `kCMTimePositiveInfinity`). Test with ``isPositiveInfinity``.
    public static let positiveInfinity = CMTime(
        value: 0, timescale: 0, flags: [.valid, .positiveInfinity], epoch: 0)
    /// Negative infinity (Apple's `kCMTimeNegativeInfinity`). Test with ``isNegativeInfinity``.
    public static let negativeInfinity = CMTime(
        value: 0, timescale: 0, flags: [.valid, .negativeInfinity], epoch: 0)
}

extension CMTime {
    /// Whether the `valid` flag is set (Apple's `CMTIME_IS_VALID`).
    public var isValid: Bool { flags.contains(.valid) }

    /// Whether the time is valid and +∞ (Apple's `CMTIME_IS_POSITIVEINFINITY`).
    public var isPositiveInfinity: Bool { isValid && flags.contains(.positiveInfinity) }

    /// Whether the time is valid and −∞ (Apple's `CMTIME_IS_NEGATIVEINFINITY`).
    public var isNegativeInfinity: Bool { isValid && flags.contains(.negativeInfinity) }

    /// Whether the time is valid and indefinite (Apple's `CMTIME_IS_INDEFINITE`).
    public var isIndefinite: Bool { isValid && flags.contains(.indefinite) }

    /// Whether the time is valid and none of ±∞ or indefinite, so that `value`, `timescale`
    /// and `epoch` mean something (Apple's `CMTIME_IS_NUMERIC`).
    public var isNumeric: Bool { flags.intersection([.valid, .impliedValueFlagsMask]) == .valid }

    /// Whether the time is numeric and was rounded, or derived from a rounded time
    /// (Apple's `CMTIME_HAS_BEEN_ROUNDED`).
    public var hasBeenRounded: Bool { isNumeric && flags.contains(.hasBeenRounded) }

    /// The time in seconds, as ``CMTimeGetSeconds(_:)``: NaN when invalid or indefinite, ±∞ when
    /// infinite, and `value / timescale` (epoch ignored) otherwise.
    public var seconds: Double { CMTimeGetSeconds(self) }

    /// The time converted to `newTimescale`, as ``CMTimeConvertScale(_:timescale:method:)``.
    public func convertScale(_ newTimescale: Int32, method: CMTimeRoundingMethod) -> CMTime {
        CMTimeConvertScale(self, timescale: newTimescale, method: method)
    }
}

/// A valid time of `value / timescale` seconds in epoch 0 (Apple's `CMTimeMake`).
///
/// A timescale that is not positive gives ``CMTime/invalid`` with the value and timescale kept
/// (ruling M2).
public func CMTimeMake(value: Int64, timescale: Int32) -> CMTime {
    CMTimeMakeWithEpoch(value: value, timescale: timescale, epoch: 0)
}

/// A valid time of `value / timescale` seconds in `epoch` (Apple's `CMTimeMakeWithEpoch`).
///
/// A timescale that is not positive gives an invalid time (ruling M2).
public func CMTimeMakeWithEpoch(value: Int64, timescale: Int32, epoch: Int64) -> CMTime {
    CMTime(value: value, timescale: timescale, flags: timescale > 0 ? .valid : [], epoch: epoch)
}

/// Whether `time` is valid (Apple's `CMTIME_IS_VALID`); see ``CMTime/isValid``.
public func CMTIME_IS_VALID(_ time: CMTime) -> Bool { time.isValid }

/// Whether `time` is invalid (Apple's `CMTIME_IS_INVALID`).
public func CMTIME_IS_INVALID(_ time: CMTime) -> Bool { !time.isValid }

/// Whether `time` is +∞ (Apple's `CMTIME_IS_POSITIVEINFINITY`).
public func CMTIME_IS_POSITIVEINFINITY(_ time: CMTime) -> Bool { time.isPositiveInfinity }

/// Whether `time` is −∞ (Apple's `CMTIME_IS_NEGATIVEINFINITY`).
public func CMTIME_IS_NEGATIVEINFINITY(_ time: CMTime) -> Bool { time.isNegativeInfinity }

/// Whether `time` is indefinite (Apple's `CMTIME_IS_INDEFINITE`).
public func CMTIME_IS_INDEFINITE(_ time: CMTime) -> Bool { time.isIndefinite }

/// Whether `time` is numeric (Apple's `CMTIME_IS_NUMERIC`); see ``CMTime/isNumeric``.
public func CMTIME_IS_NUMERIC(_ time: CMTime) -> Bool { time.isNumeric }

/// Whether `time` has been rounded (Apple's `CMTIME_HAS_BEEN_ROUNDED`).
public func CMTIME_HAS_BEEN_ROUNDED(_ time: CMTime) -> Bool { time.hasBeenRounded }

/// The identifier of a track in a media file, Apple's `CMPersistentTrackID`; 0 is never a track.
public typealias CMPersistentTrackID = Int32

/// The track identifier no track has, Apple's `kCMPersistentTrackID_Invalid` (0).
public var kCMPersistentTrackID_Invalid: CMPersistentTrackID { 0 }
