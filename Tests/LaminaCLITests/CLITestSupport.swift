import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The built `lamina` program (a sibling of the test bundle in the build folder).
func laminaProgram() throws -> URL {
    let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let candidates = [bundle, bundle.deletingLastPathComponent()].map { $0.appendingPathComponent("lamina") }
    return try #require(
        candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) },
        "the lamina program was not built beside the tests (\(candidates.map(\.path)))")
}

/// A started `lamina` run whose output is collected in files (so a signal can be sent meanwhile).
struct LaminaRun {
    let process = Process()
    let errorFile: URL

    /// Starts `lamina arguments…` in `folder`, with `pathPrefix` put before `PATH` when given
    /// and `environment` added to the test's.
    init(
        _ arguments: [String], in folder: URL, pathPrefix: String? = nil,
        environment extra: [String: String] = [:]
    ) throws {
        errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-test-\(UUID()).err")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        process.executableURL = try laminaProgram()
        process.arguments = arguments
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "DISPLAY")
        environment.removeValue(forKey: "WAYLAND_DISPLAY")
        if let pathPrefix {
            environment["PATH"] = pathPrefix + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        }
        environment.merge(extra) { $1 }
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: errorFile)
        try process.run()
    }

    /// Runs a system program to its end and returns its exit status.
    static func system(_ program: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Waits for the exit; returns the status (128 + the signal when a signal ended it) and what
    /// the program printed on standard error.
    func wait() -> (status: Int32, error: String, pid: Int32) {
        process.waitUntilExit()
        let error = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(at: errorFile)
        let status =
            process.terminationReason == .uncaughtSignal
            ? 128 + process.terminationStatus : process.terminationStatus
        return (status, error, process.processIdentifier)
    }
}

/// A fresh empty folder for one test, removed by the caller.
func makeCLIScratch() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-cli-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}

/// The files in the temporary folder that a `lamina` process `pid` made (ffmpeg logs, lists).
func temporaryFiles(of pid: Int32) -> [String] {
    listing(FileManager.default.temporaryDirectory).filter {
        $0.hasPrefix("lamina-ffmpeg-\(pid)-") || $0.hasPrefix("lamina-concat-\(pid)-")
            || $0.hasPrefix("lamina-audio-\(pid)-")
    }
}

/// The error line of a run's standard error (ArgumentParser's `Error: …`).
func errorLine(_ text: String) -> String? {
    text.split(separator: "\n").first { $0.hasPrefix("Error:") }.map(String.init)
}

/// Whether the text shows a crash (glibc's malloc checks, Swift's fatal errors, a fault).
func showsCrash(_ text: String) -> Bool {
    ["malloc", "fastbin", "Fatal error", "Segmentation", "double free", "corrupted", "Aborted", "Stack dump"]
        .contains { text.contains($0) }
}
