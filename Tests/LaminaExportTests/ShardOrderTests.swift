import Foundation
import LaminaExport
import QuartzCore
import Testing

/// The value of the format tag `lamina_frames` of `url` (any case), read by ffprobe; `nil` when
/// the file has none.
private func framesTag(of url: URL) throws -> String? {
    let text = try ffprobeOutput([
        "-show_entries", "format_tags", "-of", "default=noprint_wrappers=1", url.path,
    ])
    return text.split(whereSeparator: \.isNewline).lazy.compactMap { line -> String? in
        let parts = line.split(separator: "=", maxSplits: 1)
        return parts.count == 2 && parts[0].lowercased() == "tag:lamina_frames" ? String(parts[1]) : nil
    }.first
}

/// The MD5 of each video packet of `video`, by ffmpeg's `framemd5` muxer with stream copy: equal
/// for files whose pictures are the same bytes, whatever their containers' other bytes (a
/// Matroska file's segment UID is random).
func packetHashes(of video: URL) throws -> [String] {
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

/// The frames of `video`, decoded to 64×48 grey pictures.
private func greyFrames(of video: URL) throws -> [[UInt8]] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
        "ffmpeg", "-v", "error", "-nostdin", "-i", video.path, "-f", "rawvideo", "-pix_fmt", "gray", "-",
    ]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = [UInt8](output.fileHandleForReading.readDataToEndOfFile())
    process.waitUntilExit()
    try #require(process.terminationStatus == 0 && data.count % (64 * 48) == 0)
    return stride(from: 0, to: data.count, by: 64 * 48).map { Array(data[$0..<$0 + 64 * 48]) }
}

/// For each frame of `video`, the index of the frame of `reference` nearest to it (least sum of
/// absolute differences).
private func nearestFrames(of video: URL, in reference: URL) throws -> [Int] {
    let frames = try greyFrames(of: video)
    let references = try greyFrames(of: reference)
    return frames.map { frame in
        let distances = references.map { zip(frame, $0).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) } }
        return distances.indices.min { distances[$0] < distances[$1] } ?? -1
    }
}

@Suite("concatenate orders shards by the frames they record and refuses overlaps, gaps and mixed renders")
struct ShardOrderTests {
    /// 10 frames of the moving square at 10 frames/s, or `seconds` long.
    static func options(seconds: Double = 1, frames: Range<Int>?) -> ExportOptions {
        var options = ExportOptions(size: CGSize(width: 64, height: 48), duration: seconds)
        options.framesPerSecond = 10
        options.frames = frames
        return options
    }

    /// Renders the moving square's `frames` (nil: all) into `folder/name`.
    static func render(_ name: String, frames: Range<Int>?, seconds: Double = 1, in folder: URL) throws -> URL
    {
        let url = folder.appendingPathComponent(name)
        try withManualClock {
            try LayerExporter(
                layer: makeMovingSquare().root, options: options(seconds: seconds, frames: frames)
            )
            .export(to: url)
        }
        return url
    }

    /// The line of the `ExportError` that joining `shards` throws, requiring that nothing is written.
    static func refusal(_ shards: [URL], in folder: URL) throws -> String {
        let before = contents(of: folder)
        let error = #expect(throws: ExportError.self) {
            try LayerExporter.concatenate(shards, into: folder.appendingPathComponent("refused.mp4"))
        }
        #expect(contents(of: folder) == before)
        return try #require(error).description
    }

    @Test(
        "shards given out of order are joined in frame order: the join of the given order, and the whole render's frames",
        arguments: ["mp4", "webm"])
    func outOfOrder(format: String) throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let whole = try Self.render("whole.\(format)", frames: nil, in: folder)
        let shards = try [0..<3, 3..<7, 7..<10].enumerated().map {
            try Self.render("s\($0.offset).\(format)", frames: $0.element, in: folder)
        }
        #expect(try framesTag(of: whole) == nil, "a whole render records no range")
        #expect(try shards.map(framesTag) == ["0..3 of 10", "3..7 of 10", "7..10 of 10"])
        let inOrder = folder.appendingPathComponent("in-order.\(format)")
        let shuffled = folder.appendingPathComponent("shuffled.\(format)")
        try LayerExporter.concatenate(shards, into: inOrder)
        try LayerExporter.concatenate([shards[2], shards[0], shards[1]], into: shuffled)
        // The order given makes no difference: the same file (MP4), the same pictures (WebM, whose
        // segment UID is random in every file).
        let hashes = try [inOrder, shuffled].map(packetHashes)
        #expect(hashes[0].count == 10 && hashes[0] == hashes[1])
        if format == "mp4" { #expect(try Data(contentsOf: inOrder) == Data(contentsOf: shuffled)) }
        #expect(try framesTag(of: shuffled) == nil, "a joined whole render records no range")
        #expect(try nearestFrames(of: shuffled, in: whole) == Array(0..<10))
    }

    @Test("a join of part of a render records its range and joins with the rest")
    func partialJoin() throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let whole = try Self.render("whole.mp4", frames: nil, in: folder)
        let shards = try [0..<3, 3..<7, 7..<10].enumerated().map {
            try Self.render("s\($0.offset).mp4", frames: $0.element, in: folder)
        }
        let first = folder.appendingPathComponent("first.mp4")
        try LayerExporter.concatenate([shards[1], shards[0]], into: first)
        #expect(try framesTag(of: first) == "0..7 of 10")
        let joined = folder.appendingPathComponent("joined.mp4")
        try LayerExporter.concatenate([shards[2], first], into: joined)
        #expect(try framesTag(of: joined) == nil)
        #expect(try nearestFrames(of: joined, in: whole) == Array(0..<10))
    }

    @Test(
        "overlapping shards, a gap, and shards of different renders are refused in one line naming the files")
    func refusals() throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let a = try Self.render("a.mp4", frames: 0..<4, in: folder)
        let b = try Self.render("b.mp4", frames: 3..<10, in: folder)
        let c = try Self.render("c.mp4", frames: 6..<10, in: folder)
        let longer = try Self.render("longer.mp4", frames: 4..<8, seconds: 2, in: folder)

        let overlap = try Self.refusal([b, a], in: folder)
        #expect(
            overlap.contains("(frames 0..4) and '\(b.path)' (frames 3..10) overlap: frames 3..4 are in both"),
            "\(overlap)")
        let gap = try Self.refusal([c, a], in: folder)
        #expect(gap.contains("frames 4..6 are in no shard: '\(a.path)' ends at frame 4"), "\(gap)")
        #expect(gap.hasSuffix("render them with --frames 4..6"), "\(gap)")
        let mixed = try Self.refusal([a, longer], in: folder)
        #expect(mixed.contains("is frames 4..8 of 20 but '\(a.path)' is frames 0..4 of 10"), "\(mixed)")
        for line in [overlap, gap, mixed] { #expect(!line.contains("\n")) }
    }

    @Test(
        "shards that record no range (older files) are joined in the order given; mixed with ranged ones, refused"
    )
    func untaggedShards() throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let whole = try Self.render("whole.mp4", frames: nil, in: folder)
        var old: [URL] = []
        for (index, range) in [0..<5, 5..<10].enumerated() {
            let tagged = try Self.render("t\(index).mp4", frames: range, in: folder)
            let untagged = folder.appendingPathComponent("old\(index).mp4")
            try runFFmpeg(["-i", tagged.path, "-map_metadata", "-1", "-c", "copy", untagged.path])
            #expect(try framesTag(of: untagged) == nil)
            old.append(untagged)
        }
        let joined = folder.appendingPathComponent("joined.mp4")
        try LayerExporter.concatenate([old[1], old[0]], into: joined)
        #expect(try nearestFrames(of: joined, in: whole) == Array(5..<10) + Array(0..<5))
        let mixed = try Self.refusal([old[0], folder.appendingPathComponent("t1.mp4")], in: folder)
        #expect(mixed.contains("records no frame range but"), "\(mixed)")
    }
}
