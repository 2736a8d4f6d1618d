import AVFoundation
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Short media files made by ffmpeg once per test run, in a temporary folder.
enum MediaFixtures {
    /// Whether ffmpeg and ffprobe are installed; the tests that read media need both.
    static let available: Bool = ["ffmpeg", "ffprobe"].allSatisfy { program in
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/\(program)")
        }
    }

    /// This run's folder, `lamina-avfoundation-tests-PID`; the folders of earlier runs whose
    /// process has ended are removed first.
    static let folder: URL = {
        let temporary = FileManager.default.temporaryDirectory
        let prefix = "lamina-avfoundation-tests-"
        for name in (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
        where name.hasPrefix(prefix) {
            if let pid = Int32(name.dropFirst(prefix.count)), kill(pid, 0) != 0, errno == ESRCH {
                try? FileManager.default.removeItem(at: temporary.appendingPathComponent(name))
            }
        }
        let url = temporary.appendingPathComponent(prefix + "\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    /// One second of 160×120 test pattern at 30 fps (H.264, time base 1/15360) and a 440 Hz tone
    /// (AAC, 44.1 kHz).
    static let movie: URL = make("movie.mp4") { output in
        [
            "-f", "lavfi", "-i", "testsrc=size=160x120:rate=30:duration=1",
            "-f", "lavfi", "-i", "sine=frequency=440:duration=1:sample_rate=44100",
            "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", output,
        ]
    }

    /// Half a second of 96×64 video at 25 fps (H.264, time base 1/12800), no audio: the second
    /// clip of the composition tests.
    static let short: URL = make("short.mp4") { output in
        [
            "-f", "lavfi", "-i", "testsrc2=size=96x64:rate=25:duration=0.5",
            "-c:v", "libx264", "-pix_fmt", "yuv420p", output,
        ]
    }

    /// ``movie`` with its video track's matrix set to a 90° rotation (stream copy).
    static let rotated: URL = make("rotated.mp4") { output in
        ["-i", movie.path, "-c", "copy", "-metadata:s:v:0", "rotate=90", output]
    }

    /// ``rotated`` as an asset.
    static var rotatedAsset: AVURLAsset { AVURLAsset(url: rotated) }

    /// 0.4 s of 64×48 video at 25 fps in WebM (VP9), whose streams carry no tick durations.
    static let webm: URL = make("clip.webm") { output in
        ["-f", "lavfi", "-i", "testsrc=size=64x48:rate=25:duration=0.4", "-c:v", "libvpx-vp9", output]
    }

    /// Bytes that are no media format, named like an MP4.
    static let garbage: URL = {
        let url = folder.appendingPathComponent("garbage.mp4")
        try? Data("this is not a movie\n".utf8).write(to: url)
        return url
    }()

    private static func make(_ name: String, arguments: (String) -> [String]) -> URL {
        let url = folder.appendingPathComponent(name)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["ffmpeg", "-v", "error", "-y"] + arguments(url.path)
        process.standardOutput = FileHandle.nullDevice
        do {
            try process.run()
            process.waitUntilExit()
        } catch {
            return url
        }
        return url
    }
}
