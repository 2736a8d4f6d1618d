// Core Text's attribute names, with Apple's string values: `kCTFontAttributeName` is `"NSFont"`,
// the same key as UIKit's `NSAttributedString.Key.font`, so either spelling finds it.

/// The font of the characters: a ``CTFont``. Default Helvetica 12 (its substitute, ruling CT2).
nonisolated(unsafe) public let kCTFontAttributeName: CFString = "NSFont"

/// The colour the characters are filled with: a `CGColor`. Default black.
nonisolated(unsafe) public let kCTForegroundColorAttributeName: CFString = "CTForegroundColor"

/// Points added after each character (negative tightens): a number (`NSNumber`, `CGFloat`,
/// `Double`, `Float` or `Int`). Default 0. Every character of the run gets it, the last one too,
/// so a line of n characters is n × kern wider.
nonisolated(unsafe) public let kCTKernAttributeName: CFString = "NSKern"

/// The paragraph's style: a ``CTParagraphStyle``. The style of a paragraph's first character
/// applies to the whole paragraph. Default: ``CTParagraphStyleCreate(_:_:)`` with no settings.
nonisolated(unsafe) public let kCTParagraphStyleAttributeName: CFString = "NSParagraphStyle"

/// The width of the characters' outline stroke in percent of the font size: a number. Default 0
/// (no stroke). Positive strokes without filling (the text is hollow); negative fills in the
/// foreground colour, then strokes — UIKit's convention for outlined text.
nonisolated(unsafe) public let kCTStrokeWidthAttributeName: CFString = "NSStrokeWidth"

/// The colour of the outline stroke: a `CGColor`. Default the foreground colour.
nonisolated(unsafe) public let kCTStrokeColorAttributeName: CFString = "NSStrokeColor"

/// The attribute key for a Core Text attribute name, as iOS code writes it:
/// `NSAttributedString.Key(kCTFontAttributeName as String)`.
extension NSAttributedString.Key {
    /// The key named `name` (Lamina's shorthand for `.init(name as String)`).
    init(_ name: CFString) {
        self.init(rawValue: name as String)
    }
}

/// The Core Text attributes of one run of characters, read once from the attributed string.
struct RunAttributes {
    /// Every attribute of the run, Core Text's or not, as ``CTRunGetAttributes(_:)`` returns them.
    var all: [NSAttributedString.Key: Any]
    /// The font.
    var font: CTFont
    /// The fill colour.
    var color: CGColor
    /// The kerning in points.
    var kern: CGFloat
    /// The paragraph style, when set.
    var paragraphStyle: CTParagraphStyle?
    /// The stroke width in percent of the font size (0: none).
    var strokeWidth: CGFloat
    /// The stroke colour, when set.
    var strokeColor: CGColor?

    /// The default font: Helvetica 12.
    static let defaultFont = CTFont(name: "Helvetica", size: 12)

    /// Reads the Core Text attributes from `attributes`; values of the wrong type count as unset.
    init(_ attributes: [NSAttributedString.Key: Any]) {
        all = attributes
        font = attributes[.init(kCTFontAttributeName)] as? CTFont ?? Self.defaultFont
        color = attributes[.init(kCTForegroundColorAttributeName)] as? CGColor ?? .black
        kern = Self.number(attributes[.init(kCTKernAttributeName)]) ?? 0
        paragraphStyle = attributes[.init(kCTParagraphStyleAttributeName)] as? CTParagraphStyle
        strokeWidth = Self.number(attributes[.init(kCTStrokeWidthAttributeName)]) ?? 0
        strokeColor = attributes[.init(kCTStrokeColorAttributeName)] as? CGColor
        CoreTextWarnings.check(attributes)
    }

    /// A number attribute's value.
    static func number(_ value: Any?) -> CGFloat? {
        switch value {
        case let value as CGFloat: return value
        case let value as Double: return CGFloat(value)
        case let value as Float: return CGFloat(value)
        case let value as Int: return CGFloat(value)
        case let value as NSNumber: return CGFloat(value.doubleValue)
        default: return nil
        }
    }

    /// The run as text layout draws it.
    func layoutRun(_ text: String) -> TextLayout.Run {
        var run = TextLayout.Run(text, font: font.textFont, color: color)
        run.kern = kern.isFinite ? kern : 0
        run.strokeWidth = strokeWidth.isFinite ? strokeWidth : 0
        run.strokeColor = strokeColor
        return run
    }
}

/// The attribute runs of `string` within `range` (UTF-16 offsets): each a range and its
/// attributes, in order.
func attributeRuns(of string: NSAttributedString, in range: Range<Int>) -> [(Range<Int>, RunAttributes)] {
    var result: [(Range<Int>, RunAttributes)] = []
    guard !range.isEmpty else { return result }
    string.enumerateAttributes(in: NSRange(location: range.lowerBound, length: range.count), options: []) {
        attributes, subrange, _ in
        result.append((subrange.location..<subrange.location + subrange.length, RunAttributes(attributes)))
    }
    return result
}
