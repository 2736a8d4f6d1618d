import Foundation
import QuartzCore
import Testing

@Suite struct CAFrameRateRangeTests {
    @Test func defaultIsAllZero() {
        let range = CAFrameRateRange.default
        #expect(range.minimum == 0 && range.maximum == 0 && range.preferred == 0)
        #expect(range.isEqual(to: CAFrameRateRange(minimum: 0, maximum: 0, preferred: 0)))
        #expect(!range.isEqual(to: CAFrameRateRange(minimum: 0, maximum: 0)))
        #expect(CAFrameRateRange(minimum: 10, maximum: 60).preferred == nil)
    }
}

extension ManualClockTests {
    @Suite struct CADisplayLinkTests {
        @Test func firesAtSixtyHertzUnderTheManualClock() {
            withManualClock(at: 1000) {
                var stamps: [(CFTimeInterval, CFTimeInterval, CFTimeInterval, CFTimeInterval)] = []
                let link = CADisplayLink { link in
                    stamps.append((link.timestamp, link.targetTimestamp, link.duration, CACurrentMediaTime()))
                }
                #expect(link.timestamp == 0 && link.duration == 0)
                link.add(to: .current, forMode: .default)
                defer { link.invalidate() }
                CAMediaClock.advance(by: 0.1)
                // 0.1 s at 60 Hz: frames at 1/60 … 6/60.
                #expect(stamps.count == 6)
                for (index, stamp) in stamps.enumerated() {
                    let expected = 1000 + Double(index + 1) / 60
                    #expect(abs(stamp.0 - expected) < 1e-9)
                    #expect(abs(stamp.1 - (expected + 1.0 / 60)) < 1e-9)
                    #expect(abs(stamp.2 - 1.0 / 60) < 1e-12)
                    // The clock is at the frame's time while the handler runs.
                    #expect(abs(stamp.3 - expected) < 1e-9)
                }
                #expect(abs(CACurrentMediaTime() - 1000.1) < 1e-9)
                // Small steps that cross no frame boundary fire nothing; the next crossing fires.
                stamps = []
                CAMediaClock.advance(by: 0.01)
                #expect(stamps.isEmpty)
                CAMediaClock.advance(by: 0.01)
                #expect(stamps.count == 1)
                #expect(abs((stamps.first?.0 ?? 0) - (1000 + 7.0 / 60)) < 1e-9)
            }
        }

        @Test func preferredRatesDivideTheRefreshRate() {
            withManualClock(at: 50) {
                var thirty = 0
                var twenty = 0
                var interval: CFTimeInterval = 0
                var duration: CFTimeInterval = 0
                let a = CADisplayLink { link in
                    thirty += 1
                    interval = link.targetTimestamp - link.timestamp
                    duration = link.duration
                }
                a.preferredFrameRateRange = CAFrameRateRange(minimum: 10, maximum: 60, preferred: 30)
                let b = CADisplayLink { _ in twenty += 1 }
                b.preferredFramesPerSecond = 20
                a.add(to: .current, forMode: .default)
                b.add(to: .current, forMode: .default)
                defer {
                    a.invalidate()
                    b.invalidate()
                }
                CAMediaClock.advance(by: 1)
                #expect(thirty == 30)
                #expect(twenty == 20)
                #expect(abs(interval - 1.0 / 30) < 1e-9)
                // `duration` is the display's refresh interval, not the link's.
                #expect(abs(duration - 1.0 / 60) < 1e-12)
                // 45 is no divisor of 60: the closest, 60, is above the maximum, so 60/2.
                a.preferredFrameRateRange = CAFrameRateRange(minimum: 0, maximum: 45, preferred: 45)
                thirty = 0
                CAMediaClock.advance(by: 1)
                #expect(thirty == 30)
            }
        }

        @Test func commitsAndDeliversEventsBeforeTheHandler() {
            withManualClock(at: 10) {
                let root = CALayer()
                CATransaction.flush()
                var seen: [CGFloat] = []
                var started = false
                final class Delegate: CAAnimationDelegate {
                    var onStart: () -> Void = {}
                    func animationDidStart(_ anim: CAAnimation) { onStart() }
                }
                let delegate = Delegate()
                delegate.onStart = { started = true }
                let link = CADisplayLink { _ in
                    seen.append(root.presentation()?.opacity.cgFloat ?? -1)
                    #expect(started)
                }
                link.add(to: .current, forMode: .default)
                defer { link.invalidate() }
                let animation = CABasicAnimation(keyPath: "opacity")
                animation.fromValue = 0
                animation.toValue = 1
                animation.duration = 1
                animation.delegate = delegate
                root.add(animation, forKey: "fade")
                CAMediaClock.advance(by: 0.5)
                #expect(seen.count == 30)
                #expect(abs((seen.last ?? 0) - 0.5) < 1e-6)
            }
        }

        @Test func pauseSkipsFramesAndInvalidateStops() {
            withManualClock(at: 0) {
                var count = 0
                let link = CADisplayLink { _ in count += 1 }
                #expect(!link.isPaused)
                link.add(to: .current, forMode: .default)
                link.add(to: .current, forMode: .default)  // twice: still one tick per frame
                CAMediaClock.advance(by: 0.25)
                #expect(count == 15)
                link.isPaused = true
                CAMediaClock.advance(by: 0.25)
                #expect(count == 15)
                link.isPaused = false
                CAMediaClock.advance(by: 0.25)
                #expect(count == 30)
                link.remove(from: .current, forMode: .default)
                CAMediaClock.advance(by: 0.25)
                #expect(count == 30)
                link.add(to: .current, forMode: .default)
                CAMediaClock.advance(by: 0.25)
                #expect(count == 45)
                link.invalidate()
                CAMediaClock.advance(by: 0.25)
                link.add(to: .current, forMode: .default)
                CAMediaClock.advance(by: 0.25)
                #expect(count == 45)
            }
        }

        @Test func runLoopTimerDrivesItUnderSystemTime() {
            // Other suites' manual clocks would tick every registered link (ruling D1): they
            // wait while this runs.
            CAMediaClock.withSystemTime { runOnSystemTime() }
        }

        private func runOnSystemTime() {
            var stamps: [CFTimeInterval] = []
            let link = CADisplayLink { link in stamps.append(link.timestamp) }
            link.preferredFramesPerSecond = 100
            link.add(to: .current, forMode: .default)
            defer { link.invalidate() }
            let start = Date()
            while stamps.count < 5, Date().timeIntervalSince(start) < 30 {
                _ = RunLoop.current.run(mode: .default, before: Date(timeIntervalSinceNow: 0.05))
            }
            #expect(stamps.count >= 5)
            // Timestamps lie on the link's grid: increasing, at most the time of the call.
            for (a, b) in zip(stamps, stamps.dropFirst()) { #expect(b > a) }
            #expect((stamps.last ?? .infinity) <= CACurrentMediaTime())
        }
    }
}

extension Float {
    fileprivate var cgFloat: CGFloat { CGFloat(self) }
}
