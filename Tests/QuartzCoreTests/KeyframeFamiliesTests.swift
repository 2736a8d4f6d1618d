import QuartzCore
import Testing

extension ManualClockTests {
    /// Keyframe animations as Apple's Core Animation evaluates them where its documentation is
    /// silent or stricter than what it does (rulings E24, E25, E26), each through the layer's
    /// presentation, for a property on the record path (`opacity`, `position`) and one evaluated
    /// from boxed values (`backgroundColor`).
    @Suite struct KeyframeFamiliesTests {
        /// `animation` added to a committed layer, read `time` seconds later.
        private func presented(_ animation: CAAnimation, after time: Double) -> CALayer {
            let (_, layer) = makeCommittedScene()
            layer.opacity = 0.2
            layer.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            CATransaction.flush()
            layer.add(animation, forKey: "family")
            CATransaction.flush()
            CAMediaClock.advance(by: time)
            return layer.presentation()!
        }

        /// Ruling E25: `move (10, 50), line (90, 50), close` has two keyframes, so key times
        /// `[0, 1]` are used and half way is x = 50 (counting the close as a third keyframe
        /// ignored the key times and gave 90).
        @Test func aClosingElementIsNoKeyframe() {
            withManualClock {
                let path = CGMutablePath()
                path.move(to: CGPoint(x: 10, y: 50))
                path.addLine(to: CGPoint(x: 90, y: 50))
                path.closeSubpath()
                let animation = CAKeyframeAnimation(keyPath: "position")
                animation.path = path
                animation.keyTimes = [0, 1]
                animation.duration = 1
                #expect(isClose(presented(animation, after: 0.5).position, CGPoint(x: 50, y: 50), 1e-6))
                // Without key times the two keyframes are still the whole motion.
                animation.keyTimes = nil
                #expect(isClose(presented(animation, after: 0.75).position, CGPoint(x: 70, y: 50), 1e-6))
            }
        }

        /// Ruling E29: an overshooting timing function carries a path animation past the path's
        /// ends along each end segment's own curve — a line extends as a line, a cubic follows
        /// its polynomial beyond t = 0 and t = 1 — as values animations extrapolate; it is not
        /// clamped to the path.
        @Test func anOvershootingTimingFunctionLeavesThePathAlongItsEndSegments() {
            withManualClock {
                // Progress at a quarter of the time: x = 0.25 on this curve is y ≈ −0.0605.
                let undershoot = CAMediaTimingFunction(controlPoints: 0.5, -0.5, 0.2, 1)
                let line = CGMutablePath()
                line.move(to: CGPoint(x: 150, y: 100))
                line.addLine(to: CGPoint(x: 150, y: 900))
                let straight = CAKeyframeAnimation(keyPath: "position")
                straight.path = line
                straight.timingFunction = undershoot
                straight.duration = 1
                let y = presented(straight, after: 0.25).position.y
                #expect(abs(y - (100 - 0.060_48 * 800)) < 0.25, "y \(y)")
                // A cubic: the same progress evaluated on its polynomial before t = 0.
                let curve = CGMutablePath()
                curve.move(to: CGPoint(x: 510, y: 100))
                curve.addCurve(
                    to: CGPoint(x: 510, y: 900), control1: CGPoint(x: 241.81, y: 338.9),
                    control2: CGPoint(x: 241.81, y: 605.57))
                let curved = CAKeyframeAnimation(keyPath: "position")
                curved.path = curve
                curved.timingFunction = undershoot
                curved.duration = 1
                let p = presented(curved, after: 0.25).position
                #expect(isClose(p, CGPoint(x: 561.60, y: 56.96), 0.25), "\(p)")
                // Past the end: (0.8, 0), (0.5, 1.5) gives ≈ 1.0605 at three quarters.
                curved.timingFunction = CAMediaTimingFunction(controlPoints: 0.8, 0, 0.5, 1.5)
                let q = presented(curved, after: 0.75).position
                #expect(isClose(q, CGPoint(x: 561.60, y: 953.73), 0.25), "\(q)")
            }
        }

        /// Ruling E24: key times that decrease or leave [0, 1] are used as given; the first
        /// segment holding the progress interpolates.
        @Test func keyTimesOutOfOrderAreUsedAsGiven() {
            withManualClock {
                let opacity = CAKeyframeAnimation(keyPath: "opacity")
                opacity.values = [0, 0, 1, 1]
                opacity.keyTimes = [0, -0.5, 0.5, 1]
                opacity.duration = 1
                #expect(isClose(CGFloat(presented(opacity, after: 0.25).opacity), 0.75, 1e-6))
                let colour = CAKeyframeAnimation(keyPath: "backgroundColor")
                colour.values = [
                    CGColor(red: 0, green: 0, blue: 0, alpha: 1),
                    CGColor(red: 0, green: 0, blue: 0, alpha: 1),
                    CGColor(red: 1, green: 1, blue: 1, alpha: 1),
                    CGColor(red: 1, green: 1, blue: 1, alpha: 1),
                ]
                colour.keyTimes = [0, -0.5, 0.5, 1]
                colour.duration = 1
                let red = presented(colour, after: 0.25).backgroundColor?.components?[0] ?? -1
                #expect(isClose(red, 0.75, 1e-6))
            }
        }

        /// Ruling E26: a discrete animation of one value has no effect; the model value shows.
        @Test func aDiscreteAnimationOfOneValueShowsTheModel() {
            withManualClock {
                let opacity = CAKeyframeAnimation(keyPath: "opacity")
                opacity.values = [0.9]
                opacity.keyTimes = [0, 1]
                opacity.calculationMode = .discrete
                opacity.duration = 1
                #expect(isClose(CGFloat(presented(opacity, after: 0.5).opacity), 0.2, 1e-6))
                // In linear mode the one value still shows throughout.
                opacity.calculationMode = .linear
                opacity.keyTimes = nil
                #expect(isClose(CGFloat(presented(opacity, after: 0.5).opacity), 0.9, 1e-6))
                // Two discrete values step as before.
                opacity.calculationMode = .discrete
                opacity.values = [0.9, 0.4]
                #expect(isClose(CGFloat(presented(opacity, after: 0.75).opacity), 0.4, 1e-6))
            }
        }
    }
}
