import QuartzCore

/// The slideshow demo's `AnimationService` (the slideshow demo of the reference chapters' translation, part 2, §9.1): a layer that shows each image
/// in turn, fading in and out over a half-transparent aspect-filled copy of itself while sliding
/// to the right — public so that `lamina slideshow` can run it on a user's images.
public enum Slideshow {
    /// The opacity of each image's blurred-looking background copy (`backgroundOpacity`).
    public static let backgroundOpacity: Float = 0.5
    /// How far each image slides to the right over its time on screen, in points.
    public static let movement: CGFloat = 150

    /// `animationLayerFromImages(images:texts:frameSize:startTime:)`, as the demo writes it.
    ///
    /// For image `i` (beginning at `startTime + i × secondsPerImage`):
    /// - a background layer, the image aspect-filled (`resizeAspectFill`) over the whole frame at
    ///   opacity 0.5, and above it a content layer, the image at its own size at the top centre
    ///   (`contentsGravity = .top`), both frame-sized;
    /// - the content layer's `position.x` moves by +150 points over `secondsPerImage` (no fill:
    ///   it returns when done, by which time the layer has faded out);
    /// - for every image after the first, both layers start at opacity 0 and fade in (to 1 and to
    ///   0.5) over the `fadeTime` before their turn; every image fades out over the last
    ///   `fadeTime` of its turn. Fades fill forwards and are not removed on completion.
    ///
    /// The returned parent layer has the frame `(0, 0, frameSize)` (the demo's has none; it is set
    /// so that the layer can be rendered or added as it is). `startTime` is a media time
    /// (`CACurrentMediaTime()` for a live preview; `AVCoreAnimationBeginTimeAtZero` has no meaning
    /// here: use the export's start time). The layers are added uncommitted, as the demo adds
    /// them.
    ///
    /// Captions: the demo takes `texts` and does not draw them; Lamina draws `captions[i]` (when
    /// there is one, and it is not empty) over image `i` with a `CATextLayer`: white, centred, in
    /// the bottom fifth of the frame at a size of 6 % of the frame's height, wrapped and
    /// truncated at the end, with a soft shadow for legibility. It fades in and out with its
    /// image and does not slide. Images beyond `captions.count` have no caption.
    ///
    /// - Parameters:
    ///   - images: The images, shown in order; none gives an empty parent layer.
    ///   - backgrounds: Lamina extension: the image each background layer shows instead of
    ///     `images[i]` (a reduced copy: it is drawn aspect-filled over the frame), in order;
    ///     `nil` (the default) or a missing entry uses `images[i]`.
    ///   - captions: One caption per image, in order (see above).
    ///   - frameSize: The frame in points; non-finite or negative sizes count as zero.
    ///   - startTime: The media time the first image begins at.
    ///   - secondsPerImage: Each image's time on screen (the demo's `animationTime`, 3 s);
    ///     non-finite or non-positive values use 3.
    ///   - fadeTime: The fade-in/fade-out time (the demo's 1 s); clamped to `0…secondsPerImage`,
    ///     NaN uses 1.
    public static func makeLayer(
        images: [CGImage], backgrounds: [CGImage]? = nil, captions: [String], frameSize: CGSize,
        startTime: CFTimeInterval, secondsPerImage: CFTimeInterval = 3, fadeTime: CFTimeInterval = 1
    ) -> CALayer {
        let width = frameSize.width.isFinite ? max(0, frameSize.width) : 0
        let height = frameSize.height.isFinite ? max(0, frameSize.height) : 0
        let animationTime = secondsPerImage.isFinite && secondsPerImage > 0 ? secondsPerImage : 3
        let fade = fadeTime.isNaN ? min(1, animationTime) : min(max(0, fadeTime), animationTime)
        let start = startTime.isFinite ? startTime : 0
        let parentLayer = CALayer()
        parentLayer.frame = CGRect(x: 0, y: 0, width: width, height: height)

        for (index, image) in images.enumerated() {
            let turn = Double(index) * animationTime + start
            let bgLayer = CALayer()
            bgLayer.contents = backgrounds.flatMap { index < $0.count ? $0[index] : nil } ?? image
            bgLayer.frame = CGRect(x: 0, y: 0, width: width, height: height)
            bgLayer.contentsGravity = .resizeAspectFill
            bgLayer.opacity = backgroundOpacity

            let contentLayer = CALayer()
            contentLayer.contents = image
            contentLayer.frame = CGRect(x: 0, y: 0, width: width, height: height)
            contentLayer.contentsGravity = .top

            let animation = basicAnimation(
                keyPath: "position.x", duration: animationTime, from: nil,
                to: contentLayer.position.x + movement, beginTime: turn, fillMode: nil)

            if index > 0 {
                bgLayer.opacity = 0
                contentLayer.opacity = 0
                let fadeIn = basicAnimation(
                    keyPath: "opacity", duration: fade, from: Float(0), to: Float(1), beginTime: turn - fade,
                    fillMode: .forwards)
                let bgFadeIn = basicAnimation(
                    keyPath: "opacity", duration: fade, from: Float(0), to: backgroundOpacity,
                    beginTime: turn - fade, fillMode: .forwards)
                bgLayer.add(bgFadeIn, forKey: "bgFadeIn")
                contentLayer.add(fadeIn, forKey: "fadeIn")
            }

            let fadeOut = basicAnimation(
                keyPath: "opacity", duration: fade, from: Float(1), to: Float(0),
                beginTime: animationTime + turn - fade, fillMode: .forwards)
            let bgFadeOut = basicAnimation(
                keyPath: "opacity", duration: fade, from: backgroundOpacity, to: Float(0),
                beginTime: animationTime + turn - fade, fillMode: .forwards)
            contentLayer.add(fadeOut, forKey: "fadeOut")
            contentLayer.add(animation, forKey: "animate")
            bgLayer.add(bgFadeOut, forKey: "bgFadeOut")

            parentLayer.addSublayer(bgLayer)
            parentLayer.addSublayer(contentLayer)
            if index < captions.count, !captions[index].isEmpty {
                let caption = makeCaption(captions[index], frameSize: CGSize(width: width, height: height))
                caption.opacity = contentLayer.opacity
                for key in ["fadeIn", "fadeOut"] {
                    if let fade = contentLayer.animation(forKey: key) { caption.add(fade, forKey: key) }
                }
                parentLayer.addSublayer(caption)
            }
        }
        return parentLayer
    }

    /// A caption's text layer over the bottom fifth of a `frameSize` frame.
    static func makeCaption(_ text: String, frameSize: CGSize) -> CATextLayer {
        let caption = CATextLayer()
        let fontSize = max(1, (frameSize.height * 0.06).rounded())
        caption.frame = CGRect(
            x: frameSize.width * 0.05, y: frameSize.height * 0.8 - fontSize * 0.5,
            width: frameSize.width * 0.9,
            height: fontSize * 2.6)
        caption.string = text
        caption.font = "DejaVu Sans Bold"
        caption.fontSize = fontSize
        caption.foregroundColor = CGColor(gray: 1, alpha: 1)
        caption.alignmentMode = .center
        caption.isWrapped = true
        caption.truncationMode = .end
        caption.shadowColor = CGColor(gray: 0, alpha: 1)
        caption.shadowOpacity = 0.75
        caption.shadowRadius = max(1, fontSize * 0.12)
        caption.shadowOffset = CGSize(width: 0, height: max(1, fontSize * 0.05))
        return caption
    }

    /// The length of a slideshow of `imageCount` images: `imageCount × secondsPerImage` seconds
    /// (the last image has faded out by then). Negative counts give 0; a non-finite or
    /// non-positive `secondsPerImage` uses 3, as ``makeLayer(images:captions:frameSize:startTime:secondsPerImage:fadeTime:)``.
    public static func duration(imageCount: Int, secondsPerImage: CFTimeInterval = 3) -> CFTimeInterval {
        let animationTime = secondsPerImage.isFinite && secondsPerImage > 0 ? secondsPerImage : 3
        return Double(max(0, imageCount)) * animationTime
    }

    /// The demo's `animationWithDuration(…)`: a basic animation, not removed on completion.
    private static func basicAnimation(
        keyPath: String, duration: CFTimeInterval, from: Any?, to: Any?, beginTime: CFTimeInterval,
        fillMode: CAMediaTimingFillMode?
    ) -> CABasicAnimation {
        let animation = CABasicAnimation()
        animation.keyPath = keyPath
        if let from {
            animation.fromValue = from
        }
        animation.toValue = to
        if let fillMode {
            animation.fillMode = fillMode
        }
        animation.beginTime = beginTime
        animation.autoreverses = false
        animation.duration = duration
        animation.repeatCount = 0
        animation.isRemovedOnCompletion = false
        return animation
    }
}
