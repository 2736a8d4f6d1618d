import QuartzCore
import UIKit

/// The image view of listings 8.11 and 8.13: 200×200 at (60, 60) showing `Anchor.png`, with a
/// "Switch Image" button under it.
class ImageViewScene: ExampleScene {
    /// The listing's `IBOutlet`.
    let imageView = UIImageView(frame: CGRect(x: 60, y: 60, width: 200, height: 200))
    /// `Anchor.png`, `Cone.png`, `Igloo.png`, `Spaceship.png` (drawn at 2×, as `@2x` files).
    var images: [UIImage] = []

    /// Always fails: scenes are not loaded from nibs (ruling U17).
    required init?(coder: NSCoder) { nil }

    init() {
        super.init(size: CGSize(width: 320, height: 480))
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        // (the storyboard's image view and button)
        imageView.layer.name = "imageView"
        view.addSubview(imageView)
        addButton("Switch Image", frame: CGRect(x: 110, y: 300, width: 100, height: 36))
        // set up images
        images = [Artwork.anchor(), Artwork.cone(), Artwork.igloo(), Artwork.spaceship()].compactMap {
            $0.map { UIImage(cgImage: $0, scale: Artwork.defaultScale, orientation: .up) }
        }
        imageView.image = images.first
    }

    override func handle(_ event: ExampleEvent) {
        if case .button("Switch Image") = event { switchImage() } else { super.handle(event) }
    }

    func switchImage() {}

    /// Cycles to the next image.
    func showNextImage() {
        guard !images.isEmpty else { return }
        let currentImage = imageView.image
        var index = images.firstIndex { $0 === currentImage } ?? 0
        index = (index + 1) % images.count
        imageView.image = images[index]
    }
}

/// Listing 8.11: a fade `CATransition` animates the image view's change of image.
final class Listing8_11: ImageViewScene {
    /// Always fails: scenes are not loaded from nibs (ruling U17).
    required init?(coder: NSCoder) { nil }

    override init() {
        super.init()
        script = [0.5, 1.5, 2.5, 3.5].map { ScriptedEvent(time: $0, event: .button("Switch Image")) }
    }

    override func switchImage() {
        // set up crossfade transition
        let transition = CATransition()
        transition.type = .fade
        // apply transition to imageview backing layer
        imageView.layer.add(transition, forKey: nil)
        // cycle to next image
        showNextImage()
    }
}

/// Listing 8.13: `transition(with:duration:options:animations:completion:)` with
/// `.transitionFlipFromLeft` for 1 s around the change of image.
final class Listing8_13: ImageViewScene {
    /// Always fails: scenes are not loaded from nibs (ruling U17).
    required init?(coder: NSCoder) { nil }

    override init() {
        super.init()
        script = [0.5, 2, 3.5].map { ScriptedEvent(time: $0, event: .button("Switch Image")) }
    }

    override func switchImage() {
        UIView.transition(
            with: imageView, duration: 1.0, options: .transitionFlipFromLeft,
            animations: {
                // cycle to next image
                self.showNextImage()
            }, completion: nil)
    }
}

/// Listing 8.12: a crossfade added to the tab bar controller's view when a tab is selected, so
/// that it is not removed with the tabs' views swapped under it.
final class Listing8_12: ExampleScene {
    let tabBarView: CALayer
    let tabViews: [CALayer]
    let titles = ["First", "Second"]

    /// Always fails: scenes are not loaded from nibs (ruling U17).
    required init?(coder: NSCoder) { nil }

    init() {
        tabBarView = CALayer()
        tabViews = [CALayer(), CALayer()]
        super.init(size: CGSize(width: 320, height: 480))
        tabBarView.name = "tabBarController.view"
        tabBarView.frame = CGRect(x: 0, y: 0, width: 320, height: 431)
        tabBarView.delegate = viewBacking
        root.addSublayer(tabBarView)
        let colours = [Artwork.rgb(255, 240, 214), Artwork.rgb(214, 232, 255)]
        let accents = [Artwork.rgb(232, 120, 60), Artwork.rgb(40, 110, 220)]
        for (index, view) in tabViews.enumerated() {
            view.name = "viewController\(index + 1).view"
            view.frame = tabBarView.bounds
            view.backgroundColor = colours[index]
            view.delegate = viewBacking
            // The template's view controllers each show a picture: a disc or a square.
            let mark = makeView(
                "mark", frame: CGRect(x: 100, y: 140, width: 120, height: 120), in: view,
                background: accents[index])
            mark.cornerRadius = index == 0 ? 60 : 12
        }
        tabBarView.addSublayer(tabViews[0])
        addTabBar(titles)
        script = [
            ScriptedEvent(time: 1, event: .button("Second")),
            ScriptedEvent(time: 2.5, event: .button("First")),
        ]
    }

    override func handle(_ event: ExampleEvent) {
        guard case .button(let title) = event else { return super.handle(event) }
        guard let index = titles.firstIndex(of: title), tabViews[index].superlayer == nil,
            let current = tabBarView.sublayers?.first
        else { return }
        // UITabBarController swaps the views, then tells its delegate.
        tabBarView.replaceSublayer(current, with: tabViews[index])
        selectTab(title)
        didSelectViewController()
    }

    /// `tabBarController:didSelectViewController:`.
    func didSelectViewController() {
        // set up crossfade transition
        let transition = CATransition()
        transition.type = .fade
        // apply transition to tab bar controller's view
        tabBarView.add(transition, forKey: nil)
    }
}

/// Listing 8.14: a custom transition: a snapshot of the view (`renderInContext:` into
/// `UIGraphicsBeginImageContextWithOptions`' context, at the main screen's scale 2) covers it
/// while the view's colour changes, then scales, turns and fades away over 1 s.
final class Listing8_14: ExampleScene {
    var colours = RandomColours(seed: 814)

    /// Always fails: scenes are not loaded from nibs (ruling U17).
    required init?(coder: NSCoder) { nil }

    init() {
        super.init(size: CGSize(width: 320, height: 480))
        root.backgroundColor = Artwork.rgb(90, 160, 220)
        addButton("Perform Transition", frame: CGRect(x: 85, y: 300, width: 150, height: 36))
        script = [0.5, 2].map { ScriptedEvent(time: $0, event: .button("Perform Transition")) }
    }

    override func handle(_ event: ExampleEvent) {
        if case .button("Perform Transition") = event { performTransition() } else { super.handle(event) }
    }

    func performTransition() {
        // preserve the current view snapshot
        UIGraphicsBeginImageContextWithOptions(view.bounds.size, true, 0.0)
        if let context = UIGraphicsGetCurrentContext() { view.layer.render(in: context) }
        let coverImage = UIGraphicsGetImageFromCurrentImageContext()
        UIGraphicsEndImageContext()
        // insert snapshot view in front of this one
        let coverView = UIImageView(image: coverImage)
        coverView.layer.name = "coverView"
        coverView.frame = view.bounds
        view.addSubview(coverView)
        // update the view (we'll simply randomize the layer background color)
        let red = colours.component()
        let green = colours.component()
        let blue = colours.component()
        view.backgroundColor = UIColor(red: red, green: green, blue: blue, alpha: 1.0)
        // perform animation (anything you like)
        UIView.animate(
            withDuration: 1.0,
            animations: {
                // scale, rotate and fade the view
                var transform = CGAffineTransform(scaleX: 0.01, y: 0.01)
                transform = transform.rotated(by: .pi / 2)
                coverView.transform = transform
                coverView.alpha = 0.0
            },
            completion: { _ in
                // remove the cover view now we're finished with it
                coverView.removeFromSuperview()
            })
    }
}

/// Listing 8.15: Start adds a 2 s spin under the key "rotateAnimation", Stop removes it; the
/// delegate logs whether it finished.
final class Listing8_15: ShipScene, CAAnimationDelegate {
    /// Always fails: scenes are not loaded from nibs (ruling U17).
    required init?(coder: NSCoder) { nil }

    override init() {
        super.init()
        addButton("Start", frame: CGRect(x: 40, y: 380, width: 100, height: 36))
        addButton("Stop", frame: CGRect(x: 180, y: 380, width: 100, height: 36))
        script = [
            ScriptedEvent(time: 0.5, event: .button("Start")),
            ScriptedEvent(time: 1.5, event: .button("Stop")),
            ScriptedEvent(time: 2.5, event: .button("Start")),
        ]
    }

    override func handle(_ event: ExampleEvent) {
        switch event {
        case .button("Start"): start()
        case .button("Stop"): stop()
        default: super.handle(event)
        }
    }

    func start() {
        // add the animation
        let animation = CABasicAnimation()
        animation.keyPath = "transform.rotation"
        animation.duration = 2.0
        animation.byValue = CGFloat.pi * 2
        animation.delegate = self
        shipLayer.add(animation, forKey: "rotateAnimation")
    }

    func stop() {
        shipLayer.removeAnimation(forKey: "rotateAnimation")
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        // log that the animation stopped
        log.append("The animation stopped (finished: \(flag ? "YES" : "NO"))")
    }
}
