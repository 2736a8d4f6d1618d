import AVFoundation
import CoreGraphics
import CoreMedia
import Foundation
import QuartzCore
import Testing

extension ExportSessionTests {
    /// The source overlay (ruling AV23): taken only where the video lies under everything else
    /// as it is, and then the same pictures as the layer tree's.
    @Suite struct SourceOverlay {
        let clip = AVURLAsset(url: ExportFixtures.clipB)
        static let size = CGSize(width: 160, height: 90)
        /// The least PSNR between the two paths' stored Y planes: what re-encoding the same
        /// picture twice, converting BT.601 to BT.709 without the layer tree's round trip through
        /// RGB (which blurs the chroma, and with it the luma it feeds), and blending in 4:2:0
        /// rather than RGB at the overlay's edges leave (measured 41.5 dB at the least, 44.2 in
        /// the band).
        static let samePictures = 40.0

        /// The pieces of a session's tree, for a case to change before the export is planned.
        struct Tree {
            let parent: CALayer
            let videoLayer: CALayer
            let videoComposition: AVMutableVideoComposition
        }

        /// A session exporting the clip with a title over it (``title()``), as `change` leaves
        /// the tree; `layerTree` forces the layer-tree path.
        func session(layerTree: Bool = false, change: (Tree) -> Void = { _ in }) throws
            -> AVAssetExportSession
        {
            let parent = CALayer()
            parent.frame = CGRect(origin: .zero, size: Self.size)
            parent.isGeometryFlipped = true
            let videoLayer = CALayer()
            videoLayer.frame = parent.bounds
            parent.addSublayer(videoLayer)
            parent.addSublayer(title())
            let videoComposition = AVMutableVideoComposition(propertiesOf: clip)
            videoComposition.animationTool = AVVideoCompositionCoreAnimationTool(
                postProcessingAsVideoLayer: videoLayer, in: parent)
            change(Tree(parent: parent, videoLayer: videoLayer, videoComposition: videoComposition))
            // Committed here, as an app's run loop would: an uncommitted animation is in this
            // thread's transaction, which the export's thread does not publish.
            CATransaction.flush()
            let session = try #require(
                AVAssetExportSession(asset: clip, presetName: AVAssetExportPresetHighestQuality))
            session.videoComposition = videoComposition
            session.forcesLayerTreeCompositing = layerTree
            // Planning needs an output; ``exportCompleted(_:name:sourceLocation:)`` sets its own.
            session.outputURL = ExportFixtures.output("overlay-plan")
            session.outputFileType = .mp4
            return session
        }

        /// A half-transparent white band over rows 30–59 (from the top), with an opaque red box
        /// in it that moves from the left edge to the right over the first second.
        func title() -> CALayer {
            let band = CALayer()
            band.frame = CGRect(x: 0, y: 30, width: 160, height: 30)
            band.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 0.5)
            let red = box(CGPoint(x: 0, y: 0), width: 40, height: 30)
            let move = CABasicAnimation(keyPath: "position.x")
            move.fromValue = 20.0
            move.toValue = 140.0
            move.beginTime = AVCoreAnimationBeginTimeAtZero
            move.duration = 1
            move.fillMode = .both
            move.isRemovedOnCompletion = false
            red.add(move, forKey: "move")
            band.addSublayer(red)
            return band
        }

        @Test func overlayShowsTheLayerTreesPictures() async throws {
            let overlaid = try session()
            let composited = try session(layerTree: true)
            #expect(try overlaid.plannedCompositing() == .sourceOverlay)
            #expect(try composited.plannedCompositing() == .layerTree)
            let overlaidURL = await exportCompleted(overlaid, name: "overlay-source")
            let compositedURL = await exportCompleted(composited, name: "overlay-tree")
            defer {
                try? FileManager.default.removeItem(at: overlaidURL)
                try? FileManager.default.removeItem(at: compositedURL)
            }
            let width = Int(Self.size.width)
            let height = Int(Self.size.height)
            let overlaidFrames = ExportFixtures.frames(of: overlaidURL, width: width, height: height)
            let compositedFrames = ExportFixtures.frames(of: compositedURL, width: width, height: height)
            try #require(overlaidFrames.count == 45 && compositedFrames.count == 45)
            let overlaidY = Self.lumaPlanes(of: overlaidURL, width: width, height: height)
            let compositedY = Self.lumaPlanes(of: compositedURL, width: width, height: height)
            for (index, (a, b)) in zip(overlaidY, compositedY).enumerated() {
                let whole = Self.psnr(a, b, width: width, rows: 0..<height)
                // The band's rows alone: half-transparent white and the red box over the clip.
                let band = Self.psnr(a, b, width: width, rows: 30..<60)
                #expect(
                    whole >= Self.samePictures && band >= Self.samePictures,
                    "frame \(index): \(whole), \(band) dB")
            }
            // The title is there: the red box at its place, the band lighter than the clip.
            let first = overlaidFrames[0]
            #expect(isRed(ExportFixtures.pixel(first, width: width, x: 20, y: 45)))
            #expect(isRed(ExportFixtures.pixel(overlaidFrames[40], width: width, x: 140, y: 45)))
            let source = ExportFixtures.frames(of: clip.url, width: width, height: height)
            try #require(!source.isEmpty)
            #expect(ExportFixtures.psnr(first, source[0], width: width, rows: 30..<60) < 25)
        }

        /// Every frame's Y plane, as stored (limited range), `width × height` bytes each.
        static func lumaPlanes(of url: URL, width: Int, height: Int) -> [[UInt8]] {
            let bytes = [UInt8](
                ExportFixtures.run([
                    "-v", "error", "-i", url.path, "-f", "rawvideo", "-pix_fmt", "yuv420p", "pipe:1",
                ]))
            let size = width * height * 3 / 2
            return stride(from: 0, to: bytes.count - size + 1, by: size).map {
                Array(bytes[$0..<$0 + width * height])
            }
        }

        /// The PSNR in dB of two Y planes `width` wide over the rows `rows` (∞ when equal).
        static func psnr(_ a: [UInt8], _ b: [UInt8], width: Int, rows: Range<Int>) -> Double {
            guard a.count == b.count, a.count >= rows.upperBound * width else { return 0 }
            let pixels = rows.lowerBound * width..<rows.upperBound * width
            let sum = pixels.reduce(0.0) { sum, index in
                let d = Double(a[index]) - Double(b[index])
                return sum + d * d
            }
            let mse = sum / Double(pixels.count)
            return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
        }

        /// Trees and instructions where ffmpeg's overlay would not show what the layer tree
        /// shows, each with why.
        static let layerTreeCases: [(String, @Sendable (Tree) -> Void)] = [
            (
                "a layer under the video layer",
                { tree in tree.parent.insertSublayer(box(.zero), at: 0) }
            ),
            (
                "the video layer not covering the frame",
                { tree in tree.videoLayer.frame = CGRect(x: 0, y: 0, width: 80, height: 90) }
            ),
            ("a translucent video layer", { tree in tree.videoLayer.opacity = 0.5 }),
            (
                "an opacity ramp on the video's layer instruction",
                { tree in
                    let instruction = AVMutableVideoCompositionInstruction()
                    let old = tree.videoComposition.instructions[0]
                    instruction.timeRange = old.timeRange
                    let layer = AVMutableVideoCompositionLayerInstruction(
                        assetTrack: AVURLAsset(url: ExportFixtures.clipB).tracks(withMediaType: .video)[0])
                    layer.setOpacityRamp(fromStartOpacity: 1, toEndOpacity: 0, timeRange: old.timeRange)
                    instruction.layerInstructions = [layer]
                    tree.videoComposition.instructions = [instruction]
                }
            ),
            (
                "a background on the animation layer",
                { tree in tree.parent.backgroundColor = CGColor(gray: 0, alpha: 1) }
            ),
            (
                "a layer blending with the video",
                { tree in tree.parent.sublayers?.last?.compositingFilter = "multiplyBlendMode" }
            ),
        ]

        @Test(arguments: 0..<layerTreeCases.count) func layerTreeWhereTheOverlayWouldDiffer(_ index: Int)
            throws
        {
            let (reason, change) = Self.layerTreeCases[index]
            #expect(try session(change: change).plannedCompositing() == .layerTree, "\(reason)")
        }

        /// A green layer beside a video layer covering only the left half: the layer tree draws
        /// it, where an overlay on the source would show the clip there.
        @Test func layerBesideTheVideoIsDrawn() async throws {
            let session = try session { tree in
                tree.videoLayer.frame = CGRect(x: 0, y: 0, width: 80, height: 90)
                let green = CALayer()
                green.frame = CGRect(x: 80, y: 0, width: 80, height: 90)
                green.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
                tree.parent.insertSublayer(green, at: 0)
            }
            #expect(try session.plannedCompositing() == .layerTree)
            let url = await exportCompleted(session, name: "overlay-beside")
            defer { try? FileManager.default.removeItem(at: url) }
            let frame = ExportFixtures.frame(10, of: url)
            #expect(isGreen(ExportFixtures.pixel(frame, width: 160, x: 120, y: 10)))
            #expect(!isGreen(ExportFixtures.pixel(frame, width: 160, x: 40, y: 10)))
        }
    }
}
