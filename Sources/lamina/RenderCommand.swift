import ArgumentParser
import Foundation
import LaminaExamples
import LaminaExport
import QuartzCore

/// `lamina render EXAMPLE -o FILE`.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render an example to a video, animated image or PNG sequence.",
        discussion: """
            The format follows the output's extension: .mp4 (H.264), .webm (VP9), .gif, .apng or .png
            (animated PNG), or a PNG sequence (frames/%05d.png, or a folder ending in /).
            The file appears only when the render is complete.

              lamina render slideshow -o slideshow.mp4
              lamina render 9.4 -o door.webm --size 1280x720 --fps 60
              lamina render 8.15 -o ship.gif --scale 0.5
              lamina render 8.6 -o overlay.mp4 --video holiday.mp4
              lamina render 8.6 -o mix.mp4 --video in.mp4 --audio song.m4a --replace-audio
              lamina render slideshow -o part1.mp4 --frames 0..450
              lamina render slideshow -o part2.mp4 --frames 450..900
              lamina concat part1.mp4 part2.mp4 -o slideshow.mp4
              lamina render slideshow -o music.mp4 --api avfoundation --audio song.m4a

            --video keeps the input's sound, in step with its pictures; --audio adds a
            sound file (mixed in), or replaces it with --replace-audio. Added sound is cut
            to the video and fades out over its last second (--audio-fade-out).
            GIF, APNG and PNG have no sound.

            --api avfoundation exports the slideshow as its iOS original does, through
            AVAssetExportSession (a blank clip under the animation layer, --audio as its
            music faded out by an audio mix); .mp4 or .webm, whole renders only.
            """)

    @Argument(help: "The example: a listing number (7.7, 8.15, 9.4) or a name (slideshow, door).")
    var example: String

    @Option(name: [.customShort("o"), .long], help: "The output file.")
    var output: String

    @OptionGroup var frame: FrameOptions

    @Option(name: .long, help: "Frames per second (default 30).")
    var fps: Double = 30

    @Option(name: .long, help: "Seconds to render (default: the example's own length).")
    var duration: Double?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Render only frames A to B-1 of the whole (a shard; join shards with `lamina concat`).",
            valueName: "A..B"))
    var frames: FrameRange?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "An existing video shown under the example, filling the frame (as AVFoundation's video layer).",
            valueName: "FILE"))
    var video: String?

    @OptionGroup var sound: AudioOptions

    @Flag(name: .long, help: "With --video and --audio: play --audio instead of the video's own sound.")
    var replaceAudio = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "layers (LayerExporter) or avfoundation (the slideshow as its iOS original exports it).",
            valueName: "API"))
    var api = "layers"

    func validate() throws {
        try validateExport(fps: fps, output: output)
        if replaceAudio, video == nil || sound.audio == nil {
            throw ValidationError("--replace-audio needs --video FILE and --audio FILE")
        }
        if let duration, !(duration.isFinite && duration > 0) {
            throw ValidationError("--duration must be a positive number of seconds")
        }
        if let size = frame.size { try size.validate(for: output) }
        try frames?.validate()
        try validateAPI()
    }

    func run() throws {
        if api == "avfoundation" { return try runThroughAVFoundation() }
        let example = try findExample(self.example)
        let geometry = try frame.geometry(for: example.size)
        var options = ExportOptions(size: geometry.size, duration: duration ?? example.duration)
        options.bounds = geometry.bounds
        options.scale = geometry.scale
        options.framesPerSecond = fps
        options.frames = frames?.range
        // From the path as typed: a trailing / asks for a PNG sequence, even after ".png".
        options.format = ExportFormat(path: output)
        options.soundtracks = sound.soundtrack.map { [$0] } ?? []
        LayerExporter.removeTemporaryOutputsOnSignals()
        let report = try CAMediaClock.withManualTime(at: 1000) {
            let run = ExampleRun(example)
            run.scene.setTextScale(geometry.scale)
            let exporter = LayerExporter(layer: run.scene.root, options: options)
            if let video {
                let videoLayer = CALayer()
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                videoLayer.frame = run.scene.root.bounds
                run.scene.root.insertSublayer(videoLayer, at: 0)
                CATransaction.commit()
                var composition = VideoComposition(video: URL(fileURLWithPath: video), videoLayer: videoLayer)
                composition.keepsAudio = !replaceAudio
                exporter.videoComposition = composition
            }
            exporter.startTime = run.startTime
            exporter.timeline = { run.advance(to: $0) }
            let bar = ProgressBar(label: "render \(example.name)")
            exporter.progress = { bar.update($0) }
            do {
                let report = try exporter.export(to: URL(fileURLWithPath: output))
                bar.finish()
                return report
            } catch {
                bar.finish()
                throw error
            }
        }
        printSummary(report)
    }
}

/// Prints where an export went and how fast it was, in one line; a video whose rendered size is
/// odd says that it was padded to even sides with black (H.264 and VP9 in 4:2:0 need them).
func printSummary(_ report: ExportReport) {
    let fps = Double(report.frames) / max(report.total, 1e-9)
    var size = "\(report.pixelWidth)x\(report.pixelHeight)"
    let padded = (report.pixelWidth + 1) / 2 * 2
    let paddedHeight = (report.pixelHeight + 1) / 2 * 2
    if report.format == .mp4 || report.format == .webm,
        padded != report.pixelWidth || paddedHeight != report.pixelHeight
    {
        size = "\(padded)x\(paddedHeight) (\(size) padded with black to even sides)"
    }
    print(
        "wrote \(report.output.path): \(report.frames) frames, \(size), "
            + "\(report.format), in \(String(format: "%.1f", report.total)) s "
            + "(\(String(format: "%.1f", fps)) frames/s)")
}

/// A progress bar on a terminal, plain progress lines (every 10 %) otherwise, on standard error.
final class ProgressBar {
    private let label: String
    private let isTerminal = isatty(STDERR_FILENO) != 0
    private var lastDecile = -1
    private var drawn = false

    init(label: String) {
        self.label = label
    }

    func update(_ progress: ExportProgress) {
        let percent = Int(progress.fraction * 100)
        let remaining = progress.estimatedRemaining.map { String(format: ", ~%.0f s left", $0) } ?? ""
        let counts = "\(progress.framesDone)/\(progress.framesTotal) frames"
        if isTerminal {
            let width = 30
            let filled = Int(progress.fraction * Double(width))
            let bar = String(repeating: "=", count: filled) + String(repeating: " ", count: width - filled)
            writeToStandardError("\r\(label) [\(bar)] \(percent)% \(counts)\(remaining)   ")
            drawn = true
        } else {
            let decile = percent / 10
            guard decile != lastDecile else { return }
            lastDecile = decile
            writeToStandardError("\(label): \(percent)% (\(counts)\(remaining))\n")
        }
    }

    func finish() {
        if drawn { writeToStandardError("\n") }
        drawn = false
    }
}

/// Writes `text` to standard error, ignoring failures: a closed pipe (`lamina … 2>&1 | head`)
/// must not stop a render (`FileHandle.write` traps on EPIPE).
func writeToStandardError(_ text: String) {
    signal(SIGPIPE, SIG_IGN)
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
        let written = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
        if written < 0, errno == EINTR { continue }
        guard written > 0 else { return }
        bytes = bytes.dropFirst(written)
    }
}
