import Foundation
import LaminaExport
import QuartzCore
import Testing

@Suite("Soundtracks: levels, fades, loops, shards, A/V sync and bad sound files", .serialized)
struct SoundtrackTests {
    /// dB: AAC and Opus at their bit rates keep a steady tone's level within a tenth of this.
    static let levelTolerance = 1.0
    /// Seconds: durations are right to within one frame at 30 frames/s.
    static let oneFrame = 1.0 / 30

    /// A black 160×120 root.
    static func blackRoot() -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 160, height: 120)
        root.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        CATransaction.flush()
        return root
    }

    static func options(seconds: Double, fps: Double = 30) -> ExportOptions {
        var options = ExportOptions(size: CGSize(width: 160, height: 120), duration: seconds)
        options.framesPerSecond = fps
        return options
    }

    @Test("an MP4 with a soundtrack: one video and one AAC stream of the render's length; volume and fades")
    func levelsAndFades() throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let tone = folder.appendingPathComponent("tone.wav")
        try makeSound(tone, seconds: 3)
        var soundtrack = Soundtrack(url: tone)
        soundtrack.startTime = 0.25
        soundtrack.volume = 0.5
        soundtrack.fadeInDuration = 0.5
        soundtrack.fadeOutDuration = 0.5
        var options = Self.options(seconds: 2)
        options.soundtracks = [soundtrack]
        let url = folder.appendingPathComponent("out.mp4")
        try withManualClock { try LayerExporter(layer: Self.blackRoot(), options: options).export(to: url) }
        #expect(contents(of: folder) == ["out.mp4", "tone.wav"])
        let streams = try probeStreams(url)
        #expect(streams.map(\.type) == ["video", "audio"])
        #expect(streams.map(\.codec) == ["h264", "aac"])
        for stream in streams {
            let duration = try #require(stream.duration)
            #expect(abs(duration - 2) <= Self.oneFrame, "\(stream)")
        }
        let samples = try decodeLeftChannel(url)
        #expect(abs(Double(samples.count) / 48_000 - 2) <= Self.oneFrame)
        let full = sineLevel(amplitude: 0.5, gain: 0.5)  // -15.05 dB
        let half = sineLevel(amplitude: 0.5, gain: 0.25)  // -21.07 dB: halfway through a fade
        // Silent before the start; halfway up the fade in at 0.5 s; steady; halfway down the fade
        // out, which ends with the export (the 3 s source is cut at 2 s) at 1.75 s.
        let measured = [
            (0.02, 0.22, -200.0), (0.49, 0.51, half), (0.9, 1.4, full), (1.74, 1.76, half),
        ].map { (start, end, expected) in (start, rmsLevel(samples, from: start, to: end), expected) }
        print("levels (start s, measured dB, expected dB): \(measured)")
        #expect(measured[0].1 < -60)
        for (start, level, expected) in measured.dropFirst() {
            #expect(
                abs(level - expected) <= Self.levelTolerance, "at \(start) s: \(level) dB, not \(expected)")
        }
    }

    @Test("a trimmed part of the source loops without a gap, in a WebM with Opus sound")
    func trimmedLoop() throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Silence for 0.5 s, then the tone: the part played is 0.25 s of tone, repeated.
        let source = folder.appendingPathComponent("source.wav")
        try makeSound(source, seconds: 1, expression: "if(gte(t\\,0.5)\\,0.5*sin(2*PI*1000*t)\\,0)")
        var soundtrack = Soundtrack(url: source)
        soundtrack.sourceStart = 0.5
        soundtrack.sourceDuration = 0.25
        soundtrack.loops = true
        var options = Self.options(seconds: 1.5)
        options.soundtracks = [soundtrack]
        let url = folder.appendingPathComponent("loop.webm")
        try withManualClock { try LayerExporter(layer: Self.blackRoot(), options: options).export(to: url) }
        #expect(try probeStreams(url).map(\.codec) == ["vp9", "opus"])
        let samples = try decodeLeftChannel(url)
        #expect(abs(Double(samples.count) / 48_000 - 1.5) <= Self.oneFrame)
        let full = sineLevel(amplitude: 0.5)
        // Windows across the loop's joints (0.25 s, 0.5 s, …) and the end.
        for start in stride(from: 0.05, through: 1.35, by: 0.1) {
            let level = rmsLevel(samples, from: start, to: start + 0.1)
            #expect(abs(level - full) <= Self.levelTolerance, "at \(start) s: \(level) dB")
        }
    }

    @Test(
        "shards carry their slice of the sound, and concatenate gives the whole render's, sample for sample")
    func shardsJoinExactly() throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A rising tone with clicks every 0.1 s: any gap, overlap or shift at a joint shows.
        let sound = folder.appendingPathComponent("sound.wav")
        try makeSound(
            sound, seconds: 3,
            expression: "0.4*sin(2*PI*(300+200*t)*t)+if(lt(mod(t\\,0.1)\\,0.001)\\,0.5\\,0)")
        var soundtrack = Soundtrack(url: sound)
        soundtrack.fadeOutDuration = 1
        var options = Self.options(seconds: 2, fps: 24)
        options.soundtracks = [soundtrack]
        let whole = folder.appendingPathComponent("whole.mp4")
        var shards: [URL] = []
        try withManualClock {
            try LayerExporter(layer: Self.blackRoot(), options: options).export(to: whole)
        }
        for (index, frames) in [0..<17, 17..<31, 31..<48].enumerated() {
            var shardOptions = options
            shardOptions.frames = frames
            let shard = folder.appendingPathComponent("shard\(index).mp4")
            try withManualClock {
                try LayerExporter(layer: Self.blackRoot(), options: shardOptions).export(to: shard)
            }
            #expect(
                try probeStreams(shard).map(\.codec) == ["h264", "alac"], "shards keep the sound losslessly")
            #expect(try decodeLeftChannel(shard).count == frames.count * 2000)
            shards.append(shard)
        }
        let joined = folder.appendingPathComponent("joined.mp4")
        try LayerExporter.concatenate(shards, into: joined)
        #expect(try probeStreams(joined).map(\.codec) == ["h264", "aac"])
        let a = try decodeLeftChannel(whole)
        let b = try decodeLeftChannel(joined)
        #expect(a.count == b.count)
        let differing = zip(a, b).filter { $0 != $1 }.count
        print("whole vs joined: \(a.count) and \(b.count) samples, \(differing) differ")
        #expect(differing == 0, "the joined sound is the whole render's, sample for sample")
    }

    @Test("WebM shards (Opus) join with every click within 1 ms of the whole render's, and no sample gained")
    func webMShardsJoin() throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let sound = folder.appendingPathComponent("clicks.wav")
        try makeSound(sound, seconds: 2, expression: "if(lt(mod(t\\,0.1)\\,0.001)\\,0.9\\,0)")
        var options = Self.options(seconds: 2, fps: 25)
        options.soundtracks = [Soundtrack(url: sound)]
        let whole = folder.appendingPathComponent("whole.webm")
        try withManualClock { try LayerExporter(layer: Self.blackRoot(), options: options).export(to: whole) }
        var shards: [URL] = []
        for (index, frames) in [0..<13, 13..<37, 37..<50].enumerated() {
            var shardOptions = options
            shardOptions.frames = frames
            let shard = folder.appendingPathComponent("shard\(index).webm")
            try withManualClock {
                try LayerExporter(layer: Self.blackRoot(), options: shardOptions).export(to: shard)
            }
            shards.append(shard)
        }
        let joined = folder.appendingPathComponent("joined.webm")
        try LayerExporter.concatenate(shards, into: joined)
        let a = try decodeLeftChannel(whole)
        let b = try decodeLeftChannel(joined)
        #expect(a.count == b.count)
        let clicks = { (samples: [Float]) -> [Int] in
            var found: [Int] = []
            for (index, sample) in samples.enumerated() where abs(sample) > 0.45 {
                if let last = found.last, index - last < 2400 { continue }
                found.append(index)
            }
            return found
        }
        let (wholeClicks, joinedClicks) = (clicks(a), clicks(b))
        let shifts = zip(wholeClicks, joinedClicks).map { abs($0 - $1) }
        print("WebM: \(a.count) and \(b.count) samples; click shifts \(shifts) samples")
        #expect(wholeClicks.count == 20 && joinedClicks.count == 20)
        #expect(shifts.allSatisfy { $0 <= 48 }, "within 1 ms (48 samples)")
    }

    @Test("concatenate refuses a shard with sound next to one without, naming both")
    func concatMixedSound() throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let tone = folder.appendingPathComponent("tone.wav")
        try makeSound(tone, seconds: 1)
        var shards: [URL] = []
        for (index, frames) in [0..<5, 5..<10].enumerated() {
            var options = Self.options(seconds: 1, fps: 10)
            options.frames = frames
            options.soundtracks = index == 0 ? [Soundtrack(url: tone)] : []
            let shard = folder.appendingPathComponent("shard\(index).mp4")
            try withManualClock {
                try LayerExporter(layer: Self.blackRoot(), options: options).export(to: shard)
            }
            shards.append(shard)
        }
        let before = contents(of: folder)
        let error = #expect(throws: ExportError.self) {
            try LayerExporter.concatenate(shards, into: folder.appendingPathComponent("joined.mp4"))
        }
        let line = try #require(error).description
        #expect(line.contains("without sound") && line.contains("with sound"), "\(line)")
        #expect(contents(of: folder) == before)
    }

    @Test("a click and a flash at the same moment of a composition's input stay within one frame")
    func compositionSync() throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("input.mp4")
        // A white frame at 1 s (frame 30) and a 5 ms click at 1 s; 25 frames/s in, 30 out.
        try runFFmpeg([
            "-f", "lavfi", "-i",
            "color=c=black:s=160x120:r=25:d=2,drawbox=c=white:t=fill:enable='eq(n\\,25)'",
            "-f", "lavfi", "-i", "aevalsrc='if(between(t\\,1\\,1.005)\\,0.8\\,0)':s=44100:d=2",
            "-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest",
            input.path,
        ])
        let root = Self.blackRoot()
        let videoLayer = CALayer()
        videoLayer.frame = root.bounds
        root.addSublayer(videoLayer)
        let url = folder.appendingPathComponent("out.mp4")
        try withManualClock {
            let exporter = LayerExporter(layer: root, options: Self.options(seconds: 2))
            exporter.videoComposition = VideoComposition(video: input, videoLayer: videoLayer)
            try exporter.export(to: url)
        }
        #expect(try probeStreams(url).map(\.type) == ["video", "audio"])
        let flash = try #require(try firstBrightFrame(url, width: 160, height: 120))
        let click = try #require(firstLoudSample(try decodeLeftChannel(url)))
        let flashTime = Double(flash) / 30
        print("flash at frame \(flash) (\(flashTime) s), click at \(click) s")
        #expect(abs(flashTime - click) <= Self.oneFrame)
        #expect(abs(click - 1) <= Self.oneFrame)
    }

    @Test("keepsAudio = false drops a composition's sound; a GIF of it has none")
    func compositionWithoutSound() throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("input.mp4")
        try runFFmpeg([
            "-f", "lavfi", "-i", "color=c=gray:s=160x120:r=30:d=0.5", "-f", "lavfi", "-i",
            "sine=f=440:d=0.5", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest",
            input.path,
        ])
        for (name, keeps) in [("muted.mp4", false), ("clip.gif", true)] {
            let root = Self.blackRoot()
            let videoLayer = CALayer()
            videoLayer.frame = root.bounds
            root.addSublayer(videoLayer)
            let url = folder.appendingPathComponent(name)
            try withManualClock {
                let exporter = LayerExporter(layer: root, options: Self.options(seconds: 0.5))
                var composition = VideoComposition(video: input, videoLayer: videoLayer)
                composition.keepsAudio = keeps
                exporter.videoComposition = composition
                try exporter.export(to: url)
            }
            #expect(try probeStreams(url).map(\.type) == ["video"], "\(name)")
        }
    }

    @Test(
        "bad sound files: each is refused before any frame is drawn, naming the problem, leaving no file",
        arguments: [
            ("missing.wav", "the file does not exist or cannot be read"),
            ("text.wav", "ffprobe cannot read it"),
            ("silent.mp4", "it has no audio stream"),
            ("unknown.wav", "is not one this ffmpeg decodes"),
            ("tone.wav→clip.gif", "GIF has no sound"),
            ("tone.wav@-1", "the start time -1.0 s must be 0 or more"),
        ])
    func badSoundFiles(name: String, message: String) throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try makeBadSoundFiles(in: folder)
        let before = contents(of: folder)
        var soundtrack = Soundtrack(
            url: folder.appendingPathComponent(name.components(separatedBy: ["→", "@"])[0]))
        if name.hasSuffix("@-1") { soundtrack.startTime = -1 }
        var options = Self.options(seconds: 0.5)
        options.soundtracks = [soundtrack]
        let output = folder.appendingPathComponent(name.contains("→") ? "clip.gif" : "out.mp4")
        var framesDrawn = 0
        let error = withManualClock {
            let exporter = LayerExporter(layer: Self.blackRoot(), options: options)
            exporter.progress = { framesDrawn = $0.framesDone }
            return #expect(throws: ExportError.self) { try exporter.export(to: output) }
        }
        let line = try #require(error).description
        #expect(line.contains(message), "\(line)")
        #expect(!line.contains("\n"))
        #expect(framesDrawn == 0)
        #expect(contents(of: folder) == before, "no file is left")
    }

    /// `text.wav` (not a sound), `silent.mp4` (video without sound), `unknown.wav` (a WAV whose
    /// codec tag 0x1234 no decoder knows) and `tone.wav`.
    private func makeBadSoundFiles(in folder: URL) throws {
        try "not a sound".write(
            to: folder.appendingPathComponent("text.wav"), atomically: true, encoding: .utf8)
        try runFFmpeg([
            "-f", "lavfi", "-i", "color=s=32x32:d=0.2", "-pix_fmt", "yuv420p",
            folder.appendingPathComponent("silent.mp4").path,
        ])
        try makeSound(folder.appendingPathComponent("tone.wav"), seconds: 0.5)
        var wav = Data("RIFF".utf8)
        func append<T: FixedWidthInteger>(_ value: T) {
            withUnsafeBytes(of: value.littleEndian) { wav.append(contentsOf: $0) }
        }
        let payload = 8000
        append(UInt32(4 + 8 + 16 + 8 + payload))
        wav.append(Data("WAVEfmt ".utf8))
        append(UInt32(16))
        append(UInt16(0x1234))  // format tag: none
        append(UInt16(1))
        append(UInt32(8000))
        append(UInt32(16000))
        append(UInt16(2))
        append(UInt16(16))
        wav.append(Data("data".utf8))
        append(UInt32(payload))
        wav.append(Data(count: payload))
        try wav.write(to: folder.appendingPathComponent("unknown.wav"))
    }
}

/// docs/audio.md's library example, compiled and run by `SoundtrackTests.documentationExample`;
/// keep the two copies the same.
func exportWithMusic(root: CALayer, size: CGSize, seconds: Double, music: URL, voice: URL, to output: URL)
    throws
{
    var options = ExportOptions(size: size, duration: seconds)

    var background = Soundtrack(url: music)
    background.sourceStart = 30  // from 0:30 into the song
    background.volume = 0.5  // -6 dB
    background.fadeInDuration = 0.5
    background.fadeOutDuration = 1  // ends with the export
    background.loops = true  // what is left of the song repeats until then

    var narration = Soundtrack(url: voice)
    narration.startTime = 0.5  // seconds into the export
    narration.sourceDuration = 1  // the first second of the file

    options.soundtracks = [background, narration]
    try LayerExporter(layer: root, options: options).export(to: output)
}

extension SoundtrackTests {
    @Test("docs/audio.md's example: a looped song at half volume, a voice from 0.5 s to 1.5 s")
    func documentationExample() throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let music = folder.appendingPathComponent("music.wav")
        let voice = folder.appendingPathComponent("voice.wav")
        // The song: silence, then a 0.5-amplitude 1 kHz tone from 30 s (what is played).
        try makeSound(music, seconds: 30.4, expression: "if(gte(t\\,30)\\,0.5*sin(2*PI*1000*t)\\,0)")
        try makeSound(voice, seconds: 3, expression: "0.5*sin(2*PI*300*t)")
        let output = folder.appendingPathComponent("example.mp4")
        try withManualClock {
            try exportWithMusic(
                root: Self.blackRoot(), size: CGSize(width: 160, height: 120), seconds: 4, music: music,
                voice: voice, to: output)
        }
        let samples = try decodeLeftChannel(output)
        let song = sineLevel(amplitude: 0.5, gain: 0.5)
        // With the voice after the fade in (levels add as powers), then the song alone (its
        // looped 0.4 s part) before the fade out over the last second.
        let withVoice = rmsLevel(samples, from: 0.6, to: 1.4)
        let alone = rmsLevel(samples, from: 1.8, to: 2.8)
        let expected = 10 * log10(pow(10, song / 10) + pow(10, sineLevel(amplitude: 0.5) / 10))
        print("example: song and voice \(withVoice) dB (expected \(expected)), song \(alone) dB (\(song))")
        #expect(abs(withVoice - expected) <= Self.levelTolerance)
        #expect(abs(alone - song) <= Self.levelTolerance)
        #expect(abs(Double(samples.count) / 48_000 - 4) <= Self.oneFrame)
    }
}
