import AVFoundation
import CoreGraphics
import CoreMedia
import Foundation
import Testing

extension ExportSessionTests {
    /// Which source frame each exported frame shows: trims, offsets, speed changes and the
    /// session's time range, frame-exactly (ruling AV18).
    @Suite struct Timing {
        let numbered = AVURLAsset(url: ExportFixtures.numbered)

        /// Source frames 15…29 over [0, 0.5), then source [0, 0.5) slowed to [0.5, 1.5).
        func composition() throws -> AVMutableComposition {
            let composition = AVMutableComposition()
            try composition.insertTimeRange(range(0.5, 0.5), of: numbered, at: .zero)
            try composition.insertTimeRange(range(0, 0.5), of: numbered, at: t(0.5))
            composition.scaleTimeRange(range(0.5, 0.5), toDuration: t(1))
            return composition
        }

        /// The source frame shown at composition frame `n` (30 fps): the frame that began at or
        /// before the mapped source time.
        func expectedSourceFrame(_ n: Int) -> Int {
            n < 15 ? 15 + n : (n - 15) / 2
        }

        @Test func trimmedAndSlowedSegmentsShowTheFrameOnScreenAtEachTime() async throws {
            let session = try #require(
                AVAssetExportSession(asset: try composition(), presetName: AVAssetExportPresetHighestQuality))
            let url = await exportCompleted(session, name: "numbered")
            defer { try? FileManager.default.removeItem(at: url) }
            let frames = ExportFixtures.frames(of: url, width: 32, height: 32)
            #expect(frames.count == 45)
            #expect(frames.map(ExportFixtures.numberedFrame) == (0..<45).map(expectedSourceFrame))
        }

        @Test func aTimeRangeExportsItsFramesOnly() async throws {
            let session = try #require(
                AVAssetExportSession(asset: try composition(), presetName: AVAssetExportPresetHighestQuality))
            session.timeRange = range(0.2, 1)  // composition frames 6..<36
            let url = await exportCompleted(session, name: "numbered-range")
            defer { try? FileManager.default.removeItem(at: url) }
            let frames = ExportFixtures.frames(of: url, width: 32, height: 32)
            #expect(frames.count == 30)
            #expect(frames.map(ExportFixtures.numberedFrame) == (6..<36).map(expectedSourceFrame))
        }

        @Test func aRangePastTheEndIsCutThere() async throws {
            let session = try #require(
                AVAssetExportSession(asset: numbered, presetName: AVAssetExportPresetHighestQuality))
            session.timeRange = range(0.5, 10)
            let url = await exportCompleted(session, name: "numbered-tail")
            defer { try? FileManager.default.removeItem(at: url) }
            let frames = ExportFixtures.frames(of: url, width: 32, height: 32)
            #expect(frames.map(ExportFixtures.numberedFrame) == Array(15..<30))
        }

        @Test func aSegmentLateInALongSourceStartsOnTheFrameOnScreen() async throws {
            // Source 2.51 s (between frames 75 and 76) onwards: decoded after a seek.
            let composition = AVMutableComposition()
            try composition.insertTimeRange(
                range(2.51, 0.4), of: AVURLAsset(url: ExportFixtures.numberedLong), at: .zero)
            let session = try #require(
                AVAssetExportSession(asset: composition, presetName: AVAssetExportPresetHighestQuality))
            let url = await exportCompleted(session, name: "numbered-late")
            defer { try? FileManager.default.removeItem(at: url) }
            let frames = ExportFixtures.frames(of: url, width: 32, height: 32).map {
                60 + ExportFixtures.numberedFrame($0)
            }
            #expect(frames == Array(75..<87))
        }

        /// A layer instruction's transform maps source pixels (origin top-left, y down) to render
        /// pixels: (0, 1, −1, 0, 90, 0) turns a 160×90 clip clockwise into a 90×160 frame, as
        /// ffmpeg's `transpose=1` does.
        @Test func aTransformTurnsThePictureAsAppleDefinesIt() async throws {
            let clip = AVURLAsset(url: ExportFixtures.clipA)
            let track = try #require(clip.tracks(withMediaType: .video).first)
            let layerInstruction = AVMutableVideoCompositionLayerInstruction(assetTrack: track)
            layerInstruction.setTransform(
                CGAffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 90, ty: 0), at: .zero)
            let instruction = AVMutableVideoCompositionInstruction()
            instruction.timeRange = range(0, 1)
            instruction.layerInstructions = [layerInstruction]
            let videoComposition = AVMutableVideoComposition()
            videoComposition.renderSize = CGSize(width: 90, height: 160)
            videoComposition.frameDuration = CMTime(value: 1, timescale: 30)
            videoComposition.instructions = [instruction]
            let session = try #require(
                AVAssetExportSession(asset: clip, presetName: AVAssetExportPresetHighestQuality))
            session.videoComposition = videoComposition
            let url = await exportCompleted(session, name: "turned")
            defer { try? FileManager.default.removeItem(at: url) }
            let exported = ExportFixtures.frame(10, of: url)
            let turned = [UInt8](
                ExportFixtures.run([
                    "-v", "error", "-i", ExportFixtures.clipA.path, "-vf", "select=eq(n\\,10),transpose=1",
                    "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgb24", "pipe:1",
                ]))
            let psnr = ExportFixtures.psnr(exported, turned, width: 90, rows: 0..<160)
            #expect(psnr >= 35, "\(psnr) dB")
        }
    }
}
