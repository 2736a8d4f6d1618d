// Conversions between CMTime and floating-point seconds, and CMTimeConvertScale. A finite
// Double is exactly mantissa × 2^exponent, so these are computed exactly in integers and rounded
// once, instead of through a floating-point product that rounds twice.

/// A finite, non-zero `Double` as `mantissa × 2^exponent`, with the sign in the mantissa.
private func binaryParts(_ x: Double) -> (mantissa: Int64, exponent: Int) {
    let bits = Int64(x.significandBitPattern)
    let parts = x.isNormal ? (bits | (1 << 52), Int(x.exponent) - 52) : (bits, -1074)
    return (x.sign == .minus ? -parts.0 : parts.0, parts.1)
}

/// `value × 2^shift` rounded with the default method, or `nil` if it does not fit in 64 bits.
private func shifted(_ value: Int128, by shift: Int) -> RoundedQuotient? {
    if value == 0 { return RoundedQuotient(value: 0, inexact: false) }
    if shift >= 0 {
        guard shift < 64, shift < value.magnitude.leadingZeroBitCount - 1 else { return nil }
        let result = value << shift
        return Int64(exactly: result) == nil ? nil : RoundedQuotient(value: result, inexact: false)
    }
    guard -shift < 127 else { return RoundedQuotient(value: 0, inexact: true) }
    let quotient = CMTimeRoundingMethod.default.divide(value, by: Int128(1) << -shift)
    return Int64(exactly: quotient.value) == nil ? nil : quotient
}

/// The time nearest `seconds` at `preferredTimescale` (Apple's `CMTimeMakeWithSeconds`).
///
/// The value is `seconds × preferredTimescale` rounded half away from zero. While it overflows
/// 64 bits the timescale is halved; past timescale 1 the result is ±∞. `hasBeenRounded` is set
/// when the time, turned back into seconds, is not exactly `seconds` (Apple's wording; so
/// 0.1 s at 600 is 60/600, not rounded). A timescale that is not positive, or NaN, gives
/// invalid; ±∞ seconds give ±∞ (ruling M5). The epoch is 0.
public func CMTimeMakeWithSeconds(_ seconds: Float64, preferredTimescale: Int32) -> CMTime {
    guard preferredTimescale > 0, !seconds.isNaN else { return .invalid }
    if seconds.isInfinite { return seconds < 0 ? .negativeInfinity : .positiveInfinity }
    if seconds == 0 { return .numeric(value: 0, timescale: preferredTimescale, epoch: 0, rounded: false) }
    let (mantissa, exponent) = binaryParts(seconds)
    var scale = preferredTimescale
    while scale >= 1 {
        if let value = shifted(Int128(mantissa) * Int128(scale), by: exponent) {
            let exactValue = Int64(value.value)
            let roundTrip = Double(exactValue) / Double(scale)
            return .numeric(value: exactValue, timescale: scale, epoch: 0, rounded: roundTrip != seconds)
        }
        scale /= 2
    }
    return seconds < 0 ? .negativeInfinity : .positiveInfinity
}

/// The time in seconds (Apple's `CMTimeGetSeconds`).
///
/// NaN for invalid and indefinite times, ±∞ for infinite ones, and `value / timescale` computed
/// in `Double` for numeric ones; the epoch is ignored.
public func CMTimeGetSeconds(_ time: CMTime) -> Float64 {
    switch time.kind {
    case .numeric: return Double(time.value) / Double(time.timescale)
    case .positiveInfinity: return .infinity
    case .negativeInfinity: return -.infinity
    case .invalid, .indefinite: return .nan
    }
}

/// `time × multiplier` for a floating-point multiplier (Apple's `CMTimeMultiplyByFloat64`).
///
/// The result starts from the time's timescale, doubled until it is at least 65536 (30 becomes
/// 122880); while the value overflows, the timescale is halved, and past timescale 1 the result
/// is ±∞. Rounding is the default method, exact (the multiplier's binary value is used), and
/// sets `hasBeenRounded`, as does a rounded time. Invalid stays invalid, indefinite stays
/// indefinite, an infinity takes the sign of the product. A NaN multiplier, or an infinite one
/// times zero, gives invalid; an infinite multiplier times a non-zero time gives ±∞ (ruling M5).
public func CMTimeMultiplyByFloat64(_ time: CMTime, multiplier: Float64) -> CMTime {
    let kind = time.kind
    if multiplier.isNaN || kind == .invalid { return .invalid }
    guard kind == .numeric else { return multiplier < 0 ? kind.negated.constant : kind.constant }
    if multiplier.isInfinite {
        guard time.value != 0 else { return .invalid }
        return (time.value < 0) != (multiplier < 0) ? .negativeInfinity : .positiveInfinity
    }
    var scale = Int64(time.timescale)
    var shift = 0
    while scale < 65536 {
        scale *= 2
        shift += 1
    }
    guard multiplier != 0 else {
        return .numeric(value: 0, timescale: Int32(scale), epoch: time.epoch, rounded: time.roundedBit)
    }
    let (mantissa, exponent) = binaryParts(multiplier)
    let product = Int128(time.value) * Int128(mantissa)
    shift += exponent
    // At `scale` (time.timescale × 2^k) the value is exactly product × 2^shift.
    while scale >= 1 {
        if let value = shifted(product, by: shift) {
            return .numeric(
                value: Int64(value.value), timescale: Int32(scale), epoch: time.epoch,
                rounded: time.roundedBit || value.inexact)
        }
        guard scale % 2 == 0 else { break }
        scale /= 2
        shift -= 1
    }
    return halvedInDouble(time, multiplier: multiplier, from: scale / 2)
}

/// The overflow tail of ``CMTimeMultiplyByFloat64(_:multiplier:)`` once halving leaves an odd
/// timescale, where the value is no longer a shift of the product: computed in `Double`
/// (the value is at least 2³² there, so within half a tick) and marked rounded.
private func halvedInDouble(_ time: CMTime, multiplier: Float64, from start: Int64) -> CMTime {
    var scale = start
    while scale >= 1 {
        let value = (Double(time.value) * multiplier * Double(scale) / Double(time.timescale))
            .rounded(.toNearestOrAwayFromZero)
        if let exact = Int64(exactly: value) {
            return .numeric(value: exact, timescale: Int32(scale), epoch: time.epoch, rounded: true)
        }
        scale /= 2
    }
    return (time.value < 0) != (multiplier < 0) ? .negativeInfinity : .positiveInfinity
}

/// `time` in another timescale (Apple's `CMTimeConvertScale`).
///
/// The value is `value × newTimescale / timescale` rounded by `method`; `hasBeenRounded` is set
/// if that rounds, and kept if the time had it. Non-numeric times are returned unchanged; a
/// timescale that is not positive gives invalid, and a value that cannot be held in 64 bits at
/// the new timescale gives ±∞ (ruling M5). The epoch is kept.
public func CMTimeConvertScale(_ time: CMTime, timescale newTimescale: Int32, method: CMTimeRoundingMethod)
    -> CMTime
{
    guard time.kind == .numeric else { return time }
    guard newTimescale > 0 else { return .invalid }
    let quotient = method.divide(
        Int128(time.value) * Int128(newTimescale), by: Int128(time.timescale),
        oldTimescale: Int64(time.timescale), newTimescale: Int64(newTimescale))
    guard let value = Int64(exactly: quotient.value) else {
        return quotient.value < 0 ? .negativeInfinity : .positiveInfinity
    }
    return .numeric(
        value: value, timescale: newTimescale, epoch: time.epoch, rounded: time.roundedBit || quotient.inexact
    )
}
