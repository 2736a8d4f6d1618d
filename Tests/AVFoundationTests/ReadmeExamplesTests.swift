import AVFoundation
import CoreMedia
import Foundation
import Testing

extension ExportSessionTests {
    /// The README's "Video and audio" example that uses AVFoundation, word for word between the
    /// `README` marks (LaminaExportTests checks that the README shows it), run on generated
    /// 160×90 clips.
    @Suite struct ReadmeExamples {
        @Test("two clips crossfaded: 1.5 s of H.264, the first clip, then both, then the second")
        func crossfade() async throws {
            let folder = MediaFixtures.folder.appendingPathComponent("readme-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            for (name, colour) in [("a.mp4", "red"), ("b.mp4", "blue")] {
                ExportFixtures.run([
                    "-v", "error", "-y", "-f", "lavfi", "-i", "color=c=\(colour):s=160x90:r=30:d=1", "-c:v",
                    "libx264", "-pix_fmt", "yuv420p", folder.appendingPathComponent(name).path,
                ])
            }
            /// The README's file names, found in `folder` (the current directory is the whole test
            /// process's, so it is not changed).
            func URL(fileURLWithPath name: String) -> Foundation.URL { folder.appendingPathComponent(name) }
            // README begin: two clips crossfaded
            let a = AVURLAsset(url: URL(fileURLWithPath: "a.mp4"))
            let b = AVURLAsset(url: URL(fileURLWithPath: "b.mp4"))
            let fade = CMTimeRange(start: a.duration - CMTime(value: 1, timescale: 2), end: a.duration)
            let composition = AVMutableComposition()
            let first = composition.addMutableTrack(
                withMediaType: .video, preferredTrackID: kCMPersistentTrackID_Invalid)!
            let second = composition.addMutableTrack(
                withMediaType: .video, preferredTrackID: kCMPersistentTrackID_Invalid)!
            try first.insertTimeRange(
                CMTimeRange(start: .zero, duration: a.duration), of: a.tracks(withMediaType: .video)[0],
                at: .zero)
            try second.insertTimeRange(
                CMTimeRange(start: .zero, duration: b.duration), of: b.tracks(withMediaType: .video)[0],
                at: fade.start)
            let fadeOut = AVMutableVideoCompositionLayerInstruction(assetTrack: first)
            fadeOut.setOpacityRamp(fromStartOpacity: 1, toEndOpacity: 0, timeRange: fade)
            let instruction = AVMutableVideoCompositionInstruction()
            instruction.timeRange = CMTimeRange(start: .zero, duration: composition.duration)
            instruction.layerInstructions = [
                fadeOut, AVMutableVideoCompositionLayerInstruction(assetTrack: second),
            ]
            let videoComposition = AVMutableVideoComposition(propertiesOf: composition)
            videoComposition.instructions = [instruction]
            let session = AVAssetExportSession(
                asset: composition, presetName: AVAssetExportPresetHighestQuality)!
            session.videoComposition = videoComposition
            try await session.export(to: URL(fileURLWithPath: "crossfade.mp4"), as: .mp4)
            // README end
            let output = folder.appendingPathComponent("crossfade.mp4")
            let streams = String(
                decoding: ExportFixtures.run(
                    ["-v", "error", "-show_entries", "stream=codec_name", "-of", "csv=p=0", output.path],
                    program: "ffprobe"), as: UTF8.self)
            #expect(streams.split(whereSeparator: \.isNewline) == ["h264"])
            let frames = ExportFixtures.frames(of: output, width: 160, height: 90)
            #expect(frames.count == 45)
            // Red alone, half red and half blue in the middle of the fade, then blue alone.
            for (index, red, blue) in [(10, 255, 0), (22, 136, 119), (40, 0, 255)] where frames.count == 45 {
                let pixel = ExportFixtures.pixel(frames[index], width: 160, x: 80, y: 45)
                #expect(abs(pixel.r - red) < 40 && abs(pixel.b - blue) < 40, "frame \(index): \(pixel)")
            }
        }
    }
}
