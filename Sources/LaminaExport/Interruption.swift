import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The interruption requested by a signal (SIGINT, SIGTERM, SIGHUP), for the whole process.
///
/// Nothing runs in signal context: the signals are ignored and watched by dispatch sources, whose
/// handler (an ordinary thread) only records the signal. Running exports look at it between
/// frames, and ffmpeg waits poll it, then unwind normally: ffmpeg is stopped, temporary files are
/// removed, and the export throws `ExportError.interrupted`. A second signal, or an export that
/// has not stopped within `gracePeriod`, ends the process at once with `_exit` after removing the
/// registered temporary files and killing the registered child processes (no `atexit` handlers,
/// no destructors, so nothing races the render thread).
enum Interruption {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var signalNumber: Int32 = 0

    /// Seconds a running export has to stop by itself after the first signal.
    static let gracePeriod: Double = 5

    /// The signal received, or `nil`.
    static var requested: Int32? {
        lock.withLock { signalNumber == 0 ? nil : signalNumber }
    }

    /// Throws `.interrupted` when a signal was received.
    static func check() throws {
        if let signal = requested { throw ExportError.interrupted(signal: signal) }
    }

    /// Records `signal`; returns whether one was recorded already.
    fileprivate static func record(_ signal: Int32) -> Bool {
        lock.withLock {
            let earlier = signalNumber != 0
            if !earlier { signalNumber = signal }
            return earlier
        }
    }

    /// Removes everything registered, kills the registered children and exits with 128 + signal,
    /// without running exit handlers.
    fileprivate static func forceExit(_ signal: Int32) -> Never {
        ChildProcesses.shared.killAll()
        TemporaryOutputs.shared.removeAll()
        _exit(128 + signal)
    }

    /// Installs the dispatch sources once.
    static func install() {
        lock.withLock {
            guard !installed else { return }
            installed = true
            for number in [SIGINT, SIGTERM, SIGHUP] {
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler {
                    if record(number) { forceExit(requested ?? number) }
                    DispatchQueue.global().asyncAfter(deadline: .now() + gracePeriod) {
                        // Only when an export is still running (it holds a temporary output).
                        if !TemporaryOutputs.shared.isEmpty { forceExit(number) }
                    }
                }
                source.resume()
                sources.append(source)
            }
        }
    }

    nonisolated(unsafe) private static var installed = false
    nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []
}

/// The child processes (ffmpeg, ffprobe) running now, killed by a forced exit.
final class ChildProcesses: @unchecked Sendable {
    static let shared = ChildProcesses()
    private let lock = NSLock()
    private var identifiers: Set<Int32> = []

    func register(_ pid: Int32) { lock.withLock { _ = identifiers.insert(pid) } }
    func unregister(_ pid: Int32) { lock.withLock { _ = identifiers.remove(pid) } }

    func killAll() {
        for pid in lock.withLock({ identifiers }) { kill(pid, SIGKILL) }
    }
}

extension LayerExporter {
    /// Makes SIGINT, SIGTERM and SIGHUP stop running exports cleanly: the signal is only recorded
    /// (no code runs in signal context); the export stops before its next frame, stops ffmpeg,
    /// removes its temporary files and throws `ExportError.interrupted(signal:)`, which a
    /// command-line program reports before exiting with status 128 + the signal. A second
    /// signal, or an export still running 5 seconds after the first, ends the process at once
    /// (temporary files removed, ffmpeg killed). Call once, early, in a command-line program;
    /// later calls do nothing.
    public static func removeTemporaryOutputsOnSignals() {
        Interruption.install()
    }

    /// The signal that interrupted the process (SIGINT, SIGTERM or SIGHUP), once
    /// ``removeTemporaryOutputsOnSignals()`` is installed and one arrived; `nil` otherwise.
    public static var interruptingSignal: Int32? { Interruption.requested }
}
