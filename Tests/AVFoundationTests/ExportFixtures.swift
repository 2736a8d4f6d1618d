import AVFoundation
import CoreMedia
import Foundation
import Testing

/// Media for the export session's tests, made by ffmpeg once per run in ``MediaFixtures/folder``,
/// and what the tests measure in exported files (ffprobe, decoded pixels and samples).
enum ExportFixtures {
    /// One second of `testsrc` at 160×90, 30 fps, H.264, no sound: the first clip.
    static let clipA: URL = make("export-a.mp4") {
        [
            "-f", "lavfi", "-i", "testsrc=size=160x90:rate=30:duration=1", "-c:v", "libx264", "-pix_fmt",
            "yuv420p", $0,
        ]
    }

    /// 1.5 s of `testsrc2` at 160×90, 30 fps, H.264, no sound: the second clip, trimmed.
    static let clipB: URL = make("export-b.mp4") {
        [
            "-f", "lavfi", "-i", "testsrc2=size=160x90:rate=30:duration=1.5", "-c:v", "libx264", "-pix_fmt",
            "yuv420p", $0,
        ]
    }

    /// One second of mid grey at 160×90, 30 fps, H.264: a picture no red layer can be mistaken in.
    static let grey: URL = make("export-grey.mp4") {
        ["-f", "lavfi", "-i", "color=c=gray:s=160x90:r=30:d=1", "-c:v", "libx264", "-pix_fmt", "yuv420p", $0]
    }

    /// One second at 32×32, 30 fps, each frame one grey: frame N has luma 16 + 6N (limited range),
    /// so a decoded frame's grey tells which source frame it is. Lossless H.264.
    static let numbered: URL = make("export-numbered.mp4") {
        [
            "-f", "lavfi", "-i", "color=black:s=32x32:r=30:d=1,geq=lum='16+6*N':cb=128:cr=128", "-c:v",
            "libx264", "-qp", "0", "-pix_fmt", "yuv420p", $0,
        ]
    }

    /// Three seconds at 32×32, 30 fps, a key frame every second, frame N ≥ 60 of luma
    /// 16 + 6 (N − 60) (earlier frames black): a source long enough that a late segment is decoded
    /// after a seek, read like ``numbered``. Lossless H.264.
    static let numberedLong: URL = make("export-numbered-late.mp4") {
        [
            "-f", "lavfi", "-i", "color=black:s=32x32:r=30:d=3,geq=lum='16+6*clip(N-60,0,29)':cb=128:cr=128",
            "-c:v", "libx264", "-qp", "0", "-g", "30", "-pix_fmt", "yuv420p", $0,
        ]
    }

    /// Two seconds of a 440 Hz tone at amplitude 0.5, 48 kHz mono, 16-bit WAV: the music.
    static let music: URL = make("export-music.wav") {
        [
            "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=2,volume=4", "-c:a",
            "pcm_s16le", $0,
        ]
    }

    private static func make(_ name: String, arguments: (String) -> [String]) -> URL {
        let url = MediaFixtures.folder.appendingPathComponent(name)
        _ = run(["-v", "error", "-y"] + arguments(url.path))
        return url
    }

    /// A new path in the fixtures' folder for an export's output (nothing there yet).
    static func output(_ name: String, extension pathExtension: String = "mp4") -> URL {
        MediaFixtures.folder.appendingPathComponent("\(name)-\(UUID().uuidString).\(pathExtension)")
    }

    /// Runs `program` (ffmpeg by default) and returns its standard output.
    @discardableResult
    static func run(_ arguments: [String], program: String = "ffmpeg") -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return Data() }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return data
    }

    /// Each stream's `codec_type` and duration in seconds, as ffprobe reports them.
    static func streams(_ url: URL) -> [(type: String, duration: Double)] {
        let text = String(
            decoding: run(
                [
                    "-v", "error", "-show_entries", "stream=codec_type,duration", "-of", "csv=p=0", url.path,
                ], program: "ffprobe"), as: UTF8.self)
        return text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: ",")
            guard fields.count >= 2, let duration = Double(fields[1]) else { return nil }
            return (String(fields[0]), duration)
        }
    }

    /// Frame `index` of `url`'s video decoded to RGB, 3 bytes a pixel, top row first.
    static func frame(_ index: Int, of url: URL) -> [UInt8] {
        [UInt8](
            run([
                "-v", "error", "-i", url.path, "-vf", "select=eq(n\\,\(index))", "-frames:v", "1", "-f",
                "rawvideo",
                "-pix_fmt", "rgb24", "pipe:1",
            ]))
    }

    /// Every frame of `url`'s video decoded to RGB at `width`×`height`, in order.
    static func frames(of url: URL, width: Int, height: Int) -> [[UInt8]] {
        let bytes = [UInt8](
            run(["-v", "error", "-i", url.path, "-f", "rawvideo", "-pix_fmt", "rgb24", "pipe:1"]))
        let size = width * height * 3
        return stride(from: 0, to: bytes.count - size + 1, by: size).map { Array(bytes[$0..<$0 + size]) }
    }

    /// Which frame of ``numbered`` an exported frame shows, from its grey level.
    static func numberedFrame(_ image: [UInt8]) -> Int {
        Int((meanGreen(image) / (6 * 255 / 219)).rounded())
    }

    /// The peak signal-to-noise ratio in dB of the luma (BT.709 weights of the decoded RGB) of two
    /// RGB images over the rows `rows` of width `width` (∞ when equal). Luma, because each
    /// encoding to 4:2:0 halves the colour's resolution again: re-encoding `testsrc2` at this size
    /// costs its sharp colour edges about 4 dB of RGB PSNR even in ffmpeg alone.
    static func psnr(_ a: [UInt8], _ b: [UInt8], width: Int, rows: Range<Int>) -> Double {
        guard a.count == b.count, a.count >= rows.upperBound * width * 3 else { return 0 }
        func luma(_ image: [UInt8], _ index: Int) -> Double {
            0.2126 * Double(image[index]) + 0.7152 * Double(image[index + 1]) + 0.0722
                * Double(image[index + 2])
        }
        var sum = 0.0
        for pixel in rows.lowerBound * width..<rows.upperBound * width {
            let d = luma(a, pixel * 3) - luma(b, pixel * 3)
            sum += d * d
        }
        let mse = sum / Double(rows.count * width)
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }

    /// The mean grey of an RGB image's green channel (a grey frame's level).
    static func meanGreen(_ image: [UInt8]) -> Double {
        guard image.count >= 3 else { return -1 }
        return stride(from: 1, to: image.count, by: 3).reduce(0.0) { $0 + Double(image[$1]) }
            / Double(image.count / 3)
    }

    /// The RGB colour at pixel (`x`, `y`) of an image `width` pixels wide.
    static func pixel(_ image: [UInt8], width: Int, x: Int, y: Int) -> (r: Int, g: Int, b: Int) {
        let index = (y * width + x) * 3
        guard index + 2 < image.count else { return (-1, -1, -1) }
        return (Int(image[index]), Int(image[index + 1]), Int(image[index + 2]))
    }

    /// The level in dB (full scale) of `url`'s sound, mixed to mono, over `[start, start + duration)`
    /// seconds.
    static func level(_ url: URL, start: Double, duration: Double) -> Double {
        let data = run([
            "-v", "error", "-i", url.path, "-vn", "-af",
            "atrim=start=\(start):duration=\(duration),pan=mono|c0=c0", "-f", "s16le", "-ar", "48000",
            "pipe:1",
        ])
        let samples = data.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
        guard !samples.isEmpty else { return -.infinity }
        let power = samples.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(samples.count)
        return 10 * log10(power / (32768.0 * 32768.0))
    }

    /// The sign changes per second of `url`'s sound, mixed to mono, over
    /// `[start, start + duration)` seconds: twice the frequency of a pure tone.
    static func crossingsPerSecond(_ url: URL, start: Double, duration: Double) -> Double {
        let data = run([
            "-v", "error", "-i", url.path, "-vn", "-af",
            "atrim=start=\(start):duration=\(duration),pan=mono|c0=c0", "-f", "s16le", "-ar", "48000",
            "pipe:1",
        ])
        let samples = data.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
        let changes = zip(samples, samples.dropFirst()).filter { ($0 < 0) != ($1 < 0) }.count
        return Double(changes) / duration
    }

    /// Whether `folder` holds any of LaminaExport's temporary outputs (`….partial`).
    static func hasPartialFiles(in folder: URL) -> Bool {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.contains { $0.hasSuffix(".partial") }
    }
}
