import CoreGraphics

// The compositor's three stages (ruling V21 in docs/DECISIONS.md):
//
// 1. Build (`RenderPass`, `FrameBuilder`): walks a render tree at the frame's time and writes a
//    `FrameDescription` — targets, clips, scissors, and draw items that name their textures by
//    what they show (an image, an offscreen target, a rasterized layer's bitmap, a window of
//    large contents), never by a GL name. Cairo rasterises layer kinds' content here. No GL call
//    is made, so a frame can be built and inspected without a context.
// 2. Batch (`FrameBatcher`): consecutive draw items that share a program, textures and blend
//    state become one batch, whose state the device sets once.
// 3. Submit (`GLDevice`): the one object that owns GL state (context, framebuffer, programs,
//    textures, offscreen targets) executes the batches, and reports every draw it could not
//    make (a texture that could not be uploaded, a target that could not be created, a program
//    that did not compile) instead of dropping it silently.
//
// Everything in this file is GL-free.

/// A framebuffer a frame draws into.
enum FrameTarget: Hashable {
    /// The renderer's own framebuffer, read by `makeImage()`.
    case output
    /// The offscreen target for group depth n (group opacity, masks, shadows, transitions, blend
    /// modes, rasterization), each the framebuffer's size.
    case offscreen(Int)
}

/// A texture a draw item reads, named by what it shows.
enum TextureSource {
    /// No texture.
    case none
    /// An image's texture (uploaded on first use, kept while drawn), with its filters.
    case image(CGImage, minification: CALayerContentsFilter, magnification: CALayerContentsFilter)
    /// An offscreen target's colour texture, as last drawn this frame.
    case target(Int)
    /// A rasterized layer's cached bitmap.
    case raster(LayerID)
    /// A window of contents too large to upload whole.
    case window(WindowPlan)

    /// Whether this is a texture at all.
    var isSome: Bool {
        if case .none = self { return false }
        return true
    }

    /// Whether `self` and `other` name the same texture (images by identity).
    func isSame(as other: TextureSource) -> Bool {
        switch (self, other) {
        case (.none, .none): return true
        case (.image(let a, let amin, let amag), .image(let b, let bmin, let bmag)):
            return a === b && amin == bmin && amag == bmag
        case (.target(let a), .target(let b)): return a == b
        case (.raster(let a), .raster(let b)): return a == b
        case (.window(let a), .window(let b)): return a.key == b.key && a.source.object === b.source.object
        default: return false
        }
    }
}

/// Which window of large contents a draw reads (ruling V19): chosen by the build stage, made by
/// the device when the one it keeps under `key` is not this one.
struct WindowPlan {
    var key: WindowKey
    var source: WindowedSource
    /// The source's pixels the texture holds.
    var window: PixelWindow
    /// The whole factor the pixels are reduced by.
    var reduction: Int
    var minification: CALayerContentsFilter
    var magnification: CALayerContentsFilter

    /// The texture's size: the window divided by the reduction, rounded up.
    var textureSize: (width: Int, height: Int) {
        ((window.width + reduction - 1) / reduction, (window.height + reduction - 1) / reduction)
    }
}

/// A factor of the blend equation `result = source × s + destination × d`.
enum BlendFactor: UInt8, Hashable {
    case zero, one
    case sourceColor, oneMinusSourceColor, sourceAlpha, oneMinusSourceAlpha
    case destinationColor, oneMinusDestinationColor, destinationAlpha, oneMinusDestinationAlpha
}

/// How a draw's colour is combined with the target's.
struct BlendState: Hashable {
    var source: BlendFactor
    var destination: BlendFactor

    /// Premultiplied source over: the default.
    static let sourceOver = BlendState(source: .one, destination: .oneMinusSourceAlpha)
    /// Added (particles in `additive` render mode).
    static let additive = BlendState(source: .one, destination: .one)
    /// Replaces what is there (a blend mode's shader writes the finished composite).
    static let replace = BlendState(source: .one, destination: .zero)
}

/// A rectangle of framebuffer pixels: x, y from the bottom, as OpenGL counts.
struct PixelRect: Equatable {
    var x: Int32
    var y: Int32
    var width: Int32
    var height: Int32
}

/// One quad a layer program draws: a rectangle in a layer's bounds coordinates through a 4×4
/// matrix, shaded by `mode`.
struct DrawQuad {
    enum Mode: Int32 {
        case fill = 0
        case texture = 1
        case border = 2
        case clip = 3
        /// One pass of a separable Gaussian blur of a texture (shadows).
        case blur = 4
        /// A texture's alpha painted in `color` (shadows).
        case tint = 5
        /// A transition's two pictures (`texture` new, `maskTexture` old, both the framebuffer's
        /// size, sampled at the fragment's pixel) each within its rect (`destRect` new,
        /// `insideRect` old; empty: absent), combined per `transition`, clipped to `bounds`.
        case transition = 6
    }

    var matrix: CATransform3D
    var mode: Mode
    var quad: CGRect
    var bounds: CGRect
    var radii: (CGFloat, CGFloat, CGFloat, CGFloat)
    var color: (Float, Float, Float, Float) = (0, 0, 0, 0)
    var borderWidth: CGFloat = 0
    var destRect = CGRect.zero
    var uvRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    var opacity: Float = 1
    var clipToShape = false
    var texture = TextureSource.none
    var maskTexture = TextureSource.none
    var insideRect: CGRect?
    var blurStep = (Float(0), Float(0))
    var sigma: Float = 1
    var lodBias: Float = 0
    /// Whether the texture, where enlarged, is sampled along a smoothstep between texels rather
    /// than linearly: a layer's `contents` image (ruling V22).
    var sharpensMagnification = false
    var transition = (Float(0), Float(0))
    var warp: TransitionWarp?
    var warpAxis = (Float(0), Float(0))
    var antialiasedEdges: Int32 = 15
    var continuous: ContinuousCorner?

    /// Whether the quad reads its textures (fills, borders and clips read none).
    var readsTextures: Bool { mode != .fill && mode != .border && mode != .clip }
}

/// An analytic shadow of a plain rounded rectangle (RenderPass+AnalyticShadow.swift).
struct ShadowQuad {
    var rect: CGRect
    var radius: CGFloat
    var inner: CGRect
    var innerRadius: CGFloat
    var outerWeight: Float
    var innerWeight: Float
    var sigma: CGFloat
    var color: (Float, Float, Float, Float)
    var matrix: CATransform3D
}

/// A blended layer's group composited onto the backdrop (RenderPass+Blending.swift): with the
/// blend program's `mode` variant (`nil`: the fixed-function variant), reading `source` and, for
/// a mode's shader, `backdrop`.
struct BlendQuad {
    var mode: CGBlendMode?
    var source: TextureSource
    var backdrop: TextureSource
    var matrix: CATransform3D
    var quad: CGRect
}

/// An emitter layer's particles: two triangles each, in runs sharing a texture.
struct ParticleDraw {
    struct Run {
        var texture: TextureSource
        var firstVertex: Int
        var vertexCount: Int
        var lodBias: Float
    }

    /// Floats per vertex: x, y, z, u, v, and the premultiplied colour.
    static let floatsPerVertex = 9

    /// `floatsPerVertex` floats per vertex, six vertices per particle.
    var vertices: [Float]
    var runs: [Run]
    var matrix: CATransform3D
    var opacity: Float
    var clip: (rect: CGRect, radii: (CGFloat, CGFloat, CGFloat, CGFloat))?
}

/// One draw of a frame, with the state it is drawn in.
struct DrawItem {
    enum Shader {
        /// The layer programs (fill, contents, border, clip), chosen per quad.
        case layer(DrawQuad)
        /// The effects program: blur, tint, transitions.
        case effect(DrawQuad)
        case shadow(ShadowQuad)
        case blend(BlendQuad)
        case particles(ParticleDraw)
    }

    var shader: Shader
    /// The premultiplied colour every fragment of a layer program is multiplied by (a replicator
    /// instance's colour); (1, 1, 1, 1) draws unchanged.
    var multiplier: (Float, Float, Float, Float)
    var blend: BlendState
}

/// One step of a frame, in drawing order.
enum FrameCommand {
    /// Draws into `target` from now on; `clear`: cleared to transparent black with a zero stencil
    /// first.
    case bind(FrameTarget, clear: Bool)
    /// Draws from now on where the stencil equals the level (0: everywhere).
    case stencilLevel(Int)
    /// Adds one to the stencil (`increment`) or takes one from it inside the quad's shape, where
    /// it is at the current level, then draws at `newLevel`.
    case clip(DrawQuad, increment: Bool, newLevel: Int)
    /// Limits drawing and clearing to the rectangle (`nil`: no limit).
    case scissor(PixelRect?)
    case draw(DrawItem)
    /// Copies the rectangle of the current target into the same pixels of the offscreen
    /// target's texture (a blend mode's backdrop).
    case copyToTarget(PixelRect, Int)
    /// Copies the current target's bottom-left `width × height` pixels into a new bitmap for the
    /// rasterized layer (replacing its last one).
    case storeRaster(LayerID, width: Int, height: Int)
}

/// A frame as the build stage describes it.
struct FrameDescription {
    var commands: [FrameCommand] = []
    /// Images replaced by others this frame, never drawn again: their textures can go now (and
    /// be refilled by a new image of the same size).
    var releasedImages: [CGImage] = []
    /// Rasterized layers whose bitmaps are no longer kept.
    var droppedRasters: [LayerID] = []

}

// MARK: Outlines

/// A frame's description as text, one line per command (for tests and debugging): what is
/// bound, clipped and drawn, with which program and which texture, in order, as the build stage
/// describes it (before occlusion culling).
package struct FrameOutline: CustomStringConvertible {
    /// One line per command, in order.
    package let steps: [String]
    /// How many batches the frame's draw items fall into (`FrameBatcher`).
    package let batchCount: Int
    /// How many draw items the frame's batches hold: those occlusion culling left (ruling V25).
    package let drawCount: Int
    /// How many draw items occlusion culling dropped and cut; `steps` still lists them.
    package let occlusion: OcclusionCounts

    package var description: String { steps.joined(separator: "\n") }
}

extension FrameCommand {
    /// The command as one line of a `FrameOutline`.
    var outlineLine: String {
        switch self {
        case .bind(let target, let clear): return "bind \(target.outlineName)\(clear ? ", cleared" : "")"
        case .stencilLevel(let level): return "stencil \(level)"
        case .clip(_, let increment, let level): return "clip \(increment ? "+1" : "-1") to \(level)"
        case .scissor(let rect):
            return rect.map { "scissor \($0.x) \($0.y) \($0.width) \($0.height)" } ?? "scissor off"
        case .copyToTarget(_, let depth): return "copy to offscreen \(depth)"
        case .storeRaster(_, let width, let height): return "store raster \(width)x\(height)"
        case .draw(let item):
            switch item.shader {
            case .layer(let quad):
                let texture = quad.readsTextures ? quad.texture.outlineName : nil
                return "draw \(quad.mode.outlineName)" + (texture.map { " from \($0)" } ?? "")
            case .effect(let quad): return "draw \(quad.mode.outlineName) from \(quad.texture.outlineName)"
            case .shadow: return "draw analytic shadow"
            case .blend(let blend):
                return "draw blend \(blend.mode.map { String(describing: $0) } ?? "fixed") from "
                    + blend.source.outlineName
            case .particles(let particles): return "draw particles in \(particles.runs.count) runs"
            }
        }
    }
}

extension FrameTarget {
    fileprivate var outlineName: String {
        switch self {
        case .output: return "output"
        case .offscreen(let depth): return "offscreen \(depth)"
        }
    }
}

extension TextureSource {
    fileprivate var outlineName: String {
        switch self {
        case .none: return "nothing"
        case .image(let image, _, _): return "image \(image.width)x\(image.height)"
        case .target(let depth): return "offscreen \(depth)"
        case .raster: return "raster"
        case .window(let plan): return "window \(plan.window.width)x\(plan.window.height)"
        }
    }
}

extension DrawQuad.Mode {
    fileprivate var outlineName: String {
        switch self {
        case .fill: return "fill"
        case .texture: return "texture"
        case .border: return "border"
        case .clip: return "clip"
        case .blur: return "blur"
        case .tint: return "tint"
        case .transition: return "transition"
        }
    }
}
