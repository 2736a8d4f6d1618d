import CoreGraphics
import CoreMedia

// `AVVideoComposition(propertiesOf:)`: a video composition read off an asset (ruling AV12).

extension AVVideoComposition {
    static func properties(of asset: AVAsset) -> Properties {
        let videoTracks = asset.tracks(withMediaType: .video)
        var properties = Properties()
        properties.frameDuration = frameDuration(of: videoTracks)
        if let composition = asset as? AVComposition {
            properties.renderSize = composition.naturalSize
        } else {
            properties.renderSize =
                videoTracks.reduce(CGRect.null) { union, track in
                    union.union(
                        CGRect(origin: .zero, size: track.naturalSize).applying(track.preferredTransform))
                }.size
            if properties.renderSize.width.isNaN || videoTracks.isEmpty { properties.renderSize = .zero }
        }
        properties.instructions = instructions(of: videoTracks.filter(\.isEnabled), duration: asset.duration)
        return properties
    }

    /// One frame of the fastest video track's nominal rate, at its natural timescale; 1/30 s
    /// when no track knows its rate.
    static func frameDuration(of tracks: [AVAssetTrack]) -> CMTime {
        guard let fastest = tracks.max(by: { $0.nominalFrameRate < $1.nominalFrameRate }),
            fastest.nominalFrameRate > 0, fastest.nominalFrameRate.isFinite
        else { return CMTime(value: 1, timescale: 30) }
        let rate = Double(fastest.nominalFrameRate)
        let timescale = fastest.naturalTimeScale > 0 ? fastest.naturalTimeScale : 600
        // A whole rate is exact at any timescale; 29.97 fps at 30000 is 1001/30000.
        if rate.rounded() == rate { return CMTime(value: 1, timescale: CMTimeScale(rate)) }
        return CMTime(seconds: 1 / rate, preferredTimescale: timescale)
    }

    /// Where each track has media, as the spans between its segments' (or time range's) ends.
    static func mediaRanges(of track: AVAssetTrack) -> [CMTimeRange] {
        if let composed = track as? AVCompositionTrack {
            return composed.segments.filter { !$0.isEmpty }.map(\.timeMapping.target)
        }
        return track.timeRange.isValid && track.timeRange.end.isNumeric ? [track.timeRange] : []
    }

    /// One instruction per span between media boundaries of any track, covering `[0, duration)`.
    static func instructions(of tracks: [AVAssetTrack], duration: CMTime)
        -> [any AVVideoCompositionInstructionProtocol]
    {
        guard !tracks.isEmpty, duration.isNumeric, duration > .zero else { return [] }
        let ranges = tracks.map(mediaRanges(of:))
        var boundaries: Set<CMTime> = [.zero, duration]
        for range in ranges.joined() {
            for time in [range.start, range.end] where time > .zero && time < duration {
                boundaries.insert(time)
            }
        }
        let times = boundaries.sorted()
        return zip(times, times.dropFirst()).map { start, end in
            let instruction = AVMutableVideoCompositionInstruction()
            instruction.timeRange = CMTimeRange(start: start, end: end)
            instruction.layerInstructions = zip(tracks, ranges).compactMap { track, ranges in
                guard ranges.contains(where: { $0.containsTime(start) }) else { return nil }
                let layer = AVMutableVideoCompositionLayerInstruction(assetTrack: track)
                layer.setTransform(track.preferredTransform, at: start)
                return layer
            }
            return instruction
        }
    }
}
