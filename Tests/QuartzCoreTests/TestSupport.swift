import QuartzCore

/// Tolerance for geometry that goes through trigonometry or matrix inversion (points).
let geometryTolerance: CGFloat = 1e-9

/// Whether two numbers agree within `tolerance`.
func isClose(_ a: CGFloat, _ b: CGFloat, _ tolerance: CGFloat = geometryTolerance) -> Bool {
    abs(a - b) <= tolerance
}

/// Whether two points agree within `tolerance` on each axis.
func isClose(_ a: CGPoint, _ b: CGPoint, _ tolerance: CGFloat = geometryTolerance) -> Bool {
    isClose(a.x, b.x, tolerance) && isClose(a.y, b.y, tolerance)
}

/// Whether two rects agree within `tolerance` on each edge.
func isClose(_ a: CGRect, _ b: CGRect, _ tolerance: CGFloat = geometryTolerance) -> Bool {
    isClose(a.minX, b.minX, tolerance) && isClose(a.minY, b.minY, tolerance)
        && isClose(a.maxX, b.maxX, tolerance) && isClose(a.maxY, b.maxY, tolerance)
}

/// A small deterministic generator (SplitMix64) for seeded randomized tests.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A layer with the given frame, for building trees in tests.
func makeLayer(_ name: String, frame: CGRect) -> CALayer {
    let layer = CALayer()
    layer.name = name
    layer.frame = frame
    return layer
}
