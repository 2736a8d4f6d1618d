import QuartzCore
import Testing

/// The render tree (issue 11): the compositor draws what commits published, keyed by layer
/// identity, never by address; a transition starts from the committed picture of every layer
/// kind; rendering animated frames makes no layer copies.
@Suite struct RenderTreeTests {
    typealias Support = CARendererTests
    static let red = Support.color(1, 0, 0)
    static let blue = Support.color(0, 0, 1)
    static let size = CGSize(width: 64, height: 64)

    /// A new layer is never drawn with a freed layer's state: a red layer at (0, 0) is drawn,
    /// removed and freed, then a blue one at (32, 32) is added, 1,000 times with one renderer (a
    /// freed layer's address is soon reused; its identity never is).
    @Test func aNewLayerIsNeverDrawnWithAFreedLayersState() throws {
        let root = Support.layer(CGRect(origin: .zero, size: Self.size), nil)
        let renderer = try CARenderer(layer: root, size: Self.size)
        var wrong = 0
        for _ in 0..<1000 {
            do {
                let red = Support.layer(CGRect(x: 0, y: 0, width: 16, height: 16), Self.red)
                root.addSublayer(red)
                let first = try #require(renderer.image(atTime: 0))
                #expect(Support.pixel(first, 8, 8) == [255, 0, 0, 255])
                red.removeFromSuperlayer()
            }
            let blue = Support.layer(CGRect(x: 32, y: 32, width: 16, height: 16), Self.blue)
            root.addSublayer(blue)
            let second = try #require(renderer.image(atTime: 0))
            if Support.pixel(second, 40, 40) != [0, 0, 255, 255]
                || Support.pixel(second, 8, 8) != [0, 0, 0, 0]
            {
                wrong += 1
            }
            blue.removeFromSuperlayer()
        }
        #expect(wrong == 0)
    }

    /// A layer of each kind, 40×40 at (12, 12), drawing `colour` over its whole bounds.
    enum Kind: String, CaseIterable, CustomTestStringConvertible {
        case plain, shape, gradient, text, replicator, transform

        var testDescription: String { rawValue }

        func make() -> CALayer {
            let layer: CALayer
            switch self {
            case .plain: layer = CALayer()
            case .shape: layer = CAShapeLayer()
            case .gradient: layer = CAGradientLayer()
            case .text: layer = CATextLayer()
            case .replicator: layer = CAReplicatorLayer()
            case .transform: layer = CATransformLayer()
            }
            layer.frame = CGRect(x: 12, y: 12, width: 40, height: 40)
            if self == .replicator || self == .transform {
                let child = CALayer()
                child.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
                child.backgroundColor = .white
                layer.addSublayer(child)
            }
            return layer
        }

        /// Sets what the layer's own kind draws to `colour`.
        func paint(_ layer: CALayer, _ colour: CGColor) {
            switch self {
            case .plain: layer.backgroundColor = colour
            case .shape:
                (layer as? CAShapeLayer)?.path = CGPath(rect: layer.bounds, transform: nil)
                (layer as? CAShapeLayer)?.fillColor = colour
            case .gradient: (layer as? CAGradientLayer)?.colors = [colour, colour]
            case .text:
                let text = layer as? CATextLayer
                text?.string = "████████"
                text?.font = "DejaVu Sans"
                text?.fontSize = 60
                text?.foregroundColor = colour
            case .replicator: (layer as? CAReplicatorLayer)?.instanceColor = colour
            case .transform: layer.sublayers?.first?.backgroundColor = colour
            }
        }
    }

    /// A fade added in the transaction that repaints a committed layer starts from the picture
    /// last committed — the kind's own values included — and ends at the new one (ruling E18).
    @Test(arguments: Kind.allCases)
    func aTransitionStartsFromTheCommittedPicture(of kind: Kind) throws {
        let root = Support.layer(CGRect(origin: .zero, size: Self.size), nil)
        let layer = kind.make()
        kind.paint(layer, Self.red)
        root.addSublayer(layer)
        CATransaction.flush()
        let now = CACurrentMediaTime() + 86_400
        let fade = CATransition()
        fade.duration = 1
        fade.beginTime = now
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        kind.paint(layer, Self.blue)
        layer.add(fade, forKey: nil)
        CATransaction.commit()
        let renderer = try CARenderer(layer: root, size: Self.size)
        let start = try #require(renderer.image(atTime: now))
        let end = try #require(renderer.image(atTime: now + 1.5))
        // The text's glyphs do not cover the whole box: sample inside the first one.
        let (x, y) = kind == .text ? (20, 40) : (32, 32)
        let before = Support.pixel(start, x, y)
        let after = Support.pixel(end, x, y)
        #expect(before[0] > 200 && before[2] < 55, "before: \(before)")
        #expect(after[2] > 200 && after[0] < 55, "after: \(after)")
    }

    /// Rendering animated frames of every built-in kind — sub-key paths, colours, kind values,
    /// cell key paths — evaluates the render tree without a single `init(layer:)` copy.
    @Test func renderingAnimatedFramesMakesNoLayerCopies() throws {
        let root = Support.layer(CGRect(origin: .zero, size: Self.size), nil)
        var layers: [CALayer] = [root]
        func animate(_ layer: CALayer, _ keyPath: String, from: Any, to: Any) {
            let animation = CABasicAnimation(keyPath: keyPath)
            animation.fromValue = from
            animation.toValue = to
            animation.duration = 10
            layer.add(animation, forKey: keyPath)
        }
        let plain = Support.layer(CGRect(x: 0, y: 0, width: 20, height: 20), Self.red)
        animate(plain, "transform.rotation.z", from: 0, to: 1)
        animate(plain, "backgroundColor", from: Self.red, to: Self.blue)
        animate(plain, "bounds.size.width", from: 10, to: 20)
        let shape = CAShapeLayer()
        shape.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 20, height: 20), transform: nil)
        animate(shape, "strokeEnd", from: 0, to: 1)
        animate(shape, "fillColor", from: Self.red, to: Self.blue)
        let gradient = CAGradientLayer()
        gradient.frame = CGRect(x: 20, y: 0, width: 20, height: 20)
        animate(gradient, "colors", from: [Self.red, Self.blue], to: [Self.blue, Self.red])
        let text = CATextLayer()
        text.frame = CGRect(x: 40, y: 0, width: 20, height: 20)
        text.string = "A"
        animate(text, "foregroundColor", from: Self.red, to: Self.blue)
        animate(text, "fontSize", from: 10, to: 20)
        let replicator = CAReplicatorLayer()
        replicator.addSublayer(Support.layer(CGRect(x: 0, y: 30, width: 5, height: 5), Self.red))
        replicator.instanceCount = 3
        animate(replicator, "instanceTransform.translation.x", from: 0, to: 10)
        animate(replicator, "instanceColor", from: Self.red, to: Self.blue)
        let emitter = CAEmitterLayer()
        let cell = CAEmitterCell()
        cell.name = "dot"
        cell.birthRate = 10
        cell.lifetime = 2
        cell.contents = try EmitterRenderTests.dot()
        emitter.emitterCells = [cell]
        emitter.emitterPosition = CGPoint(x: 32, y: 50)
        animate(emitter, "emitterCells.dot.birthRate", from: 10, to: 20)
        animate(emitter, "birthRate", from: 1, to: 2)
        for layer in [plain, shape, gradient, text, replicator, emitter] {
            root.addSublayer(layer)
            layers.append(layer)
        }
        CATransaction.flush()
        let renderer = try CARenderer(layer: root, size: Self.size)
        let start = CACurrentMediaTime()
        CALayer.copyLog.withLock { $0 = [] }
        for frame in 0..<5 {
            _ = renderer.image(atTime: start + Double(frame) * 0.5)
        }
        let copied = CALayer.copyLog.withLock { log in
            defer { log = nil }
            return log ?? []
        }
        let ours = Set(layers.map(\.layerID))
        #expect(copied.filter(ours.contains).isEmpty)
    }
}
