import Foundation

/// A container format for media files, Apple's `AVFileType`: a uniform type identifier.
///
/// An export session writes the three movie types ``mov``, ``mp4`` and ``m4v``, with H.264
/// video and AAC sound (ffmpeg's `mp4` muxer for ``mp4`` and ``m4v``, `mov` for ``mov``), and,
/// as Lamina's extension, ``webm`` (VP9 and Opus); the other types are named so that code using
/// them compiles, and an export to them fails with ``AVError/Code/exportFailed``.
public struct AVFileType: RawRepresentable, Hashable, Sendable {
    /// The uniform type identifier, such as `"public.mpeg-4"`.
    public let rawValue: String

    /// The type with identifier `rawValue`.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The same as ``init(rawValue:)``.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// QuickTime movie, `.mov` (`com.apple.quicktime-movie`).
    public static let mov = AVFileType(rawValue: "com.apple.quicktime-movie")
    /// MPEG-4, `.mp4` (`public.mpeg-4`).
    public static let mp4 = AVFileType(rawValue: "public.mpeg-4")
    /// iTunes video, `.m4v` (`com.apple.m4v-video`): MPEG-4 with Apple's extension.
    public static let m4v = AVFileType(rawValue: "com.apple.m4v-video")

    /// WebM, `.webm` (`org.webmproject.webm`), with VP9 video and Opus sound: Lamina's extension
    /// (Apple's export sessions do not write WebM).
    public static let webm = AVFileType(rawValue: "org.webmproject.webm")

    /// Apple's audio-only MPEG-4, `.m4a` (`com.apple.m4a-audio`); not written by the export
    /// session, which writes movies with video.
    public static let m4a = AVFileType(rawValue: "com.apple.m4a-audio")
    /// WAVE audio, `.wav` (`com.microsoft.waveform-audio`); not written by the export session.
    public static let wav = AVFileType(rawValue: "com.microsoft.waveform-audio")
    /// AIFF audio, `.aif` (`public.aiff-audio`); not written by the export session.
    public static let aiff = AVFileType(rawValue: "public.aiff-audio")
    /// Core Audio Format, `.caf` (`com.apple.coreaudio-format`); not written by the export session.
    public static let caf = AVFileType(rawValue: "com.apple.coreaudio-format")
    /// MP3 audio, `.mp3` (`public.mp3`); not written by the export session.
    public static let mp3 = AVFileType(rawValue: "public.mp3")
    /// 3GPP, `.3gp` (`public.3gpp`); not written by the export session.
    public static let mobile3GPP = AVFileType(rawValue: "public.3gpp")

    /// ffmpeg's muxer for the type, or `nil` for a type Lamina does not write.
    var muxer: String? {
        switch self {
        case .mov: "mov"
        case .mp4, .m4v: "mp4"
        case .webm: "webm"
        default: nil
        }
    }
}
