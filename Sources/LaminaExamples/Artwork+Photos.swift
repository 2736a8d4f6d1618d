import QuartzCore

extension Artwork {
    /// The number of distinct generated photos ``photo(_:size:scale:)`` draws; indices wrap.
    public static let photoCount = 10

    /// One of the slideshow's generated "photos": landscapes, skies and geometric compositions
    /// built from gradients and paths. `index` is taken modulo ``photoCount`` (negative indices
    /// too). Default 1280×720 points at scale 1.
    public static func photo(
        _ index: Int, size: CGSize = CGSize(width: 1280, height: 720), scale: CGFloat = 1
    )
        -> CGImage?
    {
        let which = ((index % photoCount) + photoCount) % photoCount
        return draw(size, scale: scale) { c in
            c.scaleBy(x: size.width / 1280, y: size.height / 720)
            let palettes: [(sky: [CGColor], land: [CGColor])] = [
                (
                    [rgb(255, 170, 90), rgb(250, 110, 120), rgb(90, 60, 140)],
                    [rgb(60, 40, 90), rgb(30, 20, 50)]
                ),
                ([rgb(120, 190, 255), rgb(210, 236, 255)], [rgb(90, 160, 80), rgb(40, 100, 50)]),
                ([rgb(10, 20, 60), rgb(40, 60, 140)], [rgb(20, 30, 60), rgb(5, 10, 25)]),
                ([rgb(255, 226, 160), rgb(250, 180, 100)], [rgb(220, 150, 80), rgb(160, 90, 50)]),
                ([rgb(170, 220, 240), rgb(240, 250, 255)], [rgb(240, 246, 255), rgb(180, 200, 230)]),
            ]
            switch which {
            case 0, 1, 2, 3, 4:
                landscape(c, palettes[which], seed: which)
            default:
                composition(c, which - 5)
            }
        }
    }

    /// A sky, a sun or moon and two ranges of hills.
    static func landscape(_ c: CGContext, _ palette: (sky: [CGColor], land: [CGColor]), seed: Int) {
        let frame = CGRect(x: 0, y: 0, width: 1280, height: 720)
        if let sky = gradient(palette.sky) {
            c.drawLinearGradient(
                sky, start: CGPoint(x: 640, y: 0), end: CGPoint(x: 640, y: 720),
                options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        }
        let sunCentre = CGPoint(x: 300 + CGFloat(seed) * 170, y: 200 + CGFloat(seed % 2) * 60)
        if let glow = gradient([rgb(255, 250, 220, 0.95), rgb(255, 240, 200, 0)]) {
            c.drawRadialGradient(
                glow, startCenter: sunCentre, startRadius: 40, endCenter: sunCentre, endRadius: 190,
                options: [])
        }
        c.setFillColor(rgb(255, 252, 236))
        c.fillEllipse(in: CGRect(x: sunCentre.x - 44, y: sunCentre.y - 44, width: 88, height: 88))
        for layer in 0..<2 {
            let base: CGFloat = layer == 0 ? 430 : 540
            let hills = CGMutablePath()
            hills.move(to: CGPoint(x: 0, y: 720))
            hills.addLine(to: CGPoint(x: 0, y: base))
            let phase = CGFloat(seed * 97 + layer * 211)
            for step in 0...8 {
                let x = CGFloat(step) * 160
                let y = base - 60 * sin((x + phase) / 190) - 30 * cos((x * 1.7 + phase) / 130)
                hills.addQuadCurve(to: CGPoint(x: x + 160, y: y), control: CGPoint(x: x + 80, y: y - 50))
            }
            hills.addLine(to: CGPoint(x: 1280, y: 720))
            hills.closeSubpath()
            let top = layer == 0 ? palette.land[0].copy(alpha: 0.75) ?? palette.land[0] : palette.land[0]
            fill(
                c, hills, top: top, bottom: palette.land[1],
                in: CGRect(x: 0, y: base - 100, width: 1280, height: 720 - base + 100))
        }
        _ = frame
    }

    /// A geometric composition: overlapping translucent circles, bands or triangles on a gradient.
    static func composition(_ c: CGContext, _ variant: Int) {
        let backgrounds: [[CGColor]] = [
            [rgb(20, 30, 48), rgb(36, 59, 85)], [rgb(255, 236, 210), rgb(252, 182, 159)],
            [rgb(15, 32, 39), rgb(44, 83, 100)], [rgb(238, 242, 243), rgb(142, 158, 171)],
            [rgb(58, 28, 113), rgb(215, 109, 119), rgb(255, 175, 123)],
        ]
        if let background = gradient(backgrounds[variant]) {
            c.drawLinearGradient(
                background, start: .zero, end: CGPoint(x: 1280, y: 720),
                options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        }
        let accents = [
            rgb(255, 99, 72, 0.8), rgb(72, 219, 251, 0.75), rgb(254, 202, 87, 0.8), rgb(95, 39, 205, 0.7),
            rgb(29, 209, 161, 0.75),
        ]
        for index in 0..<6 {
            let color = accents[(index + variant) % accents.count]
            let x = CGFloat((index * 233 + variant * 131) % 1100) + 90
            let y = CGFloat((index * 157 + variant * 89) % 520) + 100
            let r = CGFloat(60 + (index * 37 + variant * 23) % 140)
            switch variant % 3 {
            case 0:
                c.setFillColor(color)
                c.fillEllipse(in: CGRect(x: x - r, y: y - r, width: 2 * r, height: 2 * r))
            case 1:
                let band = polygon([
                    CGPoint(x: x - 2 * r, y: y + r), CGPoint(x: x + r, y: y - 2 * r),
                    CGPoint(x: x + 1.6 * r, y: y - 1.4 * r), CGPoint(x: x - 1.4 * r, y: y + 1.6 * r),
                ])
                fill(c, band, color)
            default:
                let triangle = polygon([
                    CGPoint(x: x, y: y - r), CGPoint(x: x + r * 0.87, y: y + r / 2),
                    CGPoint(x: x - r * 0.87, y: y + r / 2),
                ])
                fill(c, triangle, color)
                stroke(c, triangle, rgb(255, 255, 255, 0.6), width: 4)
            }
        }
    }
}
