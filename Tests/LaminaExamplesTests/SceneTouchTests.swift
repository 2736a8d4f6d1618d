import QuartzCore
import Testing
import UIKit

@testable import LaminaExamples

extension ExampleClockTests {
    /// Scenes are view controllers shown in their own UIKit window; touches reach the listings
    /// through it, from the script and from `sendTouch(_:at:)` alike.
    @Suite struct SceneTouchTests {
        @Test func aScenesViewFillsItsWindow() throws {
            try withManualClock {
                let run = try makeRun("7.7")
                let scene = run.scene
                #expect(scene.isViewLoaded && scene.view === scene.rootView)
                #expect(scene.window.subviews.count == 1 && scene.rootView.superview === scene.window)
                #expect(scene.window.bounds == scene.root.bounds)
                #expect(scene.rootView.frame == scene.window.bounds)
                #expect(scene.rootView.next === scene && scene.next === scene.window)
                #expect(scene.window.isKeyWindow && !scene.window.isHidden)
                scene.loadAndShow()  // again: nothing changes
                #expect(scene.window.subviews.count == 1)
            }
        }

        /// Scene and window do not keep each other alive: a finished run frees them.
        @Test func aFinishedSceneIsFreed() throws {
            try withManualClock {
                weak var scene: ExampleScene?
                weak var window: UIWindow?
                do {
                    let run = try makeRun("9.4")
                    scene = run.scene
                    window = run.scene.window
                    run.advance(to: run.example.duration)
                }
                #expect(scene == nil)
                #expect(window == nil)
            }
        }

        /// Listing 7.7's `touchesBegan(_:with:)` gets a touch on its view through the responder
        /// chain (the view passes it to its view controller); the touch's location is in the
        /// view's coordinates.
        @Test func touchesReachListing7_7sViewController() throws {
            try withManualClock {
                let run = try makeRun("7.7")
                let scene = try #require(run.scene as? Listing7_7)
                scene.sendTouch(.began, at: CGPoint(x: 30, y: 420))
                #expect(scene.colorLayer.position == CGPoint(x: 30, y: 420))
                #expect(scene.colorLayer.backgroundColor == redColor)
                scene.sendTouch(.ended, at: CGPoint(x: 30, y: 420))
                // The presentation is still at the centre: a touch there recolours the layer.
                run.advance(to: 0.1)
                scene.sendTouch(.began, at: CGPoint(x: 160, y: 240))
                #expect(scene.colorLayer.backgroundColor != redColor)
                #expect(scene.colorLayer.position == CGPoint(x: 30, y: 420))
                // Non-finite points never arrive.
                scene.sendTouch(.began, at: CGPoint(x: CGFloat.nan, y: 3))
                #expect(scene.colorLayer.position == CGPoint(x: 30, y: 420))
            }
        }

        /// Listing 9.4's pan recogniser sees a drag's touches: it begins after 10 points, and each
        /// callback moves `timeOffset` by the movement since the last (the listing resets the
        /// translation); a drag shorter than 10 points is no pan.
        @Test func listing9_4sPanRecogniserScrubsTheDoor() throws {
            try withManualClock {
                let run = try makeRun("9.4")
                let scene = try #require(run.scene as? Listing9_4)
                let pans = (scene.rootView.gestureRecognizers ?? []).filter { $0 is UIPanGestureRecognizer }
                #expect(pans.count == 1)
                scene.sendTouch(.began, at: CGPoint(x: 200, y: 100))
                scene.sendTouch(.moved, at: CGPoint(x: 195, y: 100))
                #expect(scene.doorLayer.timeOffset == 0, "5 points: not a pan yet")
                scene.sendTouch(.moved, at: CGPoint(x: 180, y: 130))
                #expect(isClose(scene.doorLayer.timeOffset, 0.1, 1e-12))
                scene.sendTouch(.moved, at: CGPoint(x: 140, y: 130))
                #expect(isClose(scene.doorLayer.timeOffset, 0.3, 1e-12))
                scene.sendTouch(.ended, at: CGPoint(x: 140, y: 130))
                #expect(isClose(scene.doorLayer.timeOffset, 0.3, 1e-12))
                scene.sendTouch(.began, at: CGPoint(x: 100, y: 100))
                scene.sendTouch(.moved, at: CGPoint(x: 400, y: 100))
                #expect(scene.doorLayer.timeOffset == 0, "clamped at 0")
                scene.sendTouch(.ended, at: CGPoint(x: 400, y: 100))
            }
        }

        /// Scenes with handlers of their own pass the events they do not handle to the base
        /// class: a scripted tap on listing 7.1 still reaches the view under it as a touch.
        @Test func scenesPassTouchEventsOnToTheBase() throws {
            try withManualClock {
                let run = try makeRun("7.1")
                let probe = TouchRecordingView(frame: CGRect(x: 200, y: 300, width: 50, height: 50))
                run.scene.view.addSubview(probe)
                run.scene.handle(.tap(CGPoint(x: 210, y: 320)))
                #expect(probe.phases == [.began, .ended])
                #expect(probe.locations == [CGPoint(x: 10, y: 20), CGPoint(x: 10, y: 20)])
                run.scene.handle(.button("Change Color"))  // still the listing's
                #expect(probe.phases.count == 2)
            }
        }

        /// Scripted taps and pans are synthetic touches: a pan is a finger at the root's centre
        /// offset by the translation.
        @Test func scriptedEventsAreSyntheticTouches() throws {
            try withManualClock {
                let run = try makeRun("9.4")
                let scene = try #require(run.scene as? Listing9_4)
                #expect(scene.panAnchor == CGPoint(x: 160, y: 240))
                scene.handle(.pan(.zero, phase: .began))
                scene.handle(.pan(CGPoint(x: -4, y: 0), phase: .changed))
                #expect(scene.doorLayer.timeOffset == 0)
                scene.handle(.pan(CGPoint(x: -40, y: 0), phase: .changed))
                #expect(isClose(scene.doorLayer.timeOffset, 0.2, 1e-12))
                scene.handle(.pan(CGPoint(x: -40, y: 0), phase: .ended))
                #expect(isClose(scene.doorLayer.timeOffset, 0.2, 1e-12))
                scene.handle(.tap(CGPoint(x: 10, y: 10)))  // a tap is no pan
                #expect(isClose(scene.doorLayer.timeOffset, 0.2, 1e-12))
            }
        }
    }
}

/// A view that records the touches it receives, in its own coordinates.
private final class TouchRecordingView: UIView {
    var phases: [UITouch.Phase] = []
    var locations: [CGPoint] = []

    private func record(_ touches: Set<UITouch>) {
        guard let touch = touches.first else { return }
        phases.append(touch.phase)
        locations.append(touch.location(in: self))
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { record(touches) }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { record(touches) }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { record(touches) }
}
