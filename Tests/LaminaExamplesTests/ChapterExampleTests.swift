import QuartzCore
import Testing

@testable import LaminaExamples

extension ExampleClockTests {
    /// Each example run through its script with `ExampleRun`, checked at chosen times against
    /// what the listing does (the reasoning behind each number is in
    /// `Tests/QuartzCoreTests/Chapter*ListingTests.swift`).
    @Suite struct ChapterExampleTests {
        /// The `.default` timing curve at half time (ruling E22).
        static let defaultCurveAtHalf: CGFloat = 0.802403
        /// Tolerance for values read through a timing curve given to six decimals.
        static let curveTolerance: CGFloat = 1e-5

        /// `a + (b − a) × t`, component by component.
        static func mix(_ a: CGColor, _ b: CGColor, _ t: CGFloat) -> [CGFloat] {
            zip(rgba(a), rgba(b)).map { $0 + ($1 - $0) * t }
        }

        /// Whether `color` has the components `expected` within `tolerance`.
        static func isColour(_ color: CGColor?, _ expected: [CGFloat], _ tolerance: CGFloat = curveTolerance)
            -> Bool
        {
            let c = rgba(color)
            return c.count == expected.count && zip(c, expected).allSatisfy { abs($0 - $1) <= tolerance }
        }

        /// The first `count` random colours a scene seeded with `seed` picks.
        static func colours(seed: UInt64, _ count: Int) -> [CGColor] {
            var generator = RandomColours(seed: seed)
            return (0..<count).map { _ in generator.next() }
        }

        @Test func colourFadeListings7_1to7_3() throws {
            try withManualClock {
                let run = try makeRun("7.1")
                let scene = try #require(run.scene as? Listing7_1)
                let picked = Self.colours(seed: 7, 2)
                run.advance(to: 0.625)  // half of the 0.25 s fade after the tap at 0.5 s
                let middle = scene.colorLayer.presentation()?.backgroundColor
                #expect(Self.isColour(middle, Self.mix(blueColor, picked[0], Self.defaultCurveAtHalf)))
                run.advance(to: 1.5)  // the second tap
                #expect(scene.colorLayer.backgroundColor == picked[1])
                #expect(scene.colorLayer.animation(forKey: "backgroundColor")?.duration == 0.25)
            }
            try withManualClock {
                let run = try makeRun("7.2")
                let scene = try #require(run.scene as? Listing7_2)
                let picked = Self.colours(seed: 7, 1)
                run.advance(to: 2)  // half of the 3 s fade
                let middle = scene.colorLayer.presentation()?.backgroundColor
                #expect(Self.isColour(middle, Self.mix(blueColor, picked[0], Self.defaultCurveAtHalf)))
                run.advance(to: 3.5)
                #expect(
                    Self.isColour(scene.colorLayer.presentation()?.backgroundColor, rgba(picked[0]), 1e-12))
            }
            try withManualClock {
                let run = try makeRun("7.3")
                let scene = try #require(run.scene as? Listing7_3)
                run.advance(to: 1.4)  // the 1 s fade is still running: no turn yet
                #expect(scene.colorLayer.animation(forKey: "transform") == nil)
                run.advance(to: 1.625)  // the completion block turned it at 1.5 s; half of 0.25 s
                let angle =
                    scene.colorLayer.presentation()?.value(forKeyPath: "transform.rotation.z") as? CGFloat
                #expect(isClose(angle ?? 0, Self.defaultCurveAtHalf * .pi / 2, 1e-4))
                run.advance(to: run.example.duration)  // two taps: two quarter turns
                let final = scene.colorLayer.value(forKeyPath: "transform.rotation.z") as? CGFloat
                #expect(isClose(final ?? 0, .pi, 1e-9))
            }
        }

        @Test func backingLayerAndActionsListings7_4to7_6() throws {
            try withManualClock {
                let run = try makeRun("7.4")
                let scene = try #require(run.scene as? Listing7_4)
                run.advance(to: 0.5)
                #expect(scene.layerView.layer.animationKeys() == nil)  // snaps: no animation
                #expect(scene.layerView.layer.presentation()?.backgroundColor == Self.colours(seed: 74, 1)[0])
            }
            try withManualClock {
                let run = try makeRun("7.5")
                #expect(run.scene.log == ["Outside: <null>", "Inside: <CABasicAnimation: backgroundColor>"])
            }
            try withManualClock {
                let run = try makeRun("7.6")
                let scene = try #require(run.scene as? Listing7_6)
                run.advance(to: 0.6)
                #expect(scene.colorLayer.animationKeys() == ["transition"])
                let push = scene.colorLayer.animation(forKey: kCATransition) as? CATransition
                #expect(push?.type == .push && push?.subtype == .fromLeft)
                run.advance(to: 1)
                #expect(scene.colorLayer.animationKeys() == nil)
            }
        }

        /// Listing 7.7: the second tap hits the moving layer where it is seen and recolours it;
        /// the fourth does the same on the way back.
        @Test func presentationHitTestListing7_7() throws {
            try withManualClock {
                let run = try makeRun("7.7")
                let scene = try #require(run.scene as? Listing7_7)
                let picked = Self.colours(seed: 77, 2)
                run.advance(to: 2.49)
                #expect(scene.colorLayer.backgroundColor == redColor)
                run.advance(to: 2.5)  // half way to (240, 400): seen at about (224, 368)
                let seen = try #require(scene.colorLayer.presentation()?.position)
                #expect(isClose(seen, CGPoint(x: 160 + 80 * 0.802403, y: 240 + 160 * 0.802403), 1e-3))
                #expect(scene.colorLayer.hitTest(CGPoint(x: 185, y: 335)) == nil)  // the model misses it
                #expect(scene.colorLayer.backgroundColor == picked[0])
                #expect(scene.colorLayer.position == CGPoint(x: 240, y: 400))  // still on its way
                run.advance(to: 6.99)
                #expect(scene.colorLayer.hitTest(CGPoint(x: 155, y: 190)) == nil)
                #expect(scene.colorLayer.backgroundColor == picked[0])
                run.advance(to: 7)
                #expect(scene.colorLayer.backgroundColor == picked[1])
                #expect(scene.colorLayer.position == CGPoint(x: 90, y: 110))
                run.advance(to: run.example.duration)
                #expect(scene.colorLayer.presentation()?.position == CGPoint(x: 90, y: 110))
            }
        }

        @Test func explicitColourListings8_1to8_3and8_5() throws {
            try withManualClock {
                let run = try makeRun("8.1")
                let scene = try #require(run.scene as? Listing8_1)
                let picked = Self.colours(seed: 7, 1)
                run.advance(to: 0.625)  // half way, linearly
                let middle = scene.colorLayer.presentation()?.backgroundColor
                #expect(Self.isColour(middle, Self.mix(blueColor, picked[0], 0.5), 1e-9))
                run.advance(to: 0.8)  // over: back to blue, the model
                #expect(Self.isColour(scene.colorLayer.presentation()?.backgroundColor, [0, 0, 1, 1], 1e-12))
            }
            try withManualClock {
                let run = try makeRun("8.2")
                let scene = try #require(run.scene as? Listing8_2)
                let picked = Self.colours(seed: 7, 3)
                run.advance(to: 0.625)  // the second tap, mid-flight: from the colour seen
                let seen = Self.mix(blueColor, picked[0], 0.5)
                let seenColour = CGColor(red: seen[0], green: seen[1], blue: seen[2], alpha: seen[3])
                run.advance(to: 0.75)
                let middle = scene.colorLayer.presentation()?.backgroundColor
                #expect(Self.isColour(middle, Self.mix(seenColour, picked[1], 0.5), 1e-9))
                run.advance(to: 1.2)
                #expect(scene.colorLayer.backgroundColor == picked[1])  // kept: the model was updated
                #expect(
                    Self.isColour(scene.colorLayer.presentation()?.backgroundColor, rgba(picked[1]), 1e-12))
                run.advance(to: 2)
                #expect(scene.colorLayer.backgroundColor == picked[2])
            }
            try withManualClock {
                let run = try makeRun("8.3")
                let scene = try #require(run.scene as? Listing8_3)
                let picked = Self.colours(seed: 7, 1)
                run.advance(to: 0.7)
                #expect(scene.colorLayer.backgroundColor == blueColor)
                run.advance(to: 0.75)  // the delegate set the model when it stopped
                #expect(Self.isColour(scene.colorLayer.backgroundColor, rgba(picked[0]), 1e-12))
                #expect(scene.colorLayer.animationKeys() == nil)
            }
            try withManualClock {
                let run = try makeRun("8.5")
                let scene = try #require(run.scene as? Listing8_5)
                run.advance(to: 1.5)  // 1 s in: half way from red to green
                #expect(
                    Self.isColour(scene.colorLayer.presentation()?.backgroundColor, [0.5, 0.5, 0, 1], 1e-9))
                run.advance(to: 2.75)
                #expect(Self.isColour(scene.colorLayer.presentation()?.backgroundColor, [0, 0, 1, 1], 1e-12))
            }
        }

        /// Listing 8.4: the hands tick from 10:08:30 to 10:08:35, each set by its own tagged
        /// animation's delegate call.
        @Test func clockListing8_4() throws {
            try withManualClock {
                let run = try makeRun("8.4")
                let scene = try #require(run.scene as? Listing8_4)
                func turn(_ angle: CGFloat) -> CATransform3D { CATransform3DMakeRotation(angle, 0, 0, 1) }
                #expect(matches(scene.secondHand.layer.transform, turn(.pi), 1e-12))
                run.advance(to: 1.25)  // half way from 30 s to 31 s
                #expect(matches(scene.secondHand.layer.presentation()?.transform, turn(.pi + .pi / 60), 1e-9))
                #expect(matches(scene.secondHand.layer.transform, turn(.pi), 1e-12))  // the model waits
                run.advance(to: 1.5)
                #expect(matches(scene.secondHand.layer.transform, turn(31.0 / 60.0 * .pi * 2.0), 1e-12))
                run.advance(to: run.example.duration)
                #expect(matches(scene.secondHand.layer.transform, turn(35.0 / 60.0 * .pi * 2.0), 1e-12))
                #expect(matches(scene.minuteHand.layer.transform, turn(8.0 / 60.0 * .pi * 2.0), 1e-12))
                #expect(matches(scene.hourHand.layer.transform, turn(10.0 / 12.0 * .pi * 2.0), 1e-12))
                #expect(scene.secondHand.layer.anchorPoint == CGPoint(x: 0.5, y: 0.9))
                #expect(scene.secondHand.layer.position == CGPoint(x: 160, y: 200))
            }
        }

        @Test func pathsAndRotationsListings8_6to8_10() throws {
            for (name, rotates) in [("8.6", false), ("8.7", true)] {
                try withManualClock {
                    let run = try makeRun(name)
                    let ship = try #require(layer(named: "containerView", in: run.scene)?.sublayers?.last)
                    run.advance(to: 2)  // half way: the curve's centre
                    let presented = try #require(ship.presentation())
                    #expect(isClose(presented.position, CGPoint(x: 150, y: 150)))
                    let expected =
                        rotates
                        ? CATransform3DMakeRotation(atan2(225, 337.5), 0, 0, 1) : CATransform3DIdentity
                    #expect(matches(presented.transform, expected))
                    run.advance(to: 4)
                    #expect(ship.presentation()?.position == CGPoint(x: 0, y: 150))
                }
            }
            try withManualClock {
                let run = try makeRun("8.8")
                let scene = try #require(run.scene as? Listing8_8)
                run.advance(to: 1)  // a quarter turn
                let t = try #require(scene.shipLayer.presentation()?.transform)
                #expect(isClose(abs(t.m12), 1) && isClose(t.m11, 0))
            }
            try withManualClock {
                let run = try makeRun("8.9")
                let scene = try #require(run.scene as? Listing8_9)
                run.advance(to: 1.5)  // three quarters of a full turn
                #expect(
                    matches(
                        scene.shipLayer.presentation()?.transform,
                        CATransform3DMakeRotation(1.5 * .pi, 0, 0, 1)))
            }
            try withManualClock {
                let run = try makeRun("8.10")
                let mover = try #require(layer(named: "containerView", in: run.scene)?.sublayers?.last)
                run.advance(to: 2)
                let presented = try #require(mover.presentation())
                #expect(isClose(presented.position, CGPoint(x: 150, y: 150)))
                #expect(Self.isColour(presented.backgroundColor, [0.5, 0.5, 0, 1], 1e-9))
            }
        }

        @Test func transitionsListings8_11to8_14() throws {
            try withManualClock {
                let run = try makeRun("8.11")
                let scene = try #require(run.scene as? Listing8_11)
                run.advance(to: 0.6)
                #expect(scene.imageView.layer.animationKeys() == ["transition"])
                #expect(scene.imageView.image === scene.images[1])
                run.advance(to: run.example.duration)  // four switches: round to the anchor again
                #expect(scene.imageView.image === scene.images[0])
                #expect(scene.imageView.layer.animationKeys() == nil)
            }
            try withManualClock {
                let run = try makeRun("8.12")
                let scene = try #require(run.scene as? Listing8_12)
                run.advance(to: 1.125)
                #expect(scene.tabBarView.animationKeys() == ["transition"])
                #expect(scene.tabBarView.sublayers == [scene.tabViews[1]])
                #expect(scene.controls.first { $0.name == "Second" }?.kind == .tab(selected: true))
                run.advance(to: run.example.duration)
                #expect(scene.tabBarView.sublayers == [scene.tabViews[0]])
                #expect(scene.tabBarView.animationKeys() == nil)
            }
            try withManualClock {
                let run = try makeRun("8.13")
                let scene = try #require(run.scene as? Listing8_13)
                run.advance(to: 1)
                let flip = scene.imageView.layer.animation(forKey: kCATransition) as? CATransition
                #expect(flip?.type.rawValue == "oglFlip" && flip?.subtype == .fromLeft && flip?.duration == 1)
                // timed by the block's curve
                #expect(flip?.timingFunction == CAMediaTimingFunction(name: .easeInEaseOut))
                run.advance(to: 1.6)
                #expect(scene.imageView.layer.animationKeys() == nil)
            }
            try withManualClock {
                let run = try makeRun("8.14")
                let scene = try #require(run.scene as? Listing8_14)
                run.advance(to: 1)  // half way through the 1 s ease-in-ease-out block
                let cover = try #require(layer(named: "coverView", in: scene))
                #expect(isClose(CGFloat(cover.presentation()?.opacity ?? -1), 0.5))
                #expect(cover.contents != nil)  // the snapshot
                #expect(scene.root.backgroundColor == Self.colours(seed: 814, 1)[0])
                run.advance(to: 1.5)
                #expect(cover.superlayer == nil)  // removed by the completion block
            }
        }

        @Test func startStopListing8_15() throws {
            try withManualClock {
                let run = try makeRun("8.15")
                let scene = try #require(run.scene as? Listing8_15)
                run.advance(to: 1)
                #expect(
                    matches(
                        scene.shipLayer.presentation()?.transform, CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
                    ))
                run.advance(to: 1.5)
                #expect(scene.log == ["The animation stopped (finished: NO)"])
                #expect(scene.shipLayer.presentation()?.transform == CATransform3DIdentity)
                run.advance(to: 4.4)
                #expect(scene.log.count == 1)
                run.advance(to: run.example.duration)
                #expect(
                    scene.log == [
                        "The animation stopped (finished: NO)", "The animation stopped (finished: YES)",
                    ])
            }
        }

        /// Listing 9.1: 1.5 s × 1.5 from 1 s, the controls off meanwhile (the Start at 2 s is
        /// ignored), then 0.5 s × 3.
        @Test func repeatCountListing9_1() throws {
            try withManualClock {
                let run = try makeRun("9.1")
                let scene = try #require(run.scene as? Listing9_1)
                run.advance(to: 1.375)  // a quarter turn in
                #expect(
                    matches(
                        scene.shipLayer.presentation()?.transform, CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
                    ))
                #expect(scene.controls.allSatisfy { !$0.isEnabled })
                run.advance(to: 3.2)
                #expect(scene.shipLayer.animation(forKey: "rotateAnimation")?.repeatCount == 1.5)
                run.advance(to: 3.3)  // 1 + 2.25 s: stopped, controls back
                #expect(scene.controls.allSatisfy { $0.isEnabled })
                run.advance(to: 4.1)
                let second = try #require(scene.shipLayer.animation(forKey: "rotateAnimation"))
                #expect(second.duration == 0.5 && second.repeatCount == 3)
                run.advance(to: run.example.duration)
                #expect(scene.shipLayer.animationKeys() == nil && scene.controls.allSatisfy { $0.isEnabled })
            }
            #expect(leadingNumber(" 2.5s") == 2.5)
            #expect(leadingNumber("abc") == 0)
            #expect(leadingNumber("-1e2x") == -100)
        }

        @Test func doorsAndTimeListings9_2to9_4() throws {
            func swing(_ angle: CGFloat) -> CATransform3D { CATransform3DMakeRotation(angle, 0, 1, 0) }
            try withManualClock {
                let run = try makeRun("9.2")
                let scene = try #require(run.scene as? Listing9_2)
                run.advance(to: 1)
                #expect(matches(scene.doorLayer.presentation()?.transform, swing(-.pi / 4), 1e-9))
                run.advance(to: 7)  // closing again in the second cycle
                #expect(matches(scene.doorLayer.presentation()?.transform, swing(-.pi / 4), 1e-9))
            }
            try withManualClock {
                let run = try makeRun("9.3")
                let scene = try #require(run.scene as? Listing9_3)
                run.advance(to: 1)
                #expect(isClose(scene.shipLayer.presentation()?.position, CGPoint(x: 150, y: 150)))
                run.advance(to: 2.5)  // offset 0.5: starts half way
                #expect(isClose(scene.shipLayer.presentation()?.position, CGPoint(x: 150, y: 150)))
                #expect(scene.sliderValue("timeOffset") == 0.5)
                run.advance(to: 4.5)  // speed 2, offset 0.5
                #expect(scene.shipLayer.animation(forKey: "slide")?.speed == 2)
                run.advance(to: 4.75)  // half of the 0.5 s loop: back at the start of the curve
                #expect(isClose(scene.shipLayer.presentation()?.position, CGPoint(x: 0, y: 150)))
                let thumb = try #require(layer(named: "slider speed", in: scene)?.sublayers?.last)
                #expect(isClose(thumb.position.x, 280 - 14))  // the speed slider at its maximum
            }
            try withManualClock {
                let run = try makeRun("9.4")
                let scene = try #require(run.scene as? Listing9_4)
                run.advance(to: 0.4)
                #expect(scene.doorLayer.presentation()?.transform == CATransform3DIdentity)
                run.advance(to: 1.7)  // 160 points to the left: 0.8 s of the swing
                #expect(isClose(scene.doorLayer.timeOffset, 0.8, 1e-12))
                #expect(matches(scene.doorLayer.presentation()?.transform, swing(-0.8 * .pi / 2), 1e-9))
                run.advance(to: run.example.duration)  // 80 back: 0.4 s
                #expect(isClose(scene.doorLayer.timeOffset, 0.4, 1e-12))
                #expect(matches(scene.doorLayer.presentation()?.transform, swing(-0.4 * .pi / 2), 1e-9))
            }
        }

        /// The slideshow: image 0 slides right for 3 s; at the midpoint of each cross-fade the
        /// outgoing and incoming layers are both half way (content 0.5, background 0.25).
        @Test func slideshowFadesAndMoves() throws {
            try withManualClock {
                let run = try makeRun("slideshow")
                let show = try #require(run.scene.root.sublayers?.first)
                let layers = try #require(show.sublayers)
                #expect(layers.count == 30, "a background, a content layer and a caption per photo")
                let (bg0, content0, bg1, content1) = (layers[0], layers[1], layers[3], layers[4])
                let (caption0, caption1) = try (
                    #require(layers[2] as? CATextLayer), #require(layers[5] as? CATextLayer)
                )
                #expect(caption0.string as? String == "Dusk over the hills")
                #expect(bg0.contentsGravity == .resizeAspectFill && content0.contentsGravity == .top)
                run.advance(to: 1.5)
                #expect(isClose(content0.presentation()?.position.x ?? 0, 640 + 75))
                #expect(content0.presentation()?.opacity == 1 && bg0.presentation()?.opacity == 0.5)
                #expect(content1.presentation()?.opacity == 0)
                run.advance(to: 2.5)
                #expect(isClose(CGFloat(content0.presentation()?.opacity ?? -1), 0.5))
                #expect(isClose(CGFloat(bg0.presentation()?.opacity ?? -1), 0.25))
                #expect(isClose(CGFloat(content1.presentation()?.opacity ?? -1), 0.5))
                #expect(isClose(CGFloat(bg1.presentation()?.opacity ?? -1), 0.25))
                // Captions fade with their photos and do not slide.
                #expect(isClose(CGFloat(caption0.presentation()?.opacity ?? -1), 0.5))
                #expect(isClose(CGFloat(caption1.presentation()?.opacity ?? -1), 0.5))
                #expect(caption0.presentation()?.position == caption0.position)
                run.advance(to: 4)  // image 1 on its own, image 0 gone (filled forwards)
                #expect(content0.presentation()?.opacity == 0 && content1.presentation()?.opacity == 1)
                #expect(isClose(content1.presentation()?.position.x ?? 0, 640 + 50))
                run.advance(to: run.example.duration)
                #expect(layers.allSatisfy { $0.presentation()?.opacity == 0 })
            }
        }
    }
}
