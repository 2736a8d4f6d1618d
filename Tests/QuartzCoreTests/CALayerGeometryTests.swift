import QuartzCore
import Testing

/// Geometry and conversion (Apple's `CALayer` header, rulings L1–L3), with exact expected
/// numbers.
@Suite struct CALayerGeometryTests {
    @Test func frameIsDerivedFromBoundsPositionAndAnchor() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
        layer.position = CGPoint(x: 200, y: 100)
        #expect(layer.frame == CGRect(x: 150, y: 75, width: 100, height: 50))
        layer.anchorPoint = CGPoint(x: 0, y: 0)
        #expect(layer.frame == CGRect(x: 200, y: 100, width: 100, height: 50))
        layer.anchorPoint = CGPoint(x: 1, y: 1)
        #expect(layer.frame == CGRect(x: 100, y: 50, width: 100, height: 50))
    }

    @Test func settingFrameSetsPositionAndSizeKeepingBoundsOrigin() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 7, y: 9, width: 1, height: 1)
        layer.frame = CGRect(x: 10, y: 20, width: 40, height: 60)
        #expect(layer.bounds == CGRect(x: 7, y: 9, width: 40, height: 60))
        #expect(layer.position == CGPoint(x: 30, y: 50))
        #expect(layer.frame == CGRect(x: 10, y: 20, width: 40, height: 60))
    }

    @Test func settingBoundsDoesNotMovePositionOrAnchor() {
        let layer = CALayer()
        layer.position = CGPoint(x: 5, y: 6)
        layer.anchorPoint = CGPoint(x: 0.25, y: 0.75)
        layer.bounds = CGRect(x: 3, y: 4, width: 80, height: 40)
        #expect(layer.position == CGPoint(x: 5, y: 6))
        #expect(layer.anchorPoint == CGPoint(x: 0.25, y: 0.75))
    }

    @Test func anchorPointOutsideUnitSquareIsAccepted() {
        let layer = CALayer()
        layer.anchorPoint = CGPoint(x: -1, y: 2)
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        #expect(layer.anchorPoint == CGPoint(x: -1, y: 2))
        #expect(layer.frame.origin == CGPoint(x: 10, y: -20))
    }

    @Test func frameUnderScaleIsTheTransformedBoundingBoxAndSetterDividesByScale() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        layer.position = CGPoint(x: 100, y: 100)
        layer.transform = CATransform3DMakeScale(2, 3, 1)
        #expect(layer.frame == CGRect(x: 0, y: -50, width: 200, height: 300))
        layer.frame = CGRect(x: 0, y: 0, width: 200, height: 300)
        #expect(layer.bounds.size == CGSize(width: 100, height: 100))
        #expect(layer.frame == CGRect(x: 0, y: 0, width: 200, height: 300))
    }

    @Test func frameUnderRotationIsTheBoundingBox() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
        layer.position = CGPoint(x: 0, y: 0)
        layer.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        #expect(isClose(layer.frame, CGRect(x: -25, y: -50, width: 50, height: 100)))
    }

    /// Apple-checked: a child with bounds 50×50 at (100, 50) maps (0, 0) to the parent's (75, 25).
    @Test func childToParentConversion() {
        let parent = CALayer()
        parent.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
        let child = CALayer()
        child.bounds = CGRect(x: 0, y: 0, width: 50, height: 50)
        child.position = CGPoint(x: 100, y: 50)
        parent.addSublayer(child)
        #expect(child.convert(CGPoint.zero, to: parent) == CGPoint(x: 75, y: 25))
        #expect(parent.convert(CGPoint(x: 75, y: 25), to: child) == .zero)
        #expect(parent.convert(CGPoint.zero, from: child) == CGPoint(x: 75, y: 25))
        #expect(child.convert(CGPoint(x: 75, y: 25), from: parent) == .zero)
    }

    /// Apple-checked: the superlayer's bounds origin does not affect child→parent conversion.
    @Test func superlayerBoundsOriginDoesNotAffectChildToParent() {
        let parent = CALayer()
        parent.bounds = CGRect(x: 30, y: -40, width: 200, height: 200)
        let child = CALayer()
        child.bounds = CGRect(x: 0, y: 0, width: 50, height: 50)
        child.position = CGPoint(x: 100, y: 50)
        parent.addSublayer(child)
        #expect(child.convert(CGPoint.zero, to: parent) == CGPoint(x: 75, y: 25))
    }

    /// The child's own bounds origin shifts its coordinate system.
    @Test func childBoundsOriginShiftsItsCoordinates() {
        let parent = CALayer()
        let child = CALayer()
        child.bounds = CGRect(x: 10, y: 20, width: 50, height: 50)
        child.position = CGPoint(x: 100, y: 50)
        parent.addSublayer(child)
        #expect(child.convert(CGPoint(x: 10, y: 20), to: parent) == CGPoint(x: 75, y: 25))
    }

    /// Apple-checked: the child's transform applies about its anchor point.
    @Test func childTransformAppliesAboutItsAnchor() {
        let parent = CALayer()
        let child = CALayer()
        child.bounds = CGRect(x: 0, y: 0, width: 50, height: 50)
        child.position = CGPoint(x: 100, y: 50)
        child.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        parent.addSublayer(child)
        // (0,0) is (−25,−25) from the anchor; a quarter turn maps it to (25,−25).
        #expect(isClose(child.convert(CGPoint.zero, to: parent), CGPoint(x: 125, y: 25)))
        child.transform = CATransform3DMakeScale(2, 2, 1)
        #expect(child.convert(CGPoint.zero, to: parent) == CGPoint(x: 50, y: 0))
    }

    /// Apple-checked: the superlayer's sublayerTransform applies about the superlayer's anchor.
    @Test func sublayerTransformAppliesAboutTheSuperlayersAnchor() {
        let parent = CALayer()
        parent.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
        parent.sublayerTransform = CATransform3DMakeScale(2, 2, 1)
        let child = CALayer()
        child.bounds = CGRect(x: 0, y: 0, width: 50, height: 50)
        child.position = CGPoint(x: 150, y: 100)
        parent.addSublayer(child)
        // Before the sublayer transform (0,0) is at (125, 75); doubled about (100, 100).
        #expect(child.convert(CGPoint.zero, to: parent) == CGPoint(x: 150, y: 50))
        parent.anchorPoint = .zero
        #expect(child.convert(CGPoint.zero, to: parent) == CGPoint(x: 250, y: 150))
    }

    /// A sublayer at zPosition 100 under m34 = −1/500 is scaled by 1/0.8 about the parent's anchor.
    @Test func perspectiveProjectsByDepth() {
        let parent = CALayer()
        parent.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        parent.sublayerTransform = perspective
        let child = CALayer()
        child.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        child.position = CGPoint(x: 100, y: 100)
        child.zPosition = 100
        parent.addSublayer(child)
        #expect(isClose(child.convert(CGPoint.zero, to: parent), CGPoint(x: 37.5, y: 37.5)))
        #expect(
            isClose(
                child.convert(CGRect(x: 0, y: 0, width: 100, height: 100), to: parent),
                CGRect(x: 37.5, y: 37.5, width: 125, height: 125)))
        #expect(isClose(parent.convert(CGPoint(x: 37.5, y: 37.5), to: child), .zero))
    }

    /// A door hinged on its left edge and turned −60° about y under perspective: the hinge stays
    /// put and the free edge, swung towards the viewer, is projected by w = 1 + z·m34.
    @Test func rotationAboutYUnderPerspective() {
        let parent = CALayer()
        parent.bounds = CGRect(x: 0, y: 0, width: 400, height: 400)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        parent.sublayerTransform = perspective
        let door = CALayer()
        door.bounds = CGRect(x: 0, y: 0, width: 100, height: 200)
        door.anchorPoint = CGPoint(x: 0, y: 0.5)
        door.position = CGPoint(x: 200, y: 200)
        door.transform = CATransform3DMakeRotation(-.pi / 3, 0, 1, 0)
        parent.addSublayer(door)
        // The hinge stays where it is.
        #expect(isClose(door.convert(CGPoint(x: 0, y: 100), to: parent), CGPoint(x: 200, y: 200)))
        // The free edge at x = 100 from the hinge: x' = 100·cos θ, z' = −100·sin θ.
        let angle = -CGFloat.pi / 3
        let xRot = 100 * cos(angle)
        let zRot = -100 * sin(angle)
        let w = 1 + zRot * (-1.0 / 500)
        let expected = CGPoint(x: 200 + xRot / w, y: 200 + (-100) / w)
        #expect(isClose(door.convert(CGPoint(x: 100, y: 0), to: parent), expected, 1e-9))
        // And back.
        #expect(isClose(door.convert(expected, from: parent), CGPoint(x: 100, y: 0), 1e-9))
    }

    @Test func geometryFlippedMirrorsSublayersAboutTheCentre() {
        let parent = CALayer()
        parent.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        parent.position = CGPoint(x: 50, y: 50)
        let child = CALayer()
        child.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        child.position = CGPoint(x: 20, y: 15)
        parent.addSublayer(child)
        #expect(child.convert(CGPoint.zero, to: parent) == CGPoint(x: 15, y: 10))
        parent.isGeometryFlipped = true
        // The child's box now spans y ∈ [80, 90] and its local y axis points up.
        #expect(child.convert(CGPoint.zero, to: parent) == CGPoint(x: 15, y: 90))
        #expect(
            child.convert(CGRect(x: 0, y: 0, width: 10, height: 10), to: parent)
                == CGRect(x: 15, y: 80, width: 10, height: 10))
    }

    /// Apple-checked: a rotated rect converts to its bounding box.
    @Test func rotatedRectConvertsToItsBoundingBox() {
        let parent = CALayer()
        let child = CALayer()
        child.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        child.position = CGPoint(x: 0, y: 0)
        child.transform = CATransform3DMakeRotation(.pi / 4, 0, 0, 1)
        parent.addSublayer(child)
        let half = 50 * 2.0.squareRoot()
        let box = child.convert(CGRect(x: 0, y: 0, width: 100, height: 100), to: parent)
        #expect(isClose(box, CGRect(x: -half, y: -half, width: 2 * half, height: 2 * half)))
    }

    /// Apple-checked: conversion to self is the identity, exactly.
    @Test func conversionToSelfIsIdentity() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 3, y: 4, width: 10, height: 10)
        layer.transform = CATransform3DMakeRotation(0.3, 0, 0, 1)
        let p = CGPoint(x: 1.234567, y: -9.87654)
        #expect(layer.convert(p, to: layer) == p)
        #expect(layer.convert(p, from: layer) == p)
        let r = CGRect(x: 1, y: 2, width: 3, height: 4)
        #expect(layer.convert(r, to: layer) == r)
    }

    /// Apple-checked: layers in different trees convert through each root, as if the roots shared
    /// one space; a detached layer converts as a root.
    @Test func differentTreesMeetAboveTheirRoots() {
        let rootA = makeLayer("A", frame: CGRect(x: 100, y: 0, width: 50, height: 50))
        let rootB = makeLayer("B", frame: CGRect(x: 0, y: 200, width: 50, height: 50))
        let childB = makeLayer("b", frame: CGRect(x: 10, y: 10, width: 5, height: 5))
        rootB.addSublayer(childB)
        #expect(rootA.convert(CGPoint.zero, to: rootB) == CGPoint(x: 100, y: -200))
        #expect(rootA.convert(CGPoint.zero, to: childB) == CGPoint(x: 90, y: -210))
        #expect(childB.convert(CGPoint.zero, from: rootA) == CGPoint(x: 90, y: -210))
        #expect(rootA.convert(CGPoint.zero, to: nil) == CGPoint(x: 100, y: 0))
        #expect(childB.convert(CGPoint(x: 10, y: 210), from: nil) == .zero)
    }

    @Test func rectConversionOfNullStaysNull() {
        let a = makeLayer("a", frame: CGRect(x: 1, y: 1, width: 5, height: 5))
        let b = makeLayer("b", frame: CGRect(x: 2, y: 2, width: 5, height: 5))
        #expect(a.convert(CGRect.null, to: b).isNull)
    }

    /// A layer seen edge-on has no inverse: points converted into it are NaN and hit nothing.
    @Test func edgeOnLayerConvertsToNaNWithoutCrashing() {
        let parent = CALayer()
        let child = makeLayer("edge", frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        child.transform = CATransform3DMakeScale(0, 1, 1)
        parent.addSublayer(child)
        let p = parent.convert(CGPoint(x: 50, y: 50), to: child)
        #expect(p.x.isNaN)
        #expect(parent.hitTest(CGPoint(x: 50, y: 50)) == nil)
    }

    /// Non-finite geometry is stored as given and never crashes a conversion.
    @Test func nonFiniteGeometryIsStoredAndConversionsDoNotCrash() {
        let parent = CALayer()
        let child = CALayer()
        parent.addSublayer(child)
        child.position = CGPoint(x: CGFloat.nan, y: .infinity)
        child.bounds = CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 10)
        child.frame = CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10)
        #expect(child.position.x.isNaN)
        let p = child.convert(CGPoint(x: 1, y: 1), to: parent)
        #expect(p.x.isNaN || p.x.isInfinite)
        _ = child.convert(CGRect(x: 0, y: 0, width: 1, height: 1), from: parent)
        _ = parent.hitTest(CGPoint(x: 1, y: 1))
        _ = child.frame
    }

    @Test func affineTransformRoundTripsAndNonAffineReadsIdentity() {
        let layer = CALayer()
        let m = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        layer.setAffineTransform(m)
        #expect(layer.affineTransform() == m)
        #expect(layer.transform.m11 == 1 && layer.transform.m12 == 2 && layer.transform.m21 == 3)
        #expect(layer.transform.m22 == 4 && layer.transform.m41 == 5 && layer.transform.m42 == 6)
        #expect(layer.transform.m33 == 1)
        layer.transform = CATransform3DMakeRotation(0.5, 1, 0, 0)
        #expect(layer.affineTransform() == .identity)
    }

    @Test func preferredFrameSizeIsTheTransformedBoundsSize() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 30, height: 20)
        #expect(layer.preferredFrameSize() == CGSize(width: 30, height: 20))
        layer.transform = CATransform3DMakeScale(2, 0.5, 1)
        #expect(layer.preferredFrameSize() == CGSize(width: 60, height: 10))
    }
}
