import QuartzCore
import Testing

extension ManualClockTests {
    /// Implicit animations and the action search at work (Apple's `CALayer` header, ruling E4;
    /// chapter 7).
    @Suite struct CALayerImplicitAnimationTests {
        final class NullDelegate: CALayerDelegate {
            func action(for layer: CALayer, forKey event: String) -> (any CAAction)? { NSNull() }
        }

        final class OrderRecorder: CAAction {
            var events: [String] = []
            func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
                events.append(event)
            }
        }

        @Test func aNewLayerIsNotAnimatedBeforeItsFirstCommit() {
            withManualClock {
                let layer = CALayer()
                layer.opacity = 0.5
                layer.position = CGPoint(x: 10, y: 10)
                #expect(layer.animationKeys() == nil)
            }
        }

        /// Listing 7.1: a colour change on a committed layer fades over 0.25 s with the default
        /// curve, from the colour on screen to the new one.
        @Test func colourChangeAnimatesForAQuarterSecond() throws {
            try withManualClock {
                let (_, layer) = makeCommittedScene()
                layer.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
                CAMediaClock.advance(by: 1)  // the blue fades in first; the tap comes later
                layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
                let animation = try #require(layer.animation(forKey: "backgroundColor") as? CABasicAnimation)
                #expect(animation.duration == 0.25)
                #expect(animation.keyPath == "backgroundColor")
                #expect(animation.timingFunction == CAMediaTimingFunction(name: .default))
                CAMediaClock.advance(by: 0.125)
                let middle = try #require(layer.presentation()?.backgroundColor?.components)
                // Half the time: the default curve is at 0.802403 (ruling E22).
                #expect(isClose(middle[0], 0.802403, 1e-5) && isClose(middle[2], 1 - 0.802403, 1e-5))
                CAMediaClock.advance(by: 0.25)
                #expect(layer.presentation()?.backgroundColor?.components == [1, 0, 0, 1])
                #expect(layer.animationKeys() == nil)
            }
        }

        /// Listing 7.2: the transaction's duration applies to the implicit animation.
        @Test func transactionDurationApplies() {
            withManualClock {
                let (_, layer) = makeCommittedScene()
                CATransaction.begin()
                CATransaction.setAnimationDuration(1)
                layer.opacity = 0
                CATransaction.commit()
                #expect(layer.animation(forKey: "opacity")?.duration == 1)
                CAMediaClock.advance(by: 0.5)
                let opacity = layer.presentation()!.opacity
                #expect(opacity > 0.1 && opacity < 0.5)  // default curve: y(0.5) ≈ 0.8
            }
        }

        /// Listing 7.5: a delegate returning NSNull (a UIKit backing layer outside an animation
        /// block) suppresses implicit animation; the block API animates anyway.
        @Test func nullDelegateSuppressesAndTheBlockAPIAnimates() {
            withManualClock {
                let (_, layer) = makeCommittedScene()
                let delegate = NullDelegate()
                layer.delegate = delegate
                layer.opacity = 0.5
                #expect(layer.animationKeys() == nil)
                var finished: Bool?
                CALayer.animate(
                    withDuration: 1, animations: { layer.opacity = 0 }, completion: { finished = $0 })
                #expect(layer.animationKeys() == ["opacity"])
                // The uncommitted 0.5 was never on screen: the block animates from the
                // committed 1 (ruling RT5).
                #expect(layer.presentation()!.opacity == 1)
                CAMediaClock.advance(by: 0.5)
                // Ease in-out is symmetric: half the time, half the change.
                #expect(isClose(CGFloat(layer.presentation()!.opacity), 0.5, 1e-6))
                CAMediaClock.advance(by: 1)
                #expect(finished == true)
            }
        }

        @Test func blockAPIDelayShowsTheStartValue() {
            withManualClock {
                let (_, layer) = makeCommittedScene()
                CALayer.animate(
                    withDuration: 1, delay: 0.5, options: .curveLinear, animations: { layer.opacity = 0 })
                CAMediaClock.advance(by: 0.25)
                #expect(layer.presentation()!.opacity == 1)
                CAMediaClock.advance(by: 0.75)
                #expect(isClose(CGFloat(layer.presentation()!.opacity), 0.5, 1e-6))
            }
        }

        /// Listing 7.6: a custom action from the actions dictionary replaces the implicit one.
        @Test func actionsDictionaryProvidesTheAnimation() {
            withManualClock {
                let (_, layer) = makeCommittedScene()
                let transition = CATransition()
                transition.type = .push
                transition.subtype = .fromLeft
                layer.actions = ["backgroundColor": transition]
                layer.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
                #expect(layer.animationKeys() == ["transition"])
                #expect((layer.animation(forKey: "transition") as? CATransition)?.subtype == .fromLeft)
            }
        }

        /// Animating from the value on screen: a change in mid-flight starts where the layer is.
        @Test func aChangeInFlightStartsFromThePresentationValue() {
            withManualClock {
                let (_, layer) = makeCommittedScene()
                CATransaction.begin()
                CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
                layer.position = CGPoint(x: 150, y: 50)
                CATransaction.commit()
                CAMediaClock.advance(by: 0.125)
                #expect(isClose(layer.presentation()!.position.x, 100))
                CATransaction.begin()
                CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
                layer.position = CGPoint(x: 0, y: 50)
                CATransaction.commit()
                CAMediaClock.advance(by: 0)
                #expect(isClose(layer.presentation()!.position.x, 100))
                CAMediaClock.advance(by: 0.125)
                #expect(isClose(layer.presentation()!.position.x, 50))
            }
        }

        @Test func settingTheSameValueRunsNoAction() {
            withManualClock {
                let (_, layer) = makeCommittedScene()
                layer.opacity = 1
                layer.position = layer.position
                #expect(layer.animationKeys() == nil)
            }
        }

        @Test func orderInAndOrderOutEvents() {
            withManualClock {
                let (root, layer) = makeCommittedScene()
                let recorder = OrderRecorder()
                layer.actions = [kCAOnOrderIn: recorder, kCAOnOrderOut: recorder]
                layer.removeFromSuperlayer()
                root.addSublayer(layer)
                layer.isHidden = true
                layer.isHidden = false
                #expect(recorder.events == ["onOrderOut", "onOrderIn", "onOrderOut", "onOrderIn"])
            }
        }

        /// Listing 7.7: hit testing the presentation tree finds the layer where it appears.
        @Test func presentationHitTestSeesTheMovingLayer() {
            withManualClock {
                let (root, layer) = makeCommittedScene()
                CATransaction.begin()
                CATransaction.setAnimationDuration(4)
                CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
                layer.position = CGPoint(x: 350, y: 50)
                CATransaction.commit()
                CAMediaClock.advance(by: 2)
                // On screen the layer's centre is at x = 200; the model says 350.
                let presented = root.presentation()!
                #expect(presented.hitTest(CGPoint(x: 200, y: 50))?.model() === layer)
                #expect(presented.hitTest(CGPoint(x: 350, y: 50))?.model() === root)
                #expect(root.hitTest(CGPoint(x: 350, y: 50)) === layer)
                #expect(layer.presentation()!.hitTest(CGPoint(x: 200, y: 50)) != nil)
            }
        }

        @Test func customLayerPropertyAnimatesThroughAnExplicitAnimation() {
            final class ProgressLayer: CALayer {
                @LayerProperty var progress: CGFloat = 0
            }
            withManualClock {
                let root = CALayer()
                let layer = ProgressLayer()
                root.addSublayer(layer)
                CATransaction.flush()
                layer.progress = 1  // custom properties have no implicit animation
                #expect(layer.animationKeys() == nil)
                let animation = CABasicAnimation(keyPath: "progress")
                animation.fromValue = 0
                animation.toValue = 1
                animation.duration = 2
                layer.add(animation, forKey: "progress")
                CAMediaClock.advance(by: 0.5)
                #expect(isClose(layer.presentation()!.progress, 0.25))
            }
        }
    }
}
