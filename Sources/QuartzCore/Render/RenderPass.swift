import CoreGraphics

/// The compositor's build stage (ruling V21): one frame's walk of a render tree, back to front,
/// describing each layer's parts as draw items in the builder's frame (no GL call is made here).
/// Each layer's matrix maps its bounds coordinates to clip space:
/// `transformToParent · F · parentMatrix`, F dropping z so that every layer is flattened into its
/// parent's plane (w is kept, so perspective stays correct).
struct RenderPass {
    let builder: FrameBuilder
    /// The local time of the parent of the layer being drawn (the frame's absolute media time
    /// for the root): each layer's own local time follows from it through the layer's timing, and
    /// is its sublayers' parent time. A replicator's instance draws its sublayers earlier by its
    /// delay (RenderPass+Replicator.swift).
    var time: CFTimeInterval
    /// The orientation (sign of the signed area) of a front-facing quad in clip space.
    let frontFacingSign: CGFloat
    /// How many offscreen groups enclose the layer being drawn.
    var groupDepth = 0
    /// While positive, a transition's frozen "before" subtree is being drawn: its model values
    /// are drawn as they are (RenderPass+Transitions.swift).
    var frozenDepth = 0
    /// The unit of a 3D context being drawn, whose matrix is not flattened into its parent's
    /// plane (RenderPass+Replicator.swift).
    var depthUnit: LayerID?
    /// The walk's pending steps, last first (RenderPass+Walk.swift): depth costs heap, not stack.
    var steps: [Step] = []
    /// Whether an odd number of the ancestors of the layer being drawn flip their sublayers'
    /// geometry (`isGeometryFlipped`): its coordinate space is then mirrored on screen, and its
    /// contents image and text are mirrored back in it so that they show upright (ruling L20).
    /// Set for a layer's sublayers and restored after them, as `time` is; a mask keeps its
    /// owner's.
    var contentsFlipped = false
    /// Nested scissor rectangles (pixels); empty: none.
    private var scissors: [PixelRect] = []
    /// What of the current target can show, in clip space: the viewport narrowed by the
    /// enclosing clips and masks (RenderPass+VisibleRegion.swift, ruling V19).
    var visibleBox = RenderPass.wholeTarget
    /// The visible boxes the enclosing `masksToBounds` clips narrowed.
    private var outerVisibleBoxes: [CGRect] = []

    init(builder: FrameBuilder, time: CFTimeInterval, worldToClip: CATransform3D) {
        self.builder = builder
        self.time = time
        frontFacingSign = Self.orientation(of: CGRect(x: 0, y: 0, width: 1, height: 1), worldToClip) ?? 1
    }

    /// Drops the z output of a transform: the plane a layer is flattened into.
    private static let flatten: CATransform3D = {
        var f = CATransform3DIdentity
        f.m33 = 0
        return f
    }()

    /// The background colour, then the contents (an image, or a layer kind's own content).
    func drawBackgroundAndContents(_ layer: RenderLayer, _ state: LayerState, base: DrawQuad) {
        if let color = state.backgroundColor, color.alpha > 0 {
            var quad = base
            quad.color = Self.premultiplied(color)
            builder.draw(quad)
        }
        // Contents images and text show upright whatever the flips above (ruling L20); shapes
        // and gradients follow the layer's geometry.
        let upright = contentsFlipped ? Self.mirrored(base) : base
        if let kind = presentedKind(of: layer), kind.drawsOwnContents {
            drawOwnContents(layer, kind, state, base: kind.ownContentsAreUpright ? upright : base)
        } else {
            drawContents(layer.id, state, base: upright)
        }
    }

    /// `quad` with its matrix mirrored about the horizontal line through the centre of its
    /// bounds (y ↦ minY + maxY − y), its corners and anti-aliased edges swapped to match, so that
    /// what is drawn with it shows upside down in the layer's own coordinates — upright where an
    /// odd number of flips above mirror those coordinates on screen (ruling L20). The bounds map
    /// onto themselves, so the layer's shape and clip are unchanged.
    static func mirrored(_ quad: DrawQuad) -> DrawQuad {
        var mirror = CATransform3DMakeScale(1, -1, 1)
        mirror.m42 = quad.bounds.minY + quad.bounds.maxY
        var result = quad
        result.matrix = CATransform3DConcat(mirror, quad.matrix)
        // Corners in order minX-minY, maxX-minY, maxX-maxY, minX-maxY.
        result.radii = (quad.radii.3, quad.radii.2, quad.radii.1, quad.radii.0)
        // Edges: left 1, right 2, bottom (minY) 4, top (maxY) 8.
        let edges = quad.antialiasedEdges
        result.antialiasedEdges = (edges & 3) | ((edges & 4) << 1) | ((edges & 8) >> 1)
        return result
    }

    /// The border, inside the bounds, above the sublayers.
    func drawBorder(_ state: LayerState, base: DrawQuad) {
        guard state.borderWidth > 0, state.borderWidth.isFinite, let color = state.borderColor,
            color.alpha > 0
        else { return }
        var quad = base
        quad.mode = .border
        quad.color = Self.premultiplied(color)
        quad.borderWidth = state.borderWidth
        builder.draw(quad)
    }

    /// The layer's shadow, under it: its shape — `shadowPath`, or the alpha of the layer as drawn
    /// (background, contents, border, sublayers) — shifted by `shadowOffset` in the layer's
    /// coordinates, blurred by a Gaussian of standard deviation `shadowRadius / 2` points, and
    /// painted in `shadowColor` at `shadowOpacity`. A layer that masks to bounds casts none
    /// (Apple's clips it away).
    mutating func drawShadow(
        _ layer: RenderLayer, state: LayerState, matrix: CATransform3D, parentMatrix: CATransform3D,
        parentState: LayerState?, color: CGColor, opacity: Float, stencilLevel: Int
    ) {
        if drawAnalyticShadow(layer, state: state, matrix: matrix, color: color, opacity: opacity) { return }
        guard let shape = builder.offscreenTarget(depth: groupDepth),
            let scratch = builder.offscreenTarget(depth: groupDepth + 1)
        else { return }
        let outer = builder.currentTarget
        let offset =
            state.shadowOffset.width.isFinite && state.shadowOffset.height.isFinite
            ? state.shadowOffset : .zero
        let radius = state.shadowRadius.isFinite ? max(state.shadowRadius, 0) : 0
        let sigma = Float(min(radius / 2 * Self.pixelsPerPoint(state.bounds, matrix, builder), 32))
        let shifted = CATransform3DConcat(
            CATransform3DMakeTranslation(offset.width, offset.height, 0), matrix)
        // The passes touch only the shadow's pixels when its shape is known to lie within the
        // layer's bounds or its shadowPath (no sublayers): the shape plus 3σ is drawn, and 3σ
        // more cleared so the blur never reads stale pixels.
        let confined = state.shadowPath != nil || layer.sublayers.isEmpty
        let reach = Int32((3 * sigma).rounded(.up)) + 2
        let region =
            confined
            ? pixelRegion(of: state.shadowPath?.boundingBoxOfPath ?? state.bounds, shifted, margin: reach)
            : nil
        if let region { pushScissor(Self.grown(region, by: reach)) }
        bind(shape)
        if region != nil { popScissor() }
        if let region { pushScissor(region) }
        groupDepth += 2
        // The blur reads the shape this far outside what is visible.
        let outerBox = growVisibleBox(byPixels: CGFloat(reach))
        defer { visibleBox = outerBox }
        if let path = state.shadowPath {
            drawShadowPath(path, matrix: shifted)
        } else {
            drawUngrouped(
                layer, state: state, parentMatrix: parentMatrix, parentState: parentState, opacity: 1,
                stencilLevel: 0, shift: offset, drawsShadow: false, placement: matrix)
        }
        if sigma > 0.3 {
            if let region { pushScissor(Self.grown(region, by: reach)) }
            bind(scratch)
            if region != nil { popScissor() }
            fullScreen(.blur, texture: .target(shape)) {
                $0.blurStep = (1 / Float(builder.pixelWidth), 0)
                $0.sigma = sigma
            }
            bind(shape)
            fullScreen(.blur, texture: .target(scratch)) {
                $0.blurStep = (0, 1 / Float(builder.pixelHeight))
                $0.sigma = sigma
            }
        }
        groupDepth -= 2
        returnTo(outer, stencilLevel: stencilLevel)
        let tint = Self.premultiplied(color)
        let strength = state.shadowOpacity.isFinite ? min(max(state.shadowOpacity, 0), 1) : 0
        fullScreen(.tint, texture: .target(shape)) {
            $0.color = (tint.0 * strength, tint.1 * strength, tint.2 * strength, tint.3 * strength)
            $0.opacity = opacity
        }
        if region != nil { popScissor() }
    }

    /// The framebuffer pixels `rect` (layer coordinates) covers through `matrix`, grown by
    /// `margin` pixels, as a scissor rectangle (x, y from the bottom, width, height); `nil` when
    /// a corner is behind the eye.
    func pixelRegion(of rect: CGRect, _ matrix: CATransform3D, margin: Int32) -> PixelRect? {
        var minX = CGFloat.infinity
        var minY = CGFloat.infinity
        var maxX = -CGFloat.infinity
        var maxY = -CGFloat.infinity
        for (x, y) in [
            (rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.minX, rect.maxY), (rect.maxX, rect.maxY),
        ] {
            guard let pixel = Self.pixel(of: CGPoint(x: x, y: y), matrix, builder) else { return nil }
            let (px, py) = (pixel.x, pixel.y)
            minX = min(minX, px)
            maxX = max(maxX, px)
            minY = min(minY, py)
            maxY = max(maxY, py)
        }
        let limit = CGFloat(Int32.max / 4)
        guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite, abs(minX) < limit,
            abs(maxX) < limit,
            abs(minY) < limit, abs(maxY) < limit
        else { return nil }
        let x0 = Int32(minX.rounded(.down)) - margin
        let y0 = Int32(minY.rounded(.down)) - margin
        let x1 = Int32(maxX.rounded(.up)) + margin
        let y1 = Int32(maxY.rounded(.up)) + margin
        return PixelRect(x: x0, y: y0, width: max(x1 - x0, 0), height: max(y1 - y0, 0))
    }

    private static func grown(_ r: PixelRect, by margin: Int32) -> PixelRect {
        PixelRect(
            x: r.x - margin, y: r.y - margin, width: r.width + 2 * margin, height: r.height + 2 * margin)
    }

    /// Limits drawing and clearing to `region` within the current scissor.
    mutating func pushScissor(_ region: PixelRect) {
        var r = region
        if let top = scissors.last {
            let x0 = max(r.x, top.x)
            let y0 = max(r.y, top.y)
            let x1 = min(r.x + r.width, top.x + top.width)
            let y1 = min(r.y + r.height, top.y + top.height)
            r = PixelRect(x: x0, y: y0, width: max(x1 - x0, 0), height: max(y1 - y0, 0))
        }
        scissors.append(r)
        builder.setScissor(r)
    }

    /// Restores the scissor from before the last `pushScissor`.
    mutating func popScissor() {
        scissors.removeLast()
        builder.setScissor(scissors.last)
    }

    /// Fills `path` (in layer coordinates) in opaque black through `matrix`: the shape of a
    /// `shadowPath`, rasterised by Cairo at the layer's pixel scale where it is visible (ruling
    /// V19).
    private func drawShadowPath(_ path: CGPath, matrix: CATransform3D) {
        let box = path.boundingBoxOfPath
        guard !box.isNull, box.width > 0, box.height > 0, box.width.isFinite, box.height.isFinite else {
            return
        }
        let visible = visibleRegion(matrix).boundingBox(of: box)
        guard !visible.isNull else { return }
        var request = rasterRequest(
            scale: Self.pixelsPerPoint(visible, matrix, builder), matrix: matrix, clip: nil)
        request.wholePixels = RasterRequest.defaultPixels
        guard let (image, rect) = builder.shadowPathImage(path, request: request) else { return }
        var quad = DrawQuad(
            matrix: matrix, mode: .texture, quad: rect, bounds: rect, radii: (0, 0, 0, 0))
        quad.destRect = rect
        quad.texture = .image(image, minification: .linear, magnification: .linear)
        builder.draw(quad)
    }

    /// A full-screen pass of `mode` reading `texture`, configured by `configure`.
    private func fullScreen(
        _ mode: DrawQuad.Mode, texture: TextureSource, _ configure: (inout DrawQuad) -> Void
    ) {
        let screen = CGRect(x: -1, y: -1, width: 2, height: 2)
        var quad = DrawQuad(
            matrix: CATransform3DIdentity, mode: mode, quad: screen, bounds: screen, radii: (0, 0, 0, 0))
        quad.destRect = screen
        quad.texture = texture
        configure(&quad)
        if mode == .blur || mode == .tint {
            builder.drawEffect(quad)
        } else {
            builder.draw(quad)
        }
    }

    /// About how many framebuffer pixels one point of the layer covers at the centre of `rect`.
    /// Where `point` (layer coordinates) lands through `matrix`, in framebuffer pixels with y
    /// from the bottom as OpenGL counts; `nil` behind the eye.
    static func pixel(of point: CGPoint, _ matrix: CATransform3D, _ builder: FrameBuilder) -> CGPoint? {
        let (clip, w) = matrix.project(point)
        guard w > 0 else { return nil }
        return CGPoint(
            x: (clip.x + 1) / 2 * CGFloat(builder.pixelWidth),
            y: (clip.y + 1) / 2 * CGFloat(builder.pixelHeight))
    }

    static func pixelsPerPoint(_ rect: CGRect, _ matrix: CATransform3D, _ builder: FrameBuilder) -> CGFloat {
        func pixel(_ x: CGFloat, _ y: CGFloat) -> CGPoint? {
            Self.pixel(of: CGPoint(x: x, y: y), matrix, builder)
        }
        guard let c = pixel(rect.midX, rect.midY), let x = pixel(rect.midX + 1, rect.midY),
            let y = pixel(rect.midX, rect.midY + 1)
        else { return 1 }
        let scale = (hypot(x.x - c.x, x.y - c.y) + hypot(y.x - c.x, y.y - c.y)) / 2
        return scale.isFinite && scale > 0 ? scale : 1
    }

    /// Makes the offscreen target of group depth `target` the one drawn into, cleared, with no
    /// clip.
    func bind(_ target: Int) {
        builder.bind(.offscreen(target), clear: true)
    }

    /// Draws into `target` again (as it was left), where the stencil is at `stencilLevel`.
    func returnTo(_ target: FrameTarget, stencilLevel: Int) {
        builder.bind(target, clear: false)
        if stencilLevel != 0 { builder.record(.stencilLevel(stencilLevel)) }
    }

    /// The matrix from the layer's bounds coordinates to clip space: its transform to the
    /// parent, flattened into the parent's plane, then the parent's matrix — except for a root
    /// drawn in its own space (`render(in:)`), whose bounds coordinates are the world's.
    func matrix(
        of layer: RenderLayer, _ state: LayerState, parentMatrix: CATransform3D, parentState: LayerState?
    ) -> CATransform3D {
        if layer.id == builder.ownSpaceRootID { return parentMatrix }
        let toParent = state.transformToParent(sublayerSpace: parentState?.sublayerSpaceTransform)
        // In a transform layer (or a replicator preserving depth) a sublayer keeps its 3D position.
        if let unit = depthUnit, unit == layer.id { return CATransform3DConcat(toParent, parentMatrix) }
        return CATransform3DConcat(CATransform3DConcat(toParent, Self.flatten), parentMatrix)
    }

    /// The layer's local time: its timing applied to `time`, its parent's.
    func localTime(of layer: RenderLayer) -> Double {
        layer.timing.localTime(fromParent: time)
    }

    /// The layer's presented values at the frame's time (the parent's local time being `time`),
    /// kept in the renderer's buffer for the layer; its committed values when model values are
    /// drawn (`render(in:)`) or inside a transition's frozen picture.
    func presentationState(of layer: RenderLayer) -> PresentedValues {
        if builder.usesModelValues || frozenDepth > 0 { return layer.values }
        var entry =
            builder.buffers.removeValue(forKey: layer.id)
            ?? PresentationBuffer(values: layer.values, serial: 0, lastUsedFrame: 0)
        layer.present(into: &entry.values, serial: &entry.serial, atLocalTime: localTime(of: layer))
        if layer.displayPrototype != nil {
            entry.values.state.contents = layer.redisplayedContents(entry.values)
        }
        entry.lastUsedFrame = builder.frameCount
        let values = entry.values
        builder.buffers[layer.id] = entry
        return values
    }

    /// `presentationState(of:)`'s layer values alone.
    func presentedState(of layer: RenderLayer) -> LayerState {
        presentationState(of: layer).state
    }

    /// The layer kind's values as last presented by `presentationState(of:)` this frame.
    func presentedKind(of layer: RenderLayer) -> (any LayerKindValues)? {
        guard layer.kind != nil else { return nil }
        if builder.usesModelValues || frozenDepth > 0 { return layer.kind }
        return builder.buffers[layer.id]?.values.kind ?? layer.kind
    }

    private func drawContents(_ id: LayerID, _ state: LayerState, base: DrawQuad) {
        if let crossfade = state.contentsCrossfade {
            drawImage(crossfade.previous, state, base, weight: Float(1 - crossfade.weight), window: (id, 1))
            drawImage(state.contents, state, base, weight: Float(crossfade.weight), window: (id, 0))
        } else {
            drawImage(state.contents, state, base, weight: 1, window: (id, 0))
        }
    }

    /// A layer kind's own content (shape, gradient, text), drawn from its presented values; the
    /// image covers the rectangle the kind reports. The renderer keeps each layer's last image.
    private func drawOwnContents(
        _ layer: RenderLayer, _ kind: any LayerKindValues, _ state: LayerState, base: DrawQuad
    ) {
        let clipsToBounds = state.masksToBounds || kind.clipsOwnContentsToBounds
        let (ratio, grid) = Self.contentScale(of: state.bounds, base.matrix, builder: builder)
        var request = rasterRequest(
            scale: builder.scale * ratio, matrix: base.matrix, clip: clipsToBounds ? state.bounds : nil)
        request.pixelGrid = grid
        guard let (image, rect) = builder.ownContents(of: layer.id, kind, state: state, request: request),
            rect.width > 0, rect.height > 0, rect.width.isFinite, rect.height.isFinite
        else { return }
        var quad = base
        quad.mode = .texture
        quad.quad = clipsToBounds ? rect.intersection(state.bounds) : rect
        guard !quad.quad.isNull, quad.quad.width > 0, quad.quad.height > 0 else { return }
        quad.destRect = rect
        quad.uvRect = CGRect(x: 0, y: 0, width: 1, height: 1)
        quad.texture = .image(image, minification: .linear, magnification: .linear)
        quad.clipToShape = state.masksToBounds
        builder.draw(quad)
    }

    /// How much smaller or larger than at the framebuffer's scale a layer's own content shows on
    /// screen (ruling V20), and, when the content shows unrotated at one scale on both axes, the
    /// framebuffer's pixel grid in the layer's coordinates.
    ///
    /// The ratio is framebuffer pixels per point through `matrix` when it is affine in the
    /// layer's plane (the larger of the two axes), over the renderer's scale; 1 under
    /// perspective. Content that shows unrotated and uniformly scaled, shrunk down to 1/64 or
    /// enlarged up to 64×, takes the ratio itself and the grid, so its bitmap's pixels are the
    /// framebuffer's and its edges as sharp as Apple's vector drawing (rulings V20, V23).
    /// Otherwise (rotated, skewed, scaled unevenly, or beyond those bounds) it takes exactly
    /// twice the ratio, within 1/64…64: bilinear filtering then minifies the bitmap two to one,
    /// which keeps edges close to Apple's where a bitmap at the size shown, resampled once more,
    /// is half a pixel softer, and any other factor aliases or blurs (V23). Rasterising at about
    /// the size seen, not minified from a full-size bitmap, keeps thin strokes from breaking into
    /// dots. An animated scale rasterises the content anew each frame; the visible part alone is
    /// rasterised when the whole is too large (V19).
    static func contentScale(
        of bounds: CGRect, _ matrix: CATransform3D, builder: FrameBuilder
    ) -> (ratio: CGFloat, grid: CGPoint?) {
        // Under perspective the scale varies across the layer: the framebuffer's is kept.
        guard bounds.width.isFinite, bounds.height.isFinite, builder.scale > 0, matrix.m14 == 0,
            matrix.m24 == 0, matrix.m34 == 0
        else { return (1, nil) }
        let centre = CGPoint(x: bounds.midX, y: bounds.midY)
        let (c, w0) = matrix.project(centre)
        let (x, w1) = matrix.project(CGPoint(x: centre.x + 1, y: centre.y))
        let (y, w2) = matrix.project(CGPoint(x: centre.x, y: centre.y + 1))
        guard w0 > 0, w1 > 0, w2 > 0 else { return (1, nil) }
        let halfWidth = CGFloat(builder.pixelWidth) / 2
        let halfHeight = CGFloat(builder.pixelHeight) / 2
        let alongX = hypot((x.x - c.x) * halfWidth, (x.y - c.y) * halfHeight)
        let alongY = hypot((y.x - c.x) * halfWidth, (y.y - c.y) * halfHeight)
        var ratio = max(alongX, alongY) / builder.scale
        guard ratio.isFinite, ratio > 0 else { return (1, nil) }
        if abs(ratio - 1) <= 1e-9 { ratio = 1 }
        guard ratio >= 1.0 / 64, ratio <= 64,
            let grid = pixelGrid(matrix, halfWidth: halfWidth, halfHeight: halfHeight)
        else {
            // Exactly twice the size shown, so that bilinear filtering minifies the bitmap two to
            // one, averaging two by two texels (ruling V23).
            return (min(max(2 * ratio, 1.0 / 64), 64), nil)
        }
        return (ratio, grid)
    }

    /// The point of the layer's plane that `matrix` maps onto a corner of a framebuffer pixel,
    /// when it maps the plane unrotated with one scale on both axes (mirroring allowed); `nil`
    /// otherwise.
    private static func pixelGrid(_ m: CATransform3D, halfWidth: CGFloat, halfHeight: CGFloat) -> CGPoint? {
        guard m.m12 == 0, m.m21 == 0, m.m44 != 0 else { return nil }
        // Framebuffer pixel = a · point + b on each axis.
        let ax = m.m11 / m.m44 * halfWidth
        let ay = m.m22 / m.m44 * halfHeight
        guard ax != 0, ay != 0, abs(abs(ax) - abs(ay)) <= 1e-9 * abs(ax) else { return nil }
        let bx = (m.m41 / m.m44 + 1) * halfWidth
        let by = (m.m42 / m.m44 + 1) * halfHeight
        let grid = CGPoint(x: -bx / ax, y: -by / ay)
        return grid.x.isFinite && grid.y.isFinite ? grid : nil
    }

    /// `window` names the layer and slot (a crossfade's previous image is 1) whose window a
    /// contents too large to upload whole is kept in.
    private func drawImage(
        _ contents: Any?, _ state: LayerState, _ base: DrawQuad, weight: Float,
        window: (LayerID, Int)
    ) {
        guard weight > 0, let contents else { return }
        if let source = windowedSource(contents) {
            drawWindowed(source, state, base, weight: weight, key: WindowKey(layer: window.0, slot: window.1))
            return
        }
        guard let image = contents as? CGImage else {
            CompatibilityWarnings.report(
                "CARenderer: contents of type \(type(of: contents)) is not drawn (only CGImage)")
            return
        }
        let crop = state.contentsRect.standardized
        guard crop.width > 0, crop.height > 0 else { return }
        let scale = state.contentsScale.isFinite && state.contentsScale > 0 ? state.contentsScale : 1
        let imageSize = CGSize(
            width: CGFloat(image.width) * crop.width / scale,
            height: CGFloat(image.height) * crop.height / scale)
        let dest = Self.destination(of: imageSize, in: state.bounds, gravity: uprightGravity(of: state))
        guard dest.width > 0, dest.height > 0, dest.width.isFinite, dest.height.isFinite else { return }
        var quad = base
        quad.mode = .texture
        quad.quad = state.masksToBounds ? dest.intersection(state.bounds) : dest
        guard !quad.quad.isNull, quad.quad.width > 0, quad.quad.height > 0 else { return }
        quad.destRect = dest
        quad.uvRect = crop
        quad.texture = .image(
            image, minification: state.minificationFilter, magnification: state.magnificationFilter)
        quad.opacity = base.opacity * weight
        quad.clipToShape = state.masksToBounds
        quad.lodBias = state.minificationFilterBias
        quad.sharpensMagnification = true
        let center = state.contentsCenter.standardized
        if state.contentsGravity == .resize, center != CGRect(x: 0, y: 0, width: 1, height: 1),
            center.minX >= 0, center.minY >= 0, center.maxX <= 1, center.maxY <= 1
        {
            drawNinePart(quad, imageSize: imageSize, center: center, crop: crop)
        } else {
            builder.draw(quad)
        }
    }

    /// `contentsCenter`: the image's corners keep their size, its edges stretch along one axis
    /// and its centre along both (when the bounds are smaller than the corners, they shrink
    /// proportionally). Each of the nine cells is drawn with its own texture rectangle, and
    /// anti-aliased only at the outer edges.
    func drawNinePart(_ quad: DrawQuad, imageSize: CGSize, center: CGRect, crop: CGRect) {
        let dest = quad.destRect
        let left = imageSize.width * center.minX
        let right = imageSize.width * (1 - center.maxX)
        let top = imageSize.height * center.minY
        let bottom = imageSize.height * (1 - center.maxY)
        let sx = left + right > dest.width ? dest.width / (left + right) : 1
        let sy = top + bottom > dest.height ? dest.height / (top + bottom) : 1
        let xs = [dest.minX, dest.minX + left * sx, dest.maxX - right * sx, dest.maxX]
        let ys = [dest.minY, dest.minY + top * sy, dest.maxY - bottom * sy, dest.maxY]
        let us = [0, center.minX, center.maxX, 1].map { crop.minX + $0 * crop.width }
        let vs = [0, center.minY, center.maxY, 1].map { crop.minY + $0 * crop.height }
        for column in 0..<3 {
            for row in 0..<3 {
                let cell = CGRect(
                    x: xs[column], y: ys[row], width: xs[column + 1] - xs[column],
                    height: ys[row + 1] - ys[row])
                guard cell.width > 0, cell.height > 0 else { continue }
                var part = quad
                part.quad = part.clipToShape ? cell.intersection(quad.bounds) : cell
                guard !part.quad.isNull, part.quad.width > 0, part.quad.height > 0 else { continue }
                part.destRect = cell
                part.insideRect = dest
                part.uvRect = CGRect(
                    x: us[column], y: vs[row], width: us[column + 1] - us[column],
                    height: vs[row + 1] - vs[row])
                builder.draw(part)
            }
        }
    }

    /// Writes the layer's rounded bounds into the stencil buffer, one level deeper, and narrows
    /// the visible box to them.
    mutating func pushClip(_ base: DrawQuad, level: Int) {
        stepClip(base, increment: true, newLevel: level + 1)
        outerVisibleBoxes.append(narrowVisibleBox(to: base.bounds, through: base.matrix))
    }

    /// Undoes `pushClip`.
    mutating func popClip(_ base: DrawQuad, level: Int) {
        stepClip(base, increment: false, newLevel: level - 1)
        visibleBox = outerVisibleBoxes.removeLast()
    }

    /// Increments (or decrements) the stencil inside the layer's rounded bounds (where the
    /// stencil is at the current level), then draws at `newLevel`.
    private func stepClip(_ base: DrawQuad, increment: Bool, newLevel: Int) {
        var quad = base
        quad.mode = .clip
        builder.record(.clip(quad, increment: increment, newLevel: newLevel))
    }

    /// `sublayers` in drawing order: stably sorted by `zPosition` (the array itself, with no
    /// sorting, when no two differ).
    static func sortedByZPosition(_ sublayers: [RenderLayer]) -> [RenderLayer] {
        guard let first = sublayers.first?.state.zPosition,
            sublayers.contains(where: { $0.state.zPosition != first })
        else { return sublayers }
        return sublayers.enumerated()
            .sorted { ($0.element.state.zPosition, $0.offset) < ($1.element.state.zPosition, $1.offset) }
            .map(\.element)
    }

    /// The quad of the layer's bounds through `matrix`, with its shape, filled at `opacity`.
    static func baseQuad(_ state: LayerState, matrix: CATransform3D, opacity: Float)
        -> DrawQuad
    {
        var base = DrawQuad(
            matrix: matrix, mode: .fill, quad: state.bounds, bounds: state.bounds, radii: (0, 0, 0, 0),
            opacity: opacity)
        setShape(of: &base, state)
        return base
    }

    /// Sets the layer's shape on `quad`: the radius of each corner (minX-minY, maxX-minY,
    /// maxX-maxY, minX-maxY) per `maskedCorners`, the continuous curve per `cornerCurve`, and
    /// the anti-aliased edges per `allowsEdgeAntialiasing` and `edgeAntialiasingMask`.
    static func setShape(of quad: inout DrawQuad, _ state: LayerState) {
        var r = state.cornerRadius.isFinite ? max(state.cornerRadius, 0) : 0
        quad.continuous = nil
        if state.cornerCurve == .continuous, r > 0 {
            let b = state.bounds
            let fitted = ContinuousCorner.fitting(radius: r, halfSide: min(abs(b.width), abs(b.height)) / 2)
            r = fitted.radius
            quad.continuous = fitted.corner
        }
        let m = state.maskedCorners
        quad.radii = (
            m.contains(.layerMinXMinYCorner) ? r : 0, m.contains(.layerMaxXMinYCorner) ? r : 0,
            m.contains(.layerMaxXMaxYCorner) ? r : 0, m.contains(.layerMinXMaxYCorner) ? r : 0
        )
        quad.antialiasedEdges =
            state.allowsEdgeAntialiasing
            ? Int32(truncatingIfNeeded: state.edgeAntialiasingMask.rawValue & 15) : 0
    }

    private static func premultiplied(_ color: CGColor) -> (Float, Float, Float, Float) {
        let c = color.rgbaComponents
        let a = Float(c.a)
        return (Float(c.r) * a, Float(c.g) * a, Float(c.b) * a, a)
    }

    /// The sign of the signed area of `rect`'s corners projected by `matrix`, or `nil` when a
    /// corner is behind the eye.
    static func orientation(of rect: CGRect, _ matrix: CATransform3D) -> CGFloat? {
        let corners = [
            CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
            CGPoint(x: rect.maxX, y: rect.maxY), CGPoint(x: rect.minX, y: rect.maxY),
        ]
        var projected: [CGPoint] = []
        for p in corners {
            let (point, w) = matrix.project(p)
            guard w > 0 else { return nil }
            projected.append(point)
        }
        var area: CGFloat = 0
        for i in 0..<4 {
            let a = projected[i]
            let b = projected[(i + 1) % 4]
            area += a.x * b.y - b.x * a.y
        }
        return area == 0 ? nil : (area > 0 ? 1 : -1)
    }

    /// The gravity that places the layer's contents in the upright space they are drawn in
    /// (`mirrored(_:)`): its own, with top and bottom swapped when `contentsAreFlipped()` would
    /// answer `true` — an odd number of flips from the layer (included) up — as Apple's
    /// `contentsGravity` documentation says (ruling V30).
    func uprightGravity(of state: LayerState) -> CALayerContentsGravity {
        Self.placedGravity(state.contentsGravity, swapped: contentsFlipped != state.isGeometryFlipped)
    }

    /// `gravity`, with its vertical sense swapped (`top` ↔ `bottom`, `topLeft` ↔ `bottomLeft`,
    /// `topRight` ↔ `bottomRight`) when `swapped`.
    static func placedGravity(_ gravity: CALayerContentsGravity, swapped: Bool) -> CALayerContentsGravity {
        guard swapped else { return gravity }
        switch gravity {
        case .top: return .bottom
        case .bottom: return .top
        case .topLeft: return .bottomLeft
        case .bottomLeft: return .topLeft
        case .topRight: return .bottomRight
        case .bottomRight: return .topRight
        default: return gravity
        }
    }

    /// Where an image of `size` points lands in `bounds` under `gravity`, in the layer's own
    /// coordinates: as Apple's header says, "bottom" always means minimum y and "top" maximum y
    /// (ruling V3; in iOS's y-down geometry `.top` is the bottom edge on screen).
    static func destination(of size: CGSize, in bounds: CGRect, gravity: CALayerContentsGravity) -> CGRect {
        func placed(_ size: CGSize, x: CGFloat, y: CGFloat) -> CGRect {
            CGRect(
                x: bounds.minX + (bounds.width - size.width) * x,
                y: bounds.minY + (bounds.height - size.height) * y,
                width: size.width, height: size.height)
        }
        switch gravity {
        case .center: return placed(size, x: 0.5, y: 0.5)
        case .top: return placed(size, x: 0.5, y: 1)
        case .bottom: return placed(size, x: 0.5, y: 0)
        case .left: return placed(size, x: 0, y: 0.5)
        case .right: return placed(size, x: 1, y: 0.5)
        case .topLeft: return placed(size, x: 0, y: 1)
        case .topRight: return placed(size, x: 1, y: 1)
        case .bottomLeft: return placed(size, x: 0, y: 0)
        case .bottomRight: return placed(size, x: 1, y: 0)
        case .resizeAspect, .resizeAspectFill:
            guard size.width > 0, size.height > 0 else { return bounds }
            let sx = bounds.width / size.width
            let sy = bounds.height / size.height
            let k = gravity == .resizeAspect ? min(sx, sy) : max(sx, sy)
            return placed(CGSize(width: size.width * k, height: size.height * k), x: 0.5, y: 0.5)
        default:
            return bounds
        }
    }
}
