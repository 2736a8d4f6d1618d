import Foundation
import QuartzCore
import Testing

/// Golden scenes of `CATextLayer`: alignment, wrapping, truncation, attributed runs and scale.
/// Every layer names DejaVu Sans or Serif (installed by `scripts/install-deps.sh`); only the
/// attributed scene's last run uses Core Text's default, Helvetica 12, which fontconfig draws
/// with DejaVu Sans where DejaVu is the only family installed (CI's case).
@Suite struct TextLayerGoldenTests {
    private static let ink = CGColor(red: 0.1, green: 0.1, blue: 0.2, alpha: 1)

    private static func background(_ size: CGSize) -> CALayer {
        let layer = CALayer()
        layer.frame = CGRect(origin: .zero, size: size)
        layer.backgroundColor = CGColor(red: 0.96, green: 0.96, blue: 0.93, alpha: 1)
        return layer
    }

    /// A text layer with a pale box behind it, so the bounds show.
    private static func text(
        _ string: Any, _ frame: CGRect, size: CGFloat = 13, font: String = "DejaVu Sans"
    ) -> CATextLayer {
        let layer = CATextLayer()
        layer.frame = frame
        layer.backgroundColor = CGColor(red: 0.82, green: 0.88, blue: 0.96, alpha: 1)
        layer.string = string
        layer.font = font
        layer.fontSize = size
        layer.foregroundColor = ink
        return layer
    }

    private static func render(_ root: CALayer, scale: CGFloat = 1) throws -> CGImage {
        let renderer = try CARenderer(layer: root, size: root.bounds.size, scale: scale)
        return try #require(renderer.image(atTime: 0))
    }

    /// Left, centre, right, natural (Latin and Hebrew) and justified, one box each: every line
    /// starts at the top of its box.
    @Test func alignmentModes() throws {
        let root = Self.background(CGSize(width: 200, height: 200))
        let modes: [(CATextLayerAlignmentMode, String)] = [
            (.left, "Left aligned"), (.center, "Centred"), (.right, "Right aligned"),
            (.natural, "Natural"), (.natural, "שלום עולם"),
        ]
        for (index, (mode, string)) in modes.enumerated() {
            let layer = Self.text(string, CGRect(x: 8, y: 6 + CGFloat(index) * 24, width: 184, height: 20))
            layer.alignmentMode = mode
            root.addSublayer(layer)
        }
        let justified = Self.text(
            "Justified text stretches every wrapped line to both edges but the last.",
            CGRect(x: 8, y: 128, width: 184, height: 66), size: 12)
        justified.alignmentMode = .justified
        justified.isWrapped = true
        root.addSublayer(justified)
        expectMatchesGolden(try Self.render(root), named: "text-alignment-modes")
    }

    /// The same paragraph wrapped (top), not wrapped (one line per paragraph, clipped at the
    /// right edge), and wrapped in a box too short for it (clipped at the bottom).
    @Test func wrapping() throws {
        let root = Self.background(CGSize(width: 200, height: 200))
        let paragraph = "Core Animation draws text layers top-aligned.\nA second paragraph."
        let wrapped = Self.text(paragraph, CGRect(x: 8, y: 8, width: 120, height: 96))
        wrapped.isWrapped = true
        root.addSublayer(wrapped)
        root.addSublayer(Self.text(paragraph, CGRect(x: 8, y: 112, width: 184, height: 40)))
        let short = Self.text(paragraph, CGRect(x: 136, y: 8, width: 56, height: 60), size: 11)
        short.isWrapped = true
        root.addSublayer(short)
        expectMatchesGolden(try Self.render(root), named: "text-wrapping")
    }

    /// None (clipped), start, middle and end truncation of one long line, then end truncation
    /// of wrapped text on the last line that fits.
    @Test func truncationModes() throws {
        let root = Self.background(CGSize(width: 200, height: 200))
        let line = "The quick brown fox jumps over the lazy dog"
        let modes: [CATextLayerTruncationMode] = [.none, .start, .middle, .end]
        for (index, mode) in modes.enumerated() {
            let layer = Self.text(line, CGRect(x: 8, y: 8 + CGFloat(index) * 26, width: 160, height: 20))
            layer.truncationMode = mode
            root.addSublayer(layer)
        }
        let wrapped = Self.text(line + ", twice: " + line, CGRect(x: 8, y: 116, width: 160, height: 44))
        wrapped.isWrapped = true
        wrapped.truncationMode = .end
        root.addSublayer(wrapped)
        expectMatchesGolden(try Self.render(root), named: "text-truncation-modes")
    }

    /// An attributed string with runs in their own fonts, sizes and colours (the layer's
    /// `fontSize` and `foregroundColor` do not apply), then Vietnamese, Greek and Arabic in a
    /// plain string.
    @Test func attributedRuns() throws {
        let root = Self.background(CGSize(width: 200, height: 200))
        let runs = NSMutableAttributedString(string: "Bold red, serif blue, ")
        runs.append(NSAttributedString(string: "default"))
        let red = CGColor(red: 0.85, green: 0.1, blue: 0.1, alpha: 1)
        let blue = CGColor(red: 0.1, green: 0.3, blue: 0.85, alpha: 1)
        runs.addAttributes(
            [.font: TextFont(name: "DejaVuSans-Bold", size: 22), .foregroundColor: red],
            range: NSRange(location: 0, length: 8))
        runs.addAttributes(
            [.font: TextFont(name: "DejaVu Serif", size: 16), .foregroundColor: blue],
            range: NSRange(location: 10, length: 10))
        let attributed = Self.text(runs, CGRect(x: 8, y: 8, width: 184, height: 80))
        attributed.isWrapped = true
        attributed.fontSize = 40
        attributed.foregroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        root.addSublayer(attributed)
        let scripts = Self.text(
            "Tiếng Việt có dấu\nΚαλημέρα κόσμε\nمرحبا بالعالم", CGRect(x: 8, y: 96, width: 184, height: 96),
            size: 18)
        root.addSublayer(scripts)
        expectMatchesGolden(try Self.render(root), named: "text-attributed-runs")
    }

    /// On a 2× renderer: `contentsScale` 1 (Apple's default) is magnified and soft, 2 is sharp;
    /// below them a text layer rotated and scaled by its transform, rasterised at 2.
    @Test func scaledText() throws {
        let root = Self.background(CGSize(width: 120, height: 120))
        let soft = Self.text("Scale 1×", CGRect(x: 6, y: 6, width: 108, height: 22), size: 16)
        root.addSublayer(soft)
        let sharp = Self.text("Scale 2×", CGRect(x: 6, y: 32, width: 108, height: 22), size: 16)
        sharp.contentsScale = 2
        root.addSublayer(sharp)
        let turned = Self.text("Turned", CGRect(x: 20, y: 70, width: 64, height: 20), size: 14)
        turned.contentsScale = 2
        turned.alignmentMode = .center
        turned.transform = CATransform3DScale(CATransform3DMakeRotation(-.pi / 12, 0, 0, 1), 1.4, 1.4, 1)
        root.addSublayer(turned)
        expectMatchesGolden(try Self.render(root, scale: 2), named: "text-scaled")
    }

    /// The renderer draws the presentation values: mid-animation the "I" is as tall as the
    /// interpolated size makes its cap height (1491/2048 em in DejaVu Sans) and purple between
    /// red and blue.
    @Test func animatedSizeAndColourReachThePixels() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
        let layer = Self.text("I", root.bounds, size: 10)
        layer.backgroundColor = nil
        layer.alignmentMode = .center
        root.addSublayer(layer)
        CATransaction.flush()
        let size = CABasicAnimation(keyPath: "fontSize")
        size.fromValue = 10
        size.toValue = 50
        let color = CABasicAnimation(keyPath: "foregroundColor")
        color.fromValue = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        color.toValue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        for animation in [size, color] {
            animation.duration = 1
            animation.beginTime = 10
            animation.fillMode = .both
            animation.isRemovedOnCompletion = false
            animation.timingFunction = CAMediaTimingFunction(name: .linear)
            layer.add(animation, forKey: animation.keyPath)
        }
        CATransaction.flush()
        let renderer = try CARenderer(layer: root, size: root.bounds.size)
        for (time, fontSize) in [(10.0, 10.0), (10.5, 30.0), (11.0, 50.0)] {
            let image = try #require(renderer.image(atTime: time))
            let pixels = try #require(image.premultipliedRGBA8Pixels())
            let inkRows = (0..<64).filter { y in (0..<64).contains { pixels[(y * 64 + $0) * 4 + 3] > 128 } }
            let height = CGFloat(inkRows.count)
            #expect(abs(height - fontSize * 1491 / 2048) <= 1.5, "at \(time)")
            guard time == 10.5, !inkRows.isEmpty else { continue }
            let row: Int = inkRows[inkRows.count / 2]
            let covered: [Int] = (0..<64).filter { pixels[(row * 64 + $0) * 4 + 3] == 255 }
            let i = (row * 64 + (covered.first ?? 0)) * 4
            #expect(
                abs(Int(pixels[i]) - 128) <= 2 && pixels[i + 1] == 0 && abs(Int(pixels[i + 2]) - 128) <= 2)
        }
    }
}
