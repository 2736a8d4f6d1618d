import CoreGraphics

/// A continuous corner (`cornerCurve == .continuous`) as the layer shader draws it: the corner's
/// curve cut into `LayerProgram.cornerSegments` straight segments, the shape the intersection of
/// their outward half-planes with the bounds (the shape is convex, so that is its signed
/// distance inside and, to well under a pixel, outside).
///
/// The curve is the one Apple's continuous corners follow: along each edge it starts
/// `cornerCurveExpansionFactor(.continuous)` (≈ 1.528665) radii from the corner, and three cubic
/// Béziers (an easing in from the edge, a near-circular middle, an easing out) join with
/// continuous curvature. In units of the radius, measured inwards from the corner along the two
/// edges, the first runs from (k, 0) through (1.08849, 0) and (0.86841, 0) to (0.63149, 0.07491),
/// the middle through (0.37282, 0.16906) and (0.16906, 0.37282) to (0.07491, 0.63149), the last
/// mirrors the first. When the bounds leave less than k radii along an edge, the curve is blended
/// towards a circular arc (a capsule when the radius reaches half the shorter side); the two
/// curves' points with the same tangent direction are mixed, which keeps the blend convex.
struct ContinuousCorner {
    /// Where the curve leaves each edge, in radii from the corner (1 … k).
    let extent: Float
    /// 1 for Apple's continuous curve, 0 for a circular arc, between for a blend.
    let blend: Float

    /// The expansion factor of Apple's continuous corners (`cornerCurveExpansionFactor`).
    static let expansion: CGFloat = 1.528665

    /// The continuous corner for a nominal `radius` on bounds whose shorter half side is
    /// `halfSide`, with the radius the shader draws it at.
    static func fitting(radius: CGFloat, halfSide: CGFloat) -> (radius: CGFloat, corner: ContinuousCorner) {
        let h = max(halfSide, 0)
        if radius * expansion <= h {
            return (radius, ContinuousCorner(extent: Float(expansion), blend: 1))
        }
        if radius <= h, radius > 0 {
            let extent = h / radius
            return (
                radius, ContinuousCorner(extent: Float(extent), blend: Float((extent - 1) / (expansion - 1)))
            )
        }
        return (h, ContinuousCorner(extent: 1, blend: 0))
    }

    /// Samples of the curve, corner-local (origin where the curve's tangents leaving the two
    /// edges meet the other edge's line, so the edges are the lines x = k and y = k; the curve
    /// runs from (0, k) to (k, 0)), two per segment plus one: even indices end segments, odd ones
    /// are their middles. `continuous` for Apple's curve, `circular` the points of the unit arc
    /// with the same tangent directions.
    private static let samples: (continuous: [SIMD2<Double>], circular: [SIMD2<Double>]) = {
        let k = Double(expansion)
        let cubics: [[SIMD2<Double>]] = [
            [
                [k, 0], [1.088492957618529, 0], [0.868406944063002, 0],
                [0.631493792830993, 0.074911387847016],
            ],
            [
                [0.631493792830993, 0.074911387847016], [0.372823826625747, 0.16905955604437],
                [0.16905955604437, 0.372823826625747], [0.074911387847016, 0.631493792830993],
            ],
            [
                [0.074911387847016, 0.631493792830993], [0, 0.868406944063002], [0, 1.088492957618529],
                [0, k],
            ],
        ]
        let steps = 2 * LayerProgram.cornerSegments / cubics.count
        var continuous: [SIMD2<Double>] = []
        var circular: [SIMD2<Double>] = []
        for (index, c) in cubics.enumerated() {
            for step in (index == 0 ? 0 : 1)...steps {
                let t = Double(step) / Double(steps)
                let u = 1 - t
                let point = u * u * u * c[0] + 3 * u * u * t * c[1] + 3 * u * t * t * c[2] + t * t * t * c[3]
                var tangent =
                    3 * u * u * (c[1] - c[0]) + 6 * u * t * (c[2] - c[1]) + 3 * t * t * (c[3] - c[2])
                if tangent == .zero { tangent = c[3] - c[0] }
                // Corner-local: measured from the far ends of the curve, inwards flipped outwards.
                continuous.append(SIMD2(k - point.x, k - point.y))
                let angle = atan2(tangent.y, -tangent.x)
                circular.append(SIMD2(sin(angle), cos(angle)))
            }
        }
        return (continuous, circular)
    }()

    /// Calls `body` with the segments' outward lines, `LayerProgram.cornerSegments` triples
    /// (normal x, normal y, offset) in radii, corner-local: a point p (in radii) is inside the
    /// curve where `dot(normal, p) − offset ≤ 0` for every segment. Each line is moved out by
    /// half the segment's sagitta, so the polygon straddles the curve.
    func withPlanes(_ body: (UnsafePointer<Float>) -> Void) {
        let count = LayerProgram.cornerSegments
        withUnsafeTemporaryAllocation(of: Float.self, capacity: 3 * count) { planes in
            let s = Double(min(max(blend, 0), 1))
            func point(_ i: Int) -> SIMD2<Double> {
                Self.samples.circular[i] * (1 - s) + Self.samples.continuous[i] * s
            }
            for segment in 0..<count {
                let a = point(2 * segment)
                let middle = point(2 * segment + 1)
                let b = point(2 * segment + 2)
                let direction = b - a
                let length = (direction * direction).sum().squareRoot()
                let normal = length > 0 ? SIMD2(-direction.y, direction.x) / length : SIMD2(0.7071, 0.7071)
                let offset = (normal * a).sum()
                let sagitta = max((normal * middle).sum() - offset, 0)
                planes[3 * segment] = Float(normal.x)
                planes[3 * segment + 1] = Float(normal.y)
                planes[3 * segment + 2] = Float(offset + sagitta / 2)
            }
            body(UnsafePointer(planes.baseAddress!))
        }
    }
}
