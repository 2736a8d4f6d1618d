import CoreGraphics

/// How many of a frame's draws occlusion culling dropped or cut (ruling V25).
package struct OcclusionCounts: Equatable, Sendable {
    /// Layer draws not made at all: every pixel they could touch is drawn over, opaquely, later in
    /// the same run of draws.
    package var culled = 0
    /// Layer draws made within a scissor that leaves out the part drawn over later.
    package var cut = 0

    package init(culled: Int = 0, cut: Int = 0) {
        self.culled = culled
        self.cut = cut
    }
}

extension FrameBatcher {
    /// The least number of pixels a cut must save: below it, the scissor commands around the draw
    /// (which split batches) cost more than the pixels they spare.
    static let minimumCutPixels = 1 << 14

    /// The covers a run remembers at most (the largest are kept): bounds the work per draw.
    static let maximumCovers = 4

    /// Occlusion culling (ruling V25): drops the layer draws of `frame` whose pixels a later draw
    /// of the same run covers opaquely, and limits those a cover hides most of to the rest (a
    /// scissor around the draw, so that the pixels it still draws are exactly as before).
    ///
    /// A run is a stretch of consecutive draw commands: every one of them goes to the same target
    /// with the same stencil level and scissor, and no command between them reads the target,
    /// so a pixel a later draw writes opaquely shows nothing any earlier draw of the run left
    /// there. A cover is a plain layer draw (`isPlain`: no coverage, no mask) under a 2D matrix
    /// with neither rotation nor perspective nor depth outside the clip volume, in source-over,
    /// unmultiplied, at opacity 1, of a colour with alpha 1 or an image opaque in every pixel
    /// (`CGImage.isOpaqueInEveryPixel`); it covers the pixels whose centres lie inside its quad by
    /// at least 1/16 pixel. Only layer draws are dropped or cut; the pixels of the frame are those
    /// drawn without culling.
    ///
    /// - Returns: How many draws were dropped and cut.
    /// - Complexity: O(n) in the number of commands (each draw is compared with at most
    ///   `maximumCovers` covers).
    static func cullOccludedDraws(in frame: inout FrameDescription, viewport: (width: Int, height: Int))
        -> OcclusionCounts
    {
        var counts = OcclusionCounts()
        var fates: [DrawFate] = Array(repeating: .drawn, count: frame.commands.count)
        var runEnd = frame.commands.count
        for index in frame.commands.indices.reversed() {
            guard frame.commands[index].isDraw else {
                runEnd = index
                continue
            }
            // At the run's first draw: decide its draws, last first.
            if index == 0 || !frame.commands[index - 1].isDraw {
                decide(frame.commands[index..<runEnd], viewport: viewport, into: &fates)
            }
        }
        guard fates.contains(where: { $0 != .drawn }) else { return counts }
        var commands: [FrameCommand] = []
        commands.reserveCapacity(frame.commands.count + 8)
        var scissor: PixelRect?
        for (command, fate) in zip(frame.commands, fates) {
            if case .scissor(let rect) = command { scissor = rect }
            switch fate {
            case .drawn:
                commands.append(command)
            case .culled:
                counts.culled += 1
            case .cut(let rest):
                guard let limited = rest.intersection(scissor) else {
                    counts.culled += 1
                    continue
                }
                counts.cut += 1
                commands.append(.scissor(limited))
                commands.append(command)
                commands.append(.scissor(scissor))
            }
        }
        frame.commands = commands
        return counts
    }

    /// What becomes of one draw command.
    private enum DrawFate: Equatable {
        case drawn
        case culled
        /// Drawn only within these pixels.
        case cut(PixelRect)
    }

    /// Decides the fate of each draw of one run, last first: a draw is culled when a cover drawn
    /// after it holds all its pixels, cut when covers leave a rectangle of them at least
    /// `minimumCutPixels` smaller.
    private static func decide(
        _ run: ArraySlice<FrameCommand>, viewport: (width: Int, height: Int), into fates: inout [DrawFate]
    ) {
        var covers: [PixelRect] = []
        for index in run.indices.reversed() {
            guard case .draw(let item) = run[index], case .layer(let quad) = item.shader else { continue }
            if !covers.isEmpty, let touched = quad.touchedPixels(viewport: viewport) {
                var rest = touched
                for cover in covers {
                    guard let left = rest.subtracting(cover) else {
                        fates[index] = .culled
                        break
                    }
                    rest = left
                }
                if fates[index] == .drawn, rest.area + minimumCutPixels <= touched.area {
                    fates[index] = .cut(rest)
                }
            }
            if let cover = coveredPixels(by: item, viewport: viewport) {
                covers.append(cover)
                if covers.count > maximumCovers {
                    covers.remove(at: covers.indices.min { covers[$0].area < covers[$1].area }!)
                }
            }
        }
    }

    /// The pixels `item` writes opaquely, whatever was there (a cover, above); `nil` when it is
    /// not a cover or covers nothing.
    static func coveredPixels(by item: DrawItem, viewport: (width: Int, height: Int)) -> PixelRect? {
        guard case .layer(let quad) = item.shader, item.blend == .sourceOver,
            item.multiplier == (1, 1, 1, 1), quad.opacity == 1, quad.isPlain(viewport: viewport)
        else { return nil }
        switch quad.mode {
        case .fill:
            guard quad.color.3 == 1 else { return nil }
        case .texture:
            guard case .image(let image, _, _) = quad.texture, image.isOpaqueInEveryPixel else { return nil }
        default:
            return nil
        }
        return quad.coveredPixels(viewport: viewport)
    }
}

extension FrameCommand {
    fileprivate var isDraw: Bool {
        if case .draw = self { return true }
        return false
    }
}

extension DrawQuad {
    /// How far beyond the target a quad's pixel edges may lie for it to count as a cover: farther
    /// out, the rasteriser's clipping and fixed-point arithmetic are not relied on.
    private static let coverReach: CGFloat = 16384

    /// The pixels whose centres lie inside the quad by at least 1/16 pixel, within a target of
    /// `viewport` pixels, when the quad is placed by a 2D scale and translation (no rotation, no
    /// perspective) at depth 0 of the clip volume's; `nil` otherwise or when there are none. The
    /// rasteriser draws every one of them, whatever its rule for centres on an edge.
    func coveredPixels(viewport: (width: Int, height: Int)) -> PixelRect? {
        let m = matrix
        guard m.m12 == 0, m.m21 == 0, m.m14 == 0, m.m24 == 0, m.m13 == 0, m.m23 == 0, m.m44 > 0,
            m.m44.isFinite, abs(m.m43) < m.m44
        else { return nil }
        let (width, height) = (CGFloat(viewport.width), CGFloat(viewport.height))
        let x0 = ((quad.minX * m.m11 + m.m41) / m.m44 + 1) / 2 * width
        let x1 = ((quad.maxX * m.m11 + m.m41) / m.m44 + 1) / 2 * width
        let y0 = ((quad.minY * m.m22 + m.m42) / m.m44 + 1) / 2 * height
        let y1 = ((quad.maxY * m.m22 + m.m42) / m.m44 + 1) / 2 * height
        let reach = (-Self.coverReach)...(Self.coverReach + max(width, height))
        guard reach.contains(x0), reach.contains(x1), reach.contains(y0), reach.contains(y1) else {
            return nil
        }
        // Pixel i's centre is i + 0.5: inside by 1/16 when min + 1/16 ≤ i + 0.5 ≤ max − 1/16.
        let margin: CGFloat = 1.0 / 16
        let left = max(Int((min(x0, x1) - 0.5 + margin).rounded(.up)), 0)
        let right = min(Int((max(x0, x1) - 0.5 - margin).rounded(.down)) + 1, viewport.width)
        let bottom = max(Int((min(y0, y1) - 0.5 + margin).rounded(.up)), 0)
        let top = min(Int((max(y0, y1) - 0.5 - margin).rounded(.down)) + 1, viewport.height)
        guard left < right, bottom < top else { return nil }
        return PixelRect(
            x: Int32(left), y: Int32(bottom), width: Int32(right - left), height: Int32(top - bottom))
    }

    /// Every pixel of a target of `viewport` pixels that the quad can touch: the pixels its
    /// projected corners' bounding box meets, within the target; `nil` when a corner is behind
    /// the eye or not finite (nothing is then assumed), or when it touches none.
    func touchedPixels(viewport: (width: Int, height: Int)) -> PixelRect? {
        let (width, height) = (CGFloat(viewport.width), CGFloat(viewport.height))
        var (minX, minY) = (CGFloat.infinity, CGFloat.infinity)
        var (maxX, maxY) = (-CGFloat.infinity, -CGFloat.infinity)
        func include(_ x: CGFloat, _ y: CGFloat) -> Bool {
            let (clip, w) = matrix.project(CGPoint(x: x, y: y))
            let (px, py) = ((clip.x + 1) / 2 * width, (clip.y + 1) / 2 * height)
            guard w > 0, px.isFinite, py.isFinite else { return false }
            (minX, maxX) = (min(minX, px), max(maxX, px))
            (minY, maxY) = (min(minY, py), max(maxY, py))
            return true
        }
        guard include(quad.minX, quad.minY), include(quad.maxX, quad.minY), include(quad.minX, quad.maxY),
            include(quad.maxX, quad.maxY)
        else { return nil }
        let left = Int(max(minX, 0).rounded(.down))
        let right = Int(min(maxX, width).rounded(.up))
        let bottom = Int(max(minY, 0).rounded(.down))
        let top = Int(min(maxY, height).rounded(.up))
        guard left < right, bottom < top else { return nil }
        return PixelRect(
            x: Int32(left), y: Int32(bottom), width: Int32(right - left), height: Int32(top - bottom))
    }
}

extension PixelRect {
    /// The number of pixels.
    var area: Int { Int(width) * Int(height) }

    /// What is left of `self` outside `other` when that is a rectangle: `self` unchanged when
    /// `other` misses it or would leave two pieces, `nil` when `other` holds all of it.
    func subtracting(_ other: PixelRect) -> PixelRect? {
        let (x0, x1, y0, y1) = (x, x + width, y, y + height)
        let (ox0, ox1, oy0, oy1) = (other.x, other.x + other.width, other.y, other.y + other.height)
        let spansX = ox0 <= x0 && ox1 >= x1
        let spansY = oy0 <= y0 && oy1 >= y1
        if spansX && spansY { return nil }
        var rest = self
        if spansY {
            if ox0 <= x0 && ox1 > x0 {
                rest.x = ox1
                rest.width = x1 - ox1
            } else if ox1 >= x1 && ox0 < x1 {
                rest.width = ox0 - x0
            }
        } else if spansX {
            if oy0 <= y0 && oy1 > y0 {
                rest.y = oy1
                rest.height = y1 - oy1
            } else if oy1 >= y1 && oy0 < y1 {
                rest.height = oy0 - y0
            }
        }
        return rest
    }

    /// The pixels in both `self` and `other` (all of `self` when `other` is `nil`: no scissor);
    /// `nil` when there are none.
    func intersection(_ other: PixelRect?) -> PixelRect? {
        guard let other else { return self }
        let x0 = max(x, other.x)
        let y0 = max(y, other.y)
        let x1 = min(x + width, other.x + other.width)
        let y1 = min(y + height, other.y + other.height)
        guard x0 < x1, y0 < y1 else { return nil }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
