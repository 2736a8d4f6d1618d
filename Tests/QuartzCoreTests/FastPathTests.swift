import QuartzCore
import Testing

/// The per-frame fast path (FastPath.swift) computes exactly what the general path computes:
/// seeded random animations of every fast-path kind, compared field by field at random times.
@Suite struct FastPathTests {
    static let keyPaths = [
        "position", "position.x", "bounds", "bounds.size", "bounds.size.width", "opacity", "shadowOffset",
        "anchorPoint.y", "cornerRadius", "contentsRect",
        // The transform fields (ruling T5): numbers, and the translation pair as a size or a point.
        "transform.rotation.z", "transform.scale", "transform.scale.xy", "transform.translation",
        "sublayerTransform.translation", "sublayerTransform.rotation.x", "transform.translation.y",
    ]

    private static func value(for keyPath: String, _ rng: inout SeededGenerator) -> Any {
        func r() -> CGFloat { CGFloat.random(in: -200...200, using: &rng) }
        switch keyPath {
        case "position", "anchorPoint": return CGPoint(x: r(), y: r())
        case "bounds", "contentsRect": return CGRect(x: r(), y: r(), width: r(), height: r())
        case "bounds.size", "shadowOffset": return CGSize(width: r(), height: r())
        case "transform.translation", "sublayerTransform.translation":
            return Bool.random(using: &rng) ? CGSize(width: r(), height: r()) : CGPoint(x: r(), y: r())
        case "transform.scale", "transform.scale.xy": return Double.random(in: 0.25...3, using: &rng)
        case "opacity": return Float.random(in: 0...1, using: &rng)
        default: return Double(r())
        }
    }

    fileprivate static func randomAnimation(_ rng: inout SeededGenerator) -> CAPropertyAnimation {
        let keyPath = keyPaths[Int.random(in: 0..<keyPaths.count, using: &rng)]
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
            spring.damping = CGFloat.random(in: 2...30, using: &rng)
            animation = spring
        default:
            let keyframes = CAKeyframeAnimation(keyPath: keyPath)
            let count = Int.random(in: 1...5, using: &rng)
            keyframes.values = (0..<count).map { _ in value(for: keyPath, &rng) }
            keyframes.calculationMode = [.linear, .paced, .discrete][Int.random(in: 0..<3, using: &rng)]
            animation = keyframes
        }
        animation.duration = Double.random(in: 0.5...3, using: &rng)
        animation.isAdditive = Bool.random(using: &rng)
        animation.isCumulative = Bool.random(using: &rng)
        animation.repeatCount = Float(Int.random(in: 0...3, using: &rng))
        animation.autoreverses = Bool.random(using: &rng)
        return animation
    }

    @Test(arguments: [11 as UInt64, 12, 13])
    func fastAndGeneralPathsAgree(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        var checked = 0
        for index in 0..<200 {
            let layer = CALayer()
            layer.frame = CGRect(x: 10, y: 20, width: 30, height: 40)
            layer.opacity = 0.7
            layer.transform = CATransform3DConcat(
                CATransform3DMakeRotation(0.3, 0, 0, 1), CATransform3DMakeTranslation(4, 5, 6))
            layer.sublayerTransform = CATransform3DMakeScale(2, 0.5, 1)
            let original = Self.randomAnimation(&rng)
            layer.add(original, forKey: "a")
            let added = try #require(layer.animation(forKey: "a") as? CAPropertyAnimation)
            guard added.fastField != nil else { continue }
            checked += 1
            let timing = added.mediaTiming
            for _ in 0..<5 {
                let t = Double.random(in: -1...(timing.activeDuration + 1), using: &rng)
                let sample = timing.sample(atParentTime: t)
                guard sample.isInEffect else { continue }
                var fastValues = PresentedValues(state: layer.state, kind: nil)
                PresentationTarget.with(&fastValues, source: .layer(layer)) {
                    added.apply(sample: sample, timing: timing, to: &$0)
                }
                var generalValues = PresentedValues(state: layer.state, kind: nil)
                PresentationTarget.with(&generalValues, source: .layer(layer)) {
                    added.applyGeneral(sample: sample, timing: timing, to: &$0)
                }
                let fast = fastValues.state
                let general = generalValues.state
                let message = "seed \(seed) #\(index) \(added.keyPath ?? "") at \(t)"
                #expect(fast.position == general.position, "\(message)")
                #expect(fast.bounds == general.bounds, "\(message)")
                #expect(fast.opacity == general.opacity, "\(message)")
                #expect(fast.shadowOffset == general.shadowOffset, "\(message)")
                #expect(fast.anchorPoint == general.anchorPoint, "\(message)")
                #expect(fast.cornerRadius == general.cornerRadius, "\(message)")
                #expect(fast.contentsRect == general.contentsRect, "\(message)")
                #expect(fast.transform == general.transform, "\(message)")
                #expect(fast.sublayerTransform == general.sublayerTransform, "\(message)")
            }
        }
        #expect(checked > 150, "seed \(seed): most random animations should take the fast path")
    }
}

extension ManualClockTests {
    /// A persistent presentation buffer updated in place from the published render node matches
    /// a fresh presentation state at every frame, and picks up model changes committed between
    /// frames.
    @Suite struct PresentationBufferTests {
        @Test func inPlaceUpdatesMatchFreshStates() {
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
                    let t = 1000 + Double(frame) * 0.125
                    if frame == 4 {
                        CATransaction.begin()
                        CATransaction.setDisableActions(true)
                        layer.position = CGPoint(x: 500, y: 60)  // the model moves between frames
                        layer.cornerRadius = 9
                        CATransaction.commit()
                    }
                    // The renderer's path (the published node into a kept buffer) against a fresh
                    // presentation of the model.
                    layer.renderNode?.present(into: &values, serial: &serial, atLocalTime: t)
                    let buffer = values.state
                    let fresh = layer.presentationState(atLocalTime: t)
                    #expect(buffer.position == fresh.position, "frame \(frame)")
                    #expect(buffer.opacity == fresh.opacity, "frame \(frame)")
                    #expect(buffer.cornerRadius == fresh.cornerRadius, "frame \(frame)")
                }
                #expect(values.state.position == CGPoint(x: 500 + 87.5, y: 60))
                #expect(values.state.cornerRadius == 9)
            }
        }
    }
}

extension ManualClockTests {
    /// A render node's resolved animations (`ResolvedAnimations`) compute exactly what the
    /// animation objects' fast paths compute on the model layer: seeded random stacks of one to
    /// three animations with random timing (begin time, offset, speed, fill mode, removal),
    /// compared field by field at random times, in a fresh buffer and in one kept from frame to
    /// frame (whose animated fields are reset, not copied).
    @Suite struct ResolvedAnimationsTests {
        @Test(arguments: [21 as UInt64, 22, 23])
        func resolvedNodesMatchTheAnimationObjects(seed: UInt64) throws {
            try withManualClock {
                var rng = SeededGenerator(seed: seed)
                var checked = 0
                for index in 0..<120 {
                    let (_, layer) = makeCommittedScene()
                    CATransaction.begin()
                    CATransaction.setDisableActions(true)
                    layer.opacity = 0.7
                    layer.transform = CATransform3DConcat(
                        CATransform3DMakeRotation(0.3, 0, 0, 1), CATransform3DMakeTranslation(4, 5, 6))
                    layer.sublayerTransform = CATransform3DMakeScale(2, 0.5, 1)
                    CATransaction.commit()
                    for key in 0..<Int.random(in: 1...3, using: &rng) {
                        let animation = FastPathTests.randomAnimation(&rng)
                        if Bool.random(using: &rng) {
                            animation.beginTime =
                                CACurrentMediaTime() + Double.random(in: -1...1, using: &rng)
                        }
                        if Bool.random(using: &rng) {
                            animation.timeOffset = Double.random(in: -1...2, using: &rng)
                        }
                        animation.speed = [1, 1, 2, 0.5, -1, 0][Int.random(in: 0..<6, using: &rng)]
                        animation.fillMode =
                            [.removed, .forwards, .backwards, .both][Int.random(in: 0..<4, using: &rng)]
                        animation.isRemovedOnCompletion = Bool.random(using: &rng)
                        layer.add(animation, forKey: "a\(key)")
                    }
                    CATransaction.flush()
                    let node = try #require(layer.renderNode)
                    // An animation already finished when committed (removed on completion) leaves
                    // the model layer but stays in the node published with it.
                    guard node.resolvedAnimations != nil,
                        node.animations.count == layer.animationKeys()?.count
                    else { continue }
                    checked += 1
                    var kept = node.values
                    var serial: UInt64 = 0
                    for _ in 0..<6 {
                        let t = CACurrentMediaTime() + Double.random(in: -2...8, using: &rng)
                        let expected = layer.presentationState(atLocalTime: t)
                        node.present(into: &kept, serial: &serial, atLocalTime: t)
                        for state in [node.presented(atLocalTime: t).state, kept.state] {
                            let message = "seed \(seed) #\(index) at \(t)"
                            #expect(state.position == expected.position, "\(message)")
                            #expect(state.bounds == expected.bounds, "\(message)")
                            #expect(state.opacity == expected.opacity, "\(message)")
                            #expect(state.shadowOffset == expected.shadowOffset, "\(message)")
                            #expect(state.anchorPoint == expected.anchorPoint, "\(message)")
                            #expect(state.cornerRadius == expected.cornerRadius, "\(message)")
                            #expect(state.contentsRect == expected.contentsRect, "\(message)")
                            #expect(state.transform == expected.transform, "\(message)")
                            #expect(state.sublayerTransform == expected.sublayerTransform, "\(message)")
                        }
                    }
                }
                #expect(checked > 60, "seed \(seed): most random stacks should be resolved and kept")
            }
        }

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
                #expect(node.resolvedAnimations != nil)
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
