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
    /// it — flipped vertically (minY at the bottom row) when `contentsAreFlipped()` (ruling L21).
    /// When neither the layer nor its delegate draws, `contents` is left as it is — as on
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
        // Under an odd number of flips the context is flipped too (ruling L21): the layer's minY
        // is then the store's bottom row, which shows where the flipped geometry puts minY.
        let flipped = contentsAreFlipped()
        if flipped {
            context.translateBy(x: 0, y: size.height)
            context.scaleBy(x: 1, y: -1)
        }
        context.translateBy(x: -state.bounds.origin.x, y: -state.bounds.origin.y)
        drawWasImplemented = true
        delegate?.layerWillDraw(self)
        draw(in: context)
        guard drawWasImplemented else { return }
        let store: AnyObject?
        if recorded {
            store = context.finishRecording().map { RecordedBackingStore(recording: $0, scale: scale) }
        } else {
            store = context.makeImage()
        }
        contents = store
        displayedStore = store
        displayedStoreFlipped = flipped
    }

    /// `redisplayIfFlipChanged()` for the whole subtree (masks included), clearing the pending
    /// checks of the layers it passes, so that a tree built bottom-up is checked once.
    ///
    /// - Complexity: O(n) in the subtree's layers, plus O(depth) for each layer holding a
    ///   backing store of its own.
    func redisplaySubtreeIfFlipsChanged() {
        var pending: [CALayer] = [self]
        while let layer = pending.popLast() {
            layer.flipCheckPending = false
            layer.redisplayIfFlipChanged()
            pending.append(contentsOf: layer.sublayerStorage ?? [])
            if let mask = layer.maskStorage { pending.append(mask) }
        }
    }

    /// Marks the layer for display when its last backing store was drawn for the other
    /// orientation than `contentsAreFlipped()` now answers (a flip above it changed, or it moved
    /// under one), so that its drawing keeps landing where its geometry says (ruling L21).
    func redisplayIfFlipChanged() {
        guard let store = displayedStore, (state.contents as AnyObject?) === store else { return }
        if contentsAreFlipped() != displayedStoreFlipped { setNeedsDisplay() }
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
            layer.redisplayIfFlipChanged()
            layer.displayIfNeeded()
            pending.append(contentsOf: (layer.sublayerStorage ?? []).reversed())
            if let mask = layer.maskStorage { pending.append(mask) }
        }
    }
}
