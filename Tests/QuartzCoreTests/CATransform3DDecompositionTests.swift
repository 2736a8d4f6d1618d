import CoreGraphics
import Foundation
import QuartzCore
import Testing

// Decomposition into translation, scale, skew, perspective and rotation (rulings R11 and T3).

/// Rounding error of a decomposition of values of order 1.
private let componentTolerance: CGFloat = 1e-12
/// Relative error of decompose-then-recompose for the random products below.
private let roundTripTolerance: CGFloat = 1e-9

private func entries(_ t: CATransform3D) -> [CGFloat] {
    [
        t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24,
        t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44,
    ]
}

private func maxDifference(_ a: CATransform3D, _ b: CATransform3D) -> CGFloat {
    zip(entries(a), entries(b)).map { abs($0 - $1) }.max()!
}

private func isClose(_ a: CGFloat, _ b: CGFloat) -> Bool {
    abs(a - b) <= componentTolerance
}

private func skewMatrix(xy: CGFloat, xz: CGFloat, yz: CGFloat) -> CATransform3D {
    var t = CATransform3DIdentity
    t.m21 = xy
    t.m31 = xz
    t.m32 = yz
    return t
}

/// A random product `(rotations, scales, skews) · translation · rotation · perspective`, which
/// always has a non-singular upper 3×3 block and `m44` in [0.2, 1.8].
private func randomTransform(_ rng: inout SeededGenerator) -> CATransform3D {
    var t = CATransform3DIdentity
    for _ in 0..<Int.random(in: 1...4, using: &rng) {
        switch Int.random(in: 0..<3, using: &rng) {
        case 0:
            t = CATransform3DConcat(t, randomRotation(&rng))
        case 1:
            let f = (0..<3).map { _ in
                CGFloat.random(in: 0.25...4, using: &rng) * (Bool.random(using: &rng) ? 1 : -1)
            }
            t = CATransform3DConcat(t, CATransform3DMakeScale(f[0], f[1], f[2]))
        default:
            let s = (0..<3).map { _ in CGFloat.random(in: -1...1, using: &rng) }
            t = CATransform3DConcat(t, skewMatrix(xy: s[0], xz: s[1], yz: s[2]))
        }
    }
    let move = (0..<3).map { _ in CGFloat.random(in: -200...200, using: &rng) }
    t = CATransform3DConcat(t, CATransform3DMakeTranslation(move[0], move[1], move[2]))
    t = CATransform3DConcat(t, randomRotation(&rng))
    if Bool.random(using: &rng) {
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / CGFloat.random(in: 500...3000, using: &rng)
        perspective.m14 = CGFloat.random(in: -1e-4...1e-4, using: &rng)
        perspective.m24 = CGFloat.random(in: -1e-4...1e-4, using: &rng)
        t = CATransform3DConcat(t, perspective)
    }
    return t
}

private func randomRotation(_ rng: inout SeededGenerator) -> CATransform3D {
    let axis = (0..<3).map { _ in CGFloat.random(in: -1...1, using: &rng) }
    let angle = CGFloat.random(in: -.pi ... .pi, using: &rng)
    return CATransform3DMakeRotation(angle, axis[0], axis[1], axis[2])
}

@Suite("CATransform3D decomposition")
struct CATransform3DDecompositionTests {
    @Test func knownProductGivesItsFactors() throws {
        // scale, then rotate about z, then translate: each part reads back.
        let t = CATransform3DConcat(
            CATransform3DConcat(CATransform3DMakeScale(2, 3, 4), CATransform3DMakeRotation(0.5, 0, 0, 1)),
            CATransform3DMakeTranslation(10, 20, 30))
        let d = try #require(DecomposedTransform3D(t))
        #expect(d.translation == .init(x: 10, y: 20, z: 30))
        #expect(isClose(d.scale.x, 2) && isClose(d.scale.y, 3) && isClose(d.scale.z, 4))
        #expect(isClose(d.skew.xy, 0) && isClose(d.skew.xz, 0) && isClose(d.skew.yz, 0))
        #expect(d.perspective == .init(x: 0, y: 0, z: 0, w: 1))
        #expect(isClose(d.rotation.x, 0) && isClose(d.rotation.y, 0))
        #expect(isClose(d.rotation.z, sin(0.25)) && isClose(d.rotation.w, cos(0.25)))
    }

    @Test func skewAndPerspectiveReadBack() throws {
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        let t = CATransform3DConcat(skewMatrix(xy: 0.5, xz: -0.25, yz: 0.75), perspective)
        let d = try #require(DecomposedTransform3D(t))
        #expect(isClose(d.skew.xy, 0.5) && isClose(d.skew.xz, -0.25) && isClose(d.skew.yz, 0.75))
        #expect(isClose(d.scale.x, 1) && isClose(d.scale.y, 1) && isClose(d.scale.z, 1))
        #expect(isClose(d.perspective.z, -1.0 / 500) && isClose(d.perspective.w, 1))
        #expect(isClose(d.rotation.w, 1))
    }

    @Test func everyQuaternionBranchMatchesMakeRotation() throws {
        // Angles near π exercise the x, y and z branches of the extraction; small ones the w branch.
        for angle: CGFloat in [0.2, 2.5, 3.1, -3.1] {
            for axis in [(1.0, 0.2, -0.1), (0.1, -1.0, 0.3), (0.2, 0.1, 1.0)] as [(CGFloat, CGFloat, CGFloat)]
            {
                let t = CATransform3DMakeRotation(angle, axis.0, axis.1, axis.2)
                let d = try #require(DecomposedTransform3D(t))
                let n = (axis.0 * axis.0 + axis.1 * axis.1 + axis.2 * axis.2).squareRoot()
                let sign: CGFloat = cos(angle / 2) < 0 ? -1 : 1  // the stored quaternion has w ≥ 0
                let h = sin(angle / 2) * sign
                #expect(isClose(d.rotation.x, axis.0 / n * h) && isClose(d.rotation.y, axis.1 / n * h))
                #expect(isClose(d.rotation.z, axis.2 / n * h) && isClose(d.rotation.w, abs(cos(angle / 2))))
                #expect(maxDifference(d.recomposed(), t) < componentTolerance)
            }
        }
    }

    @Test func randomProductsRoundTrip() {
        let seed: UInt64 = 0xDEC0_4D05
        var rng = SeededGenerator(seed: seed)
        for index in 0..<500 {
            let t = randomTransform(&rng)
            guard let d = DecomposedTransform3D(t) else {
                Issue.record("seed \(seed) case \(index): \(t) did not decompose")
                continue
            }
            let normalised = CATransform3D(
                m11: t.m11 / t.m44, m12: t.m12 / t.m44, m13: t.m13 / t.m44, m14: t.m14 / t.m44,
                m21: t.m21 / t.m44, m22: t.m22 / t.m44, m23: t.m23 / t.m44, m24: t.m24 / t.m44,
                m31: t.m31 / t.m44, m32: t.m32 / t.m44, m33: t.m33 / t.m44, m34: t.m34 / t.m44,
                m41: t.m41 / t.m44, m42: t.m42 / t.m44, m43: t.m43 / t.m44, m44: 1)
            let scale = max(1, entries(normalised).map(abs).max()!)
            let error = maxDifference(d.recomposed(), normalised) / scale
            #expect(error < roundTripTolerance, "seed \(seed) case \(index): relative error \(error)")
            let q = d.rotation
            #expect(isClose(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w, 1), "seed \(seed) case \(index)")
            #expect(q.w >= 0, "seed \(seed) case \(index)")
        }
    }

    @Test func reflectionNegatesAllThreeScalesAsUnmatrixDoes() throws {
        let d = try #require(DecomposedTransform3D(CATransform3DMakeScale(-1, 1, 1)))
        #expect(d.scale == .init(x: -1, y: -1, z: -1))
        #expect(d.rotation == .init(x: 1, y: 0, z: 0, w: 0))  // π about x
        #expect(d.recomposed() == CATransform3DMakeScale(-1, 1, 1))
    }

    @Test func m44IsDividedOut() throws {
        let d = try #require(DecomposedTransform3D(CATransform3DMakeScale(1, 1, 1).with(m44: 2)))
        #expect(d.scale == .init(x: 0.5, y: 0.5, z: 0.5))
        #expect(d.recomposed() == CATransform3DMakeScale(0.5, 0.5, 0.5))
    }

    @Test func undecomposableMatricesGiveNil() {
        let cases: [CATransform3D] = [
            CATransform3D(),
            CATransform3DIdentity.with(m44: 0),
            CATransform3DMakeScale(0, 1, 1),
            CATransform3DMakeScale(1, 1, 0),
            CATransform3DMakeAffineTransform(CGAffineTransform(a: 1, b: 2, c: 2, d: 4, tx: 0, ty: 0)),
            CATransform3DIdentity.with(m44: .nan),
            CATransform3DMakeTranslation(.infinity, 0, 0),
            CATransform3DMakeScale(.nan, 1, 1),
            CATransform3DMakeScale(1, 1, 1).with(m44: .leastNonzeroMagnitude),  // division overflows
        ]
        for t in cases { #expect(DecomposedTransform3D(t) == nil, "\(t)") }
    }

    @Test func extremeFiniteInputGivesNilOrFiniteParts() {
        let cases: [CATransform3D] = [
            CATransform3DMakeScale(1e300, 1e300, 1e300),
            CATransform3DMakeScale(1e-300, 1e-300, 1e-300),
            CATransform3DMakeScale(1e-300, 1e300, 1),
            CATransform3DMakeTranslation(1e308, -1e308, 1e308),
            CATransform3DIdentity.with(m44: 1e-300),
            CATransform3DMakeRotation(1e20, 1, 1, 1),
            CATransform3DIdentity.with(m44: .greatestFiniteMagnitude),
        ]
        for t in cases {
            guard let d = DecomposedTransform3D(t) else { continue }
            let parts: [CGFloat] = [
                d.translation.x, d.translation.y, d.translation.z, d.scale.x, d.scale.y, d.scale.z,
                d.skew.xy, d.skew.xz, d.skew.yz, d.perspective.x, d.perspective.y, d.perspective.z,
                d.perspective.w, d.rotation.x, d.rotation.y, d.rotation.z, d.rotation.w,
            ]
            #expect(parts.allSatisfy { $0.isFinite }, "\(t)")
        }
        let big = DecomposedTransform3D(CATransform3DMakeScale(1e300, 1e300, 1e300))
        #expect(big?.scale == .init(x: 1e300, y: 1e300, z: 1e300))
        let small = DecomposedTransform3D(CATransform3DMakeScale(1e-300, 1e-300, 1e-300))
        #expect(small?.scale == .init(x: 1e-300, y: 1e-300, z: 1e-300))
    }
}

@Suite("CATransform3D interpolation")
struct CATransform3DInterpolationTests {
    @Test func slerpTakesTheShortWayThroughPi() throws {
        let a = try #require(DecomposedTransform3D(CATransform3DMakeRotation(.pi - 0.1, 0, 0, 1)))
        let b = try #require(DecomposedTransform3D(CATransform3DMakeRotation(-(.pi - 0.1), 0, 0, 1)))
        let middle = DecomposedTransform3D.interpolate(a, b, fraction: 0.5).recomposed()
        #expect(maxDifference(middle, CATransform3DMakeRotation(.pi, 0, 0, 1)) < componentTolerance)
        // A quarter of the way is π − 0.05 (the long way round would be near π/2).
        let quarter = DecomposedTransform3D.interpolate(a, b, fraction: 0.25).recomposed()
        #expect(maxDifference(quarter, CATransform3DMakeRotation(.pi - 0.05, 0, 0, 1)) < componentTolerance)
    }

    @Test func rotationIsUniformInAngle() throws {
        let a = try #require(DecomposedTransform3D(CATransform3DIdentity))
        let b = try #require(DecomposedTransform3D(CATransform3DMakeRotation(2, 1, 2, 2)))
        for fraction: CGFloat in [0.1, 0.3, 0.7, 1.5, -0.5] {
            let t = DecomposedTransform3D.interpolate(a, b, fraction: fraction).recomposed()
            let expected = CATransform3DMakeRotation(2 * fraction, 1, 2, 2)
            #expect(maxDifference(t, expected) < componentTolerance, "fraction \(fraction)")
        }
    }

    @Test func linearPartsInterpolateAndExtrapolate() throws {
        let a = try #require(DecomposedTransform3D(CATransform3DIdentity))
        let end = CATransform3DConcat(
            CATransform3DMakeScale(3, 5, 1), CATransform3DMakeTranslation(10, -20, 4))
        let b = try #require(DecomposedTransform3D(end))
        let expectations: [(CGFloat, CGFloat, CGFloat, CGFloat)] = [
            // fraction, scale.x, scale.y, translation.x
            (0.5, 2, 3, 5), (1.5, 4, 7, 15), (-0.5, 0, -1, -5),
        ]
        for (fraction, sx, sy, tx) in expectations {
            let d = DecomposedTransform3D.interpolate(a, b, fraction: fraction)
            #expect(isClose(d.scale.x, sx) && isClose(d.scale.y, sy) && isClose(d.translation.x, tx))
            #expect(isClose(d.translation.y, -20 * fraction) && isClose(d.translation.z, 4 * fraction))
            #expect(isClose(d.scale.z, 1) && isClose(d.rotation.w, 1))
        }
    }

    @Test func endpointsAreExact() throws {
        let seed: UInt64 = 0xE4D_9017
        var rng = SeededGenerator(seed: seed)
        let a = try #require(DecomposedTransform3D(randomTransform(&rng)))
        let b = try #require(DecomposedTransform3D(randomTransform(&rng)))
        #expect(DecomposedTransform3D.interpolate(a, b, fraction: 0) == a, "seed \(seed)")
        #expect(DecomposedTransform3D.interpolate(a, b, fraction: 1) == b, "seed \(seed)")
    }

    @Test func twoPiRotationDoesNotMove() throws {
        // Ruling R11: identity → rotation(2π) is no visible motion through `transform`.
        let a = try #require(DecomposedTransform3D(CATransform3DIdentity))
        let b = try #require(DecomposedTransform3D(CATransform3DMakeRotation(2 * .pi, 0, 0, 1)))
        let middle = DecomposedTransform3D.interpolate(a, b, fraction: 0.5).recomposed()
        #expect(maxDifference(middle, CATransform3DIdentity) < componentTolerance)
    }

    @Test func perspectiveIsInterpolatedLinearly() throws {
        var far = CATransform3DIdentity
        far.m34 = -1.0 / 1000
        var near = CATransform3DIdentity
        near.m34 = -1.0 / 250
        let t = CATransform3DIdentity.interpolated(to: near, fraction: 0.5)
        #expect(isClose(t.m34, -0.5 / 250))
        let u = far.interpolated(to: near, fraction: 0.5)
        let average: CGFloat = (-1.0 / 1000 - 1.0 / 250) / 2
        #expect(isClose(u.m34, average))
        #expect(isClose(u.m11, 1) && isClose(u.m44, 1))
    }

    @Test func publicInterpolationEndpointsAndFallback() {
        let a = CATransform3DMakeTranslation(1, 2, 3).with(m44: 2)
        let b = CATransform3DMakeRotation(1, 0, 1, 0)
        #expect(a.interpolated(to: b, fraction: 0) == a)
        #expect(a.interpolated(to: b, fraction: 1) == b)
        // A zero scale cannot be decomposed: the entries are interpolated linearly.
        let zero = CATransform3DMakeScale(0, 0, 1)
        let grown = zero.interpolated(to: CATransform3DMakeScale(2, 4, 1), fraction: 0.25)
        #expect(grown == CATransform3DMakeScale(0.5, 1, 1))
        let broken = CATransform3DMakeScale(.nan, 1, 1).interpolated(to: CATransform3DIdentity, fraction: 0.5)
        #expect(broken.m11.isNaN && broken.m22 == 1)
    }

    @Test func nearlyEqualRotationsInterpolateWithoutNaN() throws {
        let a = try #require(DecomposedTransform3D(CATransform3DMakeRotation(0.3, 0, 0, 1)))
        let b = try #require(DecomposedTransform3D(CATransform3DMakeRotation(0.3 + 1e-12, 0, 0, 1)))
        let q = DecomposedTransform3D.interpolate(a, b, fraction: 0.5).rotation
        #expect(q.x.isFinite && q.w.isFinite && isClose(q.z, sin(0.15)))
    }
}

extension CATransform3D {
    fileprivate func with(m44: CGFloat) -> CATransform3D {
        var t = self
        t.m44 = m44
        return t
    }
}
