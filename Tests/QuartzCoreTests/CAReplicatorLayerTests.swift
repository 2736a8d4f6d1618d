import QuartzCore
import Testing

@Suite("CAReplicatorLayer and CATransformLayer model")
struct CAReplicatorLayerModelTests {
    @Test func defaultsAreApples() {
        let layer = CAReplicatorLayer()
        #expect(layer.instanceCount == 1)
        #expect(layer.preservesDepth == false)
        #expect(layer.instanceDelay == 0)
        #expect(CATransform3DIsIdentity(layer.instanceTransform))
        #expect(layer.instanceColor?.rgbaComponentsForTest == [1, 1, 1, 1])
        #expect(layer.instanceRedOffset == 0)
        #expect(layer.instanceGreenOffset == 0)
        #expect(layer.instanceBlueOffset == 0)
        #expect(layer.instanceAlphaOffset == 0)
    }

    @Test func defaultValueForKeyReportsNonZeroDefaults() {
        #expect(CAReplicatorLayer.defaultValue(forKey: "instanceCount") as? Int == 1)
        #expect(CAReplicatorLayer.defaultValue(forKey: "instanceTransform") is CATransform3D)
        #expect(CAReplicatorLayer.defaultValue(forKey: "instanceColor") != nil)
        #expect(CAReplicatorLayer.defaultValue(forKey: "instanceDelay") == nil)
        #expect(CAReplicatorLayer.defaultValue(forKey: "instanceAlphaOffset") == nil)
        #expect(CALayer.defaultValue(forKey: "instanceCount") == nil)
    }

    @Test func keyValueCodingReachesEveryProperty() {
        let layer = CAReplicatorLayer()
        layer.setValue(NSNumber(value: 12), forKey: "instanceCount")
        layer.setValue(true, forKey: "preservesDepth")
        layer.setValue(0.25, forKey: "instanceDelay")
        layer.setValue(
            NSValue(caTransform3D: CATransform3DMakeTranslation(10, 0, 0)), forKey: "instanceTransform")
        layer.setValue(CGColor(red: 1, green: 0, blue: 0, alpha: 1), forKey: "instanceColor")
        layer.setValue(-0.1, forKey: "instanceAlphaOffset")
        layer.setValue(NSNumber(value: 0.2), forKey: "instanceRedOffset")
        #expect(layer.instanceCount == 12)
        #expect(layer.preservesDepth)
        #expect(layer.instanceDelay == 0.25)
        #expect(layer.instanceTransform.m41 == 10)
        #expect(layer.instanceColor?.rgbaComponentsForTest == [1, 0, 0, 1])
        #expect(abs(layer.instanceAlphaOffset + 0.1) < 1e-6)
        #expect(abs(layer.instanceRedOffset - 0.2) < 1e-6)
        #expect(layer.value(forKey: "instanceCount") as? Int == 12)
        #expect(layer.value(forKeyPath: "instanceTransform.translation.x") as? CGFloat == 10)
        // A value of the wrong type is ignored.
        layer.setValue("many", forKey: "instanceCount")
        #expect(layer.instanceCount == 12)
        // Keys of the kind are not CALayer's.
        #expect(CALayer().value(forKey: "instanceCount") == nil)
    }

    @Test func presentationCopiesCarryTheValues() {
        let layer = CAReplicatorLayer()
        layer.instanceCount = 5
        layer.instanceGreenOffset = -0.2
        let copy = CAReplicatorLayer(layer: layer)
        #expect(copy.instanceCount == 5)
        #expect(abs(copy.instanceGreenOffset + 0.2) < 1e-6)
    }

    @Test func transformLayerIsALayer() {
        let layer = CATransformLayer()
        let copy = CATransformLayer(layer: layer)
        #expect(copy.bounds == .zero)
        #expect(CATransformLayer.defaultValue(forKey: "opacity") as? Float == 1)
    }
}

extension CGColor {
    /// The colour's red, green, blue and alpha, for comparisons.
    fileprivate var rgbaComponentsForTest: [CGFloat] {
        let c = components ?? []
        return c.count == 2 ? [c[0], c[0], c[0], c[1]] : c
    }
}

extension ManualClockTests {
    @Suite("CAReplicatorLayer animations")
    struct CAReplicatorLayerAnimationTests {
        @Test func instancePropertiesPresentAnimatedValues() throws {
            try withManualClock {
                let replicator = CAReplicatorLayer()
                let root = makeLayer("root", frame: CGRect(x: 0, y: 0, width: 100, height: 100))
                root.addSublayer(replicator)
                CATransaction.flush()
                func linear(_ key: String, from: Any, to: Any) {
                    let animation = CABasicAnimation(keyPath: key)
                    animation.fromValue = from
                    animation.toValue = to
                    animation.duration = 1
                    replicator.add(animation, forKey: key)
                }
                linear(
                    "instanceTransform", from: CATransform3DIdentity,
                    to: CATransform3DMakeTranslation(40, 0, 0))
                linear(
                    "instanceColor", from: CGColor(red: 1, green: 1, blue: 1, alpha: 1),
                    to: CGColor(red: 0, green: 0, blue: 1, alpha: 1))
                linear("instanceAlphaOffset", from: 0, to: -0.5)
                linear("instanceDelay", from: 0, to: 2)
                linear("instanceCount", from: 1, to: 11)
                CATransaction.flush()
                CAMediaClock.advance(by: 0.2)
                let presented = try #require(replicator.presentation())
                #expect(isClose(presented.instanceTransform.m41, 8, 1e-6))
                let color = try #require(presented.instanceColor?.components)
                #expect(isClose(color[0], 0.8, 1e-6) && isClose(color[2], 1, 1e-6))
                #expect(abs(presented.instanceAlphaOffset + 0.1) < 1e-6)
                #expect(isClose(presented.instanceDelay, 0.4, 1e-6))
                #expect(presented.instanceCount == 3)  // 1 + 10 × 0.2
                CAMediaClock.advance(by: 0.05)
                #expect(replicator.presentation()?.instanceCount == 4)  // 3.5, rounded
                #expect(replicator.instanceCount == 1)
                CAMediaClock.advance(by: 1)
                #expect(replicator.presentation()?.instanceCount == 1)
            }
        }

        @Test func everyPropertyButPreservesDepthAnimatesImplicitly() throws {
            try withManualClock {
                let root = makeLayer("root", frame: CGRect(x: 0, y: 0, width: 100, height: 100))
                let replicator = CAReplicatorLayer()
                root.addSublayer(replicator)
                CATransaction.flush()
                replicator.instanceCount = 9
                replicator.preservesDepth = true
                replicator.instanceDelay = 1
                replicator.instanceTransform = CATransform3DMakeScale(2, 2, 1)
                replicator.instanceColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
                replicator.instanceRedOffset = 0.1
                replicator.instanceGreenOffset = 0.1
                replicator.instanceBlueOffset = 0.1
                replicator.instanceAlphaOffset = 0.1
                CATransaction.flush()
                for key in [
                    "instanceCount", "instanceDelay", "instanceTransform", "instanceColor",
                    "instanceRedOffset",
                    "instanceGreenOffset", "instanceBlueOffset", "instanceAlphaOffset",
                ] {
                    #expect(replicator.animation(forKey: key) is CABasicAnimation, "\(key) animates")
                }
                #expect(replicator.animation(forKey: "preservesDepth") == nil)
                CAMediaClock.advance(by: 0.125)
                let count = try #require(replicator.presentation()?.instanceCount)
                #expect(count > 1 && count < 9)
                CAMediaClock.advance(by: 0.2)
                #expect(replicator.presentation()?.instanceCount == 9)
            }
        }
    }
}
