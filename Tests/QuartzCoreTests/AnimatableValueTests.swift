import CoreGraphics
import Foundation
import QuartzCore
import Testing

// Unboxing, boxing and arithmetic of animation values (rulings E23 and R11).

/// Rounding error of a few operations on values of order 1–100.
private let roundingTolerance = 1e-12
/// Rounding error of a transform decomposed, interpolated and recomposed.
private let transformTolerance: CGFloat = 1e-9

private func scalar(_ v: AnimatableValue) -> Double? {
    if case .scalar(let x) = v { return x }
    return nil
}

private func isDiscrete(_ v: AnimatableValue) -> Bool {
    if case .discrete = v { return true }
    return false
}

private func transform(_ v: AnimatableValue) -> CATransform3D? {
    if case .transform(let t) = v { return t }
    return nil
}

private func rgba(_ v: AnimatableValue) -> [Double]? {
    if case .color(let r, let g, let b, let a) = v { return [r, g, b, a] }
    return nil
}

private func maxDifference(_ a: CATransform3D, _ b: CATransform3D) -> CGFloat {
    let x = [
        a.m11, a.m12, a.m13, a.m14, a.m21, a.m22, a.m23, a.m24, a.m31, a.m32, a.m33, a.m34, a.m41, a.m42,
        a.m43, a.m44,
    ]
    let y = [
        b.m11, b.m12, b.m13, b.m14, b.m21, b.m22, b.m23, b.m24, b.m31, b.m32, b.m33, b.m34, b.m41, b.m42,
        b.m43, b.m44,
    ]
    return zip(x, y).map { abs($0 - $1) }.max()!
}

/// The angle of a z rotation (row-vector layout: m11 = cos, m12 = sin).
private func zAngle(_ t: CATransform3D) -> Double {
    Double(atan2(t.m12, t.m11))
}

private func allFinite(_ v: AnimatableValue) -> Bool {
    switch v {
    case .scalar(let x): return x.isFinite
    case .point(let p): return p.x.isFinite && p.y.isFinite
    case .size(let s): return s.width.isFinite && s.height.isFinite
    case .rect(let r): return [r.origin.x, r.origin.y, r.size.width, r.size.height].allSatisfy(\.isFinite)
    case .transform(let t):
        return [
            t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24, t.m31, t.m32, t.m33, t.m34, t.m41, t.m42,
            t.m43, t.m44,
        ]
        .allSatisfy(\.isFinite)
    case .color(let r, let g, let b, let a): return [r, g, b, a].allSatisfy(\.isFinite)
    case .numbers(let n), .colors(let n): return n.allSatisfy(\.isFinite)
    case .path(let e): return e.flatMap(\.points).allSatisfy { $0.x.isFinite && $0.y.isFinite }
    case .discrete: return true
    }
}

@Suite("AnimatableValue unboxing and boxing")
struct AnimatableValueBoxingTests {
    @Test func everyNumericBoxingIsAScalar() {
        let boxes: [(Any, Double)] = [
            (2.5 as Double, 2.5), (Float(2.5), 2.5), (CGFloat(2.5), 2.5), (7 as Int, 7), (Int32(-3), -3),
            (UInt8(200), 200), (NSNumber(value: 2.5), 2.5), (NSNumber(value: 1), 1),
            (NSNumber(value: 1.0), 1),
            (NSNumber(value: Float(0.5)), 0.5),
        ]
        for (box, expected) in boxes {
            #expect(scalar(AnimatableValue(box)) == expected, "\(type(of: box)) \(box)")
        }
    }

    @Test func booleansAreDiscrete() {
        for box: Any in [true, false, NSNumber(value: true), NSNumber(value: false)] {
            let value = AnimatableValue(box)
            #expect(isDiscrete(value), "\(box)")
            #expect(value.boxed(like: nil) as? Bool == (box as? Bool))
        }
    }

    @Test func geometryFromStructsAndValues() {
        let p = CGPoint(x: 1.5, y: -2)
        let s = CGSize(width: 3, height: 4)
        let r = CGRect(x: 1, y: 2, width: 3, height: 4)
        for box: Any in [p, NSValue(cgPoint: p)] {
            guard case .point(let v) = AnimatableValue(box) else {
                Issue.record("\(box)")
                continue
            }
            #expect(v == p)
        }
        for box: Any in [s, NSValue(cgSize: s)] {
            guard case .size(let v) = AnimatableValue(box) else {
                Issue.record("\(box)")
                continue
            }
            #expect(v == s)
        }
        for box: Any in [r, NSValue(cgRect: r)] {
            guard case .rect(let v) = AnimatableValue(box) else {
                Issue.record("\(box)")
                continue
            }
            #expect(v == r)
        }
    }

    @Test func transformsFromEveryBoxing() {
        let t3 = CATransform3DMakeRotation(0.3, 1, 2, 3)
        let affine = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        #expect(transform(AnimatableValue(t3)) == t3)
        #expect(transform(AnimatableValue(NSValue(caTransform3D: t3))) == t3)
        #expect(transform(AnimatableValue(affine)) == CATransform3DMakeAffineTransform(affine))
        #expect(
            transform(AnimatableValue(NSValue(cgAffineTransform: affine)))
                == CATransform3DMakeAffineTransform(affine))
    }

    @Test func colorsPathsAndNumberArrays() {
        #expect(
            rgba(AnimatableValue(CGColor(srgbRed: 1, green: 0.5, blue: 0.25, alpha: 0.75))) == [
                1, 0.5, 0.25, 0.75,
            ])
        #expect(rgba(AnimatableValue(CGColor(gray: 0.5, alpha: 1))) == [0.5, 0.5, 0.5, 1])

        let path = CGMutablePath()
        path.move(to: CGPoint(x: 1, y: 2))
        path.addLine(to: CGPoint(x: 3, y: 4))
        guard case .path(let elements) = AnimatableValue(path) else {
            Issue.record("not a path")
            return
        }
        #expect(elements == [.move(CGPoint(x: 1, y: 2)), .line(CGPoint(x: 3, y: 4))])

        let arrays: [Any] = [
            [1.0, 2, 3], [CGFloat(1), 2, 3], [Float(1), 2, 3], [1, 2, 3], [NSNumber(value: 1), 2, 3],
        ]
        for box in arrays {
            guard case .numbers(let n) = AnimatableValue(box) else {
                Issue.record("\(box)")
                continue
            }
            #expect(n == [1, 2, 3])
        }
        for box: Any in [[true, false], [Double](), ["a"], [CGPoint.zero]] {
            #expect(isDiscrete(AnimatableValue(box)), "\(box)")
        }
    }

    @Test func nilNullAndOtherValuesAreDiscrete() {
        #expect(AnimatableValue(nil).boxed(like: 1.0) == nil)
        #expect(AnimatableValue(NSNull()).boxed(like: nil) == nil)
        #expect(AnimatableValue("text").boxed(like: nil) as? String == "text")
    }

    @Test func scalarsBoxAsTheTemplateType() {
        let v = AnimatableValue.scalar(2.5)
        #expect(v.boxed(like: nil) as? CGFloat == 2.5)
        #expect(v.boxed(like: CGFloat(0)) as? CGFloat == 2.5)
        #expect(v.boxed(like: 0.0) as? Double == 2.5)
        #expect(v.boxed(like: Float(0)) as? Float == 2.5)
        #expect(v.boxed(like: 0) as? Int == 3)
        #expect(AnimatableValue.scalar(-2.5).boxed(like: 0) as? Int == -3)
        #expect(AnimatableValue.scalar(1e30).boxed(like: Int32(0)) as? Int32 == .max)
        #expect(AnimatableValue.scalar(.nan).boxed(like: 0) as? Int == 0)
        #expect((v.boxed(like: NSNumber(value: 1)) as? NSNumber)?.doubleValue == 2.5)
        #expect(AnimatableValue.scalar(0.4).boxed(like: true) as? Bool == false)
        #expect(AnimatableValue.scalar(0.6).boxed(like: false) as? Bool == true)
    }

    @Test func structsKeepTheirBoxing() {
        let p = CGPoint(x: 1, y: 2)
        #expect(AnimatableValue.point(p).boxed(like: CGPoint.zero) as? CGPoint == p)
        #expect(
            (AnimatableValue.point(p).boxed(like: NSValue(cgPoint: .zero)) as? NSValue)?.cgPointValue == p)
        let r = CGRect(x: 1, y: 2, width: 3, height: 4)
        #expect((AnimatableValue.rect(r).boxed(like: NSValue(cgRect: .zero)) as? NSValue)?.cgRectValue == r)

        let t = CATransform3DMakeTranslation(1, 2, 3)
        #expect(AnimatableValue.transform(t).boxed(like: nil) as? CATransform3D == t)
        // A CGAffineTransform template takes the plane part, even of a matrix with a z translation
        // (which CATransform3DGetAffineTransform would turn into the identity).
        #expect(
            AnimatableValue.transform(t).boxed(like: CGAffineTransform.identity) as? CGAffineTransform
                == CGAffineTransform(translationX: 1, y: 2))
        #expect(
            (AnimatableValue.transform(t).boxed(like: NSValue(cgAffineTransform: .identity)) as? NSValue)?
                .cgAffineTransformValue == CGAffineTransform(translationX: 1, y: 2))
        #expect(
            (AnimatableValue.transform(t).boxed(like: NSValue(caTransform3D: t)) as? NSValue)?
                .caTransform3DValue == t)
    }

    @Test func colorsBoxAsSRGBOrExtendedSRGB() throws {
        let inGamut = try #require(
            AnimatableValue.color(r: 1, g: 0.5, b: 0, a: 0.5).boxed(like: CGColor.black) as? CGColor)
        #expect(inGamut.colorSpace?.name == CGColorSpace.sRGB)
        #expect(inGamut.components == [1, 0.5, 0, 0.5])
        let overshoot = try #require(
            AnimatableValue.color(r: 1.2, g: -0.1, b: 0, a: 1).boxed(like: nil) as? CGColor)
        #expect(overshoot.colorSpace?.name == CGColorSpace.extendedSRGB)
        #expect(overshoot.components == [1.2, -0.1, 0, 1])
    }

    @Test func pathsAndArraysBoxBack() throws {
        let elements: [PathElement] = [.move(.zero), .line(CGPoint(x: 5, y: 0)), .close]
        let path = try #require(AnimatableValue.path(elements).boxed(like: nil) as? CGPath)
        #expect(path.elements == elements)
        let numbers = AnimatableValue.numbers([1, 2.5])
        #expect(numbers.boxed(like: nil) as? [Double] == [1, 2.5])
        #expect(numbers.boxed(like: [CGFloat]()) as? [CGFloat] == [1, 2.5])
        #expect(numbers.boxed(like: [Float]()) as? [Float] == [1, 2.5])
        #expect(numbers.boxed(like: [0]) as? [Int] == [1, 3])
        #expect((numbers.boxed(like: [NSNumber]()) as? [NSNumber])?.map(\.doubleValue) == [1, 2.5])
    }
}

@Suite("AnimatableValue interpolation")
struct AnimatableValueInterpolationTests {
    @Test func endpointsAreExactForEveryLinearKind() {
        let pairs: [(AnimatableValue, AnimatableValue)] = [
            (.scalar(0.1), .scalar(0.7)),
            (.point(CGPoint(x: 0.1, y: 0.3)), .point(CGPoint(x: 0.7, y: -1.9))),
            (.size(CGSize(width: 0.1, height: 0.2)), .size(CGSize(width: 0.3, height: 0.9))),
            (
                .rect(CGRect(x: 0.1, y: 0.2, width: 0.3, height: 0.4)),
                .rect(CGRect(x: 0.7, y: 0.6, width: 0.5, height: 1.1))
            ),
            (.color(r: 0.1, g: 0.2, b: 0.3, a: 0.4), .color(r: 0.7, g: 0.9, b: 0.6, a: 1)),
            (.numbers([0.1, 0.2, 0.3]), .numbers([0.7, 0.8, 0.9])),
        ]
        for (a, b) in pairs {
            #expect(a.interpolated(to: b, fraction: 0).components == a.components)
            #expect(a.interpolated(to: b, fraction: 1).components == b.components)
        }
        let t0 = CATransform3DMakeRotation(0.3, 0, 0, 1)
        let t1 = CATransform3DMakeScale(2, 3, 1)
        #expect(transform(AnimatableValue.transform(t0).interpolated(to: .transform(t1), fraction: 0)) == t0)
        #expect(transform(AnimatableValue.transform(t0).interpolated(to: .transform(t1), fraction: 1)) == t1)
    }

    @Test func geometryInterpolatesComponentwise() {
        #expect(scalar(AnimatableValue.scalar(10).interpolated(to: .scalar(20), fraction: 0.25)) == 12.5)
        let rect = AnimatableValue.rect(CGRect(x: 0, y: 0, width: 10, height: 20))
            .interpolated(to: .rect(CGRect(x: 100, y: 50, width: 30, height: 0)), fraction: 0.5)
        guard case .rect(let r) = rect else {
            Issue.record("not a rect")
            return
        }
        // Origin and size lerp independently (not the corners of a standardized rect).
        #expect(r == CGRect(x: 50, y: 25, width: 20, height: 10))
        guard
            case .point(let p) = AnimatableValue.point(.zero).interpolated(
                to: .point(CGPoint(x: 8, y: -4)), fraction: 0.75)
        else {
            Issue.record("not a point")
            return
        }
        #expect(p == CGPoint(x: 6, y: -3))
    }

    @Test func fractionsOutsideTheUnitIntervalExtrapolate() {
        #expect(scalar(AnimatableValue.scalar(0).interpolated(to: .scalar(10), fraction: 1.5)) == 15)
        #expect(scalar(AnimatableValue.scalar(0).interpolated(to: .scalar(10), fraction: -0.5)) == -5)
    }

    @Test func colorMidpointIsNonPremultipliedRGBA() throws {
        let red = AnimatableValue(CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1))
        let blue = AnimatableValue(CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 0.5))
        let mid = try #require(rgba(red.interpolated(to: blue, fraction: 0.5)))
        #expect(mid == [0.5, 0, 0.5, 0.75])
    }

    @Test func fullTurnThroughTransformShowsNoMotion() throws {
        // R11: identity → rotation(2π) decomposes to the same rotation, so nothing turns.
        let full = AnimatableValue.transform(CATransform3DMakeRotation(2 * .pi, 0, 0, 1))
        for f in [0.25, 0.5, 0.75] {
            let mid = try #require(
                transform(
                    AnimatableValue.transform(CATransform3DIdentity).interpolated(to: full, fraction: f)))
            #expect(maxDifference(mid, CATransform3DIdentity) < transformTolerance)
        }
    }

    @Test func nearHalfTurnsGoTheShortWay() throws {
        let a = AnimatableValue.transform(CATransform3DMakeRotation(.pi - 0.1, 0, 0, 1))
        let b = AnimatableValue.transform(CATransform3DMakeRotation(-(.pi - 0.1), 0, 0, 1))
        // Through π: a quarter of the 0.2 rad gap, not a quarter of the 2π − 0.2 long way round.
        let quarter = try #require(transform(a.interpolated(to: b, fraction: 0.25)))
        #expect(abs(zAngle(quarter) - (.pi - 0.05)) < 1e-9)
        let half = try #require(transform(a.interpolated(to: b, fraction: 0.5)))
        #expect(abs(half.m11 + 1) < transformTolerance)
    }

    @Test func singularTransformFallsBackToEntries() throws {
        let a = AnimatableValue.transform(CATransform3DIdentity)
        let b = AnimatableValue.transform(CATransform3DMakeScale(0, 0, 1))
        let mid = try #require(transform(a.interpolated(to: b, fraction: 0.5)))
        #expect(mid == CATransform3DMakeScale(0.5, 0.5, 1))
    }

    @Test func pathsMorphPointwiseWhenStructuresMatch() throws {
        let a = AnimatableValue.path([
            .move(.zero), .line(CGPoint(x: 100, y: 0)), .quad(CGPoint(x: 100, y: 100), CGPoint(x: 0, y: 100)),
            .close,
        ])
        let b = AnimatableValue.path([
            .move(CGPoint(x: 40, y: 0)), .line(CGPoint(x: 100, y: 40)),
            .quad(CGPoint(x: 0, y: 100), CGPoint(x: 0, y: 20)), .close,
        ])
        guard case .path(let quarter) = a.interpolated(to: b, fraction: 0.25),
            case .path(let threeQuarters) = a.interpolated(to: b, fraction: 0.75)
        else {
            Issue.record("not a path")
            return
        }
        #expect(
            quarter == [
                .move(CGPoint(x: 10, y: 0)), .line(CGPoint(x: 100, y: 10)),
                .quad(CGPoint(x: 75, y: 100), CGPoint(x: 0, y: 80)), .close,
            ])
        #expect(
            threeQuarters == [
                .move(CGPoint(x: 30, y: 0)), .line(CGPoint(x: 100, y: 30)),
                .quad(CGPoint(x: 25, y: 100), CGPoint(x: 0, y: 40)), .close,
            ])
    }

    @Test func pathsOfDifferentStructureSwitchAtHalf() {
        let first: [PathElement] = [.move(.zero), .line(CGPoint(x: 10, y: 0))]
        let second: [PathElement] = [.move(.zero), .quad(CGPoint(x: 5, y: 5), CGPoint(x: 10, y: 0))]
        guard
            case .path(let early) = AnimatableValue.path(first).interpolated(
                to: .path(second), fraction: 0.25),
            case .path(let late) = AnimatableValue.path(first).interpolated(to: .path(second), fraction: 0.75)
        else {
            Issue.record("not a path")
            return
        }
        #expect(early == first)
        #expect(late == second)
    }

    @Test func arraysAndMismatchedKinds() {
        guard
            case .numbers(let n) = AnimatableValue.numbers([1, 1, 1]).interpolated(
                to: .numbers([3, 5, 1]), fraction: 0.5)
        else {
            Issue.record("not numbers")
            return
        }
        #expect(n == [2, 3, 1])
        #expect(
            AnimatableValue.numbers([1]).interpolated(to: .numbers([1, 2]), fraction: 0.49).components == [1])
        #expect(
            AnimatableValue.numbers([1]).interpolated(to: .numbers([1, 2]), fraction: 0.5).components == [
                1, 2,
            ])
        // A scalar and a one-element array are one value.
        #expect(AnimatableValue.scalar(0).interpolated(to: .numbers([4]), fraction: 0.5).components == [2])
        // Different kinds switch at 0.5.
        #expect(scalar(AnimatableValue.scalar(1).interpolated(to: .point(.zero), fraction: 0.49)) == 1)
        #expect(scalar(AnimatableValue.scalar(1).interpolated(to: .point(.zero), fraction: 0.5)) == nil)
    }

    @Test func discreteValuesSwitchAtHalf() {
        let a = AnimatableValue(false)
        let b = AnimatableValue(true)
        #expect(a.interpolated(to: b, fraction: 0.499).boxed(like: nil) as? Bool == false)
        #expect(a.interpolated(to: b, fraction: 0.5).boxed(like: nil) as? Bool == true)
        #expect(a.interpolated(to: b, fraction: 1.7).boxed(like: nil) as? Bool == true)
        #expect(a.interpolated(to: b, fraction: -3).boxed(like: nil) as? Bool == false)
    }

    @Test func nonFiniteInputGivesFiniteOutput() {
        #expect(scalar(AnimatableValue.scalar(.nan).interpolated(to: .scalar(4), fraction: 0.3)) == 4)
        #expect(scalar(AnimatableValue.scalar(3).interpolated(to: .scalar(.infinity), fraction: 0.7)) == 3)
        #expect(scalar(AnimatableValue.scalar(.nan).interpolated(to: .scalar(.nan), fraction: 0.5)) == 0)
        #expect(scalar(AnimatableValue.scalar(3).interpolated(to: .scalar(5), fraction: .nan)) == 3)
        #expect(scalar(AnimatableValue.scalar(3).interpolated(to: .scalar(5), fraction: .infinity)) == 5)
        #expect(scalar(AnimatableValue.scalar(3).interpolated(to: .scalar(5), fraction: -.infinity)) == 3)
        // b − a overflows; the weighted form does not.
        #expect(scalar(AnimatableValue.scalar(-1e308).interpolated(to: .scalar(1e308), fraction: 0.5)) == 0)
        // Extrapolation that overflows gives the nearer endpoint.
        #expect(scalar(AnimatableValue.scalar(0).interpolated(to: .scalar(1e308), fraction: 1e10)) == 1e308)
        var broken = CATransform3DIdentity
        broken.m11 = .nan
        let fallback = AnimatableValue.transform(broken).interpolated(
            to: .transform(CATransform3DMakeScale(2, 2, 1)), fraction: 0.2)
        #expect(transform(fallback) == CATransform3DMakeScale(2, 2, 1))
    }

    @Test func randomInputsNeverGiveNaN() {
        var rng = SeededGenerator(seed: 0xA11_4A7E)
        let specials: [Double] = [.nan, .infinity, -.infinity, 0, 1e308, -1e308, 1e-308]
        func number() -> Double {
            Bool.random(using: &rng)
                ? specials.randomElement(using: &rng)! : Double.random(in: -1e3...1e3, using: &rng)
        }
        func value(_ kind: Int) -> AnimatableValue {
            switch kind {
            case 0: return .scalar(number())
            case 1: return .rect(CGRect(x: number(), y: number(), width: number(), height: number()))
            case 2: return .color(r: number(), g: number(), b: number(), a: number())
            default:
                var t = CATransform3DMakeRotation(number(), number(), number(), 1)
                t.m41 = number()
                return .transform(t)
            }
        }
        for i in 0..<2000 {
            let kind = i % 4
            let (a, b) = (value(kind), value(kind))
            let f = Bool.random(using: &rng) ? number() : Double.random(in: -2...3, using: &rng)
            #expect(allFinite(a.interpolated(to: b, fraction: f)), "seed 0xA114A7E, case \(i)")
            #expect(allFinite(a.adding(b)), "seed 0xA114A7E, case \(i)")
            #expect(allFinite(a.subtracting(b)), "seed 0xA114A7E, case \(i)")
            #expect(allFinite(a.scaled(by: f)), "seed 0xA114A7E, case \(i)")
            #expect(a.distance(to: b).isFinite, "seed 0xA114A7E, case \(i)")
        }
    }
}

@Suite("AnimatableValue additive, cumulative and distance")
struct AnimatableValueArithmeticTests {
    @Test func additionPerKind() {
        #expect(scalar(AnimatableValue.scalar(1.5).adding(.scalar(2))) == 3.5)
        #expect(
            AnimatableValue.point(CGPoint(x: 1, y: 2)).adding(.point(CGPoint(x: 10, y: 20))).components == [
                11, 22,
            ])
        #expect(
            AnimatableValue.size(CGSize(width: 1, height: 2)).adding(.size(CGSize(width: 3, height: 4)))
                .components == [4, 6])
        #expect(
            AnimatableValue.rect(CGRect(x: 1, y: 2, width: 3, height: 4)).adding(
                .rect(CGRect(x: 10, y: 20, width: -1, height: 1))
            )
            .components == [11, 22, 2, 5])
        #expect(
            rgba(
                AnimatableValue.color(r: 0.5, g: 0, b: 0, a: 0.5).adding(
                    .color(r: 0.25, g: 0.5, b: 0, a: 0.25))) == [0.75, 0.5, 0, 0.75])
        #expect(AnimatableValue.numbers([1, 2]).adding(.numbers([3, 4])).components == [4, 6])
        #expect(
            AnimatableValue.path([.move(.zero), .line(CGPoint(x: 1, y: 1))])
                .adding(.path([.move(CGPoint(x: 5, y: 0)), .line(CGPoint(x: 5, y: 0))])).components == [
                    5, 0, 6, 1,
                ])
        #expect(AnimatableValue(false).adding(AnimatableValue(true)).boxed(like: nil) as? Bool == true)
    }

    @Test func additiveTransformAppliesTheAnimationFirst() throws {
        // current = translate(10, 0); animation = rotate 90° about z. `anim × current` rotates the
        // point first, then translates: (1, 0) → (0, 1) → (10, 1).
        let current = AnimatableValue.transform(CATransform3DMakeTranslation(10, 0, 0))
        let anim = AnimatableValue.transform(CATransform3DMakeRotation(.pi / 2, 0, 0, 1))
        let sum = try #require(transform(current.adding(anim)))
        let x = 1 * sum.m11 + sum.m41
        let y = 1 * sum.m12 + sum.m42
        #expect(abs(x - 10) < transformTolerance && abs(y - 1) < transformTolerance)
    }

    @Test func subtractionUndoesAddition() throws {
        #expect(scalar(AnimatableValue.scalar(5).subtracting(.scalar(2))) == 3)
        #expect(
            AnimatableValue.rect(CGRect(x: 5, y: 5, width: 5, height: 5)).subtracting(
                .rect(CGRect(x: 1, y: 2, width: 3, height: 4))
            ).components == [4, 3, 2, 1])
        let a = AnimatableValue.transform(
            CATransform3DConcat(CATransform3DMakeScale(2, 3, 1), CATransform3DMakeTranslation(4, 5, 6)))
        let b = AnimatableValue.transform(CATransform3DMakeRotation(0.7, 1, 1, 0))
        let back = try #require(transform(a.adding(b).subtracting(b)))
        #expect(maxDifference(back, transform(a)!) < transformTolerance)
        // A singular transform subtracts nothing.
        #expect(transform(a.subtracting(.transform(CATransform3DMakeScale(0, 1, 1)))) == transform(a))
    }

    @Test func scalingMultipliesLinearKindsAndPowersTransforms() throws {
        #expect(scalar(AnimatableValue.scalar(1.5).scaled(by: 3)) == 4.5)
        #expect(
            rgba(AnimatableValue.color(r: 0.1, g: 0.2, b: 0.25, a: 0.5).scaled(by: 2)) == [0.2, 0.4, 0.5, 1])
        let rotation = try #require(
            transform(AnimatableValue.transform(CATransform3DMakeRotation(0.5, 0, 0, 1)).scaled(by: 3)))
        #expect(abs(zAngle(rotation) - 1.5) < 1e-12)
        let scale = try #require(
            transform(AnimatableValue.transform(CATransform3DMakeScale(2, 3, 1)).scaled(by: 2)))
        #expect(maxDifference(scale, CATransform3DMakeScale(4, 9, 1)) < transformTolerance)
        let move = try #require(
            transform(AnimatableValue.transform(CATransform3DMakeTranslation(1, 2, 3)).scaled(by: 2.5)))
        #expect(maxDifference(move, CATransform3DMakeTranslation(2.5, 5, 7.5)) < transformTolerance)
        #expect(
            transform(AnimatableValue.transform(CATransform3DMakeTranslation(1, 2, 3)).scaled(by: .nan))
                == CATransform3DIdentity)
    }

    @Test func distances() {
        #expect(AnimatableValue.scalar(3).distance(to: .scalar(-1)) == 4)
        #expect(AnimatableValue.point(.zero).distance(to: .point(CGPoint(x: 3, y: 4))) == 5)
        #expect(AnimatableValue.rect(.zero).distance(to: .rect(CGRect(x: 1, y: 1, width: 1, height: 1))) == 2)
        #expect(
            AnimatableValue.color(r: 0, g: 0, b: 0, a: 1).distance(to: .color(r: 0, g: 0.6, b: 0.8, a: 1))
                == 1)
        #expect(AnimatableValue.scalar(.nan).distance(to: .scalar(1)) == 0)
        let moved = AnimatableValue.transform(CATransform3DIdentity).distance(
            to: .transform(CATransform3DMakeTranslation(3, 4, 0)))
        #expect(abs(moved - 5) < roundingTolerance)
        let turned = AnimatableValue.transform(CATransform3DIdentity).distance(
            to: .transform(CATransform3DMakeRotation(0.8, 0, 1, 0)))
        #expect(abs(turned - 0.8) < 1e-9)
        #expect(AnimatableValue("a").distance(to: AnimatableValue("a")) == 0)
        #expect(AnimatableValue("a").distance(to: AnimatableValue("b")) == 1)
        #expect(AnimatableValue(nil).distance(to: AnimatableValue(nil)) == 0)
        #expect(AnimatableValue.scalar(1).distance(to: .point(.zero)) == 1)
    }
}

/// A nil colour fades as the other colour made transparent.
@Suite struct AnimatableValueNilColourTests {
    @Test func nilToColourFadesIn() {
        let red = AnimatableValue(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        let middle = AnimatableValue(nil).interpolated(to: red, fraction: 0.25)
        guard case .color(let r, let g, let b, let a) = middle else {
            Issue.record("expected a colour, got \(middle)")
            return
        }
        #expect(r == 1 && g == 0 && b == 0 && a == 0.25)
        guard case .color(_, _, _, let fadingOut) = red.interpolated(to: AnimatableValue(nil), fraction: 0.75)
        else {
            Issue.record("expected a colour")
            return
        }
        #expect(fadingOut == 0.25)
        guard case .discrete(let end) = red.interpolated(to: AnimatableValue(nil), fraction: 1) else {
            Issue.record("expected nil at the end")
            return
        }
        #expect(end == nil)
    }
}
