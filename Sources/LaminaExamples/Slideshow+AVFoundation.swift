import AVFoundation
import CoreMedia
import Foundation
import QuartzCore

/// The slideshow demo's export written as its iOS original writes it: AVFoundation's
/// composition, video composition with the Core Animation tool, audio mix and export session
/// (`docs/avfoundation.md`, "The slideshow through AVFoundation"; ruling AV21).
extension Slideshow {
    /// The built-in slideshow's captions, one per ``Artwork/photo(_:size:scale:)`` (`lamina render
    /// slideshow`).
    public static var demoCaptions: [String] { SlideshowScene.captions }

    /// Exports the demo's slideshow (``makeLayer(images:backgrounds:captions:frameSize:startTime:secondsPerImage:fadeTime:)``)
    /// with music, through `AVAssetExportSession`, the way iOS code does it:
    ///
    /// 1. an `AVMutableComposition` whose video track is a blank (black) clip, inserted as often as
    ///    the slideshow needs (the iOS original's bundled blank video; ``writeBlankVideo(to:size:framesPerSecond:duration:)``
    ///    makes one), and whose audio track is the music cut to the slideshow;
    /// 2. an `AVMutableVideoComposition` at `frameSize` and `framesPerSecond`, one instruction over
    ///    the whole, and an `AVVideoCompositionCoreAnimationTool` that puts the clip in a video
    ///    layer under the demo's animation layer, built with `AVCoreAnimationBeginTimeAtZero` as
    ///    its start time; the parent layer's geometry is flipped (`isGeometryFlipped`), as iOS
    ///    code must do for the tree to keep UIKit's top-left origin in an export;
    /// 3. an `AVMutableAudioMix` whose volume ramp fades the music out over the last
    ///    `musicFadeOut` seconds of what plays;
    /// 4. an `AVAssetExportSession` with `AVAssetExportPresetHighestQuality`.
    ///
    /// The pictures are those of the same layer exported by `LayerExporter` (`lamina render
    /// slideshow`) over black, within the encoder's loss.
    ///
    /// - Parameters:
    ///   - images: The images, in order (the built-in slideshow's are ``Artwork/photo(_:size:scale:)``).
    ///   - captions: One caption per image, in order.
    ///   - frameSize: The slideshow's frame in points.
    ///   - renderSize: The movie's size in pixels (`renderSize`); the slideshow's layer is scaled
    ///     to fit it and centred (default: `frameSize`, one point per pixel).
    ///   - secondsPerImage: Each image's time on screen (default 3).
    ///   - framesPerSecond: The frame rate (`frameDuration` is 1 / this; default 30).
    ///   - blankVideo: A video file of any length whose pictures are black (its sound is not used).
    ///   - music: A sound file played from the start, or `nil` for a silent movie.
    ///   - musicFadeOut: Seconds of fade-out at the end of the music as it plays (default 1).
    ///   - outputURL: The movie to write; it must not exist (`AVError.fileAlreadyExists`).
    ///   - fileType: `.mp4` (default), `.mov` or `.webm`.
    ///   - timeRange: The part to export (default: all of it).
    /// - Throws: The session's `error` when it does not complete, or what reading the blank video
    ///   or the music throws (`AVError.operationNotSupportedForAsset` for a blank video without a
    ///   video track or music without an audio track).
    public static func exportWithAVFoundation(
        images: [CGImage], captions: [String], frameSize: CGSize, renderSize: CGSize? = nil,
        secondsPerImage: CFTimeInterval = 3,
        framesPerSecond: Int32 = 30, blankVideo: URL, music: URL?, musicFadeOut: CFTimeInterval = 1,
        to outputURL: URL, fileType: AVFileType = .mp4, timeRange: CMTimeRange? = nil
    ) async throws {
        let length = CMTime(
            seconds: duration(imageCount: images.count, secondsPerImage: secondsPerImage),
            preferredTimescale: 600)
        let composition = AVMutableComposition()
        try await insertBlankVideo(blankVideo, into: composition, length: length)
        let audioMix = AVMutableAudioMix()
        if let music {
            audioMix.inputParameters = [
                try await insertMusic(music, into: composition, length: length, fadeOut: musicFadeOut)
            ]
        }

        let videoComposition = AVMutableVideoComposition()
        let movieSize = renderSize ?? frameSize
        videoComposition.renderSize = movieSize
        videoComposition.frameDuration = CMTime(value: 1, timescale: framesPerSecond)
        let instruction = AVMutableVideoCompositionInstruction()
        instruction.timeRange = CMTimeRange(start: .zero, duration: composition.duration)
        if let videoTrack = composition.tracks(withMediaType: .video).first {
            instruction.layerInstructions = [
                AVMutableVideoCompositionLayerInstruction(assetTrack: videoTrack)
            ]
        }
        videoComposition.instructions = [instruction]

        let parentLayer = CALayer()
        parentLayer.frame = CGRect(origin: .zero, size: movieSize)
        parentLayer.isGeometryFlipped = true
        let videoLayer = CALayer()
        videoLayer.frame = parentLayer.bounds
        let animationLayer = makeLayer(
            images: images, captions: captions, frameSize: frameSize,
            startTime: AVCoreAnimationBeginTimeAtZero,
            secondsPerImage: secondsPerImage)
        if movieSize != frameSize, frameSize.width > 0, frameSize.height > 0 {
            let fit = min(movieSize.width / frameSize.width, movieSize.height / frameSize.height)
            animationLayer.position = CGPoint(x: movieSize.width / 2, y: movieSize.height / 2)
            animationLayer.setAffineTransform(CGAffineTransform(scaleX: fit, y: fit))
        }
        parentLayer.addSublayer(videoLayer)
        parentLayer.addSublayer(animationLayer)
        videoComposition.animationTool = AVVideoCompositionCoreAnimationTool(
            postProcessingAsVideoLayer: videoLayer, in: parentLayer)
        // On iOS the main run loop commits the tree before the export starts; here the thread
        // that built it commits it (its animations are resolved by that commit, ruling RT1).
        CATransaction.flush()

        guard
            let session = AVAssetExportSession(
                asset: composition, presetName: AVAssetExportPresetHighestQuality)
        else { throw AVError(.exportFailed, because: "the highest-quality preset is not available") }
        session.outputURL = outputURL
        session.outputFileType = fileType
        session.videoComposition = videoComposition
        session.audioMix = audioMix
        if let timeRange { session.timeRange = timeRange }
        await session.export()
        guard session.status == .completed else {
            throw session.error ?? AVError(.exportFailed, because: "the export ended as \(session.status)")
        }
    }

    /// Fills the composition's new video track with `blankVideo`, inserted end to end until it
    /// lasts `length`.
    private static func insertBlankVideo(
        _ blankVideo: URL, into composition: AVMutableComposition, length: CMTime
    )
        async throws
    {
        let blank = AVURLAsset(url: blankVideo)
        guard let blankTrack = try await blank.loadTracks(withMediaType: .video).first,
            let track = composition.addMutableTrack(
                withMediaType: .video, preferredTrackID: kCMPersistentTrackID_Invalid)
        else {
            throw AVError(.operationNotSupportedForAsset, because: "the blank video has no video track")
        }
        let clip = try await blankTrack.load(.timeRange)
        guard clip.duration > .zero else {
            throw AVError(.operationNotSupportedForAsset, because: "the blank video is empty")
        }
        var cursor = CMTime.zero
        while cursor < length {
            let piece = CMTimeMinimum(clip.duration, CMTimeSubtract(length, cursor))
            try track.insertTimeRange(
                CMTimeRange(start: clip.start, duration: piece), of: blankTrack, at: cursor)
            cursor = CMTimeAdd(cursor, piece)
        }
    }

    /// Adds `music`, cut to `length`, as the composition's audio track, and returns its mix
    /// parameters: full volume, then a ramp to silence over the last `fadeOut` seconds of it.
    private static func insertMusic(
        _ music: URL, into composition: AVMutableComposition, length: CMTime, fadeOut: CFTimeInterval
    ) async throws -> AVMutableAudioMixInputParameters {
        let asset = AVURLAsset(url: music)
        guard let musicTrack = try await asset.loadTracks(withMediaType: .audio).first,
            let track = composition.addMutableTrack(
                withMediaType: .audio, preferredTrackID: kCMPersistentTrackID_Invalid)
        else {
            throw AVError(.operationNotSupportedForAsset, because: "the music has no audio track")
        }
        let available = try await musicTrack.load(.timeRange)
        let plays = CMTimeMinimum(length, available.duration)
        try track.insertTimeRange(
            CMTimeRange(start: available.start, duration: plays), of: musicTrack, at: .zero)
        let parameters = AVMutableAudioMixInputParameters(track: track)
        let fade = CMTimeMinimum(
            CMTime(seconds: fadeOut.isFinite ? max(0, fadeOut) : 0, preferredTimescale: 600), plays)
        parameters.setVolume(1, at: .zero)
        if fade > .zero {
            parameters.setVolumeRamp(
                fromStartVolume: 1, toEndVolume: 0,
                timeRange: CMTimeRange(start: CMTimeSubtract(plays, fade), duration: fade))
        }
        return parameters
    }

    /// Writes a black H.264 clip of `size` pixels (rounded up to even), `duration` seconds at
    /// `framesPerSecond`, with ffmpeg: the blank video an iOS project bundles for
    /// ``exportWithAVFoundation(images:captions:frameSize:renderSize:secondsPerImage:framesPerSecond:blankVideo:music:musicFadeOut:to:fileType:timeRange:)``.
    ///
    /// - Throws: `CocoaError(.fileWriteUnknown)` with ffmpeg's message when ffmpeg fails or is
    ///   missing.
    public static func writeBlankVideo(
        to url: URL, size: CGSize, framesPerSecond: Int32 = 30, duration: CFTimeInterval = 1
    ) throws {
        let width = max(2, Int(size.width.rounded(.up)) + Int(size.width.rounded(.up)) % 2)
        let height = max(2, Int(size.height.rounded(.up)) + Int(size.height.rounded(.up)) % 2)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "ffmpeg", "-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i",
            "color=c=black:s=\(width)x\(height):r=\(framesPerSecond):d=\(max(0.1, duration))", "-c:v",
            "libx264",
            "-pix_fmt", "yuv420p", url.path,
        ]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CocoaError(
                .fileWriteUnknown,
                userInfo: [NSLocalizedDescriptionKey: "ffmpeg could not write a blank video: \(message)"])
        }
    }
}

extension AVError {
    /// An error with `code` and `reason` as its failure reason.
    fileprivate init(_ code: Code, because reason: String) {
        self.init(code, userInfo: [NSLocalizedFailureReasonErrorKey: reason])
    }
}
