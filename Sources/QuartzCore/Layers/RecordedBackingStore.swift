import CoreGraphics

/// The backing store `display()` makes for a layer too large to paint (ruling L10): the
/// `draw(in:)` drawing recorded at `scale` pixels per point over ⌈bounds × scale⌉ pixels, which
/// the renderer paints only where the layer can be seen (ruling V19). It is what `contents`
/// holds after such a layer displays — an opaque object, as Apple's `CABackingStore` is — and
/// placed by `contentsGravity`, `contentsRect` and `contentsCenter` as an image of that many
/// pixels whose size in points is its pixels divided by `scale`.
///
/// Immutable, and safe to paint from the render thread while the model thread goes on.
package final class RecordedBackingStore: @unchecked Sendable {
    /// The recorded drawing.
    package let recording: CGDrawingRecording
    /// Pixels per point: the layer's `contentsScale`, or less past Cairo's coordinate range.
    package let scale: CGFloat

    init(recording: CGDrawingRecording, scale: CGFloat) {
        self.recording = recording
        self.scale = scale
    }

    /// The store's width in pixels.
    package var pixelWidth: Int { recording.width }
    /// The store's height in pixels.
    package var pixelHeight: Int { recording.height }
}
