import CoreGraphics
import Foundation
import QuartzCore
import Testing

// The virtual key-path fields of a transform: transform.rotation.z, transform.scale, … (ruling T5).

/// Rounding error of a factor-and-multiply-back of values of order 1 to 100.
private let fieldTolerance: CGFloat = 1e-11

private func entries(_ t: CATransform3D) -> [CGFloat] {
    [
        t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24,
        t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44,
    ]
}

private func maxDifference(_ a: CATransform3D, _ b: CATransform3D) -> CGFloat {
    zip(entries(a), entries(b)).map { abs($0 - $1) }.max()!
}

private func read(_ field: PropertyKeyPath.TransformField, _ t: CATransform3D) -> CGFloat {
    field.value(of: t) as! CGFloat
}

private func concat(_ ts: CATransform3D...) -> CATransform3D {
    ts.reduce(CATransform3DIdentity, CATransform3DConcat)
}

private var perspective: CATransform3D {
    var t = CATransform3DIdentity
    t.m34 = -1.0 / 500
    return t
}

@Suite("CATransform3D key-path fields")
struct CATransform3DFieldsTests {
    @Test func keyPathsParseToTheSpecTable() {
        let expected: [String: PropertyKeyPath.TransformField] = [
            "rotation.x": .rotationX, "rotation.y": .rotationY, "rotation.z": .rotationZ,
            "rotation": .rotation,
            "scale.x": .scaleX, "scale.y": .scaleY, "scale.z": .scaleZ, "scale": .scale, "scale.xy": .scaleXY,
            "translation.x": .translationX, "translation.y": .translationY, "translation.z": .translationZ,
            "translation": .translation,
        ]
        for (path, field) in expected { #expect(PropertyKeyPath.TransformField(keyPath: path) == field) }
        #expect(PropertyKeyPath.TransformField.allCases.count == expected.count)
        for bad in [
            "", "rotation.w", "Rotation.z", "transform.rotation.z", "scale.", "translation.xy", "scale.yx",
        ] {
            #expect(PropertyKeyPath.TransformField(keyPath: bad) == nil)
        }
        #expect(PropertyKeyPath.TransformField.translation.valueKind == .size)
        #expect(PropertyKeyPath.TransformField.allCases.filter { $0.valueKind == .size } == [.translation])
    }

    @Test(arguments: [0.25, 1.5, -2.75, 3.1, CGFloat.pi, -3.1])
    func singleAxisRotationsReadBackOnTheirAxis(angle: CGFloat) {
        let cases: [(CATransform3D, PropertyKeyPath.TransformField, [PropertyKeyPath.TransformField])] = [
            (CATransform3DMakeRotation(angle, 1, 0, 0), .rotationX, [.rotationY, .rotationZ]),
            (CATransform3DMakeRotation(angle, 0, 1, 0), .rotationY, [.rotationX, .rotationZ]),
            (CATransform3DMakeRotation(angle, 0, 0, 1), .rotationZ, [.rotationX, .rotationY]),
        ]
        for (t, field, others) in cases {
            #expect(abs(read(field, t) - angle) < fieldTolerance, "\(field)")
            for other in others { #expect(abs(read(other, t)) < fieldTolerance, "\(field) → \(other)") }
        }
        #expect(
            read(.rotation, CATransform3DMakeRotation(angle, 0, 0, 1))
                == read(.rotationZ, CATransform3DMakeRotation(angle, 0, 0, 1)))
    }

    @Test func eulerOrderIsXThenYThenZ() {
        // R = Rx(α)·Ry(β)·Rz(γ): rotate about x first, then y, then z (fixed axes).
        let (a, b, g): (CGFloat, CGFloat, CGFloat) = (0.3, -0.7, 1.2)
        let t = concat(
            CATransform3DMakeRotation(a, 1, 0, 0), CATransform3DMakeRotation(b, 0, 1, 0),
            CATransform3DMakeRotation(g, 0, 0, 1))
        #expect(abs(read(.rotationX, t) - a) < fieldTolerance)
        #expect(abs(read(.rotationY, t) - b) < fieldTolerance)
        #expect(abs(read(.rotationZ, t) - g) < fieldTolerance)
        // Writing all three from the identity rebuilds the same matrix.
        var u = CATransform3DIdentity
        u = PropertyKeyPath.TransformField.rotationX.setting(a, in: u)
        u = PropertyKeyPath.TransformField.rotationY.setting(b, in: u)
        u = PropertyKeyPath.TransformField.rotationZ.setting(g, in: u)
        #expect(maxDifference(u, t) < fieldTolerance)
    }

    @Test func gimbalLockReadsTheWholeTwistIntoX() {
        let t = concat(CATransform3DMakeRotation(0.4, 1, 0, 0), CATransform3DMakeRotation(.pi / 2, 0, 1, 0))
        #expect(abs(read(.rotationY, t) - .pi / 2) < 1e-7)
        #expect(read(.rotationZ, t) == 0)
        #expect(abs(read(.rotationX, t) - 0.4) < 1e-7)
    }

    @Test func settingRotationZKeepsScaleAndTranslation() {
        let scale = CATransform3DMakeScale(2, 3, 1)
        let move = CATransform3DMakeTranslation(10, -20, 5)
        let t = PropertyKeyPath.TransformField.rotationZ.setting(0.6, in: CATransform3DConcat(scale, move))
        #expect(
            maxDifference(t, concat(scale, CATransform3DMakeRotation(0.6, 0, 0, 1), move)) < fieldTolerance)
        #expect(abs(read(.rotationZ, t) - 0.6) < fieldTolerance)
        #expect(abs(read(.scaleX, t) - 2) < fieldTolerance && abs(read(.scaleY, t) - 3) < fieldTolerance)
        // `rotation` is `rotation.z`.
        let u = PropertyKeyPath.TransformField.rotation.setting(0.6, in: CATransform3DConcat(scale, move))
        #expect(u == t)
    }

    @Test func settingARotationReplacesTheOldAngle() {
        let t = concat(CATransform3DMakeScale(2, 2, 2), CATransform3DMakeRotation(1, 0, 0, 1))
        let u = PropertyKeyPath.TransformField.rotationZ.setting(-0.5, in: t)
        let expected = concat(CATransform3DMakeScale(2, 2, 2), CATransform3DMakeRotation(-0.5, 0, 0, 1))
        #expect(maxDifference(u, expected) < fieldTolerance)
    }

    @Test func rotationAfterPerspectiveIsTheUsualCardFlip() {
        // layer.transform.m34 = −1/500, then setValue(θ, forKeyPath: "transform.rotation.y").
        let t = PropertyKeyPath.TransformField.rotationY.setting(0.8, in: perspective)
        #expect(maxDifference(t, CATransform3DRotate(perspective, 0.8, 0, 1, 0)) < fieldTolerance)
        #expect(abs(read(.rotationY, t) - 0.8) < fieldTolerance)
    }

    @Test func scaleFieldsReadAndWriteEachAxis() {
        let t = concat(CATransform3DMakeScale(2, 3, 4), CATransform3DMakeRotation(0.5, 1, 1, 0))
        #expect(abs(read(.scaleX, t) - 2) < fieldTolerance)
        #expect(abs(read(.scaleY, t) - 3) < fieldTolerance)
        #expect(abs(read(.scaleZ, t) - 4) < fieldTolerance)
        #expect(abs(read(.scale, t) - 3) < fieldTolerance)  // the average of 2, 3, 4
        let rotation = CATransform3DMakeRotation(0.5, 1, 1, 0)
        let x = PropertyKeyPath.TransformField.scaleX.setting(5, in: t)
        #expect(maxDifference(x, concat(CATransform3DMakeScale(5, 3, 4), rotation)) < fieldTolerance)
        let y = PropertyKeyPath.TransformField.scaleY.setting(-1, in: t)
        #expect(maxDifference(y, concat(CATransform3DMakeScale(2, -1, 4), rotation)) < fieldTolerance)
        let z = PropertyKeyPath.TransformField.scaleZ.setting(0.5, in: t)
        #expect(maxDifference(z, concat(CATransform3DMakeScale(2, 3, 0.5), rotation)) < fieldTolerance)
        let all = PropertyKeyPath.TransformField.scale.setting(1.5, in: t)
        #expect(maxDifference(all, concat(CATransform3DMakeScale(1.5, 1.5, 1.5), rotation)) < fieldTolerance)
    }

    @Test func zeroScaleIsReadableAndWritable() {
        let collapsed = CATransform3DMakeScale(0, 0, 1)
        #expect(
            read(.scaleX, collapsed) == 0 && read(.scaleY, collapsed) == 0 && read(.scaleZ, collapsed) == 1)
        #expect(abs(read(.scale, collapsed) - 1.0 / 3) < fieldTolerance)
        #expect(read(.rotationZ, collapsed) == 0)
        #expect(PropertyKeyPath.TransformField.scale.setting(1, in: collapsed) == CATransform3DIdentity)
        #expect(
            PropertyKeyPath.TransformField.scaleX.setting(2, in: collapsed) == CATransform3DMakeScale(2, 0, 1)
        )
        // A zero scale with a rotation still keeps the rotation it can see.
        let flat = concat(CATransform3DMakeScale(1, 0, 1), CATransform3DMakeRotation(0.3, 0, 0, 1))
        #expect(abs(read(.rotationZ, flat) - 0.3) < fieldTolerance)
        let restored = PropertyKeyPath.TransformField.scaleY.setting(1, in: flat)
        #expect(maxDifference(restored, CATransform3DMakeRotation(0.3, 0, 0, 1)) < fieldTolerance)
    }

    @Test func aReflectionIsReadOnTheNearestAxis() {
        let mirror = CATransform3DMakeScale(-1, 1, 1)
        #expect(read(.scaleX, mirror) == -1 && read(.scaleY, mirror) == 1 && read(.scaleZ, mirror) == 1)
        #expect(
            read(.rotationX, mirror) == 0 && read(.rotationY, mirror) == 0 && read(.rotationZ, mirror) == 0)
        #expect(
            PropertyKeyPath.TransformField.scaleY.setting(3, in: mirror) == CATransform3DMakeScale(-1, 3, 1))
        let flipped = concat(CATransform3DMakeScale(1, -2, 1), CATransform3DMakeRotation(0.4, 0, 0, 1))
        #expect(
            abs(read(.scaleY, flipped) + 2) < fieldTolerance
                && abs(read(.scaleX, flipped) - 1) < fieldTolerance)
        #expect(abs(read(.rotationZ, flipped) - 0.4) < fieldTolerance)
    }

    @Test func translationFieldsAreTheFourthRow() {
        let t = concat(CATransform3DMakeRotation(0.7, 0, 1, 0), CATransform3DMakeTranslation(4, -5, 6))
        #expect(read(.translationX, t) == 4 && read(.translationY, t) == -5 && read(.translationZ, t) == 6)
        #expect(
            PropertyKeyPath.TransformField.translation.value(of: t) as? CGSize == CGSize(width: 4, height: -5)
        )
        let x = PropertyKeyPath.TransformField.translationX.setting(9, in: t)
        var expected = t
        expected.m41 = 9
        #expect(x == expected)
        let y = PropertyKeyPath.TransformField.translationY.setting(-1, in: t)
        expected = t
        expected.m42 = -1
        #expect(y == expected)
        let z = PropertyKeyPath.TransformField.translationZ.setting(0, in: t)
        expected = t
        expected.m43 = 0
        #expect(z == expected)
        let xy = PropertyKeyPath.TransformField.translation.setting(CGSize(width: 1, height: 2), in: t)
        expected = t
        expected.m41 = 1
        expected.m42 = 2
        #expect(xy == expected)
    }

    @Test func translationUnderPerspectiveMovesM44LikeTranslate() {
        let t = PropertyKeyPath.TransformField.translationZ.setting(100, in: perspective)
        #expect(maxDifference(t, CATransform3DTranslate(perspective, 0, 0, 100)) < fieldTolerance)
        #expect(abs(t.m44 - 0.8) < fieldTolerance)
        // Read back as stored, not divided by m44.
        #expect(read(.translationZ, t) == 100)
        #expect(abs(read(.scale, t) - 1) < fieldTolerance)
    }

    @Test func mismatchedValueTypesLeaveTheTransformUnchanged() {
        let t = CATransform3DMakeTranslation(1, 2, 3)
        #expect(PropertyKeyPath.TransformField.translation.setting(5, in: t) == t)
        #expect(PropertyKeyPath.TransformField.scale.setting(CGSize(width: 2, height: 2), in: t) == t)
    }

    @Test func nonFiniteInputNeverCrashes() {
        let cases: [CATransform3D] = [
            CATransform3DMakeScale(.nan, 1, 1),
            CATransform3DMakeTranslation(.infinity, 0, 0),
            CATransform3DMakeAffineTransform(CGAffineTransform(a: 1, b: 2, c: 2, d: 4, tx: 0, ty: 0)),
        ]
        for t in cases {
            for field in PropertyKeyPath.TransformField.allCases
            where field.valueKind == .scalar && !field.rawValue.hasPrefix("translation") {
                #expect(read(field, t) == 0, "\(field)")
                let written = field.setting(1, in: t)
                #expect(
                    entries(written).elementsEqual(entries(t)) { $0 == $1 || ($0.isNaN && $1.isNaN) },
                    "\(field)")
            }
        }
        // Writing NaN produces NaN entries, not a trap.
        let nan = PropertyKeyPath.TransformField.rotationZ.setting(.nan, in: CATransform3DIdentity)
        #expect(nan.m11.isNaN)
        // Huge but finite values stay finite.
        let huge = CATransform3DMakeScale(1e300, 1e300, 1e300)
        #expect(read(.scaleX, huge) == 1e300)
        #expect(PropertyKeyPath.TransformField.rotationZ.setting(0.5, in: huge).m11.isFinite)
    }

    @Test func settingAFieldToItsOwnValueChangesNothing() {
        let seed: UInt64 = 0xF1E1_D5
        var rng = SeededGenerator(seed: seed)
        for index in 0..<200 {
            let angles = (0..<3).map { _ in CGFloat.random(in: -3...3, using: &rng) }
            let scales = (0..<3).map { _ in
                CGFloat.random(in: 0.5...3, using: &rng) * (Bool.random(using: &rng) ? 1 : -1)
            }
            var skew = CATransform3DIdentity
            skew.m21 = CGFloat.random(in: -1...1, using: &rng)
            skew.m31 = CGFloat.random(in: -1...1, using: &rng)
            skew.m32 = CGFloat.random(in: -1...1, using: &rng)
            let t = concat(
                CATransform3DMakeScale(scales[0], scales[1], scales[2]), skew,
                CATransform3DMakeRotation(angles[0], 1, 0, 0), CATransform3DMakeRotation(angles[1], 0, 1, 0),
                CATransform3DMakeRotation(angles[2], 0, 0, 1), CATransform3DMakeTranslation(3, 4, 5),
                perspective)
            // `scale` and `scale.xy` are left out: writing the average back makes the factors equal.
            for field in PropertyKeyPath.TransformField.allCases
            where field.valueKind == .scalar && field != .scale && field != .scaleXY {
                let same = field.setting(read(field, t), in: t)
                #expect(maxDifference(same, t) < fieldTolerance, "seed \(seed) case \(index) \(field)")
            }
        }
    }
}
