import CoreGraphics
import CoreMedia
import Foundation
import QuartzCore

/// The layer tree an export session renders, and the work done before each frame (rulings AV15,
/// AV18).
///
/// Without a Core Animation tool, or with an additional layer as a track, the tree is the
/// composed frame. With post-processing it is
///
///     root (renderSize, geometry flipped: Apple's origin at the bottom-left)
///       ├ composed frame (flipped back), shown where an instruction turns post-processing off
///       └ holder of the animation layer, shown where post-processing is on
///           └ animation layer … video layer
///                                  └ composed frame, scaled to the video layer's bounds
///
/// so the app's tree is measured from the bottom-left as in AVFoundation's export, and the video
/// is upright whatever the flips above it. On the source overlay path (ruling AV23) the video
/// layer stays empty and no track is read: ffmpeg draws the video under the rendered frame. The
/// app's layers are put back where they were when the export ends.
final class ExportScene {
    /// The root of the tree rendered.
    let root: CALayer
    private let plan: ExportPlan
    private let plain: ComposedFrameLayers
    private let inVideoLayers: [ComposedFrameLayers]
    private let holder: CALayer?
    /// Whether ffmpeg draws the video under the frame (ruling AV23).
    private let overSource: Bool
    private let readers: [CMPersistentTrackID: TrackFrameReader]
    private var restore: [() -> Void] = []

    /// The tree for `plan`.
    ///
    /// - Throws: ``AVError/Code/invalidVideoComposition`` when a video layer is not inside the
    ///   animation layer.
    init(plan: ExportPlan) throws {
        self.plan = plan
        let composition = plan.videoComposition
        let size = composition.renderSize
        let tool = composition.animationTool
        let overlay = plan.compositing == .sourceOverlay
        overSource = overlay
        readers = overlay ? [:] : plan.videoTracks.mapValues { TrackFrameReader(segments: $0, plan: plan) }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        let additional = tool.flatMap { tool in
            tool.additionalLayer.map { (layer: $0, trackID: tool.additionalLayerTrackID) }
        }
        // The app's layers leave their superlayers before joining this tree (and go back after).
        if let additional { restore.append(Self.detach(additional.layer)) }
        plain = ComposedFrameLayers(renderSize: size, additionalLayer: additional)
        guard let tool, let animationLayer = tool.animationLayer else {
            root = plain.root
            holder = nil
            inVideoLayers = []
            return
        }
        for videoLayer in tool.videoLayers where !Self.isInside(videoLayer, animationLayer) {
            throw AVError(
                .invalidVideoComposition,
                reason: "a video layer of the animation tool is not in the animation layer's tree")
        }
        root = CALayer()
        root.anchorPoint = .zero
        root.bounds = CGRect(origin: .zero, size: size)
        root.position = .zero
        root.isGeometryFlipped = true
        plain.root.isGeometryFlipped = true
        root.addSublayer(plain.root)
        let holder = CALayer()
        holder.frame = root.bounds
        restore.append(Self.detach(animationLayer))
        holder.addSublayer(animationLayer)
        root.addSublayer(holder)
        self.holder = holder
        var inVideoLayers: [ComposedFrameLayers] = []
        for videoLayer in tool.videoLayers where !overlay {
            let frame = ComposedFrameLayers(renderSize: size, additionalLayer: nil)
            let bounds = videoLayer.bounds
            frame.root.position = bounds.origin
            frame.root.setAffineTransform(
                CGAffineTransform(scaleX: bounds.width / size.width, y: bounds.height / size.height))
            // Upright when the flips above it (the root's included) are even.
            frame.root.isGeometryFlipped = Self.flips(above: frame.root, in: videoLayer, root: root) % 2 == 1
            videoLayer.addSublayer(frame.root)
            restore.append { [frame] in frame.root.removeFromSuperlayer() }
            inVideoLayers.append(frame)
        }
        self.inVideoLayers = inVideoLayers
    }

    /// Puts the app's layers back where they were and removes Lamina's.
    func tearDown() {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for step in restore.reversed() { step() }
        restore = []
        CATransaction.commit()
    }

    /// Sets the layers for export frame `index`: each track's picture, the instruction's
    /// placement, and which of the two trees shows.
    func prepare(frame index: Int) throws {
        let time = plan.time(ofFrame: index)
        let instruction =
            plan.videoComposition.instructions.first {
                CMTimeRangeContainsTime($0.timeRange, time: time)
            } as? AVVideoCompositionInstruction
        var images: [CMPersistentTrackID: CGImage] = [:]
        for (trackID, reader) in readers {
            images[trackID] = try reader.image(atFrame: index)
        }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        plain.update(instruction: instruction, images: images, time: time)
        guard let holder else { return }
        let postProcessing = instruction?.enablePostProcessing ?? true
        holder.isHidden = !postProcessing
        // Over the source overlay the video is ffmpeg's: the plain frame would only cover it.
        plain.root.isHidden = postProcessing || overSource
        for frame in inVideoLayers where postProcessing {
            frame.update(instruction: instruction, images: images, time: time)
        }
    }

    /// Whether `layer` is `ancestor` or inside its tree.
    private static func isInside(_ layer: CALayer, _ ancestor: CALayer) -> Bool {
        var current: CALayer? = layer
        while let candidate = current {
            if candidate === ancestor { return true }
            current = candidate.superlayer
        }
        return false
    }

    /// How many layers from `parent` up to `root` flip their sublayers' geometry.
    private static func flips(above layer: CALayer, in parent: CALayer, root: CALayer) -> Int {
        var count = 0
        var current: CALayer? = parent
        while let candidate = current {
            if candidate.isGeometryFlipped { count += 1 }
            if candidate === root { break }
            current = candidate.superlayer
        }
        return count
    }

    /// Removes `layer` from its superlayer and returns how to put it back at its index.
    private static func detach(_ layer: CALayer) -> () -> Void {
        guard let parent = layer.superlayer, let index = parent.sublayers?.firstIndex(where: { $0 === layer })
        else { return { layer.removeFromSuperlayer() } }
        layer.removeFromSuperlayer()
        return { parent.insertSublayer(layer, at: UInt32(index)) }
    }
}
