import Foundation
import QuartzCore

/// The sound an export of `duration` seconds would carry, as interleaved signed 16-bit PCM in
/// memory, for playing while previewing (`lamina preview --audio`, ruling X18).
///
/// The samples come from the export's own filter graph (`AudioMix`: each soundtrack decoded,
/// trimmed, looped, faded, mixed at 48 kHz by ffmpeg), then resampled by ffmpeg to
/// `sampleRate` (the audio device's rate) in `channels` channels (1 or 2), so that what the
/// preview plays is what the export writes. Sample frame `n` is heard at the render's time
/// `n / sampleRate`; the samples end with the render.
///
///     let sound = try PreviewSound(soundtracks: [music], duration: 30, sampleRate: 44_100)
///     sound.samples.count  // 30 × 44 100 × 2
///
/// - Complexity: ffmpeg decodes the whole render's sound before this returns; it is held in
///   memory (about 10 MB per minute at 44.1 kHz stereo).
package struct PreviewSound: Sendable {
    /// Sample frames per second.
    package let sampleRate: Int
    /// Channels per sample frame, 1 or 2.
    package let channels: Int
    /// The samples, channel by channel within each sample frame.
    package let samples: [Int16]

    /// Sample frames held.
    package var frameCount: Int { samples.count / channels }

    /// Checks each soundtrack and its file as an export would, without decoding it.
    ///
    /// - Throws: `ExportError.audioInput` naming the file and the problem.
    package static func check(_ soundtracks: [Soundtrack]) throws {
        _ = try AudioMix.inputs(for: soundtracks)
    }

    /// Mixes `soundtracks` over a render of `duration` seconds at `framesPerSecond` (the
    /// render's sound ends with its last frame, as in an export).
    ///
    /// - Parameters:
    ///   - sampleRate: samples per second wanted, 8 000 to 384 000.
    ///   - channels: 1 (ffmpeg downmixes the stereo mix) or 2.
    /// - Throws: `ExportError.audioInput` for a soundtrack that is missing, unreadable, silent,
    ///   out of range or not decodable (as an export would); `.invalidTiming` for a duration or
    ///   rate an export refuses; `.ffmpegNotFound`, `.ffmpegFailed`, `.interrupted`.
    package init(
        soundtracks: [Soundtrack], duration: CFTimeInterval, framesPerSecond: Double = 30, sampleRate: Int,
        channels: Int = 2
    ) throws {
        guard (8_000...384_000).contains(sampleRate), channels == 1 || channels == 2 else {
            throw ExportError.invalidTiming(
                "a preview's sound must be 8000 to 384000 samples per second in 1 or 2 channels")
        }
        var options = ExportOptions(size: CGSize(width: 2, height: 2), duration: duration)
        options.framesPerSecond = framesPerSecond
        let frames = try options.validated()
        self.sampleRate = sampleRate
        self.channels = channels
        let inputs = try AudioMix.inputs(for: soundtracks)
        guard !inputs.isEmpty else {
            samples = []
            return
        }
        let mix = AudioMix(
            inputs: inputs, frames: frames, frameCount: options.frameCount, framesPerSecond: framesPerSecond)
        let layout = channels == 1 ? "mono" : "stereo"
        let output =
            "aresample=\(sampleRate),"
            + "aformat=sample_fmts=s16:sample_rates=\(sampleRate):channel_layouts=\(layout)"
        let arguments =
            mix.inputArguments + [
                "-filter_complex", mix.filterGraph(output: output), "-map", "[mix]", "-f", "s16le", "pipe:1",
            ]
        let bytes: Data
        do {
            let process = try FFmpegProcess(arguments: arguments, producesOutput: true)
            bytes = process.readAllData()
            try process.finish()
        } catch ExportError.ffmpegFailed(let status, let message) {
            throw AudioMix.failure(status: status, message: message, inputs: soundtracks.map(\.url.path))
        }
        // s16le is the host's order on every platform Lamina builds for.
        samples = [Int16](unsafeUninitializedCapacity: bytes.count / 2) { buffer, count in
            count = bytes.copyBytes(to: buffer) / 2
        }
    }
}
