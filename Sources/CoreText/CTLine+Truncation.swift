/// Where ``CTLineCreateTruncatedLine(_:_:_:_:)`` removes characters, Apple's
/// `CTLineTruncationType`.
public enum CTLineTruncationType: UInt32, Sendable {
    /// At the start of the line.
    case start = 0
    /// At the end of the line.
    case end = 1
    /// In the middle of the line.
    case middle = 2
}

/// `line` cut to at most `width` points, Apple's `CTLineCreateTruncatedLine`: whole characters
/// (grapheme clusters) are removed at the start, end or middle and `truncationToken` drawn in
/// their place, as many kept as fit. Without a token an ellipsis (…) in the attributes of the
/// first removed character is used. A line that already fits is returned as it is; `nil` when
/// even the token alone is wider than `width` or `width` is not finite.
///
/// The new line is made from its own attributed string (the kept characters and the token), so
/// its string ranges count from 0.
///
/// - Complexity: O(log n) layouts of the line, for n characters.
public func CTLineCreateTruncatedLine(
    _ line: CTLine, _ width: Double, _ truncationType: CTLineTruncationType, _ truncationToken: CTLine?
) -> CTLine? {
    guard width.isFinite else { return nil }
    if Double(line.width) <= width { return line }
    let source = line.string
    let range = line.stringRange
    var boundaries = [0]
    for character in source.attributedSubstring(
        from: NSRange(location: range.lowerBound, length: range.count)
    )
    .string {
        boundaries.append(boundaries[boundaries.count - 1] + character.utf16.count)
    }
    let count = boundaries.count - 1
    func piece(_ from: Int, _ to: Int) -> NSAttributedString {
        source.attributedSubstring(from: NSRange(location: range.lowerBound + from, length: to - from))
    }
    func token(removedFrom offset: Int) -> NSAttributedString {
        if let truncationToken {
            let tokenRange = truncationToken.stringRange
            return truncationToken.string.attributedSubstring(
                from: NSRange(location: tokenRange.lowerBound, length: tokenRange.count))
        }
        let index = min(range.lowerBound + offset, max(source.length - 1, 0))
        let attributes = source.length > 0 ? source.attributes(at: index, effectiveRange: nil) : [:]
        return NSAttributedString(string: "\u{2026}", attributes: attributes)
    }
    // The candidate keeping `kept` characters.
    func candidate(_ kept: Int) -> NSAttributedString {
        let result = NSMutableAttributedString(string: "")
        switch truncationType {
        case .end:
            result.append(piece(0, boundaries[kept]))
            result.append(token(removedFrom: boundaries[kept]))
        case .start:
            let start = boundaries[count - kept]
            result.append(token(removedFrom: boundaries[count - kept - 1]))
            result.append(piece(start, boundaries[count]))
        case .middle:
            let head = (kept + 1) / 2
            let tail = kept / 2
            result.append(piece(0, boundaries[head]))
            result.append(token(removedFrom: boundaries[head]))
            result.append(piece(boundaries[count - tail], boundaries[count]))
        }
        return result
    }
    func measure(_ string: NSAttributedString) -> CTLine {
        CTLine.make(string, range: 0..<string.length)
    }
    guard count > 0, Double(measure(candidate(0)).width) <= width else { return nil }
    // The most characters that fit, by bisection: `low` fits, `high` does not.
    var low = 0
    var high = count
    while high - low > 1 {
        let middle = (low + high) / 2
        if Double(measure(candidate(middle)).width) <= width { low = middle } else { high = middle }
    }
    return measure(candidate(low))
}
