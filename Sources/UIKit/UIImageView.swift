import QuartzCore

/// A view showing an image (UIKit's `UIImageView`): its layer's contents are the image's
/// `cgImage`, at the image's scale (`contentsScale`), fitted to the bounds by `contentMode`
/// (default `.scaleToFill`). As UIKit's, it takes no touches unless told to:
/// `isUserInteractionEnabled` is `false` by default.
///
/// Not provided: highlighted images, image animations (`animationImages`), symbol
/// configurations and tint; the image's orientation is not applied (docs/uikit.md).
open class UIImageView: UIView {
    /// The image shown; `nil` shows nothing. Setting it replaces the layer's contents: at once
    /// outside animation blocks (the view answers `NSNull` for its layer), and shown by the
    /// transition inside `UIView.transition(with:…)`.
    open var image: UIImage? {
        didSet {
            showImage()
            invalidateIntrinsicContentSize()
        }
    }

    /// The image's size in points; `noIntrinsicMetric` in both dimensions without an image.
    open override var intrinsicContentSize: CGSize {
        image?.size ?? CGSize(width: Self.noIntrinsicMetric, height: Self.noIntrinsicMetric)
    }

    /// The image's size in points (so `sizeToFit()` fits the view to its image); the current
    /// size without an image.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        image?.size ?? bounds.size
    }

    /// An image view with `frame` and no image; it takes no touches.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    /// Always fails: Lamina loads no nibs (ruling U17).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// An image view showing `image`, framed to the image's size in points at the origin (a
    /// zero frame without an image).
    public convenience init(image: UIImage?) {
        self.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        self.image = image
        showImage()  // observers do not run for the class's own initialisers
    }

    /// Puts the image's bitmap and scale on the layer.
    private func showImage() {
        layer.contents = image?.cgImage
        if let image, image.scale.isFinite, image.scale > 0 { layer.contentsScale = image.scale }
    }
}
