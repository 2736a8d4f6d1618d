import QuartzCore
import Testing

extension ManualClockTests {
    /// `presentation()` is made from the last published render tree (ruling RT5): the values,
    /// animations, sublayers and mask "as they were at the start of the current transaction, with
    /// any active animations applied".
    @Suite struct PresentationTreeTests {
        final class GaugeLayer: CALayer {
            @LayerProperty var level: CGFloat = 0
        }

        @Test func uncommittedValuesShowAfterTheCommit() {
            withManualClock {
                let (_, layer) = makeCommittedScene()
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                layer.opacity = 0.25
                layer.position = CGPoint(x: 80, y: 90)
                #expect(layer.presentation()?.opacity == 1)
                #expect(layer.presentation()?.position == CGPoint(x: 50, y: 50))
                CATransaction.commit()
                #expect(layer.presentation()?.opacity == 0.25)
                #expect(layer.presentation()?.position == CGPoint(x: 80, y: 90))
            }
        }

        @Test func animationsApplyOnceCommittedAndUntilTheirRemovalIsCommitted() {
            withManualClock {
                let (_, layer) = makeCommittedScene()
                let fade = CABasicAnimation(keyPath: "opacity")
                fade.fromValue = 0
                fade.toValue = 1
                fade.duration = 2
                layer.add(fade, forKey: "fade")
                #expect(layer.presentation()?.opacity == 1)  // added, not yet committed
                CAMediaClock.advance(by: 0.5)
                #expect(isClose(CGFloat(layer.presentation()?.opacity ?? -1), 0.25))
                layer.removeAnimation(forKey: "fade")
                #expect(isClose(CGFloat(layer.presentation()?.opacity ?? -1), 0.25))
                CAMediaClock.advance(by: 0)
                #expect(layer.presentation()?.opacity == 1)
            }
        }

        @Test func sublayersAndMaskAreTheCommittedOnes() throws {
            try withManualClock {
                let (root, layer) = makeCommittedScene()
                let added = makeLayer("added", frame: CGRect(x: 0, y: 0, width: 10, height: 10))
                let mask = makeLayer("mask", frame: CGRect(x: 0, y: 0, width: 10, height: 10))
                root.addSublayer(added)
                layer.removeFromSuperlayer()
                root.mask = mask
                var names = try #require(root.presentation()).sublayers?.map(\.name)
                #expect(names == ["layer"])
                #expect(root.presentation()?.mask == nil)
                #expect(added.presentation() == nil)  // never committed
                #expect(layer.presentation()?.superlayer === root.presentation())
                CATransaction.flush()
                names = try #require(root.presentation()).sublayers?.map(\.name)
                #expect(names == ["added"])
                #expect(root.presentation()?.mask?.name == "mask")
                #expect(root.presentation()?.mask?.model() === mask)
                #expect(added.presentation()?.superlayer === root.presentation())
            }
        }

        @Test func kindValuesAndLayerPropertiesAreTheCommittedOnes() {
            withManualClock {
                let shape = CAShapeLayer()
                let gauge = GaugeLayer()
                shape.strokeEnd = 0.5
                gauge.level = 0.5
                CATransaction.flush()
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                shape.strokeEnd = 0.75
                gauge.level = 0.75
                #expect((shape.presentation() as? CAShapeLayer)?.strokeEnd == 0.5)
                #expect((gauge.presentation() as? GaugeLayer)?.level == 0.5)
                CATransaction.commit()
                #expect((shape.presentation() as? CAShapeLayer)?.strokeEnd == 0.75)
                #expect((gauge.presentation() as? GaugeLayer)?.level == 0.75)
                let rise = CABasicAnimation(keyPath: "level")
                rise.fromValue = 0
                rise.toValue = 1
                rise.duration = 1
                gauge.add(rise, forKey: nil)
                CAMediaClock.advance(by: 0.25)
                #expect(isClose((gauge.presentation() as? GaugeLayer)?.level ?? -1, 0.25))
                #expect(gauge.level == 0.75)
            }
        }

        /// A change animated implicitly starts from what is on screen: a value changed earlier in
        /// the same transaction was never on screen.
        @Test func anImplicitAnimationStartsFromTheCommittedValue() throws {
            try withManualClock {
                let (_, layer) = makeCommittedScene()
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                layer.opacity = 0.5
                CATransaction.setDisableActions(false)
                layer.opacity = 0
                CATransaction.commit()
                let fade = try #require(layer.animation(forKey: "opacity") as? CABasicAnimation)
                #expect(fade.fromValue == nil && fade.toValue == nil)
                #expect(layer.presentation()?.opacity == 1)  // the start: the committed 1
            }
        }
    }
}
