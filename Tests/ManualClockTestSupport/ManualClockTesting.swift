import Foundation
import QuartzCore

/// The one lock every test in the process takes while it moves the shared manual clock.
///
/// `CAMediaClock`'s manual time is process-wide, and Swift Testing runs the suites of every test
/// target of the package in one process, in parallel: a `@Suite(.serialized)` keeps one target's
/// clock tests apart, not two targets'. `QuartzCoreTests` and `LaminaExamplesTests` both move the
/// clock through ``withManualClock(at:_:)``, so their clock tests never overlap.
public enum ManualClockTesting {
    /// Recursive, so that a clock test may call a helper that takes it again on the same thread.
    private static let lock = NSRecursiveLock()

    /// Runs `body` with the manual clock at `start` (any open implicit transaction committed
    /// first), holding the process-wide clock lock, then returns to system time.
    public static func withManualClock(at start: CFTimeInterval = 1000, _ body: () throws -> Void) rethrows {
        lock.lock()
        defer { lock.unlock() }
        CATransaction.flush()
        CAMediaClock.useManualTime(start)
        defer { CAMediaClock.useSystemTime() }
        try body()
    }
}
