import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A folder holding an executable `ffmpeg` script with `body`, to put first on `PATH`.
func makeFakeFFmpeg(_ body: String) throws -> URL {
    let folder = try makeCLIScratch()
    let script = folder.appendingPathComponent("ffmpeg")
    try ("#!/bin/sh\n" + body + "\n").write(to: script, atomically: true, encoding: .utf8)
    chmod(script.path, 0o755)
    return folder
}

/// Renders two 96×72 WebM shards `a.webm` (frames 0..<10) and `b.webm` (10..<20) into `folder`.
func makeShards(
    in folder: URL, names: (String, String) = ("a.webm", "b.webm"), example: String = "8.15",
    size: String = "96x72"
) throws {
    for (name, range) in [(names.0, "0..10"), (names.1, "10..20")] {
        let result = try LaminaRun(
            [
                "render", example, "-o", name, "--size", size, "--fps", "10", "--duration", "2", "--frames",
                range,
            ],
            in: folder
        ).wait()
        try #require(result.status == 0, "\(result.error)")
    }
}

@Suite("lamina output failures: a full disk or a failing encoder is reported and leaves nothing", .serialized)
struct LaminaOutputFailureTests {
    /// The outputs tried, one per path the exporter writes.
    static let outputs: [[String]] = [
        ["render", "slideshow", "-o", "x.mp4", "--size", "640x360", "--fps", "10", "--duration", "2"],
        ["render", "slideshow", "-o", "x.webm", "--size", "640x360", "--fps", "10", "--duration", "2"],
        ["render", "8.15", "-o", "x.gif", "--size", "320x240", "--fps", "10", "--duration", "1"],
        ["render", "8.15", "-o", "x.apng", "--size", "320x240", "--fps", "10", "--duration", "1"],
        ["render", "8.15", "-o", "seq/", "--size", "320x240", "--fps", "10", "--duration", "1"],
    ]

    @Test(
        "an encoder that exits 0 but writes a short file, or writes nothing, is an error",
        arguments: [
            // The last argument is the output; write 3 bytes there (a frame pattern: frame 0).
            #"for a; do last="$a"; done; printf abc > "$(printf "$last" 0)"; exit 0"#,
            "exit 0",
        ], outputs)
    func shortOutput(fake: String, arguments: [String]) throws {
        let fakeFolder = try makeFakeFFmpeg("cat > /dev/null; " + fake)
        defer { try? FileManager.default.removeItem(at: fakeFolder) }
        let folder = try makeCLIScratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try LaminaRun(arguments, in: folder, pathPrefix: fakeFolder.path).wait()
        #expect(result.status == 1, "\(result.error)")
        let line = errorLine(result.error) ?? ""
        #expect(
            line.contains("the encoder wrote") || line.contains("unreadable")
                || line.contains("truncated PNG")
                || line.contains("no file for this frame"), "\(line)")
        #expect(listing(folder).isEmpty, "\(listing(folder))")
        #expect(temporaryFiles(of: result.pid).isEmpty)
    }

    @Test("an encoder that fails is reported with its message", arguments: outputs)
    func failingEncoder(arguments: [String]) throws {
        let fakeFolder = try makeFakeFFmpeg(
            "cat > /dev/null; echo 'Error: the fake encoder broke' >&2; exit 1")
        defer { try? FileManager.default.removeItem(at: fakeFolder) }
        let folder = try makeCLIScratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try LaminaRun(arguments, in: folder, pathPrefix: fakeFolder.path).wait()
        #expect(result.status == 1)
        #expect(errorLine(result.error)?.contains("the fake encoder broke") == true, "\(result.error)")
        #expect(listing(folder).isEmpty, "\(listing(folder))")
    }

    @Test("a full file system: every output path reports it and leaves nothing (root only: tmpfs)")
    func fullDisk() throws {
        let mount = try makeCLIScratch()
        defer { try? FileManager.default.removeItem(at: mount) }
        guard getuid() == 0 else {
            print("skipped: mounting a small tmpfs needs root")
            return
        }
        let status = try LaminaRun.system(
            "/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", mount.path])
        guard status == 0 else {
            print("skipped: mounting a tmpfs failed (status \(status)), no full file system to test with")
            return
        }
        defer { _ = try? LaminaRun.system("/bin/umount", [mount.path]) }
        // Fill the file system, then free one page: every output runs out of space part-way.
        let pad = mount.appendingPathComponent("pad")
        _ = try LaminaRun.system("/bin/dd", ["if=/dev/zero", "of=\(pad.path)", "bs=4096"])
        let padSize = try #require(try FileManager.default.attributesOfItem(atPath: pad.path)[.size] as? Int)
        let handle = try FileHandle(forWritingTo: pad)
        try handle.truncate(atOffset: UInt64(max(0, padSize - 4096)))
        try handle.close()
        let shards = try makeCLIScratch()
        defer { try? FileManager.default.removeItem(at: shards) }
        try makeShards(in: shards, example: "slideshow", size: "640x360")
        var runs = Self.outputs
        runs.append(["snapshot", "slideshow", "--time", "1", "-o", "x.png", "--size", "640x360"])
        let tone = shards.appendingPathComponent("tone.wav")
        let made = try LaminaRun.system(
            "/usr/bin/env", ["ffmpeg", "-v", "error", "-nostdin", "-f", "lavfi", "-i", "sine=d=2", tone.path])
        try #require(made == 0)
        runs.append(Self.outputs[0] + ["--audio", tone.path])
        runs.append([
            "concat", shards.appendingPathComponent("a.webm").path,
            shards.appendingPathComponent("b.webm").path, "-o", "j.webm",
        ])
        for arguments in runs {
            let result = try LaminaRun(arguments, in: mount).wait()
            #expect(result.status == 1, "\(arguments): \(result.error)")
            let line = errorLine(result.error) ?? ""
            #expect(line.contains("No space left") || line.contains("no space left"), "\(arguments): \(line)")
            #expect(listing(mount) == ["pad"], "\(arguments) left \(listing(mount))")
            #expect(temporaryFiles(of: result.pid).isEmpty)
        }
        // The sound is mixed in the temporary folder: a full one is reported before any frame.
        let output = try makeCLIScratch()
        defer { try? FileManager.default.removeItem(at: output) }
        let result = try LaminaRun(
            Self.outputs[0] + ["--audio", tone.path], in: output, environment: ["TMPDIR": mount.path]
        ).wait()
        #expect(result.status == 1, "\(result.error)")
        #expect(
            errorLine(result.error)?.contains("no space left for the mixed sound") == true, "\(result.error)")
        #expect(listing(output).isEmpty && listing(mount) == ["pad"], "\(listing(output)) \(listing(mount))")
    }

    @Test(
        "concat refuses shards of different sizes or formats, and joins names with quotes, spaces, newlines")
    func concatShards() throws {
        let folder = try makeCLIScratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try makeShards(in: folder, names: ("it's a.webm", "new\nline.webm"))
        try makeShards(in: folder, names: ("big0.webm", "big1.webm"), size: "128x96")
        let joined = try LaminaRun(
            ["concat", "it's a.webm", "new\nline.webm", "-o", "j o'in.webm"], in: folder
        ).wait()
        #expect(joined.status == 0, "\(joined.error)")
        #expect(listing(folder).contains("j o'in.webm"))
        let ffprobe = Process()
        ffprobe.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        ffprobe.arguments = [
            "ffprobe", "-v", "error", "-count_packets", "-show_entries", "stream=nb_read_packets", "-of",
            "csv=p=0",
            folder.appendingPathComponent("j o'in.webm").path,
        ]
        let pipe = Pipe()
        ffprobe.standardOutput = pipe
        try ffprobe.run()
        let count = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        ffprobe.waitUntilExit()
        #expect(count.trimmingCharacters(in: .whitespacesAndNewlines) == "20")
        let before = listing(folder)
        let mixed = try LaminaRun(["concat", "it's a.webm", "big1.webm", "-o", "mixed.webm"], in: folder)
            .wait()
        #expect(mixed.status == 1)
        #expect(errorLine(mixed.error)?.contains("is 128x96 at 10/1 frames/s") == true, "\(mixed.error)")
        #expect(errorLine(mixed.error)?.contains("same size, frame rate and format") == true)
        #expect(listing(folder) == before)
    }

    @Test(
        "bad output arguments: one line naming the problem, a non-zero status and no file",
        arguments: [
            (["render", "7.7", "-o", "x.mp4", "--size", "16384x16384"], "below 2^28 (at most 16255x16255)"),
            (["slideshow", "a.jpg", "-o", "x.webm", "--size", "16300x16300"], "below 2^28"),
            (["render", "7.7", "-o", "x.png", "--size", "16385x10"], "between 1x1 and 16384x16384"),
            (["tree", "8.4", "--time", "1e9"], "past the limit of 3600 seconds"),
            (["snapshot", "8.4", "--time", "1e300", "-o", "x.png"], "past the limit of 3600 seconds"),
        ])
    func badOutputArguments(arguments: [String], message: String) throws {
        let folder = try makeCLIScratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let started = Date()
        let result = try LaminaRun(arguments, in: folder).wait()
        #expect(Date().timeIntervalSince(started) < 30)
        #expect(result.status != 0)
        #expect(errorLine(result.error)?.contains(message) == true, "\(result.error)")
        #expect(listing(folder).isEmpty)
    }

    @Test("-o NAME.mp4 where NAME.mp4 is a folder is an error, not a PNG sequence inside it")
    func outputIsAFolder() throws {
        let folder = try makeCLIScratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("x.mp4"), withIntermediateDirectories: false)
        let result = try LaminaRun(
            ["render", "8.15", "-o", "x.mp4", "--size", "32x24", "--duration", "0.2"], in: folder
        )
        .wait()
        #expect(result.status == 1)
        #expect(errorLine(result.error)?.contains("a folder of that name exists") == true, "\(result.error)")
        #expect(listing(folder.appendingPathComponent("x.mp4")).isEmpty)
        #expect(listing(folder) == ["x.mp4"])
        // A trailing slash asks for a PNG sequence in the folder, whatever its name ends with.
        let sequence = try LaminaRun(
            ["render", "8.15", "-o", "x.mp4/", "--size", "32x24", "--fps", "10", "--duration", "0.2"],
            in: folder
        ).wait()
        #expect(sequence.status == 0, "\(sequence.error)")
        #expect(listing(folder.appendingPathComponent("x.mp4")) == ["frame-00000.png", "frame-00001.png"])
    }
}

@Suite("lamina with a closed standard error")
struct LaminaClosedPipeTests {
    @Test("progress written into a closed pipe (`2>&1 | head`) does not stop the render")
    func closedStandardError() throws {
        let folder = try makeCLIScratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let process = Process()
        process.executableURL = try laminaProgram()
        process.arguments = [
            "render", "8.15", "-o", "x.gif", "--size", "32x24", "--fps", "10", "--duration", "0.5",
        ]
        process.currentDirectoryURL = folder
        process.standardOutput = FileHandle.nullDevice
        let pipe = Pipe()
        process.standardError = pipe
        try process.run()
        // Nobody reads: every progress line meets EPIPE.
        try pipe.fileHandleForReading.close()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0)
        #expect(listing(folder) == ["x.gif"])
    }
}
