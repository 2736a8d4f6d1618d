import CoreGraphics

/// One particle as drawn at a time.
package struct Particle {
    /// Position in the layer's bounds coordinates (z towards the viewer).
    package var position: Vector3
    /// Rotation in radians (positive: clockwise on screen).
    package var angle: Double
    /// Scale of the cell's image (≥ 0).
    package var scale: Double
    /// Straight (not premultiplied) red, green, blue, alpha, each in [0, 1].
    package var color: (Float, Float, Float, Float)
    /// When the particle was born, in the layer's time.
    package var birth: Double
    /// The cell's number in the snapshot's depth-first order.
    package var serial: Int
}

/// The particle system in closed form (CAEmitterLayer, ruling L16): which particles are alive
/// at a time and where, from the snapshot and the seed alone — no state is carried from frame to
/// frame, so any time can be rendered first.
///
/// Births: a cell with rate r (births per second: cell × layer × |cell speed|) emits particle
/// number i at time i / r, for the i with i / r in the cell's emission window (its active time,
/// in its parent's time: the layer's time from 0, or the emitting particle's age, while it
/// lives). A particle's random values are uniform numbers hashed (SplitMix64's finaliser) from
/// the layer's seed, the cell's number and i (and, for sub-cells, the emitting particle's key).
/// While the layer is animated, births are counted per 1/60 s bin with that bin's values.
package enum EmitterSimulation {
    /// The width of the bins animated values are sampled at, in seconds.
    package static let binWidth = 1.0 / 60

    /// The particles alive at layer time `t`, generated newest first per top-level cell, at most
    /// `limit` of them; `capped` tells whether particles were left out for the limit. `sampler`
    /// gives the values at other times when the layer is animated (`nil`: `snapshot` holds
    /// throughout).
    package static func particles(
        at t: Double, snapshot: EmitterSnapshot, sampler: ((Double) -> EmitterSnapshot)? = nil,
        limit: Int = CAEmitterLayer.maximumParticleCount
    ) -> (particles: [Particle], capped: Bool) {
        guard t.isFinite, t > 0, limit > 0 else { return ([], false) }
        var generator = Generator(t: t, sampler: sampler, limit: limit)
        generator.run(snapshot)
        return (generator.particles, generator.capped)
    }

    // MARK: Random values

    static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A key combining `parent` with `value`.
    static func key(_ parent: UInt64, _ value: UInt64) -> UInt64 {
        mix(parent ^ mix(value))
    }

    /// The `n`th uniform number in [0, 1) of the particle with `key`.
    static func uniform(_ key: UInt64, _ n: UInt64) -> Double {
        Double(mix(key &+ n &* 0xD1B5_4A32_D192_ED03) >> 11) * 0x1p-53
    }

    /// A value drawn uniformly from `[mean − range/2, mean + range/2]`.
    static func ranged(_ mean: Double, _ range: Double, _ u: Double) -> Double {
        mean + (u - 0.5) * range
    }

    /// How long after its birth a particle of `cell` or one of its descendants may be alive.
    static func reach(_ cell: EmitterSnapshot.Cell, lifetimeScale: Double) -> Double {
        let own = max((cell.lifetime + abs(cell.lifetimeRange) / 2) * lifetimeScale, 0)
        let children = cell.children.map { reach($0, lifetimeScale: lifetimeScale) }.max() ?? 0
        return own + children
    }
}

/// A particle's values at birth.
struct Spawn {
    var key: UInt64
    var birth: Double
    var lifetime: Double
    var origin: Vector3
    var velocity: Vector3
    var acceleration: Vector3
    var scale: Double
    var scaleSpeed: Double
    var spin: Double
    var color: SIMD4<Double>
    var colorSpeed: SIMD4<Double>
    var tint: SIMD4<Double>

    func position(at age: Double) -> Vector3 {
        origin + velocity * age + acceleration * (0.5 * age * age)
    }

    func direction(at age: Double) -> Vector3 {
        (velocity + acceleration * age).normalized(or: velocity.normalized())
    }

    func color(at age: Double) -> SIMD4<Double> {
        (color + colorSpeed * age).clamped(lowerBound: .zero, upperBound: .one) * tint
    }
}

/// Walks the cells newest particle first, within the particle and work limits.
private struct Generator {
    let t: Double
    let sampler: ((Double) -> EmitterSnapshot)?
    let limit: Int
    var particles: [Particle] = []
    var capped = false
    /// Candidates looked at; bounded so that absurd rates cannot stall a frame.
    var visits = 0
    /// How many more particles the current top-level cell may add.
    var budget = 0
    var samples: [Int: EmitterSnapshot] = [:]

    init(t: Double, sampler: ((Double) -> EmitterSnapshot)?, limit: Int) {
        self.t = t
        self.sampler = sampler
        self.limit = limit
    }

    var maximumVisits: Int { limit * 64 }
    var exhausted: Bool { budget <= 0 || visits >= maximumVisits || particles.count >= limit }

    mutating func run(_ snapshot: EmitterSnapshot) {
        // Budgets in proportion to each top-level cell's expected live count.
        let estimates = snapshot.cells.map { estimate($0, snapshot) }
        let total = estimates.reduce(0, +)
        for (index, cell) in snapshot.cells.enumerated() where cell.isEnabled {
            let share = total > Double(limit) ? Double(limit) * estimates[index] / total : Double(limit)
            budget = max(Int(share.rounded(.down)), 1)
            emitTopLevel(index, snapshot)
            if budget <= 0 || visits >= maximumVisits { capped = true }
            if particles.count >= limit { break }
        }
    }

    /// About how many particles of `cell` (and its sub-cells) are alive at once.
    private func estimate(_ cell: EmitterSnapshot.Cell, _ s: EmitterSnapshot) -> Double {
        guard cell.isEnabled else { return 0 }
        let rate = max(cell.birthRate * s.birthRate * cell.timeScale, 0)
        let life = max(cell.lifetime * s.lifetime, 0)
        let children = cell.children.map { estimate($0, s) }.reduce(0, +)
        let value = rate * (min(life, t) + (children > 0 ? children * life : 0))
        return value.isFinite ? value : Double(limit)
    }

    /// The birth numbers i with i / rate in (lo, hi], as (newest, oldest − 1); `nil` for none.
    private static func births(_ lo: Double, _ hi: Double, rate: Double) -> (Int64, Int64)? {
        guard rate > 0, rate.isFinite, hi > lo else { return nil }
        // A birth exactly at an end computed by subtraction (t − birth) may land a rounding error
        // off it: counts are rounded after a shift far smaller than one birth interval.
        let top = (hi * rate + 1e-7).rounded(.down)
        let bottom = (lo * rate + 1e-7).rounded(.down)
        guard top.isFinite, bottom.isFinite, abs(top) < 0x1p52, abs(bottom) < 0x1p52, top > bottom else {
            return nil
        }
        return (Int64(top), Int64(bottom))
    }

    private mutating func emitTopLevel(_ index: Int, _ snapshot: EmitterSnapshot) {
        let cell = snapshot.cells[index]
        let reach = EmitterSimulation.reach(cell, lifetimeScale: snapshot.lifetime)
        let lo = max(0, cell.window.start, t - reach)
        let hi = min(t, cell.window.end)
        guard hi > lo else { return }
        guard let sampler else {
            emitRange(cell, snapshot, lo, hi)
            return
        }
        let h = EmitterSimulation.binWidth
        var bin = Int((hi / h).rounded(.up)) - 1
        let first = Int((lo / h).rounded(.down))
        while bin >= first, !exhausted {
            let sample = self.sample(atBin: bin, sampler)
            if index < sample.cells.count {
                let from = max(lo, Double(bin) * h)
                let to = min(hi, Double(bin + 1) * h)
                emitRange(sample.cells[index], sample, from, to)
            }
            bin -= 1
        }
    }

    private mutating func sample(atBin bin: Int, _ sampler: (Double) -> EmitterSnapshot) -> EmitterSnapshot {
        if let cached = samples[bin] { return cached }
        let sample = sampler(Double(bin) * EmitterSimulation.binWidth)
        samples[bin] = sample
        return sample
    }

    /// Emits the top-level particles of `cell` born in (lo, hi], newest first.
    private mutating func emitRange(
        _ cell: EmitterSnapshot.Cell, _ s: EmitterSnapshot, _ lo: Double, _ hi: Double
    ) {
        let rate = cell.birthRate * s.birthRate * cell.timeScale
        guard cell.isEnabled, let (top, bottom) = Self.births(lo, hi, rate: rate) else { return }
        let cellKey = EmitterSimulation.key(UInt64(s.seed), UInt64(cell.serial))
        var i = top
        while i > bottom, !exhausted {
            visits += 1
            let birth = Double(i) / rate
            let key = EmitterSimulation.key(cellKey, UInt64(bitPattern: i))
            let spawn = Self.spawn(cell, s, key: key, birth: birth, from: nil)
            add(spawn, cell, s, depth: 0)
            i -= 1
        }
    }

    /// Adds the particle if it is alive at `t`, then the particles its sub-cells emitted.
    private mutating func add(_ spawn: Spawn, _ cell: EmitterSnapshot.Cell, _ s: EmitterSnapshot, depth: Int)
    {
        guard t - spawn.birth > -1e-6 else { return }
        let age = max(t - spawn.birth, 0)
        if age < spawn.lifetime {
            let position = spawn.position(at: age)
            let scale = max(spawn.scale + spawn.scaleSpeed * age, 0) * max(s.scale, 0)
            let angle = spawn.spin * age
            let c = spawn.color(at: age)
            if position.x.isFinite, position.y.isFinite, position.z.isFinite, scale.isFinite, angle.isFinite {
                particles.append(
                    Particle(
                        position: position, angle: angle, scale: scale,
                        color: (Float(c[0]), Float(c[1]), Float(c[2]), Float(c[3])), birth: spawn.birth,
                        serial: cell.serial))
                budget -= 1
            }
        }
        for child in cell.children where child.isEnabled && !exhausted {
            emitChildren(of: spawn, child, s, age: age, depth: depth + 1)
        }
    }

    /// The particles of sub-cell `cell` emitted by the particle `parent`, now `age` old.
    private mutating func emitChildren(
        of parent: Spawn, _ cell: EmitterSnapshot.Cell, _ s: EmitterSnapshot, age: Double, depth: Int
    ) {
        let reach = EmitterSimulation.reach(cell, lifetimeScale: s.lifetime)
        let lo = max(0, cell.window.start, age - reach)
        let hi = min(age, parent.lifetime, cell.window.end)
        let rate = cell.birthRate * s.birthRate * cell.timeScale
        guard let (top, bottom) = Self.births(lo, hi, rate: rate) else { return }
        let cellKey = EmitterSimulation.key(parent.key, UInt64(cell.serial))
        var j = top
        while j > bottom, !exhausted {
            visits += 1
            let at = Double(j) / rate
            let origin = (position: parent.position(at: at), direction: parent.direction(at: at))
            var spawn = Self.spawn(
                cell, s, key: EmitterSimulation.key(cellKey, UInt64(bitPattern: j)), birth: parent.birth + at,
                from: origin)
            spawn.tint = parent.color(at: at)
            add(spawn, cell, s, depth: depth)
            j -= 1
        }
    }

    /// A particle's values at birth: from the emission shape (or `from`, a parent particle's
    /// position and direction of travel) and the cell's means and ranges.
    static func spawn(
        _ cell: EmitterSnapshot.Cell, _ s: EmitterSnapshot, key: UInt64, birth: Double,
        from origin: (position: Vector3, direction: Vector3)?
    ) -> Spawn {
        func u(_ n: UInt64) -> Double { EmitterSimulation.uniform(key, n) }
        let ranged = EmitterSimulation.ranged
        let lifetime = ranged(cell.lifetime, cell.lifetimeRange, u(0)) * s.lifetime
        let (position, natural) =
            origin.map { ($0.position, $0.direction) }
            ?? EmitterShapes.birthPoint(s, u(1), u(2), u(3))
        let axis = EmitterShapes.direction(natural, latitude: cell.latitude, longitude: cell.longitude)
        let direction = EmitterShapes.cone(axis, range: cell.range, u(4), u(5))
        let speed = ranged(cell.velocity, cell.velocityRange, u(6)) * s.velocity
        let color = SIMD4(
            ranged(cell.color[0], cell.colorRange[0], u(8)), ranged(cell.color[1], cell.colorRange[1], u(9)),
            ranged(cell.color[2], cell.colorRange[2], u(10)), ranged(cell.color[3], cell.colorRange[3], u(11))
        )
        return Spawn(
            key: key, birth: birth, lifetime: lifetime, origin: position, velocity: direction * speed,
            acceleration: cell.acceleration, scale: ranged(cell.scale, cell.scaleRange, u(7)),
            scaleSpeed: cell.scaleSpeed, spin: ranged(cell.spin, cell.spinRange, u(12)) * s.spin,
            color: color, colorSpeed: cell.colorSpeed, tint: .one)
    }
}
