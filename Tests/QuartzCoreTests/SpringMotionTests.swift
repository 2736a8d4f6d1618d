import QuartzCore
import Testing

/// Tolerance for closed-form spring values (fractions of the from→to distance).
private let closedFormTolerance = 1e-12

/// Tolerance for settling durations quoted to three decimals in ruling R6 (seconds).
private let settlingTolerance = 5e-4

/// Tolerance for SwiftUI's worked examples, which Apple rounds to one or two decimals.
private let swiftUITolerance = 0.05

/// Tolerance for round trips through the perceptual parameters (relative).
private let roundTripTolerance = 1e-12

/// The default spring with `damping`: m = 1, k = 100, v0 = 0, Apple's documented settings.
private func appleSpring(damping: Double, allowsOverdamping: Bool = false) -> SpringMotion {
    SpringMotion(mass: 1, stiffness: 100, damping: damping, allowsOverdamping: allowsOverdamping)
}

/// `SpringMotion`, rulings E21 and R6.
@Suite struct SpringMotionTests {
    // MARK: Motion (ruling E21)

    @Test func defaultsAreApples() {
        let spring = SpringMotion()
        #expect(spring.mass == 1 && spring.stiffness == 100 && spring.damping == 10)
        #expect(spring.initialVelocity == 0 && !spring.allowsOverdamping)
        #expect(spring.naturalFrequency == 10 && spring.dampingRatio == 0.5)
    }

    @Test func underdampedMatchesTheClosedForm() {
        // k = 101, c = 2: roots −1 ± 10i, so x = e^(−t)·(cos 10t + sin 10t / 10).
        let spring = SpringMotion(mass: 1, stiffness: 101, damping: 2)
        for t in [0.05, 0.3, 1, 2.5] {
            let x = exp(-t) * (cos(10 * t) + sin(10 * t) / 10)
            #expect(abs(spring.fraction(at: t) - (1 - x)) <= closedFormTolerance, "t = \(t)")
        }
    }

    @Test func undampedOscillatesForever() {
        let spring = SpringMotion(mass: 1, stiffness: 100, damping: 0)
        #expect(abs(spring.fraction(at: Double.pi / 10) - 2) <= closedFormTolerance)  // full overshoot
        #expect(abs(spring.fraction(at: 2 * Double.pi / 10)) <= closedFormTolerance)  // back at the start
        #expect(abs(spring.fraction(at: 1000 * Double.pi / 10)) <= 1e-9)
        #expect(spring.settlingDuration == .infinity)
    }

    @Test func criticalMatchesTheClosedForm() {
        // x = (1 + ω0·t)·e^(−ω0·t); at t = 1/ω0 that is 2/e.
        let spring = appleSpring(damping: 20)
        #expect(spring.dampingRatio == 1)
        #expect(abs(spring.fraction(at: 0.1) - (1 - 2 / exp(1.0))) <= closedFormTolerance)
    }

    @Test func overdampedMatchesTheClosedForm() {
        // k = 2, c = 3: roots −1 and −2, so x = 2e^(−t) − e^(−2t).
        let spring = SpringMotion(mass: 1, stiffness: 2, damping: 3, allowsOverdamping: true)
        for t in [0.1, 1, 4] {
            let x = 2 * exp(-t) - exp(-2 * t)
            #expect(abs(spring.fraction(at: t) - (1 - x)) <= closedFormTolerance, "t = \(t)")
        }
    }

    @Test func overdampingIsCriticalUnlessAllowed() {
        let clamped = appleSpring(damping: 30)
        let critical = appleSpring(damping: 20)
        #expect(clamped.dampingRatio == 1)
        for t in [0.05, 0.2, 0.7, 2] {
            #expect(clamped.fraction(at: t) == critical.fraction(at: t))
        }
        #expect(clamped.settlingDuration == critical.settlingDuration)
        let overdamped = appleSpring(damping: 30, allowsOverdamping: true)
        #expect(overdamped.dampingRatio == 1.5)
        #expect(overdamped.fraction(at: 0.2) < critical.fraction(at: 0.2))  // slower to arrive
    }

    @Test(arguments: [0.0, 1, 5, 10, 19.999, 20, 20.001, 35, 200])
    func startsAtZeroAndComesToRest(damping: Double) {
        for velocity in [0.0, 12, -8, 60] {
            for allowsOverdamping in [false, true] {
                let spring = SpringMotion(
                    damping: damping, initialVelocity: velocity, allowsOverdamping: allowsOverdamping)
                #expect(spring.fraction(at: 0) == 0)
                guard damping > 0 else { continue }
                let late = spring.settlingDuration * 4 + 10
                #expect(abs(spring.fraction(at: late) - 1) <= 1e-3, "c = \(damping) v0 = \(velocity)")
                #expect(spring.fraction(at: .infinity) == 1)
            }
        }
    }

    @Test func initialVelocityIsTheStartingSlope() {
        let h = 1e-7
        for (damping, allowsOverdamping) in [(5.0, false), (20, false), (40, true)] {
            for velocity in [0.0, 3, -4, 25] {
                let spring = SpringMotion(
                    damping: damping, initialVelocity: velocity, allowsOverdamping: allowsOverdamping)
                let slope = spring.fraction(at: h) / h
                #expect(
                    abs(slope - velocity) <= 1e-4 * max(1, abs(velocity)) + 100 * h,
                    "c = \(damping) v0 = \(velocity)")
            }
        }
    }

    // MARK: settlingDuration (R6)

    @Test(arguments: [(5.0, 2.862_612), (15, 1.026_146), (10, 1.481_030), (1, 13.915_482)])
    func settlingMatchesTheAdoptedFormula(damping: Double, expected: Double) {
        #expect(abs(appleSpring(damping: damping).settlingDuration - expected) <= settlingTolerance)
    }

    @Test func settlingMatchesApplesPublishedFigures() {
        // "approximately 2.85 seconds" and "just over 1 second" (D:caspringanimation/settlingduration).
        #expect(abs(appleSpring(damping: 5).settlingDuration - 2.85) <= 0.02)
        let fifteen = appleSpring(damping: 15).settlingDuration
        #expect(fifteen > 1 && fifteen < 1.1)
    }

    @Test func criticalSettlingIsWhereTheDisplacementReachesTheThreshold() {
        // (1 + u)·e^(−u) = 0.001 at u = 9.233413…, so T = u / ω0.
        let critical = appleSpring(damping: 20).settlingDuration
        #expect(abs(critical - 0.923_341_347_6) <= 1e-9)
    }

    @Test(arguments: [
        SpringMotion(damping: 20), SpringMotion(damping: 20, initialVelocity: 50),
        SpringMotion(damping: 20, initialVelocity: -30), SpringMotion(damping: 20, initialVelocity: 10),
        // x crosses 0 at exactly one time constant (t = 0.1), where a search that did not know
        // the turning points would first look.
        SpringMotion(damping: 20, initialVelocity: 20),
        SpringMotion(damping: 45, allowsOverdamping: true),
        SpringMotion(damping: 45, initialVelocity: 80, allowsOverdamping: true),
        SpringMotion(damping: 45, initialVelocity: -20, allowsOverdamping: true),
        SpringMotion(mass: 3, stiffness: 7, damping: 90, initialVelocity: 2, allowsOverdamping: true),
    ])
    func criticalAndOverdampedSettleAtTheLastThresholdCrossing(spring: SpringMotion) {
        let settling = spring.settlingDuration
        #expect(settling.isFinite && settling > 0)
        // At the settling time |x| is the threshold; later it stays below, just before it is above.
        #expect(abs(abs(1 - spring.fraction(at: settling)) - SpringMotion.restThreshold) <= 1e-9)
        for step in 1...400 {
            let t = settling + Double(step) * settling / 100
            #expect(abs(1 - spring.fraction(at: t)) <= SpringMotion.restThreshold + 1e-12, "t = \(t)")
        }
        #expect(abs(1 - spring.fraction(at: settling * (1 - 1e-6))) > SpringMotion.restThreshold)
    }

    @Test func overdampedSettlesMoreSlowlyThanCritical() {
        let critical = appleSpring(damping: 20).settlingDuration
        let overdamped = appleSpring(damping: 30, allowsOverdamping: true).settlingDuration
        #expect(overdamped > critical)
        // x = c1·e^(r1·t) + c2·e^(r2·t) with r1 = −10(1.5 − √1.25): the slow term dominates.
        let r1 = -10 * (1.5 - 1.25.squareRoot())
        let r2 = -10 * (1.5 + 1.25.squareRoot())
        let c2 = -r1 / (r2 - r1)
        #expect(abs(overdamped - log((1 - c2) / SpringMotion.restThreshold) / -r1) <= 1e-3)
    }

    // MARK: Perceptual duration and bounce (ruling E21)

    @Test func swiftUIWorkedExamples() {
        let p = SpringMotion.parameters(perceptualDuration: 0.5, bounce: 0.3)
        #expect(p.mass == 1)
        #expect(abs(p.stiffness - 157.9) <= swiftUITolerance && abs(p.damping - 17.6) <= swiftUITolerance)
        // Exactly: k = (2π / 0.5)² = 16π², c = 0.7 · 2 · 4π.
        #expect(abs(p.stiffness - 16 * Double.pi * Double.pi) <= 1e-10)
        #expect(abs(p.damping - 5.6 * Double.pi) <= 1e-12)
        let spring = SpringMotion()
        #expect(abs(spring.perceptualDuration - 0.63) <= swiftUITolerance)
        #expect(abs(spring.perceptualDuration - Double.pi / 5) <= 1e-15)
        #expect(spring.bounce == 0.5)
        #expect(SpringMotion.perceptualDuration(mass: 1, stiffness: 100) == spring.perceptualDuration)
        #expect(SpringMotion.bounce(mass: 1, stiffness: 100, damping: 10) == 0.5)
    }

    @Test func bounceMapsDampingRatio() {
        #expect(SpringMotion.bounce(mass: 1, stiffness: 100, damping: 20) == 0)  // critical
        #expect(SpringMotion.bounce(mass: 1, stiffness: 100, damping: 0) == 1)  // undamped
        #expect(SpringMotion.bounce(mass: 1, stiffness: 100, damping: 40) == -0.5)  // ζ = 2
        let overdamped = SpringMotion.parameters(perceptualDuration: 1, bounce: -0.5)
        #expect(abs(overdamped.damping / (2 * overdamped.stiffness.squareRoot()) - 2) <= 1e-12)
        // allowsOverdamping changes the motion, not the parameters' bounce.
        #expect(appleSpring(damping: 40).bounce == -0.5)
    }

    @Test func perceptualParametersRoundTrip() {
        let seed: UInt64 = 0x5B21_6600
        var generator = SeededGenerator(seed: seed)
        for index in 0..<500 {
            let duration = Double.random(in: 0.05...5, using: &generator)
            let bounce = Double.random(in: -0.95...1, using: &generator)
            let p = SpringMotion.parameters(perceptualDuration: duration, bounce: bounce)
            let spring = SpringMotion(mass: p.mass, stiffness: p.stiffness, damping: p.damping)
            let message = Comment(rawValue: "seed \(seed) #\(index): \(duration), \(bounce)")
            #expect(abs(spring.perceptualDuration - duration) <= roundTripTolerance * duration, message)
            #expect(abs(spring.bounce - bounce) <= 1e-10, message)
        }
    }

    // MARK: Extreme input

    @Test func invalidParametersAreClamped() {
        #expect(SpringMotion(mass: 0).mass == SpringMotion.positiveRange.lowerBound)
        #expect(SpringMotion(mass: -3).mass == SpringMotion.positiveRange.lowerBound)
        #expect(SpringMotion(mass: .infinity).mass == SpringMotion.positiveRange.upperBound)
        #expect(SpringMotion(mass: .nan).mass == 1)
        #expect(SpringMotion(stiffness: -1).stiffness == SpringMotion.positiveRange.lowerBound)
        #expect(SpringMotion(stiffness: .nan).stiffness == 100)
        #expect(SpringMotion(damping: -2).damping == 0)
        #expect(SpringMotion(damping: .nan).damping == 10)
        #expect(SpringMotion(initialVelocity: .nan).initialVelocity == 0)
        #expect(SpringMotion(initialVelocity: -.infinity).initialVelocity == -1e15)
        let p = SpringMotion.parameters(perceptualDuration: -1, bounce: -1)
        #expect(p.stiffness.isFinite && p.damping.isFinite && p.damping > 0)
        let defaults = SpringMotion.parameters(perceptualDuration: .nan, bounce: .nan)
        #expect(abs(defaults.stiffness - 100) <= 1e-10 && abs(defaults.damping - 10) <= 1e-10)
    }

    @Test func extremeInputNeverGivesNaN() {
        let values: [Double] = [0, -1, 1e-300, 1, 100, 1e300, .infinity, -.infinity, .nan]
        var checked = 0
        for mass in values {
            for stiffness in values {
                for damping in values {
                    for velocity in [0, 1e300, Double.nan] {
                        for allowsOverdamping in [false, true] {
                            let spring = SpringMotion(
                                mass: mass, stiffness: stiffness, damping: damping, initialVelocity: velocity,
                                allowsOverdamping: allowsOverdamping)
                            let label = Comment(rawValue: "\(mass) \(stiffness) \(damping) \(velocity)")
                            #expect(!spring.settlingDuration.isNaN, label)
                            #expect(spring.perceptualDuration.isFinite && spring.bounce.isFinite, label)
                            for t in [-1, 0, 1e-9, 0.5, 3, 1e12, 1e300, .infinity, .nan] {
                                #expect(spring.fraction(at: t).isFinite, label)
                            }
                            checked += 1
                        }
                    }
                }
            }
        }
        #expect(checked == 9 * 9 * 9 * 3 * 2)
        #expect(SpringMotion().fraction(at: .nan) == 0 && SpringMotion().fraction(at: -1) == 0)
    }
}
