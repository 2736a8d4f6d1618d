import QuartzCore
import SnapshotTesting
import UIKit

extension Snapshotting where Value == CALayer, Format == UIImage {
    /// A layer drawn as swift-snapshot-testing draws it on iOS and compared pixel for pixel:
    /// `image(precision: 1, perceptualPrecision: 1)`.
    public static var image: Snapshotting { .image() }

    /// A layer drawn as swift-snapshot-testing draws it on iOS — `setNeedsLayout()`,
    /// `layoutIfNeeded()`, then `render(in:)` into an image renderer of the layer's bounds at
    /// the main screen's scale (2, ruling U2) — and compared with
    /// `Diffing.image(precision:perceptualPrecision:)`.
    ///
    /// `render(in:)` draws model values: running animations do not show (as on iOS). Use
    /// `image(atTime:precision:perceptualPrecision:)` to see a frame of an animation. A layer
    /// with empty bounds gives an empty image, which fails with "Newly-taken snapshot could not
    /// be loaded."
    ///
    /// - Parameters:
    ///   - precision: The fraction of pixels that must match, 0…1. Default 1.
    ///   - perceptualPrecision: How close a pixel must be to match, 1 − ΔE94/100. Default 1.
    public static func image(precision: Float = 1, perceptualPrecision: Float = 1) -> Snapshotting {
        SimplySnapshotting.image(precision: precision, perceptualPrecision: perceptualPrecision).pullback {
            LayerPicture.model($0)
        }
    }

    /// The layer tree as presented at media time `time` (on `CACurrentMediaTime()`'s scale), with
    /// its animations evaluated there — a frame of a running animation (Lamina extension).
    ///
    /// The picture is the rectangle of the layer's model `frame` in its superlayer's space, at the
    /// main screen's scale, drawn by `CARenderer` as a screen would show it: the layer itself is
    /// placed by its presented position and transform, so an animation of its own position shows
    /// as movement within that rectangle (ruling S4). For a layer with the identity transform and
    /// no animations this is the same picture as `image`.
    ///
    /// The open implicit transaction is committed first, at the clock's current time, so
    /// animations added just before start then. Deterministic under the manual clock:
    ///
    ///     CAMediaClock.withManualTime(at: 0) {
    ///         layer.add(slide, forKey: "slide")             // begins at 0
    ///         assertSnapshot(of: layer, as: .image(atTime: 0.25))
    ///     }
    ///
    /// - Parameters:
    ///   - time: The media time of the frame, seconds. Not clamped; a non-finite time draws the
    ///     clock's current time.
    ///   - precision: The fraction of pixels that must match, 0…1. Default 1.
    ///   - perceptualPrecision: How close a pixel must be to match, 1 − ΔE94/100. Default 1.
    public static func image(
        atTime time: CFTimeInterval, precision: Float = 1, perceptualPrecision: Float = 1
    )
        -> Snapshotting
    {
        SimplySnapshotting.image(precision: precision, perceptualPrecision: perceptualPrecision).pullback {
            LayerPicture.presented($0, atTime: time)
        }
    }
}

/// The pictures the layer and view strategies take.
enum LayerPicture {
    /// The main screen's scale: the iOS strategies' default (`UITraitCollection().displayScale`
    /// 0 means the screen's).
    static var scale: CGFloat { UIScreen.main.scale }

    /// `layer` laid out and drawn by `render(in:)` over its bounds at `scale`.
    static func model(_ layer: CALayer) -> UIImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = scale
        return UIGraphicsImageRenderer(bounds: layer.bounds, format: format).image { context in
            layer.setNeedsLayout()
            layer.layoutIfNeeded()
            layer.render(in: context.cgContext)
        }
    }

    /// `layer`'s tree presented at `time`, over its model frame, at `scale`; an empty image when
    /// the frame is empty or the renderer cannot start (the reason is reported once as a
    /// compatibility warning).
    static func presented(_ layer: CALayer, atTime time: CFTimeInterval) -> UIImage {
        layer.setNeedsLayout()
        layer.layoutIfNeeded()
        let frame = layer.frame
        guard frame.width > 0, frame.height > 0, frame.width.isFinite, frame.height.isFinite else {
            return UIImage()
        }
        let renderer: CARenderer
        do {
            renderer = try CARenderer(layer: layer, size: frame.size, scale: scale)
        } catch {
            CompatibilityWarnings.report("LaminaSnapshotTesting: image(atTime:) drew nothing: \(error)")
            return UIImage()
        }
        renderer.bounds = frame
        let image = renderer.image(atTime: time.isFinite ? time : CACurrentMediaTime())
        return image.map { UIImage(cgImage: $0, scale: scale, orientation: .up) } ?? UIImage()
    }
}
