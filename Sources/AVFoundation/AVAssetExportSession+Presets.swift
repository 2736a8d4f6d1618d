import CoreGraphics
import Foundation

/// The highest quality the encoder offers, at the video composition's render size.
public let AVAssetExportPresetHighestQuality = "AVAssetExportPresetHighestQuality"
/// Medium quality, at most 480 × 360 (ruling AV16).
public let AVAssetExportPresetMediumQuality = "AVAssetExportPresetMediumQuality"
/// Low quality for sharing over slow networks, at most 224 × 168 (ruling AV16).
public let AVAssetExportPresetLowQuality = "AVAssetExportPresetLowQuality"
/// At most 640 × 480.
public let AVAssetExportPreset640x480 = "AVAssetExportPreset640x480"
/// At most 960 × 540.
public let AVAssetExportPreset960x540 = "AVAssetExportPreset960x540"
/// At most 1280 × 720.
public let AVAssetExportPreset1280x720 = "AVAssetExportPreset1280x720"
/// At most 1920 × 1080.
public let AVAssetExportPreset1920x1080 = "AVAssetExportPreset1920x1080"
/// At most 3840 × 2160.
public let AVAssetExportPreset3840x2160 = "AVAssetExportPreset3840x2160"
/// Apple's preset that copies the media without re-encoding. Lamina always renders and
/// re-encodes, so `AVAssetExportSession(asset:presetName:)` answers `nil` for it (ruling AV16).
public let AVAssetExportPresetPassthrough = "AVAssetExportPresetPassthrough"

/// What a preset asks of the encoder: the largest frame, and H.264's constant rate factor.
struct ExportPreset {
    /// The bounding box of the output, either way round (`nil`: the render size as it is).
    var maximumSize: CGSize?
    /// x264's constant rate factor (lower is better and larger).
    var quality: Int

    /// The preset named `name`, or `nil` for a name Lamina does not render.
    init?(name: String) {
        switch name {
        case AVAssetExportPresetHighestQuality: self.init(nil, quality: 18)
        case AVAssetExportPresetMediumQuality: self.init(CGSize(width: 480, height: 360), quality: 23)
        case AVAssetExportPresetLowQuality: self.init(CGSize(width: 224, height: 168), quality: 28)
        case AVAssetExportPreset640x480: self.init(CGSize(width: 640, height: 480), quality: 20)
        case AVAssetExportPreset960x540: self.init(CGSize(width: 960, height: 540), quality: 20)
        case AVAssetExportPreset1280x720: self.init(CGSize(width: 1280, height: 720), quality: 20)
        case AVAssetExportPreset1920x1080: self.init(CGSize(width: 1920, height: 1080), quality: 20)
        case AVAssetExportPreset3840x2160: self.init(CGSize(width: 3840, height: 2160), quality: 20)
        default: return nil
        }
    }

    private init(_ maximumSize: CGSize?, quality: Int) {
        self.maximumSize = maximumSize
        self.quality = quality
    }

    /// The presets Lamina renders, in Apple's order of the names above.
    static let names = [
        AVAssetExportPresetLowQuality, AVAssetExportPresetMediumQuality, AVAssetExportPresetHighestQuality,
        AVAssetExportPreset640x480, AVAssetExportPreset960x540, AVAssetExportPreset1280x720,
        AVAssetExportPreset1920x1080, AVAssetExportPreset3840x2160,
    ]

    /// The scale from `renderSize` to the output: the largest ≤ 1 at which it fits the maximum
    /// size, the box turned to the frame's orientation (a portrait frame fits 720 × 1280 under
    /// the 1280 × 720 preset). Never above 1: a preset does not enlarge.
    func scale(for renderSize: CGSize) -> CGFloat {
        guard let maximumSize, renderSize.width > 0, renderSize.height > 0 else { return 1 }
        let long = max(maximumSize.width, maximumSize.height)
        let short = min(maximumSize.width, maximumSize.height)
        let box = renderSize.width >= renderSize.height ? (long, short) : (short, long)
        return min(1, box.0 / renderSize.width, box.1 / renderSize.height)
    }
}
