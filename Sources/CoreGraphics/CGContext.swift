@_implementationOnly import CCairo

/// A Quartz drawing destination, Apple's `CGContext`; Lamina implements bitmap contexts, drawn by
/// Cairo.
///
/// ## Coordinate spaces
/// As on Apple's platforms, a bitmap context's *device space* is measured in pixels with its origin
/// at the **bottom-left** corner of the bitmap and y growing **upwards**, while the pixel rows in
/// `data` are stored top row first. So `fill(CGRect(x: 0, y: 0, width: 10, height: 10))` on a
/// fresh context colours the bottom-left corner, which is the *last* ten rows of `data`. A new
/// context's current transformation matrix (`ctm`) is the identity, as Apple reports for contexts
/// made with `CGBitmapContextCreate`; UIKit and Core Animation flip it themselves when they want a
/// y-down space (`translateBy(x: 0, y: height)` then `scaleBy(x: 1, y: -1)`). Internally the
/// context hands Cairo (whose origin is top-left, y down) the CTM followed by that fixed flip.
///
/// ## Drawing state
/// The graphics state (`saveGState()`/`restoreGState()`) holds the CTM, the clip, fill and stroke
/// colours, global alpha, line width, cap, join, miter limit, dash and antialiasing. As on Apple's
/// platforms the current path is *not* part of the graphics state. Path points are transformed to
/// device space when they are added, so changing the CTM afterwards does not move them; line width
/// and dash lengths are in user space at the time of stroking.
///
/// ## Bad input
/// NaN or infinite coordinates, sizes, angles and transforms never reach Cairo: the operation that
/// receives them does nothing (`restoreGState()` without a matching save is ignored too). While
/// the CTM is not invertible (for example after `scaleBy(x: 0, y: 1)`) nothing is added to the path
/// and nothing is drawn, as nothing would be visible. A path with points farther than 2²¹ pixels
/// outside the bitmap (beyond the range Cairo's fixed-point coordinates draw exactly) is cut to a
/// rectangle around the bitmap before it is drawn, so that what shows stays exact (ruling G17).
///
/// A context is a mutable drawing state used from one thread at a time; it is not `Sendable`.
public final class CGContext {
    /// The number of pixels in each row of the bitmap.
    public let width: Int
    /// The number of rows of the bitmap.
    public let height: Int
    /// The number of bits in each colour or alpha component: always 8 for Lamina's contexts.
    public let bitsPerComponent: Int
    /// The number of bits in each pixel: 32 for RGB layouts, 8 for gray and alpha-only ones.
    public let bitsPerPixel: Int
    /// The number of bytes from the start of one row of `data` to the start of the next.
    public let bytesPerRow: Int
    /// The layout flags the context was created with: its `CGImageAlphaInfo` and byte order.
    public let bitmapInfo: CGBitmapInfo

    /// The pixel layout derived from the creation parameters.
    let format: BitmapFormat
    /// The colour space passed at creation, used for `makeImage()` even for alpha-only contexts.
    let creationSpace: CGColorSpace
    /// The bitmap memory `data` returns, `bytesPerRow × height` bytes.
    let buffer: UnsafeMutableRawPointer
    /// Whether `buffer` was allocated by the context (and is freed by it).
    let ownsBuffer: Bool
    /// The Cairo image surface Cairo draws into: `buffer` itself, or an internal surface whose
    /// pixels are converted into `buffer` (see `BitmapFormat`).
    let surface: OpaquePointer
    /// The Cairo drawing context on `surface`; recreated if Cairo ever enters an error state.
    var cairo: OpaquePointer
    /// How many `cairo_save` calls on `cairo` are still open.
    var cairoSaveDepth = 0

    /// The current graphics state.
    var gstate: GraphicsState
    /// The states saved by `saveGState()`, innermost last.
    var gstateStack: [GraphicsState] = []
    /// The current path, in Cairo device space (pixels, origin top-left, y down).
    var currentPath = DevicePath()
    /// The region of the internal surface not yet converted into `buffer`, for converted layouts.
    var pendingRegion: PixelBox?
    /// Context-wide permission for antialiasing (`setAllowsAntialiasing(_:)`); not in the gstate.
    var allowsAntialiasing = true
    /// The text matrix, Apple's `textMatrix`: text space to user space for Core Text's drawing
    /// (`CTLineDraw`, `CTFrameDraw`); its translation is ``textPosition``. Identity for a new
    /// context. As on Apple's platforms it is not part of the graphics state: `saveGState()` and
    /// `restoreGState()` leave it as it is.
    public var textMatrix = CGAffineTransform.identity

    /// Paths with at least this many elements are painted by Lamina's coverage rasteriser rather
    /// than Cairo's (ruling G20); tests lower it to compare the two on the same path.
    package var denseElementThreshold = CGContext.defaultDenseElementThreshold

    /// Creates a bitmap context drawing into `data`, or into memory it allocates, as Apple's
    /// `CGBitmapContextCreate`; returns `nil` for any combination Lamina does not support.
    ///
    /// Supported layouts (all with `bitsPerComponent` 8; Cairo 1.16 has no 16-bit or float formats,
    /// so those, like Apple's non-premultiplied `.first`/`.last`, return `nil`):
    /// - RGB space, 32 bits per pixel: `CGImageAlphaInfo` `.premultipliedFirst`,
    ///   `.premultipliedLast`, `.noneSkipFirst` or `.noneSkipLast`, with the default,
    ///   `.byteOrder32Big` or `.byteOrder32Little` byte order. `.premultipliedFirst |
    ///   .byteOrder32Little` (BGRA in memory on little-endian machines, Cairo's own ARGB32) is drawn
    ///   in place; every other layout is drawn into an internal Cairo surface and converted into
    ///   `data` (see below). Skipped bytes are written as `0xFF`.
    /// - Gray space, 8 bits per pixel, `.none`: drawn in an internal RGB surface (colours are first
    ///   converted to the gray space) and stored as luminance.
    /// - `.alphaOnly`, 8 bits per pixel, any space (`colorSpace` then reads `nil`): Cairo's A8,
    ///   drawn in place when `bytesPerRow` is a multiple of 4.
    ///
    /// Converted layouts: when `data` is given, its pixels are read into the internal surface once,
    /// at creation, and every drawing operation writes the pixels it changed back into `data`
    /// before it returns, so the caller's buffer is always current (later writes the caller makes
    /// directly into `data` are not seen by the context). When the context allocated the memory,
    /// the conversion is deferred until `data`, `flush()` or `makeImage()` is used.
    ///
    /// - Parameters:
    ///   - data: Memory of at least `bytesPerRow × height` bytes that outlives the context, or
    ///     `nil` to let the context allocate (and free) zero-filled memory: every pixel starts as
    ///     transparent black (black for opaque layouts).
    ///   - width: The width in pixels, 1 to 32767 (Cairo's limit).
    ///   - height: The height in pixels, 1 to 32767.
    ///   - bitsPerComponent: Must be 8.
    ///   - bytesPerRow: At least `width × bitsPerPixel / 8` and at most `Int32.max`; `0` with
    ///     `data == nil` means "compute": the smallest multiple of 4 that fits a row. `0` with
    ///     non-`nil` data returns `nil`.
    ///   - space: The colour space: RGB or monochrome (any space for `.alphaOnly`).
    ///   - bitmapInfo: A `CGImageAlphaInfo` raw value combined with a `CGBitmapInfo` byte order; the
    ///     float flag, a 16-bit byte order or pixel-format bits make it return `nil`.
    public init?(
        data: UnsafeMutableRawPointer?,
        width: Int,
        height: Int,
        bitsPerComponent: Int,
        bytesPerRow: Int,
        space: CGColorSpace,
        bitmapInfo: UInt32
    ) {
        guard
            let format = BitmapFormat(
                bitsPerComponent: bitsPerComponent, space: space, bitmapInfo: bitmapInfo),
            width > 0, height > 0, width <= Self.maximumDimension, height <= Self.maximumDimension,
            bytesPerRow >= 0
        else { return nil }
        let minimumRowBytes = width * format.bytesPerPixel
        var rowBytes = bytesPerRow
        if rowBytes == 0 {
            guard data == nil else { return nil }
            rowBytes = (minimumRowBytes + 3) & ~3
        }
        let (byteCount, overflow) = rowBytes.multipliedReportingOverflow(by: height)
        guard rowBytes >= minimumRowBytes, rowBytes <= Int(Int32.max), !overflow else { return nil }

        let memory: UnsafeMutableRawPointer
        if let data {
            memory = data
        } else {
            guard let allocated = calloc(byteCount, 1) else { return nil }
            memory = allocated
        }
        let direct = format.drawsInPlace(rowBytes: rowBytes, address: memory)
        let created: OpaquePointer?
        if direct {
            created = cairo_image_surface_create_for_data(
                memory.assumingMemoryBound(to: UInt8.self), format.cairoFormat, Int32(width),
                Int32(height), Int32(rowBytes))
        } else {
            created = cairo_image_surface_create(format.cairoFormat, Int32(width), Int32(height))
        }
        let context = created.flatMap { cairo_create($0) }
        guard let created, let context, cairo_surface_status(created) == CAIRO_STATUS_SUCCESS,
            cairo_status(context) == CAIRO_STATUS_SUCCESS
        else {
            if let context { cairo_destroy(context) }
            if let created { cairo_surface_destroy(created) }
            if data == nil { free(memory) }
            return nil
        }

        self.width = width
        self.height = height
        self.bitsPerComponent = bitsPerComponent
        self.bitsPerPixel = format.bytesPerPixel * 8
        self.bytesPerRow = rowBytes
        self.bitmapInfo = CGBitmapInfo(rawValue: bitmapInfo)
        self.format = format
        self.creationSpace = space
        self.buffer = memory
        self.ownsBuffer = data == nil
        self.surface = created
        self.cairo = context
        self.gstate = GraphicsState()
        self.drawsInPlace = direct
        self.isRecording = false
        if !direct {
            if data != nil {
                importBuffer()
            } else {
                // Writes the layout's idea of "empty" (such as 0xFF skip bytes) on first read.
                pendingRegion = PixelBox(x0: 0, y0: 0, x1: width, y1: height)
            }
        }
    }

    /// Whether Cairo draws straight into `buffer` (no conversion).
    let drawsInPlace: Bool

    /// Whether an image took `buffer` (`makeImageTakingMemory()`); the context no longer frees it.
    var bufferGivenAway = false

    /// Whether the context records its drawing instead of painting pixels
    /// (`CGContext.topDownRecording`): it then has no bitmap (`data` and `makeImage()` are `nil`).
    let isRecording: Bool

    /// A context that records into `recording` (a Cairo recording surface of `width × height`
    /// device pixels) as a premultiplied sRGB bitmap context of that size would draw; its
    /// `buffer` is a placeholder that nothing reads.
    init?(recording: OpaquePointer, width: Int, height: Int) {
        guard let space = CGColorSpace(name: CGColorSpace.sRGB),
            let format = BitmapFormat(
                bitsPerComponent: 8, space: space,
                bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue
                    | CGBitmapInfo.byteOrder32Little.rawValue),
            let placeholder = calloc(4, 1)
        else { return nil }
        guard let context = cairo_create(recording), cairo_status(context) == CAIRO_STATUS_SUCCESS else {
            free(placeholder)
            return nil
        }
        cairo_surface_reference(recording)
        self.width = width
        self.height = height
        bitsPerComponent = 8
        bitsPerPixel = 32
        bytesPerRow = width * 4
        bitmapInfo = CGBitmapInfo(
            rawValue: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
        self.format = format
        creationSpace = space
        buffer = placeholder
        ownsBuffer = true
        surface = recording
        cairo = context
        gstate = GraphicsState()
        drawsInPlace = true
        isRecording = true
    }

    /// The largest width or height Cairo's image surfaces accept.
    static let maximumDimension = 32_767

    deinit {
        cairo_destroy(cairo)
        cairo_surface_destroy(surface)
        if ownsBuffer, !bufferGivenAway { free(buffer) }
    }

    /// The colour space of the context, or `nil` for an alpha-only context, as on Apple's platforms.
    public var colorSpace: CGColorSpace? {
        format.kind == .alpha8 ? nil : creationSpace
    }

    /// The alpha layout of the context's pixels, from the low bits of `bitmapInfo`.
    public var alphaInfo: CGImageAlphaInfo {
        CGImageAlphaInfo(rawValue: bitmapInfo.rawValue & CGBitmapInfo.alphaInfoMask.rawValue) ?? .none
    }

    /// The bitmap memory: `bytesPerRow × height` bytes, top row first, in the layout `bitmapInfo`
    /// describes; the pointer passed at creation, or the memory the context allocated (valid until
    /// the context is deallocated).
    ///
    /// Reading this property first brings the memory up to date with everything drawn so far (for
    /// layouts Cairo cannot draw in place, see `init(data:…)`), so read it after drawing rather than
    /// keeping the pointer across drawing calls on a context that allocated its own memory.
    public var data: UnsafeMutableRawPointer? {
        guard !isRecording else { return nil }
        synchronizeBuffer()
        return buffer
    }
}

/// Where a stroke's ends are drawn, Apple's `CGLineCap`, with Apple's raw values.
public enum CGLineCap: Int32, Sendable {
    /// The stroke ends exactly at the end point (the default).
    case butt = 0
    /// A half circle of diameter equal to the line width is added at each end.
    case round = 1
    /// A half square of side equal to the line width is added at each end.
    case square = 2
}

/// How a stroke's segments are joined, Apple's `CGLineJoin`, with Apple's raw values.
public enum CGLineJoin: Int32, Sendable {
    /// Outer edges extended to a point, subject to the miter limit (the default).
    case miter = 0
    /// A circular arc around the join point.
    case round = 1
    /// The outer corners cut off with a straight line.
    case bevel = 2
}

/// What `drawPath(using:)` paints, Apple's `CGPathDrawingMode`, with Apple's raw values.
public enum CGPathDrawingMode: Int32, Sendable {
    /// Fill the path's interior by the nonzero winding rule.
    case fill = 0
    /// Fill the path's interior by the even-odd rule.
    case eoFill = 1
    /// Stroke the path.
    case stroke = 2
    /// Fill by the nonzero winding rule, then stroke.
    case fillStroke = 3
    /// Fill by the even-odd rule, then stroke.
    case eoFillStroke = 4
}

extension CGContext {
    /// A colour as the context draws it: non-premultiplied components in the context's device space
    /// (for gray contexts, `red == green == blue`), each in `[0, 1]`.
    struct DeviceColor: Equatable {
        /// The red component.
        var red: Double
        /// The green component.
        var green: Double
        /// The blue component.
        var blue: Double
        /// The alpha component.
        var alpha: Double

        /// Opaque black, the default fill and stroke colour.
        static let black = DeviceColor(red: 0, green: 0, blue: 0, alpha: 1)
    }

    /// The graphics state that `saveGState()` saves, apart from the clip, which Cairo keeps.
    struct GraphicsState {
        /// The current transformation matrix: user space to device space (y up).
        var ctm = CGAffineTransform.identity
        /// The fill colour.
        var fillColor = DeviceColor.black
        /// The stroke colour.
        var strokeColor = DeviceColor.black
        /// The global alpha, in `[0, 1]`.
        var alpha: Double = 1
        /// The line width in user-space units.
        var lineWidth: Double = 1
        /// The line cap.
        var lineCap = CGLineCap.butt
        /// The line join.
        var lineJoin = CGLineJoin.miter
        /// The miter limit.
        var miterLimit: Double = 10
        /// The dash phase in user-space units.
        var dashPhase: Double = 0
        /// The dash lengths in user-space units; empty for a solid line.
        var dashLengths: [Double] = []
        /// Whether shapes are antialiased (together with the context-wide permission).
        var shouldAntialias = true
        /// How painting combines with the bitmap (`setBlendMode(_:)`, `CGContext+Blending.swift`).
        var blendMode = CGBlendMode.normal
        /// How images are resampled when drawn (`interpolationQuality`, `CGContext+Images.swift`).
        var interpolationQuality = CGInterpolationQuality.default
        /// The coverage that `clip(to:mask:)` added to the clip, per Cairo device pixel; `nil` when
        /// the clip is only Cairo's (`CGContext+MaskClip.swift`). Never mutated once made, so saved
        /// states may share it.
        var clipMask: ClipMask?
    }

    /// An integer rectangle of pixels in Cairo device space: columns `x0..<x1`, rows `y0..<y1`.
    struct PixelBox: Equatable {
        /// The first column.
        var x0: Int
        /// The first row (from the top).
        var y0: Int
        /// One past the last column.
        var x1: Int
        /// One past the last row.
        var y1: Int

        /// Whether the box holds no pixel.
        var isEmpty: Bool { x1 <= x0 || y1 <= y0 }

        /// The smallest box containing both.
        func union(_ other: PixelBox) -> PixelBox {
            PixelBox(
                x0: min(x0, other.x0), y0: min(y0, other.y0), x1: max(x1, other.x1), y1: max(y1, other.y1))
        }
    }
}
