import Foundation
import QuartzCore
import Testing

/// Why the window tests could not get a display.
struct XvfbError: Error, CustomStringConvertible {
    let description: String
}

/// Runs `body` with a fresh Xvfb server (`Xvfb :N -screen 0 1280x800x24` on a free display
/// number, which Xvfb picks and reports through `-displayfd`) as `DISPLAY`, then stops the
/// server and restores `DISPLAY`. Throws, with the reason, when Xvfb cannot be started: the tests
/// then fail rather than pass without a window.
func withXvfb(_ body: () throws -> Void) throws {
    let candidates = ["/usr/bin/Xvfb", "/usr/local/bin/Xvfb"]
    guard let path = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
        throw XvfbError(description: "Xvfb is not installed (scripts/install-deps.sh installs xvfb)")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = ["-displayfd", "1", "-screen", "0", "1280x800x24", "-nolisten", "tcp"]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    do {
        try process.run()
    } catch {
        throw XvfbError(description: "cannot start Xvfb: \(error)")
    }
    defer {
        // SIGKILL: Xvfb inherits the spawning thread's signal mask, and dispatch's worker
        // threads block SIGTERM.
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }
    // Xvfb writes the display number once it accepts connections; wait up to 20 s.
    let reader = DisplayNumberReader(handle: pipe.fileHandleForReading)
    guard let number = reader.read(timeout: 20) else {
        throw XvfbError(description: "Xvfb did not report a display within 20 s (is it able to run here?)")
    }
    // The server's socket, which clients connect to, must exist; the server removes its lock
    // and socket only on a clean exit, so remove them after killing it.
    let socket = "/tmp/.X11-unix/X\(number)"
    let deadline = Date().addingTimeInterval(10)
    while !FileManager.default.fileExists(atPath: socket), Date() < deadline { usleep(20_000) }
    defer {
        try? FileManager.default.removeItem(atPath: socket)
        try? FileManager.default.removeItem(atPath: "/tmp/.X\(number)-lock")
    }
    let previous = getenv("DISPLAY").map { String(cString: $0) }
    let previousWayland = getenv("WAYLAND_DISPLAY").map { String(cString: $0) }
    setenv("DISPLAY", ":\(number)", 1)
    unsetenv("WAYLAND_DISPLAY")
    defer {
        if let previous { setenv("DISPLAY", previous, 1) } else { unsetenv("DISPLAY") }
        if let previousWayland { setenv("WAYLAND_DISPLAY", previousWayland, 1) }
    }
    // The window's frames run on system time; other suites' manual clocks wait meanwhile.
    try CAMediaClock.withSystemTime(body)
}

/// Reads Xvfb's display number on a background thread, with a timeout.
private final class DisplayNumberReader: @unchecked Sendable {
    private let handle: FileHandle
    private let done = DispatchSemaphore(value: 0)
    private var text = ""

    init(handle: FileHandle) {
        self.handle = handle
    }

    func read(timeout: Double) -> Int? {
        Thread.detachNewThread { [self] in
            while !text.contains("\n") {
                let data = handle.availableData
                if data.isEmpty { break }
                text += String(decoding: data, as: UTF8.self)
            }
            done.signal()
        }
        guard done.wait(timeout: .now() + timeout) == .success else { return nil }
        return Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
