import CoreGraphics

// A gradient layer's content: axial and radial gradients drawn by Cairo (through CGContext's
// gradients, both ends extended), conic ones computed per pixel with the pixels the seam crosses
// supersampled; all at the framebuffer's scale over the bounds, or over the visible part of a huge
// layer (ruling V19). The renderer keeps each layer's last image while the drawn values, the
// bounds and the scale stay the same and it covers what is visible.

/// A gradient layer's rasterised content and what it was drawn from.
struct GradientRaster {
    let drawing: GradientDrawing
    let plan: RasterPlan
    let image: CGImage
    /// The rectangle the image is drawn over: the bounds for a whole image, else the window.
    let rect: CGRect
}

/// What a gradient layer draws, resolved from its values: colours as non-premultiplied sRGB
/// components with sorted, clamped locations.
struct GradientDrawing: Equatable {
    enum Kind { case axial, radial, conic }

    /// r, g, b, a of each stop.
    let colors: [[Double]]
    /// Each stop's location, ascending.
    let locations: [Double]
    let start: CGPoint
    let end: CGPoint
    let kind: Kind
    let bounds: CGRect

    init?(_ v: CAGradientLayer.Values, bounds: CGRect) {
        let all = v.colors ?? []
        let cgColors = all.compactMap { $0 as? CGColor }
        if cgColors.count != all.count {
            CompatibilityWarnings.report("CAGradientLayer: colors elements that are not CGColor are skipped")
        }
        guard !cgColors.isEmpty, bounds.width > 0, bounds.height > 0, bounds.width.isFinite,
            bounds.height.isFinite, v.startPoint.x.isFinite, v.startPoint.y.isFinite, v.endPoint.x.isFinite,
            v.endPoint.y.isFinite, v.startPoint != v.endPoint
        else { return nil }
        var locations: [Double]
        if let given = v.locations, given.count == cgColors.count {
            locations = given.map { $0.doubleValue.isNaN ? 0 : min(max($0.doubleValue, 0), 1) }
        } else {
            if v.locations != nil {
                CompatibilityWarnings.report(
                    "CAGradientLayer: locations whose count differs from colors' are ignored")
            }
            let n = cgColors.count
            locations = (0..<n).map { n == 1 ? 0 : Double($0) / Double(n - 1) }
        }
        let order = locations.indices.sorted { (locations[$0], $0) < (locations[$1], $1) }
        colors = order.map {
            let c = cgColors[$0].rgbaComponents
            return [Double(c.r), Double(c.g), Double(c.b), Double(c.a)]
        }
        locations = order.map { locations[$0] }
        self.locations = locations
        start = v.startPoint
        end = v.endPoint
        kind = v.type == .radial ? .radial : v.type == .conic ? .conic : .axial
        self.bounds = bounds
    }

    /// The gradient rasterised over `plan`: the bounds (a whole plan, whose image is then
    /// stretched over them) or a window of them, pixel for pixel at the plan's scale.
    func render(_ plan: RasterPlan) -> CGImage? {
        let scale = plan.scale
        let (width, height) = plan.pixelSize
        let rect = plan.isWhole ? bounds : plan.rect
        if kind == .conic {
            // A whole image spans the unit square over its pixels; a window places its pixels in
            // the bounds' pixel grid.
            let unit =
                plan.isWhole
                ? CGSize(width: width, height: height)
                : CGSize(width: bounds.width * scale, height: bounds.height * scale)
            let origin = CGPoint(x: (rect.minX - bounds.minX) * scale, y: (rect.minY - bounds.minY) * scale)
            return renderConic(width: width, height: height, origin: origin, unit: unit)
        }
        guard let context = makeOwnContentsContext(width: width, height: height, rect: rect, scale: scale),
            let space = CGColorSpace(name: CGColorSpace.sRGB)
        else { return nil }
        let components = colors.flatMap { $0.map { CGFloat($0) } }
        let stops = locations.map { CGFloat($0) }
        guard
            let gradient = CGGradient(
                colorSpace: space, colorComponents: components, locations: stops, count: colors.count)
        else { return nil }
        let options: CGGradientDrawingOptions = [.drawsBeforeStartLocation, .drawsAfterEndLocation]
        let from = unitToBounds(start)
        switch kind {
        case .radial:
            let rx = abs(end.x - start.x) * bounds.width
            let ry = abs(end.y - start.y) * bounds.height
            guard rx > 0, ry > 0 else { return nil }
            context.translateBy(x: from.x, y: from.y)
            context.scaleBy(x: rx, y: ry)
            context.drawRadialGradient(
                gradient, startCenter: .zero, startRadius: 0, endCenter: .zero, endRadius: 1, options: options
            )
        default:
            context.drawLinearGradient(gradient, start: from, end: unitToBounds(end), options: options)
        }
        return context.makeImageTakingMemory()
    }

    private func unitToBounds(_ p: CGPoint) -> CGPoint {
        CGPoint(x: bounds.minX + p.x * bounds.width, y: bounds.minY + p.y * bounds.height)
    }

    /// The non-premultiplied colour at location `t`: the end colours beyond the first and last
    /// stops, linear between neighbouring stops, the later stop at a hard edge.
    func color(at t: Double) -> (Double, Double, Double, Double) {
        let last = locations.count - 1
        guard t > locations[0] else { return tuple(colors[0]) }
        guard t < locations[last] else { return tuple(colors[last]) }
        var upper = 1
        while upper < last, locations[upper] <= t { upper += 1 }
        let a = locations[upper - 1]
        let b = locations[upper]
        let f = b > a ? (t - a) / (b - a) : 1
        let c0 = colors[upper - 1]
        let c1 = colors[upper]
        return (
            c0[0] + (c1[0] - c0[0]) * f, c0[1] + (c1[1] - c0[1]) * f, c0[2] + (c1[2] - c0[2]) * f,
            c0[3] + (c1[3] - c0[3]) * f
        )
    }

    private func tuple(_ c: [Double]) -> (Double, Double, Double, Double) { (c[0], c[1], c[2], c[3]) }

    /// A conic gradient: each pixel takes the colour of its angle around `start` (measured in the
    /// unit space, from the direction of `end`, growing towards +y), as a fraction of a turn.
    /// Pixels whose corners straddle the seam at angle 0 (or the centre) are supersampled 4 × 4.
    /// The image's pixel (x, y) is the unit square's pixel `origin + (x, y)` of `unit` pixels.
    private func renderConic(width: Int, height: Int, origin: CGPoint, unit: CGSize) -> CGImage? {
        let base = atan2(Double(end.y - start.y), Double(end.x - start.x))
        let sx = Double(start.x)
        let sy = Double(start.y)
        let w = Double(unit.width)
        let h = Double(unit.height)
        let ox = Double(origin.x)
        let oy = Double(origin.y)
        func turn(_ px: Double, _ py: Double) -> Double {
            var a = (atan2((oy + py) / h - sy, (ox + px) / w - sx) - base) / (2 * .pi)
            a -= a.rounded(.down)
            return a
        }
        // Corner angles, shared by neighbouring pixels: two rows at a time.
        var above = (0...width).map { turn(Double($0), 0) }
        var below = [Double](repeating: 0, count: width + 1)
        var pixels = Data(count: width * height * 4)
        pixels.withUnsafeMutableBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            for y in 0..<height {
                for x in 0...width { below[x] = turn(Double(x), Double(y + 1)) }
                for x in 0..<width {
                    let low = min(above[x], above[x + 1], below[x], below[x + 1])
                    let high = max(above[x], above[x + 1], below[x], below[x + 1])
                    var sum = (0.0, 0.0, 0.0, 0.0)
                    if high - low > 0.5 {
                        for j in 0..<16 {
                            let t = turn(
                                Double(x) + (Double(j % 4) + 0.5) / 4, Double(y) + (Double(j / 4) + 0.5) / 4)
                            let p = premultiplied(color(at: t))
                            sum = (sum.0 + p.0 / 16, sum.1 + p.1 / 16, sum.2 + p.2 / 16, sum.3 + p.3 / 16)
                        }
                    } else {
                        sum = premultiplied(color(at: turn(Double(x) + 0.5, Double(y) + 0.5)))
                    }
                    let o = (y * width + x) * 4
                    // BGRA in memory: premultipliedFirst, 32-bit little-endian.
                    bytes[o] = byte(sum.2)
                    bytes[o + 1] = byte(sum.1)
                    bytes[o + 2] = byte(sum.0)
                    bytes[o + 3] = byte(sum.3)
                }
                swap(&above, &below)
            }
        }
        guard let space = CGColorSpace(name: CGColorSpace.sRGB),
            let provider = CGDataProvider(data: pixels)
        else { return nil }
        return CGImage(
            width: width, height: height, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: width * 4,
            space: space,
            bitmapInfo: CGBitmapInfo(
                rawValue: CGImageAlphaInfo.premultipliedFirst.rawValue
                    | CGBitmapInfo.byteOrder32Little.rawValue),
            provider: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent)
    }

    private func premultiplied(_ c: (Double, Double, Double, Double)) -> (Double, Double, Double, Double) {
        let a = min(max(c.3, 0), 1)
        return (min(max(c.0, 0), 1) * a, min(max(c.1, 0), 1) * a, min(max(c.2, 0), 1) * a, a)
    }

    private func byte(_ v: Double) -> UInt8 {
        UInt8(min(max((v * 255).rounded(), 0), 255))
    }
}
