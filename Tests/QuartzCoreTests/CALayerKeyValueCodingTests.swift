import QuartzCore
import Testing

/// Key-value coding: every property by key, Apple's virtual key paths (ruling T5),
/// numeric boxing, undefined keys and bad values.
@Suite struct CALayerKeyValueCodingTests {
    init() {
        CompatibilityWarnings.isEnabled = false
    }

    /// Each numeric boxing Apple's key-value coding accepts, for each numeric property type.
    @Test(arguments: ["Double", "Float", "CGFloat", "NSNumber"])
    func numericBoxingIsAcceptedForEveryNumericType(label: String) {
        let boxed: [String: Any] = [
            "Double": 0.25 as Double, "Float": Float(0.25), "CGFloat": CGFloat(0.25),
            "NSNumber": NSNumber(value: 0.25),
        ]
        let value = boxed[label]
        let layer = CALayer()
        layer.setValue(value, forKey: "opacity")  // Float
        layer.setValue(value, forKey: "cornerRadius")  // CGFloat
        layer.setValue(value, forKey: "duration")  // Double
        layer.setValue(value, forKeyPath: "position.x")  // a CGFloat field
        #expect(layer.opacity == 0.25, "\(label)")
        #expect(layer.cornerRadius == 0.25, "\(label)")
        #expect(layer.duration == 0.25, "\(label)")
        #expect(layer.position.x == 0.25, "\(label)")
    }

    @Test func integersAndBoolsAreAccepted() {
        let layer = CALayer()
        layer.setValue(3, forKey: "cornerRadius")
        layer.setValue(Int32(2), forKey: "borderWidth")
        layer.setValue(1, forKey: "hidden")
        layer.setValue(NSNumber(value: true), forKey: "masksToBounds")
        layer.setValue(false, forKey: "doubleSided")
        layer.setValue(NSNumber(value: 2), forKey: "speed")
        #expect(layer.cornerRadius == 3)
        #expect(layer.borderWidth == 2)
        #expect(layer.isHidden)
        #expect(layer.masksToBounds)
        #expect(!layer.isDoubleSided)
        #expect(layer.speed == 2)
    }

    @Test func structsArriveAsThemselvesOrAsNSValue() {
        let layer = CALayer()
        layer.setValue(NSValue(point: CGPoint(x: 1, y: 2)), forKey: "position")
        #expect(layer.position == CGPoint(x: 1, y: 2))
        layer.setValue(CGPoint(x: 3, y: 4), forKey: "anchorPoint")
        #expect(layer.anchorPoint == CGPoint(x: 3, y: 4))
        layer.setValue(NSValue(rect: CGRect(x: 0, y: 0, width: 5, height: 6)), forKey: "bounds")
        #expect(layer.bounds == CGRect(x: 0, y: 0, width: 5, height: 6))
        layer.setValue(NSValue(size: CGSize(width: 7, height: 8)), forKey: "shadowOffset")
        #expect(layer.shadowOffset == CGSize(width: 7, height: 8))
        let t = CATransform3DMakeTranslation(1, 2, 3)
        layer.setValue(NSValue(caTransform3D: t), forKey: "transform")
        #expect(layer.transform == t)
        layer.setValue(CGAffineTransform(scaleX: 2, y: 3), forKey: "sublayerTransform")
        #expect(layer.sublayerTransform == CATransform3DMakeScale(2, 3, 1))
    }

    @Test func stringConstantsArriveAsStringsOrWrappers() {
        let layer = CALayer()
        layer.setValue("resizeAspect", forKey: "contentsGravity")
        #expect(layer.contentsGravity == .resizeAspect)
        layer.setValue(CALayerContentsFilter.nearest, forKey: "magnificationFilter")
        #expect(layer.magnificationFilter == .nearest)
        layer.setValue("forwards", forKey: "fillMode")
        #expect(layer.fillMode == .forwards)
        layer.setValue("card", forKey: "name")
        #expect(layer.name == "card")
    }

    @Test func everyTablePropertyRoundTripsThroughKeyValueCoding() {
        let layer = CALayer()
        let color = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let values: [String: Any] = [
            "bounds": CGRect(x: 1, y: 2, width: 3, height: 4), "position": CGPoint(x: 5, y: 6),
            "zPosition": CGFloat(7), "anchorPoint": CGPoint(x: 0.1, y: 0.2), "anchorPointZ": CGFloat(8),
            "transform": CATransform3DMakeScale(2, 2, 2),
            "sublayerTransform": CATransform3DMakeTranslation(1, 1, 1),
            "geometryFlipped": true, "contentsRect": CGRect(x: 0, y: 0, width: 0.5, height: 0.5),
            "contentsScale": CGFloat(2), "contentsCenter": CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5),
            "minificationFilterBias": Float(0.5), "opaque": true, "needsDisplayOnBoundsChange": true,
            "drawsAsynchronously": true, "allowsEdgeAntialiasing": true, "hidden": true, "doubleSided": false,
            "masksToBounds": true, "backgroundColor": color, "cornerRadius": CGFloat(4),
            "borderWidth": CGFloat(2), "borderColor": color, "opacity": Float(0.5),
            "allowsGroupOpacity": false,
            "shouldRasterize": true, "rasterizationScale": CGFloat(3), "shadowColor": color,
            "shadowOpacity": Float(0.7), "shadowOffset": CGSize(width: 1, height: 1),
            "shadowRadius": CGFloat(9),
            "beginTime": 1.5, "duration": 2.5, "speed": Float(3), "timeOffset": 0.5,
            "repeatCount": Float(2.5),
            "repeatDuration": 4.0, "autoreverses": true,
        ]
        for (key, value) in values {
            layer.setValue(value, forKey: key)
        }
        for (key, value) in values {
            let read = layer.value(forKey: key)
            #expect(read.map { "\($0)" } == "\(value)", "\(key)")
        }
        #expect(layer.isGeometryFlipped && layer.isOpaque && !layer.isDoubleSided && layer.isHidden)
    }

    @Test func virtualKeyPathsOfPointsSizesAndRects() {
        let layer = CALayer()
        layer.setValue(10, forKeyPath: "position.x")
        layer.setValue(20, forKeyPath: "position.y")
        #expect(layer.position == CGPoint(x: 10, y: 20))
        layer.setValue(100, forKeyPath: "bounds.size.width")
        layer.setValue(50, forKeyPath: "bounds.size.height")
        layer.setValue(5, forKeyPath: "bounds.origin.x")
        layer.setValue(6, forKeyPath: "bounds.origin.y")
        #expect(layer.bounds == CGRect(x: 5, y: 6, width: 100, height: 50))
        layer.setValue(CGSize(width: 30, height: 40), forKeyPath: "bounds.size")
        layer.setValue(CGPoint(x: 1, y: 2), forKeyPath: "bounds.origin")
        #expect(layer.bounds == CGRect(x: 1, y: 2, width: 30, height: 40))
        layer.setValue(-7, forKeyPath: "shadowOffset.height")
        layer.setValue(4, forKeyPath: "shadowOffset.width")
        #expect(layer.shadowOffset == CGSize(width: 4, height: -7))
        layer.setValue(0.5, forKeyPath: "contentsRect.size.width")
        #expect(layer.contentsRect == CGRect(x: 0, y: 0, width: 0.5, height: 1))
        #expect(layer.value(forKeyPath: "position.x") as? CGFloat == 10)
        #expect(layer.value(forKeyPath: "bounds.size.height") as? CGFloat == 40)
        #expect(layer.value(forKeyPath: "bounds.origin") as? CGPoint == CGPoint(x: 1, y: 2))
        #expect(layer.value(forKeyPath: "shadowOffset.height") as? CGFloat == -7)
        #expect(layer.value(forKeyPath: "anchorPoint.y") as? CGFloat == 0.5)
        #expect(layer.value(forKeyPath: "frame.origin.x") as? CGFloat == layer.frame.origin.x)
    }

    @Test func transformVirtualKeyPaths() {
        let layer = CALayer()
        layer.setValue(CGFloat.pi / 4, forKeyPath: "transform.rotation.z")
        #expect(isClose(layer.value(forKeyPath: "transform.rotation.z") as? CGFloat ?? 0, .pi / 4))
        #expect(isClose(layer.value(forKeyPath: "transform.rotation") as? CGFloat ?? 0, .pi / 4))
        #expect(isClose(layer.transform.m11, cos(.pi / 4)) && isClose(layer.transform.m12, sin(.pi / 4)))
        layer.setValue(0.5, forKeyPath: "transform.rotation")
        #expect(isClose(layer.value(forKeyPath: "transform.rotation.z") as? CGFloat ?? 0, 0.5))

        layer.transform = CATransform3DIdentity
        layer.setValue(2, forKeyPath: "transform.scale")
        #expect(isClose(layer.value(forKeyPath: "transform.scale") as? CGFloat ?? 0, 2))
        #expect(isClose(layer.value(forKeyPath: "transform.scale.z") as? CGFloat ?? 0, 2))
        layer.setValue(5, forKeyPath: "transform.scale.x")
        // The average of the three factors (5, 2, 2).
        #expect(isClose(layer.value(forKeyPath: "transform.scale") as? CGFloat ?? 0, 3))

        layer.transform = CATransform3DIdentity
        layer.setValue(10, forKeyPath: "transform.translation.x")
        layer.setValue(-4, forKeyPath: "transform.translation.z")
        #expect(layer.transform.m41 == 10 && layer.transform.m43 == -4)
        layer.setValue(CGSize(width: 3, height: 7), forKeyPath: "transform.translation")
        #expect(layer.value(forKeyPath: "transform.translation") as? CGSize == CGSize(width: 3, height: 7))
        #expect(layer.value(forKeyPath: "transform.translation.y") as? CGFloat == 7)

        layer.setValue(0.3, forKeyPath: "sublayerTransform.rotation.x")
        #expect(isClose(layer.value(forKeyPath: "sublayerTransform.rotation.x") as? CGFloat ?? 0, 0.3))
        layer.setValue(-0.2, forKeyPath: "sublayerTransform.rotation.y")
        #expect(isClose(layer.value(forKeyPath: "sublayerTransform.rotation.y") as? CGFloat ?? 0, -0.2))
    }

    /// Every CATransform3D field of `transform` and `sublayerTransform` reads back what was
    /// written, through the layer.
    @Test(arguments: ["transform", "sublayerTransform"])
    func everyTransformFieldRoundTrips(property: String) {
        let scalars: [(String, CGFloat)] = [
            ("rotation.x", 0.3), ("rotation.y", -0.4), ("rotation.z", 1.2), ("rotation", -0.7),
            ("scale.x", 1.5), ("scale.y", 0.5), ("scale.z", 2), ("scale", 3),
            ("translation.x", 12), ("translation.y", -8), ("translation.z", 40),
        ]
        for (field, value) in scalars {
            let layer = CALayer()
            layer.setValue(value, forKeyPath: "\(property).\(field)")
            let read = layer.value(forKeyPath: "\(property).\(field)") as? CGFloat
            #expect(
                read.map { isClose($0, value, 1e-9) } == true,
                "\(property).\(field) read \(String(describing: read))")
            #expect(
                !CATransform3DIsIdentity(
                    layer.value(forKey: property) as? CATransform3D ?? CATransform3DIdentity))
        }
        let layer = CALayer()
        layer.setValue(NSValue(size: CGSize(width: 2, height: 3)), forKeyPath: "\(property).translation")
        #expect(layer.value(forKeyPath: "\(property).translation") as? CGSize == CGSize(width: 2, height: 3))
    }

    @Test func settingOneTransformFieldKeepsTheOthers() {
        let layer = CALayer()
        layer.transform = CATransform3DConcat(
            CATransform3DMakeScale(2, 2, 1), CATransform3DMakeTranslation(10, 0, 0))
        layer.setValue(CGFloat.pi / 2, forKeyPath: "transform.rotation.z")
        let expected = CATransform3DConcat(
            CATransform3DConcat(CATransform3DMakeScale(2, 2, 1), CATransform3DMakeRotation(.pi / 2, 0, 0, 1)),
            CATransform3DMakeTranslation(10, 0, 0))
        let p = CGPoint(x: 1, y: 0)
        let layerMapped = CGPoint(
            x: p.x * layer.transform.m11 + p.y * layer.transform.m21 + layer.transform.m41,
            y: p.x * layer.transform.m12 + p.y * layer.transform.m22 + layer.transform.m42)
        let expectedMapped = CGPoint(
            x: p.x * expected.m11 + p.y * expected.m21 + expected.m41,
            y: p.x * expected.m12 + p.y * expected.m22 + expected.m42)
        #expect(isClose(layerMapped, expectedMapped, 1e-9))
        #expect(isClose(layer.value(forKeyPath: "transform.scale.x") as? CGFloat ?? 0, 2))
    }

    @Test func undefinedKeysAreStoredAndReadBack() {
        let layer = CALayer()
        #expect(layer.value(forKey: "myTag") == nil)
        layer.setValue("hello", forKey: "myTag")
        layer.setValue(42, forKey: "count")
        #expect(layer.value(forKey: "myTag") as? String == "hello")
        #expect(layer.value(forKey: "count") as? Int == 42)
        layer.setValue(nil, forKey: "myTag")
        #expect(layer.value(forKey: "myTag") == nil)
        // An unknown key path reads nil and is ignored on write, never a crash.
        #expect(layer.value(forKeyPath: "position.z") == nil)
        #expect(layer.value(forKeyPath: "nothing.here") == nil)
        layer.setValue(1, forKeyPath: "position.z")
        layer.setValue(1, forKeyPath: "nothing.here")
        #expect(layer.position == .zero)
    }

    @Test func wrongTypesAndNilForScalarsAreIgnored() {
        let layer = CALayer()
        layer.setValue("not a number", forKey: "opacity")
        layer.setValue(nil, forKey: "opacity")
        layer.setValue(CGSize(width: 1, height: 1), forKey: "position")
        layer.setValue(NSValue(size: CGSize(width: 1, height: 1)), forKey: "position")
        layer.setValue("x", forKeyPath: "position.x")
        #expect(layer.opacity == 1)
        #expect(layer.position == .zero)
        #expect(CompatibilityWarnings.messages.contains { $0.contains("\"opacity\"") })
    }

    @Test func nilAndNSNullClearOptionalProperties() {
        let layer = CALayer()
        layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        layer.setValue(nil, forKey: "backgroundColor")
        #expect(layer.backgroundColor == nil)
        layer.setValue(NSNull(), forKey: "borderColor")
        #expect(layer.borderColor == nil)
    }

    @Test func keyPathsThroughLayersAndDictionaries() {
        let layer = CALayer()
        let mask = CALayer()
        layer.mask = mask
        layer.setValue(0.5, forKeyPath: "mask.opacity")
        #expect(mask.opacity == 0.5)
        #expect(layer.value(forKeyPath: "mask.opacity") as? Float == 0.5)
        layer.setValue(["inner": ["depth": 3]] as [String: Any], forKey: "info")
        #expect(layer.value(forKeyPath: "info.inner.depth") as? Int == 3)
    }

    @Test func shadowPathIsCopiedOnAssignment() {
        let layer = CALayer()
        let path = CGMutablePath()
        path.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        layer.shadowPath = path
        path.addRect(CGRect(x: 20, y: 20, width: 10, height: 10))
        #expect(layer.shadowPath?.boundingBox == CGRect(x: 0, y: 0, width: 10, height: 10))
    }
}
