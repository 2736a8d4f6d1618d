/// How the lines of a paragraph are placed across the frame, Apple's `CTTextAlignment`.
public enum CTTextAlignment: UInt8, Sendable {
    /// Against the left edge (between the indents).
    case left = 0
    /// Against the right edge.
    case right = 1
    /// Centred.
    case center = 2
    /// Stretched to both edges, except the paragraph's last line (aligned naturally).
    case justified = 3
    /// At the start of the paragraph's writing direction: left for Latin, right for Arabic and
    /// Hebrew. The default.
    case natural = 4
}

/// What a paragraph does with text wider than the frame, Apple's `CTLineBreakMode`.
public enum CTLineBreakMode: UInt8, Sendable {
    /// Wraps between words (inside a word wider than the line). The default.
    case byWordWrapping = 0
    /// Wraps between any two characters.
    case byCharWrapping = 1
    /// The paragraph is one line; what does not fit the frame's width is not drawn.
    case byClipping = 2
    /// The paragraph is one line; its start is replaced by an ellipsis (…) to fit the width.
    case byTruncatingHead = 3
    /// The paragraph is one line; its end is replaced by an ellipsis to fit the width.
    case byTruncatingTail = 4
    /// The paragraph is one line; its middle is replaced by an ellipsis to fit the width.
    case byTruncatingMiddle = 5
}

/// A paragraph style setting, Apple's `CTParagraphStyleSpecifier`: the value's type and default
/// are listed with each. Apple's specifiers that Lamina does not lay out (tab stops, default tab
/// interval, base writing direction, line bounds options) are left out, so code that sets them
/// does not compile rather than being silently ignored.
public enum CTParagraphStyleSpecifier: UInt32, Sendable {
    /// `CTTextAlignment`; `.natural`.
    case alignment = 0
    /// `CGFloat`, points from the leading edge to the start of a paragraph's first line; 0.
    case firstLineHeadIndent = 1
    /// `CGFloat`, points from the leading edge to the start of the other lines; 0.
    case headIndent = 2
    /// `CGFloat`: positive, points from the leading edge to the end of lines; 0 or negative,
    /// points from the trailing edge (negated); 0.
    case tailIndent = 3
    /// `CTLineBreakMode`; `.byWordWrapping`.
    case lineBreakMode = 6
    /// `CGFloat`: a line's natural height (ascent + descent + leading) is multiplied by it when
    /// positive, before the minimum and maximum line heights; 0.
    case lineHeightMultiple = 7
    /// `CGFloat`: the most height a line takes when positive (glyphs may then overlap the
    /// neighbouring lines); 0, no maximum.
    case maximumLineHeight = 8
    /// `CGFloat`: the least height a line takes; 0.
    case minimumLineHeight = 9
    /// `CGFloat`: points added between lines (deprecated on Apple's platforms in favour of
    /// `lineSpacingAdjustment`; the two are added); 0.
    case lineSpacing = 10
    /// `CGFloat`: points added after the paragraph's last line; 0.
    case paragraphSpacing = 11
    /// `CGFloat`: points added before the paragraph's first line (at the top of the frame too); 0.
    case paragraphSpacingBefore = 12
    /// `CGFloat`: the most space between lines (after adding `lineSpacing` and
    /// `lineSpacingAdjustment`); no maximum.
    case maximumLineSpacing = 14
    /// `CGFloat`: the least space between lines; 0.
    case minimumLineSpacing = 15
    /// `CGFloat`: points added between lines; 0.
    case lineSpacingAdjustment = 16
}

/// One setting for ``CTParagraphStyleCreate(_:_:)``, Apple's `CTParagraphStyleSetting`: `value`
/// points at `valueSize` bytes of the specifier's type.
public struct CTParagraphStyleSetting {
    /// Which setting.
    public var spec: CTParagraphStyleSpecifier
    /// The size of the value in bytes; a setting whose size is not its type's is ignored.
    public var valueSize: Int
    /// The value.
    public var value: UnsafeRawPointer

    /// A setting of `spec` to the `valueSize` bytes at `value`.
    public init(spec: CTParagraphStyleSpecifier, valueSize: Int, value: UnsafeRawPointer) {
        self.spec = spec
        self.valueSize = valueSize
        self.value = value
    }
}

/// A paragraph's layout settings, Apple's `CTParagraphStyle`; immutable.
public final class CTParagraphStyle: @unchecked Sendable {
    /// The alignment.
    var alignment = CTTextAlignment.natural
    /// The line break mode.
    var lineBreakMode = CTLineBreakMode.byWordWrapping
    /// The `CGFloat` settings by specifier (absent: the default).
    var numbers: [CTParagraphStyleSpecifier: CGFloat] = [:]

    init() {}

    /// A `CGFloat` setting, or its default.
    func number(_ spec: CTParagraphStyleSpecifier) -> CGFloat {
        if let value = numbers[spec] { return value }
        return spec == .maximumLineSpacing ? .greatestFiniteMagnitude : 0
    }

    /// The default style, for text without one.
    static let standard = CTParagraphStyle()
}

/// A paragraph style with `settingCount` settings read from `settings` (none when `nil`), Apple's
/// `CTParagraphStyleCreate`. A later setting of a specifier replaces an earlier one; a setting
/// whose `valueSize` is not its type's size, or whose value is out of range (an unknown
/// alignment, a negative line height), is ignored.
public func CTParagraphStyleCreate(
    _ settings: UnsafePointer<CTParagraphStyleSetting>?, _ settingCount: Int
) -> CTParagraphStyle {
    let style = CTParagraphStyle()
    guard let settings, settingCount > 0 else { return style }
    for setting in UnsafeBufferPointer(start: settings, count: settingCount) {
        switch setting.spec {
        case .alignment:
            guard setting.valueSize == MemoryLayout<CTTextAlignment>.size,
                let value = CTTextAlignment(rawValue: setting.value.load(as: UInt8.self))
            else { continue }
            style.alignment = value
        case .lineBreakMode:
            guard setting.valueSize == MemoryLayout<CTLineBreakMode>.size,
                let value = CTLineBreakMode(rawValue: setting.value.load(as: UInt8.self))
            else { continue }
            style.lineBreakMode = value
        default:
            guard setting.valueSize == MemoryLayout<CGFloat>.size else { continue }
            let value = setting.value.loadUnaligned(as: CGFloat.self)
            guard !value.isNaN else { continue }
            let nonNegative: Set<CTParagraphStyleSpecifier> = [
                .lineHeightMultiple, .maximumLineHeight, .minimumLineHeight, .paragraphSpacing,
                .paragraphSpacingBefore, .maximumLineSpacing, .minimumLineSpacing,
            ]
            if nonNegative.contains(setting.spec), value < 0 { continue }
            style.numbers[setting.spec] = value
        }
    }
    return style
}

/// Copies the value of `spec` (set, or its default) into `valueBuffer` when `valueBufferSize` is
/// its type's size and returns `true`; otherwise returns `false` and writes nothing. Apple's
/// `CTParagraphStyleGetValueForSpecifier`.
public func CTParagraphStyleGetValueForSpecifier(
    _ paragraphStyle: CTParagraphStyle, _ spec: CTParagraphStyleSpecifier, _ valueBufferSize: Int,
    _ valueBuffer: UnsafeMutableRawPointer
) -> Bool {
    switch spec {
    case .alignment:
        guard valueBufferSize == MemoryLayout<CTTextAlignment>.size else { return false }
        valueBuffer.storeBytes(of: paragraphStyle.alignment, as: CTTextAlignment.self)
    case .lineBreakMode:
        guard valueBufferSize == MemoryLayout<CTLineBreakMode>.size else { return false }
        valueBuffer.storeBytes(of: paragraphStyle.lineBreakMode, as: CTLineBreakMode.self)
    default:
        guard valueBufferSize == MemoryLayout<CGFloat>.size else { return false }
        valueBuffer.storeBytes(of: paragraphStyle.number(spec), toByteOffset: 0, as: CGFloat.self)
    }
    return true
}
