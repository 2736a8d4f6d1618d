import Testing
import UIKit

@Suite struct UIViewTests {
    final class ShapeView: UIView {
        override class var layerClass: AnyClass { CAShapeLayer.self }
    }

    final class DrawingView: UIView {
        var drawnRects: [CGRect] = []
        var layouts = 0
        override func draw(_ rect: CGRect) {
            drawnRects.append(rect)
            UIColor.red.setFill()
            UIBezierPath(rect: CGRect(x: 0, y: 0, width: rect.width, height: 1)).fill()
        }
        override func layoutSubviews() { layouts += 1 }
    }

    @Test func layerBackedProperties() {
        let view = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 50))
        #expect(view.layer.delegate === view)
        #expect(view.layer.frame == CGRect(x: 10, y: 20, width: 100, height: 50))
        #expect(
            view.center == CGPoint(x: 60, y: 45) && view.bounds == CGRect(x: 0, y: 0, width: 100, height: 50))
        view.alpha = 0.5
        view.backgroundColor = .red
        view.isHidden = true
        view.clipsToBounds = true
        view.transform = CGAffineTransform(scaleX: 2, y: 2)
        #expect(view.layer.opacity == 0.5 && view.layer.isHidden && view.layer.masksToBounds)
        #expect(view.layer.backgroundColor == UIColor.red.cgColor && view.backgroundColor == .red)
        #expect(view.layer.transform.m11 == 2 && view.transform3D.m22 == 2)
        #expect(view.frame == CGRect(x: -40, y: -5, width: 200, height: 100))
        view.contentMode = .scaleAspectFit
        #expect(view.layer.contentsGravity == .resizeAspect)
        view.contentMode = .redraw
        #expect(view.layer.needsDisplayOnBoundsChange)
        #expect(ShapeView().layer is CAShapeLayer)
    }

    @Test func hierarchyMirrorsTheLayers() {
        let root = UIView()
        let (a, b, c) = (UIView(), UIView(), UIView())
        let extra = CALayer()
        root.layer.addSublayer(extra)  // a plain sublayer keeps its place
        root.addSubview(a)
        root.addSubview(b)
        root.insertSubview(c, belowSubview: a)
        #expect(root.subviews.map(ObjectIdentifier.init) == [c, a, b].map(ObjectIdentifier.init))
        #expect(
            root.layer.sublayers?.map(ObjectIdentifier.init)
                == [extra, c.layer, a.layer, b.layer].map(ObjectIdentifier.init))
        root.bringSubviewToFront(c)
        root.sendSubviewToBack(b)
        #expect(root.subviews.map(ObjectIdentifier.init) == [b, a, c].map(ObjectIdentifier.init))
        root.insertSubview(c, aboveSubview: b)
        #expect(root.subviews.map(ObjectIdentifier.init) == [b, c, a].map(ObjectIdentifier.init))
        root.insertSubview(a, at: 0)
        #expect(root.layer.sublayers?.last === c.layer && root.subviews.first === a)
        a.removeFromSuperview()
        #expect(a.superview == nil && a.layer.superlayer == nil && root.subviews.count == 2)
        b.addSubview(root)  // a cycle: refused
        #expect(root.superview == nil)
        c.tag = 7
        #expect(root.viewWithTag(7) === c)
    }

    @Test func conversionAndHitTesting() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let parent = UIView(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
        let child = UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        window.addSubview(parent)
        parent.addSubview(child)
        #expect(child.convert(CGPoint(x: 5, y: 5), to: nil) == CGPoint(x: 115, y: 115))
        #expect(window.convert(CGPoint(x: 115, y: 115), to: child) == CGPoint(x: 5, y: 5))
        #expect(
            parent.convert(CGRect(x: 0, y: 0, width: 10, height: 10), from: child)
                == CGRect(x: 10, y: 10, width: 10, height: 10))
        #expect(window.hitTest(CGPoint(x: 115, y: 115), with: nil) === child)
        #expect(window.hitTest(CGPoint(x: 150, y: 150), with: nil) === parent)
        #expect(window.hitTest(CGPoint(x: 50, y: 50), with: nil) === window)
        child.isUserInteractionEnabled = false
        #expect(window.hitTest(CGPoint(x: 115, y: 115), with: nil) === parent)
        parent.alpha = 0.01
        #expect(window.hitTest(CGPoint(x: 115, y: 115), with: nil) === window)
        #expect(window.hitTest(CGPoint(x: 500, y: 5), with: nil) == nil)
        #expect(
            parent.point(inside: CGPoint(x: 99, y: 0), with: nil)
                && !parent.point(inside: CGPoint(x: 100, y: 0), with: nil))
    }

    @Test func drawingGoesThroughDrawRectWithAPushedContext() throws {
        let view = DrawingView(frame: CGRect(x: 0, y: 0, width: 4, height: 3))
        view.setNeedsDisplay()
        view.layer.displayIfNeeded()
        #expect(view.drawnRects == [CGRect(x: 0, y: 0, width: 4, height: 3)])
        #expect(UIGraphicsGetCurrentContext() == nil)  // popped again
        let contents = view.layer.contents as! CGImage
        #expect(pixel(contents, 1, 0) == [255, 0, 0, 255])  // y-down: the top row
        #expect(pixel(contents, 1, contents.height - 1) == [0, 0, 0, 0])
        // A view that does not draw keeps no backing store.
        let plain = UIView(frame: CGRect(x: 0, y: 0, width: 4, height: 4))
        plain.setNeedsDisplay()
        plain.layer.displayIfNeeded()
        #expect(plain.layer.contents == nil)
    }

    @Test func layoutRunsLayoutSubviews() {
        let view = DrawingView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        view.layoutIfNeeded()
        let before = view.layouts
        view.setNeedsLayout()
        view.layoutIfNeeded()
        #expect(view.layouts == before + 1)
        view.layoutIfNeeded()
        #expect(view.layouts == before + 1)
    }

    /// Listing 7.5: the view answers `NSNull` for its layer outside animation blocks, so
    /// changes apply at once; inside a block it answers a `CABasicAnimation`.
    @Test func delegateAnswersNullOutsideBlocksAndAnAnimationInside() throws {
        try withManualClock {
            let (window, view) = makeCommittedViews()
            defer { withExtendedLifetime(window) {} }
            #expect(view.action(for: view.layer, forKey: "backgroundColor") is NSNull)
            #expect(view.layer.action(forKey: "position") == nil)
            view.center = CGPoint(x: 200, y: 200)
            #expect(view.layer.animationKeys() == nil)
            var inside: (any CAAction)?
            UIView.animate(withDuration: 0.5) {
                inside = view.action(for: view.layer, forKey: "backgroundColor")
                view.backgroundColor = .blue
            }
            let animation = try #require(inside as? CABasicAnimation)
            #expect(animation.keyPath == "backgroundColor" && animation.duration == 0.5)
            #expect(view.layer.animationKeys() == ["backgroundColor"])
            #expect(view.action(for: view.layer, forKey: "backgroundColor") is NSNull)
            // A layer the view is not backed by gets no answer.
            #expect(view.action(for: CALayer(), forKey: "position") == nil)
        }
    }
}
