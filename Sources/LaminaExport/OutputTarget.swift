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
    /// The PNG sequence's folder when this export created it (removed again if it fails).
    private var createdFolder: String?

    init(url: URL, format: ExportFormat) throws {
        let manager = FileManager.default
        let token = StaleTemporaryFiles.token()
        if format == .pngSequence {
            let pattern =
                url.hasDirectoryPath || url.path.hasSuffix("/")
                ? FrameNumberPattern(url.appendingPathComponent("frame-%05d.png").path)!
                : FrameNumberPattern(url.path) ?? FrameNumberPattern(url.path + "-%05d.png")!
            let folder = URL(fileURLWithPath: pattern.path(0)).deletingLastPathComponent()
            var isFolder: ObjCBool = false
            if !manager.fileExists(atPath: folder.path, isDirectory: &isFolder) {
                createdFolder = folder.path
            }
            do {
                try manager.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                throw ExportError.writeFailed(path: folder.path, reason: Self.reason(error))
            }
            LayerExporter.removeAbandonedTemporaryFiles(besides: folder)
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
                throw ExportError.writeFailed(
                    path: url.path,
                    reason: "a folder of that name exists; choose another name, or end the path with / "
                        + "for a PNG sequence in that folder")
            }
            LayerExporter.removeAbandonedTemporaryFiles(besides: folder)
            sequence = nil
            temporaryItem =
                folder.appendingPathComponent(".\(url.lastPathComponent).lamina-\(token).partial").path
            temporaryPath = temporaryItem
            finalURL = url
        }
        TemporaryOutputs.shared.register(temporaryItem)
    }

    /// Checks that the output is complete, then moves it into place: one rename for a file, one
    /// per frame for a PNG sequence (numbered by the frames' indices in the whole render).
    ///
    /// - Parameters:
    ///   - expectedFrames: the frames a file must hold (`nil`: `frames.count`).
    ///   - audio: whether the file must hold an audio stream.
    func commit(frames: Range<Int>, expectedFrames: Int? = nil, audio: Bool = false) throws {
        try Interruption.check()
        if let sequence {
            // ffmpeg numbered the shard's frames from its first index.
            let path = { (index: Int) in
                URL(
                    fileURLWithPath: self.temporaryPath.replacingOccurrences(
                        of: "%09d", with: String(format: "%09d", index))
                ).path
            }
            for index in frames {
                try OutputVerification.verify(png: path(index), shownAs: sequence.path(index))
            }
            for index in frames {
                let from = path(index)
                let to = sequence.path(index)
                guard rename(from, to) == 0 else {
                    throw ExportError.writeFailed(path: to, reason: String(cString: strerror(errno)))
                }
            }
            finalURL = URL(fileURLWithPath: sequence.path(frames.lowerBound))
        } else {
            try OutputVerification.verify(
                file: temporaryPath, frames: expectedFrames ?? frames.count, audio: audio,
                shownAs: finalURL.path)
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
        // A folder made for a sequence that was never written goes too (rmdir: only if empty).
        if !committed, let createdFolder {
            rmdir(createdFolder)
            self.createdFolder = nil
        }
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

    /// Whether no output is registered (no export or concat is running).
    var isEmpty: Bool { lock.withLock { paths.isEmpty } }

    /// Removes every registered output.
    func removeAll() {
        let all = lock.withLock { paths }
        for path in all { try? FileManager.default.removeItem(atPath: path) }
    }
}
