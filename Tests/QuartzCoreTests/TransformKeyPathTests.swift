import QuartzCore
import Testing

// The transform sub-key-path family (ruling T5): every `transform.` and `sublayerTransform.`
// field with every value boxing it accepts, through key-value coding, basic and keyframe
// animations, `presentation()` and the render node the renderer presents.

/// How a test value is boxed, as callers pass it.
enum KeyPathBoxing: String, CaseIterable, Sendable {
    case nsNumber, cgFloat, double, float, int
    case size, point, sizeValue, pointValue

    static let scalars: [KeyPathBoxing] = [.nsNumber, .cgFloat, .double, .float, .int]
    static let pairs: [KeyPathBoxing] = [.size, .point, .sizeValue, .pointValue]

    /// `(x, y)` boxed: a scalar boxing takes `x` (a whole number here, so `Int` is exact), a pair
    /// boxing both.
    func box(_ x: CGFloat, _ y: CGFloat) -> Any {
        switch self {
        case .nsNumber: return NSNumber(value: Double(x))
        case .cgFloat: return x
        case .double: return Double(x)
        case .float: return Float(x)
        case .int: return Int(x)
        case .size: return CGSize(width: x, height: y)
        case .point: return CGPoint(x: x, y: y)
        case .sizeValue: return NSValue(size: CGSize(width: x, height: y))
        case .pointValue: return NSValue(point: CGPoint(x: x, y: y))
        }
    }
}

/// One member of the family with one boxing of its value.
struct TransformKeyPathCase: CustomTestStringConvertible, Sendable {
    let property: String
    let field: String
    let boxing: KeyPathBoxing

    var keyPath: String { "\(property).\(field)" }
    var isPair: Bool { field == "translation" }
    var testDescription: String { "\(keyPath) ← \(boxing.rawValue)" }

    static let scalarFields = [
        "rotation", "rotation.x", "rotation.y", "rotation.z", "scale", "scale.x", "scale.y", "scale.z",
        "scale.xy", "translation.x", "translation.y", "translation.z",
    ]

    /// Every field of both properties with every boxing it takes.
    static let all: [TransformKeyPathCase] = ["transform", "sublayerTransform"].flatMap { property in
        scalarFields.flatMap { field in
            KeyPathBoxing.scalars.map { TransformKeyPathCase(property: property, field: field, boxing: $0) }
        }
            + KeyPathBoxing.pairs.map {
                TransformKeyPathCase(property: property, field: "translation", boxing: $0)
            }
    }

    /// The values the tests use: from 1 (pair (1, −2)) to 3 (pair (3, 4)), then 2 (pair (2, 0)).
    static let from = (CGFloat(1), CGFloat(-2))
    static let to = (CGFloat(3), CGFloat(4))
    static let third = (CGFloat(2), CGFloat(0))

    func boxed(_ value: (CGFloat, CGFloat)) -> Any { boxing.box(value.0, value.1) }

    /// The model transform of both properties: a z translation, which every field but
    /// `translation.z` keeps.
    static let base = CATransform3DMakeTranslation(0, 0, 5)

    /// A committed layer whose `transform` and `sublayerTransform` are `base`.
    static func makeLayer() -> (root: CALayer, layer: CALayer) {
        let (root, layer) = makeCommittedScene()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.transform = base
        layer.sublayerTransform = base
        CATransaction.commit()
        return (root, layer)
    }
}

/// What a key path reads as the pair `(x, y)` or the number `x`, within `tolerance`.
private func reads(
    _ value: Any?, _ expected: (CGFloat, CGFloat), pair: Bool, _ tolerance: CGFloat = 1e-9
) -> Bool {
    if pair {
        guard let size = value as? CGSize else { return false }
        return isClose(size.width, expected.0, tolerance) && isClose(size.height, expected.1, tolerance)
    }
    guard let number = value as? CGFloat else { return false }
    return isClose(number, expected.0, tolerance)
}

/// `a + f·(b − a)` on both components.
private func mix(_ a: (CGFloat, CGFloat), _ b: (CGFloat, CGFloat), _ f: CGFloat) -> (CGFloat, CGFloat) {
    (a.0 + f * (b.0 - a.0), a.1 + f * (b.1 - a.1))
}

/// The layer's presented values as the renderer evaluates them: its published node at `t`.
private func nodeValue(_ layer: CALayer, _ keyPath: String, at t: CFTimeInterval) -> Any? {
    guard let node = layer.renderNode else { return nil }
    return node.presented(atLocalTime: t).value(forKeyPath: keyPath) ?? nil
}

/// The layer copies `body` makes of `layer` (`init(layer:)`), by the test hook.
private func copies(of layer: CALayer, _ body: () -> Void) -> Int {
    CALayer.copyLog.withLock { $0 = [] }
    body()
    let log = CALayer.copyLog.withLock { log in
        defer { log = nil }
        return log ?? []
    }
    return log.filter { $0 == layer.layerID }.count
}

@Suite("Transform key paths: key-value coding (ruling T5)")
struct TransformKeyPathCodingTests {
    /// Writing a field reads it back, in its own type (`CGFloat`, or `CGSize` for the pair),
    /// and keeps the z translation unless the field is `translation.z`.
    @Test(arguments: TransformKeyPathCase.all)
    func setValueRoundTrips(_ c: TransformKeyPathCase) throws {
        let layer = CALayer()
        layer.transform = TransformKeyPathCase.base
        layer.sublayerTransform = TransformKeyPathCase.base
        layer.setValue(c.boxed(TransformKeyPathCase.to), forKeyPath: c.keyPath)
        #expect(reads(layer.value(forKeyPath: c.keyPath), TransformKeyPathCase.to, pair: c.isPair))
        let matrix = try #require(layer.value(forKey: c.property) as? CATransform3D)
        #expect(matrix.m43 == (c.field == "translation.z" ? 3 : 5))
        if c.isPair {
            #expect(matrix.m41 == 3 && matrix.m42 == 4)
        }
    }

    @Test func scaleXYSetsXAndYAndKeepsZ() throws {
        let layer = CALayer()
        layer.transform = CATransform3DMakeScale(2, 4, 3)
        #expect(isClose(layer.value(forKeyPath: "transform.scale.xy") as? CGFloat ?? 0, 3))
        #expect(isClose(layer.value(forKeyPath: "transform.scale") as? CGFloat ?? 0, 3))
        layer.setValue(5, forKeyPath: "transform.scale.xy")
        #expect(isClose(layer.value(forKeyPath: "transform.scale.x") as? CGFloat ?? 0, 5))
        #expect(isClose(layer.value(forKeyPath: "transform.scale.y") as? CGFloat ?? 0, 5))
        #expect(isClose(layer.value(forKeyPath: "transform.scale.z") as? CGFloat ?? 0, 3))
        // `scale` writes all three.
        layer.setValue(2, forKeyPath: "transform.scale")
        for axis in ["x", "y", "z"] {
            #expect(isClose(layer.value(forKeyPath: "transform.scale.\(axis)") as? CGFloat ?? 0, 2))
        }
    }

    /// A point translates as a size does: the same matrix.
    @Test func aPointTranslatesAsTheSizeDoes() {
        let byPoint = CALayer()
        let bySize = CALayer()
        for layer in [byPoint, bySize] {
            layer.transform = CATransform3DConcat(
                CATransform3DMakeRotation(0.4, 0, 0, 1), CATransform3DMakeTranslation(0, 0, 7))
        }
        byPoint.setValue(CGPoint(x: 12, y: -3), forKeyPath: "transform.translation")
        bySize.setValue(CGSize(width: 12, height: -3), forKeyPath: "transform.translation")
        #expect(byPoint.transform == bySize.transform)
        #expect(byPoint.transform.m43 == 7)
    }

    /// An unknown field is reported by its key path; a known field given the wrong type names
    /// the type and what the field takes.
    @Test func reportsNameTheKeyPath() {
        let layer = CALayer()
        layer.setValue(CGPoint(x: 1, y: 2), forKeyPath: "transform.translation.w")
        layer.setValue(CGPoint(x: 1, y: 2), forKeyPath: "sublayerTransform.skew")
        layer.setValue("far", forKeyPath: "transform.translation")
        #expect(CATransform3DIsIdentity(layer.transform))
        #expect(CATransform3DIsIdentity(layer.sublayerTransform))
        let messages = CompatibilityWarnings.messages
        for keyPath in ["transform.translation.w", "sublayerTransform.skew"] {
            let report = messages.first { $0.contains("\"\(keyPath)\"") }
            #expect(report?.contains("unknown key path") == true, "\(keyPath): \(report ?? "no report")")
            #expect(report?.contains("CGPoint") == false, "\(keyPath): \(report ?? "no report")")
        }
        let wrongType = messages.first { $0.contains("\"transform.translation\"") && $0.contains("String") }
        #expect(wrongType?.contains("a CGSize or a CGPoint") == true, "\(wrongType ?? "no report")")
        #expect(layer.value(forKeyPath: "transform.translation.w") == nil)
    }

    /// Scalars do not take pairs, nor the pair a number.
    @Test func mismatchedKindsAreIgnored() {
        let layer = CALayer()
        layer.setValue(CGPoint(x: 1, y: 2), forKeyPath: "transform.rotation.z")
        layer.setValue(4, forKeyPath: "transform.translation")
        #expect(CATransform3DIsIdentity(layer.transform))
    }
}

extension ManualClockTests {
    @Suite("Transform key paths: animations (ruling T5)")
    struct TransformKeyPathAnimationTests {
        /// A basic animation from `from` to `to` (1 s, linear) shows the interpolated field a
        /// quarter of the way in `presentation()` and in the render node, gets a lane record, and
        /// makes no layer copy where the renderer evaluates it.
        @Test(arguments: TransformKeyPathCase.all)
        func basicAnimation(_ c: TransformKeyPathCase) throws {
            try withManualClock {
                let (_, layer) = TransformKeyPathCase.makeLayer()
                let animation = CABasicAnimation(keyPath: c.keyPath)
                animation.fromValue = c.boxed(TransformKeyPathCase.from)
                animation.toValue = c.boxed(TransformKeyPathCase.to)
                animation.duration = 1
                layer.add(animation, forKey: "a")
                #expect((layer.animation(forKey: "a") as? CAPropertyAnimation)?.laneField != nil)
                CAMediaClock.advance(by: 0.25)
                let expected = mix(TransformKeyPathCase.from, TransformKeyPathCase.to, 0.25)
                let presented = try #require(layer.presentation())
                #expect(reads(presented.value(forKeyPath: c.keyPath), expected, pair: c.isPair))
                let now = CACurrentMediaTime()
                var node: Any?
                var fresh = CATransform3DIdentity
                let copied = copies(of: layer) {
                    node = nodeValue(layer, c.keyPath, at: now)
                    let state = layer.renderNode!.presented(atLocalTime: now).state
                    fresh = c.property == "transform" ? state.transform : state.sublayerTransform
                }
                #expect(reads(node, expected, pair: c.isPair))
                #expect(fresh == (presented.value(forKey: c.property) as? CATransform3D))
                #expect(copied == 0)
            }
        }

        /// Keyframe values (linear, 2 s): a quarter in is halfway from the first to the second,
        /// three quarters in halfway from the second to the third.
        @Test(arguments: TransformKeyPathCase.all)
        func keyframeValues(_ c: TransformKeyPathCase) throws {
            try withManualClock {
                let (_, layer) = TransformKeyPathCase.makeLayer()
                let animation = CAKeyframeAnimation(keyPath: c.keyPath)
                animation.values = [
                    c.boxed(TransformKeyPathCase.from), c.boxed(TransformKeyPathCase.to),
                    c.boxed(TransformKeyPathCase.third),
                ]
                animation.duration = 2
                layer.add(animation, forKey: "k")
                #expect((layer.animation(forKey: "k") as? CAPropertyAnimation)?.laneField != nil)
                let checks = [
                    (0.5, mix(TransformKeyPathCase.from, TransformKeyPathCase.to, 0.5)),
                    (1.0, mix(TransformKeyPathCase.to, TransformKeyPathCase.third, 0.5)),
                ]
                for (step, expected) in checks {
                    CAMediaClock.advance(by: step)
                    let presented = try #require(layer.presentation())
                    #expect(reads(presented.value(forKeyPath: c.keyPath), expected, pair: c.isPair))
                    #expect(
                        reads(nodeValue(layer, c.keyPath, at: CACurrentMediaTime()), expected, pair: c.isPair)
                    )
                }
            }
        }

        /// The point-valued key paths and the translation pairs a keyframe path drives.
        static let pathKeyPaths = [
            "transform.translation", "sublayerTransform.translation", "position", "anchorPoint",
            "bounds.origin",
        ]

        /// Along (10, 20) → (50, 20) → (50, 60) in 2 s: (30, 20) half a second in, (50, 40) at
        /// 1.5 s, in `presentation()` and in the render node, with no layer copy.
        @Test(arguments: pathKeyPaths)
        func keyframePathDrivesPointsAndTranslations(keyPath: String) throws {
            try withManualClock {
                let (_, layer) = TransformKeyPathCase.makeLayer()
                let path = CGMutablePath()
                path.move(to: CGPoint(x: 10, y: 20))
                path.addLine(to: CGPoint(x: 50, y: 20))
                path.addLine(to: CGPoint(x: 50, y: 60))
                let animation = CAKeyframeAnimation(keyPath: keyPath)
                animation.path = path
                animation.duration = 2
                layer.add(animation, forKey: "p")
                for (step, expected) in [(0.5, CGPoint(x: 30, y: 20)), (1.0, CGPoint(x: 50, y: 40))] {
                    CAMediaClock.advance(by: step)
                    let presented = try #require(layer.presentation()?.value(forKeyPath: keyPath))
                    var node: Any?
                    let copied = copies(of: layer) {
                        node = nodeValue(layer, keyPath, at: CACurrentMediaTime())
                    }
                    #expect(copied == 0)
                    for value in [presented, node as Any] {
                        let pair =
                            (value as? CGPoint)
                            ?? (value as? CGSize).map { CGPoint(x: $0.width, y: $0.height) }
                        #expect(
                            pair.map { isClose($0, expected) } == true,
                            "\(keyPath): \(String(describing: value))")
                    }
                    if keyPath.hasSuffix("translation") {
                        let property = String(keyPath.prefix { $0 != "." })
                        let matrix = layer.presentation()?.value(forKey: property) as? CATransform3D
                        #expect(matrix?.m43 == 5, "the z translation is kept")
                    }
                }
            }
        }

        /// `rotationMode` turns the transform the moving value belongs to by the tangent: the
        /// layer's for `position` and `transform.translation`, the sublayers' for
        /// `sublayerTransform.translation` (rulings E13, T5).
        @Test(arguments: [
            ("position", "transform"), ("transform.translation", "transform"),
            ("sublayerTransform.translation", "sublayerTransform"),
        ])
        func rotationModeTurnsTheMovingTransform(keyPath: String, turned: String) throws {
            try withManualClock {
                let (_, layer) = TransformKeyPathCase.makeLayer()
                let path = CGMutablePath()
                path.move(to: CGPoint(x: 0, y: 0))
                path.addLine(to: CGPoint(x: 100, y: 0))
                path.addLine(to: CGPoint(x: 100, y: 100))
                let animation = CAKeyframeAnimation(keyPath: keyPath)
                animation.path = path
                animation.rotationMode = .rotateAuto
                animation.duration = 2
                layer.add(animation, forKey: "p")
                CAMediaClock.advance(by: 1.5)  // on the second segment, heading +y: a quarter turn
                let presented = try #require(layer.presentation())
                let other = turned == "transform" ? "sublayerTransform" : "transform"
                #expect(
                    isClose(presented.value(forKeyPath: "\(turned).rotation.z") as? CGFloat ?? 0, .pi / 2))
                #expect(isClose(presented.value(forKeyPath: "\(other).rotation.z") as? CGFloat ?? 1, 0))
                let node = try #require(layer.renderNode?.presented(atLocalTime: CACurrentMediaTime()))
                let nodeAngle = node.value(forKeyPath: "\(turned).rotation.z").flatMap { $0 as? CGFloat }
                #expect(nodeAngle.map { isClose($0, .pi / 2) } == true)
                if keyPath.hasSuffix("translation") {
                    let translation = presented.value(forKeyPath: keyPath) as? CGSize
                    #expect(translation.map { isClose($0.width, 100) && isClose($0.height, 50) } == true)
                }
            }
        }

        /// A path on a key path that is not a point is ignored and reported.
        @Test func aPathOnANonPointKeyPathIsReported() throws {
            try withManualClock {
                let (_, layer) = TransformKeyPathCase.makeLayer()
                let animation = CAKeyframeAnimation(keyPath: "transform.rotation.z")
                animation.path = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
                animation.duration = 1
                layer.add(animation, forKey: "p")
                CAMediaClock.advance(by: 0.5)
                let presented = try #require(layer.presentation())
                #expect(presented.transform == TransformKeyPathCase.base)
                #expect(
                    CompatibilityWarnings.messages.contains {
                        $0.contains("path ignored") && $0.contains("\"transform.rotation.z\"")
                    })
            }
        }

        /// An animation of an unknown field changes nothing and is reported by its key path.
        @Test func anUnknownFieldIsReportedWhenAdded() throws {
            try withManualClock {
                let (_, layer) = TransformKeyPathCase.makeLayer()
                let animation = CABasicAnimation(keyPath: "transform.rotate.z")
                animation.fromValue = 0
                animation.toValue = 1
                animation.duration = 1
                layer.add(animation, forKey: "bad")
                CAMediaClock.advance(by: 0.5)
                let presented = try #require(layer.presentation())
                #expect(presented.transform == TransformKeyPathCase.base)
                #expect(
                    CompatibilityWarnings.messages.contains {
                        $0.contains("\"transform.rotate.z\"") && $0.contains("unknown key path")
                    })
            }
        }

        /// By value, additive and spring animations of the translation take points as sizes: a
        /// point and the size of the same numbers present the same matrix at every frame.
        @Test func translationByPointMatchesBySizeInEveryAnimationKind() throws {
            try withManualClock {
                let (_, byPoint) = TransformKeyPathCase.makeLayer()
                let (_, bySize) = TransformKeyPathCase.makeLayer()
                func animations(_ box: (CGFloat, CGFloat) -> Any) -> [CAAnimation] {
                    let by = CABasicAnimation(keyPath: "transform.translation")
                    by.byValue = box(20, 40)
                    let additive = CABasicAnimation(keyPath: "sublayerTransform.translation")
                    additive.fromValue = box(0, 0)
                    additive.toValue = box(-10, 30)
                    additive.isAdditive = true
                    let spring = CASpringAnimation(keyPath: "transform.translation")
                    spring.fromValue = box(0, 0)
                    spring.toValue = box(50, -25)
                    spring.damping = 5
                    let mixed = CABasicAnimation(keyPath: "transform.translation")
                    mixed.fromValue = CGSize(width: 1, height: 1)
                    mixed.toValue = box(9, 5)
                    for animation in [by, additive, spring, mixed] { animation.duration = 1 }
                    spring.isAdditive = true
                    mixed.isAdditive = true
                    return [by, additive, spring, mixed]
                }
                for (index, animation) in animations({ CGPoint(x: $0, y: $1) }).enumerated() {
                    byPoint.add(animation, forKey: "\(index)")
                }
                for (index, animation) in animations({ CGSize(width: $0, height: $1) }).enumerated() {
                    bySize.add(animation, forKey: "\(index)")
                }
                CAMediaClock.advance(by: 0)
                for _ in 0..<4 {
                    CAMediaClock.advance(by: 0.2)
                    let point = try #require(byPoint.presentation())
                    let size = try #require(bySize.presentation())
                    #expect(point.transform == size.transform)
                    #expect(point.sublayerTransform == size.sublayerTransform)
                    #expect(point.transform != TransformKeyPathCase.base)
                }
                // 0.8 s in (linear): the additive sublayer translation is 0.8 × (−10, 30).
                let late = try #require(bySize.presentation())
                #expect(isClose(late.sublayerTransform.m41, -8, 1e-9))
                #expect(isClose(late.sublayerTransform.m42, 24, 1e-9))
            }
        }

        /// Setting the translation to a point in a transaction animates `transform` implicitly,
        /// along the straight line to the point.
        @Test func anImplicitChangeByPointAnimatesTheTransform() throws {
            try withManualClock {
                let (_, layer) = TransformKeyPathCase.makeLayer()
                CATransaction.begin()
                CATransaction.setAnimationDuration(1)
                layer.setValue(NSValue(point: CGPoint(x: 40, y: 20)), forKeyPath: "transform.translation")
                CATransaction.commit()
                #expect(
                    layer.value(forKeyPath: "transform.translation") as? CGSize
                        == CGSize(width: 40, height: 20))
                #expect(layer.animation(forKey: "transform") != nil)
                CAMediaClock.advance(by: 0.5)
                let moving = try #require(
                    layer.presentation()?.value(forKeyPath: "transform.translation") as? CGSize)
                #expect(moving.width > 1 && moving.width < 39)
                #expect(isClose(moving.width, 2 * moving.height, 1e-9))
                CAMediaClock.advance(by: 1)
                #expect(
                    layer.presentation()?.value(forKeyPath: "transform.translation") as? CGSize
                        == CGSize(width: 40, height: 20))
            }
        }
    }
}
