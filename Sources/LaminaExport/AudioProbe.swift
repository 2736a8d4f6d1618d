import Foundation

/// What ffprobe reads of a sound file's first audio stream (and, for a video, of its first video
/// stream), without decoding: enough to check an input before any frame is drawn and to place
/// its samples in the export's timeline.
struct AudioProbe: Equatable {
    /// ffmpeg's name of the audio codec.
    var codec: String
    /// Channels of the audio stream.
    var channels: Int
    /// The audio stream's first timestamp, in seconds (`nil`: not given).
    var audioStart: Double?
    /// The video stream's first timestamp, in seconds (`nil`: no video stream, or not given).
    var videoStart: Double?
    /// The audio's length in seconds (the stream's, else the file's; `nil`: unknown).
    var duration: Double?

    /// Probes `url`; `nil` when the file has no audio stream.
    ///
    /// - Throws: `ExportError.audioInput` (naming `url`) for a missing or unreadable file, one
    ///   ffprobe cannot read, or an audio codec ffmpeg has no decoder for;
    ///   `.ffmpegNotFound` without ffprobe; `.interrupted`.
    static func probe(_ url: URL) throws -> AudioProbe? {
        let path = url.path
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw ExportError.audioInput(path: path, reason: "the file does not exist or cannot be read")
        }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            throw ExportError.audioInput(path: path, reason: "it is a folder")
        }
        let process = try FFmpegProcess(
            program: "ffprobe",
            arguments: [
                "-v", "error", "-show_entries",
                "stream=codec_type,codec_name,codec_tag_string,channels,start_time,duration:format=duration",
                "-of", "json", "file:" + url.standardizedFileURL.path,
            ], producesOutput: true)
        let text = process.readAll()
        do {
            try process.finish()
        } catch ExportError.ffmpegFailed(_, let message) {
            throw ExportError.audioInput(path: path, reason: "ffprobe cannot read it (\(message))")
        }
        guard let document = try? JSONDecoder().decode(Document.self, from: Data(text.utf8)) else {
            throw ExportError.audioInput(path: path, reason: "ffprobe cannot read it")
        }
        guard let audio = document.streams.first(where: { $0.codec_type == "audio" }) else { return nil }
        let video = document.streams.first { $0.codec_type == "video" }
        let codec = audio.codec_name ?? "unknown"
        guard codec != "unknown", codec != "none" else {
            throw ExportError.audioInput(
                path: path,
                reason:
                    "its audio codec (tag \(audio.codec_tag_string ?? "?")) is not one this ffmpeg decodes")
        }
        return AudioProbe(
            codec: codec, channels: audio.channels ?? 2, audioStart: audio.start_time.flatMap(Double.init),
            videoStart: video?.start_time.flatMap(Double.init),
            duration: (audio.duration ?? document.format?.duration).flatMap(Double.init))
    }

    /// Probes `url` and requires an audio stream.
    ///
    /// - Throws: as `probe(_:)`, and `.audioInput` when the file has no audio stream.
    static func requireAudio(_ url: URL) throws -> AudioProbe {
        guard let probe = try probe(url) else {
            throw ExportError.audioInput(path: url.path, reason: "it has no audio stream")
        }
        return probe
    }

    // ffprobe's JSON, its names.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    private struct Document: Decodable {
        struct Stream: Decodable {
            var codec_type: String?
            var codec_name: String?
            var codec_tag_string: String?
            var channels: Int?
            var start_time: String?
            var duration: String?
        }
        struct Format: Decodable { var duration: String? }
        var streams: [Stream]
        var format: Format?
    }
}
