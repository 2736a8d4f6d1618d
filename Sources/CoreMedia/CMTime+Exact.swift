// Exact rational arithmetic under CMTime: every result is computed as a fraction of 128-bit
// integers and rounded once, into the timescale Apple's rules choose.

/// What a `CMTime` stands for, once its flags are read.
enum CMTimeKind: Int, Comparable {
    // Raw values are CMTimeCompare's order: −∞ < numeric < indefinite < +∞ < invalid.
    case negativeInfinity = 0
    case numeric = 1
    case indefinite = 2
    case positiveInfinity = 3
    case invalid = 4

    static func < (lhs: CMTimeKind, rhs: CMTimeKind) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension CMTime {
    /// The kind of time this is. Without `.valid`, or numeric with a timescale that is not
    /// positive, it is invalid; of the implied-value flags, +∞ wins over −∞, and both over
    /// indefinite (ruling M2).
    var kind: CMTimeKind {
        guard isValid else { return .invalid }
        if flags.contains(.positiveInfinity) { return .positiveInfinity }
        if flags.contains(.negativeInfinity) { return .negativeInfinity }
        if flags.contains(.indefinite) { return .indefinite }
        return timescale > 0 ? .numeric : .invalid
    }

    /// Whether the `hasBeenRounded` bit is set, whatever the kind.
    var roundedBit: Bool { flags.contains(.hasBeenRounded) }

    /// A numeric time, with `hasBeenRounded` when `rounded`.
    static func numeric(value: Int64, timescale: Int32, epoch: Int64, rounded: Bool) -> CMTime {
        CMTime(
            value: value, timescale: timescale, flags: rounded ? [.valid, .hasBeenRounded] : .valid,
            epoch: epoch)
    }

    /// The time nearest `numerator / denominator` seconds (denominator positive) at
    /// `timescale`, rounded with the default method.
    ///
    /// A timescale past ``kCMTimeMaxTimescale`` becomes ``kCMTimeMaxTimescale``; while the value
    /// does not fit in 64 bits the timescale is halved (Apple's rule for every arithmetic
    /// function); if it does not fit at timescale 1, the result is +∞ or −∞.
    static func nearest(
        _ numerator: Int128, over denominator: Int128, timescale: Int64, epoch: Int64, rounded: Bool
    ) -> CMTime {
        var scale = min(timescale, Int64(kCMTimeMaxTimescale))
        while scale >= 1 {
            let (scaled, overflow) = numerator.multipliedReportingOverflow(by: Int128(scale))
            if !overflow {
                let quotient = CMTimeRoundingMethod.default.divide(scaled, by: denominator)
                if let value = Int64(exactly: quotient.value) {
                    return .numeric(
                        value: value, timescale: Int32(scale), epoch: epoch,
                        rounded: rounded || quotient.inexact)
                }
            }
            scale /= 2
        }
        return numerator < 0 ? .negativeInfinity : .positiveInfinity
    }
}

/// The greatest common divisor of two non-negative integers (`gcd(0, 0) == 0`).
func greatestCommonDivisor<T: BinaryInteger>(_ a: T, _ b: T) -> T {
    var (x, y) = (a, b)
    while y != 0 { (x, y) = (y, x % y) }
    return x
}

/// The least common multiple of two positive timescales (at most 2⁶², so it always fits).
func leastCommonMultiple(_ a: Int32, _ b: Int32) -> Int64 {
    let (x, y) = (Int64(a), Int64(b))
    return x / greatestCommonDivisor(x, y) * y
}
