import Foundation

/// A sound file played in an export: Lamina's counterpart of inserting an audio track's time
/// range into an `AVMutableComposition` at a time (`insertTimeRange(_:of:at:)`), with the volume
/// and fades of `AVMutableAudioMixInputParameters`.
///
/// Every soundtrack of `ExportOptions.soundtracks` (and the sound of a `VideoComposition`'s
/// input) is decoded, resampled to 48 kHz stereo, trimmed, looped, faded, mixed and encoded by
/// ffmpeg's filters; Lamina handles no sample itself. Soundtracks add up at their levels (no
/// normalisation), and the mix is cut to the export's duration.
///
///     var music = Soundtrack(url: URL(fileURLWithPath: "music.m4a"))
///     music.volume = 0.5  // -6 dB
///     music.fadeOutDuration = 1  // over the last second heard
///     options.soundtracks = [music]
///
/// The timeline of one soundtrack:
///
///     source:  |----[sourceStart ....... sourceStart + sourceDuration]----|
///                          \ trimmed, then repeated when `loops` /
///     export:  0 ... startTime [fade in ...........  ... fade out] end of export
///                              (heard until the trimmed source ends, or, when
///                               it loops or is longer, until the export ends)
public struct Soundtrack: Sendable, Equatable {
    /// The sound file: any file ffmpeg decodes with an audio stream (WAV, M4A/AAC, MP3, FLAC,
    /// Opus, a video's sound). Its first audio stream is played.
    public var url: URL
    /// When the sound begins in the export's timeline, in seconds from frame 0. Default 0. Must
    /// be finite and not negative; a soundtrack starting at or after the export's end is not
    /// heard.
    public var startTime: TimeInterval = 0
    /// Where the part played begins in the source, in seconds. Default 0. Must be finite, not
    /// negative, and before the source's end.
    public var sourceStart: TimeInterval = 0
    /// How much of the source is played from `sourceStart`, in seconds (`nil`, the default:
    /// to the source's end). Must be positive and finite; a duration past the source's end plays
    /// silence for the rest.
    public var sourceDuration: TimeInterval?
    /// The linear gain applied to the sound: 1 (the default) leaves it unchanged, 0.5 is about
    /// −6 dB, 2 about +6 dB (a mix louder than full scale clips). Must be finite and not
    /// negative.
    public var volume: Double = 1
    /// Seconds over which the sound rises linearly from silence to `volume`, from its first
    /// sample heard. Default 0 (no fade). Must be finite and not negative; a fade longer than
    /// what is heard is cut short with it.
    public var fadeInDuration: TimeInterval = 0
    /// Seconds over which the sound falls linearly to silence, ending with the last sample heard:
    /// the end of the trimmed source or, when that comes first (a long song, a loop), the end of
    /// the export. Default 0 (no fade). Must be finite and not negative; a fade longer than what
    /// is heard is shortened to it (it then begins with the first sample heard, multiplying with
    /// any fade in).
    public var fadeOutDuration: TimeInterval = 0
    /// Whether the trimmed part repeats, without a gap, until the export ends. Default `false`.
    /// The part looped is held in memory (about 23 MB per minute).
    public var loops = false
    /// A volume that changes over time, multiplying `volume` and the fades: the gain at each
    /// point, linear between points, the first point's before it and the last's after it; two
    /// points at one time make a step. Times are seconds of the export's timeline (frame 0 is
    /// 0), in order. Empty (the default): no change. Used by AVFoundation's export session for
    /// an audio mix's volume ramps; ffmpeg applies it sample by sample (`aeval`).
    package var volumeEnvelope: [VolumePoint] = []
    /// How fast the source plays: 2 plays it twice as fast (in half the time), 0.5 half as fast;
    /// the pitch is kept (ffmpeg's `atempo`). `sourceStart` and `sourceDuration` stay in source
    /// seconds. Default 1; must be finite and positive. Used by AVFoundation's export session
    /// for segments scaled with `scaleTimeRange`.
    package var tempo: Double = 1

    /// The whole of the file at `url`, from frame 0, at its own level.
    public init(url: URL) {
        self.url = url
    }

    /// Throws `ExportError.audioInput` unless every value is in its range.
    func validate() throws {
        func check(_ ok: Bool, _ what: String) throws {
            guard ok else { throw ExportError.audioInput(path: url.path, reason: what) }
        }
        try check(startTime.isFinite && startTime >= 0, "the start time \(startTime) s must be 0 or more")
        try check(
            sourceStart.isFinite && sourceStart >= 0, "the source start \(sourceStart) s must be 0 or more")
        if let sourceDuration {
            try check(
                sourceDuration.isFinite && sourceDuration > 0,
                "the source duration \(sourceDuration) s must be positive")
        }
        try check(volume.isFinite && volume >= 0, "the volume \(volume) must be 0 or more")
        try check(tempo.isFinite && tempo > 0, "the tempo \(tempo) must be positive")
        try check(
            fadeInDuration.isFinite && fadeInDuration >= 0,
            "the fade-in \(fadeInDuration) s must be 0 or more")
        try check(
            fadeOutDuration.isFinite && fadeOutDuration >= 0,
            "the fade-out \(fadeOutDuration) s must be 0 or more")
    }
}

/// One point of a soundtrack's volume envelope: the gain `volume` (finite, 0 or more) at `time`
/// seconds of the export's timeline.
package struct VolumePoint: Sendable, Equatable {
    /// Seconds from the export's frame 0.
    package var time: Double
    /// The linear gain there.
    package var volume: Double

    /// The gain `volume` at `time`.
    package init(time: Double, volume: Double) {
        self.time = time
        self.volume = volume
    }
}

extension Soundtrack {
    /// The envelope as an ffmpeg expression of `t`, the seconds since the soundtrack's first
    /// sample heard (so `t + startTime` on the export's timeline), or `nil` without one.
    func envelopeExpression() -> String? {
        guard let last = volumeEnvelope.last, let first = volumeEnvelope.first else { return nil }
        func number(_ value: Double) -> String { String(format: "%.10g", value) }
        let time = "(t+\(number(startTime)))"
        var expression = number(last.volume)
        for (from, to) in zip(volumeEnvelope, volumeEnvelope.dropFirst()).reversed() where to.time > from.time
        {
            let slope = (to.volume - from.volume) / (to.time - from.time)
            let piece = "\(number(from.volume))+(\(time)-\(number(from.time)))*\(number(slope))"
            expression = "if(lt(\(time),\(number(to.time))),\(piece),\(expression))"
        }
        return "if(lt(\(time),\(number(first.time))),\(number(first.volume)),\(expression))"
    }
}
