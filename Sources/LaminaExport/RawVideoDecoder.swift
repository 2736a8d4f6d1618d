import Foundation
import QuartzCore

/// Frames of a video file decoded by the `ffmpeg` program into images, one at a time, in order:
/// the decoding stage shared by `VideoComposition` and AVFoundation's export session.
///
/// ffmpeg reads `input` with `inputArguments` before it (such as `-copyts`), applies `filters`
/// to the chosen video stream, converts to BGRA and writes raw frames of `width × height` pixels
/// to a pipe; the filters must end in frames of that size (a `scale` last). Each frame is
/// returned as a premultiplied sRGB `CGImage` in Cairo's byte order (32-bit little-endian
/// ARGB, premultiplied first: B, G, R, A in memory), which the renderer uploads as it is, with
/// no conversion or copy (ruling AV22). Video is opaque, so straight and premultiplied alpha
/// agree.
package final class RawVideoDecoder {
    private let process: FFmpegProcess
    private let width: Int
    private let height: Int
    private let space = CGColorSpace(name: CGColorSpace.sRGB)
    private var ended = false

    /// Starts ffmpeg on `input`.
    ///
    /// - Parameters:
    ///   - stream: ffmpeg's index of the video stream read (`nil`: the first video stream).
    ///   - frameLimit: the most frames ffmpeg writes (`nil`: until the filters end).
    ///   - outputArguments: options for the output, before the frame limit (such as
    ///     `-fps_mode passthrough`, which writes the filters' frames as they come).
    /// - Throws: `ExportError.ffmpegNotFound`, or a failure to start it.
    package init(
        input: URL, inputArguments: [String] = [], stream: Int? = nil, filters: String, width: Int,
        height: Int, frameLimit: Int? = nil, outputArguments: [String] = []
    ) throws {
        self.width = width
        self.height = height
        var arguments = ["-hide_banner", "-loglevel", "error", "-nostdin"] + inputArguments
        // `file:` keeps a name with a colon from being read as a protocol.
        arguments += ["-i", "file:" + input.standardizedFileURL.path]
        arguments +=
            [
                "-map", stream.map { "0:\($0)" } ?? "0:v:0", "-an", "-sn", "-dn", "-vf",
                filters + ",format=bgra",
            ]
            + outputArguments
        if let frameLimit { arguments += ["-frames:v", String(frameLimit)] }
        arguments += ["-f", "rawvideo", "pipe:1"]
        process = try FFmpegProcess(arguments: arguments, producesOutput: true)
    }

    deinit {
        process.cancel()
    }

    /// The next frame, or `nil` once ffmpeg has no more (at the end, or after a failure, whose
    /// message is then ``errorMessage``).
    package func nextFrame() -> CGImage? {
        guard !ended else { return nil }
        var bytes = Data(count: width * height * 4)
        let complete = bytes.withUnsafeMutableBytes { process.read(into: $0) }
        guard complete, let provider = CGDataProvider(data: bytes), let space else {
            ended = true
            return nil
        }
        return CGImage(
            width: width, height: height, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: width * 4,
            space: space,
            bitmapInfo: CGBitmapInfo(
                rawValue: CGImageAlphaInfo.premultipliedFirst.rawValue
                    | CGBitmapInfo.byteOrder32Little.rawValue),
            provider: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent)
    }

    /// What ffmpeg printed on failure (empty when it printed nothing).
    package var errorMessage: String { process.errorMessage }

    /// Stops ffmpeg.
    package func cancel() {
        process.cancel()
    }
}
