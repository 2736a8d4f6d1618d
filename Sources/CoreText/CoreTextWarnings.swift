import Foundation

/// Records, once per distinct message, what Core Text code asked for that Lamina does not do (an
/// attribute it does not draw, a font matrix, a path that is not a rectangle), so that a user
/// learns what did not take effect. Messages go to standard error as `Lamina: …`, as
/// QuartzCore's `CompatibilityWarnings` does; `messages` lists them for tests.
enum CoreTextWarnings {
    private final class Store: @unchecked Sendable {
        let lock = NSLock()
        var seen: Set<String> = []
        var messages: [String] = []
    }

    private static let store = Store()

    /// Every distinct message reported so far, in order.
    static var messages: [String] {
        store.lock.lock()
        defer { store.lock.unlock() }
        return store.messages
    }

    /// Reports `message` the first time it is seen.
    static func report(_ message: String) {
        store.lock.lock()
        let isNew = store.seen.insert(message).inserted
        if isNew { store.messages.append(message) }
        store.lock.unlock()
        if isNew { FileHandle.standardError.write(Data("Lamina: \(message)\n".utf8)) }
    }

    /// The attribute names Core Text draws.
    static let drawnAttributes: Set<String> = [
        kCTFontAttributeName as String, kCTForegroundColorAttributeName as String,
        kCTKernAttributeName as String, kCTParagraphStyleAttributeName as String,
        kCTStrokeWidthAttributeName as String, kCTStrokeColorAttributeName as String,
    ]

    /// Reports the attributes of a run that are not drawn, and drawn ones of the wrong type.
    static func check(_ attributes: [NSAttributedString.Key: Any]) {
        for (key, value) in attributes {
            guard drawnAttributes.contains(key.rawValue) else {
                report("CoreText does not draw the attribute \(key.rawValue)")
                continue
            }
            let expected: String? =
                switch key.rawValue as CFString {
                case kCTFontAttributeName: value is CTFont ? nil : "a CTFont"
                case kCTForegroundColorAttributeName, kCTStrokeColorAttributeName:
                    value is CGColor ? nil : "a CGColor"
                case kCTParagraphStyleAttributeName: value is CTParagraphStyle ? nil : "a CTParagraphStyle"
                default: RunAttributes.number(value) != nil ? nil : "a number"
                }
            if let expected {
                report(
                    "CoreText reads the attribute \(key.rawValue) only as \(expected); this value is ignored")
            }
        }
    }
}

extension CoreTextWarnings {
    /// Reports a font matrix other than the identity, which Lamina does not apply.
    static func checkMatrix(_ matrix: UnsafePointer<CGAffineTransform>?) {
        guard let matrix, matrix.pointee != .identity else { return }
        report("CoreText does not apply font matrices; the font is drawn untransformed")
    }

    /// Reports frame attributes (not read) and a path that is not a rectangle (filled as its
    /// bounding box).
    static func checkFrame(_ path: CGPath, attributes: CFDictionary?) {
        if let attributes, attributes.count > 0 {
            report(
                "CoreText does not read frame attributes; frames progress top to bottom in their path's bounds"
            )
        }
        if !path.isRect(nil) {
            report("CoreText fills a path that is not a rectangle as its bounding box")
        }
    }
}
