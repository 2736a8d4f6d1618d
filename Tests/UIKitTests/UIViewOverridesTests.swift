import Testing
import UIKit

/// The members iOS code overrides on `UIView`, `UIViewController` and `UIWindow`, and the
/// moments the hierarchy calls them (rulings U17–U19).
@Suite struct UIViewOverridesTests {
    /// Records each hierarchy callback as "name:callback".
    final class Recorder {
        var log: [String] = []
    }

    final class LoggingView: UIView {
        let name: String
        let recorder: Recorder
        init(_ name: String, _ recorder: Recorder) {
            self.name = name
            self.recorder = recorder
            super.init(frame: .zero)
        }
        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
        override func willMove(toSuperview newSuperview: UIView?) {
            recorder.log.append("\(name):willMoveToSuperview(\(newSuperview == nil ? "nil" : "view"))")
        }
        override func didMoveToSuperview() { recorder.log.append("\(name):didMoveToSuperview") }
        override func willMove(toWindow newWindow: UIWindow?) {
            recorder.log.append("\(name):willMoveToWindow(\(newWindow == nil ? "nil" : "window"))")
        }
        override func didMoveToWindow() {
            recorder.log.append("\(name):didMoveToWindow(\(window == nil ? "nil" : "window"))")
        }
        override func didAddSubview(_ subview: UIView) { recorder.log.append("\(name):didAddSubview") }
        override func willRemoveSubview(_ subview: UIView) {
            recorder.log.append("\(name):willRemoveSubview")
        }
        override func tintColorDidChange() { recorder.log.append("\(name):tintColorDidChange") }
    }

    @Test func addingToAWindowCallsTheHooksInOrder() {
        let recorder = Recorder()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let parent = LoggingView("parent", recorder)
        let child = LoggingView("child", recorder)
        parent.addSubview(child)  // no window yet: no window callbacks
        #expect(
            recorder.log == [
                "child:willMoveToSuperview(view)", "child:didMoveToSuperview", "parent:didAddSubview",
            ])
        recorder.log = []
        window.addSubview(parent)
        #expect(
            recorder.log == [
                "parent:willMoveToSuperview(view)", "parent:willMoveToWindow(window)",
                "child:willMoveToWindow(window)", "parent:didMoveToWindow(window)",
                "child:didMoveToWindow(window)",
                "parent:didMoveToSuperview",
            ])
        #expect(child.window === window && window.window === window)
        recorder.log = []
        window.bringSubviewToFront(parent)  // a reorder is not a move
        #expect(recorder.log.isEmpty)
        parent.removeFromSuperview()
        #expect(
            recorder.log == [
                "parent:willMoveToSuperview(nil)", "parent:willMoveToWindow(nil)",
                "child:willMoveToWindow(nil)",
                "parent:didMoveToWindow(nil)", "child:didMoveToWindow(nil)", "parent:didMoveToSuperview",
            ])
        #expect(child.window == nil)
    }

    @Test func movingBetweenSuperviewsTellsTheOldOneFirst() {
        let recorder = Recorder()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let (first, second, moved) = (
            LoggingView("a", recorder), LoggingView("b", recorder), LoggingView("m", recorder)
        )
        window.addSubview(first)
        window.addSubview(second)
        first.addSubview(moved)
        recorder.log = []
        second.addSubview(moved)  // same window: no window callbacks
        #expect(
            recorder.log == [
                "m:willMoveToSuperview(view)", "a:willRemoveSubview", "m:didMoveToSuperview",
                "b:didAddSubview",
            ])
        recorder.log = []
        moved.removeFromSuperview()
        #expect(recorder.log.first == "b:willRemoveSubview")
    }

    @Test func rootViewControllerMovesItsViewIntoTheWindow() {
        final class Controller: UIViewController {
            let recorder = Recorder()
            override func loadView() { view = LoggingView("root", recorder) }
        }
        let controller = Controller()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 50, height: 60))
        window.rootViewController = controller
        #expect(controller.recorder.log.contains("root:didMoveToWindow(window)"))
        #expect(
            controller.view.window === window && controller.view.frame.size == CGSize(width: 50, height: 60))
    }

    @Test func tintIsInheritedAndChangesAreAnnounced() {
        let recorder = Recorder()
        let parent = LoggingView("parent", recorder)
        let child = LoggingView("child", recorder)
        let own = LoggingView("own", recorder)
        own.tintColor = .red
        parent.addSubview(child)
        parent.addSubview(own)
        #expect(child.tintColor == .systemBlue && own.tintColor == .red)
        recorder.log = []
        parent.tintColor = .green
        #expect(child.tintColor == .green && own.tintColor == .red)
        #expect(recorder.log == ["parent:tintColorDidChange", "child:tintColorDidChange"])
        recorder.log = []
        child.removeFromSuperview()  // back to the default blue: announced
        #expect(child.tintColor == .systemBlue && recorder.log.contains("child:tintColorDidChange"))
        parent.tintColor = nil
        #expect(parent.tintColor == .systemBlue)
    }

    @Test func frameBoundsAndCenterCanBeOverridden() {
        final class ObservingView: UIView {
            var boundsChanges: [CGRect] = []
            var frameChanges = 0
            var centerChanges = 0
            override var bounds: CGRect {
                didSet { boundsChanges.append(bounds) }
            }
            override var frame: CGRect {
                didSet { frameChanges += 1 }
            }
            override var center: CGPoint {
                didSet { centerChanges += 1 }
            }
        }
        let view = ObservingView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(view.frameChanges == 0)  // the initialiser sets the layer's frame
        view.bounds = CGRect(x: 0, y: 0, width: 40, height: 20)
        #expect(view.boundsChanges == [CGRect(x: 0, y: 0, width: 40, height: 20)])
        #expect(view.layer.bounds.size == CGSize(width: 40, height: 20))
        // Setting frame goes to the layer: the bounds and center overrides are not called (U18).
        view.frame = CGRect(x: 5, y: 5, width: 8, height: 8)
        #expect(view.frameChanges == 1 && view.boundsChanges.count == 1 && view.centerChanges == 0)
        #expect(view.bounds.size == CGSize(width: 8, height: 8))
        view.center = CGPoint(x: 50, y: 50)
        #expect(view.centerChanges == 1 && view.layer.position == CGPoint(x: 50, y: 50))
    }

    @Test func intrinsicContentSizeAndSizeToFit() {
        final class BadgeView: UIView {
            var label = "12" {
                didSet { invalidateIntrinsicContentSize() }
            }
            override var intrinsicContentSize: CGSize { CGSize(width: CGFloat(label.count) * 10, height: 20) }
            override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }
        }
        #expect(
            UIView().intrinsicContentSize
                == CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric))
        #expect(UIView.noIntrinsicMetric == -1)
        let plain = UIView(frame: CGRect(x: 3, y: 4, width: 30, height: 40))
        #expect(plain.sizeThatFits(CGSize(width: 1, height: 1)) == CGSize(width: 30, height: 40))
        plain.sizeToFit()
        #expect(plain.frame == CGRect(x: 3, y: 4, width: 30, height: 40))

        let container = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let badge = BadgeView(frame: CGRect(x: 7, y: 9, width: 1, height: 1))
        container.addSubview(badge)
        CATransaction.flush()
        #expect(!container.layer.needsLayout())
        badge.label = "1234"
        #expect(container.layer.needsLayout())  // the superview is marked for layout (U19)
        badge.sizeToFit()
        #expect(badge.frame == CGRect(x: 7, y: 9, width: 40, height: 20))
        BadgeView().invalidateIntrinsicContentSize()  // no superview: nothing to mark
    }

    @Test func imageViewsFitTheirImage() throws {
        let image = try #require(
            UIGraphicsImageRenderer(size: CGSize(width: 30, height: 20)).image { _ in }
                as UIImage?)
        let view = UIImageView(frame: CGRect(x: 1, y: 2, width: 5, height: 5))
        #expect(view.intrinsicContentSize.width == UIView.noIntrinsicMetric)
        let container = UIView()
        container.addSubview(view)
        CATransaction.flush()
        view.image = image
        #expect(view.intrinsicContentSize == CGSize(width: 30, height: 20) && container.layer.needsLayout())
        view.sizeToFit()
        #expect(view.frame == CGRect(x: 1, y: 2, width: 30, height: 20))
    }

    @Test func coderInitialisersCompileAndFail() {
        final class ArchivedView: UIView {
            var configured = false
            override init(frame: CGRect) { super.init(frame: frame) }
            required init?(coder aDecoder: NSCoder) {
                super.init(coder: aDecoder)
                configured = true
            }
            override func awakeFromNib() {
                super.awakeFromNib()
                configured = true
            }
            override func prepareForInterfaceBuilder() { super.prepareForInterfaceBuilder() }
        }
        final class Controller: UIViewController {
            init() { super.init(nibName: nil, bundle: nil) }
            required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
        }
        let coder = NSCoder()
        #expect(ArchivedView(coder: coder) == nil)
        #expect(
            UIView(coder: coder) == nil && UIWindow(coder: coder) == nil && UIImageView(coder: coder) == nil)
        #expect(UIViewController(coder: coder) == nil)
        let controller = Controller()
        #expect(controller.nibName == nil && controller.view != nil)
        #expect(UIWindow().screen === UIScreen.main)
    }
}
