import ArgumentParser
import Foundation
import LaminaExamples
import LaminaExport
import QuartzCore

/// A frame size in pixels, `WIDTHxHEIGHT`.
struct PixelSize: ExpressibleByArgument {
    var width: Int
    var height: Int

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x")
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]) else { return nil }
        self.width = width
        self.height = height
    }

    static var defaultCompletionKind: CompletionKind { .default }
}

/// A frame range, `A..B` (frames A to B − 1, like Swift's `A..<B`) or `A..<B`.
struct FrameRange: ExpressibleByArgument {
    var range: Range<Int>

    init?(argument: String) {
        let separator = argument.contains("..<") ? "..<" : ".."
        let parts = argument.components(separatedBy: separator)
        guard parts.count == 2, let lower = Int(parts[0]), let upper = Int(parts[1]), lower < upper,
            lower >= 0
        else { return nil }
        range = lower..<upper
    }
}

/// The options every rendering command shares.
struct FrameOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Output size in pixels, WIDTHxHEIGHT; the scene is scaled to fit and centred.",
            valueName: "WxH"))
    var size: PixelSize?

    @Option(name: .long, help: "Pixels per point when --size is not given (default 1).")
    var scale: Double?

    /// Checks the size and scale and returns the options' geometry for a scene of `sceneSize`
    /// points: the points rendered, the rectangle shown and the pixels per point.
    func geometry(for sceneSize: CGSize) throws -> (size: CGSize, bounds: CGRect, scale: CGFloat) {
        if let size {
            try size.validate()
            guard scale == nil else { throw ValidationError("give either --size or --scale, not both") }
            let fit = min(CGFloat(size.width) / sceneSize.width, CGFloat(size.height) / sceneSize.height)
            let points = CGSize(width: CGFloat(size.width) / fit, height: CGFloat(size.height) / fit)
            let bounds = CGRect(
                x: (sceneSize.width - points.width) / 2, y: (sceneSize.height - points.height) / 2,
                width: points.width, height: points.height)
            return (points, bounds, fit)
        }
        let scale = CGFloat(self.scale ?? 1)
        guard scale.isFinite, scale > 0, sceneSize.width * scale <= 16384, sceneSize.height * scale <= 16384
        else {
            throw ValidationError("--scale \(scale) must be positive and keep frames within 16384 pixels")
        }
        return (sceneSize, CGRect(origin: .zero, size: sceneSize), scale)
    }
}

/// Checks the options every export command shares: a frame rate the exporter accepts and an
/// output whose extension names a format.
func validateExport(fps: Double, output: String) throws {
    guard fps.isFinite, fps > 0, fps <= 1000 else {
        throw ValidationError("--fps must be between 0 and 1000")
    }
    guard ExportFormat(path: output) != nil else {
        throw ValidationError(
            "cannot tell the format of '\(output)'; use \(ExportFormat.supportedExtensions)")
    }
}

extension PixelSize {
    /// Checks that the size is between 1×1 and the renderer's 16384×16384 pixels.
    func validate() throws {
        guard width > 0, height > 0, width <= 16384, height <= 16384 else {
            throw ValidationError("--size \(width)x\(height) must be between 1x1 and 16384x16384 pixels")
        }
    }
}

extension PixelSize {
    /// Checks the size against the renderer and the output format's own limits (ffmpeg's frame
    /// area, GIF's 16-bit sides), before anything is rendered.
    func validate(for output: String) throws {
        try validate()
        guard let format = ExportFormat(path: output) else { return }
        do {
            try format.checkPixelSize(width: Double(width), height: Double(height))
        } catch let error as ExportError {
            throw ValidationError("--size \(width)x\(height): \(error)")
        }
    }
}

/// Finds an example by listing number or name, or fails with the list of names.
func findExample(_ name: String) throws -> Example {
    guard let example = Examples.named(name) else {
        let names = Examples.all.map { $0.listing ?? $0.name }.joined(separator: ", ")
        throw ValidationError("no example '\(name)'; choose one of \(names) (see `lamina examples`)")
    }
    return example
}

/// `1.5 s`, `30 s`.
func formatSeconds(_ seconds: Double) -> String {
    seconds == seconds.rounded() ? "\(Int(seconds)) s" : String(format: "%.1f s", seconds)
}

/// An error printed as one line by the argument parser.
struct CommandError: Error, CustomStringConvertible {
    var description: String
}
