import QuartzCore

// Stroke settings and drawing into the current context (UIGraphicsGetCurrentContext).

extension UIBezierPath {
    /// Applies the stroke settings to `context`.
    func applyStrokeSettings(to context: CGContext) {
        context.setLineWidth(lineWidth)
        context.setLineCap(lineCapStyle)
        context.setLineJoin(lineJoinStyle)
        context.setMiterLimit(miterLimit)
        let dash = lineDash
        context.setLineDash(phase: dash.phase, lengths: dash.pattern)
    }

    /// Fills the path with the current context's fill colour, by `usesEvenOddFillRule`; does
    /// nothing without a context. The context's path and settings are left as they were.
    public func fill() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.saveGState()
        context.beginPath()
        context.addPath(path)
        context.fillPath(using: usesEvenOddFillRule ? .evenOdd : .winding)
        context.restoreGState()
    }

    /// Strokes the path with the current context's stroke colour and this path's line width,
    /// caps, joins, miter limit and dashes; does nothing without a context.
    public func stroke() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.saveGState()
        applyStrokeSettings(to: context)
        context.beginPath()
        context.addPath(path)
        context.strokePath()
        context.restoreGState()
    }

    /// Fills with the context's fill colour, blended by `blendMode` at `alpha` (0…1).
    public func fill(with blendMode: CGBlendMode, alpha: CGFloat) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.saveGState()
        context.setBlendMode(blendMode)
        context.setAlpha(alpha)
        fill()
        context.restoreGState()
    }

    /// Strokes at `alpha` (0…1) with `blendMode`.
    public func stroke(with blendMode: CGBlendMode, alpha: CGFloat) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.saveGState()
        context.setBlendMode(blendMode)
        context.setAlpha(alpha)
        stroke()
        context.restoreGState()
    }

    /// Intersects the current context's clip with the path's filled area.
    public func addClip() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.beginPath()
        context.addPath(path)
        context.clip(using: usesEvenOddFillRule ? .evenOdd : .winding)
    }

    /// Sets the dash pattern: `count` lengths (points) from `pattern`, starting `phase` points
    /// into it. `nil` or a count of 0 draws solid lines; negative or non-finite lengths make
    /// the pattern solid too.
    public func setLineDash(_ pattern: UnsafePointer<CGFloat>?, count: Int, phase: CGFloat) {
        guard let pattern, count > 0 else {
            lineDash = ([], 0)
            return
        }
        let lengths = Array(UnsafeBufferPointer(start: pattern, count: count))
        let valid = lengths.allSatisfy { $0.isFinite && $0 >= 0 } && lengths.contains { $0 > 0 }
        lineDash = valid ? (lengths, phase.isFinite ? phase : 0) : ([], 0)
    }

    /// Reads the dash pattern: up to the pattern's length into `pattern` (when given), its
    /// length into `count` and its phase into `phase`.
    public func getLineDash(
        _ pattern: UnsafeMutablePointer<CGFloat>?, count: UnsafeMutablePointer<Int>?,
        phase: UnsafeMutablePointer<CGFloat>?
    ) {
        let dash = lineDash
        if let pattern {
            for (index, length) in dash.pattern.enumerated() { pattern[index] = length }
        }
        count?.pointee = dash.pattern.count
        phase?.pointee = dash.phase
    }
}
