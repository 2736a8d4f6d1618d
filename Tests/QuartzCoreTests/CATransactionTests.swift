import QuartzCore
import Testing

extension ManualClockTests {
    /// CATransaction, Apple's header and ruling R7 (Apple-checked cases from GS transaction.m).
    @Suite struct CATransactionTests {
        @Test func animationDurationDefaultsAndNests() {
            #expect(CATransaction.animationDuration() == 0.25)
            CATransaction.begin()
            CATransaction.setAnimationDuration(1.5)
            #expect(CATransaction.animationDuration() == 1.5)
            CATransaction.begin()
            #expect(CATransaction.animationDuration() == 1.5)  // inherited
            CATransaction.setAnimationDuration(2.0)
            #expect(CATransaction.animationDuration() == 2.0)
            CATransaction.commit()
            #expect(CATransaction.animationDuration() == 1.5)  // the inner value does not leak out
            CATransaction.commit()
            #expect(CATransaction.animationDuration() == 0.25)
        }

        @Test func commitWithoutBeginDoesNotRaise() {
            CATransaction.flush()
            CATransaction.commit()
            CATransaction.commit()
            #expect(CATransaction.animationDuration() == 0.25)
        }

        @Test func keysAndAccessorsAreInterchangeable() {
            CATransaction.begin()
            CATransaction.setValue(0.75, forKey: kCATransactionAnimationDuration)
            #expect(CATransaction.animationDuration() == 0.75)
            CATransaction.setDisableActions(true)
            #expect(CATransaction.value(forKey: "disableActions") as? Bool == true)
            let easeIn = CAMediaTimingFunction(name: .easeIn)
            CATransaction.setAnimationTimingFunction(easeIn)
            #expect(
                CATransaction.value(forKey: kCATransactionAnimationTimingFunction) as? CAMediaTimingFunction
                    === easeIn)
            CATransaction.setValue("anything", forKey: "myKey")
            #expect(CATransaction.value(forKey: "myKey") as? String == "anything")
            CATransaction.commit()
            #expect(CATransaction.disableActions() == false)
            #expect(CATransaction.animationTimingFunction() == nil)
            #expect(CATransaction.value(forKey: "myKey") == nil)
        }

        @Test func completionBlockRunsAtCommitWhenNothingWasAdded() {
            var ran = false
            CATransaction.begin()
            CATransaction.setCompletionBlock { ran = true }
            #expect(!ran)
            CATransaction.commit()
            #expect(ran)
        }

        @Test func completionBlockWaitsForItsAnimations() {
            withManualClock {
                let (_, layer) = makeCommittedScene()
                var completedAt: Double?
                CATransaction.begin()
                CATransaction.setAnimationDuration(1)
                CATransaction.setCompletionBlock { completedAt = CACurrentMediaTime() }
                layer.opacity = 0.5  // an implicit animation of 1 s
                CATransaction.begin()
                let inner = CABasicAnimation(keyPath: "position.x")
                inner.toValue = 300
                inner.duration = 2
                layer.add(inner, forKey: "slide")  // nested transactions count too
                CATransaction.commit()
                CATransaction.commit()
                CAMediaClock.advance(by: 1.5)
                #expect(completedAt == nil)
                CAMediaClock.advance(by: 1)
                #expect(completedAt == 1002.5)  // delivered after the clock moved past 1002
            }
        }

        @Test func disableActionsSuppressesImplicitAnimations() {
            withManualClock {
                let (_, layer) = makeCommittedScene()
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                layer.opacity = 0
                CATransaction.commit()
                #expect(layer.animationKeys() == nil)
                // action(forKey:) itself still finds the action (Apple-checked).
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                #expect(layer.action(forKey: "opacity") is CABasicAnimation)
                CATransaction.commit()
            }
        }

        @Test func onlyTheOutermostCommitFixesBeginTimes() {
            withManualClock {
                let (_, layer) = makeCommittedScene()
                CATransaction.begin()
                CATransaction.begin()
                let animation = CABasicAnimation(keyPath: "opacity")
                animation.toValue = 0
                layer.add(animation, forKey: "fade")
                CATransaction.commit()
                #expect(layer.animation(forKey: "fade")?.beginTime == 0)
                CAMediaClock.useManualTime(1005)
                CATransaction.commit()
                #expect(layer.animation(forKey: "fade")?.beginTime == 1005)
                #expect(animation.beginTime == 0)  // the caller's object keeps 0
            }
        }
    }
}
