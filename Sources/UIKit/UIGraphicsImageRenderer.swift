import QuartzCore

/// The settings of an image renderer (UIKit's `UIGraphicsImageRendererFormat`).
open class UIGraphicsImageRendererFormat: NSObject, @unchecked Sendable {
    /// Pixels per point. Default: the main screen's scale.
    open var scale: CGFloat = UIScreen.main.scale
    /// Whether the image has no alpha channel (starts black). Default `false`.
    open var opaque = false

    /// The default format.
    public override init() {
        super.init()
    }

    /// The default format (UIKit's `default()`).
    open class func `default`() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }

    /// The format for the main screen: the same as `default()`.
    open class func preferred() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
}

/// The drawing context of one `UIGraphicsImageRenderer` pass.
open class UIGraphicsImageRendererContext: NSObject {
    /// The y-down context, also the current context (`UIGraphicsGetCurrentContext()`) while the
    /// actions run.
    public let cgContext: CGContext
    /// The renderer's format.
    public let format: UIGraphicsImageRendererFormat

    init(cgContext: CGContext, format: UIGraphicsImageRendererFormat) {
        self.cgContext = cgContext
        self.format = format
        super.init()
    }

    /// An image of what has been drawn so far.
    open var currentImage: UIImage {
        guard let image = cgContext.makeImage() else { return UIImage() }
        return UIImage(cgImage: image, scale: format.scale, orientation: .up)
    }

    /// Fills `rect` with the fill colour.
    open func fill(_ rect: CGRect) { cgContext.fill(rect) }

    /// Fills `rect` with the fill colour, blended by `blendMode`.
    open func fill(_ rect: CGRect, blendMode: CGBlendMode) {
        cgContext.saveGState()
        cgContext.setBlendMode(blendMode)
        cgContext.fill(rect)
        cgContext.restoreGState()
    }

    /// Strokes the inside edge of `rect` with the stroke colour and line width.
    open func stroke(_ rect: CGRect) { cgContext.stroke(rect) }

    /// Intersects the clip with `rect`.
    open func clip(to rect: CGRect) { cgContext.clip(to: rect) }
}

/// Draws images (UIKit's `UIGraphicsImageRenderer`): each call runs the actions in a fresh
/// y-down context of the renderer's size and format, pushed as the current context.
open class UIGraphicsImageRenderer: NSObject {
    /// The drawing area in points; the image covers it, with its origin at the image's
    /// top-left corner.
    public let bounds: CGRect
    /// The scale and opacity of the images.
    public let format: UIGraphicsImageRendererFormat

    /// A renderer of `bounds` (points) with `format`.
    public init(bounds: CGRect, format: UIGraphicsImageRendererFormat) {
        self.bounds = bounds
        self.format = format
        super.init()
    }

    /// A renderer of `size` points with `format`.
    public convenience init(size: CGSize, format: UIGraphicsImageRendererFormat) {
        self.init(bounds: CGRect(origin: .zero, size: size), format: format)
    }

    /// A renderer of `size` points with the default format.
    public convenience init(size: CGSize) {
        self.init(size: size, format: .default())
    }

    /// A renderer of `bounds` with the default format.
    public convenience init(bounds: CGRect) {
        self.init(bounds: bounds, format: .default())
    }

    /// The image drawn by `actions`; an empty image (size zero) for an empty or too large
    /// size (more than 16384 pixels a side).
    open func image(actions: (UIGraphicsImageRendererContext) -> Void) -> UIImage {
        guard
            let (context, scale) = GraphicsContextStack.makeImageContext(
                size: bounds.size, opaque: format.opaque, scale: format.scale)
        else { return UIImage() }
        context.translateBy(x: -bounds.minX, y: -bounds.minY)
        let rendererContext = UIGraphicsImageRendererContext(cgContext: context, format: format)
        UIGraphicsPushContext(context)
        actions(rendererContext)
        UIGraphicsPopContext()
        guard let image = context.makeImage() else { return UIImage() }
        return UIImage(cgImage: image, scale: scale, orientation: .up)
    }

    /// The PNG data of `image(actions:)`; empty when nothing could be drawn.
    open func pngData(actions: (UIGraphicsImageRendererContext) -> Void) -> Data {
        image(actions: actions).pngData() ?? Data()
    }
}
