import AVFoundation
import CoreGraphics
import CoreMedia
import Foundation
import Testing

@Suite(.enabled(if: MediaFixtures.available, "needs ffmpeg and ffprobe"))
struct AVAssetTests {
    @Test func movieTracksFromTheFile() throws {
        let asset = AVURLAsset(url: MediaFixtures.movie)
        let tracks = asset.tracks
        #expect(tracks.map(\.mediaType) == [.video, .audio])
        #expect(tracks.map(\.trackID) == [1, 2])
        let video = try #require(asset.tracks(withMediaType: .video).first)
        #expect(video.naturalSize == CGSize(width: 160, height: 120))
        #expect(video.nominalFrameRate == 30)
        #expect(video.preferredTransform == .identity)
        #expect(video.naturalTimeScale == 15360)
        #expect(video.timeRange.start == .zero)
        // Exact ticks of the track's own timescale.
        #expect(video.timeRange.duration.value == 15360 && video.timeRange.duration.timescale == 15360)
        #expect(video.estimatedDataRate > 0 && video.isEnabled)
        let audio = try #require(asset.tracks(withMediaType: .audio).first)
        #expect(audio.naturalSize == .zero && audio.nominalFrameRate == 0)
        #expect(audio.timeRange.duration.timescale == 44100)
        #expect(abs(audio.timeRange.duration.seconds - 1) < 0.05)
        #expect(asset.tracks(withMediaType: .text).isEmpty)
        #expect(asset.track(withTrackID: 2) === audio && asset.track(withTrackID: 3) == nil)
    }

    @Test func durationIsTheLatestTrackEnd() {
        let asset = AVURLAsset(url: MediaFixtures.movie)
        let ends = asset.tracks.map(\.timeRange.end)
        #expect(asset.duration == ends.max())
        #expect(asset.duration.isNumeric && abs(asset.duration.seconds - 1) < 0.05)
    }

    @Test func tracksAreTheSameObjectsEachTime() {
        let asset = AVURLAsset(url: MediaFixtures.movie)
        #expect(asset.tracks[0] === asset.tracks[0])
        #expect(asset.tracks[0].asset === asset)
        #expect(asset.url == MediaFixtures.movie)
    }

    @Test func asynchronousLoading() async throws {
        let asset = AVURLAsset(url: MediaFixtures.movie)
        let duration = try await asset.load(.duration)
        #expect(duration == asset.duration)
        let (sameDuration, tracks) = try await asset.load(.duration, .tracks)
        #expect(sameDuration == duration && tracks.count == 2)
        let videos = try await asset.loadTracks(withMediaType: .video)
        #expect(videos.count == 1 && videos[0] === tracks[0])
        let (size, transform, rate) = try await videos[0].load(
            .naturalSize, .preferredTransform, .nominalFrameRate)
        #expect(size == CGSize(width: 160, height: 120) && transform == .identity && rate == 30)
        let range = try await videos[0].load(.timeRange)
        #expect(range == videos[0].timeRange)
        #expect(try await asset.loadTrack(withTrackID: 1) === videos[0])
    }

    @Test func rotationComesFromTheTrackMatrix() throws {
        let asset = AVURLAsset(url: MediaFixtures.rotated)
        let video = try #require(asset.tracks(withMediaType: .video).first)
        // ffmpeg 5.1 writes `rotate=90` as the matrix (0 −1 / 1 0): a quarter turn.
        let t = video.preferredTransform
        #expect(t == CGAffineTransform(a: 0, b: -1, c: 1, d: 0, tx: 0, ty: 0))
        // The natural size is the stored one, before the transform.
        #expect(video.naturalSize == CGSize(width: 160, height: 120))
        let turned = CGSize(width: 160, height: 120).applying(t)
        #expect(abs(turned.width) == 120 && abs(turned.height) == 160)
    }

    @Test func webmStreamsWithoutTickDurations() throws {
        let asset = AVURLAsset(url: MediaFixtures.webm)
        let video = try #require(asset.tracks.first)
        #expect(asset.tracks.count == 1 && video.mediaType == .video && video.trackID == 1)
        #expect(video.nominalFrameRate == 25 && video.naturalSize == CGSize(width: 64, height: 48))
        // Matroska's DURATION tag, at the stream's 1/1000 time base.
        #expect(video.timeRange.duration.value == 400 && video.timeRange.duration.timescale == 1000)
        #expect(asset.duration == CMTime(value: 2, timescale: 5))
    }
}

@Suite(.enabled(if: MediaFixtures.available, "needs ffmpeg and ffprobe"))
struct AVAssetCharacteristicTests {
    @Test func characteristicsAndPlayability() async throws {
        let asset = AVURLAsset(
            url: MediaFixtures.movie, options: [AVURLAssetPreferPreciseDurationAndTimingKey: true])
        #expect(asset.tracks(withMediaCharacteristic: .visual).map(\.mediaType) == [.video])
        #expect(asset.tracks(withMediaCharacteristic: .audible).map(\.mediaType) == [.audio])
        #expect(asset.tracks(withMediaCharacteristic: .legible).isEmpty)
        #expect(
            asset.tracks[0].hasMediaCharacteristic(.frameBased)
                && !asset.tracks[1].hasMediaCharacteristic(.visual))
        #expect(asset.isReadable && asset.isPlayable)
        let (readable, playable) = try await asset.load(.isReadable, .isPlayable)
        #expect(readable && playable)
        #expect(try await asset.loadTracks(withMediaCharacteristic: .audible).count == 1)
        let broken = AVURLAsset(url: MediaFixtures.garbage)
        #expect(!broken.isReadable && !broken.isPlayable)
        await #expect(throws: AVError.self) { try await broken.load(.isPlayable) }
    }
}
