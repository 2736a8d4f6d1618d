import Foundation

/// What `ffprobe -print_format json -show_streams -show_format` reports about a media file.
struct ProbedMedia: Decodable {
    /// The container's streams, in file order.
    var streams: [ProbedStream]?
    /// The container.
    var format: ProbedFormat?
}

/// One stream of ``ProbedMedia``; every field is optional, as ffprobe leaves out what it lacks.
struct ProbedStream: Decodable {
    var index: Int
    var codecType: String?
    var codecName: String?
    var codecTagString: String?
    /// The container's track identifier, such as `"0x1"` (MP4 and QuickTime).
    var id: String?
    var width: Int?
    var height: Int?
    /// The decoded pictures' pixel format, such as `"yuv420p"`.
    var pixFmt: String?
    /// The colour matrix (`"bt709"`, `"smpte170m"`, …) and range (`"tv"`, `"pc"`), where tagged.
    var colorSpace: String?
    var colorRange: String?
    var avgFrameRate: String?
    var rFrameRate: String?
    var timeBase: String?
    var startPts: Int64?
    var durationTs: Int64?
    var duration: String?
    var bitRate: String?
    var disposition: [String: Int]?
    var tags: [String: String]?
    var sideDataList: [ProbedSideData]?
}

/// Side data of a stream; Lamina reads the display matrix.
struct ProbedSideData: Decodable {
    var sideDataType: String?
    var displaymatrix: String?
}

/// The container of ``ProbedMedia``.
struct ProbedFormat: Decodable {
    var duration: String?
    var bitRate: String?
    var formatName: String?
}

/// Runs `ffprobe` on local files.
enum MediaProbe {
    /// The streams and container of the file at `url`.
    ///
    /// - Throws: `URLError(.unsupportedURL)` for a URL that is not a file,
    ///   `URLError(.fileDoesNotExist)`, `URLError(.fileIsDirectory)`,
    ///   `URLError(.noPermissionsToReadFile)`, ``AVError`` with
    ///   ``AVError/Code/fileFormatNotRecognized`` when ffprobe cannot read the file (its message
    ///   is the failure reason), or ``AVError/Code/unknown`` when ffprobe is not installed.
    static func probe(_ url: URL) throws -> ProbedMedia {
        guard url.isFileURL else { throw URLError(.unsupportedURL, userInfo: [NSURLErrorKey: url]) }
        let path = url.path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw URLError(.fileDoesNotExist, userInfo: [NSURLErrorKey: url])
        }
        guard !isFolder.boolValue else { throw URLError(.fileIsDirectory, userInfo: [NSURLErrorKey: url]) }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw URLError(.noPermissionsToReadFile, userInfo: [NSURLErrorKey: url])
        }
        let (status, output, message) = try run(
            ["-v", "error", "-print_format", "json", "-show_streams", "-show_format", "--", path])
        guard status == 0 else {
            let reason = message.isEmpty ? "ffprobe exited with status \(status)" : message
            throw AVError(
                .fileFormatNotRecognized, userInfo: [NSLocalizedFailureReasonErrorKey: "\(path): \(reason)"])
        }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        do {
            return try decoder.decode(ProbedMedia.self, from: output)
        } catch {
            throw AVError(
                .fileFailedToParse, userInfo: [NSLocalizedFailureReasonErrorKey: "\(path): \(error)"])
        }
    }

    /// Runs ffprobe with `arguments`: its exit status, standard output and standard error.
    private static func run(_ arguments: [String]) throws -> (Int32, Data, String) {
        guard let executable = locate("ffprobe") else {
            throw AVError(
                .unknown, userInfo: [NSLocalizedFailureReasonErrorKey: "ffprobe is not installed (on PATH)"])
        }
        let process = Process()
        let output = Pipe()
        let errors = Pipe()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw AVError(
                .unknown, userInfo: [NSLocalizedFailureReasonErrorKey: "cannot run \(executable): \(error)"])
        }
        // Standard error is read on another thread, so that neither pipe can fill and stall ffprobe.
        let errorText = ErrorText()
        let reader = Thread { errorText.set(errors.fileHandleForReading.readDataToEndOfFile()) }
        reader.start()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let message = errorText.wait().trimmingCharacters(in: .whitespacesAndNewlines)
        return (process.terminationStatus, data, message)
    }

    /// The program's path on `PATH`, or `nil`.
    private static func locate(_ program: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") where !directory.isEmpty {
            let candidate = "\(directory)/\(program)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}

/// Standard error's text, handed from the reading thread.
private final class ErrorText: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var text = ""

    func set(_ data: Data) {
        text = String(decoding: data, as: UTF8.self)
        done.signal()
    }

    func wait() -> String {
        done.wait()
        return text
    }
}
