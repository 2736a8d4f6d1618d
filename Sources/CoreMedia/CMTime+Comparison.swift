/// The order of two times: −1 when `time1 < time2`, 0 when equal, 1 when greater
/// (Apple's `CMTimeCompare`).
///
/// Every time has a place, so that sorting always terminates (Apple's order):
/// `−∞ < numeric times < indefinite < +∞ < invalid`. All invalid times are equal, as are all
/// +∞, all −∞ and all indefinite times. Numeric times in different epochs are ordered by epoch;
/// in the same epoch by value, exactly (`1/2 == 2/4`, whatever the `hasBeenRounded` flags).
public func CMTimeCompare(_ time1: CMTime, _ time2: CMTime) -> Int32 {
    let (kind1, kind2) = (time1.kind, time2.kind)
    if kind1 != kind2 { return kind1 < kind2 ? -1 : 1 }
    guard kind1 == .numeric else { return 0 }
    if time1.epoch != time2.epoch { return time1.epoch < time2.epoch ? -1 : 1 }
    let left = Int128(time1.value) * Int128(time2.timescale)
    let right = Int128(time2.value) * Int128(time1.timescale)
    return left == right ? 0 : (left < right ? -1 : 1)
}

/// The lesser of two times by ``CMTimeCompare(_:_:)`` (Apple's `CMTimeMinimum`); `time1` when they
/// are equal (ruling M6). An invalid time is the greatest, so the other time is returned.
public func CMTimeMinimum(_ time1: CMTime, _ time2: CMTime) -> CMTime {
    CMTimeCompare(time2, time1) < 0 ? time2 : time1
}

/// The greater of two times by ``CMTimeCompare(_:_:)`` (Apple's `CMTimeMaximum`); `time1` when
/// they are equal (ruling M6). An invalid time is the greatest, so it is returned.
public func CMTimeMaximum(_ time1: CMTime, _ time2: CMTime) -> CMTime {
    CMTimeCompare(time2, time1) > 0 ? time2 : time1
}

extension CMTime: Comparable, Hashable {
    /// Whether two times are equal by ``CMTimeCompare(_:_:)``: numerically (`1/2 == 2/4`), and
    /// every invalid time equals every other.
    public static func == (time1: CMTime, time2: CMTime) -> Bool {
        CMTimeCompare(time1, time2) == 0
    }

    /// Whether `time1` comes before `time2` in ``CMTimeCompare(_:_:)``'s order.
    public static func < (time1: CMTime, time2: CMTime) -> Bool {
        CMTimeCompare(time1, time2) < 0
    }

    /// Hashes what `==` compares: the kind, and for a numeric time its epoch and its value as a
    /// reduced fraction, so that `1/2` and `2/4` hash alike.
    public func hash(into hasher: inout Hasher) {
        let kind = self.kind
        hasher.combine(kind.rawValue)
        guard kind == .numeric else { return }
        let divisor = Int128(greatestCommonDivisor(value.magnitude, UInt64(timescale)))
        hasher.combine(epoch)
        hasher.combine(Int128(value) / divisor)
        hasher.combine(Int128(timescale) / divisor)
    }
}
