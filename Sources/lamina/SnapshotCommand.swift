import ArgumentParser
import Foundation
import LaminaExamples
import LaminaExport
import QuartzCore
import UIKit

#if canImport(Glibc)
    import Glibc
#endif

/// Runs `example` under the manual clock up to `time` seconds and hands the scene to `body`.
func withExample<Result>(
    _ example: Example, at time: Double, _ body: (ExampleRun, CFTimeInterval) throws -> Result
) throws -> Result {
    guard time.isFinite, time >= 0 else { throw ValidationError("--time must be zero or more seconds") }
    guard time <= ExampleRun.maximumTime else {
        throw ValidationError(
            "--time \(time) is past the limit of \(Int(ExampleRun.maximumTime)) seconds (an example's clock "
                + "moves frame by frame, 60 a second); give a time within it")
    }
    return try CAMediaClock.withManualTime(at: 1000) {
        let run = ExampleRun(example)
        run.advance(to: time)
        return try body(run, run.startTime + time)
    }
}

/// `lamina snapshot EXAMPLE --time T -o frame.png`.
struct SnapshotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snapshot",
        abstract: "Render one frame of an example to a PNG or JPEG file.",
        discussion: """
            The format follows the output's extension: .png, or .jpg/.jpeg (JPEG, quality 0.9).

              lamina snapshot 8.6 --time 2 -o frame.png
              lamina snapshot slideshow --time 4.5 -o slide.jpg --size 640x360
            """)

    @Argument(help: "The example: a listing number or a name.")
    var example: String

    @Option(name: .long, help: "Seconds after the example starts (default 0).")
    var time: Double = 0

    @Option(name: [.customShort("o"), .long], help: "The PNG (.png) or JPEG (.jpg, .jpeg) file to write.")
    var output: String

    @OptionGroup var frame: FrameOptions

    /// Whether the output's extension asks for JPEG rather than PNG.
    var writesJPEG: Bool {
        ["jpg", "jpeg"].contains(URL(fileURLWithPath: output).pathExtension.lowercased())
    }

    func validate() throws {
        let pathExtension = URL(fileURLWithPath: output).pathExtension.lowercased()
        guard ["png", "jpg", "jpeg"].contains(pathExtension) else {
            throw ValidationError("cannot tell the format of '\(output)'; use .png, .jpg or .jpeg")
        }
        if let size = frame.size { try size.validate() }
    }

    func run() throws {
        let example = try findExample(self.example)
        let geometry = try frame.geometry(for: example.size)
        LayerExporter.removeTemporaryOutputsOnSignals()
        let target = URL(fileURLWithPath: output)
        LayerExporter.removeAbandonedTemporaryFiles(besides: target.deletingLastPathComponent())
        let image: CGImage = try withExample(example, at: time) { run, now in
            run.scene.setTextScale(geometry.scale)
            let renderer = try CARenderer(layer: run.scene.root, size: geometry.size, scale: geometry.scale)
            renderer.bounds = geometry.bounds
            guard let image = renderer.image(atTime: now) else {
                throw CommandError(description: "the renderer produced no image")
            }
            return image
        }
        if let signal = LayerExporter.interruptingSignal { throw ExportError.interrupted(signal: signal) }
        if writesJPEG {
            try writeJPEG(image, to: target)
        } else {
            try image.writePNG(to: target)
        }
        print("wrote \(output): \(image.width)x\(image.height), \(example.name) at \(formatSeconds(time))")
    }
}

/// Writes `image` as a JPEG file (quality 0.9) to `url` as `CGImage.writePNG(to:)` writes a PNG:
/// through a temporary file beside it, renamed over it once complete.
func writeJPEG(_ image: CGImage, to url: URL) throws {
    guard let data = UIImage(cgImage: image).jpegData(compressionQuality: 0.9) else {
        throw CommandError(description: "cannot encode the frame as JPEG")
    }
    let temporary = url.deletingLastPathComponent().appendingPathComponent(
        ".\(url.lastPathComponent).lamina-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).partial")
    do {
        try data.write(to: temporary)
    } catch {
        try? FileManager.default.removeItem(at: temporary)
        throw CGImageCodingError.writeFailed(path: url.path, reason: (error as NSError).localizedDescription)
    }
    guard rename(temporary.path, url.path) == 0 else {
        let reason = String(cString: strerror(errno))
        try? FileManager.default.removeItem(at: temporary)
        throw CGImageCodingError.writeFailed(path: url.path, reason: reason)
    }
}
