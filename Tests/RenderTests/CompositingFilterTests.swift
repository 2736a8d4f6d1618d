import QuartzCore
import Testing

/// `CALayer.compositingFilter` (ruling V18): every blend mode and Porter–Duff operator against
/// the W3C formulas, the names accepted, what the backdrop is, and what is ignored.
@Suite struct CompositingFilterTests {
    private static func color(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat, _ a: CGFloat = 1) -> CGColor {
        CGColor(red: r, green: g, blue: b, alpha: a)
    }

    private static func layer(_ frame: CGRect, _ color: CGColor?, filter: Any? = nil) -> CALayer {
        let layer = CALayer()
        layer.frame = frame
        layer.backgroundColor = color
        layer.compositingFilter = filter
        return layer
    }

    private static func render(_ root: CALayer, size: Int = 8) throws -> CGImage {
        let renderer = try CARenderer(layer: root, size: CGSize(width: size, height: size))
        return try #require(renderer.image(atTime: 0))
    }

    private static func pixel(_ image: CGImage, _ x: Int, _ y: Int) -> [Int] {
        CARendererTests.pixel(image, x, y).map(Int.init)
    }

    /// Whether each channel of `actual` is within `tolerance` of `expected`.
    private static func close(_ actual: [Int], _ expected: [Int], _ tolerance: Int = 2) -> Bool {
        actual.count == 4 && zip(actual, expected).allSatisfy { abs($0 - $1) <= tolerance }
    }

    /// Core Animation's name for every mode but source-over.
    static let modeNames: [(String, CGBlendMode)] = [
        ("multiplyBlendMode", .multiply), ("screenBlendMode", .screen), ("overlayBlendMode", .overlay),
        ("darkenBlendMode", .darken), ("lightenBlendMode", .lighten), ("colorDodgeBlendMode", .colorDodge),
        ("colorBurnBlendMode", .colorBurn), ("softLightBlendMode", .softLight),
        ("hardLightBlendMode", .hardLight), ("differenceBlendMode", .difference),
        ("exclusionBlendMode", .exclusion), ("hueBlendMode", .hue), ("saturationBlendMode", .saturation),
        ("colorBlendMode", .color), ("luminosityBlendMode", .luminosity), ("clear", .clear), ("copy", .copy),
        ("sourceIn", .sourceIn), ("sourceOut", .sourceOut), ("sourceAtop", .sourceAtop),
        ("destOver", .destinationOver), ("destIn", .destinationIn), ("destOut", .destinationOut),
        ("destAtop", .destinationAtop), ("xor", .xor), ("plusL", .plusLighter), ("plusD", .plusDarker),
    ]

    /// Source and backdrop colours (straight alpha; `nil`: no backdrop) covering opaque and
    /// translucent sources and backdrops.
    static let colorPairs: [(CGColor, CGColor?)] = [
        (color(0.9, 0.3, 0.15), color(0.2, 0.6, 0.8)),
        (color(0.25, 0.8, 0.5, 0.6), color(0.7, 0.35, 0.9)),
        (color(0.6, 0.1, 0.9, 0.7), color(0.95, 0.85, 0.1, 0.5)),
        (color(0.4, 0.4, 0.4), color(0.1, 0.9, 0.3, 0.4)),
        (color(0.3, 0.7, 0.2, 0.8), nil),
    ]

    /// A colour as the compositor stores it: premultiplied, rounded to 8 bits.
    private static func stored(_ color: CGColor?) -> CompositingReference.RGBA {
        guard let c = color?.components, c.count == 4 else { return (0, 0, 0, 0) }
        func q(_ v: CGFloat) -> Double { (Double(v) * 255).rounded() / 255 }
        return (q(c[0] * c[3]), q(c[1] * c[3]), q(c[2] * c[3]), q(c[3]))
    }

    /// Each mode, over each backdrop, gives W3C's composite of the stored colours within 2/255
    /// (one rounding per pass; multiply takes two).
    @Test(arguments: modeNames)
    func everyModeMatchesTheW3CFormula(name: String, mode: CGBlendMode) throws {
        for (source, backdrop) in Self.colorPairs {
            let root = Self.layer(CGRect(x: 0, y: 0, width: 8, height: 8), nil)
            root.addSublayer(Self.layer(root.bounds, backdrop))
            root.addSublayer(Self.layer(root.bounds, source, filter: name))
            let actual = Self.pixel(try Self.render(root), 4, 4)
            let e = CompositingReference.composite(mode, Self.stored(source), over: Self.stored(backdrop))
            let expected = [e.r, e.g, e.b, e.a].map { Int(($0 * 255).rounded()) }
            #expect(Self.close(actual, expected), "\(name): \(source) over \(String(describing: backdrop))")
        }
    }

    /// Values worked out by hand from the formulas (opaque unless stated).
    @Test func referenceValues() throws {
        func blended(_ source: CGColor, over backdrop: CGColor, _ filter: String) throws -> [Int] {
            let root = Self.layer(CGRect(x: 0, y: 0, width: 8, height: 8), nil)
            root.addSublayer(Self.layer(root.bounds, backdrop))
            root.addSublayer(Self.layer(root.bounds, source, filter: filter))
            return Self.pixel(try Self.render(root), 4, 4)
        }
        // multiply: (1, 0.5, 0) × (0.4, 0.8, 1) = (0.4, 0.4, 0)
        #expect(
            Self.close(
                try blended(Self.color(1, 0.5, 0), over: Self.color(0.4, 0.8, 1), "multiplyBlendMode"),
                [102, 102, 0, 255]))
        // screen: 0.5 + b − 0.5·b over (0.4, 0.8, 0) = (0.7, 0.9, 0.5)
        #expect(
            Self.close(
                try blended(Self.color(0.5, 0.5, 0.5), over: Self.color(0.4, 0.8, 0), "screenBlendMode"),
                [179, 230, 128, 255]))
        // difference: |(1, 0.2, 0.6) − (0.4, 0.8, 0.6)| = (0.6, 0.6, 0)
        #expect(
            Self.close(
                try blended(Self.color(1, 0.2, 0.6), over: Self.color(0.4, 0.8, 0.6), "differenceBlendMode"),
                [153, 153, 0, 255]))
        // hue: blue's hue with (0.8, 0.4, 0.4)'s saturation 0.4 and luminosity 0.52:
        // SetSat → (0, 0, 0.4), SetLum → (0.476, 0.476, 0.876)
        #expect(
            Self.close(
                try blended(Self.color(0, 0, 1), over: Self.color(0.8, 0.4, 0.4), "hueBlendMode"),
                [121, 121, 223, 255]))
        // luminosity: red with gray 0.5's luminosity: (1.2, 0.2, 0.2) clipped about 0.5 →
        // (1, 0.2857, 0.2857)
        #expect(
            Self.close(
                try blended(Self.color(0.5, 0.5, 0.5), over: Self.color(1, 0, 0), "luminosityBlendMode"),
                [255, 73, 73, 255]))
        // plusD: max(0, s + b − 1) = (0.4, 0, 0.1)
        #expect(
            Self.close(
                try blended(Self.color(0.6, 0.6, 0.6), over: Self.color(0.8, 0.2, 0.5), "plusD"),
                [102, 0, 26, 255]))
        // multiply, translucent red over blue: the blue shows through half, the product is 0
        #expect(
            Self.close(
                try blended(Self.color(1, 0, 0, 0.5), over: Self.color(0, 0, 1), "multiplyBlendMode"),
                [0, 0, 128, 255]))
        // sourceIn over half-transparent black: the source times the backdrop's alpha
        #expect(
            Self.close(
                try blended(Self.color(0, 1, 0), over: Self.color(0, 0, 0, 0.5), "sourceIn"),
                [0, 128, 0, 128]))
    }

    /// Core Image's names and the `CGBlendMode` spellings draw exactly what Core Animation's do.
    @Test(arguments: [
        ("multiplyBlendMode", "CIMultiplyBlendMode"), ("hueBlendMode", "CIHueBlendMode"),
        ("colorDodgeBlendMode", "CIColorDodgeBlendMode"), ("sourceAtop", "CISourceAtopCompositing"),
        ("sourceIn", "CISourceInCompositing"), ("sourceOut", "CISourceOutCompositing"),
        ("plusL", "CIAdditionCompositing"), ("plusL", "plusLighter"), ("plusD", "plusDarker"),
        ("destIn", "destinationIn"), ("destOut", "destinationOut"), ("destOver", "destinationOver"),
        ("destAtop", "destinationAtop"), ("sourceOver", "CISourceOverCompositing"),
        ("sourceOver", "normalBlendMode"),
    ])
    func spellingsAgree(name: String, alias: String) throws {
        func image(_ filter: String) throws -> [UInt8] {
            let root = Self.layer(CGRect(x: 0, y: 0, width: 8, height: 8), nil)
            root.addSublayer(Self.layer(root.bounds, Self.color(0.7, 0.35, 0.9, 0.8)))
            root.addSublayer(
                Self.layer(
                    CGRect(x: 2, y: 2, width: 4, height: 4), Self.color(0.2, 0.9, 0.4, 0.6), filter: filter))
            return try #require(try Self.render(root).premultipliedRGBA8Pixels())
        }
        #expect(try image(name) == image(alias))
    }

    /// An unknown name, or a value that is not a name, is reported once and drawn as source-over.
    @Test func unknownFiltersAreReportedAndDrawnNormally() throws {
        func image(_ filter: Any?) throws -> [UInt8] {
            let root = Self.layer(CGRect(x: 0, y: 0, width: 8, height: 8), nil)
            root.addSublayer(Self.layer(root.bounds, Self.color(1, 0, 0)))
            root.addSublayer(
                Self.layer(CGRect(x: 2, y: 2, width: 4, height: 4), Self.color(0, 0, 1, 0.5), filter: filter))
            return try #require(try Self.render(root).premultipliedRGBA8Pixels())
        }
        let normal = try image(nil)
        #expect(try image("fooBlendMode") == normal)
        #expect(try image("MultiplyBlendMode") == normal)  // names are case-sensitive
        #expect(try image(42) == normal)
        let messages = CompatibilityWarnings.messages
        #expect(messages.contains { $0.contains("unknown filter \"fooBlendMode\"") })
        #expect(messages.contains { $0.contains("compositingFilter: a value of type Int is not applied") })
    }

    /// The backdrop is what the nearest enclosing group holds so far: a mask, a rasterized
    /// layer and group opacity each isolate their sublayers from what lies behind them, while a
    /// sibling drawn earlier in the group is blended with.
    @Test func theBackdropIsTheEnclosingGroup() throws {
        enum Group { case none, mask, rasterized, opacity }
        func scene(_ group: Group, greenSibling: Bool = false) throws -> [Int] {
            let root = Self.layer(CGRect(x: 0, y: 0, width: 8, height: 8), Self.color(1, 0, 0))
            let parent = Self.layer(root.bounds, nil)
            switch group {
            case .none: break
            case .mask: parent.mask = Self.layer(root.bounds, Self.color(0, 0, 0))
            case .rasterized: parent.shouldRasterize = true
            case .opacity: parent.opacity = 0.5
            }
            if greenSibling { parent.addSublayer(Self.layer(root.bounds, Self.color(0, 1, 0))) }
            parent.addSublayer(Self.layer(root.bounds, Self.color(0.2, 0.6, 1), filter: "multiplyBlendMode"))
            root.addSublayer(parent)
            return Self.pixel(try Self.render(root), 4, 4)
        }
        // Without a group, the red root is the backdrop: (0.2·1, 0.6·0, 1·0).
        #expect(Self.close(try scene(.none), [51, 0, 0, 255]))
        // In a group the backdrop is transparent, so the layer shows as it is, over red.
        #expect(Self.close(try scene(.mask), [51, 153, 255, 255]))
        #expect(Self.close(try scene(.rasterized), [51, 153, 255, 255]))
        // Group opacity 0.5: (0.2, 0.6, 1) at half over red = (0.6, 0.3, 0.5).
        #expect(Self.close(try scene(.opacity), [153, 77, 128, 255]))
        // A sibling drawn before it in the group is its backdrop: green × (0.2, 0.6, 1).
        #expect(Self.close(try scene(.mask, greenSibling: true), [0, 153, 0, 255]))
    }

    /// The layer's parts and sublayers form one group before the mode applies, at its opacity:
    /// a white sublayer multiplies to the backdrop unchanged, however blue the layer under it.
    @Test func theLayerIsBlendedAsOneGroupWithItsOpacity() throws {
        let root = Self.layer(CGRect(x: 0, y: 0, width: 8, height: 8), Self.color(0.5, 0.5, 0.5))
        let layer = Self.layer(root.bounds, Self.color(0, 0, 1), filter: "multiplyBlendMode")
        layer.addSublayer(Self.layer(CGRect(x: 0, y: 0, width: 4, height: 8), Self.color(1, 1, 1)))
        root.addSublayer(layer)
        let image = try Self.render(root)
        #expect(Self.close(Self.pixel(image, 2, 4), [128, 128, 128, 255]))
        #expect(Self.close(Self.pixel(image, 6, 4), [0, 0, 128, 255]))

        // Opacity 0.5, multiply, (0.2, 0.6, 1) over (1, 1, 0): b·0.5 + 0.5·(0.2, 0.6, 0).
        let second = Self.layer(CGRect(x: 0, y: 0, width: 8, height: 8), Self.color(1, 1, 0))
        let translucent = Self.layer(second.bounds, Self.color(0.2, 0.6, 1), filter: "multiplyBlendMode")
        translucent.opacity = 0.5
        second.addSublayer(translucent)
        #expect(Self.close(Self.pixel(try Self.render(second), 4, 4), [153, 204, 0, 255]))
    }

    /// A blended layer drawn from its rasterized bitmap, or through its mask, blends as when drawn
    /// directly; a blended layer inside another blends within the outer one's group; a sublayer
    /// of a transform layer blends with what its 3D context drew before it.
    @Test func blendingThroughTheOtherDrawingPaths() throws {
        func scene(_ configure: (CALayer) -> Void) throws -> [UInt8] {
            let root = Self.layer(CGRect(x: 0, y: 0, width: 16, height: 16), Self.color(0.5, 0.5, 0.5))
            let layer = Self.layer(
                CGRect(x: 2, y: 2, width: 12, height: 12), Self.color(1, 0.5, 0), filter: "hueBlendMode")
            layer.addSublayer(
                Self.layer(CGRect(x: 0, y: 0, width: 6, height: 12), Self.color(0.1, 0.3, 0.9, 0.7)))
            configure(layer)
            root.addSublayer(layer)
            return try #require(try Self.render(root, size: 16).premultipliedRGBA8Pixels())
        }
        func worst(_ a: [UInt8], _ b: [UInt8]) -> Int {
            zip(a, b).map { abs(Int($0) - Int($1)) }.max() ?? 255
        }
        let plain = try scene { _ in }
        #expect(worst(try scene { $0.shouldRasterize = true }, plain) <= 1)
        #expect(
            worst(
                try scene {
                    $0.mask = Self.layer(CGRect(x: 0, y: 0, width: 12, height: 12), Self.color(0, 0, 0))
                }, plain) <= 1)

        // Screen over grey 0.5 of a group in which a half-width sublayer multiplied (1, 0.5, 0)
        // with the outer layer's (0.2, 0.4, 0.6): (0.2, 0.2, 0) screened → (0.6, 0.6, 0.5); the
        // other half (0.2, 0.4, 0.6) screened → (0.6, 0.7, 0.8).
        let root = Self.layer(CGRect(x: 0, y: 0, width: 8, height: 8), Self.color(0.5, 0.5, 0.5))
        let outer = Self.layer(root.bounds, Self.color(0.2, 0.4, 0.6), filter: "screenBlendMode")
        outer.addSublayer(
            Self.layer(
                CGRect(x: 0, y: 0, width: 4, height: 8), Self.color(1, 0.5, 0), filter: "multiplyBlendMode"))
        root.addSublayer(outer)
        let nested = try Self.render(root)
        #expect(Self.close(Self.pixel(nested, 2, 4), [153, 153, 128, 255]))
        #expect(Self.close(Self.pixel(nested, 6, 4), [153, 179, 204, 255]))

        // In a transform layer, the nearer sublayer (drawn last) multiplies the green one.
        let base = Self.layer(CGRect(x: 0, y: 0, width: 8, height: 8), Self.color(1, 0, 0))
        let context = CATransformLayer()
        context.frame = base.bounds
        let near = Self.layer(base.bounds, Self.color(0.2, 0.6, 1), filter: "multiplyBlendMode")
        near.zPosition = 10
        context.addSublayer(near)
        context.addSublayer(Self.layer(base.bounds, Self.color(0, 1, 0)))
        base.addSublayer(context)
        #expect(Self.close(Self.pixel(try Self.render(base), 4, 4), [0, 153, 0, 255]))
    }

    /// Everything a blended layer draws is blended, also beyond its bounds and sublayers'
    /// frames: an overflowing contents image, a shape's path, a shadow.
    @Test func theBlendReachesEverythingTheLayerDraws() throws {
        func blended(_ build: (CALayer) throws -> Void) throws -> CGImage {
            let root = Self.layer(CGRect(x: 0, y: 0, width: 64, height: 64), Self.color(1, 1, 1))
            let layer = Self.layer(
                CGRect(x: 16, y: 16, width: 8, height: 8), nil, filter: "differenceBlendMode")
            try build(layer)
            root.addSublayer(layer)
            return try Self.render(root, size: 64)
        }
        // A 48-point red image centred on an 8-point layer covers (−4, −4)–(44, 44).
        let image = try blended { layer in
            let context = try makeImageContext(width: 48, height: 48)
            context.setFillColor(Self.color(1, 0, 0))
            context.fill(CGRect(x: 0, y: 0, width: 48, height: 48))
            layer.contents = try #require(context.makeImage())
            layer.contentsGravity = .center
        }
        #expect(Self.pixel(image, 4, 4) == [0, 255, 255, 255])  // |white − red|
        #expect(Self.pixel(image, 50, 50) == [255, 255, 255, 255])
        // A shape sublayer's path far outside both frames.
        let shaped = try blended { layer in
            let shape = CAShapeLayer()
            shape.path = CGPath(rect: CGRect(x: 24, y: 24, width: 16, height: 16), transform: nil)
            shape.fillColor = Self.color(0, 0, 1)
            layer.addSublayer(shape)
        }
        #expect(Self.pixel(shaped, 48, 48) == [255, 255, 0, 255])  // |white − blue|
        // A hard shadow 30 points away.
        let shadowed = try blended { layer in
            layer.backgroundColor = Self.color(0, 0, 0)
            layer.shadowColor = Self.color(0, 0, 1)
            layer.shadowOpacity = 1
            layer.shadowRadius = 0
            layer.shadowOffset = CGSize(width: 30, height: 30)
        }
        #expect(Self.pixel(shadowed, 50, 50) == [255, 255, 0, 255])
        #expect(Self.pixel(shadowed, 20, 20) == [255, 255, 255, 255])  // |white − black|
        // A sublayer whose animation moves it 30 points out, measured where it is this frame
        // (after a frame that drew it inside the bounds).
        let start: CFTimeInterval = 1_000
        let root = Self.layer(CGRect(x: 0, y: 0, width: 64, height: 64), Self.color(1, 1, 1))
        let layer = Self.layer(CGRect(x: 16, y: 16, width: 8, height: 8), nil, filter: "differenceBlendMode")
        let dot = Self.layer(CGRect(x: 0, y: 0, width: 8, height: 8), Self.color(0, 0, 1))
        let animation = CABasicAnimation(keyPath: "position")
        animation.fromValue = CGPoint(x: 4, y: 4)
        animation.toValue = CGPoint(x: 34, y: 34)
        animation.beginTime = start
        animation.duration = 1
        animation.fillMode = .both
        animation.isRemovedOnCompletion = false
        dot.add(animation, forKey: "move")
        layer.addSublayer(dot)
        root.addSublayer(layer)
        let renderer = try CARenderer(layer: root, size: CGSize(width: 64, height: 64))
        _ = renderer.image(atTime: start)
        let moved = try #require(renderer.image(atTime: start + 1))
        #expect(Self.pixel(moved, 50, 50) == [255, 255, 0, 255])  // the dot at (46, 46)–(54, 54)
        #expect(Self.pixel(moved, 20, 20) == [255, 255, 255, 255])
    }

    /// A mode that changes the backdrop under a transparent source (`copy` here) applies over
    /// the layer's extent only — the box of its bounds and its sublayers' frames — and the
    /// backdrop outside it is untouched; the others leave the backdrop where the layer is clear.
    @Test func clearingModesApplyOverTheLayersExtent() throws {
        let root = Self.layer(CGRect(x: 0, y: 0, width: 64, height: 64), Self.color(1, 0, 0))
        let layer = Self.layer(
            CGRect(x: 16, y: 16, width: 24, height: 24), Self.color(0, 0, 1, 0.5), filter: "copy")
        layer.addSublayer(Self.layer(CGRect(x: 28, y: 28, width: 12, height: 12), Self.color(0, 1, 0)))
        root.addSublayer(layer)
        let image = try Self.render(root, size: 64)
        #expect(Self.close(Self.pixel(image, 20, 20), [0, 0, 128, 128]))  // in the bounds
        #expect(Self.close(Self.pixel(image, 50, 50), [0, 255, 0, 255]))  // in the sublayer
        #expect(Self.pixel(image, 50, 20) == [0, 0, 0, 0])  // in the extent, nothing drawn: copied clear
        #expect(Self.pixel(image, 8, 8) == [255, 0, 0, 255])  // outside: untouched
        #expect(Self.pixel(image, 60, 30) == [255, 0, 0, 255])

        let second = Self.layer(CGRect(x: 0, y: 0, width: 64, height: 64), Self.color(1, 0, 0))
        second.addSublayer(Self.layer(CGRect(x: 16, y: 16, width: 24, height: 24), nil, filter: "destOut"))
        #expect(Self.pixel(try Self.render(second, size: 64), 20, 20) == [255, 0, 0, 255])
    }

    /// Layers that draw nothing blend nothing: a hidden layer or one at opacity 0 clears
    /// nothing; a transform layer ignores its filter (Apple's header), its sublayers drawn as usual.
    @Test func ignoredFilters() throws {
        for configure in [{ (l: CALayer) in l.isHidden = true }, { (l: CALayer) in l.opacity = 0 }] {
            let root = Self.layer(CGRect(x: 0, y: 0, width: 8, height: 8), Self.color(1, 0, 0))
            let layer = Self.layer(root.bounds, Self.color(0, 1, 0), filter: "clear")
            configure(layer)
            root.addSublayer(layer)
            #expect(Self.pixel(try Self.render(root), 4, 4) == [255, 0, 0, 255])
        }
        let root = Self.layer(CGRect(x: 0, y: 0, width: 8, height: 8), Self.color(1, 0, 0))
        let transformLayer = CATransformLayer()
        transformLayer.frame = root.bounds
        transformLayer.compositingFilter = "clear"
        transformLayer.addSublayer(Self.layer(CGRect(x: 0, y: 0, width: 4, height: 8), Self.color(0, 0, 1)))
        root.addSublayer(transformLayer)
        let image = try Self.render(root)
        #expect(Self.pixel(image, 2, 4) == [0, 0, 255, 255])
        #expect(Self.pixel(image, 6, 4) == [255, 0, 0, 255])
    }

    /// An enclosing `masksToBounds` clips the composite, whether the mode blends by fixed
    /// function or in a shader.
    @Test(arguments: ["differenceBlendMode", "xor", "copy"])
    func enclosingClipsApply(filter: String) throws {
        let root = Self.layer(CGRect(x: 0, y: 0, width: 16, height: 16), Self.color(1, 1, 1))
        let clip = Self.layer(CGRect(x: 0, y: 0, width: 8, height: 16), nil)
        clip.masksToBounds = true
        clip.addSublayer(
            Self.layer(CGRect(x: 0, y: 0, width: 16, height: 16), Self.color(0, 0.4, 1), filter: filter))
        root.addSublayer(clip)
        let image = try Self.render(root, size: 16)
        #expect(Self.pixel(image, 12, 8) == [255, 255, 255, 255])
        #expect(Self.pixel(image, 4, 8) != [255, 255, 255, 255])
    }

    /// A rasterized layer's bitmap is redrawn when a sublayer's filter changes.
    @Test func rasterizedBitmapsFollowASublayersFilter() throws {
        let root = Self.layer(CGRect(x: 0, y: 0, width: 8, height: 8), nil)
        let card = Self.layer(root.bounds, Self.color(0.5, 0.5, 0.5))
        card.shouldRasterize = true
        let child = Self.layer(root.bounds, Self.color(1, 0, 0))
        card.addSublayer(child)
        root.addSublayer(card)
        let renderer = try CARenderer(layer: root, size: CGSize(width: 8, height: 8))
        #expect(CARendererTests.pixel(try #require(renderer.image(atTime: 0)), 4, 4) == [255, 0, 0, 255])
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        child.compositingFilter = "multiplyBlendMode"
        CATransaction.commit()
        let image = try #require(renderer.image(atTime: 0))
        #expect(Self.close(Self.pixel(image, 4, 4), [128, 0, 0, 255]))
        #expect(renderer.rasterizationCount == 2)
    }

    /// `render(in:)`: sublayers blend within the tree's rendering, and the layer's own filter
    /// blends it into what the context holds (through Cairo's operator).
    @Test func renderInContextHonoursFilters() throws {
        let context = try makeImageContext(width: 8, height: 8)
        context.setFillColor(Self.color(0.5, 0.5, 0.5))
        context.fill(CGRect(x: 0, y: 0, width: 8, height: 8))
        let layer = Self.layer(
            CGRect(x: 0, y: 0, width: 8, height: 8), Self.color(1, 0.5, 0), filter: "multiplyBlendMode")
        layer.addSublayer(
            Self.layer(
                CGRect(x: 0, y: 0, width: 4, height: 8), Self.color(1, 1, 1), filter: "differenceBlendMode"))
        layer.render(in: context)
        let image = try #require(context.makeImage())
        // Right: (1, 0.5, 0) × 0.5. Left: |white − (1, 0.5, 0)| = (0, 0.5, 1), × 0.5.
        #expect(Self.close(Self.pixel(image, 6, 4), [128, 64, 0, 255]))
        #expect(Self.close(Self.pixel(image, 2, 4), [0, 64, 128, 255]))
        #expect(context.blendMode == .normal)  // the context's state is restored
    }
}
