import CMallocCounter
import QuartzCore

#if canImport(Glibc)
    import Glibc
#endif

func nanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
}

/// The stages of a frame, per frame: milliseconds (best round) and heap allocations (last round).
struct StageFigures {
    var milliseconds: [Stage: Double] = [:]
    var allocations: [Stage: Double] = [:]
    /// Render plus readback of the best round: what a frame costs from the layer tree to pixels in
    /// memory (the renderer's render includes its own presentation update).
    var totalMilliseconds = Double.infinity

    subscript(stage: Stage) -> Double { milliseconds[stage] ?? .nan }
}

enum Stage: CaseIterable {
    case update, render, readback
}

/// Runs `frames` frames at times evenly spaced over `[0, animationDuration)`, `rounds` rounds
/// after `warmUp` frames, timing each stage of each frame with `step(stage, t)`; keeps each
/// stage's best round.
func measure(
    frames: Int, stages: [Stage], rounds: Int = 3, warmUp: Int = 3, _ step: (Stage, Double) -> Void
) -> StageFigures {
    func time(ofFrame i: Int) -> Double { animationDuration * Double(i) / Double(frames) }
    for i in 0..<warmUp {
        for stage in stages { step(stage, time(ofFrame: i * frames / warmUp)) }
    }
    var figures = StageFigures()
    for _ in 0..<rounds {
        var elapsed: [Stage: UInt64] = [:]
        var allocated: [Stage: UInt64] = [:]
        for stage in stages {
            elapsed[stage] = 0
            allocated[stage] = 0
        }
        for i in 0..<frames {
            let t = time(ofFrame: i)
            for stage in stages {
                let allocations = lamina_allocation_count()
                let start = nanoseconds()
                step(stage, t)
                elapsed[stage]! += nanoseconds() - start
                allocated[stage]! += lamina_allocation_count() - allocations
            }
        }
        var total = 0.0
        for stage in stages {
            let milliseconds = Double(elapsed[stage]!) / 1e6 / Double(frames)
            figures.milliseconds[stage] = min(figures.milliseconds[stage] ?? .infinity, milliseconds)
            figures.allocations[stage] = Double(allocated[stage]!) / Double(frames)
            if stage != .update { total += milliseconds }
        }
        figures.totalMilliseconds = min(figures.totalMilliseconds, total)
    }
    return figures
}

// MARK: - Formatting

func format(_ value: Double, decimals: Int = 2) -> String {
    String(format: "%.\(decimals)f", value)
}

/// `value` right-aligned in `width` characters.
func column(_ value: String, _ width: Int = 10) -> String {
    String(repeating: " ", count: max(0, width - value.count)) + value
}

func fps(_ milliseconds: Double) -> Double { 1000 / milliseconds }
