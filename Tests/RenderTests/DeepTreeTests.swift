import Foundation
import QuartzCore
import Testing

/// Trees deeper than a thread's stack (issue 14, item 5; issue 19): a 10,000-deep chain commits,
/// renders, hit tests, converts, presents and is freed without overflowing — on a secondary
/// thread's 512 KiB stack, clips, groups and a chain of masks included; a chain of 2,000 masks
/// renders with its nesting bounded.
@Suite struct DeepTreeTests {
    static let size = CGSize(width: 16, height: 16)

    /// A root and a chain of `levels` sublayers below it, each `size` at the origin; `configure`
    /// is given each sublayer with its level (1 for the root's child) before it is added.
    static func chain(
        _ levels: Int, configure: (Int, CALayer) -> Void = { _, _ in }
    ) -> (root: CALayer, deepest: CALayer) {
        let root = CALayer()
        root.frame = CGRect(origin: .zero, size: size)
        var deepest = root
        for level in 1...levels {
            let child = CALayer()
            child.frame = CGRect(origin: .zero, size: size)
            configure(level, child)
            deepest.addSublayer(child)
            deepest = child
        }
        return (root, deepest)
    }

    /// The pixel at (8, 8) of `root` drawn at `size`, or `[]` when it cannot be drawn.
    static func centrePixel(of root: CALayer) -> [UInt8] {
        guard let renderer = try? CARenderer(layer: root, size: size), let image = renderer.image(atTime: 0)
        else { return [] }
        return CARendererTests.pixel(image, 8, 8)
    }

    /// Runs `body` on a thread with a 4 MiB stack, half of Linux's default: unbounded recursion
    /// through 10,000 levels (kilobytes a level in a debug build) would overflow it.
    static func onSmallStack(bytes: Int = 4 << 20, _ body: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            body()
            done.signal()
        }
        thread.stackSize = bytes
        thread.start()
        done.wait()
    }

    /// Building, committing, hit testing, converting, presenting and freeing run on a 4 MiB
    /// stack; the frame is drawn on the test's thread.
    @Test func aTenThousandDeepChainNeverOverflowsTheStack() throws {
        CompatibilityWarnings.isEnabled = false
        let results = Results()
        Self.onSmallStack {
            let (root, deepest) = Self.chain(10_000)
            root.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
            CATransaction.flush()
            results.hit = root.hitTest(CGPoint(x: 8, y: 8)) != nil
            results.converted = deepest.convert(CGPoint(x: 1, y: 2), to: root)
            results.presented = deepest.presentation() != nil
            results.root = root
        }
        var renderer: CARenderer? = try CARenderer(layer: try #require(results.root), size: Self.size)
        let image = try #require(renderer?.image(atTime: 0))
        renderer = nil
        #expect(CARendererTests.pixel(image, 8, 8) == [0, 255, 0, 255])
        #expect(results.hit)
        #expect(results.converted == CGPoint(x: 1, y: 2))
        #expect(results.presented)
        // The last reference goes on the small stack: the tree and its render tree are freed there.
        Self.onSmallStack { results.root = nil }
        #expect(results.root == nil)
    }

    /// The whole life of a 10,000-deep chain on a 512 KiB stack (a secondary thread's default on
    /// Apple's platforms), in a debug build, whose frames are larger than a release build's: the
    /// renderer's walk takes heap, not stack, per level (ruling L17). Every 1,000th level clips
    /// to its bounds, three levels are translucent groups around their subtree, and one level has
    /// a chain of 40 masks (groups nesting past the offscreen targets' 16 levels); the deepest
    /// layer's red shows through all of them, at the groups' opacity.
    @Test func aTenThousandDeepChainWithClipsGroupsAndMasksDrawsOnA512KiBStack() throws {
        CompatibilityWarnings.isEnabled = false
        let results = Results()
        Self.onSmallStack(bytes: 512 << 10) {
            let (root, deepest) = Self.chain(10_000) { level, child in
                if level % 1000 == 0 { child.masksToBounds = true }
                if level == 2000 || level == 5000 || level == 8000 { child.opacity = 0.5 }
                if level == 3000 {
                    var masked = child
                    for _ in 0..<40 {
                        let mask = CALayer()
                        mask.frame = CGRect(origin: .zero, size: Self.size)
                        mask.backgroundColor = .black
                        masked.mask = mask
                        masked = mask
                    }
                }
            }
            deepest.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            CATransaction.flush()
            results.hit = root.hitTest(CGPoint(x: 8, y: 8)) != nil
            results.converted = deepest.convert(CGPoint(x: 1, y: 2), to: root)
            results.pixel = Self.centrePixel(of: root)
        }
        // Red at an eighth of full opacity (three groups at 0.5), premultiplied.
        #expect(results.pixel.count == 4)
        if results.pixel.count == 4 {
            for (channel, expected) in zip(results.pixel, [32, 0, 0, 32] as [Int]) {
                #expect(abs(Int(channel) - expected) <= 2, "\(results.pixel)")
            }
        }
        #expect(results.hit)
        #expect(results.converted == CGPoint(x: 1, y: 2))
    }

    /// The features that draw their subtree before going on — a blend mode's group, a rasterized
    /// layer's bitmap — nest a walk each, at most `FrameBuilder.maximumGroupDepth` (16) deep
    /// (ruling L17): 25 multiply-blended levels and a rasterized one in a 10,000-deep chain draw
    /// the deepest layer's red on a 512 KiB stack.
    @Test func nestedWalksOfBlendedAndRasterizedLevelsFitA512KiBStack() {
        CompatibilityWarnings.isEnabled = false
        let results = Results()
        Self.onSmallStack(bytes: 512 << 10) {
            let (root, deepest) = Self.chain(10_000) { level, child in
                if level % 400 == 0 { child.compositingFilter = "multiplyBlendMode" }
                if level == 9000 { child.shouldRasterize = true }
            }
            deepest.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            CATransaction.flush()
            results.pixel = Self.centrePixel(of: root)
        }
        #expect(results.pixel == [255, 0, 0, 255])
    }

    /// A shadow cast by a layer with sublayers draws its subtree's shape in a nested walk, two
    /// offscreen targets deep: 12 nested shadowed levels (8 nest, the rest are reported) over a
    /// chain of 100 draw on a 512 KiB stack.
    @Test func nestedShadowsFitA512KiBStack() {
        CompatibilityWarnings.isEnabled = false
        let results = Results()
        Self.onSmallStack(bytes: 512 << 10) {
            let (root, deepest) = Self.chain(112) { level, child in
                if level <= 12 {
                    child.shadowOpacity = 1
                    child.shadowRadius = 1
                }
            }
            deepest.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            CATransaction.flush()
            results.pixel = Self.centrePixel(of: root)
        }
        #expect(results.pixel == [255, 0, 0, 255])
    }

    @Test func aChainOfTwoThousandMasksRendersWithBoundedNesting() {
        CompatibilityWarnings.isEnabled = false
        let results = Results()
        Self.onSmallStack {
            let root = CALayer()
            root.frame = CGRect(origin: .zero, size: Self.size)
            root.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            var masked = root
            for _ in 0..<2000 {
                let mask = CALayer()
                mask.frame = CGRect(origin: .zero, size: Self.size)
                mask.backgroundColor = .black
                masked.mask = mask
                masked = mask
            }
            CATransaction.flush()
            let renderer = try? CARenderer(layer: root, size: Self.size)
            let image = renderer?.image(atTime: 0)
            results.pixel = image.flatMap { $0.premultipliedRGBA8Pixels() }.map { Array($0[0..<4]) } ?? []
        }
        #expect(results.pixel == [0, 0, 255, 255])
    }

    final class Results: @unchecked Sendable {
        var pixel: [UInt8] = []
        var hit = false
        var converted = CGPoint.zero
        var presented = false
        var root: CALayer?
    }
}
