import CoreGraphics
import CoreMedia
import Foundation

/// What a video compositor needs from an instruction, Apple's
/// `AVVideoCompositionInstructionProtocol`: the span it covers and the tracks it reads.
public protocol AVVideoCompositionInstructionProtocol: AnyObject {
    /// The span of the composition's timeline the instruction covers.
    var timeRange: CMTimeRange { get }
    /// Whether the Core Animation tool's layers are drawn over the frames in this span.
    var enablePostProcessing: Bool { get }
    /// Whether frames in this span can differ even when their sources do not (animation).
    var containsTweening: Bool { get }
    /// The IDs (as `NSNumber`s) of the tracks the instruction composes, or `nil` for all.
    var requiredSourceTrackIDs: [NSValue]? { get }
    /// A track whose frames pass through unchanged, or `kCMPersistentTrackID_Invalid`.
    var passthroughTrackID: CMPersistentTrackID { get }
}

/// One span of a video composition, Apple's `AVVideoCompositionInstruction`: the tracks shown
/// over ``timeRange`` (``layerInstructions``, the first on top) on ``backgroundColor``.
///
/// Like Apple's, the class is not `Sendable`. Build one with
/// ``AVMutableVideoCompositionInstruction``.
open class AVVideoCompositionInstruction: AVVideoCompositionInstructionProtocol {
    var storedTimeRange = CMTimeRange.invalid
    var storedBackgroundColor: CGColor?
    var storedLayerInstructions: [AVVideoCompositionLayerInstruction] = []
    var storedEnablePostProcessing = true

    init() {}

    /// The span of the composition's timeline the instruction covers; `CMTimeRange.invalid`
    /// until set (ruling AV11). A video composition's instructions must not overlap and must
    /// cover the composition without gaps.
    open var timeRange: CMTimeRange { storedTimeRange }

    /// The colour behind the layers, only opaque colours being supported; `nil` (the default)
    /// is black.
    open var backgroundColor: CGColor? { storedBackgroundColor }

    /// How each track is shown, the first instruction's track on top; tracks without one are
    /// not shown. Empty by default.
    open var layerInstructions: [AVVideoCompositionLayerInstruction] { storedLayerInstructions }

    /// Whether the Core Animation tool's layers are drawn in this span; `true` by default.
    open var enablePostProcessing: Bool { storedEnablePostProcessing }

    /// Always `true`: frames may change even where the source frames do not.
    open var containsTweening: Bool { true }

    /// The IDs of the layer instructions' tracks, in their order, as `NSNumber`s.
    open var requiredSourceTrackIDs: [NSValue]? {
        layerInstructions.map { NSNumber(value: $0.trackID) }
    }

    /// Always `kCMPersistentTrackID_Invalid`: Lamina composes every frame.
    open var passthroughTrackID: CMPersistentTrackID { kCMPersistentTrackID_Invalid }
}

/// An instruction that can be configured, Apple's `AVMutableVideoCompositionInstruction`.
open class AVMutableVideoCompositionInstruction: AVVideoCompositionInstruction {
    /// An instruction with no time range yet, no layers, no background colour and
    /// post-processing enabled.
    public override init() {
        super.init()
    }

    /// The span of the composition's timeline the instruction covers; `CMTimeRange.invalid`
    /// until set.
    open override var timeRange: CMTimeRange {
        get { storedTimeRange }
        set { storedTimeRange = newValue }
    }

    /// The colour behind the layers; `nil` (black) until set.
    open override var backgroundColor: CGColor? {
        get { storedBackgroundColor }
        set { storedBackgroundColor = newValue }
    }

    /// How each track is shown, the first on top.
    open override var layerInstructions: [AVVideoCompositionLayerInstruction] {
        get { storedLayerInstructions }
        set { storedLayerInstructions = newValue }
    }

    /// Whether the Core Animation tool's layers are drawn in this span; `true` until set.
    open override var enablePostProcessing: Bool {
        get { storedEnablePostProcessing }
        set { storedEnablePostProcessing = newValue }
    }
}
