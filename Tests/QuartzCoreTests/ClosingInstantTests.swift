import QuartzCore
import Testing

/// Ruling E27: the instant an active duration closes still shows the end value, fill mode or not,
/// as Apple's snapshots of paused trees show.
@Suite struct ClosingInstantTests {
    /// A layer paused (speed 0) at `time`, under a group whose second child fades opacity from 1
    /// to 0 over [1, 2) with fill mode `removed`.
    private func opacity(pausedAt time: CFTimeInterval) throws -> (presented: Float, pixel: [UInt8]) {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        root.speed = 0
        root.timeOffset = time
        let layer = CALayer()
        layer.frame = root.bounds
        layer.backgroundColor = CGColor(red: 1, green: 1, blue: 0, alpha: 1)
        root.addSublayer(layer)
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1
        fade.toValue = 0
        fade.beginTime = 1
        fade.duration = 1
        let group = CAAnimationGroup()
        group.animations = [fade]
        group.duration = 3
        group.beginTime = 1e-100
        group.fillMode = .both
        group.isRemovedOnCompletion = false
        layer.add(group, forKey: "fade")
        CATransaction.flush()
        let renderer = try CARenderer(layer: root, size: CGSize(width: 20, height: 20))
        let image = try #require(renderer.image(atTime: 0))
        let pixels = try #require(image.premultipliedRGBA8Pixels())
        return (
            try #require(layer.presentation()).opacity,
            Array(pixels[(10 * 20 + 10) * 4..<(10 * 20 + 10) * 4 + 4])
        )
    }

    @Test func aGroupChildShowsItsEndValueAtItsClosingInstant() throws {
        let closing = try opacity(pausedAt: 2)
        #expect(closing.presented == 0)
        #expect(closing.pixel == [0, 0, 0, 0])
        // Just before, nearly faded; just after, removed: the model value.
        #expect(try opacity(pausedAt: 1.999).presented < 0.01)
        let after = try opacity(pausedAt: 2.001)
        #expect(after.presented == 1)
        #expect(after.pixel == [255, 255, 0, 255])
    }
}
