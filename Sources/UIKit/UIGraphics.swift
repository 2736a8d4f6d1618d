import QuartzCore

// UIKit's graphics context stack: one per thread. `UIGraphicsGetCurrentContext()` is the top;
// image contexts and `UIView.draw(_:)` push onto it. Contexts are y-down with the origin at the
// top left, in points, as UIKit's.

/// One entry of a thread's stack: a context, and for image contexts their size and scale.
final class GraphicsContextEntry {
    let context: CGContext
    /// The size in points and scale of an image context; `nil` for a pushed context.
    let image: (size: CGSize, scale: CGFloat)?

    init(context: CGContext, image: (size: CGSize, scale: CGFloat)?) {
        self.context = context
        self.image = image
    }
}

/// The calling thread's stack of graphics contexts.
enum GraphicsContextStack {
    private static let threadKey = "LaminaUIGraphicsContextStack"

    static var entries: [GraphicsContextEntry] {
        get { Thread.current.threadDictionary[threadKey] as? [GraphicsContextEntry] ?? [] }
        set { Thread.current.threadDictionary[threadKey] = newValue }
    }

    /// A y-down bitmap context of `size` points at `scale` (0: the main screen's), opaque or
    /// not; `nil` for an empty, non-finite or larger than 16384 × 16384 pixel size.
    static func makeImageContext(size: CGSize, opaque: Bool, scale: CGFloat) -> (CGContext, CGFloat)? {
        let pointScale = scale.isFinite && scale > 0 ? scale : UIScreen.main.scale
        let width = (size.width * pointScale).rounded(.up)
        let height = (size.height * pointScale).rounded(.up)
        guard width.isFinite, height.isFinite, width >= 1, height >= 1, width <= 16384, height <= 16384,
            let space = CGColorSpace(name: CGColorSpace.sRGB)
        else { return nil }
        let alpha: CGImageAlphaInfo = opaque ? .noneSkipFirst : .premultipliedFirst
        guard
            let context = CGContext(
                data: nil, width: Int(width), height: Int(height), bitsPerComponent: 8, bytesPerRow: 0,
                space: space, bitmapInfo: alpha.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
        else { return nil }
        context.translateBy(x: 0, y: height)
        context.scaleBy(x: pointScale, y: -pointScale)
        return (context, pointScale)
    }
}

/// Makes `context` the current context (the top of this thread's stack).
public func UIGraphicsPushContext(_ context: CGContext) {
    GraphicsContextStack.entries.append(GraphicsContextEntry(context: context, image: nil))
}

/// Removes the current context from the stack; does nothing when the stack is empty.
public func UIGraphicsPopContext() {
    var entries = GraphicsContextStack.entries
    guard !entries.isEmpty else { return }
    entries.removeLast()
    GraphicsContextStack.entries = entries
}

/// The current graphics context: the top of this thread's stack, or `nil`.
public func UIGraphicsGetCurrentContext() -> CGContext? {
    GraphicsContextStack.entries.last?.context
}

/// Pushes a new image context of `size` points, transparent black (or, `opaque`, black) at
/// `scale` pixels per point (0: the main screen's scale), y-down with the origin top left.
/// An empty or non-finite size pushes nothing (UIKit logs an error), so the current context
/// stays what it was.
public func UIGraphicsBeginImageContextWithOptions(_ size: CGSize, _ opaque: Bool, _ scale: CGFloat) {
    guard
        let (context, pointScale) = GraphicsContextStack.makeImageContext(
            size: size, opaque: opaque, scale: scale)
    else {
        CompatibilityWarnings.report(
            "UIGraphicsBeginImageContextWithOptions: invalid size \(size); no context was created")
        return
    }
    GraphicsContextStack.entries.append(GraphicsContextEntry(context: context, image: (size, pointScale)))
}

/// `UIGraphicsBeginImageContextWithOptions(size, false, 1)`.
public func UIGraphicsBeginImageContext(_ size: CGSize) {
    UIGraphicsBeginImageContextWithOptions(size, false, 1)
}

/// An image of the current image context's contents at its scale; `nil` when the current
/// context is not an image context.
public func UIGraphicsGetImageFromCurrentImageContext() -> UIImage? {
    guard let entry = GraphicsContextStack.entries.last, let info = entry.image,
        let cgImage = entry.context.makeImage()
    else { return nil }
    return UIImage(cgImage: cgImage, scale: info.scale, orientation: .up)
}

/// Pops the current context when it is an image context; otherwise does nothing.
public func UIGraphicsEndImageContext() {
    guard GraphicsContextStack.entries.last?.image != nil else { return }
    UIGraphicsPopContext()
}
