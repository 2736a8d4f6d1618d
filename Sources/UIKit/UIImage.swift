import QuartzCore

/// An immutable bitmap image with a scale (UIKit's `UIImage`), backed by a `CGImage`.
///
/// Decoding uses CoreGraphics' `CGImage.load(data:)`: PNG, JPEG and WebP. `size` is in points: the
/// pixel size divided by `scale`, with width and height swapped for the `left`/`right`
/// orientations. `pngData()` and `jpegData(compressionQuality:)` encode it.
open class UIImage: NSObject, @unchecked Sendable {
    /// How the pixels are turned for display (UIKit's `UIImage.Orientation`).
    public enum Orientation: Int, Sendable {
        /// As stored (the default).
        case up = 0
        /// Turned 180°.
        case down = 1
        /// Turned 90° counterclockwise.
        case left = 2
        /// Turned 90° clockwise.
        case right = 3
        /// Mirrored horizontally.
        case upMirrored = 4
        /// Mirrored vertically.
        case downMirrored = 5
        /// Mirrored, then turned 90° counterclockwise.
        case leftMirrored = 6
        /// Mirrored, then turned 90° clockwise.
        case rightMirrored = 7
    }

    /// The bitmap.
    public let cgImage: CGImage?
    /// Pixels per point (1, 2 or 3 from an `@2x`/`@3x` file name; as given otherwise).
    public let scale: CGFloat
    /// How the bitmap is turned for display.
    public let imageOrientation: Orientation

    /// An empty image: no bitmap, size zero, scale 1.
    public override init() {
        cgImage = nil
        scale = 1
        imageOrientation = .up
        super.init()
    }

    /// An image of `cgImage` at `scale` (a non-finite or non-positive scale counts as 1).
    public init(cgImage: CGImage, scale: CGFloat, orientation: Orientation) {
        self.cgImage = cgImage
        self.scale = scale.isFinite && scale > 0 ? scale : 1
        self.imageOrientation = orientation
        super.init()
    }

    /// `init(cgImage:scale:orientation:)` at scale 1, `.up`.
    public convenience init(cgImage: CGImage) {
        self.init(cgImage: cgImage, scale: 1, orientation: .up)
    }

    /// The image that `data` encodes (PNG, JPEG or WebP) at `scale`; `nil` when it is not a decodable
    /// image.
    public convenience init?(data: Data, scale: CGFloat) {
        guard let image = try? CGImage.load(data: data) else { return nil }
        self.init(cgImage: image, scale: scale, orientation: .up)
    }

    /// `init(data:scale:)` at scale 1.
    public convenience init?(data: Data) {
        self.init(data: data, scale: 1)
    }

    /// The image in the file at `path`, its scale read from an `@2x`/`@3x` suffix of the
    /// name (1 otherwise); `nil` when the file is missing or not an image.
    public convenience init?(contentsOfFile path: String) {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        self.init(data: data, scale: Self.scale(ofFileNamed: path))
    }

    /// The image named `name` among the main bundle's resources (`init(named:in:)`).
    public convenience init?(named name: String) {
        self.init(named: name, in: nil)
    }

    /// The image named `name` among `bundle`'s resources (the main bundle when `nil`): the
    /// file `name` itself, or `name` with the screen's `@2x` suffix, no suffix, then `@3x`
    /// and `@1x`, each as `.png`, then `.jpg`, `.jpeg` and `.webp`. UIKit's trait-collection form
    /// is not provided: there is one screen.
    ///
    /// There are no asset catalogues on Linux: a name found in none of these files gives `nil`,
    /// and the first such miss is reported once (`CompatibilityWarnings`), saying where images
    /// are looked for.
    public convenience init?(named name: String, in bundle: Bundle?) {
        guard !name.isEmpty, let path = Self.resourcePath(named: name, in: bundle ?? .main) else {
            CompatibilityWarnings.report(
                "UIImage(named:): no asset catalogues on Linux; an image is a file among the bundle's "
                    + "resources (NAME.png, NAME@2x.png, .jpg, .jpeg, .webp); \"\(name)\" was not found")
            return nil
        }
        self.init(contentsOfFile: path)
    }

    /// The size in points: pixels divided by `scale`, turned by the orientation.
    open var size: CGSize {
        guard let cgImage else { return .zero }
        let width = CGFloat(cgImage.width) / scale
        let height = CGFloat(cgImage.height) / scale
        switch imageOrientation {
        case .left, .right, .leftMirrored, .rightMirrored: return CGSize(width: height, height: width)
        default: return CGSize(width: width, height: height)
        }
    }

    /// The bitmap as PNG data; `nil` when it cannot be encoded.
    open func pngData() -> Data? {
        try? cgImage?.pngData()
    }

    /// Draws the image into the current context with its top-left corner at `point` (points);
    /// does nothing without a context.
    open func draw(at point: CGPoint) {
        draw(in: CGRect(origin: point, size: size))
    }

    /// Draws the image scaled into `rect` of the current (y-down) context; does nothing
    /// without a context or with a non-finite rectangle. Orientations other than `.up` draw
    /// the bitmap as stored.
    open func draw(in rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext(), let cgImage,
            rect.origin.x.isFinite, rect.origin.y.isFinite, rect.width.isFinite, rect.height.isFinite
        else { return }
        // CGContext.draw puts the image's first row at the rectangle's maximum y (y-up): flip
        // about the rectangle so that it lands at the top of a y-down context.
        context.saveGState()
        context.translateBy(x: 0, y: rect.minY + rect.maxY)
        context.scaleBy(x: 1, y: -1)
        context.draw(cgImage, in: rect)
        context.restoreGState()
    }

    /// 2 or 3 from an `@2x`/`@3x` suffix of the file name (before its extension), else 1.
    static func scale(ofFileNamed path: String) -> CGFloat {
        let stem = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        if stem.hasSuffix("@3x") { return 3 }
        if stem.hasSuffix("@2x") { return 2 }
        return 1
    }

    /// The path of the resource file for `init(named:)`.
    static func resourcePath(named name: String, in bundle: Bundle) -> String? {
        let roots = [bundle.resourcePath, bundle.bundlePath].compactMap { $0 }
        let ext = (name as NSString).pathExtension
        let stem = ext.isEmpty ? name : (name as NSString).deletingPathExtension
        let preferred = UIScreen.main.scale >= 3 ? ["@3x", "@2x", "", "@1x"] : ["@2x", "", "@3x", "@1x"]
        var candidates: [String] = []
        for suffix in preferred {
            if ext.isEmpty {
                candidates += ["png", "jpg", "jpeg", "webp"].map { "\(stem)\(suffix).\($0)" }
            } else {
                candidates.append("\(stem)\(suffix).\(ext)")
            }
        }
        if !ext.isEmpty { candidates.insert(name, at: 0) }
        for root in roots {
            for candidate in candidates {
                let path = (root as NSString).appendingPathComponent(candidate)
                if FileManager.default.fileExists(atPath: path) { return path }
            }
        }
        return nil
    }
}
