import Foundation
import QuartzCore
import Testing

/// The threading contract (docs/architecture.md, "Threads"; ruling RT1): each thread builds, animates and
/// commits its own layer trees with its own transactions, while a renderer on another thread
/// draws what they committed. `scripts/tsan.sh` runs this suite under the thread sanitizer.
@Suite struct RenderThreadTests {
    static let size = CGSize(width: 32, height: 32)

    /// Three threads each change, animate and commit their own tree 200 times while a fourth
    /// renders all three trees; afterwards each renderer shows its tree's last commit.
    @Test func threadsCommitTheirOwnTreesWhileAnotherRenders() throws {
        let builders = 3
        let commits = 200
        let roots = (0..<builders).map { _ in
            let root = CALayer()
            root.frame = CGRect(origin: .zero, size: Self.size)
            CATransaction.flush()
            return root
        }
        let done = DispatchGroup()
        let finished = Finished()
        // The builders start once the renderer draws, so that commits and frames overlap.
        let drawing = DispatchSemaphore(value: 0)
        for (index, root) in roots.enumerated() {
            done.enter()
            // The tree is handed over: from here on only the builder thread uses it.
            let tree = Handoff(root)
            let thread = Thread {
                drawing.wait()
                Self.build(tree.layer, commits: commits, seed: index)
                done.leave()
            }
            thread.stackSize = 4 << 20
            thread.start()
        }
        let rendered = DispatchGroup()
        rendered.enter()
        let frames = FrameCount()
        // The renderers only read the trees' published render trees.
        let drawn = roots.map(Handoff.init)
        let renderThread = Thread {
            defer { rendered.leave() }
            guard let renderers = try? drawn.map({ try CARenderer(layer: $0.layer, size: Self.size) }) else {
                for _ in 0..<builders { drawing.signal() }
                return
            }
            for _ in 0..<builders { drawing.signal() }
            while !finished.value {
                for renderer in renderers { _ = renderer.image(atTime: CACurrentMediaTime()) }
                frames.add()
            }
            // Every tree's last commit: a blue square at the top left.
            for renderer in renderers {
                guard let image = renderer.image(atTime: CACurrentMediaTime()),
                    let pixels = image.premultipliedRGBA8Pixels()
                else { continue }
                frames.record(Array(pixels[0..<4]))
            }
        }
        renderThread.stackSize = 8 << 20
        renderThread.start()
        done.wait()
        finished.set()
        rendered.wait()
        #expect(frames.count > 0)
        #expect(frames.lastPixels.count == builders)
        #expect(frames.lastPixels.allSatisfy { $0 == [0, 0, 255, 255] })
    }

    /// Completion blocks and delegate callbacks run on the thread whose transaction committed
    /// the animations (each thread has its own engine), never on another thread that flushes.
    @Test func completionBlocksRunOnTheCommittingThread() {
        let threads = 4
        let done = DispatchGroup()
        let results = FrameCount()
        for _ in 0..<threads {
            done.enter()
            let thread = Thread {
                defer { done.leave() }
                let me = ObjectIdentifier(Thread.current)
                let ran = Finished()
                var wrongThread = false
                let layer = CALayer()
                CATransaction.flush()
                for _ in 0..<20 {
                    CATransaction.begin()
                    CATransaction.setAnimationDuration(0.001)
                    CATransaction.setCompletionBlock {
                        if ObjectIdentifier(Thread.current) != me { wrongThread = true }
                        ran.set()
                    }
                    layer.opacity = layer.opacity == 1 ? 0.5 : 1
                    CATransaction.commit()
                }
                let deadline = Date().addingTimeInterval(5)
                while !ran.value, Date() < deadline {
                    Thread.sleep(forTimeInterval: 0.005)
                    CATransaction.flush()
                }
                results.record([ran.value ? 1 : 0, wrongThread ? 1 : 0])
            }
            thread.start()
        }
        done.wait()
        #expect(results.lastPixels.count == threads)
        #expect(results.lastPixels.allSatisfy { $0 == [1, 0] })
    }

    /// On its own thread: `commits` transactions that replace, move, recolour and animate the
    /// tree's layers, then one that leaves a blue square at the top left.
    static func build(_ root: CALayer, commits: Int, seed: Int) {
        var layers: [CALayer] = []
        for step in 0..<commits {
            CATransaction.begin()
            if layers.count > 8 {
                layers.removeFirst().removeFromSuperlayer()
            }
            let layer = step % 3 == 0 ? CAShapeLayer() : CALayer()
            layer.frame = CGRect(x: Double((step + seed) % 16), y: Double(step % 16), width: 8, height: 8)
            layer.backgroundColor = CGColor(red: 1, green: Double(step % 7) / 7, blue: 0, alpha: 1)
            root.addSublayer(layer)
            layers.append(layer)
            let move = CABasicAnimation(keyPath: "position.x")
            move.byValue = 4
            move.duration = 0.05
            layers.randomElement()?.add(move, forKey: "move")
            layers.first?.opacity = Float(step % 10) / 10
            CATransaction.setCompletionBlock {}
            CATransaction.commit()
        }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        root.sublayers = nil
        let last = CALayer()
        last.frame = CGRect(x: 0, y: 0, width: 16, height: 16)
        last.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        root.addSublayer(last)
        CATransaction.commit()
    }

    /// A layer passed to another thread, which alone uses it from then on (or, for a renderer,
    /// reads only its published render tree).
    struct Handoff: @unchecked Sendable {
        let layer: CALayer
        init(_ layer: CALayer) { self.layer = layer }
    }

    final class Finished: @unchecked Sendable {
        private let lock = NSLock()
        private var flag = false
        var value: Bool { lock.withLock { flag } }
        func set() { lock.withLock { flag = true } }
    }

    final class FrameCount: @unchecked Sendable {
        private let lock = NSLock()
        private var frames = 0
        private var pixels: [[UInt8]] = []
        var count: Int { lock.withLock { frames } }
        var lastPixels: [[UInt8]] { lock.withLock { pixels } }
        func add() { lock.withLock { frames += 1 } }
        func record(_ pixel: [UInt8]) { lock.withLock { pixels.append(pixel) } }
    }
}
