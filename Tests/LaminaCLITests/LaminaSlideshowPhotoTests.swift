import Foundation
import Testing

/// Runs `ffmpeg -v error -y arguments…` in `folder` and requires success; names ending in an
/// image or movie extension are files in `folder`.
private func ffmpeg(_ arguments: [String], in folder: URL) throws {
    let status = try LaminaRun.system(
        "/usr/bin/env",
        ["ffmpeg", "-v", "error", "-y", "-nostdin"]
            + arguments.map { argument in
                [".jpg", ".png", ".wav", ".mp4"].contains { argument.hasSuffix($0) }
                    ? folder.appendingPathComponent(argument).path : argument
            })
    try #require(status == 0, "ffmpeg \(arguments)")
}

/// The frames of `file` in `folder`, decoded as RGB bytes.
private func frames(_ file: String, in folder: URL, width: Int = 160, height: Int = 90) throws -> [[UInt8]] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
        "ffmpeg", "-v", "error", "-nostdin", "-i", folder.appendingPathComponent(file).path, "-f", "rawvideo",
        "-pix_fmt", "rgb24", "-",
    ]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "\(file) does not decode")
    let size = width * height * 3
    return stride(from: 0, to: data.count - size + 1, by: size).map { Array(data[$0..<($0 + size)]) }
}

/// A pixel of a 160-pixel-wide RGB frame.
private func pixel(_ frame: [UInt8], _ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) {
    let i = (y * 160 + x) * 3
    return (Int(frame[i]), Int(frame[i + 1]), Int(frame[i + 2]))
}

/// The mean absolute difference of two frames, per channel value (0–255).
private func difference(_ a: [UInt8], _ b: [UInt8]) -> Double {
    Double(zip(a, b).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }) / Double(max(1, a.count))
}

/// Colours as H.264 gives them back: each channel within this of the drawn value.
private let channelTolerance = 40

private func isColour(_ p: (r: Int, g: Int, b: Int), _ r: Int, _ g: Int, _ b: Int) -> Bool {
    abs(p.r - r) <= channelTolerance && abs(p.g - g) <= channelTolerance && abs(p.b - b) <= channelTolerance
}

@Suite("lamina slideshow for people's photos: --fit, --pan-zoom, --transition", .serialized)
struct LaminaSlideshowPhotoTests {
    /// 2 s per photo at 10 frames/s and 160x90: photo A alone in frames 0–9, the transition to
    /// B in frames 10–20, B alone after.
    static let common = ["--size", "160x90", "--fps", "10", "--seconds-per-image", "2"]

    /// A: a 4032x3024 phone photo (4:3), red with a green border 5 % of its height thick; B: an
    /// 800x1200 portrait (2:3), blue.
    func makePhotos(in folder: URL) throws {
        try ffmpeg(
            [
                "-f", "lavfi", "-i", "color=c=red:s=4032x3024", "-vf",
                "drawbox=x=0:y=0:w=iw:h=ih:color=lime:t=151",
                "-frames:v", "1", "-q:v", "3", "a.jpg",
            ], in: folder)
        try ffmpeg(["-f", "lavfi", "-i", "color=c=blue:s=800x1200", "-frames:v", "1", "b.png"], in: folder)
    }

    func render(_ extra: [String], to output: String = "out.mp4", in folder: URL) throws -> [[UInt8]] {
        let run = try LaminaRun(
            ["slideshow", "a.jpg", "b.png", "-o", output] + Self.common + extra, in: folder
        ).wait()
        try #require(run.status == 0, "\(run.error)")
        return try frames(output, in: folder)
    }

    @Test("--fit fit shows each whole photo between black bars; --fit fill covers the frame")
    func fitAndFill() throws {
        let folder = try makeCLIScratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try makePhotos(in: folder)
        let fit = try render(["--fit", "fit", "--no-pan-zoom"], in: folder)
        try #require(fit.count == 40)
        // A, 4:3 in 16:9: 120 pixels wide with 20-pixel bars; its green border shows all round.
        #expect(isColour(pixel(fit[5], 5, 45), 0, 0, 0) && isColour(pixel(fit[5], 154, 45), 0, 0, 0))
        #expect(isColour(pixel(fit[5], 80, 45), 255, 0, 0))
        #expect(isColour(pixel(fit[5], 80, 1), 0, 255, 0) && isColour(pixel(fit[5], 80, 88), 0, 255, 0))
        #expect(isColour(pixel(fit[5], 22, 45), 0, 255, 0) && isColour(pixel(fit[5], 137, 45), 0, 255, 0))
        // B, 2:3: 60 pixels wide with 50-pixel bars.
        #expect(isColour(pixel(fit[30], 45, 45), 0, 0, 0) && isColour(pixel(fit[30], 114, 45), 0, 0, 0))
        #expect(isColour(pixel(fit[30], 80, 45), 0, 0, 255))

        // Filled (and panning and zooming, the default): no bars, and A's top and bottom border
        // are cut off.
        let fill = try render([], in: folder)
        try #require(fill.count == 40)
        for (x, y) in [(1, 45), (158, 45), (80, 1), (80, 88)] {
            #expect(isColour(pixel(fill[30], x, y), 0, 0, 255), "B at \(x),\(y): \(pixel(fill[30], x, y))")
        }
        #expect(isColour(pixel(fill[5], 80, 1), 255, 0, 0) && isColour(pixel(fill[5], 80, 88), 255, 0, 0))
    }

    @Test("pan and zoom move the picture between two frames of one photo; --no-pan-zoom holds it")
    func panZoom() throws {
        let folder = try makeCLIScratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try ffmpeg(["-f", "lavfi", "-i", "testsrc=s=800x600", "-frames:v", "1", "a.jpg"], in: folder)
        try ffmpeg(["-f", "lavfi", "-i", "testsrc=s=600x800", "-frames:v", "1", "b.png"], in: folder)
        let moving = try render([], in: folder)
        let still = try render(["--no-pan-zoom"], to: "still.mp4", in: folder)
        try #require(moving.count == 40 && still.count == 40)
        let moved = difference(moving[1], moving[9])
        let held = difference(still[1], still[9])
        print("pan and zoom: \(moved) mean difference between frames 1 and 9, \(held) without")
        #expect(moved > 8 && held < 2)
    }

    @Test(
        "a transition halfway differs from both photos and has its type's character",
        arguments: [
            (["--transition", "push"], "left B, right A"),
            (["--transition", "push", "--transition-subtype", "fromRight"], "left A, right B"),
            (["--transition", "moveIn", "--transition-subtype", "fromRight"], "left A, right B"),
            (["--transition", "fade"], "mixed"),
            // Apple's private types that Lamina draws as what they are (rulings V28, V29), not fades.
            (["--transition", "genieEffect"], "genie"), (["--transition", "spewEffect"], "spew"),
            (["--transition", "cameraIris"], "shut"),
        ])
    func transitionHalfway(extra: [String], character: String) throws {
        let folder = try makeCLIScratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try ffmpeg(["-f", "lavfi", "-i", "color=c=red:s=320x180", "-frames:v", "1", "a.jpg"], in: folder)
        try ffmpeg(["-f", "lavfi", "-i", "color=c=blue:s=320x180", "-frames:v", "1", "b.png"], in: folder)
        let frames = try render(extra + ["--no-pan-zoom"], in: folder)
        try #require(frames.count == 40)
        // The transition into B runs from 1 s to 2 s: halfway is frame 15.
        let halfway = frames[15]
        #expect(difference(halfway, frames[5]) > 20 && difference(halfway, frames[30]) > 20)
        let (left, right) = (pixel(halfway, 30, 45), pixel(halfway, 130, 45))
        switch character {
        case "left B, right A":
            #expect(isColour(left, 0, 0, 255) && isColour(right, 255, 0, 0), "\(left) \(right)")
        case "left A, right B":
            #expect(isColour(left, 255, 0, 0) && isColour(right, 0, 0, 255), "\(left) \(right)")
        case "genie":
            // A is funnelled towards the bottom-right: B shows at the left, A above the middle.
            let (upper, corner) = (pixel(halfway, 80, 20), pixel(halfway, 10, 85))
            #expect(isColour(left, 0, 0, 255) && isColour(corner, 0, 0, 255), "\(left) \(corner)")
            #expect(isColour(upper, 255, 0, 0), "\(upper)")
        case "spew":
            // B comes out of the point three quarters down; A is still at the top corners.
            let (corner, spewed) = (pixel(halfway, 5, 5), pixel(halfway, 80, 60))
            #expect(isColour(corner, 255, 0, 0) && isColour(spewed, 0, 0, 255), "\(corner) \(spewed)")
        case "shut":
            // Half way, the shutter's dark grey blades cover the whole frame.
            for p in [left, right, pixel(halfway, 80, 45)] {
                #expect(p.r < 100 && abs(p.r - p.g) <= 12 && abs(p.r - p.b) <= 12, "\(p)")
            }
        default:
            #expect(isColour(left, 128, 0, 128) && isColour(right, 128, 0, 128), "\(left) \(right)")
        }
    }

    @Test("random transitions are seeded: a shard's frames are the whole render's, byte for byte")
    func randomShards() throws {
        let folder = try makeCLIScratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try makePhotos(in: folder)
        let options = ["--transition", "random", "--seed", "3"]
        for (output, frames) in [("whole/", nil), ("shard/", "12..31")] {
            let run = try LaminaRun(
                ["slideshow", "a.jpg", "b.png", "a.jpg", "-o", output] + Self.common + options
                    + (frames.map { ["--frames", $0] } ?? []), in: folder
            ).wait()
            try #require(run.status == 0, "\(run.error)")
        }
        let shard = try FileManager.default.contentsOfDirectory(
            atPath: folder.appendingPathComponent("shard").path)
        try #require(shard.count == 19, "\(shard.sorted())")
        for name in shard {
            let part = try Data(contentsOf: folder.appendingPathComponent("shard/\(name)"))
            let whole = try Data(contentsOf: folder.appendingPathComponent("whole/\(name)"))
            #expect(part == whole, "\(name)")
        }
    }

    @Test(
        "bad look options: one line each, naming the valid values",
        arguments: [
            (
                ["--transition", "wipe"],
                "unknown transition 'wipe'; give one of fade, push, moveIn, reveal, cube"
            ),
            (
                ["--transition-subtype", "up"],
                "unknown transition subtype 'up'; give one of fromLeft, fromRight"
            ),
            (["--fit", "stretch"], "unknown --fit 'stretch'; give fill, fit or top"),
            (["--fit", "top", "--transition", "push"], "--fit top is the demo's look"),
        ])
    func badOptions(extra: [String], message: String) throws {
        let folder = try makeCLIScratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try LaminaRun(["slideshow", "a.jpg", "-o", "x.mp4"] + extra, in: folder).wait()
        #expect(run.status != 0)
        #expect(errorLine(run.error)?.contains(message) == true, "\(run.error)")
        #expect(!run.error.contains("is invalid for") && !run.error.contains("Help:"), "\(run.error)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("x.mp4").path))
    }
}

@Suite("lamina render slideshow --api avfoundation")
struct LaminaAVFoundationSlideshowTests {
    @Test("exports the slideshow through AVAssetExportSession, with the music as its sound")
    func exportsWithMusic() throws {
        let folder = try makeCLIScratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try ffmpeg(
            ["-f", "lavfi", "-i", "aevalsrc=0.5*sin(2*PI*440*t):s=48000:d=40", "tone.wav"], in: folder)
        let run = try LaminaRun(
            [
                "render", "slideshow", "-o", "av.mp4", "--api", "avfoundation", "--size", "160x90", "--fps",
                "5",
                "--audio", "tone.wav",
            ], in: folder
        ).wait()
        try #require(run.status == 0, "\(run.error)")
        let movie = try frames("av.mp4", in: folder)
        #expect(movie.count == 150)
        // The first photo, then the second, then black after the last fade.
        #expect(difference(movie[5], movie[25]) > 10)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "ffprobe", "-v", "error", "-show_entries", "stream=codec_type", "-of", "csv=p=0",
            folder.appendingPathComponent("av.mp4").path,
        ]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let streams = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(streams.split(separator: "\n") == ["video", "audio"])
    }

    @Test(
        "what the AVFoundation form cannot do is one line",
        arguments: [
            (
                ["render", "slideshow", "--api", "avfoundation", "--frames", "0..10"],
                "--frames is not available with"
            ),
            (["render", "7.7", "--api", "avfoundation"], "--api avfoundation renders the slideshow only"),
            (
                ["render", "slideshow", "--api", "quartz"],
                "unknown --api 'quartz'; give layers or avfoundation"
            ),
        ])
    func refusals(arguments: [String], message: String) throws {
        let folder = try makeCLIScratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try LaminaRun(arguments + ["-o", "x.mp4"], in: folder).wait()
        #expect(run.status != 0)
        #expect(errorLine(run.error)?.contains(message) == true, "\(run.error)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("x.mp4").path))
    }
}
