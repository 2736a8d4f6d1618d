import QuartzCore

/// W3C Compositing and Blending Level 1 (and Apple's plus-darker) computed on the CPU, for the
/// compositing-filter tests: premultiplied RGBA in [0, 1], source over backdrop.
enum CompositingReference {
    typealias RGBA = (r: Double, g: Double, b: Double, a: Double)

    /// The composite of premultiplied `s` over premultiplied `b` in `mode`.
    static func composite(_ mode: CGBlendMode, _ s: RGBA, over b: RGBA) -> RGBA {
        let sa = s.a
        let ba = b.a
        // Porter–Duff: result = s·Fa + b·Fb.
        func porterDuff(_ fa: Double, _ fb: Double) -> RGBA {
            (s.r * fa + b.r * fb, s.g * fa + b.g * fb, s.b * fa + b.b * fb, sa * fa + ba * fb)
        }
        switch mode {
        case .normal: return porterDuff(1, 1 - sa)
        case .clear: return porterDuff(0, 0)
        case .copy: return porterDuff(1, 0)
        case .sourceIn: return porterDuff(ba, 0)
        case .sourceOut: return porterDuff(1 - ba, 0)
        case .sourceAtop: return porterDuff(ba, 1 - sa)
        case .destinationOver: return porterDuff(1 - ba, 1)
        case .destinationIn: return porterDuff(0, sa)
        case .destinationOut: return porterDuff(0, 1 - sa)
        case .destinationAtop: return porterDuff(1 - ba, sa)
        case .xor: return porterDuff(1 - ba, 1 - sa)
        case .plusLighter:
            return (min(1, s.r + b.r), min(1, s.g + b.g), min(1, s.b + b.b), min(1, sa + ba))
        case .plusDarker:
            let ao = min(1, sa + ba)
            func c(_ cs: Double, _ cb: Double) -> Double { max(0, ao - (sa - cs) - (ba - cb)) }
            return (c(s.r, b.r), c(s.g, b.g), c(s.b, b.b), ao)
        default:
            let cs = unpremultiplied(s)
            let cb = unpremultiplied(b)
            let mixed = blend(mode, cb: cb, cs: cs)
            func c(_ s: Double, _ b: Double, _ m: Double) -> Double {
                s * (1 - ba) + b * (1 - sa) + sa * ba * min(max(m, 0), 1)
            }
            return (c(s.r, b.r, mixed[0]), c(s.g, b.g, mixed[1]), c(s.b, b.b, mixed[2]), sa + ba * (1 - sa))
        }
    }

    private static func unpremultiplied(_ c: RGBA) -> [Double] {
        c.a > 0 ? [c.r, c.g, c.b].map { min(max($0 / c.a, 0), 1) } : [0, 0, 0]
    }

    /// B(Cb, Cs) of the separable and non-separable modes.
    private static func blend(_ mode: CGBlendMode, cb: [Double], cs: [Double]) -> [Double] {
        func each(_ f: (Double, Double) -> Double) -> [Double] { (0..<3).map { f(cb[$0], cs[$0]) } }
        func hardLight(_ b: Double, _ s: Double) -> Double {
            s <= 0.5 ? b * 2 * s : b + (2 * s - 1) - b * (2 * s - 1)
        }
        switch mode {
        case .multiply: return each { $0 * $1 }
        case .screen: return each { $0 + $1 - $0 * $1 }
        case .overlay: return each { hardLight($1, $0) }
        case .darken: return each { min($0, $1) }
        case .lighten: return each { max($0, $1) }
        case .colorDodge:
            return each { b, s in b == 0 ? 0 : s == 1 ? 1 : min(1, b / (1 - s)) }
        case .colorBurn:
            return each { b, s in b == 1 ? 1 : s == 0 ? 0 : 1 - min(1, (1 - b) / s) }
        case .hardLight: return each(hardLight)
        case .softLight:
            return each { b, s in
                if s <= 0.5 { return b - (1 - 2 * s) * b * (1 - b) }
                let d = b <= 0.25 ? ((16 * b - 12) * b + 4) * b : b.squareRoot()
                return b + (2 * s - 1) * (d - b)
            }
        case .difference: return each { abs($0 - $1) }
        case .exclusion: return each { $0 + $1 - 2 * $0 * $1 }
        case .hue: return setLum(setSat(cs, sat(cb)), lum(cb))
        case .saturation: return setLum(setSat(cb, sat(cs)), lum(cb))
        case .color: return setLum(cs, lum(cb))
        case .luminosity: return setLum(cb, lum(cs))
        default: return cs
        }
    }

    private static func lum(_ c: [Double]) -> Double { 0.3 * c[0] + 0.59 * c[1] + 0.11 * c[2] }

    private static func clipColor(_ c: [Double]) -> [Double] {
        let l = lum(c)
        let n = c.min()!
        let x = c.max()!
        var c = c
        if n < 0 { c = c.map { l + ($0 - l) * l / (l - n) } }
        if x > 1 { c = c.map { l + ($0 - l) * (1 - l) / (x - l) } }
        return c
    }

    private static func setLum(_ c: [Double], _ l: Double) -> [Double] {
        let d = l - lum(c)
        return clipColor(c.map { $0 + d })
    }

    private static func sat(_ c: [Double]) -> Double { c.max()! - c.min()! }

    /// W3C's SetSat: the largest component becomes s, the smallest 0, the middle one in
    /// proportion (written out by sorting, as the specification does).
    private static func setSat(_ c: [Double], _ s: Double) -> [Double] {
        let order = (0..<3).sorted { c[$0] < c[$1] }
        let (minI, midI, maxI) = (order[0], order[1], order[2])
        var result = [0.0, 0.0, 0.0]
        if c[maxI] > c[minI] {
            result[midI] = (c[midI] - c[minI]) * s / (c[maxI] - c[minI])
            result[maxI] = s
        }
        return result
    }
}
