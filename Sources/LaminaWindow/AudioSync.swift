/// Which sample frames of a sound to queue on an audio device, and when to start over, so that
/// sample frame `n` is heard at clock time `n / sampleRate` (ruling W8): the arithmetic of
/// ``AudioOutput``, with time as an argument.
///
/// Each call of ``step(at:queuedFrames:)`` (once per drawn frame) tops the device's queue up to
/// ``lead`` seconds past the clock. The frame the device plays next is the next frame to queue
/// minus the frames still queued; when that is more than ``tolerance`` away from the clock's
/// frame (the app stalled and the queue ran dry, the clock jumped, the device drifted), the
/// queue is cleared and refilled from the clock's frame:
///
///     clock:   t ────────────── t + lead
///     queued:  [playing … nextFrame)            playing = nextFrame − queuedFrames
///     in sync: |playing − ⌊t × rate⌋| ≤ tolerance × rate, else clear and restart at ⌊t × rate⌋
///
/// Times before 0 queue nothing (the sound begins at 0); after the sound's end nothing is left
/// to queue.
public struct AudioSync: Sendable, Equatable {
    /// Sample frames per second.
    public let sampleRate: Int
    /// Sample frames in the sound.
    public let frameCount: Int
    /// Seconds of sound kept queued ahead of the clock (default 0.1: enough to ride over a
    /// frame drawn late, short enough that a re-sync is not heard late).
    public var lead: Double = 0.1
    /// The drift allowed between the frame the device plays and the clock's, in seconds (default
    /// 0.045: about what a listener notices between picture and sound).
    public var tolerance: Double = 0.045
    /// The next sample frame to queue; `nil` before the first step.
    public private(set) var nextFrame: Int?

    /// The arithmetic for a sound of `frameCount` sample frames at `sampleRate`.
    public init(sampleRate: Int, frameCount: Int) {
        self.sampleRate = max(1, sampleRate)
        self.frameCount = max(0, frameCount)
    }

    /// The sample frame heard at clock time `time` seconds: `⌊time × sampleRate⌋`, clamped to
    /// `0...frameCount` (`frameCount`: the sound has ended). NaN is 0.
    public func frame(at time: Double) -> Int {
        let exact = (time * Double(sampleRate)).rounded(.down)
        guard !exact.isNaN, exact > 0 else { return 0 }
        return exact >= Double(frameCount) ? frameCount : Int(exact)
    }

    /// What to do at clock time `time` with `queuedFrames` frames still waiting on the device.
    public struct Step: Sendable, Equatable {
        /// Whether to drop what is queued before queuing `frames`.
        public var clearsQueue: Bool
        /// The sample frames to queue now (possibly empty).
        public var frames: Range<Int>

        /// A step that clears the queue or not, then queues `frames`.
        public init(clearsQueue: Bool, frames: Range<Int>) {
            self.clearsQueue = clearsQueue
            self.frames = frames
        }
    }

    /// The step at clock time `time` with `queuedFrames` frames waiting, and the state after it.
    public mutating func step(at time: Double, queuedFrames: Int) -> Step {
        guard time >= 0 else { return Step(clearsQueue: false, frames: 0..<0) }
        let now = frame(at: time)
        var clears = false
        if let next = nextFrame {
            let playing = max(0, next - max(0, queuedFrames))
            if Double(abs(playing - now)) > tolerance * Double(sampleRate) {
                clears = queuedFrames > 0
                nextFrame = now
            }
        } else {
            nextFrame = now
        }
        let start = nextFrame ?? now
        let end = max(start, frame(at: time + lead))
        nextFrame = end
        return Step(clearsQueue: clears, frames: start..<end)
    }
}
