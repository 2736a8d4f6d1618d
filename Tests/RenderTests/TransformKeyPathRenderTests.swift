import QuartzCore
import Testing

/// The transform sub-key paths as the compositor draws them (ruling T5): a translation given as
/// a point, and a keyframe path on `transform.translation`, move the layer's pixels, with the
/// same picture for every boxing of the pair and no layer copy while frames are drawn.
@Suite struct TransformKeyPathRenderTests {
    typealias Support = CARendererTests
    static let red = Support.color(1, 0, 0)
    static let size = CGSize(width: 64, height: 64)
    static let opaqueRed: [UInt8] = [255, 0, 0, 255]
    static let clear: [UInt8] = [0, 0, 0, 0]

    /// A 64×64 root holding a 16×16 red square at the origin; the animation starts a day from
    /// now, so that the frames' times are fixed whatever the clock says.
    private static func scene(_ animation: CAAnimation) -> (root: CALayer, square: CALayer, start: Double) {
        let root = Support.layer(CGRect(origin: .zero, size: size), nil)
        let square = Support.layer(CGRect(x: 0, y: 0, width: 16, height: 16), red)
        root.addSublayer(square)
        let start = CACurrentMediaTime() + 86_400
        animation.beginTime = start
        square.add(animation, forKey: "move")
        CATransaction.flush()
        return (root, square, start)
    }

    /// The `init(layer:)` copies of `layer` that drawing `body` made.
    private static func copies(of layer: CALayer, _ body: () -> Void) -> Int {
        CALayer.copyLog.withLock { $0 = [] }
        body()
        let log = CALayer.copyLog.withLock { log in
            defer { log = nil }
            return log ?? []
        }
        return log.filter { $0 == layer.layerID }.count
    }

    /// Every boxing of the pair Apple's code passes for `transform.translation`.
    static let pairBoxings: [String] = ["CGPoint", "NSValue(point)", "CGSize", "NSValue(size)"]

    private static func box(_ boxing: String, _ x: CGFloat, _ y: CGFloat) -> Any {
        switch boxing {
        case "CGPoint": return CGPoint(x: x, y: y)
        case "NSValue(point)": return NSValue(point: CGPoint(x: x, y: y))
        case "CGSize": return CGSize(width: x, height: y)
        default: return NSValue(size: CGSize(width: x, height: y))
        }
    }

    /// From (0, 0) to (32, 16) in 1 s, linearly: half way the square covers (16, 8)–(32, 24).
    @Test(arguments: pairBoxings)
    func translationByAPairMovesThePixels(boxing: String) throws {
        let animation = CABasicAnimation(keyPath: "transform.translation")
        animation.fromValue = Self.box(boxing, 0, 0)
        animation.toValue = Self.box(boxing, 32, 16)
        animation.duration = 1
        let (root, square, start) = Self.scene(animation)
        let renderer = try CARenderer(layer: root, size: Self.size)
        var half: CGImage?
        var end: CGImage?
        let copied = Self.copies(of: square) {
            half = renderer.image(atTime: start + 0.5)
            end = renderer.image(atTime: start + 0.999)
        }
        #expect(copied == 0)
        let middle = try #require(half)
        #expect(Support.pixel(middle, 24, 16) == Self.opaqueRed)
        #expect(Support.pixel(middle, 4, 4) == Self.clear)
        #expect(Support.pixel(middle, 34, 20) == Self.clear)
        let late = try #require(end)
        #expect(Support.pixel(late, 40, 20) == Self.opaqueRed)
        #expect(Support.pixel(late, 24, 12) == Self.clear)
    }

    /// Along (0, 0) → (40, 0) → (40, 40) in 2 s: at 1.5 s the translation is (40, 20), so the
    /// square covers (40, 20)–(56, 36); at 0.5 s (20, 0).
    @Test func keyframePathOnTheTranslationMovesThePixels() throws {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addLine(to: CGPoint(x: 40, y: 0))
        path.addLine(to: CGPoint(x: 40, y: 40))
        let animation = CAKeyframeAnimation(keyPath: "transform.translation")
        animation.path = path
        animation.duration = 2
        let (root, square, start) = Self.scene(animation)
        let renderer = try CARenderer(layer: root, size: Self.size)
        var images: [CGImage?] = []
        let copied = Self.copies(of: square) {
            for t in [0.5, 1.5] { images.append(renderer.image(atTime: start + t)) }
        }
        #expect(copied == 0)
        let frames = try images.map { try #require($0) }
        #expect(Support.pixel(frames[0], 28, 8) == Self.opaqueRed)
        #expect(Support.pixel(frames[0], 8, 8) == Self.clear)
        #expect(Support.pixel(frames[1], 48, 28) == Self.opaqueRed)
        #expect(Support.pixel(frames[1], 48, 8) == Self.clear)
        #expect(Support.pixel(frames[1], 8, 8) == Self.clear)
    }

    /// The same path on `position` (moving the square's centre from (8, 8)) draws the same
    /// frames as on `transform.translation`, which moves it by the path's point.
    @Test func aPathOnTheTranslationDrawsAsTheSamePathOnPosition() throws {
        func frame(_ keyPath: String, offset: CGFloat) throws -> CGImage {
            let path = CGMutablePath()
            path.move(to: CGPoint(x: offset, y: offset))
            path.addQuadCurve(
                to: CGPoint(x: 40 + offset, y: 30 + offset), control: CGPoint(x: 45 + offset, y: offset))
            let animation = CAKeyframeAnimation(keyPath: keyPath)
            animation.path = path
            animation.duration = 1
            let (root, _, start) = Self.scene(animation)
            let renderer = try CARenderer(layer: root, size: Self.size)
            return try #require(renderer.image(atTime: start + 0.625))
        }
        let translated = try frame("transform.translation", offset: 0)
        let positioned = try frame("position", offset: 8)
        let a = try #require(translated.premultipliedRGBA8Pixels())
        let b = try #require(positioned.premultipliedRGBA8Pixels())
        #expect(a.count == b.count)
        #expect(zip(a, b).filter { $0 != $1 }.count == 0, "bytes that differ")
        #expect(a.contains(255))
    }
}
