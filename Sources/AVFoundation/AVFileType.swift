import Foundation

/// A container format for media files, Apple's `AVFileType`: a uniform type identifier.
///
/// An export session writes the three MPEG-4 family types, all with H.264 video and AAC sound
/// (ffmpeg's `mp4` muxer for ``mp4`` and ``m4v``, `mov` for ``mov``).
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

    /// ffmpeg's muxer for the type, or `nil` for a type Lamina does not write.
    var muxer: String? {
        switch self {
        case .mov: "mov"
        case .mp4, .m4v: "mp4"
        default: nil
        }
    }
}
