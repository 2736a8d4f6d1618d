import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension LayerExporter {
    /// Joins shards — the files of several exports of one render with consecutive
    /// `ExportOptions.frames` ranges, in order — into one file, without re-encoding the pictures
    /// (ffmpeg's concat demuxer with stream copy), so a long render can be spread over processes
    /// or machines and assembled losslessly.
    ///
    /// Shards with sound must all have it. Their sound is decoded, joined and encoded once (AAC
    /// in MP4, Opus in WebM): MP4 shards keep theirs losslessly (ALAC), so the joined file's
    /// sound is sample for sample the whole render's; WebM shards carry Opus, decoded and
    /// encoded again (ruling X15).
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
        let streams = try shards.map { try ShardStream(probing: $0) }
        for (shard, stream) in zip(shards.dropFirst(), streams.dropFirst()) where stream != streams[0] {
            throw ExportError.cannotConcatenate(
                "'\(shard.path)' is \(stream) but '\(shards[0].path)' is \(streams[0]); render every shard "
                    + "with the same size, frame rate and format, all with sound or all without")
        }
        let target = try OutputTarget(url: output, format: format)
        defer { target.discard() }
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("lamina-concat-\(StaleTemporaryFiles.token())")
        do {
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: false)
        } catch {
            throw ExportError.writeFailed(path: scratch.path, reason: "\(error)")
        }
        TemporaryOutputs.shared.register(scratch.path)
        defer {
            try? FileManager.default.removeItem(at: scratch)
            TemporaryOutputs.shared.unregister(scratch.path)
        }
        let list = scratch.appendingPathComponent("shards.txt")
        var lines: [String] = []
        for (index, shard) in shards.enumerated() {
            lines.append("file \(try concatListEntry(for: shard, index: index, scratch: scratch))")
        }
        do {
            try (lines.joined(separator: "\n") + "\n").write(to: list, atomically: false, encoding: .utf8)
        } catch {
            throw ExportError.writeFailed(path: list.path, reason: "\(error)")
        }
        var arguments = [
            "-hide_banner", "-loglevel", "error", "-y", "-f", "concat", "-safe", "0", "-i", list.path,
        ]
        let sound = streams[0].hasSound
        if sound {
            // The pictures are copied; the sound of each shard is decoded on its own (so each
            // decoder drops its shard's priming samples, which the concat demuxer would keep at
            // every joint after the first), joined sample after sample by the concat filter (time
            // stamps counted in samples: no gap or overlap) and encoded once, as a whole
            // render's is (ruling X15).
            for shard in shards { arguments += ["-i", "file:" + shard.standardizedFileURL.path] }
            let labels = shards.indices.map { "[\($0 + 1):a:0]" }.joined()
            arguments += [
                "-filter_complex", "\(labels)concat=n=\(shards.count):v=0:a=1,asetpts=N/SR/TB[sound]",
                "-map", "0:v", "-c:v", "copy", "-map", "[sound]",
            ]
            arguments += EncoderArguments.audioCodec(for: format, shard: false)
        } else {
            arguments += ["-c", "copy"]
        }
        if format == .mp4 { arguments += ["-movflags", "+faststart"] }
        arguments += ["-f", format == .mp4 ? "mp4" : "webm", target.temporaryPath]
        let process = try FFmpegProcess(arguments: arguments)
        do {
            try process.finish()
        } catch {
            throw ExportError.naming(output.path, in: error)
        }
        try target.commit(frames: 0..<1, expectedFrames: streams.reduce(0) { $0 + $1.frames }, audio: sound)
    }

    /// The quoted path of `shard` for ffmpeg's concat list: quotes escaped as `'\''`; a path
    /// with a line break or other control character (which the list cannot hold) is replaced by
    /// a symbolic link of a plain name in `scratch`.
    static func concatListEntry(for shard: URL, index: Int, scratch: URL) throws -> String {
        var path = shard.standardizedFileURL.path
        if path.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            let link = scratch.appendingPathComponent("shard-\(index).\(shard.pathExtension)")
            guard symlink(path, link.path) == 0 else {
                throw ExportError.writeFailed(path: link.path, reason: String(cString: strerror(errno)))
            }
            path = link.path
        }
        return "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

/// What must match for shards to be joined by stream copy, read by ffprobe.
struct ShardStream: Equatable, CustomStringConvertible {
    var codec: String
    var width: Int
    var height: Int
    var pixelFormat: String
    var frameRate: String
    /// Not compared: the number of frames (video packets).
    var frames: Int
    /// Whether the shard has an audio stream.
    var hasSound: Bool

    static func == (a: ShardStream, b: ShardStream) -> Bool {
        (a.codec, a.width, a.height, a.pixelFormat, a.frameRate, a.hasSound)
            == (b.codec, b.width, b.height, b.pixelFormat, b.frameRate, b.hasSound)
    }

    var description: String {
        "\(width)x\(height) at \(frameRate) frames/s, \(codec) \(pixelFormat), \(hasSound ? "with" : "without") sound"
    }

    /// Probes the first video stream of `shard`.
    init(probing shard: URL) throws {
        let probe = try FFmpegProcess(
            program: "ffprobe",
            arguments: [
                "-v", "error", "-select_streams", "v:0", "-count_packets", "-show_entries",
                "stream=codec_name,width,height,pix_fmt,r_frame_rate,nb_read_packets", "-of",
                "default=noprint_wrappers=1", shard.path,
            ], producesOutput: true)
        let text = probe.readAll()
        do {
            try probe.finish()
        } catch ExportError.ffmpegFailed(_, let message) {
            throw ExportError.cannotConcatenate("'\(shard.path)' is not a readable video (\(message))")
        }
        var fields: [String: String] = [:]
        for line in text.split(whereSeparator: \.isNewline) {
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 { fields[parts[0]] = parts[1] }
        }
        guard let codec = fields["codec_name"], let width = fields["width"].flatMap({ Int($0) }),
            let height = fields["height"].flatMap({ Int($0) }),
            let frames = fields["nb_read_packets"].flatMap({ Int($0) })
        else {
            throw ExportError.cannotConcatenate("'\(shard.path)' holds no video stream")
        }
        self.codec = codec
        self.width = width
        self.height = height
        pixelFormat = fields["pix_fmt"] ?? "?"
        frameRate = fields["r_frame_rate"] ?? "?"
        self.frames = frames
        let sound = try FFmpegProcess(
            program: "ffprobe",
            arguments: [
                "-v", "error", "-select_streams", "a:0", "-show_entries", "stream=codec_name", "-of",
                "csv=p=0",
                shard.path,
            ], producesOutput: true)
        hasSound = !sound.readAll().trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        try? sound.finish()
    }
}
