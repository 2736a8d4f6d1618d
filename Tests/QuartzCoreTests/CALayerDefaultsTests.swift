import QuartzCore
import Testing

/// Every default of Apple's `CALayer` header, read through the typed API and through key-value
/// coding.
@Suite struct CALayerDefaultsTests {
    let layer = CALayer()

    @Test func geometryDefaults() {
        #expect(layer.bounds == .zero)
        #expect(layer.position == .zero)
        #expect(layer.zPosition == 0)
        #expect(layer.anchorPoint == CGPoint(x: 0.5, y: 0.5))
        #expect(layer.anchorPointZ == 0)
        #expect(CATransform3DIsIdentity(layer.transform))
        #expect(CATransform3DIsIdentity(layer.sublayerTransform))
        #expect(layer.frame == .zero)
        #expect(layer.isGeometryFlipped == false)
    }

    @Test func hierarchyDefaults() {
        #expect(layer.sublayers == nil)
        #expect(layer.superlayer == nil)
        #expect(layer.mask == nil)
        #expect(layer.masksToBounds == false)
    }

    @Test func contentsDefaults() {
        #expect(layer.contents == nil)
        #expect(layer.contentsRect == CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(layer.contentsGravity == .resize)
        #expect(layer.contentsGravity.rawValue == "resize")
        #expect(layer.contentsScale == 1)
        #expect(layer.contentsCenter == CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(layer.contentsFormat == .RGBA8Uint)
        #expect(layer.minificationFilter == .linear)
        #expect(layer.magnificationFilter == .linear)
        #expect(layer.minificationFilterBias == 0)
        #expect(layer.isOpaque == false)
        #expect(layer.needsDisplayOnBoundsChange == false)
        #expect(layer.drawsAsynchronously == false)
        #expect(
            layer.edgeAntialiasingMask == [.layerLeftEdge, .layerRightEdge, .layerBottomEdge, .layerTopEdge])
        #expect(layer.allowsEdgeAntialiasing == false)
    }

    @Test func appearanceDefaults() {
        #expect(layer.isHidden == false)
        #expect(layer.isDoubleSided == true)
        #expect(layer.backgroundColor == nil)
        #expect(layer.cornerRadius == 0)
        #expect(
            layer.maskedCorners
                == [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner])
        #expect(layer.cornerCurve == .circular)
        #expect(layer.borderWidth == 0)
        #expect(layer.borderColor?.alpha == 1)
        #expect(layer.borderColor?.components?.first == 0)
        #expect(layer.opacity == 1)
        #expect(layer.allowsGroupOpacity == true)
        #expect(layer.compositingFilter == nil)
        #expect(layer.filters == nil)
        #expect(layer.backgroundFilters == nil)
        #expect(layer.shouldRasterize == false)
        #expect(layer.rasterizationScale == 1)
    }

    @Test func shadowDefaults() {
        #expect(layer.shadowColor == CGColor.black)
        #expect(layer.shadowOpacity == 0)
        #expect(layer.shadowOffset == CGSize(width: 0, height: -3))
        #expect(layer.shadowRadius == 3)
        #expect(layer.shadowPath == nil)
    }

    @Test func identityAndTimingDefaults() {
        #expect(layer.name == nil)
        #expect(layer.style == nil)
        #expect(layer.actions == nil)
        #expect(layer.delegate == nil)
        #expect(layer.beginTime == 0)
        #expect(layer.duration == 0)
        #expect(layer.speed == 1)
        #expect(layer.timeOffset == 0)
        #expect(layer.repeatCount == 0)
        #expect(layer.repeatDuration == 0)
        #expect(layer.autoreverses == false)
        #expect(layer.fillMode == .removed)
        #expect(layer.fillMode.rawValue == "removed")
    }

    @Test func presentationIsNilBeforeAnyCommitAndModelIsSelf() {
        #expect(layer.presentation() == nil)
        #expect(layer.model() === layer)
    }

    /// Apple-checked (GS geometry.m): non-nil for anchorPoint, nil for bounds, position, frame.
    @Test func classDefaultValues() {
        #expect(CALayer.defaultValue(forKey: "anchorPoint") as? CGPoint == CGPoint(x: 0.5, y: 0.5))
        #expect(CALayer.defaultValue(forKey: "bounds") == nil)
        #expect(CALayer.defaultValue(forKey: "position") == nil)
        #expect(CALayer.defaultValue(forKey: "frame") == nil)
        #expect(CALayer.defaultValue(forKey: "opacity") as? Float == 1)
        #expect(CALayer.defaultValue(forKey: "shadowRadius") as? CGFloat == 3)
        #expect(CALayer.defaultValue(forKey: "noSuchKey") == nil)
    }

    @Test func defaultsReadThroughKeyValueCoding() {
        #expect(layer.value(forKey: "anchorPoint") as? CGPoint == CGPoint(x: 0.5, y: 0.5))
        #expect(layer.value(forKey: "hidden") as? Bool == false)
        #expect(layer.value(forKey: "doubleSided") as? Bool == true)
        #expect(layer.value(forKey: "opacity") as? Float == 1)
        #expect(layer.value(forKey: "shadowOffset") as? CGSize == CGSize(width: 0, height: -3))
        #expect(layer.value(forKey: "speed") as? Float == 1)
        #expect(layer.value(forKey: "fillMode") as? CAMediaTimingFillMode == .removed)
        #expect(layer.value(forKey: "contentsGravity") as? CALayerContentsGravity == .resize)
    }

    @Test func constantsHaveApplesRawStrings() {
        #expect(kCAOnOrderIn == "onOrderIn")
        #expect(kCAOnOrderOut == "onOrderOut")
        #expect(kCATransition == "transition")
        #expect(CAMediaTimingFillMode.forwards.rawValue == "forwards")
        #expect(CAMediaTimingFillMode.backwards.rawValue == "backwards")
        #expect(CAMediaTimingFillMode.both.rawValue == "both")
        #expect(CALayerContentsGravity.resizeAspectFill.rawValue == "resizeAspectFill")
        #expect(CALayerContentsFilter.trilinear.rawValue == "trilinear")
        #expect(CALayerCornerCurve.continuous.rawValue == "continuous")
        #expect(CALayer.cornerCurveExpansionFactor(.circular) == 1)
        #expect(isClose(CALayer.cornerCurveExpansionFactor(.continuous), 1.528665, 1e-6))
    }
}
