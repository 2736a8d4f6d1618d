import QuartzCore

/// A colour (UIKit's `UIColor`): sRGB components with alpha, each stored as given.
///
/// Components outside 0…1 are kept (extended sRGB, as UIKit's) and clamped only where drawn;
/// a non-finite component reads as 0, so NaN never reaches a pixel. UIKit's colours are
/// immutable; so is this class.
open class UIColor: NSObject, @unchecked Sendable {
    /// Red, green, blue and alpha in sRGB.
    let components: (red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat)

    /// A colour from sRGB components (UIKit's extended range: values outside 0…1 are kept).
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        func finite(_ value: CGFloat) -> CGFloat { value.isFinite ? value : 0 }
        components = (finite(red), finite(green), finite(blue), finite(alpha))
        super.init()
    }

    /// A grey of brightness `white` (0 black, 1 white).
    public convenience init(white: CGFloat, alpha: CGFloat) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// A colour from hue, saturation and brightness, each 0…1 (hue wraps around).
    public convenience init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        let h = hue.isFinite ? (hue - hue.rounded(.down)) * 6 : 0
        let s = min(max(saturation.isFinite ? saturation : 0, 0), 1)
        let v = min(max(brightness.isFinite ? brightness : 0, 0), 1)
        let sector = Int(h) % 6
        let f = h - CGFloat(Int(h))
        let p = v * (1 - s)
        let q = v * (1 - s * f)
        let t = v * (1 - s * (1 - f))
        let rgb: (CGFloat, CGFloat, CGFloat)
        switch sector {
        case 0: rgb = (v, t, p)
        case 1: rgb = (q, v, p)
        case 2: rgb = (p, v, t)
        case 3: rgb = (p, q, v)
        case 4: rgb = (t, p, v)
        default: rgb = (v, p, q)
        }
        self.init(red: rgb.0, green: rgb.1, blue: rgb.2, alpha: alpha)
    }

    /// The colour of a `CGColor`: RGB components as they are, a grey as a grey, anything else
    /// (no components) as clear.
    public convenience init(cgColor: CGColor) {
        let values = cgColor.components ?? []
        switch values.count {
        case 2: self.init(white: values[0], alpha: values[1])
        case 4...: self.init(red: values[0], green: values[1], blue: values[2], alpha: values[3])
        default: self.init(white: 0, alpha: 0)
        }
    }

    /// The colour as a `CGColor` in sRGB.
    public var cgColor: CGColor {
        CGColor(red: components.red, green: components.green, blue: components.blue, alpha: components.alpha)
    }

    /// The same colour with alpha `alpha` (UIKit keeps the value as given).
    open func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        UIColor(red: components.red, green: components.green, blue: components.blue, alpha: alpha)
    }

    /// Writes the sRGB components into the pointers that are not `nil` and returns `true`
    /// (every colour here is RGB-compatible).
    @discardableResult
    open func getRed(
        _ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
        blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?
    ) -> Bool {
        red?.pointee = components.red
        green?.pointee = components.green
        blue?.pointee = components.blue
        alpha?.pointee = components.alpha
        return true
    }

    /// Writes the brightness (the mean of red, green and blue, as UIKit converts an RGB colour
    /// to grey) and alpha; returns `true`.
    @discardableResult
    open func getWhite(_ white: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool
    {
        white?.pointee = (components.red + components.green + components.blue) / 3
        alpha?.pointee = components.alpha
        return true
    }

    /// Writes hue, saturation and brightness (each 0…1) and alpha; returns `true`.
    @discardableResult
    open func getHue(
        _ hue: UnsafeMutablePointer<CGFloat>?, saturation: UnsafeMutablePointer<CGFloat>?,
        brightness: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?
    ) -> Bool {
        let (r, g, b) = (components.red, components.green, components.blue)
        let maximum = max(r, g, b)
        let range = maximum - min(r, g, b)
        var h: CGFloat = 0
        if range > 0 {
            if maximum == r {
                h = (g - b) / range
            } else if maximum == g {
                h = 2 + (b - r) / range
            } else {
                h = 4 + (r - g) / range
            }
            h /= 6
            if h < 0 { h += 1 }
        }
        hue?.pointee = h
        saturation?.pointee = maximum > 0 ? range / maximum : 0
        brightness?.pointee = maximum
        alpha?.pointee = components.alpha
        return true
    }

    /// Sets the current graphics context's fill and stroke colours to this colour.
    open func set() {
        setFill()
        setStroke()
    }

    /// Sets the current graphics context's fill colour; does nothing without a context.
    open func setFill() { UIGraphicsGetCurrentContext()?.setFillColor(cgColor) }

    /// Sets the current graphics context's stroke colour; does nothing without a context.
    open func setStroke() { UIGraphicsGetCurrentContext()?.setStrokeColor(cgColor) }

    /// Equal when every component is equal.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UIColor else { return false }
        return components == other.components
    }

    /// A hash of the components.
    open override var hash: Int {
        var hasher = Hasher()
        hasher.combine(components.red)
        hasher.combine(components.green)
        hasher.combine(components.blue)
        hasher.combine(components.alpha)
        return hasher.finalize()
    }

    /// `UIExtendedSRGBColorSpace r g b a`, as UIKit prints a colour.
    open override var description: String {
        "UIExtendedSRGBColorSpace \(components.red) \(components.green) \(components.blue) \(components.alpha)"
    }
}
