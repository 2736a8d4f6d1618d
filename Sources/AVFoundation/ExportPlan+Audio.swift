import CoreMedia
import Foundation
import LaminaExport

// The sound of an export (ruling AV19): every media segment of an enabled audio track is one
// LaminaExport soundtrack — its source range played from its place on the export's timeline —
// with the audio mix's volume for that track as a volume envelope, at the segment's speed
// (pitch kept); ffmpeg decodes, resamples, mixes (levels add) and encodes AAC.

extension ExportPlan {
    /// The soundtracks of `tracks` over `range`.
    ///
    /// - Throws: ``AVError/Code/operationNotSupportedForAsset`` for a segment taken from a file's
    ///   second audio track; what reading a source throws.
    static func soundtracks(
        of tracks: [AVAssetTrack], in asset: AVAsset, range: CMTimeRange, mix: AVAudioMix?,
        probes: inout SourceProbes
    ) throws -> [Soundtrack] {
        var soundtracks: [Soundtrack] = []
        for track in tracks {
            let parameters = mix?.inputParameters.last { $0.trackID == track.trackID }
            let envelope = parameters.map { $0.volumeEnvelope(from: range.start) } ?? []
            for segment in segments(of: track, in: asset) {
                guard let url = segment.sourceURL else { continue }
                let (source, target) = (segment.timeMapping.source, segment.timeMapping.target)
                let heard = CMTimeRangeGetIntersection(target, otherRange: range)
                guard heard.duration > .zero else { continue }
                guard try probes.firstStream(in: url, mediaType: .audio)?.trackID == segment.sourceTrackID
                else {
                    throw AVError(
                        .operationNotSupportedForAsset,
                        reason: "only the first audio track of \(url.lastPathComponent) can be exported")
                }
                // Source seconds per composition second: not 1 where scaleTimeRange changed the speed.
                let tempo = source.duration.seconds / target.duration.seconds
                var soundtrack = Soundtrack(url: url)
                soundtrack.startTime = (heard.start - range.start).seconds
                soundtrack.sourceStart = source.start.seconds + (heard.start - target.start).seconds * tempo
                soundtrack.sourceDuration = heard.duration.seconds * tempo
                if source.duration != target.duration { soundtrack.tempo = tempo }
                soundtrack.volumeEnvelope = envelope
                soundtracks.append(soundtrack)
            }
        }
        return soundtracks
    }
}

extension AVAudioMixInputParameters {
    /// The volume over time as points on the export's timeline (seconds from `start`), linear
    /// between them, taken from ``volume(at:)`` — the one evaluator of the ramps — at the
    /// ramps' boundaries: on each span between two boundaries the volume is linear (a value
    /// held, or one ramp), so two samples inside it give its values at both ends. Empty without
    /// ramps or set volumes.
    func volumeEnvelope(from start: CMTime) -> [VolumePoint] {
        var boundaries: [CMTime] = []
        for entry in volumeRamps.entries {
            boundaries.append(entry.timeRange.start)
            if entry.timeRange.duration > .zero { boundaries.append(entry.timeRange.end) }
        }
        let times = Set(boundaries.map(\.seconds)).sorted()
        guard let first = times.first, let last = times.last else { return [] }
        func gain(_ seconds: Double) -> Double {
            Double(volume(at: CMTime(seconds: seconds, preferredTimescale: 1_000_000_000)))
        }
        let origin = start.seconds
        var points = [VolumePoint(time: first - origin, volume: gain(first - 1))]
        for (from, to) in zip(times, times.dropFirst()) {
            let (a, b) = (from + (to - from) / 3, from + 2 * (to - from) / 3)
            let (va, vb) = (gain(a), gain(b))
            let slope = (vb - va) / (b - a)
            points.append(VolumePoint(time: from - origin, volume: va - slope * (a - from)))
            points.append(VolumePoint(time: to - origin, volume: vb + slope * (to - b)))
        }
        points.append(VolumePoint(time: last - origin, volume: gain(last + 1)))
        return points
    }
}
