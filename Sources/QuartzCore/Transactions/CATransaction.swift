import CoreGraphics

/// Batches changes to the layer tree into atomic updates (Apple's `CATransaction` header).
///
/// Every thread has its own stack of transactions. Changing a layer with no transaction open
/// opens an *implicit* transaction, which Lamina commits:
/// - when `CATransaction.flush()` is called (`CAMediaClock.advance(by:)`, display links and the
///   exporter call it at each frame boundary);
/// - on the main thread, when the main dispatch queue next runs (the Linux counterpart of "the
///   next turn of the run loop": it runs under `RunLoop.main.run()` or `dispatchMain()`).
///
/// Explicit transactions nest; settings are inherited from enclosing transactions, and only the
/// outermost commit publishes the changes: animations added inside get their begin time then
/// (ruling R5). `commit()` with nothing open commits the implicit transaction (ruling R7).
public enum CATransaction {
    /// Opens a new transaction for the current thread, nested in any open one.
    public static func begin() {
        TransactionStack.current.begin(implicit: false)
    }

    /// Commits the innermost transaction of the current thread. With no transaction open it
    /// commits the implicit one, or does nothing (it never raises, ruling R7).
    public static func commit() {
        TransactionStack.current.commitInnermost()
    }

    /// Commits the current thread's implicit transaction; if explicit transactions are open, the
    /// commit happens when the outermost of them commits. Then delivers the animation events due
    /// now.
    public static func flush() {
        TransactionStack.current.flush()
        AnimationEngine.current.deliverEvents(upTo: CACurrentMediaTime())
    }

    /// Acquires the recursive lock that guards layer trees shared between threads.
    public static func lock() {
        TransactionStack.globalLock.lock()
    }

    /// Releases the lock taken by `lock()`.
    public static func unlock() {
        TransactionStack.globalLock.unlock()
    }

    /// The default duration, in seconds, of animations added in this transaction (including
    /// implicit ones): the innermost value set, else 0.25.
    public static func animationDuration() -> CFTimeInterval {
        ValueCoercion.double(value(forKey: kCATransactionAnimationDuration)) ?? 0.25
    }

    /// Sets the default animation duration of the innermost transaction.
    public static func setAnimationDuration(_ dur: CFTimeInterval) {
        setValue(dur, forKey: kCATransactionAnimationDuration)
    }

    /// The timing function given to animations added in this transaction; `nil` (the default)
    /// leaves explicit animations as they are and gives implicit ones `.default`.
    public static func animationTimingFunction() -> CAMediaTimingFunction? {
        value(forKey: kCATransactionAnimationTimingFunction) as? CAMediaTimingFunction
    }

    /// Sets the timing function of the innermost transaction.
    public static func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) {
        setValue(function, forKey: kCATransactionAnimationTimingFunction)
    }

    /// Whether property changes in this transaction skip the action search (no implicit
    /// animations). Default `false`.
    public static func disableActions() -> Bool {
        ValueCoercion.bool(value(forKey: kCATransactionDisableActions)) ?? false
    }

    /// Sets whether actions are disabled in the innermost transaction.
    public static func setDisableActions(_ flag: Bool) {
        setValue(flag, forKey: kCATransactionDisableActions)
    }

    /// The completion block of the innermost transaction that set one.
    public static func completionBlock() -> (() -> Void)? {
        value(forKey: kCATransactionCompletionBlock) as? () -> Void
    }

    /// Sets a block run (on the thread that delivers animation events) once every animation added
    /// to this transaction group from now on has completed or been removed — immediately after
    /// the commit when none is added. Setting another block lets the previous one run as if the
    /// group had been committed.
    public static func setCompletionBlock(_ block: (() -> Void)?) {
        TransactionStack.current.setCompletionBlock(block)
    }

    /// The value of `key` in the innermost transaction that set it (nested transactions have
    /// nested scopes), or `nil`. Arbitrary keys are allowed.
    public static func value(forKey key: String) -> Any? {
        if key == kCATransactionCompletionBlock {
            return TransactionStack.current.completionBlock()
        }
        return TransactionStack.current.value(forKey: key)
    }

    /// Sets `key` in the innermost transaction, opening an implicit one if none is open.
    public static func setValue(_ anObject: Any?, forKey key: String) {
        if key == kCATransactionCompletionBlock {
            setCompletionBlock(anObject as? () -> Void)
            return
        }
        TransactionStack.current.setValue(anObject, forKey: key)
    }
}

/// The transaction key of `animationDuration`.
public let kCATransactionAnimationDuration = "animationDuration"
/// The transaction key of `disableActions`.
public let kCATransactionDisableActions = "disableActions"
/// The transaction key of `animationTimingFunction`.
public let kCATransactionAnimationTimingFunction = "animationTimingFunction"
/// The transaction key of `completionBlock`.
public let kCATransactionCompletionBlock = "completionBlock"
