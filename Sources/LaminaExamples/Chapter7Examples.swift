import QuartzCore
import UIKit

/// `arc4random() / (CGFloat)INT_MAX` for the listings' random colours, from a fixed seed
/// (SplitMix64) so that every run of an example — and every frame of a render — is the same.
struct RandomColours {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    /// The next component in [0, 1].
    mutating func component() -> CGFloat {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return CGFloat(z >> 11) / CGFloat(1 << 53)
    }

    /// `[UIColor colorWithRed:red green:green blue:blue alpha:1.0]` with random components.
    mutating func next() -> CGColor {
        let red = component()
        let green = component()
        let blue = component()
        return CGColor(red: red, green: green, blue: blue, alpha: 1)
    }
}

/// `[UIColor blueColor]`.
let blueColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
/// `[UIColor redColor]`.
let redColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
/// `[UIColor greenColor]`.
let greenColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)

/// The scene of listings 7.1–7.3, 7.6 and 8.1–8.3, 8.5: the view's `layerView` hosting a blue
/// 100×100 `colorLayer` at (50, 50), and a button under it.
class ColorLayerScene: ExampleScene {
    /// The hosted layer whose colour changes.
    let colorLayer = CALayer()
    /// The view hosting it.
    var layerView: CALayer!
    /// The "random" colours.
    var colours = RandomColours(seed: 7)
    /// The button's title.
    let buttonTitle: String

    /// Builds the scene with a button titled `buttonTitle` at `buttonFrame` (red, as listing
    /// 7.1's, when `redButton`).
    init(
        buttonTitle: String = "Change Color",
        buttonFrame: CGRect = CGRect(x: 110, y: 200, width: 100, height: 36)
    ) {
        self.buttonTitle = buttonTitle
        super.init(size: CGSize(width: 320, height: 480))
        layerView = makeView("layerView", frame: root.bounds, in: root)
        colorLayer.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
        colorLayer.backgroundColor = blueColor
        layerView.addSublayer(colorLayer)
        addButton(buttonTitle, frame: buttonFrame)
    }

    override func handle(_ event: ExampleEvent) {
        if case .button(let title) = event, title == buttonTitle, enabledControl(title) != nil {
            tapButton()
        }
    }

    /// The listing's action.
    func tapButton() {}

    /// The button taps of a script: one at each time.
    func taps(_ times: [CFTimeInterval]) -> [ScriptedEvent] {
        times.map { ScriptedEvent(time: $0, event: .button(buttonTitle)) }
    }
}

/// Listing 7.1: the colour of a hosted layer changes with a 0.25 s implicit fade.
final class Listing7_1: ColorLayerScene {
    init() {
        // The listing's button: 50×30 at (110, 160), red.
        super.init(buttonTitle: "Change Color", buttonFrame: CGRect(x: 110, y: 160, width: 50, height: 30))
        controlLayers[buttonTitle]?.backgroundColor = redColor
        script = taps([0.5, 1.5, 2.5])
    }

    override func tapButton() {
        colorLayer.backgroundColor = colours.next()
    }
}

/// Listing 7.2: the same change inside a transaction of 3 s.
final class Listing7_2: ColorLayerScene {
    init() {
        super.init()
        script = taps([0.5, 4])
    }

    override func tapButton() {
        CATransaction.begin()
        CATransaction.setAnimationDuration(3.0)
        colorLayer.backgroundColor = colours.next()
        CATransaction.commit()
    }
}

/// Listing 7.3: a 1 s fade whose completion block turns the layer 90° with the default 0.25 s.
final class Listing7_3: ColorLayerScene {
    init() {
        super.init()
        script = taps([0.5, 2.5])
    }

    override func tapButton() {
        CATransaction.begin()
        CATransaction.setAnimationDuration(1.0)
        let colorLayer = colorLayer
        CATransaction.setCompletionBlock {
            var transform = colorLayer.affineTransform()
            transform = transform.rotated(by: .pi / 2)
            colorLayer.setAffineTransform(transform)
        }
        colorLayer.backgroundColor = colours.next()
        CATransaction.commit()
    }
}

/// Listing 7.4: the view's own backing layer changes colour at once: UIKit disables its
/// implicit animations.
final class Listing7_4: ExampleScene {
    let layerView: CALayer
    var colours = RandomColours(seed: 74)

    init() {
        layerView = CALayer()
        super.init(size: CGSize(width: 320, height: 480))
        layerView.frame = CGRect(x: 60, y: 60, width: 200, height: 200)
        layerView.delegate = viewBacking
        layerView.backgroundColor = blueColor
        root.addSublayer(layerView)
        addButton("Change Color", frame: CGRect(x: 110, y: 300, width: 100, height: 36))
        script = [0.5, 1.5, 2.5].map { ScriptedEvent(time: $0, event: .button("Change Color")) }
    }

    override func handle(_ event: ExampleEvent) {
        guard case .button("Change Color") = event else { return }
        CATransaction.begin()
        CATransaction.setAnimationDuration(1.0)
        layerView.backgroundColor = colours.next()
        CATransaction.commit()
    }
}

/// Listing 7.5: logs the view's action for its layer's `backgroundColor` outside and inside an
/// animation block.
final class Listing7_5: ExampleScene {
    init() {
        super.init(size: CGSize(width: 320, height: 480))
        let layerView = makeUIView(
            "layerView", frame: CGRect(x: 60, y: 60, width: 200, height: 200), in: root,
            background: blueColor)
        // test layer action when outside of animation block
        log.append(
            "Outside: \(Self.describe(layerView.action(for: layerView.layer, forKey: "backgroundColor")))")
        // begin animation block
        var inside: (any CAAction)?
        UIView.animate(withDuration: 0.2) {
            // test layer action when inside of animation block
            inside = layerView.action(for: layerView.layer, forKey: "backgroundColor")
        }
        log.append("Inside: \(Self.describe(inside))")
    }

    /// `%@` of an action: `<null>` for none or `NSNull`, `<ClassName: keyPath>` otherwise.
    static func describe(_ action: (any CAAction)?) -> String {
        guard let action, !(action is NSNull) else { return "<null>" }
        if let animation = action as? CAPropertyAnimation {
            return "<\(type(of: animation)): \(animation.keyPath ?? "nil")>"
        }
        return "<\(type(of: action))>"
    }
}

/// Listing 7.6: a push transition from the left as the layer's `backgroundColor` action.
final class Listing7_6: ColorLayerScene {
    init() {
        super.init()
        let transition = CATransition()
        transition.type = .push
        transition.subtype = .fromLeft
        colorLayer.actions = ["backgroundColor": transition]
        script = taps([0.5, 1.5, 2.5])
    }

    override func tapButton() {
        colorLayer.backgroundColor = colours.next()
    }
}

/// Listing 7.7: taps move the layer (over 4 s); a tap on the layer where it is seen — hit-tested
/// on the presentation layer — changes its colour instead. As the chapter writes it: the view
/// controller builds the layer in `viewDidLoad` and handles `touchesBegan(_:with:)`.
final class Listing7_7: ExampleScene {
    var colorLayer: CALayer!
    var colours = RandomColours(seed: 77)

    init() {
        super.init(size: CGSize(width: 320, height: 480))
        // Half way through the 4 s move from (160, 240) to (240, 400), the default curve has the
        // layer centred at about (224, 368): the second tap hits it where it is seen but where the
        // model layer (centred on (240, 400)) is not. The fourth does the same on the way back.
        script = [
            ScriptedEvent(time: 0.5, event: .tap(CGPoint(x: 240, y: 400))),
            ScriptedEvent(time: 2.5, event: .tap(CGPoint(x: 185, y: 335))),
            ScriptedEvent(time: 5, event: .tap(CGPoint(x: 90, y: 110))),
            ScriptedEvent(time: 7, event: .tap(CGPoint(x: 155, y: 190))),
        ]
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        // create a red layer
        colorLayer = CALayer()
        colorLayer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        colorLayer.position = CGPoint(x: view.bounds.size.width / 2, y: view.bounds.size.height / 2)
        colorLayer.backgroundColor = redColor
        view.layer.addSublayer(colorLayer)
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        // get the touch point
        guard let point = touches.first?.location(in: view) else { return }
        // check if we've tapped the moving layer
        if colorLayer.presentation()?.hitTest(point) != nil {
            // randomize the layer background color
            colorLayer.backgroundColor = colours.next()
        } else {
            // otherwise (slowly) move the layer to new position
            CATransaction.begin()
            CATransaction.setAnimationDuration(4.0)
            colorLayer.position = point
            CATransaction.commit()
        }
    }
}
