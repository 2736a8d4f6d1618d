import ArgumentParser
import Foundation
import LaminaExport

/// The sound options of `lamina render` and `lamina slideshow`.
struct AudioOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "A sound file played from the start (WAV, M4A, MP3, FLAC, …), cut to the video's length.",
            valueName: "FILE"))
    var audio: String?

    @Option(
        name: .long,
        help: ArgumentHelp("The sound's gain (default 1: unchanged; 0.5 is -6 dB).", valueName: "GAIN"))
    var audioVolume: Double = 1

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Seconds over which the sound fades out at its end or the video's (default 1).",
            valueName: "SECONDS"))
    var audioFadeOut: Double = 1

    @Flag(name: .long, help: "Repeat the sound until the video ends.")
    var loopAudio = false

    /// Checks the values (one line each) before anything is read.
    func validate() throws {
        guard audioVolume.isFinite, audioVolume >= 0 else {
            throw ValidationError("--audio-volume must be 0 or more (1 leaves the sound unchanged)")
        }
        guard audioFadeOut.isFinite, audioFadeOut >= 0 else {
            throw ValidationError("--audio-fade-out must be 0 or more seconds")
        }
        if audio == nil, audioVolume != 1 || audioFadeOut != 1 || loopAudio {
            throw ValidationError("--audio-volume, --audio-fade-out and --loop-audio need --audio FILE")
        }
    }

    /// The soundtrack asked for, or `nil`.
    var soundtrack: Soundtrack? {
        guard let audio else { return nil }
        var soundtrack = Soundtrack(url: URL(fileURLWithPath: audio))
        soundtrack.volume = audioVolume
        soundtrack.fadeOutDuration = audioFadeOut
        soundtrack.loops = loopAudio
        return soundtrack
    }
}
