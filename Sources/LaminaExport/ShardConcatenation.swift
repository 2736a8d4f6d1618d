import Foundation

extension LayerExporter {
    /// Joins shards — the files of several exports of one render with consecutive
    /// `ExportOptions.frames` ranges, in order — into one file, without re-encoding (ffmpeg's
    /// concat demuxer with stream copy), so a long render can be spread over processes or
    /// machines and assembled losslessly.
    ///
    /// MP4 and WebM shards can be joined; each shard of those formats starts with a key frame.
    /// PNG-sequence shards need no joining: give every shard the same frame pattern and each
    /// writes its frames under their indices in the whole render. GIF and animated PNG have no
    /// lossless join (each file has its own palette or frame table): render shards as PNG
    /// sequences or MP4 instead.
    ///
    /// - Throws: `ExportError.cannotConcatenate` for no shards, mixed formats or a format with no
    ///   lossless join, `.writeFailed`, `.ffmpegNotFound` or `.ffmpegFailed`. As with an export,
    ///   the output appears only when complete.
    public static func concatenate(_ shards: [URL], into output: URL) throws {
        guard !shards.isEmpty else { throw ExportError.cannotConcatenate("no shards were given") }
        guard let format = ExportFormat(url: output) else {
            throw ExportError.unknownFormat(path: output.path)
        }
        guard format == .mp4 || format == .webm else {
            throw ExportError.cannotConcatenate(
                "\(format) files have no lossless join; render the shards as MP4 or WebM, or as one "
                    + "PNG sequence pattern")
        }
        for shard in shards {
            guard ExportFormat(url: shard) == format else {
                throw ExportError.cannotConcatenate(
                    "'\(shard.path)' is not \(format) like '\(output.path)'; every shard must have the "
                        + "output's format")
            }
            guard FileManager.default.isReadableFile(atPath: shard.path) else {
                throw ExportError.cannotConcatenate("the shard '\(shard.path)' cannot be read")
            }
        }
        let target = try OutputTarget(url: output, format: format)
        defer { target.discard() }
        let list = FileManager.default.temporaryDirectory
            .appendingPathComponent("lamina-concat-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).txt")
        defer { try? FileManager.default.removeItem(at: list) }
        let lines = shards.map { shard in
            let absolute = shard.standardizedFileURL.path.replacingOccurrences(of: "'", with: "'\\''")
            return "file '\(absolute)'"
        }
        do {
            try (lines.joined(separator: "\n") + "\n").write(to: list, atomically: true, encoding: .utf8)
        } catch {
            throw ExportError.writeFailed(path: list.path, reason: "\(error)")
        }
        var arguments = [
            "-hide_banner", "-loglevel", "error", "-y", "-f", "concat", "-safe", "0", "-i", list.path,
            "-c", "copy",
        ]
        if format == .mp4 { arguments += ["-movflags", "+faststart"] }
        arguments += ["-f", format == .mp4 ? "mp4" : "webm", target.temporaryPath]
        let process = try FFmpegProcess(arguments: arguments)
        try process.finish()
        try target.commit(frames: 0..<1)
    }
}
