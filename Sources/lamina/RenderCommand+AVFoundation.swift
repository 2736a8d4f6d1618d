import AVFoundation
import ArgumentParser
import CoreMedia
import Foundation
import LaminaExamples
import LaminaExport
import QuartzCore

/// `lamina render slideshow --api avfoundation`: the built-in slideshow exported as its iOS
/// original exports it, through `AVAssetExportSession` (``Slideshow/exportWithAVFoundation(images:captions:frameSize:renderSize:secondsPerImage:framesPerSecond:blankVideo:music:musicFadeOut:to:fileType:timeRange:)``).
extension RenderCommand {
    /// The values `--api` accepts.
    static let apis = ["layers", "avfoundation"]

    /// Checks `--api` and, for `avfoundation`, the options that form can honour, one line each.
    func validateAPI() throws {
        guard Self.apis.contains(api) else {
            throw ValidationError("unknown --api '\(api)'; give layers or avfoundation")
        }
        guard api == "avfoundation" else { return }
        guard Examples.named(example)?.name == "slideshow" else {
            throw ValidationError("--api avfoundation renders the slideshow only (lamina render slideshow)")
        }
        let refused: [(given: Bool, name: String)] = [
            (frames != nil, "--frames"), (video != nil, "--video"), (duration != nil, "--duration"),
            (frame.scale != nil, "--scale"), (replaceAudio, "--replace-audio"),
            (sound.audioVolume != 1, "--audio-volume"), (sound.loopAudio, "--loop-audio"),
        ]
        if let option = refused.first(where: \.given) {
            throw ValidationError("\(option.name) is not available with --api avfoundation")
        }
        guard fps == fps.rounded() else {
            throw ValidationError("--api avfoundation needs a whole number of frames per second")
        }
        guard let format = ExportFormat(path: output), format == .mp4 || format == .webm else {
            throw ValidationError("--api avfoundation writes .mp4, .mov or .webm files")
        }
    }

    /// Exports the built-in slideshow through AVFoundation at `--size` (default 1280x720), with
    /// `--audio` as its music.
    func runThroughAVFoundation() throws {
        let size =
            frame.size.map { CGSize(width: $0.width, height: $0.height) } ?? CGSize(width: 1280, height: 720)
        let url = URL(fileURLWithPath: output)
        let fileType: AVFileType =
            switch url.pathExtension.lowercased() {
            case "webm": .webm
            case "mov": .mov
            default: .mp4
            }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "lamina-blank-\(getpid())-\(UUID().uuidString).mp4")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let rate = Int32(fps)
        try Slideshow.writeBlankVideo(to: scratch, size: size, framesPerSecond: rate, duration: 3)
        // AVAssetExportSession refuses an existing file; the other renders replace it.
        if FileManager.default.fileExists(atPath: url.path) { try FileManager.default.removeItem(at: url) }
        let music = sound.audio.map { URL(fileURLWithPath: $0) }
        let fadeOut = sound.audioFadeOut
        let outcome = ExportOutcome()
        let finished = DispatchSemaphore(value: 0)
        let started = Date()
        Task {
            do {
                // The scene of `lamina render slideshow`, scaled to the size asked for as its render is.
                let scene = CGSize(width: 1280, height: 720)
                let images = (0..<Artwork.photoCount).compactMap { Artwork.photo($0, size: scene) }
                try await Slideshow.exportWithAVFoundation(
                    images: images, captions: Slideshow.demoCaptions, frameSize: scene, renderSize: size,
                    framesPerSecond: rate,
                    blankVideo: scratch, music: music, musicFadeOut: fadeOut, to: url, fileType: fileType)
            } catch {
                outcome.error = error
            }
            finished.signal()
        }
        finished.wait()
        if let error = outcome.error {
            throw CommandError(description: "the AVFoundation export failed: \(error.localizedDescription)")
        }
        print(
            "wrote \(output) through AVAssetExportSession: \(Int(size.width))x\(Int(size.height)), "
                + "in \(String(format: "%.1f", Date().timeIntervalSince(started))) s")
    }
}

/// The error an export task ended with, read after it has signalled.
private final class ExportOutcome: @unchecked Sendable {
    var error: Error?
}
