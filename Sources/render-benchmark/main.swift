// Rendering benchmark (issue: "Rendering", item 5). Scenes are rendered offscreen by `CARenderer`
// at 1280×720 and 1920×1080 (scale 1), frame after frame at media times over the 2 s of their
// animations:
//   (a) two full-screen CGContext-drawn images, the top one's opacity animated 0→1;
//   (b) 200 layers with cornerRadius 12 and a 2 pt border, each moving along its own line —
//       without shadows, then with shadowOpacity 0.5 (a blur per layer: fewer frames, see below);
//   (c) 20 image layers rotating about y under a root sublayerTransform with m34 = −1/800.
// Each frame is split into update (every layer's presentation state brought to the frame's time
// with `RenderLayer.present`, as the renderer does — measured on its own, since the
// renderer's `render()` does it again inside), render (`beginFrame` + `render()` + `endFrame()`:
// rasterising, compositing and `glFinish`) and readback (`makeImage()`). For (a) and (c) the same
// pixels are produced in the same run by the bare minimum of EGL/GLES calls (the baseline,
// `BareBaseline.swift`); it prints ms and fps per stage (best of 3 rounds), the ratios
// lamina / bare, allocations per frame, the largest channel difference between the two images,
// and whether the goal of (a) — ≥ 60 fps at 720p within 1.5× of the baseline — is met.
// Run it in release (about two minutes on 2 cores with llvmpipe, most of it the shadowed frames):
//
//     swift build -c release --product render-benchmark --scratch-path .build-renderbench
//     .build-renderbench/release/render-benchmark [frames at 720p] [frames at 1080p]
//         [shadowed frames at 720p] [shadowed frames at 1080p] [layer-kind frames at 1080p]
//
// The defaults are 30, 15, 1, 1 and 10 (0 skips); shadowed frames are timed once, without warm-up.
// `render-benchmark huge [frames]` measures huge layers instead (HugeLayerScenes.swift).
// `render-benchmark dense-path [segments]` times a frame of a million-segment shape (DensePathScene.swift);
// `render-benchmark dense-probe NAME [cairo]` one other pathological input (DensePathProbes.swift).
// `render-benchmark deep` checks a 10,000-deep tree on a 512 KiB stack (DeepTreeCheck.swift).
// The layer-kind scenes (issue 5: 100 shape layers animating strokeEnd, a 500-particle emitter)
// are in LayerKindScenes.swift.

import QuartzCore

// `render-benchmark huge [frames]`: huge layers against the same layers cut to the screen
// (HugeLayerScenes.swift); `huge-kind NAME frames` is one kind, run by it in a child process.
let words = Array(CommandLine.arguments.dropFirst())
if words.first == "huge" {
    try runHugeBenchmark(frames: words.count > 1 ? max(Int(words[1]) ?? 10, 1) : 10)
    exit(0)
}
if words.first == "dense-path" {
    try runDensePathBenchmark(segments: words.count > 1 ? max(Int(words[1]) ?? 1_000_000, 1) : 1_000_000)
    exit(0)
}
if words.first == "dense-probe", words.count > 1 {
    guard let seconds = try runDensePathProbe(words[1], cairo: words.count > 2 && words[2] == "cairo") else {
        print("unknown probe \(words[1])")
        exit(2)
    }
    let route = words.count > 2 ? " (cairo)" : ""
    print("dense-probe \(words[1])\(route): " + String(format: "%.3f s", seconds))
    exit(0)
}
if words.first == "deep" {
    exit(runDeepTreeCheck() ? 0 : 1)
}
if words.first == "huge-kind", words.count > 2 {
    try runHugeKind(words[1], frames: max(Int(words[2]) ?? 10, 1))
    exit(0)
}

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
func argument(_ index: Int, default value: Int) -> Int {
    max(0, index < arguments.count ? arguments[index] : value)
}
let runs = [
    (
        size: CGSize(width: 1280, height: 720), frames: argument(0, default: 30),
        shadowed: argument(2, default: 1)
    ),
    (
        size: CGSize(width: 1920, height: 1080), frames: argument(1, default: 15),
        shadowed: argument(3, default: 1)
    ),
]

/// Presentation buffers kept from frame to frame, keyed by layer identity, as the renderer keeps
/// them, brought to each frame's time from the published render tree.
@MainActor final class PresentationBuffers {
    private var buffers: [LayerID: (values: PresentedValues, serial: UInt64)] = [:]
    private(set) var checksum = 0.0

    /// Brings every layer of the published tree of `layer` to time `t`. Every layer here has the
    /// default timing (begin 0, speed 1, no offset), so its local time is the media time.
    func update(_ layer: CALayer, atTime t: Double) {
        if let node = layer.renderNode { update(node, atTime: t) }
    }

    private func update(_ node: RenderLayer, atTime t: Double) {
        var entry = buffers[node.id] ?? (node.values, 0)
        node.present(into: &entry.values, serial: &entry.serial, atLocalTime: t)
        buffers[node.id] = entry
        checksum += Double(entry.values.state.opacity)
        for sublayer in node.sublayers { update(sublayer, atTime: t) }
    }
}

/// How two images' premultiplied RGBA8 bytes (`width` pixels a row) differ: the largest
/// difference of any channel, the number of pixels that differ at all, and the largest difference
/// away from edges — more than 2 pixels from the image's border and from any pixel of `b` that is
/// not fully opaque (where a layer's edge may lie, which only lamina anti-aliases).
func difference(_ a: [UInt8], _ b: [UInt8], width: Int) -> (maximum: Int, pixels: Int, awayFromEdges: Int) {
    let height = b.count / 4 / width
    var opaque = [Bool](repeating: true, count: width * height)
    for y in 0..<height {
        for x in 0..<width
        where b[(y * width + x) * 4 + 3] < 255 || min(x, y) < 2 || x >= width - 2 || y >= height - 2 {
            for ny in max(0, y - 2)...min(height - 1, y + 2) {
                for nx in max(0, x - 2)...min(width - 1, x + 2) { opaque[ny * width + nx] = false }
            }
        }
    }
    var result = (maximum: 0, pixels: 0, awayFromEdges: 0)
    for pixel in 0..<min(a.count, b.count) / 4 {
        var largest = 0
        for channel in 0..<4 {
            largest = max(largest, abs(Int(a[pixel * 4 + channel]) - Int(b[pixel * 4 + channel])))
        }
        result.maximum = max(result.maximum, largest)
        if largest > 0 { result.pixels += 1 }
        if opaque[pixel] { result.awayFromEdges = max(result.awayFromEdges, largest) }
    }
    return result
}

/// The goal of (a) at 720p, as (fps, ratio) for render+composite and for the whole frame.
var crossfadeGoal: (render: (Double, Double), total: (Double, Double))?

/// Renders `scene` for `frames` frames through `CARenderer`, timing each stage, and prints the
/// figures; returns them with the renderer.
@MainActor func benchmarkLamina(
    _ scene: Scene, size: CGSize, frames: Int, rounds: Int, warmUp: Int
) throws -> (StageFigures, CARenderer) {
    let renderer = try CARenderer(layer: scene.root, size: size)
    let buffers = PresentationBuffers()
    var image: CGImage?
    let lamina = measure(frames: frames, stages: Stage.allCases, rounds: rounds, warmUp: warmUp) { stage, t in
        switch stage {
        case .update: buffers.update(scene.root, atTime: t)
        case .render:
            renderer.beginFrame(atTime: t)
            renderer.render()
            renderer.endFrame()
        case .readback: image = renderer.makeImage()
        }
    }
    guard image != nil, buffers.checksum.isFinite else { fatalError("no image rendered") }
    let plan = rounds == 3 && warmUp > 0 ? "" : " (\(rounds) round, no warm-up)"
    print(
        "\(scene.title) — \(Int(size.width))×\(Int(size.height)), \(frames) frame\(frames == 1 ? "" : "s")\(plan)"
    )
    print("                        update    render  readback     total")
    printRow("lamina", lamina)
    return (lamina, renderer)
}

/// Produces the same frames as `lamina` measured with the bare baseline, prints the ratios and
/// the difference between the two images at one time.
@MainActor func compare(
    _ lamina: StageFigures, _ renderer: CARenderer, with bareScene: BareScene, bare: BareBaseline,
    title: String, frames: Int
) {
    bare.upload(bareScene.images)
    let baseline = measure(frames: frames, stages: [.render, .readback]) { stage, t in
        if stage == .render { bare.render(bareScene, atTime: t) } else { bare.readPixels() }
    }
    printRow("bare", baseline)
    let renderRatio = lamina[.render] / baseline[.render]
    let totalRatio = lamina.totalMilliseconds / baseline.totalMilliseconds
    print("  ratio lamina / bare: render+composite \(format(renderRatio))×, total \(format(totalRatio))×")
    printAllocations(lamina, baseline)

    // A quarter of the way: (a) at opacity 0.25, (c) turned halfway from its start to face-on.
    let t = animationDuration / 4
    let laminaPixels = renderer.image(atTime: t)!.premultipliedRGBA8Pixels()!
    bare.render(bareScene, atTime: t)
    bare.readPixels()
    let (maximum, pixels, awayFromEdges) = difference(laminaPixels, bare.pixels, width: bare.width)
    let share = 100 * Double(pixels) / Double(bare.width * bare.height)
    print(
        "  check at t = \(format(t, decimals: 1)) s: max channel difference lamina vs bare \(maximum) "
            + "(\(pixels) pixels differ, \(format(share, decimals: 3))%); "
            + "away from layer edges \(awayFromEdges)")
    if title.hasPrefix("(a)"), bare.width == 1280 {
        crossfadeGoal = (
            (fps(lamina[.render]), renderRatio), (fps(lamina.totalMilliseconds), totalRatio)
        )
    }
}

func printRow(_ name: String, _ figures: StageFigures) {
    let stages = Stage.allCases.map { figures.milliseconds[$0] }
    let milliseconds = stages.map { column($0.map { format($0) } ?? "—") }.joined()
    let rates = stages.map { column($0.map { format(fps($0), decimals: 1) } ?? "—") }.joined()
    let name = name.padding(toLength: 8, withPad: " ", startingAt: 0)
    print("  \(name)ms/frame\(milliseconds)\(column(format(figures.totalMilliseconds)))")
    print("          fps     \(rates)\(column(format(fps(figures.totalMilliseconds), decimals: 1)))")
}

func printAllocations(_ lamina: StageFigures, _ bare: StageFigures?) {
    func count(_ figures: StageFigures, _ stage: Stage) -> String {
        format(figures.allocations[stage] ?? 0, decimals: 1)
    }
    var line =
        "  allocations per frame: lamina update \(count(lamina, .update)), render \(count(lamina, .render)), "
        + "readback \(count(lamina, .readback))"
    if let bare { line += "; bare render \(count(bare, .render)), readback \(count(bare, .readback))" }
    print(line)
}

let probe = try BareBaseline(width: 1, height: 1)
print("render-benchmark: CARenderer against bare EGL/GLES in the same run, on \(probe.rendererName)")
print(
    "  best of 3 rounds; frames at t evenly over [0, \(format(animationDuration, decimals: 0)) s); "
        + "total = render + readback (render includes the renderer's own update)")
for run in runs {
    let bare = try BareBaseline(width: Int(run.size.width), height: Int(run.size.height))
    var unshadowedRender: Double?
    for scene in makeScenes(size: run.size) {
        let frames = scene.castsShadows ? run.shadowed : run.frames
        guard frames > 0 else { continue }
        print("")
        let (lamina, renderer) = try benchmarkLamina(
            scene, size: run.size, frames: frames, rounds: scene.castsShadows ? 1 : 3,
            warmUp: scene.castsShadows ? 0 : 3)
        if let bareScene = scene.bare {
            compare(lamina, renderer, with: bareScene, bare: bare, title: scene.title, frames: frames)
        } else {
            print("  (no bare baseline for this scene)")
            printAllocations(lamina, nil)
        }
        if let note = scene.note { print("  note: \(note)") }
        if !scene.castsShadows, scene.title.hasPrefix("(b)") { unshadowedRender = lamina[.render] }
        if scene.castsShadows, let unshadowedRender {
            let perShadow = (lamina[.render] - unshadowedRender) / 200
            print(
                "  shadows cost \(format(perShadow)) ms each per frame (render − render without shadows, / 200)"
            )
        }
        fflush(nil)  // each scene's figures as soon as they are known, even through a pipe
    }
}
// Issue 5's layer kinds at 1080p (LayerKindScenes.swift): 100 shape layers, a 500-particle emitter.
let kindFrames = argument(4, default: 10)
if kindFrames > 0 {
    try benchmarkShapes(size: CGSize(width: 1920, height: 1080), frames: kindFrames)
    try benchmarkEmitter(size: CGSize(width: 1920, height: 1080), frames: kindFrames)
    fflush(nil)
}
print("")
if let goal = crossfadeGoal {
    func verdict(_ figures: (Double, Double)) -> String {
        let met = figures.0 >= 60 && figures.1 <= 1.5
        return
            "\(format(figures.0, decimals: 1)) fps, \(format(figures.1))× bare → \(met ? "met" : "NOT met")"
    }
    print("goal (a) at 1280×720, ≥ 60 fps within 1.5× of bare:")
    print("  render+composite: \(verdict(goal.render))")
    print("  with readback:    \(verdict(goal.total))")
}
