import ArgumentParser
import Foundation
import LaminaExamples
import LaminaExport
import QuartzCore

/// `lamina`: renders Lamina's examples — every listing of Core Animation chapters 7–9 and the
/// slideshow demo — and a user's own slideshows to video, snapshots and layer-tree dumps.
@main
struct Lamina: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lamina",
        abstract: "Core Animation on Linux: render layer-tree examples and slideshows to video.",
        discussion: """
            Examples are addressed by listing number (7.7, 8.15, 9.4) or short name (slideshow, door).

              lamina examples
              lamina render slideshow -o slideshow.mp4
              lamina render 9.4 -o door.gif --size 640x480
              lamina slideshow a.jpg b.png c.jpg -o trip.mp4 --caption Beach --caption Hills
              lamina snapshot 8.6 --time 2 -o frame.png
              lamina tree 7.7 --time 1.5
              lamina preview 9.4
            """,
        subcommands: [
            ExamplesCommand.self, RenderCommand.self, SlideshowCommand.self, SnapshotCommand.self,
            TreeCommand.self, ConcatCommand.self, PreviewCommand.self,
        ])

    /// Parses and runs the command; an interrupted export prints its one line and exits with
    /// status 128 + the signal (130 for SIGINT), after the export has removed its files.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            if let signal = LayerExporter.interruptingSignal {
                writeToStandardError("Error: \(ExportError.interrupted(signal: signal))\n")
                Foundation.exit(128 + signal)
            }
            exit(withError: error)
        }
    }
}

/// `lamina examples`.
struct ExamplesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "examples",
        abstract: "List the examples and the listing each reproduces.",
        discussion: "Example: lamina examples")

    func run() {
        let nameWidth = Examples.all.map(\.name.count).max() ?? 0
        for example in Examples.all {
            let listing = example.listing.map { "Listing \($0)" } ?? example.origin ?? "Demo"
            let name = example.name.padding(toLength: nameWidth, withPad: " ", startingAt: 0)
            let size = "\(Int(example.size.width))x\(Int(example.size.height))"
            print(
                "\(name)  \(listing.padding(toLength: 13, withPad: " ", startingAt: 0))"
                    + "\(size.padding(toLength: 10, withPad: " ", startingAt: 0))"
                    + "\(formatSeconds(example.duration).padding(toLength: 7, withPad: " ", startingAt: 0))"
                    + example.title)
        }
    }
}
