import CoreGraphics
import Foundation
import QuartzCore
import Testing

// CAValueFunction (Apple's `CAValueFunction` documentation): Apple's names, and each function's
// matrix equal to the matching CATransform3DMake… call (exact: the same arithmetic runs).

@Suite("CAValueFunction")
struct CAValueFunctionTests {
    @Test func namesAreApples() {
        let names: [(CAValueFunctionName, String)] = [
            (.rotateX, "rotateX"), (.rotateY, "rotateY"), (.rotateZ, "rotateZ"), (.scale, "scale"),
            (.scaleX, "scaleX"), (.scaleY, "scaleY"), (.scaleZ, "scaleZ"), (.translate, "translate"),
            (.translateX, "translateX"), (.translateY, "translateY"), (.translateZ, "translateZ"),
        ]
        for (name, raw) in names {
            #expect(name.rawValue == raw)
            #expect(CAValueFunctionName(rawValue: raw) == name)
            #expect(CAValueFunction(name: name)?.name == name)
        }
        #expect(CAValueFunction(name: CAValueFunctionName("rotate")) == nil)
        #expect(CAValueFunction(name: .scale) == CAValueFunction(name: .scale))
        #expect(CAValueFunction(name: .scale) != CAValueFunction(name: .scaleX))
    }

    @Test func singleAxisFunctionsMatchTheMakeFunctions() throws {
        let v = AnimatableValue.scalar(0.75)
        let cases: [(CAValueFunctionName, CATransform3D)] = [
            (.rotateX, CATransform3DMakeRotation(0.75, 1, 0, 0)),
            (.rotateY, CATransform3DMakeRotation(0.75, 0, 1, 0)),
            (.rotateZ, CATransform3DMakeRotation(0.75, 0, 0, 1)),
            (.scaleX, CATransform3DMakeScale(0.75, 1, 1)),
            (.scaleY, CATransform3DMakeScale(1, 0.75, 1)),
            (.scaleZ, CATransform3DMakeScale(1, 1, 0.75)),
            (.translateX, CATransform3DMakeTranslation(0.75, 0, 0)),
            (.translateY, CATransform3DMakeTranslation(0, 0.75, 0)),
            (.translateZ, CATransform3DMakeTranslation(0, 0, 0.75)),
        ]
        for (name, expected) in cases {
            let function = try #require(CAValueFunction(name: name))
            #expect(function.transform(for: v) == expected, "\(name.rawValue)")
            // The first element of an array serves as well.
            #expect(function.transform(for: .numbers([0.75, 9])) == expected, "\(name.rawValue)")
        }
    }

    @Test func rotationsBeyondHalfATurnKeepTheirAngle() throws {
        // The point of value functions: 1.5π stays 1.5π (the matrix of −0.5π, reached by turning).
        let function = try #require(CAValueFunction(name: .rotateZ))
        let t = function.transform(for: .scalar(1.5 * .pi))
        #expect(abs(t.m11) < 1e-15 && abs(t.m12 + 1) < 1e-15)
    }

    @Test func threeNumberFunctions() throws {
        let scale = try #require(CAValueFunction(name: .scale))
        let translate = try #require(CAValueFunction(name: .translate))
        #expect(scale.transform(for: .numbers([1, 2, 3])) == CATransform3DMakeScale(1, 2, 3))
        #expect(translate.transform(for: .numbers([1, 2, 3])) == CATransform3DMakeTranslation(1, 2, 3))
        // One number scales all three axes, as the transform.scale key path does.
        #expect(scale.transform(for: .scalar(3)) == CATransform3DMakeScale(3, 3, 3))
        #expect(scale.transform(for: .numbers([3])) == CATransform3DMakeScale(3, 3, 3))
        // Two numbers, a point or a size act in x and y.
        #expect(scale.transform(for: .numbers([2, 4])) == CATransform3DMakeScale(2, 4, 1))
        #expect(
            translate.transform(for: .point(CGPoint(x: 5, y: 6))) == CATransform3DMakeTranslation(5, 6, 0))
        #expect(
            translate.transform(for: .size(CGSize(width: 5, height: 6)))
                == CATransform3DMakeTranslation(5, 6, 0))
        // A lone number has no axis for translate.
        #expect(translate.transform(for: .scalar(5)) == CATransform3DIdentity)
    }

    @Test func missingOrNonFiniteInputIsNeutral() throws {
        let scale = try #require(CAValueFunction(name: .scale))
        let rotate = try #require(CAValueFunction(name: .rotateY))
        #expect(scale.transform(for: .numbers([])) == CATransform3DIdentity)
        #expect(rotate.transform(for: .discrete("x")) == CATransform3DIdentity)
        #expect(rotate.transform(for: .scalar(.nan)) == CATransform3DIdentity)
        #expect(scale.transform(for: .numbers([2, .infinity, .nan])) == CATransform3DMakeScale(2, 1, 1))
        #expect(
            try #require(CAValueFunction(name: .translate)).transform(for: .numbers([.nan, 4, 5]))
                == CATransform3DMakeTranslation(0, 4, 5))
    }

    @Test func unboxedApplesExampleValues() throws {
        // Apple's example: "scale" from [1, 1, 1] to [3, 3, 3], halfway.
        let scale = try #require(CAValueFunction(name: .scale))
        let from = AnimatableValue([1, 1, 1])
        let to = AnimatableValue([NSNumber(value: 3), NSNumber(value: 3), NSNumber(value: 3)])
        #expect(
            scale.transform(for: from.interpolated(to: to, fraction: 0.5)) == CATransform3DMakeScale(2, 2, 2))
    }
}
