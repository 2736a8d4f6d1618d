/// A colour: component values in a colour space plus an alpha, Apple's `CGColor`.
///
/// Colours are immutable and may be shared between threads.
///
/// Component rules, applied once at construction:
/// - NaN components (alpha included) are replaced by `0`, so NaN never reaches a pixel.
/// - As Apple documents for `CGColorCreate`, colour components outside the space's range are
///   clamped to the nearest valid value: to `[0, 1]` in the standard spaces, not at all in the
///   extended spaces (`extendedSRGB`, `extendedLinearSRGB`, `extendedGray`), which keep values such
///   as `1.5` or `-0.2` as given.
/// - Alpha is always clamped to `[0, 1]`.
///
/// Two colours are `==` (like `CFEqual`) when they have the same colour space and the same
/// component values after those rules; a red in sRGB is not equal to the same red in device RGB.
public final class CGColor: Hashable, Sendable, CustomStringConvertible {
    /// The colour space the components are in. Never `nil` for Lamina's colours.
    public let colorSpace: CGColorSpace?

    /// The stored components: `colorSpace.numberOfComponents` colour values, then alpha.
    private let storedComponents: [CGFloat]

    /// Creates a colour from components already counted for `space` (colour values then alpha),
    /// applying the NaN and clamping rules.
    private init(space: CGColorSpace, rawComponents: [CGFloat]) {
        let colorCount = rawComponents.count - 1
        var sanitized = [CGFloat]()
        sanitized.reserveCapacity(rawComponents.count)
        for (index, value) in rawComponents.enumerated() {
            let finite = value.isNaN ? 0 : value
            if index == colorCount || !space.isExtended {
                sanitized.append(min(max(finite, 0), 1))
            } else {
                sanitized.append(finite)
            }
        }
        self.colorSpace = space
        self.storedComponents = sanitized
    }

    /// A colour in the sRGB space (`CGColorSpace.sRGB`).
    ///
    /// Apple's macOS uses its generic RGB space here; Lamina uses sRGB, so this colour is equal to
    /// `CGColor(srgbRed:green:blue:alpha:)` with the same values. Components are clamped to
    /// `[0, 1]`; NaN becomes `0`.
    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(srgbRed: red, green: green, blue: blue, alpha: alpha)
    }

    /// A colour in the sRGB space (`CGColorSpace.sRGB`). Components are clamped to `[0, 1]`;
    /// NaN becomes `0`.
    public convenience init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(space: CGColorSpace.Shared.sRGB, rawComponents: [red, green, blue, alpha])
    }

    /// A gray in the `genericGrayGamma2_2` space, as Apple's `CGColorCreateGenericGray`.
    /// `0` is black, `1` white; values are clamped to `[0, 1]`; NaN becomes `0`.
    public convenience init(gray: CGFloat, alpha: CGFloat) {
        self.init(genericGrayGamma2_2Gray: gray, alpha: alpha)
    }

    /// A gray in the `genericGrayGamma2_2` space. Values are clamped to `[0, 1]`; NaN becomes `0`.
    public convenience init(genericGrayGamma2_2Gray gray: CGFloat, alpha: CGFloat) {
        self.init(space: CGColorSpace.Shared.grayGamma22, rawComponents: [gray, alpha])
    }

    /// A colour in `space` from `space.numberOfComponents + 1` values (colour values, then alpha)
    /// read from `components`, as Apple's `CGColorCreate`.
    ///
    /// The caller must provide that many readable values. Returns `nil` when the space's model is
    /// not RGB or monochrome (Lamina supports no other). Out-of-range values are clamped as the
    /// type documents; NaN becomes `0`.
    public convenience init?(colorSpace space: CGColorSpace, components: UnsafePointer<CGFloat>) {
        guard space.model == .rgb || space.model == .monochrome else { return nil }
        let buffer = UnsafeBufferPointer(start: components, count: space.numberOfComponents + 1)
        self.init(space: space, rawComponents: Array(buffer))
    }

    /// A colour in `space` from an array of colour values followed by alpha.
    ///
    /// Returns `nil` when `components.count` is not `space.numberOfComponents + 1`, or the space's
    /// model is not RGB or monochrome. Otherwise as `init?(colorSpace:components:)` with a pointer.
    public convenience init?(colorSpace space: CGColorSpace, components: [CGFloat]) {
        guard space.model == .rgb || space.model == .monochrome,
            components.count == space.numberOfComponents + 1
        else { return nil }
        self.init(space: space, rawComponents: components)
    }

    /// Opaque black: gray `0`, alpha `1`, in the `genericGrayGamma2_2` space, as Apple's
    /// `kCGColorBlack`.
    public class var black: CGColor { Constants.black }

    /// Opaque white: gray `1`, alpha `1`, in the `genericGrayGamma2_2` space, as Apple's
    /// `kCGColorWhite`.
    public class var white: CGColor { Constants.white }

    /// Fully transparent: gray `0`, alpha `0`, in the `genericGrayGamma2_2` space, as Apple's
    /// `kCGColorClear`.
    public class var clear: CGColor { Constants.clear }

    /// The shared constant colours.
    private enum Constants {
        static let black = CGColor(gray: 0, alpha: 1)
        static let white = CGColor(gray: 1, alpha: 1)
        static let clear = CGColor(gray: 0, alpha: 0)
    }

    /// The colour values followed by alpha, as stored (after NaN replacement and clamping).
    /// Never `nil` for Lamina's colours; its count is `numberOfComponents`.
    public var components: [CGFloat]? {
        storedComponents
    }

    /// The number of components including alpha: 4 for RGB colours, 2 for gray.
    public var numberOfComponents: Int {
        storedComponents.count
    }

    /// The alpha component, in `[0, 1]`.
    public var alpha: CGFloat {
        storedComponents[storedComponents.count - 1]
    }

    /// The same colour with its alpha replaced by `alpha` (clamped to `[0, 1]`, NaN becomes `0`),
    /// as Apple's `CGColorCreateCopyWithAlpha`. Never `nil` for Lamina's colours.
    public func copy(alpha: CGFloat) -> CGColor? {
        guard let space = colorSpace else { return nil }
        var values = storedComponents
        values[values.count - 1] = alpha
        return CGColor(space: space, rawComponents: values)
    }

    /// The colour expressed in `space`, as Apple's `CGColorCreateCopyByMatchingToColorSpace`.
    ///
    /// Lamina converts between any of its RGB and gray spaces through linear-light sRGB: gray `g`
    /// becomes `(g, g, g)` (transfer curves permitting), and RGB becomes gray by its Rec. 709
    /// luminance `0.2126·R + 0.7152·G + 0.0722·B` computed in linear light. Converting to a
    /// standard (non-extended) space clamps to `[0, 1]`. Alpha is kept. `intent` and `options`
    /// are accepted for Apple compatibility and have no effect (every Lamina space shares the sRGB
    /// gamut). Returns `nil` only when either space has a model other than RGB or monochrome.
    public func converted(
        to space: CGColorSpace,
        intent: CGColorRenderingIntent,
        options: NSDictionary?
    ) -> CGColor? {
        guard let source = colorSpace,
            source.model == .rgb || source.model == .monochrome,
            space.model == .rgb || space.model == .monochrome
        else { return nil }
        if source == space { return self }
        let colorValues = storedComponents.dropLast()
        var result: [CGFloat]
        if source.model == .monochrome, space.model == .rgb, source.isLinear == space.isLinear {
            // Same transfer curve: the gray value carries over unchanged.
            result = [CGFloat](repeating: colorValues[0], count: 3)
        } else {
            let linear = colorValues.map { source.isLinear ? $0 : CGColorSpace.srgbDecode($0) }
            let linearRGB = linear.count == 1 ? [linear[0], linear[0], linear[0]] : linear
            let target: [CGFloat]
            if space.model == .monochrome {
                target = [0.212_6 * linearRGB[0] + 0.715_2 * linearRGB[1] + 0.072_2 * linearRGB[2]]
            } else {
                target = linearRGB
            }
            result = target.map { space.isLinear ? $0 : CGColorSpace.srgbEncode($0) }
        }
        result.append(alpha)
        return CGColor(space: space, rawComponents: result)
    }

    /// The colour as non-premultiplied sRGB-encoded red, green, blue and alpha, for the renderer and
    /// the interpolator.
    ///
    /// Gray spaces give `r = g = b`; linear spaces are encoded with the sRGB curve. Values from an
    /// extended space can lie outside `[0, 1]` (callers clamp when quantising); alpha is in
    /// `[0, 1]`. No value is NaN.
    package var rgbaComponents: (r: CGFloat, g: CGFloat, b: CGFloat, a: CGFloat) {
        // Without intermediate arrays: the renderer reads colours for every layer every frame.
        let linear = colorSpace?.isLinear ?? false
        let count = storedComponents.count - 1
        func encoded(_ i: Int) -> CGFloat {
            linear ? CGColorSpace.srgbEncode(storedComponents[i]) : storedComponents[i]
        }
        if count >= 3 {
            return (encoded(0), encoded(1), encoded(2), alpha)
        }
        let gray = count >= 1 ? encoded(0) : 0
        return (gray, gray, gray, alpha)
    }

    /// Whether two colours have the same colour space and the same components.
    public static func == (lhs: CGColor, rhs: CGColor) -> Bool {
        lhs.colorSpace == rhs.colorSpace && lhs.storedComponents == rhs.storedComponents
    }

    /// Hashes the colour space and components, consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(colorSpace)
        hasher.combine(storedComponents)
    }

    /// A description in the style of Apple's, such as
    /// `"<CGColor> [<CGColorSpace> (kCGColorSpaceSRGB; kCGColorSpaceModelRGB)] ( 1 0 0 1 )"`.
    public var description: String {
        let values = storedComponents.map { value -> String in
            if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
            return String(Double(value))
        }
        return
            "<CGColor> [\(colorSpace?.description ?? "<no colour space>")] ( \(values.joined(separator: " ")) )"
    }
}

extension CGColorSpace {
    /// The named spaces the colour initialisers use, created once.
    enum Shared {
        /// `CGColorSpace.sRGB`.
        static let sRGB = CGColorSpace(name: CGColorSpace.sRGB) ?? CGColorSpaceCreateDeviceRGB()
        /// `CGColorSpace.genericGrayGamma2_2`.
        static let grayGamma22 =
            CGColorSpace(name: CGColorSpace.genericGrayGamma2_2) ?? CGColorSpaceCreateDeviceGray()
    }
}
