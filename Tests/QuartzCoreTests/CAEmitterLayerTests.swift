import Foundation
import QuartzCore
import Testing

@Suite struct CAEmitterLayerTests {
    @Test func layerDefaultsAreApples() {
        let layer = CAEmitterLayer()
        #expect(layer.emitterCells == nil)
        #expect(layer.birthRate == 1 && layer.lifetime == 1)
        #expect(layer.velocity == 1 && layer.scale == 1 && layer.spin == 1)
        #expect(layer.emitterPosition == .zero && layer.emitterZPosition == 0)
        #expect(layer.emitterSize == .zero && layer.emitterDepth == 0)
        #expect(layer.emitterShape == .point)
        #expect(layer.emitterMode == .volume)
        #expect(layer.renderMode == .unordered)
        #expect(!layer.preservesDepth)
        #expect(layer.seed == 0)
        #expect(CAEmitterLayer.defaultValue(forKey: "birthRate") as? Float == 1)
        #expect(CAEmitterLayer.defaultValue(forKey: "seed") == nil)
        #expect(CAEmitterLayerEmitterShape.cuboid.rawValue == "cuboid")
        #expect(CAEmitterLayerEmitterMode.outline.rawValue == "outline")
        #expect(CAEmitterLayerRenderMode.oldestLast.rawValue == "oldestLast")
    }

    @Test func cellDefaultsAreApples() {
        let cell = CAEmitterCell()
        #expect(cell.name == nil && cell.isEnabled)
        #expect(cell.birthRate == 0 && cell.lifetime == 0 && cell.lifetimeRange == 0)
        #expect(cell.emissionLatitude == 0 && cell.emissionLongitude == 0 && cell.emissionRange == 0)
        #expect(cell.velocity == 0 && cell.velocityRange == 0)
        #expect(cell.xAcceleration == 0 && cell.yAcceleration == 0 && cell.zAcceleration == 0)
        #expect(cell.scale == 1 && cell.scaleRange == 0 && cell.scaleSpeed == 0)
        #expect(cell.spin == 0 && cell.spinRange == 0)
        #expect(cell.color?.components == [1, 1])
        #expect(cell.redRange == 0 && cell.alphaSpeed == 0)
        #expect(cell.contents == nil)
        #expect(cell.contentsRect == CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(cell.contentsScale == 1)
        #expect(cell.minificationFilter == "linear" && cell.magnificationFilter == "linear")
        #expect(cell.emitterCells == nil && cell.style == nil)
        #expect(cell.beginTime == 0 && cell.duration == 0 && cell.speed == 1 && cell.repeatCount == 0)
        #expect(cell.fillMode == .removed)
        #expect(CAEmitterCell.defaultValue(forKey: "scale") as? CGFloat == 1)
        #expect(CAEmitterCell.defaultValue(forKey: "birthRate") == nil)
    }

    @Test func cellKeyValueCoding() {
        let cell = CAEmitterCell()
        cell.setValue(12, forKey: "birthRate")
        cell.setValue(NSNumber(value: 0.5), forKey: "velocityRange")
        cell.setValue(false, forKey: "enabled")
        #expect(cell.birthRate == 12)
        #expect(cell.velocityRange == 0.5)
        #expect(!cell.isEnabled)
        #expect(cell.value(forKey: "birthRate") as? Float == 12)
        cell.setValue("not a number", forKey: "lifetime")
        #expect(cell.lifetime == 0)
        cell.setValue(0.25, forKeyPath: "contentsRect.size.width")
        #expect(cell.contentsRect.width == 0.25)
        cell.setValue("custom", forKey: "userKey")
        #expect(cell.value(forKey: "userKey") as? String == "custom")
    }

    @Test func cellStyleSuppliesUnsetValues() {
        let cell = CAEmitterCell()
        cell.velocity = 5
        cell.style = ["velocity": 50, "spin": 2]
        #expect(cell.velocity == 5)
        #expect(cell.spin == 2)
        cell.style = nil
        #expect(cell.spin == 0)
    }

    @Test func copyIsDeep() throws {
        let child = CAEmitterCell()
        child.name = "child"
        let cell = CAEmitterCell()
        cell.birthRate = 3
        cell.emitterCells = [child]
        let copy = try #require(cell.copy() as? CAEmitterCell)
        copy.birthRate = 9
        copy.emitterCells?.first?.birthRate = 7
        #expect(cell.birthRate == 3)
        #expect(child.birthRate == 0)
        #expect(copy.emitterCells?.first?.name == "child")
    }

    @Test func keyPathsReachNamedCells() {
        let spark = CAEmitterCell()
        spark.name = "spark"
        let fire = CAEmitterCell()
        fire.name = "fire"
        fire.emitterCells = [spark]
        let layer = CAEmitterLayer()
        layer.emitterCells = [fire]
        layer.setValue(40, forKeyPath: "emitterCells.fire.birthRate")
        layer.setValue(2.5, forKeyPath: "emitterCells.fire.emitterCells.spark.lifetime")
        #expect(fire.birthRate == 40)
        #expect(spark.lifetime == 2.5)
        #expect(layer.value(forKeyPath: "emitterCells.fire.birthRate") as? Float == 40)
        #expect(layer.value(forKeyPath: "emitterCells.fire.emitterCells.spark.lifetime") as? Float == 2.5)
        #expect(layer.value(forKeyPath: "emitterCells.nobody.birthRate") == nil)
        layer.setValue(1, forKeyPath: "emitterCells.nobody.birthRate")  // reported, ignored
        #expect(layer.value(forKeyPath: "emitterPosition.x") as? CGFloat == 0)
    }

    @Test func layerKeyValueCoding() {
        let layer = CAEmitterLayer()
        layer.setValue("circle", forKey: "emitterShape")
        layer.setValue(NSNumber(value: 3), forKey: "seed")
        layer.setValue(CGPoint(x: 4, y: 5), forKey: "emitterPosition")
        #expect(layer.emitterShape == .circle)
        #expect(layer.seed == 3)
        #expect(layer.emitterPosition == CGPoint(x: 4, y: 5))
        #expect(layer.value(forKey: "renderMode") as? CAEmitterLayerRenderMode == .unordered)
    }

    @Test func presentationCopiesOwnTheirCells() throws {
        let cell = CAEmitterCell()
        cell.name = "c"
        let layer = CAEmitterLayer()
        layer.emitterCells = [cell]
        let copy = CAEmitterLayer(layer: layer)
        copy.setValue(5, forKeyPath: "emitterCells.c.birthRate")
        #expect(cell.birthRate == 0)
        #expect(copy.emitterCells?.first !== cell)
    }
}

extension ManualClockTests {
    @Suite("CAEmitterLayer animations")
    struct CAEmitterLayerAnimationTests {
        @Test func cellValuesAnimateThroughTheLayersKeyPath() throws {
            try withManualClock {
                let cell = CAEmitterCell()
                cell.name = "fire"
                let layer = CAEmitterLayer()
                layer.emitterCells = [cell]
                CATransaction.flush()
                let animation = CABasicAnimation(keyPath: "emitterCells.fire.birthRate")
                animation.fromValue = 0
                animation.toValue = 100
                animation.duration = 1
                animation.timingFunction = CAMediaTimingFunction(name: .linear)
                layer.add(animation, forKey: "rate")
                CATransaction.flush()
                CAMediaClock.advance(by: 0.25)
                let presented = try #require(layer.presentation() as? CAEmitterLayer)
                let rate = try #require(presented.value(forKeyPath: "emitterCells.fire.birthRate") as? Float)
                #expect(abs(rate - 25) < 1e-3)
                #expect(cell.birthRate == 0)
            }
        }

        @Test func multipliersAnimateImplicitly() throws {
            try withManualClock {
                let root = CALayer()
                let layer = CAEmitterLayer()
                root.addSublayer(layer)
                CATransaction.flush()
                layer.emitterPosition = CGPoint(x: 100, y: 0)
                CATransaction.flush()
                #expect(layer.animation(forKey: "emitterPosition") is CABasicAnimation)
                layer.preservesDepth = true
                CATransaction.flush()
                #expect(layer.animation(forKey: "preservesDepth") == nil)
            }
        }
    }
}
