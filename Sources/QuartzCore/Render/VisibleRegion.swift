import CoreGraphics

/// The part of a layer's plane that can show in the target being drawn (ruling V19): the points
/// of the layer's bounds coordinates whose projection through the layer's matrix lands inside the
/// visible box — the target's viewport intersected with the enclosing `masksToBounds` clips and
/// masks, in clip space — in front of the eye.
///
/// Each condition is linear in homogeneous coordinates, so the region is an intersection of
/// half-planes of the layer's plane, exact under perspective (nothing is inverted, so a layer
/// seen nearly edge-on or crossing the eye's plane is still bounded conservatively). Rasterising
/// code asks for the part of a rectangle it would draw that is visible (`boundingBox(of:)`).
package struct VisibleRegion: Sendable {
    /// Half-planes `a·x + b·y + c ≥ 0` in layer coordinates.
    private var planes: [(a: CGFloat, b: CGFloat, c: CGFloat)]

    /// The points of the w = 0 plane and behind it are never drawn; this margin keeps the region
    /// away from the singular projection there.
    private static let nearestW: CGFloat = 1e-9

    /// The region of a layer drawn with `matrix` (bounds coordinates at z = 0 to clip space) that
    /// lands in `box` (clip space, x and y in −1…1 for the whole target).
    init(matrix m: CATransform3D, box: CGRect) {
        // Clip-space x = X / W with X = x·m11 + y·m21 + m41 and W = x·m14 + y·m24 + m44, so
        // X ≥ x0·W is linear in (x, y): (m11 − x0·m14)·x + (m21 − x0·m24)·y + m41 − x0·m44 ≥ 0.
        let x = (a: m.m11, b: m.m21, c: m.m41)
        let y = (a: m.m12, b: m.m22, c: m.m42)
        let w = (a: m.m14, b: m.m24, c: m.m44)
        func above(_ v: (a: CGFloat, b: CGFloat, c: CGFloat), _ k: CGFloat) -> (
            a: CGFloat, b: CGFloat, c: CGFloat
        ) {
            (v.a - k * w.a, v.b - k * w.b, v.c - k * w.c)
        }
        func below(_ v: (a: CGFloat, b: CGFloat, c: CGFloat), _ k: CGFloat) -> (
            a: CGFloat, b: CGFloat, c: CGFloat
        ) {
            (k * w.a - v.a, k * w.b - v.b, k * w.c - v.c)
        }
        planes = [
            (w.a, w.b, w.c - Self.nearestW),
            above(x, box.minX), below(x, box.maxX), above(y, box.minY), below(y, box.maxY),
        ]
    }

    /// The same region, also limited to `rect` (layer coordinates): a `masksToBounds` clip of the
    /// layer itself.
    func limited(to rect: CGRect) -> VisibleRegion {
        var region = self
        region.planes += [
            (1, 0, -rect.minX), (-1, 0, rect.maxX), (0, 1, -rect.minY), (0, -1, rect.maxY),
        ]
        return region
    }

    /// The bounding box of the part of `rect` (layer coordinates) inside the region;
    /// `CGRect.null` when none of it is (or when `rect` or the matrix is not finite).
    ///
    /// - Complexity: O(1): the rectangle is clipped by each half-plane in turn
    ///   (Sutherland–Hodgman), a polygon of at most 4 + planes vertices.
    func boundingBox(of rect: CGRect) -> CGRect {
        guard !rect.isNull, rect.minX.isFinite, rect.minY.isFinite, rect.maxX.isFinite, rect.maxY.isFinite
        else { return .null }
        var polygon = [
            CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
            CGPoint(x: rect.maxX, y: rect.maxY), CGPoint(x: rect.minX, y: rect.maxY),
        ]
        for plane in planes {
            guard plane.a.isFinite, plane.b.isFinite, plane.c.isFinite else { return .null }
            polygon = Self.clip(polygon, plane)
            if polygon.isEmpty { return .null }
        }
        var box = CGRect.null
        for point in polygon { box = box.union(CGRect(origin: point, size: .zero)) }
        // Clipping computes the crossings with round-off; the box may fall a hair outside `rect`.
        return box.intersection(rect)
    }

    /// `polygon` clipped to the half-plane a·x + b·y + c ≥ 0.
    private static func clip(_ polygon: [CGPoint], _ p: (a: CGFloat, b: CGFloat, c: CGFloat)) -> [CGPoint] {
        var result: [CGPoint] = []
        result.reserveCapacity(polygon.count + 1)
        for (index, current) in polygon.enumerated() {
            let next = polygon[(index + 1) % polygon.count]
            let dc = p.a * current.x + p.b * current.y + p.c
            let dn = p.a * next.x + p.b * next.y + p.c
            if dc >= 0 { result.append(current) }
            if (dc >= 0) != (dn >= 0) {
                let t = dc / (dc - dn)
                result.append(
                    CGPoint(x: current.x + (next.x - current.x) * t, y: current.y + (next.y - current.y) * t))
            }
        }
        return result
    }
}
