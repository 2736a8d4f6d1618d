import CoreGraphics

/// An emitter layer's values at one time, as plain numbers the simulation reads: every
/// non-finite number is replaced by 0 (a multiplier by 1), unknown shapes, modes and render
/// modes by the defaults (reported once).
package struct EmitterSnapshot {
    package var birthRate = 1.0
    package var lifetime = 1.0
    package var velocity = 1.0
    package var scale = 1.0
    package var spin = 1.0
    package var position = Vector3(0, 0, 0)
    /// Width, height and depth of the shape.
    package var size = Vector3(0, 0, 0)
    package var shape = Shape.point
    package var mode = Mode.volume
    package var renderMode = CAEmitterLayerRenderMode.unordered
    package var preservesDepth = false
    package var seed: UInt32 = 0
    package var cells: [Cell] = []

    package enum Shape: Sendable { case point, line, rectangle, cuboid, circle, sphere }
    package enum Mode: Sendable { case points, outline, surface, volume }

    /// Sub-cells nested deeper than this are not simulated.
    static let maximumNesting = 8

    /// One cell's values.
    package struct Cell {
        /// The cell's number in a depth-first walk of the tree (the key of its random values and
        /// of its appearance).
        package var serial = 0
        package var isEnabled = true
        package var birthRate = 0.0
        package var lifetime = 0.0
        package var lifetimeRange = 0.0
        package var latitude = 0.0
        package var longitude = 0.0
        package var range = 0.0
        package var velocity = 0.0
        package var velocityRange = 0.0
        package var acceleration = Vector3(0, 0, 0)
        package var scale = 1.0
        package var scaleRange = 0.0
        package var scaleSpeed = 0.0
        package var spin = 0.0
        package var spinRange = 0.0
        /// Red, green, blue, alpha.
        package var color = SIMD4<Double>(1, 1, 1, 1)
        package var colorRange = SIMD4<Double>(0, 0, 0, 0)
        package var colorSpeed = SIMD4<Double>(0, 0, 0, 0)
        /// The time the cell emits, in its parent's time: `[start, end)`.
        package var window: (start: Double, end: Double) = (0, .infinity)
        /// The cell's `speed`'s magnitude (births per parent second are `birthRate × speed`).
        package var timeScale = 1.0
        package var image: CGImage?
        package var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
        package var contentsScale = 1.0
        package var minificationFilter = CALayerContentsFilter.linear
        package var magnificationFilter = CALayerContentsFilter.linear
        package var minificationFilterBias: Float = 0
        package var children: [Cell] = []
    }

    package init() {}

    /// The values of `layer` (a model layer or a presentation copy).
    package init(_ layer: CAEmitterLayer) {
        self.init(values: layer.kindValues)
    }

    /// The snapshot of an emitter layer's values.
    package init(values e: CAEmitterLayer.Values) {
        birthRate = Self.finite(e.birthRate, or: 1)
        lifetime = Self.finite(e.lifetime, or: 1)
        velocity = Self.finite(e.velocity, or: 1)
        scale = Self.finite(e.scale, or: 1)
        spin = Self.finite(e.spin, or: 1)
        position = Vector3(
            Self.finite(e.emitterPosition.x), Self.finite(e.emitterPosition.y),
            Self.finite(e.emitterZPosition))
        size = Vector3(
            Self.finite(e.emitterSize.width), Self.finite(e.emitterSize.height), Self.finite(e.emitterDepth))
        shape = Self.shape(e.emitterShape)
        mode = Self.mode(e.emitterMode)
        switch e.renderMode {
        case .unordered, .oldestFirst, .oldestLast, .backToFront, .additive: renderMode = e.renderMode
        default:
            CompatibilityWarnings.report(
                "CAEmitterLayer: unknown renderMode \"\(e.renderMode.rawValue)\" draws as unordered")
        }
        preservesDepth = e.preservesDepth
        seed = e.seed
        var serial = 0
        cells = Self.cells(e.emitterCells, depth: 0, serial: &serial)
    }

    private static func cells(_ cells: [CAEmitterCell]?, depth: Int, serial: inout Int) -> [Cell] {
        guard let cells, !cells.isEmpty else { return [] }
        guard depth < maximumNesting else {
            CompatibilityWarnings.report(
                "CAEmitterLayer: emitter cells nested deeper than \(maximumNesting) levels are not emitted")
            return []
        }
        return cells.map { cell in
            var snapshot = Cell(cell.values)
            snapshot.serial = serial
            serial += 1
            snapshot.children = Self.cells(cell.values.emitterCells, depth: depth + 1, serial: &serial)
            return snapshot
        }
    }

    static func finite<T: BinaryFloatingPoint>(_ value: T, or fallback: Double = 0) -> Double {
        let v = Double(value)
        return v.isFinite ? v : fallback
    }

    private static func shape(_ shape: CAEmitterLayerEmitterShape) -> Shape {
        switch shape {
        case .point: return .point
        case .line: return .line
        case .rectangle: return .rectangle
        case .cuboid: return .cuboid
        case .circle: return .circle
        case .sphere: return .sphere
        default:
            CompatibilityWarnings.report(
                "CAEmitterLayer: unknown emitterShape \"\(shape.rawValue)\" emits as point")
            return .point
        }
    }

    private static func mode(_ mode: CAEmitterLayerEmitterMode) -> Mode {
        switch mode {
        case .points: return .points
        case .outline: return .outline
        case .surface: return .surface
        case .volume: return .volume
        default:
            CompatibilityWarnings.report(
                "CAEmitterLayer: unknown emitterMode \"\(mode.rawValue)\" emits as volume")
            return .volume
        }
    }
}

extension EmitterSnapshot.Cell {
    /// The values of one cell (not its children).
    init(_ v: EmitterCellValues) {
        func f<T: BinaryFloatingPoint>(_ value: T, _ fallback: Double) -> Double {
            EmitterSnapshot.finite(value, or: fallback)
        }
        isEnabled = v.isEnabled
        birthRate = max(f(v.birthRate, 0), 0)
        // An infinite lifetime is kept (particles never die; the particle cap bounds them).
        lifetime = v.lifetime == .infinity ? .infinity : f(v.lifetime, 0)
        lifetimeRange = f(v.lifetimeRange, 0)
        latitude = f(v.emissionLatitude, 0)
        longitude = f(v.emissionLongitude, 0)
        range = f(v.emissionRange, 0)
        velocity = f(v.velocity, 0)
        velocityRange = f(v.velocityRange, 0)
        acceleration = Vector3(f(v.xAcceleration, 0), f(v.yAcceleration, 0), f(v.zAcceleration, 0))
        scale = f(v.scale, 0)
        scaleRange = f(v.scaleRange, 0)
        scaleSpeed = f(v.scaleSpeed, 0)
        spin = f(v.spin, 0)
        spinRange = f(v.spinRange, 0)
        if let color = v.color {
            let c = color.rgbaComponents
            self.color = SIMD4(f(c.r, 0), f(c.g, 0), f(c.b, 0), f(c.a, 0))
        }
        let (ranges, speeds) = (v.colorRange, v.colorSpeed)
        colorRange = SIMD4(f(ranges.0, 0), f(ranges.1, 0), f(ranges.2, 0), f(ranges.3, 0))
        colorSpeed = SIMD4(f(speeds.0, 0), f(speeds.1, 0), f(speeds.2, 0), f(speeds.3, 0))
        if let contents = v.contents {
            if let image = contents as? CGImage {
                self.image = image
            } else {
                CompatibilityWarnings.report(
                    "CAEmitterCell: contents of type \(type(of: contents)) is not drawn (only CGImage)")
            }
        }
        contentsRect = v.contentsRect.standardized
        let s = f(v.contentsScale, 1)
        contentsScale = s > 0 ? s : 1
        minificationFilter = CALayerContentsFilter(v.minificationFilter)
        magnificationFilter = CALayerContentsFilter(v.magnificationFilter)
        minificationFilterBias = v.minificationFilterBias.isFinite ? v.minificationFilterBias : 0
        // The emission window: the cell's active duration in its parent's time.
        let speed = abs(f(v.speed, 1))
        timeScale = speed
        let begin = f(v.beginTime, 0)
        let timing = MediaTiming(
            duration: v.duration, repeatCount: Double(v.repeatCount),
            repeatDuration: v.repeatDuration.isNaN ? 0 : v.repeatDuration, autoreverses: v.autoreverses)
        let active = v.duration > 0 ? timing.activeDuration : .infinity
        window = speed > 0 ? (begin, begin + active / speed) : (0, 0)
    }
}

/// A point or vector in 3D.
package struct Vector3: Equatable, Sendable {
    package var x: Double
    package var y: Double
    package var z: Double

    package init(_ x: Double, _ y: Double, _ z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    static func + (a: Vector3, b: Vector3) -> Vector3 { Vector3(a.x + b.x, a.y + b.y, a.z + b.z) }
    static func * (a: Vector3, k: Double) -> Vector3 { Vector3(a.x * k, a.y * k, a.z * k) }
    var length: Double { (x * x + y * y + z * z).squareRoot() }
    func cross(_ b: Vector3) -> Vector3 {
        Vector3(y * b.z - z * b.y, z * b.x - x * b.z, x * b.y - y * b.x)
    }
    /// The unit vector in this direction, or `fallback` for a zero or non-finite vector.
    func normalized(or fallback: Vector3 = Vector3(1, 0, 0)) -> Vector3 {
        let l = length
        return l > 1e-12 && l.isFinite ? self * (1 / l) : fallback
    }
}
