import AVFoundation
import CoreGraphics
import CoreMedia
import Foundation
import QuartzCore
import Testing

/// The instructions' time ranges are contiguous from zero to `duration`.
func expectCovering(
    _ instructions: [any AVVideoCompositionInstructionProtocol], _ duration: CMTime,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    var expected = CMTime.zero
    for instruction in instructions {
        #expect(instruction.timeRange.start == expected, sourceLocation: sourceLocation)
        expected = instruction.timeRange.end
    }
    #expect(expected == duration, sourceLocation: sourceLocation)
}

struct VideoCompositionDefaultsTests {
    @Test func apple_sDefaults() {
        let composition = AVMutableVideoComposition()
        #expect(composition.renderSize == .zero && composition.renderScale == 1)
        #expect(!composition.frameDuration.isValid && composition.instructions.isEmpty)
        #expect(composition.animationTool == nil)
        #expect(composition.sourceTrackIDForFrameTiming == kCMPersistentTrackID_Invalid)
        let instruction = AVMutableVideoCompositionInstruction()
        #expect(!instruction.timeRange.isValid && instruction.backgroundColor == nil)
        #expect(instruction.layerInstructions.isEmpty && instruction.enablePostProcessing)
        #expect(
            instruction.containsTweening && instruction.passthroughTrackID == kCMPersistentTrackID_Invalid)
        #expect(AVCoreAnimationBeginTimeAtZero == 1e-100)
    }
}

@Suite(.enabled(if: MediaFixtures.available, "needs ffmpeg and ffprobe"))
struct VideoCompositionTests {
    @Test func propertiesOfARotatedClip() throws {
        let asset = MediaFixtures.rotatedAsset
        let composition = AVVideoComposition(propertiesOf: asset)
        // The 160×120 frames under a quarter turn: 120×160.
        #expect(composition.renderSize == CGSize(width: 120, height: 160))
        #expect(composition.frameDuration == CMTime(value: 1, timescale: 30))
        #expect(composition.renderScale == 1 && composition.animationTool == nil)
        expectCovering(composition.instructions, asset.duration)
        let first = try #require(composition.instructions.first as? AVVideoCompositionInstruction)
        let layer = try #require(first.layerInstructions.first)
        #expect(first.layerInstructions.count == 1 && layer.trackID == 1)
        #expect(layer.transform(at: t(0.5)) == asset.tracks[0].preferredTransform)
        #expect(first.requiredSourceTrackIDs?.compactMap { ($0 as? NSNumber)?.int32Value } == [1])
        // Where the audio outlasts the video, a span shows no track.
        for instruction in composition.instructions.dropFirst() {
            #expect((instruction as? AVVideoCompositionInstruction)?.layerInstructions.isEmpty == true)
        }
    }

    @Test func propertiesOfACompositionFollowSegments() async throws {
        let composition = AVMutableComposition()
        let movie = AVURLAsset(url: MediaFixtures.movie)
        try composition.insertTimeRange(range(0, 1), of: movie, at: .zero)
        try composition.insertTimeRange(range(0, 0.5), of: AVURLAsset(url: MediaFixtures.short), at: t(1))
        let videoComposition = try await AVMutableVideoComposition.videoComposition(
            withPropertiesOf: composition)
        // A composition renders at its natural size: the first video track's, untransformed.
        #expect(videoComposition.renderSize == CGSize(width: 160, height: 120))
        #expect(videoComposition.instructions.map(\.timeRange) == [range(0, 1), range(1, 0.5)])
        let layers = videoComposition.instructions.compactMap { $0 as? AVVideoCompositionInstruction }
            .map { $0.layerInstructions.map(\.trackID) }
        #expect(layers == [[1], [1]])
        videoComposition.renderSize = CGSize(width: 640, height: 480)
        #expect(videoComposition.renderSize.width == 640)
        // No video track: no instructions, and 30 fps.
        let silent = AVMutableComposition()
        _ = silent.addMutableTrack(withMediaType: .audio, preferredTrackID: 0)
        let empty = AVVideoComposition(propertiesOf: silent)
        #expect(empty.instructions.isEmpty && empty.frameDuration == CMTime(value: 1, timescale: 30))
    }

    /// Apple's asynchronous form, called from the main actor as a view model would.
    @MainActor @Test func asynchronousPropertiesOnTheMainActor() async throws {
        let asset = AVURLAsset(url: MediaFixtures.movie)
        let videoComposition = try await AVVideoComposition.videoComposition(withPropertiesOf: asset)
        #expect(videoComposition.renderSize == CGSize(width: 160, height: 120))
        let mutable = try await AVMutableVideoComposition.videoComposition(withPropertiesOf: asset)
        mutable.renderScale = 1
        #expect(mutable.frameDuration == CMTime(value: 1, timescale: 30))
    }

    /// An iOS watermark export's setup, as written for iOS: it compiles and builds the model.
    @Test func watermarkOverAClip() async throws {
        let asset = AVURLAsset(url: MediaFixtures.rotated)
        let composition = AVMutableComposition()
        guard
            let videoTrack = composition.addMutableTrack(
                withMediaType: .video, preferredTrackID: kCMPersistentTrackID_Invalid),
            let sourceVideo = try await asset.loadTracks(withMediaType: .video).first
        else {
            Issue.record("no video track")
            return
        }
        let duration = try await asset.load(.duration)
        try videoTrack.insertTimeRange(
            CMTimeRange(start: .zero, duration: duration), of: sourceVideo, at: .zero)
        let (naturalSize, transform) = try await sourceVideo.load(.naturalSize, .preferredTransform)
        videoTrack.preferredTransform = transform
        let turned = CGRect(origin: .zero, size: naturalSize).applying(transform).size
        let videoSize = CGSize(width: abs(turned.width), height: abs(turned.height))

        let parentLayer = CALayer()
        parentLayer.frame = CGRect(origin: .zero, size: videoSize)
        let videoLayer = CALayer()
        videoLayer.frame = parentLayer.frame
        let watermark = CATextLayer()
        watermark.string = "Lamina"
        watermark.fontSize = 14
        watermark.frame = CGRect(x: 8, y: 8, width: 100, height: 20)
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 1
        fade.beginTime = AVCoreAnimationBeginTimeAtZero
        fade.duration = 0.5
        fade.isRemovedOnCompletion = false
        watermark.add(fade, forKey: "fade")
        parentLayer.addSublayer(videoLayer)
        parentLayer.addSublayer(watermark)

        let videoComposition = AVMutableVideoComposition()
        videoComposition.renderSize = videoSize
        videoComposition.frameDuration = CMTime(value: 1, timescale: 30)
        videoComposition.animationTool = AVVideoCompositionCoreAnimationTool(
            postProcessingAsVideoLayer: videoLayer, in: parentLayer)
        let instruction = AVMutableVideoCompositionInstruction()
        instruction.timeRange = CMTimeRange(start: .zero, duration: composition.duration)
        instruction.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        let layerInstruction = AVMutableVideoCompositionLayerInstruction(assetTrack: videoTrack)
        layerInstruction.setTransform(videoTrack.preferredTransform, at: .zero)
        layerInstruction.setOpacityRamp(
            fromStartOpacity: 1, toEndOpacity: 0,
            timeRange: CMTimeRange(start: composition.duration - t(0.5), duration: t(0.5)))
        instruction.layerInstructions = [layerInstruction]
        videoComposition.instructions = [instruction]

        #expect(videoComposition.renderSize == CGSize(width: 120, height: 160))
        #expect(videoComposition.instructions.count == 1)
        #expect(videoComposition.instructions[0].timeRange.duration == duration)
        #expect(layerInstruction.trackID == videoTrack.trackID)
        #expect(layerInstruction.transform(at: t(0.2)) == transform)
        #expect(abs(layerInstruction.opacity(at: duration - t(0.25)) - 0.5) <= rampTolerance)
        #expect(videoComposition.animationTool != nil)
        let tool = AVVideoCompositionCoreAnimationTool(additionalLayer: CALayer(), asTrackID: 99)
        _ = tool
    }
}
