import AVFoundation
import Foundation
import Testing

@Suite struct KeyValueLoadingTests {
    /// Waits for `loadValuesAsynchronously`'s handler.
    func loadKeys(_ keys: [String], of object: some AVAsynchronousKeyValueLoading) async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            object.loadValuesAsynchronously(forKeys: keys) { done.resume() }
        }
    }

    @Test(.enabled(if: MediaFixtures.available, "needs ffmpeg and ffprobe"))
    func theOlderKeyBasedLoading() async {
        let asset = AVURLAsset(url: MediaFixtures.movie)
        var error: NSError?
        #expect(asset.statusOfValue(forKey: "tracks", error: &error) == .unknown)
        await loadKeys(["duration", "tracks"], of: asset)
        #expect(asset.statusOfValue(forKey: "tracks", error: &error) == .loaded && error == nil)
        #expect(asset.statusOfValue(forKey: "playable", error: nil) == .loaded)
        #expect(asset.statusOfValue(forKey: "lyrics", error: nil) == .unknown)
        let track = asset.tracks[0]
        #expect(track.statusOfValue(forKey: "naturalSize", error: &error) == .loaded)
        await loadKeys(["preferredTransform"], of: track)
        #expect(track.statusOfValue(forKey: "preferredTransform", error: nil) == .loaded)
    }

    @Test func failuresCarryTheError() async {
        let asset = AVURLAsset(url: URL(fileURLWithPath: "/nonexistent/lamina/clip.mov"))
        await loadKeys(["duration"], of: asset)
        var error: NSError?
        #expect(asset.statusOfValue(forKey: "duration", error: &error) == .failed)
        #expect(error?.domain == NSURLErrorDomain && error?.code == NSURLErrorFileDoesNotExist)
    }
}
