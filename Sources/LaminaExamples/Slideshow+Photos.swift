import QuartzCore

/// What `lamina slideshow` does with people's own photos (rulings P8–P9 in `DECISIONS.md`):
/// each photo fits or fills the frame, pans and zooms slowly, and gives way to the next through a
/// `CATransition` of Core Animation's own types.
extension Slideshow {
    /// How a photo is placed in the frame.
    public enum Fit: String, CaseIterable, Sendable {
        /// The whole frame covered, the photo's overflow cut (`resizeAspectFill`).
        case fill
        /// The whole photo shown, black bars where its shape differs (`resizeAspect`).
        case fit
        /// The demo's look: the photo at its own pixel size from the top centre, sliding right
        /// over a half-opaque aspect-filled copy (``makeLayer(images:backgrounds:captions:frameSize:startTime:secondsPerImage:fadeTime:)``).
        case top
    }

    /// The transitions `--transition` offers, in the order they are listed: Apple's four public
    /// types, then the private ones Lamina draws.
    public static let transitionTypes: [CATransitionType] = [
        .fade, .push, .moveIn, .reveal, .cube, .oglFlip, .pageCurl, .pageUnCurl, .rippleEffect, .suckEffect,
        .cameraIrisHollowOpen, .cameraIrisHollowClose, .cameraIris, .genieEffect, .spewEffect,
    ]

    /// The four directions of `CATransitionSubtype`.
    public static let transitionSubtypes: [CATransitionSubtype] = [
        .fromLeft, .fromRight, .fromTop, .fromBottom,
    ]

    /// One transition between two photos: a `CATransition`'s type and subtype, or a cut (`type`
    /// `nil`).
    public struct Transition: Sendable, Equatable {
        /// The type; `nil` cuts from one photo to the next.
        public var type: CATransitionType?
        /// The direction; `nil` moves as `.fromLeft` does (Apple's default).
        public var subtype: CATransitionSubtype?

        /// A transition of `type` (`nil`: a cut) towards `subtype`.
        public init(type: CATransitionType?, subtype: CATransitionSubtype? = nil) {
            self.type = type
            self.subtype = subtype
        }
    }

    /// The choice of transitions between photos: one for all, or each drawn at random.
    public enum TransitionChoice: Sendable, Equatable {
        /// Every change of photo uses this transition.
        case fixed(Transition)
        /// Each change draws its type from ``transitionTypes`` unless `type` is given, and its
        /// subtype from ``transitionSubtypes`` unless `subtype` is given, from a generator seeded
        /// with `seed`: the same seed gives the same transitions in every run and every shard.
        case random(seed: UInt64, type: CATransitionType? = nil, subtype: CATransitionSubtype? = nil)
    }

    /// How photos are shown by ``makePhotoLayer(images:captions:frameSize:startTime:secondsPerImage:style:)``.
    public struct PhotoStyle: Sendable, Equatable {
        /// Fill (the default) or fit; `.top` is the demo's look and is drawn by ``makeLayer(images:backgrounds:captions:frameSize:startTime:secondsPerImage:fadeTime:)``.
        public var fit: Fit = .fill
        /// A slow pan and zoom (Ken Burns) over each photo's time; on by default.
        public var panZoom = true
        /// The transitions; a fade by default.
        public var transitions = TransitionChoice.fixed(Transition(type: .fade))
        /// Each transition's length in seconds (default 1, the demo's fade); clamped to
        /// `0…secondsPerImage`, NaN uses 1.
        public var transitionDuration: CFTimeInterval = 1

        /// The default style: fill, pan and zoom, fades of 1 s.
        public init() {}
    }

    /// How much a photo grows over its time on screen when panning and zooming: from 1 to 1.1 or
    /// back, so a filled photo still covers the frame.
    public static let panZoomScale: CGFloat = 1.1
    /// How far a panning photo moves, as a fraction of the frame (under half of the zoom's
    /// growth, so a filled photo never uncovers an edge).
    public static let panFraction: CGFloat = 0.04

    /// The transitions of a slideshow of `count` photos: element `i` leads into photo `i + 1`,
    /// so there are `count - 1` (none for fewer than 2 photos).
    public static func transitions(count: Int, choice: TransitionChoice) -> [Transition] {
        let changes = max(0, count - 1)
        switch choice {
        case .fixed(let transition):
            return Array(repeating: transition, count: changes)
        case .random(let seed, let type, let subtype):
            var generator = SeededGenerator(seed: seed)
            return (0..<changes).map { _ in
                // Both draws are made whatever is fixed, so that fixing one keeps the other's sequence.
                let drawnType = transitionTypes[generator.index(transitionTypes.count)]
                let drawnSubtype = transitionSubtypes[generator.index(transitionSubtypes.count)]
                return Transition(type: type ?? drawnType, subtype: subtype ?? drawnSubtype)
            }
        }
    }

    /// A slideshow of people's photos: each fits or fills the frame, pans and zooms, and gives
    /// way to the next through a `CATransition`.
    ///
    /// Photo `i`'s turn begins at `startTime + i × secondsPerImage`; the transition into it runs
    /// over the `transitionDuration` before, so it is fully shown when its turn begins, as the
    /// demo's fades are. Each photo is drawn in a "stage" layer of its own, shown only from the
    /// start of its transition to the start of the next one (an `opacity` animation; the model
    /// opacity is 0). A stage's transition is added in a second transaction, after a first one
    /// committed the stage with the previous photo as it ends (its pan and zoom at their final
    /// values): that is the transition's "before" picture, and the new photo, with its pan and
    /// zoom running, its "after". Both transactions are committed and flushed here (with
    /// actions disabled), so the layer is ready to render; call it outside any explicit
    /// transaction, as a run loop's code would, so that the first one is published before the
    /// transitions are added.
    ///
    /// Pan and zoom: even photos zoom in from 1 to ``panZoomScale`` while moving by
    /// ``panFraction`` of the frame, odd photos zoom out the same way, over the time their stage
    /// is shown, linearly; the directions turn with the index so that consecutive photos differ.
    ///
    /// Captions are drawn as the demo draws them (``makeLayer(images:backgrounds:captions:frameSize:startTime:secondsPerImage:fadeTime:)``),
    /// on their photo's stage, so a transition moves them with it; they do not pan.
    ///
    /// - Parameters:
    ///   - images: The photos, in order; none gives an empty black layer.
    ///   - captions: One caption per photo, in order; missing or empty ones draw nothing.
    ///   - frameSize: The frame in points; non-finite or negative sizes count as zero.
    ///   - startTime: The media time the first photo begins at.
    ///   - secondsPerImage: Each photo's turn (non-finite or non-positive: 3).
    ///   - style: Fit or fill (`.top` is drawn as `.fill`: use the demo's layer for it), pan and
    ///     zoom, transitions.
    /// - Returns: A black layer with the frame `(0, 0, frameSize)`, committed.
    public static func makePhotoLayer(
        images: [CGImage], captions: [String], frameSize: CGSize, startTime: CFTimeInterval,
        secondsPerImage: CFTimeInterval = 3, style: PhotoStyle = PhotoStyle()
    ) -> CALayer {
        let plan = PhotoPlan(
            count: images.count, frameSize: frameSize, startTime: startTime, secondsPerImage: secondsPerImage,
            style: style)
        let parent = CALayer()
        var stages: [CALayer] = []
        // First transaction: every stage with what its transition starts from.
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        parent.frame = plan.bounds
        parent.backgroundColor = CGColor(gray: 0, alpha: 1)
        parent.masksToBounds = true
        for index in images.indices {
            let stage = CALayer()
            stage.frame = plan.bounds
            stage.masksToBounds = true
            if index > 0 {
                stage.addSublayer(
                    makeSlide(
                        images[index - 1], caption: caption(captions, index - 1), index: index - 1, plan: plan
                    ))
            }
            parent.addSublayer(stage)
            stages.append(stage)
        }
        CATransaction.commit()
        // Published now, not when the implicit transaction that creating the layers opened ends.
        CATransaction.flush()
        // Second transaction: each stage's own photo, its transition, its time on screen.
        let transitions = Self.transitions(count: images.count, choice: style.transitions)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for (index, stage) in stages.enumerated() {
            for old in stage.sublayers ?? [] { old.removeFromSuperlayer() }
            stage.opacity = 0
            let slide = makeSlide(images[index], caption: caption(captions, index), index: index, plan: plan)
            stage.addSublayer(slide)
            if style.panZoom, let photo = slide.sublayers?.first {
                let pan = CABasicAnimation(keyPath: "transform")
                pan.fromValue = plan.panZoom(index: index, atEnd: false)
                pan.toValue = plan.panZoom(index: index, atEnd: true)
                pan.beginTime = plan.shown(index).lowerBound
                pan.duration = plan.shown(index).upperBound - plan.shown(index).lowerBound
                photo.add(pan, forKey: "panZoom")
            }
            if index > 0, let type = transitions[index - 1].type, plan.transitionDuration > 0 {
                let transition = CATransition()
                transition.type = type
                transition.subtype = transitions[index - 1].subtype
                transition.beginTime = plan.shown(index).lowerBound
                transition.duration = plan.transitionDuration
                stage.add(transition, forKey: kCATransition)
            }
            stage.add(plan.visibility(index), forKey: "shown")
        }
        CATransaction.commit()
        CATransaction.flush()
        return parent
    }

    /// The caption of photo `index`, or `nil`.
    private static func caption(_ captions: [String], _ index: Int) -> String? {
        index < captions.count && !captions[index].isEmpty ? captions[index] : nil
    }

    /// One photo's slide: the photo layer placed by the fit (its model transform the pan and
    /// zoom's end), and the caption over it.
    private static func makeSlide(_ image: CGImage, caption: String?, index: Int, plan: PhotoPlan) -> CALayer
    {
        let slide = CALayer()
        slide.frame = plan.bounds
        let photo = CALayer()
        photo.frame = plan.bounds
        photo.contents = image
        photo.contentsGravity = plan.style.fit == .fit ? .resizeAspect : .resizeAspectFill
        photo.masksToBounds = true
        if plan.style.panZoom { photo.transform = plan.panZoom(index: index, atEnd: true) }
        slide.addSublayer(photo)
        if let caption { slide.addSublayer(makeCaption(caption, frameSize: plan.bounds.size)) }
        return slide
    }
}

/// The times and transforms of a photo slideshow, computed once from its arguments.
struct PhotoPlan {
    let count: Int
    let bounds: CGRect
    let start: CFTimeInterval
    let turn: CFTimeInterval
    let transitionDuration: CFTimeInterval
    let style: Slideshow.PhotoStyle

    init(
        count: Int, frameSize: CGSize, startTime: CFTimeInterval, secondsPerImage: CFTimeInterval,
        style: Slideshow.PhotoStyle
    ) {
        self.count = count
        let width = frameSize.width.isFinite ? max(0, frameSize.width) : 0
        let height = frameSize.height.isFinite ? max(0, frameSize.height) : 0
        bounds = CGRect(x: 0, y: 0, width: width, height: height)
        start = startTime.isFinite ? startTime : 0
        turn = secondsPerImage.isFinite && secondsPerImage > 0 ? secondsPerImage : 3
        let duration = style.transitionDuration
        transitionDuration = duration.isNaN ? min(1, turn) : min(max(0, duration), turn)
        self.style = style
    }

    /// When photo `index`'s stage is shown (media time): from the start of its transition (the
    /// slideshow's start for the first) to the start of the next one (the slideshow's end for
    /// the last).
    func shown(_ index: Int) -> ClosedRange<CFTimeInterval> {
        let begin = index == 0 ? start : start + Double(index) * turn - transitionDuration
        let end =
            index == count - 1
            ? start + Double(count) * turn : start + Double(index + 1) * turn - transitionDuration
        return begin...max(begin, end)
    }

    /// The `opacity` animation that shows stage `index` over ``shown(_:)``, holding before the
    /// first and after the last.
    func visibility(_ index: Int) -> CABasicAnimation {
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.fromValue = Float(1)
        animation.toValue = Float(1)
        animation.beginTime = shown(index).lowerBound
        animation.duration = max(1e-6, shown(index).upperBound - shown(index).lowerBound)
        animation.isRemovedOnCompletion = false
        switch (index == 0, index == count - 1) {
        case (true, true): animation.fillMode = .both
        case (true, false): animation.fillMode = .backwards
        case (false, true): animation.fillMode = .forwards
        case (false, false): animation.fillMode = .removed
        }
        return animation
    }

    /// Photo `index`'s pan-and-zoom transform at the start or the end of its time on screen:
    /// even photos zoom in, odd ones out; the pan's direction turns every photo.
    func panZoom(index: Int, atEnd: Bool) -> CATransform3D {
        let zoomsIn = index % 2 == 0
        let grown = zoomsIn == atEnd
        let scale = grown ? Slideshow.panZoomScale : 1
        let directions: [(CGFloat, CGFloat)] = [(1, 0.5), (-1, -0.5), (-1, 0.5), (1, -0.5)]
        let (dx, dy) = directions[index % directions.count]
        let amount: CGFloat = grown ? Slideshow.panFraction : 0
        return CATransform3DConcat(
            CATransform3DMakeScale(scale, scale, 1),
            CATransform3DMakeTranslation(dx * amount * bounds.width, dy * amount * bounds.height, 0))
    }
}

/// SplitMix64: a small seeded generator, so that "random" transitions are the same on every run
/// and in every shard of a render.
struct SeededGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<count` (`count` > 0).
    mutating func index(_ count: Int) -> Int {
        Int(next() % UInt64(count))
    }
}
