import CoreGraphics

/// The compositor's build stage (ruling V21): what a renderer keeps from frame to frame to
/// describe its frames — presentation buffers, layer kinds' content images, rasterized layers'
/// bitmap records, windows of large contents — and the frame being described. GL-free: the
/// frames it builds are submitted by a `GLDevice`, and can be built and inspected without one.
///
/// `RenderPass` walks a render tree and writes into it; the pass is a value copied per tree
/// level, so what must outlive one level lives here.
package final class FrameBuilder {
    /// The target's size in pixels (every target a frame draws into has it).
    let pixelWidth: Int
    let pixelHeight: Int
    /// Pixels per point of the target.
    let scale: CGFloat
    /// The longest side of a texture the device makes (ruling V19).
    let maximumTextureSide: Int
    /// Draw the model values, ignoring animations (`render(in:)`).
    var usesModelValues = false
    /// A root drawn in its own bounds coordinates rather than placed by its position and
    /// transform (`render(in:)`).
    var ownSpaceRootID: LayerID?
    /// Whether plain rounded rectangles cast analytic shadows (tests turn it off to compare with
    /// the general path).
    var usesAnalyticShadows = true
    /// The layer being drawn into its own group by `RenderPass.drawIfBlended`, which draws it
    /// there as if it had no `compositingFilter` (kept here rather than in the pass, whose copies
    /// the recursive drawing functions hold per tree level).
    var unblendedLayer: LayerID?
    /// Frames built so far.
    private(set) var frameCount = 0
    /// How many times a rasterized layer's bitmap has been drawn (not reused), for tests of the
    /// cache.
    var rasterizationCount = 0
    /// Per-layer presentation buffers kept across frames, by layer identity (never by address:
    /// a freed layer's address is reused, its identity never).
    var buffers: [LayerID: PresentationBuffer] = [:]
    /// Per-layer caches of layer kinds' content images (shape, gradient, text), kept across frames.
    var contentCaches: [LayerID: ContentCache] = [:]
    /// What each rasterized layer's bitmap shows, by layer; the bitmaps themselves are the
    /// device's. Dropped when a layer has not been drawn for a few frames.
    var rasterCaches: [LayerID: RasterCache] = [:]
    /// The windows of large contents last planned, by layer and slot (RenderPass+WindowedContents.swift).
    var windows: [WindowKey: WindowPlan] = [:]
    /// When each window was last drawn.
    private var windowFrames: [WindowKey: Int] = [:]
    /// Rasterised `shadowPath`s, by path, reused while the path is drawn at about the same scale
    /// and the image covers what is visible.
    private var shadowPathImages:
        [ObjectIdentifier: (path: CGPath, plan: RasterPlan, image: CGImage, rect: CGRect)] = [:]

    /// The frame being described.
    private(set) var frame = FrameDescription()
    /// The target drawn into.
    private(set) var currentTarget = FrameTarget.output
    /// The premultiplied colour the layer programs' fragments are multiplied by from now on (a
    /// replicator instance's colour, RenderPass+Replicator.swift).
    var multiplier: (Float, Float, Float, Float) = (1, 1, 1, 1)
    /// How draws are blended from now on.
    var blend = BlendState.sourceOver
    /// The scissor in force (`nil`: none).
    private(set) var scissor: PixelRect?

    /// The most offscreen targets one frame nests (groups, masks, shadows, transitions; ruling
    /// V17): each is a framebuffer-sized texture, so a chain of thousands of masks would otherwise
    /// take all memory (and the stack, each level drawing the next).
    static let maximumGroupDepth = 16

    init(pixelWidth: Int, pixelHeight: Int, scale: CGFloat, maximumTextureSide: Int) {
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.scale = scale
        self.maximumTextureSide = maximumTextureSide
    }

    /// A builder for a target of `size` points at `scale` pixels per point, with no GL behind it:
    /// its frames can be described (`outline`) but not drawn. The texture limit is the smallest
    /// any driver has (2048).
    package convenience init(size: CGSize, scale: CGFloat = 1) {
        self.init(
            pixelWidth: Int((size.width * scale).rounded(.up)),
            pixelHeight: Int((size.height * scale).rounded(.up)),
            scale: scale, maximumTextureSide: 2048)
        self.size = size
    }

    /// The size in points the root's parent space maps onto (`outline`).
    private var size = CGSize.zero

    /// Describes the frame that draws the render tree `root` at media time `time` over
    /// `(0, 0, size)`, as a renderer of this size would, and outlines it. No GL is involved.
    package func outline(of root: RenderLayer?, atTime time: CFTimeInterval) -> FrameOutline {
        let frame = build(
            root, atTime: time, worldToClip: Self.worldToClip(CGRect(origin: .zero, size: size)))
        var visible = frame
        let occlusion = FrameBatcher.cullOccludedDraws(in: &visible, viewport: (pixelWidth, pixelHeight))
        let counts = FrameBatcher.counts(
            of: FrameBatcher.batches(of: visible, viewport: (pixelWidth, pixelHeight)))
        return FrameOutline(
            steps: frame.commands.map(\.outlineLine), batchCount: counts.batches, drawCount: counts.draws,
            occlusion: occlusion)
    }

    /// Maps the root's parent space (points) to clip space: `bounds` onto the target, y down, and
    /// every depth onto the plane z = 0 (the root flattens into the screen).
    static func worldToClip(_ bounds: CGRect) -> CATransform3D {
        var m = CATransform3DMakeTranslation(-bounds.minX, -bounds.minY, 0)
        m = CATransform3DConcat(m, CATransform3DMakeScale(2 / bounds.width, -2 / bounds.height, 0))
        return CATransform3DConcat(m, CATransform3DMakeTranslation(-1, 1, 0))
    }

    /// Describes the frame that draws `root` at media time `time` through `worldToClip` into the
    /// output target (cleared first), and ends the frame's bookkeeping.
    func build(_ root: RenderLayer?, atTime time: CFTimeInterval, worldToClip: CATransform3D)
        -> FrameDescription
    {
        frame = FrameDescription()
        currentTarget = .output
        multiplier = (1, 1, 1, 1)
        blend = .sourceOver
        scissor = nil
        record(.bind(.output, clear: true))
        if let root {
            var pass = RenderPass(builder: self, time: time, worldToClip: worldToClip)
            pass.draw(root, parentMatrix: worldToClip, parentState: nil, opacity: 1, stencilLevel: 0)
        }
        endFrame()
        let built = frame
        frame = FrameDescription()
        return built
    }

    // MARK: Recording

    /// Appends `command` to the frame.
    func record(_ command: FrameCommand) {
        frame.commands.append(command)
    }

    /// Draws `quad` with the layer programs, in the current multiplier and blend state.
    func draw(_ quad: DrawQuad) {
        record(.draw(DrawItem(shader: .layer(quad), multiplier: multiplier, blend: blend)))
    }

    /// Draws `quad` with the effects program (blur, tint, transitions).
    func drawEffect(_ quad: DrawQuad) {
        record(.draw(DrawItem(shader: .effect(quad), multiplier: (1, 1, 1, 1), blend: blend)))
    }

    /// Draws a shader other than the layer programs, unmultiplied.
    func draw(_ shader: DrawItem.Shader) {
        record(.draw(DrawItem(shader: shader, multiplier: (1, 1, 1, 1), blend: blend)))
    }

    /// Draws into `target` from now on, cleared first when `clear`; the stencil level is reset
    /// to 0.
    func bind(_ target: FrameTarget, clear: Bool) {
        currentTarget = target
        record(.bind(target, clear: clear))
        record(.stencilLevel(0))
    }

    /// Limits drawing and clearing to `rect` (`nil`: no limit).
    func setScissor(_ rect: PixelRect?) {
        guard rect != scissor else { return }
        scissor = rect
        record(.scissor(rect))
    }

    /// The offscreen target for group depth `depth`; `nil` (and reported) past
    /// `maximumGroupDepth`, in which case the group is drawn without grouping.
    func offscreenTarget(depth: Int) -> Int? {
        guard depth < Self.maximumGroupDepth else {
            CompatibilityWarnings.report(
                "CARenderer: groups, masks and shadows nested deeper than \(Self.maximumGroupDepth) "
                    + "levels are drawn ungrouped and unmasked")
            return nil
        }
        return depth
    }

    // MARK: Content

    /// A layer kind's content image as presented with `state`, as much of it as `request`
    /// plans, from the layer's content cache.
    func ownContents(of id: LayerID, _ kind: any LayerKindValues, state: LayerState, request: RasterRequest)
        -> (image: CGImage, rect: CGRect)?
    {
        var entry = contentCaches.removeValue(forKey: id) ?? ContentCache()
        defer {
            entry.lastUsedFrame = frameCount
            contentCaches[id] = entry
        }
        let contents = kind.ownContents(state: state, request: request, cache: &entry.cache)
        // An image replaced by another is never drawn again: its texture goes at once.
        if let image = contents?.image, let last = entry.image, last !== image {
            frame.releasedImages.append(last)
        }
        if let image = contents?.image { entry.image = image }
        return contents
    }

    /// `path` filled in opaque black at about `request.scale` pixels per point, as much of it as
    /// the request plans (the whole path within 2048 × 2048 pixels, stretched over its bounding
    /// box, else the visible window; ruling V19), and the rectangle of layer coordinates the image
    /// covers; cached per path object.
    func shadowPathImage(_ path: CGPath, request: RasterRequest) -> (image: CGImage, rect: CGRect)? {
        let id = ObjectIdentifier(path)
        let box = path.boundingBoxOfPath
        let covered = { (_: CGFloat) in box }
        if let cached = shadowPathImages[id], cached.path === path,
            abs(cached.plan.requestedScale - request.scale) < 0.01,
            request.at(scale: cached.plan.requestedScale).reuses(cached.plan, covered: covered)
        {
            return (cached.image, cached.rect)
        }
        guard let plan = request.plan(grid: box.origin, covered: covered) else { return nil }
        let (width, height) = plan.pixelSize
        guard let context = CGContext.topDownBitmap(width: width, height: height) else { return nil }
        // Layer coordinates (y down) onto the bitmap: a whole image fills it with the box, a
        // window maps pixel for pixel.
        let rect = plan.isWhole ? box : plan.rect
        context.scaleBy(x: CGFloat(width) / rect.width, y: CGFloat(height) / rect.height)
        context.translateBy(x: -rect.minX, y: -rect.minY)
        context.addPath(path)
        context.setFillColor(CGColor(gray: 0, alpha: 1))
        context.fillPath()
        guard let image = context.makeImageTakingMemory() else { return nil }
        shadowPathImages[id] = (path, plan, image, rect)
        return (image, rect)
    }

    /// The window of `source` to draw under `key`: the last one planned there while it is the
    /// same source's, at `reduction`, and covers `needed`; else `preferred` (which contains
    /// `needed`).
    func windowPlan(
        for source: WindowedSource, key: WindowKey, needed: PixelWindow, preferred: PixelWindow,
        reduction: Int, minification: CALayerContentsFilter, magnification: CALayerContentsFilter
    ) -> WindowPlan {
        windowFrames[key] = frameCount
        if var last = windows[key], last.source.object === source.object, last.reduction == reduction,
            last.window.contains(needed)
        {
            last.minification = minification
            last.magnification = magnification
            windows[key] = last
            return last
        }
        let plan = WindowPlan(
            key: key, source: source, window: preferred, reduction: reduction, minification: minification,
            magnification: magnification)
        windows[key] = plan
        return plan
    }

    /// Ends a frame's bookkeeping: raster records and windows of layers no longer drawn are
    /// dropped (their bitmaps named in the frame, for the device to free), and presentation
    /// buffers and content caches unused for 30 frames (checked every 30).
    private func endFrame() {
        for (id, cache) in rasterCaches where frameCount - cache.lastUsedFrame > 3 {
            rasterCaches[id] = nil
            frame.droppedRasters.append(id)
        }
        // Windows are large: the device drops one not drawn in the frame just ended at once.
        for (key, drawn) in windowFrames where drawn < frameCount {
            windows[key] = nil
            windowFrames[key] = nil
        }
        if frameCount % 30 == 0 {
            buffers = buffers.filter { frameCount - $0.value.lastUsedFrame <= 30 }
            contentCaches = contentCaches.filter { frameCount - $0.value.lastUsedFrame <= 30 }
        }
        frameCount += 1
    }
}

/// A layer's presented values kept from frame to frame, with the node they were synchronised
/// from.
struct PresentationBuffer {
    var values: PresentedValues
    var serial: UInt64
    var lastUsedFrame: Int
}

/// A layer kind's last content image (the kind's own cache value) and when it was last drawn.
struct ContentCache {
    var cache: Any?
    /// The image last drawn from it.
    var image: CGImage?
    var lastUsedFrame = 0
}
