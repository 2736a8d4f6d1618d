import QuartzCore
import Testing

extension ManualClockTests {
    /// Keyframe, spring, group, value-function and repeat behaviour, read from presentation layers.
    @Suite struct CAAnimationKindsTests {
        private func presented(_ layer: CALayer) -> CALayer {
            layer.presentation()!
        }

        @Test func keyframeValuesWithKeyTimesAndPerSegmentTiming() {
            withManualClock {
                let (_, layer) = makeCommittedScene()
                let animation = CAKeyframeAnimation(keyPath: "position.x")
                animation.values = [0, 100, 150]
                animation.keyTimes = [0, 0.5, 1]
                animation.timingFunctions = [
                    CAMediaTimingFunction(name: .linear), CAMediaTimingFunction(name: .easeIn),
                ]
                animation.duration = 2
                layer.add(animation, forKey: "x")
                CAMediaClock.advance(by: 0.5)
                #expect(isClose(presented(layer).position.x, 50))
                CAMediaClock.advance(by: 1)  // halfway through the second segment, eased in
                #expect(isClose(presented(layer).position.x, 100 + 50 * 0.315357, 1e-4))
            }
        }

        @Test func discreteKeyframesHoldEachValue() {
            withManualClock {
                let (_, layer) = makeCommittedScene()
                let animation = CAKeyframeAnimation(keyPath: "position.y")
                animation.values = [310, 60, 120, 60]
                animation.keyTimes = [0, 0.25, 0.5, 0.75, 1]
                animation.calculationMode = .discrete
                animation.duration = 4
                layer.add(animation, forKey: "y")
                var seen: [CGFloat] = []
                for _ in 0..<4 {
                    CAMediaClock.advance(by: 0.5)
                    seen.append(presented(layer).position.y)
                    CAMediaClock.advance(by: 0.5)
                }
                #expect(seen == [310, 60, 120, 60])
            }
        }

        @Test func invalidKeyTimesAreIgnored() {
            withManualClock {
                let (_, layer) = makeCommittedScene()
                let animation = CAKeyframeAnimation(keyPath: "position.x")
                animation.values = [0, 100, 200]
                animation.keyTimes = [0.2, 0.1]  // wrong count, not from 0 to 1: even spacing
                animation.duration = 1
                layer.add(animation, forKey: "x")
                CAMediaClock.advance(by: 0.75)
                #expect(isClose(presented(layer).position.x, 150))
            }
        }

        /// Key times ending before 1 hold the last value for the rest of the duration (E19), in
        /// the presentation and in the compiled program the renderer runs.
        @Test func keyTimesEndingEarlyHoldTheLastValue() {
            withManualClock {
                let (_, layer) = makeCommittedScene()
                let animation = CAKeyframeAnimation(keyPath: "opacity")
                animation.values = [0.0, 1.0]
                animation.keyTimes = [0, 0.5]
                animation.duration = 1
                layer.add(animation, forKey: "o")
                var seen: [Float] = []
                for _ in 0..<3 {
                    CAMediaClock.advance(by: 0.25)
                    seen.append(layer.presentation()?.opacity ?? -1)
                    let node = layer.renderNode!
                    let local = CACurrentMediaTime()  // no layer timing: local time is absolute
                    #expect(!node.resolvedAnimations.refreshesAllValues)
                    #expect(node.presented(atLocalTime: local).state.opacity == seen.last)
                }
                #expect(seen == [0.5, 1, 1])
            }
        }

        /// Chapter 8's ship: along a quarter circle with rotationMode auto, the layer follows the
        /// arc (not its chord) and turns with the tangent.
        @Test func pathKeyframesFollowTheCurveAndRotate() {
            withManualClock {
                let (_, layer) = makeCommittedScene()
                let path = CGMutablePath()
                path.move(to: CGPoint(x: 100, y: 0))
                path.addArc(
                    center: .zero, radius: 100, startAngle: 0, endAngle: .pi / 2, clockwise: false)
                let animation = CAKeyframeAnimation(keyPath: "position")
                animation.path = path
                animation.rotationMode = .rotateAuto
                animation.calculationMode = .paced
                animation.duration = 1
                layer.add(animation, forKey: "ship")
                CAMediaClock.advance(by: 0.5)
                let p = presented(layer).position
                #expect(isClose(hypot(p.x, p.y), 100, 1e-6))  // on the circle
                #expect(isClose(p.x, 100 * cos(.pi / 4), 1e-6))  // paced: half the arc
                let angle = atan2(presented(layer).transform.m12, presented(layer).transform.m11)
                #expect(isClose(angle, .pi / 4 + .pi / 2, 1e-6))  // the tangent at 45°
            }
        }

        @Test func springOvershootsAndSettles() {
            withManualClock {
                let (_, layer) = makeCommittedScene()
                let spring = CASpringAnimation(keyPath: "position.x")
                spring.fromValue = 0
                spring.toValue = 100
                spring.damping = 5
                spring.duration = spring.settlingDuration
                #expect(isClose(spring.duration, 2.8626, 1e-3))
                layer.add(spring, forKey: "spring")
                var maximum: CGFloat = 0
                for _ in 0..<40 {
                    CAMediaClock.advance(by: 0.0625)
                    maximum = max(maximum, presented(layer).position.x)
                }
                #expect(maximum > 100)  // it bounces past the target
                CAMediaClock.advance(by: 0.3)
                #expect(isClose(presented(layer).position.x, 100, 0.2))
            }
        }

        @Test func groupsClipTheirChildren() {
            withManualClock {
                let (_, layer) = makeCommittedScene()
                let long = CABasicAnimation(keyPath: "position.x")
                long.fromValue = 0
                long.toValue = 1000
                long.duration = 10
                let fade = CABasicAnimation(keyPath: "opacity")
                fade.fromValue = 1
                fade.toValue = 0
                fade.beginTime = 1  // relative to the group's start
                fade.duration = 2
                let group = CAAnimationGroup()
                group.animations = [long, fade]
                group.duration = 5
                layer.add(group, forKey: "group")
                CAMediaClock.advance(by: 0.5)
                #expect(isClose(presented(layer).position.x, 50))
                #expect(presented(layer).opacity == 1)  // the fade has not begun
                CAMediaClock.advance(by: 1.5)
                #expect(isClose(CGFloat(presented(layer).opacity), 0.5, 1e-6))
                CAMediaClock.advance(by: 3.5)  // past the group's 5 s: everything is removed
                #expect(presented(layer).position.x == 50)
                #expect(layer.animationKeys() == nil)
            }
        }

        /// `transform.rotation` by 2π turns a full circle, where `transform` from identity to a 2π
        /// rotation does not move (R11).
        @Test func fullTurnByKeyPathButNotByMatrix() {
            withManualClock {
                let (_, layer) = makeCommittedScene()
                let turn = CABasicAnimation(keyPath: "transform.rotation")
                turn.byValue = 2 * CGFloat.pi
                turn.duration = 1
                layer.add(turn, forKey: "turn")
                CAMediaClock.advance(by: 0.25)
                let angle = atan2(presented(layer).transform.m12, presented(layer).transform.m11)
                #expect(isClose(angle, .pi / 2, 1e-9))
                layer.removeAllAnimations()
                let matrix = CABasicAnimation(keyPath: "transform")
                matrix.toValue = CATransform3DMakeRotation(2 * .pi, 0, 0, 1)
                matrix.duration = 1
                layer.add(matrix, forKey: "matrix")
                CAMediaClock.advance(by: 0.25)
                #expect(isClose(presented(layer).transform.m12, 0, 1e-9))
            }
        }

        @Test func valueFunctionRotatesBeyondHalfATurn() {
            withManualClock {
                let (_, layer) = makeCommittedScene()
                let animation = CABasicAnimation(keyPath: "transform")
                animation.valueFunction = CAValueFunction(name: .rotateZ)
                animation.fromValue = 0
                animation.toValue = 1.5 * CGFloat.pi
                animation.duration = 1
                layer.add(animation, forKey: "spin")
                CAMediaClock.advance(by: 0.75)
                let t = presented(layer).transform
                #expect(isClose(t.m11, cos(1.125 * .pi), 1e-9) && isClose(t.m12, sin(1.125 * .pi), 1e-9))
            }
        }

        @Test func repeatAutoreverseAndCumulative() {
            withManualClock {
                let (_, layer) = makeCommittedScene()
                let swing = CABasicAnimation(keyPath: "position.x")
                swing.fromValue = 0
                swing.toValue = 100
                swing.duration = 1
                swing.autoreverses = true
                swing.repeatCount = 1.5
                layer.add(swing, forKey: "swing")
                CAMediaClock.advance(by: 1.25)  // on the way back
                #expect(isClose(presented(layer).position.x, 75))
                CAMediaClock.advance(by: 1)  // second cycle, forward again
                #expect(isClose(presented(layer).position.x, 25))
                layer.removeAllAnimations()
                let step = CABasicAnimation(keyPath: "position.y")
                step.fromValue = 0
                step.toValue = 10
                step.duration = 1
                step.repeatCount = 3
                step.isCumulative = true
                layer.add(step, forKey: "step")
                CAMediaClock.advance(by: 2.5)
                #expect(isClose(presented(layer).position.y, 25))
            }
        }

        @Test func fillBackwardsShowsTheStartBeforeBegin() {
            withManualClock {
                let (_, layer) = makeCommittedScene()
                let animation = CABasicAnimation(keyPath: "opacity")
                animation.fromValue = 0.2
                animation.toValue = 0.8
                animation.duration = 1
                animation.beginTime = layer.convertTime(CACurrentMediaTime(), from: nil) + 1
                animation.fillMode = .backwards
                layer.add(animation, forKey: "later")
                CAMediaClock.advance(by: 0.5)
                #expect(isClose(CGFloat(presented(layer).opacity), 0.2, 1e-6))
            }
        }

        @Test func nanValuesNeverReachThePresentation() {
            withManualClock {
                let (_, layer) = makeCommittedScene()
                CompatibilityWarnings.isEnabled = false
                let animation = CABasicAnimation(keyPath: "position.x")
                animation.fromValue = Double.nan
                animation.toValue = 100
                animation.duration = .nan
                animation.speed = .nan
                layer.add(animation, forKey: "bad")
                CAMediaClock.advance(by: 0.125)
                let x = presented(layer).position.x
                #expect(x.isFinite)
                let nowhere = CABasicAnimation(keyPath: "noSuchProperty.really")
                nowhere.toValue = "text"
                layer.add(nowhere, forKey: "nowhere")
                CAMediaClock.advance(by: 0.125)
                #expect(presented(layer).position.x.isFinite)
            }
        }
    }
}

extension ManualClockTests {
    /// `contents` crossfades by weight (R9): the presentation shows the new image over the old.
    @Suite struct ContentsCrossfadeTests {
        @Test func implicitContentsChangeCrossfades() throws {
            try withManualClock {
                let (_, layer) = makeCommittedScene()
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                layer.contents = "old image"
                CATransaction.commit()
                CATransaction.begin()
                CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
                layer.contents = "new image"
                CATransaction.commit()
                CAMediaClock.advance(by: 0.0625)
                let state = try #require(layer.presentation()).state
                #expect(state.contents as? String == "new image")
                #expect(state.contentsCrossfade?.previous as? String == "old image")
                #expect(state.contentsCrossfade?.weight == 0.25)
                CAMediaClock.advance(by: 0.25)
                #expect(layer.presentation()!.state.contentsCrossfade == nil)
            }
        }

        @Test func keyframedImagesCrossfadePairwise() throws {
            try withManualClock {
                let (_, layer) = makeCommittedScene()
                let animation = CAKeyframeAnimation(keyPath: "contents")
                animation.values = ["a", "b", "c"]
                animation.duration = 2
                layer.add(animation, forKey: "slides")
                CAMediaClock.advance(by: 1.5)
                let state = try #require(layer.presentation()).state
                #expect(state.contents as? String == "c")
                #expect(state.contentsCrossfade?.previous as? String == "b")
                #expect(state.contentsCrossfade?.weight == 0.5)
            }
        }
    }
}
