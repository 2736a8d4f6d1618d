import Foundation
import LaminaExport
import QuartzCore
import Testing

@Suite("PreviewSound: the export's sound as PCM at the device's rate (lamina preview --audio)", .serialized)
struct PreviewSoundTests {
    /// dB: the preview's samples and the export's AAC agree on a steady tone's level within this.
    static let levelTolerance = 1.0
    /// Seconds: a click is heard at the same time in the preview and in the export within this.
    static let timeTolerance = 0.001
    /// The preview's rate in these tests: not the export's 48 kHz, so ffmpeg resamples.
    static let rate = 44_100

    /// The left channel of interleaved stereo 16-bit samples, as -1…1.
    static func left(_ sound: PreviewSound) -> [Float] {
        stride(from: 0, to: sound.samples.count, by: sound.channels).map { Float(sound.samples[$0]) / 32768 }
    }

    /// The RMS level in dBFS of `samples` at `rate` between `start` and `end` seconds.
    static func level(_ samples: [Float], rate: Int, from start: Double, to end: Double) -> Double {
        // rmsLevel reads 48 kHz samples: scale the window to it.
        let scale = 48_000 / Double(rate)
        return rmsLevel(samples, from: start / scale, to: end / scale)
    }

    @Test("a tone with a start, a volume and a fade out: the same levels as the exported MP4's sound")
    func levelsMatchTheExport() throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let tone = folder.appendingPathComponent("tone.wav")
        try makeSound(tone, seconds: 3)
        var soundtrack = Soundtrack(url: tone)
        soundtrack.startTime = 0.25
        soundtrack.volume = 0.5
        soundtrack.fadeOutDuration = 0.5
        let sound = try PreviewSound(soundtracks: [soundtrack], duration: 2, sampleRate: Self.rate)
        #expect(sound.channels == 2 && sound.sampleRate == Self.rate)
        #expect(sound.frameCount == 2 * Self.rate)

        var options = SoundtrackTests.options(seconds: 2)
        options.soundtracks = [soundtrack]
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 160, height: 120)
        let movie = folder.appendingPathComponent("out.mp4")
        try CAMediaClock.withManualTime(at: 0) {
            try LayerExporter(layer: root, options: options).export(to: movie)
        }
        let exported = try decodeLeftChannel(movie)
        let preview = Self.left(sound)
        #expect(Self.level(preview, rate: Self.rate, from: 0, to: 0.2) < -60)
        for (start, end) in [(0.4, 0.8), (1.0, 1.4), (1.55, 1.65), (1.8, 1.9)] {
            let heard = Self.level(preview, rate: Self.rate, from: start, to: end)
            let written = rmsLevel(exported, from: start, to: end)
            #expect(
                abs(heard - written) <= Self.levelTolerance, "\(start)–\(end) s: \(heard) vs \(written) dB")
        }
        let steady = Self.level(preview, rate: Self.rate, from: 0.5, to: 1.0)
        #expect(abs(steady - sineLevel(amplitude: 0.5, gain: 0.5)) <= Self.levelTolerance)
    }

    @Test("a click 0.3 s into a sound started at 0.5 s is heard at 0.8 s, as in the export")
    func clickTiming() throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let click = folder.appendingPathComponent("click.wav")
        try makeSound(click, seconds: 1, expression: "if(between(t\\,0.3\\,0.302)\\,0.9\\,0)")
        var soundtrack = Soundtrack(url: click)
        soundtrack.startTime = 0.5
        let sound = try PreviewSound(soundtracks: [soundtrack], duration: 1.5, sampleRate: Self.rate)
        let preview = Self.left(sound)
        let index = try #require(preview.firstIndex { abs($0) > 0.3 })
        let heard = Double(index) / Double(Self.rate)
        #expect(abs(heard - 0.8) <= Self.timeTolerance, "heard at \(heard) s")
    }

    @Test("mono halves the samples; a rate out of range and a missing file are errors")
    func shapesAndErrors() throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let tone = folder.appendingPathComponent("tone.wav")
        try makeSound(tone, seconds: 1)
        let mono = try PreviewSound(
            soundtracks: [Soundtrack(url: tone)], duration: 1, sampleRate: 22_050, channels: 1)
        #expect(mono.samples.count == 22_050 && mono.frameCount == 22_050)
        let silent = try PreviewSound(soundtracks: [], duration: 1, sampleRate: 48_000)
        #expect(silent.samples.isEmpty)
        #expect(throws: ExportError.self) {
            try PreviewSound(soundtracks: [Soundtrack(url: tone)], duration: 1, sampleRate: 100)
        }
        let missing = Soundtrack(url: folder.appendingPathComponent("missing.wav"))
        #expect(throws: ExportError.self) { try PreviewSound.check([missing]) }
        #expect(throws: ExportError.self) {
            try PreviewSound(soundtracks: [missing], duration: 1, sampleRate: 48_000)
        }
    }
}
