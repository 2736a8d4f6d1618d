import AVFoundation
import CoreGraphics
import CoreMedia
import Foundation
import QuartzCore
import Testing

extension ExportSessionTests {
    /// Each bad input: the status, Apple's error, and no file left (ruling AV17).
    @Suite struct Errors {
        let clip = AVURLAsset(url: ExportFixtures.grey)

        /// Exports `session` to `url` (a new path by default) as `fileType`, expecting `.failed`;
        /// returns the error, after checking that nothing was written.
        func failure(
            _ session: AVAssetExportSession, to url: URL = ExportFixtures.output("failed"),
            as fileType: AVFileType? = .mp4, sourceLocation: SourceLocation = #_sourceLocation
        ) async -> (any Error)? {
            let existed = FileManager.default.fileExists(atPath: url.path)
            session.outputURL = url
            session.outputFileType = fileType
            await session.export()
            #expect(session.status == .failed, sourceLocation: sourceLocation)
            if !existed {
                #expect(!FileManager.default.fileExists(atPath: url.path), sourceLocation: sourceLocation)
            }
            #expect(!ExportFixtures.hasPartialFiles(in: MediaFixtures.folder), sourceLocation: sourceLocation)
            return session.error
        }

        func session(_ asset: AVAsset) throws -> AVAssetExportSession {
            try #require(AVAssetExportSession(asset: asset, presetName: AVAssetExportPresetHighestQuality))
        }

        @Test func presetsLaminaDoesNotRenderGiveNoSession() {
            #expect(AVAssetExportSession(asset: clip, presetName: AVAssetExportPresetPassthrough) == nil)
            #expect(AVAssetExportSession(asset: clip, presetName: "NoSuchPreset") == nil)
            #expect(!AVAssetExportSession.allExportPresets().contains(AVAssetExportPresetPassthrough))
            #expect(AVAssetExportSession.allExportPresets().contains(AVAssetExportPreset1920x1080))
            let session = AVAssetExportSession(asset: clip, presetName: AVAssetExportPresetLowQuality)
            #expect(session?.supportedFileTypes == [.mov, .mp4, .m4v, .webm])
            #expect(session?.status == .unknown && session?.progress == 0 && session?.error == nil)
        }

        @Test func compatibilityIsThePresetAndTheFileType() async throws {
            func compatible(_ preset: String, _ type: AVFileType?) async -> Bool {
                await withCheckedContinuation { continuation in
                    AVAssetExportSession.determineCompatibility(
                        ofExportPreset: preset, with: clip, outputFileType: type
                    ) { continuation.resume(returning: $0) }
                }
            }
            #expect(await compatible(AVAssetExportPreset1280x720, .mov))
            #expect(await compatible(AVAssetExportPresetLowQuality, nil))
            #expect(await !compatible(AVAssetExportPresetPassthrough, .mp4))
            #expect(await !compatible(AVAssetExportPresetHighestQuality, AVFileType(rawValue: "public.avi")))
            let session = try #require(
                AVAssetExportSession(asset: clip, presetName: AVAssetExportPreset640x480))
            let types = await withCheckedContinuation { continuation in
                session.determineCompatibleFileTypes { continuation.resume(returning: $0) }
            }
            #expect(types == [.mov, .mp4, .m4v, .webm])
        }

        @Test func anExistingFileIsKept() async throws {
            let url = ExportFixtures.output("existing")
            try Data("keep".utf8).write(to: url)
            defer { try? FileManager.default.removeItem(at: url) }
            let error = await failure(try session(clip), to: url)
            #expect((error as? AVError)?.code == .fileAlreadyExists)
            #expect(error.map { ($0 as NSError).code } == -11823)
            #expect(try Data(contentsOf: url) == Data("keep".utf8))
        }

        @Test func aMissingSourceFileIsURLErrorFileDoesNotExist() async throws {
            let copy = MediaFixtures.folder.appendingPathComponent("vanishing-\(UUID().uuidString).mp4")
            try FileManager.default.copyItem(at: ExportFixtures.grey, to: copy)
            let composition = AVMutableComposition()
            try composition.insertTimeRange(range(0, 1), of: AVURLAsset(url: copy), at: .zero)
            try FileManager.default.removeItem(at: copy)
            let error = await failure(try session(composition))
            #expect((error as? URLError)?.code == .fileDoesNotExist)
        }

        @Test func aFileThatIsNotMediaIsNotRecognized() async throws {
            let error = await failure(try session(AVURLAsset(url: MediaFixtures.garbage)))
            #expect((error as? AVError)?.code == .fileFormatNotRecognized)
        }

        @Test func anAssetWithoutVideoIsNotSupported() async throws {
            let error = await failure(try session(AVURLAsset(url: ExportFixtures.music)))
            #expect((error as? AVError)?.code == .operationNotSupportedForAsset)
        }

        @Test(arguments: [range(5, 1), range(-1, 1), CMTimeRange(start: .zero, duration: .zero), .invalid])
        func aTimeRangeOutsideTheAssetFails(_ timeRange: CMTimeRange) async throws {
            let session = try session(clip)
            session.timeRange = timeRange
            let error = await failure(session)
            #expect((error as? AVError)?.code == .exportFailed)
        }

        @Test func anUnsupportedOrMissingFileTypeOrURLFails() async throws {
            for fileType in [AVFileType.m4a, .wav, AVFileType(rawValue: "public.avi")] {
                let error = await failure(try session(clip), as: fileType)
                #expect((error as? AVError)?.code == .exportFailed, "\(fileType.rawValue)")
            }
            let none = await failure(try session(clip), as: nil)
            #expect((none as? AVError)?.code == .exportFailed)
            let noURL = try session(clip)
            noURL.outputFileType = .mp4
            await noURL.export()
            #expect(noURL.status == .failed && (noURL.error as? AVError)?.code == .exportFailed)
        }

        @Test func aVideoCompositionAppleRejectsIsInvalid() async throws {
            let scaled = AVMutableVideoComposition(propertiesOf: clip)
            scaled.renderScale = 2
            let gap = AVMutableVideoComposition(propertiesOf: clip)
            let instruction = try #require(gap.instructions.first as? AVMutableVideoCompositionInstruction)
            instruction.timeRange = range(0.5, 0.5)  // nothing covers [0, 0.5)
            let noSize = AVMutableVideoComposition(propertiesOf: clip)
            noSize.renderSize = .zero
            for videoComposition in [scaled, gap, noSize] {
                let session = try session(clip)
                session.videoComposition = videoComposition
                let error = await failure(session)
                #expect((error as? AVError)?.code == .invalidVideoComposition)
            }
        }

        @Test func aVideoLayerOutsideTheAnimationLayerIsInvalid() async throws {
            let videoComposition = AVMutableVideoComposition(propertiesOf: clip)
            let parent = CALayer()
            parent.frame = CGRect(x: 0, y: 0, width: 160, height: 90)
            videoComposition.animationTool = AVVideoCompositionCoreAnimationTool(
                postProcessingAsVideoLayer: CALayer(), in: parent)
            let session = try session(clip)
            session.videoComposition = videoComposition
            let error = await failure(session)
            #expect((error as? AVError)?.code == .invalidVideoComposition)
        }
    }
}
