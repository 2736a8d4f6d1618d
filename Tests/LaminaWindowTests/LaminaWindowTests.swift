import CSDL2
import Foundation
import LaminaWindow
import QuartzCore
import Synchronization
import Testing

/// Pushes a synthetic left-button or motion event into SDL's queue, at window point (x, y).
private func push(_ type: SDL_EventType, x: Int32, y: Int32) {
    var event = SDL_Event()
    event.type = type.rawValue
    if type == SDL_MOUSEMOTION {
        event.motion.x = x
        event.motion.y = y
        event.motion.state = 1  // SDL_BUTTON_LMASK
    } else {
        event.button.x = x
        event.button.y = y
        event.button.button = UInt8(SDL_BUTTON_LEFT)
        event.button.clicks = 1
        event.button.state = UInt8(type == SDL_MOUSEBUTTONDOWN ? SDL_PRESSED : SDL_RELEASED)
    }
    _ = SDL_PushEvent(&event)
}

/// The RGBA bytes of `image` (premultiplied RGBA8, as the renderer and the window produce).
private func bytes(_ image: CGImage) -> [UInt8] {
    guard let data = image.dataProvider?.data else { return [] }
    return [UInt8](data)
}

/// Window tests share SDL and the `DISPLAY` variable: one at a time, each with its own Xvfb.
@Suite(.serialized) struct LaminaWindowTests {
    @Test func windowShowsWhatTheOffscreenRendererDraws() throws {
        try withXvfb {
            let window = try LaminaWindow(title: "known frame", size: CGSize(width: 320, height: 240))
            #expect(window.isOpen)
            #expect(window.size == CGSize(width: 320, height: 240))
            #expect(window.scale == 1)
            let root = window.rootLayer
            #expect(root.bounds == CGRect(x: 0, y: 0, width: 320, height: 240))
            root.backgroundColor = CGColor(red: 0.2, green: 0.3, blue: 0.4, alpha: 1)
            let card = CALayer()
            card.frame = CGRect(x: 40, y: 30, width: 150, height: 100)
            card.backgroundColor = CGColor(red: 1, green: 0.5, blue: 0, alpha: 1)
            card.cornerRadius = 16
            card.borderWidth = 3
            card.borderColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
            let badge = CALayer()
            badge.frame = CGRect(x: 200, y: 150, width: 60, height: 60)
            badge.backgroundColor = CGColor(red: 0, green: 0.8, blue: 0.3, alpha: 0.5)
            badge.transform = CATransform3DMakeRotation(.pi / 6, 0, 0, 1)
            root.addSublayer(card)
            root.addSublayer(badge)
            CATransaction.flush()

            let shown = try #require(window.snapshot())
            #expect(shown.width == 320 && shown.height == 240)
            let offscreen = try CARenderer(layer: root, size: CGSize(width: 320, height: 240))
            let expected = try #require(offscreen.image(atTime: CACurrentMediaTime()))
            let a = bytes(shown)
            let b = bytes(expected)
            #expect(a.count == b.count && a.count == 320 * 240 * 4)
            var largest = 0
            for index in 0..<min(a.count, b.count) {
                largest = max(largest, abs(Int(a[index]) - Int(b[index])))
            }
            #expect(largest == 0)
            // Spot checks that the frame is the scene, not an empty or black one: the card's
            // orange at (100, 80) and the root's blue-grey at (5, 5), top row first.
            func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(a[(y * 320 + x) * 4..<(y * 320 + x) * 4 + 4]) }
            #expect(pixel(100, 80) == [255, 128, 0, 255])
            #expect(pixel(5, 5) == [51, 76, 102, 255])
            window.close()
            #expect(!window.isOpen)
            #expect(window.snapshot() == nil)
        }
    }

    @Test func tapOnTheMovingLayerHitsItsPresentation() throws {
        try withXvfb {
            try CAMediaClock.withManualTime(at: 1000) {
                let window = try LaminaWindow(title: "listing 7.7", size: CGSize(width: 400, height: 300))
                let root = window.rootLayer
                let colorLayer = CALayer()
                colorLayer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
                colorLayer.position = CGPoint(x: 50, y: 150)
                colorLayer.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
                root.addSublayer(colorLayer)
                CATransaction.flush()
                // Move it (implicitly animated, 0.25 s → make it 2 s) to x = 350.
                CATransaction.begin()
                CATransaction.setAnimationDuration(2)
                CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
                colorLayer.position = CGPoint(x: 350, y: 150)
                CATransaction.commit()
                CAMediaClock.advance(by: 1)
                // Halfway: the presentation is at x = 200, the model at 350.
                let shownAt = try #require(colorLayer.presentation()).position
                #expect(abs(shownAt.x - 200) < 1e-6)

                var events: [LaminaWindow.Event] = []
                var taps = LaminaWindow.TapRecognizer()
                var frames = 0
                push(SDL_MOUSEMOTION, x: 123, y: 45)
                push(SDL_MOUSEBUTTONDOWN, x: 205, y: 160)
                push(SDL_MOUSEBUTTONUP, x: 206, y: 161)
                window.run(
                    onFrame: { _ in
                        frames += 1
                        if frames == 3 { window.close() }
                    },
                    onEvent: { event in
                        events.append(event)
                        guard let point = taps.handle(event) else { return }
                        // Chapter 7.7: a tap on the moving layer changes its colour.
                        let hit = root.presentation()?.hitTest(root.convert(point, to: nil))
                        if let hit, hit.model() === colorLayer {
                            colorLayer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
                        } else {
                            CATransaction.begin()
                            CATransaction.setDisableActions(true)
                            colorLayer.position = point
                            CATransaction.commit()
                        }
                    })
                #expect(events.contains(.pointerMoved(CGPoint(x: 123, y: 45))))
                #expect(events.contains(.pointerDown(CGPoint(x: 205, y: 160))))
                #expect(events.contains(.pointerUp(CGPoint(x: 206, y: 161))))
                #expect(frames == 3)
                #expect(!window.isOpen)
                // Hit the presentation (at x 150…250), not the model (300…400): colour changed, not moved.
                #expect(colorLayer.backgroundColor == CGColor(red: 1, green: 0, blue: 0, alpha: 1))
                #expect(colorLayer.position == CGPoint(x: 350, y: 150))
            }
        }
    }

    /// Frame n is drawn on the drawing queue while the next is committed (ruling W5): each
    /// presented frame shows the tree committed for it, though the model has moved on.
    @Test func eachPresentedFrameShowsTheTreeCommittedForIt() throws {
        try withXvfb {
            let window = try LaminaWindow(title: "overlap", size: CGSize(width: 64, height: 64))
            window.pacesFrames = false
            let shades: [CGFloat] = (0..<8).map { CGFloat($0 + 1) / 8 }
            let seen = Mutex<[UInt8]>([])
            window.presentedFrameObserver = { _, image in
                guard let image, let pixels = image.premultipliedRGBA8Pixels() else { return }
                let i = (32 * image.width + 32) * 4
                seen.withLock { $0.append(pixels[i]) }
            }
            var frame = 0
            window.run(onFrame: { _ in
                if frame == shades.count {
                    window.close()
                    return
                }
                CATransaction.setDisableActions(true)
                window.rootLayer.backgroundColor = CGColor(red: shades[frame], green: 0, blue: 0, alpha: 1)
                frame += 1
            })
            let reds = seen.withLock { $0 }
            #expect(reds.count == shades.count)
            let expected = shades.map { UInt8(($0 * 255).rounded()) }
            #expect(zip(reds, expected).allSatisfy { abs(Int($0) - Int($1)) <= 1 }, "\(reds)")
        }
    }

    @Test func closingMidAnimationEndsTheLoopCleanly() throws {
        try withXvfb {
            let window = try LaminaWindow(title: "closing", size: CGSize(width: 200, height: 200))
            let spinner = CALayer()
            spinner.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
            spinner.backgroundColor = CGColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 1)
            let spin = CABasicAnimation(keyPath: "transform.rotation.z")
            spin.toValue = 2 * Double.pi
            spin.duration = 1
            spin.repeatCount = .infinity
            window.rootLayer.addSublayer(spinner)
            spinner.add(spin, forKey: "spin")
            var stamps: [(CFTimeInterval, CFTimeInterval, CFTimeInterval)] = []
            window.run(onFrame: { link in
                stamps.append((link.timestamp, link.targetTimestamp, link.duration))
                if stamps.count == 5 { window.close() }
            })
            #expect(stamps.count == 5)
            #expect(!window.isOpen)
            for stamp in stamps {
                #expect(abs(stamp.1 - stamp.0 - stamp.2) < 1e-9)
                #expect(abs(stamp.2 - 1 / window.refreshRate) < 1e-9)
            }
            for (a, b) in zip(stamps, stamps.dropFirst()) { #expect(b.0 > a.0) }
            // A close request from the system (SDL_QUIT) is delivered, then the loop returns.
            let second = try LaminaWindow(title: "quit", size: CGSize(width: 200, height: 200))
            var event = SDL_Event()
            event.type = SDL_QUIT.rawValue
            _ = SDL_PushEvent(&event)
            var received: [LaminaWindow.Event] = []
            second.run(onEvent: { received.append($0) })
            #expect(received.last == .closeRequested)
            #expect(!second.isOpen)
            second.run()  // returns at once
        }
    }

    @Test func rootFollowsTheWindowSize() throws {
        try withXvfb {
            let window = try LaminaWindow(title: "resize", size: CGSize(width: 200, height: 150))
            var resized: [CGSize] = []
            var frames = 0
            window.run(
                onFrame: { _ in
                    frames += 1
                    if frames == 2 {
                        window.setSize(CGSize(width: 300, height: 180))
                    }
                    if frames == 30 || !resized.isEmpty { window.close() }
                },
                onEvent: { event in
                    if case .resized(let size) = event { resized.append(size) }
                })
            #expect(resized.last == CGSize(width: 300, height: 180))
            #expect(window.rootLayer.bounds == CGRect(x: 0, y: 0, width: 300, height: 180))
            #expect(window.rootLayer.position == CGPoint(x: 150, y: 90))
        }
    }

    @Test func noDisplayIsAnError() throws {
        let previous = getenv("DISPLAY").map { String(cString: $0) }
        let previousWayland = getenv("WAYLAND_DISPLAY").map { String(cString: $0) }
        defer {
            if let previous { setenv("DISPLAY", previous, 1) } else { unsetenv("DISPLAY") }
            if let previousWayland { setenv("WAYLAND_DISPLAY", previousWayland, 1) }
        }
        unsetenv("DISPLAY")
        unsetenv("WAYLAND_DISPLAY")
        #expect(throws: LaminaWindowError.noDisplay("neither DISPLAY nor WAYLAND_DISPLAY is set")) {
            _ = try LaminaWindow()
        }
        // A display nobody serves: SDL cannot connect, which is an error too, not a hang.
        setenv("DISPLAY", ":4093", 1)
        do {
            _ = try LaminaWindow()
            Issue.record("a window opened on a display that does not exist")
        } catch let error as LaminaWindowError {
            guard case .noDisplay(let reason) = error else {
                Issue.record("expected noDisplay, got \(error)")
                return
            }
            #expect(!reason.isEmpty)
        }
        #expect(throws: LaminaWindowError.invalidSize(width: Double.infinity, height: 10)) {
            _ = try LaminaWindow(size: CGSize(width: CGFloat.infinity, height: 10))
        }
    }
}

@Suite struct GestureRecognizerTests {
    @Test func tapWithinLimits() {
        var taps = LaminaWindow.TapRecognizer()
        #expect(taps.handle(.pointerDown(CGPoint(x: 10, y: 10)), at: 1) == nil)
        #expect(taps.handle(.pointerMoved(CGPoint(x: 13, y: 12)), at: 1.05) == nil)
        #expect(taps.handle(.pointerUp(CGPoint(x: 14, y: 12)), at: 1.1) == CGPoint(x: 10, y: 10))
        // Too long a press, too far a move: no tap.
        _ = taps.handle(.pointerDown(CGPoint(x: 10, y: 10)), at: 2)
        #expect(taps.handle(.pointerUp(CGPoint(x: 10, y: 10)), at: 2.6) == nil)
        _ = taps.handle(.pointerDown(CGPoint(x: 10, y: 10)), at: 3)
        _ = taps.handle(.pointerMoved(CGPoint(x: 40, y: 10)), at: 3.05)
        #expect(taps.handle(.pointerUp(CGPoint(x: 10, y: 10)), at: 3.1) == nil)
        // An up without a down is no tap.
        #expect(taps.handle(.pointerUp(CGPoint(x: 10, y: 10)), at: 4) == nil)
    }

    /// Swipes (rulings U21, W6): 50 points within 0.5 s and 30° of an axis, reported once
    /// during the drag.
    @Test func swipeDirectionsAndThresholds() {
        var swipes = LaminaWindow.SwipeRecognizer()
        #expect(swipes.handle(.pointerMoved(CGPoint(x: 0, y: 0)), at: 0) == nil)  // hover
        #expect(swipes.handle(.pointerDown(CGPoint(x: 100, y: 100)), at: 1) == nil)
        #expect(swipes.handle(.pointerMoved(CGPoint(x: 130, y: 105)), at: 1.05) == nil)
        #expect(swipes.handle(.pointerMoved(CGPoint(x: 160, y: 110)), at: 1.1) == .right)
        #expect(swipes.handle(.pointerMoved(CGPoint(x: 200, y: 110)), at: 1.15) == nil)  // once
        #expect(swipes.handle(.pointerUp(CGPoint(x: 200, y: 110)), at: 1.2) == nil)
        for (end, direction) in [
            (CGPoint(x: 40, y: 100), LaminaWindow.SwipeRecognizer.Direction.left),
            (CGPoint(x: 100, y: 40), .up), (CGPoint(x: 100, y: 170), .down),
        ] {
            _ = swipes.handle(.pointerDown(CGPoint(x: 100, y: 100)), at: 2)
            #expect(swipes.handle(.pointerUp(end), at: 2.1) == direction)
        }
        // Too slow, too crooked, too short: none.
        _ = swipes.handle(.pointerDown(CGPoint(x: 100, y: 100)), at: 3)
        #expect(swipes.handle(.pointerMoved(CGPoint(x: 160, y: 100)), at: 3.6) == nil)
        _ = swipes.handle(.pointerDown(CGPoint(x: 100, y: 100)), at: 4)
        #expect(swipes.handle(.pointerMoved(CGPoint(x: 160, y: 150)), at: 4.1) == nil)
        _ = swipes.handle(.pointerDown(CGPoint(x: 100, y: 100)), at: 5)
        #expect(swipes.handle(.pointerUp(CGPoint(x: 140, y: 100)), at: 5.1) == nil)
    }

    @Test func panPhasesAndTranslation() {
        var pans = LaminaWindow.PanRecognizer()
        #expect(pans.handle(.pointerMoved(CGPoint(x: 0, y: 0))) == nil)  // hover
        #expect(pans.handle(.pointerDown(CGPoint(x: 100, y: 100))) == nil)
        #expect(pans.handle(.pointerMoved(CGPoint(x: 105, y: 100))) == nil)  // within hysteresis
        let began = pans.handle(.pointerMoved(CGPoint(x: 115, y: 100)))
        #expect(
            began
                == .init(phase: .began, location: CGPoint(x: 115, y: 100), translation: CGPoint(x: 15, y: 0)))
        let changed = pans.handle(.pointerMoved(CGPoint(x: 90, y: 120)))
        #expect(changed?.phase == .changed && changed?.translation == CGPoint(x: -10, y: 20))
        let ended = pans.handle(.pointerUp(CGPoint(x: 80, y: 120)))
        #expect(ended?.phase == .ended && ended?.translation == CGPoint(x: -20, y: 20))
        #expect(pans.handle(.pointerMoved(CGPoint(x: 0, y: 0))) == nil)
        // A click without movement is no pan.
        _ = pans.handle(.pointerDown(CGPoint(x: 1, y: 1)))
        #expect(pans.handle(.pointerUp(CGPoint(x: 1, y: 1))) == nil)
    }
}
