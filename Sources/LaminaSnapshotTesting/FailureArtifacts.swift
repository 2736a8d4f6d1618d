import Foundation

#if canImport(Testing)
    import Testing
#endif

/// Where a failed image comparison leaves its pictures: swift-snapshot-testing on Linux attaches
/// nothing (its attachments need Xcode), so the reference, the new snapshot and the difference
/// are written as PNG files and, inside a Swift Testing test, also recorded as its attachments
/// (kept by `swift test --attachments-path DIR`).
enum FailureArtifacts {
    /// The folder the files go to: `$SNAPSHOT_ARTIFACTS/LaminaSnapshotTesting` (the variable
    /// swift-snapshot-testing writes its failed snapshots under), or the temporary folder's
    /// `LaminaSnapshotTesting`.
    static var directory: URL {
        let base =
            ProcessInfo.processInfo.environment["SNAPSHOT_ARTIFACTS"].map { URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: NSTemporaryDirectory())
        return base.appendingPathComponent("LaminaSnapshotTesting", isDirectory: true)
    }

    /// Writes `reference.png`, `failure.png` and `difference.png` under one stem in `directory`
    /// and records them as attachments of the current Swift Testing test, if any.
    ///
    /// - Returns: the lines the failure message gets: the difference image's path, or why it
    ///   could not be written.
    static func keep(reference: Data, failure: Data, difference: Data) -> String {
        #if canImport(Testing)
            if Test.current != nil {
                Attachment.record([UInt8](reference), named: "reference.png")
                Attachment.record([UInt8](failure), named: "failure.png")
                Attachment.record([UInt8](difference), named: "difference.png")
            }
        #endif
        let stem = "\(testName)-\(fingerprint(failure))"
        let folder = directory
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let differenceURL = folder.appendingPathComponent("\(stem).difference.png")
            try reference.write(to: folder.appendingPathComponent("\(stem).reference.png"))
            try failure.write(to: folder.appendingPathComponent("\(stem).failure.png"))
            try difference.write(to: differenceURL)
            return
                "Difference image: \(differenceURL.path) (beside it: \(stem).reference.png, \(stem).failure.png)"
        } catch {
            return "The difference image could not be written to \(folder.path): \(error)"
        }
    }

    /// The running Swift Testing test's name reduced to letters, digits and dashes, else
    /// "snapshot".
    private static var testName: String {
        #if canImport(Testing)
            if let name = Test.current?.name {
                let cleaned = name.unicodeScalars.map {
                    CharacterSet.alphanumerics.contains($0) && $0.isASCII ? Character($0) : "-"
                }
                let trimmed = String(cleaned).split(separator: "-").joined(separator: "-")
                if !trimmed.isEmpty { return trimmed }
            }
        #endif
        return "snapshot"
    }

    /// 64-bit FNV-1a of `data` in hexadecimal: distinct failures of one test get distinct names,
    /// and a rerun with the same picture overwrites its own files.
    private static func fingerprint(_ data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
