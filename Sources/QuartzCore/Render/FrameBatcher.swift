import CoreGraphics

/// One compiled variant of the layer programs (LayerProgram.swift): the mode, whether the quad
/// needs no coverage at all (`plain`), continuous corners, a colour multiplier, and whether an
/// enlarged texture is sampled along a smoothstep (`sharp`: contents images, ruling V22).
struct LayerVariant: Hashable {
    var mode: Int32
    var plain: Bool
    var continuous: Bool
    var multiplied: Bool
    var sharp = false
}

/// The program a batch draws with.
enum ProgramKey: Hashable {
    case layer(LayerVariant)
    /// The effects program, or its transition warp variant.
    case effect(TransitionWarp?)
    case shadow
    /// The blend program's variant for a mode (`nil`: the fixed-function variant).
    case blend(CGBlendMode?)
    case particles
}

/// Consecutive draws sharing a program, textures, blend state and colour multiplier: the device
/// sets that state once and draws each item with its own uniforms.
struct DrawBatch {
    var program: ProgramKey
    var texture: TextureSource
    var mask: TextureSource
    var blend: BlendState
    var multiplier: (Float, Float, Float, Float)
    var items: [DrawItem.Shader]
}

/// A frame as the device executes it: state commands and batches of draws, in order.
enum BatchedCommand {
    /// A command other than a draw.
    case command(FrameCommand)
    case draws(DrawBatch)
    /// Binds the target and clears it to the premultiplied colour: a cleared bind followed by a
    /// fill of the whole target, folded into one clear.
    case bindClearing(FrameTarget, color: (Float, Float, Float, Float))
}

/// The compositor's batch stage (ruling V21): groups a frame's consecutive draw items by program,
/// textures, blend state and multiplier, in drawing order (nothing is reordered: layers are
/// composited back to front, and blending depends on the order). Commands that change nothing
/// — binding the target already bound without clearing, setting the stencil level in force —
/// are dropped, so they do not split batches. A plain fill of the whole target drawn first after
/// the target is cleared (a root's opaque background) becomes the clear's colour: source-over
/// onto transparent black is the source itself. GL-free.
enum FrameBatcher {
    /// The batches of `frame`, drawn into targets of `viewport` pixels.
    static func batches(of frame: FrameDescription, viewport: (width: Int, height: Int)) -> [BatchedCommand] {
        var result: [BatchedCommand] = []
        result.reserveCapacity(frame.commands.count)
        var open: DrawBatch?
        var target: FrameTarget?
        var stencilLevel = -1
        var scissored = false
        /// Where the last command was a cleared bind with nothing drawn since: its index in
        /// `result`.
        var clearedBind: Int?
        func close() {
            if let batch = open { result.append(.draws(batch)) }
            open = nil
        }
        for command in frame.commands {
            // Only a stencil level may come between a cleared bind and the fill folded into it.
            defer { if !command.keepsTargetCleared { clearedBind = nil } }
            switch command {
            case .draw(let item):
                if let index = clearedBind, !scissored, stencilLevel <= 0, let target,
                    let color = clearColor(of: item, viewport: viewport)
                {
                    result[index] = .bindClearing(target, color: color)
                    continue
                }
                let (program, texture, mask) = key(of: item, viewport: viewport)
                let joins =
                    open.map {
                        $0.program == program && $0.blend == item.blend && $0.multiplier == item.multiplier
                            && $0.texture.isSame(as: texture) && $0.mask.isSame(as: mask)
                    } ?? false
                if joins {
                    // Appended in place: no copy of the batch's items is alive here.
                    open!.items.append(item.shader)
                    continue
                }
                close()
                open = DrawBatch(
                    program: program, texture: texture, mask: mask, blend: item.blend,
                    multiplier: item.multiplier, items: [item.shader])
            case .bind(let bound, let clear):
                if !clear, bound == target { continue }
                close()
                target = bound
                // A bind leaves the stencil test as it was; the level is set again after it.
                stencilLevel = -1
                result.append(.command(command))
                if clear { clearedBind = result.count - 1 }
            case .stencilLevel(let level):
                if level == stencilLevel { continue }
                close()
                stencilLevel = level
                result.append(.command(command))
            case .clip(_, _, let newLevel):
                close()
                stencilLevel = newLevel
                result.append(.command(command))
            case .scissor(let rect):
                close()
                scissored = rect != nil
                result.append(.command(command))
            default:
                close()
                result.append(.command(command))
            }
        }
        close()
        return result
    }

    /// How many batches `batches` holds, and how many draw items they hold in all.
    static func counts(of batches: [BatchedCommand]) -> (batches: Int, draws: Int) {
        var counts = (batches: 0, draws: 0)
        for case .draws(let batch) in batches {
            counts.batches += 1
            counts.draws += batch.items.count
        }
        return counts
    }

    /// The colour `item` leaves on a transparent target when it is a plain fill of all of it in
    /// source-over, unmultiplied; `nil` otherwise.
    private static func clearColor(of item: DrawItem, viewport: (width: Int, height: Int)) -> (
        Float, Float, Float, Float
    )? {
        guard case .layer(let quad) = item.shader, quad.mode == .fill, item.blend == .sourceOver,
            item.multiplier == (1, 1, 1, 1), quad.isPlain(viewport: viewport), quad.covers(viewport: viewport)
        else { return nil }
        let o = quad.opacity
        let c = (quad.color.0 * o, quad.color.1 * o, quad.color.2 * o, quad.color.3 * o)
        guard c.0.isFinite, c.1.isFinite, c.2.isFinite, c.3.isFinite else { return nil }
        return c
    }

    /// The program and textures `item` draws with.
    static func key(of item: DrawItem, viewport: (width: Int, height: Int)) -> (
        ProgramKey, TextureSource, TextureSource
    ) {
        switch item.shader {
        case .layer(let quad):
            let plain = quad.isPlain(viewport: viewport)
            let variant = LayerVariant(
                mode: quad.mode.rawValue, plain: plain, continuous: !plain && quad.continuous != nil,
                multiplied: item.multiplier != (1, 1, 1, 1),
                sharp: quad.mode == .texture && quad.sharpensMagnification
                    && quad.mayEnlargeTexture(viewport: viewport))
            return quad.readsTextures
                ? (.layer(variant), quad.texture, quad.maskTexture) : (.layer(variant), .none, .none)
        case .effect(let quad):
            return (.effect(quad.warp), quad.texture, quad.maskTexture)
        case .shadow:
            return (.shadow, .none, .none)
        case .blend(let blend):
            return (.blend(blend.mode), blend.source, blend.backdrop)
        case .particles:
            // Each particle draw binds its runs' textures itself.
            return (.particles, .none, .none)
        }
    }
}

extension FrameCommand {
    /// Whether the target bound is still as cleared after this command: true of a cleared bind
    /// and of a stencil level (which draws nothing).
    fileprivate var keepsTargetCleared: Bool {
        switch self {
        case .bind(_, let clear): return clear
        case .stencilLevel: return true
        default: return false
        }
    }
}

extension DrawQuad {
    /// Whether the quad, projected without perspective or rotation, covers every pixel of a
    /// target of `viewport` pixels.
    func covers(viewport: (width: Int, height: Int)) -> Bool {
        guard let (x0, x1, y0, y1) = pixelEdges(viewport: viewport) else { return false }
        let (width, height) = (CGFloat(viewport.width), CGFloat(viewport.height))
        let tolerance: CGFloat = 1e-3
        return min(x0, x1) <= tolerance && max(x0, x1) >= width - tolerance && min(y0, y1) <= tolerance
            && max(y0, y1) >= height - tolerance
    }

    /// Whether every pixel of the quad is wholly covered in a target of `viewport` pixels, so that
    /// it can be drawn with no coverage at all: a fill or an unmasked texture, nothing rounded, and
    /// either hard edges (any matrix) or a 2D scale and translation (no rotation, no perspective)
    /// that puts the quad's edges on pixel boundaries, the quad within the shape whose edges would
    /// be anti-aliased, and no mipmap bias.
    func isPlain(viewport: (width: Int, height: Int)) -> Bool {
        switch mode {
        case .fill:
            guard radii == (0, 0, 0, 0), quad == bounds else { return false }
        case .texture:
            guard !maskTexture.isSome, lodBias == 0 || !lodBias.isFinite,
                !clipToShape || radii == (0, 0, 0, 0),
                (insideRect ?? destRect).holds(quad)
            else { return false }
        default:
            return false
        }
        // With hard edges a fragment of the quad is wholly covered wherever the quad lies.
        if antialiasedEdges == 0 { return true }
        guard let (x0, x1, y0, y1) = pixelEdges(viewport: viewport) else { return false }
        func onPixelBoundary(_ value: CGFloat) -> Bool {
            value.isFinite && abs(value - value.rounded()) < 1e-3
        }
        return onPixelBoundary(x0) && onPixelBoundary(x1) && onPixelBoundary(y0) && onPixelBoundary(y1)
    }

    /// Whether the quad's texture may show enlarged, at less than a texel per pixel along both
    /// axes, somewhere in a target of `viewport` pixels, so that it needs the sharpening variant
    /// (ruling V22). `false` only for a whole image under a 2D matrix (no perspective) whose
    /// texel footprint, constant over the quad, is at least one texel per pixel along an axis:
    /// there the sharpening variant samples exactly as the plain one (its test, `fwidth` of the
    /// texel position ≥ 0.999, passes everywhere), and skipping its second texture read and
    /// footprint arithmetic roughly halves llvmpipe's cost per pixel of an image.
    func mayEnlargeTexture(viewport: (width: Int, height: Int)) -> Bool {
        guard case .image(let image, _, _) = texture,
            let footprint = TextureFootprint.of(
                matrix: matrix, viewport: viewport, destRect: destRect, uvRect: uvRect,
                textureSize: CGSize(width: image.width, height: image.height))
        else { return true }
        return !(max(footprint.width, footprint.height) >= 1)
    }

    /// Where the quad's left, right, top and bottom edges land in a target of `viewport` pixels
    /// (pixels from the target's left and bottom); `nil` under a rotation or perspective.
    func pixelEdges(viewport: (width: Int, height: Int)) -> (
        CGFloat, CGFloat, CGFloat, CGFloat
    )? {
        let m = matrix
        guard m.m12 == 0, m.m21 == 0, m.m14 == 0, m.m24 == 0, m.m44 > 0 else { return nil }
        let (width, height) = (CGFloat(viewport.width), CGFloat(viewport.height))
        return (
            ((quad.minX * m.m11 + m.m41) / m.m44 + 1) / 2 * width,
            ((quad.maxX * m.m11 + m.m41) / m.m44 + 1) / 2 * width,
            ((quad.minY * m.m22 + m.m42) / m.m44 + 1) / 2 * height,
            ((quad.maxY * m.m22 + m.m42) / m.m44 + 1) / 2 * height
        )
    }
}

/// The texel footprint of a texture drawn over a quad: what GLSL's `fwidth` of the texel
/// position gives, per axis, where a texture is mapped from `uvRect` (normalised) onto
/// `destRect` (layer coordinates) and the layer drawn through `matrix` into a target of
/// `viewport` pixels.
package enum TextureFootprint {
    /// `fwidth` of the texel position along x and y (texels per pixel: below 1 where the texture
    /// shows enlarged), constant over the quad under a 2D matrix; `nil` under perspective (it
    /// varies), for a degenerate matrix or rect, or for values that are not finite.
    package static func of(
        matrix m: CATransform3D, viewport: (width: Int, height: Int), destRect: CGRect, uvRect: CGRect,
        textureSize: CGSize
    ) -> CGSize? {
        guard m.m14 == 0, m.m24 == 0, m.m44 > 0, m.m44.isFinite, destRect.width > 0, destRect.height > 0
        else { return nil }
        // Target pixels per layer unit (the Jacobian of layer → pixels) and texels per layer unit.
        let halfWidth = CGFloat(viewport.width) / 2 / m.m44
        let halfHeight = CGFloat(viewport.height) / 2 / m.m44
        let (j11, j12) = (m.m11 * halfWidth, m.m21 * halfWidth)  // d pixel x / d (x, y)
        let (j21, j22) = (m.m12 * halfHeight, m.m22 * halfHeight)  // d pixel y / d (x, y)
        let determinant = j11 * j22 - j12 * j21
        let kx = uvRect.width * textureSize.width / destRect.width
        let ky = uvRect.height * textureSize.height / destRect.height
        guard determinant != 0, determinant.isFinite, kx.isFinite, ky.isFinite else { return nil }
        // |d texel / d pixel x| + |d texel / d pixel y|, through the inverse Jacobian.
        let x = abs(kx) * (abs(j22) + abs(j12)) / abs(determinant)
        let y = abs(ky) * (abs(j21) + abs(j11)) / abs(determinant)
        return x.isFinite && y.isFinite ? CGSize(width: x, height: y) : nil
    }
}

extension CGRect {
    /// Whether `rect` lies within `self`, each edge allowed a billionth of the larger side beyond
    /// (`contains(_:)` compares a recomputed intersection, which a rounding of `maxX` or `maxY`
    /// can make differ from `rect` itself: an image aspect-filled at y = −18.67 and drawn whole was
    /// not found inside its own rect).
    func holds(_ rect: CGRect) -> Bool {
        let slack = 1e-9 * max(abs(width), abs(height), 1)
        return rect.minX >= minX - slack && rect.maxX <= maxX + slack && rect.minY >= minY - slack
            && rect.maxY <= maxY + slack
    }
}
