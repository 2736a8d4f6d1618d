import Foundation
import Testing

@Suite("lamina concat joins shards in the order of their frames and refuses overlaps and gaps", .serialized)
struct LaminaConcatOrderTests {
    /// Renders 96×72 WebM shards of the 20-frame render of example 8.15, `name: frames`, into `folder`.
    static func render(_ shards: KeyValuePairs<String, String>, in folder: URL) throws {
        for (name, range) in shards {
            let result = try LaminaRun(
                [
                    "render", "8.15", "-o", name, "--size", "96x72", "--fps", "10", "--duration", "2",
                    "--frames", range,
                ], in: folder
            ).wait()
            try #require(result.status == 0, "\(result.error)")
        }
    }

    @Test("shards given out of order are joined in frame order; an overlap and a gap are one line each")
    func order() throws {
        let folder = try makeCLIScratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.render(
            ["a.webm": "0..10", "b.webm": "10..20", "o.webm": "5..15", "g.webm": "15..20"], in: folder)
        for (shards, output) in [(["a.webm", "b.webm"], "ab.webm"), (["b.webm", "a.webm"], "ba.webm")] {
            let joined = try LaminaRun(["concat"] + shards + ["-o", output], in: folder).wait()
            try #require(joined.status == 0, "\(joined.error)")
        }
        // The same pictures, packet for packet (a WebM file's segment UID is random).
        let hashes = try ["ab.webm", "ba.webm"].map { name in
            try framesMD5(of: folder.appendingPathComponent(name))
        }
        #expect(hashes[0].count == 20 && hashes[0] == hashes[1])
        let before = listing(folder)
        for (shards, message) in [
            (["o.webm", "a.webm"], "a.webm' (frames 0..10) and '"),
            (["o.webm", "a.webm"], "o.webm' (frames 5..15) overlap: frames 5..10 are in both"),
            (["g.webm", "a.webm"], "frames 10..15 are in no shard: '"),
            (["g.webm", "a.webm"], "a.webm' ends at frame 10 and '"),
        ] {
            let refused = try LaminaRun(["concat"] + shards + ["-o", "refused.webm"], in: folder).wait()
            #expect(refused.status == 1)
            let lines = refused.error.split(separator: "\n")
            #expect(
                lines.count == 1 && errorLine(refused.error)?.contains(message) == true, "\(refused.error)")
        }
        #expect(listing(folder) == before)
    }
}

/// The MD5 of each video packet of `video` (ffmpeg's `framemd5` muxer, stream copy).
private func framesMD5(of video: URL) throws -> [String] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
        "ffmpeg", "-v", "error", "-nostdin", "-i", video.path, "-map", "0:v", "-c", "copy", "-f", "framemd5",
        "-",
    ]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    try #require(process.terminationStatus == 0)
    return text.split(whereSeparator: \.isNewline).filter { !$0.hasPrefix("#") }.map(String.init)
}
