import Foundation
import QuartzCore
import Testing

@Suite("CARenderer.readYUV420: the GPU conversion against a CPU reference")
struct YUVReadbackTests {
    @Test("every Y, U and V sample is within one step of BT.709 limited range computed on the CPU")
    func matchesReference() throws {
        let width = 64
        let height = 32
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: width, height: height)
        // Distinct colours in every 2×2 block and a translucent layer (composited over black).
        for index in 0..<16 {
            let layer = CALayer()
            layer.frame = CGRect(
                x: index % 8 * 8 + index / 8, y: index / 8 * 16 + index % 3, width: 7, height: 13)
            layer.backgroundColor = CGColor(
                red: CGFloat(index % 4) / 3, green: CGFloat(index / 4) / 3,
                blue: CGFloat((index * 7) % 5) / 4,
                alpha: index == 5 ? 0.5 : 1)
            root.addSublayer(layer)
        }
        let renderer = try CARenderer(layer: root, size: CGSize(width: width, height: height))
        #expect(renderer.supportsYUV420Readback)
        renderer.beginFrame(atTime: 0)
        renderer.render()
        renderer.endFrame()
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        var yuv = [UInt8](repeating: 0, count: renderer.yuv420FrameByteCount)
        #expect(rgba.withUnsafeMutableBytes { renderer.readPixels(into: $0, bytesPerRow: width * 4) })
        #expect(yuv.withUnsafeMutableBytes { renderer.readYUV420(into: $0) })
        func color(_ x: Int, _ y: Int) -> (Double, Double, Double) {
            let i = (y * width + x) * 4
            return (Double(rgba[i]) / 255, Double(rgba[i + 1]) / 255, Double(rgba[i + 2]) / 255)
        }
        var worst = 0
        for y in 0..<height {
            for x in 0..<width {
                let (r, g, b) = color(x, y)
                let expected = Int((16 + 219 * (0.2126 * r + 0.7152 * g + 0.0722 * b)).rounded())
                worst = max(worst, abs(Int(yuv[y * width + x]) - expected))
            }
        }
        let chromaWidth = width / 2
        let uOffset = width * height
        let vOffset = uOffset + chromaWidth * height / 2
        for y in 0..<height / 2 {
            for x in 0..<chromaWidth {
                var (r, g, b) = (0.0, 0.0, 0.0)
                for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                    let c = color(2 * x + dx, 2 * y + dy)
                    r += c.0 / 4
                    g += c.1 / 4
                    b += c.2 / 4
                }
                let u = Int((128 + 224 * (-0.114572 * r - 0.385428 * g + 0.5 * b)).rounded())
                let v = Int((128 + 224 * (0.5 * r - 0.454153 * g - 0.045847 * b)).rounded())
                worst = max(worst, abs(Int(yuv[uOffset + y * chromaWidth + x]) - u))
                worst = max(worst, abs(Int(yuv[vOffset + y * chromaWidth + x]) - v))
            }
        }
        #expect(worst <= 1, "largest difference \(worst)")
        // A non-trivial frame: the planes are not flat.
        #expect(Set(yuv[0..<uOffset]).count > 8)
    }

    @Test("unsupported sizes and short buffers are refused")
    func refusals() throws {
        let odd = try CARenderer(layer: CALayer(), size: CGSize(width: 60, height: 30))
        #expect(!odd.supportsYUV420Readback)
        var buffer = [UInt8](repeating: 0, count: 60 * 30 * 2)
        #expect(!buffer.withUnsafeMutableBytes { odd.readYUV420(into: $0) })
        let even = try CARenderer(layer: CALayer(), size: CGSize(width: 64, height: 32))
        var short = [UInt8](repeating: 0, count: 100)
        #expect(!short.withUnsafeMutableBytes { even.readYUV420(into: $0) })
    }
}
