import Foundation

/// The frames of a render that one file holds, recorded in the file's metadata so that
/// `LayerExporter.concatenate` can order shards and tell a missing or repeated frame (ruling
/// X17).
///
/// The tag is `lamina_frames`, its value `A..B of N`: frames A to B−1 of a render of N frames.
/// MP4 and MOV keep it with `-movflags use_metadata_tags`, WebM as a Matroska tag (ffprobe reads
/// it back as `LAMINA_FRAMES`). Only a part of a render carries it: a whole render has none.
struct ShardRange: Equatable, CustomStringConvertible {
    /// The metadata key.
    static let tag = "lamina_frames"

    /// The frames held.
    var frames: Range<Int>
    /// The number of frames of the whole render.
    var total: Int

    /// The tag's value, `A..B of N`.
    var description: String { "\(frames.lowerBound)..\(frames.upperBound) of \(total)" }

    /// A range; `nil` when `frames` is the whole render (which records none).
    init?(frames: Range<Int>, total: Int) {
        guard frames != 0..<total else { return nil }
        self.frames = frames
        self.total = total
    }

    /// Reads a tag's value, `A..B of N`; `nil` for anything else.
    init?(tag value: String) {
        let words = value.split(separator: " ")
        guard words.count == 3, words[1] == "of", let total = Int(words[2]) else { return nil }
        let bounds = words[0].split(separator: ".", omittingEmptySubsequences: true)
        guard words[0].contains(".."), bounds.count == 2, let lower = Int(bounds[0]),
            let upper = Int(bounds[1]), lower >= 0, lower < upper, upper <= total
        else { return nil }
        frames = lower..<upper
        self.total = total
    }

    /// The ffmpeg arguments that record `range` in an output of `format`: the tag, and for MP4
    /// and MOV the flag that keeps a tag of any name.
    static func metadataArguments(_ range: ShardRange?, format: ExportFormat) -> [String] {
        guard let range, format == .mp4 || format == .webm else { return [] }
        return ["-metadata", "\(tag)=\(range)"]
    }
}
