import CoreGraphics

/// A range of frame rates, in frames per second, that a display link prefers (Apple's
/// `CAFrameRateRange`).
///
/// All zero (`.default`) means "the display's native rate". A `preferred` of `nil` means no
/// preference inside `minimum...maximum`.
public struct CAFrameRateRange: Equatable, Hashable, Sendable {
    /// The lowest acceptable rate, in frames per second; 0 for no lower bound.
    public var minimum: Float
    /// The highest acceptable rate, in frames per second; 0 for the display's maximum.
    public var maximum: Float
    /// The rate the link would like, in frames per second; `nil` for no preference.
    public var preferred: Float?

    /// A range from `minimum` to `maximum` preferring `preferred` (Apple's initializer).
    public init(minimum: Float, maximum: Float, preferred: Float?) {
        self.minimum = minimum
        self.maximum = maximum
        self.preferred = preferred
    }

    /// A range from `minimum` to `maximum` with no preferred rate.
    public init(minimum: Float, maximum: Float) {
        self.init(minimum: minimum, maximum: maximum, preferred: nil)
    }

    /// The system default: minimum, maximum and preferred all 0, which means the display's
    /// native rate.
    public static let `default` = CAFrameRateRange(minimum: 0, maximum: 0, preferred: 0)

    /// Whether both ranges have the same minimum, maximum and preferred rate.
    public func isEqual(to range: CAFrameRateRange) -> Bool {
        self == range
    }
}

/// A timer synchronised with the display's refresh (Apple's `CADisplayLink`).
///
/// Swift on Linux has no Objective-C runtime, so the link calls a closure rather than a
/// target's selector: `CADisplayLink { link in … }` where Apple's code writes
/// `CADisplayLink(target: self, selector: #selector(step))`.
///
/// Each tick first commits the calling thread's implicit transaction (`CATransaction.flush()`),
/// delivers the animation events due (`animationDidStart`, `animationDidStop`, completion
/// blocks), then calls the handler with `timestamp` (the time of the frame being shown) and
/// `targetTimestamp` (the time of the next frame) set.
///
/// What drives it (ruling D1 of `docs/DECISIONS.md`):
/// - under system time, a repeating timer on each run loop it was added to, firing at the
///   chosen frame interval on a grid that starts when it was added (without a real display,
///   the refresh rate is `CADisplayLink.displayRefreshRate`, 60 Hz unless changed);
/// - under the manual clock (`CAMediaClock.useManualTime(_:)`), `CAMediaClock.advance(by:)`:
///   every tick of the link's grid that the advance crosses fires, in time order, with the clock
///   set to the tick's time; the run-loop timer does nothing while manual time is in use;
/// - in a `LaminaWindow`, the window's frame loop, at each presented frame.
///
/// Added to a run loop, a link is retained until `invalidate()` or its removal from every run
/// loop it was added to.
public final class CADisplayLink {
    /// The refresh rate, in frames per second, that links driven by a timer or the manual clock
    /// assume, since there is no display to ask: 60 unless set. Non-finite or non-positive
    /// values are ignored. Lamina extension (UIKit's `UIScreen.maximumFramesPerSecond`).
    public static var displayRefreshRate: Double {
        get { DisplayLinkRegistry.shared.refreshRate }
        set {
            guard newValue.isFinite, newValue > 0 else { return }
            DisplayLinkRegistry.shared.refreshRate = newValue
        }
    }

    private let handler: (CADisplayLink) -> Void
    private var timers: [(runLoop: RunLoop, mode: RunLoop.Mode, timer: Timer)] = []
    private let lock = NSRecursiveLock()
    /// The refresh rate of the display driving this link, in frames per second; `nil` for
    /// `displayRefreshRate`.
    package var refreshRateOverride: Double?
    /// The manual-clock grid: its origin and the index of the next tick.
    private var manualOrigin: CFTimeInterval?
    private var manualInterval: CFTimeInterval = 0
    private var manualNextIndex: Int = 1
    /// The system-time grid's origin.
    private var systemOrigin: CFTimeInterval = 0
    private var invalidated = false

    /// Creates a link that calls `handler` at each frame once added to a run loop. Replaces
    /// Apple's `init(target:selector:)`, which needs the Objective-C runtime.
    public init(_ handler: @escaping (CADisplayLink) -> Void) {
        self.handler = handler
    }

    /// The time, in seconds of `CACurrentMediaTime()`, of the last frame shown: the tick being
    /// handled. 0 before the first tick.
    public private(set) var timestamp: CFTimeInterval = 0

    /// The time, in seconds of `CACurrentMediaTime()`, of the next frame: `timestamp` plus the
    /// link's frame interval (which `preferredFrameRateRange` may make longer than
    /// `duration`). 0 before the first tick.
    public private(set) var targetTimestamp: CFTimeInterval = 0

    /// The display's refresh interval in seconds (1 / refresh rate), whatever rate the link
    /// prefers. 0 before the first tick.
    public private(set) var duration: CFTimeInterval = 0

    /// Whether ticks are suspended. A paused link skips frames (they are not delivered later);
    /// it stays on its run loops. Default `false`.
    public var isPaused: Bool {
        get { lock.withLock { paused } }
        set { lock.withLock { paused = newValue } }
    }
    private var paused = false

    /// The frame rates the link prefers. Default `.default` (the display's rate). The link ticks
    /// at the refresh rate divided by a whole number: the one closest to `preferred` (or
    /// `maximum` when `preferred` is `nil` or 0) inside `minimum...maximum`; non-finite or
    /// negative values count as 0.
    public var preferredFrameRateRange: CAFrameRateRange = .default {
        didSet { rateChanged() }
    }

    /// The preferred frame rate, in frames per second (Apple's older API); 0 (the default) for
    /// the display's rate. Used when `preferredFrameRateRange` is `.default`.
    public var preferredFramesPerSecond: Int = 0 {
        didSet { rateChanged() }
    }

    /// Schedules the link on `runloop` for `mode`: it ticks while that run loop runs in that mode
    /// (or while the manual clock advances). Adding it again for the same run loop and mode does
    /// nothing; an invalidated link is never added.
    public func add(to runloop: RunLoop, forMode mode: RunLoop.Mode) {
        lock.lock()
        defer { lock.unlock() }
        guard !invalidated, !timers.contains(where: { $0.runLoop === runloop && $0.mode == mode }) else {
            return
        }
        let interval = frameInterval
        if timers.isEmpty {
            let now = CACurrentMediaTime()
            systemOrigin = now
            manualOrigin = now
            manualInterval = interval
            manualNextIndex = 1
            DisplayLinkRegistry.shared.insert(self)
        }
        let box = UncheckedBox(value: self)
        let timer = Timer(timeInterval: interval, repeats: true) { _ in
            box.value.systemTimerFired()
        }
        runloop.add(timer, forMode: mode)
        timers.append((runloop, mode, timer))
    }

    /// Removes the link from `runloop` for `mode`. Removed from its last run loop, the link is
    /// released by Lamina and ticks no more (the manual clock included) until added again.
    public func remove(from runloop: RunLoop, forMode mode: RunLoop.Mode) {
        lock.lock()
        defer { lock.unlock() }
        timers.removeAll { entry in
            guard entry.runLoop === runloop, entry.mode == mode else { return false }
            entry.timer.invalidate()
            return true
        }
        if timers.isEmpty { DisplayLinkRegistry.shared.remove(self) }
    }

    /// Removes the link from every run loop for good: it never ticks again, and adding it again
    /// does nothing.
    public func invalidate() {
        lock.lock()
        defer { lock.unlock() }
        invalidated = true
        for entry in timers { entry.timer.invalidate() }
        timers = []
        DisplayLinkRegistry.shared.remove(self)
    }

    /// The refresh rate that drives this link, in frames per second.
    var refreshRate: Double {
        refreshRateOverride ?? CADisplayLink.displayRefreshRate
    }

    /// Seconds between ticks: the refresh interval times the whole number that brings the rate
    /// closest to the preferred one inside the preferred range.
    package var frameInterval: CFTimeInterval {
        let refresh = refreshRate
        func clean(_ value: Float?) -> Double {
            guard let value, value.isFinite, value > 0 else { return 0 }
            return Double(value)
        }
        var range = preferredFrameRateRange
        if range == .default, preferredFramesPerSecond > 0 {
            let fps = Float(preferredFramesPerSecond)
            range = CAFrameRateRange(minimum: 0, maximum: fps, preferred: fps)
        }
        let minimum = clean(range.minimum)
        let maximum = clean(range.maximum)
        var target = clean(range.preferred)
        if target == 0 { target = maximum }
        guard target > 0 else { return 1 / refresh }
        var divisor = max(1, (refresh / target).rounded())
        if maximum > 0, refresh / divisor > maximum + 1e-6 { divisor += 1 }
        if minimum > 0, divisor > 1, refresh / divisor < minimum - 1e-6 { divisor -= 1 }
        return divisor / refresh
    }

    private func rateChanged() {
        lock.lock()
        defer { lock.unlock() }
        let interval = frameInterval
        // Re-anchor the manual grid at its last tick, so that ticks already due keep their times.
        if let origin = manualOrigin {
            let last = origin + Double(manualNextIndex - 1) * manualInterval
            manualOrigin = last
            manualNextIndex = 1
        }
        manualInterval = interval
        let entries = timers
        timers = []
        for entry in entries {
            entry.timer.invalidate()
            let box = UncheckedBox(value: self)
            let timer = Timer(timeInterval: interval, repeats: true) { _ in
                box.value.systemTimerFired()
            }
            entry.runLoop.add(timer, forMode: entry.mode)
            timers.append((entry.runLoop, entry.mode, timer))
        }
    }

    /// The run-loop timer's tick: ignored under the manual clock, which drives the link itself.
    private func systemTimerFired() {
        guard !CAMediaClock.isUsingManualTime else { return }
        let interval = frameInterval
        let now = CACurrentMediaTime()
        let frames = ((now - systemOrigin) / interval).rounded(.down)
        let shown = systemOrigin + max(frames, 0) * interval
        tick(timestamp: shown, targetTimestamp: shown + interval, duration: 1 / refreshRate)
    }

    /// The next tick of the manual grid after `start`: ticks at or before `start` are skipped
    /// (frames missed while the clock jumped), and a grid that begins after `start` (the clock
    /// was set back) is anchored anew at `start`.
    func nextManualTick(after start: CFTimeInterval) -> CFTimeInterval {
        lock.lock()
        defer { lock.unlock() }
        guard let origin = manualOrigin, origin <= start, manualInterval > 0 else {
            manualOrigin = start
            manualInterval = frameInterval
            manualNextIndex = 1
            return start + manualInterval
        }
        var tick = origin + Double(manualNextIndex) * manualInterval
        if tick <= start + 1e-9 {
            manualNextIndex = Int(((start - origin) / manualInterval + 1e-9).rounded(.down)) + 1
            tick = origin + Double(manualNextIndex) * manualInterval
            if tick <= start + 1e-9 {
                manualNextIndex += 1
                tick = origin + Double(manualNextIndex) * manualInterval
            }
        }
        return tick
    }

    /// Fires the manual grid's next tick (the clock is at its time).
    func fireManualTick(at time: CFTimeInterval) {
        let interval: CFTimeInterval = lock.withLock {
            manualNextIndex += 1
            return manualInterval
        }
        tick(timestamp: time, targetTimestamp: time + interval, duration: 1 / refreshRate)
    }

    /// One frame: commit, deliver events, then the handler. Does nothing while paused or after
    /// `invalidate()`. Used by timers, the manual clock and windows.
    package func tick(
        timestamp: CFTimeInterval, targetTimestamp: CFTimeInterval, duration: CFTimeInterval
    ) {
        let skip = lock.withLock { paused || invalidated }
        guard !skip else { return }
        CATransaction.flush()
        AnimationEngine.current.deliverEvents(upTo: CACurrentMediaTime())
        self.timestamp = timestamp
        self.targetTimestamp = targetTimestamp
        self.duration = duration
        handler(self)
    }
}

/// Carries a non-Sendable value into a `@Sendable` closure that runs on the same thread (a
/// run-loop timer's block).
private struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
}

/// The display links added to run loops: the manual clock fires them.
final class DisplayLinkRegistry: @unchecked Sendable {
    static let shared = DisplayLinkRegistry()
    private let lock = NSLock()
    private var links: [CADisplayLink] = []
    private var rate: Double = 60

    var refreshRate: Double {
        get { lock.withLock { rate } }
        set { lock.withLock { rate = newValue } }
    }

    func insert(_ link: CADisplayLink) {
        lock.withLock {
            if !links.contains(where: { $0 === link }) { links.append(link) }
        }
    }

    func remove(_ link: CADisplayLink) {
        lock.withLock { links.removeAll { $0 === link } }
    }

    /// The links registered now.
    var all: [CADisplayLink] {
        lock.withLock { links }
    }

    /// Fires, in time order, every manual-grid tick of every link in `(start, end]`, setting the
    /// manual clock to each tick's time and delivering the events due first. Returns with the
    /// clock at the last tick fired (or unchanged).
    func fireManualTicks(from start: CFTimeInterval, through end: CFTimeInterval) {
        var now = start
        // A bound on ticks per advance, so that a huge advance cannot spin for ever.
        var budget = 1_000_000
        while budget > 0 {
            budget -= 1
            let candidates = all.map { ($0, $0.nextManualTick(after: start)) }
            guard let (link, time) = candidates.min(by: { $0.1 < $1.1 }), time <= end + 1e-9 else {
                return
            }
            if time > now {
                MediaClockState.shared.setManual(time)
                now = time
            }
            AnimationEngine.current.deliverEvents(upTo: now)
            link.fireManualTick(at: time)
        }
    }
}
