import CoreMedia
import QuartzCore

/// The begin time that means the start of the composition's timeline, Apple's
/// `AVCoreAnimationBeginTimeAtZero` (1e-100): an animation's `beginTime` of 0 means "now" to
/// Core Animation, so layer trees for export give this value instead.
public let AVCoreAnimationBeginTimeAtZero: CFTimeInterval = 1e-100

/// Core Animation layers in a video composition, Apple's `AVVideoCompositionCoreAnimationTool`.
///
/// Either the composed frames are placed in one or more video layers of a layer tree that is
/// then rendered over them (post-processing, the usual watermark and title case), or a layer
/// tree is rendered as if it were one more source track. Lamina keeps the layers for its
/// exporter; nothing is rendered here. Like Apple's, the class is not `Sendable`: the layers
/// belong to one thread.
open class AVVideoCompositionCoreAnimationTool {
    /// The layers that show the composed frames (post-processing), in order.
    package let videoLayers: [CALayer]
    /// The root of the layer tree rendered with the frames in its video layers.
    package let animationLayer: CALayer?
    /// The layer rendered as the source track ``additionalLayerTrackID``.
    package let additionalLayer: CALayer?
    /// The track ID instructions use for ``additionalLayer``; `kCMPersistentTrackID_Invalid`
    /// for post-processing.
    package let additionalLayerTrackID: CMPersistentTrackID

    /// Renders the composed frames in `videoLayer`, which must be in the tree under
    /// `animationLayer`, and the tree over every frame where the instruction enables
    /// post-processing. Size `animationLayer` to the composition's render size.
    public convenience init(postProcessingAsVideoLayer videoLayer: CALayer, in animationLayer: CALayer) {
        self.init(postProcessingAsVideoLayers: [videoLayer], in: animationLayer)
    }

    /// As ``init(postProcessingAsVideoLayer:in:)``, showing the frames in each of `videoLayers`.
    public init(postProcessingAsVideoLayers videoLayers: [CALayer], in animationLayer: CALayer) {
        self.videoLayers = videoLayers
        self.animationLayer = animationLayer
        self.additionalLayer = nil
        self.additionalLayerTrackID = kCMPersistentTrackID_Invalid
    }

    /// Renders `layer` as a source track with ID `trackID`, which instructions name in their
    /// layer instructions like a composition track's; `trackID` must not be one of the
    /// composition's.
    public init(additionalLayer layer: CALayer, asTrackID trackID: CMPersistentTrackID) {
        self.videoLayers = []
        self.animationLayer = nil
        self.additionalLayer = layer
        self.additionalLayerTrackID = trackID
    }
}
