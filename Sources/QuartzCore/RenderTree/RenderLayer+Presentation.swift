import CoreGraphics

// The renderer's per-frame evaluation of a render node: its committed animations applied to its
// committed values at its local time, into a buffer the renderer keeps from frame to frame. No
// layer object is read or made.

extension RenderLayer {
    /// Brings `buffer` — the presented values the caller keeps for this layer, with the node
    /// `serial` it was synchronised from — to local time `t`: the node's values are copied in
    /// when the node changed since (or when a boxed record may have written any value),
    /// otherwise only the animated fields are reset; then the resolved animations apply (a scan
    /// of the node's records: for lane records no object is read, nothing is retained or
    /// allocated).
    ///
    /// - Complexity: O(animations) when the node is unchanged.
    package func present(
        into buffer: inout PresentedValues, serial synced: inout UInt64, atLocalTime t: Double
    ) {
        if synced != serial || resolvedAnimations.refreshesAllValues {
            buffer = values
            synced = serial
        } else {
            resolvedAnimations.reset(&buffer.state)
        }
        resolvedAnimations.apply(atLocalTime: t, to: &buffer, node: self)
    }

    /// The presented values at local time `t`.
    package func presented(atLocalTime t: Double) -> PresentedValues {
        var buffer = values
        var synced = serial
        present(into: &buffer, serial: &synced, atLocalTime: t)
        return buffer
    }
}
