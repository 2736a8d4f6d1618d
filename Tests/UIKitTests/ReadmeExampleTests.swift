import Testing
import UIKit

extension ManualClockTests {
    /// The example of docs/uikit.md, compiled and run.
    @Suite struct ReadmeExampleTests {
        final class ViewController: UIViewController {
            let box = UIView(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
            var finished: Bool?

            override func viewDidLoad() {
                box.backgroundColor = .systemBlue
                view.addSubview(box)
                box.addGestureRecognizer(
                    UITapGestureRecognizer { [box] _ in
                        UIView.animate(
                            withDuration: 0.5, delay: 0, usingSpringWithDamping: 0.5,
                            initialSpringVelocity: 0, options: [],
                            animations: {
                                box.center.y += 100
                                box.transform = CGAffineTransform(rotationAngle: .pi / 4)
                            }, completion: { [weak self] finished in self?.finished = finished })
                    })
            }
        }

        @Test func tapAnimatesTheBoxWithASpring() throws {
            try withManualClock {
                let window = UIWindow(frame: UIScreen.main.bounds)
                let controller = ViewController()
                window.rootViewController = controller
                CATransaction.flush()
                window.sendTouch(.began, at: CGPoint(x: 100, y: 100))
                window.sendTouch(.ended, at: CGPoint(x: 100, y: 100))
                #expect(controller.box.center == CGPoint(x: 100, y: 200))
                #expect(controller.box.layer.animation(forKey: "position") is CASpringAnimation)
                #expect(controller.box.layer.animation(forKey: "transform") is CASpringAnimation)
                CAMediaClock.advance(by: 0.25)
                let y = try #require(controller.box.layer.presentation()?.position.y)
                #expect(y > 100 && y < 250)
                CAMediaClock.advance(by: 0.25)
                #expect(controller.finished == true)
            }
        }
    }
}
