import Foundation
import Testing

/// Runs `ffmpeg -v error -y arguments…` in `folder` (making test media) and requires success.
private func ffmpeg(_ arguments: [String], in folder: URL) throws {
    let status = try LaminaRun.system(
        "/usr/bin/env",
        ["ffmpeg", "-v", "error", "-y", "-nostdin"]
            + arguments.map { argument in
                argument.hasSuffix(".wav") || argument.hasSuffix(".png") || argument.hasSuffix(".mp4")
                    ? folder.appendingPathComponent(argument).path : argument
            })
    try #require(status == 0, "ffmpeg \(arguments)")
}

/// The left channel of `file`'s sound, decoded by ffmpeg as Float samples (48 kHz).
private func leftChannel(_ file: URL) throws -> [Float] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
        "ffmpeg", "-v", "error", "-nostdin", "-i", file.path, "-map", "0:a:0", "-af", "pan=mono|c0=c0", "-f",
        "f32le", "-",
    ]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "\(file.lastPathComponent) has no decodable sound")
    return data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
}

/// RMS level in dBFS of 48 kHz `samples` from `start` to `end` seconds (-200: silence).
private func level(_ samples: [Float], _ start: Double, _ end: Double) -> Double {
    let window = samples[min(samples.count, Int(start * 48_000))..<min(samples.count, Int(end * 48_000))]
    guard !window.isEmpty else { return -200 }
    let rms = (window.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(window.count)).squareRoot()
    return rms > 0 ? 20 * log10(rms) : -200
}

@Suite("lamina with sound: --audio, --video's own sound, shards and bad sound files", .serialized)
struct LaminaAudioTests {
    /// dB, for levels measured through AAC.
    static let tolerance = 1.0
    /// A 0.5-amplitude sine: -9.03 dB RMS.
    static let toneLevel = 20 * log10(0.5 / 2.0.squareRoot())

    @Test(
        "slideshow --audio: the sound is cut to the slideshow, fades out over its last second, and shards join exactly"
    )
    func slideshowShards() throws {
        let folder = try makeCLIScratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try ffmpeg(["-f", "lavfi", "-i", "color=c=red:s=64x48", "-frames:v", "1", "a.png"], in: folder)
        try ffmpeg(["-f", "lavfi", "-i", "color=c=blue:s=64x48", "-frames:v", "1", "b.png"], in: folder)
        try ffmpeg(
            ["-f", "lavfi", "-i", "aevalsrc=0.5*sin(2*PI*1000*t):s=44100:d=5", "tone.wav"], in: folder)
        let common = [
            "--audio", "tone.wav", "--size", "160x120", "--fps", "10", "--seconds-per-image", "1.5",
        ]
        for (output, frames) in [("out.mp4", nil), ("p0.mp4", "0..13"), ("p1.mp4", "13..30")] {
            let run = try LaminaRun(
                ["slideshow", "a.png", "b.png", "-o", output] + common
                    + (frames.map { ["--frames", $0] } ?? []),
                in: folder
            ).wait()
            try #require(run.status == 0, "\(run.error)")
        }
        let concat = try LaminaRun(["concat", "p0.mp4", "p1.mp4", "-o", "joined.mp4"], in: folder).wait()
        try #require(concat.status == 0, "\(concat.error)")
        let whole = try leftChannel(folder.appendingPathComponent("out.mp4"))
        let joined = try leftChannel(folder.appendingPathComponent("joined.mp4"))
        // 3 s of slideshow; AAC's last frame of padding (under 1024 samples) may follow.
        #expect(whole.count >= 144_000 && whole.count < 144_000 + 1024, "\(whole.count) samples")
        let differing = zip(whole, joined).filter { $0 != $1 }.count
        print("slideshow: whole \(whole.count) samples, joined \(joined.count), \(differing) differ")
        #expect(whole.count == joined.count && differing == 0)
        // Steady until 2 s, then the fade: half the gain (-6 dB) at 2.5 s, silence at the end.
        let steady = level(whole, 1.0, 1.9)
        let halfway = level(whole, 2.49, 2.51)
        print("slideshow levels: \(steady) dB steady, \(halfway) dB at 2.5 s")
        #expect(abs(steady - Self.toneLevel) <= Self.tolerance)
        #expect(abs(halfway - (Self.toneLevel - 6.02)) <= Self.tolerance)
        #expect(level(whole, 2.97, 3.0) < Self.toneLevel - 20)
    }

    @Test(
        "render --video keeps the input's sound; --audio mixes another in, or replaces it with --replace-audio",
        arguments: [
            ([], (true, false)),
            (["--audio", "late.wav", "--audio-fade-out", "0"], (true, true)),
            (["--audio", "late.wav", "--audio-fade-out", "0", "--replace-audio"], (false, true)),
        ])
    func renderWithVideo(extra: [String], heard: (early: Bool, late: Bool)) throws {
        let folder = try makeCLIScratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The input's sound plays in the first half second, the added file's in the second.
        try ffmpeg(
            [
                "-f", "lavfi", "-i", "color=c=gray:s=96x72:r=10:d=1", "-f", "lavfi", "-i",
                "aevalsrc=if(lt(t\\,0.5)\\,0.5*sin(2*PI*440*t)\\,0):s=48000:d=1", "-c:v", "libx264",
                "-pix_fmt",
                "yuv420p", "-c:a", "aac", "-shortest", "in.mp4",
            ], in: folder)
        try ffmpeg(
            [
                "-f", "lavfi", "-i", "aevalsrc=if(gte(t\\,0.5)\\,0.5*sin(2*PI*1000*t)\\,0):s=48000:d=1",
                "late.wav",
            ],
            in: folder)
        let run = try LaminaRun(
            [
                "render", "8.15", "-o", "out.mp4", "--size", "96x72", "--fps", "10", "--duration", "1",
                "--video", "in.mp4",
            ]
                + extra, in: folder
        ).wait()
        try #require(run.status == 0, "\(run.error)")
        let sound = try leftChannel(folder.appendingPathComponent("out.mp4"))
        let early = level(sound, 0.1, 0.4)
        let late = level(sound, 0.6, 0.9)
        print("\(extra): \(early) dB early, \(late) dB late")
        #expect(heard.early ? abs(early - Self.toneLevel) <= Self.tolerance : early < -60)
        #expect(heard.late ? abs(late - Self.toneLevel) <= Self.tolerance : late < -60)
    }

    @Test(
        "bad sound input: one line with a non-zero status, before any frame, and no file",
        arguments: [
            (
                ["slideshow", "a.png", "-o", "x.mp4", "--audio", "missing.wav"],
                "does not exist or cannot be read"
            ),
            (["slideshow", "a.png", "-o", "x.mp4", "--audio", "silent.mp4"], "it has no audio stream"),
            (["slideshow", "a.png", "-o", "x.mp4", "--audio", "a.png"], "it has no audio stream"),
            (["render", "8.15", "-o", "x.gif", "--audio", "tone.wav"], "GIF has no sound"),
            (["render", "8.15", "-o", "x.mp4", "--replace-audio"], "--replace-audio needs --video"),
            (
                ["render", "8.15", "-o", "x.mp4", "--audio", "tone.wav", "--audio-volume", "-1"],
                "--audio-volume"
            ),
            (["slideshow", "a.png", "-o", "x.mp4", "--loop-audio"], "need --audio FILE"),
        ])
    func badSound(arguments: [String], message: String) throws {
        let folder = try makeCLIScratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try ffmpeg(["-f", "lavfi", "-i", "color=c=red:s=64x48", "-frames:v", "1", "a.png"], in: folder)
        try ffmpeg(["-f", "lavfi", "-i", "aevalsrc=0.5*sin(2*PI*1000*t):d=0.5", "tone.wav"], in: folder)
        try ffmpeg(
            ["-f", "lavfi", "-i", "color=s=32x32:d=0.2", "-pix_fmt", "yuv420p", "silent.mp4"], in: folder)
        let before = listing(folder)
        let result = try LaminaRun(arguments + ["--size", "96x72"], in: folder).wait()
        #expect(result.status != 0)
        let lines = result.error.split(separator: "\n").filter { $0.hasPrefix("Error:") }
        #expect(lines.count == 1, "\(result.error)")
        #expect(errorLine(result.error)?.contains(message) == true, "\(result.error)")
        #expect(!result.error.contains("%"), "no frame was drawn: \(result.error)")
        #expect(listing(folder) == before)
        #expect(temporaryFiles(of: result.pid).isEmpty)
    }
}
