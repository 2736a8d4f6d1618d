import Foundation
import LaminaExport
import QuartzCore
import Testing

/// Runs `body` with the manual clock at 1000 s, taking turns with every other user of it.
@discardableResult
func withManualClock<Result>(_ body: () throws -> Result) rethrows -> Result {
    try CAMediaClock.withManualTime(at: 1000, body)
}

/// A fresh empty folder under the temporary directory, removed by the caller.
func makeScratchFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("lamina-export-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// The names in `folder`, hidden ones included.
func contents(of folder: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
}

/// A 64×48 scene: a black (or transparent) root and a 16×16 red square whose `position.x` moves from 8 to 56
/// over one second, linearly, from the time the scene is made.
func makeMovingSquare(opaque: Bool = true) -> (root: CALayer, square: CALayer) {
    let root = CALayer()
    root.frame = CGRect(x: 0, y: 0, width: 64, height: 48)
    root.backgroundColor = opaque ? CGColor(red: 0, green: 0, blue: 0, alpha: 1) : nil
    let square = CALayer()
    square.frame = CGRect(x: 0, y: 16, width: 16, height: 16)
    square.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    root.addSublayer(square)
    let move = CABasicAnimation(keyPath: "position.x")
    move.fromValue = 8
    move.toValue = 56
    move.duration = 1
    move.timingFunction = CAMediaTimingFunction(name: .linear)
    move.beginTime = CACurrentMediaTime()
    move.fillMode = .both
    move.isRemovedOnCompletion = false
    square.add(move, forKey: "move")
    CATransaction.flush()
    return (root, square)
}

/// What ffprobe reads of a video or image file.
struct ProbedMedia {
    var frames: Int
    var width: Int
    var height: Int
    var duration: Double?
    var codec: String
}

/// Runs ffprobe on `url`.
func probe(_ url: URL) throws -> ProbedMedia {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
        "ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
        "stream=nb_read_frames,width,height,codec_name:format=duration", "-of", "json", url.path,
    ]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    struct Document: Decodable {
        struct Stream: Decodable {
            var nb_read_frames: String?
            var width: Int
            var height: Int
            var codec_name: String
        }
        struct Format: Decodable { var duration: String? }
        var streams: [Stream]
        var format: Format
    }
    let document = try JSONDecoder().decode(Document.self, from: data)
    let stream = try #require(document.streams.first)
    return ProbedMedia(
        frames: Int(stream.nb_read_frames ?? "") ?? -1, width: stream.width, height: stream.height,
        duration: document.format.duration.flatMap(Double.init), codec: stream.codec_name)
}

/// The RGBA pixel at (x, y) of a PNG file, straight alpha, top row first.
func pixel(ofPNG url: URL, x: Int, y: Int) throws -> [UInt8] {
    let image = try CGImage.load(contentsOf: url)
    let context = try #require(
        CGContext(
            data: nil, width: image.width, height: image.height, bitsPerComponent: 8,
            bytesPerRow: image.width * 4,
            space: CGColorSpace(name: CGColorSpace.sRGB)!,
            bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
    context.draw(image, in: CGRect(x: 0, y: 0, width: image.width, height: image.height))
    let data = try #require(context.data)
    let row = y * image.width * 4 + x * 4
    let bytes = data.assumingMemoryBound(to: UInt8.self)
    return [bytes[row], bytes[row + 1], bytes[row + 2], bytes[row + 3]]
}

/// Decodes frame `index` of a video into a PNG file with ffmpeg.
func decodeFrame(_ index: Int, of video: URL, to png: URL) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
        "ffmpeg", "-v", "error", "-y", "-i", video.path, "-vf", "select=eq(n\\,\(index))", "-frames:v", "1",
        png.path,
    ]
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
}
