import Foundation
import QuartzCore
import Testing

/// Tolerance for particle positions computed in closed form (points).
private let positionTolerance = 1e-9

/// An emitter layer with one cell, named "cell", configured by `configure`.
private func makeEmitter(_ configure: (CAEmitterLayer, CAEmitterCell) -> Void) -> CAEmitterLayer {
    let layer = CAEmitterLayer()
    let cell = CAEmitterCell()
    cell.name = "cell"
    configure(layer, cell)
    layer.emitterCells = [cell]
    return layer
}

private func simulate(_ layer: CAEmitterLayer, at t: Double, limit: Int = CAEmitterLayer.maximumParticleCount)
    -> (particles: [Particle], capped: Bool)
{
    EmitterSimulation.particles(at: t, snapshot: EmitterSnapshot(layer), limit: limit)
}

@Suite struct EmitterSimulationTests {
    @Test func steadyStateCountIsBirthRateTimesLifetime() {
        let layer = makeEmitter { layer, cell in
            cell.birthRate = 40
            cell.lifetime = 2.5
            cell.velocity = 10
        }
        // Births at i/40 in (t − 2.5, t]: exactly 100 alive with no lifetime range.
        #expect(simulate(layer, at: 10).particles.count == 100)
        #expect(simulate(layer, at: 1).particles.count == 40)
        // The layer's multipliers scale the rate and the lifetime.
        layer.birthRate = 2
        layer.lifetime = 0.5
        #expect(simulate(layer, at: 10).particles.count == 100)
    }

    @Test func countWithLifetimeRangeAveragesTheMean() {
        let layer = makeEmitter { _, cell in
            cell.birthRate = 200
            cell.lifetime = 2
            cell.lifetimeRange = 2
        }
        let counts = stride(from: 10.0, to: 20, by: 1).map { Double(simulate(layer, at: $0).particles.count) }
        let mean = counts.reduce(0, +) / Double(counts.count)
        // Lifetimes uniform in [1, 3]: on average 200 × 2 = 400 alive.
        #expect(abs(mean - 400) < 20)
    }

    @Test func pointEmitterWithoutRangesFollowsTheFormula() throws {
        let layer = makeEmitter { layer, cell in
            layer.emitterPosition = CGPoint(x: 50, y: 80)
            cell.birthRate = 4
            cell.lifetime = 3
            cell.velocity = 100
            cell.emissionLongitude = -.pi / 2
            cell.yAcceleration = 98
            cell.xAcceleration = 5
            cell.spin = 2
            cell.scale = 0.5
            cell.scaleSpeed = 0.1
            cell.alphaSpeed = -0.25
        }
        let t = 7.3
        let particles = simulate(layer, at: t).particles
        #expect(particles.count == 12)
        for particle in particles {
            let age = t - particle.birth
            // Born at multiples of 1/4 s.
            #expect(abs(particle.birth * 4 - (particle.birth * 4).rounded()) < 1e-9)
            let vx = 100 * cos(-Double.pi / 2)
            let vy = 100 * sin(-Double.pi / 2)
            #expect(abs(particle.position.x - (50 + vx * age + 0.5 * 5 * age * age)) < positionTolerance)
            #expect(abs(particle.position.y - (80 + vy * age + 0.5 * 98 * age * age)) < positionTolerance)
            #expect(particle.position.z == 0)
            #expect(abs(particle.angle - 2 * age) < 1e-12)
            #expect(abs(particle.scale - (0.5 + 0.1 * age)) < 1e-12)
            #expect(abs(Double(particle.color.3) - max(0, 1 - 0.25 * age)) < 1e-6)
            #expect(particle.color.0 == 1)
        }
    }

    @Test func layerMultipliersScaleVelocityScaleAndSpin() throws {
        let layer = makeEmitter { layer, cell in
            cell.birthRate = 1
            cell.lifetime = 10
            cell.velocity = 10
            cell.spin = 1
            layer.velocity = 3
            layer.scale = 2
            layer.spin = -1
        }
        let particle = try #require(simulate(layer, at: 5).particles.first)
        let age = 5 - particle.birth
        #expect(abs(particle.position.x - 30 * age) < positionTolerance)
        #expect(abs(particle.scale - 2) < 1e-12)
        #expect(abs(particle.angle + age) < 1e-12)
    }

    @Test func sameSeedSameParticlesOtherSeedOthers() {
        func make(seed: UInt32) -> CAEmitterLayer {
            makeEmitter { layer, cell in
                layer.seed = seed
                layer.emitterShape = .rectangle
                layer.emitterSize = CGSize(width: 200, height: 100)
                cell.birthRate = 50
                cell.lifetime = 2
                cell.lifetimeRange = 1
                cell.velocity = 40
                cell.velocityRange = 20
                cell.emissionRange = .pi
                cell.redRange = 0.5
            }
        }
        let a = simulate(make(seed: 7), at: 12.25).particles
        let b = simulate(make(seed: 7), at: 12.25).particles
        let c = simulate(make(seed: 8), at: 12.25).particles
        #expect(a.map(\.position) == b.map(\.position))
        #expect(a.map(\.color.0) == b.map(\.color.0))
        #expect(a.map(\.position) != c.map(\.position))
        // Stateless: a time computed after others is the same as computed first.
        _ = simulate(make(seed: 7), at: 3)
        #expect(simulate(make(seed: 7), at: 12.25).particles.map(\.position) == a.map(\.position))
    }

    @Test func rangesStayWithinMeanPlusMinusHalfRange() {
        let layer = makeEmitter { _, cell in
            cell.birthRate = 500
            cell.lifetime = 1
            cell.velocity = 100
            cell.velocityRange = 40
            cell.scale = 1
            cell.scaleRange = 0.5
            cell.color = CGColor(srgbRed: 0.5, green: 0.5, blue: 0.5, alpha: 1)
            cell.greenRange = 0.2
        }
        let particles = simulate(layer, at: 10).particles
        #expect(particles.count == 500)
        for particle in particles {
            let age = 10 - particle.birth
            guard age > 0.01 else { continue }
            let speed = particle.position.x / age
            #expect(speed >= 80 - 1e-6 && speed <= 120 + 1e-6)
            #expect(particle.scale >= 0.75 && particle.scale <= 1.25)
            #expect(particle.color.1 >= 0.4 - 1e-6 && particle.color.1 <= 0.6 + 1e-6)
        }
        let speeds = particles.filter { 10 - $0.birth > 0.01 }.map { $0.position.x / (10 - $0.birth) }
        #expect(speeds.min()! < 85 && speeds.max()! > 115)
    }

    @Test(arguments: [
        (CAEmitterLayerEmitterShape.line, CAEmitterLayerEmitterMode.outline),
        (.rectangle, .points), (.rectangle, .outline), (.rectangle, .surface),
        (.circle, .outline), (.circle, .volume), (.cuboid, .volume), (.sphere, .surface),
    ])
    func shapesPlaceBirths(shape: CAEmitterLayerEmitterShape, mode: CAEmitterLayerEmitterMode) {
        let layer = makeEmitter { layer, cell in
            layer.emitterPosition = CGPoint(x: 100, y: 50)
            layer.emitterSize = CGSize(width: 80, height: 40)
            layer.emitterDepth = 20
            layer.emitterShape = shape
            layer.emitterMode = mode
            cell.birthRate = 400
            cell.lifetime = 10
        }
        // Without velocity the particles stay where they were born.
        let points = simulate(layer, at: 1).particles.map {
            ($0.position.x - 100, $0.position.y - 50, $0.position.z)
        }
        #expect(points.count == 400)
        for (x, y, z) in points {
            switch (shape, mode) {
            case (.line, _):
                #expect(abs(x) <= 40 && y == 0 && z == 0)
            case (.rectangle, .points):
                #expect(abs(abs(x) - 40) < 1e-9 && abs(abs(y) - 20) < 1e-9)
            case (.rectangle, .outline):
                let onVertical = abs(abs(x) - 40) < 1e-9 && abs(y) <= 20 + 1e-9
                let onHorizontal = abs(abs(y) - 20) < 1e-9 && abs(x) <= 40 + 1e-9
                #expect(onVertical || onHorizontal)
            case (.rectangle, _):
                #expect(abs(x) <= 40 && abs(y) <= 20 && z == 0)
            case (.circle, .outline):
                #expect(abs((x * x + y * y).squareRoot() - 40) < 1e-9)
            case (.circle, _):
                #expect((x * x + y * y).squareRoot() <= 40 + 1e-9 && z == 0)
            case (.cuboid, _):
                #expect(abs(x) <= 40 && abs(y) <= 20 && abs(z) <= 10)
            default:
                #expect(abs((x * x + y * y + z * z).squareRoot() - 40) < 1e-9)
            }
        }
        // Spread over the shape, not bunched in a corner.
        if mode != .points {
            #expect(points.contains { $0.0 < -20 } && points.contains { $0.0 > 20 })
        }
    }

    @Test func circleOutlineEmitsOutwards() {
        let layer = makeEmitter { layer, cell in
            layer.emitterShape = .circle
            layer.emitterMode = .outline
            layer.emitterSize = CGSize(width: 100, height: 100)
            cell.birthRate = 100
            cell.lifetime = 1
            cell.velocity = 50
        }
        for particle in simulate(layer, at: 5).particles {
            let age = 5 - particle.birth
            let r = (particle.position.x * particle.position.x + particle.position.y * particle.position.y)
                .squareRoot()
            #expect(abs(r - (50 + 50 * age)) < 1e-9)
        }
    }

    @Test func nestedCellsEmitFromTheirParticle() throws {
        let spark = CAEmitterCell()
        spark.name = "spark"
        spark.birthRate = 10
        spark.lifetime = 0.5
        spark.velocity = 0
        spark.color = CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 0.5)
        let layer = makeEmitter { _, cell in
            cell.birthRate = 1
            cell.lifetime = 1
            cell.velocity = 100
            cell.color = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
            cell.emitterCells = [spark]
        }
        let particles = simulate(layer, at: 10.7).particles
        let parents = particles.filter { $0.serial == 0 }
        let sparks = particles.filter { $0.serial == 1 }
        #expect(parents.count == 1)
        // The parent born at 10 emits at ages 0.1 … 0.7; sparks live 0.5 s: ages 0.3 … 0.7 alive
        // (5); the parent born at 9 emitted until its death at 10, its last sparks died by 10.5.
        #expect(sparks.count == 5)
        for spark in sparks {
            // A spark stays where its parent was (velocity 0) and takes the parent's colour.
            let parentAge = spark.birth - 10
            #expect(abs(spark.position.x - 100 * parentAge) < 1e-9)
            #expect(spark.color.1 == 0 && abs(spark.color.3 - 0.5) < 1e-6)
        }
    }

    @Test func subCellTimingIsTheParticlesAge() {
        // A firework: the rocket's burst cell emits once, at the end of the rocket's life.
        let burst = CAEmitterCell()
        burst.birthRate = 1
        burst.beginTime = 0.95
        burst.duration = 0.1
        burst.lifetime = 2
        let layer = makeEmitter { _, cell in
            cell.birthRate = 1
            cell.lifetime = 1.02
            cell.emitterCells = [burst]
        }
        let particles = simulate(layer, at: 20.5).particles
        let bursts = particles.filter { $0.serial == 1 }
        // Rockets born at 19 and 20 burst at 20 and 21 (the latter not yet): bursts of rockets born
        // at 18 (burst at 19, alive until 21) and 19 (burst at 20).
        #expect(bursts.map(\.birth).sorted() == [19, 20])
    }

    @Test func disabledCellsAndZeroRatesMakeNothing() {
        let layer = makeEmitter { _, cell in
            cell.birthRate = 10
            cell.lifetime = 1
            cell.isEnabled = false
        }
        #expect(simulate(layer, at: 5).particles.isEmpty)
        layer.setValue(true, forKeyPath: "emitterCells.cell.enabled")
        #expect(simulate(layer, at: 5).particles.count == 10)
        layer.birthRate = 0
        #expect(simulate(layer, at: 5).particles.isEmpty)
    }

    @Test func unboundedEmittersAreCapped() {
        let layer = makeEmitter { _, cell in
            cell.birthRate = 1e9
            cell.lifetime = .infinity
            cell.velocity = .nan
        }
        let (particles, capped) = simulate(layer, at: 100)
        #expect(particles.count == CAEmitterLayer.maximumParticleCount)
        #expect(capped)
        #expect(particles.allSatisfy { $0.position.x.isFinite && $0.position.y.isFinite })
        // The newest are kept.
        #expect(particles.allSatisfy { $0.birth > 99.99 })
        let small = simulate(layer, at: 100, limit: 50)
        #expect(small.particles.count == 50 && small.capped)
    }

    @Test func capIsSharedBetweenCellsByRate() {
        let a = CAEmitterCell()
        a.birthRate = 30_000
        a.lifetime = 1
        let b = CAEmitterCell()
        b.birthRate = 10_000
        b.lifetime = 1
        let layer = CAEmitterLayer()
        layer.emitterCells = [a, b]
        let (particles, capped) = simulate(layer, at: 10)
        #expect(capped)
        #expect(particles.filter { $0.serial == 0 }.count == 7_500)
        #expect(particles.filter { $0.serial == 1 }.count == 2_500)
    }

    @Test func nonFiniteValuesNeverProduceNonFiniteParticles() {
        let layer = makeEmitter { layer, cell in
            layer.emitterPosition = CGPoint(x: CGFloat.nan, y: .infinity)
            layer.scale = .nan
            cell.birthRate = 10
            cell.lifetime = 2
            cell.velocity = .infinity
            cell.xAcceleration = .nan
            cell.spin = .infinity
            cell.scaleSpeed = .nan
        }
        for particle in simulate(layer, at: 3).particles {
            #expect(particle.position.x.isFinite && particle.position.y.isFinite)
            #expect(particle.angle.isFinite && particle.scale.isFinite)
        }
        #expect(EmitterSimulation.particles(at: .nan, snapshot: EmitterSnapshot(layer)).particles.isEmpty)
    }

    @Test func renderModesOrderTheParticles() {
        let layer = makeEmitter { layer, cell in
            layer.emitterShape = .cuboid
            layer.emitterSize = CGSize(width: 50, height: 50)
            layer.emitterDepth = 50
            cell.birthRate = 30
            cell.lifetime = 2
        }
        func births(_ mode: CAEmitterLayerRenderMode) -> [Double] {
            layer.renderMode = mode
            return EmitterFrame.make(layer, atLocalTime: 5, animated: false).particles.map(\.birth)
        }
        #expect(births(.oldestFirst) == births(.oldestFirst).sorted())
        #expect(births(.oldestLast) == births(.oldestLast).sorted(by: >))
        #expect(births(.unordered).count == 60)
        layer.renderMode = .backToFront
        let depths = EmitterFrame.make(layer, atLocalTime: 5, animated: false).particles.map(\.position.z)
        #expect(depths == depths.sorted())
        #expect(Set(depths).count > 30)
    }
}
