import QuartzCore
import Testing

extension ManualClockTests {
    /// The listings of chapter 8, "Explicit Animations" of Nick Lockwood's "iOS Core Animation:
    /// Advanced Techniques" (all fifteen), run against Lamina on the manual clock:
    /// property animations, the delegate, keyframes and paths, virtual key paths, groups,
    /// transitions and cancelling.
    @Suite struct Chapter8ListingTests {
        /// A UIView as its backing layer's delegate outside an animation block: no implicit
        /// actions (chapter 7, listing 7.5).
        final class ViewDelegate: CALayerDelegate {
            func action(for layer: CALayer, forKey event: String) -> (any CAAction)? { NSNull() }
        }

        /// Records each `animationDidStop(_:finished:)` and runs a reaction to it.
        final class StopRecorder: CAAnimationDelegate {
            var stopped: [(anim: CAAnimation, finished: Bool, time: CFTimeInterval)] = []
            var onStop: ((CAAnimation, Bool) -> Void)?

            func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
                stopped.append((anim, flag, CACurrentMediaTime()))
                onStop?(anim, flag)
            }
        }

        static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        static let green = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        /// The colour `changeColor` picks "at random": fixed, so the numbers are exact.
        static let newColour = CGColor(red: 0.25, green: 0.5, blue: 0.75, alpha: 1)
        /// A second pick.
        static let otherColour = CGColor(red: 0.75, green: 0.25, blue: 0.5, alpha: 1)
        /// Tolerance for colours and points computed by interpolation.
        static let valueTolerance: CGFloat = 1e-9
        /// Tolerance for angles and points that go through path flattening or numeric tangents.
        static let pathTolerance: CGFloat = 1e-6

        // MARK: - Helpers

        /// Whether `color` has the components `rgba`.
        static func isColour(_ color: CGColor?, _ rgba: [CGFloat], _ tolerance: CGFloat = valueTolerance)
            -> Bool
        {
            guard let c = color?.components, c.count == rgba.count else { return false }
            return zip(c, rgba).allSatisfy { abs($0 - $1) <= tolerance }
        }

        /// `a` + (`b` − `a`) × `t`, component by component.
        static func mix(_ a: CGColor, _ b: CGColor, _ t: CGFloat) -> [CGFloat] {
            let x = a.components ?? []
            let y = b.components ?? []
            return zip(x, y).map { $0 + ($1 - $0) * t }
        }

        /// Whether every entry of `t` is within `tolerance` of `expected`'s.
        static func matches(
            _ t: CATransform3D?, _ expected: CATransform3D, _ tolerance: CGFloat = valueTolerance
        ) -> Bool {
            guard let t else { return false }
            let a =
                [t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24]
                + [t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44]
            let e = expected
            let b =
                [e.m11, e.m12, e.m13, e.m14, e.m21, e.m22, e.m23, e.m24]
                + [e.m31, e.m32, e.m33, e.m34, e.m41, e.m42, e.m43, e.m44]
            return zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
        }

        /// A rotation by `angle` about z.
        static func turn(_ angle: CGFloat) -> CATransform3D { CATransform3DMakeRotation(angle, 0, 0, 1) }

        /// The control points of the chapter's Bézier curve, from (0, 150) to (300, 150).
        static let curve = [
            CGPoint(x: 0, y: 150), CGPoint(x: 75, y: 0), CGPoint(x: 225, y: 300), CGPoint(x: 300, y: 150),
        ]

        /// `UIBezierPath` of listings 8.6, 8.7 and 8.10.
        static func bezierPath() -> CGMutablePath {
            let path = CGMutablePath()
            path.move(to: curve[0])
            path.addCurve(to: curve[3], control1: curve[1], control2: curve[2])
            return path
        }

        /// The curve's point at parameter `s`.
        static func curvePoint(_ s: CGFloat) -> CGPoint {
            let (p0, p1, p2, p3) = (curve[0], curve[1], curve[2], curve[3])
            let u = 1 - s
            let a = u * u * u
            let b = 3 * u * u * s
            let c = 3 * u * s * s
            let d = s * s * s
            return CGPoint(
                x: a * p0.x + b * p1.x + c * p2.x + d * p3.x, y: a * p0.y + b * p1.y + c * p2.y + d * p3.y)
        }

        /// The curve's derivative at parameter `s`.
        static func curveTangent(_ s: CGFloat) -> CGVector {
            let (p0, p1, p2, p3) = (curve[0], curve[1], curve[2], curve[3])
            let u = 1 - s
            let dx = 3 * u * u * (p1.x - p0.x) + 6 * u * s * (p2.x - p1.x) + 3 * s * s * (p3.x - p2.x)
            let dy = 3 * u * u * (p1.y - p0.y) + 6 * u * s * (p2.y - p1.y) + 3 * s * s * (p3.y - p2.y)
            return CGVector(dx: dx, dy: dy)
        }

        /// The curve parameter at which the curve reaches `x` (x grows along the whole curve).
        static func curveParameter(atX x: CGFloat) -> CGFloat {
            var low: CGFloat = 0
            var high: CGFloat = 1
            for _ in 0..<100 {
                let middle = (low + high) / 2
                if curvePoint(middle).x < x { low = middle } else { high = middle }
            }
            return (low + high) / 2
        }

        /// Whether `point` lies on the curve.
        static func isOnCurve(_ point: CGPoint?) -> Bool {
            guard let point else { return false }
            return isClose(curvePoint(curveParameter(atX: point.x)), point, pathTolerance)
        }

        /// The rotation that lines a layer at `point` on the curve up with the curve's tangent.
        static func tangentTurn(at point: CGPoint) -> CATransform3D {
            let tangent = curveTangent(curveParameter(atX: point.x))
            return turn(atan2(tangent.dy, tangent.dx))
        }

        /// A small image filled with `color`: a stand-in for the chapter's PNGs.
        static func image(_ color: CGColor) -> CGImage? {
            let context = CGContext(
                data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0,
                space: CGColorSpace(name: CGColorSpace.sRGB)!,
                bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue
                    | CGBitmapInfo.byteOrder32Little.rawValue)
            context?.setFillColor(color)
            context?.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
            return context?.makeImage()
        }

        /// The scene of listings 8.1–8.3 and 8.5: a view's backing layer hosting a blue 100×100
        /// `colorLayer` at (50, 50), committed as `viewDidLoad` ends.
        static func makeColorLayerScene(viewDelegate: ViewDelegate) -> (view: CALayer, colorLayer: CALayer) {
            let layerView = makeLayer("layerView", frame: CGRect(x: 0, y: 0, width: 320, height: 480))
            layerView.delegate = viewDelegate
            let colorLayer = CALayer()
            colorLayer.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
            colorLayer.backgroundColor = blue
            layerView.addSublayer(colorLayer)
            CATransaction.flush()
            return (layerView, colorLayer)
        }

        /// The ship of listings 8.8, 8.9 and 8.15: 128×128 at (150, 150) in a container, committed.
        static func makeShipScene() -> (container: CALayer, ship: CALayer) {
            let container = makeLayer("containerView", frame: CGRect(x: 0, y: 0, width: 300, height: 300))
            let shipLayer = CALayer()
            shipLayer.frame = CGRect(x: 0, y: 0, width: 128, height: 128)
            shipLayer.position = CGPoint(x: 150, y: 150)
            shipLayer.contents = image(red)
            container.addSublayer(shipLayer)
            CATransaction.flush()
            return (container, shipLayer)
        }

        // MARK: - UIView block animations (the introduction of 001_*.txt)

        /// The introduction's `UIView.animateWithDuration(0.2, delay: 0.5, options: .CurveEaseIn)`:
        /// each tap moves the view 100 to the right, changes its colour and fades it to 0.5,
        /// "accelerating" (ease in), after the delay; then the completion runs.
        @Test func chapter8_blockAnimationMovesRightWithDelayAndEaseIn() throws {
            try withManualClock {
                let viewDelegate = ViewDelegate()
                let (root, theView) = makeCommittedScene()
                defer { withExtendedLifetime(root) {} }
                theView.delegate = viewDelegate
                theView.backgroundColor = Self.red
                CATransaction.flush()
                CAMediaClock.advance(by: 1)

                var completions: [Bool] = []
                CALayer.animate(
                    withDuration: 0.2, delay: 0.5, options: .curveEaseIn,
                    animations: {
                        theView.frame = CGRect(
                            x: theView.frame.origin.x + 100, y: theView.frame.origin.y,
                            width: theView.frame.size.width, height: theView.frame.height)
                        theView.backgroundColor = Self.green
                        theView.opacity = 0.5
                    },
                    completion: { completions.append($0) })

                #expect(theView.position == CGPoint(x: 150, y: 50))
                CAMediaClock.advance(by: 0.25)  // still waiting
                let waiting = try #require(theView.presentation())
                #expect(waiting.position == CGPoint(x: 50, y: 50) && waiting.opacity == 1)
                CAMediaClock.advance(by: 0.35)  // half of the 0.2 s: ease in is at 0.315357
                let moving = try #require(theView.presentation())
                #expect(isClose(moving.position.x, 50 + 100 * 0.315357, 1e-4))
                #expect(isClose(CGFloat(moving.opacity), 1 - 0.5 * 0.315357, 1e-5))
                #expect(Self.isColour(moving.backgroundColor, Self.mix(Self.red, Self.green, 0.315357), 1e-5))
                #expect(completions.isEmpty)
                CAMediaClock.advance(by: 0.125)
                #expect(completions == [true])
                #expect(theView.presentation()?.position == CGPoint(x: 150, y: 50))
            }
        }

        /// The introduction's spring form, `usingSpringWithDamping: 0.9, initialSpringVelocity: 1`:
        /// "the closer the damping is to 0, the more obvious the spring effect" — at 0.9 the view
        /// barely passes its target, at 0.2 it overshoots it and comes back.
        @Test func chapter8_springDampingCloserToZeroBouncesMore() {
            withManualClock {
                let viewDelegate = ViewDelegate()
                let root = makeLayer("root", frame: CGRect(x: 0, y: 0, width: 400, height: 400))
                let stiff = makeLayer("stiff", frame: CGRect(x: 0, y: 0, width: 100, height: 100))
                let bouncy = makeLayer("bouncy", frame: CGRect(x: 0, y: 200, width: 100, height: 100))
                for view in [stiff, bouncy] {
                    view.delegate = viewDelegate
                    root.addSublayer(view)
                }
                CATransaction.flush()
                CAMediaClock.advance(by: 1)

                var finished: [Bool] = []
                for (view, damping) in [(stiff, 0.9), (bouncy, 0.2)] as [(CALayer, CGFloat)] {
                    CALayer.animate(
                        withDuration: 0.2, delay: 0, usingSpringWithDamping: damping,
                        initialSpringVelocity: 1,
                        options: .curveEaseIn,
                        animations: {
                            view.frame = CGRect(
                                x: view.frame.origin.x + 100, y: view.frame.origin.y,
                                width: view.frame.size.width, height: view.frame.height)
                        },
                        completion: { finished.append($0) })
                }
                var furthest: [CGFloat] = [0, 0]
                for _ in 0..<25 {
                    CAMediaClock.advance(by: 1.0 / 128)
                    for (index, view) in [stiff, bouncy].enumerated() {
                        furthest[index] = max(furthest[index], view.presentation()?.position.x ?? 0)
                    }
                }
                #expect(furthest[0] > 140 && furthest[0] < 151)  // target 150: at most a hair past it
                #expect(furthest[1] > 170)  // well past it
                CAMediaClock.advance(by: 0.1)
                #expect(finished == [true, true])
                #expect(stiff.presentation()?.position.x == 150 && bouncy.presentation()?.position.x == 150)
            }
        }

        // MARK: - Property animations

        /// Listing 8.1: the explicit animation of `backgroundColor` to a new colour fades to it and
        /// then, because the model was never changed, "immediately changes back to the original
        /// value as soon as the animation ends".
        @Test func listing8_1_explicitAnimationSnapsBackWithoutFill() {
            withManualClock {
                let viewDelegate = ViewDelegate()
                let scene = Self.makeColorLayerScene(viewDelegate: viewDelegate)
                defer { withExtendedLifetime(scene) {} }  // the view hierarchy lives on
                let colorLayer = scene.colorLayer
                CAMediaClock.advance(by: 1)

                // changeColor
                let animation = CABasicAnimation()
                animation.keyPath = "backgroundColor"
                animation.toValue = Self.newColour
                colorLayer.add(animation, forKey: nil)

                CAMediaClock.advance(by: 0.125)  // half of the default 0.25 s, paced linearly
                let middle = colorLayer.presentation()?.backgroundColor
                #expect(Self.isColour(middle, Self.mix(Self.blue, Self.newColour, 0.5)))
                #expect(colorLayer.backgroundColor == Self.blue)
                CAMediaClock.advance(by: 0.0625)
                let later = colorLayer.presentation()?.backgroundColor
                #expect(Self.isColour(later, Self.mix(Self.blue, Self.newColour, 0.75)))
                CAMediaClock.advance(by: 0.0625)  // over: back to blue
                #expect(Self.isColour(colorLayer.presentation()?.backgroundColor, [0, 0, 1, 1]))
                CAMediaClock.advance(by: 1)
                #expect(Self.isColour(colorLayer.presentation()?.backgroundColor, [0, 0, 1, 1]))
            }
        }

        /// Listing 8.2: `applyBasicAnimation:toLayer:` takes the from value from the presentation
        /// layer and updates the model in advance with actions disabled, so the colour no longer
        /// snaps back, and a change in mid-flight starts from the colour on screen.
        @Test func listing8_2_updatingTheModelFirstAvoidsTheSnapBack() {
            withManualClock {
                let viewDelegate = ViewDelegate()
                let scene = Self.makeColorLayerScene(viewDelegate: viewDelegate)
                defer { withExtendedLifetime(scene) {} }  // the view hierarchy lives on
                let colorLayer = scene.colorLayer
                CAMediaClock.advance(by: 1)

                func applyBasicAnimation(_ animation: CABasicAnimation, to layer: CALayer) {
                    // set the from value (using presentation layer if available)
                    animation.fromValue = (layer.presentation() ?? layer).value(
                        forKeyPath: animation.keyPath!)
                    // update the property in advance
                    CATransaction.begin()
                    CATransaction.setDisableActions(true)
                    layer.setValue(animation.toValue, forKeyPath: animation.keyPath!)
                    CATransaction.commit()
                    // apply animation to layer
                    layer.add(animation, forKey: nil)
                }
                func changeColor(_ color: CGColor) {
                    let animation = CABasicAnimation()
                    animation.keyPath = "backgroundColor"
                    animation.toValue = color
                    applyBasicAnimation(animation, to: colorLayer)
                }

                changeColor(Self.newColour)
                #expect(colorLayer.backgroundColor == Self.newColour)
                #expect(colorLayer.animation(forKey: "backgroundColor") == nil)  // no implicit animation
                CAMediaClock.advance(by: 0.125)
                let halfWay = Self.mix(Self.blue, Self.newColour, 0.5)
                #expect(Self.isColour(colorLayer.presentation()?.backgroundColor, halfWay))
                CAMediaClock.advance(by: 0.125)
                #expect(Self.isColour(colorLayer.presentation()?.backgroundColor, [0.25, 0.5, 0.75, 1]))
                CAMediaClock.advance(by: 1)
                #expect(Self.isColour(colorLayer.presentation()?.backgroundColor, [0.25, 0.5, 0.75, 1]))

                changeColor(Self.otherColour)
                CAMediaClock.advance(by: 0.125)
                let seen = Self.mix(Self.newColour, Self.otherColour, 0.5)
                #expect(Self.isColour(colorLayer.presentation()?.backgroundColor, seen))
                changeColor(Self.blue)  // in mid-flight: from the colour on screen
                CAMediaClock.advance(by: 0)
                #expect(Self.isColour(colorLayer.presentation()?.backgroundColor, seen))
                CAMediaClock.advance(by: 0.125)
                let seenColour = CGColor(red: seen[0], green: seen[1], blue: seen[2], alpha: seen[3])
                #expect(
                    Self.isColour(
                        colorLayer.presentation()?.backgroundColor, Self.mix(seenColour, Self.blue, 0.5)))
                CAMediaClock.advance(by: 0.125)
                #expect(Self.isColour(colorLayer.presentation()?.backgroundColor, [0, 0, 1, 1]))
            }
        }

        /// Listing 8.3: `-animationDidStop:finished:` sets the layer's colour to the animation's
        /// `toValue` in a transaction with actions disabled, once the animation has completed.
        @Test func listing8_3_delegateUpdatesTheModelWhenTheAnimationStops() throws {
            try withManualClock {
                let viewDelegate = ViewDelegate()
                let scene = Self.makeColorLayerScene(viewDelegate: viewDelegate)
                defer { withExtendedLifetime(scene) {} }  // the view hierarchy lives on
                let colorLayer = scene.colorLayer
                let controller = StopRecorder()
                controller.onStop = { anim, _ in
                    // set the backgroundColor property to match animation toValue
                    CATransaction.begin()
                    CATransaction.setDisableActions(true)
                    colorLayer.backgroundColor = ((anim as? CABasicAnimation)?.toValue as! CGColor)
                    CATransaction.commit()
                }
                CAMediaClock.advance(by: 1)

                // changeColor
                let animation = CABasicAnimation()
                animation.keyPath = "backgroundColor"
                animation.toValue = Self.newColour
                animation.delegate = controller
                colorLayer.add(animation, forKey: nil)

                CAMediaClock.advance(by: 0.125)
                #expect(controller.stopped.isEmpty)
                #expect(colorLayer.backgroundColor == Self.blue)
                CAMediaClock.advance(by: 0.125)
                #expect(controller.stopped.map(\.finished) == [true])
                #expect(controller.stopped.map(\.time) == [1001.25])
                let stopped = try #require(controller.stopped.first?.anim)
                #expect(stopped !== animation)  // the delegate is handed the layer's copy
                #expect(colorLayer.backgroundColor == Self.newColour)
                #expect(colorLayer.animationKeys() == nil)  // no implicit animation either
                #expect(Self.isColour(colorLayer.presentation()?.backgroundColor, [0.25, 0.5, 0.75, 1]))
                CAMediaClock.advance(by: 1)
                #expect(Self.isColour(colorLayer.presentation()?.backgroundColor, [0.25, 0.5, 0.75, 1]))
            }
        }

        /// Listing 8.4: each hand's animation is tagged with `setValue:forKey:` so that the one
        /// delegate can tell "which view the animation belongs to, and then update the pointer of
        /// the clock correctly" — the animation it receives is a copy, not the one created.
        ///
        /// The listing's stray `[self updateHandsAnimated:NO]` inside the animated branch (it sets
        /// every hand to its final angle before the animation is added, so nothing would move) is
        /// left out: the chapter describes the hands turning to their new positions.
        @Test func listing8_4_delegateWithKVCTagsForTheClockHands() throws {
            try withManualClock {
                let root = makeLayer("view", frame: CGRect(x: 0, y: 0, width: 300, height: 300))
                let viewDelegate = ViewDelegate()
                let hands = ["hour", "minute", "second"].map { name in
                    let hand = makeLayer(name, frame: CGRect(x: 145, y: 60, width: 10, height: 100))
                    hand.delegate = viewDelegate  // UIImageView backing layers
                    root.addSublayer(hand)
                    return hand
                }
                let (hourHand, minuteHand, secondHand) = (hands[0], hands[1], hands[2])
                let controller = StopRecorder()
                var created: [CAAnimation] = []
                controller.onStop = { anim, _ in
                    // set final position for hand view
                    let handView = anim.value(forKey: "handView") as! CALayer
                    handView.transform = ((anim as! CABasicAnimation).toValue as! NSValue).caTransform3DValue
                }

                func setAngle(_ angle: CGFloat, forHand handView: CALayer, animated: Bool) {
                    let transform = CATransform3DMakeRotation(angle, 0, 0, 1)
                    if animated {
                        let animation = CABasicAnimation()
                        animation.keyPath = "transform"
                        animation.toValue = NSValue(caTransform3D: transform)
                        animation.duration = 0.5
                        animation.delegate = controller
                        animation.setValue(handView, forKey: "handView")
                        handView.add(animation, forKey: nil)
                        created.append(animation)
                    } else {
                        handView.transform = transform
                    }
                }
                func updateHands(hour: Int, minute: Int, second: Int, animated: Bool) {
                    let hourAngle = CGFloat(hour) / 12.0 * .pi * 2.0
                    let minuteAngle = CGFloat(minute) / 60.0 * .pi * 2.0
                    let secondAngle = CGFloat(second) / 60.0 * .pi * 2.0
                    setAngle(hourAngle, forHand: hourHand, animated: animated)
                    setAngle(minuteAngle, forHand: minuteHand, animated: animated)
                    setAngle(secondAngle, forHand: secondHand, animated: animated)
                }

                // viewDidLoad at 10:08:30
                for hand in hands { hand.anchorPoint = CGPoint(x: 0.5, y: 0.9) }
                updateHands(hour: 10, minute: 8, second: 30, animated: false)
                CATransaction.flush()
                CAMediaClock.advance(by: 1)
                #expect(hands.allSatisfy { $0.animationKeys() == nil })  // no implicit animation

                // tick at 10:08:31
                updateHands(hour: 10, minute: 8, second: 31, animated: true)
                CAMediaClock.advance(by: 0.25)  // the second hand is half way from 180° to 186°
                #expect(Self.matches(secondHand.presentation()?.transform, Self.turn(.pi + .pi / 60)))
                #expect(Self.matches(secondHand.transform, Self.turn(.pi)))  // the model has not moved yet
                #expect(controller.stopped.isEmpty)
                CAMediaClock.advance(by: 0.25)
                #expect(controller.stopped.count == 3 && controller.stopped.allSatisfy(\.finished))
                let tagged = controller.stopped.compactMap { $0.anim.value(forKey: "handView") as? CALayer }
                #expect(Set(tagged.map(ObjectIdentifier.init)) == Set(hands.map(ObjectIdentifier.init)))
                #expect(controller.stopped.allSatisfy { stop in !created.contains { $0 === stop.anim } })
                // Each hand was updated from its own animation's toValue.
                #expect(Self.matches(hourHand.transform, Self.turn(10.0 / 12.0 * .pi * 2.0)))
                #expect(Self.matches(minuteHand.transform, Self.turn(8.0 / 60.0 * .pi * 2.0)))
                #expect(Self.matches(secondHand.transform, Self.turn(31.0 / 60.0 * .pi * 2.0)))
                #expect(
                    Self.matches(secondHand.presentation()?.transform, Self.turn(31.0 / 60.0 * .pi * 2.0)))
                #expect(hands.allSatisfy { $0.animationKeys() == nil })
            }
        }

        // MARK: - Keyframes and paths

        /// Listing 8.5: a keyframe animation through blue, red, green and blue over 2 s "at a
        /// constant pace"; a keyframe animation does not start from the current value: it jumps to
        /// the first frame and returns to the model value at the end.
        @Test func listing8_5_keyframeColours() {
            withManualClock {
                let viewDelegate = ViewDelegate()
                let (layerView, colorLayer) = Self.makeColorLayerScene(viewDelegate: viewDelegate)
                let greyLayer = CALayer()  // a layer whose colour is not the first keyframe's
                greyLayer.backgroundColor = CGColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 1)
                layerView.addSublayer(greyLayer)
                CAMediaClock.advance(by: 1)

                // changeColor
                let animation = CAKeyframeAnimation()
                animation.keyPath = "backgroundColor"
                animation.duration = 2.0
                animation.values = [Self.blue, Self.red, Self.green, Self.blue]
                colorLayer.add(animation, forKey: nil)
                greyLayer.add(animation, forKey: nil)

                // (seconds since added, colour): keyframes at 0, 2/3, 4/3 and 2 s.
                let samples: [(CFTimeInterval, [CGFloat])] = [
                    (0, [0, 0, 1, 1]), (0.5, [0.75, 0, 0.25, 1]), (1, [0.5, 0.5, 0, 1]),
                    (1.5, [0, 0.75, 0.25, 1]),
                ]
                var elapsed: CFTimeInterval = 0
                for (time, rgba) in samples {
                    CAMediaClock.advance(by: time - elapsed)
                    elapsed = time
                    #expect(Self.isColour(colorLayer.presentation()?.backgroundColor, rgba), "at \(time) s")
                    #expect(Self.isColour(greyLayer.presentation()?.backgroundColor, rgba), "at \(time) s")
                }
                CAMediaClock.advance(by: 0.5)
                #expect(Self.isColour(colorLayer.presentation()?.backgroundColor, [0, 0, 1, 1]))
                #expect(Self.isColour(greyLayer.presentation()?.backgroundColor, [0.5, 0.5, 0.5, 1]))  // back
            }
        }

        /// Listing 8.6: the ship follows the Bézier curve from (0, 150) to (300, 150) over 4 s,
        /// always "pointing to the right" rather than along the curve.
        @Test func listing8_6_shipOnABezierPath() throws {
            try withManualClock {
                let containerView = makeLayer(
                    "containerView", frame: CGRect(x: 0, y: 0, width: 300, height: 300))
                CATransaction.flush()
                CAMediaClock.advance(by: 1)
                // viewDidLoad
                let bezierPath = Self.bezierPath()
                let pathLayer = CAShapeLayer()
                pathLayer.path = bezierPath
                pathLayer.fillColor = CGColor.clear
                pathLayer.strokeColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
                pathLayer.lineWidth = 3.0
                containerView.addSublayer(pathLayer)
                // The track draws although the layer has zero bounds: the path is not clipped to them.
                let track = try #require(pathLayer.kindContents(scale: 1))
                #expect(pathLayer.bounds == .zero && track.rect.contains(bezierPath.boundingBoxOfPath))
                let shipLayer = CALayer()
                shipLayer.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
                shipLayer.position = CGPoint(x: 0, y: 150)
                shipLayer.contents = Self.image(Self.red)
                containerView.addSublayer(shipLayer)
                let animation = CAKeyframeAnimation()
                animation.keyPath = "position"
                animation.duration = 4.0
                animation.path = bezierPath
                shipLayer.add(animation, forKey: nil)
                CATransaction.flush()

                #expect(shipLayer.presentation()?.position == CGPoint(x: 0, y: 150))
                CAMediaClock.advance(by: 1)
                let first = try #require(shipLayer.presentation())
                #expect(Self.isOnCurve(first.position) && first.position.x > 0 && first.position.x < 150)
                #expect(first.transform == CATransform3DIdentity)
                CAMediaClock.advance(by: 1)  // half way: the curve's centre of symmetry
                let middle = try #require(shipLayer.presentation())
                #expect(isClose(middle.position, CGPoint(x: 150, y: 150), Self.pathTolerance))
                #expect(middle.transform == CATransform3DIdentity)
                CAMediaClock.advance(by: 1)
                let third = try #require(shipLayer.presentation())
                #expect(Self.isOnCurve(third.position) && third.position.x > 150 && third.position.x < 300)
                // Point symmetry of the curve about (150, 150): a quarter from either end mirrors.
                #expect(
                    isClose(
                        third.position, CGPoint(x: 300 - first.position.x, y: 300 - first.position.y), 1e-6))
                CAMediaClock.advance(by: 1)  // over: back at the model position
                #expect(shipLayer.presentation()?.position == CGPoint(x: 0, y: 150))
            }
        }

        /// Listing 8.7: with `rotationMode = kCAAnimationRotateAuto` "the layer will rotate
        /// according to the tangent of the curve".
        @Test func listing8_7_rotationModeAutoFollowsTheTangent() throws {
            try withManualClock {
                let containerView = makeLayer(
                    "containerView", frame: CGRect(x: 0, y: 0, width: 300, height: 300))
                CATransaction.flush()
                CAMediaClock.advance(by: 1)
                // viewDidLoad
                let shipLayer = CALayer()
                shipLayer.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
                shipLayer.position = CGPoint(x: 0, y: 150)
                containerView.addSublayer(shipLayer)
                let animation = CAKeyframeAnimation()
                animation.keyPath = "position"
                animation.duration = 4.0
                animation.path = Self.bezierPath()
                animation.rotationMode = .rotateAuto
                shipLayer.add(animation, forKey: nil)
                CATransaction.flush()

                // At the start the curve heads up and right, at (75, −150).
                #expect(
                    Self.matches(
                        shipLayer.presentation()?.transform, Self.turn(atan2(-150, 75)), Self.pathTolerance))
                for time in 1...3 {
                    CAMediaClock.advance(by: 1)
                    let ship = try #require(shipLayer.presentation())
                    #expect(Self.isOnCurve(ship.position), "at \(time) s")
                    #expect(
                        Self.matches(ship.transform, Self.tangentTurn(at: ship.position), Self.pathTolerance))
                    if time == 2 {  // half way the tangent is (337.5, 225): down and right
                        #expect(
                            Self.matches(ship.transform, Self.turn(atan2(225, 337.5)), Self.pathTolerance))
                    }
                }
                #expect(shipLayer.transform == CATransform3DIdentity)  // the model is not turned
                CAMediaClock.advance(by: 1)
                #expect(shipLayer.presentation()?.transform == CATransform3DIdentity)
            }
        }

        // MARK: - Virtual properties

        /// Listing 8.8: animating `transform` to a 180° rotation turns the ship; to 360° "the
        /// spacecraft is completely stationary" (the same matrix as 0°); and with `byValue`
        /// instead of `toValue` it "doesn't rotate at all, because the transformation matrix can't
        /// stack like the angle value".
        ///
        /// The chapter's numbers for the `byValue` case are inconsistent (it says M_PI, then
        /// "0 + 90 == 90 degrees", and "bigger"); what it states firmly is that there is no
        /// rotation, and that is what is checked.
        @Test func listing8_8_transformAnimationByMatrix() throws {
            try withManualClock {
                let scene = Self.makeShipScene()
                defer { withExtendedLifetime(scene) {} }  // the view hierarchy lives on
                let shipLayer = scene.ship
                func animate(_ configure: (CABasicAnimation) -> Void) {
                    let animation = CABasicAnimation()
                    animation.keyPath = "transform"
                    animation.duration = 2.0
                    configure(animation)
                    shipLayer.add(animation, forKey: nil)
                }

                animate { $0.toValue = NSValue(caTransform3D: CATransform3DMakeRotation(.pi, 0, 0, 1)) }
                CAMediaClock.advance(by: 1)  // a quarter turn, either way round
                let halfWay = try #require(shipLayer.presentation()?.transform)
                #expect(isClose(abs(halfWay.m12), 1) && isClose(halfWay.m11, 0) && isClose(halfWay.m22, 0))
                CAMediaClock.advance(by: 1)
                #expect(shipLayer.presentation()?.transform == CATransform3DIdentity)  // back to the model

                animate { $0.toValue = NSValue(caTransform3D: CATransform3DMakeRotation(2 * .pi, 0, 0, 1)) }
                for _ in 0..<3 {
                    CAMediaClock.advance(by: 0.5)
                    #expect(Self.matches(shipLayer.presentation()?.transform, CATransform3DIdentity))
                }
                CAMediaClock.advance(by: 0.5)

                animate { $0.byValue = NSValue(caTransform3D: CATransform3DMakeRotation(.pi, 0, 0, 1)) }
                for _ in 0..<3 {
                    CAMediaClock.advance(by: 0.5)
                    let t = try #require(shipLayer.presentation()?.transform)
                    // No rotation: the off-diagonal entries of a turn about z stay 0.
                    #expect(abs(t.m12) < Self.pathTolerance && abs(t.m21) < Self.pathTolerance, "\(t)")
                }
            }
        }

        /// Listing 8.9: animating the virtual `transform.rotation` by 2π turns the ship a full
        /// circle in one step, more than 180°, with a plain number — and without conflicting with
        /// an animation of `transform.scale`.
        @Test func listing8_9_transformRotationByTwoPi() {
            withManualClock {
                let scene = Self.makeShipScene()
                defer { withExtendedLifetime(scene) {} }  // the view hierarchy lives on
                let shipLayer = scene.ship
                CAMediaClock.advance(by: 1)
                // viewDidLoad
                let animation = CABasicAnimation()
                animation.keyPath = "transform.rotation"
                animation.duration = 2.0
                animation.byValue = CGFloat.pi * 2
                shipLayer.add(animation, forKey: nil)

                for angle in [CGFloat.pi / 2, .pi, 3 * .pi / 2] {
                    CAMediaClock.advance(by: 0.5)
                    #expect(Self.matches(shipLayer.presentation()?.transform, Self.turn(angle)), "\(angle)")
                }
                CAMediaClock.advance(by: 0.5)
                #expect(shipLayer.presentation()?.transform == CATransform3DIdentity)

                // transform.rotation and transform.scale animate independently.
                shipLayer.add(animation, forKey: "spin")
                let grow = CABasicAnimation(keyPath: "transform.scale")
                grow.fromValue = 1
                grow.toValue = 2
                grow.duration = 2
                shipLayer.add(grow, forKey: "grow")
                CAMediaClock.advance(by: 1)
                let expected = CATransform3DScale(Self.turn(.pi), 1.5, 1.5, 1.5)
                #expect(Self.matches(shipLayer.presentation()?.transform, expected))
            }
        }

        // MARK: - Groups

        /// Listing 8.10: a group of the path animation (with auto rotation) and a colour animation
        /// to red, with the group's duration of 4 s: the layer moves along the path while its colour
        /// changes from green to red.
        @Test func listing8_10_groupOfPathAndColour() throws {
            try withManualClock {
                let containerView = makeLayer(
                    "containerView", frame: CGRect(x: 0, y: 0, width: 300, height: 300))
                CATransaction.flush()
                CAMediaClock.advance(by: 1)
                // viewDidLoad
                let colorLayer = CALayer()
                colorLayer.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
                colorLayer.position = CGPoint(x: 0, y: 150)
                colorLayer.backgroundColor = Self.green
                containerView.addSublayer(colorLayer)
                let animation1 = CAKeyframeAnimation()
                animation1.keyPath = "position"
                animation1.path = Self.bezierPath()
                animation1.rotationMode = .rotateAuto
                let animation2 = CABasicAnimation()
                animation2.keyPath = "backgroundColor"
                animation2.toValue = Self.red
                let groupAnimation = CAAnimationGroup()
                groupAnimation.animations = [animation1, animation2]
                groupAnimation.duration = 4.0
                colorLayer.add(groupAnimation, forKey: nil)
                CATransaction.flush()

                CAMediaClock.advance(by: 1)
                let quarter = try #require(colorLayer.presentation())
                #expect(
                    Self.isOnCurve(quarter.position) && quarter.position.x > 0 && quarter.position.x < 150)
                #expect(Self.isColour(quarter.backgroundColor, [0.25, 0.75, 0, 1]))
                CAMediaClock.advance(by: 1)
                let middle = try #require(colorLayer.presentation())
                #expect(isClose(middle.position, CGPoint(x: 150, y: 150), Self.pathTolerance))
                #expect(Self.matches(middle.transform, Self.turn(atan2(225, 337.5)), Self.pathTolerance))
                #expect(Self.isColour(middle.backgroundColor, [0.5, 0.5, 0, 1]))
                CAMediaClock.advance(by: 1)
                let third = try #require(colorLayer.presentation())
                #expect(Self.isOnCurve(third.position) && third.position.x > 150)
                #expect(Self.isColour(third.backgroundColor, [0.75, 0.25, 0, 1]))
                CAMediaClock.advance(by: 1)  // over: the model values again
                #expect(colorLayer.presentation()?.position == CGPoint(x: 0, y: 150))
                #expect(Self.isColour(colorLayer.presentation()?.backgroundColor, [0, 1, 0, 1]))
            }
        }

        // MARK: - Transitions

        /// Listing 8.11: a fade `CATransition` on the image view's layer animates the change of
        /// image; "no matter what value you set for the key of the animation, the key of the
        /// transition animation will be set to 'transition'", so only one runs at a time.
        @Test func listing8_11_fadeTransitionOnImageChange() throws {
            try withManualClock {
                let viewDelegate = ViewDelegate()
                let imageView = makeLayer("imageView", frame: CGRect(x: 0, y: 0, width: 100, height: 100))
                imageView.delegate = viewDelegate
                // viewDidLoad
                let images = [Self.red, Self.green, Self.blue, Self.newColour].map { Self.image($0)! }
                imageView.contents = images[0]
                CATransaction.flush()
                CAMediaClock.advance(by: 1)

                func switchImage() {
                    let transition = CATransition()
                    transition.type = .fade
                    imageView.add(transition, forKey: nil)
                    let currentImage = imageView.contents as! CGImage
                    var index = images.firstIndex { $0 === currentImage }!
                    index = (index + 1) % images.count
                    imageView.contents = images[index]
                }

                switchImage()
                #expect(imageView.animationKeys() == ["transition"])
                let fade = try #require(imageView.animation(forKey: kCATransition) as? CATransition)
                #expect(fade.type == .fade && fade.duration == 0.25)
                #expect(imageView.contents as? CGImage === images[1])
                CAMediaClock.advance(by: 0.125)
                #expect(imageView.presentation()?.contents as? CGImage === images[1])
                switchImage()  // a second transition replaces the first
                #expect(imageView.animationKeys() == ["transition"])
                #expect(imageView.contents as? CGImage === images[2])
                CAMediaClock.advance(by: 0.125)
                #expect(imageView.animationKeys() == ["transition"])  // the second one runs on
                CAMediaClock.advance(by: 0.125)
                #expect(imageView.animationKeys() == nil)
                switchImage()
                switchImage()
                #expect(imageView.contents as? CGImage === images[0])  // round the four images
            }
        }

        /// Listing 8.12: the crossfade is added to the tab bar controller's view, which stays in
        /// the tree while the tabs' views are swapped underneath it, so the transition is not
        /// removed with them.
        @Test func listing8_12_transitionOnTheTabBarControllersView() throws {
            try withManualClock {
                let viewDelegate = ViewDelegate()
                let window = makeLayer("window", frame: CGRect(x: 0, y: 0, width: 320, height: 480))
                let tabBarView = makeLayer("tabBarController.view", frame: window.bounds)
                let first = makeLayer("viewController1.view", frame: window.bounds)
                let second = makeLayer("viewController2.view", frame: window.bounds)
                for layer in [tabBarView, first, second] { layer.delegate = viewDelegate }
                window.addSublayer(tabBarView)
                tabBarView.addSublayer(first)
                CATransaction.flush()
                CAMediaClock.advance(by: 1)

                // The second tab is selected: UIKit swaps the views, then tells the delegate.
                tabBarView.replaceSublayer(first, with: second)
                let transition = CATransition()
                transition.type = .fade
                tabBarView.add(transition, forKey: nil)

                #expect(tabBarView.animationKeys() == ["transition"])
                #expect(first.animationKeys() == nil && second.animationKeys() == nil)
                CAMediaClock.advance(by: 0.125)
                let presented = try #require(tabBarView.presentation())
                #expect(presented.sublayers?.map { $0.model() } == [second])
                #expect(tabBarView.animationKeys() == ["transition"])
                CAMediaClock.advance(by: 0.125)
                #expect(tabBarView.animationKeys() == nil)
            }
        }

        /// Listing 8.13: `+transitionWithView:duration:options:animations:completion:` with
        /// `UIViewAnimationOptionTransitionFlipFromLeft` for 1 s. These tests use QuartzCore only, so it
        /// is written as the transition it stands for (the UIKit form runs in the examples' tests): Apple's private `oglFlip` type, from the left,
        /// lasting 1 s, around the change of image.
        @Test func listing8_13_flipTransitionLastsItsDuration() throws {
            try withManualClock {
                let viewDelegate = ViewDelegate()
                let imageView = makeLayer("imageView", frame: CGRect(x: 0, y: 0, width: 100, height: 100))
                imageView.delegate = viewDelegate
                let images = [Self.red, Self.green].map { Self.image($0)! }
                imageView.contents = images[0]
                CATransaction.flush()
                CAMediaClock.advance(by: 1)

                // switchImage
                let flip = CATransition()
                flip.type = CATransitionType("oglFlip")
                flip.subtype = .fromLeft
                flip.duration = 1.0
                imageView.add(flip, forKey: "flip")
                imageView.contents = images[1]

                let added = try #require(imageView.animation(forKey: kCATransition) as? CATransition)
                #expect(added.type.rawValue == "oglFlip" && added.subtype == .fromLeft)
                #expect(imageView.animation(forKey: "flip") == nil)
                CAMediaClock.advance(by: 0.5)
                #expect(imageView.animationKeys() == ["transition"])
                #expect(imageView.presentation()?.contents as? CGImage === images[1])
                CAMediaClock.advance(by: 0.5)
                #expect(imageView.animationKeys() == nil)
            }
        }

        /// Listing 8.14: a custom transition — a snapshot of the view covers it while the view's
        /// colour changes underneath; the snapshot scales, rotates and fades out over 1 s with the
        /// block API, and the completion block removes it.
        ///
        /// Lamina has no `render(in:)` yet: the snapshot is drawn with `CGContext` in the view's
        /// colour, which is what `renderInContext:` would capture of this view.
        @Test func listing8_14_customTransitionWithASnapshot() throws {
            try withManualClock {
                let viewDelegate = ViewDelegate()
                let view = makeLayer("view", frame: CGRect(x: 0, y: 0, width: 320, height: 480))
                view.delegate = viewDelegate
                view.backgroundColor = Self.blue
                CATransaction.flush()
                CAMediaClock.advance(by: 1)

                // performTransition
                let coverImage = try #require(Self.image(view.backgroundColor!))
                let coverView = CALayer()  // a UIImageView's layer
                coverView.delegate = viewDelegate
                coverView.contents = coverImage
                coverView.frame = view.bounds
                view.addSublayer(coverView)
                view.backgroundColor = Self.newColour
                var finishedFlags: [Bool] = []
                CALayer.animate(
                    withDuration: 1.0,
                    animations: {
                        var transform = CGAffineTransform(scaleX: 0.01, y: 0.01)
                        transform = transform.rotated(by: .pi / 2)
                        coverView.setAffineTransform(transform)
                        coverView.opacity = 0.0
                    },
                    completion: { finished in
                        finishedFlags.append(finished)
                        coverView.removeFromSuperlayer()
                    })

                #expect(view.animationKeys() == nil)  // the view itself changes at once
                #expect(Set(coverView.animationKeys() ?? []) == ["transform", "opacity"])
                CAMediaClock.advance(by: 0.5)  // ease in, ease out: half way
                #expect(Self.isColour(view.presentation()?.backgroundColor, [0.25, 0.5, 0.75, 1]))
                let cover = try #require(coverView.presentation())
                #expect(isClose(CGFloat(cover.opacity), 0.5, 1e-6))
                let angle = try #require(cover.value(forKeyPath: "transform.rotation.z") as? CGFloat)
                let scale = try #require(cover.value(forKeyPath: "transform.scale.x") as? CGFloat)
                #expect(isClose(angle, .pi / 4, 1e-6) && isClose(scale, 0.505, 1e-6))
                #expect(coverView.superlayer === view && finishedFlags.isEmpty)
                CAMediaClock.advance(by: 0.5)
                #expect(finishedFlags == [true])
                #expect(coverView.superlayer == nil)
                #expect(view.sublayers?.isEmpty ?? true)
            }
        }

        // MARK: - Cancelling

        /// Listing 8.15: the start button adds the spin under the key "rotateAnimation"; the stop
        /// button removes it, "it prints NO, and if it is allowed to complete, it prints YES"; once
        /// removed "the appearance of the layer is updated to the current model layer value".
        @Test func listing8_15_startAndStopWithTheFinishedFlag() {
            withManualClock {
                let scene = Self.makeShipScene()
                defer { withExtendedLifetime(scene) {} }  // the view hierarchy lives on
                let shipLayer = scene.ship
                let controller = StopRecorder()
                var console: [String] = []
                controller.onStop = { _, flag in
                    console.append("The animation stopped (finished: \(flag ? "YES" : "NO"))")
                }
                func start() {
                    let animation = CABasicAnimation()
                    animation.keyPath = "transform.rotation"
                    animation.duration = 2.0
                    animation.byValue = CGFloat.pi * 2
                    animation.delegate = controller
                    shipLayer.add(animation, forKey: "rotateAnimation")
                }
                func stop() {
                    shipLayer.removeAnimation(forKey: "rotateAnimation")
                }
                CAMediaClock.advance(by: 1)

                start()
                #expect(shipLayer.animation(forKey: "rotateAnimation") != nil)
                CAMediaClock.advance(by: 1)
                #expect(Self.matches(shipLayer.presentation()?.transform, Self.turn(.pi)))
                stop()
                #expect(shipLayer.animation(forKey: "rotateAnimation") == nil)
                // Until the removal is committed, the screen still shows the spin (ruling RT5).
                #expect(Self.matches(shipLayer.presentation()?.transform, Self.turn(.pi)))
                CAMediaClock.advance(by: 0)
                #expect(shipLayer.presentation()?.transform == CATransform3DIdentity)
                #expect(console == ["The animation stopped (finished: NO)"])
                #expect(controller.stopped.map(\.time) == [1002])

                start()
                CAMediaClock.advance(by: 1.5)
                #expect(Self.matches(shipLayer.presentation()?.transform, Self.turn(3 * .pi / 2)))
                CAMediaClock.advance(by: 0.5)
                #expect(
                    console == [
                        "The animation stopped (finished: NO)", "The animation stopped (finished: YES)",
                    ])
                #expect(controller.stopped.map(\.time) == [1002, 1004])
                #expect(shipLayer.animation(forKey: "rotateAnimation") == nil)
            }
        }
    }
}
