import AVFoundation
import CoreGraphics
import CoreMedia
import Foundation
import Testing

extension ExportSessionTests {
    /// Status and progress over an export, cancellation, and the output options.
    @Suite struct Status {
        let clip = AVURLAsset(url: ExportFixtures.grey)

        func session(_ preset: String = AVAssetExportPresetHighestQuality) throws -> AVAssetExportSession {
            try #require(AVAssetExportSession(asset: clip, presetName: preset))
        }

        /// Calls `exportAsynchronously` and returns once its handler has run, with the progress
        /// values read every few milliseconds meanwhile (and `whileExporting` called once the
        /// progress is above 0).
        func exportWatching(
            _ session: AVAssetExportSession, whileExporting: (() -> Void)? = nil
        ) async -> [Float] {
            let done = Done()
            session.exportAsynchronously { done.set() }
            var seen: [Float] = []
            var acted = false
            while !done.isSet {
                let progress = session.progress
                seen.append(progress)
                if progress > 0, !acted {
                    acted = true
                    whileExporting?()
                }
                try? await Task.sleep(for: .milliseconds(2))
            }
            return seen
        }

        @Test func statusAndProgressMoveFromUnknownToCompleted() async throws {
            let session = try session()
            let url = ExportFixtures.output("status")
            defer { try? FileManager.default.removeItem(at: url) }
            session.outputURL = url
            session.outputFileType = .mp4
            #expect(session.status == .unknown && session.progress == 0)
            let done = Done()
            session.exportAsynchronously { done.set() }
            #expect([.waiting, .exporting].contains(session.status))
            var seen: [Float] = []
            while !done.isSet {
                seen.append(session.progress)
                try await Task.sleep(for: .milliseconds(2))
            }
            #expect(session.status == .completed && session.error == nil && session.progress == 1)
            #expect(zip(seen, seen.dropFirst()).allSatisfy { $0 <= $1 }, "\(seen)")
            #expect(seen.contains { $0 > 0 && $0 < 1 })
            // A session exports once: a second call leaves it as it is.
            await session.export()
            #expect(session.status == .completed)
        }

        @Test func cancellingBeforeTheStartCancels() async throws {
            let session = try session()
            session.outputURL = ExportFixtures.output("cancel-early")
            session.outputFileType = .mp4
            session.cancelExport()
            await session.export()
            #expect(session.status == .cancelled)
            #expect((session.error as? CocoaError)?.code == .userCancelled)
        }

        @Test func cancellingDuringTheExportLeavesNoFile() async throws {
            let session = try session()
            let url = ExportFixtures.output("cancel")
            session.outputURL = url
            session.outputFileType = .mp4
            _ = await exportWatching(session) { session.cancelExport() }
            #expect(session.status == .cancelled)
            #expect((session.error as? CocoaError)?.code == .userCancelled)
            #expect(!FileManager.default.fileExists(atPath: url.path))
            #expect(!ExportFixtures.hasPartialFiles(in: MediaFixtures.folder))
        }

        @Test func exportToAsThrowsCancellationErrorWhenItsTaskIsCancelled() async throws {
            let session = try session()
            let url = ExportFixtures.output("task")
            let task = Task { try await session.export(to: url, as: .mp4) }
            while session.progress == 0, session.status != .failed {
                try await Task.sleep(for: .milliseconds(2))
            }
            task.cancel()
            await #expect(throws: CancellationError.self) { try await task.value }
            #expect(session.status == .cancelled && !FileManager.default.fileExists(atPath: url.path))
        }

        @Test func exportToAsWritesTheFileTypeAsked() async throws {
            let url = ExportFixtures.output("movie", extension: "mov")
            defer { try? FileManager.default.removeItem(at: url) }
            try await session().export(to: url, as: .mov)
            let brand = String(
                decoding: ExportFixtures.run(
                    ["-v", "error", "-show_entries", "format_tags=major_brand", "-of", "csv=p=0", url.path],
                    program: "ffprobe"), as: UTF8.self)
            #expect(brand.trimmingCharacters(in: .whitespacesAndNewlines) == "qt")
        }

        @Test func webMIsVP9AndOpus() async throws {
            let composition = AVMutableComposition()
            try composition.insertTimeRange(range(0, 1), of: clip, at: .zero)
            let musicTrack = try #require(
                composition.addMutableTrack(withMediaType: .audio, preferredTrackID: 0))
            let music = AVURLAsset(url: ExportFixtures.music)
            try musicTrack.insertTimeRange(range(0, 1), of: try #require(music.tracks.first), at: .zero)
            let session = try #require(
                AVAssetExportSession(asset: composition, presetName: AVAssetExportPresetHighestQuality))
            let url = ExportFixtures.output("webm", extension: "webm")
            defer { try? FileManager.default.removeItem(at: url) }
            try await session.export(to: url, as: .webm)
            let codecs = String(
                decoding: ExportFixtures.run(
                    ["-v", "error", "-show_entries", "stream=codec_name", "-of", "csv=p=0", url.path],
                    program: "ffprobe"), as: UTF8.self)
            #expect(codecs.split(separator: "\n") == ["vp9", "opus"])
        }

        @Test(arguments: [true, false])
        func optimizingForNetworkUsePutsTheIndexFirst(_ optimize: Bool) async throws {
            let session = try session()
            session.shouldOptimizeForNetworkUse = optimize
            let url = await exportCompleted(session, name: "faststart")
            defer { try? FileManager.default.removeItem(at: url) }
            let bytes = try Data(contentsOf: url)
            let moov = try #require(bytes.range(of: Data("moov".utf8))?.lowerBound)
            let mdat = try #require(bytes.range(of: Data("mdat".utf8))?.lowerBound)
            #expect((moov < mdat) == optimize)
        }

        @Test func aSizedPresetScalesDownAndNeverUp() async throws {
            let videoComposition = AVMutableVideoComposition(propertiesOf: clip)
            videoComposition.renderSize = CGSize(width: 640, height: 360)
            var sizes: [String] = []
            for preset in [AVAssetExportPresetMediumQuality, AVAssetExportPreset1920x1080] {
                let session = try session(preset)
                session.videoComposition = videoComposition
                let url = await exportCompleted(session, name: "preset")
                defer { try? FileManager.default.removeItem(at: url) }
                let size = ExportFixtures.run(
                    ["-v", "error", "-show_entries", "stream=width,height", "-of", "csv=p=0:s=x", url.path],
                    program: "ffprobe")
                sizes.append(
                    String(decoding: size, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
            }
            #expect(sizes == ["480x270", "640x360"])
        }
    }
}

/// A flag set once from any thread.
final class Done: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}
