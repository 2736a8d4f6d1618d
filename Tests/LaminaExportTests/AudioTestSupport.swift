import Foundation
import Testing

/// Runs `ffmpeg -v error -y arguments…` (making test media) and requires success.
func runFFmpeg(_ arguments: [String]) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["ffmpeg", "-hide_banner", "-v", "error", "-y", "-nostdin"] + arguments
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "ffmpeg \(arguments): \(message)")
}

/// Writes a mono 48 kHz 16-bit WAV file of `seconds` from ffmpeg's `aevalsrc` expression of `t`
/// (in seconds): `0.5*sin(2*PI*1000*t)` is a 1 kHz tone at -9.03 dB RMS.
func makeSound(_ url: URL, seconds: Double, expression: String = "0.5*sin(2*PI*1000*t)") throws {
    try runFFmpeg([
        "-f", "lavfi", "-i", "aevalsrc=\(expression):s=48000:d=\(seconds)", "-c:a", "pcm_s16le", url.path,
    ])
}

/// The first audio stream of `url` decoded by ffmpeg: the left channel, as Float samples at the
/// stream's rate (48 kHz for Lamina's exports).
func decodeLeftChannel(_ url: URL) throws -> [Float] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
        "ffmpeg", "-v", "error", "-nostdin", "-i", url.path, "-map", "0:a:0", "-af", "pan=mono|c0=c0", "-f",
        "f32le", "-",
    ]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0)
    return data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
}

/// The RMS level in dBFS of `samples` (48 kHz) between `start` and `end` seconds; -200 for silence.
func rmsLevel(_ samples: [Float], from start: Double, to end: Double) -> Double {
    let lower = max(0, Int(start * 48_000))
    let upper = min(samples.count, Int(end * 48_000))
    guard upper > lower else { return -200 }
    var sum = 0.0
    for sample in samples[lower..<upper] { sum += Double(sample) * Double(sample) }
    let rms = (sum / Double(upper - lower)).squareRoot()
    return rms > 0 ? 20 * log10(rms) : -200
}

/// The level of a sine of peak `amplitude` times `gain`, in dBFS RMS.
func sineLevel(amplitude: Double, gain: Double = 1) -> Double {
    20 * log10(amplitude * gain / 2.0.squareRoot())
}

/// What ffprobe reads of each stream of a file: its type, codec and duration in seconds.
struct ProbedStream: Equatable {
    var type: String
    var codec: String
    var duration: Double?
}

/// What `ffprobe -v error ARGUMENTS` prints on standard output.
func ffprobeOutput(_ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["ffprobe", "-v", "error"] + arguments
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return text
}

/// Runs ffprobe on `url`'s streams.
func probeStreams(_ url: URL) throws -> [ProbedStream] {
    let text = try ffprobeOutput([
        "-show_entries", "stream=codec_type,codec_name,duration", "-of", "csv=p=0", url.path,
    ])
    return text.split(whereSeparator: \.isNewline).map { line in
        let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        return ProbedStream(
            type: fields.count > 1 ? fields[1] : "", codec: fields.first ?? "",
            duration: fields.count > 2 ? Double(fields[2]) : nil)
    }
}

/// The time in seconds of the first sample louder than `threshold`, or `nil`.
func firstLoudSample(_ samples: [Float], threshold: Float = 0.3) -> Double? {
    samples.firstIndex { abs($0) > threshold }.map { Double($0) / 48_000 }
}

/// The index of the first frame of a video whose mean luma is above 128 (a white flash), or
/// `nil`; the frames are decoded at `width`×`height` as 8-bit grey.
func firstBrightFrame(_ url: URL, width: Int, height: Int) throws -> Int? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
        "ffmpeg", "-v", "error", "-nostdin", "-i", url.path, "-map", "0:v:0", "-f", "rawvideo", "-pix_fmt",
        "gray", "-",
    ]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = [UInt8](output.fileHandleForReading.readDataToEndOfFile())
    process.waitUntilExit()
    let frameBytes = width * height
    for frame in 0..<(data.count / frameBytes) {
        let slice = data[(frame * frameBytes)..<((frame + 1) * frameBytes)]
        if slice.reduce(0, { $0 + Int($1) }) / frameBytes > 128 { return frame }
    }
    return nil
}
