import Foundation
import Testing

/// Runs the built `lamina` program (a sibling of the test bundle in the build folder).
func runLamina(_ arguments: [String], in folder: URL) throws -> (status: Int32, output: String, error: String)
{
    let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let candidates = [bundle, bundle.deletingLastPathComponent()].map { $0.appendingPathComponent("lamina") }
    let program = try #require(
        candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) },
        "the lamina program was not built beside the tests (\(candidates.map(\.path)))")
    let process = Process()
    process.executableURL = program
    process.arguments = arguments
    process.currentDirectoryURL = folder
    var environment = ProcessInfo.processInfo.environment
    environment.removeValue(forKey: "DISPLAY")
    environment.removeValue(forKey: "WAYLAND_DISPLAY")
    process.environment = environment
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    let outData = output.fileHandleForReading.readDataToEndOfFile()
    let errData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (
        process.terminationStatus, String(decoding: outData, as: UTF8.self),
        String(decoding: errData, as: UTF8.self)
    )
}

/// The names in `folder`, hidden ones included.
func listing(_ folder: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
}

@Suite("The lamina command")
struct LaminaCommandTests {
    @Test("examples lists every listing, the slideshow and the post's four view controllers")
    func examples() throws {
        let folder = FileManager.default.temporaryDirectory
        let result = try runLamina(["examples"], in: folder)
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n")
        #expect(lines.count == 31)
        #expect(lines.first?.hasPrefix("slideshow") == true)
        for listing in ["7.1", "7.7", "8.6", "8.15", "9.1", "9.4"] {
            #expect(result.output.contains("Listing \(listing) "), "Listing \(listing)")
        }
        let post = ["quick-example", "basic-animation", "keyframe-animation", "transition-swipes"]
        #expect(lines.suffix(4).map { $0.split(separator: " ").first.map(String.init) } == post)
        #expect(lines.suffix(4).allSatisfy { $0.contains(" Post ") })
    }

    @Test("render writes a file of the requested size, rate and length")
    func render() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-cli-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try runLamina(
            ["render", "8.15", "-o", "ship.gif", "--size", "160x120", "--fps", "10", "--duration", "1.5"],
            in: folder)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("15 frames, 160x120"))
        #expect(listing(folder) == ["ship.gif"])
        // Progress goes to standard error as plain lines when it is not a terminal.
        #expect(result.error.contains("100% (15/15 frames"))
    }

    @Test(
        "bad input: one line naming the problem, a non-zero status and no file",
        arguments: [
            (["render", "no-such-example", "-o", "x.mp4"], "no example 'no-such-example'"),
            (["render", "7.7", "-o", "x.avi"], "cannot tell the format of 'x.avi'"),
            (["render", "7.7", "-o", "x.mp4", "--size", "0x100"], "--size 0x100 must be between"),
            (["render", "7.7", "-o", "x.mp4", "--frames", "0..100000"], "lie outside the render's"),
            (
                ["render", "7.7", "-o", "x.mp4", "--fps", "nan"],
                "--fps must be greater than 0 and at most 1000 (got nan)"
            ),
            (["render", "7.7", "-o", "missing/x.mp4"], "does not exist; create it first"),
            (["slideshow", "missing.jpg", "-o", "x.mp4"], "cannot read image 'missing.jpg'"),
            (["snapshot", "7.7", "--time=-1", "-o", "x.png"], "--time must be zero or more"),
            (["preview", "7.7"], "no display"),
            (["preview", "7.7", "--audio", "missing.wav"], "missing.wav': the file does not exist"),
            (["preview", "7.7", "--audio-volume", "2"], "need --audio FILE"),
        ])
    func badInput(arguments: [String], message: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-cli-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try runLamina(arguments, in: folder)
        #expect(result.status != 0)
        let errorLine = result.error.split(separator: "\n").first { $0.hasPrefix("Error:") }
        #expect(errorLine?.contains(message) == true, "\(result.error)")
        #expect(listing(folder).isEmpty, "no output is left: \(listing(folder))")
    }
}
