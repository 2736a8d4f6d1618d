import Foundation

extension LayerExporter {
    /// Mixes the export's sound (the composition's own, then `options.soundtracks`) into a
    /// temporary WAV file holding exactly the samples of `frames`, before anything is drawn; `nil`
    /// for a silent export.
    ///
    /// - Throws: `.audioNotSupported` for soundtracks with a format without sound;
    ///   `.audioInput`/`.videoInput` for an input that is missing, unreadable, without sound or
    ///   not decodable; `.writeFailed` (a full disk); `.interrupted`.
    func mixSound(format: ExportFormat, frames: Range<Int>) throws -> MixedAudio? {
        guard format.carriesSound else {
            if !options.soundtracks.isEmpty { throw ExportError.audioNotSupported(format: format) }
            return nil
        }
        var inputs = try AudioMix.inputs(for: options.soundtracks)
        if let own = try videoComposition?.audioInput() { inputs.insert(own, at: 0) }
        guard !inputs.isEmpty else { return nil }
        let mix = AudioMix(
            inputs: inputs, frames: frames, frameCount: options.frameCount,
            framesPerSecond: options.framesPerSecond)
        return try mix.render()
    }
}
