import CoreGraphics

// The damped spring behind `CASpringAnimation` (ruling E21), as pure math.
//
//   m·x'' + c·x' + k·x = 0,   x(0) = 1,   x'(0) = −v0,   progress p(t) = 1 − x(t)
//
//   ω0 = √(k/m),  ζ = c / (2√(k·m))
//   underdamped  ζ < 1:  x = e^(−ζω0·t) · (cos ωd·t + B·sin ωd·t),  ωd = ω0·√(1 − ζ²),
//                        B = (ζω0 − v0) / ωd
//   critical     ζ = 1:  x = (1 + (ω0 − v0)·t) · e^(−ω0·t)
//   overdamped   ζ > 1:  x = c1·e^(r1·t) + c2·e^(r2·t),  r1,2 = −ω0·(ζ ∓ √(ζ² − 1)),
//                        c1 + c2 = 1,  r1·c1 + r2·c2 = −v0
//
// Without allowsOverdamping, ζ > 1 is evaluated as ζ = 1 (critical). ζ within 1e-9 of 1 is
// evaluated as critical too: the other two forms cancel catastrophically there, and differ from
// the critical one only by terms of order ζ − 1.

/// A damped spring from progress 0 to progress 1 (Apple's `CASpringAnimation` model;
/// ruling E21), evaluated in seconds of the animation's basic local time — not
/// stretched to the animation's `duration`.
///
/// Parameters are sanitised on creation so that nothing the spring reports is NaN: mass and
/// stiffness (Apple: "must be greater than 0") are clamped into ``positiveRange``, damping (≥ 0)
/// into `0 ... 1e15`, the initial velocity into `-1e15 ... 1e15`; a NaN parameter takes Apple's
/// default (mass 1, stiffness 100, damping 10, velocity 0).
package struct SpringMotion: Equatable, Sendable {
    /// The range mass and stiffness are clamped into, `1e-12 ... 1e15`: as near to "greater than
    /// 0" as keeps every derived quantity finite.
    package static let positiveRange = 1e-12...1e15

    /// The displacement, as a fraction of the from→to distance, below which the spring counts as
    /// at rest for ``settlingDuration``: 0.001.
    package static let restThreshold = 0.001

    /// Damping ratios within this of 1 are evaluated as critical.
    static let criticalBand = 1e-9

    /// The mass on the spring (> 0). Default 1.
    package let mass: Double
    /// The spring's stiffness k (> 0). Default 100.
    package let stiffness: Double
    /// The damping coefficient c (≥ 0). Default 10.
    package let damping: Double
    /// The initial velocity v0 in from→to distances per second; positive moves towards the
    /// target. Default 0.
    package let initialVelocity: Double
    /// Whether a damping above critical keeps its overdamped motion; when `false` it moves as a
    /// critically damped spring. Default `false`.
    package let allowsOverdamping: Bool

    /// A spring with the given parameters (Apple's defaults when omitted), sanitised as described
    /// on the type.
    package init(
        mass: Double = 1, stiffness: Double = 100, damping: Double = 10, initialVelocity: Double = 0,
        allowsOverdamping: Bool = false
    ) {
        self.mass = Self.clamp(mass, into: Self.positiveRange, nanValue: 1)
        self.stiffness = Self.clamp(stiffness, into: Self.positiveRange, nanValue: 100)
        self.damping = Self.clamp(damping, into: 0...1e15, nanValue: 10)
        self.initialVelocity = Self.clamp(initialVelocity, into: -1e15...1e15, nanValue: 0)
        self.allowsOverdamping = allowsOverdamping
        let omega = (self.stiffness / self.mass).squareRoot()
        let ratio = Self.dampingRatio(mass: self.mass, stiffness: self.stiffness, damping: self.damping)
        let zeta = allowsOverdamping ? ratio : min(ratio, 1)
        naturalFrequency = omega
        dampingRatio = zeta
        let v0 = self.initialVelocity
        if abs(zeta - 1) <= Self.criticalBand {
            form = .critical(beta: omega - v0)
        } else if zeta < 1 {
            let omegaD = omega * ((1 - zeta) * (1 + zeta)).squareRoot()
            form = .underdamped(decayRate: zeta * omega, omegaD: omegaD, b: (zeta * omega - v0) / omegaD)
        } else {
            form = .overdamped(Self.overdampedTerms(omega: omega, zeta: zeta, initialVelocity: v0))
        }
    }

    /// The undamped angular frequency ω0 = √(k/m), in radians per second.
    package let naturalFrequency: Double

    /// The damping ratio ζ = c / (2√(k·m)) the spring moves with: 0 undamped, 1 critical; capped
    /// at 1 unless `allowsOverdamping`.
    package let dampingRatio: Double

    /// The closed form the spring moves by (see the top of this file), with the constants that
    /// depend only on the parameters computed once, so that a frame evaluates two exponentials or
    /// trigonometric functions and no square root or division.
    private let form: Form

    private enum Form: Sendable {
        /// ζ within ``criticalBand`` of 1: x = (1 + β·t)·e^(−ω0·t), β = ω0 − v0.
        case critical(beta: Double)
        /// ζ < 1: x = e^(−ζω0·t) · (cos ωd·t + B·sin ωd·t).
        case underdamped(decayRate: Double, omegaD: Double, b: Double)
        /// ζ > 1: x = c1·e^(r1·t) + c2·e^(r2·t).
        case overdamped((r1: Double, r2: Double, c1: Double, c2: Double))
    }

    /// Springs are equal when their parameters are (the derived constants follow from them).
    package static func == (a: SpringMotion, b: SpringMotion) -> Bool {
        a.mass == b.mass && a.stiffness == b.stiffness && a.damping == b.damping
            && a.initialVelocity == b.initialVelocity && a.allowsOverdamping == b.allowsOverdamping
    }

    /// The progress p(t) = 1 − x(t) at `t` seconds of basic local time: 0 at t = 0, tending to 1,
    /// above 1 while an underdamped spring overshoots (and below 0 for a negative initial
    /// velocity). `t ≤ 0` and NaN give 0; `t = +∞` gives 1, as does any time so large that the
    /// phase of an undamped oscillation is no longer finite.
    package func fraction(at t: Double) -> Double {
        guard t > 0 else { return 0 }
        guard t.isFinite else { return 1 }
        let x = displacement(at: t)
        return x.isFinite ? 1 - x : 1
    }

    /// The remaining displacement x(t), 1 at t = 0 and 0 at rest (see the top of this file).
    /// May be NaN only when the phase ωd·t overflows; ``fraction(at:)`` guards that.
    func displacement(at t: Double) -> Double {
        switch form {
        case .critical(let beta):
            let omega = naturalFrequency
            if omega * t > 745 { return 0 }  // e^(−745) is below the smallest double
            return (1 + beta * t) * exp(-omega * t)
        case .underdamped(let decayRate, let omegaD, let b):
            let decay = decayRate * t
            if decay > 745 { return 0 }
            return exp(-decay) * (cos(omegaD * t) + b * sin(omegaD * t))
        case .overdamped(let terms):
            return terms.c1 * exp(terms.r1 * t) + terms.c2 * exp(terms.r2 * t)
        }
    }

    /// For ζ > 1: the rates r1 (slow) > r2 (fast), both negative, and the coefficients c1, c2.
    var overdampedTerms: (r1: Double, r2: Double, c1: Double, c2: Double) {
        Self.overdampedTerms(omega: naturalFrequency, zeta: dampingRatio, initialVelocity: initialVelocity)
    }

    /// `overdampedTerms` for ω0, ζ > 1 and v0.
    private static func overdampedTerms(omega: Double, zeta: Double, initialVelocity: Double) -> (
        r1: Double, r2: Double, c1: Double, c2: Double
    ) {
        let root = ((zeta - 1) * (zeta + 1)).squareRoot()
        let r1 = -omega / (zeta + root)  // = −ω0(ζ − √(ζ²−1)), without the cancellation
        let r2 = -omega * (zeta + root)
        let c2 = (-initialVelocity - r1) / (r2 - r1)
        return (r1, r2, 1 - c2, c2)
    }

    /// The spring's perceptual duration 2π·√(m/k) in seconds (the inverse of
    /// ``parameters(perceptualDuration:bounce:)``; SwiftUI's `Spring.duration`).
    package var perceptualDuration: Double {
        Self.perceptualDuration(mass: mass, stiffness: stiffness)
    }

    /// The spring's bounce: 1 − ζ for ζ ≤ 1, 1/ζ − 1 above (negative), from the parameters as
    /// given — `allowsOverdamping` does not change it (SwiftUI's `Spring.bounce`).
    package var bounce: Double {
        Self.bounce(mass: mass, stiffness: stiffness, damping: damping)
    }

    /// Mass, stiffness and damping for a spring that feels like it lasts `perceptualDuration`
    /// seconds with `bounce` (ruling E21, SwiftUI's `Spring(duration:bounce:)`): mass
    /// 1, stiffness (2π / duration)², damping ζ·2√k with ζ = 1 − bounce for bounce ≥ 0 and
    /// 1 / (1 + bounce) below. Duration 0.5, bounce 0.3 give (1, 157.9, 17.6).
    ///
    /// The duration is clamped into `1e-6 ... 1e6` seconds and the bounce into `-0.999999 ... 1`
    /// (−1 would need infinite damping); NaN takes the value of Apple's default spring
    /// (duration 2π/10, bounce 0.5).
    package static func parameters(
        perceptualDuration: Double, bounce: Double
    ) -> (mass: Double, stiffness: Double, damping: Double) {
        let duration = clamp(perceptualDuration, into: 1e-6...1e6, nanValue: 2 * Double.pi / 10)
        let bounce = clamp(bounce, into: -0.999_999...1, nanValue: 0.5)
        let stiffness = (2 * Double.pi / duration) * (2 * Double.pi / duration)
        let zeta = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
        return (1, stiffness, zeta * 2 * stiffness.squareRoot())
    }

    /// The perceptual duration 2π·√(m/k) of a spring's parameters, sanitised as the initialiser
    /// does: (1, 100) gives 0.628.
    package static func perceptualDuration(mass: Double, stiffness: Double) -> Double {
        let spring = SpringMotion(mass: mass, stiffness: stiffness)
        return 2 * Double.pi * (spring.mass / spring.stiffness).squareRoot()
    }

    /// The bounce of a spring's parameters, sanitised as the initialiser does: 1 − ζ for ζ ≤ 1,
    /// 1/ζ − 1 above, in `(-1, 1]`. (1, 100, 10) gives 0.5.
    package static func bounce(mass: Double, stiffness: Double, damping: Double) -> Double {
        let spring = SpringMotion(mass: mass, stiffness: stiffness, damping: damping)
        let zeta = dampingRatio(mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping)
        return zeta <= 1 ? 1 - zeta : 1 / zeta - 1
    }

    /// ζ = c / (2√(k·m)), for parameters already sanitised.
    static func dampingRatio(mass: Double, stiffness: Double, damping: Double) -> Double {
        damping / (2 * (stiffness * mass).squareRoot())
    }

    /// `value` clamped into `range`, or `nanValue` when `value` is NaN.
    static func clamp(_ value: Double, into range: ClosedRange<Double>, nanValue: Double) -> Double {
        value.isNaN ? nanValue : min(max(value, range.lowerBound), range.upperBound)
    }
}

// settlingDuration (ruling R6). Underdamped springs use the adopted formula, which
// fits Apple's published figures (m = 1, k = 100, v0 = 0: damping 5 → 2.863 s, "approximately
// 2.85"; damping 15 → 1.026 s, "just over 1 second"):
//
//   T = ln(√(1 + B²) / 0.001) / (ζω0) + √(1 − ζ) / ω0
//
// Its first term is when the envelope √(1 + B²)·e^(−ζω0·t) of |x| falls to 0.001. Critical and
// overdamped springs have no oscillation to take an envelope of, so Lamina applies the same
// threshold to |x| itself: T is the last time |x(t)| exceeds 0.001 (m = 1, k = 100, v0 = 0,
// critical: 0.923 s). x then has at most one zero and one extremum, so |x| is monotone between
// them and the crossing is found by bisection. The two rules meet with a jump at ζ = 1 (the
// envelope bound grows like ln(1/√(1 − ζ²)) as ζ → 1); an undamped spring never settles (+∞).

extension SpringMotion {
    /// The estimated time, in seconds of basic local time, for the spring to come to rest
    /// (ruling R6; see the rule above): (m, k, c, v0) = (1, 100, 10, 0) gives
    /// 1.481. `+∞` for an undamped spring (damping 0); never NaN.
    /// - Complexity: O(1) for an underdamped spring; a few hundred evaluations of the motion
    ///   otherwise.
    package var settlingDuration: Double {
        let zeta = dampingRatio
        guard zeta < 1 - Self.criticalBand else { return lastTimeAboveRestThreshold() }
        let omega = naturalFrequency
        let omegaD = omega * ((1 - zeta) * (1 + zeta)).squareRoot()
        let b = (zeta * omega - initialVelocity) / omegaD
        return log(hypot(1, b) / Self.restThreshold) / (zeta * omega) + (1 - zeta).squareRoot() / omega
    }

    /// For a critical or overdamped spring: the last time |x(t)| exceeds ``restThreshold``.
    private func lastTimeAboveRestThreshold() -> Double {
        let breaks = [0] + turningPoints.filter { $0 > 0 && $0.isFinite }.sorted()
        // After the last zero and extremum of x, |x| decreases to 0: find a time past the
        // crossing by doubling steps of the slowest time constant.
        let last = breaks[breaks.count - 1]
        if exceedsRestThreshold(at: last) {
            var step = 1 / slowestRate
            var upper = last + step
            var doublings = 0
            while exceedsRestThreshold(at: upper), doublings < 2_000 {
                step *= 2
                upper = last + step
                doublings += 1
            }
            return restThresholdCrossing(from: last, to: upper)
        }
        // Otherwise the crossing lies in the latest earlier segment that starts above it.
        for index in stride(from: breaks.count - 2, through: 0, by: -1) {
            if exceedsRestThreshold(at: breaks[index]) {
                return restThresholdCrossing(from: breaks[index], to: breaks[index + 1])
            }
        }
        return 0  // not reached: |x(0)| = 1
    }

    /// The times, in any order and possibly negative or not finite, where x or x' is 0 (at most
    /// one of each for a critical or overdamped spring).
    private var turningPoints: [Double] {
        let omega = naturalFrequency
        let v0 = initialVelocity
        if dampingRatio <= 1 + Self.criticalBand {
            let beta = omega - v0  // x = (1 + β·t)·e^(−ω0·t), x' = (−v0 − ω0·β·t)·e^(−ω0·t)
            return beta == 0 ? [] : [-1 / beta, -v0 / (omega * beta)]
        }
        let (r1, r2, c1, c2) = overdampedTerms
        return [log(-c2 / c1) / (r1 - r2), log(-(c2 * r2) / (c1 * r1)) / (r1 - r2)]
    }

    /// The slowest decay rate (per second) of a critical or overdamped spring.
    private var slowestRate: Double {
        dampingRatio <= 1 + Self.criticalBand ? naturalFrequency : -overdampedTerms.r1
    }

    /// Whether |x(t)| > ``restThreshold``.
    private func exceedsRestThreshold(at t: Double) -> Bool {
        abs(displacement(at: t)) > Self.restThreshold
    }

    /// Bisection on `lower ... upper`, where |x| is monotone, above the threshold at `lower` and
    /// not above it at `upper`: the time |x| reaches the threshold.
    private func restThresholdCrossing(from lower: Double, to upper: Double) -> Double {
        var lower = lower
        var upper = upper
        for _ in 0..<200 {
            let middle = lower + (upper - lower) / 2
            if middle <= lower || middle >= upper { break }
            if exceedsRestThreshold(at: middle) { lower = middle } else { upper = middle }
        }
        return upper
    }
}
