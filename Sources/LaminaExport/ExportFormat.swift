import Foundation

/// The file formats an export writes, chosen from the output path.
///
/// | path | format |
/// |---|---|
/// | `.mp4`, `.m4v`, `.mov` | H.264 video, yuv420p (plays everywhere) |
/// | `.webm` | VP9 video, yuv420p |
/// | `.gif` | animated GIF, palette generated from the frames |
/// | `.apng`, `.png` | animated PNG |
/// | a path with a `%d`/`%05d` pattern and a `.png` extension, or ending in `/` | one PNG per frame |
public enum ExportFormat: String, CaseIterable, Sendable, CustomStringConvertible {
    /// H.264 in an MP4 container (yuv420p, `+faststart`).
    case mp4
    /// VP9 in a WebM container.
    case webm
    /// Animated GIF with a palette generated from all frames (looping forever).
    case gif
    /// Animated PNG (looping forever), with alpha.
    case apng
    /// One PNG file per frame, with alpha, numbered by frame index.
    case pngSequence

    /// The format for an output path, or `nil` when the extension names none.
    public init?(path: String) {
        if path.hasSuffix("/") {
            self = .pngSequence
            return
        }
        let url = URL(fileURLWithPath: path)
        switch url.pathExtension.lowercased() {
        case "mp4", "m4v", "mov": self = .mp4
        case "webm": self = .webm
        case "gif": self = .gif
        case "apng": self = .apng
        case "png": self = FrameNumberPattern(path) != nil ? .pngSequence : .apng
        default: return nil
        }
    }

    /// Whether the format carries alpha; the others are composited over the background colour.
    public var hasAlpha: Bool {
        switch self {
        case .mp4, .webm: false
        case .gif, .apng, .pngSequence: true
        }
    }

    /// Whether the format carries sound (MP4 and WebM); GIF, animated PNG and PNG sequences do
    /// not.
    public var carriesSound: Bool { !hasAlpha }

    /// The format for an output URL: a folder URL (`hasDirectoryPath`) is a PNG sequence,
    /// otherwise as `init?(path:)`.
    ///
    /// A path whose extension names a file format keeps that format even where a folder of that
    /// name exists (`URL(fileURLWithPath:)` then sets `hasDirectoryPath`): writing to it is
    /// refused rather than turned into a PNG sequence inside the folder.
    public init?(url: URL) {
        let path = url.path
        if let format = ExportFormat(path: path), format != .pngSequence || !url.hasDirectoryPath {
            self = format
        } else if url.hasDirectoryPath {
            self = .pngSequence
        } else {
            return nil
        }
    }

    /// The extensions, for messages.
    public static var supportedExtensions: String {
        ".mp4 .m4v .mov .webm .gif .apng .png, or a PNG sequence (frames/%05d.png or frames/)"
    }

    /// A short name.
    public var description: String {
        switch self {
        case .mp4: "MP4 (H.264)"
        case .webm: "WebM (VP9)"
        case .gif: "GIF"
        case .apng: "animated PNG"
        case .pngSequence: "PNG sequence"
        }
    }
}

/// A printf-style frame-number pattern (`%d`, `%05d`) in a PNG sequence's path.
struct FrameNumberPattern {
    let prefix: String
    let width: Int
    let suffix: String

    init?(_ path: String) {
        guard let percent = path.lastIndex(of: "%") else { return nil }
        var index = path.index(after: percent)
        var digits = ""
        while index < path.endIndex, path[index].isNumber {
            digits.append(path[index])
            index = path.index(after: index)
        }
        guard index < path.endIndex, path[index] == "d", digits.count <= 2 else { return nil }
        prefix = String(path[..<percent])
        width = Int(digits) ?? 0
        suffix = String(path[path.index(after: index)...])
        guard !prefix.contains("%"), !suffix.contains("%") else { return nil }
    }

    /// The path of frame `number`.
    func path(_ number: Int) -> String {
        let digits = String(number)
        let padding = String(repeating: "0", count: max(0, width - digits.count))
        return prefix + padding + digits + suffix
    }
}
