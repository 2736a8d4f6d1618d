import CoreGraphics

#if canImport(Glibc)
    import Glibc
#endif

/// The current absolute time, in seconds: `CLOCK_MONOTONIC` (which, like Apple's mach time, does
/// not advance while the system sleeps), or the manual clock's time while `CAMediaClock` uses
/// manual time.
public func CACurrentMediaTime() -> CFTimeInterval {
    if let manual = MediaClockState.shared.manualTime() { return manual }
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return CFTimeInterval(now.tv_sec) + CFTimeInterval(now.tv_nsec) / 1e9
}

/// The clock behind `CACurrentMediaTime()`: the monotonic system clock, or a manual clock that
/// tests and offline rendering move explicitly, so that time is a value and every run is
/// deterministic.
///
/// While manual time is in use, animation events — `animationDidStart(_:)`,
/// `animationDidStop(_:finished:)`, removal of finished animations and transaction completion
/// blocks — are delivered by `advance(by:)`; under system time they are delivered by
/// `CATransaction.flush()`, by display links, and on the main dispatch queue when the app runs
/// it (`RunLoop.main.run()` or `dispatchMain()`).
public enum CAMediaClock {
    /// From now on `CACurrentMediaTime()` returns `time` until moved. A non-finite `time` is
    /// ignored.
    public static func useManualTime(_ time: CFTimeInterval) {
        guard time.isFinite else { return }
        MediaClockState.shared.setManual(time)
    }

    /// Moves the manual clock forward, then delivers, in time order, every animation event that
    /// fell due: animationDidStart, animationDidStop(_:finished:), removal of finished animations,
    /// transaction completion blocks. Display links added to a run loop tick at each of their
    /// frames that the move crosses, in time order, with the clock at the frame's time.
    ///
    /// Any open implicit transaction is committed first, at the time before the move, as a frame
    /// boundary would commit it; what the delivered callbacks change is committed at the end, at
    /// the time after the move, as a run loop turn ends. Under system time (or with a negative or non-finite `seconds`)
    /// the clock does not move, and the events due now are delivered.
    public static func advance(by seconds: CFTimeInterval) {
        CATransaction.flush()
        if seconds.isFinite, seconds > 0, let start = MediaClockState.shared.manualTime() {
            // Display links tick at each frame of their grid that the move crosses (ruling D1).
            DisplayLinkRegistry.shared.fireManualTicks(from: start, through: start + seconds)
            MediaClockState.shared.setManual(start + seconds)
        }
        AnimationEngine.current.deliverEvents(upTo: CACurrentMediaTime())
        // What the callbacks changed is committed, as a run loop turn ends (ruling E2).
        CATransaction.flush()
    }

    /// Back to the monotonic system clock.
    public static func useSystemTime() {
        MediaClockState.shared.setManual(nil)
    }

    /// Whether the manual clock is in use.
    public static var isUsingManualTime: Bool {
        MediaClockState.shared.manualTime() != nil
    }

    /// Runs `body` with the system clock, then returns the clock to what it was. Lamina
    /// extension, the counterpart of `withManualTime(at:_:)`: it takes turns with that method's
    /// callers, so code that needs real time passing (a live window, a run-loop timer) is not
    /// handed another thread's manual time meanwhile.
    public static func withSystemTime<Result>(_ body: () throws -> Result) rethrows -> Result {
        MediaClockState.turns.lock()
        defer { MediaClockState.turns.unlock() }
        let previous = MediaClockState.shared.manualTime()
        MediaClockState.shared.setManual(nil)
        defer { MediaClockState.shared.setManual(previous) }
        return try body()
    }

    /// Runs `body` with the manual clock at `start`, then returns the clock to what it was
    /// (system time, or the manual time it had). Lamina extension.
    ///
    /// The clock is one per process, so callers of this method on different threads take
    /// turns: each waits until no other thread is inside it (a thread may nest calls). Test
    /// suites and offline renderers that run concurrently use it to keep their time their own;
    /// code that moves the clock outside it is not held back. An open implicit transaction is
    /// committed before the clock is set.
    public static func withManualTime<Result>(
        at start: CFTimeInterval, _ body: () throws -> Result
    ) rethrows -> Result {
        MediaClockState.turns.lock()
        defer { MediaClockState.turns.unlock() }
        CATransaction.flush()
        let previous = MediaClockState.shared.manualTime()
        MediaClockState.shared.setManual(start.isFinite ? start : previous ?? 0)
        defer { MediaClockState.shared.setManual(previous) }
        return try body()
    }
}

/// The clock's state, behind a lock: it is read from any thread.
final class MediaClockState: @unchecked Sendable {
    static let shared = MediaClockState()
    /// Held by `withManualTime`, so that its callers take turns.
    static let turns = NSRecursiveLock()
    private let lock = NSLock()
    private var manual: Double?

    func manualTime() -> Double? {
        lock.lock()
        defer { lock.unlock() }
        return manual
    }

    func setManual(_ time: Double?) {
        lock.lock()
        manual = time
        lock.unlock()
    }

    func advance(by seconds: Double) {
        lock.lock()
        if let current = manual { manual = current + seconds }
        lock.unlock()
    }
}
