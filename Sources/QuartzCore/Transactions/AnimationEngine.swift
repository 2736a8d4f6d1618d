import CoreGraphics

/// One animation added to one layer: the layer's frozen copy and what has been delivered for it.
final class AnimationRecord {
    weak var layer: CALayer?
    let key: String?
    let animation: CAAnimation
    /// Whether the transaction that added it has published (its begin time is final).
    var isCommitted = false
    /// Whether it is still in its layer's animation list.
    var isAttached = true
    var hasStarted = false
    var hasStopped = false
    /// The completion blocks waiting for this animation.
    var completionGroups: [CompletionGroup] = []

    init(layer: CALayer, key: String?, animation: CAAnimation) {
        self.layer = layer
        self.key = key
        self.animation = animation
    }
}

/// Decides when animations start and stop and delivers the callbacks, in time order:
/// `animationDidStart`, then at the end of the active duration removal (when
/// `isRemovedOnCompletion`) followed by `animationDidStop(_:finished: true)`, then any
/// transaction completion block that was waiting only for it. Removing an animation early queues
/// `animationDidStop(_:finished: false)` for the next delivery.
///
/// Events are delivered by `CAMediaClock.advance(by:)`, `CATransaction.flush()`, display links
/// and, under system time on the main thread, by blocks on the main dispatch queue.
///
/// Each thread has its own engine, as it has its own transactions (ruling RT1): a commit registers
/// its animations with its thread's engine, and only that thread delivers their callbacks and
/// completion blocks, so they run on the thread that committed them.
final class AnimationEngine: @unchecked Sendable {
    /// The calling thread's engine.
    static var current: AnimationEngine {
        let dictionary = Thread.current.threadDictionary
        if let engine = dictionary[threadKey] as? AnimationEngine { return engine }
        let engine = AnimationEngine()
        dictionary[threadKey] = engine
        return engine
    }

    private static let threadKey = "LaminaAnimationEngine"

    private let lock = NSRecursiveLock()
    /// Committed records whose start or stop has not been delivered.
    private var live: [AnimationRecord] = []
    /// Early removals waiting to be reported.
    private var removed: [AnimationRecord] = []
    private var scheduledDelivery: Double = .infinity

    func register(_ records: [AnimationRecord]) {
        guard !records.isEmpty else { return }
        lock.lock()
        live.append(contentsOf: records)
        lock.unlock()
        scheduleSystemDelivery()
    }

    /// Called when a record leaves its layer before it finished.
    func recordRemoved(_ record: AnimationRecord) {
        lock.lock()
        defer { lock.unlock() }
        guard !record.hasStopped else { return }
        record.hasStopped = true
        removed.append(record)
    }

    private enum Event {
        case start(AnimationRecord)
        case finish(AnimationRecord)
        case removedEarly(AnimationRecord)
    }

    /// Delivers every event due at or before absolute time `now`, in time order.
    func deliverEvents(upTo now: Double) {
        lock.lock()
        var due: [(time: Double, order: Int, event: Event)] = []
        var order = 0
        for record in removed {
            due.append((-.infinity, order, .removedEarly(record)))
            order += 1
        }
        removed = []
        for record in live {
            guard let layer = record.layer, record.isAttached, !record.hasStopped else { continue }
            guard let interval = activeInterval(of: record, in: layer) else { continue }
            if !record.hasStarted, interval.start <= now {
                due.append((interval.start, order, .start(record)))
                order += 1
            }
            if interval.end <= now {
                due.append((interval.end, order, .finish(record)))
                order += 1
            }
        }
        live.removeAll { $0.hasStopped || !$0.isAttached || $0.layer == nil }
        lock.unlock()

        due.sort { ($0.time, $0.order) < ($1.time, $1.order) }
        for item in due {
            deliver(item.event)
        }
        lock.lock()
        live.removeAll { $0.hasStopped || !$0.isAttached || $0.layer == nil }
        lock.unlock()
    }

    private func deliver(_ event: Event) {
        switch event {
        case .start(let record):
            guard !record.hasStarted else { return }
            record.hasStarted = true
            record.animation.storedDelegate?.animationDidStart(record.animation)
        case .finish(let record):
            guard !record.hasStopped, record.isAttached else { return }
            record.hasStopped = true
            if !record.hasStarted {
                record.hasStarted = true
                record.animation.storedDelegate?.animationDidStart(record.animation)
            }
            if record.animation.storedRemovedOnCompletion {
                record.layer?.detach(record, openingTransaction: false)
            }
            record.animation.storedDelegate?.animationDidStop(record.animation, finished: true)
            finishGroups(of: record)
        case .removedEarly(let record):
            record.animation.storedDelegate?.animationDidStop(record.animation, finished: false)
            finishGroups(of: record)
        }
    }

    private func finishGroups(of record: AnimationRecord) {
        for group in record.completionGroups {
            group.pending -= 1
            group.runIfDone()
        }
        record.completionGroups = []
    }

    /// The absolute times at which the record's active duration starts and ends (`end` may be
    /// infinite), or `nil` while some layer above it is paused: through the layers' committed
    /// timing, as the pixels see it, so a timing change not yet committed moves no event.
    private func activeInterval(of record: AnimationRecord, in layer: CALayer) -> (
        start: Double, end: Double
    )? {
        let timing = record.animation.mediaTiming
        let active = timing.activeDuration
        var localStart: Double
        var localEnd: Double
        if timing.speed == 0 {
            guard active > 0 else { return nil }
            localStart = -.infinity
            localEnd = .infinity
        } else {
            localStart = timing.beginTime
            localEnd = timing.beginTime + active / timing.speed
            if localEnd < localStart { swap(&localStart, &localEnd) }
        }
        guard let start = layer.absoluteTime(fromLocal: localStart, committed: true),
            let end = layer.absoluteTime(fromLocal: localEnd, committed: true)
        else { return nil }
        return start <= end ? (start, end) : (end, start)
    }

    /// Under system time on the main thread, schedules a delivery for the next event.
    private func scheduleSystemDelivery() {
        guard !CAMediaClock.isUsingManualTime, Thread.isMainThread else { return }
        lock.lock()
        var next = Double.infinity
        for record in live {
            guard let layer = record.layer, !record.hasStopped,
                let interval = activeInterval(of: record, in: layer)
            else { continue }
            next = min(next, record.hasStarted ? interval.end : interval.start)
        }
        let shouldSchedule = next.isFinite && next < scheduledDelivery
        if shouldSchedule { scheduledDelivery = next }
        lock.unlock()
        guard shouldSchedule else { return }
        let delay = max(0, next - CACurrentMediaTime())
        DispatchQueue.main.asyncAfter(deadline: .now() + delay) {
            let engine = AnimationEngine.current
            engine.lock.lock()
            engine.scheduledDelivery = .infinity
            engine.lock.unlock()
            engine.deliverEvents(upTo: CACurrentMediaTime())
            engine.scheduleSystemDelivery()
        }
    }
}
