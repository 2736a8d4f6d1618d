import QuartzCore
import Testing

extension ManualClockTests {
    /// Adding, replacing and removing animations; begin times; presentation values; events.
    @Suite struct CALayerAnimationTests {
        private func slide(tag: String = "slide", duration: Double = 1) -> CABasicAnimation {
            let animation = CABasicAnimation(keyPath: "position")
            animation.fromValue = CGPoint(x: 0, y: 50)
            animation.toValue = NSValue(point: CGPoint(x: 100, y: 50))
            animation.duration = duration
            animation.setValue(tag, forKey: "tag")
            return animation
        }

        @Test func presentationIsNilBeforeTheFirstCommit() {
            withManualClock {
                let layer = CALayer()
                #expect(layer.presentation() == nil)
                CATransaction.flush()
                #expect(layer.presentation() != nil)
                #expect(layer.presentation()?.model() === layer)
                #expect(layer.presentation()?.presentation() === layer.presentation())
            }
        }

        @Test func addCopiesAndFillsTheBeginTimeAtCommit() {
            withManualClock {
                let (_, layer) = makeCommittedScene()
                let animation = slide()
                layer.add(animation, forKey: "slide")
                let added = layer.animation(forKey: "slide")
                #expect(added !== animation)
                CATransaction.flush()
                #expect(added?.beginTime == 1000)
                #expect(animation.beginTime == 0)
                animation.duration = 9  // the layer's copy is unaffected
                #expect(added?.duration == 1)
                CompatibilityWarnings.isEnabled = false
                added?.duration = 5  // the layer's copy is read-only
                #expect(added?.duration == 1)
            }
        }

        @Test func presentationInterpolatesAndSnapsBackWithoutFill() {
            withManualClock {
                let (_, layer) = makeCommittedScene()
                layer.add(slide(), forKey: "slide")
                CAMediaClock.advance(by: 0.25)
                #expect(isClose(layer.presentation()!.position, CGPoint(x: 25, y: 50)))
                #expect(layer.position == CGPoint(x: 50, y: 50))  // the model is untouched
                CAMediaClock.advance(by: 0.5)
                #expect(isClose(layer.presentation()!.position, CGPoint(x: 75, y: 50)))
                CAMediaClock.advance(by: 0.5)
                #expect(layer.presentation()!.position == CGPoint(x: 50, y: 50))  // snapped back
                #expect(layer.animationKeys() == nil)  // removed on completion
            }
        }

        @Test func fillForwardsHoldsTheEndWhenNotRemoved() {
            withManualClock {
                let (_, layer) = makeCommittedScene()
                let animation = slide()
                animation.fillMode = .forwards
                animation.isRemovedOnCompletion = false
                layer.add(animation, forKey: "slide")
                CAMediaClock.advance(by: 3)
                #expect(layer.presentation()!.position == CGPoint(x: 100, y: 50))
                #expect(layer.animationKeys() == ["slide"])
            }
        }

        @Test func delegateEventsArriveInTimeOrder() {
            withManualClock {
                let (_, layer) = makeCommittedScene()
                let recorder = DelegateRecorder()
                let first = slide(tag: "a", duration: 1)
                first.delegate = recorder
                let second = slide(tag: "b", duration: 0.5)
                second.delegate = recorder
                second.beginTime = layer.convertTime(CACurrentMediaTime(), from: nil) + 0.2
                layer.add(first, forKey: "a")
                layer.add(second, forKey: "b")
                CAMediaClock.advance(by: 2)
                // a starts when the commit's flush runs at 1000; the rest fall due during the move to 1002.
                #expect(
                    recorder.log == [
                        "start a @1000.0", "start b @1002.0", "stop b true @1002.0", "stop a true @1002.0",
                    ])
            }
        }

        @Test func startIsDeliveredWhenTheBeginTimeIsReached() {
            withManualClock {
                let (_, layer) = makeCommittedScene()
                let recorder = DelegateRecorder()
                let animation = slide(tag: "later")
                animation.delegate = recorder
                animation.beginTime = layer.convertTime(CACurrentMediaTime(), from: nil) + 1
                layer.add(animation, forKey: "later")
                CAMediaClock.advance(by: 0.5)
                #expect(recorder.log.isEmpty)
                CAMediaClock.advance(by: 0.75)
                #expect(recorder.log == ["start later @1001.25"])
            }
        }

        @Test func sameKeyReplacesAndStopsTheOldOneUnfinished() {
            withManualClock {
                let (_, layer) = makeCommittedScene()
                let recorder = DelegateRecorder()
                let first = slide(tag: "first")
                first.delegate = recorder
                layer.add(first, forKey: "move")
                CAMediaClock.advance(by: 0.125)
                let second = slide(tag: "second")
                second.delegate = recorder
                layer.add(second, forKey: "move")
                #expect(layer.animationKeys() == ["move"])
                CAMediaClock.advance(by: 0.125)
                #expect(
                    recorder.log == [
                        "start first @1000.0", "stop first false @1000.125", "start second @1000.125",
                    ])
                #expect(layer.animation(forKey: "move")?.value(forKey: "tag") as? String == "second")
            }
        }

        @Test func removeAnimationStopsUnfinishedOnce() {
            withManualClock {
                let (_, layer) = makeCommittedScene()
                let recorder = DelegateRecorder()
                let animation = slide(tag: "x")
                animation.delegate = recorder
                layer.add(animation, forKey: "x")
                CAMediaClock.advance(by: 0.5)
                layer.removeAnimation(forKey: "x")
                layer.removeAllAnimations()
                CAMediaClock.advance(by: 1)
                #expect(recorder.log == ["start x @1000.0", "stop x false @1000.5"])
                #expect(layer.presentation()!.position == CGPoint(x: 50, y: 50))
            }
        }

        /// An animation ends when its pixels show the end: by the timing the layer last
        /// published, not by a timing change still in an open transaction (here a speed of 0.5
        /// that, read from the model, would put the end 1,000 seconds later).
        @Test func eventsFollowTheCommittedTimingNotAnUncommittedChange() {
            withManualClock {
                let (_, layer) = makeCommittedScene()
                let recorder = DelegateRecorder()
                let animation = slide(tag: "x")
                animation.delegate = recorder
                layer.add(animation, forKey: "x")
                CAMediaClock.advance(by: 0)
                CATransaction.begin()
                layer.speed = 0.5
                CAMediaClock.advance(by: 1.5)
                #expect(recorder.log == ["start x @1000.0", "stop x true @1001.5"])
                CATransaction.commit()
                #expect(layer.animation(forKey: "x") == nil)
            }
        }

        @Test func nilKeysCoexistAndKeysKeepOrder() {
            withManualClock {
                let (_, layer) = makeCommittedScene()
                layer.add(slide(), forKey: nil)
                layer.add(slide(), forKey: nil)
                layer.add(slide(), forKey: "b")
                layer.add(slide(), forKey: "a")
                #expect(layer.animationKeys() == ["b", "a"])
                let transition = CATransition()
                layer.add(transition, forKey: "anything")
                #expect(layer.animationKeys() == ["b", "a", "transition"])
                #expect(layer.animation(forKey: kCATransition) is CATransition)
            }
        }

        @Test func laterNonAdditiveAnimationsOverrideAndAdditiveOnesCompose() {
            withManualClock {
                let (_, layer) = makeCommittedScene()
                let base = CABasicAnimation(keyPath: "position.x")
                base.fromValue = 0
                base.toValue = 100
                base.duration = 1
                layer.add(base, forKey: "base")
                let shake = CABasicAnimation(keyPath: "position.x")
                shake.fromValue = 10
                shake.toValue = 10
                shake.isAdditive = true
                shake.duration = 1
                layer.add(shake, forKey: "shake")
                CAMediaClock.advance(by: 0.5)
                #expect(isClose(layer.presentation()!.position.x, 60))
                let override = CABasicAnimation(keyPath: "position.x")
                override.fromValue = 300
                override.toValue = 300
                override.duration = 1
                layer.add(override, forKey: "override")
                CAMediaClock.advance(by: 0.1)
                #expect(layer.presentation()!.position.x == 300)
            }
        }

        @Test func toOnlyReadsTheModelLive() {
            withManualClock {
                let (_, layer) = makeCommittedScene()
                let animation = CABasicAnimation(keyPath: "opacity")
                animation.toValue = 0
                animation.duration = 1
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                layer.add(animation, forKey: "fade")
                CATransaction.commit()
                CAMediaClock.advance(by: 0.5)
                #expect(isClose(CGFloat(layer.presentation()!.opacity), 0.5, 1e-6))
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                layer.opacity = 0.6  // from = model, read live: now 0.6 → 0
                CATransaction.commit()
                #expect(isClose(CGFloat(layer.presentation()!.opacity), 0.3, 1e-6))
            }
        }

        @Test func layerSpeedScalesItsAnimationsAndPausingFreezesThem() {
            withManualClock {
                let (root, layer) = makeCommittedScene()
                root.speed = 2
                CATransaction.flush()
                let animation = slide()
                layer.add(animation, forKey: "slide")
                CAMediaClock.advance(by: 0.25)
                #expect(isClose(layer.presentation()!.position.x, 50))
                // QA1673 pause
                let paused = layer.convertTime(CACurrentMediaTime(), from: nil)
                layer.speed = 0
                layer.timeOffset = paused
                CAMediaClock.advance(by: 10)
                #expect(isClose(layer.presentation()!.position.x, 50))
                // resume
                let pausedTime = layer.timeOffset
                layer.speed = 1
                layer.timeOffset = 0
                layer.beginTime = 0
                layer.beginTime = layer.convertTime(CACurrentMediaTime(), from: nil) - pausedTime
                CAMediaClock.advance(by: 0.1)
                #expect(isClose(layer.presentation()!.position.x, 70, 1e-6))
            }
        }

        @Test func convertTimeRoundTrips() {
            let root = CALayer()
            let child = CALayer()
            root.addSublayer(child)
            root.beginTime = 3
            root.speed = 2
            child.timeOffset = 1.5
            child.speed = 0.5
            for t in [0.0, 1.25, 1000, -7] {
                let local = child.convertTime(t, from: nil)
                #expect(isClose(child.convertTime(local, to: nil), t, 1e-9))
                #expect(isClose(local, ((t - 3) * 2) * 0.5 + 1.5, 1e-9))
                #expect(isClose(child.convertTime(child.convertTime(t, to: root), from: root), t, 1e-9))
            }
        }
    }
}
