import CSDL2
import Foundation
import LaminaWindow
import QuartzCore
import Testing
import UIKit

/// A view that counts the touches it receives.
private final class TouchCountingView: UIView {
    var phases: [String] = []
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { phases.append("began") }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { phases.append("moved") }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { phases.append("ended") }
}

@Suite struct UIKitDeliveryTests {
    @Test func pointerEventsBecomeTouchesAndResizesResize() {
        let uiWindow = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let view = TouchCountingView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        uiWindow.addSubview(view)
        #expect(LaminaWindow.deliver(.pointerMoved(CGPoint(x: 10, y: 10)), to: uiWindow))
        #expect(view.phases.isEmpty)  // a hover is no touch
        LaminaWindow.deliver(.pointerDown(CGPoint(x: 10, y: 10)), to: uiWindow)
        LaminaWindow.deliver(.pointerMoved(CGPoint(x: 20, y: 10)), to: uiWindow)
        LaminaWindow.deliver(.pointerUp(CGPoint(x: 20, y: 10)), to: uiWindow)
        #expect(view.phases == ["began", "moved", "ended"])
        #expect(!LaminaWindow.deliver(.key("A"), to: uiWindow))
        LaminaWindow.deliver(.resized(CGSize(width: 640, height: 480)), to: uiWindow)
        #expect(uiWindow.bounds.size == CGSize(width: 640, height: 480))
    }
}

extension LaminaWindowTests {
    /// A UIKit window hosted in the live window: a click on a view reaches it as a touch and a
    /// tap recogniser's view animation runs.
    @Test func hostedUIWindowGetsTouchesFromTheWindow() throws {
        try withXvfb {
            try CAMediaClock.withManualTime(at: 1000) {
                let window = try LaminaWindow(title: "UIKit", size: CGSize(width: 320, height: 240))
                let uiWindow = UIWindow()
                let box = TouchCountingView(frame: CGRect(x: 100, y: 100, width: 50, height: 50))
                box.backgroundColor = .red
                var tapped = false
                box.addGestureRecognizer(
                    UITapGestureRecognizer { _ in
                        tapped = true
                        UIView.animate(withDuration: 1) { box.alpha = 0.5 }
                    })
                uiWindow.addSubview(box)
                var event = SDL_Event()
                event.type = SDL_MOUSEBUTTONDOWN.rawValue
                event.button.x = 120
                event.button.y = 120
                event.button.button = UInt8(SDL_BUTTON_LEFT)
                event.button.state = UInt8(SDL_PRESSED)
                _ = SDL_PushEvent(&event)
                event.type = SDL_MOUSEBUTTONUP.rawValue
                event.button.state = UInt8(SDL_RELEASED)
                _ = SDL_PushEvent(&event)
                var frames = 0
                window.run(hosting: uiWindow) { _ in
                    frames += 1
                    if frames == 3 { window.close() }
                }
                #expect(uiWindow.layer.superlayer === window.rootLayer)
                #expect(uiWindow.frame == CGRect(x: 0, y: 0, width: 320, height: 240))
                #expect(box.phases == ["began"])  // the tap cancelled the rest
                #expect(tapped && box.alpha == 0.5 && box.layer.animation(forKey: "opacity") != nil)
            }
        }
    }
}
