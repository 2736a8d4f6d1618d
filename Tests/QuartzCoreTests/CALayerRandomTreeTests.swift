import QuartzCore
import Testing

/// Seeded random layer trees: conversions round-trip, and `hitTest(_:)` agrees with a brute-force
/// reference that decides each layer on its own from `convert(_:from:)`.
@Suite struct CALayerRandomTreeTests {
    static let seeds: [UInt64] = [1, 2, 3, 42, 2026, 0xC0FFEE]

    /// A random tree of about 20–40 layers, up to depth 4, with random bounds, anchors, 2D
    /// transforms, a few hidden and masksToBounds layers; with `perspective`, mild 3D turns under
    /// a perspective sublayerTransform too.
    static func makeTree(seed: UInt64, perspective: Bool) -> (root: CALayer, all: [CALayer]) {
        var rng = SeededGenerator(seed: seed)
        var all: [CALayer] = []
        func random(_ range: ClosedRange<CGFloat>) -> CGFloat { CGFloat.random(in: range, using: &rng) }
        func build(depth: Int) -> CALayer {
            let layer = CALayer()
            layer.name = "L\(all.count)"
            all.append(layer)
            layer.bounds = CGRect(
                x: random(-20...20), y: random(-20...20), width: random(20...200), height: random(20...200))
            layer.position = CGPoint(x: random(0...300), y: random(0...300))
            layer.anchorPoint = CGPoint(x: random(-0.2...1.2), y: random(-0.2...1.2))
            var t = CATransform3DMakeRotation(random(-3...3), 0, 0, 1)
            t = CATransform3DScale(t, random(0.5...2), random(0.5...2), 1)
            if perspective && depth > 0 {
                t = CATransform3DRotate(t, random(-0.6...0.6), 0, 1, 0)
                t = CATransform3DRotate(t, random(-0.6...0.6), 1, 0, 0)
                layer.zPosition = random(-50...50)
            }
            layer.transform = t
            if perspective && depth < 3 {
                var p = CATransform3DIdentity
                p.m34 = -1 / random(800...2000)
                layer.sublayerTransform = p
            }
            layer.isHidden = depth > 0 && Int.random(in: 0..<10, using: &rng) == 0
            layer.masksToBounds = Int.random(in: 0..<5, using: &rng) == 0
            if depth < 4 {
                for _ in 0..<Int.random(in: 0...(depth == 0 ? 5 : 3), using: &rng) {
                    layer.addSublayer(build(depth: depth + 1))
                }
            }
            return layer
        }
        let root = build(depth: 0)
        return (root, all)
    }

    @Test(arguments: seeds)
    func conversionsRoundTrip(seed: UInt64) {
        let (root, all) = Self.makeTree(seed: seed, perspective: true)
        #expect(root.checkInvariants().isEmpty)
        var rng = SeededGenerator(seed: seed &+ 1)
        for _ in 0..<200 {
            let a = all[Int.random(in: 0..<all.count, using: &rng)]
            let b = all[Int.random(in: 0..<all.count, using: &rng)]
            let p = CGPoint(
                x: CGFloat.random(in: 0...100, using: &rng), y: CGFloat.random(in: 0...100, using: &rng))
            let there = a.convert(p, to: b)
            guard there.x.isFinite, there.y.isFinite, abs(there.x) < 1e6, abs(there.y) < 1e6 else { continue }
            let back = b.convert(there, to: a)
            #expect(
                isClose(back, p, 1e-6), "seed \(seed): \(a.name!) → \(b.name!) → back: \(p) became \(back)")
            let viaFrom = b.convert(p, from: a)
            #expect(isClose(viaFrom, there, 1e-6 * max(1, abs(there.x) + abs(there.y))), "seed \(seed)")
        }
    }

    /// The reference: the first layer, in hit order (sublayers front to back before their parent),
    /// that contains the point, is not hidden, has no hidden ancestor, and is inside every
    /// masksToBounds ancestor — each test made directly in that layer's coordinates.
    static func bruteForceHit(_ root: CALayer, _ p: CGPoint) -> CALayer? {
        var order: [CALayer] = []
        func visit(_ layer: CALayer) {
            for sublayer in (layer.sublayers ?? []).reversed() { visit(sublayer) }
            order.append(layer)
        }
        visit(root)
        func local(_ layer: CALayer) -> CGPoint { layer.convert(p, from: nil) }
        for layer in order where layer.contains(local(layer)) {
            var ok = true
            var current: CALayer? = layer
            while let node = current {
                if node.isHidden { ok = false }
                if node !== layer && node.masksToBounds && !node.contains(local(node)) { ok = false }
                current = node.superlayer
            }
            if ok { return layer }
        }
        return nil
    }

    @Test(arguments: seeds)
    func hitTestAgreesWithBruteForce(seed: UInt64) {
        let (root, _) = Self.makeTree(seed: seed, perspective: false)
        var rng = SeededGenerator(seed: seed &+ 2)
        var hits = 0
        for _ in 0..<500 {
            let p = CGPoint(
                x: CGFloat.random(in: -100...400, using: &rng), y: CGFloat.random(in: -100...400, using: &rng)
            )
            let expected = Self.bruteForceHit(root, p)
            let actual = root.hitTest(p)
            if expected != nil { hits += 1 }
            #expect(
                actual === expected,
                "seed \(seed) at \(p): \(actual?.name ?? "nil") vs \(expected?.name ?? "nil")")
        }
        #expect(hits > 50, "seed \(seed): the sample should hit layers often")
    }
}
