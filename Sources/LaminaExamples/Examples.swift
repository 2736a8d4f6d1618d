import QuartzCore

/// Every example: the slideshow demo, each listing of chapters 7–9 in order, then the four view
/// controllers of the post on UIView and Core Animation (ruling P10).
public enum Examples {
    /// The listings' iPhone-sized view, in points.
    static let phone = CGSize(width: 320, height: 480)

    /// The slideshow example's 10 generated photos at 1280×720, 3 s each.
    static let slideshow = Example(
        name: "slideshow", listing: nil,
        title: "The slideshow demo: ten captioned photos fading in and out while sliding right",
        size: CGSize(width: 1280, height: 720), duration: Slideshow.duration(imageCount: Artwork.photoCount)
    ) { SlideshowScene() }

    /// Every example, in listing order, the slideshow first and the post's four last.
    public static let all: [Example] = [
        slideshow,
        example("color-fade", "7.1", "Tapping the button fades a hosted layer's colour over 0.25 s", 3.5) {
            Listing7_1()
        },
        example("slow-color-fade", "7.2", "A transaction of 3 s slows the colour fade down", 7.5) {
            Listing7_2()
        },
        example(
            "fade-then-spin", "7.3", "A completion block turns the layer 90° once the 1 s fade ends", 4.5
        ) { Listing7_3() },
        example("backing-layer-snap", "7.4", "A view's own backing layer snaps to its new colour", 3.5) {
            Listing7_4()
        },
        example(
            "view-actions", "7.5",
            "A view's action for its layer: <null> outside a block, inside one an animation", 1
        ) {
            Listing7_5()
        },
        example("push-action", "7.6", "A push transition from the left as the colour's action", 3.5) {
            Listing7_6()
        },
        example(
            "presentation-hit-test", "7.7", "Taps move the layer; tapping it where it is seen recolours it",
            9.5
        ) {
            Listing7_7()
        },
        example("explicit-color", "8.1", "An explicit colour animation snaps back when it ends", 2.5) {
            Listing8_1()
        },
        example("apply-basic-animation", "8.2", "Updating the model before animating keeps the new colour", 2)
        {
            Listing8_2()
        },
        example("delegate-color", "8.3", "The delegate sets the colour when the animation stops", 2.5) {
            Listing8_3()
        },
        example("clock", "8.4", "Clock hands tick, each animation tagged with its hand by KVC", 5.75) {
            Listing8_4()
        },
        example("keyframe-colors", "8.5", "A keyframe animation through blue, red, green and blue", 5.5) {
            Listing8_5()
        },
        example("ship-path", "8.6", "The ship follows a Bézier curve, always facing right", 4.5) {
            ShipOnPath(rotates: false)
        },
        example("ship-path-rotate", "8.7", "The ship follows the curve turned along its tangent", 4.5) {
            ShipOnPath(rotates: true)
        },
        example("ship-transform", "8.8", "Animating transform to a 180° rotation", 2.5) { Listing8_8() },
        example("ship-rotation", "8.9", "Animating transform.rotation by 2π: a full turn", 2.5) {
            Listing8_9()
        },
        example("animation-group", "8.10", "A group moves the layer along the curve while it turns red", 4.5)
        {
            Listing8_10()
        },
        example("image-fade-transition", "8.11", "A fade transition between four images", 4.5) {
            Listing8_11()
        },
        example("tab-crossfade", "8.12", "A crossfade on the tab bar controller's view between tabs", 3.5) {
            Listing8_12()
        },
        example("flip-transition", "8.13", "A 1 s flip from the left between images", 5) { Listing8_13() },
        example(
            "custom-transition", "8.14", "A snapshot scales, turns and fades over the recoloured view", 3.5
        ) {
            Listing8_14()
        },
        example("start-stop", "8.15", "Start and Stop a spin; the delegate logs whether it finished", 5) {
            Listing8_15()
        },
        example("repeat-count", "9.1", "Duration and repeat count typed in, then Start", 6) { Listing9_1() },
        example("door", "9.2", "The door swings open and shut forever (autoreverses)", 8) {
            Listing9_2()
        },
        example("time-offset-speed", "9.3", "Sliders set speed and timeOffset of the ship's path", 5.5) {
            Listing9_3()
        },
        example("manual-door", "9.4", "A pan scrubs the paused door's timeOffset", 4) { Listing9_4() },
        postExample(
            "quick-example", "Taps move views 100 pt right, green and half transparent (UIView animations)",
            4.5
        ) { QuickExampleViewController() },
        postExample(
            "basic-animation", "A basic position animation, and a group that turns, scales and moves", 4.5
        ) { BasicAnimationViewController() },
        postExample("keyframe-animation", "A tapped picture follows a keyframe Bézier arc for 1 s", 3.5) {
            KeyFrameAnimationViewController()
        },
        postExample("transition-swipes", "Swipes change the picture through random CATransition types", 7.5) {
            TransferAnimationViewController()
        },
    ]

    /// The example named `nameOrListing`: its name (`"door"`, `"slideshow"`) or its listing
    /// number (`"8.15"`), compared case-insensitively after trimming whitespace. `nil` for
    /// anything else (`"7.8"`, `"swinging-door"`, an empty string).
    public static func named(_ nameOrListing: String) -> Example? {
        let key = nameOrListing.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        guard !key.isEmpty else { return nil }
        return all.first { $0.name == key || $0.listing == key }
    }

    /// One of the view controllers of the post on UIView and Core Animation, in the phone-sized
    /// view: no listing number, its origin `"Post"` (ruling P10).
    private static func postExample(
        _ name: String, _ title: String, _ duration: CFTimeInterval,
        _ builder: @escaping @Sendable () -> ExampleScene
    ) -> Example {
        Example(
            name: name, listing: nil, origin: "Post", title: title, size: phone, duration: duration,
            builder: builder)
    }

    /// A listing's example in the phone-sized view.
    private static func example(
        _ name: String, _ listing: String, _ title: String, _ duration: CFTimeInterval,
        _ builder: @escaping @Sendable () -> ExampleScene
    ) -> Example {
        Example(name: name, listing: listing, title: title, size: phone, duration: duration, builder: builder)
    }
}

/// The built-in slideshow: ``Slideshow/makeLayer(images:captions:frameSize:startTime:secondsPerImage:fadeTime:)``
/// on the ten generated photos, starting when the scene is made.
final class SlideshowScene: ExampleScene {
    /// One caption per generated photo, as the demo's `texts`.
    static let captions = [
        "Dusk over the hills", "A clear day", "Moonrise", "Desert heat", "After the snow", "Circles",
        "Bands", "Triangles", "Overlaps", "The end — made with Lamina",
    ]

    /// Always fails: scenes are not loaded from nibs (ruling U17).
    required init?(coder: NSCoder) { nil }

    init() {
        let size = CGSize(width: 1280, height: 720)
        super.init(size: size, background: CGColor(gray: 0, alpha: 1))
        let images = (0..<Artwork.photoCount).compactMap { Artwork.photo($0, size: size) }
        let show = Slideshow.makeLayer(
            images: images, captions: Self.captions, frameSize: size, startTime: CACurrentMediaTime())
        root.addSublayer(show)
    }
}
