// Export benchmark (issue 7): the slideshow demo — 10 images × 3 s at 30 frames per second — exported
// to H.264 (x264 veryfast) at 1280×720 and 1920×1080, end to end, split into update, render,
// readback (with the GPU's YUV conversion) and encode; against a baseline measured in the same
// run: ffmpeg encoding the very same frames, held in memory, with the same settings.
//
//     swift run -c release export-benchmark [images] [seconds-per-image] [sizes] [--opengl]
//     swift run -c release export-benchmark 10 3 720,1080
//
// `--opengl` has OpenGL (llvmpipe) draw every frame, as before ruling V26 drew simple frames in
// memory: the comparison for that change, in the same build.

import Foundation
import LaminaExamples
import LaminaExport
import QuartzCore

#if canImport(Glibc)
    import Glibc
#endif

let drawsWithOpenGL = CommandLine.arguments.contains("--opengl")
let arguments = CommandLine.arguments.dropFirst().filter { $0 != "--opengl" }
let imageCount = arguments.count > 0 ? Int(arguments[0]) ?? 10 : 10
let secondsPerImage = arguments.count > 1 ? Double(arguments[1]) ?? 3 : 3
let heights = (arguments.count > 2 ? arguments[2] : "720,1080").split(separator: ",").compactMap { Int($0) }
let fps = 30.0

/// Builds the demo's tree at the clock's current time, with the slideshow example's photos drawn
/// by Lamina at the frame's size.
func makeScene(size: CGSize) -> CALayer {
    let images = (0..<imageCount).compactMap { Artwork.photo($0, size: size) }
    return Slideshow.makeLayer(
        images: images, captions: [], frameSize: size, startTime: CACurrentMediaTime(),
        secondsPerImage: secondsPerImage)
}

/// Pipes `frames` (I420, back to back) into ffmpeg with the exporter's H.264 settings.
func encodeFromMemory(_ frames: UnsafeRawBufferPointer, width: Int, height: Int, output: String) throws
    -> TimeInterval
{
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
        "ffmpeg", "-hide_banner", "-loglevel", "error", "-y", "-f", "rawvideo", "-pix_fmt", "yuv420p",
        "-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709", "-color_range", "tv",
        "-s", "\(width)x\(height)", "-framerate", "30", "-i", "pipe:0", "-colorspace", "bt709",
        "-color_primaries", "bt709", "-color_trc", "bt709", "-color_range", "tv", "-vf", "null", "-c:v",
        "libx264", "-preset", "veryfast", "-crf", "20", "-pix_fmt", "yuv420p", "-movflags", "+faststart",
        "-f",
        "mp4", output,
    ]
    let input = Pipe()
    process.standardInput = input
    signal(SIGPIPE, SIG_IGN)
    let start = Date()
    try process.run()
    var pointer = frames.baseAddress!
    var remaining = frames.count
    let descriptor = input.fileHandleForWriting.fileDescriptor
    while remaining > 0 {
        let written = write(descriptor, pointer, min(remaining, 1 << 20))
        guard written > 0 else { break }
        remaining -= written
        pointer = pointer.advanced(by: written)
    }
    try input.fileHandleForWriting.close()
    process.waitUntilExit()
    return Date().timeIntervalSince(start)
}

func seconds(_ t: TimeInterval) -> String { String(format: "%6.2f s", t) }

print(
    "Export benchmark: slideshow demo, \(imageCount) images × \(secondsPerImage) s, \(Int(fps)) fps, H.264 veryfast"
        + (drawsWithOpenGL ? ", every frame drawn by OpenGL (--opengl)" : "")
)
for height in heights {
    let width = height * 16 / 9
    let size = CGSize(width: width, height: height)
    let duration = Slideshow.duration(imageCount: imageCount, secondsPerImage: secondsPerImage)
    var options = ExportOptions(size: size, duration: duration)
    options.framesPerSecond = fps
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-export-benchmark.mp4")
    defer { try? FileManager.default.removeItem(at: output) }

    // Lamina end to end.
    let report = try CAMediaClock.withManualTime(at: 1000) {
        let exporter = LayerExporter(layer: makeScene(size: size), options: options)
        exporter.drawsSimpleFramesInMemory = !drawsWithOpenGL
        return try exporter.export(to: output)
    }

    // The same export with each frame's steps in turn (no overlap of commit and drawing), each
    // stage timed: the stages then add up to about the whole export.
    let sequential = try CAMediaClock.withManualTime(at: 1000) {
        let exporter = LayerExporter(layer: makeScene(size: size), options: options)
        exporter.overlapsFrames = false
        exporter.measuresStages = true
        exporter.drawsSimpleFramesInMemory = !drawsWithOpenGL
        return try exporter.export(to: output)
    }

    // The same frames, rendered into memory first (not timed), then encoded alone.
    let frameBytes = width * height * 3 / 2
    let frames = UnsafeMutableRawBufferPointer.allocate(byteCount: frameBytes * report.frames, alignment: 64)
    defer { frames.deallocate() }
    // Timed on their own too: Lamina's cost with the encoder idle.
    var aloneRender: TimeInterval = 0
    var aloneReadback: TimeInterval = 0
    // A checksum of every frame's RGBA bytes (read after the timed steps): equal between builds,
    // and between the in-memory and OpenGL paths (`--opengl`), when every pixel is.
    var pixelChecksum: UInt64 = 0xcbf2_9ce4_8422_2325
    var rgba = [UInt8](repeating: 0, count: width * height * 4)
    try CAMediaClock.withManualTime(at: 1000) {
        let root = makeScene(size: size)
        let renderer = try CARenderer(layer: root, size: size)
        if drawsWithOpenGL { renderer.drawsSimpleFramesInMemory = false }
        let start = CACurrentMediaTime()
        for index in 0..<report.frames {
            let time = start + Double(index) / fps
            CAMediaClock.advance(by: time - CACurrentMediaTime())
            var mark = Date()
            renderer.beginFrame(atTime: time)
            renderer.render()
            renderer.endFrame()
            aloneRender += Date().timeIntervalSince(mark)
            mark = Date()
            renderer.readYUV420(
                into: UnsafeMutableRawBufferPointer(
                    rebasing: frames[(index * frameBytes)..<((index + 1) * frameBytes)]))
            aloneReadback += Date().timeIntervalSince(mark)
            rgba.withUnsafeMutableBytes { pixels in
                _ = renderer.readPixels(into: pixels, bytesPerRow: width * 4)
                for word in UnsafeRawBufferPointer(pixels).bindMemory(to: UInt64.self) {
                    pixelChecksum = (pixelChecksum ^ word) &* 0x100_0000_01b3
                }
            }
        }
    }
    // A checksum of every frame's YUV bytes: equal between builds when no pixel changed.
    var checksum: UInt64 = 0xcbf2_9ce4_8422_2325
    for word in UnsafeRawBufferPointer(frames).bindMemory(to: UInt64.self) {
        checksum = (checksum ^ word) &* 0x100_0000_01b3
    }
    let baseline = try encodeFromMemory(
        UnsafeRawBufferPointer(frames), width: width, height: height, output: output.path)

    let ratio = report.total / baseline
    print("")
    print(
        "\(width)×\(height), \(report.frames) frames (\(duration) s of video), frames' checksum "
            + String(checksum, radix: 16) + ", RGBA checksum " + String(pixelChecksum, radix: 16))
    print(
        "  Lamina end to end  \(seconds(report.total))  \(String(format: "%5.1f", Double(report.frames) / report.total)) frames/s  real-time factor \(String(format: "%.2f", duration / report.total))×"
    )
    print("    update          \(seconds(report.update))")
    print("    render          \(seconds(report.render))")
    print("    readback + YUV  \(seconds(report.readback))")
    print("    encode (pipe)   \(seconds(report.encode))")
    print(
        "  baseline: ffmpeg encoding the same frames from memory  \(seconds(baseline))  \(String(format: "%5.1f", Double(report.frames) / baseline)) frames/s"
    )
    let perFrame = { (t: TimeInterval) in String(format: "%.2f", t / Double(report.frames) * 1000) }
    print(
        "  Lamina alone (encoder idle): render \(perFrame(aloneRender)) ms, readback + YUV "
            + "\(perFrame(aloneReadback)) ms per frame")
    print(
        "  frames one after another (no overlap): \(seconds(sequential.total)), ratio "
            + String(format: "%.2f", sequential.total / baseline) + "×")
    if let stages = sequential.stages {
        print("  where each frame's time goes, one frame after another (ms per frame, share of that export):")
        for (name, time) in stages.named {
            print(
                "    " + name.padding(toLength: 32, withPad: " ", startingAt: 0)
                    + String(
                        format: "%7.2f ms  %5.1f %%", time / Double(sequential.frames) * 1000,
                        time / sequential.total * 100))
        }
        let accounted = stages.named.reduce(0) { $0 + $1.seconds }
        print(
            "    " + "other (start, sound, file)".padding(toLength: 32, withPad: " ", startingAt: 0)
                + String(
                    format: "%7.2f ms  %5.1f %%",
                    (sequential.total - accounted) / Double(sequential.frames) * 1000,
                    (1 - accounted / sequential.total) * 100))
    }
    print(
        "  ratio \(String(format: "%.2f", ratio))× (goal ≤ 1.5×); Lamina's share \(String(format: "%.0f", max(0, 1 - baseline / report.total) * 100)) %"
    )
}
