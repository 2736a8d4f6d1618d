import ArgumentParser
import Foundation
import LaminaExamples
import LaminaExport
import QuartzCore

/// `lamina slideshow IMAGE... -o FILE`: the reference demo app's job on the user's photos.
struct SlideshowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "slideshow",
        abstract:
            "Make a slideshow video of your own PNG, JPEG or WebP images, as the chapters' demo app does.",
        discussion: """
            Each photo fills the frame (--fit fill) or is shown whole between black
            bars (--fit fit) for --seconds-per-image seconds, pans and zooms slowly
            (--no-pan-zoom holds it still), and gives way to the next through a
            one-second Core Animation transition (--transition, --transition-subtype;
            random draws them, seeded by --seed). --fit top is the chapters' demo
            instead: each image at its own size from the top, drifting 150 points
            right over a half-opaque copy, fading into the next. Captions, given
            once per image in order, are drawn over them.

              lamina slideshow beach.jpg hills.png city.jpg -o trip.mp4
              lamina slideshow *.jpg -o trip.gif --size 640x360 --seconds-per-image 2
              lamina slideshow *.jpg -o trip.mp4 --fit fit --transition push
              lamina slideshow *.jpg -o trip.mp4 --transition cube \\
                  --transition-subtype fromRight
              lamina slideshow *.jpg -o trip.mp4 --transition random --seed 7 --no-pan-zoom
              lamina slideshow a.png b.png -o ab.mp4 --caption "Day one" --caption "Day two"
              lamina slideshow *.jpg -o trip.mp4 --audio music.m4a

            --audio plays a sound file from the start, cut to the slideshow and faded
            out over its last second (--audio-fade-out, --audio-volume, --loop-audio);
            MP4 and WebM only.
            """)

    @Argument(help: "The images, in order (PNG, JPEG or WebP).")
    var images: [String]

    @Option(name: [.customShort("o"), .long], help: "The output file (.mp4, .webm, .gif, .apng, …).")
    var output: String

    @Option(name: .long, help: "Seconds each image is shown (default 3).")
    var secondsPerImage: Double = 3

    @Option(name: .long, help: "A caption; give one per image, in order.")
    var caption: [String] = []

    @Option(name: .long, help: ArgumentHelp("Frame size in pixels (default 1280x720).", valueName: "WxH"))
    var size: PixelSize = PixelSize(argument: "1280x720")

    @Option(name: .long, help: "Frames per second (default 30).")
    var fps: Double = 30

    @Option(name: .long, help: ArgumentHelp("Render only frames A to B-1 (a shard).", valueName: "A..B"))
    var frames: FrameRange?

    @OptionGroup var look: PhotoOptions

    @OptionGroup var sound: AudioOptions

    func validate() throws {
        guard !images.isEmpty else { throw ValidationError("give at least one image") }
        guard secondsPerImage.isFinite, secondsPerImage > 1 else {
            throw ValidationError("--seconds-per-image must be more than the 1-second transition")
        }
        guard caption.count <= images.count else {
            throw ValidationError(
                "\(caption.count) captions for \(images.count) images; give at most one each")
        }
        try validateExport(fps: fps, output: output)
        try size.validate(for: output)
        try frames?.validate()
    }

    func run() throws {
        LayerExporter.removeTemporaryOutputsOnSignals()
        let frameSize = CGSize(width: size.width, height: size.height)
        var loaded: [SlideshowImage] = []
        for path in images {
            if let signal = LayerExporter.interruptingSignal { throw ExportError.interrupted(signal: signal) }
            do {
                loaded.append(
                    try SlideshowImage(
                        contentsOf: URL(fileURLWithPath: path), frameSize: frameSize, fit: look.mode))
            } catch let error as CGImageCodingError {
                throw CommandError(description: "cannot read image '\(path)': \(error)")
            } catch {
                throw CommandError(
                    description: "cannot read image '\(path)': \((error as NSError).localizedDescription)")
            }
        }
        var options = ExportOptions(
            size: frameSize,
            duration: Slideshow.duration(imageCount: loaded.count, secondsPerImage: secondsPerImage))
        options.framesPerSecond = fps
        options.frames = frames?.range
        // From the path as typed: a trailing / asks for a PNG sequence, even after ".png".
        options.format = ExportFormat(path: output)
        options.soundtracks = sound.soundtrack.map { [$0] } ?? []
        LayerExporter.removeTemporaryOutputsOnSignals()
        let report = try CAMediaClock.withManualTime(at: 1000) {
            let root =
                look.mode == .top
                ? Slideshow.makeLayer(
                    images: loaded.map(\.content), backgrounds: loaded.map(\.background), captions: caption,
                    frameSize: frameSize, startTime: CACurrentMediaTime(), secondsPerImage: secondsPerImage)
                : Slideshow.makePhotoLayer(
                    images: loaded.map(\.content), captions: caption, frameSize: frameSize,
                    startTime: CACurrentMediaTime(), secondsPerImage: secondsPerImage, style: look.style)
            let exporter = LayerExporter(layer: root, options: options)
            let bar = ProgressBar(label: "slideshow")
            exporter.progress = { bar.update($0) }
            defer { bar.finish() }
            return try exporter.export(to: URL(fileURLWithPath: output))
        }
        printSummary(report)
    }
}

/// `lamina concat SHARD... -o FILE`.
struct ConcatCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "concat",
        abstract: "Join shards rendered with --frames into one video, without re-encoding the pictures.",
        discussion: """
            The shards must be MP4 (or WebM) files of consecutive frame ranges of one render. Each
            shard records its frames, so they are joined in frame order whatever the order given;
            shards that overlap, leave frames out or come from different renders are refused.
            Files that record no frames (written by older versions) are joined in the order given.
            Their sound is joined sample for sample and encoded once (MP4 shards keep it losslessly).

              lamina render slideshow -o a.mp4 --frames 0..450
              lamina render slideshow -o b.mp4 --frames 450..900
              lamina concat a.mp4 b.mp4 -o slideshow.mp4
            """)

    @Argument(help: "The shards (joined in frame order; files without recorded frames as given).")
    var shards: [String]

    @Option(name: [.customShort("o"), .long], help: "The joined file.")
    var output: String

    func run() throws {
        LayerExporter.removeTemporaryOutputsOnSignals()
        try LayerExporter.concatenate(
            shards.map { URL(fileURLWithPath: $0) }, into: URL(fileURLWithPath: output))
        print("wrote \(output) from \(shards.count) shards")
    }
}
