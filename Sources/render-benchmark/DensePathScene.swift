// Issue 22: a frame's cost is bounded. A `CAShapeLayer` whose path has a million line segments
// criss-crossing a 64-point box, filled and stroked, drawn by `CARenderer` at scale 2 (a
// 128 × 128-pixel shape). Cairo's scan converter costs grow with the edges each scanline crosses;
// Lamina hands paths this dense to its own coverage rasteriser (ruling G20). The figure is one
// frame's render time (the shape is rasterised anew each frame: its colour changes), first frame
// included, against the same layer with a 1,000-segment path in the same run.
//
//     swift build -c release --product render-benchmark --scratch-path .build-release
//     .build-release/release/render-benchmark dense-path [segments]

import Foundation
import QuartzCore

#if canImport(Glibc)
    import Glibc
#endif

/// A closed path of `segments` lines between pseudo-random points of a `side`-point box (a fixed
/// linear congruential sequence, so every run draws the same path).
func crissCrossPath(segments: Int, side: CGFloat) -> CGPath {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next() -> CGFloat {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return CGFloat(state >> 11) / CGFloat(1 << 53) * side
    }
    let path = CGMutablePath()
    path.move(to: CGPoint(x: next(), y: next()))
    for _ in 0..<segments { path.addLine(to: CGPoint(x: next(), y: next())) }
    path.closeSubpath()
    return path
}

/// The CPU time this thread has used, in seconds: on a machine shared with other work, a frame's
/// cost is read from it as well as from the wall clock.
func threadSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// Renders one shape layer of `segments` criss-crossing segments, filled and stroked, for
/// `frames` frames (a new fill colour each frame); returns the wall-clock and CPU seconds of each
/// frame.
@MainActor func timeDensePath(segments: Int, frames: Int) throws -> [(wall: Double, cpu: Double)] {
    let root = CALayer()
    root.frame = CGRect(x: 0, y: 0, width: 80, height: 80)
    let shape = CAShapeLayer()
    shape.frame = CGRect(x: 8, y: 8, width: 64, height: 64)
    shape.path = crissCrossPath(segments: segments, side: 64)
    shape.strokeColor = CGColor(red: 0, green: 0, blue: 0.6, alpha: 1)
    shape.lineWidth = 0.5
    root.addSublayer(shape)
    let renderer = try CARenderer(layer: root, size: root.bounds.size, scale: 2)
    var seconds: [(wall: Double, cpu: Double)] = []
    for frame in 0..<frames {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        shape.fillColor = CGColor(red: 1, green: CGFloat(frame % 2), blue: 0, alpha: 0.8)
        CATransaction.commit()
        let start = nanoseconds()
        let startCPU = threadSeconds()
        renderer.beginFrame(atTime: Double(frame) / 60)
        renderer.render()
        renderer.endFrame()
        guard renderer.makeImage() != nil else { fatalError("no image rendered") }
        seconds.append((Double(nanoseconds() - start) / 1e9, threadSeconds() - startCPU))
    }
    return seconds
}

/// `render-benchmark dense-path [segments]`: the dense frame against a 1,000-segment one.
@MainActor func runDensePathBenchmark(segments: Int) throws {
    let small = try timeDensePath(segments: 1_000, frames: 3)
    let dense = try timeDensePath(segments: segments, frames: 3)
    func format(_ frames: [(wall: Double, cpu: Double)]) -> String {
        let next = frames.dropFirst().min { $0.wall < $1.wall } ?? frames[0]
        return String(
            format: "first frame %.3f s (CPU %.3f s), next %.3f s (CPU %.3f s)", frames[0].wall,
            frames[0].cpu, next.wall, next.cpu)
    }
    print("dense path — \(segments) segments criss-crossing a 64-pt box, filled and stroked, scale 2")
    print("  1,000 segments: \(format(small))")
    print("  \(segments) segments: \(format(dense))")
    let worst = dense.map(\.wall).max() ?? .infinity
    let ratio = (dense.map(\.cpu).min() ?? .nan) / (small.map(\.cpu).min() ?? .nan)
    let goal = worst <= 2 ? "met" : "not met (see the CPU time on a shared machine)"
    print(String(format: "  CPU ratio (best frames): %.0f×; goal ≤ 2 s a frame: ", ratio) + goal)
}
