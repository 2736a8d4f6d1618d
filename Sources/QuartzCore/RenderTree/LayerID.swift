import Synchronization

/// A layer's identity in render trees and in the renderer's caches: a number given once, when
/// the layer is created, and never given again in the process.
///
/// Never an object address: a freed layer's address is soon reused by a new layer, and state
/// keyed by an address (an `ObjectIdentifier`) would then be drawn for the wrong layer (issue 11,
/// ruling RT2 in docs/DECISIONS.md).
package struct LayerID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The number; 1 for the first layer of the process, then counting up.
    package let rawValue: UInt64

    private static let counter = Atomic<UInt64>(0)

    /// A new identity, different from every other one this process has made.
    package static func make() -> LayerID {
        LayerID(rawValue: counter.add(1, ordering: .relaxed).newValue)
    }

    package static func < (a: LayerID, b: LayerID) -> Bool { a.rawValue < b.rawValue }

    package var description: String { "#\(rawValue)" }
}
