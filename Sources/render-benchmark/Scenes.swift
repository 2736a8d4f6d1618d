import QuartzCore

/// The length of every scene's animations, in seconds; frames are rendered at times in
/// `[0, animationDuration)`.
let animationDuration = 2.0

/// The perspective of scene (c): the root's `sublayerTransform.m34`.
let perspective: CGFloat = -1.0 / 800

/// A layer tree to render, with what the bare baseline needs to draw the same pixels.
struct Scene {
    /// A letter and a short description, as printed.
    let title: String
    let root: CALayer
    /// A caveat printed under the scene's figures (what the renderer does not draw yet).
    let note: String?
    /// The same pixels as plain textured quads; `nil` when the scene has no bare baseline.
    let bare: BareScene?
    /// Whether layers cast shadows (a blur per layer: measured on fewer frames).
    var castsShadows = false
}

/// A scene as the bare baseline draws it: one textured quad per layer, back to front.
struct BareScene {
    /// Each quad's image, drawn over the unit square that `placement` maps to clip space.
    let images: [CGImage]
    /// The matrix (unit square → clip space, row vectors) and opacity of quad `index` at time
    /// `t`, computed from the animations' parameters with plain arithmetic.
    let placement: (_ t: Double, _ index: Int) -> (matrix: CATransform3D, opacity: Float)
}

/// Builds the three scenes at `size` points (rendered at scale 1). Every animation is committed
/// at media time 0, with the manual clock at 0.
@MainActor func makeScenes(size: CGSize) -> [Scene] {
    CAMediaClock.useManualTime(0)
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    let scenes = [
        crossfadeScene(size: size), movingLayersScene(size: size, shadows: false),
        movingLayersScene(size: size, shadows: true), perspectiveScene(size: size),
    ]
    CATransaction.commit()
    CATransaction.flush()  // the animations begin at time 0
    return scenes
}

/// A root layer covering `size`, anchored at its centre (so its `sublayerTransform` applies about
/// the centre of the screen).
@MainActor private func makeRoot(size: CGSize) -> CALayer {
    let root = CALayer()
    root.bounds = CGRect(origin: .zero, size: size)
    root.position = CGPoint(x: size.width / 2, y: size.height / 2)
    return root
}

/// Maps the root's coordinates (points, y down) to clip space and flattens z, as the renderer's
/// root does: `bounds` onto the framebuffer.
func worldToClip(size: CGSize) -> CATransform3D {
    var flatten = CATransform3DIdentity
    flatten.m33 = 0
    var m = CATransform3DMakeScale(2 / size.width, -2 / size.height, 0)
    m = CATransform3DConcat(m, CATransform3DMakeTranslation(-1, 1, 0))
    return CATransform3DConcat(flatten, m)
}

// MARK: - (a) Two full-screen images crossfading

@MainActor private func crossfadeScene(size: CGSize) -> Scene {
    let root = makeRoot(size: size)
    let images = [gradientImage(size: size), patternImage(size: size)]
    for image in images {
        let layer = CALayer()
        layer.frame = root.bounds
        layer.contents = image
        root.addSublayer(layer)
    }
    let top = root.sublayers![1]
    let fade = CABasicAnimation(keyPath: "opacity")
    fade.fromValue = 0
    fade.toValue = 1
    fade.duration = animationDuration
    top.add(fade, forKey: "fade")

    let toClip = CATransform3DConcat(
        CATransform3DMakeScale(size.width, size.height, 1), worldToClip(size: size))
    let bare = BareScene(images: images) { t, index in
        (toClip, index == 0 ? 1 : Float(min(t / animationDuration, 1)))
    }
    return Scene(
        title: "(a) crossfade: 2 full-screen images, top opacity 0→1", root: root, note: nil, bare: bare)
}

// MARK: - (b) 200 rounded, bordered layers moving

@MainActor private func movingLayersScene(size: CGSize, shadows: Bool) -> Scene {
    let root = makeRoot(size: size)
    root.backgroundColor = CGColor(srgbRed: 0.08, green: 0.09, blue: 0.12, alpha: 1)
    let count = 200
    for i in 0..<count {
        // Golden-ratio sequences spread the lines over the screen without a random generator.
        let u = (Double(i) * 0.618_034).truncatingRemainder(dividingBy: 1)
        let v = (Double(i) * 0.754_878).truncatingRemainder(dividingBy: 1)
        let from = CGPoint(x: u * size.width, y: v * size.height)
        let to = CGPoint(x: (1 - v) * size.width, y: u * size.height)
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 96, height: 64)
        layer.position = to
        layer.backgroundColor = CGColor(srgbRed: u, green: 0.4 + 0.5 * v, blue: 1 - u, alpha: 0.9)
        layer.cornerRadius = 12
        layer.borderWidth = 2
        layer.borderColor = CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 0.8)
        layer.shadowOpacity = shadows ? 0.5 : 0
        layer.shadowRadius = 6
        root.addSublayer(layer)
        let move = CABasicAnimation(keyPath: "position")
        move.fromValue = from
        move.toValue = to
        move.duration = animationDuration
        layer.add(move, forKey: "move")
    }
    let title = "(b) 200 layers moving: cornerRadius 12, border 2"
    guard shadows else {
        return Scene(title: title + ", shadowOpacity 0", root: root, note: nil, bare: nil)
    }
    return Scene(
        title: title + ", shadowOpacity 0.5, shadowRadius 6", root: root,
        note: "shadows of these plain rounded layers are analytic: one quad each, no offscreen passes",
        bare: nil, castsShadows: true)
}

// MARK: - (c) 20 perspective-rotated image layers

@MainActor private func perspectiveScene(size: CGSize) -> Scene {
    let root = makeRoot(size: size)
    var sublayerTransform = CATransform3DIdentity
    sublayerTransform.m34 = perspective
    root.sublayerTransform = sublayerTransform
    let columns = 5
    let rows = 4
    let cell = CGSize(width: size.width / CGFloat(columns), height: size.height / CGFloat(rows))
    // Even sizes put the edges of an unrotated layer on pixel boundaries.
    let layerSize = CGSize(width: (cell.width * 0.4).rounded() * 2, height: (cell.height * 0.4).rounded() * 2)
    var images: [CGImage] = []
    var angles: [(from: CGFloat, to: CGFloat)] = []
    var positions: [CGPoint] = []
    for i in 0..<columns * rows {
        let image = tileImage(size: layerSize, index: i)
        let angle = (i % 2 == 0 ? 1 : -1) * CGFloat.pi * (50 - CGFloat(i)) / 180
        let position = CGPoint(
            x: cell.width * (CGFloat(i % columns) + 0.5), y: cell.height * (CGFloat(i / columns) + 0.5))
        let layer = CALayer()
        layer.bounds = CGRect(origin: .zero, size: layerSize)
        layer.position = position
        layer.contents = image
        layer.transform = CATransform3DMakeRotation(angle, 0, 1, 0)
        root.addSublayer(layer)
        let turn = CABasicAnimation(keyPath: "transform.rotation.y")
        turn.fromValue = -angle
        turn.toValue = angle
        turn.duration = animationDuration
        layer.add(turn, forKey: "turn")
        images.append(image)
        angles.append((-angle, angle))
        positions.append(position)
    }

    // Unit square → layer bounds → the root's sublayer space (about its centre, where the
    // perspective applies) → flattened into the root's plane → clip space.
    let centre = CGPoint(x: size.width / 2, y: size.height / 2)
    var sublayerSpace = CATransform3DMakeTranslation(-centre.x, -centre.y, 0)
    sublayerSpace = CATransform3DConcat(sublayerSpace, sublayerTransform)
    sublayerSpace = CATransform3DConcat(sublayerSpace, CATransform3DMakeTranslation(centre.x, centre.y, 0))
    let toClip = worldToClip(size: size)
    let bare = BareScene(images: images) { t, index in
        let (from, to) = angles[index]
        let angle = from + (to - from) * CGFloat(min(t / animationDuration, 1))
        var m = CATransform3DMakeScale(layerSize.width, layerSize.height, 1)
        m = CATransform3DConcat(
            m, CATransform3DMakeTranslation(-layerSize.width / 2, -layerSize.height / 2, 0))
        m = CATransform3DConcat(m, CATransform3DMakeRotation(angle, 0, 1, 0))
        m = CATransform3DConcat(m, CATransform3DMakeTranslation(positions[index].x, positions[index].y, 0))
        m = CATransform3DConcat(m, sublayerSpace)
        return (CATransform3DConcat(m, toClip), 1)
    }
    return Scene(
        title: "(c) 20 image layers rotating about y under perspective m34 = −1/800", root: root, note: nil,
        bare: bare)
}

// MARK: - Images, drawn with Lamina's CoreGraphics

/// An opaque premultiplied RGBA8 sRGB image of `size` pixels drawn by `draw` (device space, y up).
func makeImage(size: CGSize, _ draw: (CGContext) -> Void) -> CGImage {
    let context = CGContext(
        data: nil, width: Int(size.width), height: Int(size.height), bitsPerComponent: 8, bytesPerRow: 0,
        space: CGColorSpace(name: CGColorSpace.sRGB)!,
        bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
    draw(context)
    return context.makeImage()!
}

private func gradient(_ colors: [CGColor]) -> CGGradient {
    CGGradient(colorsSpace: CGColorSpace(name: CGColorSpace.sRGB), colors: colors, locations: nil)!
}

/// A diagonal gradient from deep blue to orange.
private func gradientImage(size: CGSize) -> CGImage {
    makeImage(size: size) { context in
        let colors = gradient([
            CGColor(srgbRed: 0.05, green: 0.1, blue: 0.45, alpha: 1),
            CGColor(srgbRed: 0.55, green: 0.2, blue: 0.6, alpha: 1),
            CGColor(srgbRed: 1, green: 0.6, blue: 0.1, alpha: 1),
        ])
        context.drawLinearGradient(
            colors, start: .zero, end: CGPoint(x: size.width, y: size.height),
            options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
    }
}

/// A radial gradient under a grid of translucent discs.
private func patternImage(size: CGSize) -> CGImage {
    makeImage(size: size) { context in
        let centre = CGPoint(x: size.width / 2, y: size.height / 2)
        let colors = gradient([
            CGColor(srgbRed: 0.1, green: 0.5, blue: 0.3, alpha: 1),
            CGColor(srgbRed: 0.02, green: 0.05, blue: 0.1, alpha: 1),
        ])
        context.drawRadialGradient(
            colors, startCenter: centre, startRadius: 0, endCenter: centre, endRadius: size.width / 2,
            options: [.drawsAfterEndLocation])
        let spacing: CGFloat = 60
        for row in 0..<Int(size.height / spacing) {
            for column in 0..<Int(size.width / spacing) {
                let shade = CGFloat((row * 7 + column * 3) % 10) / 10
                context.setFillColor(red: 1, green: shade, blue: 1 - shade, alpha: 0.5)
                context.fillEllipse(
                    in: CGRect(
                        x: CGFloat(column) * spacing + 8, y: CGFloat(row) * spacing + 8, width: spacing - 16,
                        height: spacing - 16))
            }
        }
    }
}

/// A card for scene (c): a vertical gradient whose hue follows `index`, with a frame and a disc.
private func tileImage(size: CGSize, index: Int) -> CGImage {
    makeImage(size: size) { context in
        let hue = CGFloat(index) / 20
        context.drawLinearGradient(
            gradient([
                CGColor(srgbRed: hue, green: 0.3, blue: 1 - hue, alpha: 1),
                CGColor(srgbRed: 0.1, green: hue, blue: 0.4, alpha: 1),
            ]), start: .zero, end: CGPoint(x: 0, y: size.height),
            options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        context.setStrokeColor(red: 1, green: 1, blue: 1, alpha: 1)
        context.setLineWidth(6)
        context.stroke(CGRect(origin: .zero, size: size).insetBy(dx: 10, dy: 10))
        context.setFillColor(red: 1, green: 0.9, blue: 0.2, alpha: 1)
        let side = min(size.width, size.height) / 3
        context.fillEllipse(
            in: CGRect(x: size.width / 2 - side / 2, y: size.height / 2 - side / 2, width: side, height: side)
        )
    }
}
