import LaminaExamples
import LaminaPreview
import LaminaWindow
import QuartzCore
import Testing

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
        #expect(input.events(for: .pointerDown(CGPoint(x: 50, y: 420)), controls: controls).isEmpty)
        #expect(
            input.events(for: .pointerUp(CGPoint(x: 60, y: 425)), controls: controls) == [.button("Start")])
        _ = input.events(for: .pointerDown(CGPoint(x: 50, y: 420)), controls: controls)
        #expect(input.events(for: .pointerUp(CGPoint(x: 150, y: 200)), controls: controls).isEmpty)
        // A disabled control is not there: the press is a touch of the scene.
        #expect(
            input.events(for: .pointerDown(CGPoint(x: 250, y: 420)), controls: controls) == [
                .tap(CGPoint(x: 250, y: 420))
            ])
    }

    @Test func slidersFollowThePointerWithinTheirRange() {
        var input = ExampleInput()
        #expect(
            input.events(for: .pointerDown(CGPoint(x: 60, y: 310)), controls: controls) == [
                .slider("speed", 0.5)
            ])
        #expect(
            input.events(for: .pointerMoved(CGPoint(x: 160, y: 500)), controls: controls) == [
                .slider("speed", 1.5)
            ])
        #expect(
            input.events(for: .pointerMoved(CGPoint(x: 900, y: 310)), controls: controls) == [
                .slider("speed", 2)
            ])
        #expect(
            input.events(for: .pointerUp(CGPoint(x: -50, y: 310)), controls: controls) == [
                .slider("speed", 0)
            ])
        #expect(input.events(for: .pointerMoved(CGPoint(x: 60, y: 310)), controls: controls).isEmpty)
    }

    @Test func fieldsTakeDigitsWhileFocused() {
        var input = ExampleInput()
        #expect(input.events(for: .key("5"), controls: controls).isEmpty, "no field is focused")
        _ = input.events(for: .pointerDown(CGPoint(x: 20, y: 360)), controls: controls)
        _ = input.events(for: .pointerUp(CGPoint(x: 20, y: 360)), controls: controls)
        #expect(input.events(for: .key("."), controls: controls) == [.field("duration", "1.")])
        #expect(input.events(for: .key("Keypad 5"), controls: controls) == [.field("duration", "15")])
        #expect(input.events(for: .key("A"), controls: controls).isEmpty)
        #expect(input.events(for: .key("Backspace"), controls: controls) == [.field("duration", "")])
        #expect(input.events(for: .key("Return"), controls: controls).isEmpty)
        #expect(input.events(for: .key("7"), controls: controls).isEmpty, "Return ended editing")
    }

    @Test func dragsOnTheSceneArePans() {
        var input = ExampleInput()
        #expect(
            input.events(for: .pointerDown(CGPoint(x: 100, y: 100)), controls: controls) == [
                .tap(CGPoint(x: 100, y: 100))
            ])
        #expect(input.events(for: .pointerMoved(CGPoint(x: 104, y: 100)), controls: controls).isEmpty)
        #expect(
            input.events(for: .pointerMoved(CGPoint(x: 130, y: 90)), controls: controls) == [
                .pan(CGPoint(x: 30, y: -10), phase: .began)
            ])
        #expect(
            input.events(for: .pointerMoved(CGPoint(x: 150, y: 90)), controls: controls) == [
                .pan(CGPoint(x: 50, y: -10), phase: .changed)
            ])
        #expect(
            input.events(for: .pointerUp(CGPoint(x: 160, y: 95)), controls: controls) == [
                .pan(CGPoint(x: 60, y: -5), phase: .ended)
            ])
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

            // 9.4: dragging 100 points left opens the paused door half way (timeOffset 0.5).
            let door = try ExamplePreview(try #require(Examples.named("9.4")))
            func timeOffsets(_ layer: CALayer) -> [CFTimeInterval] {
                [layer.timeOffset] + (layer.sublayers ?? []).flatMap(timeOffsets)
            }
            let before = timeOffsets(door.scene.root)
            door.handle(.pointerDown(CGPoint(x: 250, y: 200)))
            door.handle(.pointerMoved(CGPoint(x: 200, y: 200)))
            door.handle(.pointerMoved(CGPoint(x: 150, y: 200)))
            door.handle(.pointerUp(CGPoint(x: 150, y: 200)))
            #expect(door.sentEvents.contains(.pan(CGPoint(x: -100, y: 0), phase: .ended)))
            #expect(before.allSatisfy { $0 == 0 })
            #expect(timeOffsets(door.scene.root).contains { abs($0 - 0.5) < 1e-9 })
            door.run(maximumFrames: 2)
            #expect(!door.window.isOpen)
        }
    }
}
