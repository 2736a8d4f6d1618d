import QuartzCore

/// One runnable example: a listing of the reference chapters 7–9 (or the slideshow demo) as a
/// scene that can be built, driven by its scripted interactions and rendered.
public struct Example: Sendable {
    /// A short lowercase-hyphenated name, unique among ``Examples/all``: `"slideshow"`,
    /// `"ship-path"`, `"door"`, …
    public let name: String
    /// The listing number, `"7.7"`, `"8.15"`, `"9.4"`; `nil` for the slideshow demo and the
    /// post's view controllers.
    public let listing: String?
    /// Where an example that is no listing comes from, as `lamina examples` lists it:
    /// `"Post"` for the view controllers of the post on UIView and Core Animation (ruling P10);
    /// `nil` for the listings and the slideshow demo.
    public let origin: String?
    /// One line saying what the example shows.
    public let title: String
    /// The scene size in points (the listings' iPhone-sized 320×480 view; 1280×720 for the
    /// slideshow).
    public let size: CGSize
    /// The natural length of a render in seconds: long enough for every scripted interaction and
    /// the animations it starts to finish (or, for endless animations, to show a few cycles).
    public let duration: CFTimeInterval
    private let builder: @Sendable () -> ExampleScene

    /// Creates an example whose scenes `builder` makes.
    ///
    /// - Parameters:
    ///   - name: The short name (lowercase, hyphenated).
    ///   - listing: The listing number, or `nil`.
    ///   - origin: Where an example that is no listing comes from (`"Post"`), or `nil`.
    ///   - title: One line saying what it shows.
    ///   - size: The scene size in points.
    ///   - duration: The natural length of a render in seconds.
    ///   - builder: Builds a fresh scene at the current media time, as the listing's `viewDidLoad`.
    public init(
        name: String, listing: String?, origin: String? = nil, title: String, size: CGSize,
        duration: CFTimeInterval, builder: @escaping @Sendable () -> ExampleScene
    ) {
        self.name = name
        self.listing = listing
        self.origin = origin
        self.title = title
        self.size = size
        self.duration = duration
        self.builder = builder
    }

    /// Builds the layer tree exactly as the listing does, at the current media time
    /// (`CACurrentMediaTime()`): animations the listing adds in `viewDidLoad` begin now. The tree
    /// is committed (`CATransaction.flush()`) before it is returned, as the run loop would commit
    /// it before the first frame, so later changes animate implicitly where the listing's do.
    /// The scene's view is loaded (its `viewDidLoad()` runs) and shown in the scene's UIKit window
    /// first (``ExampleScene/loadAndShow()``).
    public func makeScene() -> ExampleScene {
        let scene = builder()
        scene.loadAndShow()
        CATransaction.flush()
        return scene
    }
}

/// The phase of a pan gesture (`UIGestureRecognizer.State` for a pan).
public enum PanPhase: String, Sendable, Equatable {
    /// The finger has started moving: `.began`.
    case began
    /// The finger moved: `.changed`.
    case changed
    /// The finger lifted: `.ended`.
    case ended
}

/// What a user does to an example, in root-layer coordinates (points, top-left origin, y down).
public enum ExampleEvent: Sendable, Equatable {
    /// A touch goes down and lifts at a point (`touchesBegan(_:with:)`, listing 7.7), delivered
    /// as synthetic touches through the scene's UIKit window.
    case tap(CGPoint)
    /// A finger dragged across the scene: its movement since it went down, and its phase
    /// (`.began`: it goes down, `.changed`: it moves, `.ended`: it lifts), delivered as synthetic
    /// touches through the scene's UIKit window, where a `UIPanGestureRecognizer` sees them
    /// (listing 9.4).
    case pan(CGPoint, phase: PanPhase)
    /// A quick drag from one point to another (root coordinates): a touch goes down at the
    /// first, moves there in four equal steps and lifts — all at the event's time, so a
    /// `UISwipeGestureRecognizer` in the path recognises it when the drag is long and straight
    /// enough (ruling U21), delivered through the scene's UIKit window (the post's transition
    /// example, ruling P10).
    case swipe(from: CGPoint, to: CGPoint)
    /// A button is tapped, named by its title: `"Change Color"`, `"Start"`, `"Stop"`,
    /// `"Switch Image"`, `"Play"`, …
    case button(String)
    /// A slider is moved to a value (listing 9.3's `"speed"` and `"timeOffset"`); values outside
    /// the slider's range are clamped to it, as `UISlider` does, and NaN is ignored.
    case slider(String, Double)
    /// A text field's text is set (listing 9.1's `"duration"` and `"repeatCount"`).
    case field(String, String)
    /// A timer the listing schedules fires (listing 8.4's one-second `NSTimer` calling `tick`),
    /// named by the method it calls.
    case timer(String)
}

/// An interaction at a fixed time of a scene's script.
public struct ScriptedEvent: Sendable, Equatable {
    /// Seconds after the scene was made.
    public let time: CFTimeInterval
    /// What happens then.
    public let event: ExampleEvent

    /// An event `time` seconds after the scene was made.
    public init(time: CFTimeInterval, event: ExampleEvent) {
        self.time = time
        self.event = event
    }
}

/// A control of a listing's user interface (a `UIButton`, `UISlider` or `UITextField`), with its
/// frame in root coordinates, so that a live preview can hit-test it and send the matching
/// ``ExampleEvent``.
public struct ExampleControl: Sendable, Equatable {
    /// What kind of control it is, with its state.
    public enum Kind: Sendable, Equatable {
        /// A button; tapping it sends ``ExampleEvent/button(_:)`` with ``ExampleControl/name``.
        case button
        /// A slider with its range and current value; dragging it sends
        /// ``ExampleEvent/slider(_:_:)``.
        case slider(minimum: Double, maximum: Double, value: Double)
        /// A text field with its current text; editing it sends ``ExampleEvent/field(_:_:)``.
        case field(text: String)
        /// A tab of a tab bar; selecting it sends ``ExampleEvent/button(_:)`` with its title.
        case tab(selected: Bool)
    }

    /// The title of a button or tab, or the name of a slider or field, as events name it.
    public var name: String
    /// The kind and state.
    public var kind: Kind
    /// The frame in root-layer coordinates (points).
    public var frame: CGRect
    /// Whether it responds to touches (`UIControl.isEnabled`).
    public var isEnabled: Bool

    /// A control named `name` of `kind` at `frame`, enabled.
    public init(name: String, kind: Kind, frame: CGRect, isEnabled: Bool = true) {
        self.name = name
        self.kind = kind
        self.frame = frame
        self.isEnabled = isEnabled
    }
}
