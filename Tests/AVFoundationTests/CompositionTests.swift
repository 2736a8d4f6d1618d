import AVFoundation
import CoreGraphics
import CoreMedia
import Foundation
import QuartzCore
import Testing

/// `seconds` as a time at timescale 600.
func t(_ seconds: Double) -> CMTime { CMTime(seconds: seconds, preferredTimescale: 600) }

/// `[start, start + duration)` in seconds.
func range(_ start: Double, _ duration: Double) -> CMTimeRange {
    CMTimeRange(start: t(start), duration: t(duration))
}

/// The segments' target ranges, as `(start, end)` seconds.
func targets(_ track: AVCompositionTrack) -> [(Double, Double)] {
    track.segments.map { ($0.timeMapping.target.start.seconds, $0.timeMapping.target.end.seconds) }
}

/// Segments are contiguous from zero, each longer than zero, no two empty ones adjacent, the last
/// not empty, and they end at the track's duration.
func expectContiguous(_ track: AVCompositionTrack, sourceLocation: SourceLocation = #_sourceLocation) {
    var expected = CMTime.zero
    var previousEmpty = false
    for segment in track.segments {
        let target = segment.timeMapping.target
        #expect(target.start == expected && target.duration > .zero, sourceLocation: sourceLocation)
        #expect(!(previousEmpty && segment.isEmpty), sourceLocation: sourceLocation)
        previousEmpty = segment.isEmpty
        expected = target.end
    }
    #expect(track.segments.last?.isEmpty != true, sourceLocation: sourceLocation)
    #expect(track.timeRange == CMTimeRange(start: .zero, duration: expected), sourceLocation: sourceLocation)
    #expect((try? (track as? AVMutableCompositionTrack)?.validateSegments(track.segments)) != nil)
}

@Suite(.enabled(if: MediaFixtures.available, "needs ffmpeg and ffprobe"))
struct CompositionTests {
    let movie = AVURLAsset(url: MediaFixtures.movie)
    let short = AVURLAsset(url: MediaFixtures.short)

    @Test func twoClipsOneTrimmed() throws {
        let composition = AVMutableComposition()
        try composition.insertTimeRange(
            CMTimeRange(start: .zero, duration: movie.duration), of: movie, at: .zero)
        let trim = range(0.1, 0.3)
        try composition.insertTimeRange(trim, of: short, at: composition.duration)
        #expect(composition.duration == movie.duration + t(0.3))
        // The short clip's video goes into the movie's video track; its audio track is untouched.
        #expect(composition.tracks.map(\.mediaType) == [.video, .audio])
        #expect(composition.tracks.map(\.trackID) == [1, 2])
        let video = try #require(composition.tracks(withMediaType: .video).first)
        #expect(video.segments.count == 2)
        let first = video.segments[0]
        let second = video.segments[1]
        #expect(first.sourceURL == MediaFixtures.movie && first.sourceTrackID == 1 && !first.isEmpty)
        #expect(first.timeMapping.source == CMTimeRange(start: .zero, duration: movie.duration))
        #expect(second.sourceURL == MediaFixtures.short)
        #expect(second.timeMapping.source == trim)
        #expect(second.timeMapping.target == CMTimeRange(start: movie.duration, duration: t(0.3)))
        expectContiguous(video)
        // The audio track ends where the movie does: an empty span at the end is no media.
        let audio = try #require(composition.tracks(withMediaType: .audio).first)
        #expect(audio.segments.count == 1 && audio.timeRange.end == movie.duration)
        // Properties of the first media segment's source.
        #expect(video.naturalSize == CGSize(width: 160, height: 120) && video.nominalFrameRate == 30)
        #expect(video.naturalTimeScale == 15360 && composition.naturalSize == video.naturalSize)
        #expect(video.segment(forTrackTime: t(1.1)) === second)
        #expect(video.segment(forTrackTime: composition.duration) == nil)
        #expect(video.asset === composition && composition.track(withTrackID: 2) === audio)
    }

    @Test func insertingAtATimeMovesLaterMedia() throws {
        let composition = AVMutableComposition()
        let track = try #require(
            composition.addMutableTrack(withMediaType: .video, preferredTrackID: kCMPersistentTrackID_Invalid)
        )
        let source = movie.tracks(withMediaType: .video)[0]
        try track.insertTimeRange(range(0, 0.8), of: source, at: .zero)
        try track.insertTimeRange(range(0, 0.2), of: short.tracks[0], at: t(0.5))
        #expect(targets(track).elementsEqual([(0, 0.5), (0.5, 0.7), (0.7, 1.0)], by: ==))
        // The split keeps the source: the tail plays 0.5 s to 0.8 s of the movie.
        #expect(track.segments[2].timeMapping.source == range(0.5, 0.3))
        #expect(track.segments[2].sourceURL == MediaFixtures.movie)
        #expect(track.segments[1].sourceURL == MediaFixtures.short)
        expectContiguous(track)
    }

    @Test func insertingPastTheEndLeavesAnEmptySegment() throws {
        let composition = AVMutableComposition()
        let track = try #require(composition.addMutableTrack(withMediaType: .video, preferredTrackID: 7))
        #expect(track.trackID == 7 && track.segments.isEmpty && composition.duration == .zero)
        try track.insertTimeRange(range(0, 0.25), of: movie.tracks[0], at: t(0.5))
        #expect(targets(track).elementsEqual([(0, 0.5), (0.5, 0.75)], by: ==))
        #expect(track.segments[0].isEmpty && track.segments[0].sourceURL == nil)
        #expect(track.segments[0].sourceTrackID == kCMPersistentTrackID_Invalid)
        #expect(!track.segments[0].timeMapping.source.isValid)
        // Empty spans: inside the media they move it; at the end they do nothing.
        track.insertEmptyTimeRange(range(0.6, 0.1))
        #expect(targets(track).elementsEqual([(0, 0.5), (0.5, 0.6), (0.6, 0.7), (0.7, 0.85)], by: ==))
        track.insertEmptyTimeRange(range(2, 1))
        #expect(track.timeRange.end == t(0.85))
        // An empty span next to an empty segment merges with it.
        track.insertEmptyTimeRange(range(0.2, 0.1))
        #expect(targets(track).elementsEqual([(0, 0.6), (0.6, 0.7), (0.7, 0.8), (0.8, 0.95)], by: ==))
        expectContiguous(track)
        // A second track added without a preference takes the next ID.
        #expect(composition.addMutableTrack(withMediaType: .audio, preferredTrackID: 7)?.trackID == 8)
    }

    @Test func removingClosesTheGap() throws {
        let composition = AVMutableComposition()
        try composition.insertTimeRange(range(0, 1), of: movie, at: .zero)
        composition.removeTimeRange(range(0.2, 0.3))
        let video = composition.tracks[0]
        #expect(targets(video).elementsEqual([(0, 0.2), (0.2, 0.7)], by: ==))
        #expect(video.segments[1].timeMapping.source == range(0.5, 0.5))
        #expect(composition.duration == t(0.7))
        // Removing the media before an empty segment leaves the gap at the start.
        composition.insertEmptyTimeRange(range(0, 0.1))
        composition.removeTimeRange(range(0.1, 0.2))
        #expect(targets(video).elementsEqual([(0, 0.1), (0.1, 0.6)], by: ==))
        // Everything from a time on: a duration of +∞.
        composition.removeTimeRange(CMTimeRange(start: t(0.3), duration: .positiveInfinity))
        #expect(composition.duration == t(0.3))
        composition.removeTimeRange(range(0, 10))
        #expect(composition.tracks.count == 2 && composition.tracks.allSatisfy { $0.segments.isEmpty })
        #expect(composition.duration == .zero)
    }

    @Test func scalingChangesTheDurationAndTheMapping() throws {
        let composition = AVMutableComposition()
        let track = try #require(composition.addMutableTrack(withMediaType: .video, preferredTrackID: 0))
        try track.insertTimeRange(range(0, 1), of: movie.tracks[0], at: .zero)
        try track.insertTimeRange(range(0, 0.5), of: short.tracks[0], at: t(1))
        // Slow 0.5 s to 1.5 s down to last 2 s: it covers the end of one clip and the other.
        track.scaleTimeRange(range(0.5, 1), toDuration: t(2))
        #expect(track.timeRange.end == t(2.5))
        #expect(targets(track).elementsEqual([(0, 0.5), (0.5, 1.5), (1.5, 2.5)], by: ==))
        let slowed = track.segments[1]
        #expect(slowed.timeMapping.source == range(0.5, 0.5) && slowed.timeMapping.target == range(0.5, 1))
        #expect(track.segments[2].timeMapping.source == range(0, 0.5))
        // Squeeze the whole track into a second: every boundary maps proportionally.
        track.scaleTimeRange(range(0, 2.5), toDuration: t(1))
        #expect(targets(track).elementsEqual([(0, 0.2), (0.2, 0.6), (0.6, 1)], by: ==))
        #expect(track.segments[0].timeMapping.source == range(0, 0.5))
        expectContiguous(track)
        // A track time maps to source time through the mapping.
        let segment = try #require(track.segment(forTrackTime: t(0.4)))
        let source = CMTimeMapTimeFromRangeToRange(
            t(0.4), fromRange: segment.timeMapping.target, toRange: segment.timeMapping.source)
        #expect(source == t(0.75))
    }

    @Test func sourceRangesOutsideTheSourceThrow() throws {
        let composition = AVMutableComposition()
        let track = try #require(composition.addMutableTrack(withMediaType: .video, preferredTrackID: 0))
        let source = movie.tracks[0]
        #expect(throws: AVError.self) { try track.insertTimeRange(range(0.5, 1), of: source, at: .zero) }
        #expect(throws: AVError.self) { try track.insertTimeRange(range(-0.5, 0.2), of: source, at: .zero) }
        #expect(throws: AVError.self) { try track.insertTimeRange(.invalid, of: source, at: .zero) }
        #expect(throws: AVError.self) { try track.insertTimeRange(range(0, 0.2), of: source, at: t(-1)) }
        #expect(throws: AVError.self) {
            try track.insertTimeRange(range(0, 0.2), of: movie.tracks[1], at: .zero)
        }
        do {
            try composition.insertTimeRange(range(0, 5), of: movie, at: .zero)
            Issue.record("expected an error")
        } catch let error as AVError {
            #expect(error.code == .invalidSourceMedia && error.errorCode == -11822)
        }
        // Nothing changed, and an empty range inserts nothing.
        try track.insertTimeRange(range(0.2, 0), of: source, at: .zero)
        #expect(composition.tracks.count == 1 && track.segments.isEmpty)
    }

    @Test func anUnreadableAssetThrowsItsReadError() throws {
        let composition = AVMutableComposition()
        let missing = AVURLAsset(url: MediaFixtures.folder.appendingPathComponent("missing.mp4"))
        #expect(throws: URLError.self) {
            try composition.insertTimeRange(range(0, 1), of: missing, at: .zero)
        }
        #expect(throws: AVError.self) {
            try composition.insertTimeRange(
                range(0, 1), of: AVURLAsset(url: MediaFixtures.garbage), at: .zero)
        }
        #expect(composition.tracks.isEmpty)
    }

    @Test func compositionEditsKeepTracksInStep() throws {
        let composition = AVMutableComposition()
        try composition.insertTimeRange(range(0, 1), of: movie, at: .zero)
        // The short clip has no audio: the audio track gets an empty span at 0.
        try composition.insertTimeRange(range(0, 0.5), of: short, at: .zero)
        let audio = composition.tracks[1]
        #expect(targets(audio).elementsEqual([(0, 0.5), (0.5, 1.5)], by: ==))
        #expect(audio.segments[0].isEmpty)
        #expect(
            composition.tracks[0].segments.map(\.sourceURL) == [MediaFixtures.short, MediaFixtures.movie])
        composition.scaleTimeRange(range(0, 1.5), toDuration: t(3))
        #expect(composition.tracks.map(\.timeRange.end) == [t(3), t(3)])
        // The movie's audio is longer than a second or not, the range reaches the asset's duration.
        let whole = CMTimeRange(start: .zero, duration: movie.duration)
        try composition.insertTimeRange(whole, of: movie, at: t(3))
        #expect(composition.tracks.map(\.timeRange.end) == [t(3) + movie.duration, t(3) + movie.duration])
    }

    @Test func tracksOfAVMutableCompositionAreMutable() async throws {
        let composition = AVMutableComposition()
        try composition.insertTimeRange(range(0, 1), of: MediaFixtures.rotatedAsset, at: .zero)
        // Tracks made by the composition take the source's orientation.
        let rotation = CGAffineTransform(a: 0, b: -1, c: 1, d: 0, tx: 0, ty: 0)
        #expect(composition.tracks[0].preferredTransform == rotation)
        composition.tracks.first?.preferredTransform = .identity
        composition.tracks(withMediaType: .audio).first?.isEnabled = false
        #expect(composition.tracks[0].preferredTransform == .identity && !composition.tracks[1].isEnabled)
        // Read as an asset: the same tracks, loaded at once.
        let asset: AVAsset = composition
        #expect(asset.tracks.count == 2 && asset.tracks[0] === composition.tracks[0])
        let (duration, tracks) = try await asset.load(.duration, .tracks)
        #expect(duration == t(1) && tracks.count == 2)
        #expect(try await composition.loadTracks(withMediaType: .video).count == 1)
        // Loaded with Apple's types: mutable tracks.
        let loaded: [AVMutableCompositionTrack] = try await composition.load(.tracks)
        loaded.first?.naturalTimeScale = 90000
        #expect(composition.tracks[0].naturalTimeScale == 90000)
        let second: AVMutableCompositionTrack? = try await composition.loadTrack(withTrackID: 2)
        #expect(second === composition.tracks[1])
        var error: NSError?
        #expect(asset.statusOfValue(forKey: "duration", error: &error) == .loaded)
        #expect(asset.isPlayable && asset.isReadable)
        // Removing a track forgets its composition.
        let audio = composition.tracks[1]
        composition.removeTrack(audio)
        #expect(composition.tracks.count == 1 && audio.asset == nil)
        #expect(composition.mutableTrack(compatibleWith: movie.tracks[0]) === composition.tracks[0])
    }

    @Test func compositionTracksAsSources() throws {
        let inner = AVMutableComposition()
        try inner.insertTimeRange(range(0, 0.5), of: movie, at: .zero)
        try inner.insertTimeRange(range(0, 0.5), of: short, at: t(0.5))
        let outer = AVMutableComposition()
        let track = try #require(outer.addMutableTrack(withMediaType: .video, preferredTrackID: 0))
        // 0.25 s to 0.75 s of the inner video: the end of the movie and the start of the short clip.
        try track.insertTimeRange(range(0.25, 0.5), of: inner.tracks[0], at: .zero)
        #expect(track.segments.map(\.sourceURL) == [MediaFixtures.movie, MediaFixtures.short])
        #expect(track.segments[0].timeMapping.source == range(0.25, 0.25))
        #expect(track.segments[1].timeMapping.source == range(0, 0.25))
        expectContiguous(track)
    }

    @Test func settingSegmentsValidatesThem() throws {
        let composition = AVMutableComposition()
        let track = try #require(composition.addMutableTrack(withMediaType: .video, preferredTrackID: 0))
        let url = MediaFixtures.movie
        let gap = AVCompositionTrackSegment(
            url: url, trackID: 1, sourceTimeRange: range(0, 1), targetTimeRange: range(0.5, 1))
        #expect(throws: AVError.self) { try track.validateSegments([gap]) }
        track.segments = [gap]
        #expect(track.segments.isEmpty)
        // Ignored, but not silently.
        #expect(
            CompatibilityWarnings.messages.contains { $0.hasPrefix("AVMutableCompositionTrack.segments") })
        let valid = [
            AVCompositionTrackSegment(timeRange: range(0, 0.5)),
            AVCompositionTrackSegment(
                url: url, trackID: 1, sourceTimeRange: range(0, 1), targetTimeRange: range(0.5, 1)),
        ]
        try track.validateSegments(valid)
        track.segments = valid
        #expect(targets(track).elementsEqual([(0, 0.5), (0.5, 1.5)], by: ==))
        let badSource = AVCompositionTrackSegment(
            url: url, trackID: 1, sourceTimeRange: CMTimeRange(start: t(-1), duration: t(1)),
            targetTimeRange: range(0, 1))
        do {
            try track.validateSegments([badSource])
        } catch let error as AVError {
            #expect(error.code == .invalidCompositionTrackSegmentSourceStartTime)
        }
    }
}
