import QuartzCore
import Testing

@testable import LaminaExamples

extension ExampleClockTests {
    /// The registry, the runner and the slideshow service.
    @Suite struct ExamplesTests {
        /// Every listing of chapters 7–9.
        static let listings =
            (1...7).map { "7.\($0)" } + (1...15).map { "8.\($0)" } + (1...4).map { "9.\($0)" }

        /// The four view controllers of the post on UIView and Core Animation (ruling P10).
        static let post = ["quick-example", "basic-animation", "keyframe-animation", "transition-swipes"]

        @Test func everyListingHasOneExampleInOrderAfterTheSlideshowThenThePosts() {
            #expect(Examples.all.first?.name == "slideshow")
            #expect(Examples.all.first?.listing == nil && Examples.all.first?.origin == nil)
            #expect(Examples.all.dropFirst().prefix(Self.listings.count).map(\.listing) == Self.listings)
            let post = Examples.all.suffix(Self.post.count)
            #expect(Examples.all.count == 1 + Self.listings.count + Self.post.count)
            #expect(post.map(\.name) == Self.post)
            #expect(post.allSatisfy { $0.listing == nil && $0.origin == "Post" && $0.size == Examples.phone })
            #expect(Set(Examples.all.map(\.name)).count == Examples.all.count)
            for example in Examples.all {
                #expect(example.name == example.name.lowercased() && !example.name.contains(" "))
                #expect(example.duration > 0 && example.duration.isFinite, "\(example.name)")
                #expect(!example.title.isEmpty && !example.title.contains("\n"))
            }
        }

        @Test func namedResolvesNamesAndListingsCaseInsensitively() {
            for example in Examples.all {
                #expect(Examples.named(example.name)?.name == example.name)
                #expect(Examples.named(example.name.uppercased())?.name == example.name)
                if let listing = example.listing {
                    #expect(Examples.named(listing)?.name == example.name)
                    #expect(Examples.named(" \(listing) ")?.name == example.name)
                }
            }
            #expect(Examples.named("7.7")?.name == "presentation-hit-test")
            #expect(Examples.named("8.15")?.name == "start-stop")
            #expect(Examples.named("9.4")?.name == "manual-door")
            #expect(Examples.named("SlideShow")?.name == "slideshow")
            #expect(Examples.named("Door")?.listing == "9.2")
            #expect(Examples.named(" Transition-Swipes ")?.origin == "Post")
            for unknown in ["", "swinging-door", "7.8", "8.0", "10.1", "ship", "slideshow2"] {
                #expect(Examples.named(unknown) == nil, "\(unknown)")
            }
        }

        /// Every example builds a tree of its size and runs its whole script without a problem,
        /// and its controls lie inside the scene.
        @Test func everyExampleBuildsAndRunsItsScript() {
            for example in Examples.all {
                withManualClock {
                    let run = ExampleRun(example)
                    let root = run.scene.root
                    #expect(root.bounds == CGRect(origin: .zero, size: example.size), "\(example.name)")
                    #expect(root.position == CGPoint(x: example.size.width / 2, y: example.size.height / 2))
                    #expect(!(root.sublayers ?? []).isEmpty)
                    #expect(run.scene.script.allSatisfy { $0.time >= 0 && $0.time < example.duration })
                    for control in run.scene.controls {
                        #expect(root.bounds.contains(control.frame), "\(example.name) \(control.name)")
                    }
                    run.advance(to: example.duration)
                    #expect(isClose(CACurrentMediaTime(), run.startTime + example.duration, 1e-9))
                }
            }
        }

        /// Script events fire at their own times, in time order, even when the script is edited
        /// out of order; the clock never goes back.
        @Test func runFiresScriptedEventsAtTheirTimes() throws {
            try withManualClock {
                let run = try makeRun("8.15")
                // Drive the real scene: Start at 0.5 s, Stop at 1.5 s, Start at 2.5 s.
                run.advance(to: 1.5)
                #expect(run.scene.log == ["The animation stopped (finished: NO)"])
                run.advance(to: 1)  // never backwards
                #expect(isClose(CACurrentMediaTime() - run.startTime, 1.5, 1e-9))
                run.scene.script.append(ScriptedEvent(time: 4.6, event: .button("Stop")))
                run.scene.script.append(ScriptedEvent(time: 3, event: .button("Stop")))
                run.scene.script.append(ScriptedEvent(time: .nan, event: .button("Start")))
                run.advance(to: 5)
                // Start at 2.5, Stop at 3 (the out-of-order one first), Stop at 4.6 does nothing.
                #expect(
                    run.scene.log == [
                        "The animation stopped (finished: NO)", "The animation stopped (finished: NO)",
                    ])
            }
        }

        @Test func slideshowServiceEdgeCases() {
            withManualClock {
                #expect(Slideshow.duration(imageCount: 10) == 30)
                #expect(Slideshow.duration(imageCount: 4, secondsPerImage: 2.5) == 10)
                #expect(Slideshow.duration(imageCount: -3) == 0)
                #expect(Slideshow.duration(imageCount: 2, secondsPerImage: .nan) == 6)
                let empty = Slideshow.makeLayer(
                    images: [], captions: [], frameSize: CGSize(width: 100, height: 50), startTime: 0)
                #expect(empty.sublayers == nil)
                #expect(empty.bounds == CGRect(x: 0, y: 0, width: 100, height: 50))
                let odd = Slideshow.makeLayer(
                    images: [Artwork.cone()!], captions: ["a", "b"],
                    frameSize: CGSize(width: CGFloat.nan, height: -5), startTime: .infinity)
                #expect(odd.bounds == .zero)
                // One image: its background, content and caption ("b" has no image).
                #expect(odd.sublayers?.count == 3)
                #expect((odd.sublayers?.last as? CATextLayer)?.string as? String == "a")
            }
        }

        @Test func artworkHasTheListingsSizesAndRefusesBadInput() throws {
            let ship = try #require(Artwork.ship())
            #expect(ship.width == 256 && ship.height == 256)
            let door = try #require(Artwork.door(scale: 1))
            #expect(door.width == 128 && door.height == 256)
            for hand in Artwork.ClockHand.allCases {
                let image = try #require(Artwork.clockHand(hand, scale: 1))
                #expect(CGFloat(image.width) == hand.size.width && CGFloat(image.height) == hand.size.height)
            }
            #expect(Artwork.photo(3, size: CGSize(width: 64, height: 36))?.width == 64)
            #expect(Artwork.photo(-1, size: CGSize(width: 64, height: 36)) != nil)
            #expect(Artwork.anchor(scale: .nan) == nil)
            #expect(Artwork.cone(size: CGSize(width: 0, height: 10)) == nil)
            #expect(Artwork.igloo(size: CGSize(width: CGFloat.infinity, height: 10)) == nil)
        }
    }
}
