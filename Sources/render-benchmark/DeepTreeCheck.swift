// Issue 19: the build stage's walk costs heap, not stack, in a release build too. A 10,000-deep
// chain of sublayers — every 1,000th level clipping to its bounds, three translucent groups, a
// chain of 40 masks — is built, committed, rendered, converted and freed on a thread with a
// 512 KiB stack; it prints the centre pixel (the deepest layer's red at an eighth of full
// opacity) and exits 1 if anything differs. A second chain nests the walks of 16 blended groups
// (ruling L17's bound) on the same stack. Hit testing, recursive through subclasses' overrides
// and bounded at 192 levels (about 2.2 KiB of a release build's stack a level), runs on the same
// stack too. `DeepTreeTests` runs the same in a debug build.
//
//     swift run -c release --scratch-path .build-release render-benchmark deep

import Foundation
import QuartzCore

/// Runs the check; `true` when the pixel and the conversion are as expected.
func runDeepTreeCheck() -> Bool {
    final class Outcome: @unchecked Sendable {
        var pixel: [UInt8] = []
        var converted = CGPoint.zero
        var hit = false
    }
    let size = CGSize(width: 16, height: 16)
    let outcome = Outcome()
    onSmallStack {
        let root = CALayer()
        root.frame = CGRect(origin: .zero, size: size)
        var deepest = root
        for level in 1...10_000 {
            let child = CALayer()
            child.frame = CGRect(origin: .zero, size: size)
            if level % 1000 == 0 { child.masksToBounds = true }
            if level == 2000 || level == 5000 || level == 8000 { child.opacity = 0.5 }
            if level == 3000 {
                var masked = child
                for _ in 0..<40 {
                    let mask = CALayer()
                    mask.frame = CGRect(origin: .zero, size: size)
                    mask.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
                    masked.mask = mask
                    masked = mask
                }
            }
            deepest.addSublayer(child)
            deepest = child
        }
        deepest.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        CATransaction.flush()
        outcome.converted = deepest.convert(CGPoint(x: 1, y: 2), to: root)
        outcome.hit = root.hitTest(CGPoint(x: 8, y: 8)) != nil
        outcome.pixel = centrePixel(of: root, size: size)
    }
    // Nested walks: 25 multiply-blended levels (16 nest) and a rasterized one in the chain.
    let nested = Outcome()
    onSmallStack {
        let root = CALayer()
        root.frame = CGRect(origin: .zero, size: size)
        var deepest = root
        for level in 1...10_000 {
            let child = CALayer()
            child.frame = CGRect(origin: .zero, size: size)
            if level % 400 == 0 { child.compositingFilter = "multiplyBlendMode" }
            if level == 9000 { child.shouldRasterize = true }
            deepest.addSublayer(child)
            deepest = child
        }
        deepest.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        CATransaction.flush()
        nested.pixel = centrePixel(of: root, size: size)
    }
    print(
        "deep: 16 nested blend groups on a 512 KiB stack: centre pixel \(nested.pixel) (expected [255, 0, 0, 255])"
    )
    let expected: [Int] = [32, 0, 0, 32]
    let pixelOK =
        outcome.pixel.count == 4 && zip(outcome.pixel, expected).allSatisfy { abs(Int($0) - $1) <= 2 }
    print(
        "deep: 10,000 levels on a 512 KiB stack: centre pixel \(outcome.pixel) (expected about \(expected)), "
            + "converted \(outcome.converted), hit \(outcome.hit)")
    return pixelOK && outcome.converted == CGPoint(x: 1, y: 2) && outcome.hit
        && nested.pixel == [255, 0, 0, 255]
}

/// Runs `body` on a new thread with a 512 KiB stack (a secondary thread's default on Apple's
/// platforms) and waits for it.
private func onSmallStack(_ body: @escaping @Sendable () -> Void) {
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        body()
        done.signal()
    }
    thread.stackSize = 512 << 10
    thread.start()
    done.wait()
}

/// The premultiplied RGBA of the pixel at (8, 8) of `root` drawn at `size`, or `[]` when it
/// cannot be drawn.
private func centrePixel(of root: CALayer, size: CGSize) -> [UInt8] {
    guard let renderer = try? CARenderer(layer: root, size: size), let image = renderer.image(atTime: 0),
        let pixels = image.premultipliedRGBA8Pixels()
    else { return [] }
    let i = (8 * image.width + 8) * 4
    return Array(pixels[i..<(i + 4)])
}
