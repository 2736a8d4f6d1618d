// Apple's CMTimeAdd/Subtract/Multiply family. Non-numeric operands are resolved first, by the
// tables in Apple's header; numeric ones are combined exactly and rounded once by
// `CMTime.nearest`, which applies the shared timescale rules (least common multiple, cap at
// kCMTimeMaxTimescale, halving on overflow, ±∞ past timescale 1).

extension CMTimeKind {
    /// The kind of the negated time: ±∞ swap, the rest stay.
    var negated: CMTimeKind {
        switch self {
        case .positiveInfinity: return .negativeInfinity
        case .negativeInfinity: return .positiveInfinity
        default: return self
        }
    }

    /// The constant of a non-numeric kind.
    var constant: CMTime {
        switch self {
        case .positiveInfinity: return .positiveInfinity
        case .negativeInfinity: return .negativeInfinity
        case .indefinite: return .indefinite
        case .invalid, .numeric: return .invalid
        }
    }

    var isInfinite: Bool { self == .positiveInfinity || self == .negativeInfinity }
}

/// The sum of two times (Apple's `CMTimeAdd`).
///
/// - Timescale: the operands' if they share one, otherwise their least common multiple; past
///   ``kCMTimeMaxTimescale`` the result has that timescale and is rounded (default method). If
///   the value overflows 64 bits the timescale is halved until it fits; if it still overflows at
///   timescale 1 the result is +∞ or −∞. `hasBeenRounded` is set if anything was rounded or
///   either operand had it.
/// - Special values: invalid in, invalid out. One infinite operand gives that infinity;
///   +∞ + +∞ = +∞, −∞ + −∞ = −∞, +∞ + −∞ = invalid. Otherwise an indefinite operand gives
///   indefinite.
/// - Epochs: numeric operands in different non-zero epochs give invalid; in the same non-zero
///   epoch, a result in epoch 0 (Apple's header, followed literally; ruling M3); an epoch-0
///   operand (a duration) takes the other's epoch.
public func CMTimeAdd(_ lhs: CMTime, _ rhs: CMTime) -> CMTime {
    combine(lhs, rhs, subtracting: false)
}

/// The difference `lhs − rhs` (Apple's `CMTimeSubtract`).
///
/// Timescale, rounding and epoch rules are those of ``CMTimeAdd(_:_:)``. Special values:
/// invalid in, invalid out; +∞ − +∞ and −∞ − −∞ are invalid, +∞ − −∞ = +∞, −∞ − +∞ = −∞
/// (Apple's documentation page misprints this last line; ruling M3); one infinite operand
/// gives the matching infinity (`x − +∞ = −∞`); otherwise an indefinite operand gives indefinite.
public func CMTimeSubtract(_ lhs: CMTime, _ rhs: CMTime) -> CMTime {
    combine(lhs, rhs, subtracting: true)
}

private func combine(_ lhs: CMTime, _ rhs: CMTime, subtracting: Bool) -> CMTime {
    let left = lhs.kind
    let right = subtracting ? rhs.kind.negated : rhs.kind
    if left == .invalid || right == .invalid { return .invalid }
    if left.isInfinite || right.isInfinite {
        if left.isInfinite && right.isInfinite { return left == right ? left.constant : .invalid }
        return left.isInfinite ? left.constant : right.constant
    }
    if left == .indefinite || right == .indefinite { return .indefinite }
    let epoch: Int64
    switch (lhs.epoch, rhs.epoch) {
    case (let a, let b) where a == b: epoch = 0
    case (0, let b): epoch = b
    case (let a, 0): epoch = a
    default: return .invalid
    }
    let scale = leastCommonMultiple(lhs.timescale, rhs.timescale)
    let a = Int128(lhs.value) * Int128(scale / Int64(lhs.timescale))
    let b = Int128(rhs.value) * Int128(scale / Int64(rhs.timescale))
    return .nearest(
        subtracting ? a - b : a + b, over: Int128(scale), timescale: scale, epoch: epoch,
        rounded: lhs.roundedBit || rhs.roundedBit)
}

/// `time × multiplier` (Apple's `CMTimeMultiply`).
///
/// The result keeps the time's timescale and epoch, halving the timescale while the value
/// overflows (default rounding, `hasBeenRounded`), and is ±∞ if it overflows at timescale 1.
/// Invalid stays invalid, indefinite stays indefinite; an infinity changes sign with a negative
/// multiplier (× 0 leaves it as it is; ruling M4).
public func CMTimeMultiply(_ time: CMTime, multiplier: Int32) -> CMTime {
    let kind = time.kind
    guard kind == .numeric else { return multiplier < 0 ? kind.negated.constant : kind.constant }
    return .nearest(
        Int128(time.value) * Int128(multiplier), over: Int128(time.timescale),
        timescale: Int64(time.timescale), epoch: time.epoch, rounded: time.roundedBit)
}

/// `time × multiplier / divisor`, exact where it can be (Apple's `CMTimeMultiplyByRatio`).
///
/// The result's timescale is the smallest multiple of the time's timescale that holds the
/// exact result, else the reduced fraction's denominator; when neither fits (timescale past
/// ``kCMTimeMaxTimescale`` or value past 64 bits) it is rounded at ``kCMTimeMaxTimescale``,
/// halved while the value overflows, and ±∞ past timescale 1 (ruling M4). A divisor of 0 gives
/// invalid. Special values as ``CMTimeMultiply(_:multiplier:)``, the sign of an infinity
/// following the signs of both integers.
public func CMTimeMultiplyByRatio(_ time: CMTime, multiplier: Int32, divisor: Int32) -> CMTime {
    let kind = time.kind
    guard divisor != 0 else { return .invalid }
    guard kind == .numeric else {
        return (multiplier < 0) != (divisor < 0) ? kind.negated.constant : kind.constant
    }
    var product = Int128(time.value) * Int128(multiplier)
    var ratioDivisor = Int128(divisor)
    if ratioDivisor < 0 { (product, ratioDivisor) = (-product, -ratioDivisor) }
    // The smallest multiple of the time's own timescale.
    let common = greatestCommonDivisor(product.magnitude, ratioDivisor.magnitude)
    let stretched = Int128(time.timescale) * (ratioDivisor / Int128(common))
    if let timescale = Int32(exactly: stretched), let value = Int64(exactly: product / Int128(common)) {
        return .numeric(value: value, timescale: timescale, epoch: time.epoch, rounded: time.roundedBit)
    }
    // The reduced fraction.
    let denominator = Int128(time.timescale) * ratioDivisor
    let reduced = Int128(greatestCommonDivisor(product.magnitude, denominator.magnitude))
    if let timescale = Int32(exactly: denominator / reduced), let value = Int64(exactly: product / reduced) {
        return .numeric(value: value, timescale: timescale, epoch: time.epoch, rounded: time.roundedBit)
    }
    return .nearest(
        product, over: denominator, timescale: Int64(kCMTimeMaxTimescale), epoch: time.epoch,
        rounded: time.roundedBit)
}

/// The absolute value of a time (Apple's `CMTimeAbsoluteValue`).
///
/// A negative numeric time is negated, keeping its timescale and epoch (`Int64.min` does not
/// negate in 64 bits: its timescale is halved, as in arithmetic); −∞ becomes +∞; invalid,
/// indefinite and +∞ are returned unchanged.
public func CMTimeAbsoluteValue(_ time: CMTime) -> CMTime {
    switch time.kind {
    case .negativeInfinity: return .positiveInfinity
    case .numeric where time.value < 0:
        return .nearest(
            -Int128(time.value), over: Int128(time.timescale), timescale: Int64(time.timescale),
            epoch: time.epoch, rounded: time.roundedBit)
    default: return time
    }
}

extension CMTime {
    /// The sum of two times, ``CMTimeAdd(_:_:)``.
    public static func + (addend1: CMTime, addend2: CMTime) -> CMTime {
        CMTimeAdd(addend1, addend2)
    }

    /// The difference of two times, ``CMTimeSubtract(_:_:)``.
    public static func - (minuend: CMTime, subtrahend: CMTime) -> CMTime {
        CMTimeSubtract(minuend, subtrahend)
    }
}
