import AVFoundation
import CoreGraphics
import CoreMedia
import QuartzCore
import Testing

/// Writes down each problem validation reports.
final class ProblemRecorder: AVVideoCompositionValidationHandling {
    var problems: [String] = []
    let continues: Bool

    init(continues: Bool = true) {
        self.continues = continues
    }

    func videoComposition(
        _ videoComposition: AVVideoComposition,
        shouldContinueValidatingAfterFindingInvalidValueForKey key: String
    ) -> Bool {
        problems.append("value \(key)")
        return continues
    }

    func videoComposition(
        _ videoComposition: AVVideoComposition,
        shouldContinueValidatingAfterFindingEmptyTimeRange timeRange: CMTimeRange
    ) -> Bool {
        problems.append("gap \(timeRange.start.seconds)-\(timeRange.end.seconds)")
        return continues
    }

    func videoComposition(
        _ videoComposition: AVVideoComposition,
        shouldContinueValidatingAfterFindingInvalidTimeRangeIn videoCompositionInstruction:
            any AVVideoCompositionInstructionProtocol
    ) -> Bool {
        problems.append("range \(videoCompositionInstruction.timeRange.start.seconds)")
        return continues
    }

    func videoComposition(
        _ videoComposition: AVVideoComposition,
        shouldContinueValidatingAfterFindingInvalidTrackIDIn videoCompositionInstruction:
            any AVVideoCompositionInstructionProtocol,
        layerInstruction: AVVideoCompositionLayerInstruction, asset: AVAsset
    ) -> Bool {
        problems.append("track \(layerInstruction.trackID)")
        return continues
    }
}

/// An instruction over `[start, start + duration)` seconds showing `trackIDs`.
func instruction(_ start: Double, _ duration: Double, tracks trackIDs: [CMPersistentTrackID] = [])
    -> AVMutableVideoCompositionInstruction
{
    let instruction = AVMutableVideoCompositionInstruction()
    instruction.timeRange = range(start, duration)
    instruction.layerInstructions = trackIDs.map { trackID in
        let layer = AVMutableVideoCompositionLayerInstruction()
        layer.trackID = trackID
        return layer
    }
    return instruction
}

@Suite(.enabled(if: MediaFixtures.available, "needs ffmpeg and ffprobe"))
struct VideoCompositionValidationTests {
    @Test func propertiesOfAnAssetAreValidForIt() throws {
        let composition = AVMutableComposition()
        try composition.insertTimeRange(range(0, 1), of: AVURLAsset(url: MediaFixtures.movie), at: .zero)
        try composition.insertTimeRange(range(0, 0.5), of: AVURLAsset(url: MediaFixtures.short), at: t(1.5))
        let videoComposition = AVVideoComposition(propertiesOf: composition)
        let recorder = ProblemRecorder()
        #expect(videoComposition.isValid(for: composition, timeRange: .invalid, validationDelegate: recorder))
        #expect(recorder.problems.isEmpty)
        let rotated = MediaFixtures.rotatedAsset
        #expect(
            AVVideoComposition(propertiesOf: rotated).isValid(
                for: rotated, timeRange: .invalid, validationDelegate: nil))
    }

    @Test func everyProblemInOrder() throws {
        let composition = AVMutableComposition()
        try composition.insertTimeRange(range(0, 1), of: AVURLAsset(url: MediaFixtures.movie), at: .zero)
        let videoComposition = AVMutableVideoComposition()
        videoComposition.frameDuration = CMTime(value: 1, timescale: 30)
        videoComposition.instructions = [
            instruction(0, 0.25, tracks: [1]),
            instruction(0.5, 0.25, tracks: [1, 7]),  // a gap before it; track 7 is nobody's
            instruction(0.6, 0.1),  // overlaps the previous one
        ]
        let recorder = ProblemRecorder()
        #expect(
            !videoComposition.isValid(for: composition, timeRange: range(0, 1), validationDelegate: recorder))
        #expect(
            recorder.problems == ["value renderSize", "gap 0.25-0.5", "track 7", "range 0.6", "gap 0.75-1.0"])
        // A delegate that stops hears of the first problem only.
        let stopper = ProblemRecorder(continues: false)
        #expect(
            !videoComposition.isValid(for: composition, timeRange: range(0, 1), validationDelegate: stopper))
        #expect(stopper.problems == ["value renderSize"])
        // The animation tool's additional track is a track too; without an asset, tracks are not checked.
        videoComposition.renderSize = CGSize(width: 160, height: 120)
        videoComposition.instructions = [instruction(0, 1, tracks: [1, 7])]
        videoComposition.animationTool = AVVideoCompositionCoreAnimationTool(
            additionalLayer: .init(), asTrackID: 7)
        #expect(videoComposition.isValid(for: composition, timeRange: .invalid, validationDelegate: nil))
        videoComposition.animationTool = nil
        #expect(!videoComposition.isValid(for: composition, timeRange: .invalid, validationDelegate: nil))
        #expect(videoComposition.isValid(for: nil, timeRange: range(0, 1), validationDelegate: nil))
    }
}
