import ArgumentParser
import Foundation
import LaminaExamples
import LaminaTreeDump
import QuartzCore

/// `lamina tree EXAMPLE --time T`.
struct TreeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tree",
        abstract:
            "Print an example's layer tree at a time: model values, and presented ones where animations change them.",
        discussion: """
            Each layer shows its class, name and frame, then every property that differs from its
            default; where the presentation layer differs from the model, both are shown
            (model → presented), followed by the layer's animation keys.

              lamina tree 7.7 --time 1.5
              lamina tree slideshow --time 2.5
            """)

    @Argument(help: "The example: a listing number or a name.")
    var example: String

    @Option(name: .long, help: "Seconds after the example starts (default 0).")
    var time: Double = 0

    func run() throws {
        let example = try findExample(self.example)
        let lines: [String] = try withExample(example, at: time) { run, _ in
            var lines = [
                "\(example.listing.map { "Listing \($0): " } ?? "")\(example.title) — at \(formatSeconds(time))"
            ]
            lines += LayerTreeDump.lines(of: run.scene.root)
            if !run.scene.log.isEmpty {
                lines.append("log:")
                lines += run.scene.log.map { "  \($0)" }
            }
            return lines
        }
        print(lines.joined(separator: "\n"))
    }
}
