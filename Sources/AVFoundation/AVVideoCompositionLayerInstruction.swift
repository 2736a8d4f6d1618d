import CoreGraphics
import CoreMedia

/// How one source track is shown during a video composition instruction, Apple's
/// `AVVideoCompositionLayerInstruction`: its transform, opacity and crop rectangle over time.
///
/// Each property is a sequence of values set at times and linear ramps (ruling AV10). Before
/// the first value set, opacity is 1, the transform is the identity and there is no crop;
/// a value set at a time holds until the next; after a ramp its end value holds. Times are on
/// the composition's timeline. Build one with ``AVMutableVideoCompositionLayerInstruction``.
///
/// Like Apple's, the class is not `Sendable`: it is configured on one thread, then handed to
/// the export.
open class AVVideoCompositionLayerInstruction {
    var storedTrackID: CMPersistentTrackID
    var opacityRamps = RampTimeline<Float>()
    var transformRamps = RampTimeline<CGAffineTransform>()
    var cropRectangleRamps = RampTimeline<CGRect>()

    init(trackID: CMPersistentTrackID) {
        storedTrackID = trackID
    }

    /// The ID of the composition's (or asset's) track whose frames this instruction places;
    /// `kCMPersistentTrackID_Invalid` until set.
    open var trackID: CMPersistentTrackID { storedTrackID }

    /// The opacity ramp that contains `time` (Apple's `getOpacityRamp(for:startOpacity:endOpacity:timeRange:)`).
    ///
    /// For a ramp: its start and end opacity and time range. For a value set at a time: that
    /// value twice and the range from its time to the next value's or ramp's start, or with a
    /// duration of `.positiveInfinity` for the last (ruling AV10).
    ///
    /// - Returns: `false`, leaving the pointees unchanged, before the first value set, after a
    ///   ramp's end until the next value, and for a time that is not numeric.
    public func getOpacityRamp(
        for time: CMTime, startOpacity: UnsafeMutablePointer<Float>?,
        endOpacity: UnsafeMutablePointer<Float>?,
        timeRange: UnsafeMutablePointer<CMTimeRange>?
    ) -> Bool {
        opacityRamps.get(time, start: startOpacity, end: endOpacity, timeRange: timeRange)
    }

    /// The transform ramp that contains `time`, as ``getOpacityRamp(for:startOpacity:endOpacity:timeRange:)``.
    public func getTransformRamp(
        for time: CMTime, start startTransform: UnsafeMutablePointer<CGAffineTransform>?,
        end endTransform: UnsafeMutablePointer<CGAffineTransform>?,
        timeRange: UnsafeMutablePointer<CMTimeRange>?
    ) -> Bool {
        transformRamps.get(time, start: startTransform, end: endTransform, timeRange: timeRange)
    }

    /// The crop rectangle ramp that contains `time`, as
    /// ``getOpacityRamp(for:startOpacity:endOpacity:timeRange:)``.
    public func getCropRectangleRamp(
        for time: CMTime, startCropRectangle: UnsafeMutablePointer<CGRect>?,
        endCropRectangle: UnsafeMutablePointer<CGRect>?, timeRange: UnsafeMutablePointer<CMTimeRange>?
    ) -> Bool {
        cropRectangleRamps.get(time, start: startCropRectangle, end: endCropRectangle, timeRange: timeRange)
    }

    /// Lamina's evaluator, for the exporter: the opacity at `time` on the composition's
    /// timeline, clamped to 0…1 — 1 before the first value set, the value set at or before
    /// `time`, or the ramp's linear value inside a ramp (ruling AV10).
    public func opacity(at time: CMTime) -> Float {
        let value = opacityRamps.value(at: time, default: 1)
        return value.isNaN ? 1 : min(max(value, 0), 1)
    }

    /// Lamina's evaluator: the transform at `time` from the track's natural frame (pixels,
    /// origin top left) to the render frame — the identity before the first value set, each
    /// matrix entry linear inside a ramp (ruling AV10).
    public func transform(at time: CMTime) -> CGAffineTransform {
        transformRamps.value(at: time, default: .identity)
    }

    /// Lamina's evaluator: the rectangle of the track's natural frame (pixels, before the
    /// transform) that is shown at `time`, or `nil` for the whole frame — before the first
    /// value set (ruling AV10).
    public func cropRectangle(at time: CMTime) -> CGRect? {
        cropRectangleRamps.value(at: time)
    }
}

/// A layer instruction that can be configured, Apple's `AVMutableVideoCompositionLayerInstruction`.
///
/// ```swift
/// let layer = AVMutableVideoCompositionLayerInstruction(assetTrack: compositionVideoTrack)
/// layer.setTransform(compositionVideoTrack.preferredTransform, at: .zero)
/// layer.setOpacityRamp(fromStartOpacity: 1, toEndOpacity: 0, timeRange: fadeOut)
/// ```
open class AVMutableVideoCompositionLayerInstruction: AVVideoCompositionLayerInstruction {
    /// A layer instruction for no track yet (`trackID` is `kCMPersistentTrackID_Invalid`).
    public init() {
        super.init(trackID: kCMPersistentTrackID_Invalid)
    }

    /// A layer instruction for `track`, taking its ``AVAssetTrack/trackID``; nothing else of the
    /// track is copied (set its `preferredTransform` yourself).
    public init(assetTrack track: AVAssetTrack) {
        super.init(trackID: track.trackID)
    }

    /// The ID of the track whose frames this instruction places.
    open override var trackID: CMPersistentTrackID {
        get { storedTrackID }
        set { storedTrackID = newValue }
    }

    /// Sets the opacity (0 transparent … 1 opaque) from `time` until the next value or ramp;
    /// a value already set at `time` is replaced. A time that is not numeric is ignored.
    open func setOpacity(_ opacity: Float, at time: CMTime) {
        opacityRamps.set(opacity, at: time, setter: "AVMutableVideoCompositionLayerInstruction.setOpacity")
    }

    /// Ramps the opacity linearly from `startOpacity` to `endOpacity` over `timeRange`; after
    /// it, `endOpacity` holds. A range that is not numeric, or has a negative duration, is
    /// ignored; one of zero duration sets `endOpacity` at its start.
    open func setOpacityRamp(
        fromStartOpacity startOpacity: Float, toEndOpacity endOpacity: Float, timeRange: CMTimeRange
    ) {
        opacityRamps.ramp(
            from: startOpacity, to: endOpacity, over: timeRange,
            setter: "AVMutableVideoCompositionLayerInstruction.setOpacityRamp")
    }

    /// Sets the transform from the track's natural frame to the render frame from `time` on,
    /// as ``setOpacity(_:at:)``.
    open func setTransform(_ transform: CGAffineTransform, at time: CMTime) {
        transformRamps.set(
            transform, at: time, setter: "AVMutableVideoCompositionLayerInstruction.setTransform")
    }

    /// Ramps the transform over `timeRange`, each matrix entry linearly (ruling AV10), as
    /// ``setOpacityRamp(fromStartOpacity:toEndOpacity:timeRange:)``.
    open func setTransformRamp(
        fromStart startTransform: CGAffineTransform, toEnd endTransform: CGAffineTransform,
        timeRange: CMTimeRange
    ) {
        transformRamps.ramp(
            from: startTransform, to: endTransform, over: timeRange,
            setter: "AVMutableVideoCompositionLayerInstruction.setTransformRamp")
    }

    /// Shows only `cropRectangle` of the track's natural frame (pixels, before the transform)
    /// from `time` on, as ``setOpacity(_:at:)``.
    open func setCropRectangle(_ cropRectangle: CGRect, at time: CMTime) {
        cropRectangleRamps.set(
            cropRectangle, at: time, setter: "AVMutableVideoCompositionLayerInstruction.setCropRectangle")
    }

    /// Ramps the crop rectangle over `timeRange`, origin and size linearly, as
    /// ``setOpacityRamp(fromStartOpacity:toEndOpacity:timeRange:)``.
    open func setCropRectangleRamp(
        fromStartCropRectangle startCropRectangle: CGRect, toEndCropRectangle endCropRectangle: CGRect,
        timeRange: CMTimeRange
    ) {
        cropRectangleRamps.ramp(
            from: startCropRectangle, to: endCropRectangle, over: timeRange,
            setter: "AVMutableVideoCompositionLayerInstruction.setCropRectangleRamp")
    }
}
