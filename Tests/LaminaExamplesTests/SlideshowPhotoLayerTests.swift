import LaminaExamples
import QuartzCore
import Testing

extension ExampleClockTests {
    /// `Slideshow.makePhotoLayer` and its transitions (rulings P8, P9); the pictures are tested
    /// through `lamina slideshow` (LaminaCLITests).
    @Suite struct SlideshowPhotoLayer {
        /// A 4×3 image of one grey.
        func image() throws -> CGImage {
            let context = try #require(
                CGContext(
                    data: nil, width: 4, height: 3, bitsPerComponent: 8, bytesPerRow: 0,
                    space: CGColorSpace(name: CGColorSpace.sRGB)!,
                    bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue
                        | CGBitmapInfo.byteOrder32Little.rawValue))
            context.setFillColor(CGColor(gray: 0.5, alpha: 1))
            context.fill(CGRect(x: 0, y: 0, width: 4, height: 3))
            return try #require(context.makeImage())
        }

        @Test("random transitions repeat for a seed, differ between seeds, and keep what is fixed")
        func seededTransitions() {
            let first = Slideshow.transitions(count: 9, choice: .random(seed: 3))
            #expect(first.count == 8)
            #expect(first == Slideshow.transitions(count: 9, choice: .random(seed: 3)))
            #expect(first != Slideshow.transitions(count: 9, choice: .random(seed: 4)))
            #expect(first.allSatisfy { $0.type.map(Slideshow.transitionTypes.contains) == true })
            let pushes = Slideshow.transitions(count: 9, choice: .random(seed: 3, type: .push))
            #expect(pushes.map(\.subtype) == first.map(\.subtype) && pushes.allSatisfy { $0.type == .push })
            let fixed = Slideshow.Transition(type: .reveal, subtype: .fromTop)
            #expect(Slideshow.transitions(count: 3, choice: .fixed(fixed)) == [fixed, fixed])
            #expect(Slideshow.transitions(count: 1, choice: .random(seed: 1)).isEmpty)
            #expect(Slideshow.transitions(count: -2, choice: .fixed(fixed)).isEmpty)
        }

        @Test(
            "one stage per photo, each shown from its transition to the next, the transition 1 s before its turn"
        )
        func stages() throws {
            try withManualClock {
                var style = Slideshow.PhotoStyle()
                style.transitions = .fixed(Slideshow.Transition(type: .push, subtype: .fromRight))
                let image = try image()
                let layer = Slideshow.makePhotoLayer(
                    images: [image, image, image], captions: ["a"], frameSize: CGSize(width: 160, height: 90),
                    startTime: 1000, secondsPerImage: 3, style: style)
                let stages = layer.sublayers ?? []
                try #require(stages.count == 3)
                #expect(layer.frame == CGRect(x: 0, y: 0, width: 160, height: 90))
                let shown = stages.map { $0.animation(forKey: "shown") as? CABasicAnimation }
                #expect(shown.map { $0?.beginTime } == [1000, 1002, 1005])
                #expect(shown.map { $0?.duration } == [2, 3, 4])
                #expect(shown.map { $0?.fillMode } == [.backwards, .removed, .forwards])
                #expect(stages[0].animation(forKey: kCATransition) == nil)
                for stage in stages.dropFirst() {
                    let transition = try #require(stage.animation(forKey: kCATransition) as? CATransition)
                    #expect(transition.type == .push && transition.subtype == .fromRight)
                    #expect(transition.duration == 1)
                }
                // Each photo pans and zooms over its stage's time; only the first has a caption.
                let photos = stages.compactMap { $0.sublayers?.first?.sublayers?.first }
                #expect(
                    photos.compactMap { $0.animation(forKey: "panZoom")?.beginTime } == [1000, 1002, 1005])
                #expect(stages.map { $0.sublayers?.first?.sublayers?.count } == [2, 1, 1])
            }
        }

        @Test("--fit fit draws aspect-fitted; without pan and zoom nothing moves; none cuts")
        func fitStillCut() throws {
            try withManualClock {
                var style = Slideshow.PhotoStyle()
                style.fit = .fit
                style.panZoom = false
                style.transitions = .fixed(Slideshow.Transition(type: nil))
                style.transitionDuration = 0
                let image = try image()
                let stages =
                    Slideshow.makePhotoLayer(
                        images: [image, image], captions: [], frameSize: CGSize(width: 160, height: 90),
                        startTime: 10, style: style
                    ).sublayers ?? []
                try #require(stages.count == 2)
                let photo = try #require(stages[1].sublayers?.first?.sublayers?.first)
                #expect(photo.contentsGravity == .resizeAspect)
                #expect(photo.animation(forKey: "panZoom") == nil)
                #expect(stages[1].animation(forKey: kCATransition) == nil)
                #expect(stages[1].animation(forKey: "shown")?.beginTime == 13)
            }
        }
    }
}
