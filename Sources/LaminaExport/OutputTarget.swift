import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Where an export writes while it runs, and how the result takes its final name: a temporary
/// file (or, for a PNG sequence, a temporary folder) beside the target, renamed into place when
/// complete and removed otherwise.
final class OutputTarget {
    /// The final file (for a PNG sequence: the folder's first frame, set on commit).
    private(set) var finalURL: URL
    /// The path ffmpeg writes (for a PNG sequence: a pattern inside the temporary folder).
    let temporaryPath: String
    private let temporaryItem: String
    private let sequence: FrameNumberPattern?
    private var committed = false

    init(url: URL, format: ExportFormat) throws {
        let manager = FileManager.default
        let token = "\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        if format == .pngSequence {
            let pattern =
                url.hasDirectoryPath || url.path.hasSuffix("/")
                ? FrameNumberPattern(url.appendingPathComponent("frame-%05d.png").path)!
                : FrameNumberPattern(url.path) ?? FrameNumberPattern(url.path + "-%05d.png")!
            let folder = URL(fileURLWithPath: pattern.path(0)).deletingLastPathComponent()
            do {
                try manager.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                throw ExportError.writeFailed(path: folder.path, reason: Self.reason(error))
            }
            let temporaryFolder = folder.appendingPathComponent(".lamina-frames-\(token)")
            do {
                try manager.createDirectory(at: temporaryFolder, withIntermediateDirectories: false)
            } catch {
                throw ExportError.writeFailed(path: folder.path, reason: Self.reason(error))
            }
            sequence = pattern
            temporaryItem = temporaryFolder.path
            temporaryPath = temporaryFolder.appendingPathComponent("frame-%09d.png").path
            finalURL = URL(fileURLWithPath: pattern.path(0))
        } else {
            let folder = url.deletingLastPathComponent()
            var isFolder: ObjCBool = false
            guard manager.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
                throw ExportError.writeFailed(
                    path: url.path, reason: "the folder \(folder.path) does not exist; create it first")
            }
            guard manager.isWritableFile(atPath: folder.path) else {
                throw ExportError.writeFailed(
                    path: url.path, reason: "the folder \(folder.path) is not writable")
            }
            var isExistingFolder: ObjCBool = false
            if manager.fileExists(atPath: url.path, isDirectory: &isExistingFolder),
                isExistingFolder.boolValue
            {
                throw ExportError.writeFailed(path: url.path, reason: "a folder of that name exists")
            }
            sequence = nil
            temporaryItem =
                folder.appendingPathComponent(".\(url.lastPathComponent).lamina-\(token).partial").path
            temporaryPath = temporaryItem
            finalURL = url
        }
        TemporaryOutputs.shared.register(temporaryItem)
    }

    /// Moves the finished output into place: one rename for a file, one per frame for a PNG
    /// sequence (numbered by the frames' indices in the whole render).
    func commit(frames: Range<Int>) throws {
        if let sequence {
            // ffmpeg numbered the shard's frames from its first index.
            for index in frames {
                let from = URL(
                    fileURLWithPath: temporaryPath.replacingOccurrences(
                        of: "%09d", with: String(format: "%09d", index))
                ).path
                let to = sequence.path(index)
                guard rename(from, to) == 0 else {
                    throw ExportError.writeFailed(path: to, reason: String(cString: strerror(errno)))
                }
            }
            finalURL = URL(fileURLWithPath: sequence.path(frames.lowerBound))
        } else {
            guard rename(temporaryPath, finalURL.path) == 0 else {
                throw ExportError.writeFailed(path: finalURL.path, reason: String(cString: strerror(errno)))
            }
        }
        committed = true
        discard()
    }

    /// Removes whatever is left of the temporary output.
    func discard() {
        try? FileManager.default.removeItem(atPath: temporaryItem)
        TemporaryOutputs.shared.unregister(temporaryItem)
    }

    private static func reason(_ error: Error) -> String {
        (error as NSError).localizedDescription
    }
}

/// The temporary outputs of running exports, removed when the process is interrupted.
final class TemporaryOutputs: @unchecked Sendable {
    static let shared = TemporaryOutputs()
    private let lock = NSLock()
    private var paths: Set<String> = []

    func register(_ path: String) { lock.withLock { _ = paths.insert(path) } }
    func unregister(_ path: String) { lock.withLock { _ = paths.remove(path) } }

    /// Removes every registered output.
    func removeAll() {
        let all = lock.withLock { paths }
        for path in all { try? FileManager.default.removeItem(atPath: path) }
    }
}

extension LayerExporter {
    /// Makes SIGINT, SIGTERM and SIGHUP remove every running export's temporary output before
    /// the process exits (with status 128 + the signal), so an interrupted export leaves no
    /// partial file. Call once, early, in a command-line program.
    public static func removeTemporaryOutputsOnSignals() {
        for number in [SIGINT, SIGTERM, SIGHUP] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                TemporaryOutputs.shared.removeAll()
                exit(128 + number)
            }
            source.resume()
            SignalSources.shared.keep(source)
        }
    }
}

/// Keeps the signal sources alive for the life of the process.
private final class SignalSources: @unchecked Sendable {
    static let shared = SignalSources()
    private let lock = NSLock()
    private var sources: [any DispatchSourceSignal] = []
    func keep(_ source: any DispatchSourceSignal) { lock.withLock { sources.append(source) } }
}
