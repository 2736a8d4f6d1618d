import CoreGraphics
import Foundation
import Testing

/// The largest rounding error accepted where a result goes through `sin`/`cos` or a division.
private let tolerance: CGFloat = 1e-12

private func isClose(_ lhs: CGFloat, _ rhs: CGFloat) -> Bool {
    abs(lhs - rhs) <= tolerance
}

private func isClose(_ lhs: CGPoint, _ rhs: CGPoint) -> Bool {
    isClose(lhs.x, rhs.x) && isClose(lhs.y, rhs.y)
}

private func isClose(_ lhs: CGAffineTransform, _ rhs: CGAffineTransform) -> Bool {
    isClose(lhs.a, rhs.a) && isClose(lhs.b, rhs.b) && isClose(lhs.c, rhs.c) && isClose(lhs.d, rhs.d)
        && isClose(lhs.tx, rhs.tx) && isClose(lhs.ty, rhs.ty)
}

private func isClose(_ lhs: CGRect, _ rhs: CGRect) -> Bool {
    isClose(lhs.origin.x, rhs.origin.x) && isClose(lhs.origin.y, rhs.origin.y)
        && isClose(lhs.size.width, rhs.size.width) && isClose(lhs.size.height, rhs.size.height)
}

@Suite struct CGAffineTransformTests {
    @Test func translationScaleAndRotationInitialisersSetApplesEntries() {
        #expect(CGAffineTransform(translationX: 3, y: -4) == CGAffineTransform(1, 0, 0, 1, 3, -4))
        #expect(CGAffineTransform(scaleX: 2, y: -5) == CGAffineTransform(2, 0, 0, -5, 0, 0))
        let quarter = CGAffineTransform(rotationAngle: .pi / 2)
        #expect(isClose(quarter.a, 0))
        #expect(quarter.b == 1)
        #expect(quarter.c == -1)
        #expect(isClose(quarter.d, 0))
        #expect(quarter.tx == 0 && quarter.ty == 0)
        let angle: CGFloat = 0.3
        let rotation = CGAffineTransform(rotationAngle: angle)
        #expect(rotation == CGAffineTransform(cos(angle), sin(angle), -sin(angle), cos(angle), 0, 0))
    }

    @Test func isIdentityIsExact() {
        #expect(CGAffineTransform.identity.isIdentity)
        #expect(CGAffineTransform().isIdentity)
        #expect(CGAffineTransform(translationX: 0, y: 0).isIdentity)
        #expect(!CGAffineTransform(translationX: 1e-300, y: 0).isIdentity)
        #expect(!CGAffineTransform(scaleX: .nan, y: 1).isIdentity)
        #expect(!CGAffineTransform(rotationAngle: 2 * .pi).isIdentity)
    }

    @Test func scaledByPrependsTheScale() {
        let t = CGAffineTransform(translationX: 10, y: 0).scaledBy(x: 2, y: 2)
        #expect(CGPoint(x: 1, y: 0).applying(t) == CGPoint(x: 12, y: 0))
        #expect(t == CGAffineTransform(2, 0, 0, 2, 10, 0))
    }

    @Test func translatedByPrependsTheTranslation() {
        let t = CGAffineTransform(scaleX: 2, y: 3).translatedBy(x: 5, y: 7)
        #expect(t == CGAffineTransform(2, 0, 0, 3, 10, 21))
        #expect(CGPoint(x: 1, y: 1).applying(t) == CGPoint(x: 12, y: 24))
        let base = CGAffineTransform(1.5, 0.25, -0.5, 2, 3, 4)
        #expect(
            base.translatedBy(x: -2, y: 9) == CGAffineTransform(translationX: -2, y: 9).concatenating(base))
    }

    @Test func rotatedPrependsTheRotation() {
        let t = CGAffineTransform(translationX: 10, y: 0).rotated(by: .pi / 2)
        #expect(isClose(CGPoint(x: 1, y: 0).applying(t), CGPoint(x: 10, y: 1)))
        let base = CGAffineTransform(scaleX: 2, y: 3)
        #expect(base.rotated(by: 0.7) == CGAffineTransform(rotationAngle: 0.7).concatenating(base))
    }

    @Test func concatenatingAppliesTheReceiverFirst() {
        let translate = CGAffineTransform(translationX: 10, y: 0)
        let scale = CGAffineTransform(scaleX: 2, y: 2)
        #expect(CGPoint(x: 1, y: 0).applying(translate.concatenating(scale)) == CGPoint(x: 22, y: 0))
        #expect(CGPoint(x: 1, y: 0).applying(scale.concatenating(translate)) == CGPoint(x: 12, y: 0))
        let t1 = CGAffineTransform(1, 2, 3, 4, 5, 6)
        let t2 = CGAffineTransform(7, 8, 9, 10, 11, 12)
        #expect(t1.concatenating(t2) == CGAffineTransform(25, 28, 57, 64, 100, 112))
        #expect(t1.concatenating(.identity) == t1)
        #expect(CGAffineTransform.identity.concatenating(t1) == t1)
    }

    @Test func invertedRoundTrips() {
        let t = CGAffineTransform(1.5, 0.25, -0.5, 2, 3, 4)
        let inverse = t.inverted()
        #expect(isClose(t.concatenating(inverse), .identity))
        #expect(isClose(inverse.concatenating(t), .identity))
        let point = CGPoint(x: -7.5, y: 11)
        #expect(isClose(point.applying(t).applying(inverse), point))
        #expect(
            CGAffineTransform(scaleX: 4, y: 0.5).translatedBy(x: 2, y: 2).inverted()
                == CGAffineTransform(0.25, 0, 0, 2, -2, -2))
    }

    @Test func singularOrNaNTransformsInvertToThemselves() {
        let singular = CGAffineTransform(scaleX: 0, y: 1).translatedBy(x: 3, y: 4)
        #expect(singular.inverted() == singular)
        let collapsed = CGAffineTransform(1, 2, 2, 4, 5, 6)
        #expect(collapsed.inverted() == collapsed)
        let withNaN = CGAffineTransform(.nan, 0, 0, 1, 7, 8)
        let inverse = withNaN.inverted()
        #expect(inverse.a.isNaN)
        #expect(inverse.d == 1 && inverse.tx == 7 && inverse.ty == 8)
    }

    @Test func pointAndSizeApplying() {
        let t = CGAffineTransform(2, 1, -1, 3, 10, 20)
        #expect(CGPoint(x: 1, y: 2).applying(t) == CGPoint(x: 10, y: 27))
        // A size is a vector: no translation, and no sign fix-up.
        #expect(CGSize(width: 1, height: 2).applying(t) == CGSize(width: 0, height: 7))
        let size = CGSize(width: 30, height: 40).applying(CGAffineTransform(rotationAngle: .pi / 2))
        #expect(isClose(size.width, -40))
        #expect(isClose(size.height, 30))
    }

    @Test func rectApplyingUnderQuarterTurnIsTheBoundingBox() {
        let rect = CGRect(x: 10, y: 20, width: 30, height: 40)
        let rotated = rect.applying(CGAffineTransform(rotationAngle: .pi / 2))
        #expect(isClose(rotated, CGRect(x: -60, y: 10, width: 40, height: 30)))
        let eighth = CGRect(x: 0, y: 0, width: 2, height: 2).applying(
            CGAffineTransform(rotationAngle: .pi / 4))
        let root2 = CGFloat(2).squareRoot()
        #expect(isClose(eighth, CGRect(x: -root2, y: 0, width: 2 * root2, height: 2 * root2)))
    }

    @Test func rectApplyingStandardizesAndKeepsNullAndInfinite() {
        let flipped = CGRect(x: 10, y: 10, width: -4, height: -6).applying(
            CGAffineTransform(translationX: 1, y: 1))
        #expect(flipped == CGRect(x: 7, y: 5, width: 4, height: 6))
        let mirrored = CGRect(x: 1, y: 2, width: 3, height: 4).applying(CGAffineTransform(scaleX: -1, y: 2))
        #expect(mirrored == CGRect(x: -4, y: 4, width: 3, height: 8))
        #expect(CGRect.null.applying(CGAffineTransform(scaleX: 2, y: 2)).isNull)
        #expect(CGRect.infinite.applying(CGAffineTransform(translationX: 5, y: 5)).isInfinite)
    }

    @Test func nanInputsPropagateWithoutCrashing() {
        let rect = CGRect(x: 0, y: 0, width: 10, height: 10).applying(CGAffineTransform(scaleX: .nan, y: 1))
        #expect(rect.origin.x.isNaN)
        #expect(rect.size.width.isNaN)
        #expect(rect.origin.y == 0 && rect.size.height == 10)
        let point = CGPoint(x: 1, y: 1).applying(CGAffineTransform(translationX: .nan, y: 1))
        #expect(point.x.isNaN && point.y == 2)
        // The full formula runs, so `0 · NaN` reaches y too, as in Apple's C implementation.
        let nanPoint = CGPoint(x: CGFloat.nan, y: 1).applying(CGAffineTransform(translationX: 1, y: 1))
        #expect(nanPoint.x.isNaN && nanPoint.y.isNaN)
        #expect(CGAffineTransform(rotationAngle: .nan).a.isNaN)
    }

    @Test func componentsDefaultToTheIdentity() {
        let components = CGAffineTransformComponents()
        #expect(components.scale == CGSize(width: 1, height: 1))
        #expect(components.horizontalShear == 0 && components.rotation == 0)
        #expect(components.translation == .zero)
        #expect(CGAffineTransform(components).isIdentity)
        #expect(
            CGAffineTransform(CGAffineTransformComponents(rotation: 0.4))
                == CGAffineTransform(rotationAngle: 0.4))
    }

    @Test func componentsBuildScaleThenShearThenRotationThenTranslation() {
        let sheared = CGAffineTransform(CGAffineTransformComponents(horizontalShear: 0.5))
        #expect(CGPoint(x: 0, y: 2).applying(sheared) == CGPoint(x: 1, y: 2))
        let components = CGAffineTransformComponents(
            scale: CGSize(width: 2, height: 3),
            horizontalShear: 0,
            rotation: .pi / 2,
            translation: CGVector(dx: 10, dy: 20)
        )
        // (1, 0) scales to (2, 0), turns a quarter to (0, 2), then moves by (10, 20).
        #expect(isClose(CGPoint(x: 1, y: 0).applying(CGAffineTransform(components)), CGPoint(x: 10, y: 22)))
    }

    @Test func decomposedRecoversComponents() {
        let components = CGAffineTransformComponents(
            scale: CGSize(width: 2, height: 3),
            horizontalShear: 0.5,
            rotation: 0.3,
            translation: CGVector(dx: 4, dy: -5)
        )
        let decomposed = CGAffineTransform(components).decomposed()
        #expect(isClose(decomposed.scale.width, 2))
        #expect(isClose(decomposed.scale.height, 3))
        #expect(isClose(decomposed.horizontalShear, 0.5))
        #expect(isClose(decomposed.rotation, 0.3))
        #expect(decomposed.translation == CGVector(dx: 4, dy: -5))
        let arbitrary = CGAffineTransform(1.5, -0.25, 0.75, 2, 3, 4)
        #expect(isClose(CGAffineTransform(arbitrary.decomposed()), arbitrary))
    }

    @Test func decomposedMirrorAndSingularCases() {
        let mirror = CGAffineTransform(scaleX: 1, y: -1).decomposed()
        #expect(mirror.scale == CGSize(width: 1, height: -1))
        #expect(mirror.rotation == 0 && mirror.horizontalShear == 0)
        let flatX = CGAffineTransform(0, 0, 2, 3, 0, 0)
        let flatComponents = flatX.decomposed()
        #expect(flatComponents.scale.width == 0 && flatComponents.rotation == 0)
        #expect(isClose(CGAffineTransform(flatComponents), flatX))
    }

    @Test func vectorBasics() throws {
        #expect(CGVector() == CGVector.zero)
        #expect(CGVector(dx: 1, dy: 2) == CGVector(dx: 1.0 as Double, dy: 2.0 as Double))
        #expect(CGVector(dx: 3 as Int, dy: -4 as Int).dy == -4)
        let encoded = try JSONEncoder().encode(CGVector(dx: 1.5, dy: -2))
        #expect(String(decoding: encoded, as: UTF8.self) == "[1.5,-2]")
        #expect(try JSONDecoder().decode(CGVector.self, from: encoded) == CGVector(dx: 1.5, dy: -2))
        #expect(CGVector(dx: 1, dy: 2).debugDescription == "(1.0, 2.0)")
    }
}
