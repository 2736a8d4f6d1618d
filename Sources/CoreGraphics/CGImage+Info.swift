/// Where (and whether) a bitmap's pixels carry alpha, Apple's `CGImageAlphaInfo`, with Apple's raw
/// values. It is stored in the low five bits of `CGBitmapInfo` (`CGBitmapInfo.alphaInfoMask`).
///
/// "First"/"last" name the alpha's position among a pixel's components in memory order for the
/// default (big-endian) byte order; "premultiplied" means the colour components are already
/// multiplied by alpha; "skip" means the slot exists but is ignored (the pixel is opaque).
public enum CGImageAlphaInfo: UInt32, Sendable {
    /// No alpha channel; every pixel is opaque (for example RGB in 24 bits).
    case none = 0
    /// Alpha is the last component (RGBA); colour components are premultiplied by it.
    case premultipliedLast = 1
    /// Alpha is the first component (ARGB); colour components are premultiplied by it.
    case premultipliedFirst = 2
    /// Alpha is the last component (RGBA); colour components are not premultiplied.
    case last = 3
    /// Alpha is the first component (ARGB); colour components are not premultiplied.
    case first = 4
    /// A padding slot follows the colour components (RGBX); pixels are opaque.
    case noneSkipLast = 5
    /// A padding slot precedes the colour components (XRGB); pixels are opaque.
    case noneSkipFirst = 6
    /// There is only an alpha component and no colour data (an alpha mask).
    case alphaOnly = 7
}

/// The byte order of a bitmap's pixels, Apple's `CGImageByteOrderInfo`, with Apple's raw values.
/// It is stored in bits 12–14 of `CGBitmapInfo` (`CGBitmapInfo.byteOrderMask`).
public enum CGImageByteOrderInfo: UInt32, Sendable {
    /// The mask selecting the byte-order bits of a `CGBitmapInfo` (`0x7000`).
    case orderMask = 0x7000
    /// The default byte order: components in memory in the order the alpha info names them.
    case orderDefault = 0
    /// 16-bit units, little-endian.
    case order16Little = 0x1000
    /// 32-bit units, little-endian (for example BGRA in memory for `premultipliedFirst`).
    case order32Little = 0x2000
    /// 16-bit units, big-endian.
    case order16Big = 0x3000
    /// 32-bit units, big-endian.
    case order32Big = 0x4000
}

/// A bitmap's layout flags, Apple's `CGBitmapInfo`: a `CGImageAlphaInfo` in the low five bits, a
/// float flag and a byte order. Build one as Apple code does, for example
/// `CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedLast.rawValue)` or
/// `[.byteOrder32Little, CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedFirst.rawValue)]`.
public struct CGBitmapInfo: OptionSet, Hashable, Sendable {
    /// The flag bits, laid out as Apple's.
    public let rawValue: UInt32

    /// Flags with the given bits.
    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// The bits holding the `CGImageAlphaInfo` (`0x1F`).
    public static let alphaInfoMask = CGBitmapInfo(rawValue: 0x1F)
    /// The bits holding floating-point information (`0xF00`).
    public static let floatInfoMask = CGBitmapInfo(rawValue: 0xF00)
    /// Components are floating point (16- or 32-bit) rather than integers (`1 << 8`).
    public static let floatComponents = CGBitmapInfo(rawValue: 1 << 8)
    /// The bits holding the byte order (`0x7000`).
    public static let byteOrderMask = CGBitmapInfo(rawValue: 0x7000)
    /// The default byte order (no bits set).
    public static let byteOrderDefault = CGBitmapInfo()
    /// 16-bit little-endian (`1 << 12`).
    public static let byteOrder16Little = CGBitmapInfo(rawValue: 1 << 12)
    /// 32-bit little-endian (`2 << 12`).
    public static let byteOrder32Little = CGBitmapInfo(rawValue: 2 << 12)
    /// 16-bit big-endian (`3 << 12`).
    public static let byteOrder16Big = CGBitmapInfo(rawValue: 3 << 12)
    /// 32-bit big-endian (`4 << 12`).
    public static let byteOrder32Big = CGBitmapInfo(rawValue: 4 << 12)
    /// The 16-bit byte order of the machine running the code (little-endian on Lamina's targets).
    public static let byteOrder16Host: CGBitmapInfo =
        isLittleEndianHost ? .byteOrder16Little : .byteOrder16Big
    /// The 32-bit byte order of the machine running the code (little-endian on Lamina's targets).
    public static let byteOrder32Host: CGBitmapInfo =
        isLittleEndianHost ? .byteOrder32Little : .byteOrder32Big

    /// Whether the running machine is little-endian.
    private static let isLittleEndianHost = UInt16(1).littleEndian == UInt16(1)
}

/// How colours are mapped between colour spaces whose gamuts differ, Apple's
/// `CGColorRenderingIntent`, with Apple's raw values.
///
/// Lamina's colour spaces all share the sRGB gamut, so the intent is recorded but changes nothing.
public enum CGColorRenderingIntent: Int32, Sendable {
    /// The context's default intent (relative colorimetric for most content on Apple's platforms).
    case defaultIntent = 0
    /// Map colours exactly, clipping out-of-gamut colours, without adapting the white point.
    case absoluteColorimetric = 1
    /// Map colours exactly, clipping out-of-gamut colours, adapting the white point.
    case relativeColorimetric = 2
    /// Compress the whole gamut to preserve the relationships between colours (photographs).
    case perceptual = 3
    /// Preserve saturation at the expense of hue and lightness (business graphics).
    case saturation = 4
}
