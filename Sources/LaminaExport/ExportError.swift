import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Why an export failed. Every case's `description` is one line naming the problem and the fix;
/// whenever an export throws, no output file is left behind.
public enum ExportError: Error, CustomStringConvertible, Equatable {
    /// The `ffmpeg` program is not on `PATH`.
    case ffmpegNotFound
    /// The output path's extension names no format.
    case unknownFormat(path: String)
    /// The size in pixels is zero, negative, not finite or larger than the renderer allows.
    case invalidSize(String)
    /// The frame rate or duration is zero, negative or not finite.
    case invalidTiming(String)
    /// The requested frames lie outside `0..<frameCount`.
    case framesOutOfRange(requested: Range<Int>, frameCount: Int)
    /// The renderer could not be created (no EGL/OpenGL ES 3 context, framebuffer too large).
    case renderer(String)
    /// ffmpeg exited with a failure; `message` is the end of what it printed.
    case ffmpegFailed(status: Int32, message: String)
    /// Writing the output failed (a full disk, a missing or read-only folder).
    case writeFailed(path: String, reason: String)
    /// The files cannot be concatenated (different formats, or a format with no lossless join).
    case cannotConcatenate(String)
    /// The export was cancelled (by the progress callback or a signal).
    case cancelled
    /// The video of a `VideoComposition` cannot be read.
    case videoInput(path: String, reason: String)
    /// A soundtrack cannot be used: its file is missing, unreadable, has no audio stream or one
    /// ffmpeg cannot decode, or one of its values is out of range.
    case audioInput(path: String, reason: String)
    /// Soundtracks were given for a format without sound (GIF, animated PNG, PNG sequence).
    case audioNotSupported(format: ExportFormat)
    /// A signal (SIGINT, SIGTERM, SIGHUP) stopped the export, once
    /// `LayerExporter.removeTemporaryOutputsOnSignals()` is installed; `signal` is its number.
    case interrupted(signal: Int32)

    /// One line naming the problem and the fix.
    public var description: String {
        switch self {
        case .ffmpegNotFound:
            "ffmpeg was not found on PATH; install it (Debian: `apt-get install ffmpeg`, which "
                + "scripts/install-deps.sh does)"
        case .unknownFormat(let path):
            "cannot tell the format of '\(path)' from its extension; use "
                + ExportFormat.supportedExtensions
        case .invalidSize(let reason): "invalid size: \(reason)"
        case .invalidTiming(let reason): "invalid timing: \(reason)"
        case .framesOutOfRange(let requested, let count):
            "frames \(requested.lowerBound)..<\(requested.upperBound) lie outside the render's "
                + "\(count) frames (0..<\(count)); choose a range within it"
        case .renderer(let reason): "cannot create the renderer: \(reason)"
        case .ffmpegFailed(let status, let message):
            status == 0
                ? "ffmpeg reported an error (though it exited with status 0): \(message)"
                : "ffmpeg failed (exit status \(status)): \(message)"
        case .writeFailed(let path, let reason): "cannot write '\(path)': \(reason)"
        case .cannotConcatenate(let reason): "cannot concatenate: \(reason)"
        case .cancelled: "the export was cancelled; no file was written"
        case .videoInput(let path, let reason):
            "cannot read the video '\(path)': \(reason); give a video file ffmpeg can decode"
        case .audioInput(let path, let reason):
            "cannot use the sound '\(path)': \(reason); give a sound file ffmpeg can decode"
        case .audioNotSupported(let format):
            "\(format) has no sound; write .mp4, .mov or .webm to keep the soundtrack, or leave it out"
        case .interrupted(let signal):
            "interrupted by \(signal == SIGINT ? "SIGINT" : signal == SIGTERM ? "SIGTERM" : signal == SIGHUP ? "SIGHUP" : "signal \(signal)"); "
                + "no file was written and no temporary file was left"
        }
    }
}

extension ExportError {
    /// The system's messages for a file system that cannot take more bytes.
    private static let fullDiskMessages = [
        "No space left on device", "Disk quota exceeded", "File too large",
    ]

    /// `error`, or, when it is ffmpeg failing because the file system is full, a `.writeFailed`
    /// for `target` that says so (ffmpeg's own message names the temporary file).
    static func naming(_ target: String, in error: any Error) -> any Error {
        guard case .ffmpegFailed(_, let message) = error as? ExportError,
            let reason = fullDiskMessages.first(where: { message.contains($0) })
        else { return error }
        return ExportError.writeFailed(
            path: target,
            reason: "\(reason.prefix(1).lowercased() + reason.dropFirst()) (the disk is full); free space "
                + "or write to another disk, then run again")
    }
}
