import QuartzCore
import Testing

#if canImport(Glibc)
    import Glibc
#endif

// The one evaluator (ruling E28) against Apple's formulas written out here, independently of
// Lamina's timing and interpolation code: media timing (begin time, speed, repeats,
// autoreverse, fill modes, removal), R2's from/to/by table, the ease-in-ease-out curve, the
// spring's closed-form motion, keyframe segments (linear, discrete, paced), additive and
// cumulative composition (R3), and groups.

/// Apple's formulas for the animations the random tests make, on values as lanes.
enum ClosedForm {
    /// The key paths the random tests animate (none writes another's value), with the test
    /// layer's model value.
    static let keyPaths: [(keyPath: String, model: [Double])] = [
        ("opacity", [0.7]), ("cornerRadius", [4]), ("bounds.size.width", [100]),
        ("transform.rotation.z", [0.3]), ("position", [50, 50]),
    ]

    /// x(s) and y(s) of the cubic Bézier through (0, 0), (x1, y1), (x2, y2), (1, 1), solved for
    /// x by bisection.
    static func bezier(_ x: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
        func coordinate(_ s: Double, _ a: Double, _ b: Double) -> Double {
            3 * (1 - s) * (1 - s) * s * a + 3 * (1 - s) * s * s * b + s * s * s
        }
        var (low, high) = (0.0, 1.0)
        for _ in 0..<80 {
            let mid = (low + high) / 2
            if coordinate(mid, x1, x2) < x { low = mid } else { high = mid }
        }
        return coordinate((low + high) / 2, y1, y2)
    }

    /// Ease in, ease out: Apple's control points (0.42, 0, 0.58, 1).
    static func easeInEaseOut(_ x: Double) -> Double { bezier(x, 0.42, 0, 0.58, 1) }

    /// The under-damped spring's motion from 0 towards 1 at rest: mass 1, stiffness 100,
    /// damping `c` (< 20), no initial velocity.
    static func spring(_ t: Double, damping c: Double) -> Double {
        let omega = 10.0
        let zeta = c / (2 * omega)
        let damped = omega * (1 - zeta * zeta).squareRoot()
        return 1 - exp(-zeta * omega * t) * (cos(damped * t) + zeta * omega / damped * sin(damped * t))
    }

    /// Where in its timing an animation is at parent time `t`: the basic time within the cycle
    /// and the completed cycles, or `nil` when it has no effect (or `t` lies too close to a
    /// boundary for a test to be fair).
    static func position(_ a: CAAnimation, at t: Double) -> (basicTime: Double, iteration: Int)? {
        let d = a.duration
        let repeats = a.repeatCount == 0 ? 1 : Double(a.repeatCount)
        let cycle = d * (a.autoreverses ? 2 : 1)
        let active = cycle * repeats
        let elapsed = (t - a.beginTime) * Double(a.speed)
        let backwards = a.fillMode == .backwards || a.fillMode == .both
        let forwards = a.fillMode == .forwards || a.fillMode == .both
        var local: Double
        var endInclusive = false
        if abs(elapsed) < 1e-6 || abs(elapsed - active) < 1e-6 { return nil }
        if elapsed < 0 {
            guard backwards else { return nil }
            local = 0
        } else if elapsed > active {
            guard forwards, !a.isRemovedOnCompletion else { return nil }
            (local, endInclusive) = (active, true)
        } else {
            local = elapsed
        }
        var iteration = Int((local / cycle).rounded(.down))
        if endInclusive { iteration = Int((local / cycle).rounded(.up)) - 1 }
        var c = local - Double(iteration) * cycle
        if !endInclusive, local > 0, c < 1e-6 || cycle - c < 1e-6 || abs(c - d) < 1e-6 { return nil }
        if a.autoreverses, c > d { c = 2 * d - c }
        return (c, iteration)
    }

    /// The value `a` presents at parent time `t` over `current` (what the layer's earlier
    /// animations left), with `model` the layer's committed value.
    static func value(_ a: CAPropertyAnimation, at t: Double, current: [Double], model: [Double]) -> [Double]?
    {
        guard let (b, iteration) = position(a, at: t) else { return current }
        let p = min(max(b / a.duration, 0), 1)
        var value: [Double]
        var cycleEnd: [Double]
        func curve(_ x: Double) -> Double { a.timingFunction == nil ? x : easeInEaseOut(x) }
        func mix(_ x: [Double], _ y: [Double], _ f: Double) -> [Double] {
            zip(x, y).map { $0 + ($1 - $0) * f }
        }
        func plus(_ x: [Double], _ y: [Double]) -> [Double] { zip(x, y).map(+) }
        if let spring = a as? CASpringAnimation {
            let (from, to) = (lanes(spring.fromValue), lanes(spring.toValue))
            value = mix(from, to, ClosedForm.spring(b, damping: Double(spring.damping)))
            cycleEnd = to
        } else if let basic = a as? CABasicAnimation {
            let (f, to, by) = (basic.fromValue.map(lanes), basic.toValue.map(lanes), basic.byValue.map(lanes))
            let minus = { (x: [Double], y: [Double]) in zip(x, y).map(-) }
            let ends: ([Double], [Double])
            switch (f, to, by) {
            case (let f?, let to?, _): ends = (f, to)
            case (let f?, nil, let by?): ends = (f, plus(f, by))
            case (nil, let to?, let by?): ends = (minus(to, by), to)
            case (let f?, nil, nil): ends = (f, model)
            case (nil, let to?, nil): ends = (model, to)
            case (nil, nil, let by?): ends = (model, plus(model, by))
            case (nil, nil, nil): ends = (model, model)
            }
            value = mix(ends.0, ends.1, curve(p))
            cycleEnd = ends.1
        } else if let keyframes = a as? CAKeyframeAnimation {
            let values = (keyframes.values ?? []).map(lanes)
            let n = values.count
            cycleEnd = values[n - 1]
            switch keyframes.calculationMode {
            case .discrete where n == 1:
                return current  // E26: one value is no sequence to step through
            case .discrete:
                value = values[min(Int((curve(p) * Double(n)).rounded(.down)), n - 1)]
            case .paced where n > 1:
                func distance(_ x: [Double], _ y: [Double]) -> Double {
                    zip(x, y).map { ($0 - $1) * ($0 - $1) }.reduce(0, +).squareRoot()
                }
                let lengths = (0..<(n - 1)).map { distance(values[$0], values[$0 + 1]) }
                var target = p * lengths.reduce(0, +)
                var i = 0
                while i < n - 2, target > lengths[i] {
                    target -= lengths[i]
                    i += 1
                }
                value = mix(values[i], values[i + 1], lengths[i] > 0 ? min(target / lengths[i], 1) : 0)
            default:
                guard n > 1 else {
                    value = values[0]
                    break
                }
                let q = curve(p) * Double(n - 1)
                let i = min(Int(q.rounded(.down)), n - 2)
                value = mix(values[i], values[i + 1], q - Double(i))
            }
        } else {
            return nil
        }
        if a.isCumulative, iteration > 0 { value = plus(cycleEnd.map { $0 * Double(iteration) }, value) }
        if a.isAdditive { value = plus(current, value) }
        return value
    }

    /// A value as lanes: a number, or a point's x and y.
    static func lanes(_ value: Any?) -> [Double] {
        switch value {
        case let v as Double: return [v]
        case let v as Float: return [Double(v)]
        case let v as CGFloat: return [Double(v)]
        case let v as CGPoint: return [Double(v.x), Double(v.y)]
        default: return []
        }
    }

    /// Whether two lanes agree: within 2e-4 of the larger magnitude (opacity is a `Float`);
    /// angles compared around the circle.
    static func agree(_ x: [Double], _ y: [Double], angle: Bool) -> Bool {
        guard x.count == y.count else { return false }
        return zip(x, y).allSatisfy { a, b in
            let difference = angle ? remainder(a - b, 2 * Double.pi) : a - b
            return abs(difference) <= 2e-4 * max(1, abs(a), abs(b))
        }
    }
}

@Suite struct AnimationRecordTests {
    private static func value(for keyPath: String, _ rng: inout SeededGenerator) -> Any {
        func r() -> CGFloat { CGFloat.random(in: -200...200, using: &rng) }
        switch keyPath {
        case "position": return CGPoint(x: r(), y: r())
        case "opacity": return Float.random(in: 0...1, using: &rng)
        case "transform.rotation.z": return Double.random(in: -1...1, using: &rng)
        default: return Double(r())
        }
    }

    /// A random basic, spring or keyframe animation with random timing (no time offset, speeds
    /// 0.5, 1 and 2; cumulative only without autoreverse).
    fileprivate static func randomAnimation(_ rng: inout SeededGenerator, now: Double) -> CAPropertyAnimation
    {
        let keyPath = ClosedForm.keyPaths[Int.random(in: 0..<ClosedForm.keyPaths.count, using: &rng)].keyPath
        let animation: CAPropertyAnimation
        switch Int.random(in: 0..<3, using: &rng) {
        case 0:
            let basic = CABasicAnimation(keyPath: keyPath)
            for key in ["fromValue", "toValue", "byValue"] where Bool.random(using: &rng) {
                basic.setValue(value(for: keyPath, &rng), forKey: key)
            }
            basic.timingFunction =
                Bool.random(using: &rng) ? CAMediaTimingFunction(name: .easeInEaseOut) : nil
            animation = basic
        case 1:
            let spring = CASpringAnimation(keyPath: keyPath)
            spring.fromValue = value(for: keyPath, &rng)
            spring.toValue = value(for: keyPath, &rng)
            spring.damping = CGFloat.random(in: 2...19, using: &rng)
            animation = spring
        default:
            let keyframes = CAKeyframeAnimation(keyPath: keyPath)
            let count = Int.random(in: 1...5, using: &rng)
            keyframes.values = (0..<count).map { _ in value(for: keyPath, &rng) }
            keyframes.calculationMode = [.linear, .paced, .discrete][Int.random(in: 0..<3, using: &rng)]
            keyframes.timingFunction =
                Bool.random(using: &rng) ? CAMediaTimingFunction(name: .easeInEaseOut) : nil
            animation = keyframes
        }
        animation.duration = Double.random(in: 0.5...3, using: &rng)
        animation.beginTime = now + Double.random(in: -1...1, using: &rng)
        animation.speed = [1, 2, 0.5][Int.random(in: 0..<3, using: &rng)]
        animation.repeatCount = [0, 1, 2, 2.5][Int.random(in: 0..<4, using: &rng)]
        animation.autoreverses = Bool.random(using: &rng)
        animation.isAdditive = Bool.random(using: &rng)
        animation.isCumulative = !animation.autoreverses && Bool.random(using: &rng)
        animation.fillMode = [.removed, .forwards, .backwards, .both][Int.random(in: 0..<4, using: &rng)]
        animation.isRemovedOnCompletion = Bool.random(using: &rng)
        return animation
    }

    /// Seeded random stacks of one to three animations on a committed layer, evaluated by the
    /// node's records — in a fresh buffer and in one kept from frame to frame (whose animated
    /// fields are reset, not copied) — against the closed forms, key path by key path, the stack
    /// applied in order.
    @Test(arguments: [11 as UInt64, 12, 13])
    func recordsFollowApplesFormulas(seed: UInt64) throws {
        try withManualClock {
            var rng = SeededGenerator(seed: seed)
            var checked = 0
            for index in 0..<120 {
                let (_, layer) = makeCommittedScene()
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                layer.opacity = 0.7
                layer.cornerRadius = 4
                layer.transform = CATransform3DMakeRotation(0.3, 0, 0, 1)
                CATransaction.commit()
                var stack: [CAPropertyAnimation] = []
                for key in 0..<Int.random(in: 1...3, using: &rng) {
                    let animation = Self.randomAnimation(&rng, now: CACurrentMediaTime())
                    layer.add(animation, forKey: "a\(key)")
                    stack.append(animation)
                }
                CATransaction.flush()
                let node = try #require(layer.renderNode)
                #expect(!node.resolvedAnimations.refreshesAllValues, "lane records only")
                var kept = node.values
                var serial: UInt64 = 0
                for _ in 0..<6 {
                    let t = CACurrentMediaTime() + Double.random(in: -2...10, using: &rng)
                    node.present(into: &kept, serial: &serial, atLocalTime: t)
                    for (keyPath, model) in ClosedForm.keyPaths {
                        var expected: [Double]? = model
                        for animation in stack where animation.keyPath == keyPath {
                            guard let current = expected else { break }
                            expected = ClosedForm.value(animation, at: t, current: current, model: model)
                        }
                        guard let expected else { continue }
                        let message = "seed \(seed) #\(index) \(keyPath) at \(t - CACurrentMediaTime())"
                        for values in [node.presented(atLocalTime: t), kept] {
                            let actual = ClosedForm.lanes(values.value(forKeyPath: keyPath) ?? nil)
                            #expect(
                                ClosedForm.agree(actual, expected, angle: keyPath == "transform.rotation.z"),
                                "\(message): \(actual) ≠ \(expected)")
                        }
                        checked += 1
                    }
                }
            }
            #expect(checked > 3000, "seed \(seed): most samples should be checked")
        }
    }

    /// A group's children sample the group's local time through its timing curve; a boxed
    /// child (a colour) and a lane child (opacity) evaluate in the same loop, in order, and the
    /// kept buffer is refreshed from the node's values each frame (the colour is restored when
    /// the child leaves its active time).
    @Test func groupsWarpTheirChildrensTime() throws {
        try withManualClock {
            let (_, layer) = makeCommittedScene()
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layer.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
            layer.opacity = 0.25
            CATransaction.commit()
            let fade = CABasicAnimation(keyPath: "opacity")
            (fade.fromValue, fade.toValue, fade.beginTime, fade.duration) = (0.0, 1.0, 0.5, 1)
            let tint = CABasicAnimation(keyPath: "backgroundColor")
            tint.fromValue = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            tint.toValue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            tint.duration = 0.5
            let group = CAAnimationGroup()
            group.animations = [fade, tint]
            group.duration = 2
            group.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            layer.add(group, forKey: "g")
            let start = CACurrentMediaTime()
            CATransaction.flush()
            let node = try #require(layer.renderNode)
            #expect(node.resolvedAnimations.refreshesAllValues, "a boxed record")
            var kept = node.values
            var serial: UInt64 = 0
            for t in stride(from: 0.05, to: 2.2, by: 0.1) {
                node.present(into: &kept, serial: &serial, atLocalTime: start + t)
                let groupTime = t < 2 ? ClosedForm.easeInEaseOut(t / 2) * 2 : -1
                let opacity = groupTime >= 0.5 && groupTime < 1.5 ? groupTime - 0.5 : 0.25
                #expect(abs(Double(kept.state.opacity) - opacity) < 1e-5, "opacity at \(t)")
                let color = kept.state.backgroundColor?.components ?? []
                let expected: [CGFloat] =
                    groupTime >= 0 && groupTime < 0.5
                    ? [1 - groupTime / 0.5, 0, groupTime / 0.5, 1] : [0, 1, 0, 1]
                #expect(
                    color.count == 4 && zip(color, expected).allSatisfy { abs($0 - $1) < 1e-6 },
                    "colour at \(t): \(color) ≠ \(expected)")
            }
        }
    }
}

extension ManualClockTests {
    /// A persistent presentation buffer updated in place from the published render node
    /// follows the animations' formulas at every frame, and picks up model changes committed
    /// between frames.
    @Suite struct PresentationBufferTests {
        @Test func inPlaceUpdatesFollowTheModelAndTheAnimations() {
            withManualClock {
                let (_, layer) = makeCommittedScene()
                let move = CABasicAnimation(keyPath: "position.x")
                move.fromValue = 0
                move.toValue = 100
                move.duration = 1
                move.isAdditive = true
                layer.add(move, forKey: "move")
                let fade = CAKeyframeAnimation(keyPath: "opacity")
                fade.values = [1, 0, 1]
                fade.duration = 1
                layer.add(fade, forKey: "fade")
                CATransaction.flush()
                var values = PresentedValues(state: layer.state, kind: nil)
                var serial: UInt64 = 0
                for frame in 0..<8 {
                    let p = Double(frame) * 0.125
                    if frame == 4 {
                        CATransaction.begin()
                        CATransaction.setDisableActions(true)
                        layer.position = CGPoint(x: 500, y: 60)  // the model moves between frames
                        layer.cornerRadius = 9
                        CATransaction.commit()
                    }
                    layer.renderNode?.present(into: &values, serial: &serial, atLocalTime: 1000 + p)
                    let model = frame < 4 ? CGPoint(x: 50, y: 50) : CGPoint(x: 500, y: 60)
                    #expect(
                        values.state.position == CGPoint(x: model.x + 100 * p, y: model.y), "frame \(frame)")
                    #expect(values.state.opacity == Float(p < 0.5 ? 1 - 2 * p : 2 * p - 1), "frame \(frame)")
                    #expect(values.state.cornerRadius == (frame < 4 ? 0 : 9), "frame \(frame)")
                }
            }
        }
    }
}

extension ManualClockTests {
    @Suite struct ResolvedRecordMemoryTests {
        /// The nodes of one build share the memory of their records (`ResolvedRecordArena`): a
        /// node whose siblings are gone, and whose memory neighbours were freed and allocated
        /// again, still evaluates its own animations.
        @Test func aNodeOutlivingItsBuildKeepsItsRecords() throws {
            try withManualClock {
                let root = makeLayer("root", frame: CGRect(x: 0, y: 0, width: 400, height: 400))
                func animatedLayers(_ count: Int, offset: Double) -> [CALayer] {
                    (0..<count).map { i in
                        let layer = makeLayer("l\(i)", frame: CGRect(x: 0, y: 0, width: 10, height: 10))
                        let move = CABasicAnimation(keyPath: "position.x")
                        move.fromValue = offset + Double(i)
                        move.toValue = offset + Double(i) + 100
                        move.duration = 1
                        layer.add(move, forKey: "move")
                        root.addSublayer(layer)
                        return layer
                    }
                }
                var others: [CALayer]? = animatedLayers(20, offset: 0)
                let survivor = animatedLayers(1, offset: 7)[0]
                others! += animatedLayers(20, offset: 0)
                CATransaction.flush()
                let node = try #require(survivor.renderNode)
                #expect(!node.resolvedAnimations.refreshesAllValues)
                weak var sibling = others![19].renderNode
                for layer in others! { layer.removeFromSuperlayer() }
                others = nil
                CATransaction.flush()
                #expect(sibling == nil, "the siblings' nodes are gone")
                let replacements = animatedLayers(40, offset: 1000)
                CATransaction.flush()
                let t = CACurrentMediaTime() + 0.25
                #expect(node.presented(atLocalTime: t).state.position.x == CGFloat(32))
                #expect(
                    replacements[3].renderNode?.presented(atLocalTime: t).state.position.x == CGFloat(1028))
            }
        }
    }
}
