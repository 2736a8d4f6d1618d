// A cubic Bézier from (0, 0) to (1, 1) read as a function y(x), the curve behind
// `CAMediaTimingFunction` (ruling E22). Solved the way browsers solve CSS timing
// functions: a few Newton steps on x(t) = x, then bisection if Newton did not converge.
//
// Edge cases:
// - x at or outside the ends: x ≤ 0 gives y = 0 and x ≥ 1 gives y = 1 exactly (the curve's end
//   points); NaN x is treated as 0.
// - Control x outside [0, 1]: clamped into [0, 1]. With both control x in [0, 1], x(t) is
//   non-decreasing on [0, 1], so there is exactly one solution curve and bisection on [0, 1]
//   always brackets it. (CSS requires control x in [0, 1]; Apple does not say.)
// - Control y is not clamped: overshoot curves such as (0.5, −0.5, 0.5, 1.5) give y outside
//   [0, 1]. NaN control y becomes the linear curve's (0 for the first point, 1 for the second);
//   magnitudes above 1e300 (infinities included) are clamped to ±1e300, so y never overflows to
//   NaN.
// - A flat x'(t) (control x at 0 or 1 make x'(0) or x'(1) zero, e.g. easeIn at t = 0): Newton
//   stops as soon as |x'(t)| < 1e-6 and bisection finishes.
// - Newton leaving [0, 1]: abandoned for bisection.
// - Bisection runs at most 64 halvings (far below the spacing of doubles in [0, 1]) and returns
//   its best t even if ε was not reached.

/// A cubic Bézier curve with end points (0, 0) and (1, 1) and control points `p1`, `p2`,
/// evaluated as a function y(x) for x in [0, 1] (WebKit's `UnitBezier` algorithm, written
/// afresh; ruling E22).
///
/// In polynomial form `x(t) = ((ax·t + bx)·t + cx)·t` with `cx = 3·p1x`,
/// `bx = 3·(p2x − p1x) − cx`, `ax = 1 − cx − bx`, and the same for y.
package struct UnitBezier: Equatable, Sendable {
    /// The tolerance on x, 1e-7, to which ``solveCurveX(_:epsilon:)`` solves by default.
    package static let epsilon = 1e-7

    /// The number of Newton steps tried before bisection.
    package static let newtonIterations = 8

    /// Below this |x'(t)| a Newton step is not taken.
    package static let minimumSlope = 1e-6

    /// The cubic coefficient of x(t) (control x clamped into [0, 1]).
    let ax: Double
    /// The quadratic coefficient of x(t).
    let bx: Double
    /// The linear coefficient of x(t).
    let cx: Double
    /// The cubic coefficient of y(t).
    let ay: Double
    /// The quadratic coefficient of y(t).
    let by: Double
    /// The linear coefficient of y(t).
    let cy: Double

    /// A curve from (0, 0) through control points (p1x, p1y), (p2x, p2y) to (1, 1). Control x is
    /// clamped into [0, 1] (NaN: 0 for p1, 1 for p2); control y is kept, except that NaN becomes
    /// 0 for p1 and 1 for p2 and magnitudes are clamped to 1e300.
    package init(p1x: Double, p1y: Double, p2x: Double, p2y: Double) {
        let x1 = Self.clamped(p1x, to: 0...1, nanValue: 0)
        let x2 = Self.clamped(p2x, to: 0...1, nanValue: 1)
        let y1 = Self.clamped(p1y, to: -1e300...1e300, nanValue: 0)
        let y2 = Self.clamped(p2y, to: -1e300...1e300, nanValue: 1)
        cx = 3 * x1
        bx = 3 * (x2 - x1) - cx
        ax = 1 - cx - bx
        cy = 3 * y1
        by = 3 * (y2 - y1) - cy
        ay = 1 - cy - by
    }

    /// x at parameter `t`.
    package func sampleCurveX(_ t: Double) -> Double {
        ((ax * t + bx) * t + cx) * t
    }

    /// y at parameter `t`.
    package func sampleCurveY(_ t: Double) -> Double {
        ((ay * t + by) * t + cy) * t
    }

    /// dx/dt at parameter `t`.
    package func sampleCurveDerivativeX(_ t: Double) -> Double {
        (3 * ax * t + 2 * bx) * t + cx
    }

    /// The parameter t in [0, 1] with |x(t) − x| < `epsilon` (see the edge cases at the top of
    /// this file); `x` is clamped into [0, 1], NaN read as 0.
    /// - Complexity: at most 8 Newton steps and 64 bisection steps.
    package func solveCurveX(_ x: Double, epsilon: Double = UnitBezier.epsilon) -> Double {
        let x = Self.clamped(x, to: 0...1, nanValue: 0)
        if x == 0 || x == 1 { return x }
        // Newton's method from t = x: quadratic convergence on all but flat stretches.
        var t = x
        for _ in 0..<Self.newtonIterations {
            let error = sampleCurveX(t) - x
            if abs(error) < epsilon { return t }
            let slope = sampleCurveDerivativeX(t)
            if abs(slope) < Self.minimumSlope { break }
            t -= error / slope
            if !(0...1).contains(t) { break }
        }
        // Bisection: x(t) is non-decreasing, so [lower, upper] always brackets the solution.
        var lower = 0.0
        var upper = 1.0
        t = x
        for _ in 0..<64 {
            let value = sampleCurveX(t)
            if abs(value - x) < epsilon { return t }
            if value < x { lower = t } else { upper = t }
            t = lower + (upper - lower) / 2
        }
        return t
    }

    /// y(x): the curve's value at `x`, clamped into [0, 1] (NaN read as 0). Exactly 0 at x ≤ 0
    /// and exactly 1 at x ≥ 1. Always finite.
    package func solve(_ x: Double, epsilon: Double = UnitBezier.epsilon) -> Double {
        let x = Self.clamped(x, to: 0...1, nanValue: 0)
        if x == 0 { return 0 }
        if x == 1 { return 1 }
        // With both control points on the diagonal, y(t) = x(t) for every t: the curve is y = x
        // (the `linear` function), exactly.
        if isDiagonal { return x }
        return sampleCurveY(solveCurveX(x, epsilon: epsilon))
    }

    /// Whether both control points lie on the diagonal, making the curve the identity.
    private var isDiagonal: Bool {
        cx == cy && bx == by && ax == ay
    }

    /// `value` clamped into `range`, or `nanValue` when `value` is NaN.
    private static func clamped(_ value: Double, to range: ClosedRange<Double>, nanValue: Double) -> Double {
        value.isNaN ? nanValue : min(max(value, range.lowerBound), range.upperBound)
    }
}
