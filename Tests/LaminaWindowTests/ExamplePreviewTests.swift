import LaminaExamples
import LaminaPreview
import LaminaWindow
import QuartzCore
import Testing
import UIKit

@Suite struct ExampleInputTests {
    let controls = [
        ExampleControl(name: "Start", kind: .button, frame: CGRect(x: 10, y: 400, width: 100, height: 40)),
        ExampleControl(
            name: "speed", kind: .slider(minimum: 0, maximum: 2, value: 1),
            frame: CGRect(x: 10, y: 300, width: 200, height: 30)),
        ExampleControl(
            name: "duration", kind: .field(text: "1"), frame: CGRect(x: 10, y: 350, width: 100, height: 30)),
        ExampleControl(
            name: "Off", kind: .button, frame: CGRect(x: 200, y: 400, width: 100, height: 40),
            isEnabled: false),
    ]

    @Test func buttonsTapWhenReleasedInside() {
        var input = ExampleInput()
        #expect(input.actions(for: .pointerDown(CGPoint(x: 50, y: 420)), controls: controls).isEmpty)
        #expect(
            input.actions(for: .pointerUp(CGPoint(x: 60, y: 425)), controls: controls) == [
                .interaction(.button("Start"))
            ])
        _ = input.actions(for: .pointerDown(CGPoint(x: 50, y: 420)), controls: controls)
        #expect(input.actions(for: .pointerUp(CGPoint(x: 150, y: 200)), controls: controls).isEmpty)
        // A disabled control is not there: the press is a touch of the scene's views.
        #expect(
            input.actions(for: .pointerDown(CGPoint(x: 250, y: 420)), controls: controls) == [
                .touch(.began, CGPoint(x: 250, y: 420))
            ])
    }

    @Test func slidersFollowThePointerWithinTheirRange() {
        var input = ExampleInput()
        #expect(
            input.actions(for: .pointerDown(CGPoint(x: 60, y: 310)), controls: controls) == [
                .interaction(.slider("speed", 0.5))
            ])
        #expect(
            input.actions(for: .pointerMoved(CGPoint(x: 160, y: 500)), controls: controls) == [
                .interaction(.slider("speed", 1.5))
            ])
        #expect(
            input.actions(for: .pointerMoved(CGPoint(x: 900, y: 310)), controls: controls) == [
                .interaction(.slider("speed", 2))
            ])
        #expect(
            input.actions(for: .pointerUp(CGPoint(x: -50, y: 310)), controls: controls) == [
                .interaction(.slider("speed", 0))
            ])
        #expect(input.actions(for: .pointerMoved(CGPoint(x: 60, y: 310)), controls: controls).isEmpty)
    }

    @Test func fieldsTakeDigitsWhileFocused() {
        var input = ExampleInput()
        #expect(input.actions(for: .key("5"), controls: controls).isEmpty, "no field is focused")
        _ = input.actions(for: .pointerDown(CGPoint(x: 20, y: 360)), controls: controls)
        _ = input.actions(for: .pointerUp(CGPoint(x: 20, y: 360)), controls: controls)
        #expect(input.actions(for: .key("."), controls: controls) == [.interaction(.field("duration", "1."))])
        #expect(
            input.actions(for: .key("Keypad 5"), controls: controls) == [
                .interaction(.field("duration", "15"))
            ])
        #expect(input.actions(for: .key("A"), controls: controls).isEmpty)
        #expect(
            input.actions(for: .key("Backspace"), controls: controls) == [
                .interaction(.field("duration", ""))
            ])
        #expect(input.actions(for: .key("Return"), controls: controls).isEmpty)
        #expect(input.actions(for: .key("7"), controls: controls).isEmpty, "Return ended editing")
    }

    /// A press outside the controls is a touch for the UIKit window: it goes down, follows the
    /// pointer (over controls too) and lifts; hovering is no touch.
    @Test func pressesOutsideTheControlsAreTouches() {
        var input = ExampleInput()
        #expect(input.actions(for: .pointerMoved(CGPoint(x: 90, y: 90)), controls: controls).isEmpty)
        #expect(
            input.actions(for: .pointerDown(CGPoint(x: 100, y: 100)), controls: controls) == [
                .touch(.began, CGPoint(x: 100, y: 100))
            ])
        #expect(
            input.actions(for: .pointerMoved(CGPoint(x: 104, y: 100)), controls: controls) == [
                .touch(.moved, CGPoint(x: 104, y: 100))
            ])
        #expect(
            input.actions(for: .pointerMoved(CGPoint(x: 50, y: 420)), controls: controls) == [
                .touch(.moved, CGPoint(x: 50, y: 420))
            ])
        #expect(
            input.actions(for: .pointerUp(CGPoint(x: 50, y: 420)), controls: controls) == [
                .touch(.ended, CGPoint(x: 50, y: 420))
            ], "released over Start: still the touch's, no tap")
        #expect(input.actions(for: .pointerMoved(CGPoint(x: 60, y: 420)), controls: controls).isEmpty)
        // A press on a control is no touch, even when dragged off it.
        _ = input.actions(for: .pointerDown(CGPoint(x: 50, y: 420)), controls: controls)
        #expect(input.actions(for: .pointerMoved(CGPoint(x: 100, y: 100)), controls: controls).isEmpty)
        #expect(input.actions(for: .pointerUp(CGPoint(x: 100, y: 100)), controls: controls).isEmpty)
    }
}

extension LaminaWindowTests {
    @Test func previewTurnsClicksAndDragsIntoTheListingsInteractions() throws {
        try withXvfb {
            // 8.15: a click on Start spins the ship.
            let example = try #require(Examples.named("8.15"))
            let preview = try ExamplePreview(example)
            let start = try #require(preview.scene.controls.first { $0.name == "Start" })
            let centre = CGPoint(x: start.frame.midX, y: start.frame.midY)
            preview.handle(.pointerDown(centre))
            preview.handle(.pointerUp(centre))
            #expect(preview.sentEvents == [.button("Start")])
            preview.run(maximumFrames: 3)
            #expect(preview.scene.log.isEmpty, "the spin is still running")

            // 7.7: a click beside the layer moves it there (touchesBegan through the UIKit
            // window); a click on it recolours it.
            let touchPreview = try ExamplePreview(try #require(Examples.named("7.7")))
            let listing = try #require(touchPreview.scene.rootView.layer.sublayers?.first)
            let red = listing.backgroundColor
            touchPreview.handle(.pointerDown(CGPoint(x: 60, y: 70)))
            touchPreview.handle(.pointerUp(CGPoint(x: 60, y: 70)))
            #expect(touchPreview.sentEvents.isEmpty)
            #expect(touchPreview.deliveredTouches.map(\.phase) == [.began, .ended])
            #expect(listing.position == CGPoint(x: 60, y: 70))
            #expect(listing.backgroundColor == red)
            touchPreview.handle(.pointerDown(CGPoint(x: 60, y: 70)))
            touchPreview.handle(.pointerUp(CGPoint(x: 60, y: 70)))
            #expect(listing.backgroundColor == red, "the layer is still seen in the middle")
            touchPreview.handle(.pointerDown(CGPoint(x: 160, y: 240)))
            #expect(listing.backgroundColor != red, "a touch where the layer is seen recolours it")
            #expect(listing.position == CGPoint(x: 60, y: 70))
            touchPreview.handle(.pointerUp(CGPoint(x: 160, y: 240)))
            touchPreview.run(maximumFrames: 2)

            // 9.4: dragging 100 points left opens the paused door half way (timeOffset 0.5): the
            // drag is a touch whose moves the listing's UIPanGestureRecognizer recognises.
            let door = try ExamplePreview(try #require(Examples.named("9.4")))
            func timeOffsets(_ layer: CALayer) -> [CFTimeInterval] {
                [layer.timeOffset] + (layer.sublayers ?? []).flatMap(timeOffsets)
            }
            let before = timeOffsets(door.scene.root)
            door.handle(.pointerDown(CGPoint(x: 250, y: 200)))
            door.handle(.pointerMoved(CGPoint(x: 200, y: 200)))
            door.handle(.pointerMoved(CGPoint(x: 150, y: 200)))
            door.handle(.pointerUp(CGPoint(x: 150, y: 200)))
            #expect(door.sentEvents.isEmpty)
            #expect(door.deliveredTouches.map(\.phase) == [.began, .moved, .moved, .ended])
            #expect(before.allSatisfy { $0 == 0 })
            #expect(timeOffsets(door.scene.root).contains { abs($0 - 0.5) < 1e-9 })
            door.run(maximumFrames: 2)
            #expect(!door.window.isOpen)
        }
    }

    /// A quick drag in a preview is a swipe (rulings U21, W6): the post's transition example's
    /// swipe recogniser sees the touch and changes the picture through a transition.
    @Test func previewTurnsAQuickDragIntoASwipe() throws {
        try withXvfb {
            let preview = try ExamplePreview(try #require(Examples.named("transition-swipes")))
            preview.handle(.pointerDown(CGPoint(x: 60, y: 240)))
            preview.handle(.pointerMoved(CGPoint(x: 120, y: 240)))
            preview.handle(.pointerMoved(CGPoint(x: 200, y: 244)))
            preview.handle(.pointerUp(CGPoint(x: 200, y: 244)))
            #expect(preview.sentEvents.isEmpty)
            #expect(preview.deliveredTouches.map(\.phase) == [.began, .moved, .moved, .ended])
            #expect(preview.scene.log.count == 1, "one swipe, one transition: \(preview.scene.log)")
            let picture = try #require(preview.scene.rootView.subviews.first?.layer)
            #expect(picture.animation(forKey: kCATransition) is CATransition)
            // A press that barely moves is no swipe.
            preview.handle(.pointerDown(CGPoint(x: 60, y: 240)))
            preview.handle(.pointerUp(CGPoint(x: 70, y: 240)))
            #expect(preview.scene.log.count == 1)
            preview.run(maximumFrames: 2)
        }
    }

    /// A scaled preview maps clicks back to the scene's points before they become touches.
    @Test func previewMapsScaledClicksToSceneTouches() throws {
        try withXvfb {
            let preview = try ExamplePreview(try #require(Examples.named("7.7")), scale: 1.5)
            let colorLayer = try #require(preview.scene.rootView.layer.sublayers?.first)
            let target = CGPoint(x: 60, y: 70)
            let click = preview.window.rootLayer.convert(target, from: preview.scene.root)
            #expect(abs(click.x - target.x) > 10, "the scene is scaled: window and scene points differ")
            preview.handle(.pointerDown(click))
            preview.handle(.pointerUp(click))
            let touched = try #require(preview.deliveredTouches.first?.point)
            #expect(abs(touched.x - target.x) < 1e-6 && abs(touched.y - target.y) < 1e-6)
            #expect(abs(colorLayer.position.x - 60) < 1e-6 && abs(colorLayer.position.y - 70) < 1e-6)
            preview.run(maximumFrames: 1)
        }
    }

    /// `--script` in the live window: 9.4's scripted pans reach its pan recogniser as synthetic
    /// touches at their times; the door's `timeOffset` follows the pans sent so far.
    @Test func previewReplaysScriptedPansAsTouches() throws {
        try withXvfb {
            let door = try ExamplePreview(try #require(Examples.named("9.4")), replaysScript: true)
            door.run(maximumFrames: 150)  // at most 60 frames a second: at least 2.5 s
            #expect(door.sentEvents.contains(.pan(CGPoint(x: -160, y: 0), phase: .ended)))
            #expect(door.deliveredTouches.isEmpty, "no user touches")
            // 160 points left (0.8 s), then 16 points right per step of the second pan sent.
            let steps = door.sentEvents.filter {
                if case .pan(let translation, .changed) = $0 { return translation.x > 0 }
                return false
            }.count
            let expected = 0.8 - Double(steps) * 16 / 200
            func timeOffsets(_ layer: CALayer) -> [CFTimeInterval] {
                [layer.timeOffset] + (layer.sublayers ?? []).flatMap(timeOffsets)
            }
            #expect(timeOffsets(door.scene.root).contains { abs($0 - expected) < 1e-9 }, "\(steps) steps")
        }
    }
}
