import CoreGraphics
import CoreMedia
import Foundation
import LaminaExport
import QuartzCore

/// How an export brings the video's pictures to the output (ruling AV23).
package enum VideoCompositingPath: Equatable, Sendable {
    /// Lamina decodes the video into the layer tree and composites every frame whole: the general
    /// path, for any video composition.
    case layerTree
    /// Lamina renders only the layers above the video, with alpha, and ffmpeg overlays them on
    /// the source video it decodes itself: the common case of a video shown as it is under
    /// everything else.
    case sourceOverlay
}

extension ExportPlan {
    /// The source overlay of this export (ruling AV23), or `nil` when the layer tree must
    /// composite the video: the overlay is chosen only where it shows the same pictures.
    ///
    /// Conditions: one video track, one media segment covering every exported frame, stored at
    /// the render size (scale 1) as limited-range 4:2:0 in BT.709 or BT.601 (untagged: BT.601)
    /// without a rotation; every instruction shows that track alone with an identity transform,
    /// opacity 1 and no crop; and the animation tool's only video layer lies under everything
    /// else and covers the frame (``videoLiesUnderEverything(_:renderSize:)``).
    func sourceOverlay() -> VideoUnderlay? {
        guard videoTracks.count == 1, let (trackID, segments) = videoTracks.first, segments.count == 1,
            let segment = segments.first, segment.frames == 0..<options.frameCount,
            let tool = videoComposition.animationTool,
            Self.videoLiesUnderEverything(tool, renderSize: videoComposition.renderSize),
            Self.showsTrackAsItIs(trackID, in: videoComposition),
            options.scale == 1, options.bounds == nil,
            CGSize(width: segment.width, height: segment.height) == videoComposition.renderSize,
            segment.pixelFormat == "yuv420p", !segment.hasDisplayMatrix,
            [nil, "unknown", "tv"].contains(segment.colorRange),
            let matrix = Self.matrixConversion(from: segment.colorSpace)
        else { return nil }
        let (input, filters) = decoding(segment)
        return VideoUnderlay(
            video: segment.url, stream: segment.stream, inputArguments: input,
            filters: filters + matrix)
    }

    /// The filters converting a source's colour matrix to BT.709, the output's: none for BT.709;
    /// for BT.601 and untagged sources, which the layer-tree path decodes to RGB as BT.601
    /// (ffmpeg's default) and writes as BT.709, the same change of matrix without the RGB step;
    /// `nil` for any other matrix.
    static func matrixConversion(from colorSpace: String?) -> [String]? {
        switch colorSpace {
        case "bt709": []
        case nil, "unknown", "smpte170m", "bt470bg": ["scale=in_color_matrix=bt601:out_color_matrix=bt709"]
        default: nil
        }
    }

    /// Whether every instruction shows `trackID` alone, as it is: one layer instruction, for that
    /// track, whose opacity is 1, transform the identity and crop unset at all times.
    static func showsTrackAsItIs(_ trackID: CMPersistentTrackID, in composition: AVVideoComposition) -> Bool {
        composition.instructions.allSatisfy { instruction in
            guard let instruction = instruction as? AVVideoCompositionInstruction,
                instruction.layerInstructions.count == 1, let layer = instruction.layerInstructions.first,
                layer.trackID == trackID
            else { return false }
            return layer.opacityRamps.entries.allSatisfy { $0.start == 1 && $0.end == 1 }
                && layer.transformRamps.entries.allSatisfy { $0.start == .identity && $0.end == .identity }
                && layer.cropRectangleRamps.entries.isEmpty
        }
    }

    /// Whether the tool's video shows as it is under every other layer and covers the frame: no
    /// additional layer; one video layer, the first sublayer of the animation layer, both with
    /// the frame `(0, 0, renderSize)` (and the animation layer those bounds), visible, opaque,
    /// untransformed, unanimated, unmasked, unfiltered and drawing nothing of their own under
    /// the video (nor, for the video layer, over it: no sublayers, no border); and no layer of
    /// the tree blending with what is under it (`compositingFilter`, `backgroundFilters`).
    static func videoLiesUnderEverything(_ tool: AVVideoCompositionCoreAnimationTool, renderSize: CGSize)
        -> Bool
    {
        guard tool.additionalLayer == nil, let animationLayer = tool.animationLayer,
            tool.videoLayers.count == 1, let videoLayer = tool.videoLayers.first,
            animationLayer.sublayers?.first === videoLayer
        else { return false }
        let frame = CGRect(origin: .zero, size: renderSize)
        guard animationLayer.frame == frame, animationLayer.bounds == frame, videoLayer.frame == frame,
            CATransform3DIsIdentity(animationLayer.sublayerTransform),
            isShownAsItIs(animationLayer), isShownAsItIs(videoLayer), videoLayer.borderWidth == 0,
            (videoLayer.sublayers ?? []).isEmpty
        else { return false }
        var stack = [animationLayer]
        while let layer = stack.popLast() {
            if layer.compositingFilter != nil || !(layer.backgroundFilters ?? []).isEmpty { return false }
            stack += layer.sublayers ?? []
        }
        return true
    }

    /// Whether `layer` passes what is drawn in it through unchanged and draws nothing under its
    /// sublayers: visible, opacity 1, identity transform, no animations, mask, filters or rounded
    /// clip, and no background, contents or shadow.
    private static func isShownAsItIs(_ layer: CALayer) -> Bool {
        !layer.isHidden && layer.opacity == 1 && CATransform3DIsIdentity(layer.transform)
            && (layer.animationKeys() ?? []).isEmpty && layer.mask == nil && (layer.filters ?? []).isEmpty
            && !(layer.masksToBounds && layer.cornerRadius > 0)
            && (layer.backgroundColor.map { $0.alpha == 0 } ?? true) && layer.contents == nil
            && layer.shadowOpacity == 0
    }
}
