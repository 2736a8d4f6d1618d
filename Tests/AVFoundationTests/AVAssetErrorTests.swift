import AVFoundation
import CoreMedia
import Foundation
import Testing

@Suite struct AVAssetErrorTests {
    @Test func missingFile() async {
        let asset = AVURLAsset(url: URL(fileURLWithPath: "/nonexistent/lamina/movie.mp4"))
        // The synchronous properties answer as for an unreadable asset...
        #expect(!asset.duration.isValid && asset.tracks.isEmpty)
        // ...the asynchronous ones throw Foundation's error, as on Apple's platforms.
        let error = await #expect(throws: URLError.self) { try await asset.load(.duration) }
        #expect(error?.code == .fileDoesNotExist)
        let again = await #expect(throws: URLError.self) { try await asset.loadTracks(withMediaType: .video) }
        #expect(again?.code == .fileDoesNotExist)
    }

    @Test func folderAndRemoteURLs() async {
        let folder = AVURLAsset(url: FileManager.default.temporaryDirectory)
        let folderError = await #expect(throws: URLError.self) { try await folder.load(.tracks) }
        #expect(folderError?.code == .fileIsDirectory)
        let remote = AVURLAsset(url: URL(string: "https://example.com/movie.mp4")!)
        let remoteError = await #expect(throws: URLError.self) { try await remote.load(.duration) }
        #expect(remoteError?.code == .unsupportedURL)
    }

    @Test(.enabled(if: MediaFixtures.available, "needs ffprobe"))
    func fileThatIsNotMedia() async throws {
        let asset = AVURLAsset(url: MediaFixtures.garbage)
        #expect(asset.tracks.isEmpty && !asset.duration.isValid)
        do {
            _ = try await asset.load(.tracks)
            Issue.record("loading a file that is not media succeeded")
        } catch AVError.fileFormatNotRecognized {
            // Apple's code for a file it cannot open, with ffprobe's reason.
        }
        let error = await #expect(throws: AVError.self) { try await asset.load(.duration) }
        #expect(error?.code == .fileFormatNotRecognized && error?.errorCode == -11828)
        #expect(error?.failureReason?.contains("garbage.mp4") == true)
        #expect(AVError.errorDomain == "AVFoundationErrorDomain")
    }

    @Test func mediaTypesAndErrorCodes() {
        #expect(AVMediaType.video.rawValue == "vide" && AVMediaType.audio.rawValue == "soun")
        #expect(AVMediaType("text") == .text && AVMediaType(rawValue: "sbtl") == .subtitle)
        #expect(AVError.Code.unknown.rawValue == -11800 && AVError.Code.fileFailedToParse.rawValue == -11829)
        #expect(AVError.Code.decoderNotFound.rawValue == -11833)
        #expect(AVError(.decodeFailed).errorDescription?.contains("-11821") == true)
        #expect(kCMPersistentTrackID_Invalid == 0)
    }
}
