import CoreMedia
import Foundation
import LaminaExport

/// Renders an asset — a media file or an ``AVMutableComposition`` with its
/// ``AVVideoComposition`` and ``AVAudioMix`` — into a new movie file, Apple's
/// `AVAssetExportSession`.
///
/// ```swift
/// guard let session = AVAssetExportSession(asset: composition, presetName: AVAssetExportPresetHighestQuality)
/// else { return }
/// session.videoComposition = videoComposition
/// session.audioMix = audioMix
/// session.outputURL = URL(fileURLWithPath: "movie.mp4")
/// session.outputFileType = .mp4
/// session.exportAsynchronously {
///     if session.status == .completed { print("done") } else { print(session.error!) }
/// }
/// ```
///
/// Each frame is drawn by Lamina's compositor (the frames of the source tracks placed by the
/// layer instructions, and the Core Animation tool's layer tree) and encoded by the `ffmpeg`
/// program as H.264 with AAC sound; the output appears, by rename, only when complete (rulings
/// AV15–AV20, `docs/avfoundation.md`). A session exports once. Its configuration is set before
/// the export starts, and the layers of the video composition's animation tool are not touched
/// by other code until it ends: the export uses them on a queue of its own.
open class AVAssetExportSession: @unchecked Sendable {
    // `@unchecked`: the state the export changes (status, error, progress) is behind `lock`; the
    // configuration is set before the export, as with Apple's class.

    /// Where an export session stands, Apple's `AVAssetExportSession.Status`.
    public enum Status: Int, Sendable {
        /// Not started (the state of a new session).
        case unknown = 0
        /// Started and waiting for its turn to run.
        case waiting = 1
        /// Rendering and encoding; ``AVAssetExportSession/progress`` moves.
        case exporting = 2
        /// Done: the file is at ``AVAssetExportSession/outputURL``.
        case completed = 3
        /// Ended with ``AVAssetExportSession/error``; nothing was written.
        case failed = 4
        /// Ended by ``AVAssetExportSession/cancelExport()``; nothing was written.
        case cancelled = 5
    }

    struct State {
        var status = Status.unknown
        var error: (any Error)?
        var progress: Float = 0
        var cancelRequested = false
        var cancel: (() -> Void)?
        var report: ExportReport?
        var forcesLayerTree = false
    }

    let lock = NSLock()
    var state = State()
    let preset: ExportPreset

    /// The asset exported.
    public let asset: AVAsset
    /// The preset the session was made with.
    public let presetName: String
    /// The file written; required. A file already there makes the export fail
    /// (``AVError/Code/fileAlreadyExists``), as on Apple's platforms.
    open var outputURL: URL?
    /// The container written; required, one of ``supportedFileTypes``.
    open var outputFileType: AVFileType?
    /// The part of the asset exported: the whole asset by default (`[0, +∞)`); a range reaching
    /// past the asset's end is cut there (ruling AV17).
    open var timeRange = CMTimeRange(start: .zero, duration: .positiveInfinity)
    /// How the video tracks become frames; `nil` (the default) renders the asset as Apple's
    /// `AVVideoComposition(propertiesOf:)` describes it.
    open var videoComposition: AVVideoComposition?
    /// The volumes of the audio tracks over time; `nil` (the default) plays each at full volume.
    open var audioMix: AVAudioMix?
    /// Whether the file's index comes first so that playback can begin while it downloads
    /// (`-movflags +faststart`). Default `false`, as Apple's.
    open var shouldOptimizeForNetworkUse = false

    /// A session exporting `asset` with the preset `presetName`, or `nil` when Lamina does not
    /// render that preset (``AVAssetExportPresetPassthrough`` and unknown names).
    public init?(asset: AVAsset, presetName: String) {
        guard let preset = ExportPreset(name: presetName) else { return nil }
        self.asset = asset
        self.presetName = presetName
        self.preset = preset
    }

    /// The state of the export (key-value observable on Apple's platforms; here read it when
    /// needed, from any thread).
    open var status: Status { lock.withLock { state.status } }
    /// Why the export failed or was cancelled; `nil` otherwise.
    open var error: (any Error)? { lock.withLock { state.error } }
    /// How much of the export is done, 0 to 1: the fraction of frames encoded, 1 once completed.
    open var progress: Float { lock.withLock { state.progress } }
    /// What LaminaExport reported of a completed export (where its time went), `nil` before
    /// one completes; for benchmarks.
    package var exportReport: ExportReport? { lock.withLock { state.report } }
    /// The LaminaExport options an export would use now (size, rate, encoder settings, sound),
    /// as planned from the session's configuration and its asset; for benchmarks.
    ///
    /// - Throws: what ``exportAsynchronously(completionHandler:)`` would fail with before
    ///   rendering (an unset output, an asset without video, an invalid video composition).
    package func plannedExportOptions() throws -> ExportOptions {
        try ExportPlan(session: self).options
    }

    /// Whether exports plan the video on the layer-tree path even where the source overlay would
    /// show the same pictures (ruling AV23; default `false`): for benchmarks and tests that
    /// compare the two. Set before exporting.
    package var forcesLayerTreeCompositing: Bool {
        get { lock.withLock { state.forcesLayerTree } }
        set { lock.withLock { state.forcesLayerTree = newValue } }
    }

    /// How an export would bring the video's pictures to the output now (ruling AV23), as
    /// planned from the session's configuration, its asset and the animation tool's layers.
    ///
    /// - Throws: what ``plannedExportOptions()`` throws.
    package func plannedCompositing() throws -> VideoCompositingPath {
        try ExportPlan(session: self).compositing
    }

    /// The file types this session writes: ``AVFileType/mov``, ``AVFileType/mp4`` and
    /// ``AVFileType/m4v``, and Lamina's ``AVFileType/webm``.
    open var supportedFileTypes: [AVFileType] { [.mov, .mp4, .m4v, .webm] }

    /// The names of every preset Lamina renders (not ``AVAssetExportPresetPassthrough``).
    open class func allExportPresets() -> [String] { ExportPreset.names }

    /// The presets usable with `asset`: all of ``allExportPresets()``, since every preset renders.
    open class func exportPresets(compatibleWith asset: AVAsset) -> [String] { ExportPreset.names }

    /// Calls `handler` (on a background queue) with whether `presetName` exports `asset` to
    /// `outputFileType` (`nil`: to any type): whether Lamina renders the preset and writes the
    /// type. The asset is not read.
    open class func determineCompatibility(
        ofExportPreset presetName: String, with asset: AVAsset, outputFileType: AVFileType?,
        completionHandler handler: @escaping @Sendable (Bool) -> Void
    ) {
        let compatible =
            ExportPreset(name: presetName) != nil && (outputFileType.map { $0.muxer != nil } ?? true)
        DispatchQueue.global().async { handler(compatible) }
    }

    /// Calls `handler` (on a background queue) with ``supportedFileTypes``.
    open func determineCompatibleFileTypes(
        completionHandler handler: @escaping @Sendable ([AVFileType]) -> Void
    ) {
        let types = supportedFileTypes
        DispatchQueue.global().async { handler(types) }
    }

    /// Stops the export as soon as the current frame is done: status becomes
    /// ``Status/cancelled``, ``error`` a `CocoaError(.userCancelled)`, and nothing is left at
    /// the output URL. Before the export starts it cancels it; after it ends it does nothing.
    open func cancelExport() {
        let cancel = lock.withLock { () -> (() -> Void)? in
            switch state.status {
            case .completed, .failed, .cancelled: return nil
            default:
                state.cancelRequested = true
                return state.cancel
            }
        }
        cancel?()
    }
}
