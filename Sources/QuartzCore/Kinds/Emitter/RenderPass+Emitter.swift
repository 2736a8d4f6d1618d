import CoreGraphics

// An emitter layer's particles (CAEmitterLayer, ruling L16): simulated in closed form at the
// frame's time in the layer's local time, then drawn above its background, contents and border
// as textured quads in its bounds coordinates — one draw call per run of particles sharing an
// image — in the order and blending of `renderMode`.

extension RenderPass {
    /// Draws the particles of `layer` when it is an emitter layer; `base` carries the layer's
    /// matrix, bounds, corner radii and opacity.
    func drawParticles(_ layer: RenderLayer, _ state: LayerState, base: DrawQuad) {
        guard layer.kind?.emitsParticles == true else { return }
        let frame = EmitterFrame.make(
            layer, atLocalTime: localTime(of: layer), animated: !builder.usesModelValues && frozenDepth == 0)
        guard !frame.particles.isEmpty else { return }
        let (vertices, runs) = batch(frame)
        guard !vertices.isEmpty, !runs.isEmpty else { return }
        let outerBlend = builder.blend
        if frame.snapshot.renderMode == .additive { builder.blend = .additive }
        builder.draw(
            .particles(
                ParticleDraw(
                    vertices: vertices, runs: runs, matrix: base.matrix, opacity: base.opacity,
                    clip: state.masksToBounds ? (base.bounds, base.radii) : nil)))
        builder.blend = outerBlend
    }

    /// The vertices of every drawable particle, in `frame`'s order, and the runs that share a
    /// texture.
    private func batch(_ frame: EmitterFrame) -> ([Float], [ParticleDraw.Run]) {
        var vertices: [Float] = []
        vertices.reserveCapacity(frame.particles.count * 6 * ParticleDraw.floatsPerVertex)
        var runs: [ParticleDraw.Run] = []
        let preservesDepth = frame.snapshot.preservesDepth
        for particle in frame.particles {
            guard let look = frame.looks[particle.serial], particle.color.3 > 0, particle.scale > 0 else {
                continue
            }
            let texture = TextureSource.image(
                look.image, minification: look.minification, magnification: look.magnification)
            let first = vertices.count / ParticleDraw.floatsPerVertex
            if let last = runs.last, last.texture.isSame(as: texture), last.lodBias == look.lodBias {
                runs[runs.count - 1].vertexCount += 6
            } else {
                runs.append(
                    .init(texture: texture, firstVertex: first, vertexCount: 6, lodBias: look.lodBias))
            }
            Self.appendQuad(particle, look, preservesDepth: preservesDepth, to: &vertices)
        }
        return (vertices, runs)
    }

    /// Two triangles for `particle`: its image's size in points times its scale, turned by its
    /// angle about its position, tinted by its colour (premultiplied).
    private static func appendQuad(
        _ particle: Particle, _ look: EmitterFrame.Look, preservesDepth: Bool, to vertices: inout [Float]
    ) {
        let halfWidth = look.size.width * particle.scale / 2
        let halfHeight = look.size.height * particle.scale / 2
        let (c, s) = (cos(particle.angle), sin(particle.angle))
        let p = particle.position
        let z = Float(preservesDepth ? p.z : 0)
        let (r, g, b, a) = particle.color
        let uv = look.contentsRect
        func vertex(_ dx: Double, _ dy: Double, _ u: CGFloat, _ v: CGFloat) {
            let x = Float(p.x + dx * halfWidth * c - dy * halfHeight * s)
            let y = Float(p.y + dx * halfWidth * s + dy * halfHeight * c)
            vertices.append(contentsOf: [x, y, z, Float(u), Float(v), r * a, g * a, b * a, a])
        }
        vertex(-1, -1, uv.minX, uv.minY)
        vertex(1, -1, uv.maxX, uv.minY)
        vertex(-1, 1, uv.minX, uv.maxY)
        vertex(1, -1, uv.maxX, uv.minY)
        vertex(1, 1, uv.maxX, uv.maxY)
        vertex(-1, 1, uv.minX, uv.maxY)
    }
}

/// The particles of one emitter layer at one time, ordered for drawing, with each cell's look.
package struct EmitterFrame {
    /// The values at the frame's time.
    package let snapshot: EmitterSnapshot
    /// The particles in drawing order.
    package let particles: [Particle]
    /// Whether particles were left out for ``CAEmitterLayer/maximumParticleCount``.
    package let capped: Bool
    /// The drawable cells' appearance by serial number.
    let looks: [Int: Look]

    /// How a cell's particles look.
    struct Look {
        var image: CGImage
        /// The image's size in points at scale 1 (pixels of `contentsRect` ÷ `contentsScale`).
        var size: CGSize
        var contentsRect: CGRect
        var minification: CALayerContentsFilter
        var magnification: CALayerContentsFilter
        var lodBias: Float
    }

    /// Simulates the emitter layer `layer` at its local time `t`: from its committed values, or
    /// with `animated` from its presented values (and, when animations touch emitter values, from
    /// those at each particle's birth).
    package static func make(_ layer: RenderLayer, atLocalTime t: Double, animated: Bool) -> EmitterFrame {
        let committed = layer.kind?.emission ?? CAEmitterLayer.Values()
        var snapshot = EmitterSnapshot(values: committed)
        var sampler: ((Double) -> EmitterSnapshot)?
        if animated, animatesEmitterValues(layer) {
            func presented(_ time: Double) -> EmitterSnapshot {
                EmitterSnapshot(
                    values: layer.presented(atLocalTime: time).kind?.emission ?? committed)
            }
            snapshot = presented(t)
            sampler = presented
        }
        let (particles, capped) = EmitterSimulation.particles(at: t, snapshot: snapshot, sampler: sampler)
        if capped {
            CompatibilityWarnings.report(
                "CAEmitterLayer: more than \(CAEmitterLayer.maximumParticleCount) particles would be alive; "
                    + "the newest are drawn")
        }
        return EmitterFrame(
            snapshot: snapshot, particles: ordered(particles, snapshot.renderMode), capped: capped,
            looks: looks(of: snapshot.cells))
    }

    /// Whether an animation of `layer` may change what its particles are made from.
    private static func animatesEmitterValues(_ layer: RenderLayer) -> Bool {
        layer.animations.contains { animation in
            guard let keyPath = (animation as? CAPropertyAnimation)?.keyPath else { return true }
            let key = keyPath.split(separator: ".").first.map(String.init) ?? keyPath
            return CAEmitterLayer.kindProperties[key] != nil
        }
    }

    /// Simulates `layer` at its local time `t` from its last published node (its model as it is
    /// when none was published).
    package static func make(_ layer: CAEmitterLayer, atLocalTime t: Double, animated: Bool) -> EmitterFrame {
        guard let node = layer.renderNode ?? layer.modelRenderNode() else {
            return EmitterFrame(snapshot: EmitterSnapshot(), particles: [], capped: false, looks: [:])
        }
        return make(node, atLocalTime: t, animated: animated)
    }

    private static func ordered(_ particles: [Particle], _ mode: CAEmitterLayerRenderMode) -> [Particle] {
        let indexed = Array(particles.enumerated())
        let sorted: [(offset: Int, element: Particle)]
        switch mode {
        case .oldestFirst:
            sorted = indexed.sorted { ($0.element.birth, $0.offset) < ($1.element.birth, $1.offset) }
        case .oldestLast:
            sorted = indexed.sorted { ($1.element.birth, $0.offset) < ($0.element.birth, $1.offset) }
        case .backToFront:
            sorted = indexed.sorted {
                ($0.element.position.z, $0.element.birth, $0.offset)
                    < ($1.element.position.z, $1.element.birth, $1.offset)
            }
        default:
            // Cell by cell (one draw call each), oldest first.
            sorted = indexed.sorted {
                ($0.element.serial, $0.element.birth, $0.offset) < (
                    $1.element.serial, $1.element.birth, $1.offset
                )
            }
        }
        return sorted.map(\.element)
    }

    private static func looks(of cells: [EmitterSnapshot.Cell]) -> [Int: Look] {
        var result: [Int: Look] = [:]
        func visit(_ cell: EmitterSnapshot.Cell) {
            let rect = cell.contentsRect
            if let image = cell.image, rect.width > 0, rect.height > 0 {
                result[cell.serial] = Look(
                    image: image,
                    size: CGSize(
                        width: CGFloat(image.width) * rect.width / cell.contentsScale,
                        height: CGFloat(image.height) * rect.height / cell.contentsScale),
                    contentsRect: rect, minification: cell.minificationFilter,
                    magnification: cell.magnificationFilter, lodBias: cell.minificationFilterBias)
            }
            cell.children.forEach(visit)
        }
        cells.forEach(visit)
        return result
    }
}
