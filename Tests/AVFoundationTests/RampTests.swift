import AVFoundation
import CoreGraphics
import CoreMedia
import QuartzCore
import Testing

/// Ramps are linear in time: values inside them are exact to a float's rounding.
let rampTolerance: Float = 1e-6

/// The opacity ramp at `time`, or `nil` when the getter answers `false`.
func opacityRamp(_ layer: AVVideoCompositionLayerInstruction, at time: CMTime) -> (Float, Float, CMTimeRange)?
{
    var start: Float = -1
    var end: Float = -1
    var range = CMTimeRange.invalid
    guard layer.getOpacityRamp(for: time, startOpacity: &start, endOpacity: &end, timeRange: &range) else {
        #expect(start == -1 && end == -1 && !range.isValid)  // untouched
        return nil
    }
    return (start, end, range)
}

struct LayerInstructionRampTests {
    @Test func defaultsBeforeAnythingIsSet() {
        let layer = AVMutableVideoCompositionLayerInstruction()
        #expect(layer.trackID == kCMPersistentTrackID_Invalid)
        for seconds in [-1.0, 0, 5] {
            #expect(layer.opacity(at: t(seconds)) == 1)
            #expect(layer.transform(at: t(seconds)) == .identity)
            #expect(layer.cropRectangle(at: t(seconds)) == nil)
            #expect(opacityRamp(layer, at: t(seconds)) == nil)
        }
    }

    /// set 0.5 at 1 s, ramp 0.5 → 0 over [3, 5), set 1 at 6 s.
    @Test func opacityBeforeInsideAfterAndBetween() throws {
        let layer = AVMutableVideoCompositionLayerInstruction()
        layer.setOpacityRamp(fromStartOpacity: 0.5, toEndOpacity: 0, timeRange: range(3, 2))
        layer.setOpacity(1, at: t(6))
        layer.setOpacity(0.5, at: t(1))
        // Before the first value: 1, and no ramp.
        #expect(layer.opacity(at: t(0.5)) == 1 && opacityRamp(layer, at: t(0.5)) == nil)
        // Between two set points the value set holds; its ramp runs to the next entry.
        #expect(layer.opacity(at: t(1)) == 0.5 && layer.opacity(at: t(2.9)) == 0.5)
        let held = try #require(opacityRamp(layer, at: t(2)))
        #expect(held.0 == 0.5 && held.1 == 0.5 && held.2 == CMTimeRange(start: t(1), end: t(3)))
        // Inside the ramp: linear, 0.5 − 0.5 × (t − 3) / 2.
        for seconds in [3.0, 3.5, 4, 4.75] {
            let expected = Float(0.5 - 0.5 * (seconds - 3) / 2)
            #expect(abs(layer.opacity(at: t(seconds)) - expected) <= rampTolerance)
        }
        let ramp = try #require(opacityRamp(layer, at: t(4)))
        #expect(ramp.0 == 0.5 && ramp.1 == 0 && ramp.2 == range(3, 2))
        // After the ramp's end its end value holds, and the getter has no ramp there.
        #expect(layer.opacity(at: t(5)) == 0 && layer.opacity(at: t(5.9)) == 0)
        #expect(opacityRamp(layer, at: t(5.5)) == nil)
        // The last value set holds for ever.
        #expect(layer.opacity(at: t(100)) == 1)
        let last = try #require(opacityRamp(layer, at: t(7)))
        #expect(last.2.start == t(6) && last.2.duration == .positiveInfinity)
        // A value set again at the same time replaces it.
        layer.setOpacity(0.25, at: t(1))
        #expect(layer.opacity(at: t(2)) == 0.25)
    }

    @Test func opacityIsClampedAndBadTimesAreIgnored() {
        let layer = AVMutableVideoCompositionLayerInstruction()
        layer.setOpacity(3, at: .zero)
        #expect(layer.opacity(at: t(1)) == 1)
        layer.setOpacity(-2, at: t(2))
        #expect(layer.opacity(at: t(3)) == 0)
        layer.setOpacity(0.5, at: .invalid)
        layer.setOpacityRamp(fromStartOpacity: 0, toEndOpacity: 1, timeRange: .invalid)
        layer.setOpacityRamp(fromStartOpacity: 0, toEndOpacity: 1, timeRange: range(4, -1))
        #expect(layer.opacity(at: t(10)) == 0)
        #expect(
            CompatibilityWarnings.messages.contains {
                $0.hasPrefix("AVMutableVideoCompositionLayerInstruction.setOpacityRamp")
            })
        #expect(layer.opacity(at: .invalid) == 1)
    }

    @Test func transformRampsEntryByEntry() throws {
        let layer = AVMutableVideoCompositionLayerInstruction()
        let turn = CGAffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 120, ty: 0)
        let end = CGAffineTransform(translationX: 100, y: -40)
        layer.setTransform(turn, at: .zero)
        layer.setTransformRamp(fromStart: .identity, toEnd: end, timeRange: range(2, 2))
        #expect(layer.transform(at: t(1)) == turn)
        #expect(layer.transform(at: t(3)) == CGAffineTransform(translationX: 50, y: -20))
        #expect(layer.transform(at: t(2.5)) == CGAffineTransform(translationX: 25, y: -10))
        #expect(layer.transform(at: t(4)) == end && layer.transform(at: t(9)) == end)
        var start = CGAffineTransform.identity
        var finish = CGAffineTransform.identity
        var span = CMTimeRange.invalid
        #expect(layer.getTransformRamp(for: t(1), start: &start, end: &finish, timeRange: &span))
        #expect(start == turn && finish == turn && span == range(0, 2))
        #expect(layer.getTransformRamp(for: t(3), start: &start, end: &finish, timeRange: &span))
        #expect(start == .identity && finish == end && span == range(2, 2))
        #expect(!layer.getTransformRamp(for: t(4), start: nil, end: nil, timeRange: nil))
    }

    @Test func cropRectangleRamps() throws {
        let layer = AVMutableVideoCompositionLayerInstruction()
        layer.setCropRectangleRamp(
            fromStartCropRectangle: CGRect(x: 0, y: 0, width: 100, height: 100),
            toEndCropRectangle: CGRect(x: 50, y: 50, width: 50, height: 50), timeRange: range(1, 1))
        #expect(layer.cropRectangle(at: t(0.5)) == nil)
        #expect(layer.cropRectangle(at: t(1.5)) == CGRect(x: 25, y: 25, width: 75, height: 75))
        #expect(layer.cropRectangle(at: t(3)) == CGRect(x: 50, y: 50, width: 50, height: 50))
        layer.setCropRectangle(CGRect(x: 1, y: 2, width: 3, height: 4), at: t(4))
        var start = CGRect.null
        #expect(
            layer.getCropRectangleRamp(
                for: t(5), startCropRectangle: &start, endCropRectangle: nil, timeRange: nil))
        #expect(start == CGRect(x: 1, y: 2, width: 3, height: 4))
        // A ramp of no duration sets its end value at its start.
        layer.setCropRectangleRamp(
            fromStartCropRectangle: .zero, toEndCropRectangle: CGRect(x: 9, y: 9, width: 9, height: 9),
            timeRange: range(6, 0))
        #expect(layer.cropRectangle(at: t(6)) == CGRect(x: 9, y: 9, width: 9, height: 9))
    }
}

struct AudioMixTests {
    @Test func volumeRamps() throws {
        let parameters = AVMutableAudioMixInputParameters(track: nil)
        #expect(parameters.trackID == kCMPersistentTrackID_Invalid)
        parameters.trackID = 2
        #expect(parameters.volume(at: t(3)) == 1)
        parameters.setVolume(0.2, at: t(1))
        parameters.setVolumeRamp(fromStartVolume: 0.2, toEndVolume: 1, timeRange: range(4, 4))
        #expect(parameters.volume(at: t(0)) == 1)
        #expect(parameters.volume(at: t(2)) == 0.2)
        #expect(abs(parameters.volume(at: t(5)) - 0.4) <= rampTolerance)
        #expect(abs(parameters.volume(at: t(7)) - 0.8) <= rampTolerance)
        #expect(parameters.volume(at: t(8)) == 1 && parameters.volume(at: t(80)) == 1)
        var start: Float = 0
        var end: Float = 0
        var span = CMTimeRange.invalid
        #expect(parameters.getVolumeRamp(for: t(6), startVolume: &start, endVolume: &end, timeRange: &span))
        #expect(start == 0.2 && end == 1 && span == range(4, 4))
        #expect(parameters.getVolumeRamp(for: t(3), startVolume: &start, endVolume: &end, timeRange: &span))
        #expect(start == 0.2 && end == 0.2 && span == range(1, 3))
        #expect(!parameters.getVolumeRamp(for: t(9), startVolume: nil, endVolume: nil, timeRange: nil))
        #expect(!parameters.getVolumeRamp(for: t(0.5), startVolume: nil, endVolume: nil, timeRange: nil))
        let mix = AVMutableAudioMix()
        #expect(mix.inputParameters.isEmpty)
        mix.inputParameters = [parameters]
        parameters.audioTimePitchAlgorithm = .varispeed
        let immutable: AVAudioMix = mix
        #expect(immutable.inputParameters.first === parameters)
        #expect(immutable.inputParameters[0].audioTimePitchAlgorithm == .varispeed)
    }
}
