import QuartzCore
import Testing

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

/// Every suite that moves the shared manual clock nests in this one, so they never run in
/// parallel with each other.
@Suite(.serialized) enum ManualClockTests {}

/// Runs `body` with the manual clock at `start`, then returns to system time; holds the
/// process-wide clock lock (`CAMediaClock.withManualTime`) so that other test targets' clock tests wait.
func withManualClock(at start: CFTimeInterval = 1000, _ body: () throws -> Void) rethrows {
    try CAMediaClock.withManualTime(at: start, body)
}

/// A committed root with one 100×100 sublayer at (0, 0)–(100, 100), as the chapters' view setups.
func makeCommittedScene() -> (root: CALayer, layer: CALayer) {
    let root = makeLayer("root", frame: CGRect(x: 0, y: 0, width: 400, height: 400))
    let layer = makeLayer("layer", frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    root.addSublayer(layer)
    CATransaction.flush()
    return (root, layer)
}

/// Records delegate callbacks with the media time they arrived at.
final class DelegateRecorder: CAAnimationDelegate {
    var log: [String] = []

    func animationDidStart(_ anim: CAAnimation) {
        log.append("start \(anim.value(forKey: "tag") ?? "-") @\(CACurrentMediaTime())")
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        log.append("stop \(anim.value(forKey: "tag") ?? "-") \(flag) @\(CACurrentMediaTime())")
    }
}
