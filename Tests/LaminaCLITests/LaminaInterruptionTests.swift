import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("lamina interrupted: SIGINT stops cleanly, SIGKILL's leftovers go on the next run", .serialized)
struct LaminaInterruptionTests {
    /// Sends SIGINT `tries` times at spread-out moments of a run of `arguments` and checks each
    /// outcome: either the run completed first (status 0, only `expected` in the folder) or it
    /// was interrupted (status 130 with one line, or SIGINT's own 130 before the handler was
    /// installed) and left nothing, in the folder or the temporary folder; never a crash.
    private func interrupt(
        _ arguments: [String], expected: [String], tries: Int, delays: ClosedRange<Double>,
        setUp: (URL) throws -> Void = { _ in }
    ) throws {
        var interrupted = 0
        for attempt in 0..<tries {
            let folder = try makeCLIScratch()
            defer { try? FileManager.default.removeItem(at: folder) }
            try setUp(folder)
            let before = listing(folder)
            let run = try LaminaRun(arguments, in: folder)
            let fraction = Double(attempt) / Double(max(1, tries - 1))
            usleep(useconds_t((delays.lowerBound + fraction * (delays.upperBound - delays.lowerBound)) * 1e6))
            kill(run.process.processIdentifier, SIGINT)
            let result = run.wait()
            #expect(!showsCrash(result.error), "attempt \(attempt): \(result.error)")
            #expect(temporaryFiles(of: run.process.processIdentifier).isEmpty, "attempt \(attempt)")
            let after = listing(folder).filter { !before.contains($0) }
            if result.status == 0 {
                #expect(after == expected, "attempt \(attempt) completed: \(after)")
            } else {
                interrupted += 1
                #expect(result.status == 130, "attempt \(attempt): \(result.error)")
                #expect(after.isEmpty, "attempt \(attempt) left \(after)")
                if let line = errorLine(result.error) {
                    #expect(line.contains("interrupted by SIGINT"), "\(line)")
                }
            }
        }
        #expect(interrupted > 0, "no attempt was interrupted; the delays are too long")
    }

    @Test("SIGINT during a render, 20 times: exit 130, no crash, nothing left")
    func renderInterrupted() throws {
        try interrupt(
            ["render", "8.15", "-o", "out.mp4", "--size", "96x72", "--fps", "30", "--duration", "1.5"],
            expected: ["out.mp4"], tries: 20, delays: 0.05...0.9)
    }

    @Test("SIGINT during a PNG-sequence render removes the frame folder")
    func sequenceInterrupted() throws {
        try interrupt(
            ["render", "8.15", "-o", "frames/", "--size", "96x72", "--fps", "20", "--duration", "1"],
            expected: ["frames"], tries: 5, delays: 0.1...0.5)
    }

    @Test("SIGINT while the sound is mixed or the frames are encoded with it: nothing left, no mixed sound")
    func soundInterrupted() throws {
        try interrupt(
            [
                "render", "8.15", "-o", "out.mp4", "--size", "96x72", "--fps", "30", "--duration", "1.5",
                "--audio", "tone.wav",
            ], expected: ["out.mp4"], tries: 6, delays: 0.02...0.9,
            setUp: { folder in
                let status = try LaminaRun.system(
                    "/usr/bin/env",
                    [
                        "ffmpeg", "-v", "error", "-nostdin", "-f", "lavfi", "-i", "sine=d=30",
                        folder.appendingPathComponent("tone.wav").path,
                    ])
                try #require(status == 0)
            })
    }

    @Test("SIGINT during concat removes its .partial file")
    func concatInterrupted() throws {
        try interrupt(
            ["concat", "a.webm", "b.webm", "-o", "joined.webm"], expected: ["joined.webm"], tries: 6,
            delays: 0.0...0.15,
            setUp: { folder in
                for (name, range) in [("a.webm", "0..10"), ("b.webm", "10..20")] {
                    let result = try LaminaRun(
                        [
                            "render", "8.15", "-o", name, "--size", "96x72", "--fps", "10", "--duration", "2",
                            "--frames", range,
                        ], in: folder
                    ).wait()
                    try #require(result.status == 0, "\(result.error)")
                }
            })
    }

    @Test("a SIGKILLed render's mixed sound (lamina-audio-PID-N.wav) is removed by the next run")
    func killedRunSoundCleanedUp() throws {
        let folder = try makeCLIScratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let made = try LaminaRun.system(
            "/usr/bin/env",
            [
                "ffmpeg", "-v", "error", "-nostdin", "-f", "lavfi", "-i", "sine=d=30",
                folder.appendingPathComponent("tone.wav").path,
            ])
        try #require(made == 0)
        let run = try LaminaRun(
            [
                "render", "slideshow", "-o", "out.mp4", "--size", "160x90", "--fps", "30", "--audio",
                "tone.wav",
            ],
            in: folder)
        let pid = run.process.processIdentifier
        // The sound is mixed before the frames: once the .partial file exists, the mix does too.
        let started = Date()
        func hasPartial() -> Bool { listing(folder).contains { $0.hasSuffix(".partial") } }
        while !hasPartial(), Date().timeIntervalSince(started) < 60 { usleep(20_000) }
        try #require(hasPartial(), "the render never started writing")
        #expect(temporaryFiles(of: pid).contains { $0.hasPrefix("lamina-audio-") && $0.hasSuffix(".wav") })
        kill(pid, SIGKILL)
        _ = run.wait()
        usleep(300_000)
        let next = try LaminaRun(
            ["render", "8.15", "-o", "small.gif", "--size", "32x24", "--fps", "5", "--duration", "0.4"],
            in: folder
        ).wait()
        #expect(next.status == 0, "\(next.error)")
        #expect(listing(folder) == ["small.gif", "tone.wav"], "\(listing(folder))")
        #expect(temporaryFiles(of: pid).isEmpty, "the killed run's mixed sound was removed")
    }

    @Test("a SIGKILLed render's .partial file, frame folder and ffmpeg log are removed by the next run")
    func killedRunCleanedUp() throws {
        let folder = try makeCLIScratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        for output in ["out.mp4", "frames/"] {
            let run = try LaminaRun(
                ["render", "slideshow", "-o", output, "--size", "160x90", "--fps", "30"], in: folder)
            let pid = run.process.processIdentifier
            // Wait until the export has started writing, then kill it.
            let started = Date()
            func hasTemporary() -> Bool {
                let names = listing(folder) + listing(folder.appendingPathComponent("frames"))
                return names.contains { $0.hasSuffix(".partial") || $0.hasPrefix(".lamina-frames-") }
            }
            while !hasTemporary(), Date().timeIntervalSince(started) < 60 { usleep(20_000) }
            try #require(hasTemporary(), "the render never started writing")
            kill(pid, SIGKILL)
            _ = run.wait()
            // (Its ffmpeg log in the shared temporary folder may already be gone: any run started
            // meanwhile by a test running in parallel removes it.)
            // ffmpeg sees its input end and exits by itself.
            usleep(300_000)
            let next = try LaminaRun(
                ["render", "8.15", "-o", "small.gif", "--size", "32x24", "--fps", "5", "--duration", "0.4"],
                in: folder
            ).wait()
            #expect(next.status == 0, "\(next.error)")
            if output == "out.mp4" {
                #expect(listing(folder) == ["small.gif"], "\(listing(folder))")
            } else {
                // A sequence's frame folder lives in the sequence's folder: cleaned when writing there.
                let again = try LaminaRun(
                    [
                        "render", "8.15", "-o", "frames/", "--size", "32x24", "--fps", "5", "--duration",
                        "0.2",
                    ],
                    in: folder
                ).wait()
                #expect(again.status == 0, "\(again.error)")
                #expect(listing(folder.appendingPathComponent("frames")) == ["frame-00000.png"])
            }
            #expect(temporaryFiles(of: pid).isEmpty, "the killed run's ffmpeg log was removed")
            try? FileManager.default.removeItem(at: folder.appendingPathComponent("small.gif"))
            try? FileManager.default.removeItem(at: folder.appendingPathComponent("frames"))
        }
    }
}
