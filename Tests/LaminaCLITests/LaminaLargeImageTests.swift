import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Runs `lamina arguments…` (paths in them absolute) to its end and returns its exit status and peak resident
/// memory in MiB (the kernel's own count for that one process, from `wait4`).
func runMeasuringPeakMemory(_ arguments: [String]) throws -> (status: Int32, peakMiB: Double) {
    // GNU time forks the program itself and reports that child's peak. A child spawned straight
    // from the test process (posix_spawn shares the parent's memory until exec) would count the
    // test process's own resident set as its peak.
    let time = "/usr/bin/time"
    try #require(FileManager.default.isExecutableFile(atPath: time), "GNU time (scripts/install-deps.sh)")
    let report = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-peak-\(UUID()).txt")
    defer { try? FileManager.default.removeItem(at: report) }
    let program = try laminaProgram().path
    let argv = ([time, "-f", "%M", "-o", report.path, program] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, time, &actions, nil, argv, environ)
    try #require(spawned == 0, "posix_spawn failed: \(spawned)")
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    // The last line is the peak in KiB (before it, GNU time may note a non-zero exit status).
    let text = try String(contentsOf: report, encoding: .utf8)
    let kib = try #require(text.split(separator: "\n").last.flatMap { Double($0) }, "GNU time wrote \(text)")
    return ((status >> 8) & 0xFF, kib / 1024)
}

/// Makes a `side × side` JPEG with ffmpeg; `false` without ffmpeg.
func makeJPEG(side: Int, at url: URL) throws -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
        "ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=s=\(side)x\(side)", "-frames:v", "1",
        "-q:v",
        "4", url.path,
    ]
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
}

@Suite("lamina slideshow: large and hostile images cost memory for what is drawn", .serialized)
struct LaminaLargeImageTests {
    @Test("two 12,000² photos: peak memory well under one full decode (576 MiB) per photo")
    func largePhotos() throws {
        let folder = try makeCLIScratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        guard try makeJPEG(side: 12000, at: folder.appendingPathComponent("a.jpg")) else {
            print("skipped: ffmpeg cannot make the test photo")
            return
        }
        try FileManager.default.copyItem(
            at: folder.appendingPathComponent("a.jpg"), to: folder.appendingPathComponent("b.jpg"))
        let path = { (name: String) in folder.appendingPathComponent(name).path }
        let run = try runMeasuringPeakMemory(
            [
                "slideshow", path("a.jpg"), path("b.jpg"), "-o", path("s.mp4"), "--size", "640x360", "--fps",
                "5",
                "--seconds-per-image", "1.5",
            ])
        #expect(run.status == 0)
        // Decoded at full size, each photo took 576 MiB of pixels (and once 1.1 GiB while copied).
        #expect(run.peakMiB < 400, "peak \(run.peakMiB) MiB")
        #expect(listing(folder) == ["a.jpg", "b.jpg", "s.mp4"])
    }

    @Test("a PNG whose chunk claims 2 GiB is refused in one line, without allocating it")
    func hostilePNG() throws {
        let folder = try makeCLIScratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        var bytes: [UInt8] =
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        bytes += [0, 0, 0, 100, 0, 0, 0, 100, 8, 6, 0, 0, 0, 0, 0, 0, 0]
        bytes += [0x7F, 0xFF, 0xFF, 0xFF] + Array("tEXt".utf8) + [UInt8](repeating: 0x61, count: 200)
        try Data(bytes).write(to: folder.appendingPathComponent("evil.png"))
        let run = try runMeasuringPeakMemory([
            "slideshow", folder.appendingPathComponent("evil.png").path, "-o",
            folder.appendingPathComponent("s.mp4").path,
        ])
        #expect(run.status == 1)
        #expect(run.peakMiB < 300, "peak \(run.peakMiB) MiB")
        let result = try LaminaRun(["slideshow", "evil.png", "-o", "s.mp4"], in: folder).wait()
        #expect(
            errorLine(result.error)?.contains("the tEXt chunk claims 2147483647 bytes") == true,
            "\(result.error)")
        #expect(listing(folder) == ["evil.png"])
    }
}
