import AVFoundation
import CoreGraphics
import CoreMedia
import Foundation
import QuartzCore
import Testing

/// The export session's tests: one parent suite, serialized, because exports share the process's
/// manual clock and renderer.
@Suite(.serialized, .enabled(if: MediaFixtures.available, "needs ffmpeg and ffprobe"))
struct ExportSessionTests {}

/// The time tolerance of a stream's duration: one frame at 30 fps.
let oneFrame = 1.0 / 30

/// Exports `session` to a new file and returns it, expecting `.completed`.
func exportCompleted(
    _ session: AVAssetExportSession, name: String, sourceLocation: SourceLocation = #_sourceLocation
) async -> URL {
    let url = ExportFixtures.output(name)
    session.outputURL = url
    session.outputFileType = .mp4
    await session.export()
    #expect(
        session.status == .completed, "\(String(describing: session.error))", sourceLocation: sourceLocation)
    return url
}

/// A red `width`×`height` layer at `origin`.
func box(_ origin: CGPoint, width: CGFloat = 40, height: CGFloat = 30) -> CALayer {
    let layer = CALayer()
    layer.frame = CGRect(origin: origin, size: CGSize(width: width, height: height))
    layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    return layer
}

/// Whether an RGB pixel is clearly green.
func isGreen(_ pixel: (r: Int, g: Int, b: Int)) -> Bool {
    pixel.g > 200 && pixel.r < 60 && pixel.b < 60
}

/// Whether an RGB pixel is clearly red.
func isRed(_ pixel: (r: Int, g: Int, b: Int)) -> Bool {
    pixel.r > 200 && pixel.g < 60 && pixel.b < 60
}

extension ExportSessionTests {
    /// Two clips (the second trimmed), a title over them through the Core Animation tool and music
    /// under both with a volume ramp: the scenario.
    @Suite struct Composition {
        let clipA = AVURLAsset(url: ExportFixtures.clipA)
        let clipB = AVURLAsset(url: ExportFixtures.clipB)
        let music = AVURLAsset(url: ExportFixtures.music)

        /// The composition: clip A whole over [0, 1), clip B's [0.5, 1.5) over [1, 2), the music
        /// over [0, 2) with its volume 1 until 0.5 s, ramping to 0.25 at 1.5 s.
        func make() throws -> (AVMutableComposition, AVMutableVideoComposition, AVMutableAudioMix) {
            let composition = AVMutableComposition()
            try composition.insertTimeRange(range(0, 1), of: clipA, at: .zero)
            try composition.insertTimeRange(range(0.5, 1), of: clipB, at: t(1))
            let musicTrack = try #require(
                composition.addMutableTrack(withMediaType: .audio, preferredTrackID: 0))
            try musicTrack.insertTimeRange(range(0, 2), of: try #require(music.tracks.first), at: .zero)
            let videoComposition = AVMutableVideoComposition(propertiesOf: composition)
            let parent = CALayer()
            parent.frame = CGRect(x: 0, y: 0, width: 160, height: 90)
            parent.isGeometryFlipped = true
            let videoLayer = CALayer()
            videoLayer.frame = parent.bounds
            parent.addSublayer(videoLayer)
            let title = box(.zero)  // top-left 40×30
            title.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
            parent.addSublayer(title)
            videoComposition.animationTool = AVVideoCompositionCoreAnimationTool(
                postProcessingAsVideoLayer: videoLayer, in: parent)
            let parameters = AVMutableAudioMixInputParameters(track: musicTrack)
            parameters.setVolumeRamp(fromStartVolume: 1, toEndVolume: 0.25, timeRange: range(0.5, 1))
            let audioMix = AVMutableAudioMix()
            audioMix.inputParameters = [parameters]
            return (composition, videoComposition, audioMix)
        }

        @Test func exportsOneVideoAndOneAudioStreamOfTheCompositionsDuration() async throws {
            let (composition, videoComposition, audioMix) = try make()
            let session = try #require(
                AVAssetExportSession(asset: composition, presetName: AVAssetExportPresetHighestQuality))
            session.videoComposition = videoComposition
            session.audioMix = audioMix
            let url = await exportCompleted(session, name: "composition")
            defer { try? FileManager.default.removeItem(at: url) }
            let streams = ExportFixtures.streams(url)
            #expect(streams.map(\.type) == ["video", "audio"])
            for stream in streams { #expect(abs(stream.duration - 2) <= oneFrame, "\(stream)") }

            // Sound: the ramp's gain, against the music itself at the same times (±1 dB).
            for (time, gain) in [(0.2, 1.0), (1.0, 0.625), (1.7, 0.25)] {
                let heard = ExportFixtures.level(url, start: time - 0.05, duration: 0.1)
                let source = ExportFixtures.level(ExportFixtures.music, start: time - 0.05, duration: 0.1)
                #expect(
                    abs(heard - source - 20 * log10(gain)) <= 1, "at \(time) s: \(heard) dB vs \(source) dB")
            }

            // Pictures below the title: the sources' frames (clip B trimmed by 0.5 s).
            for (frame, source, sourceFrame) in [
                (0, ExportFixtures.clipA, 0), (15, ExportFixtures.clipA, 15), (29, ExportFixtures.clipA, 29),
                (30, ExportFixtures.clipB, 15), (45, ExportFixtures.clipB, 30),
                (59, ExportFixtures.clipB, 44),
            ] {
                let exported = ExportFixtures.frame(frame, of: url)
                let expected = ExportFixtures.frame(sourceFrame, of: source)
                let psnr = ExportFixtures.psnr(exported, expected, width: 160, rows: 30..<90)
                #expect(
                    psnr >= 35,
                    "frame \(frame): \(psnr) dB against \(source.lastPathComponent) \(sourceFrame)")
            }
            // The title is on top, at the top-left (the parent layer is geometry-flipped), where the
            // clip itself is not green.
            let title = ExportFixtures.pixel(ExportFixtures.frame(10, of: url), width: 160, x: 20, y: 15)
            let clip = ExportFixtures.pixel(
                ExportFixtures.frame(10, of: ExportFixtures.clipA), width: 160, x: 20, y: 15)
            #expect(isGreen(title) && !isGreen(clip), "title \(title), clip \(clip)")
        }

        /// A value set at a time is a step, then holds until a ramp; the ramp's end value holds after it.
        @Test func setVolumesAreStepsAndRampsAreLinear() async throws {
            let composition = AVMutableComposition()
            try composition.insertTimeRange(range(0, 1), of: AVURLAsset(url: ExportFixtures.grey), at: .zero)
            let musicTrack = try #require(
                composition.addMutableTrack(withMediaType: .audio, preferredTrackID: 0))
            try musicTrack.insertTimeRange(range(0, 1), of: try #require(music.tracks.first), at: .zero)
            let parameters = AVMutableAudioMixInputParameters(track: musicTrack)
            parameters.setVolume(0.5, at: t(0.3))
            parameters.setVolumeRamp(fromStartVolume: 0.5, toEndVolume: 0.1, timeRange: range(0.6, 0.2))
            let audioMix = AVMutableAudioMix()
            audioMix.inputParameters = [parameters]
            let session = try #require(
                AVAssetExportSession(asset: composition, presetName: AVAssetExportPresetHighestQuality))
            session.audioMix = audioMix
            let url = await exportCompleted(session, name: "volumes")
            defer { try? FileManager.default.removeItem(at: url) }
            for (time, gain) in [(0.15, 1.0), (0.45, 0.5), (0.7, 0.3), (0.9, 0.1)] {
                let heard = ExportFixtures.level(url, start: time - 0.03, duration: 0.06)
                let source = ExportFixtures.level(ExportFixtures.music, start: time - 0.03, duration: 0.06)
                #expect(
                    abs(heard - source - 20 * log10(gain)) <= 1, "at \(time) s: \(heard) dB vs \(source) dB")
            }
        }

        /// Music slowed to half speed with `scaleTimeRange` lasts twice as long at the same pitch.
        @Test func scaledAudioPlaysAtItsNewSpeedAndKeepsItsPitch() async throws {
            let composition = AVMutableComposition()
            try composition.insertTimeRange(range(0, 1), of: AVURLAsset(url: ExportFixtures.grey), at: .zero)
            let musicTrack = try #require(
                composition.addMutableTrack(withMediaType: .audio, preferredTrackID: 0))
            try musicTrack.insertTimeRange(range(0, 0.5), of: try #require(music.tracks.first), at: .zero)
            musicTrack.scaleTimeRange(range(0, 0.5), toDuration: t(1))
            let session = try #require(
                AVAssetExportSession(asset: composition, presetName: AVAssetExportPresetHighestQuality))
            let url = await exportCompleted(session, name: "slowed")
            defer { try? FileManager.default.removeItem(at: url) }
            let audio = try #require(ExportFixtures.streams(url).first { $0.type == "audio" })
            #expect(abs(audio.duration - 1) <= oneFrame)
            // 440 Hz throughout (880 sign changes a second), at the music's level.
            for time in [0.2, 0.8] {
                let crossings = ExportFixtures.crossingsPerSecond(url, start: time - 0.1, duration: 0.2)
                #expect(abs(crossings - 880) <= 30, "at \(time) s: \(crossings) sign changes a second")
                let heard = ExportFixtures.level(url, start: time - 0.05, duration: 0.1)
                let source = ExportFixtures.level(ExportFixtures.music, start: 0.2, duration: 0.1)
                #expect(abs(heard - source) <= 1, "at \(time) s: \(heard) dB vs \(source) dB")
            }
        }
    }
}
