/// How a value is rounded when a time moves to another timescale, Apple's `CMTimeRoundingMethod`.
///
/// The fraction meant below is the part of the exact value, in ticks of the new timescale,
/// that the integer value cannot hold. Arithmetic (``CMTimeAdd(_:_:)`` and the rest) always
/// rounds with ``default``; ``CMTimeConvertScale(_:timescale:method:)`` takes any method.
public enum CMTimeRoundingMethod: UInt32, Sendable {
    /// Toward zero when |fraction| < 0.5, away from zero when |fraction| ≥ 0.5:
    /// 2.5 → 3, −2.5 → −3, 2.4 → 2.
    case roundHalfAwayFromZero = 1
    /// Toward zero whenever the fraction is not zero (truncation): 2.9 → 2, −2.9 → −2.
    case roundTowardZero = 2
    /// Away from zero whenever the fraction is not zero: 2.1 → 3, −2.1 → −3.
    case roundAwayFromZero = 3
    /// QuickTime's rule: ``roundTowardZero`` when converting to a smaller timescale (less
    /// precision), ``roundAwayFromZero`` when converting to a larger one; and a negative time never
    /// rounds to 0, but to −1/newTimescale.
    case quickTime = 4
    /// Toward +∞ whenever the fraction is not zero: 2.1 → 3, −2.9 → −2.
    case roundTowardPositiveInfinity = 5
    /// Toward −∞ whenever the fraction is not zero: 2.9 → 2, −2.1 → −3.
    case roundTowardNegativeInfinity = 6

    /// The method arithmetic uses: ``roundHalfAwayFromZero`` (Apple's
    /// `kCMTimeRoundingMethod_Default`, the same raw value 1).
    public static let `default` = CMTimeRoundingMethod.roundHalfAwayFromZero
}

/// A quotient with the rounding that produced it.
struct RoundedQuotient {
    /// The rounded quotient.
    var value: Int128
    /// Whether the division left a remainder (whichever way it was rounded).
    var inexact: Bool
}

extension CMTimeRoundingMethod {
    /// `numerator / denominator` rounded by this method; `denominator` must be positive.
    ///
    /// `oldTimescale` and `newTimescale` only matter to ``quickTime``, which truncates when the
    /// new timescale is smaller than the old one and rounds away from zero otherwise.
    func divide(
        _ numerator: Int128, by denominator: Int128, oldTimescale: Int64 = 0, newTimescale: Int64 = 0
    ) -> RoundedQuotient {
        precondition(denominator > 0, "a timescale division needs a positive denominator")
        let negative = numerator < 0
        let magnitude = numerator.magnitude
        let divisor = denominator.magnitude
        var quotient = magnitude / divisor
        let remainder = magnitude % divisor
        if remainder != 0 {
            if roundsMagnitudeUp(
                remainder: remainder, divisor: divisor, negative: negative,
                oldTimescale: oldTimescale, newTimescale: newTimescale)
            {
                quotient += 1
            } else if self == .quickTime && negative && quotient == 0 {
                quotient = 1  // never round a negative time to zero
            }
        }
        let signed = Int128(quotient)
        return RoundedQuotient(value: negative ? -signed : signed, inexact: remainder != 0)
    }

    private func roundsMagnitudeUp(
        remainder: UInt128, divisor: UInt128, negative: Bool, oldTimescale: Int64, newTimescale: Int64
    ) -> Bool {
        switch self {
        case .roundHalfAwayFromZero: return remainder >= divisor - remainder
        case .roundTowardZero: return false
        case .roundAwayFromZero: return true
        case .quickTime: return newTimescale >= oldTimescale
        case .roundTowardPositiveInfinity: return !negative
        case .roundTowardNegativeInfinity: return negative
        }
    }
}
