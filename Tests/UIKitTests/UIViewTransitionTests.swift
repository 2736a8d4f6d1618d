import Testing
import UIKit

extension ManualClockTests {
    @Suite struct UIViewTransitionTests {
        @Test func transitionWithViewAddsTheSelectedTransition() throws {
            try withManualClock {
                let (window, view) = makeCommittedViews()
                defer { withExtendedLifetime(window) {} }
                var finished: Bool?
                UIView.transition(
                    with: view, duration: 0.6, options: [.transitionFlipFromLeft, .curveLinear],
                    animations: { view.backgroundColor = .red }, completion: { finished = $0 })
                let transition = try #require(view.layer.animation(forKey: kCATransition) as? CATransition)
                #expect(
                    transition.type == .oglFlip && transition.subtype == .fromLeft
                        && transition.duration == 0.6)
                #expect(transition.timingFunction == CAMediaTimingFunction(name: .linear))
                // No cross-fade of the property.
                #expect(view.layer.animation(forKey: "backgroundColor") == nil)
                #expect(rgba(view.layer.presentation()?.backgroundColor) == [1, 0, 0, 1])
                CAMediaClock.advance(by: 0.5)
                #expect(finished == nil)
                CAMediaClock.advance(by: 0.2)
                #expect(finished == true)
            }
        }

        @Test func eachTransitionOptionSelectsItsType() {
            let expected: [(UIView.AnimationOptions, CATransitionType, CATransitionSubtype?)] = [
                (.transitionFlipFromRight, .oglFlip, .fromRight), (.transitionCurlUp, .pageCurl, .fromBottom),
                (.transitionCurlDown, .pageUnCurl, .fromBottom), (.transitionCrossDissolve, .fade, nil),
                (.transitionFlipFromTop, .oglFlip, .fromTop),
                (.transitionFlipFromBottom, .oglFlip, .fromBottom),
            ]
            let view = UIView()
            for (option, type, subtype) in expected {
                UIView.transition(with: view, duration: 1, options: option, animations: nil)
                let transition = view.layer.animation(forKey: kCATransition) as? CATransition
                #expect(transition?.type == type && transition?.subtype == subtype)
            }
            view.layer.removeAllAnimations()
            var finished: Bool?
            UIView.transition(
                with: view, duration: 1, options: [], animations: { view.alpha = 0 },
                completion: { finished = $0 })
            #expect(view.layer.animationKeys() == nil && view.alpha == 0 && finished == true)
        }

        @Test func transitionFromToReplacesTheView() throws {
            try withManualClock {
                let (window, view) = makeCommittedViews()
                defer { withExtendedLifetime(window) {} }
                let front = UIView(frame: CGRect(x: 0, y: 0, width: 5, height: 5))
                window.addSubview(front)
                let replacement = UIView(frame: view.frame)
                CATransaction.flush()
                var finished: Bool?
                UIView.transition(
                    from: view, to: replacement, duration: 0.5, options: .transitionCrossDissolve,
                    completion: { finished = $0 })
                #expect(view.superview == nil && replacement.superview === window)
                #expect(window.subviews.first === replacement && window.subviews.last === front)
                #expect((window.layer.animation(forKey: kCATransition) as? CATransition)?.type == .fade)
                CAMediaClock.advance(by: 0.5)
                #expect(finished == true)
                // Show/hide instead of removing.
                UIView.transition(
                    from: replacement, to: front, duration: 0.5,
                    options: [.transitionCurlUp, .showHideTransitionViews])
                #expect(replacement.isHidden && !front.isHidden && replacement.superview === window)
                var orphan: Bool?
                UIView.transition(
                    from: UIView(), to: UIView(), duration: 1, options: [], completion: { orphan = $0 })
                #expect(orphan == false)
            }
        }

        @Test func keyframesHoldThenReachEachValue() throws {
            try withManualClock {
                let (window, view) = makeCommittedViews()
                defer { withExtendedLifetime(window) {} }
                var finished: Bool?
                UIView.animateKeyframes(
                    withDuration: 2, delay: 0,
                    options: UIView.KeyframeAnimationOptions(
                        rawValue: UIView.AnimationOptions.curveLinear.rawValue),
                    animations: {
                        UIView.addKeyframe(withRelativeStartTime: 0.25, relativeDuration: 0.25) {
                            view.alpha = 0.5
                        }
                        UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) {
                            view.alpha = 0
                        }
                    }, completion: { finished = $0 })
                #expect(view.alpha == 0)  // the model at once
                let animation = try #require(view.layer.animation(forKey: "opacity") as? CAKeyframeAnimation)
                #expect(animation.keyTimes == [0, 0.25, 0.5, 1])
                #expect(animation.values?.compactMap { $0 as? Float } == [1, 1, 0.5, 0])
                #expect(animation.calculationMode == .linear && animation.duration == 2)
                func opacity() -> Float { view.layer.presentation()?.opacity ?? -1 }
                CAMediaClock.advance(by: 0.4)
                #expect(opacity() == 1)  // held before the first keyframe
                CAMediaClock.advance(by: 0.35)  // t = 0.75 s: half way through the first keyframe
                #expect(abs(opacity() - 0.75) < 1e-4)
                CAMediaClock.advance(by: 0.75)  // t = 1.5 s: half way through the second
                #expect(abs(opacity() - 0.25) < 1e-4)
                CAMediaClock.advance(by: 0.5)
                #expect(finished == true)
            }
        }

        @Test func keyframesDefaultToEaseInOutAndTakeTheCalculationMode() throws {
            try withManualClock {
                let (window, view) = makeCommittedViews()
                defer { withExtendedLifetime(window) {} }
                UIView.animateKeyframes(
                    withDuration: 1, delay: 0, options: .calculationModeDiscrete,
                    animations: {
                        UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) {
                            view.center.x = 300
                        }
                    })
                let animation = try #require(view.layer.animation(forKey: "position") as? CAKeyframeAnimation)
                #expect(animation.calculationMode == .discrete)
                #expect(animation.timingFunction == CAMediaTimingFunction(name: .easeInEaseOut))
            }
        }

        @Test func beginCommitAnimationsWithSettings() throws {
            try withManualClock {
                let (window, view) = makeCommittedViews()
                defer { withExtendedLifetime(window) {} }
                var log: [String] = []
                UIView.beginAnimations("move", context: nil)
                view.center.x = 250
                // Staged with the settings so far; the commit replaces it with the final ones.
                let staged = try #require(view.layer.animation(forKey: "position") as? CABasicAnimation)
                #expect(staged.duration == 0.2)
                UIView.setAnimationDuration(1)
                UIView.setAnimationCurve(.linear)
                UIView.setAnimationRepeatCount(2)
                UIView.setAnimationRepeatAutoreverses(true)
                UIView.setAnimationWillStart { id, _ in log.append("start \(id ?? "-")") }
                UIView.setAnimationDidStop { id, finished, _ in log.append("stop \(id ?? "-") \(finished)") }
                UIView.commitAnimations()
                let animation = try #require(view.layer.animation(forKey: "position") as? CABasicAnimation)
                #expect(animation.duration == 1 && animation.repeatCount == 2 && animation.autoreverses)
                #expect(animation.timingFunction == CAMediaTimingFunction(name: .linear))
                #expect(log == ["start move"])
                CAMediaClock.advance(by: 0.5)
                #expect(isClose(presentedPosition(view).x, 150, 1e-3))
                CAMediaClock.advance(by: 3.5)
                #expect(log == ["start move", "stop move true"])
                // Defaults: 0.2 s, ease in-out.
                UIView.beginAnimations(nil, context: nil)
                view.alpha = 0
                UIView.commitAnimations()
                let fade = try #require(view.layer.animation(forKey: "opacity"))
                #expect(
                    fade.duration == 0.2 && fade.timingFunction == CAMediaTimingFunction(name: .easeInEaseOut)
                )
                UIView.commitAnimations()  // unbalanced: ignored
            }
        }

        /// Inside `beginAnimations` a view answers a `CABasicAnimation` for its layer's keys, as
        /// listing 7.5 logs; only changes that happened are animated at the commit, each from the
        /// value before its first change in the block (ruling U12).
        @Test func beginAnimationsHandsOutBasicAnimations() throws {
            try withManualClock {
                let (window, view) = makeCommittedViews()
                defer { withExtendedLifetime(window) {} }
                #expect(view.action(for: view.layer, forKey: "opacity") is NSNull)
                UIView.beginAnimations(nil, context: nil)
                let asked = view.action(for: view.layer, forKey: "backgroundColor")
                #expect(type(of: asked as AnyObject) == CABasicAnimation.self)
                #expect((asked as? CABasicAnimation)?.keyPath == "backgroundColor")
                #expect(view.action(for: view.layer, forKey: "name") is NSNull)  // not a view key
                let startX = view.center.x
                view.center.x = startX + 100
                view.center.x = startX + 200
                UIView.setAnimationDuration(2)
                UIView.commitAnimations()
                #expect(view.layer.animationKeys() == ["position"])  // asked, unchanged: none
                let move = try #require(view.layer.animation(forKey: "position") as? CABasicAnimation)
                #expect(move.duration == 2)
                #expect((move.fromValue as? CGPoint)?.x == startX)
                #expect(move.toValue == nil)
                // A block whose duration ends up 0 leaves nothing staged behind.
                UIView.beginAnimations(nil, context: nil)
                view.alpha = 0.5
                UIView.setAnimationDuration(0)
                UIView.commitAnimations()
                #expect(view.layer.animation(forKey: "opacity") == nil)
                #expect(view.layer.opacity == 0.5)
            }
        }

        @Test func legacyTransition() throws {
            try withManualClock {
                let (window, view) = makeCommittedViews()
                defer { withExtendedLifetime(window) {} }
                UIView.beginAnimations(nil, context: nil)
                UIView.setAnimationTransition(.curlUp, for: view, cache: true)
                view.backgroundColor = .blue
                UIView.commitAnimations()
                let transition = try #require(view.layer.animation(forKey: kCATransition) as? CATransition)
                #expect(transition.type == .pageCurl && transition.duration == 0.2)
            }
        }
    }
}
