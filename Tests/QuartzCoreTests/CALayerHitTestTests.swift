import QuartzCore
import Testing

/// hitTest(_:) and contains(_:), Apple's `CALayer` header and rulings R8 and L4.
@Suite struct CALayerHitTestTests {
    /// root (0,0,300,300) ⊃ a (10,10,100,100) ⊃ a1 (20,20,30,30); root ⊃ b (50,50,100,100) above a.
    private func makeTree() -> (root: CALayer, a: CALayer, a1: CALayer, b: CALayer) {
        let root = makeLayer("root", frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let a = makeLayer("a", frame: CGRect(x: 10, y: 10, width: 100, height: 100))
        let a1 = makeLayer("a1", frame: CGRect(x: 20, y: 20, width: 30, height: 30))
        let b = makeLayer("b", frame: CGRect(x: 50, y: 50, width: 100, height: 100))
        root.addSublayer(a)
        a.addSublayer(a1)
        root.addSublayer(b)
        return (root, a, a1, b)
    }

    @Test func containsUsesBoundsWithExclusiveMaxEdges() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 10, y: 10, width: 20, height: 20)
        #expect(layer.contains(CGPoint(x: 10, y: 10)))
        #expect(layer.contains(CGPoint(x: 29.5, y: 29.5)))
        #expect(!layer.contains(CGPoint(x: 30, y: 15)))
        #expect(!layer.contains(CGPoint(x: 5, y: 15)))
        #expect(!layer.contains(CGPoint(x: CGFloat.nan, y: 15)))
    }

    @Test func deepestFrontmostLayerWins() {
        let t = makeTree()
        #expect(t.root.hitTest(CGPoint(x: 35, y: 35)) === t.a1)
        #expect(t.root.hitTest(CGPoint(x: 15, y: 15)) === t.a)
        // b is above a where they overlap.
        #expect(t.root.hitTest(CGPoint(x: 70, y: 70)) === t.b)
        #expect(t.root.hitTest(CGPoint(x: 200, y: 250)) === t.root)
        #expect(t.root.hitTest(CGPoint(x: 400, y: 10)) == nil)
    }

    /// hitTest's point is in the receiver's superlayer's coordinates.
    @Test func pointIsInTheSuperlayersSpace() {
        let t = makeTree()
        t.root.position = CGPoint(x: 1150, y: 1150)  // root's frame is now (1000, 1000, 300, 300)
        #expect(t.root.hitTest(CGPoint(x: 35, y: 35)) == nil)
        #expect(t.root.hitTest(CGPoint(x: 1035, y: 1035)) === t.a1)
        #expect(t.a.hitTest(CGPoint(x: 35, y: 35)) === t.a1)
    }

    @Test func zPositionDoesNotChangeHitOrder() {
        let t = makeTree()
        t.a.zPosition = 100
        #expect(t.root.hitTest(CGPoint(x: 70, y: 70)) === t.b)
    }

    @Test func hiddenLayersAndTheirSubtreesAreSkipped() {
        let t = makeTree()
        t.b.isHidden = true
        #expect(t.root.hitTest(CGPoint(x: 70, y: 70)) === t.a)
        t.a.isHidden = true
        #expect(t.root.hitTest(CGPoint(x: 35, y: 35)) === t.root)
        t.root.isHidden = true
        #expect(t.root.hitTest(CGPoint(x: 200, y: 200)) == nil)
    }

    /// Sublayers outside their parent's bounds are found unless the parent masks to bounds.
    @Test func sublayersOutsideTheParentAreFoundUnlessMasked() {
        let t = makeTree()
        let outside = makeLayer("outside", frame: CGRect(x: 150, y: 150, width: 20, height: 20))
        t.a.addSublayer(outside)
        #expect(t.root.hitTest(CGPoint(x: 165, y: 165)) === outside)
        t.a.masksToBounds = true
        #expect(t.root.hitTest(CGPoint(x: 165, y: 165)) === t.root)
        #expect(t.root.hitTest(CGPoint(x: 35, y: 35)) === t.a1)
    }

    @Test func theMaskLimitsHits() {
        let t = makeTree()
        let mask = makeLayer("mask", frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        t.b.mask = mask
        // b spans (50…150); its mask keeps only (50…100).
        #expect(t.root.hitTest(CGPoint(x: 60, y: 60)) === t.b)
        #expect(t.root.hitTest(CGPoint(x: 120, y: 120)) === t.root)
        // A point outside b but inside a: a is found beneath the masked part.
        #expect(t.root.hitTest(CGPoint(x: 105, y: 105)) === t.a)
    }

    @Test func transformedLayersAreHitInTheirTransformedShape() {
        let root = makeLayer("root", frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        let bar = CALayer()
        bar.name = "bar"
        bar.bounds = CGRect(x: 0, y: 0, width: 200, height: 20)
        bar.position = CGPoint(x: 200, y: 200)
        bar.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        root.addSublayer(bar)
        #expect(root.hitTest(CGPoint(x: 200, y: 120)) === bar)
        #expect(root.hitTest(CGPoint(x: 280, y: 200)) === root)
    }

    @Test func overridingContainsChangesHitTesting() {
        final class RoundLayer: CALayer {
            override func contains(_ p: CGPoint) -> Bool {
                let dx = p.x - bounds.midX
                let dy = p.y - bounds.midY
                return dx * dx + dy * dy <= (bounds.width / 2) * (bounds.width / 2)
            }
        }
        let root = makeLayer("root", frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let round = RoundLayer()
        round.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        root.addSublayer(round)
        #expect(root.hitTest(CGPoint(x: 50, y: 50)) === round)
        #expect(root.hitTest(CGPoint(x: 5, y: 5)) === root)
    }
}
