import Foundation
import QuartzCore
import Testing

// The "after" half of every snippet in docs/porting.md, compiled and run here so
// that the page stays true. Each type's comment shows the iOS original it replaces.

/// iOS:
///
///     class RingLayer: CALayer {
///         @NSManaged var progress: CGFloat
///         override init() { super.init() }
///         override init(layer: Any) { super.init(layer: layer) }
///         required init?(coder: NSCoder) { super.init(coder: coder) }
///         override class func needsDisplay(forKey key: String) -> Bool {
///             key == "progress" || super.needsDisplay(forKey: key)
///         }
///     }
final class PortedRingLayer: CALayer {
    @LayerProperty var progress: CGFloat = 0

    override init() {
        super.init()
    }

    required init(layer: Any) {
        super.init(layer: layer)
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    override class func needsDisplay(forKey key: String) -> Bool {
        key == "progress" || super.needsDisplay(forKey: key)
    }
}

/// iOS:
///
///     @MainActor final class Spinner: NSObject {
///         private var link: CADisplayLink?
///         private(set) var angle: CGFloat = 0
///         func start() {
///             link = CADisplayLink(target: self, selector: #selector(step(_:)))
///             link?.add(to: .main, forMode: .common)
///             NotificationCenter.default.addObserver(
///                 self, selector: #selector(stop), name: Spinner.pauseAll, object: nil)
///         }
///         @objc private func step(_ link: CADisplayLink) { angle += .pi * CGFloat(link.duration) }
///         @objc func stop() { link?.invalidate(); link = nil }
///         func restartLater() { perform(#selector(restart), with: nil, afterDelay: 1) }
///         @objc private func restart() { stop(); start() }
///     }
@MainActor final class PortedSpinner {
    static let pauseAll = Notification.Name("PortedSpinner.pauseAll")
    private var link: CADisplayLink?
    private var observer: NSObjectProtocol?
    private(set) var angle: CGFloat = 0

    func start(on runLoop: RunLoop = .main) {
        // Links fire on the run loop they are added to, here the main one.
        link = CADisplayLink { [weak self] link in
            MainActor.assumeIsolated { self?.step(link) }
        }
        link?.add(to: runLoop, forMode: .common)
        // Posted on the main thread, delivered there (queue: nil delivers on the posting thread).
        observer = NotificationCenter.default.addObserver(
            forName: Self.pauseAll, object: nil, queue: nil
        ) { [weak self] _ in
            MainActor.assumeIsolated { self?.stop() }
        }
    }

    private func step(_ link: CADisplayLink) {
        angle += .pi * CGFloat(link.duration)
    }

    func stop() {
        link?.invalidate()
        link = nil
        if let observer { NotificationCenter.default.removeObserver(observer) }
        observer = nil
    }

    func restartLater() {
        DispatchQueue.main.asyncAfter(deadline: .now() + 1) { [weak self] in
            MainActor.assumeIsolated { self?.restart() }
        }
    }

    private func restart() {
        stop()
        start()
    }
}

/// iOS code that compiles unchanged: a pulsing dot drawn as an arc, a Swift 4 era timing
/// constant, `HUGE`, a gradient from `colors as CFArray`, and a `NSEC_PER_SEC` delay.
func makePulsingDot(in layer: CALayer) -> CAShapeLayer {
    let dot = CAShapeLayer()
    let path = CGMutablePath()
    // `UIBezierPath(arcCenter: .zero, radius: 10, startAngle: 0, endAngle: 2 * .pi,
    // clockwise: false).cgPath` on iOS: UIKit's `clockwise` is the opposite of CG's.
    path.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: 2 * .pi, clockwise: true)
    dot.path = path
    let pulse = CABasicAnimation(keyPath: "transform.scale")
    pulse.fromValue = 1
    pulse.toValue = 1.5
    pulse.autoreverses = true
    pulse.repeatCount = HUGE
    pulse.timingFunction = CAMediaTimingFunction(name: kCAMediaTimingFunctionEaseInEaseOut)
    dot.add(pulse, forKey: "pulse")
    layer.addSublayer(dot)
    return dot
}

func makeShine() -> CGGradient? {
    let colors = [CGColor(gray: 1, alpha: 0), CGColor(gray: 1, alpha: 0.8)]
    return CGGradient(
        colorsSpace: CGColorSpaceCreateDeviceGray(), colors: colors as CFArray, locations: [0, 1])
}

func delaySeconds(_ delay: Double) -> DispatchTime {
    DispatchTime.now() + Double(Int64(delay * Double(NSEC_PER_SEC))) / Double(NSEC_PER_SEC)
}

extension ManualClockTests {
    @Suite struct PortingSnippetsTests {
        /// The iOS `required init?(coder:)` compiles and, with nothing to decode, fails (L18).
        @Test func decodingInitialisersCompileAndFail() {
            #expect(PortedRingLayer(coder: NSCoder()) == nil)
            #expect(CAShapeLayer(coder: NSCoder()) == nil)
            #expect(CALayer(coder: NSCoder()) == nil)
        }

        @Test func theLayerPropertyAnimatesAndIsCopiedIntoPresentationLayers() {
            withManualClock {
                let layer = PortedRingLayer()
                layer.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
                CATransaction.flush()
                let animation = CABasicAnimation(keyPath: "progress")
                animation.fromValue = 0
                animation.toValue = 1
                animation.duration = 1
                layer.add(animation, forKey: "p")
                CAMediaClock.advance(by: 0.5)
                let presented = layer.presentation() as? PortedRingLayer
                #expect(abs((presented?.progress ?? -1) - 0.5) < 1e-9)
                #expect(PortedRingLayer.needsDisplay(forKey: "progress"))
            }
        }

        @MainActor @Test func closureBasedLinksAndObserversReplaceSelectors() {
            withManualClock(at: 100) {
                let spinner = PortedSpinner()
                spinner.start(on: .current)
                CAMediaClock.advance(by: 0.5)
                // 30 frames of 1/60 s, each turning π/60.
                #expect(abs(spinner.angle - .pi / 2) < 1e-9)
                NotificationCenter.default.post(name: PortedSpinner.pauseAll, object: nil)
                CAMediaClock.advance(by: 0.5)
                #expect(abs(spinner.angle - .pi / 2) < 1e-9)
            }
        }

        @Test func unchangedIOSCodeCompilesAndBehaves() throws {
            withManualClock {
                let root = CALayer()
                let dot = makePulsingDot(in: root)
                #expect(dot.path?.boundingBoxOfPath == CGRect(x: -10, y: -10, width: 20, height: 20))
                #expect(dot.animation(forKey: "pulse")?.repeatCount == HUGE)
            }
            #expect(try #require(makeShine()) !== (try #require(makeShine())))
            let deadline = delaySeconds(0.25)
            #expect(deadline.uptimeNanoseconds > DispatchTime.now().uptimeNanoseconds)
        }

        /// iOS code hands a text layer its font as `"Name" as CFTypeRef`; it draws as the name.
        @Test func aFontGivenAsCFTypeRefDrawsAsItsName() throws {
            func drawn(_ font: Any) throws -> [UInt8] {
                let layer = CATextLayer()
                layer.frame = CGRect(x: 0, y: 0, width: 120, height: 30)
                layer.string = "Hello"
                layer.fontSize = 20
                layer.foregroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
                layer.font = font
                let context = try #require(
                    CGContext(
                        data: nil, width: 120, height: 30, bitsPerComponent: 8, bytesPerRow: 480,
                        space: CGColorSpaceCreateDeviceRGB(),
                        bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
                layer.render(in: context)
                return try #require(context.makeImage()?.premultipliedRGBA8Pixels())
            }
            let asObject = "Helvetica-Bold" as CFTypeRef
            let bold = try drawn(asObject)
            #expect(bold == (try drawn("Helvetica-Bold")))
            #expect(bold != (try drawn("Helvetica")), "the bold face is drawn, not the default")
            #expect(bold.contains { $0 != 0 })
        }
    }
}
