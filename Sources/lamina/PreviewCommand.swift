import ArgumentParser
import Foundation
import LaminaExamples
import LaminaExport
import LaminaPreview
import LaminaWindow
import QuartzCore

/// `lamina preview EXAMPLE`.
struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Open an example in a live window and interact with it.",
        discussion: """
            Click the listing's buttons and tabs, drag its sliders, click a text field and type digits. \
            Any other press is a touch delivered to the listing's views through UIKit: touch the scene \
            (7.7's touchesBegan) or drag across it (9.4's pan gesture recognizer). Escape or closing \
            the window quits.
            Needs a display (X11 or Wayland). With --audio, the sound a render of the example would \
            carry plays in step with it through the default audio device; without one, the preview says \
            so once and runs silent.

              lamina preview 7.7
              lamina preview door --stats
              lamina preview 9.3 --script --scale 2
              lamina preview slideshow --audio music.m4a
            """)

    @Argument(help: "The example: a listing number (7.7, 8.15, 9.4) or a name (slideshow, door).")
    var example: String

    @Flag(name: .long, help: "Overlay the frame rate and frame time.")
    var stats = false

    @Flag(name: .long, help: "Also play the example's scripted interactions at their times.")
    var script = false

    @Option(
        name: .long, help: "Window size as a multiple of the example's size (default 1; the slideshow 0.75).")
    var scale: Double?

    @Option(name: .long, help: "Quit after this many frames (for automation).")
    var frames: Int?

    @Option(name: .long, help: "Write the window's last frame to this PNG file when quitting.")
    var snapshot: String?

    @OptionGroup var sound: AudioOptions

    func validate() throws {
        if let scale, !(scale.isFinite && scale > 0 && scale <= 8) {
            throw ValidationError("--scale must be between 0 and 8")
        }
        if let frames, frames < 1 { throw ValidationError("--frames must be at least 1") }
        try sound.validate()
    }

    func run() throws {
        let example = try findExample(self.example)
        // The sound file is checked before the window opens, as a render checks it.
        if let soundtrack = sound.soundtrack { try PreviewSound.check([soundtrack]) }
        let defaultScale: Double = example.size.width > 1000 ? 0.75 : 1
        let preview: ExamplePreview
        do {
            preview = try CAMediaClock.withSystemTime {
                try ExamplePreview(
                    example, scale: CGFloat(scale ?? defaultScale), replaysScript: script,
                    showsStatistics: stats)
            }
        } catch {
            throw CommandError(description: "cannot open a window: \(error)")
        }
        preview.audio = try soundOutput(duration: example.duration)
        defer { preview.audio?.close() }
        var last: CGImage?
        preview.run(maximumFrames: frames) { last = preview.window.snapshot() }
        if let snapshot {
            guard let last else {
                throw CommandError(description: "no frame was drawn to write to \(snapshot)")
            }
            try last.writePNG(to: URL(fileURLWithPath: snapshot))
            print("wrote \(snapshot): \(last.width)x\(last.height)")
        }
    }

    /// The `--audio` sound, mixed as a render of `duration` seconds would carry it, loaded on the
    /// default audio device; `nil` without `--audio` or without a device (said once, ruling X18).
    private func soundOutput(duration: CFTimeInterval) throws -> AudioOutput? {
        guard let soundtrack = sound.soundtrack else { return nil }
        guard let output = AudioOutput.open(report: { print($0) }) else { return nil }
        let mixed = try PreviewSound(
            soundtracks: [soundtrack], duration: duration, sampleRate: output.sampleRate,
            channels: output.channels)
        output.load(mixed.samples)
        return output
    }
}
