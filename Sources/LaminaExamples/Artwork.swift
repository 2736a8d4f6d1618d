import QuartzCore

/// The images the listings load (`Ship.png`, `Door.png`, `Anchor.png`, `Cone.png`, `Igloo.png`,
/// `Spaceship.png`, the clock's face and hands), drawn by Lamina with `CGContext` paths and
/// gradients, so that no third-party artwork is shipped.
///
/// Every function takes the image's size in points and a `scale` (pixels per point, default
/// ``defaultScale``): a layer showing the image at that size stays sharp in a render at that
/// scale. Drawing happens in points with the origin at the top left, y down (UIKit's convention).
/// Sizes or scales that are not finite and positive give `nil`.
public enum Artwork {
    /// The pixels per point the examples draw their artwork at: 2, so 2× exports stay sharp.
    public static let defaultScale: CGFloat = 2

    /// An sRGB colour from 0–255 components.
    static func rgb(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat, _ a: CGFloat = 1) -> CGColor {
        CGColor(red: r / 255, green: g / 255, blue: b / 255, alpha: a)
    }

    /// A gradient through `colors`, evenly spaced.
    static func gradient(_ colors: [CGColor]) -> CGGradient? {
        CGGradient(colorsSpace: CGColorSpace(name: CGColorSpace.sRGB), colors: colors, locations: nil)
    }

    /// Draws with `body` into a transparent premultiplied sRGB bitmap of `size` × `scale` pixels
    /// whose user space is `size` points, top left origin, y down; returns the image.
    static func draw(_ size: CGSize, scale: CGFloat, _ body: (CGContext) -> Void) -> CGImage? {
        guard size.width.isFinite, size.height.isFinite, scale.isFinite, size.width > 0, size.height > 0,
            scale > 0
        else { return nil }
        let width = Int((size.width * scale).rounded(.up))
        let height = Int((size.height * scale).rounded(.up))
        guard width <= 8192, height <= 8192,
            let context = CGContext.topDownBitmap(width: width, height: height)
        else { return nil }
        context.scaleBy(x: CGFloat(width) / size.width, y: CGFloat(height) / size.height)
        body(context)
        return context.makeImage()
    }

    /// Fills `path` with a vertical gradient from `top` to `bottom` across `rect`.
    static func fill(
        _ context: CGContext, _ path: CGPath, top: CGColor, bottom: CGColor, in rect: CGRect
    ) {
        guard let gradient = gradient([top, bottom]) else { return }
        context.saveGState()
        context.addPath(path)
        context.clip()
        context.drawLinearGradient(
            gradient, start: CGPoint(x: rect.midX, y: rect.minY), end: CGPoint(x: rect.midX, y: rect.maxY),
            options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        context.restoreGState()
    }

    /// Fills `path` with `color`.
    static func fill(_ context: CGContext, _ path: CGPath, _ color: CGColor) {
        context.addPath(path)
        context.setFillColor(color)
        context.fillPath()
    }

    /// Strokes `path` with `color` at `width` points, round joins.
    static func stroke(_ context: CGContext, _ path: CGPath, _ color: CGColor, width: CGFloat) {
        context.addPath(path)
        context.setStrokeColor(color)
        context.setLineWidth(width)
        context.setLineJoin(.round)
        context.setLineCap(.round)
        context.strokePath()
    }

    /// A closed polygon through `points`.
    static func polygon(_ points: [CGPoint]) -> CGMutablePath {
        let path = CGMutablePath()
        path.addLines(between: points)
        path.closeSubpath()
        return path
    }

    /// `Ship.png`: a spaceship seen from above, nose to the right (so that a layer turned by its
    /// direction of travel, `kCAAnimationRotateAuto`, flies nose first). Default 128×128 points.
    public static func ship(size: CGSize = CGSize(width: 128, height: 128), scale: CGFloat = defaultScale)
        -> CGImage?
    {
        draw(size, scale: scale) { c in
            c.scaleBy(x: size.width / 128, y: size.height / 128)
            // Exhaust flame.
            let flame = polygon([
                CGPoint(x: 30, y: 54), CGPoint(x: 4, y: 64), CGPoint(x: 30, y: 74),
            ])
            fill(
                c, flame, top: rgb(255, 214, 90), bottom: rgb(255, 96, 40),
                in: CGRect(x: 4, y: 54, width: 26, height: 20))
            // Wings.
            let wings = polygon([
                CGPoint(x: 58, y: 40), CGPoint(x: 30, y: 8), CGPoint(x: 44, y: 8), CGPoint(x: 84, y: 44),
                CGPoint(x: 84, y: 84), CGPoint(x: 44, y: 120), CGPoint(x: 30, y: 120), CGPoint(x: 58, y: 88),
            ])
            fill(
                c, wings, top: rgb(214, 66, 66), bottom: rgb(140, 30, 40),
                in: CGRect(x: 30, y: 8, width: 54, height: 112))
            stroke(c, wings, rgb(90, 20, 30), width: 2)
            // Hull.
            let hull = CGMutablePath()
            hull.move(to: CGPoint(x: 26, y: 50))
            hull.addLine(to: CGPoint(x: 84, y: 46))
            hull.addCurve(
                to: CGPoint(x: 124, y: 64), control1: CGPoint(x: 104, y: 46), control2: CGPoint(x: 118, y: 56)
            )
            hull.addCurve(
                to: CGPoint(x: 84, y: 82), control1: CGPoint(x: 118, y: 72), control2: CGPoint(x: 104, y: 82))
            hull.addLine(to: CGPoint(x: 26, y: 78))
            hull.closeSubpath()
            fill(
                c, hull, top: rgb(236, 240, 246), bottom: rgb(150, 160, 178),
                in: CGRect(x: 26, y: 46, width: 98, height: 36))
            stroke(c, hull, rgb(70, 78, 96), width: 2)
            // Cockpit.
            let cockpit = CGPath(ellipseIn: CGRect(x: 84, y: 56, width: 24, height: 16), transform: nil)
            fill(
                c, cockpit, top: rgb(140, 220, 255), bottom: rgb(30, 100, 180),
                in: CGRect(x: 84, y: 56, width: 24, height: 16))
            stroke(c, cockpit, rgb(20, 50, 90), width: 1.5)
        }
    }

    /// `Door.png`: a wooden panelled door with a brass knob on its right, hinged on the left.
    /// Default 128×256 points.
    public static func door(size: CGSize = CGSize(width: 128, height: 256), scale: CGFloat = defaultScale)
        -> CGImage?
    {
        draw(size, scale: scale) { c in
            c.scaleBy(x: size.width / 128, y: size.height / 256)
            let slab = CGPath(rect: CGRect(x: 0, y: 0, width: 128, height: 256), transform: nil)
            fill(
                c, slab, top: rgb(176, 112, 62), bottom: rgb(120, 70, 36),
                in: CGRect(x: 0, y: 0, width: 128, height: 256))
            stroke(c, slab, rgb(70, 40, 20), width: 4)
            for panel in [
                CGRect(x: 18, y: 18, width: 92, height: 96), CGRect(x: 18, y: 132, width: 92, height: 106),
            ] {
                let path = CGPath(roundedRect: panel, cornerWidth: 4, cornerHeight: 4, transform: nil)
                fill(c, path, top: rgb(150, 92, 48), bottom: rgb(186, 122, 70), in: panel)
                stroke(c, path, rgb(88, 50, 24), width: 3)
            }
            let knob = CGRect(x: 100, y: 120, width: 16, height: 16)
            let knobPath = CGPath(ellipseIn: knob, transform: nil)
            fill(c, knobPath, top: rgb(255, 226, 130), bottom: rgb(170, 120, 30), in: knob)
            stroke(c, knobPath, rgb(110, 76, 20), width: 1.5)
        }
    }

    /// `Anchor.png`: a ship's anchor in navy on a pale sea-blue tile. Default 200×200 points.
    public static func anchor(size: CGSize = CGSize(width: 200, height: 200), scale: CGFloat = defaultScale)
        -> CGImage?
    {
        draw(size, scale: scale) { c in
            c.scaleBy(x: size.width / 200, y: size.height / 200)
            tile(c, top: rgb(214, 236, 250), bottom: rgb(160, 204, 236))
            let navy = rgb(24, 48, 96)
            let ring = CGPath(ellipseIn: CGRect(x: 86, y: 22, width: 28, height: 28), transform: nil)
            stroke(c, ring, navy, width: 8)
            let shank = CGMutablePath()
            shank.move(to: CGPoint(x: 100, y: 50))
            shank.addLine(to: CGPoint(x: 100, y: 168))
            shank.move(to: CGPoint(x: 66, y: 72))
            shank.addLine(to: CGPoint(x: 134, y: 72))
            stroke(c, shank, navy, width: 12)
            let arms = CGMutablePath()
            arms.addArc(
                center: CGPoint(x: 100, y: 110), radius: 60, startAngle: .pi * 0.2, endAngle: .pi * 0.8,
                clockwise: false)
            stroke(c, arms, navy, width: 12)
            for (x, dx) in [(CGFloat(148.5), CGFloat(1)), (51.5, -1)] {
                let fluke = polygon([
                    CGPoint(x: x - 10 * dx, y: 136), CGPoint(x: x + 14 * dx, y: 128),
                    CGPoint(x: x + 6 * dx, y: 156),
                ])
                fill(c, fluke, navy)
            }
        }
    }

    /// `Cone.png`: an orange traffic cone with white reflective bands. Default 200×200 points.
    public static func cone(size: CGSize = CGSize(width: 200, height: 200), scale: CGFloat = defaultScale)
        -> CGImage?
    {
        draw(size, scale: scale) { c in
            c.scaleBy(x: size.width / 200, y: size.height / 200)
            tile(c, top: rgb(246, 242, 230), bottom: rgb(214, 206, 190))
            let base = CGPath(
                roundedRect: CGRect(x: 40, y: 160, width: 120, height: 18), cornerWidth: 4, cornerHeight: 4,
                transform: nil)
            fill(c, base, rgb(200, 72, 20))
            let body = polygon([
                CGPoint(x: 88, y: 24), CGPoint(x: 112, y: 24), CGPoint(x: 146, y: 162),
                CGPoint(x: 54, y: 162),
            ])
            fill(
                c, body, top: rgb(255, 150, 50), bottom: rgb(236, 96, 20),
                in: CGRect(x: 54, y: 24, width: 92, height: 138))
            c.saveGState()
            c.addPath(body)
            c.clip()
            c.setFillColor(rgb(250, 250, 250))
            c.fill(CGRect(x: 0, y: 62, width: 200, height: 18))
            c.fill(CGRect(x: 0, y: 108, width: 200, height: 18))
            c.restoreGState()
            stroke(c, body, rgb(160, 60, 10), width: 2)
        }
    }

    /// `Igloo.png`: a snow-block igloo under a night sky. Default 200×200 points.
    public static func igloo(size: CGSize = CGSize(width: 200, height: 200), scale: CGFloat = defaultScale)
        -> CGImage?
    {
        draw(size, scale: scale) { c in
            c.scaleBy(x: size.width / 200, y: size.height / 200)
            tile(c, top: rgb(20, 34, 80), bottom: rgb(70, 110, 170))
            c.setFillColor(rgb(236, 244, 255))
            c.fill(CGRect(x: 0, y: 150, width: 200, height: 50))
            let dome = CGMutablePath()
            dome.addArc(
                center: CGPoint(x: 100, y: 152), radius: 78, startAngle: .pi, endAngle: 0, clockwise: false)
            dome.closeSubpath()
            fill(
                c, dome, top: rgb(255, 255, 255), bottom: rgb(196, 214, 236),
                in: CGRect(x: 22, y: 74, width: 156, height: 78))
            let blocks = CGMutablePath()
            for (y, inset) in [(CGFloat(130), CGFloat(4)), (108, 16), (88, 40)] {
                blocks.move(to: CGPoint(x: 22 + inset, y: y))
                blocks.addLine(to: CGPoint(x: 178 - inset, y: y))
            }
            stroke(c, blocks, rgb(150, 170, 200), width: 2)
            stroke(c, dome, rgb(130, 150, 190), width: 2)
            let door = CGMutablePath()
            door.addArc(
                center: CGPoint(x: 100, y: 152), radius: 22, startAngle: .pi, endAngle: 0, clockwise: false)
            door.closeSubpath()
            fill(c, door, rgb(40, 50, 80))
            c.setFillColor(rgb(255, 250, 210))
            for star in [
                CGPoint(x: 30, y: 30), CGPoint(x: 150, y: 22), CGPoint(x: 172, y: 60), CGPoint(x: 70, y: 48),
            ] {
                c.fillEllipse(in: CGRect(x: star.x - 2, y: star.y - 2, width: 4, height: 4))
            }
        }
    }

    /// `Spaceship.png`: the ship over a starry sky, flying up and to the right. Default 200×200
    /// points.
    public static func spaceship(
        size: CGSize = CGSize(width: 200, height: 200), scale: CGFloat = defaultScale
    )
        -> CGImage?
    {
        let shipImage = ship(size: CGSize(width: 128, height: 128), scale: scale)
        return draw(size, scale: scale) { c in
            c.scaleBy(x: size.width / 200, y: size.height / 200)
            tile(c, top: rgb(8, 10, 36), bottom: rgb(44, 28, 90))
            c.setFillColor(rgb(255, 255, 255, 0.9))
            for (index, star) in [
                (30, 20), (170, 30), (60, 160), (150, 170), (20, 110), (110, 14), (184, 120),
            ]
            .enumerated() {
                let r: CGFloat = index % 3 == 0 ? 2.5 : 1.5
                c.fillEllipse(
                    in: CGRect(x: CGFloat(star.0) - r, y: CGFloat(star.1) - r, width: 2 * r, height: 2 * r))
            }
            guard let shipImage else { return }
            c.saveGState()
            c.translateBy(x: 100, y: 100)
            c.rotate(by: -.pi / 6)
            // The context's y is flipped to UIKit's: flip back so the image draws upright.
            c.scaleBy(x: 1, y: -1)
            c.draw(shipImage, in: CGRect(x: -64, y: -64, width: 128, height: 128))
            c.restoreGState()
        }
    }

    /// Fills the whole 200×200 tile with a vertical gradient and rounds nothing: a photo-like
    /// backdrop for the image-view artwork.
    static func tile(_ c: CGContext, top: CGColor, bottom: CGColor) {
        let rect = CGRect(x: 0, y: 0, width: 200, height: 200)
        fill(c, CGPath(rect: rect, transform: nil), top: top, bottom: bottom, in: rect)
    }
}
