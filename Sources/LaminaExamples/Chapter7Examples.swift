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

    /// `[UIColor colorWithRed:red green:green blue:blue alpha:1.0].CGColor` with random
    /// components.
    mutating func next() -> CGColor {
        let red = component()
        let green = component()
        let blue = component()
        return UIColor(red: red, green: green, blue: blue, alpha: 1.0).cgColor
    }
}

/// `[UIColor blueColor].CGColor`.
let blueColor = UIColor.blue.cgColor
/// `[UIColor redColor].CGColor`.
let redColor = UIColor.red.cgColor
/// `[UIColor greenColor].CGColor`.
let greenColor = UIColor.green.cgColor

/// The scene of listings 7.1–7.3, 7.6 and 8.1–8.3, 8.5: the view's `layerView` hosting a blue
/// 100×100 `colorLayer` at (50, 50), and a button under it. As the chapter writes it: the view
/// controller's `viewDidLoad` adds the layer to `self.layerView.layer`, then the views.
class ColorLayerScene: ExampleScene {
    /// The hosted layer whose colour changes.
    let colorLayer = CALayer()
    /// The "random" colours.
    var colours = RandomColours(seed: 7)
    /// The button's title.
    let buttonTitle: String
    /// The button's frame.
    let buttonFrame: CGRect

    /// The view hosting the layer, made on first use to fill the controller's view (the
    /// listing's lazy `layerView` getter).
    lazy var layerView: UIView = {
        let layerView = UIView(
            frame: CGRect(x: 0, y: 0, width: view.frame.size.width, height: view.frame.size.height))
        layerView.layer.name = "layerView"
        return layerView
    }()

    /// Always fails: scenes are not loaded from nibs (ruling U17).
    required init?(coder: NSCoder) { nil }

    /// A scene with a button titled `buttonTitle` at `buttonFrame`.
    init(
        buttonTitle: String = "Change Color",
        buttonFrame: CGRect = CGRect(x: 110, y: 200, width: 100, height: 36)
    ) {
        self.buttonTitle = buttonTitle
        self.buttonFrame = buttonFrame
        super.init(size: CGSize(width: 320, height: 480))
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        colorLayer.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
        colorLayer.backgroundColor = blueColor
        layerView.layer.addSublayer(colorLayer)
        view.addSubview(layerView)
        addButton(buttonTitle, frame: buttonFrame)
    }

    override func handle(_ event: ExampleEvent) {
        if case .button(let title) = event {
            if title == buttonTitle, enabledControl(title) != nil { tapButton() }
        } else {
            super.handle(event)
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
    /// Always fails: scenes are not loaded from nibs (ruling U17).
    required init?(coder: NSCoder) { nil }

    init() {
        // The listing's button: 50×30 at (110, 160), red.
        super.init(buttonTitle: "Change Color", buttonFrame: CGRect(x: 110, y: 160, width: 50, height: 30))
        script = taps([0.5, 1.5, 2.5])
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        controlLayers[buttonTitle]?.backgroundColor = redColor
    }

    override func tapButton() {
        colorLayer.backgroundColor = colours.next()
    }
}

/// Listing 7.2: the same change inside a transaction of 3 s.
final class Listing7_2: ColorLayerScene {
    /// Always fails: scenes are not loaded from nibs (ruling U17).
    required init?(coder: NSCoder) { nil }

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
    /// Always fails: scenes are not loaded from nibs (ruling U17).
    required init?(coder: NSCoder) { nil }

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
/// implicit animations (the view, its layer's delegate, answers `NSNull` outside animation blocks).
final class Listing7_4: ExampleScene {
    /// The listing's `IBOutlet`: a 200×200 view at (60, 60).
    let layerView = UIView(frame: CGRect(x: 60, y: 60, width: 200, height: 200))
    var colours = RandomColours(seed: 74)

    /// Always fails: scenes are not loaded from nibs (ruling U17).
    required init?(coder: NSCoder) { nil }

    init() {
        super.init(size: CGSize(width: 320, height: 480))
        layerView.layer.name = "layerView"
        script = [0.5, 1.5, 2.5].map { ScriptedEvent(time: $0, event: .button("Change Color")) }
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        // (the storyboard's views)
        view.addSubview(layerView)
        addButton("Change Color", frame: CGRect(x: 110, y: 300, width: 100, height: 36))
        // set the color of our layerView backing layer directly
        layerView.layer.backgroundColor = blueColor
    }

    override func handle(_ event: ExampleEvent) {
        if case .button("Change Color") = event { changeColor() } else { super.handle(event) }
    }

    func changeColor() {
        // begin a new transaction
        CATransaction.begin()
        // set the animation duration to 1 second
        CATransaction.setAnimationDuration(1.0)
        // randomize the layer background color
        layerView.layer.backgroundColor = colours.next()
        // commit the transaction
        CATransaction.commit()
    }
}

/// Listing 7.5: logs the view's action for its layer's `backgroundColor` outside and inside an
/// animation block.
final class Listing7_5: ExampleScene {
    /// The listing's `IBOutlet`: a blue 200×200 view at (60, 60).
    let layerView = UIView(frame: CGRect(x: 60, y: 60, width: 200, height: 200))

    /// Always fails: scenes are not loaded from nibs (ruling U17).
    required init?(coder: NSCoder) { nil }

    init() {
        super.init(size: CGSize(width: 320, height: 480))
        layerView.layer.name = "layerView"
        layerView.layer.backgroundColor = blueColor
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(layerView)
        // test layer action when outside of animation block
        log.append(
            "Outside: \(Self.describe(layerView.action(for: layerView.layer, forKey: "backgroundColor")))")
        // begin animation block
        UIView.beginAnimations(nil, context: nil)
        // test layer action when inside of animation block
        log.append(
            "Inside: \(Self.describe(layerView.action(for: layerView.layer, forKey: "backgroundColor")))")
        // end animation block
        UIView.commitAnimations()
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
    /// Always fails: scenes are not loaded from nibs (ruling U17).
    required init?(coder: NSCoder) { nil }

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

    /// Always fails: scenes are not loaded from nibs (ruling U17).
    required init?(coder: NSCoder) { nil }

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
