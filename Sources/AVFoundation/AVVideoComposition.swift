import CoreGraphics
import CoreMedia

/// How the video tracks of an asset become frames, Apple's `AVVideoComposition`: the frame
/// size and rate, and the instructions that say, span by span, which tracks are shown and how,
/// with an optional Core Animation layer tree drawn over them.
///
/// Like Apple's, the class is not `Sendable` (its instructions and layers are mutable objects).
/// Build one with ``AVMutableVideoComposition``, or from an asset with
/// ``init(propertiesOf:)``; ``AVAssetExportSession`` renders it.
open class AVVideoComposition {
    struct Properties {
        var frameDuration = CMTime.invalid
        var renderSize = CGSize.zero
        var renderScale: Float = 1
        var instructions: [any AVVideoCompositionInstructionProtocol] = []
        var animationTool: AVVideoCompositionCoreAnimationTool?
        var sourceTrackIDForFrameTiming = kCMPersistentTrackID_Invalid
    }

    var properties: Properties

    init(properties: Properties) {
        self.properties = properties
    }

    /// A video composition for `asset` by Apple's documented rules (ruling AV12):
    ///
    /// - ``frameDuration``: one frame of the video track's nominal frame rate (with several
    ///   video tracks, of the greatest), at that track's natural timescale; 1/30 s when no rate
    ///   is known.
    /// - ``renderSize``: an ``AVComposition``'s natural size; for other assets the size of the
    ///   union of every video track's natural rectangle under its preferred transform, so a
    ///   clip recorded upright on a phone (a 90° transform) renders at its upright size.
    /// - ``renderScale`` 1, no ``animationTool``.
    /// - ``instructions``: one per span between the start or end of any video track's segments
    ///   (a media file's track: its time range), covering `[0, duration)`, each with a layer
    ///   instruction, in track order, for every enabled video track with media in that span,
    ///   whose transform is the track's preferred transform from the span's start; none
    ///   when the asset has no video track.
    public convenience init(propertiesOf asset: AVAsset) {
        self.init(properties: Self.properties(of: asset))
    }

    /// ``init(propertiesOf:)`` once the asset's tracks are loaded, Apple's asynchronous form.
    ///
    /// - Throws: what loading `asset` throws (``AVAsynchronousKeyValueLoading/load(_:)``).
    open class func videoComposition(withPropertiesOf asset: AVAsset) async throws -> AVVideoComposition {
        try await asset.loadInBackground()
        return AVVideoComposition(propertiesOf: asset)
    }

    /// How long each frame lasts: the reciprocal of the output frame rate (`CMTime(value: 1,
    /// timescale: 30)` for 30 fps); `.invalid` until set, which an export rejects.
    open var frameDuration: CMTime { properties.frameDuration }

    /// The size of the frames, in pixels; `.zero` until set.
    open var renderSize: CGSize { properties.renderSize }

    /// The scale the frames are rendered at; 1, the only value an export accepts, by default.
    open var renderScale: Float { properties.renderScale }

    /// The instructions, in time order: they must cover the composition without gaps or
    /// overlaps. `[]` by default.
    open var instructions: [any AVVideoCompositionInstructionProtocol] { properties.instructions }

    /// The Core Animation layers drawn with the frames, or `nil` (the default).
    open var animationTool: AVVideoCompositionCoreAnimationTool? { properties.animationTool }

    /// The track whose frame times the output follows, or `kCMPersistentTrackID_Invalid` (the
    /// default) for frames every ``frameDuration``.
    open var sourceTrackIDForFrameTiming: CMPersistentTrackID { properties.sourceTrackIDForFrameTiming }
}

/// A video composition that can be configured, Apple's `AVMutableVideoComposition`.
///
/// ```swift
/// let videoComposition = AVMutableVideoComposition()
/// videoComposition.renderSize = CGSize(width: 1080, height: 1920)
/// videoComposition.frameDuration = CMTime(value: 1, timescale: 30)
/// videoComposition.instructions = [instruction]
/// videoComposition.animationTool = AVVideoCompositionCoreAnimationTool(
///     postProcessingAsVideoLayer: videoLayer, in: parentLayer)
/// ```
open class AVMutableVideoComposition: AVVideoComposition {
    /// An empty video composition: no instructions, frame duration `.invalid`, render size
    /// `.zero`, render scale 1.
    public init() {
        super.init(properties: Properties())
    }

    /// A mutable video composition for `asset`, by the rules of
    /// ``AVVideoComposition/init(propertiesOf:)``.
    public init(propertiesOf asset: AVAsset) {
        super.init(properties: Self.properties(of: asset))
    }

    /// ``init(propertiesOf:)`` once the asset's tracks are loaded.
    ///
    /// - Throws: what loading `asset` throws.
    open override class func videoComposition(withPropertiesOf asset: AVAsset) async throws
        -> AVMutableVideoComposition
    {
        try await asset.loadInBackground()
        return AVMutableVideoComposition(propertiesOf: asset)
    }

    /// How long each frame lasts; `.invalid` until set.
    open override var frameDuration: CMTime {
        get { properties.frameDuration }
        set { properties.frameDuration = newValue }
    }

    /// The size of the frames, in pixels; `.zero` until set.
    open override var renderSize: CGSize {
        get { properties.renderSize }
        set { properties.renderSize = newValue }
    }

    /// The scale the frames are rendered at; 1 until set.
    open override var renderScale: Float {
        get { properties.renderScale }
        set { properties.renderScale = newValue }
    }

    /// The instructions, in time order.
    open override var instructions: [any AVVideoCompositionInstructionProtocol] {
        get { properties.instructions }
        set { properties.instructions = newValue }
    }

    /// The Core Animation layers drawn with the frames, or `nil`.
    open override var animationTool: AVVideoCompositionCoreAnimationTool? {
        get { properties.animationTool }
        set { properties.animationTool = newValue }
    }

    /// The track whose frame times the output follows, or `kCMPersistentTrackID_Invalid`.
    open override var sourceTrackIDForFrameTiming: CMPersistentTrackID {
        get { properties.sourceTrackIDForFrameTiming }
        set { properties.sourceTrackIDForFrameTiming = newValue }
    }
}
