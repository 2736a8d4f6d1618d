import CoreGraphics

/// Where particles are born on an emitter's shape, and the directions they leave in (ruling
/// L16). Pure functions of the snapshot and uniform numbers in [0, 1).
enum EmitterShapes {
    private static let plusX = Vector3(1, 0, 0)

    /// The birth point for `emitterShape`/`emitterMode` from three uniform numbers, and the
    /// shape's natural direction there: outwards on circle and sphere outlines and surfaces, +x
    /// elsewhere.
    static func birthPoint(_ s: EmitterSnapshot, _ u1: Double, _ u2: Double, _ u3: Double) -> (
        Vector3, Vector3
    ) {
        let (w, h, d) = (s.size.x, s.size.y, s.size.z)
        let offset: Vector3
        var natural = plusX
        switch (s.shape, s.mode) {
        case (.point, _), (.circle, .points), (.sphere, .points):
            offset = Vector3(0, 0, 0)
        case (.line, .points):
            offset = Vector3(u1 < 0.5 ? -w / 2 : w / 2, 0, 0)
        case (.line, _):
            offset = Vector3((u1 - 0.5) * w, 0, 0)
        case (.rectangle, .points):
            offset = corner(Int(u1 * 4), w, h, 0)
        case (.rectangle, .outline):
            offset = onPerimeter(u1, w, h)
        case (.rectangle, _):
            offset = Vector3((u1 - 0.5) * w, (u2 - 0.5) * h, 0)
        case (.cuboid, .points):
            offset = corner(Int(u1 * 8), w, h, d)
        case (.cuboid, .outline):
            offset = onEdges(u1, u2, w, h, d)
        case (.cuboid, .surface):
            offset = onFaces(u1, u2, u3, w, h, d)
        case (.cuboid, .volume):
            offset = Vector3((u1 - 0.5) * w, (u2 - 0.5) * h, (u3 - 0.5) * d)
        case (.circle, .outline), (.sphere, .outline):
            let angle = 2 * Double.pi * u1
            natural = Vector3(cos(angle), sin(angle), 0)
            offset = natural * (w / 2)
        case (.circle, _):
            let angle = 2 * Double.pi * u1
            let radial = Vector3(cos(angle), sin(angle), 0)
            offset = radial * (w / 2 * u2.squareRoot())
            if s.mode == .surface { natural = radial }
        case (.sphere, _):
            let angle = 2 * Double.pi * u1
            let z = 2 * u2 - 1
            let ring = max(1 - z * z, 0).squareRoot()
            let radial = Vector3(ring * cos(angle), ring * sin(angle), z)
            let radius = s.mode == .surface ? w / 2 : w / 2 * Foundation.cbrt(u3)
            offset = radial * radius
            if s.mode == .surface { natural = radial }
        }
        return (s.position + offset, natural)
    }

    /// Corner `index` (bits: x, y, z) of a box of `w × h × d` centred on the origin.
    private static func corner(_ index: Int, _ w: Double, _ h: Double, _ d: Double) -> Vector3 {
        Vector3(
            index & 1 == 0 ? -w / 2 : w / 2, index & 2 == 0 ? -h / 2 : h / 2, index & 4 == 0 ? -d / 2 : d / 2)
    }

    /// A point at fraction `u` of the way round a `w × h` rectangle's perimeter.
    private static func onPerimeter(_ u: Double, _ w: Double, _ h: Double) -> Vector3 {
        let (w, h) = (abs(w), abs(h))
        var s = u * 2 * (w + h)
        if s < w { return Vector3(s - w / 2, -h / 2, 0) }
        s -= w
        if s < h { return Vector3(w / 2, s - h / 2, 0) }
        s -= h
        if s < w { return Vector3(w / 2 - s, h / 2, 0) }
        s -= w
        return Vector3(-w / 2, h / 2 - s, 0)
    }

    /// A point on one of a box's 12 edges, chosen in proportion to length.
    private static func onEdges(_ u1: Double, _ u2: Double, _ w: Double, _ h: Double, _ d: Double) -> Vector3
    {
        let (w, h, d) = (abs(w), abs(h), abs(d))
        let total = w + h + d
        guard total > 0 else { return Vector3(0, 0, 0) }
        let edge = Int(u2 * 4)
        let s = u1 * total
        let (a, b) = (edge & 1 == 0 ? -0.5 : 0.5, edge & 2 == 0 ? -0.5 : 0.5)
        if s < w { return Vector3(s - w / 2, a * h, b * d) }
        if s < w + h { return Vector3(a * w, s - w - h / 2, b * d) }
        return Vector3(a * w, b * h, s - w - h - d / 2)
    }

    /// A point on one of a box's 6 faces, chosen in proportion to area.
    private static func onFaces(
        _ u1: Double, _ u2: Double, _ u3: Double, _ w: Double, _ h: Double, _ d: Double
    ) -> Vector3 {
        let (w, h, d) = (abs(w), abs(h), abs(d))
        let areas = [w * h, w * d, h * d]
        let total = areas.reduce(0, +)
        guard total > 0 else { return Vector3((u1 - 0.5) * w, (u2 - 0.5) * h, (u3 - 0.5) * d) }
        // u1 picks the face pair and the side; u2 and u3 the point on it.
        var s = u1 * 2 * total
        let side = s.truncatingRemainder(dividingBy: 2) < 1 ? -0.5 : 0.5
        s /= 2
        if s < areas[0] { return Vector3((u2 - 0.5) * w, (u3 - 0.5) * h, side * d) }
        if s < areas[0] + areas[1] { return Vector3((u2 - 0.5) * w, side * h, (u3 - 0.5) * d) }
        return Vector3(side * w, (u2 - 0.5) * h, (u3 - 0.5) * d)
    }

    /// The emission axis: `natural` turned by `longitude` in its plane and lifted by `latitude`
    /// towards +z, as (cos lon · cos lat, sin lon · cos lat, sin lat) in the frame whose x axis
    /// is `natural`.
    static func direction(_ natural: Vector3, latitude: Double, longitude: Double) -> Vector3 {
        let x = natural.normalized()
        let y = Vector3(0, 0, 1).cross(x).normalized(or: Vector3(0, 1, 0))
        let z = x.cross(y)
        let local = Vector3(cos(longitude) * cos(latitude), sin(longitude) * cos(latitude), sin(latitude))
        return x * local.x + y * local.y + z * local.z
    }

    /// A direction drawn uniformly (by solid angle) from the cone of full angle `range` around
    /// `axis`; 2π or more covers every direction.
    static func cone(_ axis: Vector3, range: Double, _ u1: Double, _ u2: Double) -> Vector3 {
        let half = min(abs(range) / 2, Double.pi)
        guard half > 0 else { return axis }
        let cosTheta = 1 - u1 * (1 - cos(half))
        let sinTheta = max(1 - cosTheta * cosTheta, 0).squareRoot()
        let psi = 2 * Double.pi * u2
        let helper = abs(axis.z) < 0.9 ? Vector3(0, 0, 1) : Vector3(1, 0, 0)
        let p = helper.cross(axis).normalized()
        let q = axis.cross(p)
        return axis * cosTheta + (p * cos(psi) + q * sin(psi)) * sinTheta
    }
}
