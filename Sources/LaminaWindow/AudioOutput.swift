import CSDL2
import Foundation
import QuartzCore

#if canImport(Glibc)
    import Glibc
#endif

/// A sound played through SDL2's default audio output in step with a clock (`lamina preview
/// --audio`, ruling W8).
///
/// Open it, then hand it the sound as interleaved signed 16-bit samples at its ``sampleRate``
/// in ``channels`` channels (ffmpeg resamples to the device's rate; SDL plays what it is given),
/// and call ``update(time:)`` once per drawn frame with the clock's time: sample frame `n` is
/// heard at clock time `n / sampleRate`, kept within ``AudioSync/tolerance`` of it by
/// ``AudioSync``. SDL's audio driver is its choice (`SDL_AUDIODRIVER` picks one, `dummy` plays
/// into nothing).
///
///     guard let output = AudioOutput.open(report: { print($0) }) else { return }  // no device
///     output.load(samples)
///     // each frame:
///     output.update(time: CACurrentMediaTime() - start)
///
/// Used from one thread (the window's).
public final class AudioOutput {
    /// The one line said when no audio device can be opened.
    public static let noDeviceMessage = "no audio device: previewing without sound"

    /// Sample frames per second the device plays (SDL may give a rate other than the one asked
    /// for).
    public let sampleRate: Int
    /// Channels per sample frame: 2.
    public let channels = 2
    private let device: SDL_AudioDeviceID
    private var samples: [Int16] = []
    private var sync: AudioSync
    private var isClosed = false

    /// Opens the default output device for 16-bit stereo at about `preferredSampleRate`, or, when
    /// there is none (no sound server or card, SDL without a driver for it), calls `report`
    /// once with ``noDeviceMessage`` and SDL's reason, and returns `nil`.
    public static func open(
        preferredSampleRate: Int = 48_000, report: (String) -> Void
    ) -> AudioOutput? {
        do {
            return try AudioOutput(preferredSampleRate: preferredSampleRate)
        } catch LaminaWindowError.noAudioDevice(let reason) where !reason.isEmpty {
            report(noDeviceMessage + " (SDL: \(reason))")
        } catch {
            report(noDeviceMessage)
        }
        return nil
    }

    /// Opens the default output device.
    ///
    /// - Throws: `LaminaWindowError.noAudioDevice` with SDL's reason.
    public init(preferredSampleRate: Int = 48_000) throws {
        // ALSA's library prints each failed probe on standard error (nine lines on a machine
        // without a sound card); SDL's reason is kept for the one line said instead.
        let initialised = Self.quietly { SDL_InitSubSystem(UInt32(SDL_INIT_AUDIO)) == 0 }
        guard initialised else {
            throw LaminaWindowError.noAudioDevice(String(cString: SDL_GetError()))
        }
        var desired = SDL_AudioSpec()
        desired.freq = Int32(clamping: preferredSampleRate)
        desired.format = SDL_AudioFormat(AUDIO_S16LSB)
        desired.channels = 2
        desired.samples = 1024
        var obtained = SDL_AudioSpec()
        let device = Self.quietly {
            SDL_OpenAudioDevice(nil, 0, &desired, &obtained, Int32(SDL_AUDIO_ALLOW_FREQUENCY_CHANGE))
        }
        guard device != 0 else {
            let reason = String(cString: SDL_GetError())
            SDL_QuitSubSystem(UInt32(SDL_INIT_AUDIO))
            throw LaminaWindowError.noAudioDevice(reason)
        }
        self.device = device
        sampleRate = Int(obtained.freq)
        sync = AudioSync(sampleRate: sampleRate, frameCount: 0)
        SDL_PauseAudioDevice(device, 0)
    }

    deinit { close() }

    /// Runs `body` with standard error sent to `/dev/null`, then puts it back.
    private static func quietly<R>(_ body: () -> R) -> R {
        fflush(nil)
        let saved = dup(STDERR_FILENO)
        let null = Glibc.open("/dev/null", O_WRONLY)
        if saved >= 0, null >= 0 { dup2(null, STDERR_FILENO) }
        defer {
            fflush(nil)
            if saved >= 0 {
                dup2(saved, STDERR_FILENO)
                Glibc.close(saved)
            }
            if null >= 0 { Glibc.close(null) }
        }
        return body()
    }

    /// Plays `samples` (interleaved stereo at ``sampleRate``) from clock time 0, replacing any
    /// sound given before.
    public func load(_ samples: [Int16]) {
        guard !isClosed else { return }
        SDL_ClearQueuedAudio(device)
        self.samples = samples
        sync = AudioSync(sampleRate: sampleRate, frameCount: samples.count / channels)
    }

    /// Sample frames queued on the device and not yet played.
    public var queuedFrames: Int {
        isClosed ? 0 : Int(SDL_GetQueuedAudioSize(device)) / (2 * channels)
    }

    /// Queues the sound up to a little past clock time `time` seconds, re-synchronising when the
    /// device has drifted from the clock (``AudioSync``).
    public func update(time: CFTimeInterval) {
        guard !isClosed else { return }
        let step = sync.step(at: time, queuedFrames: queuedFrames)
        if step.clearsQueue { SDL_ClearQueuedAudio(device) }
        guard !step.frames.isEmpty else { return }
        samples.withUnsafeBytes { bytes in
            let frameBytes = 2 * channels
            let start = bytes.baseAddress!.advanced(by: step.frames.lowerBound * frameBytes)
            _ = SDL_QueueAudio(device, start, UInt32(step.frames.count * frameBytes))
        }
    }

    /// Stops the sound and closes the device (also done when the output is released).
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        SDL_CloseAudioDevice(device)
        SDL_QuitSubSystem(UInt32(SDL_INIT_AUDIO))
    }
}
