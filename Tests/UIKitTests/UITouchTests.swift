import Testing
import UIKit

@Suite struct UITouchTests {
    /// Logs the touches it gets, with their location in itself.
    final class TouchView: UIView {
        var log: [String] = []
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
            let point = touches.first!.location(in: self)
            log.append("began \(Int(point.x)),\(Int(point.y))")
        }
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("moved") }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("ended") }
        override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
            log.append("cancelled")
        }
    }

    final class Controller: UIViewController {
        var events: [String] = []
        let box = TouchView(frame: CGRect(x: 100, y: 100, width: 50, height: 50))
        override func loadView() {
            events.append("loadView")
            view = TouchView(frame: .zero)
        }
        override func viewDidLoad() {
            events.append("viewDidLoad")
            view.addSubview(box)
        }
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
            events.append("controller began")
        }
    }

    @Test func viewControllerLoadsOnceAndFillsTheWindow() {
        let controller = Controller()
        #expect(!controller.isViewLoaded && controller.events.isEmpty)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        window.rootViewController = controller
        window.makeKeyAndVisible()
        #expect(controller.events == ["loadView", "viewDidLoad"])
        #expect(controller.view.superview === window && controller.view.frame == window.bounds)
        #expect(window.isKeyWindow && controller.view.window === window)
        #expect(controller.view.next === controller && controller.next === window)
        let plain = UIViewController()
        #expect(plain.view.frame == UIScreen.main.bounds)
    }

    @Test func touchesGoToTheHitTestedViewForTheWholeSequence() {
        let controller = Controller()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        window.rootViewController = controller
        window.sendTouch(.began, at: CGPoint(x: 110, y: 120))
        window.sendTouch(.moved, at: CGPoint(x: 300, y: 300))  // outside: still the same view
        window.sendTouch(.ended, at: CGPoint(x: 300, y: 300))
        #expect(controller.box.log == ["began 10,20", "moved", "ended"])
        // Outside the box: the root view; UIView's default passes touches up to the controller.
        let root = controller.view as! TouchView
        window.sendTouch(.began, at: CGPoint(x: 5, y: 5))
        window.sendTouch(.cancelled, at: CGPoint(x: 5, y: 5))
        #expect(root.log == ["began 5,5", "cancelled"])
        controller.box.isUserInteractionEnabled = false
        let plain = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        root.addSubview(plain)
        window.sendTouch(.began, at: CGPoint(x: 5, y: 5))  // a plain view passes it up to its superview
        #expect(root.log.last == "began 5,5" && root.log.count == 3)
        window.sendTouch(.moved, at: .init(x: CGFloat.nan, y: 0))  // ignored
        window.sendTouch(.ended, at: CGPoint(x: 5, y: 5))
        #expect(root.log.last == "ended")
        // A plain root view passes touches to its controller.
        final class Logging: UIViewController {
            var began = 0
            override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { began += 1 }
        }
        let logging = Logging()
        window.rootViewController = logging
        #expect(controller.view.superview == nil)
        window.sendTouch(.began, at: CGPoint(x: 5, y: 5))
        #expect(logging.began == 1)
    }

    @Test func tapRecogniserCancelsTheViewsTouches() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let view = TouchView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(view)
        var taps: [CGPoint] = []
        let tap = UITapGestureRecognizer { recognizer in
            if recognizer.state == .ended { taps.append(recognizer.location(in: view)) }
        }
        view.addGestureRecognizer(tap)
        window.sendTouch(.began, at: CGPoint(x: 10, y: 10))
        window.sendTouch(.ended, at: CGPoint(x: 12, y: 10))
        #expect(taps == [CGPoint(x: 12, y: 10)])
        #expect(view.log == ["began 10,10", "cancelled"])
        #expect(tap.state == .possible)  // reset after the sequence
        // Moving more than 10 points is not a tap.
        window.sendTouch(.began, at: CGPoint(x: 10, y: 10))
        window.sendTouch(.moved, at: CGPoint(x: 40, y: 10))
        window.sendTouch(.ended, at: CGPoint(x: 40, y: 10))
        #expect(taps.count == 1)
    }

    @Test func panRecogniserReportsTranslationAndVelocity() throws {
        try withManualClock {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
            let view = TouchView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            window.addSubview(view)
            var states: [UIGestureRecognizer.State] = []
            var translations: [CGPoint] = []
            var velocity = CGPoint.zero
            let pan = UIPanGestureRecognizer()
            pan.addTarget { recognizer in
                let pan = recognizer as! UIPanGestureRecognizer
                states.append(pan.state)
                translations.append(pan.translation(in: view))
                velocity = pan.velocity(in: view)
            }
            window.addGestureRecognizer(pan)  // an ancestor's recogniser sees the touch too
            window.sendTouch(.began, at: CGPoint(x: 10, y: 10))
            CAMediaClock.advance(by: 0.1)
            window.sendTouch(.moved, at: CGPoint(x: 15, y: 10))  // under the 10-point threshold
            #expect(states.isEmpty)
            CAMediaClock.advance(by: 0.1)
            window.sendTouch(.moved, at: CGPoint(x: 30, y: 10))
            CAMediaClock.advance(by: 0.1)
            window.sendTouch(.moved, at: CGPoint(x: 40, y: 20))
            pan.setTranslation(.zero, in: view)
            CAMediaClock.advance(by: 0.1)
            window.sendTouch(.ended, at: CGPoint(x: 45, y: 20))
            #expect(states == [.began, .changed, .ended])
            #expect(translations.prefix(2) == [CGPoint(x: 20, y: 0), CGPoint(x: 30, y: 10)])
            #expect(translations.last == CGPoint(x: 5, y: 0))
            #expect(isClose(velocity.x, 50, 1e-6) && velocity.y == 0)
            #expect(view.log == ["began 10,10", "moved", "cancelled"])
        }
    }
}
