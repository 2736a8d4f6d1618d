import Foundation
import LaminaExamples
import LaminaWindow
import QuartzCore
import UIKit

/// An example in a live window (`lamina preview`): the scene's UIKit window scaled to fit the
/// window, driven by system time, with the user's pointer and keys turned into the listing's
/// interactions with its controls, and its other presses into touches delivered to its views
/// through its UIKit window (``ExampleInput``). Timers the listing schedules fire from its script; with
/// `replaysScript`, its scripted interactions too, at their times. An optional overlay shows the
/// frame rate and frame time.
public final class ExamplePreview {
    /// The example shown.
    public let example: Example
    /// Its scene, built when the preview opened.
    public let scene: ExampleScene
    /// The window.
    public let window: LaminaWindow
    /// Every interaction sent to the scene so far, in order (from the user's use of the controls
    /// and from the script).
    public private(set) var sentEvents: [ExampleEvent] = []
    /// Every touch phase delivered to the scene's UIKit window from the user's presses so far, in
    /// order, with its point in root coordinates.
    public private(set) var deliveredTouches: [(phase: UITouch.Phase, point: CGPoint)] = []

    /// The sound played in step with the preview's clock (`nil`, the default: none): its
    /// ``AudioOutput/update(time:)`` is called before each frame with the seconds since the
    /// preview opened, the time the scene's frame 0 stands for (ruling X18).
    public var audio: AudioOutput?

    private let stage = CALayer()
    private let replaysScript: Bool
    private let startTime: CFTimeInterval
    private var nextScripted = 0
    /// The period of the listing's timer, read from its script once (nil: no timer).
    private let timerPeriod: CFTimeInterval?
    private var input = ExampleInput()
    private let statistics: CATextLayer?
    private var frameTimes: [CFTimeInterval] = []
    private var lastStatisticsUpdate: CFTimeInterval = 0

    /// Opens a window of the example's size times `scale` and builds the scene in it.
    ///
    /// - Parameters:
    ///   - replaysScript: Also play the example's scripted interactions (its timers always run).
    ///   - showsStatistics: Overlay the frame rate and frame time (`lamina preview --stats`).
    /// - Throws: `LaminaWindowError` when no window can be opened (no display, no GL context).
    public init(
        _ example: Example, scale: CGFloat = 1, replaysScript: Bool = false, showsStatistics: Bool = false
    ) throws {
        let scale = scale.isFinite && scale > 0 ? scale : 1
        self.example = example
        self.replaysScript = replaysScript
        let title = (example.listing.map { "Listing \($0): " } ?? "") + example.title
        window = try LaminaWindow(
            title: "Lamina — \(title)",
            size: CGSize(width: example.size.width * scale, height: example.size.height * scale))
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        stage.bounds = CGRect(origin: .zero, size: example.size)
        window.rootLayer.backgroundColor = CGColor(gray: 0.12, alpha: 1)
        window.rootLayer.addSublayer(stage)
        if showsStatistics {
            let overlay = CATextLayer()
            overlay.frame = CGRect(x: 6, y: 4, width: 220, height: 18)
            overlay.font = "DejaVu Sans Mono"
            overlay.fontSize = 12
            overlay.foregroundColor = CGColor(red: 0.3, green: 1, blue: 0.4, alpha: 1)
            overlay.backgroundColor = CGColor(gray: 0, alpha: 0.55)
            overlay.contentsScale = max(window.scale, 1)
            overlay.zPosition = 1
            window.rootLayer.addSublayer(overlay)
            statistics = overlay
        } else {
            statistics = nil
        }
        CATransaction.commit()
        startTime = CACurrentMediaTime()
        scene = example.makeScene()
        timerPeriod = Self.timerPeriod(of: scene.script)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        stage.addSublayer(scene.window.layer)
        CATransaction.commit()
        layOut()
    }

    /// Runs the window until it is closed (or after `maximumFrames` frames, when
    /// `beforeClosing` runs first, with the window still open), then returns.
    public func run(maximumFrames: Int? = nil, beforeClosing: () -> Void = {}) {
        var frames = 0
        withoutActuallyEscaping(beforeClosing) { beforeClosing in
            window.run(
                onFrame: { [self] link in
                    frame(link)
                    frames += 1
                    if let maximumFrames, frames >= maximumFrames {
                        beforeClosing()
                        window.close()
                    }
                },
                onEvent: { [self] event in handle(event) })
        }
    }

    /// Handles one window event: a resize refits the scene; pointer and key events become the
    /// scene's interactions or touches of its views; Escape closes the window.
    public func handle(_ event: LaminaWindow.Event) {
        switch event {
        case .resized:
            layOut()
            return
        case .key("Escape"):
            window.close()
            return
        default:
            break
        }
        let converted: LaminaWindow.Event
        switch event {
        case .pointerDown(let p): converted = .pointerDown(scenePoint(p))
        case .pointerMoved(let p): converted = .pointerMoved(scenePoint(p))
        case .pointerUp(let p): converted = .pointerUp(scenePoint(p))
        default: converted = event
        }
        for action in input.actions(for: converted, controls: scene.controls) {
            switch action {
            case .interaction(let interaction):
                send(interaction)
            case .touch(let phase, let point):
                deliveredTouches.append((phase, point))
                scene.sendTouch(phase, at: point)
            }
        }
    }

    private func send(_ event: ExampleEvent) {
        sentEvents.append(event)
        scene.handle(event)
    }

    /// Before each frame: the script's due events, and the statistics overlay.
    private func frame(_ link: CADisplayLink) {
        let elapsed = CACurrentMediaTime() - startTime
        audio?.update(time: elapsed)
        while nextScripted < scene.script.count, scene.script[nextScripted].time <= elapsed {
            let scripted = scene.script[nextScripted].event
            nextScripted += 1
            if case .timer = scripted {
                send(scripted)
            } else if replaysScript {
                send(scripted)
            }
        }
        // A timer script covers the example's length; keep the listing's timer going after it.
        if nextScripted == scene.script.count, case .timer(let name)? = scene.script.last?.event,
            let period = timerPeriod, elapsed - lastTimerTime >= period
        {
            lastTimerTime = elapsed
            send(.timer(name))
        }
        updateStatistics(now: link.timestamp)
    }

    private var lastTimerTime: CFTimeInterval = 0

    /// The spacing of the scene's scripted timer events, when it has at least two.
    private static func timerPeriod(of script: [ScriptedEvent]) -> CFTimeInterval? {
        let times = script.compactMap { scripted -> CFTimeInterval? in
            if case .timer = scripted.event { return scripted.time }
            return nil
        }
        guard times.count >= 2, let last = times.last else { return nil }
        return last - times[times.count - 2]
    }

    private func updateStatistics(now: CFTimeInterval) {
        guard let statistics else { return }
        frameTimes.append(now)
        if frameTimes.count > 120 { frameTimes.removeFirst(frameTimes.count - 120) }
        guard now - lastStatisticsUpdate >= 0.5, frameTimes.count >= 2,
            let first = frameTimes.first, let last = frameTimes.last, last > first
        else { return }
        lastStatisticsUpdate = now
        let interval = (last - first) / Double(frameTimes.count - 1)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        statistics.string = String(format: " %.1f fps  %.1f ms/frame", 1 / interval, interval * 1000)
        CATransaction.commit()
    }

    /// Scales and centres the scene in the window, and draws its text at the resulting scale.
    private func layOut() {
        let size = window.rootLayer.bounds.size
        let fit = max(min(size.width / example.size.width, size.height / example.size.height), 0.01)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        stage.position = CGPoint(x: size.width / 2, y: size.height / 2)
        stage.transform = CATransform3DMakeScale(fit, fit, 1)
        CATransaction.commit()
        scene.setTextScale(fit * max(window.scale, 1))
    }

    /// A window point in the scene's root coordinates.
    private func scenePoint(_ point: CGPoint) -> CGPoint {
        scene.root.convert(point, from: window.rootLayer)
    }
}
