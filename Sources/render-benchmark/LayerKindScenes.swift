// Issue 5, item 9: layer kinds at 1920×1080 (scale 1), against bare baselines in the same run.
//   (d) 100 CAShapeLayers (circles, 6 pt stroke) animating `strokeEnd` — Lamina: composite
//       (`render()`: presents the render tree, rasterises each shape at its presented stroke end,
//       uploads and draws) and readback. Baseline: the same bitmaps made by Cairo alone (one
//       surface per shape), uploaded as they are, drawn as 100 quads by bare EGL, read back.
//   (e) a CAEmitterLayer with 500 live particles (250 births/s × 2 s) — stages: update (the
//       particle simulation at t), composite (`render()`, which simulates again, batches and
//       draws), readback. Baseline: bare EGL drawing the same 500 textured quads (one draw call
//       each, as `BareBaseline` draws), placed from the same simulation computed beforehand.

import CCairo
import QuartzCore

enum KindStage: CaseIterable {
    case update, rasterise, composite, readback
}

/// Milliseconds per frame per stage (best of `rounds`), frames at times evenly over
/// `[0, animationDuration)`.
func measureKinds(
    frames: Int, stages: [KindStage], rounds: Int = 3, warmUp: Int = 2, _ step: (KindStage, Double) -> Void
) -> [KindStage: Double] {
    func time(_ i: Int) -> Double { animationDuration * Double(i) / Double(frames) }
    for i in 0..<warmUp { for stage in stages { step(stage, time(i)) } }
    var best: [KindStage: Double] = [:]
    for _ in 0..<rounds {
        var elapsed: [KindStage: UInt64] = [:]
        for i in 0..<frames {
            for stage in stages {
                let start = nanoseconds()
                step(stage, time(i))
                elapsed[stage, default: 0] += nanoseconds() - start
            }
        }
        for (stage, ns) in elapsed {
            best[stage] = min(best[stage] ?? .infinity, Double(ns) / 1e6 / Double(frames))
        }
    }
    return best
}

func printKindRow(_ name: String, _ figures: [KindStage: Double]) {
    let values = KindStage.allCases.map { figures[$0] }
    let total = values.compactMap { $0 }.reduce(0, +)
    let name = name.padding(toLength: 8, withPad: " ", startingAt: 0)
    let ms = values.map { column($0.map { format($0) } ?? "—", 11) }.joined()
    let rates = values.map { column($0.map { format(fps($0), decimals: 1) } ?? "—", 11) }.joined()
    print("  \(name)ms/frame\(ms)\(column(format(total), 11))")
    print("          fps     \(rates)\(column(format(fps(total), decimals: 1), 11))")
}

func printKindHeader(_ title: String, size: CGSize, frames: Int) {
    print("")
    print("\(title) — \(Int(size.width))×\(Int(size.height)), \(frames) frames")
    print("                       update  rasterise  composite   readback      total")
}

// MARK: - (d) 100 shape layers animating strokeEnd

/// The circle of shape `index`: centre, radius, the stroke end's start value and colour.
private func shapeGeometry(_ index: Int, size: CGSize) -> (centre: CGPoint, radius: CGFloat, from: Double) {
    let cell = CGSize(width: size.width / 10, height: size.height / 10)
    let centre = CGPoint(
        x: cell.width * (CGFloat(index % 10) + 0.5), y: cell.height * (CGFloat(index / 10) + 0.5))
    return (centre, min(cell.width, cell.height) * 0.4, Double(index % 10) / 20)
}

private func shapeColor(_ index: Int) -> (Double, Double, Double) {
    (0.3 + 0.7 * Double(index % 7) / 6, 0.8 - 0.5 * Double(index % 3) / 2, 1 - Double(index % 10) / 12)
}

/// The presented stroke end of shape `index` at `t`: linear from its start value to 1.
private func strokeEnd(_ index: Int, size: CGSize, at t: Double) -> Double {
    let from = shapeGeometry(index, size: size).from
    return from + (1 - from) * min(t / animationDuration, 1)
}

@MainActor func benchmarkShapes(size: CGSize, frames: Int) throws {
    CAMediaClock.useManualTime(0)
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    let root = CALayer()
    root.frame = CGRect(origin: .zero, size: size)
    root.backgroundColor = CGColor(red: 0.08, green: 0.09, blue: 0.12, alpha: 1)
    var shapes: [CAShapeLayer] = []
    for i in 0..<100 {
        let (centre, radius, from) = shapeGeometry(i, size: size)
        let shape = CAShapeLayer()
        shape.frame = CGRect(
            x: centre.x - radius, y: centre.y - radius, width: 2 * radius, height: 2 * radius)
        shape.path = CGPath(ellipseIn: shape.bounds, transform: nil)
        shape.fillColor = nil
        let (r, g, b) = shapeColor(i)
        shape.strokeColor = CGColor(red: r, green: g, blue: b, alpha: 1)
        shape.lineWidth = 6
        let animation = CABasicAnimation(keyPath: "strokeEnd")
        animation.fromValue = from
        animation.toValue = 1
        animation.duration = animationDuration
        animation.timingFunction = CAMediaTimingFunction(name: .linear)
        shape.add(animation, forKey: "draw")
        root.addSublayer(shape)
        shapes.append(shape)
    }
    CATransaction.commit()
    CATransaction.flush()

    let renderer = try CARenderer(layer: root, size: size)
    // Lamina: the renderer presents the published tree at each frame's time, rasterises the
    // shapes at their presented stroke ends, uploads and draws them; then the frame is read back.
    let lamina = measureKinds(frames: frames, stages: [.composite, .readback]) { stage, t in
        switch stage {
        case .composite:
            renderer.beginFrame(atTime: t)
            renderer.render()
            renderer.endFrame()
        case .readback: _ = renderer.makeImage()
        default: break
        }
    }

    // The bare baseline makes the same bitmaps and draws the same quads: Cairo strokes each arc
    // into its own surface (the shape's box grown by half the line width and a pixel, as the
    // shape layer's image), the surfaces are uploaded as they are, drawn as 100 quads over the
    // background colour, and read back.
    let baseline = try BareBaseline(width: Int(size.width), height: Int(size.height))
    let boxes = (0..<100).map { i -> CGRect in
        let (centre, radius, _) = shapeGeometry(i, size: size)
        let reach = radius + 3 + 1
        return CGRect(x: centre.x - reach, y: centre.y - reach, width: 2 * reach, height: 2 * reach)
            .integral
    }
    let surfaces = boxes.map {
        cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32($0.width), Int32($0.height))!
    }
    defer {
        for surface in surfaces { cairo_surface_destroy(surface) }
    }
    let toClip: CATransform3D = {
        var m = CATransform3DMakeScale(2 / size.width, -2 / size.height, 1)
        m = CATransform3DConcat(m, CATransform3DMakeTranslation(-1, 1, 0))
        return m
    }()
    let quads = BareScene(images: []) { _, index in
        let box = boxes[index]
        var m = CATransform3DMakeScale(box.width, box.height, 1)
        m = CATransform3DConcat(m, CATransform3DMakeTranslation(box.minX, box.minY, 0))
        return (CATransform3DConcat(m, toClip), 1)
    }
    let bare = measureKinds(frames: frames, stages: KindStage.allCases) { stage, t in
        switch stage {
        case .update: break
        case .rasterise:
            for (i, surface) in surfaces.enumerated() {
                let context = cairo_create(surface)
                cairo_set_operator(context, CAIRO_OPERATOR_CLEAR)
                cairo_paint(context)
                cairo_set_operator(context, CAIRO_OPERATOR_OVER)
                let (centre, radius, _) = shapeGeometry(i, size: size)
                let end = strokeEnd(i, size: size, at: t)
                let (r, g, b) = shapeColor(i)
                cairo_set_line_width(context, 6)
                cairo_arc(
                    context, Double(centre.x - boxes[i].minX), Double(centre.y - boxes[i].minY),
                    Double(radius),
                    0, 2 * Double.pi * end)
                cairo_set_source_rgba(context, r, g, b, 1)
                cairo_stroke(context)
                cairo_destroy(context)
            }
        case .composite:
            baseline.uploadCairoSurfaces(surfaces)
            baseline.render(quads, atTime: t, clear: (0.08, 0.09, 0.12, 1))
        case .readback: baseline.readPixels()
        }
    }
    printKindHeader(
        "(d) 100 CAShapeLayers animating strokeEnd (circles, lineWidth 6)", size: size, frames: frames)
    printKindRow("lamina", lamina)
    printKindRow("bare", bare)
    let laminaTotal = KindStage.allCases.compactMap { lamina[$0] }.reduce(0, +)
    let bareTotal = KindStage.allCases.compactMap { bare[$0] }.reduce(0, +)
    print(
        "  ratio lamina / bare: whole frame \(format(laminaTotal / bareTotal))× (goal ≤ 1.5×; Lamina's "
            + "rasterising, uploading and drawing are all inside its composite column)")
}

// MARK: - (e) a 500-particle emitter

@MainActor func benchmarkEmitter(size: CGSize, frames: Int) throws {
    CAMediaClock.useManualTime(0)
    let dot = makeImage(size: CGSize(width: 32, height: 32)) { context in
        context.clear(CGRect(x: 0, y: 0, width: 32, height: 32))
        context.setFillColor(CGColor(red: 1, green: 1, blue: 1, alpha: 1))
        context.fillEllipse(in: CGRect(x: 2, y: 2, width: 28, height: 28))
    }
    let cell = CAEmitterCell()
    cell.contents = dot
    cell.birthRate = 250
    cell.lifetime = 2
    cell.velocity = 220
    cell.velocityRange = 80
    cell.emissionRange = 2 * .pi
    cell.yAcceleration = 60
    cell.spin = 1
    cell.spinRange = 2
    cell.alphaSpeed = -0.4
    let emitter = CAEmitterLayer()
    emitter.frame = CGRect(origin: .zero, size: size)
    emitter.emitterPosition = CGPoint(x: size.width / 2, y: size.height / 2)
    emitter.emitterCells = [cell]
    emitter.timeOffset = 2  // the layer's time runs from 2 s: steady state, 500 alive
    let root = CALayer()
    root.frame = emitter.frame
    root.addSublayer(emitter)
    CATransaction.flush()

    let renderer = try CARenderer(layer: root, size: size)
    var count = 0
    let lamina = measureKinds(frames: frames, stages: [.update, .composite, .readback]) { stage, t in
        switch stage {
        case .update: count = EmitterFrame.make(emitter, atLocalTime: t + 2, animated: true).particles.count
        case .rasterise: break
        case .composite:
            renderer.beginFrame(atTime: t)
            renderer.render()
            renderer.endFrame()
        case .readback: _ = renderer.makeImage()
        }
    }

    // The same quads from the same simulation, computed before timing.
    var particlesAt: [Double: [Particle]] = [:]
    for i in 0..<frames {
        let t = animationDuration * Double(i) / Double(frames)
        particlesAt[t] = EmitterFrame.make(emitter, atLocalTime: t + 2, animated: true).particles
    }
    let quadCount = particlesAt.values.map(\.count).max() ?? 0
    let toClip = worldToClip(size: size)
    let scene = BareScene(images: Array(repeating: dot, count: quadCount)) { t, index in
        guard let particles = particlesAt[t], index < particles.count else {
            return (CATransform3DIdentity, 0)
        }
        let p = particles[index]
        let side = 32 * p.scale
        var m = CATransform3DMakeScale(side, side, 1)
        m = CATransform3DConcat(m, CATransform3DMakeTranslation(-side / 2, -side / 2, 0))
        m = CATransform3DConcat(m, CATransform3DMakeRotation(p.angle, 0, 0, 1))
        m = CATransform3DConcat(m, CATransform3DMakeTranslation(p.position.x, p.position.y, 0))
        return (CATransform3DConcat(m, toClip), p.color.3)
    }
    let baseline = try BareBaseline(width: Int(size.width), height: Int(size.height))
    baseline.upload(scene.images)
    let bare = measureKinds(frames: frames, stages: [.composite, .readback], warmUp: 0) { stage, t in
        if stage == .composite { baseline.render(scene, atTime: t) } else { baseline.readPixels() }
    }
    printKindHeader(
        "(e) CAEmitterLayer, \(count) live particles (32×32 image, spin, alpha speed)", size: size,
        frames: frames)
    printKindRow("lamina", lamina)
    printKindRow("bare", bare)
    let laminaTotal = lamina[.composite]! + lamina[.readback]!
    let bareTotal = bare[.composite]! + bare[.readback]!
    print(
        "  ratio lamina / bare: composite \(format(lamina[.composite]! / bare[.composite]!))×, "
            + "composite+readback \(format(laminaTotal / bareTotal))× "
            + "(lamina batches one draw call; bare draws one call per quad)")
    let t = animationDuration / 2
    let laminaPixels = renderer.image(atTime: t)!.premultipliedRGBA8Pixels()!
    baseline.render(scene, atTime: t)
    baseline.readPixels()
    let (maximum, pixels, _) = difference(laminaPixels, baseline.pixels, width: baseline.width)
    print(
        "  check at t = \(format(t, decimals: 1)) s: max channel difference lamina vs bare \(maximum) "
            + "(\(pixels) pixels differ)")
}
