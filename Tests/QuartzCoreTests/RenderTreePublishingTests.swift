import QuartzCore
import Testing

/// Commits publish render trees (issue 11): a node holds what was committed, never what the
/// model did later; unchanged subtrees are shared; identities are never reused.
@Suite struct RenderTreePublishingTests {
    @Test func aCommitPublishesAndLaterChangesWaitForTheNextOne() throws {
        let root = CALayer()
        let child = CAShapeLayer()
        child.fillColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        root.addSublayer(child)
        #expect(root.renderNode == nil)
        CATransaction.flush()
        let first = try #require(root.renderNode)
        #expect(first.sublayers.count == 1)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        child.fillColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        child.position = CGPoint(x: 5, y: 6)
        // Not committed yet: the published tree still holds the committed values.
        let committed = first.sublayers.first?.values.value(forKeyPath: "fillColor") as? CGColor
        #expect(committed?.components == [1, 0, 0, 1])
        #expect(root.renderNode === first)
        CATransaction.commit()
        let second = try #require(root.renderNode)
        #expect(second !== first)
        let node = try #require(second.sublayers.first)
        #expect((node.values.value(forKeyPath: "fillColor") as? CGColor)?.components == [0, 0, 1, 1])
        #expect(node.state.position == CGPoint(x: 5, y: 6))
        #expect(node.id == child.layerID)
        // The first tree is untouched.
        #expect(first.sublayers.first?.state.position == .zero)
    }

    @Test func unchangedSubtreesAreSharedBetweenTrees() throws {
        let root = CALayer()
        let left = CALayer()
        let right = CALayer()
        right.addSublayer(CALayer())
        root.sublayers = [left, right]
        CATransaction.flush()
        let first = try #require(root.renderNode)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        left.opacity = 0.5
        CATransaction.commit()
        let second = try #require(root.renderNode)
        #expect(second !== first)
        #expect(second.sublayers[0] !== first.sublayers[0])
        #expect(second.sublayers[1] === first.sublayers[1])
        // Nothing changed: nothing is rebuilt.
        CATransaction.flush()
        #expect(root.renderNode === second)
    }

    @Test func identitiesAreNeverReused() {
        var seen = Set<LayerID>()
        for _ in 0..<10_000 {
            #expect(seen.insert(CALayer().layerID).inserted)
        }
    }

    @Test func animationsArePublishedWithTheirBeginTimesResolved() throws {
        try CAMediaClock.withManualTime(at: 100) {
            let layer = CALayer()
            CATransaction.flush()
            let animation = CABasicAnimation(keyPath: "opacity")
            animation.fromValue = 0
            animation.toValue = 1
            animation.duration = 2
            layer.add(animation, forKey: "fade")
            #expect(layer.renderNode?.animations.isEmpty == true)
            CATransaction.flush()
            let node = try #require(layer.renderNode)
            #expect(node.animations.count == 1)
            #expect(node.animations.first?.beginTime == 100)
            #expect(node.isAnimating)
            // Presented from the node at the animation's midpoint.
            let presented = node.presented(atLocalTime: 101)
            #expect(abs(Double(presented.state.opacity) - 0.5) < 1e-6)
        }
    }
}
