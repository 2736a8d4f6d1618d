import QuartzCore
import Testing
import UIKit

@testable import LaminaExamples

extension ExampleClockTests {
    /// The four view controllers of the post on UIView and Core Animation, as examples (ruling
    /// P10): each runs its script, does what the post describes, and draws something that
    /// changes over time.
    @Suite struct PostExampleTests {
        /// The frames of `name`'s run at `times` (seconds), rendered at half scale.
        static func frames(_ name: String, at times: [CFTimeInterval]) throws -> [[UInt8]] {
            let run = try makeRun(name)
            let renderer = try CARenderer(layer: run.scene.root, size: run.example.size, scale: 0.5)
            return try times.map { time in
                run.advance(to: time)
                let image = try #require(renderer.image(atTime: CACurrentMediaTime()))
                return try #require(image.premultipliedRGBA8Pixels())
            }
        }

        /// The share of pixels that differ by more than 8 in some channel.
        static func differingShare(_ a: [UInt8], _ b: [UInt8]) -> Double {
            let pixels = stride(from: 0, to: min(a.count, b.count), by: 4)
            let differing = pixels.count(where: { i in
                (0..<4).contains { abs(Int(a[i + $0]) - Int(b[i + $0])) > 8 }
            })
            return Double(differing) / Double(max(a.count / 4, 1))
        }

        /// Each draws a different picture at each of four moments of its script.
        @Test(arguments: [
            ("quick-example", [0.4, 0.6, 1.4, 4.4]), ("basic-animation", [0.4, 0.6, 1.8, 4.4]),
            ("keyframe-animation", [0.4, 0.8, 1.2, 2.9]), ("transition-swipes", [0.4, 1.0, 1.8, 2.5]),
        ])
        func drawsSomethingThatChangesOverTime(name: String, times: [Double]) throws {
            try withManualClock {
                let frames = try Self.frames(name, at: times)
                for index in 1..<frames.count {
                    let share = Self.differingShare(frames[index - 1], frames[index])
                    #expect(share > 0.002, "\(name) \(times[index - 1]) → \(times[index]): \(share)")
                }
            }
        }

        /// Two taps on each view: each ends 200 points right, green and half transparent (the
        /// spring's view stays red and opaque); the callbacks are logged as the post's `NSLog`s.
        @Test func quickExampleMovesEachTappedView() throws {
            try withManualClock {
                let run = try makeRun("quick-example")
                run.advance(to: run.example.duration)
                let log = run.scene.log
                #expect(log.filter { $0 == "view1Clicked" }.count == 2)
                #expect(log.filter { $0 == "animationDidStart" }.count == 2)
                #expect(log.filter { $0 == "animationDidStop" }.count == 2)
                #expect(log.filter { $0 == "completion" }.count == 2)
                #expect(log.filter { $0 == "view3Clicked" }.count == 2)
                for name in ["view1", "view2", "view3"] {
                    let view = try #require(layer(named: name, in: run.scene))
                    #expect(isClose(view.frame.origin.x, 210), "\(name)")
                    #expect(isClose(view.presentation()?.frame.origin.x ?? 0, 210, 0.5), "\(name)")
                }
                let view1 = try #require(layer(named: "view1", in: run.scene))
                #expect(view1.opacity == 0.5 && rgba(view1.backgroundColor) == [0, 1, 0, 1])
                let view3 = try #require(layer(named: "view3", in: run.scene))
                #expect(view3.opacity == 1 && rgba(view3.backgroundColor) == [1, 0, 0, 1])
            }
        }

        /// The delegate moves each layer's model to where the filled animation left it.
        @Test func basicAnimationDelegateKeepsTheEndPoint() throws {
            try withManualClock {
                let run = try makeRun("basic-animation")
                let moving = try #require(layer(named: "moving", in: run.scene))
                let group = try #require(layer(named: "group", in: run.scene))
                run.advance(to: 0.6)
                // The 0.2 s move is under way: the model stays until the delegate moves it.
                #expect(isClose(moving.position.x, 60))
                let seen = try #require(moving.presentation()).position.x
                #expect(seen > 60 && seen < 160)
                run.advance(to: 2.5)
                #expect(isClose(moving.position.x, 260) && isClose(group.position.x, 60))
                // Half way through the group the layer is turned and scaled.
                #expect(!CATransform3DIsIdentity(group.presentation()?.transform ?? CATransform3DIdentity))
                run.advance(to: run.example.duration)
                #expect(isClose(group.position.x, 160))
                #expect(run.scene.log.filter { $0 == "animationDidStop" }.count == 3)
            }
        }

        /// The picture follows the arc for 1 s, then is back where it was.
        @Test func keyframeAnimationFollowsTheArc() throws {
            try withManualClock {
                let run = try makeRun("keyframe-animation")
                let imageView = try #require(layer(named: "imageView", in: run.scene))
                run.advance(to: 1)
                let seen = try #require(imageView.presentation()).position
                #expect(!isClose(seen, CGPoint(x: 40, y: 130), 1))
                // On the arc (50, 50) → (30, 500) bulging right: far right of both ends.
                #expect(seen.x > 150)
                run.advance(to: 1.6)
                #expect(isClose(imageView.presentation()?.position, CGPoint(x: 40, y: 130)))
                #expect(imageView.animation(forKey: "keyframeAnimation1") == nil)
            }
        }

        /// Each scripted swipe is recognised by the recogniser of its direction and starts a 1 s
        /// transition of one of the post's types from its side, logging the type (a transition
        /// is kept under `kCATransition` whatever key it was added with, as on Apple's
        /// platforms).
        @Test func transitionSwipesChangeThePictureThroughTransitions() throws {
            try withManualClock {
                let run = try makeRun("transition-swipes")
                let scene = try #require(run.scene as? TransferAnimationViewController)
                run.advance(to: 1)
                let right = try #require(scene.bg.layer.animation(forKey: kCATransition) as? CATransition)
                #expect(right.subtype == .fromRight && right.duration == 1)
                #expect(TransferAnimationViewController.types.prefix(11).contains(right.type))
                #expect(scene.log == [right.type.rawValue])
                run.advance(to: 2.5)
                let left = try #require(scene.bg.layer.animation(forKey: kCATransition) as? CATransition)
                #expect(left.subtype == .fromLeft)
                run.advance(to: run.example.duration)
                // The seeded draws (ruling P1): the same in every run.
                #expect(scene.log == ["oglFlip", "suckEffect", "moveIn", "suckEffect", "pageUnCurl"])
                #expect(
                    scene.log.allSatisfy { name in
                        TransferAnimationViewController.types.contains { $0.rawValue == name }
                    })
                // A slow drag (80 points a second) is no swipe.
                scene.sendTouch(.began, at: CGPoint(x: 60, y: 240))
                for step in 1...20 {
                    CAMediaClock.advance(by: 0.1)
                    scene.sendTouch(.moved, at: CGPoint(x: 60 + 8 * CGFloat(step), y: 240))
                }
                scene.sendTouch(.ended, at: CGPoint(x: 220, y: 240))
                #expect(scene.log.count == 5)
            }
        }

        /// The seeded `arc4random()` repeats for a seed.
        @Test func seededRandomRepeats() {
            var a = SeededArc4Random(seed: 20)
            var b = SeededArc4Random(seed: 20)
            var c = SeededArc4Random(seed: 21)
            let first = (0..<8).map { _ in a.next() }
            #expect(first == (0..<8).map { _ in b.next() })
            #expect(first != (0..<8).map { _ in c.next() })
        }
    }
}
