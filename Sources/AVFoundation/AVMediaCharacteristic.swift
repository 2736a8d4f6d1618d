/// A quality of media that tracks of several types share, Apple's `AVMediaCharacteristic`.
public struct AVMediaCharacteristic: RawRepresentable, Hashable, Sendable {
    /// Apple's identifier, such as `"public.visual"`.
    public let rawValue: String

    /// A characteristic from its identifier.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// A characteristic from its identifier, unlabelled, as Apple's Swift overlay has it.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// Media that is seen: video tracks (`"public.visual"`).
    public static let visual = AVMediaCharacteristic("public.visual")
    /// Media that is heard: audio tracks (`"public.audible"`).
    public static let audible = AVMediaCharacteristic("public.audible")
    /// Media that is read: text, subtitle and closed-caption tracks (`"public.legible"`).
    public static let legible = AVMediaCharacteristic("public.legible")
    /// Timed text and subtitles with a visual frame (`"public.frame-based"`): video tracks.
    public static let frameBased = AVMediaCharacteristic("public.frame-based")
}

extension AVMediaType {
    /// The characteristics a track of this type has (ruling AV4).
    var characteristics: Set<AVMediaCharacteristic> {
        switch self {
        case .video: return [.visual, .frameBased]
        case .audio: return [.audible]
        case .text, .subtitle, .closedCaption: return [.legible]
        default: return []
        }
    }
}
