import CoreGraphics
import Foundation
import Testing

@testable import QuartzCore

/// The property tables built from `@Declared` accessors (`@PropertyTable`, `@KindTable`): the keys
/// are Apple's, `defaultValue(forKey:)` reports exactly the defaults that are not their type's
/// zero, and each declaration reads and writes its own storage.
@Suite struct DeclaredPropertyTests {
    /// Every key-value coding key of Apple's `CALayer` header (the properties, with `hidden`,
    /// `opaque`, `doubleSided` and `geometryFlipped` for the Swift names `isHidden`, …).
    static let appleLayerKeys: Set<String> = [
        "bounds", "position", "zPosition", "anchorPoint", "anchorPointZ", "transform",
        "sublayerTransform", "frame", "geometryFlipped", "contents", "contentsRect", "contentsGravity",
        "contentsScale", "contentsCenter", "contentsFormat", "minificationFilter", "magnificationFilter",
        "minificationFilterBias", "opaque", "needsDisplayOnBoundsChange", "drawsAsynchronously",
        "edgeAntialiasingMask", "allowsEdgeAntialiasing", "hidden", "doubleSided", "masksToBounds",
        "backgroundColor", "cornerRadius", "maskedCorners", "cornerCurve", "borderWidth", "borderColor",
        "opacity", "allowsGroupOpacity", "compositingFilter", "filters", "backgroundFilters",
        "shouldRasterize", "rasterizationScale", "shadowColor", "shadowOpacity", "shadowOffset",
        "shadowRadius", "shadowPath", "sublayers", "mask", "name", "actions", "style", "beginTime",
        "duration", "speed", "timeOffset", "repeatCount", "repeatDuration", "autoreverses", "fillMode",
    ]

    @Test func theLayerTableHoldsApplesKeys() {
        #expect(Set(CALayerProperty.table.keys) == Self.appleLayerKeys)
    }

    /// A `Bool` named `isX` has the key `x`; the Swift name is not a key.
    @Test func booleanPropertiesAreKeyedWithoutIs() {
        let layer = CALayer()
        layer.setValue(true, forKey: "hidden")
        layer.setValue(true, forKey: "geometryFlipped")
        layer.setValue(false, forKey: "doubleSided")
        #expect(layer.isHidden && layer.isGeometryFlipped && !layer.isDoubleSided)
        #expect(CALayerProperty.table["isHidden"] == nil)
        let text = CATextLayer()
        text.setValue(true, forKey: "wrapped")
        #expect(text.isWrapped)
        #expect(CATextLayer.kindProperties["isWrapped"] == nil)
    }

    /// `defaultValue(forKey:)` reports the defaults that are not their type's zero (Apple's
    /// header), and `nil` for zero ones.
    @Test func defaultsAreReportedUnlessZero() {
        #expect(CALayer.defaultValue(forKey: "opacity") as? Float == 1)
        #expect(CALayer.defaultValue(forKey: "shadowOffset") as? CGSize == CGSize(width: 0, height: -3))
        #expect(CALayer.defaultValue(forKey: "doubleSided") as? Bool == true)
        #expect(CALayer.defaultValue(forKey: "contentsGravity") as? CALayerContentsGravity == .resize)
        #expect(CALayer.defaultValue(forKey: "fillMode") as? CAMediaTimingFillMode == .removed)
        for zero in ["hidden", "cornerRadius", "position", "bounds", "frame", "beginTime", "shadowOpacity"] {
            #expect(CALayer.defaultValue(forKey: zero) == nil, "\(zero)")
        }
        #expect(CAShapeLayer.defaultValue(forKey: "lineWidth") as? CGFloat == 1)
        #expect(CAShapeLayer.defaultValue(forKey: "fillRule") as? CAShapeLayerFillRule == .nonZero)
        #expect(CAShapeLayer.defaultValue(forKey: "strokeStart") == nil)
        #expect(CAReplicatorLayer.defaultValue(forKey: "instanceCount") as? Int == 1)
        #expect(CAReplicatorLayer.defaultValue(forKey: "instanceDelay") == nil)
        #expect(CAEmitterLayer.defaultValue(forKey: "seed") == nil)
    }

    @Test func typesZeroIsFalseZeroAndDotZero() {
        #expect(CALayerProperty.isZero(false) && !CALayerProperty.isZero(true))
        #expect(CALayerProperty.isZero(0 as Int) && !CALayerProperty.isZero(1 as Int))
        #expect(CALayerProperty.isZero(UInt32(0)) && CALayerProperty.isZero(0 as Float))
        #expect(!CALayerProperty.isZero(CGFloat(0.5)))
        #expect(
            CALayerProperty.isZero(CGRect.zero)
                && !CALayerProperty.isZero(CGRect(x: 0, y: 0, width: 1, height: 0)))
        #expect(!CALayerProperty.isZero(CATransform3DIdentity))
        #expect(!CALayerProperty.isZero(CALayerContentsGravity.resize))
    }

    /// Each kind's declarations read and write the kind's own values, and each key reaches the
    /// accessor of the same name.
    @Test func kindDeclarationsReadAndWriteTheirOwnValues() {
        let shape = CAShapeLayer()
        #expect(shape.fillColor == .black && shape.lineWidth == 1 && shape.strokeEnd == 1)
        shape.lineWidth = 4
        shape.setValue(0.25, forKey: "strokeStart")
        #expect(shape.kindValues.lineWidth == 4 && shape.strokeStart == 0.25)
        #expect(shape.value(forKey: "lineWidth") as? CGFloat == 4)
        let replicator = CAReplicatorLayer()
        replicator.setValue(3, forKey: "instanceCount")
        #expect(replicator.instanceCount == 3 && replicator.kindValues.instanceCount == 3)
        let gradient = CAGradientLayer()
        #expect(gradient.startPoint == CGPoint(x: 0.5, y: 0) && gradient.endPoint == CGPoint(x: 0.5, y: 1))
        let emitter = CAEmitterLayer()
        emitter.setValue(2, forKey: "birthRate")
        #expect(emitter.birthRate == 2 && emitter.kindValues.birthRate == 2)
    }
}
