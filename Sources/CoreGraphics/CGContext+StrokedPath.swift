extension CGContext {
    /// Replaces the current path with the outline of stroking it with the current line width,
    /// cap, join, miter limit and dash, as Apple's `CGContextReplacePathWithStrokedPath`.
    ///
    /// The path is stroked in user space (so a non-uniform CTM stretches the pen, as strokes are
    /// drawn): dashed first when a dash is set (`CGPath.copy(dashingWithPhase:lengths:transform:)`),
    /// then outlined (`CGPath.copy(strokingWithWidth:lineCap:lineJoin:miterLimit:transform:)`).
    /// Filling the new path with the nonzero rule paints what `strokePath()` would have; clipping
    /// to it (`clip()`) restricts drawing to the stroke, which is how gradient strokes are drawn.
    ///
    /// An empty path stays empty. With a line width of zero (a device-pixel hairline), or a CTM
    /// that cannot be inverted, the path becomes empty: a hairline has no outline in user space.
    public func replacePathWithStrokedPath() {
        guard let userPath = path else {
            currentPath = DevicePath()
            return
        }
        let width = CGFloat(gstate.lineWidth)
        let dashed =
            gstate.dashLengths.isEmpty
            ? userPath
            : userPath.copy(
                dashingWithPhase: CGFloat(gstate.dashPhase), lengths: gstate.dashLengths.map { CGFloat($0) })
        let outline = dashed.copy(
            strokingWithWidth: width, lineCap: gstate.lineCap, lineJoin: gstate.lineJoin,
            miterLimit: CGFloat(gstate.miterLimit))
        currentPath = DevicePath()
        appendUserElements(outline.elements)
    }
}
