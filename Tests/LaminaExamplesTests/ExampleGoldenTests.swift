import LaminaExamples
import QuartzCore
import Testing

extension ExampleClockTests {
    /// One contact strip per example: four frames of its scripted run, rendered by `CARenderer`
    /// at a small scale and tiled left to right, compared with `Goldens/example-<name>.png`.
    @Suite struct ExampleGoldenTests {
        /// The fractions of each example's duration its frames are taken at.
        static let frameFractions: [Double] = [0.15, 0.4, 0.65, 0.9]

        /// Points to pixels: 0.5 for the phone-sized listings, 0.2 for the 1280×720 slideshow.
        static func scale(for example: Example) -> CGFloat {
            example.size.width > 640 ? 0.2 : 0.5
        }

        /// Runs `example` and renders its contact strip.
        static func contactStrip(_ example: Example) throws -> CGImage {
            let run = ExampleRun(example)
            let scale = scale(for: example)
            let renderer = try CARenderer(layer: run.scene.root, size: example.size, scale: scale)
            var frames: [CGImage] = []
            for fraction in frameFractions {
                run.advance(to: example.duration * fraction)
                frames.append(try #require(renderer.image(atTime: CACurrentMediaTime())))
            }
            let width = renderer.pixelWidth
            let height = renderer.pixelHeight
            let context = try #require(
                CGContext(
                    data: nil, width: width * frames.count, height: height, bitsPerComponent: 8,
                    bytesPerRow: 0,
                    space: CGColorSpace(name: CGColorSpace.sRGB)!,
                    bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue
                        | CGBitmapInfo.byteOrder32Little.rawValue))
            for (index, frame) in frames.enumerated() {
                context.draw(frame, in: CGRect(x: index * width, y: 0, width: width, height: height))
            }
            return try #require(context.makeImage())
        }

        @Test(arguments: Examples.all.map(\.name))
        func contactStripMatchesGolden(_ name: String) throws {
            let example = try #require(Examples.named(name))
            try withManualClock {
                let strip = try Self.contactStrip(example)
                expectMatchesGolden(strip, named: "example-\(name)")
            }
        }
    }
}
