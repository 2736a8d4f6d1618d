import AVFoundation
import CoreGraphics
import CoreMedia
import Foundation
import QuartzCore
import Testing

extension ExportSessionTests {
    /// The Core Animation tool's tree and the layer instructions in exported frames (rulings AV15,
    /// AV18).
    @Suite struct Layers {
        let clip = AVURLAsset(url: ExportFixtures.grey)
        let numbered = AVURLAsset(url: ExportFixtures.numbered)

        /// Exports `clip` with `layer` (added to a 160×90 parent, `flipped` or not, over the video
        /// layer) and returns the decoded frames.
        func export(with layer: CALayer, flipped: Bool = true, name: String) async throws -> [[UInt8]] {
            let (videoComposition, parent, videoLayer) = Self.composition(
                of: clip, over: layer, flipped: flipped)
            let session = try #require(
                AVAssetExportSession(asset: clip, presetName: AVAssetExportPresetHighestQuality))
            session.videoComposition = videoComposition
            let url = await exportCompleted(session, name: name)
            defer { try? FileManager.default.removeItem(at: url) }
            // The app's layers are as they were: Lamina's layers are gone again.
            #expect(parent.superlayer == nil)
            #expect((videoLayer.sublayers ?? []).isEmpty && parent.sublayers?.count == 2)
            return ExportFixtures.frames(of: url, width: 160, height: 90)
        }

        /// A video composition of `clip` whose animation tool puts `layer` over the video layer,
        /// both in a 160×90 parent, `flipped` or not; with the parent and the video layer.
        static func composition(of clip: AVURLAsset, over layer: CALayer, flipped: Bool = true) -> (
            AVMutableVideoComposition, parent: CALayer, videoLayer: CALayer
        ) {
            let videoComposition = AVMutableVideoComposition(propertiesOf: clip)
            let parent = CALayer()
            parent.frame = CGRect(x: 0, y: 0, width: 160, height: 90)
            parent.isGeometryFlipped = flipped
            let videoLayer = CALayer()
            videoLayer.frame = parent.bounds
            parent.addSublayer(videoLayer)
            parent.addSublayer(layer)
            videoComposition.animationTool = AVVideoCompositionCoreAnimationTool(
                postProcessingAsVideoLayer: videoLayer, in: parent)
            return (videoComposition, parent, videoLayer)
        }

        /// A red box, invisible in the model (opacity 0), with an animation of opacity 1 over
        /// [begin, begin + 0.5 s) that fills forwards; not committed.
        static func flashingBox(beginTime: CFTimeInterval, removedOnCompletion: Bool) -> CALayer {
            let layer = box(.zero)
            layer.opacity = 0
            let animation = CABasicAnimation(keyPath: "opacity")
            animation.fromValue = 1
            animation.toValue = 1
            animation.duration = 0.5
            animation.beginTime = beginTime
            animation.isRemovedOnCompletion = removedOnCompletion
            animation.fillMode = .forwards
            layer.add(animation, forKey: "flash")
            return layer
        }

        /// A red box, invisible in the model (opacity 0), shown by an animation of opacity 1 over
        /// [begin, begin + 0.5 s) — added, and committed, while the clock reads `builtAt`.
        ///
        /// Built on a thread of its own, which then ends: animation events are delivered by the
        /// thread that committed them (ruling RT1), so no other test's flush on a shared thread,
        /// under the system clock, can remove the animation before the export.
        func flash(beginTime: CFTimeInterval, removedOnCompletion: Bool, builtAt: CFTimeInterval = 1000)
            -> CALayer
        {
            let built = LayerBox()
            let finished = DispatchSemaphore(value: 0)
            let thread = Thread {
                CAMediaClock.withManualTime(at: builtAt) {
                    let layer = Self.flashingBox(
                        beginTime: beginTime, removedOnCompletion: removedOnCompletion)
                    CATransaction.flush()
                    built.layer = layer
                }
                finished.signal()
            }
            thread.start()
            finished.wait()
            return built.layer
        }

        func redAtTopLeft(_ frame: [UInt8]) -> Bool {
            isRed(ExportFixtures.pixel(frame, width: 160, x: 20, y: 15))
        }

        @Test func beginTimeAtZeroIsTheCompositionsStart() async throws {
            let frames = try await export(
                with: flash(beginTime: AVCoreAnimationBeginTimeAtZero, removedOnCompletion: false),
                name: "at-zero")
            try #require(frames.count == 30)
            // 1/30 s and 0.47 s: animating from the composition's start. (At exactly 0 the
            // animation has not begun — 0 < 1e-100 — unless its fill mode reaches backwards.)
            let (first, last) = (redAtTopLeft(frames[1]), redAtTopLeft(frames[14]))
            #expect(first && last)
        }

        @Test func aRemovedOnCompletionAnimationVanishesAfterItsEnd() async throws {
            // Built while the clock reads the composition's start, so not yet finished then.
            let frames = try await export(
                with: flash(beginTime: AVCoreAnimationBeginTimeAtZero, removedOnCompletion: true, builtAt: 0),
                name: "removed")
            try #require(frames.count == 30)
            let (during, after) = (redAtTopLeft(frames[5]), redAtTopLeft(frames[20]))
            #expect(during)  // 0.17 s: animating
            #expect(!after)  // 0.67 s: removed, the model's opacity 0 shows
        }

        @Test func aRemovedOnCompletionAnimationAlreadyOverWhenBuiltNeverShows() async throws {
            // Apple's warning: built at 1000 s, the animation of [0, 0.5) s has ended and is removed
            // before the export runs; `isRemovedOnCompletion = false` keeps it.
            let frames = try await export(
                with: flash(beginTime: AVCoreAnimationBeginTimeAtZero, removedOnCompletion: true),
                name: "gone")
            let shown = frames.filter(redAtTopLeft).count
            #expect(frames.count == 30 && shown == 0)
        }

        @Test func anAnimationKeptAfterItsEndHoldsItsValue() async throws {
            let frames = try await export(
                with: flash(beginTime: AVCoreAnimationBeginTimeAtZero, removedOnCompletion: false),
                name: "kept")
            let (during, after) = (redAtTopLeft(frames[5]), redAtTopLeft(frames[20]))
            #expect(during && after)
        }

        @Test func beginTimeZeroMeansWhenTheTreeWasBuilt() async throws {
            // Committed at 1000 s: it begins long after the 1 s composition.
            let frames = try await export(
                with: flash(beginTime: 0, removedOnCompletion: false), name: "begin-zero")
            let shown = frames.filter(redAtTopLeft).count
            #expect(frames.count == 30 && shown == 0)
        }

        /// A tree built and exported on one thread that never commits: the export still shows
        /// the animation added before `exportAsynchronously` (ruling AV24), because the call
        /// commits the thread's implicit transaction first.
        @Test func anExportStartsFromTheTreeAsTheCallerBuiltIt() throws {
            let url = ExportFixtures.output("uncommitted")
            defer { try? FileManager.default.removeItem(at: url) }
            let finished = DispatchSemaphore(value: 0)
            let clip = clip
            let thread = Thread {
                let layer = Self.flashingBox(
                    beginTime: AVCoreAnimationBeginTimeAtZero, removedOnCompletion: false)
                let (videoComposition, _, _) = Self.composition(of: clip, over: layer)
                guard
                    let session = AVAssetExportSession(
                        asset: clip, presetName: AVAssetExportPresetHighestQuality)
                else {
                    finished.signal()
                    return
                }
                session.videoComposition = videoComposition
                session.outputURL = url
                session.outputFileType = .mp4
                let done = DispatchSemaphore(value: 0)
                // No flush here: this thread's transaction stays open while it waits.
                session.exportAsynchronously { _ = done.signal() }
                done.wait()
                _ = finished.signal()
            }
            thread.start()
            finished.wait()
            let frames = ExportFixtures.frames(of: url, width: 160, height: 90)
            try #require(frames.count == 30)
            let flashed = redAtTopLeft(frames[5])
            #expect(flashed)
        }

        @Test func anUnflippedTreeIsMeasuredFromTheBottomLeft() async throws {
            let frames = try await export(with: box(.zero), flipped: false, name: "unflipped")
            let frame = try #require(frames.first)
            #expect(isRed(ExportFixtures.pixel(frame, width: 160, x: 20, y: 75)))
            #expect(!isRed(ExportFixtures.pixel(frame, width: 160, x: 20, y: 15)))
        }

        /// An image whose top half is red and bottom half green, in an unflipped tree: placed from
        /// the bottom-left, and upright, as an iPhone exports it (rulings AV15, L20).
        @Test func anUnflippedTreeDrawsImagesUpright() async throws {
            let context = try #require(
                CGContext(
                    data: nil, width: 8, height: 8, bitsPerComponent: 8, bytesPerRow: 0,
                    space: CGColorSpace(name: CGColorSpace.sRGB)!,
                    bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
            // A new bitmap context is y-up: its top rows are y 4…8.
            context.setFillColor(CGColor(red: 0, green: 1, blue: 0, alpha: 1))
            context.fill(CGRect(x: 0, y: 0, width: 8, height: 4))
            context.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
            context.fill(CGRect(x: 0, y: 4, width: 8, height: 4))
            let layer = CALayer()
            layer.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
            layer.contents = try #require(context.makeImage())
            let frames = try await export(with: layer, flipped: false, name: "unflipped-image")
            let frame = try #require(frames.first)
            // The layer is the frame's bottom-left 40 × 40 (rows 50…90): red above green.
            #expect(isRed(ExportFixtures.pixel(frame, width: 160, x: 20, y: 58)))
            #expect(isGreen(ExportFixtures.pixel(frame, width: 160, x: 20, y: 82)))
        }

        /// `numbered` at 32×32 over blue, scaled by ½, cropped to its left half, fading out.
        @Test func layerInstructionsPlaceFadeAndCropTheTrack() async throws {
            let track = try #require(numbered.tracks(withMediaType: .video).first)
            let layerInstruction = AVMutableVideoCompositionLayerInstruction(assetTrack: track)
            layerInstruction.setTransform(CGAffineTransform(scaleX: 0.5, y: 0.5), at: .zero)
            layerInstruction.setCropRectangle(CGRect(x: 0, y: 0, width: 16, height: 32), at: .zero)
            layerInstruction.setOpacityRamp(fromStartOpacity: 1, toEndOpacity: 0, timeRange: range(0, 1))
            let instruction = AVMutableVideoCompositionInstruction()
            instruction.timeRange = range(0, 1)
            instruction.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            instruction.layerInstructions = [layerInstruction]
            let videoComposition = AVMutableVideoComposition()
            videoComposition.renderSize = CGSize(width: 32, height: 32)
            videoComposition.frameDuration = CMTime(value: 1, timescale: 30)
            videoComposition.instructions = [instruction]
            let session = try #require(
                AVAssetExportSession(asset: numbered, presetName: AVAssetExportPresetHighestQuality))
            session.videoComposition = videoComposition
            let url = await exportCompleted(session, name: "instructions")
            defer { try? FileManager.default.removeItem(at: url) }
            let frames = ExportFixtures.frames(of: url, width: 32, height: 32)
            let frame = try #require(frames.count == 30 ? frames[15] : nil)
            // Frame 15 (0.5 s): source grey 6 × 15 limited-range steps (≈ 105), at opacity ½ over blue.
            let grey = 90.0 * 255 / 219
            let inside = ExportFixtures.pixel(frame, width: 32, x: 3, y: 4)
            #expect(
                abs(Double(inside.r) - grey / 2) <= 10 && abs(Double(inside.b) - (grey / 2 + 127.5)) <= 10)
            for (x, y) in [(12, 4), (24, 24), (4, 24)] {  // cropped away, outside the scaled picture
                let pixel = ExportFixtures.pixel(frame, width: 32, x: x, y: y)
                #expect(pixel.b > 200 && pixel.r < 40, "(\(x), \(y)): \(pixel)")
            }
        }

        /// A layer tree as track 99, on top of the video, measured from the bottom-left.
        @Test func anAdditionalLayerIsATrack() async throws {
            let track = try #require(numbered.tracks(withMediaType: .video).first)
            let overlay = CALayer()
            overlay.frame = CGRect(x: 0, y: 0, width: 32, height: 32)
            overlay.addSublayer(box(.zero, width: 16, height: 16))
            let overlayInstruction = AVMutableVideoCompositionLayerInstruction()
            overlayInstruction.trackID = 99
            let instruction = AVMutableVideoCompositionInstruction()
            instruction.timeRange = range(0, 1)
            instruction.layerInstructions = [
                overlayInstruction, AVMutableVideoCompositionLayerInstruction(assetTrack: track),
            ]
            let videoComposition = AVMutableVideoComposition()
            videoComposition.renderSize = CGSize(width: 32, height: 32)
            videoComposition.frameDuration = CMTime(value: 1, timescale: 30)
            videoComposition.instructions = [instruction]
            videoComposition.animationTool = AVVideoCompositionCoreAnimationTool(
                additionalLayer: overlay, asTrackID: 99)
            let session = try #require(
                AVAssetExportSession(asset: numbered, presetName: AVAssetExportPresetHighestQuality))
            session.videoComposition = videoComposition
            let url = await exportCompleted(session, name: "additional")
            defer { try? FileManager.default.removeItem(at: url) }
            let frame = try #require(ExportFixtures.frames(of: url, width: 32, height: 32).last)
            #expect(isRed(ExportFixtures.pixel(frame, width: 32, x: 4, y: 28)))
            let video = ExportFixtures.pixel(frame, width: 32, x: 4, y: 4)  // grey of source frame 29
            #expect(abs(video.r - video.b) <= 6 && abs(Double(video.g) - 174 * 255 / 219) <= 8, "\(video)")
        }

        @Test func withoutPostProcessingTheTreeIsNotDrawn() async throws {
            let videoComposition = AVMutableVideoComposition(propertiesOf: clip)
            let track = try #require(clip.tracks(withMediaType: .video).first)
            let instructions = [(range(0, 0.5), true), (range(0.5, 0.5), false)].map {
                timeRange, postProcessing in
                let instruction = AVMutableVideoCompositionInstruction()
                instruction.timeRange = timeRange
                instruction.enablePostProcessing = postProcessing
                instruction.layerInstructions = [AVMutableVideoCompositionLayerInstruction(assetTrack: track)]
                return instruction
            }
            videoComposition.instructions = instructions
            let parent = CALayer()
            parent.frame = CGRect(x: 0, y: 0, width: 160, height: 90)
            parent.isGeometryFlipped = true
            let videoLayer = CALayer()
            videoLayer.frame = parent.bounds
            parent.addSublayer(videoLayer)
            parent.addSublayer(box(.zero))
            videoComposition.animationTool = AVVideoCompositionCoreAnimationTool(
                postProcessingAsVideoLayer: videoLayer, in: parent)
            let session = try #require(
                AVAssetExportSession(asset: clip, presetName: AVAssetExportPresetHighestQuality))
            session.videoComposition = videoComposition
            let url = await exportCompleted(session, name: "no-post-processing")
            defer { try? FileManager.default.removeItem(at: url) }
            let frames = ExportFixtures.frames(of: url, width: 160, height: 90)
            try #require(frames.count == 30)
            let (on, off) = (redAtTopLeft(frames[5]), redAtTopLeft(frames[20]))
            #expect(on && !off)
            let grey = ExportFixtures.pixel(frames[20], width: 160, x: 20, y: 15)
            #expect(abs(grey.r - 128) <= 12 && abs(grey.g - 128) <= 12, "\(grey)")
        }

        /// Two video layers, the left and right halves of a red parent, each showing the frame.
        @Test func everyVideoLayerShowsTheComposedFrame() async throws {
            let videoComposition = AVMutableVideoComposition(propertiesOf: clip)
            let parent = CALayer()
            parent.frame = CGRect(x: 0, y: 0, width: 160, height: 90)
            parent.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            parent.isGeometryFlipped = true
            let halves = [
                CGRect(x: 0, y: 20, width: 80, height: 45), CGRect(x: 80, y: 20, width: 80, height: 45),
            ]
            let videoLayers = halves.map { frame in
                let layer = CALayer()
                layer.frame = frame
                parent.addSublayer(layer)
                return layer
            }
            videoComposition.animationTool = AVVideoCompositionCoreAnimationTool(
                postProcessingAsVideoLayers: videoLayers, in: parent)
            let session = try #require(
                AVAssetExportSession(asset: clip, presetName: AVAssetExportPresetHighestQuality))
            session.videoComposition = videoComposition
            let url = await exportCompleted(session, name: "two-video-layers")
            defer { try? FileManager.default.removeItem(at: url) }
            let frame = try #require(ExportFixtures.frames(of: url, width: 160, height: 90).first)
            for (x, y) in [(40, 42), (120, 42)] {
                let pixel = ExportFixtures.pixel(frame, width: 160, x: x, y: y)
                #expect(abs(pixel.r - 128) <= 12 && abs(pixel.b - 128) <= 12, "(\(x), \(y)): \(pixel)")
            }
            for (x, y) in [(40, 8), (120, 80)] {
                #expect(isRed(ExportFixtures.pixel(frame, width: 160, x: x, y: y)), "(\(x), \(y))")
            }
        }
    }
}

/// A layer handed from the thread that built it to the test.
final class LayerBox: @unchecked Sendable {
    var layer = CALayer()
}
