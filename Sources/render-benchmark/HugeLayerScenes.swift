// Issue 13, item 5: huge layers cost what is visible. Each kind — shape, gradient, text, image
// contents, mask, draw(in:), shouldRasterize — as a 100,000 × 100,000-point layer seen at
// 1920×1080 (scale 1), against the same layer cut to the screen, measured in the same process:
//   - extra resident memory: the peak (VmHWM, reset through /proc/self/clear_refs) while the huge
//     scene renders its frames, above the resident memory before (the renderer warmed up by a
//     frame of a copy of the cut scene, and both scenes made); each kind runs in a child process
//     of its own, so that what one kind freed cannot hide what the next one takes;
//   - time per frame when the content changes every frame (a colour, or a redisplay), so that
//     every frame rasterises what it shows — the huge layer's visible window against the cut
//     layer's bitmap — and the first frame of each (rasterising from nothing).
//
//     swift run -c release --scratch-path .build-release render-benchmark huge [frames]
//
// The goal: within 256 MB of extra resident memory and within 2× the cut layer's time.

import Foundation
import QuartzCore

#if canImport(Glibc)
    import Glibc
#endif

enum HugeKind: String, CaseIterable {
    case shape, gradient, text, image, mask
    case drawInContext = "draw(in:)"
    case rasterized = "shouldRasterize"
}

/// The huge layers' side, in points.
let hugeSide: CGFloat = 100_000

/// A quadrilateral spanning the huge layer with a corner at (60000, 2000), and where the screen
/// looks at it: that corner, a third of the way in.
private let hugeQuad = [
    CGPoint(x: 1000, y: 30000), CGPoint(x: 60000, y: 2000), CGPoint(x: 99000, y: 70000),
    CGPoint(x: 20000, y: 98000),
]

private func hugeColor(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat, _ a: CGFloat = 1) -> CGColor {
    CGColor(red: r, green: g, blue: b, alpha: a)
}

/// The polygon clipped to `rect` (Sutherland–Hodgman) and moved by −`origin`.
private func cut(_ polygon: [CGPoint], to rect: CGRect, origin: CGPoint) -> [CGPoint] {
    let planes: [(CGPoint) -> CGFloat] = [
        { $0.x - rect.minX }, { rect.maxX - $0.x }, { $0.y - rect.minY }, { rect.maxY - $0.y },
    ]
    var result = polygon
    for distance in planes {
        let input = result
        result = []
        for (i, a) in input.enumerated() {
            let b = input[(i + 1) % input.count]
            let (da, db) = (distance(a), distance(b))
            if da >= 0 { result.append(a) }
            if (da >= 0) != (db >= 0) {
                let t = da / (da - db)
                result.append(CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t))
            }
        }
    }
    return result.map { CGPoint(x: $0.x - origin.x, y: $0.y - origin.y) }
}

private func polygonPath(_ points: [CGPoint]) -> CGPath {
    let path = CGMutablePath()
    path.addLines(between: points)
    path.closeSubpath()
    return path
}

/// A scene for the benchmark: its root, and what changes its content for frame `i`.
struct HugeScene {
    let root: CALayer
    let change: (Int) -> Void
}

/// Draws the quadrilateral and a ring at the corner, shifted by `offset` (the cut layer draws
/// the same shifted to its origin).
private final class HugeDrawer: NSObject, CALayerDelegate, @unchecked Sendable {
    let offset: CGPoint
    var tint: CGFloat = 0.3
    init(offset: CGPoint) { self.offset = offset }

    func draw(_ layer: CALayer, in ctx: CGContext) {
        ctx.translateBy(x: -offset.x, y: -offset.y)
        ctx.setFillColor(hugeColor(0.95, 0.9, 0.6))
        ctx.fill(CGRect(x: 0, y: 0, width: hugeSide, height: hugeSide))
        ctx.addPath(polygonPath(hugeQuad))
        ctx.setFillColor(hugeColor(0.2, 0.5, tint))
        ctx.fillPath()
        ctx.setStrokeColor(hugeColor(0.6, 0.1, 0.5))
        ctx.setLineWidth(8)
        ctx.strokeEllipse(in: CGRect(x: 60_000 - 300, y: 2000 - 200, width: 700, height: 500))
    }
}

/// The scene of `kind` at `size`: the huge layer seen from `origin`, or (`cut`) the same layer cut
/// to the screen.
@MainActor func makeHugeScene(_ kind: HugeKind, cut isCut: Bool, size: CGSize) throws -> HugeScene {
    let origin = CGPoint(x: 60_000 - size.width / 3, y: 2000 - size.height / 3)
    let screen = CGRect(origin: .zero, size: size)
    let root = CALayer()
    root.frame = screen
    root.backgroundColor = hugeColor(0.9, 0.9, 0.9)
    /// The layer's frame: the huge layer placed so that `origin` is at the screen's corner, or the
    /// screen.
    let frame = isCut ? screen : CGRect(x: -origin.x, y: -origin.y, width: hugeSide, height: hugeSide)
    let quad =
        isCut
        ? cut(hugeQuad, to: CGRect(origin: origin, size: size).insetBy(dx: -40, dy: -40), origin: origin)
        : hugeQuad
    let colors = [hugeColor(1, 0.8, 0), hugeColor(0.1, 0.6, 0.3), hugeColor(0.3, 0.1, 0.7)]
    // A gradient ramp of 1500 × 900 points across the screen, from a = (59500, 1800).
    func gradient(frame: CGRect) -> CAGradientLayer {
        let a = CGPoint(x: 59_500 - (isCut ? origin.x : 0), y: 1800 - (isCut ? origin.y : 0))
        let b = CGPoint(x: a.x + 1500, y: a.y + 900)
        let layer = CAGradientLayer()
        layer.frame = frame
        layer.colors = colors
        layer.startPoint = CGPoint(x: a.x / frame.width, y: a.y / frame.height)
        layer.endPoint = CGPoint(x: b.x / frame.width, y: b.y / frame.height)
        return layer
    }
    switch kind {
    case .shape:
        let shape = CAShapeLayer()
        shape.frame = frame
        shape.path = polygonPath(quad)
        shape.fillColor = hugeColor(0.2, 0.4, 0.9)
        shape.strokeColor = hugeColor(0.9, 0.3, 0.1)
        shape.lineWidth = 8
        shape.lineJoin = .round
        root.addSublayer(shape)
        return HugeScene(root: root) { i in shape.fillColor = hugeColor(0.2, 0.4, i % 2 == 0 ? 0.9 : 0.8) }
    case .gradient:
        let layer = gradient(frame: frame)
        root.addSublayer(layer)
        return HugeScene(root: root) { i in
            layer.colors = [hugeColor(1, i % 2 == 0 ? 0.8 : 0.7, 0), colors[1], colors[2]]
        }
    case .text:
        // The huge layer's top-left corner is on the screen, 40 points in.
        let text = CATextLayer()
        text.frame =
            isCut
            ? CGRect(x: 40, y: 40, width: size.width - 40, height: size.height - 40)
            : CGRect(x: 40, y: 40, width: hugeSide, height: hugeSide)
        text.string = (1...40).map { "Line \($0): huge layers cost what is visible, 100,000 points a side." }
            .joined(separator: "\n")
        text.fontSize = 22
        text.isWrapped = false
        text.foregroundColor = hugeColor(0.1, 0.1, 0.4)
        root.addSublayer(text)
        return HugeScene(root: root) { i in text.foregroundColor = hugeColor(0.1, 0.1, i % 2 == 0 ? 0.4 : 0.5)
        }
    case .image:
        let images = try (0..<2).map { try hugePattern(size: 2048, shift: $0) }
        let layer = CALayer()
        layer.frame = frame
        layer.contents = images[0]
        if isCut {
            layer.contentsRect = CGRect(
                x: origin.x / hugeSide, y: origin.y / hugeSide, width: size.width / hugeSide,
                height: size.height / hugeSide)
        }
        root.addSublayer(layer)
        return HugeScene(root: root) { i in layer.contents = images[i % 2] }
    case .mask:
        let layer = gradient(frame: frame)
        let mask = CAShapeLayer()
        mask.frame = layer.bounds
        mask.path = polygonPath(quad)
        layer.mask = mask
        root.addSublayer(layer)
        return HugeScene(root: root) { i in mask.fillColor = hugeColor(0, 0, i % 2 == 0 ? 0 : 1) }
    case .drawInContext:
        let drawer = HugeDrawer(offset: isCut ? origin : .zero)
        let layer = CALayer()
        layer.frame = frame
        layer.delegate = drawer
        layer.setNeedsDisplay()
        root.addSublayer(layer)
        return HugeScene(root: root) { i in
            drawer.tint = i % 2 == 0 ? 0.3 : 0.4
            layer.setNeedsDisplay()
        }
    case .rasterized:
        let layer = CALayer()
        layer.frame = frame
        layer.shouldRasterize = true
        layer.backgroundColor = hugeColor(1, 0.95, 0.8)
        let shape = CAShapeLayer()
        shape.frame = CGRect(origin: .zero, size: frame.size)
        shape.path = polygonPath(quad)
        shape.fillColor = hugeColor(0.2, 0.4, 0.9)
        layer.addSublayer(shape)
        for k in 0..<20 {
            let card = CALayer()
            let x = 60_000 - 500 + CGFloat(k % 5) * 300 - (isCut ? origin.x : 0)
            let y = 2000 - 300 + CGFloat(k / 5) * 250 - (isCut ? origin.y : 0)
            card.frame = CGRect(x: x, y: y, width: 200, height: 150)
            card.backgroundColor = hugeColor(0.1, 0.7, 0.9)
            card.cornerRadius = 16
            card.borderWidth = 3
            layer.addSublayer(card)
        }
        root.addSublayer(layer)
        return HugeScene(root: root) { i in layer.backgroundColor = hugeColor(1, 0.95, i % 2 == 0 ? 0.8 : 0.7)
        }
    }
}

/// A `size`² image: a diagonal colour ramp and a grid of lines (moved by `shift` pixels).
func hugePattern(size: Int, shift: Int) throws -> CGImage {
    guard let space = CGColorSpace(name: CGColorSpace.sRGB),
        let context = CGContext(
            data: nil, width: size, height: size, bitsPerComponent: 8, bytesPerRow: 0, space: space,
            bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue
        ),
        let gradient = CGGradient(
            colorSpace: space, colorComponents: [1, 0.2, 0.2, 1, 0.2, 0.3, 1, 1], locations: [0, 1], count: 2)
    else { throw CARendererError.framebuffer("no image context") }
    context.drawLinearGradient(gradient, start: .zero, end: CGPoint(x: size, y: size), options: [])
    context.setStrokeColor(CGColor(red: 1, green: 1, blue: 1, alpha: 1))
    context.setLineWidth(3)
    for x in stride(from: shift, to: size, by: 37) {
        context.strokeLineSegments(between: [CGPoint(x: x, y: 0), CGPoint(x: x, y: size)])
    }
    guard let image = context.makeImage() else { throw CARendererError.framebuffer("no image") }
    return image
}

// MARK: - Measuring

/// Kilobytes of a `/proc/self/status` field (`VmRSS`, `VmHWM`).
func statusKilobytes(_ field: String) -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") })
    else { return .nan }
    return Double(line.split(separator: " ").dropFirst().first ?? "") ?? .nan
}

/// Resets the peak resident size (VmHWM) to the current one (Linux 4.0 and later).
func resetPeakResidentSize() {
    try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
}

/// The figures of one kind, measured in this process.
struct HugeFigures {
    var extraMegabytes: Double
    var hugeFirst: Double
    var cutFirst: Double
    var huge: Double
    var cut: Double
    var steadyHuge: Double
    var steadyCut: Double
}

/// Renders `kind` huge and cut at `size` with the same renderer, and measures both.
@MainActor func measureHuge(_ kind: HugeKind, size: CGSize, frames: Int) throws -> HugeFigures {
    CAMediaClock.useManualTime(0)
    // Warm up the renderer (programs, framebuffer, offscreen targets) with a copy of the cut
    // scene, so that neither measured first frame compiles programs.
    let renderer = try CARenderer(layer: try makeHugeScene(kind, cut: true, size: size).root, size: size)
    _ = renderer.image(atTime: 0)
    let huge = try makeHugeScene(kind, cut: false, size: size)
    let cut = try makeHugeScene(kind, cut: true, size: size)
    CATransaction.flush()
    /// A frame whose content changed: the commit (a redisplay records or paints there) and the
    /// render.
    func frame(_ scene: HugeScene, _ i: Int) -> Double {
        let start = nanoseconds()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        scene.change(i)
        CATransaction.commit()
        renderer.beginFrame(atTime: 0)
        renderer.render()
        renderer.endFrame()
        return Double(nanoseconds() - start) / 1e6
    }
    func firstFrame(_ scene: HugeScene) -> Double {
        renderer.layer = scene.root
        let start = nanoseconds()
        _ = renderer.image(atTime: 0)
        return Double(nanoseconds() - start) / 1e6
    }
    /// Best of three rounds of `frames` changing frames, and of steady frames.
    func timed(_ scene: HugeScene) -> (changing: Double, steady: Double) {
        renderer.layer = scene.root
        var changing = Double.infinity
        var steady = Double.infinity
        for _ in 0..<3 {
            changing = min(changing, (0..<frames).map { frame(scene, $0) }.reduce(0, +) / Double(frames))
            var total = 0.0
            for _ in 0..<frames {
                let start = nanoseconds()
                renderer.beginFrame(atTime: 0)
                renderer.render()
                renderer.endFrame()
                total += Double(nanoseconds() - start) / 1e6
            }
            steady = min(steady, total / Double(frames))
        }
        return (changing, steady)
    }
    let before = statusKilobytes("VmRSS")
    resetPeakResidentSize()
    let hugeFirst = firstFrame(huge)
    let hugeTimes = timed(huge)
    let peak = statusKilobytes("VmHWM")
    let cutFirst = firstFrame(cut)
    let cutTimes = timed(cut)
    return HugeFigures(
        extraMegabytes: (peak - before) / 1024, hugeFirst: hugeFirst, cutFirst: cutFirst,
        huge: hugeTimes.changing,
        cut: cutTimes.changing, steadyHuge: hugeTimes.steady, steadyCut: cutTimes.steady)
}

/// `render-benchmark huge [frames]`: each kind in a child process (`huge-kind NAME frames`),
/// then the table.
@MainActor func runHugeBenchmark(frames: Int) throws {
    let size = CGSize(width: 1920, height: 1080)
    print(
        "render-benchmark huge: 100,000 × 100,000-point layers at \(Int(size.width))×\(Int(size.height)), scale 1,"
    )
    print(
        "  against the same layer cut to the screen in the same process; \(frames) frames, best of 3 rounds")
    print("  extra MB: peak resident (VmHWM) while the huge layer renders, above resident before it")
    print("  changing: each frame changes a colour (or redisplays), so each frame rasterises what it shows")
    print("")
    print(
        "  kind              extra MB   first huge/cut ms   changing huge/cut ms   ratio   steady huge/cut ms"
    )
    var worstRatio = 0.0
    var worstMemory = 0.0
    for kind in HugeKind.allCases {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["huge-kind", kind.rawValue, String(frames)]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard let line = output.split(separator: "\n").first(where: { $0.hasPrefix("RESULT ") }) else {
            print("  \(kind.rawValue): no result (exit \(process.terminationStatus))")
            continue
        }
        let v = line.split(separator: " ").dropFirst().compactMap { Double($0) }
        guard v.count == 7 else { continue }
        let ratio = v[3] / v[4]
        worstRatio = max(worstRatio, ratio)
        worstMemory = max(worstMemory, v[0])
        let name = kind.rawValue.padding(toLength: 16, withPad: " ", startingAt: 0)
        print(
            "  \(name)\(column(format(v[0], decimals: 1), 10))\(column(format(v[1], decimals: 1) + " / " + format(v[2], decimals: 1), 20))"
                + "\(column(format(v[3], decimals: 1) + " / " + format(v[4], decimals: 1), 23))\(column(format(ratio) + "×", 8))"
                + "\(column(format(v[5], decimals: 1) + " / " + format(v[6], decimals: 1), 21))")
        fflush(nil)
    }
    let met = worstMemory <= 256 && worstRatio <= 2
    print("")
    print(
        "goal: ≤ 256 MB extra and ≤ 2× the cut layer: worst \(format(worstMemory, decimals: 1)) MB, \(format(worstRatio))× → \(met ? "met" : "NOT met")"
    )
}

/// `render-benchmark huge-kind NAME frames`: one kind's figures as a `RESULT` line.
@MainActor func runHugeKind(_ name: String, frames: Int) throws {
    guard let kind = HugeKind(rawValue: name) else {
        print("unknown kind \(name); one of \(HugeKind.allCases.map(\.rawValue).joined(separator: ", "))")
        return
    }
    let f = try measureHuge(kind, size: CGSize(width: 1920, height: 1080), frames: frames)
    let values = [f.extraMegabytes, f.hugeFirst, f.cutFirst, f.huge, f.cut, f.steadyHuge, f.steadyCut]
    print("RESULT " + values.map { String($0) }.joined(separator: " "))
}
