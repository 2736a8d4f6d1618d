import QuartzCore

// UIKit's named colours, with UIKit's component values. The system colours are their light
// appearance (ruling U1: there is no dark mode).

extension UIColor {
    /// An sRGB colour from 0–255 components.
    private static func rgb255(_ red: CGFloat, _ green: CGFloat, _ blue: CGFloat, _ alpha: CGFloat = 1)
        -> UIColor
    {
        UIColor(red: red / 255, green: green / 255, blue: blue / 255, alpha: alpha)
    }

    /// White 0, alpha 1.
    public class var black: UIColor { UIColor(white: 0, alpha: 1) }
    /// White 1/3, alpha 1.
    public class var darkGray: UIColor { UIColor(white: 1.0 / 3.0, alpha: 1) }
    /// White 2/3, alpha 1.
    public class var lightGray: UIColor { UIColor(white: 2.0 / 3.0, alpha: 1) }
    /// White 1, alpha 1.
    public class var white: UIColor { UIColor(white: 1, alpha: 1) }
    /// White 0.5, alpha 1.
    public class var gray: UIColor { UIColor(white: 0.5, alpha: 1) }
    /// RGB 1, 0, 0.
    public class var red: UIColor { UIColor(red: 1, green: 0, blue: 0, alpha: 1) }
    /// RGB 0, 1, 0.
    public class var green: UIColor { UIColor(red: 0, green: 1, blue: 0, alpha: 1) }
    /// RGB 0, 0, 1.
    public class var blue: UIColor { UIColor(red: 0, green: 0, blue: 1, alpha: 1) }
    /// RGB 0, 1, 1.
    public class var cyan: UIColor { UIColor(red: 0, green: 1, blue: 1, alpha: 1) }
    /// RGB 1, 1, 0.
    public class var yellow: UIColor { UIColor(red: 1, green: 1, blue: 0, alpha: 1) }
    /// RGB 1, 0, 1.
    public class var magenta: UIColor { UIColor(red: 1, green: 0, blue: 1, alpha: 1) }
    /// RGB 1, 0.5, 0.
    public class var orange: UIColor { UIColor(red: 1, green: 0.5, blue: 0, alpha: 1) }
    /// RGB 0.5, 0, 0.5.
    public class var purple: UIColor { UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1) }
    /// RGB 0.6, 0.4, 0.2.
    public class var brown: UIColor { UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1) }
    /// White 0, alpha 0.
    public class var clear: UIColor { UIColor(white: 0, alpha: 0) }

    /// RGB 255, 59, 48.
    public class var systemRed: UIColor { rgb255(255, 59, 48) }
    /// RGB 52, 199, 89.
    public class var systemGreen: UIColor { rgb255(52, 199, 89) }
    /// RGB 0, 122, 255.
    public class var systemBlue: UIColor { rgb255(0, 122, 255) }
    /// RGB 255, 149, 0.
    public class var systemOrange: UIColor { rgb255(255, 149, 0) }
    /// RGB 255, 204, 0.
    public class var systemYellow: UIColor { rgb255(255, 204, 0) }
    /// RGB 255, 45, 85.
    public class var systemPink: UIColor { rgb255(255, 45, 85) }
    /// RGB 175, 82, 222.
    public class var systemPurple: UIColor { rgb255(175, 82, 222) }
    /// RGB 48, 176, 199.
    public class var systemTeal: UIColor { rgb255(48, 176, 199) }
    /// RGB 88, 86, 214.
    public class var systemIndigo: UIColor { rgb255(88, 86, 214) }
    /// RGB 162, 132, 94.
    public class var systemBrown: UIColor { rgb255(162, 132, 94) }
    /// RGB 0, 199, 190.
    public class var systemMint: UIColor { rgb255(0, 199, 190) }
    /// RGB 50, 173, 230.
    public class var systemCyan: UIColor { rgb255(50, 173, 230) }
    /// RGB 142, 142, 147.
    public class var systemGray: UIColor { rgb255(142, 142, 147) }
    /// RGB 174, 174, 178.
    public class var systemGray2: UIColor { rgb255(174, 174, 178) }
    /// RGB 199, 199, 204.
    public class var systemGray3: UIColor { rgb255(199, 199, 204) }
    /// RGB 209, 209, 214.
    public class var systemGray4: UIColor { rgb255(209, 209, 214) }
    /// RGB 229, 229, 234.
    public class var systemGray5: UIColor { rgb255(229, 229, 234) }
    /// RGB 242, 242, 247.
    public class var systemGray6: UIColor { rgb255(242, 242, 247) }
    /// White (the light appearance).
    public class var systemBackground: UIColor { rgb255(255, 255, 255) }
    /// RGB 242, 242, 247 (the light appearance).
    public class var secondarySystemBackground: UIColor { rgb255(242, 242, 247) }
    /// Black (the light appearance).
    public class var label: UIColor { rgb255(0, 0, 0) }
    /// RGB 60, 60, 67 at alpha 0.6 (the light appearance).
    public class var secondaryLabel: UIColor { rgb255(60, 60, 67, 0.6) }
    /// The system blue, UIKit's default tint.
    public class var tintColor: UIColor { systemBlue }
}
