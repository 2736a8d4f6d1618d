import QuartzCore
import UIKit

/// `-[NSString doubleValue]`: the leading number of `text` after whitespace, 0 when there is none.
func leadingNumber(_ text: String) -> Double {
    let trimmed = text.drop { $0 == " " || $0 == "\t" || $0 == "\n" }
    var best = 0.0
    var prefix = ""
    for character in trimmed {
        prefix.append(character)
        if let value = Double(prefix) {
            best = value
        } else if !(prefix == "-" || prefix == "+" || prefix == "." || prefix.hasSuffix("e")
            || prefix.hasSuffix("e-") || prefix.hasSuffix("-.") || prefix.hasSuffix("+."))
        {
            break
        }
    }
    return best.isFinite ? best : 0
}

/// Listing 9.1: duration and repeat count typed into two fields; Start spins the ship
/// `repeatCount` times of `duration` seconds, the controls disabled until it stops.
final class Listing9_1: ShipScene, CAAnimationDelegate {
    let controlNames = ["duration", "repeatCount", "Start"]

    /// Always fails: scenes are not loaded from nibs (ruling U17).
    required init?(coder: NSCoder) { nil }

    override init() {
        super.init()
        addField("duration", text: "", frame: CGRect(x: 20, y: 360, width: 130, height: 32))
        addField("repeatCount", text: "", frame: CGRect(x: 170, y: 360, width: 130, height: 32))
        addButton("Start", frame: CGRect(x: 110, y: 410, width: 100, height: 36))
        script = [
            ScriptedEvent(time: 0.3, event: .field("duration", "1.5")),
            ScriptedEvent(time: 0.6, event: .field("repeatCount", "1.5")),
            ScriptedEvent(time: 1, event: .button("Start")),
            ScriptedEvent(time: 2, event: .button("Start")),  // disabled while it spins: ignored
            ScriptedEvent(time: 3.6, event: .field("duration", "0.5")),
            ScriptedEvent(time: 3.8, event: .field("repeatCount", "3")),
            ScriptedEvent(time: 4, event: .button("Start")),
        ]
    }

    override func handle(_ event: ExampleEvent) {
        switch event {
        case .field(let name, let text): setFieldText(name, text)
        case .button("Start") where enabledControl("Start") != nil: start()
        default: super.handle(event)
        }
    }

    func setControlsEnabled(_ enabled: Bool) {
        setEnabled(enabled, controlNames)
    }

    func start() {
        let duration = leadingNumber(fieldText("duration"))
        let repeatCount = Float(leadingNumber(fieldText("repeatCount")))
        // animate the ship rotation
        let animation = CABasicAnimation()
        animation.keyPath = "transform.rotation"
        animation.duration = duration
        animation.repeatCount = repeatCount
        animation.byValue = CGFloat.pi * 2
        animation.delegate = self
        shipLayer.add(animation, forKey: "rotateAnimation")
        // disable controls
        setControlsEnabled(false)
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        // reenable controls
        setControlsEnabled(true)
    }
}

/// The door of listings 9.2 and 9.4: 128×256, hinged on its left edge at (86, 150) of the
/// container, whose `sublayerTransform` adds perspective (m34 = −1/500).
class DoorScene: ContainerScene {
    let doorLayer = CALayer()

    override func viewDidLoad() {
        super.viewDidLoad()
        // add the door
        doorLayer.frame = CGRect(x: 0, y: 0, width: 128, height: 256)
        doorLayer.position = CGPoint(x: 150 - 64, y: 150)
        doorLayer.anchorPoint = CGPoint(x: 0, y: 0.5)
        doorLayer.contents = Artwork.door()
        containerView.layer.addSublayer(doorLayer)
        // apply perspective transform
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500.0
        containerView.layer.sublayerTransform = perspective
    }
}

/// Listing 9.2: the door swings open over 2 s and closes again (`autoreverses`), forever.
final class Listing9_2: DoorScene {
    override func viewDidLoad() {
        super.viewDidLoad()
        // apply swinging animation
        let animation = CABasicAnimation()
        animation.keyPath = "transform.rotation.y"
        animation.toValue = -CGFloat.pi / 2
        animation.duration = 2.0
        animation.repeatDuration = .infinity
        animation.autoreverses = true
        doorLayer.add(animation, forKey: nil)
    }
}

/// Listing 9.3: `speed` and `timeOffset` set with two sliders, and Play sends the ship along the
/// curve (1 s, not removed on completion).
final class Listing9_3: ContainerScene {
    let shipLayer = CALayer()
    let bezierPath = chapterBezierPath()

    /// Always fails: scenes are not loaded from nibs (ruling U17).
    required init?(coder: NSCoder) { nil }

    override init() {
        super.init()
        addSlider(
            "speed", minimum: 0, maximum: 2, value: 1, frame: CGRect(x: 20, y: 356, width: 280, height: 28))
        addSlider(
            "timeOffset", minimum: 0, maximum: 1, value: 0,
            frame: CGRect(x: 20, y: 396, width: 280, height: 28))
        addButton("Play", frame: CGRect(x: 110, y: 436, width: 100, height: 36))
        updateSliders()
        script = [
            ScriptedEvent(time: 0.5, event: .button("Play")),
            ScriptedEvent(time: 2, event: .slider("timeOffset", 0.5)),
            ScriptedEvent(time: 2.5, event: .button("Play")),
            ScriptedEvent(time: 4, event: .slider("speed", 2)),
            ScriptedEvent(time: 4.5, event: .button("Play")),
        ]
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        addPathLayer(bezierPath.cgPath)
        shipLayer.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
        shipLayer.position = CGPoint(x: 0, y: 150)
        shipLayer.contents = Artwork.ship()
        containerView.layer.addSublayer(shipLayer)
    }

    override func handle(_ event: ExampleEvent) {
        switch event {
        case .slider(let name, let value):
            setSliderValue(name, value)
            updateSliders()
        case .button("Play"): play()
        default: super.handle(event)
        }
    }

    /// The listing shows each slider's value in a label (`%0.2f`); labels are not drawn yet.
    func updateSliders() {}

    func play() {
        // create the keyframe animation
        let animation = CAKeyframeAnimation()
        animation.keyPath = "position"
        animation.timeOffset = sliderValue("timeOffset")
        animation.speed = Float(sliderValue("speed"))
        animation.duration = 1.0
        animation.path = bezierPath.cgPath
        animation.rotationMode = .rotateAuto
        animation.isRemovedOnCompletion = false
        shipLayer.add(animation, forKey: "slide")
    }
}

/// Listing 9.4: the paused door (layer speed 0) scrubbed by a pan: each horizontal movement of
/// 200 points moves the layer's `timeOffset` by a second of the 1 s swing, clamped to 0…0.999. As
/// the chapter writes it: a `UIPanGestureRecognizer` on the view calls `pan(_:)`, which resets the
/// recogniser's translation each time.
final class Listing9_4: DoorScene {
    /// Always fails: scenes are not loaded from nibs (ruling U17).
    required init?(coder: NSCoder) { nil }

    override init() {
        super.init()
        var events = [ScriptedEvent(time: 0.5, event: .pan(.zero, phase: .began))]
        for step in 1...10 {  // a swipe to the left over 1 s opens the door most of the way
            events.append(
                ScriptedEvent(
                    time: 0.5 + Double(step) * 0.1, event: .pan(CGPoint(x: -16 * step, y: 0), phase: .changed)
                ))
        }
        events.append(ScriptedEvent(time: 1.6, event: .pan(CGPoint(x: -160, y: 0), phase: .ended)))
        events.append(ScriptedEvent(time: 2.5, event: .pan(.zero, phase: .began)))
        for step in 1...5 {  // and back to the right, half closing it
            events.append(
                ScriptedEvent(
                    time: 2.5 + Double(step) * 0.1, event: .pan(CGPoint(x: 16 * step, y: 0), phase: .changed))
            )
        }
        events.append(ScriptedEvent(time: 3.1, event: .pan(CGPoint(x: 80, y: 0), phase: .ended)))
        script = events
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        // add pan gesture recognizer to handle swipes
        let pan = UIPanGestureRecognizer()
        pan.addTarget { [unowned self] recognizer in
            if let pan = recognizer as? UIPanGestureRecognizer { self.pan(pan) }
        }
        view.addGestureRecognizer(pan)
        // pause all layer animations
        doorLayer.speed = 0.0
        // apply swinging animation (which won't play because layer is paused)
        let animation = CABasicAnimation()
        animation.keyPath = "transform.rotation.y"
        animation.toValue = -CGFloat.pi / 2
        animation.duration = 1.0
        doorLayer.add(animation, forKey: nil)
    }

    func pan(_ pan: UIPanGestureRecognizer) {
        // get horizontal component of pan gesture
        var x = pan.translation(in: view).x
        // convert from points to animation duration (using a reasonable scale factor)
        x /= 200.0
        // update timeOffset and clamp result
        var timeOffset = doorLayer.timeOffset
        timeOffset = min(0.999, max(0.0, timeOffset - x))
        doorLayer.timeOffset = timeOffset
        // reset pan gesture
        pan.setTranslation(.zero, in: view)
    }
}
