import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The names Lamina gives its temporary files, each carrying the id of the process that made it,
/// and the clean-up of those left by a process that was killed (SIGKILL, a crash, a power cut).
///
/// | what | where | name |
/// |---|---|---|
/// | an export's or snapshot's output in progress | beside the target | `.NAME.lamina-PID-RANDOM.partial` |
/// | a PNG sequence's frames in progress | in the sequence's folder | `.lamina-frames-PID-RANDOM` |
/// | ffmpeg's messages, a concat list, a shard's safe name | the temporary folder | `lamina-ffmpeg-PID-RANDOM.log`, `lamina-concat-PID-RANDOM.txt`, `lamina-shard-PID-RANDOM/` |
/// | an export's mixed sound | the temporary folder | `lamina-audio-PID-RANDOM.wav` |
enum StaleTemporaryFiles {
    /// `PID-RANDOM` for this process.
    static func token() -> String {
        "\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    }

    /// The process id in a name made by Lamina, or `nil` for any other name.
    static func owner(of name: String) -> Int32? {
        // A shared temporary folder holds thousands of other names: rule them out before the
        // patterns are built (each evaluation of a regex literal parses it again).
        guard name.hasPrefix(".") || name.hasPrefix("lamina-") else { return nil }
        let patterns = [
            /^\..+\.lamina-([0-9]+)-[0-9]+\.partial$/, /^\.lamina-frames-([0-9]+)-[0-9]+$/,
            /^lamina-(?:ffmpeg|concat|shard|audio)-([0-9]+)-[0-9]+(?:\.log|\.txt|\.wav)?$/,
        ]
        for pattern in patterns {
            if let match = name.wholeMatch(of: pattern) { return Int32(match.1) }
        }
        return nil
    }

    /// Whether a process with this id exists (a process of another user counts as alive).
    static func isAlive(_ pid: Int32) -> Bool {
        pid == getpid() || kill(pid, 0) == 0 || errno == EPERM
    }

    /// Removes the entries of `folder` that Lamina's processes made and whose process is gone.
    /// Returns the names removed. Unreadable folders and entries that cannot be removed are
    /// skipped.
    @discardableResult
    static func removeAbandoned(in folder: URL) -> [String] {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: folder.path) else { return [] }
        var removed: [String] = []
        for name in names {
            guard let pid = owner(of: name), pid > 0, !isAlive(pid) else { continue }
            if (try? manager.removeItem(at: folder.appendingPathComponent(name))) != nil {
                removed.append(name)
            }
        }
        return removed
    }
}

extension LayerExporter {
    /// Removes what killed Lamina processes left behind: their `.partial` files and frame folders
    /// in `folder` (the folder of an output about to be written) and their ffmpeg logs and lists
    /// in the temporary folder. Only files whose process id no longer runs are touched. Exports
    /// call it for their target's folder; call it before writing other output there.
    public static func removeAbandonedTemporaryFiles(besides folder: URL) {
        StaleTemporaryFiles.removeAbandoned(in: folder)
        StaleTemporaryFiles.removeAbandoned(in: FileManager.default.temporaryDirectory)
    }
}
