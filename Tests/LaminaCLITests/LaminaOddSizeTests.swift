import Foundation
import Testing

@Suite("lamina render at an odd size says that the video was padded to even sides")
struct LaminaOddSizeTests {
    @Test(
        "--size 33x25 to MP4: a 34x26 file, and the summary says so in its one line; a GIF is not padded",
        arguments: [("x.mp4", "34x26 (33x25 padded with black to even sides)"), ("x.gif", "33x25, GIF")])
    func oddSize(output: String, summary: String) throws {
        let folder = try makeCLIScratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try runLamina(
            ["render", "8.15", "-o", output, "--size", "33x25", "--fps", "10", "--duration", "0.3"],
            in: folder)
        try #require(result.status == 0, "\(result.error)")
        let lines = result.output.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains(summary), "\(result.output)")
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        probe.arguments = [
            "ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries", "stream=width,height", "-of",
            "csv=p=0:s=x", folder.appendingPathComponent(output).path,
        ]
        let pipe = Pipe()
        probe.standardOutput = pipe
        try probe.run()
        let size = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        probe.waitUntilExit()
        #expect(size.trimmingCharacters(in: .whitespacesAndNewlines) == String(summary.prefix(5)))
    }
}
