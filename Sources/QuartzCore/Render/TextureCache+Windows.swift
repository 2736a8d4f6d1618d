import CoreGraphics

@_implementationOnly import CEGL

// Contents too large to upload whole (ruling V19): a `CGImage` past the texture limit or the
// pixel budget, or a recorded backing store (a huge layer's `draw(in:)`, ruling L10). The
// renderer uploads a window of their pixels — what is visible, with a margin — reduced by a whole
// factor only when the window alone passes the limits, and keeps one window per source while it
// covers what is visible.

/// Contents whose pixels are made or uploaded a window at a time.
enum WindowedSource {
    /// An image too large to upload whole.
    case image(CGImage)
    /// A recorded backing store, painted where needed.
    case recording(RecordedBackingStore)

    /// The source's size in pixels.
    var pixelSize: (width: Int, height: Int) {
        switch self {
        case .image(let image): return (image.width, image.height)
        case .recording(let store): return (store.pixelWidth, store.pixelHeight)
        }
    }

    /// The object whose identity keys the source's window.
    var object: AnyObject {
        switch self {
        case .image(let image): return image
        case .recording(let store): return store
        }
    }
}

/// Where a window is kept: per layer, and per image a layer shows (a crossfade's previous image is
/// slot 1), so that a layer's new contents replace its old window at once.
struct WindowKey: Hashable {
    var layer: LayerID
    var slot: Int
}

/// A rectangle of a source's pixels (top-left origin, rows down).
struct PixelWindow: Equatable {
    var x: Int
    var y: Int
    var width: Int
    var height: Int

    var maxX: Int { x + width }
    var maxY: Int { y + height }
    var isEmpty: Bool { width <= 0 || height <= 0 }

    func contains(_ other: PixelWindow) -> Bool {
        other.x >= x && other.y >= y && other.maxX <= maxX && other.maxY <= maxY
    }

    func intersection(_ other: PixelWindow) -> PixelWindow {
        let x0 = max(x, other.x)
        let y0 = max(y, other.y)
        return PixelWindow(
            x: x0, y: y0, width: min(maxX, other.maxX) - x0, height: min(maxY, other.maxY) - y0)
    }

    /// Grown by `dx`, `dy` pixels on each side.
    func grown(_ dx: Int, _ dy: Int) -> PixelWindow {
        PixelWindow(x: x - dx, y: y - dy, width: width + 2 * dx, height: height + 2 * dy)
    }
}

/// A texture holding a window of a source's pixels, reduced by `reduction`: texel (i, j) is the
/// average of the source's pixels `window.x + reduction·i …` (and so on for rows).
final class WindowTexture {
    let texture: GLuint
    /// The source the pixels came from (kept, so that its identity cannot be reused).
    let source: AnyObject
    let window: PixelWindow
    let reduction: Int
    /// The texture's size: the window divided by the reduction, rounded up.
    let width: Int
    let height: Int
    var filters: (GLint, GLint)
    var hasMipmaps = false
    var lastUsedFrame: Int

    init(
        texture: GLuint, source: AnyObject, window: PixelWindow, reduction: Int, frame: Int,
        filters: (GLint, GLint)
    ) {
        self.texture = texture
        self.source = source
        self.window = window
        self.reduction = reduction
        width = (window.width + reduction - 1) / reduction
        height = (window.height + reduction - 1) / reduction
        self.filters = filters
        lastUsedFrame = frame
    }

    deinit {
        var texture = texture
        glDeleteTextures(1, &texture)
    }
}

extension TextureCache {
    /// The texture of `plan`'s window: the one kept under its key while it holds the same
    /// source's window at the same reduction (refiltered as the plan asks), else a new one made
    /// in its place; `nil` when the pixels cannot be read or made.
    func windowTexture(for plan: WindowPlan) -> WindowTexture? {
        let filters = (Self.glFilter(plan.minification), Self.glFilter(plan.magnification))
        let id = plan.key
        let source = plan.source
        if let last = windows[id], last.source === source.object, last.reduction == plan.reduction,
            last.window == plan.window
        {
            last.lastUsedFrame = frame
            if last.filters != filters {
                Self.refilter(last.texture, with: filters, hasMipmaps: &last.hasMipmaps)
                last.filters = filters
            }
            return last
        }
        windows[id] = nil
        madeLargeTexture = true
        var texture: GLuint = 0
        glGenTextures(1, &texture)
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        let made = WindowTexture(
            texture: texture, source: source.object, window: plan.window, reduction: plan.reduction,
            frame: frame, filters: filters)
        guard Self.uploadWindow(of: source, plan.window, reduction: plan.reduction) else { return nil }
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        if filters.0 == GL_LINEAR_MIPMAP_LINEAR {
            glGenerateMipmap(GLenum(GL_TEXTURE_2D))
            made.hasMipmaps = true
        }
        Self.setFilters(filters)
        windows[id] = made
        return made
    }

    /// Uploads `window` of `source`, reduced by `reduction`, into the bound texture.
    private static func uploadWindow(of source: WindowedSource, _ window: PixelWindow, reduction: Int) -> Bool
    {
        switch source {
        case .recording(let store):
            guard
                let image = store.recording.image(
                    x: window.x, y: window.y, width: window.width, height: window.height, reduction: reduction
                )
            else { return false }
            return upload(image)
        case .image(let image):
            if reduction == 1, uploadDirectly(image, window) { return true }
            guard let pixels = reducedPixels(of: image, window, reduction: reduction) else { return false }
            let width = (window.width + reduction - 1) / reduction
            let height = (window.height + reduction - 1) / reduction
            glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
            pixels.withUnsafeBufferPointer {
                glTexImage2D(
                    GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(width), GLsizei(height), 0, GLenum(GL_RGBA),
                    GLenum(GL_UNSIGNED_BYTE), $0.baseAddress)
            }
            return true
        }
    }

    /// Uploads `window` of an image in Cairo's layout straight from its bytes (no copy); `false`
    /// for other layouts.
    private static func uploadDirectly(_ image: CGImage, _ window: PixelWindow) -> Bool {
        let done: Void? = image.withPremultipliedBGRA8Bytes { bytes, rowPixels in
            glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 4)
            glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), GLint(rowPixels))
            glPixelStorei(GLenum(GL_UNPACK_SKIP_PIXELS), GLint(window.x))
            glPixelStorei(GLenum(GL_UNPACK_SKIP_ROWS), GLint(window.y))
            glTexImage2D(
                GLenum(GL_TEXTURE_2D), 0, GLint(bgra), GLsizei(window.width), GLsizei(window.height), 0, bgra,
                GLenum(GL_UNSIGNED_BYTE), bytes.baseAddress)
            glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), 0)
            glPixelStorei(GLenum(GL_UNPACK_SKIP_PIXELS), 0)
            glPixelStorei(GLenum(GL_UNPACK_SKIP_ROWS), 0)
        }
        return done != nil
    }

    /// `window` of `image` as premultiplied RGBA, each `reduction × reduction` block of pixels
    /// averaged (partial blocks at the far edges average what they hold). The image is read a
    /// band of `reduction` rows at a time, so only a band is ever converted.
    static func reducedPixels(of image: CGImage, _ window: PixelWindow, reduction f: Int) -> [UInt8]? {
        let width = (window.width + f - 1) / f
        let height = (window.height + f - 1) / f
        var result = [UInt8](repeating: 0, count: width * height * 4)
        var sums = [Int](repeating: 0, count: width * 4)
        var counts = [Int](repeating: 0, count: width)
        for row in 0..<height {
            let y0 = window.y + row * f
            let rows = min(f, window.maxY - y0)
            guard
                let band = image.cropping(
                    to: CGRect(x: window.x, y: y0, width: window.width, height: rows)),
                let pixels = band.premultipliedRGBA8Pixels()
            else { return nil }
            for i in sums.indices { sums[i] = 0 }
            for i in counts.indices { counts[i] = 0 }
            for y in 0..<rows {
                for x in 0..<window.width {
                    let column = x / f
                    let source = (y * window.width + x) * 4
                    for channel in 0..<4 { sums[column * 4 + channel] += Int(pixels[source + channel]) }
                    counts[column] += 1
                }
            }
            for column in 0..<width where counts[column] > 0 {
                for channel in 0..<4 {
                    let average = (sums[column * 4 + channel] + counts[column] / 2) / counts[column]
                    result[(row * width + column) * 4 + channel] = UInt8(average)
                }
            }
        }
        return result
    }
}
