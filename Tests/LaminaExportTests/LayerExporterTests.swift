import Foundation
import LaminaExport
import QuartzCore
import Testing

@Suite("LayerExporter: formats, timing, shards and bad input")
struct LayerExporterTests {
    static let options: ExportOptions = {
        var options = ExportOptions(size: CGSize(width: 64, height: 48), duration: 1)
        options.framesPerSecond = 10
        return options
    }()

    @Test(
        "every format writes a file ffprobe reads with the right frame count and size",
        arguments: [
            "clip.mp4", "clip.webm", "clip.gif", "clip.apng",
        ])
    func formats(name: String) throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent(name)
        let report = try withManualClock {
            try LayerExporter(layer: makeMovingSquare().root, options: Self.options).export(to: url)
        }
        #expect(report.frames == 10)
        let media = try probe(url)
        #expect(media.frames == 10)
        #expect(media.width == 64 && media.height == 48)
        if name.hasSuffix(".mp4") || name.hasSuffix(".webm") {
            let duration = try #require(media.duration)
            #expect(abs(duration - 1) < 0.05)
        }
        #expect(contents(of: folder) == [name], "no temporary file is left beside the output")
        if name.hasSuffix(".mp4") {
            // Frame 5: the red square spans x 24..<40; decoded colours survive BT.709 YUV.
            let png = folder.appendingPathComponent("frame5.png")
            try decodeFrame(5, of: url, to: png)
            let red = try pixel(ofPNG: png, x: 32, y: 24)
            #expect(red[0] > 235 && red[1] < 20 && red[2] < 20, "\(red)")
            let black = try pixel(ofPNG: png, x: 8, y: 40)
            #expect(black[0] < 12 && black[1] < 12 && black[2] < 12, "\(black)")
        }
    }

    @Test("frame n shows the tree at start + n/fps, in a PNG sequence with alpha")
    func frameTimes() throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try withManualClock {
            let (root, _) = makeMovingSquare(opaque: false)
            try LayerExporter(layer: root, options: Self.options)
                .export(to: folder.appendingPathComponent("f-%03d.png"))
        }
        #expect(contents(of: folder) == (0..<10).map { String(format: "f-%03d.png", $0) })
        // At frame 5 (t = 0.5 s) the square's centre is at x = 32: it covers 24..<40.
        let frame5 = folder.appendingPathComponent("f-005.png")
        #expect(try pixel(ofPNG: frame5, x: 32, y: 24) == [255, 0, 0, 255])
        #expect(try pixel(ofPNG: frame5, x: 22, y: 24)[3] == 0, "transparent outside the square")
        #expect(try pixel(ofPNG: frame5, x: 41, y: 24)[3] == 0)
        // At frame 0 it covers 0..<16.
        let frame0 = folder.appendingPathComponent("f-000.png")
        #expect(try pixel(ofPNG: frame0, x: 4, y: 20) == [255, 0, 0, 255])
        #expect(try pixel(ofPNG: frame0, x: 20, y: 20)[3] == 0)
    }

    @Test("callbacks and the timeline run between frames, in time order")
    func callbacksBetweenFrames() throws {
        final class Recorder: CAAnimationDelegate {
            var events: [String] = []
            func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
                events.append("stop \(flag) @\(CACurrentMediaTime())")
            }
        }
        let recorder = Recorder()
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var times: [CFTimeInterval] = []
        var progress: [Int] = []
        try withManualClock {
            let (root, square) = makeMovingSquare()
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.toValue = 0
            fade.duration = 0.25
            fade.beginTime = CACurrentMediaTime()
            fade.delegate = recorder
            square.add(fade, forKey: "fade")
            CATransaction.flush()
            let exporter = LayerExporter(layer: root, options: Self.options)
            let advance = exporter.timeline
            exporter.timeline = { seconds in
                advance(seconds)
                times.append(CACurrentMediaTime())
            }
            exporter.progress = { progress.append($0.framesDone) }
            try exporter.export(to: folder.appendingPathComponent("clip.gif"))
        }
        #expect(times == (0..<10).map { 1000 + Double($0) / 10 })
        #expect(progress == Array(1...10))
        // The fade ends at 1000.25; the clock delivers it when moving to frame 3 (1000.3).
        #expect(recorder.events == ["stop true @1000.3"])
    }

    @Test("shards render the same frames as one render and MP4 shards join losslessly")
    func shards() throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let whole = folder.appendingPathComponent("whole")
        let sharded = folder.appendingPathComponent("sharded")
        try withManualClock {
            try LayerExporter(layer: makeMovingSquare().root, options: Self.options)
                .export(to: URL(fileURLWithPath: whole.path, isDirectory: true))
        }
        for range in [0..<4, 4..<7, 7..<10] {
            try withManualClock {
                var options = Self.options
                options.frames = range
                try LayerExporter(layer: makeMovingSquare().root, options: options)
                    .export(to: URL(fileURLWithPath: sharded.path, isDirectory: true))
            }
        }
        #expect(contents(of: sharded) == contents(of: whole))
        for name in contents(of: whole) {
            let a = try Data(contentsOf: whole.appendingPathComponent(name))
            let b = try Data(contentsOf: sharded.appendingPathComponent(name))
            #expect(a == b, "\(name) differs between the whole render and the shards")
        }
        var parts: [URL] = []
        for (index, range) in [0..<5, 5..<10].enumerated() {
            let url = folder.appendingPathComponent("part\(index).mp4")
            try withManualClock {
                var options = Self.options
                options.frames = range
                try LayerExporter(layer: makeMovingSquare().root, options: options).export(to: url)
            }
            parts.append(url)
        }
        let joined = folder.appendingPathComponent("joined.mp4")
        try LayerExporter.concatenate(parts, into: joined)
        let media = try probe(joined)
        #expect(media.frames == 10)
        #expect(abs((media.duration ?? 0) - 1) < 0.05)
    }

    @Test("stage times are measured only when asked, and measuring changes no byte of the file")
    func stageTimes() throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var files: [Data] = []
        for measures in [false, true] {
            let url = folder.appendingPathComponent("clip\(measures).mp4")
            let report = try withManualClock {
                let exporter = LayerExporter(layer: makeMovingSquare().root, options: Self.options)
                exporter.measuresStages = measures
                return try exporter.export(to: url)
            }
            if measures {
                let stages = try #require(report.stages)
                #expect(stages.finish > 0 && stages.conversion > 0 && stages.pipe > 0, "\(stages)")
                #expect(stages.named.allSatisfy { $0.seconds >= 0 && $0.seconds <= report.total })
            } else {
                #expect(report.stages == nil)
            }
            files.append(try Data(contentsOf: url))
        }
        #expect(files[0] == files[1])
    }

    @Test("bad input: a clear error and no file")
    func badInput() throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        func attempt(_ name: String, _ change: (inout ExportOptions) -> Void = { _ in }) -> ExportError? {
            withManualClock {
                var options = Self.options
                change(&options)
                do {
                    try LayerExporter(layer: makeMovingSquare().root, options: options)
                        .export(to: folder.appendingPathComponent(name))
                    return nil
                } catch {
                    return error as? ExportError
                }
            }
        }
        #expect(attempt("clip.avi") == .unknownFormat(path: folder.appendingPathComponent("clip.avi").path))
        #expect(
            attempt("clip.mp4") { $0.frames = 5..<11 } == .framesOutOfRange(requested: 5..<11, frameCount: 10)
        )
        if case .invalidSize = attempt("clip.mp4", { $0.size = .zero }) {} else { Issue.record("zero size") }
        if case .invalidTiming = attempt("clip.mp4", { $0.framesPerSecond = .nan }) {
        } else {
            Issue.record("NaN frame rate")
        }
        if case .invalidTiming = attempt("clip.mp4", { $0.duration = -1 }) {
        } else {
            Issue.record("negative duration")
        }
        if case .writeFailed = attempt("missing/clip.mp4") {} else { Issue.record("missing folder") }
        guard
            case .ffmpegFailed(_, let message) = attempt("clip.mp4", { $0.encoderPreset = "no-such-preset" })
        else {
            Issue.record("a failing ffmpeg is reported")
            return
        }
        #expect(!message.isEmpty)
        #expect(contents(of: folder).isEmpty, "nothing is left behind: \(contents(of: folder))")
        #expect(ExportError.ffmpegNotFound.description.contains("apt-get install ffmpeg"))
    }

    @Test("an existing file survives a failed export")
    func existingFileKept() throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("clip.mp4")
        try Data("old".utf8).write(to: url)
        withManualClock {
            var options = Self.options
            options.encoderPreset = "no-such-preset"
            #expect(throws: ExportError.self) {
                try LayerExporter(layer: makeMovingSquare().root, options: options).export(to: url)
            }
        }
        #expect(try Data(contentsOf: url) == Data("old".utf8))
        #expect(contents(of: folder) == ["clip.mp4"])
    }

    @Test("cancelling from the progress callback stops the export and writes nothing")
    func cancellation() throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        withManualClock {
            let exporter = LayerExporter(layer: makeMovingSquare().root, options: Self.options)
            exporter.progress = { if $0.framesDone == 3 { exporter.cancel() } }
            #expect(throws: ExportError.cancelled) {
                try exporter.export(to: folder.appendingPathComponent("clip.mp4"))
            }
        }
        #expect(contents(of: folder).isEmpty)
    }

    @Test("formats from paths")
    func formatsFromPaths() {
        #expect(ExportFormat(path: "a.MP4") == .mp4)
        #expect(ExportFormat(path: "a.webm") == .webm)
        #expect(ExportFormat(path: "a.gif") == .gif)
        #expect(ExportFormat(path: "a.png") == .apng)
        #expect(ExportFormat(path: "frames/%05d.png") == .pngSequence)
        #expect(ExportFormat(path: "frames/") == .pngSequence)
        #expect(ExportFormat(path: "a.avi") == nil)
        #expect(ExportFormat(url: URL(fileURLWithPath: "/tmp/frames", isDirectory: true)) == .pngSequence)
        #expect(ExportFormat(path: "noextension") == nil)
    }
}

@Suite("VideoComposition: a layer tree over an existing video")
struct VideoCompositionTests {
    /// A 64×48 video, 1 s at 10 fps: blue for 0.5 s, then green.
    static func makeInputVideo(in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent("input.mp4")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", "color=c=blue:s=64x48:r=10:d=0.5", "-f",
            "lavfi",
            "-i", "color=c=lime:s=64x48:r=10:d=0.5", "-filter_complex", "[0:v][1:v]concat=n=2:v=1",
            "-c:v", "libx264", "-pix_fmt", "yuv420p", url.path,
        ]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return url
    }

    @Test("each frame shows the video's frame at its time under the animated layers")
    func videoUnderLayers() throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = try Self.makeInputVideo(in: folder)
        let frames = folder.appendingPathComponent("out", isDirectory: true)
        try withManualClock {
            let (root, _) = makeMovingSquare(opaque: false)
            let videoLayer = CALayer()
            videoLayer.frame = root.bounds
            root.insertSublayer(videoLayer, at: 0)
            CATransaction.flush()
            let exporter = LayerExporter(layer: root, options: LayerExporterTests.options)
            exporter.videoComposition = VideoComposition(video: input, videoLayer: videoLayer)
            try exporter.export(to: frames)
        }
        // Frame 2 (0.2 s): blue video behind; frame 7 (0.7 s): green. The square stays red.
        let early = try pixel(ofPNG: frames.appendingPathComponent("frame-00002.png"), x: 60, y: 4)
        #expect(early[2] > 200 && early[1] < 40, "\(early)")
        let late = try pixel(ofPNG: frames.appendingPathComponent("frame-00007.png"), x: 60, y: 4)
        #expect(late[1] > 200 && late[2] < 40, "\(late)")
        let square = try pixel(ofPNG: frames.appendingPathComponent("frame-00007.png"), x: 44, y: 24)
        #expect(square[0] > 240 && square[1] < 20, "\(square)")
    }

    @Test("a missing or unreadable video is a clear error and writes nothing")
    func missingVideo() throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let garbage = folder.appendingPathComponent("garbage.mp4")
        try Data("not a video".utf8).write(to: garbage)
        for video in [folder.appendingPathComponent("missing.mp4"), garbage] {
            withManualClock {
                let (root, _) = makeMovingSquare()
                let exporter = LayerExporter(layer: root, options: LayerExporterTests.options)
                exporter.videoComposition = VideoComposition(video: video, videoLayer: root)
                #expect {
                    try exporter.export(to: folder.appendingPathComponent("out.mp4"))
                } throws: { error in
                    guard case .videoInput(let path, _) = error as? ExportError else { return false }
                    return path == video.path
                }
            }
        }
        #expect(contents(of: folder) == ["garbage.mp4"])
    }
}
