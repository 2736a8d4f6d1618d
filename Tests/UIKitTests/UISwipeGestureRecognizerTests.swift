import Testing
import UIKit

/// `UISwipeGestureRecognizer` (ruling U21): Apple's direction values, the distance, time and
/// angle thresholds, and the handler called once, during the drag.
@Suite struct UISwipeGestureRecognizerTests {
    /// A window with one full-size view carrying a swipe recogniser for `direction`, and the
    /// states its handler saw.
    final class Harness {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        let swipe = UISwipeGestureRecognizer()
        var calls: [UIGestureRecognizer.State] = []
        var touchLog: [String] = []

        init(_ direction: UISwipeGestureRecognizer.Direction) {
            window.addSubview(view)
            swipe.direction = direction
            swipe.addTarget { [unowned self] in self.calls.append($0.state) }
            view.addGestureRecognizer(swipe)
        }

        /// A drag from `start` through `offsets` (from `start`), `step` seconds apart, then up at
        /// the last point.
        func drag(from start: CGPoint, _ offsets: [CGPoint], step: CFTimeInterval = 0.02) {
            window.sendTouch(.began, at: start)
            var last = start
            for offset in offsets {
                CAMediaClock.advance(by: step)
                last = CGPoint(x: start.x + offset.x, y: start.y + offset.y)
                window.sendTouch(.moved, at: last)
            }
            window.sendTouch(.ended, at: last)
        }
    }

    /// `n` equal steps from the start to `end`.
    static func steps(to end: CGPoint, _ n: Int = 5) -> [CGPoint] {
        (1...n).map { CGPoint(x: end.x * CGFloat($0) / CGFloat(n), y: end.y * CGFloat($0) / CGFloat(n)) }
    }

    @Test func directionsHaveApplesRawValuesAndRightIsTheDefault() {
        typealias Direction = UISwipeGestureRecognizer.Direction
        #expect(Direction.right.rawValue == 1 && Direction.left.rawValue == 2)
        #expect(Direction.up.rawValue == 4 && Direction.down.rawValue == 8)
        let swipe = UISwipeGestureRecognizer()
        #expect(swipe.direction == .right && swipe.numberOfTouchesRequired == 1)
        #expect(swipe.state == .possible)
        #expect(UISwipeGestureRecognizer.minimumDistance == 50)
        #expect(UISwipeGestureRecognizer.maximumDuration == 0.5)
    }

    /// A quick drag of 100 points in each direction is recognised by the recogniser for that
    /// direction only, once, as soon as it has travelled 50 points — before the touch lifts.
    @Test(arguments: [
        (UISwipeGestureRecognizer.Direction.right, CGPoint(x: 100, y: 0)), (.left, CGPoint(x: -100, y: 0)),
        (.up, CGPoint(x: 0, y: -100)), (.down, CGPoint(x: 0, y: 100)),
    ])
    func aQuickStraightDragIsASwipeInItsDirectionOnly(
        direction: UISwipeGestureRecognizer.Direction, end: CGPoint
    ) throws {
        try withManualClock {
            for allowed in [UISwipeGestureRecognizer.Direction.right, .left, .up, .down] {
                let harness = Harness(allowed)
                harness.window.sendTouch(.began, at: CGPoint(x: 200, y: 200))
                CAMediaClock.advance(by: 0.05)
                harness.window.sendTouch(
                    .moved, at: CGPoint(x: 200 + end.x * 0.3, y: 200 + end.y * 0.3))  // 30 points
                #expect(harness.calls.isEmpty)
                CAMediaClock.advance(by: 0.05)
                harness.window.sendTouch(
                    .moved, at: CGPoint(x: 200 + end.x * 0.6, y: 200 + end.y * 0.6))  // 60 points
                let expected: [UIGestureRecognizer.State] = allowed == direction ? [.ended] : []
                #expect(harness.calls == expected, "\(allowed.rawValue) for \(direction.rawValue)")
                harness.window.sendTouch(.ended, at: CGPoint(x: 200 + end.x, y: 200 + end.y))
                #expect(harness.calls == expected)
                #expect(harness.swipe.state == .possible)  // reset for the next touch
            }
        }
    }

    @Test func severalDirectionsMayBeAllowedAtOnce() throws {
        try withManualClock {
            let harness = Harness([.left, .right])
            harness.drag(from: CGPoint(x: 200, y: 200), Self.steps(to: CGPoint(x: -80, y: 10)))
            harness.drag(from: CGPoint(x: 200, y: 200), Self.steps(to: CGPoint(x: 80, y: -10)))
            harness.drag(from: CGPoint(x: 200, y: 200), Self.steps(to: CGPoint(x: 0, y: 80)))
            #expect(harness.calls == [.ended, .ended])
            let none = Harness([])
            none.drag(from: CGPoint(x: 200, y: 200), Self.steps(to: CGPoint(x: 80, y: 0)))
            #expect(none.calls.isEmpty)
        }
    }

    /// Too short, too slow, too far off the axis, or two touches required: no swipe.
    @Test func shortSlowCrookedAndMultiTouchDragsFail() throws {
        try withManualClock {
            let short = Harness(.right)
            short.drag(from: CGPoint(x: 100, y: 100), Self.steps(to: CGPoint(x: 45, y: 0)))
            #expect(short.calls.isEmpty)
            // 50 points only after 0.6 s: a pan, not a swipe.
            let slow = Harness(.right)
            slow.drag(from: CGPoint(x: 100, y: 100), Self.steps(to: CGPoint(x: 100, y: 0), 6), step: 0.2)
            #expect(slow.calls.isEmpty)
            // The same distance within 0.5 s is one.
            let quick = Harness(.right)
            quick.drag(from: CGPoint(x: 100, y: 100), Self.steps(to: CGPoint(x: 100, y: 0), 6), step: 0.08)
            #expect(quick.calls == [.ended])
            // 40° off the axis fails; 25° passes.
            let crooked = Harness(.right)
            crooked.drag(from: CGPoint(x: 100, y: 100), Self.steps(to: CGPoint(x: 80, y: 67)))
            #expect(crooked.calls.isEmpty)
            let slanted = Harness(.right)
            slanted.drag(from: CGPoint(x: 100, y: 100), Self.steps(to: CGPoint(x: 80, y: 37)))
            #expect(slanted.calls == [.ended])
            let twoFingers = Harness(.right)
            twoFingers.swipe.numberOfTouchesRequired = 2
            twoFingers.drag(from: CGPoint(x: 100, y: 100), Self.steps(to: CGPoint(x: 100, y: 0)))
            #expect(twoFingers.calls.isEmpty)
            // A touch that jumps 60 points and lifts at once still swipes (the lift is checked too).
            let jump = Harness(.down)
            jump.window.sendTouch(.began, at: CGPoint(x: 100, y: 100))
            jump.window.sendTouch(.ended, at: CGPoint(x: 100, y: 160))
            #expect(jump.calls == [.ended])
            // A cancelled touch fails; non-finite points are ignored by the window.
            let cancelled = Harness(.right)
            cancelled.window.sendTouch(.began, at: CGPoint(x: 100, y: 100))
            cancelled.window.sendTouch(.moved, at: CGPoint(x: CGFloat.nan, y: 100))
            cancelled.window.sendTouch(.cancelled, at: CGPoint(x: 120, y: 100))
            #expect(cancelled.calls.isEmpty)
        }
    }

    /// Once recognised, the view's own touch sequence is cancelled (`cancelsTouchesInView`), and
    /// `location(in:)` reads the touch.
    @Test func aSwipeCancelsTheViewsTouchesAndKnowsWhereItIs() throws {
        try withManualClock {
            final class TouchView: UIView {
                var log: [String] = []
                override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
                    log.append("began")
                }
                override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
                    log.append("moved")
                }
                override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
                    log.append("ended")
                }
                override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
                    log.append("cancelled")
                }
            }
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
            let view = TouchView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
            window.addSubview(view)
            var location = CGPoint.zero
            view.addGestureRecognizer(UISwipeGestureRecognizer { location = $0.location(in: view) })
            window.sendTouch(.began, at: CGPoint(x: 10, y: 10))
            window.sendTouch(.moved, at: CGPoint(x: 40, y: 10))
            window.sendTouch(.moved, at: CGPoint(x: 70, y: 12))
            window.sendTouch(.moved, at: CGPoint(x: 90, y: 12))
            window.sendTouch(.ended, at: CGPoint(x: 90, y: 12))
            #expect(view.log == ["began", "moved", "cancelled"])
            #expect(location == CGPoint(x: 70, y: 12))
        }
    }
}
