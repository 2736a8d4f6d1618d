/// The kind of media a track holds, Apple's `AVMediaType`: a four-character code as a string.
public struct AVMediaType: RawRepresentable, Hashable, Sendable {
    /// The four-character code, such as `"vide"`.
    public let rawValue: String

    /// A media type from its four-character code.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// A media type from its four-character code, unlabelled, as Apple's Swift overlay has it.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// Video (`"vide"`).
    public static let video = AVMediaType("vide")
    /// Audio (`"soun"`).
    public static let audio = AVMediaType("soun")
    /// Text, such as MP4's `tx3g` subtitles (`"text"`).
    public static let text = AVMediaType("text")
    /// Closed captions (`"clcp"`).
    public static let closedCaption = AVMediaType("clcp")
    /// Subtitles, such as WebVTT or SubRip (`"sbtl"`).
    public static let subtitle = AVMediaType("sbtl")
    /// Time code (`"tmcd"`).
    public static let timecode = AVMediaType("tmcd")
    /// Timed metadata and other data streams (`"meta"`).
    public static let metadata = AVMediaType("meta")
    /// Muxed audio and video, as in MPEG-1 system streams (`"muxx"`).
    public static let muxed = AVMediaType("muxx")
}
