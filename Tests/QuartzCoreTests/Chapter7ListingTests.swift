import QuartzCore
import Testing

extension ManualClockTests {
    /// The listings of chapter 7, "Implicit Animations", of Nick Lockwood's "iOS Core Animation:
    /// Advanced Techniques", each run against Lamina on the manual clock: transactions, completion blocks, layer actions, presentation vs
    /// model and hit testing the presentation layer.
    @Suite struct Chapter7ListingTests {
        /// A UIView's answer to `actionForLayer:forKey:` for its backing layer outside an
        /// animation block: `NSNull`, "no action" (listing 7.5 logs `Outside: <null>`).
        final class ViewDelegate: CALayerDelegate {
            func action(for layer: CALayer, forKey event: String) -> (any CAAction)? { NSNull() }
        }

        /// `[UIColor blueColor]`.
        static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        /// `[UIColor redColor]`.
        static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        /// The colour a button tap picks "at random": fixed, so the numbers are exact.
        static let tapColour = CGColor(red: 0.25, green: 0.5, blue: 0.75, alpha: 1)
        /// A second tap's colour.
        static let secondTapColour = CGColor(red: 0.75, green: 0.25, blue: 0.5, alpha: 1)
        /// The `.default` timing curve at half time (ruling E22).
        static let defaultCurveAtHalf: CGFloat = 0.802403
        /// The `.default` timing curve at a twelfth of the time (0.25 s of 3 s).
        static let defaultCurveAtTwelfth: CGFloat = 0.070806
        /// Tolerance for values read through a timing curve, given to six decimals.
        static let curveTolerance: CGFloat = 1e-5

        /// The components of `color`, or an empty list.
        static func rgba(_ color: CGColor?) -> [CGFloat] {
            color?.components ?? []
        }

        /// Whether `color` is `from` + (`to` − `from`) × `fraction`, component by component.
        static func isColour(
            _ color: CGColor?, between from: CGColor, and to: CGColor, at fraction: CGFloat,
            _ tolerance: CGFloat = curveTolerance
        ) -> Bool {
            let a = rgba(from)
            let b = rgba(to)
            let c = rgba(color)
            guard a.count == 4, b.count == 4, c.count == 4 else { return false }
            return (0..<4).allSatisfy { isClose(c[$0], a[$0] + (b[$0] - a[$0]) * fraction, tolerance) }
        }

        /// The view controller's scene of listings 7.1–7.3 and 7.6: a view's backing layer (with
        /// its view as delegate) hosting a blue 100×100 `colorLayer` at (50, 50), committed as
        /// `viewDidLoad` ends.
        static func makeColorLayerScene(viewDelegate: ViewDelegate) -> (view: CALayer, colorLayer: CALayer) {
            let view = makeLayer("layerView", frame: CGRect(x: 0, y: 0, width: 320, height: 480))
            view.delegate = viewDelegate
            let colorLayer = CALayer()
            colorLayer.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
            colorLayer.backgroundColor = blue
            view.addSublayer(colorLayer)
            CATransaction.flush()
            return (view, colorLayer)
        }

        /// Listing 7.1: "Tap the button and you will see that the color changes smoothly instead
        /// of jumping to its new value" — over the default transaction's 0.25 s.
        @Test func listing7_1_colourChangeFadesOverAQuarterSecond() throws {
            try withManualClock {
                let viewDelegate = ViewDelegate()
                let scene = Self.makeColorLayerScene(viewDelegate: viewDelegate)
                defer { withExtendedLifetime(scene) {} }  // the view hierarchy lives on
                let colorLayer = scene.colorLayer
                #expect(colorLayer.animationKeys() == nil)  // set before the first commit: no fade
                CAMediaClock.advance(by: 1)

                // tapButton
                colorLayer.backgroundColor = Self.tapColour

                #expect(colorLayer.backgroundColor == Self.tapColour)  // the model changes at once
                let fade = try #require(colorLayer.animation(forKey: "backgroundColor") as? CABasicAnimation)
                #expect(fade.duration == 0.25)
                #expect(fade.timingFunction == CAMediaTimingFunction(name: .default))
                CAMediaClock.advance(by: 0)
                #expect(
                    Self.isColour(
                        colorLayer.presentation()?.backgroundColor, between: Self.blue, and: Self.tapColour,
                        at: 0))
                CAMediaClock.advance(by: 0.125)
                let middle = colorLayer.presentation()?.backgroundColor
                #expect(
                    Self.isColour(
                        middle, between: Self.blue, and: Self.tapColour, at: Self.defaultCurveAtHalf))
                CAMediaClock.advance(by: 0.125)
                #expect(Self.rgba(colorLayer.presentation()?.backgroundColor) == [0.25, 0.5, 0.75, 1])
                #expect(colorLayer.animationKeys() == nil)
            }
        }

        /// Listing 7.2: in a transaction with `setAnimationDuration:3.0`, "the color fade happens
        /// much more slowly than before".
        @Test func listing7_2_transactionDurationSlowsTheFade() throws {
            try withManualClock {
                let viewDelegate = ViewDelegate()
                let scene = Self.makeColorLayerScene(viewDelegate: viewDelegate)
                defer { withExtendedLifetime(scene) {} }  // the view hierarchy lives on
                let colorLayer = scene.colorLayer
                CAMediaClock.advance(by: 1)

                // tapButton
                CATransaction.begin()
                CATransaction.setAnimationDuration(3.0)
                colorLayer.backgroundColor = Self.tapColour
                CATransaction.commit()

                #expect(CATransaction.animationDuration() == 0.25)  // the pushed setting is gone
                let fade = try #require(colorLayer.animation(forKey: "backgroundColor"))
                #expect(fade.duration == 3)
                CAMediaClock.advance(by: 0.25)  // listing 7.1's fade would be over by now
                let early = colorLayer.presentation()?.backgroundColor  // still almost the starting blue
                #expect(
                    Self.isColour(
                        early, between: Self.blue, and: Self.tapColour, at: Self.defaultCurveAtTwelfth))
                #expect(colorLayer.animationKeys() == ["backgroundColor"])
                CAMediaClock.advance(by: 1.25)  // half of 3 s
                let middle = colorLayer.presentation()?.backgroundColor
                #expect(
                    Self.isColour(
                        middle, between: Self.blue, and: Self.tapColour, at: Self.defaultCurveAtHalf))
                CAMediaClock.advance(by: 1.5)
                #expect(Self.rgba(colorLayer.presentation()?.backgroundColor) == [0.25, 0.5, 0.75, 1])
                #expect(colorLayer.animationKeys() == nil)
            }
        }

        /// Listing 7.3: the completion block runs once the 1 s colour fade has completed, and the
        /// 90° rotation it starts "is much faster than our color fade animation … using the default
        /// transaction, with the default animation duration of 0.25 seconds".
        @Test func listing7_3_completionBlockThenRotation() throws {
            try withManualClock {
                let viewDelegate = ViewDelegate()
                let scene = Self.makeColorLayerScene(viewDelegate: viewDelegate)
                defer { withExtendedLifetime(scene) {} }  // the view hierarchy lives on
                let colorLayer = scene.colorLayer
                CAMediaClock.advance(by: 1)
                var completedAt: [CFTimeInterval] = []

                // tapButton
                CATransaction.begin()
                CATransaction.setAnimationDuration(1.0)
                CATransaction.setCompletionBlock {
                    completedAt.append(CACurrentMediaTime())
                    var transform = colorLayer.affineTransform()
                    transform = transform.rotated(by: .pi / 2)
                    colorLayer.setAffineTransform(transform)
                }
                colorLayer.backgroundColor = Self.tapColour
                CATransaction.commit()

                #expect(colorLayer.animation(forKey: "backgroundColor")?.duration == 1)
                CAMediaClock.advance(by: 0.5)
                #expect(completedAt.isEmpty)
                let middle = colorLayer.presentation()?.backgroundColor
                #expect(
                    Self.isColour(
                        middle, between: Self.blue, and: Self.tapColour, at: Self.defaultCurveAtHalf))
                #expect(colorLayer.animation(forKey: "transform") == nil)
                CAMediaClock.advance(by: 0.375)
                #expect(completedAt.isEmpty)
                CAMediaClock.advance(by: 0.125)  // 1002: the fade has completed
                #expect(completedAt == [1002])
                #expect(Self.rgba(colorLayer.presentation()?.backgroundColor) == [0.25, 0.5, 0.75, 1])
                let spin = try #require(colorLayer.animation(forKey: "transform"))
                #expect(spin.duration == 0.25)
                let target = try #require(colorLayer.value(forKeyPath: "transform.rotation.z") as? CGFloat)
                #expect(isClose(target, .pi / 2))

                CAMediaClock.advance(by: 0.125)  // half of the 0.25 s rotation
                let angle = try #require(
                    colorLayer.presentation()?.value(forKeyPath: "transform.rotation.z") as? CGFloat)
                #expect(isClose(angle, Self.defaultCurveAtHalf * .pi / 2, 1e-4))
                CAMediaClock.advance(by: 0.125)
                let done = try #require(colorLayer.presentation()?.affineTransform())
                let quarterTurn = CGAffineTransform(rotationAngle: .pi / 2)
                #expect(isClose(done.a, quarterTurn.a) && isClose(done.b, quarterTurn.b))
                #expect(isClose(done.c, quarterTurn.c) && isClose(done.d, quarterTurn.d))
                #expect(colorLayer.animationKeys() == nil)
                #expect(completedAt == [1002])
            }
        }

        /// Listing 7.4: setting the backing layer's colour directly, "the color snaps to its new
        /// value immediately … The implicit animation seems to have been disabled for the UIView
        /// backing layer."
        @Test func listing7_4_backingLayerSnapsToTheNewColour() {
            withManualClock {
                let viewDelegate = ViewDelegate()
                let layerView = makeLayer("layerView", frame: CGRect(x: 0, y: 0, width: 320, height: 480))
                layerView.delegate = viewDelegate
                let hosted = CALayer()  // a hosted layer alongside, for contrast
                layerView.addSublayer(hosted)
                // viewDidLoad
                layerView.backgroundColor = Self.blue
                CATransaction.flush()
                CAMediaClock.advance(by: 1)

                // changeColor
                CATransaction.begin()
                CATransaction.setAnimationDuration(1.0)
                layerView.backgroundColor = Self.tapColour
                hosted.backgroundColor = Self.tapColour
                CATransaction.commit()

                #expect(layerView.animationKeys() == nil)
                #expect(layerView.action(forKey: "backgroundColor") == nil)
                #expect(hosted.animationKeys() == ["backgroundColor"])  // a hosted layer still fades
                CAMediaClock.advance(by: 0)
                #expect(Self.rgba(layerView.presentation()?.backgroundColor) == [0.25, 0.5, 0.75, 1])
                CAMediaClock.advance(by: 0.5)
                #expect(Self.rgba(layerView.presentation()?.backgroundColor) == [0.25, 0.5, 0.75, 1])
            }
        }

        /// Listing 7.5: the view's action for its backing layer is `<null>` outside an animation
        /// block and a `CABasicAnimation` inside one.
        @Test func listing7_5_actionIsNullOutsideAndBasicAnimationInsideABlock() throws {
            try withManualClock {
                let viewDelegate = ViewDelegate()
                let layerView = makeLayer("layerView", frame: CGRect(x: 0, y: 0, width: 320, height: 480))
                layerView.delegate = viewDelegate
                CATransaction.flush()

                // Outside: <null> — NSNull ends the search with no action.
                #expect(layerView.action(forKey: "backgroundColor") == nil)
                var inside: (any CAAction)?
                CALayer.animate(withDuration: 0.2) {
                    inside = layerView.action(forKey: "backgroundColor")
                    layerView.backgroundColor = Self.red
                }
                // Inside: <CABasicAnimation: …>
                let animation = try #require(inside as? CABasicAnimation)
                #expect(animation.keyPath == "backgroundColor")
                #expect(layerView.animationKeys() == ["backgroundColor"])
                #expect(layerView.animation(forKey: "backgroundColor")?.duration == 0.2)
                #expect(layerView.action(forKey: "backgroundColor") == nil)  // outside again
            }
        }

        /// Listing 7.6: with a push transition in the `actions` dictionary, "whenever we change our
        /// layer color, the new value slides in from the left instead of using the default
        /// crossfade effect".
        @Test func listing7_6_pushTransitionAction() throws {
            try withManualClock {
                let viewDelegate = ViewDelegate()
                let scene = Self.makeColorLayerScene(viewDelegate: viewDelegate)
                defer { withExtendedLifetime(scene) {} }  // the view hierarchy lives on
                let colorLayer = scene.colorLayer
                let transition = CATransition()
                transition.type = .push
                transition.subtype = .fromLeft
                colorLayer.actions = ["backgroundColor": transition]
                CAMediaClock.advance(by: 1)

                // tapButton
                colorLayer.backgroundColor = Self.tapColour

                #expect(colorLayer.animationKeys() == ["transition"])  // no crossfade animation
                let push = try #require(colorLayer.animation(forKey: kCATransition) as? CATransition)
                #expect(push !== transition)
                #expect(push.type == .push && push.subtype == .fromLeft)
                #expect(push.duration == 0.25)
                #expect(colorLayer.action(forKey: "backgroundColor") === transition)
                CAMediaClock.advance(by: 0.125)
                // The property is not interpolated: the transition slides the new rendering in.
                #expect(Self.rgba(colorLayer.presentation()?.backgroundColor) == [0.25, 0.5, 0.75, 1])
                #expect(colorLayer.animationKeys() == ["transition"])
                CAMediaClock.advance(by: 0.125)
                #expect(colorLayer.animationKeys() == nil)
                #expect(transition.beginTime == 0 && transition.duration == 0)  // the action is reusable

                colorLayer.backgroundColor = Self.secondTapColour  // the next tap pushes again
                #expect(colorLayer.animationKeys() == ["transition"])
            }
        }

        /// Listing 7.7: "tapping anywhere onscreen animates the layer to the position you've
        /// touched. Tapping on the layer itself sets its color" — decided by `-hitTest:` on the
        /// presentation layer, which sees the layer where it is while it moves; the model layer
        /// only registers taps where the layer is going.
        @Test func listing7_7_presentationHitTestWhileMoving() throws {
            try withManualClock {
                let view = makeLayer("view", frame: CGRect(x: 0, y: 0, width: 400, height: 400))
                // viewDidLoad
                let colorLayer = CALayer()
                colorLayer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
                colorLayer.position = CGPoint(x: view.bounds.size.width / 2, y: view.bounds.size.height / 2)
                colorLayer.backgroundColor = Self.red
                view.addSublayer(colorLayer)
                CATransaction.flush()
                CAMediaClock.advance(by: 1)

                var colours = [Self.tapColour, Self.secondTapColour]
                func touchesBegan(at point: CGPoint) {
                    if colorLayer.presentation()?.hitTest(point) != nil {
                        colorLayer.backgroundColor = colours.removeFirst()
                    } else {
                        CATransaction.begin()
                        CATransaction.setAnimationDuration(4.0)
                        colorLayer.position = point
                        CATransaction.commit()
                    }
                }

                touchesBegan(at: CGPoint(x: 300, y: 300))  // off the layer: it sets off, slowly
                #expect(colorLayer.position == CGPoint(x: 300, y: 300))
                #expect(colorLayer.backgroundColor == Self.red)
                #expect(colorLayer.animation(forKey: "position")?.duration == 4)
                CAMediaClock.advance(by: 2)
                // Half way in time, the default curve has it at 200 + 100 × 0.802403 on each axis.
                let presented = try #require(colorLayer.presentation())
                let seen = 200 + 100 * Self.defaultCurveAtHalf
                #expect(isClose(presented.position, CGPoint(x: seen, y: seen), 1e-3))

                // Where the layer appears (its model frame is 250…350 on each axis):
                let onScreen = CGPoint(x: 240, y: 240)
                #expect(presented.hitTest(onScreen)?.model() === colorLayer)
                #expect(colorLayer.hitTest(onScreen) == nil)  // the model layer misses it
                touchesBegan(at: onScreen)
                #expect(colorLayer.backgroundColor == Self.tapColour)
                #expect(colorLayer.position == CGPoint(x: 300, y: 300))  // still on its way

                // Where the layer is going but not yet is (presented frame ends at 330.24):
                let ahead = CGPoint(x: 340, y: 340)
                #expect(colorLayer.hitTest(ahead) === colorLayer)
                #expect(colorLayer.presentation()?.hitTest(ahead) == nil)
                touchesBegan(at: ahead)
                #expect(colorLayer.backgroundColor == Self.tapColour)  // no colour change
                #expect(colorLayer.position == ahead)  // it moves on instead
                CAMediaClock.advance(by: 0)
                let resumed = try #require(colorLayer.presentation()?.position)
                #expect(isClose(resumed, CGPoint(x: seen, y: seen), 1e-3))  // from where it was seen
                CAMediaClock.advance(by: 4)
                #expect(colorLayer.presentation()?.position == ahead)
            }
        }
    }
}
