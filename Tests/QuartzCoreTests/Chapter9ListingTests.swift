import QuartzCore
import Testing

extension ManualClockTests {
    /// The listings of chapter 9, "Layer Time", of Nick Lockwood's "iOS Core Animation: Advanced
    /// Techniques", with the chapter's fill mode and pause/rewind/fast-forward sections, run
    /// against Lamina on the manual clock.
    @Suite struct Chapter9ListingTests {
        /// Records `animationDidStop(_:finished:)` with the time it arrived.
        final class StopRecorder: CAAnimationDelegate {
            var stops: [(finished: Bool, time: CFTimeInterval)] = []
            var onStop: (() -> Void)?

            func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
                stops.append((flag, CACurrentMediaTime()))
                onStop?()
            }
        }

        /// Whether every entry of `t` is within `tolerance` of `expected`'s.
        static func matches(_ t: CATransform3D?, _ expected: CATransform3D, _ tolerance: CGFloat = 1e-9)
            -> Bool
        {
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

        /// The control points of the chapter's Bézier curve, from (0, 150) to (300, 150).
        static let curve = [
            CGPoint(x: 0, y: 150), CGPoint(x: 75, y: 0), CGPoint(x: 225, y: 300), CGPoint(x: 300, y: 150),
        ]

        /// The curve's point at parameter `s`.
        static func curvePoint(_ s: CGFloat) -> CGPoint {
            let (p0, p1, p2, p3) = (curve[0], curve[1], curve[2], curve[3])
            let u = 1 - s
            let (a, b, c, d) = (u * u * u, 3 * u * u * s, 3 * u * s * s, s * s * s)
            return CGPoint(
                x: a * p0.x + b * p1.x + c * p2.x + d * p3.x, y: a * p0.y + b * p1.y + c * p2.y + d * p3.y)
        }

        /// Whether `point` lies on the curve (x grows along the whole curve, so it fixes the
        /// parameter).
        static func isOnCurve(_ point: CGPoint?) -> Bool {
            guard let point else { return false }
            var low: CGFloat = 0
            var high: CGFloat = 1
            for _ in 0..<100 {
                let middle = (low + high) / 2
                if curvePoint(middle).x < point.x { low = middle } else { high = middle }
            }
            return isClose(curvePoint((low + high) / 2), point, 1e-6)
        }

        /// The ship of listing 9.1: 128×128 at (150, 150) in a container view, committed.
        static func makeShipScene() -> (container: CALayer, ship: CALayer) {
            let container = makeLayer("containerView", frame: CGRect(x: 0, y: 0, width: 300, height: 300))
            let ship = CALayer()
            ship.frame = CGRect(x: 0, y: 0, width: 128, height: 128)
            ship.position = CGPoint(x: 150, y: 150)
            ship.contents = Self.shipImage()
            container.addSublayer(ship)
            CATransaction.flush()
            return (container, ship)
        }

        /// A stand-in for `Ship.png`: any image will do, the animation is the point.
        static func shipImage() -> CGImage? {
            let context = CGContext(
                data: nil, width: 8, height: 8, bitsPerComponent: 8, bytesPerRow: 0,
                space: CGColorSpace(name: CGColorSpace.sRGB)!,
                bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue
                    | CGBitmapInfo.byteOrder32Little.rawValue)
            context?.setFillColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 1)
            context?.fill(CGRect(x: 2, y: 0, width: 4, height: 8))
            return context?.makeImage()
        }

        /// The door of listings 9.2 and 9.4: 128×256, hinged on its left edge at (86, 150), in a
        /// container whose `sublayerTransform` adds perspective (m34 = −1/500).
        static func makeDoor(in container: CALayer) -> CALayer {
            let doorLayer = CALayer()
            doorLayer.frame = CGRect(x: 0, y: 0, width: 128, height: 256)
            doorLayer.position = CGPoint(x: 150 - 64, y: 150)
            doorLayer.anchorPoint = CGPoint(x: 0, y: 0.5)
            doorLayer.contents = Self.shipImage()
            container.addSublayer(doorLayer)
            var perspective = CATransform3DIdentity
            perspective.m34 = -1.0 / 500.0
            container.sublayerTransform = perspective
            return doorLayer
        }

        /// Listing 9.1: "If duration is 2 and repeatCount is set to 3.5 (three and a half
        /// iterations), the animation duration is 7 seconds"; both 0 mean "the default", 0.25 s and
        /// one iteration. The controls are disabled until the delegate hears the stop.
        @Test func listing9_1_durationTimesRepeatCount() throws {
            try withManualClock {
                let scene = Self.makeShipScene()
                defer { withExtendedLifetime(scene) {} }  // the view hierarchy lives on
                let shipLayer = scene.ship
                let controller = StopRecorder()
                var controlsEnabled = true
                controller.onStop = { controlsEnabled = true }
                func start(duration: CFTimeInterval, repeatCount: Float) {
                    let animation = CABasicAnimation()
                    animation.keyPath = "transform.rotation"
                    animation.duration = duration
                    animation.repeatCount = repeatCount
                    animation.byValue = CGFloat.pi * 2
                    animation.delegate = controller
                    shipLayer.add(animation, forKey: "rotateAnimation")
                    controlsEnabled = false
                }

                start(duration: 2, repeatCount: 3.5)
                CAMediaClock.advance(by: 0.5)  // a quarter turn into the first iteration
                #expect(
                    Self.matches(
                        shipLayer.presentation()?.transform, CATransform3DMakeRotation(.pi / 2, 0, 0, 1)))
                CAMediaClock.advance(by: 6)  // 6.5 s: a quarter turn into the fourth iteration
                #expect(
                    Self.matches(
                        shipLayer.presentation()?.transform, CATransform3DMakeRotation(.pi / 2, 0, 0, 1)))
                #expect(!controlsEnabled && controller.stops.isEmpty)
                CAMediaClock.advance(by: 0.25)  // 6.75 s: three eighths of a turn into the last half
                #expect(
                    Self.matches(
                        shipLayer.presentation()?.transform, CATransform3DMakeRotation(0.75 * .pi, 0, 0, 1)))
                #expect(!controlsEnabled)
                CAMediaClock.advance(by: 0.25)  // 7 s
                #expect(controller.stops.map(\.finished) == [true])
                #expect(controller.stops.map(\.time) == [1007])
                #expect(controlsEnabled)
                #expect(shipLayer.animationKeys() == nil)
                #expect(shipLayer.presentation()?.transform == CATransform3DIdentity)

                start(duration: 0, repeatCount: 0)  // the defaults: 0.25 s, once
                let added = try #require(shipLayer.animation(forKey: "rotateAnimation"))
                #expect(added.duration == 0.25)
                CAMediaClock.advance(by: 0.125)
                #expect(
                    Self.matches(shipLayer.presentation()?.transform, CATransform3DMakeRotation(.pi, 0, 0, 1))
                )
                #expect(!controlsEnabled)
                CAMediaClock.advance(by: 0.125)
                #expect(controller.stops.map(\.finished) == [true, true])
                #expect(controller.stops.map(\.time) == [1007, 1007.25])
                #expect(controlsEnabled)
            }
        }

        /// Listing 9.2: the door swings open over 2 s and `autoreverses` closes it again over the
        /// next 2 s; with `repeatDuration = INFINITY` "the animation is played infinitely".
        @Test func listing9_2_swingingDoorAutoreversesForever() throws {
            try withManualClock {
                let container = makeLayer("containerView", frame: CGRect(x: 0, y: 0, width: 300, height: 300))
                CATransaction.flush()
                CAMediaClock.advance(by: 1)
                // viewDidLoad
                let doorLayer = Self.makeDoor(in: container)
                let recorder = StopRecorder()
                let animation = CABasicAnimation()
                animation.keyPath = "transform.rotation.y"
                animation.toValue = -CGFloat.pi / 2
                animation.duration = 2.0
                animation.repeatDuration = .infinity
                animation.autoreverses = true
                animation.delegate = recorder
                doorLayer.add(animation, forKey: nil)
                CATransaction.flush()

                func swing(_ angle: CGFloat) -> CATransform3D { CATransform3DMakeRotation(angle, 0, 1, 0) }
                // (time since added, door angle): opening for 2 s, closing for 2 s, and again.
                let samples: [(CFTimeInterval, CGFloat)] = [
                    (0.5, -.pi / 8), (1, -.pi / 4), (2, -.pi / 2), (3, -.pi / 4), (3.5, -.pi / 8),
                    (4, 0), (5, -.pi / 4), (6.5, -3 * .pi / 8), (1001, -.pi / 4),
                ]
                var elapsed: CFTimeInterval = 0
                for (time, angle) in samples {
                    CAMediaClock.advance(by: time - elapsed)
                    elapsed = time
                    let door = try #require(doorLayer.presentation())
                    #expect(Self.matches(door.transform, swing(angle)), "at \(time) s")
                }
                #expect(recorder.stops.isEmpty)  // it never ends
                // The door turns about its hinge, the left edge at x = 86.
                let hinge = try #require(doorLayer.presentation()).convert(
                    CGPoint(x: 0, y: 128), to: container.presentation())
                #expect(isClose(hinge, CGPoint(x: 86, y: 150)))
                #expect(doorLayer.transform == CATransform3DIdentity)  // the model never moves
            }
        }

        /// Listing 9.3: `speed` is a time multiplier — "if the speed is 2.0, an animation with a
        /// duration of 1 is completed in 0.5 seconds"; `timeOffset` 0.5 "means that the animation
        /// starts from half of the place", and however it starts, "it still plays a complete
        /// duration. This animation only loops through and then plays from the beginning."
        ///
        /// For speed 2 with offset 0.5 the chapter says the ship starts "from the end", which
        /// contradicts its own "timeOffset is unaffected by speed" and the header's
        /// t = (tp − begin) × speed + offset (ruling R1): the test follows the
        /// formula, so the ship starts half way and loops round to half way in 0.5 s.
        @Test func listing9_3_timeOffsetAndSpeed() throws {
            try withManualClock {
                let containerView = makeLayer(
                    "containerView", frame: CGRect(x: 0, y: 0, width: 300, height: 300))
                // viewDidLoad
                let bezierPath = CGMutablePath()
                bezierPath.move(to: Self.curve[0])
                bezierPath.addCurve(to: Self.curve[3], control1: Self.curve[1], control2: Self.curve[2])
                let pathLayer = CAShapeLayer()
                pathLayer.path = bezierPath
                pathLayer.fillColor = CGColor.clear
                pathLayer.strokeColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
                pathLayer.lineWidth = 3.0
                containerView.addSublayer(pathLayer)
                let shipLayer = CALayer()
                shipLayer.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
                shipLayer.position = CGPoint(x: 0, y: 150)
                shipLayer.contents = Self.shipImage()
                containerView.addSublayer(shipLayer)
                CATransaction.flush()
                CAMediaClock.advance(by: 1)

                let recorder = StopRecorder()
                func play(timeOffset: CFTimeInterval, speed: Float) {
                    let animation = CAKeyframeAnimation()
                    animation.keyPath = "position"
                    animation.timeOffset = timeOffset
                    animation.speed = speed
                    animation.duration = 1.0
                    animation.path = bezierPath
                    animation.rotationMode = .rotateAuto
                    animation.isRemovedOnCompletion = false
                    animation.delegate = recorder  // to time it; the listing has none
                    shipLayer.add(animation, forKey: "slide")
                }
                func ship() -> CGPoint? { shipLayer.presentation()?.position }
                let middle = CGPoint(x: 150, y: 150)

                // speed 1, offset 0: the plain 1 s animation.
                play(timeOffset: 0, speed: 1)
                CAMediaClock.advance(by: 0.5)
                #expect(isClose(ship() ?? .zero, middle, 1e-6))
                let turned = try #require(shipLayer.presentation()?.transform)
                #expect(Self.matches(turned, CATransform3DMakeRotation(atan2(225, 337.5), 0, 0, 1), 1e-6))
                CAMediaClock.advance(by: 0.5)
                #expect(recorder.stops.map(\.time) == [1002])
                // Not removed, no fill: at the closing instant the end still shows (ruling E27),
                // then the model.
                #expect(ship() == CGPoint(x: 300, y: 150))
                #expect(shipLayer.animationKeys() == ["slide"])

                // speed 2: over in 0.5 s.
                play(timeOffset: 0, speed: 2)
                CAMediaClock.advance(by: 0.25)
                #expect(isClose(ship() ?? .zero, middle, 1e-6))
                CAMediaClock.advance(by: 0.25)
                #expect(recorder.stops.map(\.time) == [1002, 1002.5])
                #expect(ship() == CGPoint(x: 300, y: 150))  // the closing instant (ruling E27)

                // offset 0.5: starts half way, runs to the end, loops, and stops half way, after 1 s.
                play(timeOffset: 0.5, speed: 1)
                CAMediaClock.advance(by: 0)
                #expect(isClose(ship() ?? .zero, middle, 1e-6))
                CAMediaClock.advance(by: 0.25)
                let late = ship()
                #expect(Self.isOnCurve(late) && (late?.x ?? 0) > 150)
                CAMediaClock.advance(by: 0.5)  // 0.75 s: a quarter into the second pass
                let looped = ship()
                #expect(Self.isOnCurve(looped) && (looped?.x ?? 300) < 150 && (looped?.x ?? 0) > 0)
                #expect(isClose(looped ?? .zero, CGPoint(x: 300 - late!.x, y: 300 - late!.y), 1e-6))
                CAMediaClock.advance(by: 0.125)
                #expect(recorder.stops.count == 2)  // still playing
                CAMediaClock.advance(by: 0.125)
                #expect(recorder.stops.map(\.time) == [1002, 1002.5, 1003.5])

                // speed 2 and offset 0.5: the same full loop in 0.5 s.
                play(timeOffset: 0.5, speed: 2)
                CAMediaClock.advance(by: 0)
                #expect(isClose(ship() ?? .zero, middle, 1e-6))
                CAMediaClock.advance(by: 0.125)
                #expect(isClose(ship() ?? .zero, late ?? .zero, 1e-6))
                CAMediaClock.advance(by: 0.25)
                #expect(isClose(ship() ?? .zero, looped ?? .zero, 1e-6))
                CAMediaClock.advance(by: 0.125)
                #expect(recorder.stops.map(\.time) == [1002, 1002.5, 1003.5, 1004])
                #expect(recorder.stops.allSatisfy { $0.finished })
            }
        }

        /// Fill modes: "the animation state is filled either backward or forward, [which] allows the
        /// animation to remain the starting and ending values before or after the animation";
        /// `kCAFillModeRemoved` shows the model value, and filling after the end needs
        /// `removedOnCompletion = NO` and a key to remove the animation by later.
        @Test func chapter9_fillModesHoldTheStartAndEndValues() {
            withManualClock {
                let root = makeLayer("root", frame: CGRect(x: 0, y: 0, width: 400, height: 400))
                let modes: [CAMediaTimingFillMode] = [.removed, .forwards, .backwards, .both]
                let layers = modes.map { mode in
                    let layer = makeLayer(mode.rawValue, frame: CGRect(x: 0, y: 0, width: 100, height: 100))
                    root.addSublayer(layer)
                    return layer
                }
                CATransaction.flush()
                for (layer, mode) in zip(layers, modes) {
                    let animation = CABasicAnimation(keyPath: "position.x")
                    animation.fromValue = 200
                    animation.toValue = 300
                    animation.duration = 1
                    animation.beginTime = layer.convertTime(CACurrentMediaTime(), from: nil) + 1
                    animation.fillMode = mode
                    animation.isRemovedOnCompletion = false
                    layer.add(animation, forKey: "slide")
                }
                func presentedX() -> [CGFloat] { layers.map { $0.presentation()?.position.x ?? -1 } }

                CAMediaClock.advance(by: 0.5)  // before the begin time
                #expect(presentedX() == [50, 50, 200, 200])
                CAMediaClock.advance(by: 1)  // half way through
                #expect(presentedX() == [250, 250, 250, 250])
                CAMediaClock.advance(by: 1)  // after the end
                #expect(presentedX() == [50, 300, 50, 300])
                #expect(layers.allSatisfy { $0.animationKeys() == ["slide"] })
                for layer in layers { layer.removeAnimation(forKey: "slide") }
                CAMediaClock.advance(by: 0)
                #expect(presentedX() == [50, 50, 50, 50])
            }
        }

        /// Pause, rewind and fast-forward: a layer's `speed` of 0 "suspends any animation added to
        /// the layer", above 1 fast-forwards it and a negative speed plays it backwards; the whole
        /// app speeds up with `self.window.layer.speed = 100`. Local times convert with
        /// `convertTime(_:from:)`.
        @Test func chapter9_layerSpeedPausesRewindsAndFastForwards() {
            withManualClock {
                let (root, layer) = makeCommittedScene()
                let animation = CABasicAnimation(keyPath: "position.x")
                animation.fromValue = 0
                animation.toValue = 100
                animation.duration = 1
                layer.add(animation, forKey: "slide")
                CAMediaClock.advance(by: 0.25)
                #expect(layer.presentation()?.position.x == 25)

                /// Changes the layer's speed keeping its local time continuous: from now, local
                /// time runs at `speed` from where it is.
                func setSpeed(_ speed: Float) {
                    let parentNow = root.convertTime(CACurrentMediaTime(), from: nil)
                    let localNow = layer.convertTime(CACurrentMediaTime(), from: nil)
                    layer.beginTime = parentNow
                    layer.timeOffset = localNow
                    layer.speed = speed
                }

                setSpeed(0)  // pause
                CAMediaClock.advance(by: 2)
                #expect(layer.presentation()?.position.x == 25)
                #expect(layer.convertTime(CACurrentMediaTime(), from: nil) == 1000.25)
                setSpeed(2)  // fast-forward
                CAMediaClock.advance(by: 0.125)
                #expect(layer.presentation()?.position.x == 50)
                setSpeed(-1)  // rewind
                CAMediaClock.advance(by: 0.25)
                #expect(layer.presentation()?.position.x == 25)
                #expect(layer.convertTime(CACurrentMediaTime(), from: nil) == 1000.25)
                #expect(layer.animationKeys() == ["slide"])

                // The whole window at speed 100: a 1 s animation is over in 0.01 s.
                let window = makeLayer("window", frame: CGRect(x: 0, y: 0, width: 400, height: 400))
                let view = makeLayer("view", frame: CGRect(x: 0, y: 0, width: 100, height: 100))
                window.addSublayer(view)
                window.speed = 100
                CATransaction.flush()
                view.add(animation, forKey: "slide")
                CAMediaClock.advance(by: 1.0 / 256)
                #expect(isClose(view.presentation()?.position.x ?? -1, 39.0625, 1e-6))
                #expect(isClose(view.convertTime(1, from: nil) - view.convertTime(0, from: nil), 100))
                CAMediaClock.advance(by: 1.0 / 128)  // 3/256 s: past the end
                #expect(view.animationKeys() == nil)
                #expect(view.presentation()?.position.x == 50)
            }
        }

        /// Listing 9.4: with the door layer's speed at 0 the swing "won't play because layer is
        /// paused"; a pan moves the layer's `timeOffset`, clamped to 0…0.999, and the door shows
        /// that moment of the 1 s swing.
        @Test func listing9_4_manualDoorScrubbedByTimeOffset() throws {
            try withManualClock {
                let container = makeLayer("containerView", frame: CGRect(x: 0, y: 0, width: 300, height: 300))
                CATransaction.flush()
                CAMediaClock.advance(by: 1)
                // viewDidLoad
                let doorLayer = Self.makeDoor(in: container)
                doorLayer.speed = 0.0
                let animation = CABasicAnimation()
                animation.keyPath = "transform.rotation.y"
                animation.toValue = -CGFloat.pi / 2
                animation.duration = 1.0
                doorLayer.add(animation, forKey: nil)

                func pan(translationX: CGFloat) {
                    var x = translationX
                    x /= 200.0
                    var timeOffset = doorLayer.timeOffset
                    timeOffset = min(0.999, max(0.0, timeOffset - x))
                    doorLayer.timeOffset = timeOffset
                }
                func door() -> CATransform3D? { doorLayer.presentation()?.transform }
                func swing(_ angle: CGFloat) -> CATransform3D { CATransform3DMakeRotation(angle, 0, 1, 0) }

                CAMediaClock.advance(by: 5)
                #expect(door() == CATransform3DIdentity)  // paused: nothing plays
                pan(translationX: -100)  // dragging left opens the door half way
                #expect(doorLayer.timeOffset == 0.5)
                CAMediaClock.advance(by: 0.25)
                #expect(Self.matches(door(), swing(-.pi / 4)))
                CAMediaClock.advance(by: 10)  // and it stays there
                #expect(Self.matches(door(), swing(-.pi / 4)))
                pan(translationX: 50)
                CAMediaClock.advance(by: 0)
                #expect(Self.matches(door(), swing(-.pi / 8)))
                pan(translationX: -1000)  // clamped just short of the end, so it is never removed
                CAMediaClock.advance(by: 0)
                #expect(doorLayer.timeOffset == 0.999)
                #expect(Self.matches(door(), swing(-0.999 * .pi / 2)))
                pan(translationX: 1000)
                CAMediaClock.advance(by: 0)
                #expect(doorLayer.timeOffset == 0)
                #expect(door() == CATransform3DIdentity)
                pan(translationX: -100)  // the swing is still there to scrub
                CAMediaClock.advance(by: 0)
                #expect(Self.matches(door(), swing(-.pi / 4)))
            }
        }
    }
}
