import Testing
import UIKit

/// Every suite that moves the shared manual clock nests in this one, so they never run in
/// parallel with each other.
@Suite(.serialized) enum ManualClockTests {}

extension ManualClockTests {
    @Suite struct UIViewAnimationTests {
        @Test func modelAtOnceAndPresentationAlongTheDefaultCurve() throws {
            try withManualClock {
                let (window, view) = makeCommittedViews()
                defer { withExtendedLifetime(window) {} }
                UIView.animate(withDuration: 1) { view.center = CGPoint(x: 150, y: 50) }
                #expect(view.center == CGPoint(x: 150, y: 50))  // the model at once
                let animation = try #require(view.layer.animation(forKey: "position") as? CABasicAnimation)
                #expect(animation.timingFunction == CAMediaTimingFunction(name: .easeInEaseOut))
                CAMediaClock.advance(by: 0.25)
                let quarter = presentedPosition(view).x
                #expect(quarter > 50 && quarter < 75)  // eases in: behind linear pacing
                CAMediaClock.advance(by: 0.25)
                #expect(isClose(presentedPosition(view).x, 100, 1e-3))  // symmetric curve: half way
                CAMediaClock.advance(by: 0.5)
                #expect(presentedPosition(view).x == 150)
                #expect(view.layer.animationKeys() == nil)
            }
        }

        @Test func linearCurveDelayAndCompletion() throws {
            try withManualClock {
                let (window, view) = makeCommittedViews()
                defer { withExtendedLifetime(window) {} }
                var finished: [Bool] = []
                UIView.animate(
                    withDuration: 1, delay: 0.5, options: .curveLinear,
                    animations: { view.alpha = 0 }, completion: { finished.append($0) })
                CAMediaClock.advance(by: 0.25)
                #expect(view.layer.presentation()?.opacity == 1)  // the start value during the delay
                CAMediaClock.advance(by: 0.5)
                #expect(isClose(CGFloat(view.layer.presentation()?.opacity ?? -1), 0.75, 1e-4))
                #expect(finished.isEmpty)
                CAMediaClock.advance(by: 0.75)
                #expect(finished == [true])
            }
        }

        @Test func interruptedAnimationCompletesUnfinished() throws {
            try withManualClock {
                let (window, view) = makeCommittedViews()
                defer { withExtendedLifetime(window) {} }
                var log: [String] = []
                UIView.animate(
                    withDuration: 1, animations: { view.center.x = 300 },
                    completion: { log.append("first \($0)") })
                CAMediaClock.advance(by: 0.5)
                UIView.animate(
                    withDuration: 1, animations: { view.center.x = 0 },
                    completion: { log.append("second \($0)") })
                CAMediaClock.advance(by: 0)
                #expect(log == ["first false"])
                CAMediaClock.advance(by: 1)
                #expect(log == ["first false", "second true"])
            }
        }

        @Test func beginFromCurrentStateStartsFromTheScreen() throws {
            try withManualClock {
                let (window, view) = makeCommittedViews()
                defer { withExtendedLifetime(window) {} }
                UIView.animate(
                    withDuration: 1, delay: 0, options: .curveLinear, animations: { view.center.x = 150 })
                CAMediaClock.advance(by: 0.5)  // on screen at x = 100
                UIView.animate(
                    withDuration: 1, delay: 0, options: [.curveLinear, .beginFromCurrentState],
                    animations: {
                        view.center.x = 0
                    })
                var animation = try #require(view.layer.animation(forKey: "position") as? CABasicAnimation)
                #expect((animation.fromValue as? CGPoint)?.x == 100)
                // Without the option the new animation starts from the previous model value.
                UIView.animate(
                    withDuration: 1, delay: 0, options: .curveLinear, animations: { view.center.x = 50 })
                animation = try #require(view.layer.animation(forKey: "position") as? CABasicAnimation)
                #expect((animation.fromValue as? CGPoint)?.x == 0)
            }
        }

        @Test func repeatAndAutoreverse() throws {
            try withManualClock {
                let (window, view) = makeCommittedViews()
                defer { withExtendedLifetime(window) {} }
                UIView.animate(
                    withDuration: 0.5, delay: 0, options: [.repeat, .autoreverse, .curveLinear],
                    animations: {
                        view.alpha = 0
                    })
                let animation = try #require(view.layer.animation(forKey: "opacity"))
                #expect(animation.repeatCount == .infinity && animation.autoreverses)
                CAMediaClock.advance(by: 0.75)  // half way back
                #expect(isClose(CGFloat(view.layer.presentation()?.opacity ?? -1), 0.5, 1e-4))
            }
        }

        @Test func nestedBlocksInheritDurationAndCurveUnlessOverridden() throws {
            try withManualClock {
                let (window, view) = makeCommittedViews()
                defer { withExtendedLifetime(window) {} }
                let other = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
                let third = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
                window.addSubview(other)
                window.addSubview(third)
                CATransaction.flush()
                UIView.animate(
                    withDuration: 2, delay: 0, options: .curveLinear,
                    animations: {
                        view.alpha = 0
                        UIView.animate(
                            withDuration: 0.5, delay: 0, options: .curveEaseIn,
                            animations: { other.alpha = 0 })
                        UIView.animate(
                            withDuration: 0.5, delay: 0,
                            options: [.overrideInheritedDuration, .overrideInheritedCurve, .curveEaseIn],
                            animations: { third.alpha = 0 })
                    })
                #expect(view.layer.animation(forKey: "opacity")?.duration == 2)
                #expect(other.layer.animation(forKey: "opacity")?.duration == 2)
                #expect(
                    other.layer.animation(forKey: "opacity")?.timingFunction
                        == CAMediaTimingFunction(name: .linear))
                #expect(third.layer.animation(forKey: "opacity")?.duration == 0.5)
                #expect(
                    third.layer.animation(forKey: "opacity")?.timingFunction
                        == CAMediaTimingFunction(name: .easeIn))
            }
        }

        @Test func springReachesTheEndAndOvershoots() throws {
            try withManualClock {
                let (window, view) = makeCommittedViews()
                defer { withExtendedLifetime(window) {} }
                var finished: Bool?
                UIView.animate(
                    withDuration: 1, delay: 0, usingSpringWithDamping: 0.3, initialSpringVelocity: 0,
                    options: [],
                    animations: { view.center.x = 150 }, completion: { finished = $0 })
                let spring = try #require(view.layer.animation(forKey: "position") as? CASpringAnimation)
                #expect(spring.duration == 1)
                var maximum: CGFloat = 0
                for _ in 0..<99 {
                    CAMediaClock.advance(by: 0.01)
                    maximum = max(maximum, presentedPosition(view).x)
                }
                #expect(maximum > 155)  // overshoots the end
                CAMediaClock.advance(by: 0.02)
                #expect(finished == true && view.layer.animationKeys() == nil && view.center.x == 150)
                // Damping 1: no overshoot.
                UIView.animate(
                    withDuration: 1, delay: 0, usingSpringWithDamping: 1, initialSpringVelocity: 0,
                    options: [],
                    animations: { view.center.x = 250 })
                var peak: CGFloat = 0
                for _ in 0..<100 {
                    CAMediaClock.advance(by: 0.01)
                    peak = max(peak, view.layer.presentation()?.position.x ?? 0)
                }
                #expect(peak <= 250.0001)
            }
        }

        @Test func iOS17SpringLastsUntilItSettles() throws {
            try withManualClock {
                let (window, view) = makeCommittedViews()
                defer { withExtendedLifetime(window) {} }
                UIView.animate(springDuration: 0.5, bounce: 0.3) { view.center.y = 200 }
                let spring = try #require(view.layer.animation(forKey: "position") as? CASpringAnimation)
                #expect(isClose(spring.perceptualDuration, 0.5, 1e-6) && isClose(spring.bounce, 0.3, 1e-6))
                #expect(spring.duration == spring.settlingDuration && spring.duration > 0.5)
            }
        }

        @Test func performWithoutAnimationAndDisabledAnimations() throws {
            try withManualClock {
                let (window, view) = makeCommittedViews()
                defer { withExtendedLifetime(window) {} }
                var finished: Bool?
                UIView.animate(
                    withDuration: 1,
                    animations: {
                        view.center.x = 300
                        UIView.performWithoutAnimation { view.alpha = 0.5 }
                    }, completion: { finished = $0 })
                #expect(view.layer.animationKeys() == ["position"])
                UIView.setAnimationsEnabled(false)
                UIView.animate(withDuration: 1) { view.backgroundColor = .red }
                UIView.setAnimationsEnabled(true)
                #expect(UIView.areAnimationsEnabled)
                #expect(view.layer.animation(forKey: "backgroundColor") == nil)
                var immediate: Bool?
                UIView.animate(
                    withDuration: 0, animations: { view.alpha = 1 }, completion: { immediate = $0 })
                #expect(immediate == true && view.layer.animation(forKey: "opacity") == nil)
                CAMediaClock.advance(by: 1)
                #expect(finished == true)
            }
        }

        /// A view created in the same turn animates inside a block, as UIKit's do.
        @Test func uncommittedViewAnimatesInsideABlock() throws {
            try withManualClock {
                let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
                UIView.animate(withDuration: 1) { view.alpha = 0 }
                #expect(view.layer.animationKeys() == ["opacity"])
                var created: UIView?
                UIView.animate(withDuration: 1) {
                    created = UIView(frame: CGRect(x: 5, y: 5, width: 5, height: 5))
                }
                #expect(created?.layer.animationKeys() == nil)  // the initial frame does not animate
                let plain = CALayer()  // a layer without a view is not animated
                UIView.animate(withDuration: 1) { plain.opacity = 0 }
                #expect(plain.animationKeys() == nil)
            }
        }

        final class LayingOutView: UIView {
            let child = UIView()
            override init(frame: CGRect) {
                super.init(frame: frame)
                addSubview(child)
            }
            required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
            override func layoutSubviews() { child.frame = bounds }
        }

        @Test func layoutSubviewsOptionAnimatesTheLayout() throws {
            try withManualClock {
                let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
                let view = LayingOutView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
                window.addSubview(view)
                view.layoutIfNeeded()
                CATransaction.flush()
                UIView.animate(
                    withDuration: 1, delay: 0, options: .layoutSubviews,
                    animations: {
                        view.bounds.size = CGSize(width: 200, height: 200)
                    })
                #expect(view.child.bounds.width == 200)
                #expect(view.child.layer.animation(forKey: "bounds") != nil)
            }
        }

        @Test func animatingViewsIgnoreTouchesUnlessAllowed() throws {
            try withManualClock {
                let (window, view) = makeCommittedViews()
                defer { withExtendedLifetime(window) {} }
                UIView.animate(withDuration: 1) { view.alpha = 0.5 }
                CAMediaClock.advance(by: 0.1)
                #expect(window.hitTest(CGPoint(x: 50, y: 50), with: nil) === window)
                CAMediaClock.advance(by: 1)
                #expect(window.hitTest(CGPoint(x: 50, y: 50), with: nil) === view)
                UIView.animate(
                    withDuration: 1, delay: 0, options: .allowUserInteraction, animations: { view.alpha = 1 })
                CAMediaClock.advance(by: 0.1)
                #expect(window.hitTest(CGPoint(x: 50, y: 50), with: nil) === view)
            }
        }
    }
}
