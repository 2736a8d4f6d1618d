import QuartzCore
import UIKit

/// `TransferAnimationViewController`: a picture fills the view; swiping right or left shows a
/// random one of the post's pictures through a random one of the post's `CATransition` types
/// (1 s), from the right for a right swipe and from the left for a left one (the post's
/// choice), logging each type's name as the post's `NSLog` does.
///
/// As the post writes it, the picture is drawn from the first five of its six pictures
/// (`arc4random() % 5`) and the type from the first eleven of its twelve names
/// (`arc4random() % 11`, so `cameraIrisHollowClose` is never drawn); `arc4random()` is seeded
/// (ruling P1). The post's `x0.png`…`x5.png` are the slideshow's generated photos, aspect-filled.
/// The script swipes five times, right and left in turn (ruling P10).
final class TransferAnimationViewController: ExampleScene {
    var images: [UIImage]!
    var bg: UIImageView!
    /// `arc4random()`, seeded.
    var random = SeededArc4Random(seed: 20)

    /// The post's transition types, its four public ones then Apple's private ones.
    static let types: [CATransitionType] = [
        .fade, .moveIn, .push, .reveal, CATransitionType("cube"), CATransitionType("suckEffect"),
        CATransitionType("oglFlip"), CATransitionType("rippleEffect"), CATransitionType("pageCurl"),
        CATransitionType("pageUnCurl"), CATransitionType("cameraIrisHollowOpen"),
        CATransitionType("cameraIrisHollowClose"),
    ]

    /// The seconds between scripted swipes: the 1 s transition and a second to look.
    static let swipeInterval: CFTimeInterval = 1.5

    /// Always fails: scenes are not loaded from nibs (ruling U17).
    required init?(coder: NSCoder) { nil }

    init() {
        super.init(size: CGSize(width: 320, height: 480))
        script = (0..<5).map { index in
            let (from, to) =
                index.isMultiple(of: 2)
                ? (CGPoint(x: 60, y: 240), CGPoint(x: 260, y: 250))
                : (CGPoint(x: 260, y: 240), CGPoint(x: 60, y: 230))
            return ScriptedEvent(
                time: 0.5 + Double(index) * Self.swipeInterval, event: .swipe(from: from, to: to))
        }
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        // the picture
        bg = UIImageView(image: fetchImage())
        bg.frame = view.frame
        bg.contentMode = .scaleAspectFill
        bg.clipsToBounds = true
        bg.layer.name = "bg"
        view.addSubview(bg)
        // swipes to the right and to the left
        let rightSwipe = UISwipeGestureRecognizer { [unowned self] in
            if let swipe = $0 as? UISwipeGestureRecognizer { self.rightSwipe(swipe) }
        }
        rightSwipe.direction = .right
        let leftSwipe = UISwipeGestureRecognizer { [unowned self] in
            if let swipe = $0 as? UISwipeGestureRecognizer { self.leftSwipe(swipe) }
        }
        leftSwipe.direction = .left
        view.addGestureRecognizer(rightSwipe)
        view.addGestureRecognizer(leftSwipe)
    }

    func rightSwipe(_ gesture: UISwipeGestureRecognizer) {
        bg.image = fetchImage()
        bg.layer.add(swipeTransition(.fromRight), forKey: "rightSwipe")
    }

    func leftSwipe(_ gesture: UISwipeGestureRecognizer) {
        bg.image = fetchImage()
        bg.layer.add(swipeTransition(.fromLeft), forKey: "leftSwipe")
    }

    /// A random one of the pictures (made on first use; `nil` only if they could not be drawn).
    func fetchImage() -> UIImage? {
        if images == nil {
            images = []
            for index in 0...5 {
                let photo = Artwork.photo(index, size: CGSize(width: 1280, height: 720), scale: 0.5)
                if let photo { images.append(UIImage(cgImage: photo)) }
            }
        }
        let index = Int(random.next() % 5)
        return index < images.count ? images[index] : nil
    }

    /// A 1 s transition of a random type moving from `subtype`'s side.
    func swipeTransition(_ subtype: CATransitionSubtype) -> CATransition {
        let transfer = CATransition()
        // fade: the default; moveIn: the new view moves in over the old; push: the new view
        // pushes the old away; reveal: the old view moves away, showing the new.
        // Apple's private ones: cube, suckEffect, oglFlip, rippleEffect, pageCurl, pageUnCurl,
        // cameraIrisHollowOpen, cameraIrisHollowClose.
        let type = Self.types[Int(random.next() % 11)]
        transfer.type = type
        log.append(type.rawValue)
        transfer.subtype = subtype
        transfer.duration = 1
        return transfer
    }
}
