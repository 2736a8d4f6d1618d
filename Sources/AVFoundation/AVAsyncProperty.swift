import Foundation

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

/// Objects whose properties load asynchronously, Apple's `AVAsynchronousKeyValueLoading`: the
/// `async` ``load(_:)`` of today's SDKs, and the key-based API of older code.
public protocol AVAsynchronousKeyValueLoading: AnyObject {
    /// Whether the value for `key` (`"duration"`, `"tracks"`, `"naturalSize"`…) is loaded;
    /// when loading failed, `outError` receives the reason. Keys the object does not know are
    /// `.unknown` (ruling AV5). Apple's parameter is an `NSErrorPointer`, which Linux's Foundation
    /// lacks; `&error` with `var error: NSError?` passes as on Apple's platforms.
    func statusOfValue(forKey key: String, error outError: UnsafeMutablePointer<NSError?>?)
        -> AVKeyValueStatus

    /// Loads the values for `keys` off the calling thread, then calls `handler` on a background
    /// queue, whether loading succeeded or not (ask ``statusOfValue(forKey:error:)``).
    func loadValuesAsynchronously(forKeys keys: [String], completionHandler handler: (@Sendable () -> Void)?)
}

/// How far loading a property has come, Apple's `AVKeyValueStatus`.
public enum AVKeyValueStatus: Int, Sendable {
    /// Not loaded, and no load asked for (or a key the object does not know).
    case unknown = 0
    /// Being loaded.
    case loading = 1
    /// Loaded: reading the property does not block.
    case loaded = 2
    /// Loading failed; ``AVAsynchronousKeyValueLoading/statusOfValue(forKey:error:)`` gives why.
    case failed = 3
    /// Loading was cancelled.
    case cancelled = 4
}

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
