import Foundation
import QuartzCore

#if canImport(Glibc)
    import Glibc
#endif

/// An `ffmpeg` (or `ffprobe`) child process: arguments in, raw bytes through its standard input,
/// what it prints on standard error kept in a temporary file for the error message.
final class FFmpegProcess {
    private let process = Process()
    private let input = Pipe()
    /// The process's standard output, when it was started to produce bytes (a decoder).
    private let output: Pipe?
    private let errorFile: URL
    private let errorHandle: FileHandle
    private var inputClosed = false
    /// Whether standard input was switched to non-blocking writes (`write(_:stages:)`).
    private var nonBlocking = false

    /// The program's path on `PATH`, or `nil`.
    static func locate(_ program: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") where !directory.isEmpty {
            let candidate = "\(directory)/\(program)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Starts `ffmpeg arguments…`.
    ///
    /// - Throws: `ExportError.ffmpegNotFound`, or `.ffmpegFailed` when it cannot be launched.
    init(program: String = "ffmpeg", arguments: [String], producesOutput: Bool = false) throws {
        guard let executable = Self.locate(program) else { throw ExportError.ffmpegNotFound }
        // A child that exits early must give the writer EPIPE, not kill it with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        errorFile = FileManager.default.temporaryDirectory
            .appendingPathComponent("lamina-ffmpeg-\(StaleTemporaryFiles.token()).log")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        guard let handle = FileHandle(forWritingAtPath: errorFile.path) else {
            throw ExportError.writeFailed(path: errorFile.path, reason: "cannot create ffmpeg's log")
        }
        errorHandle = handle
        TemporaryOutputs.shared.register(errorFile.path)
        output = producesOutput ? Pipe() : nil
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardInput = input
        process.standardOutput = output ?? FileHandle.nullDevice
        process.standardError = errorHandle
        do {
            try process.run()
        } catch {
            try? errorHandle.close()
            try? FileManager.default.removeItem(at: errorFile)
            TemporaryOutputs.shared.unregister(errorFile.path)
            throw ExportError.ffmpegFailed(status: -1, message: "cannot launch \(executable): \(error)")
        }
        ChildProcesses.shared.register(process.processIdentifier)
        widenPipe(input.fileHandleForWriting.fileDescriptor)
    }

    /// Linux's `F_SETPIPE_SZ` (not exported by the Glibc module).
    private static let setPipeSize: Int32 = 1031

    /// Grows the pipe to ffmpeg from 64 KiB towards the largest size an unprivileged process may
    /// ask for (`/proc/sys/fs/pipe-max-size`, 1 MiB by default): a frame then crosses in one or a
    /// few writes instead of dozens of wake-ups on each side. Best effort: where the kernel refuses,
    /// the pipe keeps its size.
    private func widenPipe(_ descriptor: Int32) {
        let limit =
            (try? String(contentsOfFile: "/proc/sys/fs/pipe-max-size", encoding: .utf8))
            .flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? (1 << 20)
        _ = fcntl(descriptor, Self.setPipeSize, min(limit, 1 << 20))
    }

    deinit {
        cancel()
        ChildProcesses.shared.unregister(process.processIdentifier)
        try? errorHandle.close()
        try? FileManager.default.removeItem(at: errorFile)
        TemporaryOutputs.shared.unregister(errorFile.path)
    }

    /// Writes `bytes` to the process's standard input, all of it.
    ///
    /// With `stages`, the time spent copying into the pipe (`pipe`) and the time spent waiting for
    /// ffmpeg to make room in it (`encoderWait`) are added there: the pipe is then written without
    /// blocking (from then on, for every write), and the waits are `poll` calls.
    ///
    /// - Throws: `.ffmpegFailed` with ffmpeg's message when it has stopped reading (it failed).
    func write(_ bytes: UnsafeRawBufferPointer, stages: UnsafeMutablePointer<ExportStageTimes>? = nil) throws
    {
        guard var pointer = bytes.baseAddress else { return }
        var remaining = bytes.count
        let descriptor = input.fileHandleForWriting.fileDescriptor
        if stages != nil, !nonBlocking {
            nonBlocking = true
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        }
        while remaining > 0 {
            let began = stages != nil ? RenderStageTimes.now() : 0
            let written = Glibc.write(descriptor, pointer, remaining)
            if let stages { stages.pointee.pipe += RenderStageTimes.now() - began }
            if written < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN {
                    let waiting = stages != nil ? RenderStageTimes.now() : 0
                    var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&ready, 1, -1)
                    if let stages { stages.pointee.encoderWait += RenderStageTimes.now() - waiting }
                    continue
                }
                let reason = String(cString: strerror(errno))
                throw failure(orElse: "ffmpeg stopped reading frames (\(reason))")
            }
            remaining -= written
            pointer = pointer.advanced(by: written)
        }
    }

    /// Reads exactly `buffer.count` bytes of the process's standard output into `buffer`.
    ///
    /// - Returns: `false` when the output ended first (the bytes read so far are kept).
    func read(into buffer: UnsafeMutableRawBufferPointer) -> Bool {
        guard let output, var pointer = buffer.baseAddress else { return false }
        var remaining = buffer.count
        let descriptor = output.fileHandleForReading.fileDescriptor
        while remaining > 0 {
            let count = Glibc.read(descriptor, pointer, remaining)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            remaining -= count
            pointer = pointer.advanced(by: count)
        }
        return true
    }

    /// Everything the process writes on standard output until it closes it, as text.
    func readAll() -> String {
        guard let output else { return "" }
        return String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    /// Everything the process writes on standard output until it closes it, as bytes.
    func readAllData() -> Data {
        output?.fileHandleForReading.readDataToEndOfFile() ?? Data()
    }

    /// What the process printed on standard error, its last meaningful lines.
    var errorMessage: String {
        let text = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
        return text.split(whereSeparator: \.isNewline).map(String.init)
            .filter {
                !$0.trimmingCharacters(in: .whitespaces).isEmpty && !$0.contains("Last message repeated")
            }
            .suffix(3).joined(separator: " | ")
    }

    /// Closes standard input and waits for the process to exit.
    ///
    /// ffmpeg runs with `-loglevel error`, so anything it prints is an error: a run that exits
    /// with status 0 but printed something (ffmpeg ignores some write failures, such as a full
    /// disk while writing the trailer) is a failure too.
    ///
    /// - Throws: `.ffmpegFailed` with the end of what it printed when it exits with a failure or
    ///   printed an error, `.interrupted` when a signal arrives while waiting (ffmpeg is stopped).
    func finish() throws {
        closeInput()
        try waitInterruptibly()
        if process.terminationStatus != 0 || process.terminationReason != .exit {
            throw failure(orElse: "ffmpeg exited with status \(process.terminationStatus)")
        }
        let message = errorMessage
        if !message.isEmpty {
            throw ExportError.ffmpegFailed(status: process.terminationStatus, message: message)
        }
    }

    /// Waits for the process to exit, stopping it (and throwing `.interrupted`) when a signal is
    /// recorded meanwhile.
    private func waitInterruptibly() throws {
        while process.isRunning {
            if Interruption.requested != nil {
                cancel()
                try Interruption.check()
            }
            usleep(5_000)
        }
        process.waitUntilExit()
    }

    /// Stops the process (an export that failed or was cancelled).
    ///
    /// Its input is closed and it is sent SIGTERM; one still running a second later (blocked
    /// writing output nobody reads) is killed.
    func cancel() {
        closeInput()
        guard process.isRunning else { return }
        process.terminate()
        let deadline = Date().addingTimeInterval(1)
        while process.isRunning, Date() < deadline { usleep(2_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    private func closeInput() {
        guard !inputClosed else { return }
        inputClosed = true
        try? input.fileHandleForWriting.close()
    }

    /// The error for a failed run, with the last meaningful lines ffmpeg printed.
    private func failure(orElse fallback: String) -> ExportError {
        closeInput()
        process.waitUntilExit()
        let message = errorMessage
        return .ffmpegFailed(
            status: process.terminationStatus, message: message.isEmpty ? fallback : message)
    }
}
