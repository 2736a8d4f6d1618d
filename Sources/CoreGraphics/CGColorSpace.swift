/// The kind of colour components a colour space has, Apple's `CGColorSpaceModel`, with Apple's raw
/// values.
public enum CGColorSpaceModel: Int32, Sendable {
    /// An unknown colour space model.
    case unknown = -1
    /// One gray component.
    case monochrome = 0
    /// Red, green and blue components.
    case rgb = 1
    /// Cyan, magenta, yellow and black components.
    case cmyk = 2
    /// A CIE L\*a\*b\* colour space.
    case lab = 3
    /// A DeviceN colour space.
    case deviceN = 4
    /// An indexed (palette) colour space.
    case indexed = 5
    /// A pattern colour space.
    case pattern = 6
    /// A CIE XYZ colour space.
    case XYZ = 7
}

/// A colour space, Apple's `CGColorSpace`: how colour component values are to be interpreted.
///
/// Lamina supports the RGB and gray spaces below; `CGColorSpace(name:)` returns `nil` for any
/// other name. Colour spaces are immutable and may be shared between threads. Two colour spaces
/// are equal when they have the same name (and therefore the same model).
///
/// How Lamina interprets each space when it converts to the renderer's sRGB:
/// - `sRGB`, `extendedSRGB`: sRGB primaries and transfer curve; the extended space allows values
///   outside `[0, 1]` (mirrored curve for negative values).
/// - `linearSRGB`, `extendedLinearSRGB`, `genericRGBLinear`: sRGB primaries, linear transfer
///   (Lamina uses sRGB primaries for `genericRGBLinear` too).
/// - `genericGrayGamma2_2`, `extendedGray`: gray with the sRGB curve, so gray `g` is sRGB
///   `(g, g, g)` (Apple's ColorSync would use a 2.2 gamma; the difference is below 0.01).
/// - `linearGray`: gray with a linear transfer.
/// - Device RGB (`CGColorSpaceCreateDeviceRGB()`) is treated as sRGB and device gray
///   (`CGColorSpaceCreateDeviceGray()`) as `genericGrayGamma2_2`; they keep their own names
///   `"kCGColorSpaceDeviceRGB"` and `"kCGColorSpaceDeviceGray"`, as on macOS, so they are not
///   equal to the named spaces.
public final class CGColorSpace: Hashable, Sendable, CustomStringConvertible {
    /// The standard sRGB (IEC 61966-2.1) colour space; components are clamped to `[0, 1]`.
    public static let sRGB = "kCGColorSpaceSRGB"
    /// sRGB primaries and curve with component values allowed outside `[0, 1]`.
    public static let extendedSRGB = "kCGColorSpaceExtendedSRGB"
    /// sRGB primaries with a linear transfer; components are clamped to `[0, 1]`.
    public static let linearSRGB = "kCGColorSpaceLinearSRGB"
    /// sRGB primaries with a linear transfer and component values allowed outside `[0, 1]`.
    public static let extendedLinearSRGB = "kCGColorSpaceExtendedLinearSRGB"
    /// Gray with a 2.2 gamma (Lamina: the sRGB curve); components are clamped to `[0, 1]`.
    public static let genericGrayGamma2_2 = "kCGColorSpaceGenericGrayGamma2_2"
    /// Gray with a linear transfer; components are clamped to `[0, 1]`.
    public static let linearGray = "kCGColorSpaceLinearGray"
    /// Gray with the sRGB curve and values allowed outside `[0, 1]`.
    public static let extendedGray = "kCGColorSpaceExtendedGray"
    /// Generic linear RGB (Lamina: sRGB primaries, linear transfer); clamped to `[0, 1]`.
    public static let genericRGBLinear = "kCGColorSpaceGenericRGBLinear"

    /// The name of the device RGB space, as macOS reports it.
    static let deviceRGBName = "kCGColorSpaceDeviceRGB"
    /// The name of the device gray space, as macOS reports it.
    static let deviceGrayName = "kCGColorSpaceDeviceGray"

    /// The shared device RGB space.
    static let deviceRGB = CGColorSpace(uncheckedName: deviceRGBName)
    /// The shared device gray space.
    static let deviceGray = CGColorSpace(uncheckedName: deviceGrayName)

    /// The kind of components the space has: `.rgb` or `.monochrome` for every space Lamina supports.
    public let model: CGColorSpaceModel

    /// The number of colour components, not counting alpha: 3 for RGB, 1 for gray.
    public var numberOfComponents: Int {
        model == .rgb ? 3 : 1
    }

    /// The space's name, one of the `CGColorSpace` name constants, or `"kCGColorSpaceDeviceRGB"` /
    /// `"kCGColorSpaceDeviceGray"` for the device spaces. Never `nil` for Lamina's spaces.
    public let name: String?

    /// Whether component values outside `[0, 1]` are kept (extended spaces) rather than clamped.
    package let isExtended: Bool

    /// Whether the components are linear light rather than sRGB-curve encoded.
    package let isLinear: Bool

    /// The colour space with the given name, or `nil` when Lamina does not support that name.
    ///
    /// Supported: the eight `CGColorSpace` name constants, plus the device names
    /// `"kCGColorSpaceDeviceRGB"` and `"kCGColorSpaceDeviceGray"` that the device spaces report.
    public convenience init?(name: String) {
        guard Self.properties(ofName: name) != nil else { return nil }
        self.init(uncheckedName: name)
    }

    /// A space for a name `properties(ofName:)` knows.
    private init(uncheckedName name: String) {
        let properties = Self.properties(ofName: name) ?? (.rgb, false, false)
        self.name = name
        self.model = properties.model
        self.isExtended = properties.extended
        self.isLinear = properties.linear
    }

    /// The model, extended-range flag and linearity of a supported name, or `nil`.
    private static func properties(
        ofName name: String
    ) -> (model: CGColorSpaceModel, extended: Bool, linear: Bool)? {
        switch name {
        case sRGB, deviceRGBName: return (.rgb, false, false)
        case extendedSRGB: return (.rgb, true, false)
        case linearSRGB, genericRGBLinear: return (.rgb, false, true)
        case extendedLinearSRGB: return (.rgb, true, true)
        case genericGrayGamma2_2, deviceGrayName: return (.monochrome, false, false)
        case extendedGray: return (.monochrome, true, false)
        case linearGray: return (.monochrome, false, true)
        default: return nil
        }
    }

    /// Whether two spaces are the same space: equal names and models.
    public static func == (lhs: CGColorSpace, rhs: CGColorSpace) -> Bool {
        lhs.name == rhs.name && lhs.model == rhs.model
    }

    /// Hashes the name and model, consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(model)
    }

    /// A short description such as `"<CGColorSpace> (kCGColorSpaceSRGB; kCGColorSpaceModelRGB)"`.
    public var description: String {
        "<CGColorSpace> (\(name ?? "unnamed"); \(model.constantName))"
    }

    // MARK: Transfer curves

    /// Encodes a linear-light value with the sRGB curve, mirrored for negative values.
    package static func srgbEncode(_ linear: CGFloat) -> CGFloat {
        let magnitude = abs(linear)
        let encoded =
            magnitude <= 0.003_130_8
            ? magnitude * 12.92 : 1.055 * CGFloat(pow(Double(magnitude), 1 / 2.4)) - 0.055
        return linear < 0 ? -encoded : encoded
    }

    /// Decodes an sRGB-curve value to linear light, mirrored for negative values.
    package static func srgbDecode(_ encoded: CGFloat) -> CGFloat {
        let magnitude = abs(encoded)
        let linear =
            magnitude <= 0.040_45
            ? magnitude / 12.92 : CGFloat(pow((Double(magnitude) + 0.055) / 1.055, 2.4))
        return encoded < 0 ? -linear : linear
    }
}

extension CGColorSpaceModel {
    /// Apple's C constant name for the model, used in descriptions.
    fileprivate var constantName: String {
        switch self {
        case .unknown: return "kCGColorSpaceModelUnknown"
        case .monochrome: return "kCGColorSpaceModelMonochrome"
        case .rgb: return "kCGColorSpaceModelRGB"
        case .cmyk: return "kCGColorSpaceModelCMYK"
        case .lab: return "kCGColorSpaceModelLab"
        case .deviceN: return "kCGColorSpaceModelDeviceN"
        case .indexed: return "kCGColorSpaceModelIndexed"
        case .pattern: return "kCGColorSpaceModelPattern"
        case .XYZ: return "kCGColorSpaceModelXYZ"
        }
    }
}

/// The device-dependent RGB colour space, Apple's `CGColorSpaceCreateDeviceRGB()`.
///
/// Lamina has no display profile, so device RGB is interpreted as sRGB. The returned space is
/// shared; its name is `"kCGColorSpaceDeviceRGB"` and it is not `==` to
/// `CGColorSpace(name: CGColorSpace.sRGB)`.
public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace {
    CGColorSpace.deviceRGB
}

/// The device-dependent gray colour space, Apple's `CGColorSpaceCreateDeviceGray()`.
///
/// Lamina interprets device gray as `genericGrayGamma2_2` (gray `g` renders as sRGB `(g, g, g)`).
/// The returned space is shared; its name is `"kCGColorSpaceDeviceGray"`.
public func CGColorSpaceCreateDeviceGray() -> CGColorSpace {
    CGColorSpace.deviceGray
}
