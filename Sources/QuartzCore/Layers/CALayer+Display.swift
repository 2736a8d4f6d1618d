import CoreGraphics

// The display and layout contract. A layer draws only when asked: `setNeedsDisplay()` marks it,
// `displayIfNeeded()` (called by the renderer before each frame) runs `display()`, which lets the
// delegate provide contents or draws `draw(in:)` into a backing store of the bounds at
// `contentsScale`. Layout is the same: `setNeedsLayout()` marks, `layoutIfNeeded()` runs
// `layoutSublayers()` top-down.

extension CALayer {
    /// `display()`'s default: a backing store drawn by `draw(in:)`, stored as `contents`.
    ///
    /// The context is `bounds.size × contentsScale` pixels (rounded up), premultiplied sRGB, with
    /// a CTM that maps the layer's bounds coordinates (origin top-left, y down, in points) onto
    /// it. When neither the layer nor its delegate draws, `contents` is left as it is — as on
    /// Apple's platforms, a layer with no drawing code keeps the contents it was given. A backing
    /// store of more than `maximumBackingStorePixels` pixels is recorded rather than painted
    /// (ruling L10): `contents` is then an opaque backing-store object, as Apple's is, which the
    /// renderer paints only where the layer can be seen.
    package func displayIntoBackingStore() {
        var scale = state.contentsScale.isFinite && state.contentsScale > 0 ? state.contentsScale : 1
        let size = state.bounds.size
        var pixelWidth = (size.width * scale).rounded(.up)
        var pixelHeight = (size.height * scale).rounded(.up)
        guard pixelWidth >= 1, pixelHeight >= 1 else {
            contents = nil
            return
        }
        guard pixelWidth.isFinite, pixelHeight.isFinite else { return }
        let recorded = pixelWidth * pixelHeight > CGFloat(Self.maximumBackingStorePixels)
        let longest = max(pixelWidth, pixelHeight)
        if recorded, longest > CGFloat(CGContext.maximumRecordingSide) {
            // Past Cairo's coordinate range the store is recorded at a lower scale.
            scale *= CGFloat(CGContext.maximumRecordingSide) / longest
            pixelWidth = min((size.width * scale).rounded(.up), CGFloat(CGContext.maximumRecordingSide))
            pixelHeight = min((size.height * scale).rounded(.up), CGFloat(CGContext.maximumRecordingSide))
            CompatibilityWarnings.report(
                "display(): a backing store over \(CGContext.maximumRecordingSide) pixels a side is drawn at a lower scale"
            )
        }
        // CGContext's origin is bottom-left with y up; layers draw top-left with y down.
        guard
            let context = recorded
                ? CGContext.topDownRecording(width: Int(pixelWidth), height: Int(pixelHeight))
                : CGContext.topDownBitmap(width: Int(pixelWidth), height: Int(pixelHeight))
        else { return }
        context.scaleBy(x: scale, y: scale)
        context.translateBy(x: -state.bounds.origin.x, y: -state.bounds.origin.y)
        drawWasImplemented = true
        delegate?.layerWillDraw(self)
        draw(in: context)
        guard drawWasImplemented else { return }
        if recorded {
            contents = context.finishRecording().map { RecordedBackingStore(recording: $0, scale: scale) }
        } else {
            contents = context.makeImage()
        }
    }

    /// The largest backing store `display()` paints, in pixels (4096 × 4096, 64 MiB); larger ones
    /// are recorded (ruling L10).
    static var maximumBackingStorePixels: Int { 4096 * 4096 }

    /// Called by the default drawing methods: nothing was drawn, so no backing store is kept.
    package func markDrawNotImplemented() {
        drawWasImplemented = false
    }

    /// `layoutIfNeeded()`: lays out the highest ancestor that needs it, then every descendant
    /// that needs it, parents before children.
    func layoutIfNeededImplementation() {
        var top: CALayer = self
        var current = geometryParent
        while let layer = current {
            if layer.needsLayoutFlag { top = layer }
            current = layer.geometryParent
        }
        top.layoutSubtreeIfNeeded()
    }

    /// Parents before children, masks with their owners (ruling L19), iteratively (a tree may
    /// be deeper than the stack).
    private func layoutSubtreeIfNeeded() {
        var pending: [CALayer] = [self]
        while let layer = pending.popLast() {
            if layer.needsLayoutFlag {
                layer.needsLayoutFlag = false
                layer.layoutSublayers()
            }
            if let mask = layer.maskStorage { pending.append(mask) }
            pending.append(contentsOf: (layer.sublayerStorage ?? []).reversed())
        }
    }

    /// `displayIfNeeded()` for a whole subtree, as a renderer does before drawing a frame.
    package func displaySubtreeIfNeeded() {
        var pending: [CALayer] = [self]
        while let layer = pending.popLast() {
            layer.displayIfNeeded()
            pending.append(contentsOf: (layer.sublayerStorage ?? []).reversed())
            if let mask = layer.maskStorage { pending.append(mask) }
        }
    }
}
