import CoreGraphics
import Synchronization

/// Bumped on every change of any model layer, animation list or commit; presentation copies
/// built for an older value are rebuilt.
let modelGeneration = Atomic<Int>(0)
/// A weak reference to a layer, for lists that must not keep layers alive.
struct WeakLayer {
    weak var layer: CALayer?

    init(_ layer: CALayer) {
        self.layer = layer
    }
}

/// A transaction completion block and the animations it waits for.
final class CompletionGroup {
    let block: () -> Void
    /// Animations added while the block was set that have not completed or been removed.
    var pending = 0
    /// Whether the transaction that holds the block has committed (or replaced the block).
    var isClosed = false
    var hasRun = false

    init(block: @escaping () -> Void) {
        self.block = block
    }

    /// Runs the block once, when closed and nothing is pending.
    func runIfDone() {
        guard isClosed, pending == 0, !hasRun else { return }
        hasRun = true
        block()
    }
}

/// One thread's transactions: nested frames with their settings and completion groups, and the
/// animations added since the last publishing commit.
final class TransactionStack {
    /// The lock `CATransaction.lock()` takes.
    static let globalLock = NSRecursiveLock()

    final class Frame {
        let isImplicit: Bool
        var values: [String: Any] = [:]
        var completion: CompletionGroup?

        init(isImplicit: Bool) {
            self.isImplicit = isImplicit
        }
    }

    private(set) var frames: [Frame] = []
    /// Animations added since the last publish, whose begin times the next publish fills in.
    var pendingRecords: [AnimationRecord] = []
    /// Layers created since the last publish, committed by it (R10).
    var createdLayers: [WeakLayer] = []
    /// Layers whose trees changed since the last publish (their roots' render trees are rebuilt
    /// by the next one; CALayer+Commit.swift).
    var dirtyRoots: [WeakLayer] = []
    /// Layers that took another's place through `replaceSublayer(_:with:)` since the last
    /// publish, with the layer each replaced: a transition on the new layer starts from the old.
    var replacedLayers: [LayerID: CALayer] = [:]
    /// A flush asked for while explicit transactions were open.
    private var flushRequested = false

    /// The current thread's stack.
    static var current: TransactionStack {
        let dictionary = Thread.current.threadDictionary
        if let stack = dictionary[threadKey] as? TransactionStack { return stack }
        let stack = TransactionStack()
        dictionary[threadKey] = stack
        return stack
    }

    private static let threadKey = "LaminaTransactionStack"

    /// Opens an implicit transaction if none is open: any change to the layer tree calls it.
    func ensureOpen() {
        if frames.isEmpty { begin(implicit: true) }
    }

    func begin(implicit: Bool) {
        frames.append(Frame(isImplicit: implicit))
        if implicit && Thread.isMainThread {
            // "Committed automatically when the thread's run loop next iterates".
            DispatchQueue.main.async { CATransaction.flush() }
        }
    }

    func commitInnermost() {
        guard let frame = frames.popLast() else { return }
        let group = frame.completion
        if frames.isEmpty {
            flushRequested = false
            publish()
        } else if flushRequested, frames.count == 1, frames[0].isImplicit {
            flushRequested = false
            commitInnermost()
        }
        if let group {
            group.isClosed = true
            group.runIfDone()
        }
    }

    func flush() {
        guard let bottom = frames.first, bottom.isImplicit else { return }
        if frames.count == 1 {
            commitInnermost()
        } else {
            flushRequested = true
        }
    }

    func value(forKey key: String) -> Any? {
        for frame in frames.reversed() {
            if let value = frame.values[key] { return value }
        }
        return nil
    }

    func setValue(_ value: Any?, forKey key: String) {
        ensureOpen()
        frames[frames.count - 1].values[key] = value
    }

    func completionBlock() -> (() -> Void)? {
        frames.reversed().first { $0.completion != nil }?.completion?.block
    }

    func setCompletionBlock(_ block: (() -> Void)?) {
        ensureOpen()
        let frame = frames[frames.count - 1]
        if let old = frame.completion {
            old.isClosed = true
            old.runIfDone()
        }
        frame.completion = block.map(CompletionGroup.init)
    }

    /// The completion groups an animation added now must report to: every open frame's.
    var openCompletionGroups: [CompletionGroup] {
        frames.compactMap(\.completion)
    }

    /// The outermost commit: the layout and display phases, then animations added since the last
    /// publish get their begin times (the layer's local time now, R5) and start being timed for
    /// events, and the changed trees' render trees are published.
    private func publish() {
        layoutAndDisplayPhases()
        let now = CACurrentMediaTime()
        let records = pendingRecords
        pendingRecords = []
        for record in records {
            guard let layer = record.layer, record.isAttached else { continue }
            if record.animation.storedBeginTime == 0 {
                record.animation.storedBeginTime = layer.convertTime(now, from: nil)
            }
            record.animation.resolveTiming()
            record.isCommitted = true
        }
        for created in createdLayers { created.layer?.hasBeenCommitted = true }
        createdLayers = []
        publishRenderTrees()
        replacedLayers = [:]
        modelGeneration.add(1, ordering: .relaxed)
        AnimationEngine.current.register(records.filter(\.isCommitted))
    }
}
