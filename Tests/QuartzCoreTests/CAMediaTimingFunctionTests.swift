import QuartzCore
import Testing

/// Tolerance for the reference values below, computed by exact bisection (given to six decimals).
private let referenceTolerance = 1e-6

/// The solver's tolerance on x, `UnitBezier.epsilon` (1e-7).
private let solverTolerance = UnitBezier.epsilon

/// The control point `index` of `function`, read through Apple's pointer API.
private func controlPoint(_ function: CAMediaTimingFunction, _ index: Int) -> (Float, Float) {
    var values: [Float] = [-7, -7]
    values.withUnsafeMutableBufferPointer { function.getControlPoint(at: index, values: $0.baseAddress!) }
    return (values[0], values[1])
}

/// `CAMediaTimingFunction` and its Bézier solver (Apple's documentation, ruling E22).
@Suite struct CAMediaTimingFunctionTests {
    // MARK: Names and control points (Apple's documentation)

    @Test func namesHaveApplesRawValues() {
        #expect(CAMediaTimingFunctionName.linear.rawValue == "linear")
        #expect(CAMediaTimingFunctionName.easeIn.rawValue == "easeIn")
        #expect(CAMediaTimingFunctionName.easeOut.rawValue == "easeOut")
        #expect(CAMediaTimingFunctionName.easeInEaseOut.rawValue == "easeInEaseOut")
        #expect(CAMediaTimingFunctionName.default.rawValue == "default")
        #expect(CAMediaTimingFunctionName(rawValue: "easeIn") == .easeIn)
    }

    @Test(arguments: [
        (CAMediaTimingFunctionName.linear, Float(0), Float(0), Float(1), Float(1)),
        (.easeIn, 0.42, 0, 1, 1),
        (.easeOut, 0, 0, 0.58, 1),
        (.easeInEaseOut, 0.42, 0, 0.58, 1),
        (.default, 0.25, 0.1, 0.25, 1),
    ])
    func namedFunctionsHaveApplesControlPoints(
        name: CAMediaTimingFunctionName, c1x: Float, c1y: Float, c2x: Float, c2y: Float
    ) {
        let function = CAMediaTimingFunction(name: name)
        #expect(controlPoint(function, 0) == (0, 0))
        #expect(controlPoint(function, 1) == (c1x, c1y))
        #expect(controlPoint(function, 2) == (c2x, c2y))
        #expect(controlPoint(function, 3) == (1, 1))
    }

    @Test func controlPointsAreStoredAsFloat() {
        // GS's Apple-run test: `cp[0] == 0.42f`.
        let (x, y) = controlPoint(CAMediaTimingFunction(name: .easeIn), 1)
        #expect(x == Float(0.42))
        #expect(Double(x) != 0.42)  // the Float rounding, as on Apple's platforms
        #expect(y == 0)
    }

    @Test func outOfRangeIndexWritesNothing() {
        let function = CAMediaTimingFunction(controlPoints: 0.1, 0.2, 0.3, 0.4)
        for index in [-1, 4, Int.min, Int.max] {
            #expect(controlPoint(function, index) == (-7, -7))
        }
    }

    @Test func customControlPointsAreKeptAsGiven() {
        let function = CAMediaTimingFunction(controlPoints: -0.5, 2, 1.5, -1)
        #expect(controlPoint(function, 1) == (-0.5, 2))
        #expect(controlPoint(function, 2) == (1.5, -1))
    }

    @Test func unknownNameIsLinear() {
        let unknown = CAMediaTimingFunction(name: CAMediaTimingFunctionName("bounceAround"))
        #expect(unknown == CAMediaTimingFunction(name: .linear))
        #expect(controlPoint(unknown, 1) == (0, 0) && controlPoint(unknown, 2) == (1, 1))
        #expect(unknown.description == "bounceAround")
    }

    // MARK: Equality and description

    @Test func equalityIsByControlPoints() {
        let named = CAMediaTimingFunction(name: .easeIn)
        let custom = CAMediaTimingFunction(controlPoints: 0.42, 0, 1, 1)
        #expect(named == custom)
        #expect(named.isEqual(custom) && named.hash == custom.hash)
        #expect(named != CAMediaTimingFunction(name: .easeOut))
        #expect(
            CAMediaTimingFunction(name: .easeInEaseOut)
                != CAMediaTimingFunction(controlPoints: 0.42, 0, 0.58, 0.99))
        #expect(!named.isEqual("easeIn"))
        #expect(!named.isEqual(nil))
        #expect(Set([named, custom, CAMediaTimingFunction(name: .linear)]).count == 2)
    }

    @Test func descriptionNamesTheFunction() {
        #expect(CAMediaTimingFunction(name: .easeInEaseOut).description == "easeInEaseOut")
        #expect(
            CAMediaTimingFunction(controlPoints: 0.1, 0.2, 0.3, 0.4).description == "(0.1, 0.2) (0.3, 0.4)")
    }

    @Test func isSendable() {
        let shared: any Sendable = CAMediaTimingFunction(name: .default)
        #expect(shared is CAMediaTimingFunction)
    }

    // MARK: Evaluation (ruling E22)

    @Test(arguments: [
        (CAMediaTimingFunctionName.easeIn, 0.5, 0.315357),
        (.easeOut, 0.5, 0.684643),
        (.easeInEaseOut, 0.25, 0.129162), (.easeInEaseOut, 0.5, 0.5), (.easeInEaseOut, 0.75, 0.870838),
        (.default, 0.25, 0.408511), (.default, 0.5, 0.802403), (.default, 0.75, 0.960459),
    ])
    func referenceValues(name: CAMediaTimingFunctionName, x: Double, y: Double) {
        let solved = CAMediaTimingFunction(name: name).solve(x)
        #expect(abs(solved - y) <= referenceTolerance, "\(name.rawValue)(\(x)) = \(solved), expected \(y)")
    }

    @Test func endsAreExactAndInputIsClamped() {
        for name in [CAMediaTimingFunctionName.linear, .easeIn, .easeOut, .easeInEaseOut, .default] {
            let function = CAMediaTimingFunction(name: name)
            #expect(function.solve(0) == 0)
            #expect(function.solve(1) == 1)
            #expect(function.solve(-3) == 0)
            #expect(function.solve(7) == 1)
            #expect(function.solve(-.infinity) == 0)
            #expect(function.solve(.infinity) == 1)
            #expect(function.solve(.nan) == 0)
        }
    }

    @Test func linearIsTheIdentity() {
        let linear = CAMediaTimingFunction(name: .linear)
        for step in 0...100 {
            let x = Double(step) / 100
            #expect(abs(linear.solve(x) - x) <= solverTolerance)
        }
    }

    @Test func namedCurvesAreMonotonic() {
        for name in [CAMediaTimingFunctionName.easeIn, .easeOut, .easeInEaseOut, .default] {
            let function = CAMediaTimingFunction(name: name)
            var previous = 0.0
            for step in 1...1_000 {
                let y = function.solve(Double(step) / 1_000)
                #expect(y >= previous - solverTolerance, "\(name.rawValue) at \(step)")
                previous = y
            }
        }
    }

    @Test func overshootingControlYIsNotClamped() {
        // In closed form at t = 0.2: x = 3(0.5)t(1 − t)² + 3(0.5)t²(1 − t) + t³ = 0.248 and
        // y = 3(−0.5)t(1 − t)² + 3(1.5)t²(1 − t) + t³ = −0.04. The curve is symmetric about
        // (0.5, 0.5), so x = 0.752 gives y = 1.04.
        let function = CAMediaTimingFunction(controlPoints: 0.5, -0.5, 0.5, 1.5)
        #expect(abs(function.solve(0.248) - -0.04) <= referenceTolerance)
        #expect(abs(function.solve(0.752) - 1.04) <= referenceTolerance)
        #expect(abs(function.solve(0.5) - 0.5) <= referenceTolerance)
    }

    @Test func controlXOutsideTheUnitIntervalIsClamped() {
        let wild = CAMediaTimingFunction(controlPoints: -1, 0, 2, 1)
        let clamped = CAMediaTimingFunction(controlPoints: 0, 0, 1, 1)
        for step in 0...50 {
            let x = Double(step) / 50
            #expect(abs(wild.solve(x) - clamped.solve(x)) <= 1e-12)
        }
    }

    @Test func solverRoundTripsSeededCurves() {
        let seed: UInt64 = 0xBE21_E200
        var generator = SeededGenerator(seed: seed)
        for index in 0..<300 {
            let curve = UnitBezier(
                p1x: Double.random(in: 0...1, using: &generator),
                p1y: Double.random(in: -2...3, using: &generator),
                p2x: Double.random(in: 0...1, using: &generator),
                p2y: Double.random(in: -2...3, using: &generator))
            for _ in 0..<20 {
                let x = Double.random(in: 0...1, using: &generator)
                let t = curve.solveCurveX(x)
                #expect((0...1).contains(t))
                #expect(
                    abs(curve.sampleCurveX(t) - x) < solverTolerance, "seed \(seed) curve #\(index) x = \(x)")
                #expect(curve.solve(x) == curve.sampleCurveY(t) || x == 0 || x == 1)
            }
        }
    }

    @Test func flatDerivativesFallBackToBisection() {
        // x'(t) vanishes at t = 0.5 for (1, 0, 0, 1), and at both ends for (0, 0, 1, 1); Newton
        // cannot step there and bisection must finish.
        for curve in [
            UnitBezier(p1x: 1, p1y: 0, p2x: 0, p2y: 1), UnitBezier(p1x: 0, p1y: 0, p2x: 1, p2y: 1),
            UnitBezier(p1x: 1, p1y: 1, p2x: 1, p2y: 1), UnitBezier(p1x: 0, p1y: 0, p2x: 0, p2y: 0),
        ] {
            for x in [1e-9, 0.001, 0.25, 0.5, 0.5 + 1e-9, 0.75, 0.999, 1 - 1e-9] {
                let t = curve.solveCurveX(x)
                #expect(abs(curve.sampleCurveX(t) - x) < solverTolerance, "\(curve) at \(x)")
            }
        }
        // (1, 0, 0, 1) is symmetric about (0.5, 0.5): y(0.5) = 0.5 where x' = 0.
        #expect(abs(UnitBezier(p1x: 1, p1y: 0, p2x: 0, p2y: 1).solve(0.5) - 0.5) <= referenceTolerance)
    }

    @Test func extremeControlPointsNeverGiveNaN() {
        let values: [Float] = [0, 1, -1, 5, .nan, .infinity, -.infinity, .greatestFiniteMagnitude]
        var generator = SeededGenerator(seed: 0xF1_0A7)
        for _ in 0..<200 {
            let function = CAMediaTimingFunction(
                controlPoints: values.randomElement(using: &generator)!,
                values.randomElement(using: &generator)!,
                values.randomElement(using: &generator)!, values.randomElement(using: &generator)!)
            for x in [-1.0, 0, 1e-12, 0.3, 0.5, 0.9, 1, 2, .nan, .infinity] {
                #expect(function.solve(x).isFinite, "\(function) at \(x)")
            }
        }
    }
}
