@_exported import CoreGraphics

// Core Foundation types as Core Text's Swift signatures name them on Apple's platforms. Linux's
// Foundation neither bridges to nor exposes Core Foundation, so Lamina names the Foundation
// classes that Core Foundation's types are toll-free bridged to (ruling CT1): iOS code's casts
// (`"Helvetica" as CFString`, `string as CFAttributedString`, `kCTFontAttributeName as String`,
// `CTLineGetGlyphRuns(line) as! [CTRun]`) are then ordinary Foundation bridging. `CFArray`
// (`NSArray`) comes from CoreGraphics (ruling G14).

/// Core Foundation's string, `NSString` in Lamina (ruling CT1).
public typealias CFString = NSString

/// Core Foundation's attributed string, `NSAttributedString` in Lamina (ruling CT1).
public typealias CFAttributedString = NSAttributedString

/// Core Foundation's dictionary, `NSDictionary` in Lamina (ruling CT1).
public typealias CFDictionary = NSDictionary

/// A UTF-16 code unit, Core Foundation's `UniChar`.
public typealias UniChar = UInt16

/// Core Foundation's index and count type.
public typealias CFIndex = Int

/// A range of UTF-16 code units (or of lines, glyphs), Core Foundation's `CFRange`: `length`
/// units from `location`. Core Text reads a range with length 0 as "from `location` to the end".
/// Not `Equatable`, as in Apple's SDK, so that code declaring the conformance itself compiles
/// (ruling CT1).
public struct CFRange: Sendable {
    /// The first index.
    public var location: CFIndex
    /// The number of indices.
    public var length: CFIndex

    /// A range of `length` indices from `location`.
    public init(location: CFIndex, length: CFIndex) {
        self.location = location
        self.length = length
    }

    /// The empty range at 0.
    public init() {
        self.init(location: 0, length: 0)
    }
}

/// The range of `length` indices from `location`, Core Foundation's `CFRangeMake`.
public func CFRangeMake(_ location: CFIndex, _ length: CFIndex) -> CFRange {
    CFRange(location: location, length: length)
}

extension CFRange {
    /// The range as Swift indices, `nil` when it is negative or reaches past `count`; a length of
    /// 0 means "to the end" (`count`).
    func resolved(in count: Int) -> Range<Int>? {
        guard location >= 0, length >= 0, location <= count else { return nil }
        let end = length == 0 ? count : location + length
        return end <= count ? location..<end : nil
    }

    /// The range covering `range`.
    init(_ range: Range<Int>) {
        self.init(location: range.lowerBound, length: range.count)
    }
}
