import CoreGraphics
import Foundation
import QuartzCore
import Testing

// Apple's CATransform3D functions, checked against hand-computed matrices. Closed-form results
// use exact equality; results that go through sin/cos or a division use the named tolerances.

/// Rounding error of a few operations on values of order 1.
private let roundingTolerance: CGFloat = 1e-12
/// Rounding error of an inverse multiplied back (condition numbers up to ~10³).
private let inverseTolerance: CGFloat = 1e-9

private func entries(_ t: CATransform3D) -> [CGFloat] {
    [
        t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24,
        t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44,
    ]
}

private func matrix(_ e: [CGFloat]) -> CATransform3D {
    CATransform3D(
        m11: e[0], m12: e[1], m13: e[2], m14: e[3], m21: e[4], m22: e[5], m23: e[6], m24: e[7],
        m31: e[8], m32: e[9], m33: e[10], m34: e[11], m41: e[12], m42: e[13], m43: e[14], m44: e[15])
}

private func maxDifference(_ a: CATransform3D, _ b: CATransform3D) -> CGFloat {
    zip(entries(a), entries(b)).map { abs($0 - $1) }.max()!
}

/// Naive row-major product, independent of the library's unrolled one.
private func product(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D {
    let (x, y) = (entries(a), entries(b))
    var r = [CGFloat](repeating: 0, count: 16)
    for i in 0..<4 {
        for j in 0..<4 {
            for k in 0..<4 { r[i * 4 + j] += x[i * 4 + k] * y[k * 4 + j] }
        }
    }
    return matrix(r)
}

/// `[x y 0 1] · t`, divided by w.
private func map(_ x: CGFloat, _ y: CGFloat, _ t: CATransform3D) -> CGPoint {
    let w = x * t.m14 + y * t.m24 + t.m44
    return CGPoint(x: (x * t.m11 + y * t.m21 + t.m41) / w, y: (x * t.m12 + y * t.m22 + t.m42) / w)
}

@Suite("CATransform3D basics")
struct CATransform3DBasicTests {
    @Test func parameterlessInitIsAllZerosLikeAppleAndIdentityIsTheDiagonal() {
        #expect(entries(CATransform3D()) == [CGFloat](repeating: 0, count: 16))
        #expect(entries(CATransform3DIdentity) == [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
        #expect(CATransform3DIsIdentity(CATransform3DIdentity))
        #expect(!CATransform3DIsIdentity(CATransform3D()))
        var almost = CATransform3DIdentity
        almost.m43 = 1e-300
        #expect(!CATransform3DIsIdentity(almost))
    }

    @Test func memberwiseInitIsRowMajor() {
        let t = matrix((1...16).map { CGFloat($0) })
        #expect(t.m11 == 1 && t.m14 == 4 && t.m21 == 5 && t.m34 == 12 && t.m41 == 13 && t.m44 == 16)
    }

    @Test func equalityIsExactAndNaNIsNeverEqual() {
        var a = CATransform3DMakeTranslation(1, 2, 3)
        let b = CATransform3DMakeTranslation(1, 2, 3)
        #expect(CATransform3DEqualToTransform(a, b))
        a.m12 = -0.0
        #expect(CATransform3DEqualToTransform(a, b))
        #expect(a.hashValue == b.hashValue)
        a.m12 = 1e-300
        #expect(!CATransform3DEqualToTransform(a, b))
        a.m12 = .nan
        #expect(!CATransform3DEqualToTransform(a, a))
    }

    @Test func makeTranslationAndScaleAreExact() {
        #expect(
            entries(CATransform3DMakeTranslation(3, -4, 5)) == [
                1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 3, -4, 5, 1,
            ])
        #expect(
            entries(CATransform3DMakeScale(2, -3, 0)) == [2, 0, 0, 0, 0, -3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1])
    }

    @Test(arguments: [0.3, -1.2, CGFloat.pi / 2, CGFloat.pi, 3 * CGFloat.pi])
    func rotationAboutZMatchesTheAffineRotation(angle: CGFloat) {
        let t = CATransform3DMakeRotation(angle, 0, 0, 1)
        let (c, s) = (cos(angle), sin(angle))
        #expect(entries(t) == [c, s, 0, 0, -s, c, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
        #expect(CATransform3DIsAffine(t))
        #expect(
            CATransform3DGetAffineTransform(t) == CGAffineTransform(a: c, b: s, c: -s, d: c, tx: 0, ty: 0))
    }

    @Test func rotationsAboutXAndYAreRightHandedInRowVectorLayout() {
        let angle: CGFloat = 0.7
        let (c, s) = (cos(angle), sin(angle))
        #expect(
            entries(CATransform3DMakeRotation(angle, 1, 0, 0)) == [
                1, 0, 0, 0, 0, c, s, 0, 0, -s, c, 0, 0, 0, 0, 1,
            ])
        #expect(
            entries(CATransform3DMakeRotation(angle, 0, 1, 0)) == [
                c, 0, -s, 0, 0, 1, 0, 0, s, 0, c, 0, 0, 0, 0, 1,
            ])
        // Right-handed: a quarter turn about x takes +y to +z; about y takes +z to +x.
        let qx = CATransform3DMakeRotation(.pi / 2, 1, 0, 0)
        #expect(abs(qx.m23 - 1) < roundingTolerance)
        let qy = CATransform3DMakeRotation(.pi / 2, 0, 1, 0)
        #expect(abs(qy.m31 - 1) < roundingTolerance)
    }

    @Test func rotationAxisIsNormalisedAndAZeroAxisGivesIdentity() {
        #expect(CATransform3DMakeRotation(0.4, 0, 0, 7) == CATransform3DMakeRotation(0.4, 0, 0, 1))
        #expect(CATransform3DMakeRotation(0.4, 0, -2, 0) == CATransform3DMakeRotation(-0.4, 0, 1, 0))
        #expect(CATransform3DMakeRotation(1, 0, 0, 0) == CATransform3DIdentity)
        #expect(CATransform3DMakeRotation(1, .nan, 0, 0) == CATransform3DIdentity)
        #expect(
            CATransform3DRotate(CATransform3DMakeScale(2, 2, 2), 1, 0, 0, 0)
                == CATransform3DMakeScale(2, 2, 2))
    }

    @Test func rotationAboutTheDiagonalCyclesTheAxes() {
        // A third of a turn about (1, 1, 1) takes x → y → z → x.
        let t = CATransform3DMakeRotation(2 * .pi / 3, 1, 1, 1)
        let expected: [CGFloat] = [0, 1, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0, 1]
        #expect(zip(entries(t), expected).allSatisfy { abs($0 - $1) < roundingTolerance })
    }

    @Test func translateScaleAndRotateApplyTheirOperationFirst() {
        // Translate(t) = translate · t: the translation is scaled by t.
        let scaled = CATransform3DTranslate(CATransform3DMakeScale(2, 3, 4), 1, 1, 1)
        #expect(entries(scaled) == [2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 4, 0, 2, 3, 4, 1])
        // Scale(t) = scale · t: a translation already in t is not scaled.
        let moved = CATransform3DScale(CATransform3DMakeTranslation(5, 6, 7), 2, 3, 4)
        #expect(entries(moved) == [2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 4, 0, 5, 6, 7, 1])
        // Rotate(t) = rotation · t: (1, 0) turns to (0, 1), then moves by (10, 0).
        let turned = CATransform3DRotate(CATransform3DMakeTranslation(10, 0, 0), .pi / 2, 0, 0, 1)
        let p = map(1, 0, turned)
        #expect(abs(p.x - 10) < roundingTolerance && abs(p.y - 1) < roundingTolerance)
        // Translate on a perspective matrix also updates m44.
        var perspective = CATransform3DIdentity
        perspective.m34 = -0.5
        #expect(CATransform3DTranslate(perspective, 0, 0, 1).m44 == 0.5)
    }

    @Test func functionsEqualTheirDocumentedProducts() {
        let t = matrix([1, 2, 0, 0.5, -1, 3, 2, 0, 0, 1, 4, -0.25, 7, -3, 2, 1])
        #expect(CATransform3DTranslate(t, 2, -1, 3) == product(CATransform3DMakeTranslation(2, -1, 3), t))
        #expect(CATransform3DScale(t, 2, -1, 3) == product(CATransform3DMakeScale(2, -1, 3), t))
        let rotated = product(CATransform3DMakeRotation(0.9, 1, 2, 3), t)
        #expect(maxDifference(CATransform3DRotate(t, 0.9, 1, 2, 3), rotated) < roundingTolerance)
    }

    @Test func concatIsTheProductAThenB() {
        let a = matrix([1, 2, 0, 1, 0, 1, 3, 0, 2, 0, 1, 0, 3, 4, 5, 1])
        let b = matrix([2, 0, 1, 0, 0, 3, 0, 2, 1, 0, 4, 0, 0, 1, 0, 1])
        // Worked by hand: row 1 of a·b = 1·(2,0,1,0) + 2·(0,3,0,2) + 1·(0,1,0,1) = (2, 7, 1, 5).
        let ab = CATransform3DConcat(a, b)
        #expect(ab.m11 == 2 && ab.m12 == 7 && ab.m13 == 1 && ab.m14 == 5)
        #expect(ab == product(a, b))
        #expect(CATransform3DConcat(b, a) == product(b, a))
        #expect(CATransform3DConcat(a, CATransform3DIdentity) == a)
        #expect(CATransform3DConcat(CATransform3DIdentity, a) == a)
    }

    @Test func concatOrderOnAPoint() {
        let move = CATransform3DMakeTranslation(10, 0, 0)
        let double = CATransform3DMakeScale(2, 2, 1)
        // Move first, then scale: (1 + 10) · 2.
        #expect(map(1, 0, CATransform3DConcat(move, double)) == CGPoint(x: 22, y: 0))
        // Scale first, then move: 1 · 2 + 10.
        #expect(map(1, 0, CATransform3DConcat(double, move)) == CGPoint(x: 12, y: 0))
    }
}

@Suite("CATransform3D inversion")
struct CATransform3DInvertTests {
    @Test func closedFormInversesAreExact() {
        #expect(
            CATransform3DInvert(CATransform3DMakeTranslation(3, -4, 5))
                == CATransform3DMakeTranslation(-3, 4, -5))
        #expect(
            CATransform3DInvert(CATransform3DMakeScale(2, 4, 0.5)) == CATransform3DMakeScale(0.5, 0.25, 2))
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 512
        var inverse = CATransform3DIdentity
        inverse.m34 = 1.0 / 512
        #expect(CATransform3DInvert(perspective) == inverse)
    }

    @Test func rotationInverseIsTheTranspose() {
        let r = CATransform3DMakeRotation(1.1, 1, -2, 0.5)
        let i = CATransform3DInvert(r)
        let transposed = matrix([
            r.m11, r.m21, r.m31, r.m41, r.m12, r.m22, r.m32, r.m42,
            r.m13, r.m23, r.m33, r.m43, r.m14, r.m24, r.m34, r.m44,
        ])
        #expect(maxDifference(i, transposed) < roundingTolerance)
    }

    @Test func randomMatricesInvertBothWays() {
        let seed: UInt64 = 0x7A11_D3E5
        var rng = SeededGenerator(seed: seed)
        for index in 0..<200 {
            // Diagonally dominant, hence invertible and well-conditioned.
            var e = (0..<16).map { _ in CGFloat.random(in: -1...1, using: &rng) }
            for d in [0, 5, 10, 15] { e[d] += 5 }
            let t = matrix(e)
            let i = CATransform3DInvert(t)
            #expect(
                maxDifference(CATransform3DConcat(t, i), CATransform3DIdentity) < inverseTolerance,
                "seed \(seed) case \(index)")
            #expect(
                maxDifference(CATransform3DConcat(i, t), CATransform3DIdentity) < inverseTolerance,
                "seed \(seed) case \(index)")
        }
    }

    @Test func singularOrNonFiniteMatricesComeBackUnchanged() {
        let cases: [CATransform3D] = [
            CATransform3D(),
            CATransform3DMakeScale(0, 1, 1),
            matrix([1, 2, 3, 4, 2, 4, 6, 8, 0, 0, 1, 0, 0, 0, 0, 1]),  // row 2 = 2 · row 1
            matrix([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, .nan, 0, 0, 1]),
            matrix([1, 0, 0, 0, 0, .infinity, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]),
            CATransform3DConcat(CATransform3DMakeScale(1, 1, 0), CATransform3DMakeRotation(0.3, 1, 1, 0)),
            // Rows in arithmetic progression: singular, but the determinant is rounding noise.
            matrix([0.1, 0.2, 0.3, 0, 0.4, 0.5, 0.6, 0, 0.7, 0.8, 0.9, 0, 0, 0, 0, 1]),
        ]
        for t in cases {
            let result = CATransform3DInvert(t)
            #expect(entries(result).elementsEqual(entries(t)) { $0 == $1 || ($0.isNaN && $1.isNaN) })
        }
    }

    @Test func tinyButWellConditionedMatricesStillInvert() {
        let t = CATransform3DMakeScale(1e-8, 1e-8, 1e-8)
        #expect(CATransform3DInvert(t) == CATransform3DMakeScale(1e8, 1e8, 1e8))
    }
}

@Suite("CATransform3D and CGAffineTransform")
struct CATransform3DAffineTests {
    @Test func makeAffinePlacesTheSixEntries() {
        let a = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        #expect(
            entries(CATransform3DMakeAffineTransform(a)) == [1, 2, 0, 0, 3, 4, 0, 0, 0, 0, 1, 0, 5, 6, 0, 1])
        #expect(CATransform3DGetAffineTransform(CATransform3DMakeAffineTransform(a)) == a)
        #expect(CATransform3DIsAffine(CATransform3DMakeAffineTransform(a)))
        #expect(CATransform3DMakeAffineTransform(.identity) == CATransform3DIdentity)
    }

    @Test(arguments: [2, 3, 6, 7, 8, 9, 10, 11, 14, 15])
    func anyOutOfPlaneEntryMakesItNonAffine(index: Int) {
        var e = entries(
            CATransform3DMakeAffineTransform(CGAffineTransform(a: 2, b: 1, c: 0, d: 3, tx: 4, ty: 5)))
        e[index] += 0.5
        let t = matrix(e)
        #expect(!CATransform3DIsAffine(t))
        #expect(CATransform3DGetAffineTransform(t) == .identity)
    }

    @Test func agreesWithCoreGraphicsAffineOperations() {
        // MakeRotation about z is CGAffineTransform(rotationAngle:) entry for entry.
        for angle: CGFloat in [0.4, -2, .pi / 2] {
            let t = CATransform3DMakeRotation(angle, 0, 0, 1)
            #expect(CATransform3DGetAffineTransform(t) == CGAffineTransform(rotationAngle: angle))
        }
        // Concat agrees with concatenating: both apply the left operand first.
        let a = CGAffineTransform(a: 2, b: 1, c: -1, d: 3, tx: 4, ty: -5)
        let b = CGAffineTransform(a: 0.5, b: 0, c: 2, d: -1, tx: 7, ty: 1)
        let concat = CATransform3DConcat(
            CATransform3DMakeAffineTransform(a), CATransform3DMakeAffineTransform(b))
        #expect(CATransform3DGetAffineTransform(concat) == a.concatenating(b))
    }

    @Test func nonAffineExamplesFromTheSpecGiveTheIdentity() {
        let cases = [
            CATransform3DMakeScale(2, 2, 3),
            CATransform3DMakeRotation(0.5, 1, 0, 0),
            CATransform3DMakeTranslation(1, 2, 3),
        ]
        for t in cases { #expect(CATransform3DGetAffineTransform(t) == .identity) }
        #expect(CATransform3DGetAffineTransform(CATransform3D()) == .identity)
    }
}

@Suite("CATransform3D package helpers")
struct CATransform3DHelperTests {
    @Test func perspectiveProjectionFromTheSpec() {
        // Perspective (w = 1 + z·m34): m34 = −1/500 and z = 100 give w = 0.8, a 1.25× enlargement.
        var t = CATransform3DIdentity
        t.m34 = -1.0 / 500
        let (point, w) = t.project(CGPoint(x: 10, y: -4), z: 100)
        #expect(abs(w - 0.8) < roundingTolerance)
        #expect(abs(point.x - 12.5) < roundingTolerance && abs(point.y + 5) < roundingTolerance)
    }

    @Test func operatorAndApplyAgreeWithConcat() {
        let a = CATransform3DMakeRotation(0.3, 0, 1, 0)
        let b = CATransform3DMakeTranslation(1, 2, 3)
        #expect(a * b == CATransform3DConcat(a, b))
        let h = b.apply(x: 1, y: 1, z: 1, w: 0)
        #expect(h.x == 1 && h.y == 1 && h.z == 1 && h.w == 0)
        #expect(b.inverted == CATransform3DMakeTranslation(-1, -2, -3))
        #expect(CATransform3DMakeScale(0, 1, 1).inverted == nil)
    }
}

@Suite("NSValue boxing of CATransform3D")
struct NSValueCATransform3DTests {
    @Test func roundTripIsBitExact() {
        var t = matrix((1...16).map { CGFloat($0) / 3 })
        t.m12 = -0.0
        t.m23 = .infinity
        t.m34 = -1.0 / 500
        t.m41 = .leastNonzeroMagnitude
        let back = NSValue(caTransform3D: t).caTransform3DValue
        #expect(zip(entries(back), entries(t)).allSatisfy { $0.bitPattern == $1.bitPattern })
        let nan = NSValue(caTransform3D: matrix([CGFloat](repeating: .nan, count: 16))).caTransform3DValue
        #expect(entries(nan).allSatisfy { $0.isNaN })
    }

    @Test func boxesOfEqualTransformsAreEqual() {
        let a = NSValue(caTransform3D: CATransform3DMakeRotation(0.2, 0, 0, 1))
        let b = NSValue(caTransform3D: CATransform3DMakeRotation(0.2, 0, 0, 1))
        let c = NSValue(caTransform3D: CATransform3DMakeRotation(0.3, 0, 0, 1))
        #expect(a.isEqual(b))
        #expect(!a.isEqual(c))
    }

    @Test func otherValuesReadAsTheZeroTransform() {
        #expect(NSNumber(value: 1.0).caTransform3DValue == CATransform3D())
        #expect(NSValue(point: CGPoint(x: 1, y: 2)).caTransform3DValue == CATransform3D())
    }
}
