// Overlay benchmark (issue 21): an animated title — a caption that slides in, stays, and fades
// out — over a 1920×1080, 30 fps clip with its sound, exported through AVFoundation's API as iOS
// code writes it (`AVAssetExportSession` with `AVVideoCompositionCoreAnimationTool`), against a
// baseline measured in the same run: ffmpeg alone transcoding the same clip with the export's
// own encoder settings (read from LaminaExport, so the two cannot drift). The clip is generated
// by ffmpeg (testsrc2 and a 440 Hz tone, AAC) into a temporary folder. The goal is ≤ 1.5×.
//
//     swift run -c release overlay-benchmark [runs] [seconds] [--layer-tree]
//     swift run -c release overlay-benchmark 3 10
//
// The export takes the source overlay path (ruling AV23: ffmpeg draws the clip under Lamina's
// frames of the title); `--layer-tree` makes it composite the clip in the layer tree instead, the
// path every video composition can take, for comparison.

import AVFoundation
import CoreMedia
import Foundation
import LaminaExport
import QuartzCore

let forcesLayerTree = CommandLine.arguments.contains("--layer-tree")
let arguments = CommandLine.arguments.dropFirst().filter { $0 != "--layer-tree" }
let runs = max(1, arguments.count > 0 ? Int(arguments[0]) ?? 3 : 3)
let clipSeconds = max(1, arguments.count > 1 ? Double(arguments[1]) ?? 10 : 10)
let size = CGSize(width: 1920, height: 1080)

/// Runs `program` with `arguments` and returns its wall time; exits with its message on failure.
@discardableResult
func run(_ program: String, _ arguments: [String]) -> TimeInterval {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [program] + arguments
    let errors = Pipe()
    process.standardError = errors
    let start = Date()
    do {
        try process.run()
    } catch {
        fatalError("cannot run \(program): \(error)")
    }
    let message = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        fatalError("\(program) failed: \(String(decoding: message, as: UTF8.self))")
    }
    return Date().timeIntervalSince(start)
}

/// The caption: a text layer on a translucent band that slides in from the left over its first
/// second, then fades out over the clip's last second, timed from the composition's start.
func makeTitle(duration: Double) -> CALayer {
    let title = CATextLayer()
    title.string = "Lamina — an animated title over the clip"
    title.font = "DejaVu Sans"
    title.fontSize = 56
    title.alignmentMode = .center
    title.foregroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
    title.backgroundColor = CGColor(gray: 0, alpha: 0.55)
    title.cornerRadius = 16
    title.bounds = CGRect(x: 0, y: 0, width: 1280, height: 90)
    title.position = CGPoint(x: size.width / 2, y: size.height - 140)
    let slide = CABasicAnimation(keyPath: "position.x")
    slide.fromValue = -640.0
    slide.toValue = size.width / 2
    slide.beginTime = AVCoreAnimationBeginTimeAtZero
    slide.duration = 1
    slide.timingFunction = CAMediaTimingFunction(name: .easeOut)
    slide.fillMode = .backwards
    title.add(slide, forKey: "slide")
    let fade = CABasicAnimation(keyPath: "opacity")
    fade.fromValue = 1.0
    fade.toValue = 0.0
    fade.beginTime = duration - 1
    fade.duration = 1
    fade.fillMode = .forwards
    fade.isRemovedOnCompletion = false
    title.add(fade, forKey: "fade")
    return title
}

/// An export session for `clip` with the title over it, writing `output`.
func makeSession(clip: URL, output: URL) -> AVAssetExportSession {
    let asset = AVURLAsset(url: clip)
    let parent = CALayer()
    parent.frame = CGRect(origin: .zero, size: size)
    parent.isGeometryFlipped = true
    let videoLayer = CALayer()
    videoLayer.frame = parent.bounds
    parent.addSublayer(videoLayer)
    parent.addSublayer(makeTitle(duration: asset.duration.seconds))
    let videoComposition = AVMutableVideoComposition(propertiesOf: asset)
    videoComposition.animationTool = AVVideoCompositionCoreAnimationTool(
        postProcessingAsVideoLayer: videoLayer, in: parent)
    guard let session = AVAssetExportSession(asset: asset, presetName: AVAssetExportPreset1920x1080) else {
        fatalError("no export session for the clip")
    }
    session.videoComposition = videoComposition
    session.outputURL = output
    session.outputFileType = .mp4
    session.forcesLayerTreeCompositing = forcesLayerTree
    // Committed here, as an app's run loop would (ruling AV21): the export's thread publishes
    // only what this thread's transactions committed.
    CATransaction.flush()
    return session
}

let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "lamina-overlay-benchmark-\(ProcessInfo.processInfo.processIdentifier)")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }
let clip = folder.appendingPathComponent("clip.mp4")
run(
    "ffmpeg",
    [
        "-hide_banner", "-loglevel", "error", "-y", "-nostdin", "-f", "lavfi", "-i",
        "testsrc2=size=1920x1080:rate=30:duration=\(clipSeconds)", "-f", "lavfi", "-i",
        "sine=frequency=440:sample_rate=48000:duration=\(clipSeconds)", "-c:v", "libx264", "-preset",
        "veryfast", "-crf", "20", "-pix_fmt", "yuv420p", "-c:a", "aac", "-b:a", "192k", "-shortest",
        clip.path,
    ])
let baselineOutput = folder.appendingPathComponent("baseline.mp4")
let laminaOutput = folder.appendingPathComponent("lamina.mp4")
// The baseline's settings are those the session plans for this export.
let plannedSession = makeSession(clip: clip, output: laminaOutput)
let planned = try plannedSession.plannedExportOptions()
let path = try plannedSession.plannedCompositing()
let transcode = EncoderArguments.transcode(
    input: clip.path, output: baselineOutput.path, format: .mp4, options: planned)

func format(_ t: TimeInterval) -> String { String(format: "%6.2f s", t) }

print(
    "Overlay benchmark: an animated title over a \(Int(size.width))×\(Int(size.height)), \(clipSeconds) s, "
        + "30 fps clip with AAC sound; x264 \(planned.encoderPreset), crf \(planned.videoQuality)")
print("  baseline: ffmpeg \(transcode.joined(separator: " "))")
print("  Lamina's path: \(path == .sourceOverlay ? "source overlay" : "layer tree") (ruling AV23)")
var ratios: [Double] = []
var last: ExportReport?
for index in 1...runs {
    try? FileManager.default.removeItem(at: baselineOutput)
    try? FileManager.default.removeItem(at: laminaOutput)
    let baseline = run("ffmpeg", transcode)
    let start = Date()
    let session = makeSession(clip: clip, output: laminaOutput)
    let done = DispatchSemaphore(value: 0)
    session.exportAsynchronously { done.signal() }
    done.wait()
    let lamina = Date().timeIntervalSince(start)
    guard session.status == .completed else {
        fatalError("the export failed: \(session.error.map { "\($0)" } ?? "no error")")
    }
    let ratio = lamina / baseline
    ratios.append(ratio)
    last = session.exportReport
    print(
        "  run \(index): ffmpeg alone \(format(baseline)), Lamina \(format(lamina)), ratio "
            + String(format: "%.2f", ratio) + "×")
}
let median = ratios.sorted()[ratios.count / 2]
print("  median ratio \(String(format: "%.2f", median))× (goal ≤ 1.5×)")
let streams = Process()
streams.executableURL = URL(fileURLWithPath: "/usr/bin/env")
streams.arguments = [
    "ffprobe", "-v", "error", "-show_entries", "stream=codec_name", "-of", "csv=p=0", laminaOutput.path,
]
let pipe = Pipe()
streams.standardOutput = pipe
try streams.run()
let codecs = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
streams.waitUntilExit()
print("  Lamina's file: \(codecs.split(whereSeparator: \.isNewline).joined(separator: " + "))")
if let report = last, report.frames > 0 {
    let perFrame = { (t: TimeInterval) in String(format: "%6.2f ms", t / Double(report.frames) * 1000) }
    print("  where Lamina's time goes, per frame (last run, \(report.frames) frames; the stages overlap):")
    print("    decode (ffmpeg → contents)   \(perFrame(report.decode))")
    print("    update (time, commit)        \(perFrame(report.update - report.decode))")
    print("    compose and draw             \(perFrame(report.render))")
    print("    readback + YUV               \(perFrame(report.readback))")
    print("    encoder pipe (waiting)       \(perFrame(report.encode))")
    print("    wall                         \(perFrame(report.total))")
}
