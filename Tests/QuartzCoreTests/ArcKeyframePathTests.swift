import CoreGraphics
import Foundation
import QuartzCore
import Testing

// Ruling G2 (docs/DECISIONS.md): an arc keeps every turn, so a keyframe animation along it laps.

extension ManualClockTests {
    @Suite struct ArcKeyframePathTests {
        /// The position of `layer`'s presentation copy, as an angle about `center` and a distance.
        private func polar(_ layer: CALayer, center: CGPoint) -> (angle: CGFloat, radius: CGFloat) {
            let p = (layer.presentation() ?? layer).position
            return (atan2(p.y - center.y, p.x - center.x), hypot(p.x - center.x, p.y - center.y))
        }

        /// The same angle modulo a full turn.
        private func sameAngle(_ a: CGFloat, _ b: CGFloat) -> Bool {
            let difference = (a - b).truncatingRemainder(dividingBy: 2 * .pi)
            return min(abs(difference), 2 * .pi - abs(difference)) < 1e-6
        }

        @Test(arguments: [CAAnimationCalculationMode.linear, .paced])
        func anArcOfTwoTurnsLapsTwice(mode: CAAnimationCalculationMode) {
            withManualClock {
                let (_, layer) = makeCommittedScene()
                let center = CGPoint(x: 200, y: 200)
                let path = CGMutablePath()
                path.addArc(
                    center: center, radius: 80, startAngle: 1.5 * .pi, endAngle: 5.5 * .pi,
                    clockwise: false)
                let animation = CAKeyframeAnimation(keyPath: "position")
                animation.path = path
                animation.calculationMode = mode
                animation.duration = 4
                layer.add(animation, forKey: "lap")
                var angles: [CGFloat] = []
                for _ in 0..<3 {
                    CAMediaClock.advance(by: 1)
                    let (angle, radius) = polar(layer, center: center)
                    #expect(abs(radius - 80) < 0.05)
                    angles.append(angle)
                }
                // A quarter of the way is half a lap past the start; half way, one lap: back at
                // the start angle; three quarters, one and a half laps: where it was at a quarter.
                #expect(sameAngle(angles[0], 0.5 * .pi), "\(angles)")
                #expect(sameAngle(angles[1], 1.5 * .pi), "\(angles)")
                #expect(sameAngle(angles[2], angles[0]), "\(angles)")
            }
        }

        @Test func aClockwiseFullTurnIsAWholeLap() {
            withManualClock {
                let (_, layer) = makeCommittedScene()
                let center = CGPoint(x: 200, y: 200)
                let path = CGMutablePath()
                // UIBezierPath(… startAngle: 0, endAngle: 2π, clockwise: false) hands CG `true`.
                path.addArc(center: center, radius: 50, startAngle: 0, endAngle: 2 * .pi, clockwise: true)
                let animation = CAKeyframeAnimation(keyPath: "position")
                animation.path = path
                animation.calculationMode = .paced
                animation.duration = 4
                layer.add(animation, forKey: "lap")
                CAMediaClock.advance(by: 1)
                // A quarter lap with the angle decreasing: at −π/2.
                #expect(sameAngle(polar(layer, center: center).angle, -0.5 * .pi))
                CAMediaClock.advance(by: 1)
                #expect(sameAngle(polar(layer, center: center).angle, .pi))
            }
        }
    }
}
