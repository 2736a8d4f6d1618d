import AVFoundation
import CoreMedia
import Foundation
import LaminaExamples
import LaminaExport
import QuartzCore
import Testing

/// Runs `program arguments…` and returns its standard output; requires success.
private func run(_ program: String, _ arguments: [String]) throws -> Data {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [program] + arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "\(program) \(arguments)")
    return data
}

/// The frames of a movie, decoded by ffmpeg as RGB bytes.
private func frames(of url: URL, width: Int, height: Int) throws -> [[UInt8]] {
    let data = try run(
        "ffmpeg", ["-v", "error", "-nostdin", "-i", url.path, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"])
    let size = width * height * 3
    return stride(from: 0, to: data.count - size + 1, by: size).map { Array(data[$0..<($0 + size)]) }
}

/// The peak signal-to-noise ratio of two RGB frames, in dB (∞ when equal).
private func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double {
    let squared = zip(a, b).reduce(0.0) { sum, pair in
        let d = Double(pair.0) - Double(pair.1)
        return sum + d * d
    }
    let mse = squared / Double(max(1, a.count))
    return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
}

/// The RMS level in dBFS of the left channel of `file`'s first audio stream at 48 kHz, from `start`
/// to `end` seconds (-200: silence).
private func level(of file: URL, from start: Double, to end: Double) throws -> Double {
    let data = try run(
        "ffmpeg",
        [
            "-v", "error", "-nostdin", "-i", file.path, "-map", "0:a:0", "-af", "pan=mono|c0=c0", "-ar",
            "48000", "-f",
            "f32le",
            "-",
        ])
    let samples = data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
    let window = samples[min(samples.count, Int(start * 48_000))..<min(samples.count, Int(end * 48_000))]
    guard !window.isEmpty else { return -200 }
    let rms = (window.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(window.count)).squareRoot()
    return rms > 0 ? 20 * log10(rms) : -200
}

extension ExampleClockTests {
    /// The demo's slideshow exported through AVFoundation as its iOS original writes it (ruling
    /// AV21), against the same layer exported by `LayerExporter`.
    @Suite struct SlideshowAVFoundation {
        /// Sampled frames of the two forms agree at least this well: both are H.264 at the
        /// exporter's quality, so each differs from the drawn frame by the encoder's loss.
        static let minimumPSNR = 35.0
        static let size = CGSize(width: 160, height: 90)
        static let fps: Int32 = 10
        static let secondsPerImage = 2.0

        @Test("the AVFoundation form exports with music, and its frames are the LayerExporter form's")
        func matchesLayerExporter() async throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "slideshow-av-\(UUID())")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let tone = folder.appendingPathComponent("tone.wav")
            _ = try run(
                "ffmpeg",
                [
                    "-v", "error", "-nostdin", "-f", "lavfi", "-i",
                    "aevalsrc=0.5*sin(2*PI*440*t):s=48000:d=6", tone.path,
                ])
            let blank = folder.appendingPathComponent("blank.mp4")
            try Slideshow.writeBlankVideo(
                to: blank, size: Self.size, framesPerSecond: Self.fps, duration: 1.5)
            let images = (0..<2).compactMap { Artwork.photo($0, size: Self.size) }
            try #require(images.count == 2)
            let captions = ["One", "Two"]

            let viaAVFoundation = folder.appendingPathComponent("avfoundation.mp4")
            try await Slideshow.exportWithAVFoundation(
                images: images, captions: captions, frameSize: Self.size,
                secondsPerImage: Self.secondsPerImage,
                framesPerSecond: Self.fps, blankVideo: blank, music: tone, to: viaAVFoundation)

            let viaLayers = folder.appendingPathComponent("layers.mp4")
            var options = ExportOptions(
                size: Self.size,
                duration: Slideshow.duration(imageCount: 2, secondsPerImage: Self.secondsPerImage))
            options.framesPerSecond = Double(Self.fps)
            try CAMediaClock.withManualTime(at: 1000) {
                let root = CALayer()
                root.frame = CGRect(origin: .zero, size: Self.size)
                root.backgroundColor = CGColor(gray: 0, alpha: 1)
                root.addSublayer(
                    Slideshow.makeLayer(
                        images: images, captions: captions, frameSize: Self.size,
                        startTime: CACurrentMediaTime(),
                        secondsPerImage: Self.secondsPerImage))
                _ = try LayerExporter(layer: root, options: options).export(to: viaLayers)
            }

            // One video and one audio stream, each the slideshow's 4 s.
            let probe = String(
                decoding: try run(
                    "ffprobe",
                    [
                        "-v", "error", "-show_entries", "stream=codec_type,duration", "-of", "csv=p=0",
                        viaAVFoundation.path,
                    ]), as: UTF8.self)
            let streams = probe.split(separator: "\n").map { $0.split(separator: ",") }
            #expect(streams.contains { $0.first == "video" && abs((Double($0.last ?? "") ?? 0) - 4) <= 0.1 })
            #expect(streams.contains { $0.first == "audio" && abs((Double($0.last ?? "") ?? 0) - 4) <= 0.1 })

            let width = Int(Self.size.width)
            let height = Int(Self.size.height)
            let avFrames = try frames(of: viaAVFoundation, width: width, height: height)
            let layerFrames = try frames(of: viaLayers, width: width, height: height)
            try #require(
                avFrames.count == 40 && layerFrames.count == 40, "\(avFrames.count), \(layerFrames.count)")
            // Each image alone, sliding; both fading; the second's caption; the last frame.
            for index in [3, 15, 25, 33, 39] {
                let quality = psnr(avFrames[index], layerFrames[index])
                print(
                    "slideshow frame \(index): \(quality) dB between the AVFoundation and LayerExporter forms"
                )
                #expect(quality >= Self.minimumPSNR, "frame \(index): \(quality) dB")
            }
            // The music: steady, then the audio mix's ramp to silence over the last second (half
            // the gain, -6 dB, halfway), measured through AAC within 1 dB.
            let toneLevel = 20 * log10(0.5 / 2.0.squareRoot())
            let steady = try level(of: viaAVFoundation, from: 1, to: 2.9)
            let halfway = try level(of: viaAVFoundation, from: 3.49, to: 3.51)
            print("slideshow music: \(steady) dB steady, \(halfway) dB halfway through the fade")
            #expect(abs(steady - toneLevel) <= 1 && abs(halfway - (toneLevel - 6.02)) <= 1)
            #expect(try level(of: viaAVFoundation, from: 3.97, to: 4) < toneLevel - 20)
            // The pictures move: the forms agree on a slideshow, not on a still.
            #expect(psnr(avFrames[3], avFrames[15]) < 25)
        }
    }
}
