/// Fills frames with an attributed string's lines, Apple's `CTFramesetter`; immutable.
public final class CTFramesetter {
    /// The string (a copy of the one given).
    let string: NSAttributedString

    init(string: NSAttributedString) {
        self.string = string
    }
}

/// A framesetter for `attrString` (copied: later changes to a mutable string are not seen),
/// Apple's `CTFramesetterCreateWithAttributedString`.
public func CTFramesetterCreateWithAttributedString(_ attrString: CFAttributedString) -> CTFramesetter {
    CTFramesetter(string: attrString.copy() as? NSAttributedString ?? attrString)
}

/// A frame of the characters `stringRange` of the framesetter's string (length 0: to the end)
/// filled into `path`, Apple's `CTFramesetterCreateFrame`: lines from the top of the path's
/// bounding box down, in y-up space, as many as fit (``FrameLayout`` states the rules). Lamina
/// fills the bounding box of any path, rectangular or not (ruling CT4). A range out of bounds
/// gives a frame without lines. `frameAttributes` is accepted for Apple's signature; Lamina
/// reads no frame attribute (progression is always top to bottom).
public func CTFramesetterCreateFrame(
    _ framesetter: CTFramesetter, _ stringRange: CFRange, _ path: CGPath, _ frameAttributes: CFDictionary?
) -> CTFrame {
    CoreTextWarnings.checkFrame(path, attributes: frameAttributes)
    let bounds = path.boundingBoxOfPath
    let range = stringRange.resolved(in: framesetter.string.length)
    guard let range, !bounds.isNull, bounds.width.isFinite, bounds.height.isFinite else {
        let start = min(max(stringRange.location, 0), framesetter.string.length)
        return CTFrame(path: path, bounds: .zero, stringRange: start..<start, layout: nil)
    }
    let layout = FrameLayout(
        string: framesetter.string, range: range, width: bounds.width, height: bounds.height)
    return CTFrame(path: path, bounds: bounds, stringRange: range, layout: layout)
}

/// The size a frame needs for the characters `stringRange` (length 0: to the end) within
/// `constraints` (a width or height that is not finite, or `.greatestFiniteMagnitude`, is
/// unbounded), Apple's `CTFramesetterSuggestFrameSizeWithConstraints`: the widest line's width
/// with its indents, and the height from the top to the last fitting line's descent. A frame of
/// that size holds the same lines; `fitRange`, when not `nil`, receives the characters that fit.
/// `frameAttributes` is accepted and not read.
public func CTFramesetterSuggestFrameSizeWithConstraints(
    _ framesetter: CTFramesetter, _ stringRange: CFRange, _ frameAttributes: CFDictionary?,
    _ constraints: CGSize, _ fitRange: UnsafeMutablePointer<CFRange>?
) -> CGSize {
    func bound(_ value: CGFloat) -> CGFloat? {
        value.isFinite && value < .greatestFiniteMagnitude / 2 ? max(value, 0) : nil
    }
    guard let range = stringRange.resolved(in: framesetter.string.length) else {
        fitRange?.pointee = CFRange(location: max(stringRange.location, 0), length: 0)
        return .zero
    }
    let layout = FrameLayout(
        string: framesetter.string, range: range, width: bound(constraints.width),
        height: bound(constraints.height))
    fitRange?.pointee = CFRange(layout.visibleRange)
    guard let last = layout.lines.last else { return .zero }
    let width = layout.lines.map(\.neededWidth).max() ?? 0
    return CGSize(width: width, height: last.baselineFromTop + last.line.descent)
}

/// Lines filled into a path, Apple's `CTFrame`; immutable.
public final class CTFrame {
    /// The path the frame was made for.
    let path: CGPath
    /// The path's bounding box: the box the lines fill.
    let bounds: CGRect
    /// The characters requested.
    let stringRange: Range<Int>
    /// The lines that fit, top to bottom.
    let lines: [CTLine]
    /// Each line's origin relative to the bounding box's origin (y up).
    let origins: [CGPoint]
    /// Whether each line is clipped to the box when drawn (`byClipping`).
    let clips: [Bool]
    /// The characters of the lines that fit.
    let visibleRange: Range<Int>

    init(path: CGPath, bounds: CGRect, stringRange: Range<Int>, layout: FrameLayout?) {
        self.path = path
        self.bounds = bounds
        self.stringRange = stringRange
        let placed = layout?.lines ?? []
        lines = placed.map(\.line)
        origins = placed.map { CGPoint(x: $0.x, y: bounds.height - $0.baselineFromTop) }
        clips = placed.map(\.clips)
        visibleRange = layout?.visibleRange ?? stringRange.lowerBound..<stringRange.lowerBound
    }
}

/// The lines of `frame`, top to bottom (a `CFArray` of ``CTLine``).
public func CTFrameGetLines(_ frame: CTFrame) -> CFArray { frame.lines as NSArray }

/// Copies the origins of the lines `range` (length 0: from `range.location` to the last) of
/// `frame` into `origins`: each line's baseline start relative to the origin of the path's
/// bounding box, y up. Copies nothing for a range out of bounds.
public func CTFrameGetLineOrigins(
    _ frame: CTFrame, _ range: CFRange, _ origins: UnsafeMutablePointer<CGPoint>
) {
    guard let lines = range.resolved(in: frame.origins.count) else { return }
    for (offset, index) in lines.enumerated() { origins[offset] = frame.origins[index] }
}

/// The characters requested for `frame`.
public func CTFrameGetStringRange(_ frame: CTFrame) -> CFRange { CFRange(frame.stringRange) }

/// The characters of the lines that fit in `frame` (from the requested start; length 0 when no
/// line fits). The next frame of a chain starts where it ends.
public func CTFrameGetVisibleStringRange(_ frame: CTFrame) -> CFRange { CFRange(frame.visibleRange) }

/// The path `frame` was made for.
public func CTFrameGetPath(_ frame: CTFrame) -> CGPath { frame.path }

/// Draws the lines of `frame` into `context`, Apple's `CTFrameDraw`: each line as
/// ``CTLineDraw(_:_:)`` draws it, at the bounding box's origin plus its origin in user space,
/// with the text matrix's scale, rotation and skew (its translation is not used and the context's
/// text position is left as it was). Lines of a `byClipping` paragraph are clipped to the
/// bounding box.
public func CTFrameDraw(_ frame: CTFrame, _ context: CGContext) {
    for (index, line) in frame.lines.enumerated() {
        var matrix = context.textMatrix
        matrix.tx = frame.bounds.minX + frame.origins[index].x
        matrix.ty = frame.bounds.minY + frame.origins[index].y
        guard frame.clips[index] else {
            line.draw(in: context, textMatrix: matrix)
            continue
        }
        context.saveGState()
        context.clip(to: frame.bounds)
        line.draw(in: context, textMatrix: matrix)
        context.restoreGState()
    }
}
