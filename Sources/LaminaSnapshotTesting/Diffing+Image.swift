import Foundation
import SnapshotTesting
import UIKit

extension Diffing where Value == UIImage {
    /// Pixel-exact comparison of images (swift-snapshot-testing's `Diffing<UIImage>.image`):
    /// `image(precision: 1, perceptualPrecision: 1)`.
    public static var image: Diffing { .image() }

    /// Comparison of images with swift-snapshot-testing's semantics, stored as PNG (Lamina's
    /// encoder, 8-bit RGBA).
    ///
    /// Both images are drawn into sRGB premultiplied RGBA, as on iOS; equal bytes match at once.
    /// Otherwise:
    /// - `precision` and `perceptualPrecision` both 1 (the defaults): no match.
    /// - `perceptualPrecision` below 1: a pixel matches when its CIE ΔE94 from the reference's
    ///   pixel (Core Image's `CILabDeltaE`, 0…100) is at most `(1 − perceptualPrecision) × 100`,
    ///   so 0.98 admits ΔE94 ≤ 2, about a just noticeable difference; the images match when at
    ///   least the fraction `precision` of pixels match.
    /// - `perceptualPrecision` 1 and `precision` below 1: the images match when at most the
    ///   fraction `1 − precision` of their bytes (four per pixel) differ, as swift-snapshot-testing
    ///   counts (ruling S1).
    ///
    /// Images of different sizes never match. On failure the message is swift-snapshot-testing's,
    /// followed by the path of `difference.png` (see `FailureArtifacts`): the reference, the new
    /// image and their difference are written as files and attached to the Swift Testing test.
    ///
    /// - Parameters:
    ///   - precision: The fraction of pixels (bytes when `perceptualPrecision` is 1) that must
    ///     match, 0…1. Default 1.
    ///   - perceptualPrecision: How close a pixel must be to count as matching, 0…1: 1 − ΔE94/100.
    ///     Default 1 (exact).
    ///   - scale: The scale given to the reference image read from disk; `nil` or 0 means the
    ///     main screen's (2, ruling U2). It changes the image's point size, not its pixels.
    public static func image(precision: Float = 1, perceptualPrecision: Float = 1, scale: CGFloat? = nil)
        -> Diffing
    {
        let imageScale = scale.flatMap { $0 == 0 ? nil : $0 } ?? UIScreen.main.scale
        return .diff(
            toData: { ImageSnapshot.pngData($0) },
            fromData: { UIImage(data: $0, scale: imageScale) ?? UIImage() },
            diffV2: { old, new in
                guard
                    let message = ImageSnapshot.compare(
                        old, new, precision: precision, perceptualPrecision: perceptualPrecision)
                else { return nil }
                let reference = ImageSnapshot.pngData(old)
                let failure = ImageSnapshot.pngData(new)
                let difference = ImageSnapshot.differencePNG(old, new)
                let location = FailureArtifacts.keep(
                    reference: reference, failure: failure, difference: difference)
                return (
                    "\(message)\n\(location)",
                    [
                        .data(reference, name: "reference.png"), .data(failure, name: "failure.png"),
                        .data(difference, name: "difference.png"),
                    ]
                )
            })
    }
}

extension Snapshotting where Value == UIImage, Format == UIImage {
    /// Images compared pixel for pixel (swift-snapshot-testing's `.image`), stored as `.png`.
    public static var image: Snapshotting { .image() }

    /// Images compared with `Diffing.image(precision:perceptualPrecision:scale:)`, stored as
    /// `.png`.
    ///
    /// - Parameters:
    ///   - precision: The fraction of pixels that must match, 0…1. Default 1.
    ///   - perceptualPrecision: How close a pixel must be to match, 1 − ΔE94/100. Default 1.
    ///   - scale: The scale of the reference read from disk; `nil` means the main screen's.
    public static func image(precision: Float = 1, perceptualPrecision: Float = 1, scale: CGFloat? = nil)
        -> Snapshotting
    {
        Snapshotting(
            pathExtension: "png",
            diffing: .image(precision: precision, perceptualPrecision: perceptualPrecision, scale: scale))
    }
}

/// The image steps of the strategies: encoding and comparing.
enum ImageSnapshot {
    /// `image` as PNG; an image without pixels as a 1×1 transparent PNG, so that recording it
    /// leaves a file (and comparing with it reports the empty snapshot).
    static func pngData(_ image: UIImage) -> Data {
        if let data = image.pngData() { return data }
        let empty = RGBABitmap(width: 1, height: 1, bytes: [0, 0, 0, 0])
        return (try? empty.makeImage()?.pngData()) ?? Data()
    }

    /// swift-snapshot-testing's `compare`: `nil` when `new` matches `old`, else the message.
    static func compare(_ old: UIImage, _ new: UIImage, precision: Float, perceptualPrecision: Float)
        -> String?
    {
        guard let oldImage = old.cgImage else { return "Reference image could not be loaded." }
        guard let newImage = new.cgImage else { return "Newly-taken snapshot could not be loaded." }
        guard newImage.width != 0, newImage.height != 0 else { return "Newly-taken snapshot is empty." }
        guard oldImage.width == newImage.width, oldImage.height == newImage.height else {
            // iOS prints CGSize as "(width, height)"; Foundation on Linux as "CGSize(width: …)".
            func text(_ size: CGSize) -> String { "(\(size.width), \(size.height))" }
            return "Newly-taken snapshot@\(text(new.size)) does not match reference@\(text(old.size))."
        }
        guard let oldPixels = RGBABitmap(oldImage) else {
            return "Reference image's data could not be loaded."
        }
        let newPixels = RGBABitmap(newImage)
        if newPixels == oldPixels { return nil }
        // The reference went through PNG; so does the new image before bytes are compared.
        guard let encoded = new.pngData(), let decoded = UIImage(data: encoded)?.cgImage,
            let newerPixels = RGBABitmap(decoded)
        else { return "Newly-taken snapshot's data could not be loaded." }
        if newerPixels == oldPixels { return nil }
        return PixelComparison.verdict(
            reference: oldPixels, snapshot: perceptualPrecision < 1 ? newPixels ?? newerPixels : newerPixels,
            precision: precision, perceptualPrecision: perceptualPrecision)
    }

    /// The difference picture of `old` and `new` as PNG (`DifferenceImage`); empty data when
    /// either has no pixels.
    static func differencePNG(_ old: UIImage, _ new: UIImage) -> Data {
        guard let oldImage = old.cgImage, let newImage = new.cgImage,
            let oldPixels = RGBABitmap(oldImage), let newPixels = RGBABitmap(newImage),
            let image = DifferenceImage.make(oldPixels, newPixels).makeImage()
        else { return Data() }
        return (try? image.pngData()) ?? Data()
    }
}
