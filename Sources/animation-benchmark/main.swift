// Presentation evaluation benchmark (issue: the animation engine). 10,000 layers, each running
// three animations — a basic animation of `position` with an ease-in-ease-out curve, a keyframe
// animation of `opacity` through five values, and a spring on `bounds.size.width` — are
// evaluated frame after frame. It prints the time per animated property per frame, the same
// computation written as a bare loop over plain arrays (the baseline, measured in the same run),
// their ratio, and heap allocations per frame. Run it in release:
//
//     swift run -c release animation-benchmark [layers] [frames]

import CMallocCounter
import QuartzCore

#if canImport(Glibc)
    import Glibc
#endif

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let layerCount = arguments.first ?? 10_000
let frameCount = arguments.dropFirst().first ?? 60
let propertiesPerLayer = 3
let frameInterval = 1.0 / 60

func nanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
}

// MARK: - The scene

struct LayerParameters {
    var from: CGPoint
    var to: CGPoint
    var opacities: [Double]
    var widthFrom: Double
    var widthTo: Double
}

@MainActor func parameters(_ i: Int) -> LayerParameters {
    let k = Double(i % 97)
    return LayerParameters(
        from: CGPoint(x: k, y: 2 * k), to: CGPoint(x: 300 + k, y: 100 + k),
        opacities: [1, 0.2, 0.8, 0.4, 1].map { min(1, $0 + k / 1000) }, widthFrom: 50 + k, widthTo: 100 + k)
}

let easeInOut = CAMediaTimingFunction(name: .easeInEaseOut)
let springTemplate: CASpringAnimation = {
    let spring = CASpringAnimation(keyPath: "bounds.size.width")
    spring.damping = 8
    spring.duration = spring.settlingDuration
    spring.repeatCount = .infinity
    return spring
}()

CAMediaClock.useManualTime(0)
let root = CALayer()
root.bounds = CGRect(x: 0, y: 0, width: 1920, height: 1080)
var layers: [CALayer] = []
layers.reserveCapacity(layerCount)
for i in 0..<layerCount {
    let p = parameters(i)
    let layer = CALayer()
    layer.bounds = CGRect(x: 0, y: 0, width: p.widthFrom, height: 40)
    root.addSublayer(layer)
    layers.append(layer)

    let move = CABasicAnimation(keyPath: "position")
    move.fromValue = p.from
    move.toValue = p.to
    move.timingFunction = easeInOut
    move.duration = 2
    move.repeatCount = .infinity
    layer.add(move, forKey: "move")

    let blink = CAKeyframeAnimation(keyPath: "opacity")
    blink.values = p.opacities
    blink.duration = 1.5
    blink.repeatCount = .infinity
    layer.add(blink, forKey: "blink")

    let spring = springTemplate.copy() as! CASpringAnimation
    spring.fromValue = p.widthFrom
    spring.toValue = p.widthTo
    layer.add(spring, forKey: "width")
}
CATransaction.flush()  // every animation begins at time 0

// MARK: - Lamina

var checksum = 0.0
/// The render nodes the commit published, and per-layer presentation buffers kept from frame to
/// frame, as the renderer keeps them.
let nodes = layers.map { $0.renderNode! }
var buffers = nodes.map(\.values)
var serials = [UInt64](repeating: 0, count: layerCount)

/// The renderer's path: each node's persistent buffer brought to the frame's time in place.
@MainActor func evaluateLamina(frame: Int) {
    let t = 0.1 + Double(frame) * frameInterval
    for i in 0..<layerCount {
        nodes[i].present(into: &buffers[i], serial: &serials[i], atLocalTime: t)
    }
    let last = buffers[layerCount - 1].state
    checksum += last.position.x + Double(last.opacity) + last.bounds.size.width
}

/// Fresh presented values per node per frame (a full copy of the node's values each time).
@MainActor func evaluateLaminaCopies(frame: Int) {
    let t = 0.1 + Double(frame) * frameInterval
    for node in nodes {
        let state = node.presented(atLocalTime: t).state
        checksum += state.position.x + Double(state.opacity) + state.bounds.size.width
    }
}

// MARK: - Baseline: the same interpolation as a bare loop over plain arrays

let baselineFrom = (0..<layerCount).map { parameters($0).from }
let baselineTo = (0..<layerCount).map { parameters($0).to }
let baselineOpacities = (0..<layerCount).map { parameters($0).opacities }
let baselineWidthFrom = (0..<layerCount).map { parameters($0).widthFrom }
let baselineWidthTo = (0..<layerCount).map { parameters($0).widthTo }
let baselineBegin = [Double](repeating: 0, count: layerCount)
let baselineMoveDuration = [Double](repeating: 2, count: layerCount)
let baselineBlinkDuration = [Double](repeating: 1.5, count: layerCount)
var outX = [Double](repeating: 0, count: layerCount)
var outY = [Double](repeating: 0, count: layerCount)
var outOpacity = [Double](repeating: 0, count: layerCount)
var outWidth = [Double](repeating: 0, count: layerCount)
let baselineCurve = UnitBezier(p1x: 0.42, p1y: 0, p2x: 0.58, p2y: 1)
let baselineSpring = SpringMotion(
    mass: 1, stiffness: 100, damping: 8, initialVelocity: 0, allowsOverdamping: false)
let springDuration = springTemplate.duration

/// Per layer, exactly the work the engine must do for these three animations: the layer's own
/// phase within each repeating animation, the ease-in-ease-out curve solved for it, the keyframe
/// segment search and interpolation, and the spring's motion — over plain arrays.
@MainActor func evaluateBaseline(frame: Int) {
    let t = 0.1 + Double(frame) * frameInterval
    for i in 0..<layerCount {
        let local = t - baselineBegin[i]
        let moveProgress = baselineCurve.solve(
            local.truncatingRemainder(dividingBy: baselineMoveDuration[i]) / baselineMoveDuration[i],
            epsilon: 1e-7)
        let from = baselineFrom[i]
        let to = baselineTo[i]
        outX[i] = from.x + (to.x - from.x) * moveProgress
        outY[i] = from.y + (to.y - from.y) * moveProgress
        let values = baselineOpacities[i]
        let blinkProgress =
            local.truncatingRemainder(dividingBy: baselineBlinkDuration[i]) / baselineBlinkDuration[i]
        let scaled = blinkProgress * Double(values.count - 1)
        let segment = min(Int(scaled), values.count - 2)
        let u = scaled - Double(segment)
        outOpacity[i] = values[segment] + (values[segment + 1] - values[segment]) * u
        let springFraction = baselineSpring.fraction(
            at: local.truncatingRemainder(dividingBy: springDuration))
        outWidth[i] = baselineWidthFrom[i] + (baselineWidthTo[i] - baselineWidthFrom[i]) * springFraction
    }
    checksum +=
        outX[layerCount - 1] + outY[layerCount - 1] + outOpacity[layerCount - 1] + outWidth[layerCount - 1]
}

// MARK: - Measurement

/// The best of `rounds` timings of all frames, in nanoseconds per animated property per frame,
/// and the allocations per frame of the last round.
@MainActor func measure(rounds: Int = 5, _ body: (Int) -> Void) -> (nanoseconds: Double, allocations: Double)
{
    for frame in 0..<3 { body(frame) }  // warm-up
    var best = Double.infinity
    var allocations = 0.0
    for _ in 0..<rounds {
        let startAllocations = lamina_allocation_count()
        let start = nanoseconds()
        for frame in 0..<frameCount { body(frame) }
        let elapsed = Double(nanoseconds() - start)
        allocations = Double(lamina_allocation_count() - startAllocations) / Double(frameCount)
        best = min(best, elapsed / Double(frameCount * layerCount * propertiesPerLayer))
    }
    return (best, allocations)
}

let lamina = measure(evaluateLamina)
let copies = measure(evaluateLaminaCopies)
let baseline = measure(evaluateBaseline)

// The full presentation() path: a tree of layer copies, once.
let copiesStart = nanoseconds()
_ = root.presentation()
let copiesNanoseconds = Double(nanoseconds() - copiesStart) / Double(layerCount * propertiesPerLayer)

func format(_ value: Double) -> String {
    String(format: "%.1f", value)
}

print(
    "animation-benchmark: \(layerCount) layers × \(propertiesPerLayer) animations, \(frameCount) frames (best of 5)"
)
print("  lamina render-node update:  \(format(lamina.nanoseconds)) ns per animated property per frame")
print("  baseline bare loop:         \(format(baseline.nanoseconds)) ns per animated property per frame")
print("  ratio lamina / baseline:    \(format(lamina.nanoseconds / baseline.nanoseconds))×")
print(
    "  allocations per frame:      \(format(lamina.allocations)) (baseline \(format(baseline.allocations)))")
print("  fresh state per layer:      \(format(copies.nanoseconds)) ns per animated property per frame")
print(
    "  presentation() layer tree:  \(format(copiesNanoseconds)) ns per animated property (one frame, with copies)"
)
print("  checksum \(checksum.isFinite ? "finite" : "NOT FINITE")")
