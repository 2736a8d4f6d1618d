import QuartzCore
import Testing

/// Tolerance for presented values computed through timing functions.
private let presentationTolerance: CGFloat = 1e-6

@Suite("CAShapeLayer model")
struct CAShapeLayerModelTests {
    @Test func defaultsAreApples() {
        let layer = CAShapeLayer()
        #expect(layer.path == nil)
        #expect(layer.fillColor?.alpha == 1)
        #expect(layer.fillColor?.components?.first == 0)
        #expect(layer.fillRule == .nonZero)
        #expect(layer.strokeColor == nil)
        #expect(layer.lineWidth == 1)
        #expect(layer.lineCap == .butt)
        #expect(layer.lineJoin == .miter)
        #expect(layer.miterLimit == 10)
        #expect(layer.lineDashPattern == nil)
        #expect(layer.lineDashPhase == 0)
        #expect(layer.strokeStart == 0)
        #expect(layer.strokeEnd == 1)
        #expect(CAShapeLayerFillRule.evenOdd.rawValue == "even-odd")
        #expect(CAShapeLayerFillRule.nonZero.rawValue == "non-zero")
    }

    @Test func defaultValueForKeyReportsNonZeroDefaults() {
        #expect(CAShapeLayer.defaultValue(forKey: "lineWidth") as? CGFloat == 1)
        #expect(CAShapeLayer.defaultValue(forKey: "miterLimit") as? CGFloat == 10)
        #expect(CAShapeLayer.defaultValue(forKey: "strokeEnd") as? CGFloat == 1)
        #expect(CAShapeLayer.defaultValue(forKey: "strokeStart") == nil)
        #expect(CAShapeLayer.defaultValue(forKey: "strokeColor") == nil)
        #expect(CALayer.defaultValue(forKey: "lineWidth") == nil)
    }

    @Test func keyValueCodingReachesEveryProperty() {
        let layer = CAShapeLayer()
        layer.setValue(0.5, forKey: "strokeEnd")
        layer.setValue(NSNumber(value: 3), forKey: "lineWidth")
        layer.setValue("round", forKey: "lineCap")
        layer.setValue(CAShapeLayerLineJoin.bevel, forKey: "lineJoin")
        layer.setValue(nil, forKey: "fillColor")
        layer.setValue([4, 2], forKey: "lineDashPattern")
        #expect(layer.strokeEnd == 0.5)
        #expect(layer.lineWidth == 3)
        #expect(layer.lineCap == .round)
        #expect(layer.lineJoin == .bevel)
        #expect(layer.fillColor == nil)
        #expect(layer.value(forKey: "fillColor") == nil)
        #expect(layer.lineDashPattern?.map(\.doubleValue) == [4, 2])
        #expect(layer.value(forKey: "strokeEnd") as? CGFloat == 0.5)
        // A value of the wrong type is ignored.
        layer.setValue("wide", forKey: "lineWidth")
        #expect(layer.lineWidth == 3)
    }

    @Test func pathIsCopiedOnAssignment() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addLine(to: CGPoint(x: 10, y: 0))
        let layer = CAShapeLayer()
        layer.path = path
        path.addLine(to: CGPoint(x: 10, y: 10))
        #expect(layer.path?.boundingBox == CGRect(x: 0, y: 0, width: 10, height: 0))
    }

    @Test func initLayerCopiesShapeProperties() {
        let layer = CAShapeLayer()
        layer.path = CGPath(rect: CGRect(x: 0, y: 0, width: 5, height: 5), transform: nil)
        layer.strokeColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        layer.lineWidth = 4
        layer.strokeEnd = 0.3
        let copy = CAShapeLayer(layer: layer)
        #expect(copy.path == layer.path)
        #expect(copy.strokeColor == layer.strokeColor)
        #expect(copy.lineWidth == 4)
        #expect(copy.strokeEnd == 0.3)
    }

    @Test func trimmingKeepsTheRequestedStretch() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addLine(to: CGPoint(x: 100, y: 0))
        path.addLine(to: CGPoint(x: 100, y: 100))
        let trimmed = path.trimmed(from: 0.25, to: 0.75, tolerance: 0.1)
        #expect(trimmed.pieces.count == 1)
        #expect(
            trimmed.pieces[0].points == [CGPoint(x: 50, y: 0), CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 50)])
        #expect(trimmed.firstPieceOffset == 50)
        #expect(path.trimmed(from: 0.6, to: 0.6, tolerance: 0.1).pieces.isEmpty)
        #expect(path.trimmed(from: .nan, to: .nan, tolerance: 0.1).pieces[0].points.count == 3)
    }
}

@Suite("CAShapeLayer rasterisation")
struct CAShapeLayerRasterTests {
    private static func redTriangle() -> CAShapeLayer {
        let layer = CAShapeLayer()
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 10, y: 10))
        path.addLine(to: CGPoint(x: 30, y: 10))
        path.addLine(to: CGPoint(x: 10, y: 30))
        path.closeSubpath()
        layer.path = path
        layer.fillColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        return layer
    }

    @Test func imageCoversThePathAtTheRequestedScale() throws {
        let layer = Self.redTriangle()
        let (image, rect) = try #require(layer.kindContents(scale: 2))
        // The path's bounds grown by one pixel (half a point at scale 2).
        #expect(rect == CGRect(x: 9.5, y: 9.5, width: 21, height: 21))
        #expect(image.width == 42 && image.height == 42)
    }

    @Test func strokeReachGrowsTheRectangle() throws {
        let layer = Self.redTriangle()
        layer.strokeColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        layer.lineWidth = 4
        layer.lineJoin = .round
        let (_, rect) = try #require(layer.kindContents(scale: 1))
        #expect(rect == CGRect(x: 7, y: 7, width: 26, height: 26))
    }

    @Test func imageIsCachedWhileValuesAreUnchanged() throws {
        let layer = Self.redTriangle()
        var cache: Any?
        let first = try #require(layer.kindContents(scale: 1, cache: &cache)).image
        let again = try #require(layer.kindContents(scale: 1, cache: &cache)).image
        #expect(first === again)
        layer.fillColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        let changed = try #require(layer.kindContents(scale: 1, cache: &cache)).image
        #expect(changed !== first)
        let rescaled = try #require(layer.kindContents(scale: 2, cache: &cache)).image
        #expect(rescaled !== changed)
    }

    @Test func nothingIsDrawnWithoutPathPaintOrLength() {
        let layer = Self.redTriangle()
        layer.fillColor = nil
        #expect(layer.kindContents(scale: 1) == nil)
        layer.strokeColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        layer.strokeEnd = 0
        #expect(layer.kindContents(scale: 1) == nil)
        layer.strokeEnd = 1
        layer.lineWidth = 0
        #expect(layer.kindContents(scale: 1) == nil)
        layer.lineWidth = .nan
        #expect(layer.kindContents(scale: 1) == nil)
        let empty = CAShapeLayer()
        #expect(empty.kindContents(scale: 1) == nil)
    }

    @Test func nonFinitePointsNeverReachAPixel() {
        let layer = CAShapeLayer()
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addLine(to: CGPoint(x: CGFloat.nan, y: 5))
        path.addLine(to: CGPoint(x: 5, y: CGFloat.infinity))
        layer.path = path
        layer.strokeColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        #expect(layer.kindContents(scale: 1) == nil)
        layer.path = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        layer.lineWidth = .infinity
        layer.miterLimit = .nan
        layer.lineDashPattern = [NSNumber(value: Double.nan), 2]
        layer.lineDashPhase = .infinity
        // The fill still draws; the stroke is off.
        let result = layer.kindContents(scale: 1)
        #expect(result?.rect == CGRect(x: -1, y: -1, width: 12, height: 12))
    }
}

extension ManualClockTests {
    @Suite("CAShapeLayer animations")
    struct CAShapeLayerAnimationTests {
        @Test func strokeEndAnimatesImplicitly() throws {
            try withManualClock {
                let root = makeLayer("root", frame: CGRect(x: 0, y: 0, width: 100, height: 100))
                let shape = CAShapeLayer()
                shape.path = CGPath(rect: CGRect(x: 0, y: 0, width: 50, height: 50), transform: nil)
                root.addSublayer(shape)
                CATransaction.flush()
                shape.strokeEnd = 0
                CATransaction.flush()
                #expect(shape.animation(forKey: "strokeEnd") is CABasicAnimation)
                CAMediaClock.advance(by: 0.125)  // half of 0.25 s, under the default timing function
                let presented = try #require(shape.presentation())
                let progress = CAMediaTimingFunction(name: .default).solve(0.5)
                #expect(progress > 0.75 && progress < 0.85)
                #expect(isClose(presented.strokeEnd, 1 - progress, presentationTolerance))
                #expect(shape.strokeEnd == 0)
                CAMediaClock.advance(by: 0.2)
                #expect(shape.presentation()?.strokeEnd == 0)
            }
        }

        @Test func pathMorphsPointByPoint() throws {
            try withManualClock {
                let shape = CAShapeLayer()
                let from = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
                let to = CGPath(rect: CGRect(x: 20, y: 40, width: 30, height: 50), transform: nil)
                shape.path = to
                CATransaction.flush()
                let animation = CABasicAnimation(keyPath: "path")
                animation.fromValue = from
                animation.toValue = to
                animation.duration = 1
                animation.timingFunction = CAMediaTimingFunction(name: .linear)
                shape.add(animation, forKey: "morph")
                CATransaction.flush()
                CAMediaClock.advance(by: 0.5)
                let presented = try #require(shape.presentation()?.path)
                #expect(presented.boundingBox == CGRect(x: 10, y: 20, width: 20, height: 30))
            }
        }

        @Test func pathsOfDifferentStructureJumpHalfway() throws {
            try withManualClock {
                let shape = CAShapeLayer()
                let from = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
                let to = CGPath(ellipseIn: CGRect(x: 20, y: 20, width: 10, height: 10), transform: nil)
                CATransaction.flush()
                let animation = CABasicAnimation(keyPath: "path")
                animation.fromValue = from
                animation.toValue = to
                animation.duration = 1
                animation.timingFunction = CAMediaTimingFunction(name: .linear)
                shape.add(animation, forKey: "morph")
                CATransaction.flush()
                CAMediaClock.advance(by: 0.4)
                #expect(shape.presentation()?.path == from)
                CAMediaClock.advance(by: 0.2)
                #expect(shape.presentation()?.path == to)
            }
        }

        @Test func coloursAndWidthsAnimateImplicitly() throws {
            try withManualClock {
                let root = makeLayer("root", frame: CGRect(x: 0, y: 0, width: 100, height: 100))
                let shape = CAShapeLayer()
                shape.strokeColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
                root.addSublayer(shape)
                CATransaction.flush()
                CATransaction.begin()
                CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
                CATransaction.setAnimationDuration(1)
                shape.strokeColor = CGColor(red: 1, green: 1, blue: 0, alpha: 1)
                shape.lineWidth = 5
                shape.lineDashPhase = 8
                shape.miterLimit = 2
                shape.lineCap = .round  // not animatable: changes at once
                CATransaction.commit()
                CAMediaClock.advance(by: 0.25)
                let presented = try #require(shape.presentation())
                let c = try #require(presented.strokeColor?.components)
                #expect(
                    isClose(c[0], 0.25, presentationTolerance) && isClose(c[1], 0.25, presentationTolerance))
                #expect(isClose(presented.lineWidth, 2, presentationTolerance))
                #expect(isClose(presented.lineDashPhase, 2, presentationTolerance))
                #expect(isClose(presented.miterLimit, 8, presentationTolerance))
                #expect(presented.lineCap == .round)
                #expect(shape.animation(forKey: "lineCap") == nil)
            }
        }
    }
}
