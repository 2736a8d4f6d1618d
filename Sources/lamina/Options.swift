import ArgumentParser
import Foundation
import LaminaExamples
import LaminaExport
import QuartzCore

/// A frame size in pixels, `WIDTHxHEIGHT`.
///
/// Any text parses, so that `validate()` can say in one line what was wrong (a failing
/// `init?(argument:)` gives ArgumentParser's several-line message).
struct PixelSize: ExpressibleByArgument {
    var width: Int
    var height: Int
    /// The text given when it is not `WIDTHxHEIGHT`; reported by `validate()`.
    var malformed: String?

    init(argument: String) {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]) else {
            width = 0
            height = 0
            malformed = argument
            return
        }
        self.width = width
        self.height = height
    }

    static var defaultCompletionKind: CompletionKind { .default }
}

/// A frame range, `A..B` (frames A to B − 1, like Swift's `A..<B`) or `A..<B`.
///
/// Any text parses, so that `validate()` can say in one line what was wrong.
struct FrameRange: ExpressibleByArgument {
    var range: Range<Int>
    /// Why the text is not a range of frames, when it is not; reported by `validate()`.
    var problem: String?

    init(argument: String) {
        range = 0..<0
        let separator = argument.contains("..<") ? "..<" : ".."
        let parts = argument.components(separatedBy: separator)
        let form = "give A..B, frames A to B-1 with 0 <= A < B (for example 0..450)"
        guard parts.count == 2, let lower = Int(parts[0]), let upper = Int(parts[1]) else {
            problem = "--frames \"\(argument)\" is not A..B; \(form)"
            return
        }
        guard lower >= 0 else {
            problem = "--frames \(argument) starts before frame 0; \(form)"
            return
        }
        guard lower < upper else {
            let why =
                lower == upper ? "its end is its start" : "its end \(upper) is before its start \(lower)"
            problem = "--frames \(argument) is empty: \(why); \(form)"
            return
        }
        range = lower..<upper
    }

    /// Throws the one-line reason the text is not a range of frames.
    func validate() throws {
        if let problem { throw ValidationError(problem) }
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
        throw ValidationError("--fps must be greater than 0 and at most 1000 (got \(formatNumber(fps)))")
    }
    guard ExportFormat(path: output) != nil else {
        throw ValidationError(
            "cannot tell the format of '\(output)'; use \(ExportFormat.supportedExtensions)")
    }
}

extension PixelSize {
    /// Checks that the text was `WIDTHxHEIGHT` and the size is between 1×1 and the renderer's
    /// 16384×16384 pixels.
    func validate() throws {
        if let malformed {
            throw ValidationError("--size \"\(malformed)\" is not WIDTHxHEIGHT (for example 1280x720)")
        }
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

/// `0`, `2.5`, `nan`: a number as typed, without a `.0` on whole numbers.
func formatNumber(_ value: Double) -> String {
    value.isFinite && value == value.rounded() && abs(value) < 1e15 ? "\(Int(value))" : "\(value)"
}

/// `1.5 s`, `30 s`.
func formatSeconds(_ seconds: Double) -> String {
    seconds == seconds.rounded() ? "\(Int(seconds)) s" : String(format: "%.1f s", seconds)
}

/// An error printed as one line by the argument parser.
struct CommandError: Error, CustomStringConvertible {
    var description: String
}
