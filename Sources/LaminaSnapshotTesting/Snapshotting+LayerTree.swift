import LaminaTreeDump
import QuartzCore
import SnapshotTesting

extension Snapshotting where Value == CALayer, Format == String {
    /// The layer tree as text, the dump `lamina tree` prints (`LayerTreeDump`): per layer its
    /// class, name, frame, the properties that differ from their defaults and, where an animation
    /// changes one, `model → presented`; stored as `.txt` and compared line by line, so a change
    /// reviews as a text diff (Lamina extension).
    ///
    /// Presentation values are taken at `CACurrentMediaTime()`: for a tree with running
    /// animations use `tree(atTime:)`, or the manual clock.
    public static var tree: Snapshotting {
        SimplySnapshotting.lines.pullback { (layer: CALayer) in
            CATransaction.flush()
            return LayerTreeDump.lines(of: layer).joined(separator: "\n")
        }
    }

    /// `tree` with presentation values at media time `time` (`CACurrentMediaTime()`'s scale): the
    /// open implicit transaction is committed at the clock's current time, then the dump is taken
    /// with the manual clock at `time` (`CAMediaClock.withManualTime`), and the clock goes back
    /// to what it was.
    ///
    /// - Parameter time: The media time, seconds; a non-finite time keeps the clock's time.
    public static func tree(atTime time: CFTimeInterval) -> Snapshotting {
        SimplySnapshotting.lines.pullback { (layer: CALayer) in
            CAMediaClock.withManualTime(at: time.isFinite ? time : CACurrentMediaTime()) {
                LayerTreeDump.lines(of: layer).joined(separator: "\n")
            }
        }
    }
}
