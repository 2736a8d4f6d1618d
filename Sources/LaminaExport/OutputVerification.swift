import Foundation

/// Checks that what ffmpeg wrote is complete before it takes the target's name: ffmpeg's exit
/// status and messages are not enough (it can exit 0 after a full disk cut its output short).
enum OutputVerification {
    /// The number of video packets (one per frame in every format Lamina writes) of the file at
    /// `path`, read by ffprobe without decoding; `nil` when ffprobe is not installed.
    ///
    /// - Throws: `.writeFailed` when ffprobe cannot read the file, `.interrupted`.
    static func packetCount(of path: String, stream: String = "v:0") throws -> Int? {
        guard FFmpegProcess.locate("ffprobe") != nil else { return nil }
        let probe = try FFmpegProcess(
            program: "ffprobe",
            arguments: [
                "-v", "error", "-select_streams", stream, "-count_packets", "-show_entries",
                "stream=nb_read_packets", "-of", "csv=p=0", path,
            ], producesOutput: true)
        let text = probe.readAll()
        do {
            try probe.finish()
        } catch ExportError.ffmpegFailed(_, let message) {
            throw ExportError.writeFailed(
                path: path, reason: "the file written is unreadable (\(message)); is the disk full?")
        }
        let count = text.split(whereSeparator: \.isNewline).first.flatMap {
            Int(
                $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(
                    in: CharacterSet(charactersIn: ",")))
        }
        guard let count else {
            throw ExportError.writeFailed(
                path: path,
                reason: "the file written holds no \(stream.hasPrefix("a") ? "audio" : "video") stream")
        }
        return count
    }

    /// Throws unless the file at `path` is not empty, holds `frames` frames and, when `audio`,
    /// an audio stream with at least one packet.
    static func verify(file path: String, frames: Int, audio: Bool = false, shownAs target: String) throws {
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        guard size > 0 else {
            throw ExportError.writeFailed(
                path: target, reason: "the encoder wrote an empty file; check the free space and render again"
            )
        }
        if let count = try packetCount(of: path), count != frames {
            throw ExportError.writeFailed(
                path: target,
                reason:
                    "the encoder wrote \(count) of \(frames) frames (a full disk?); free space and render again"
            )
        }
        if audio, let count = try packetCount(of: path, stream: "a:0"), count == 0 {
            throw ExportError.writeFailed(
                path: target, reason: "the encoder wrote no sound (a full disk?); free space and render again"
            )
        }
    }

    /// Throws unless the file at `path` is a whole PNG file: not empty and ending with the IEND
    /// chunk (a file cut short by a full disk does not).
    static func verify(png path: String, shownAs target: String) throws {
        let iend: [UInt8] = [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw ExportError.writeFailed(path: target, reason: "the encoder wrote no file for this frame")
        }
        defer { try? handle.close() }
        let end = (try? handle.seekToEnd()) ?? 0
        guard end >= 12 + 8, (try? handle.seek(toOffset: end - 12)) != nil,
            let tail = try? handle.read(upToCount: 12), [UInt8](tail) == iend
        else {
            throw ExportError.writeFailed(
                path: target,
                reason: "the encoder wrote a truncated PNG file (a full disk?); free space and render again")
        }
    }
}
