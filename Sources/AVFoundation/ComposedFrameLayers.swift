import CoreGraphics
import CoreMedia
import QuartzCore

/// One composed video frame as a layer tree (ruling AV18): over the instruction's background
/// colour, a layer per visible track, in the order of the layer instructions (the first on top),
/// each placed by its instruction's transform, opacity and crop rectangle at the frame's time.
///
///     root (renderSize, background colour; masks to its bounds when a track reaches past them)
///       └ track layer (anchor at the origin, the source's natural size, transform, opacity)
///           └ crop layer (frame and bounds: the crop rectangle, masks to it)
///               └ picture (frame: the natural rectangle, contents: the decoded frame)
///
/// The transform maps the source's pixel coordinates (origin top-left) to the render's, as the
/// layer instruction's does. The composition's pixels are drawn by Lamina's compositor, like
/// every other layer.
final class ComposedFrameLayers {
    /// The frame's root layer, `(0, 0, renderSize)`.
    let root = CALayer()
    private let renderSize: CGSize
    private var trackLayers: [CMPersistentTrackID: TrackLayers] = [:]
    private let additional: (layer: CALayer, trackID: CMPersistentTrackID)?

    private final class TrackLayers {
        let track = CALayer()
        let crop = CALayer()
        let picture = CALayer()

        init(size: CGSize) {
            track.anchorPoint = .zero
            track.position = .zero
            track.bounds = CGRect(origin: .zero, size: size)
            crop.anchorPoint = .zero
            picture.frame = track.bounds
            crop.addSublayer(picture)
            track.addSublayer(crop)
        }
    }

    /// The layers of a frame of `renderSize`; `additionalLayer` is the Core Animation tool's
    /// layer shown as track `trackID` (ruling AV15: placed from the bottom-left, in a layer that
    /// flips its geometry).
    init(renderSize: CGSize, additionalLayer: (layer: CALayer, trackID: CMPersistentTrackID)?) {
        self.renderSize = renderSize
        self.additional = additionalLayer
        root.anchorPoint = .zero
        root.bounds = CGRect(origin: .zero, size: renderSize)
        root.position = .zero
        if let additionalLayer {
            let layers = TrackLayers(size: renderSize)
            layers.picture.isGeometryFlipped = true
            layers.picture.addSublayer(additionalLayer.layer)
            trackLayers[additionalLayer.trackID] = layers
        }
    }

    /// Shows the frame at composition time `time` under `instruction` (`nil`: background only),
    /// with `images` the tracks' pictures at that time. Call inside a transaction without
    /// actions.
    func update(
        instruction: AVVideoCompositionInstruction?, images: [CMPersistentTrackID: CGImage], time: CMTime
    ) {
        root.backgroundColor = instruction?.backgroundColor ?? CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        var shown: [CALayer] = []
        // Whether some track reaches outside the frame, so that the root must clip it.
        var spills = false
        for layerInstruction in instruction?.layerInstructions ?? [] {
            let trackID = layerInstruction.trackID
            let layers: TrackLayers
            if trackID == additional?.trackID, let existing = trackLayers[trackID] {
                layers = existing
            } else {
                guard let image = images[trackID] else { continue }
                let size = CGSize(width: image.width, height: image.height)
                layers = trackLayers[trackID] ?? TrackLayers(size: size)
                trackLayers[trackID] = layers
                if layers.track.bounds.size != size {
                    // A later segment's source has another size.
                    layers.track.bounds = CGRect(origin: .zero, size: size)
                    layers.picture.frame = layers.track.bounds
                }
                layers.picture.contents = image
            }
            let natural = layers.track.bounds
            let crop = layerInstruction.cropRectangle(at: time) ?? natural
            layers.crop.bounds = crop
            layers.crop.position = crop.origin
            layers.crop.masksToBounds = layerInstruction.cropRectangle(at: time) != nil
            layers.track.setAffineTransform(layerInstruction.transform(at: time))
            layers.track.opacity = layerInstruction.opacity(at: time)
            spills =
                spills || trackID == additional?.trackID
                || !root.bounds.insetBy(dx: -0.001, dy: -0.001).contains(layers.track.frame)
            if !shown.contains(where: { $0 === layers.track }) { shown.append(layers.track) }
        }
        // A frame whose tracks all lie inside it needs no clip (ruling AV22): its background, drawn
        // first, is then folded into the clear instead of filling the frame a second time.
        root.masksToBounds = spills
        // The first layer instruction is on top: it is drawn last.
        let order = Array(shown.reversed())
        if root.sublayers?.count != order.count
            || zip(root.sublayers ?? [], order).contains(where: { $0 !== $1 })
        {
            root.sublayers = order
        }
    }
}
