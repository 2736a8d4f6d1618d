import QuartzCore
import UIKit

// The view controllers of the post on UIView and Core Animation (ruling P10): written as the
// post writes them, in Lamina's UIKit — target-action becomes closure handlers, `NSLog` appends
// to the scene's log, and `arc4random()` is a seeded generator (ruling P1).

/// `arc4random()` of the post's view controllers, from a fixed seed (SplitMix64), so that every
/// run of an example — and every frame of a render — draws the same numbers.
struct SeededArc4Random {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    /// The next number in [0, 2³²).
    mutating func next() -> UInt32 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return UInt32(truncatingIfNeeded: z >> 32)
    }
}

/// `QuickExampleViewController`: each tap moves a red view 100 points to the right, turning it
/// green and half transparent, with the post's three ways of animating a view — from the top,
/// `beginAnimations`/`commitAnimations` (0.2 s, ease-in, its delegate logging start and stop),
/// `animate(withDuration:delay:options:animations:completion:)` (0.2 s after 0.5 s, ease-in,
/// logging its completion) and the spring (`usingSpringWithDamping` 0.9, velocity 1), which
/// only moves it. The post shows the three as versions of one method; here each view has one.
final class QuickExampleViewController: ExampleScene {
    /// Always fails: scenes are not loaded from nibs (ruling U17).
    required init?(coder: NSCoder) { nil }

    init() {
        super.init(size: CGSize(width: 320, height: 480))
        // Two taps on each view where it is then: the first moves it to x = 110, the second to 210.
        script = [0.5, 1, 1.5, 2.5, 3, 3.5].enumerated().map { index, time in
            let row = index % 3
            let x: CGFloat = index < 3 ? 60 : 160
            return ScriptedEvent(time: time, event: .tap(CGPoint(x: x, y: 70 + CGFloat(row) * 150)))
        }
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor.gray
        // the moving views
        let handlers: [(UITapGestureRecognizer) -> Void] = [
            { [unowned self] in self.view1Clicked($0) }, { [unowned self] in self.view2Clicked($0) },
            { [unowned self] in self.view3Clicked($0) },
        ]
        for (row, handler) in handlers.enumerated() {
            let view1 = UIView(frame: CGRect(x: 10, y: 20 + CGFloat(row) * 150, width: 100, height: 100))
            view1.layer.name = "view\(row + 1)"
            view1.backgroundColor = UIColor.red
            view.addSubview(view1)
            // its tap
            view1.addGestureRecognizer(
                UITapGestureRecognizer { recognizer in
                    if let tap = recognizer as? UITapGestureRecognizer { handler(tap) }
                })
        }
    }

    /// The frame `theView` moves to: 100 points further right.
    func movedRight(_ theView: UIView) -> CGRect {
        CGRect(
            x: theView.frame.origin.x + 100, y: theView.frame.origin.y, width: theView.frame.size.width,
            height: theView.frame.height)
    }

    /// With `UIView.beginAnimations()` … `UIView.commitAnimations()`.
    func view1Clicked(_ tapGesture: UITapGestureRecognizer) {
        log.append("view1Clicked")
        guard let theView = tapGesture.view else { return }
        // begin the animation's configuration
        UIView.beginAnimations("view1Animation", context: nil)
        // its duration
        UIView.setAnimationDuration(0.2)
        // the delegate's animationDidStart and animationDidStop (closures in Lamina)
        UIView.setAnimationWillStart { [unowned self] _, _ in self.log.append("animationDidStart") }
        UIView.setAnimationDidStop { [unowned self] _, _, _ in self.log.append("animationDidStop") }
        // easeInOut: slow at both ends; easeIn: slow at the beginning; easeOut: slow at the end
        UIView.setAnimationCurve(.easeIn)
        // position
        theView.frame = movedRight(theView)
        // colour
        theView.backgroundColor = UIColor.green
        // opacity
        theView.alpha = 0.5
        // start the animation
        UIView.commitAnimations()
    }

    /// With `UIView.animate(withDuration:delay:options:animations:completion:)`.
    func view2Clicked(_ tapGesture: UITapGestureRecognizer) {
        log.append("view2Clicked")
        guard let theView = tapGesture.view else { return }
        UIView.animate(
            withDuration: 0.2, delay: 0.5, options: .curveEaseIn,
            animations: {
                theView.frame = self.movedRight(theView)
                theView.backgroundColor = UIColor.green
                theView.alpha = 0.5
            },
            completion: { [unowned self] _ in self.log.append("completion") })
    }

    /// With the spring: the closer the damping is to 0, the more it bounces.
    func view3Clicked(_ tapGesture: UITapGestureRecognizer) {
        log.append("view3Clicked")
        guard let theView = tapGesture.view else { return }
        UIView.animate(
            withDuration: 0.2, delay: 0, usingSpringWithDamping: 0.9, initialSpringVelocity: 1,
            options: .curveEaseIn, animations: { theView.frame = self.movedRight(theView) }, completion: nil)
    }
}

/// `BasicAnimationViewController`: two red views on grey. Tapping the upper one moves it
/// 100 points right with a `CABasicAnimation` of `position` (0.2 s, ease-in, kept at its end by
/// `fillMode` forwards); tapping the lower one plays the post's group (3 s, ease-in): turns about
/// x by 500π (1.5 s) and about y by 200π, a scale from 0.1 to 1.5 and back (autoreverses) and the
/// move. Each animation carries its end point and view by key-value coding, and the delegate
/// sets the layer's position to that end point when it stops, so the view is where it is seen.
final class BasicAnimationViewController: ExampleScene, CAAnimationDelegate {
    /// Always fails: scenes are not loaded from nibs (ruling U17).
    required init?(coder: NSCoder) { nil }

    init() {
        super.init(size: CGSize(width: 320, height: 480))
        script = [
            ScriptedEvent(time: 0.5, event: .tap(CGPoint(x: 60, y: 110))),
            ScriptedEvent(time: 1, event: .tap(CGPoint(x: 60, y: 290))),
            ScriptedEvent(time: 2, event: .tap(CGPoint(x: 160, y: 110))),
        ]
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor.gray
        // the moving views: `move` above, `groupAnimation` below
        for row in 0..<2 {
            let view1 = UIView(frame: CGRect(x: 10, y: 60 + CGFloat(row) * 180, width: 100, height: 100))
            view1.layer.name = row == 0 ? "moving" : "group"
            view1.backgroundColor = UIColor.red
            view.addSubview(view1)
            view1.addGestureRecognizer(
                UITapGestureRecognizer { [unowned self] tapGesture in
                    self.log.append("view1Clicked")
                    guard let theView = tapGesture.view else { return }
                    if row == 0 { self.move(theView) } else { self.groupAnimation(theView) }
                })
        }
    }

    /// Moves `theView` 100 points right.
    func move(_ theView: UIView) {
        let baseAnimation = CABasicAnimation(keyPath: "position")
        // fromValue: the start; the current position when not set
        let endPoint = CGPoint(x: theView.layer.position.x + 100, y: theView.layer.position.y)
        baseAnimation.toValue = NSValue(cgPoint: endPoint)  // absolute position
        // baseAnimation.byValue = NSValue(cgPoint: CGPoint(x: 100, y: 0))  // relative position
        // other properties
        baseAnimation.duration = 0.2
        baseAnimation.repeatCount = 1
        baseAnimation.timingFunction = CAMediaTimingFunction(name: .easeIn)  // accelerating
        // without these two, the layer goes back when the animation ends
        baseAnimation.isRemovedOnCompletion = false
        baseAnimation.fillMode = .forwards
        baseAnimation.delegate = self
        // values cached in the animation
        baseAnimation.setValue(NSValue(cgPoint: endPoint), forKey: "endPoint")
        baseAnimation.setValue(theView, forKey: "sender")
        // start it
        theView.layer.add(baseAnimation, forKey: "theViewMoveRight100")
    }

    /// The group: moves, turns and scales `theView`.
    func groupAnimation(_ theView: UIView) {
        // 100 points to the right
        let mAnimation = CABasicAnimation(keyPath: "position")
        let endPoint = CGPoint(x: theView.layer.position.x + 100, y: theView.layer.position.y)
        mAnimation.toValue = NSValue(cgPoint: endPoint)
        // about the x axis
        let xAnimation = CABasicAnimation(keyPath: "transform.rotation.x")
        xAnimation.byValue = NSNumber(value: Double.pi * 500)
        xAnimation.duration = 1.5
        // about the y axis
        let yAnimation = CABasicAnimation(keyPath: "transform.rotation.y")
        yAnimation.byValue = NSNumber(value: Double.pi * 200)
        // scale
        let sAnimation = CABasicAnimation(keyPath: "transform.scale")
        sAnimation.autoreverses = true  // plays backwards when it ends
        sAnimation.fromValue = NSNumber(value: 0.1)  // the scale at the start
        sAnimation.toValue = NSNumber(value: 1.5)  // the scale at the end
        let groupAnimation = CAAnimationGroup()
        // set for the whole group or for each animation
        groupAnimation.duration = 3.0
        groupAnimation.repeatCount = 1
        groupAnimation.animations = [xAnimation, yAnimation, sAnimation, mAnimation]
        // without these two, the layer goes back when the animation ends
        groupAnimation.isRemovedOnCompletion = false
        groupAnimation.fillMode = .forwards
        groupAnimation.timingFunction = CAMediaTimingFunction(name: .easeIn)  // accelerating
        groupAnimation.delegate = self
        groupAnimation.setValue(NSValue(cgPoint: endPoint), forKey: "endPoint")
        groupAnimation.setValue(theView, forKey: "sender")
        theView.layer.add(groupAnimation, forKey: "theViewMoveRotation90")
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        guard let endPoint = (anim.value(forKey: "endPoint") as? NSValue)?.cgPointValue,
            let theView = anim.value(forKey: "sender") as? UIView
        else { return }
        log.append("animationDidStop")
        theView.layer.position = endPoint
    }
}

/// `KeyFrameAnimationViewController`: tapping a 60 × 60 picture sends it along the post's
/// Bézier arc — from (50, 50), control points (50, 50) and (700, 300), to (30, 500) — in 1 s
/// (`calculationMode` linear), after which it is back where it was (no fill). The post's
/// `values` (a zigzag of eight points) are set first and, as on Apple's platforms, the `path`
/// overrides them.
final class KeyFrameAnimationViewController: ExampleScene {
    /// Always fails: scenes are not loaded from nibs (ruling U17).
    required init?(coder: NSCoder) { nil }

    init() {
        super.init(size: CGSize(width: 320, height: 480))
        script = [0.5, 2].map { ScriptedEvent(time: $0, event: .tap(CGPoint(x: 40, y: 130))) }
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        // the moving image view
        let imageView = UIImageView(
            image: Artwork.spaceship().map {
                UIImage(cgImage: $0, scale: Artwork.defaultScale, orientation: .up)
            })
        imageView.frame = CGRect(x: 10, y: 100, width: 60, height: 60)
        imageView.layer.name = "imageView"
        imageView.isUserInteractionEnabled = true
        view.addSubview(imageView)
        // its tap
        imageView.addGestureRecognizer(
            UITapGestureRecognizer { [unowned self] in
                if let tap = $0 as? UITapGestureRecognizer { self.imageViewClicked(tap) }
            })
    }

    func imageViewClicked(_ tapGesture: UITapGestureRecognizer) {
        // a keyframe animation: the key paths are those of the basic animation
        let keyframeAnimation = CAKeyframeAnimation(keyPath: "position")
        // straight segments
        keyframeAnimation.values = [
            CGPoint(x: 10, y: 100), CGPoint(x: 30, y: 100), CGPoint(x: 30, y: 120), CGPoint(x: 60, y: 120),
            CGPoint(x: 60, y: 100), CGPoint(x: 106, y: 210), CGPoint(x: 106, y: 410), CGPoint(x: 300, y: 310),
        ].map { NSValue(cgPoint: $0) }
        // an arc
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 50, y: 50))
        path.addCurve(
            to: CGPoint(x: 30, y: 500), control1: CGPoint(x: 50, y: 50), control2: CGPoint(x: 700, y: 300))
        keyframeAnimation.path = path
        keyframeAnimation.calculationMode = .linear
        // other properties
        keyframeAnimation.duration = 1.0
        // keyframeAnimation.beginTime = CACurrentMediaTime() + 2  // two seconds later
        tapGesture.view?.layer.add(keyframeAnimation, forKey: "keyframeAnimation1")
    }
}
