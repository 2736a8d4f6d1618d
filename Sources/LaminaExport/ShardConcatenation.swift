import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension LayerExporter {
    /// Joins shards — the files of several exports of one render with consecutive
    /// `ExportOptions.frames` ranges — into one file, without re-encoding the pictures
    /// (ffmpeg's concat demuxer with stream copy), so a long render can be spread over processes
    /// or machines and assembled losslessly.
    ///
    /// Shards with sound must all have it. Their sound is decoded, joined and encoded once (AAC
    /// in MP4, Opus in WebM): MP4 shards keep theirs losslessly (ALAC), so the joined file's
    /// sound is sample for sample the whole render's; WebM shards carry Opus, decoded and
    /// encoded again (ruling X15).
    ///
    /// Each MP4 or WebM shard records its frames and the whole render's frame count in its
    /// metadata (ruling X17): the shards are joined in the order of their frames, whatever the
    /// order given, and shards that overlap, leave frames out between them or come from renders
    /// of different lengths are refused. Files that record no range (written before shards did)
    /// are joined in the order given. A join that is still a part of the render records its
    /// range too, so joins can be joined.
    ///
    /// MP4 and WebM shards can be joined; each shard of those formats starts with a key frame.
    /// PNG-sequence shards need no joining: give every shard the same frame pattern and each
    /// writes its frames under their indices in the whole render. GIF and animated PNG have no
    /// lossless join (each file has its own palette or frame table): render shards as PNG
    /// sequences or MP4 instead.
    ///
    /// - Throws: `ExportError.cannotConcatenate` for no shards, mixed formats or a format with no
    ///   lossless join, or shards that overlap, leave a gap or mix renders; `.writeFailed`,
    ///   `.ffmpegNotFound` or `.ffmpegFailed`. As with an export, the output appears only when
    ///   complete.
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
        let probed = try shardsInFrameOrder(shards.map { ($0, try ShardStream(probing: $0)) })
        let shards = probed.map(\.shard)
        let streams = probed.map(\.stream)
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
        // The joined file records its frames when they are still only a part of the render, so
        // that joins can be joined; a whole render records none (ruling X17).
        let joinedRange = streams.first?.range.flatMap { first in
            streams.last?.range.flatMap {
                ShardRange(frames: first.frames.lowerBound..<$0.frames.upperBound, total: first.total)
            }
        }
        arguments += ShardRange.metadataArguments(joinedRange, format: format)
        if format == .mp4 {
            arguments += ["-movflags", "+faststart" + (joinedRange != nil ? "+use_metadata_tags" : "")]
        }
        arguments += ["-f", format == .mp4 ? "mp4" : "webm", target.temporaryPath]
        let process = try FFmpegProcess(arguments: arguments)
        do {
            try process.finish()
        } catch {
            throw ExportError.naming(output.path, in: error)
        }
        try target.commit(frames: 0..<1, expectedFrames: streams.reduce(0) { $0 + $1.frames }, audio: sound)
    }

    /// `probed` in the order of their frames when every shard records its range (ruling X17), or
    /// as given when none does (files written before shards recorded their ranges).
    ///
    /// - Throws: `ExportError.cannotConcatenate`, one line naming the shards, when some shards
    ///   record a range and others do not, when they come from renders of different lengths, or
    ///   when two overlap or frames between two are in no shard.
    static func shardsInFrameOrder(_ probed: [(shard: URL, stream: ShardStream)]) throws -> [(
        shard: URL, stream: ShardStream
    )] {
        let ranged = probed.compactMap { item in item.stream.range.map { (item, $0) } }
        guard let first = ranged.first else { return probed }
        if let plain = probed.first(where: { $0.stream.range == nil }) {
            throw ExportError.cannotConcatenate(
                "'\(plain.shard.path)' records no frame range but '\(first.0.shard.path)' does (frames "
                    + "\(first.1)); join shards of one render, all written by this version")
        }
        let sorted = ranged.sorted { $0.1.frames.lowerBound < $1.1.frames.lowerBound }
        for ((previous, a), (next, b)) in zip(sorted, sorted.dropFirst()) {
            if a.total != b.total {
                throw ExportError.cannotConcatenate(
                    "'\(next.shard.path)' is frames \(b) but '\(previous.shard.path)' is frames \(a): "
                        + "shards of different renders; join the shards of one render")
            }
            let (aStart, aEnd) = (a.frames.lowerBound, a.frames.upperBound)
            let (bStart, bEnd) = (b.frames.lowerBound, b.frames.upperBound)
            if bStart < aEnd {
                throw ExportError.cannotConcatenate(
                    "'\(previous.shard.path)' (frames \(aStart)..\(aEnd)) and '\(next.shard.path)' (frames "
                        + "\(bStart)..\(bEnd)) overlap: frames \(bStart)..\(min(aEnd, bEnd)) are in both; "
                        + "give each frame to one shard")
            }
            if bStart > aEnd {
                throw ExportError.cannotConcatenate(
                    "frames \(aEnd)..\(bStart) are in no shard: '\(previous.shard.path)' ends at frame \(aEnd) "
                        + "and '\(next.shard.path)' starts at \(bStart); render them with --frames \(aEnd)..\(bStart)"
                )
            }
        }
        return sorted.map(\.0)
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
    /// Not compared: the frames of the render the shard records (ruling X17); `nil` for a whole
    /// render or a file written before shards recorded their ranges.
    var range: ShardRange?

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
                "stream=codec_name,width,height,pix_fmt,r_frame_rate,nb_read_packets:format_tags", "-of",
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
        let tag = "TAG:" + ShardRange.tag
        range = fields.first { $0.key.caseInsensitiveCompare(tag) == .orderedSame }.flatMap {
            ShardRange(tag: $0.value)
        }
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
