// Soak benchmark (issue 14): memory must not grow with time. 100 layers in a 64×64 tree are
// rendered for 20,000 frames under the manual clock; during the first 10,000, 1,000 animations
// are added and 1,000 removed every frame (each layer gains and loses ten), with a commit per
// frame and the engine delivering their events. Every 1,000 frames it prints the resident set
// size and its growth since the previous report; the figure is the growth per 1,000 frames over
// the second half of each phase (after warm-up), against the goal of at most 1 MB. Run it in
// release:
//
//     swift run -c release soak-benchmark [frames] [animations per frame]

import Foundation
import QuartzCore

/// Prints `line` at once, also through a pipe (where `print` buffers until exit).
func report(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let frameCount = max(2_000, arguments.first ?? 20_000)
let animationsPerFrame = max(0, arguments.dropFirst().first ?? 1_000)
let churnFrames = frameCount / 2

/// The resident set size in bytes, from /proc/self/statm.
func residentBytes() -> Double {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Double(fields[1]) else { return 0 }
    return pages * Double(sysconf(Int32(_SC_PAGESIZE)))
}

CAMediaClock.useManualTime(0)
let root = CALayer()
root.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
var layers: [CALayer] = []
for i in 0..<100 {
    let layer = CALayer()
    layer.frame = CGRect(x: Double(i % 10) * 6, y: Double(i / 10) * 6, width: 5, height: 5)
    layer.backgroundColor = CGColor(red: Double(i) / 100, green: 0.5, blue: 1, alpha: 1)
    root.addSublayer(layer)
    layers.append(layer)
}
CATransaction.flush()
guard let renderer = try? CARenderer(layer: root, size: CGSize(width: 64, height: 64)) else {
    report("soak-benchmark: no EGL context")
    exit(1)
}

let keyPaths = ["position.x", "opacity", "cornerRadius", "bounds.size.width", "transform.rotation.z"]
var reports: [(frame: Int, bytes: Double)] = []
var last = residentBytes()
report(
    "soak-benchmark: \(frameCount) frames, \(animationsPerFrame) animations added and removed per frame "
        + "for the first \(churnFrames)")
for frame in 0..<frameCount {
    if frame < churnFrames, animationsPerFrame > 0 {
        let perLayer = max(1, animationsPerFrame / layers.count)
        for (index, layer) in layers.enumerated() {
            for k in 0..<perLayer {
                let animation = CABasicAnimation(keyPath: keyPaths[(index + k) % keyPaths.count])
                animation.fromValue = 0
                animation.toValue = 1
                animation.duration = 0.05
                layer.add(animation, forKey: "churn\(k)")
            }
        }
        // Half are removed explicitly the next frame, half finish and are removed on completion.
        if frame > 0 {
            for layer in layers {
                for k in stride(from: 0, to: perLayer, by: 2) { layer.removeAnimation(forKey: "churn\(k)") }
            }
        }
    }
    CAMediaClock.advance(by: 1.0 / 60)
    _ = renderer.image(atTime: CACurrentMediaTime())
    if (frame + 1) % 1_000 == 0 {
        let now = residentBytes()
        reports.append((frame + 1, now))
        report(
            String(
                format: "  frame %6d: resident %7.1f MB, growth %+6.2f MB", frame + 1, now / 1e6,
                (now - last) / 1e6))
        last = now
    }
}

/// Growth per 1,000 frames over the second half of the frames `range` covers.
@MainActor func growth(in range: Range<Int>) -> Double {
    let inside = reports.filter { range.contains($0.frame - 1) }
    let half = inside.suffix(max(2, inside.count / 2))
    guard let first = half.first, let end = half.last, end.frame > first.frame else { return 0 }
    return (end.bytes - first.bytes) / 1e6 / Double(end.frame - first.frame) * 1_000
}
let churn = growth(in: 0..<churnFrames)
let quiet = growth(in: churnFrames..<frameCount)
report(String(format: "  growth per 1,000 frames while churning animations: %.3f MB (goal ≤ 1 MB)", churn))
report(String(format: "  growth per 1,000 frames rendering only:             %.3f MB (goal ≤ 1 MB)", quiet))
report("  goal \(churn <= 1 && quiet <= 1 ? "met" : "NOT met")")
