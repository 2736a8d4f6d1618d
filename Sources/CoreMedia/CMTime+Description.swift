import Foundation

// Apple's CMTimeCopyDescription/CMTimeShow. CMTime does not conform to CustomStringConvertible,
// as on Apple's platforms, so that an app's own conformance keeps working (ruling M1).

extension CMTime {
    /// The text of ``CMTimeCopyDescription(allocator:time:)``: `{1/2 = 0.500}`,
    /// `{1/3 = 0.333, rounded}`, `{5/1 = 5.000, epoch = 2}`, `{INVALID}`, `{INDEFINITE}`,
    /// `{+INFINITY}`, `{-INFINITY}`.
    var descriptionText: String {
        switch kind {
        case .invalid: return "{INVALID}"
        case .indefinite: return "{INDEFINITE}"
        case .positiveInfinity: return "{+INFINITY}"
        case .negativeInfinity: return "{-INFINITY}"
        case .numeric:
            var text = "\(value)/\(timescale) = \(String(format: "%.3f", seconds))"
            if hasBeenRounded { text += ", rounded" }
            if epoch != 0 { text += ", epoch = \(epoch)" }
            return "{" + text + "}"
        }
    }
}

/// A description of `time`, such as `{1/2 = 0.500}` (Apple's `CMTimeCopyDescription`).
///
/// Value and timescale, the seconds to three decimals, then `, rounded` and `, epoch = N` where
/// they apply; non-numeric times are `{INVALID}`, `{INDEFINITE}`, `{+INFINITY}` and
/// `{-INFINITY}` (ruling M1). `allocator` is accepted for source compatibility and ignored
/// (Core Foundation allocators do not exist on Linux; pass `nil`). Never `nil`.
public func CMTimeCopyDescription(allocator: Any?, time: CMTime) -> String? {
    time.descriptionText
}

/// Writes ``CMTimeCopyDescription(allocator:time:)``'s text and a line break to standard error
/// (Apple's `CMTimeShow`).
public func CMTimeShow(_ time: CMTime) {
    FileHandle.standardError.write(Data((time.descriptionText + "\n").utf8))
}
