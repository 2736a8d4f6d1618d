import Foundation
import LaminaExamples
import QuartzCore

/// A slideshow image decoded only as far as it is drawn: the content layer shows the image at
/// its own size from the top centre, so only the part that can enter the frame (the frame's
/// height, and its width plus the slide on either side) is decoded at full resolution; the
/// background layer shows it aspect-filled, so it is decoded reduced (by 2, 4 or 8, as long as
/// it still covers the frame). One image at a time, each file's pixels are never all in memory
/// (JPEG: libjpeg's DCT scaling and cropping; PNG: decoded, then reduced at once).
///
/// Fitted or filled (`--fit fit|fill`), the whole image is decoded reduced (by 2, 4 or 8) as far
/// as it still covers its place in the frame at the pan and zoom's largest scale.
struct SlideshowImage {
    var content: CGImage
    var background: CGImage

    init(contentsOf url: URL, frameSize: CGSize, fit: Slideshow.Fit) throws {
        let data = try Data(contentsOf: url)
        let (width, height) = try CGImage.pixelSize(ofImageData: data)
        guard fit == .top else {
            let widthScale = frameSize.width / CGFloat(width)
            let heightScale = frameSize.height / CGFloat(height)
            let scale =
                (fit == .fill ? max(widthScale, heightScale) : min(widthScale, heightScale))
                * Slideshow.panZoomScale
            let factor = CGImageDecodingOptions.subsampleFactor(
                width: width, height: height, minimumWidth: Int((CGFloat(width) * scale).rounded(.up)),
                minimumHeight: Int((CGFloat(height) * scale).rounded(.up)))
            content = try CGImage.load(data: data, options: CGImageDecodingOptions(subsampleFactor: factor))
            background = content
            return
        }
        // The content layer: a centred crop, top-aligned, keeping the parity of the margins so
        // that centring it lands on the same pixel grid as centring the whole image.
        var cropWidth = min(width, Int((frameSize.width + 2 * Slideshow.movement).rounded(.up)) + 2)
        if (width - cropWidth) % 2 != 0 { cropWidth += 1 }
        let cropHeight = min(height, Int(frameSize.height.rounded(.up)) + 1)
        let fill = max(frameSize.width / CGFloat(width), frameSize.height / CGFloat(height))
        let factor = CGImageDecodingOptions.subsampleFactor(
            width: width, height: height, minimumWidth: Int((CGFloat(width) * fill).rounded(.up)),
            minimumHeight: Int((CGFloat(height) * fill).rounded(.up)))
        if cropWidth >= width, cropHeight >= height, factor == 1 {
            content = try CGImage.load(data: data)
            background = content
            return
        }
        content = try CGImage.load(
            data: data,
            options: CGImageDecodingOptions(
                region: CGRect(x: (width - cropWidth) / 2, y: 0, width: cropWidth, height: cropHeight)))
        background = try CGImage.load(data: data, options: CGImageDecodingOptions(subsampleFactor: factor))
    }
}
