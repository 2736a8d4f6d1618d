/// A property of `Root` that can be loaded asynchronously, without its value type, Apple's
/// `AVPartialAsyncProperty`. Apple's keys (`.duration`, `.tracks`, `.naturalSize`…) are static
/// members of its constrained extensions.
public class AVPartialAsyncProperty<Root>: @unchecked Sendable {
    /// The property's name, as Apple's key-value loading keys spell it (`"duration"`).
    public let name: String

    init(name: String) {
        self.name = name
    }
}

/// A property of `Root` whose value is a `Value`, loaded with
/// ``AVAsynchronousKeyValueLoading/load(_:)``, Apple's `AVAsyncProperty`.
public final class AVAsyncProperty<Root, Value>: AVPartialAsyncProperty<Root>, @unchecked Sendable {
    let read: @Sendable (Root) throws -> Value

    init(name: String, read: @escaping @Sendable (Root) throws -> Value) {
        self.read = read
        super.init(name: name)
    }
}

/// Objects whose properties load asynchronously, Apple's `AVAsynchronousKeyValueLoading`.
public protocol AVAsynchronousKeyValueLoading: AnyObject {}

extension AVAsynchronousKeyValueLoading {
    /// The values of one or more properties, loaded before they are returned:
    /// `try await asset.load(.duration)`, or `try await asset.load(.duration, .tracks)` for a tuple.
    ///
    /// Reading a media file runs `ffprobe` once per asset, off the calling task's thread; later
    /// loads return the values read then.
    ///
    /// - Throws: what reading the media threw: `URLError(.fileDoesNotExist)` for a missing file,
    ///   `URLError(.noPermissionsToReadFile)` for an unreadable one, ``AVError`` with
    ///   ``AVError/Code/fileFormatNotRecognized`` for a file that is not media.
    public func load<each Value>(
        _ properties: repeat AVAsyncProperty<Self, each Value>
    ) async throws -> (repeat each Value) {
        try await prepareForLoading()
        return (repeat try (each properties).read(self))
    }

    /// Runs whatever reading the properties needs, off the caller's thread.
    func prepareForLoading() async throws {
        guard let asset = self as? AVAsset else { return }
        try await asset.loadInBackground()
    }
}
