import Foundation
import LaminaExport
import QuartzCore
import Testing

/// The README's "Video and audio" examples that use `LaminaExport`, word for word between the
/// `README` marks, run on generated 160×90 media (the AVFoundation one is in AVFoundationTests).
@Suite("README: video and audio examples", .serialized)
struct ReadmeExamplesTests {
    @Test("a watermark over a clip: H.264 with the clip's sound")
    func watermark() throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try runFFmpeg([
            "-f", "lavfi", "-i", "testsrc=size=160x90:rate=30:duration=1", "-f", "lavfi", "-i",
            "sine=frequency=440:duration=1", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac",
            "-shortest",
            folder.appendingPathComponent("clip.mp4").path,
        ])
        /// The README's file names, found in `folder` (the current directory is the whole test
        /// process's, so it is not changed).
        func URL(fileURLWithPath name: String) -> Foundation.URL { folder.appendingPathComponent(name) }
        try withManualClock {
            // README begin: a watermark over a clip
            let root = CALayer()
            let mark = CATextLayer()
            root.frame = CGRect(x: 0, y: 0, width: 160, height: 90)
            mark.string = "© Lamina"
            mark.fontSize = 12
            mark.frame = CGRect(x: 96, y: 70, width: 60, height: 16)
            root.addSublayer(mark)
            let exporter = LayerExporter(
                layer: root, options: ExportOptions(size: root.bounds.size, duration: 1))
            exporter.videoComposition = VideoComposition(
                video: URL(fileURLWithPath: "clip.mp4"), videoLayer: root)
            try exporter.export(to: URL(fileURLWithPath: "marked.mp4"))
            // README end
        }
        let marked = folder.appendingPathComponent("marked.mp4")
        #expect(try probeStreams(marked).map(\.codec) == ["h264", "aac"])
        let media = try probe(marked)
        #expect(media.frames == 30 && media.width == 160 && media.height == 90)
    }

    @Test("a slideshow with music: H.264 and AAC, one photo then the other")
    func slideshow() throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, colour) in [("a.jpg", "red"), ("b.jpg", "blue")] {
            try runFFmpeg([
                "-f", "lavfi", "-i", "color=c=\(colour):s=160x90", "-frames:v", "1",
                folder.appendingPathComponent(name).path,
            ])
        }
        try runFFmpeg([
            "-f", "lavfi", "-i", "sine=frequency=440:duration=1", "-c:a", "aac",
            folder.appendingPathComponent("music.m4a").path,
        ])
        /// The README's file names, found in `folder` (the current directory is the whole test
        /// process's, so it is not changed).
        func URL(fileURLWithPath name: String) -> Foundation.URL { folder.appendingPathComponent(name) }
        try withManualClock {
            // README begin: a slideshow with music
            let slides = CAKeyframeAnimation(keyPath: "contents")
            slides.values = try ["a.jpg", "b.jpg"].map {
                try CGImage.load(contentsOf: URL(fileURLWithPath: $0))
            }
            slides.calculationMode = .discrete
            slides.duration = 4
            let show = CALayer()
            show.frame = CGRect(x: 0, y: 0, width: 160, height: 90)
            show.add(slides, forKey: "slides")
            var options = ExportOptions(size: show.bounds.size, duration: 4)
            options.soundtracks = [Soundtrack(url: URL(fileURLWithPath: "music.m4a"))]
            try LayerExporter(layer: show, options: options).export(to: URL(fileURLWithPath: "trip.mp4"))
            // README end
        }
        let trip = folder.appendingPathComponent("trip.mp4")
        #expect(try probeStreams(trip).map(\.codec) == ["h264", "aac"])
        #expect(try probe(trip).frames == 120)
        for (index, red) in [(15, true), (105, false)] {
            let png = folder.appendingPathComponent("frame\(index).png")
            try decodeFrame(index, of: trip, to: png)
            let colour = try pixel(ofPNG: png, x: 80, y: 45)
            #expect(
                red ? colour[0] > 200 && colour[2] < 60 : colour[2] > 200 && colour[0] < 60,
                "\(index): \(colour)")
        }
    }

    /// `code` without white space and trailing commas, so that lines wrapped by swift-format
    /// compare equal to the README's unwrapped ones.
    static func normalized(_ code: String) -> String {
        String(code.unicodeScalars.filter { !CharacterSet.whitespacesAndNewlines.contains($0) })
            .replacingOccurrences(of: ",]", with: "]").replacingOccurrences(of: ",)", with: ")")
    }

    @Test("the README shows these examples, and the AVFoundation one, as the tests run them")
    func readmeMatches() throws {
        let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(
            contentsOf: tests.deletingLastPathComponent().appendingPathComponent("README.md"), encoding: .utf8
        )
        let shown = Self.normalized(readme)
        var blocks = 0
        for file in [
            "LaminaExportTests/ReadmeExamplesTests.swift", "AVFoundationTests/ReadmeExamplesTests.swift",
        ] {
            let source = try String(contentsOf: tests.appendingPathComponent(file), encoding: .utf8)
            var block: [String]?
            for line in source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.hasPrefix("// README begin") {
                    block = []
                } else if trimmed == "// README end", let lines = block {
                    let code = Self.normalized(lines.joined(separator: "\n"))
                    #expect(!code.isEmpty && shown.contains(code), "\(file): \(lines.first ?? "")")
                    blocks += 1
                    block = nil
                } else {
                    block?.append(line)
                }
            }
        }
        #expect(blocks == 3)
    }
}
