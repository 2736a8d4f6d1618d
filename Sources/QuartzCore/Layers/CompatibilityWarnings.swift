import Foundation

/// Records, once per distinct message, what Lamina ignored or cannot show (an unknown key path
/// written with the wrong type, an unsupported feature), so users learn what did not take effect.
///
/// Messages go to standard error unless `isEnabled` is `false`; `messages` lists what was
/// reported so far (tests read it).
public enum CompatibilityWarnings {
    private static let store = LockedStore()

    /// Whether reports are printed to standard error. Default `true`.
    public static var isEnabled: Bool {
        get { store.withLock { $0.enabled } }
        set { store.withLock { $0.enabled = newValue } }
    }

    /// Every distinct message reported so far, in order.
    public static var messages: [String] {
        store.withLock { $0.messages }
    }

    /// Reports `message` the first time it is seen; later identical reports are dropped.
    public static func report(_ message: String) {
        let isNew = store.withLock { state -> Bool in
            guard state.seen.insert(message).inserted else { return false }
            state.messages.append(message)
            return state.enabled
        }
        if isNew {
            FileHandle.standardError.write(Data("Lamina: \(message)\n".utf8))
        }
    }

    private struct State {
        var enabled = true
        var seen: Set<String> = []
        var messages: [String] = []
    }

    private final class LockedStore: @unchecked Sendable {
        private let lock = NSLock()
        private var state = State()

        func withLock<T>(_ body: (inout State) -> T) -> T {
            lock.lock()
            defer { lock.unlock() }
            return body(&state)
        }
    }
}
