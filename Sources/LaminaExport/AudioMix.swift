import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The sound of an export: its soundtracks mixed by ffmpeg into one 48 kHz stereo 16-bit WAV
/// file in the temporary folder, before any frame is drawn, holding exactly the samples of the
/// frames exported.
///
/// The mix is always computed over the whole render's timeline, then cut to the frames of this
/// export: sample `s` of the whole belongs to frame `⌊s × fps / 48000⌋`, and frames `a..<b` hold
/// samples `round(a × 48000 / fps)..<round(b × 48000 / fps)`. So shards hold consecutive,
/// non-overlapping slices whose samples are those of the whole mix, one for one (ruling X15).
struct AudioMix {
    /// Samples per second of every mix.
    static let sampleRate = 48_000

    /// One input of the mix with what ffprobe read of it.
    struct Input {
        var soundtrack: Soundtrack
        var probe: AudioProbe
    }

    let inputs: [Input]
    /// Samples of the whole render.
    let totalSamples: Int
    /// The samples this export holds.
    let samples: Range<Int>

    /// The first sample of frame `index` at `framesPerSecond`.
    static func sample(ofFrame index: Int, framesPerSecond: Double) -> Int {
        Int((Double(index) * Double(sampleRate) / framesPerSecond).rounded())
    }

    /// The mix of `inputs` for frames `frames` of a render of `frameCount` frames.
    init(inputs: [Input], frames: Range<Int>, frameCount: Int, framesPerSecond: Double) {
        self.inputs = inputs
        totalSamples = Self.sample(ofFrame: frameCount, framesPerSecond: framesPerSecond)
        let first = Self.sample(ofFrame: frames.lowerBound, framesPerSecond: framesPerSecond)
        samples = first..<Self.sample(ofFrame: frames.upperBound, framesPerSecond: framesPerSecond)
    }

    /// Checks each soundtrack and its file (ffprobe: it exists, is readable, has an audio stream
    /// ffmpeg decodes).
    ///
    /// - Throws: `ExportError.audioInput` naming the file and the problem.
    static func inputs(for soundtracks: [Soundtrack]) throws -> [Input] {
        try soundtracks.map { soundtrack in
            try soundtrack.validate()
            let probe = try AudioProbe.requireAudio(soundtrack.url)
            if let duration = probe.duration, soundtrack.sourceStart >= duration {
                throw ExportError.audioInput(
                    path: soundtrack.url.path,
                    reason:
                        "the source start \(soundtrack.sourceStart) s is at or past its end (\(duration) s)")
            }
            if soundtrack.loops, soundtrack.sourceDuration == nil, probe.duration == nil {
                throw ExportError.audioInput(
                    path: soundtrack.url.path,
                    reason: "its length is unknown, so it cannot loop; give the soundtrack a sourceDuration")
            }
            return Input(soundtrack: soundtrack, probe: probe)
        }
    }

    /// Seconds as a whole number of samples.
    private static func samples(_ seconds: Double) -> Int {
        Int((seconds * Double(sampleRate)).rounded())
    }

    /// The filter chain of input `index`, ending in `[tINDEX]`, or `nil` when it is not heard.
    func chain(_ index: Int) -> String? {
        let soundtrack = inputs[index].soundtrack
        let probe = inputs[index].probe
        let start = Self.samples(soundtrack.startTime)
        let available = totalSamples - start
        guard available > 0 else { return nil }
        let first = Self.samples(soundtrack.sourceStart)
        let sourceLength =
            soundtrack.sourceDuration.map(Self.samples)
            ?? probe.duration.map { max(1, Self.samples($0) - first) }
        // Samples played: the source's, or at another tempo that many divided by it.
        let length =
            soundtrack.tempo == 1
            ? sourceLength : sourceLength.map { max(1, Int((Double($0) / soundtrack.tempo).rounded())) }
        let heard = soundtrack.loops ? available : min(length ?? available, available)
        // Resampled to 48 kHz; a mono source plays at full level in both channels (not -3 dB).
        var filters = ["aresample=\(Self.sampleRate)"]
        filters.append(probe.channels == 1 ? "pan=stereo|c0=c0|c1=c0" : "aformat=channel_layouts=stereo")
        filters += ["aformat=sample_fmts=fltp", "asetpts=N/SR/TB"]
        if first > 0 { filters += ["atrim=start_sample=\(first)", "asetpts=N/SR/TB"] }
        // The part played has exactly `length` samples when its length is given or it loops
        // (silence pads a part that ends early: a duration estimated too long by ffprobe).
        let exact = soundtrack.sourceDuration != nil || soundtrack.loops
        if exact, let sourceLength {
            filters += ["atrim=end_sample=\(sourceLength)", "apad=whole_len=\(sourceLength)"]
        }
        if soundtrack.tempo != 1 {
            filters += Self.tempoFilters(soundtrack.tempo) + ["asetpts=N/SR/TB"]
            if exact, let length { filters += ["atrim=end_sample=\(length)", "apad=whole_len=\(length)"] }
        }
        if soundtrack.loops, let length { filters.append("aloop=loop=-1:size=\(length)") }
        filters.append("atrim=end_sample=\(heard)")
        if soundtrack.volume != 1 { filters.append("volume=\(soundtrack.volume):precision=double") }
        if let envelope = soundtrack.envelopeExpression() {
            filters.append("aeval=exprs='val(0)*(\(envelope))|val(1)*(\(envelope))':c=same")
        }
        let fadeIn = min(Self.samples(soundtrack.fadeInDuration), heard)
        if fadeIn > 0 { filters.append("afade=t=in:ss=0:ns=\(fadeIn)") }
        let fadeOut = min(Self.samples(soundtrack.fadeOutDuration), heard)
        if fadeOut > 0 { filters.append("afade=t=out:ss=\(heard - fadeOut):ns=\(fadeOut)") }
        if start > 0 { filters.append("adelay=delays=\(start)S:all=1") }
        return "[\(index):a:0]" + filters.joined(separator: ",") + "[t\(index)]"
    }

    /// ffmpeg's `atempo` filters that play `tempo` times as fast, pitch kept: one filter takes
    /// 0.5…100, so slower or faster tempos chain several.
    static func tempoFilters(_ tempo: Double) -> [String] {
        var filters: [String] = []
        var rest = tempo
        while rest < 0.5 {
            filters.append("atempo=0.5")
            rest /= 0.5
        }
        while rest > 100 {
            filters.append("atempo=100")
            rest /= 100
        }
        filters.append("atempo=\(rest)")
        return filters
    }

    /// The last filters of an export's mix: 48 kHz 16-bit stereo, as the WAV file holds it.
    static let exportOutput = "aformat=sample_fmts=s16:channel_layouts=stereo"

    /// ffmpeg's filter graph: each input's chain, a silent base of the whole render's length, the
    /// sum (`amix` without normalisation: levels add, nothing is scaled), then this export's
    /// samples through `output` (by default 16-bit stereo at 48 kHz) in `[mix]`.
    func filterGraph(output: String = exportOutput) -> String {
        let chains = inputs.indices.compactMap(chain)
        var graph = chains
        graph.append("anullsrc=r=\(Self.sampleRate):cl=stereo,atrim=end_sample=\(totalSamples)[base]")
        let labels = "[base]" + inputs.indices.filter { chain($0) != nil }.map { "[t\($0)]" }.joined()
        graph.append(
            labels
                + "amix=inputs=\(chains.count + 1):normalize=0:duration=first:dropout_transition=0,"
                + "atrim=start_sample=\(samples.lowerBound):end_sample=\(samples.upperBound),asetpts=N/SR/TB,"
                + output + "[mix]")
        return graph.joined(separator: ";")
    }

    /// The ffmpeg command line that writes the mix to `path`.
    func arguments(output path: String) -> [String] {
        inputArguments + [
            "-filter_complex", filterGraph(), "-map", "[mix]", "-c:a", "pcm_s16le", "-rf64", "auto", "-f",
            "wav",
            path,
        ]
    }

    /// ffmpeg's options before the filter graph: every input file, in order.
    var inputArguments: [String] {
        var arguments = ["-hide_banner", "-loglevel", "error", "-y", "-nostdin"]
        // `file:` keeps a name with a colon from being read as a protocol.
        for input in inputs { arguments += ["-i", "file:" + input.soundtrack.url.standardizedFileURL.path] }
        return arguments
    }

    /// What a failed mix means: a full temporary folder (by ffmpeg's message, or, when ffmpeg
    /// could not even write its messages, by the free space left), an input ffmpeg cannot decode
    /// (its message names the file), or else ffmpeg's failure as it is.
    static func failure(status: Int32, message: String, inputs: [String]) -> ExportError {
        let folder = FileManager.default.temporaryDirectory.path
        let failed = ExportError.ffmpegFailed(status: status, message: message)
        var space = statvfs()
        let full =
            ExportError.naming(folder, in: failed) as? ExportError != failed
            || (statvfs(folder, &space) == 0 && UInt64(space.f_bavail) * UInt64(space.f_frsize) < 1 << 20)
        if full {
            return .writeFailed(
                path: folder,
                reason: "no space left for the mixed sound (the disk is full); free space or set TMPDIR to "
                    + "another disk, then run again")
        }
        if let input = inputs.first(where: { message.contains($0) }) {
            return .audioInput(path: input, reason: "ffmpeg cannot decode it (\(message))")
        }
        return failed
    }

    /// Mixes into a new temporary WAV file and returns it; the caller removes it (`discard`).
    ///
    /// - Throws: `.audioInput` when ffmpeg cannot decode an input (its message), `.writeFailed`
    ///   (a full disk), `.interrupted`; nothing is left behind.
    func render() throws -> MixedAudio {
        let file = MixedAudio()
        do {
            let process = try FFmpegProcess(arguments: arguments(output: file.path))
            try process.finish()
        } catch ExportError.ffmpegFailed(let status, let message) {
            file.discard()
            throw Self.failure(status: status, message: message, inputs: inputs.map(\.soundtrack.url.path))
        } catch {
            file.discard()
            throw error
        }
        return file
    }
}

/// The temporary WAV file of a mix, `lamina-audio-PID-N.wav` in the temporary folder (removed on
/// a signal like every temporary output, and by the next run if this process is killed).
final class MixedAudio {
    let path: String

    init() {
        path =
            FileManager.default.temporaryDirectory
            .appendingPathComponent("lamina-audio-\(StaleTemporaryFiles.token()).wav").path
        TemporaryOutputs.shared.register(path)
    }

    deinit { discard() }

    /// Removes the file.
    func discard() {
        try? FileManager.default.removeItem(atPath: path)
        TemporaryOutputs.shared.unregister(path)
    }
}
