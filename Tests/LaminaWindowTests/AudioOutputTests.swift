import Foundation
import LaminaWindow
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("AudioSync: which sample plays at preview time t, topping up and re-syncing")
struct AudioSyncTests {
    @Test("the frame heard at t is ⌊t × rate⌋, clamped to the sound; NaN and negative times are 0")
    func frameAtTime() {
        let sync = AudioSync(sampleRate: 48_000, frameCount: 96_000)
        #expect(sync.frame(at: 0) == 0)
        #expect(sync.frame(at: 0.5) == 24_000)
        #expect(sync.frame(at: 1.000_01) == 48_000)
        #expect(sync.frame(at: 1.999_99) == 95_999)
        #expect(sync.frame(at: 3) == 96_000)
        #expect(sync.frame(at: -1) == 0)
        #expect(sync.frame(at: .nan) == 0)
        #expect(sync.frame(at: .infinity) == 96_000)
    }

    @Test("each step queues from where the last ended to lead seconds past the clock")
    func topsUp() {
        var sync = AudioSync(sampleRate: 1000, frameCount: 10_000)
        #expect(sync.step(at: 0, queuedFrames: 0) == .init(clearsQueue: false, frames: 0..<100))
        // 16 ms later the device has played 16 frames of the 100.
        #expect(sync.step(at: 0.016, queuedFrames: 84) == .init(clearsQueue: false, frames: 100..<116))
        // A late start: the first step begins at the clock's frame, not at 0.
        var late = AudioSync(sampleRate: 1000, frameCount: 10_000)
        #expect(late.step(at: 2.5, queuedFrames: 0) == .init(clearsQueue: false, frames: 2500..<2600))
        // Before time 0 nothing is queued.
        var early = AudioSync(sampleRate: 1000, frameCount: 10_000)
        #expect(early.step(at: -0.5, queuedFrames: 0).frames.isEmpty)
        #expect(early.nextFrame == nil)
    }

    @Test("drift past the tolerance clears the queue and restarts at the clock's frame; within it, no")
    func resyncs() {
        var sync = AudioSync(sampleRate: 1000, frameCount: 10_000)
        _ = sync.step(at: 0, queuedFrames: 0)
        // The device plays 40 ms behind (60 of 100 left after 0.04 s would be in step; 100 is 40 behind):
        // within the 45 ms tolerance.
        #expect(sync.step(at: 0.04, queuedFrames: 100) == .init(clearsQueue: false, frames: 100..<140))
        // The clock jumped a second ahead (a stall): start over at its frame.
        #expect(sync.step(at: 1.04, queuedFrames: 80) == .init(clearsQueue: true, frames: 1040..<1140))
        // The queue ran dry while the app stalled: nothing to clear, restart at the clock.
        #expect(sync.step(at: 1.5, queuedFrames: 0) == .init(clearsQueue: false, frames: 1500..<1600))
    }

    @Test("the end of the sound: the last step stops at it, later steps queue nothing")
    func ends() {
        var sync = AudioSync(sampleRate: 1000, frameCount: 1000)
        _ = sync.step(at: 0.85, queuedFrames: 0)
        #expect(sync.step(at: 0.9, queuedFrames: 50) == .init(clearsQueue: false, frames: 950..<1000))
        #expect(sync.step(at: 2, queuedFrames: 0).frames.isEmpty)
    }
}

@Suite("AudioOutput: SDL's audio, or one line when there is no device", .serialized)
struct AudioOutputTests {
    /// Runs `body` with `SDL_AUDIODRIVER` set to `driver`, then puts the variable back.
    func withAudioDriver<R>(_ driver: String, _ body: () throws -> R) rethrows -> R {
        let previous = getenv("SDL_AUDIODRIVER").map { String(cString: $0) }
        setenv("SDL_AUDIODRIVER", driver, 1)
        defer {
            if let previous { setenv("SDL_AUDIODRIVER", previous, 1) } else { unsetenv("SDL_AUDIODRIVER") }
        }
        return try body()
    }

    @Test("no device: open says so once, in one line, and returns nil")
    func noDevice() {
        var said: [String] = []
        let output = withAudioDriver("no-such-driver") { AudioOutput.open(report: { said.append($0) }) }
        #expect(output == nil)
        #expect(said.count == 1)
        #expect(said.first?.hasPrefix(AudioOutput.noDeviceMessage) == true)
        #expect(said.first?.contains("\n") == false)
        #expect(AudioOutput.noDeviceMessage == "no audio device: previewing without sound")
    }

    @Test("SDL's dummy driver: the sound is queued up to the lead past the clock")
    func queuesOnADevice() throws {
        var said: [String] = []
        let output = try #require(withAudioDriver("dummy") { AudioOutput.open(report: { said.append($0) }) })
        defer { output.close() }
        #expect(said.isEmpty)
        #expect(output.sampleRate > 0 && output.channels == 2)
        output.load([Int16](repeating: 0, count: output.sampleRate * 2))
        output.update(time: 0)
        // 0.1 s queued, less what the device may already have taken.
        #expect(output.queuedFrames <= output.sampleRate / 10)
        output.close()
        #expect(output.queuedFrames == 0)
    }
}
