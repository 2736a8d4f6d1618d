import QuartzCore

/// Drives an example's scene under the manual clock: fires each scripted event when its time
/// comes, moving the clock with `CAMediaClock.advance(by:)` so that animation events, delegate
/// callbacks and completion blocks are delivered between events in time order, as a live app sees
/// them.
///
/// `CAMediaClock.useManualTime(_:)` must be in use. Under system time the clock cannot be moved:
/// ``advance(to:)`` then fires the events that are due by the time asked for without waiting, and
/// delivers what is due now.
///
///     CAMediaClock.useManualTime(0)
///     let run = ExampleRun(Examples.named("8.15")!)
///     run.advance(to: run.example.duration)
///     print(run.scene.log)  // ["The animation stopped (finished: NO)", "… (finished: YES)"]
public final class ExampleRun {
    /// The example being run.
    public let example: Example
    /// Its scene, made when the run was created.
    public let scene: ExampleScene
    /// The media time the scene was made at (`CACurrentMediaTime()`); script times count from it.
    public let startTime: CFTimeInterval
    /// The seconds (since `startTime`) the run has reached.
    public private(set) var elapsed: CFTimeInterval = 0
    /// The index in the scene's script of the next event to fire.
    private var nextEvent = 0

    /// Records the start time (`CACurrentMediaTime()`) and makes the example's scene.
    public init(_ example: Example) {
        self.example = example
        startTime = CACurrentMediaTime()
        scene = example.makeScene()
    }

    /// Moves the clock to `startTime + seconds`, firing every scripted event due by then in order.
    ///
    /// The clock moves frame by frame (``frameInterval``), delivering what fell due at each frame.
    /// Each event fires inside the move at its own time: the clock is advanced to the event's
    /// time (delivering what fell due before it), the event is handled, and the clock is advanced
    /// by 0, which commits the implicit transaction the handler opened — a frame boundary — and
    /// delivers what is due at once. The clock never moves backwards: a `seconds` earlier than the
    /// time reached (or NaN) only delivers what is due now. Events are taken from the scene's
    /// `script` as it stands when they come due, earliest first; an event whose time is NaN never
    /// fires. A non-finite `seconds` does not move the clock.
    ///
    /// - Complexity: One clock move per frame crossed (60 a second) and one per event.
    public func advance(to seconds: CFTimeInterval) {
        let target = seconds.isNaN ? elapsed : max(seconds, elapsed)
        while nextEvent < scene.script.count {
            // The earliest pending event (a script edited out of order still fires in time order).
            var earliest = nextEvent
            for index in nextEvent..<scene.script.count
            where scene.script[index].time < scene.script[earliest].time {
                earliest = index
            }
            let event = scene.script[earliest]
            guard event.time <= target || event.time.isNaN else { break }
            scene.script.swapAt(nextEvent, earliest)
            nextEvent += 1
            if event.time.isNaN { continue }  // an event at no time never fires
            move(to: max(event.time, elapsed))
            scene.handle(event.event)
            CAMediaClock.advance(by: 0)
        }
        move(to: target)
    }

    /// The latest time, in seconds after `startTime`, that command-line tools move a run to:
    /// one hour, 216,000 frames of ``frameInterval``.
    ///
    /// A run cannot jump to a later time in one move and stay exact: what delegate callbacks
    /// and completion blocks change (a chained animation, say) is committed at the frame after
    /// they run, so one long move would start that change at its end instead. The clock
    /// therefore moves frame by frame, and its cost grows with the time asked for; tools refuse
    /// times past this limit rather than run for hours (ruling P6).
    public static let maximumTime: CFTimeInterval = 3600

    /// The interval of the frames the clock moves by: a 60 Hz display's. A live app's run loop
    /// turns at least once a frame while it animates, committing what delegate callbacks and
    /// completion blocks changed; moving the clock frame by frame (on a grid of frames counted
    /// from `startTime`) commits those changes at the same frame as the app would, whatever
    /// steps ``advance(to:)`` is called with.
    public static let frameInterval: CFTimeInterval = 1.0 / 60.0

    /// Advances the clock to `startTime + seconds` (never backwards) frame by frame, delivering
    /// events at each frame.
    private func move(to seconds: CFTimeInterval) {
        guard seconds.isFinite else { return }
        while elapsed < seconds {
            // The next frame of the grid after `elapsed` (a hair of tolerance absorbs rounding).
            let frame = ((elapsed / Self.frameInterval) + 1e-9).rounded(.down) + 1
            let next = min(seconds, frame * Self.frameInterval)
            step(to: next)
        }
        step(to: seconds)
    }

    /// One clock move to `startTime + seconds`, or a delivery of what is due when it is not
    /// later than now.
    private func step(to seconds: CFTimeInterval) {
        let delta = (startTime + seconds) - CACurrentMediaTime()
        CAMediaClock.advance(by: delta.isFinite && delta > 0 ? delta : 0)
        elapsed = max(elapsed, seconds)
    }
}
