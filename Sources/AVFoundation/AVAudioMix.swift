import CoreMedia

/// How the audio tracks of an asset are mixed, Apple's `AVAudioMix`: one
/// ``AVAudioMixInputParameters`` per track whose volume changes; other tracks play at volume 1.
///
/// Like Apple's, the class is not `Sendable`. Build one with ``AVMutableAudioMix``.
open class AVAudioMix {
    var storedInputParameters: [AVAudioMixInputParameters] = []

    init() {}

    /// The parameters of each track; `[]` by default.
    open var inputParameters: [AVAudioMixInputParameters] { storedInputParameters }
}

/// An audio mix that can be configured, Apple's `AVMutableAudioMix`.
///
/// ```swift
/// let parameters = AVMutableAudioMixInputParameters(track: compositionAudioTrack)
/// parameters.setVolumeRamp(fromStartVolume: 1, toEndVolume: 0, timeRange: lastTwoSeconds)
/// let mix = AVMutableAudioMix()
/// mix.inputParameters = [parameters]
/// ```
open class AVMutableAudioMix: AVAudioMix {
    /// A mix with no parameters: every track at volume 1.
    public override init() {
        super.init()
    }

    /// The parameters of each track.
    open override var inputParameters: [AVAudioMixInputParameters] {
        get { storedInputParameters }
        set { storedInputParameters = newValue }
    }
}

/// How an audio track's time is stretched when its playback rate changes, Apple's
/// `AVAudioTimePitchAlgorithm`.
public struct AVAudioTimePitchAlgorithm: RawRepresentable, Hashable, Sendable {
    /// Apple's identifier, such as `"Spectral"`.
    public let rawValue: String

    /// An algorithm from its identifier.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Low quality, cheap; rates 1/32 to 32 (`"LowQualityZeroLatency"`).
    public static let lowQualityZeroLatency = AVAudioTimePitchAlgorithm(rawValue: "LowQualityZeroLatency")
    /// Modest quality, for speech; rates 1/32 to 32 (`"TimeDomain"`).
    public static let timeDomain = AVAudioTimePitchAlgorithm(rawValue: "TimeDomain")
    /// Highest quality, pitch kept; rates 1/32 to 32 (`"Spectral"`).
    public static let spectral = AVAudioTimePitchAlgorithm(rawValue: "Spectral")
    /// Rate changes pitch, as a tape sped up would (`"Varispeed"`).
    public static let varispeed = AVAudioTimePitchAlgorithm(rawValue: "Varispeed")
}

/// The volume of one audio track over time, Apple's `AVAudioMixInputParameters`.
///
/// Volumes are values set at times and linear ramps, with the same rules as a video layer
/// instruction's opacity (ruling AV10): 1 before the first value set, a value set at a time held
/// until the next, a ramp's end value held after it. Times are on the mixed asset's timeline.
open class AVAudioMixInputParameters {
    var storedTrackID: CMPersistentTrackID
    var storedAudioTimePitchAlgorithm: AVAudioTimePitchAlgorithm?
    var volumeRamps = RampTimeline<Float>()

    init(trackID: CMPersistentTrackID) {
        storedTrackID = trackID
    }

    /// The ID of the audio track these parameters apply to; `kCMPersistentTrackID_Invalid` until
    /// set.
    open var trackID: CMPersistentTrackID { storedTrackID }

    /// How time is stretched in scaled segments; `nil` (the exporter's default) until set.
    open var audioTimePitchAlgorithm: AVAudioTimePitchAlgorithm? { storedAudioTimePitchAlgorithm }

    /// The volume ramp that contains `time` (Apple's `getVolumeRamp(for:startVolume:endVolume:timeRange:)`),
    /// with the rules of ``AVVideoCompositionLayerInstruction/getOpacityRamp(for:startOpacity:endOpacity:timeRange:)``.
    ///
    /// - Returns: `false`, leaving the pointees unchanged, before the first value set, after a
    ///   ramp's end until the next value, and for a time that is not numeric.
    public func getVolumeRamp(
        for time: CMTime, startVolume: UnsafeMutablePointer<Float>?, endVolume: UnsafeMutablePointer<Float>?,
        timeRange: UnsafeMutablePointer<CMTimeRange>?
    ) -> Bool {
        volumeRamps.get(time, start: startVolume, end: endVolume, timeRange: timeRange)
    }

    /// Lamina's evaluator, for the exporter: the gain at `time`, clamped to 0…1 — 1 before the
    /// first value set, the value set at or before `time`, or the ramp's linear value inside a
    /// ramp (ruling AV10).
    public func volume(at time: CMTime) -> Float {
        let value = volumeRamps.value(at: time, default: 1)
        return value.isNaN ? 1 : min(max(value, 0), 1)
    }
}

/// Audio mix parameters that can be configured, Apple's `AVMutableAudioMixInputParameters`.
open class AVMutableAudioMixInputParameters: AVAudioMixInputParameters {
    /// Parameters for no track yet (`trackID` is `kCMPersistentTrackID_Invalid`).
    public init() {
        super.init(trackID: kCMPersistentTrackID_Invalid)
    }

    /// Parameters for `track`, taking its ``AVAssetTrack/trackID`` (`kCMPersistentTrackID_Invalid`
    /// for `nil`).
    public init(track: AVAssetTrack?) {
        super.init(trackID: track?.trackID ?? kCMPersistentTrackID_Invalid)
    }

    /// The ID of the audio track these parameters apply to.
    open override var trackID: CMPersistentTrackID {
        get { storedTrackID }
        set { storedTrackID = newValue }
    }

    /// How time is stretched in scaled segments.
    open override var audioTimePitchAlgorithm: AVAudioTimePitchAlgorithm? {
        get { storedAudioTimePitchAlgorithm }
        set { storedAudioTimePitchAlgorithm = newValue }
    }

    /// Sets the volume (0 silent … 1 as recorded) from `time` until the next value or ramp; a
    /// value already set at `time` is replaced. A time that is not numeric is ignored.
    open func setVolume(_ volume: Float, at time: CMTime) {
        volumeRamps.set(volume, at: time, setter: "AVMutableAudioMixInputParameters.setVolume")
    }

    /// Ramps the volume linearly from `startVolume` to `endVolume` over `timeRange`; after it,
    /// `endVolume` holds. A range that is not numeric, or has a negative duration, is ignored;
    /// one of zero duration sets `endVolume` at its start.
    open func setVolumeRamp(
        fromStartVolume startVolume: Float, toEndVolume endVolume: Float, timeRange: CMTimeRange
    ) {
        volumeRamps.ramp(
            from: startVolume, to: endVolume, over: timeRange,
            setter: "AVMutableAudioMixInputParameters.setVolumeRamp")
    }
}
