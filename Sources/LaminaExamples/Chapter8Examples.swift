import QuartzCore
import UIKit

/// Listing 8.1: an explicit `backgroundColor` animation, which snaps back when it ends.
final class Listing8_1: ColorLayerScene {
    /// Always fails: scenes are not loaded from nibs (ruling U17).
    required init?(coder: NSCoder) { nil }

    init() {
        super.init()
        script = taps([0.5, 1.5])
    }

    override func tapButton() {
        let animation = CABasicAnimation()
        animation.keyPath = "backgroundColor"
        animation.toValue = colours.next()
        colorLayer.add(animation, forKey: nil)
    }
}

/// Listing 8.2: `applyBasicAnimation:toLayer:` starts from the presentation value and updates
/// the model first, so the colour stays; a second tap mid-flight starts from what is seen.
final class Listing8_2: ColorLayerScene {
    /// Always fails: scenes are not loaded from nibs (ruling U17).
    required init?(coder: NSCoder) { nil }

    init() {
        super.init()
        script = taps([0.5, 0.625, 1.5])
    }

    override func tapButton() {
        let animation = CABasicAnimation()
        animation.keyPath = "backgroundColor"
        animation.toValue = colours.next()
        applyBasicAnimation(animation, to: colorLayer)
    }

    func applyBasicAnimation(_ animation: CABasicAnimation, to layer: CALayer) {
        guard let keyPath = animation.keyPath else { return }
        // set the from value (using presentation layer if available)
        animation.fromValue = (layer.presentation() ?? layer).value(forKeyPath: keyPath)
        // update the property in advance
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.setValue(animation.toValue, forKeyPath: keyPath)
        CATransaction.commit()
        // apply animation to layer
        layer.add(animation, forKey: nil)
    }
}

/// Listing 8.3: the delegate sets the model colour when the animation stops.
final class Listing8_3: ColorLayerScene, CAAnimationDelegate {
    /// Always fails: scenes are not loaded from nibs (ruling U17).
    required init?(coder: NSCoder) { nil }

    init() {
        super.init()
        script = taps([0.5, 1.5])
    }

    override func tapButton() {
        let animation = CABasicAnimation()
        animation.keyPath = "backgroundColor"
        animation.toValue = colours.next()
        animation.delegate = self
        colorLayer.add(animation, forKey: nil)
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        // set the backgroundColor property to match animation toValue
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        if let color = (anim as? CABasicAnimation)?.toValue {
            colorLayer.setValue(color, forKey: "backgroundColor")
        }
        CATransaction.commit()
    }
}

/// Listing 8.4: the clock's hands turn to each new second, each animation tagged with its hand
/// by key-value coding so that the one delegate sets the right hand's final transform.
///
/// The clock starts at 10:08:30 (the listing reads the wall clock; a fixed time keeps renders
/// the same) and the one-second `NSTimer` is the script's ``ExampleEvent/timer(_:)`` events. The
/// listing's stray `[self updateHandsAnimated:NO]` inside the animated branch (it would set every
/// hand to its final angle first, so nothing would move) is left out, as the chapter describes
/// the hands turning.
final class Listing8_4: ExampleScene, CAAnimationDelegate {
    /// The listing's `IBOutlet` image views, over the clock face at its centre.
    let hourHand = UIImageView()
    let minuteHand = UIImageView()
    let secondHand = UIImageView()
    /// Seconds since midnight shown by the clock.
    var time = 10 * 3600 + 8 * 60 + 30

    /// Always fails: scenes are not loaded from nibs (ruling U17).
    required init?(coder: NSCoder) { nil }

    init() {
        super.init(size: CGSize(width: 320, height: 480))
        script = (1...5).map { ScriptedEvent(time: CFTimeInterval($0), event: .timer("tick")) }
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        // (the storyboard's image views)
        let face = makeView("clockFace", frame: CGRect(x: 40, y: 80, width: 240, height: 240), in: root)
        face.contents = Artwork.clockFace()
        for (hand, kind) in [
            (hourHand, Artwork.ClockHand.hour), (minuteHand, .minute), (secondHand, .second),
        ] {
            hand.layer.name = "\(kind.rawValue)Hand"
            hand.bounds = CGRect(origin: .zero, size: kind.size)
            hand.center = CGPoint(x: 160, y: 200)
            hand.image = Artwork.clockHand(kind).map {
                UIImage(cgImage: $0, scale: Artwork.defaultScale, orientation: .up)
            }
            view.addSubview(hand)
        }
        // adjust anchor points
        secondHand.layer.anchorPoint = CGPoint(x: 0.5, y: 0.9)
        minuteHand.layer.anchorPoint = CGPoint(x: 0.5, y: 0.9)
        hourHand.layer.anchorPoint = CGPoint(x: 0.5, y: 0.9)
        // start timer (the script's one-second `.timer("tick")` events)
        // set initial hand positions
        updateHands(animated: false)
    }

    override func handle(_ event: ExampleEvent) {
        guard case .timer("tick") = event else { return super.handle(event) }
        time += 1
        updateHands(animated: true)
    }

    func updateHands(animated: Bool) {
        let hour = (time / 3600) % 24
        let minute = (time / 60) % 60
        let second = time % 60
        let hourAngle = CGFloat(hour) / 12.0 * .pi * 2.0
        let minuteAngle = CGFloat(minute) / 60.0 * .pi * 2.0
        let secondAngle = CGFloat(second) / 60.0 * .pi * 2.0
        setAngle(hourAngle, forHand: hourHand, animated: animated)
        setAngle(minuteAngle, forHand: minuteHand, animated: animated)
        setAngle(secondAngle, forHand: secondHand, animated: animated)
    }

    func setAngle(_ angle: CGFloat, forHand handView: UIView, animated: Bool) {
        let transform = CATransform3DMakeRotation(angle, 0, 0, 1)
        if animated {
            let animation = CABasicAnimation()
            animation.keyPath = "transform"
            animation.toValue = NSValue(caTransform3D: transform)
            animation.duration = 0.5
            animation.delegate = self
            animation.setValue(handView, forKey: "handView")
            handView.layer.add(animation, forKey: nil)
        } else {
            handView.layer.transform = transform
        }
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        // set final position for hand view
        guard let handView = anim.value(forKey: "handView") as? UIView,
            let value = (anim as? CABasicAnimation)?.toValue as? NSValue
        else { return }
        handView.layer.transform = value.caTransform3DValue
    }
}

/// Listing 8.5: a keyframe animation through blue, red, green and back to blue over 2 s.
final class Listing8_5: ColorLayerScene {
    /// Always fails: scenes are not loaded from nibs (ruling U17).
    required init?(coder: NSCoder) { nil }

    init() {
        super.init()
        script = taps([0.5, 3])
    }

    override func tapButton() {
        let animation = CAKeyframeAnimation()
        animation.keyPath = "backgroundColor"
        animation.duration = 2.0
        animation.values = [blueColor, redColor, greenColor, blueColor]
        colorLayer.add(animation, forKey: nil)
    }
}

/// The chapter's Bézier curve from (0, 150) to (300, 150) in the 300×300 container, a
/// `UIBezierPath` as the listings make it (they use its `cgPath`).
func chapterBezierPath() -> UIBezierPath {
    // create a path
    let bezierPath = UIBezierPath()
    bezierPath.move(to: CGPoint(x: 0, y: 150))
    bezierPath.addCurve(
        to: CGPoint(x: 300, y: 150), controlPoint1: CGPoint(x: 75, y: 0),
        controlPoint2: CGPoint(x: 225, y: 300))
    return bezierPath
}

/// A scene with the listings' 300×300 `containerView` at (10, 40) of a 320×480 view (the
/// storyboard's view, an `IBOutlet`); the listings add their layers to `containerView.layer` in
/// `viewDidLoad`.
class ContainerScene: ExampleScene {
    var containerView: UIView!

    /// Always fails: scenes are not loaded from nibs (ruling U17).
    required init?(coder: NSCoder) { nil }

    init() {
        super.init(size: CGSize(width: 320, height: 480))
        containerView = makeUIView(
            "containerView", frame: CGRect(x: 10, y: 40, width: 300, height: 300), in: root,
            background: CGColor(gray: 0.94, alpha: 1))
    }

    /// Where the listing draws the Bézier curve with a `CAShapeLayer` (red, 3 points wide).
    func addPathLayer(_ path: CGPath) {
        let pathLayer = CAShapeLayer()
        pathLayer.path = path
        pathLayer.fillColor = CGColor.clear
        pathLayer.strokeColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        pathLayer.lineWidth = 3
        containerView.layer.addSublayer(pathLayer)
    }
}

/// Listings 8.6 and 8.7: the ship follows the Bézier curve over 4 s, turned along the curve's
/// tangent with `rotationMode = kCAAnimationRotateAuto` (8.7) or always facing right (8.6).
final class ShipOnPath: ContainerScene {
    let rotates: Bool

    /// Always fails: scenes are not loaded from nibs (ruling U17).
    required init?(coder: NSCoder) { nil }

    init(rotates: Bool) {
        self.rotates = rotates
        super.init()
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        let bezierPath = chapterBezierPath()
        addPathLayer(bezierPath.cgPath)
        let shipLayer = CALayer()
        shipLayer.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
        shipLayer.position = CGPoint(x: 0, y: 150)
        shipLayer.contents = Artwork.ship()
        containerView.layer.addSublayer(shipLayer)
        let animation = CAKeyframeAnimation()
        animation.keyPath = "position"
        animation.duration = 4.0
        animation.path = bezierPath.cgPath
        if rotates {
            animation.rotationMode = .rotateAuto
        }
        shipLayer.add(animation, forKey: nil)
    }
}

/// The 128×128 ship at the centre of the container (listings 8.8, 8.9, 8.15).
class ShipScene: ContainerScene {
    let shipLayer = CALayer()

    override func viewDidLoad() {
        super.viewDidLoad()
        shipLayer.frame = CGRect(x: 0, y: 0, width: 128, height: 128)
        shipLayer.position = CGPoint(x: 150, y: 150)
        shipLayer.contents = Artwork.ship()
        containerView.layer.addSublayer(shipLayer)
    }
}

/// Listing 8.8: animating `transform` to a 180° rotation over 2 s.
final class Listing8_8: ShipScene {
    override func viewDidLoad() {
        super.viewDidLoad()
        let animation = CABasicAnimation()
        animation.keyPath = "transform"
        animation.duration = 2.0
        animation.toValue = NSValue(caTransform3D: CATransform3DMakeRotation(.pi, 0, 0, 1))
        shipLayer.add(animation, forKey: nil)
    }
}

/// Listing 8.9: animating the virtual `transform.rotation` by 2π over 2 s: a full turn.
final class Listing8_9: ShipScene {
    override func viewDidLoad() {
        super.viewDidLoad()
        let animation = CABasicAnimation()
        animation.keyPath = "transform.rotation"
        animation.duration = 2.0
        animation.byValue = CGFloat.pi * 2
        shipLayer.add(animation, forKey: nil)
    }
}

/// Listing 8.10: a group of the path animation and a colour animation to red over 4 s.
final class Listing8_10: ContainerScene {
    override func viewDidLoad() {
        super.viewDidLoad()
        let bezierPath = chapterBezierPath()
        addPathLayer(bezierPath.cgPath)
        let colorLayer = CALayer()
        colorLayer.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
        colorLayer.position = CGPoint(x: 0, y: 150)
        colorLayer.backgroundColor = greenColor
        containerView.layer.addSublayer(colorLayer)
        let animation1 = CAKeyframeAnimation()
        animation1.keyPath = "position"
        animation1.path = bezierPath.cgPath
        animation1.rotationMode = .rotateAuto
        let animation2 = CABasicAnimation()
        animation2.keyPath = "backgroundColor"
        animation2.toValue = redColor
        let groupAnimation = CAAnimationGroup()
        groupAnimation.animations = [animation1, animation2]
        groupAnimation.duration = 4.0
        colorLayer.add(groupAnimation, forKey: nil)
    }
}
