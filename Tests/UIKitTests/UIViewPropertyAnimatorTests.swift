import Testing
import UIKit

extension ManualClockTests {
    @Suite struct UIViewPropertyAnimatorTests {
        @Test func runsToTheEndAndCompletes() throws {
            try withManualClock {
                let (window, view) = makeCommittedViews()
                defer { withExtendedLifetime(window) {} }
                let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x = 150 }
                var positions: [UIViewAnimatingPosition] = []
                animator.addCompletion { positions.append($0) }
                #expect(animator.state == .inactive && view.center.x == 50)  // nothing ran yet
                animator.startAnimation()
                #expect(animator.state == .active && animator.isRunning && view.center.x == 150)
                CAMediaClock.advance(by: 0.25)
                #expect(isClose(presentedPosition(view).x, 75, 1e-3))
                #expect(isClose(animator.fractionComplete, 0.25))
                CAMediaClock.advance(by: 0.75)
                #expect(positions == [.end] && animator.state == .inactive)
                #expect(view.layer.animationKeys() == nil && view.center.x == 150)
            }
        }

        @Test func pauseAndScrubLinearly() throws {
            try withManualClock {
                let (window, view) = makeCommittedViews()
                defer { withExtendedLifetime(window) {} }
                let animator = UIViewPropertyAnimator(duration: 2, curve: .easeIn) { view.alpha = 0 }
                animator.fractionComplete = 0.5  // starts paused
                #expect(animator.state == .active && !animator.isRunning)
                CAMediaClock.advance(by: 0)
                // A linear scrub.
                #expect(isClose(CGFloat(view.layer.presentation()?.opacity ?? -1), 0.5, 1e-4))
                CAMediaClock.advance(by: 5)  // paused: nothing moves
                #expect(isClose(CGFloat(view.layer.presentation()?.opacity ?? -1), 0.5, 1e-4))
                animator.fractionComplete = 0.8
                CAMediaClock.advance(by: 0)
                #expect(isClose(CGFloat(view.layer.presentation()?.opacity ?? -1), 0.2, 1e-4))
                animator.scrubsLinearly = false
                animator.fractionComplete = 0.5
                CAMediaClock.advance(by: 0)
                #expect(CGFloat(view.layer.presentation()?.opacity ?? -1) > 0.6)  // ease in: behind
                var position: UIViewAnimatingPosition?
                animator.addCompletion { position = $0 }
                animator.startAnimation()  // resumes from half way: 1 s left
                CAMediaClock.advance(by: 0.5)
                #expect(isClose(animator.fractionComplete, 0.75))
                CAMediaClock.advance(by: 0.5)
                #expect(position == .end && view.alpha == 0)
            }
        }

        @Test func reverseReturnsToTheStart() throws {
            try withManualClock {
                let (window, view) = makeCommittedViews()
                defer { withExtendedLifetime(window) {} }
                let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x = 150 }
                var position: UIViewAnimatingPosition?
                animator.addCompletion { position = $0 }
                animator.startAnimation()
                CAMediaClock.advance(by: 0.6)
                animator.isReversed = true
                CAMediaClock.advance(by: 0.1)
                #expect(isClose(presentedPosition(view).x, 100, 1e-3))  // 0.6 → 0.5
                #expect(isClose(animator.fractionComplete, 0.5))
                CAMediaClock.advance(by: 0.5)
                #expect(position == .start && view.center.x == 50 && view.layer.animationKeys() == nil)
            }
        }

        @Test func stopAndFinish() throws {
            try withManualClock {
                let (window, view) = makeCommittedViews()
                defer { withExtendedLifetime(window) {} }
                let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x = 150 }
                var positions: [UIViewAnimatingPosition] = []
                animator.addCompletion { positions.append($0) }
                animator.startAnimation()
                CAMediaClock.advance(by: 0.3)
                animator.stopAnimation(false)
                #expect(animator.state == .stopped && isClose(view.center.x, 80, 1e-3))  // kept where it was
                #expect(view.layer.animationKeys() == nil && positions.isEmpty)
                animator.finishAnimation(at: .current)
                #expect(
                    positions == [.current] && animator.state == .inactive && isClose(view.center.x, 80, 1e-3)
                )

                let second = UIViewPropertyAnimator(duration: 1, dampingRatio: 1) { view.alpha = 0 }
                var called = false
                second.addCompletion { _ in called = true }
                second.startAnimation()
                CAMediaClock.advance(by: 0.5)
                second.stopAnimation(true)
                #expect(second.state == .inactive && !called && view.layer.animationKeys() == nil)
                #expect(view.alpha > 0 && view.alpha < 1)
            }
        }

        @Test func runningAnimatorWithDelayAndDelayFactor() throws {
            try withManualClock {
                let (window, view) = makeCommittedViews()
                defer { withExtendedLifetime(window) {} }
                var position: UIViewAnimatingPosition?
                let animator = UIViewPropertyAnimator.runningPropertyAnimator(
                    withDuration: 1, delay: 0.5, options: .curveLinear, animations: { view.center.x = 150 },
                    completion: { position = $0 })
                animator.addAnimations({ view.alpha = 0 }, delayFactor: 0.5)
                CAMediaClock.advance(by: 0.25)
                #expect(presentedPosition(view).x == 50 && animator.fractionComplete == 0)  // in the delay
                CAMediaClock.advance(by: 0.75)  // half way
                #expect(isClose(presentedPosition(view).x, 100, 1e-3))
                #expect(view.layer.presentation()?.opacity == 1)  // its animation starts half way
                CAMediaClock.advance(by: 0.25)
                #expect(isClose(CGFloat(view.layer.presentation()?.opacity ?? -1), 0.5, 1e-3))
                CAMediaClock.advance(by: 0.25)
                #expect(position == .end && view.alpha == 0)
            }
        }

        @Test func pausesOnCompletion() throws {
            try withManualClock {
                let (window, view) = makeCommittedViews()
                defer { withExtendedLifetime(window) {} }
                let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.alpha = 0 }
                animator.pausesOnCompletion = true
                var called = false
                animator.addCompletion { _ in called = true }
                animator.startAnimation()
                CAMediaClock.advance(by: 1.5)
                #expect(
                    !called && animator.state == .active && !animator.isRunning
                        && animator.fractionComplete == 1)
                animator.isReversed = true
                animator.startAnimation()
                CAMediaClock.advance(by: 1)
                #expect(view.layer.presentation()?.opacity == 1)
            }
        }
    }
}
